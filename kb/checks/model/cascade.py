"""Cascade (702.85): exile from the top of the library to a nonland card of lesser mana value, which
may be cast, free; the rest to the bottom in a random order.

"When you cast this spell, exile cards from the top of your library until you exile a nonland card
whose mana value is less than this spell's mana value. You may cast that card without paying its
mana cost if the resulting spell's mana value is less than this spell's mana value. Then put all
cards exiled this way that weren't cast on the bottom of your library in a random order" (702.85a).
The exiling is no choice; only the cast is (``choices["cast"]``, the part of a split card, an
Adventure or a modal double-faced card's face as ``choices["half"]``). A card's mana value in exile
is its own (a split card's halves combined, a modal double-faced card's front face: 709.4, 712.8c),
the spell cast must have a lesser one too. The card cast is cast (from exile, 601.2), so it triggers
what casting triggers, its own cascade too. Each instance triggers and resolves on its own
(702.85c), each comparing with the mana value of the spell with cascade as it was cast (the
triggers: kb.checks.model.casting; a card's instances: "cascade", "cascade 2", ... among its keywords)::

    cast(state, "A", "Bloodbraid Elf")       # its cascade triggers, above it
    resolve(state, {"cast": True})           # Grizzly Bears exiled and cast; what came before to the bottom
"""

from __future__ import annotations

import random
from typing import Mapping

from kb.checks.model import casting, library
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import EXILE, LIBRARY, Event, Obj, State

CASCADE = casting.CASCADE


def resolve(state: State, item: Obj, args: Mapping, choices: Mapping) -> State:
    """The cascade trigger resolves: exile to a hit, cast it if chosen, the rest to the bottom."""
    player, value = item.controller, args["mana_value"]
    exiled, hit = [], None
    for card in library.library(state, player):
        state = s.move(state, card, EXILE)
        exiled.append(card)
        obj = s.get(state, card)
        if "land" not in obj.types and casting.object_mana_value(obj) < value:
            hit = card
            break
    state = s.log(state, Event("cascade", args["spell"], player, f"{len(exiled)} exiled, {hit or 'no card'} hit"))
    if hit is not None and choices.get("cast", True):
        state = casting.cast(state, player, hit, permission=CASCADE, half=choices.get("half", 0), instructed=True)
        cast_value = casting.spell_mana_value(s.get(state, hit))
        if not cast_value < value:
            raise IllegalAction(f"{hit} cast has mana value {cast_value}, not less than {value} (702.85a)")
        exiled.remove(hit)
    return bottom(state, player, exiled)


def bottom(state: State, player: str, cards_: list) -> State:
    """The cards on the bottom of ``player``'s library in a random order, the rest as it was (no shuffle)."""
    order = list(cards_)
    random.Random(state.counter).shuffle(order)
    for card in order:
        state = s.move(state, card, LIBRARY)
    rest = tuple(c for c in library.library(state, player) if c not in order)
    return library.reorder(state, player, (*rest, *order))
