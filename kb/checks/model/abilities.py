"""Abilities of objects, and which are mana abilities (605).

A mana ability is decided by what it does, never by what it costs (605.1a-b, 605.5a)::

    {T}: Add {G}.                        -> mana ability
    {1}, {T}: Add {U}{R}.                -> mana ability (costs mana and makes mana)
    {1}: This creature gets +1/+0.       -> not a mana ability (costs mana, makes none)
    {T}: Target player adds {G}.         -> not a mana ability (it targets, 605.5a)
    +1: Add {R}{R}.                      -> not a mana ability (a loyalty ability, 605.1a)

Triggered abilities here say on what they trigger (``on``): "cast" (a spell is cast, with an
optional ``condition``), "cast_or_copy" (magecraft: its controller casts or copies an instant or
sorcery spell), "discard", "cycle" (this card is cycled), "cycle_any", "face_up"
(this permanent is turned face up), "mana" (a mana ability is activated), "upkeep".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

ACTIVATED, TRIGGERED, STATIC = "activated", "triggered", "static"
_MANA_SYMBOL = re.compile(r"\{(?!T\}|Q\})[^{}]+\}")


@dataclass(frozen=True)
class Ability:
    name: str
    kind: str = ACTIVATED
    cost: str = ""  # an activation cost, e.g. "{1}, {T}"
    adds_mana: bool = False  # it could add mana to a player's pool as it resolves
    targets: bool = False
    loyalty: bool = False
    on: str = ""  # for a triggered ability: what it triggers on
    condition: tuple = ()  # e.g. ("mana_value", "counters", "charge"): the cast spell's mana value equals
    effect: tuple = ()  # what it does: ((verb, {args}), ...)
    zone: str = "battlefield"  # where it works from (cycling: the hand, 702.29a)
    granted: bool = False  # an effect gave it (613.1f): the object loses it as it changes zones (400.7)


def costs_mana(ability: Ability) -> bool:
    """Whether the activation cost includes mana ({T} and {Q} are not mana)."""
    return bool(_MANA_SYMBOL.search(ability.cost))


def is_mana_ability(ability: Ability) -> bool:
    """605.1a (activated: no target, could add mana, not a loyalty ability) and 605.1b
    (triggered: no target, triggers from a mana ability, could add mana)."""
    if ability.targets or not ability.adds_mana:
        return False
    if ability.kind == ACTIVATED:
        return not ability.loyalty
    return ability.kind == TRIGGERED and ability.on == "mana"


def uses_stack(ability: Ability) -> bool:
    """Activated mana abilities resolve at once, without the stack (605.3b)."""
    return not (ability.kind == ACTIVATED and is_mana_ability(ability))


def named(abilities: tuple, name: str) -> Optional[Ability]:
    for ability in abilities:
        if ability.name == name:
            return ability
    return None
