"""A library's order (401.1: its top card first), scry (701.22a) and search (701.23).

To scry N, a player looks at the top N cards of their library, then puts any number of them on
the bottom and the rest on top, each group in the order they choose: all on top, all on the
bottom, or some each way::

    scry(state, "A", 2, top=("Shock",), bottom=("Island",))

To search a library for cards with a stated quality (a card type), a player may find fewer than
asked, none even, though the library holds them (701.23b); for just "a card" they must find as
many as asked, or all there are (701.23d)::

    search(state, "A", found=(), quality="land")     -> nothing found, which is allowed
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import HAND, LIBRARY, Event, State


def library(state: State, player: str) -> tuple[str, ...]:
    """The ids of ``player``'s library, top first."""
    return tuple(o.id for o in s.in_zone(state, LIBRARY, player))


def reorder(state: State, player: str, order: Sequence[str]) -> State:
    """``player``'s library in ``order`` (top first): the same cards, other objects untouched."""
    by_id = {o.id: o for o in state.objects}
    slots = [i for i, o in enumerate(state.objects) if o.zone == LIBRARY and o.owner == player]
    objects = list(state.objects)
    for slot, oid in zip(slots, order):
        objects[slot] = by_id[oid]
    return replace(state, objects=tuple(objects))


def scry(state: State, player: str, count: int, top: Optional[Sequence[str]] = None, bottom: Sequence[str] = ()) -> State:
    """701.22a: the top ``count`` cards, ``bottom`` under the rest of the library and ``top``
    above it, each in the order given (``top`` left out: the others, as they were)."""
    cards = library(state, player)
    seen = cards[:count]
    top = tuple(c for c in seen if c not in bottom) if top is None else tuple(top)
    if sorted((*top, *bottom)) != sorted(seen):
        raise IllegalAction(f"{player} scries {count}: each of {', '.join(seen) or 'no card'} goes on top or on the "
                            "bottom, once (701.22a)")
    state = reorder(state, player, (*top, *cards[count:], *bottom))
    return s.log(state, Event("scry", "", player, f"{len(top)} on top, {len(bottom)} on the bottom"))


def search(state: State, player: str, found: Sequence[str], quality: Optional[str] = None, count: int = 1) -> State:
    """701.23: ``player`` searches their library for ``count`` cards (of the card type ``quality``,
    if one is stated) and puts those ``found`` into their hand."""
    cards = library(state, player)
    chosen = tuple(found)
    if len(set(chosen)) != len(chosen) or any(c not in cards for c in chosen) or len(chosen) > count:
        raise IllegalAction(f"{player} finds {', '.join(chosen)}: at most {count} different card(s) of "
                            "their library (701.23a)")
    if quality is not None:
        wrong = [c for c in chosen if quality not in s.get(state, c).types]
        if wrong:
            raise IllegalAction(f"{', '.join(wrong)} isn't a {quality} card: what a search finds matches the "
                                "description (701.23a)")
    elif len(chosen) < min(count, len(cards)):
        raise IllegalAction(f"searching for {count} card(s) with no stated quality, {player} must find "
                            f"{min(count, len(cards))} (701.23d)")
    for oid in chosen:
        state = s.move(state, oid, HAND)
    return s.log(state, Event("search", "", player, f"{len(chosen)} found" + (f" ({quality})" if quality else "")))
