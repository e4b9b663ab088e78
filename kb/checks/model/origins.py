"""Where a card may be cast from (601.2a): its owner's hand, unless a permission or a rule of its
parts says otherwise: flashback from the graveyard (702.34a), madness from exile while its trigger
resolves (702.35a), suspend and rebound from exile while their triggers resolve (702.62a,
702.88a), a foretold card from exile on a later turn (702.143a), an aftermath half from a
graveyard only (702.127a), and an adventurer card gone on its adventure, as the creature, from
exile (715.3d).
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import cards, priority
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import EXILE, GRAVEYARD, HAND, Obj, State

MADNESS, FLASHBACK = "madness", "flashback"
FORETELL = priority.FORETELL  # the special action (kb.checks.model.actions) and the alternative cost it allows
PERMISSIONS = {MADNESS: EXILE, FLASHBACK: GRAVEYARD, "suspend": EXILE, "rebound": EXILE}
ADVENTURE_EXILE = "adventure"  # the event of a card exiled by resolving as its Adventure (715.3d)


def origin_allowed(state: State, card: Obj, alternative: Optional[str], permission: Optional[str]) -> bool:
    """Where a card may be cast from: its owner's hand, or the zone a permission names."""
    if permission is not None:
        return card.zone == PERMISSIONS[permission]
    if alternative == FLASHBACK:
        return card.zone == GRAVEYARD and card.keyword_cost(FLASHBACK) is not None
    if alternative == FORETELL:
        return card.zone == EXILE and foretold_before(state, card)
    return card.zone == HAND


def gone_on_adventure(state: State, card: Obj, player: str) -> bool:
    """715.3d: exiled by resolving as an Adventure ``player`` controlled, and in exile since (the same object)."""
    return card.zone == EXILE and any(e.obj == card.id and e.player == player and e.detail == str(card.number)
                                      for e in s.events(state, ADVENTURE_EXILE))


def part_allowed(state: State, card: Obj, player: str, half) -> bool:
    """Where a part rule lets a card be cast from, whatever else allows it: an aftermath half from a
    graveyard only (702.127a: no permission to cast the card from elsewhere reaches it); the creature
    of an adventurer card gone on its adventure, from exile (715.3d). False: the usual rules."""
    if card.layout == cards.AFTERMATH and half == cards.AFTERMATH_PART:
        if card.zone != GRAVEYARD:
            raise IllegalAction(f"{card.id}'s half with aftermath can be cast only from a graveyard (702.127a)")
        return True
    if gone_on_adventure(state, card, player):
        if half != 0:
            raise IllegalAction(f"{card.id} is in exile after its Adventure: it may be cast as the creature only (715.3d)")
        return True
    return False


def foretold_before(state: State, card: Obj) -> bool:
    """702.143a: foretold (exiled face down by its owner's special action) on an earlier turn."""
    return card.face_down and any(e.obj == card.id and e.detail == FORETELL and e.turn < state.turn
                                  for e in s.events(state, "special action"))
