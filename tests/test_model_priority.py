"""Split second permissions (702.61, 116) and mana abilities (605)."""

from __future__ import annotations

import pytest

from kb.checks.model import abilities, priority
from kb.checks.model.abilities import ON_MANA_ADDED, ON_OTHER, TRIGGERED, Ability
from kb.checks.model.errors import IllegalAction
from kb.checks.model.priority import (
    ABILITY,
    ACTIVATE,
    CAST,
    PLAY_LAND,
    PUT_TRIGGER,
    SPECIAL,
    SUSPEND,
    TURN_FACE_UP,
    Action,
    StackObject,
)

SPLIT = StackObject("Sudden Shock", split_second=True)
SHOCK = StackObject("Shock")
MANA = Ability("Forest", cost="{T}", adds_mana=True)
PUMP = Ability("Shade", cost="{B}")


@pytest.mark.parametrize(
    "action, stack, allowed",
    [
        (Action(CAST), (), True),
        (Action(CAST), (SHOCK,), True),
        (Action(CAST), (SPLIT,), False),
        (Action(CAST), (SPLIT, SHOCK), False),  # anywhere on the stack
        (Action(ACTIVATE, PUMP), (SPLIT,), False),
        (Action(ACTIVATE, MANA), (SPLIT,), True),
        (Action(ACTIVATE, PUMP), (SHOCK,), True),
        (Action(SPECIAL, special=TURN_FACE_UP), (SPLIT,), True),
        (Action(SPECIAL, special=SUSPEND), (SPLIT,), False),
        (Action(SPECIAL, special=PLAY_LAND), (SHOCK,), False),
        (Action(SPECIAL, special=PLAY_LAND), (), True),
        (Action(PUT_TRIGGER), (SPLIT,), True),
        (Action(CAST), (StackObject("ability", kind=ABILITY, split_second=True),), True),  # spells only
    ],
)
def test_may(action, stack, allowed):
    assert priority.may(action, stack) is allowed


@pytest.mark.parametrize("action", [Action("dance"), Action(SPECIAL, special="ante a card")])
def test_unknown_actions(action):
    with pytest.raises(IllegalAction, match="unknown|not modelled"):
        priority.may(action, ())


def test_cast_under_split_second_is_illegal():
    with pytest.raises(IllegalAction, match="702.61a"):
        priority.cast((SPLIT,), SHOCK)


def test_resolve_an_empty_stack():
    with pytest.raises(IllegalAction, match="empty"):
        priority.resolve_top(())


def test_priority_round_in_turn_order():
    rounds = priority.priority_round(("A", "B", "C"), "B", (SPLIT,), (Action(CAST), Action(ACTIVATE, MANA)))
    mana_only = (Action(ACTIVATE, MANA),)
    assert rounds == (("B", mana_only), ("C", mana_only), ("A", mana_only))


@pytest.mark.parametrize(
    "ability, mana, uses_stack",
    [
        (MANA, True, False),
        (Ability("filter", cost="{1}, {T}", adds_mana=True), True, False),
        (PUMP, False, True),
        (Ability("targeted", cost="{T}", adds_mana=True, targets=True), False, True),
        (Ability("loyalty", cost="+1", adds_mana=True, loyalty=True), False, True),
        (Ability("on mana", TRIGGERED, adds_mana=True, trigger=ON_MANA_ADDED), True, True),
        (Ability("upkeep", TRIGGERED, adds_mana=True, trigger=ON_OTHER), False, True),
    ],
)
def test_mana_abilities(ability, mana, uses_stack):
    assert abilities.is_mana_ability(ability) is mana
    assert abilities.uses_stack(ability) is uses_stack


@pytest.mark.parametrize("cost, mana", [("{T}", False), ("{Q}", False), ("{1}, {T}", True), ("{B}", True), ("", False)])
def test_costs_mana(cost, mana):
    assert abilities.costs_mana(Ability("x", cost=cost)) is mana
