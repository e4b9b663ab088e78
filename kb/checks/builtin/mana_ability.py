"""Checks on mana abilities (605)."""

from __future__ import annotations

from kb.checks.model import abilities, priority
from kb.checks.model.abilities import (
    ACTIVATED,
    ON_MANA_ABILITY,
    ON_OTHER,
    TRIGGERED,
    Ability,
)
from kb.checks.model.priority import ACTIVATE, Action, StackObject
from kb.checks.registration import check


@check(
    id="mana_ability.produces_mana",
    title="A mana ability is one that makes mana, not one that costs mana",
    rules=("605.1a", "605.1b", "605.5a"),
    tags=("mana_ability", "split_second"),
)
def produces_mana():
    """A mana ability is an ability that makes mana, not one that costs mana: "{1}: +1/+0" is not a
    mana ability (so it can't be activated under split second), while "{1}, {T}: Add {U}{R}" is."""
    table = [
        (Ability("Forest", cost="{T}", adds_mana=True), True),
        (Ability("filter land", cost="{1}, {T}", adds_mana=True), True),  # costs mana and makes mana
        (Ability("firebreathing", cost="{R}", adds_mana=False), False),  # costs mana, makes none
        (Ability("pump", cost="{1}", adds_mana=False), False),
        (Ability("targeted mana", cost="{T}", adds_mana=True, targets=True), False),  # 605.5a
        (Ability("loyalty mana", cost="+1", adds_mana=True, loyalty=True), False),
        (Ability("mana trigger", TRIGGERED, adds_mana=True, trigger=ON_MANA_ABILITY), True),  # 605.1b
        (Ability("upkeep mana", TRIGGERED, adds_mana=True, trigger=ON_OTHER), False),
    ]
    for ability, expected in table:
        got = abilities.is_mana_ability(ability)
        assert got == expected, f"{ability.name} ({ability.cost or ability.kind}): mana ability {got}, not {expected}"
    split = (StackObject("Sudden Shock", split_second=True),)
    assert not priority.may(Action(ACTIVATE, table[2][0]), split), "an ability that only costs mana was allowed"
    assert priority.may(Action(ACTIVATE, table[1][0]), split), "a mana ability that costs mana was forbidden"
    assert abilities.costs_mana(table[2][0]) and not abilities.costs_mana(table[0][0])
    assert table[0][0].kind == ACTIVATED
    return f"{len(table) + 2} scenarios"
