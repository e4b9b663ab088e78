"""What keeps a permanent from being targeted or dealt damage: shroud, hexproof and protection
from a color (702.18, 702.11, 702.16).

A permanent with shroud can't be the target of any spell or ability (702.18a); one with hexproof
can't be the target of those its controller's opponents control (702.11b); one with protection
from a color can't be the target of spells of that color (702.16b), and damage that sources of
that color would deal to it is prevented (702.16e). None of them stops a spell that doesn't target
from affecting the permanent (115.10a, 702.96b): an overloaded Vandalblast destroys an opponent's
artifact with hexproof, and an overloaded Mizzium Mortars affects a creature with protection from
red, its damage prevented::

    untargetable(state, "Paladin en-Vec", "Mizzium Mortars")   -> "protection from red (702.16b)"
    prevented(state, "Mizzium Mortars", "Paladin en-Vec")      -> True
"""

from __future__ import annotations

from kb.checks.model import colors
from kb.checks.model import state as s
from kb.checks.model.state import State

SHROUD, HEXPROOF, PROTECTION = "shroud", "hexproof", "protection from "
COLOR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}  # 105.1


def protected_from(state: State, oid: str) -> frozenset[str]:
    """The colors (W, U, B, R, G) a permanent has protection from (its keywords "protection from red"...)."""
    return frozenset(COLOR_NAMES[k[len(PROTECTION):]] for k in colors.keywords_of(state, oid)
                     if k.startswith(PROTECTION) and k[len(PROTECTION):] in COLOR_NAMES)


def untargetable(state: State, oid: str, spell: str) -> str | None:
    """Why the spell ``spell`` can't target the permanent ``oid`` (its shroud, its hexproof
    against an opponent's spell, its protection from one of the spell's colors), or None when it can."""
    keywords = colors.keywords_of(state, oid)
    if SHROUD in keywords:
        return "shroud (702.18a)"
    if HEXPROOF in keywords and s.controller_of(state, spell) != s.controller_of(state, oid):
        return "hexproof, and an opponent controls the spell (702.11b)"
    shared = protected_from(state, oid) & set(colors.color_of(state, spell))
    if shared:
        name = next(name for name, letter in COLOR_NAMES.items() if letter in shared)
        return f"protection from {name} (702.16b)"
    return None


def prevented(state: State, source: str, recipient: str) -> bool:
    """702.16e: damage a source would deal to a permanent with protection from one of its colors
    is prevented (a player's protection is not modelled: False)."""
    if recipient in state.players:
        return False
    return bool(protected_from(state, recipient) & set(colors.color_of(state, source)))
