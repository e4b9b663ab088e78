"""Where a card may be cast from (601.2a): its owner's hand, unless a permission or a rule of its
parts says otherwise: flashback from the graveyard (702.34a), madness from exile while its trigger
resolves (702.35a), suspend and rebound from exile while their triggers resolve (702.62a,
702.88a), escape from the graveyard for its escape cost, exiling other cards from that graveyard
(702.138a: and nothing more; the card isn't exiled as it leaves the stack, as with flashback), a
foretold card from exile on a later turn (702.143a), an aftermath half from a
graveyard only (702.127a), and an adventurer card gone on its adventure, as the creature, from
exile (715.3d); a copy of a card, from the zone it was made in, as the effect that made it resolves (707.12).
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import cards, priority
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import EXILE, GRAVEYARD, HAND, Obj, State

MADNESS, FLASHBACK, ESCAPE = "madness", "flashback", "escape"
FORETELL = priority.FORETELL  # the special action (kb.checks.model.actions) and the alternative cost it allows
PERMISSIONS = {MADNESS: EXILE, FLASHBACK: GRAVEYARD, "suspend": EXILE, "rebound": EXILE, "cascade": EXILE}
COPY_CARD = "copy of a card"  # the permission to cast a copy of a card where it was made (707.12)
ADVENTURE_EXILE = "adventure"  # the event of a card exiled by resolving as its Adventure (715.3d)


def origin_allowed(state: State, card: Obj, alternative: Optional[str], permission: Optional[str]) -> bool:
    """Where a card may be cast from: its owner's hand, or the zone a permission names."""
    if permission == COPY_CARD:
        return card.kind == s.COPY
    if permission is not None:
        return card.zone == PERMISSIONS[permission]
    if alternative in (FLASHBACK, ESCAPE):
        return card.zone == GRAVEYARD and card.keyword_cost(alternative) is not None
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


def escape_exiled(state: State, card: Obj, alternative: Optional[str], exiled: tuple) -> tuple:
    """702.138a: the other cards cast with escape exiles from its owner's graveyard, as many as its
    escape cost says ("{2}{R}|2": {2}{R} and two other cards); none for any other cost."""
    if alternative != ESCAPE:
        if exiled:
            raise IllegalAction(f"{card.id} isn't cast with escape: no card is exiled to pay for it")
        return ()
    wanted = int(card.keyword_cost(ESCAPE).partition("|")[2] or 0)
    if len(set(exiled)) != wanted:
        raise IllegalAction(f"{card.id}'s escape cost exiles {wanted} other cards from its owner's graveyard, not {len(set(exiled))} (702.138a)")
    for oid in exiled:
        other = s.get(state, oid)
        if oid == card.id or other.zone != GRAVEYARD or other.owner != card.owner:
            raise IllegalAction(f"{oid} is not another card in {card.owner}'s graveyard, to exile for {card.id}'s escape cost (702.138a)")
    return tuple(dict.fromkeys(exiled))
