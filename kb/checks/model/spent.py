"""The mana spent to cast a spell (601.2h), and what looks at it: converge counts its colors,
adamant asks for three of one color (207.2c).

A spell's caster may say which mana they spend (``spend``: units as in kb.checks.model.mana, "R",
"snow G"); the units must pay what is left of its total cost once delve, convoke and improvise
have paid their part, with none to spare. A copy of a spell isn't cast, so no mana was spent to
cast it, whatever was spent on the original (707.10; kb.checks.model.copies)::

    Radiant Flames cast with R, U, G          -> 3 damage to each creature (three colors spent)
    a copy of it                              -> 0 damage: no mana was spent to cast the copy
"""

from __future__ import annotations

from typing import Mapping, Sequence

from kb.checks.model import damage, mana
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction, ModelError
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

COLORS = ("W", "U", "B", "R", "G")
CONVERGED = "converge"  # the event of a converge spell resolving: its detail, the number of colors spent


def spend(card: Obj, left: str, units: Sequence[str]) -> tuple[str, ...]:
    """The units ``units`` spent on what is left to pay, ``left`` (601.2h): they must pay it exactly."""
    if not units:
        return ()
    try:
        mana.spent(left, units)
    except ModelError as why:
        raise IllegalAction(f"{card.id}: {why} (601.2h)") from None
    return tuple(units)


def units(item: Obj) -> tuple[mana.Mana, ...]:
    """The mana spent to cast ``item``: none for what was never cast, nor for a copy (707.10: its
    record is emptied as it is made, kb.checks.model.copies)."""
    if item.spell is None:
        return ()
    return tuple(mana.mana(u) for u in item.spell.spent)


def colors(item: Obj) -> int:
    """Converge: the number of colors of mana spent to cast ``item`` (colorless is no color, 105.1)."""
    return len({unit.type for unit in units(item)} & set(COLORS))


def adamant(item: Obj, color: str) -> bool:
    """Adamant: at least three mana of ``color`` was spent to cast ``item`` (207.2c)."""
    return sum(unit.type == color for unit in units(item)) >= 3


def converge_damage(state: State, item: Obj, args: Mapping) -> State:
    """Radiant Flames: X damage to each creature, X the number of colors of mana spent to cast it."""
    count = colors(item)
    state = s.log(state, Event(CONVERGED, item.id, item.controller, str(count)))
    for victim in s.in_zone(state, BATTLEFIELD):
        if "creature" in victim.types and count:
            state = damage.deal(state, item.id, victim.id, count)
    return state
