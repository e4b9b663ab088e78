"""Abilities, and which of them are mana abilities (605).

A mana ability is decided by what it does, never by what it costs (605.1a-b, 605.5a)::

    {T}: Add {G}.                        -> mana ability (activated, adds mana, no target)
    {1}, {T}: Add {U}{R}.                -> mana ability (costs mana *and* adds mana)
    {1}: This creature gets +1/+0.       -> not a mana ability (costs mana, adds none)
    {T}: Add {G} to target player's pool -> not a mana ability (it targets, 605.5a)
    +1: Add {R}{R}.                      -> not a mana ability (loyalty ability, 605.1a)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ACTIVATED, TRIGGERED = "activated", "triggered"
# What a triggered ability triggers on; only these can make it a mana ability (605.1b).
ON_MANA_ABILITY, ON_MANA_ADDED, ON_OTHER = "mana ability", "mana added", "other"

_MANA_SYMBOL = re.compile(r"\{(?!T\}|Q\})[^{}]+\}")


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str = ACTIVATED
    cost: str = ""  # the activation cost, e.g. "{1}, {T}"
    adds_mana: bool = False  # it could add mana to a player's mana pool as it resolves
    targets: bool = False
    loyalty: bool = False
    trigger: str = ON_OTHER  # for triggered abilities


def costs_mana(ability: Ability) -> bool:
    """Whether the activation cost includes a mana payment ({T} and {Q} are not mana)."""
    return bool(_MANA_SYMBOL.search(ability.cost))


def is_mana_ability(ability: Ability) -> bool:
    """605.1a (activated: no target, could add mana, not loyalty) and 605.1b (triggered: no
    target, triggers from a mana ability or from mana being added, could add mana)."""
    if ability.targets or not ability.adds_mana:
        return False
    if ability.kind == ACTIVATED:
        return not ability.loyalty
    return ability.trigger in (ON_MANA_ABILITY, ON_MANA_ADDED)


def uses_stack(ability: Ability) -> bool:
    """Activated mana abilities resolve at once, without the stack (605.3b)."""
    return not (ability.kind == ACTIVATED and is_mana_ability(ability))
