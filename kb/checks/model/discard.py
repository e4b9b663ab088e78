"""Discarding (701.9), madness's replacement (702.35a), milling (701.17) and cycling's discard.

A card is discarded only from its owner's hand (701.9a), and only to pay a cost, because an
effect says so, or down to hand size in the cleanup step (514.1): never at will. A card with
madness that would be discarded is discarded into exile instead; it still counts as discarded
(a cost is paid, "whenever a player discards" abilities trigger) and its madness trigger
triggers (702.35a). With another replacement for the same event (Rest in Peace, "put it on top
of your library") the owner chooses which applies (616.1): madness triggers only if it exiled
the card. Milling puts cards into a graveyard from a library: not a discard.
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import EXILE, GRAVEYARD, HAND, LIBRARY, Event, Obj, State

COST, EFFECT, CLEANUP = "cost", "effect", "cleanup"
REASONS = (COST, EFFECT, CLEANUP)
MADNESS = "madness"


def madness_trigger(card: Obj) -> Obj:
    return s.ability(f"madness trigger of {card.id}", card.owner, card.id, (("madness", {"card": card.id}),))


def check_discard(player: str, card: Obj, reason: str) -> None:
    """Raise IllegalAction unless ``player`` can discard ``card`` now (701.9a, 514.1)."""
    if card.zone != HAND or card.owner != player:
        raise IllegalAction(f"{card.id} is in the {card.zone}, not in {player}'s hand: cards are discarded only "
                            "from their owner's hand (701.9a)")
    if reason not in REASONS:
        raise IllegalAction(f"can't discard {card.id} because of {reason!r}: a player discards only to pay a cost, "
                            "because an effect says so, or down to hand size in the cleanup step (701.9, 514.1)")


def madness_applies(card: Obj) -> bool:
    """Madness replaces every discard of the card, whatever the reason (702.35a)."""
    return card.keyword_cost(MADNESS) is not None


def destination(card: Obj, other: Optional[str], choose_madness: bool) -> tuple[str, bool]:
    """Where the discarded card goes, and whether madness put it there (702.35a, 616.1)."""
    if madness_applies(card) and (other is None or choose_madness):
        return EXILE, True
    return (other or GRAVEYARD), False


def discard(state: State, player: str, oid: str, reason: str, *, other: Optional[str] = None,
            choose_madness: bool = True, cycled: bool = False) -> State:
    """``player`` discards the card (701.9), madness replacing where it goes (702.35a)."""
    card = s.get(state, oid)
    check_discard(player, card, reason)
    zone, by_madness = destination(card, other, choose_madness)
    state = s.move(state, oid, zone)
    return record(state, player, s.get(state, oid), reason, by_madness, cycled)


def record(state: State, player: str, card: Obj, reason: str, by_madness: bool, cycled: bool) -> State:
    """The card was discarded, wherever it went: log it, and trigger the madness trigger if madness
    exiled it and each "whenever a player discards (or cycles or discards)" ability once (702.29d)."""
    state = s.log(state, Event("discard", card.id, player, reason))
    if by_madness:
        state = s.trigger(state, madness_trigger(card))
    for watcher in s.in_zone(state, "battlefield"):
        for ability in watcher.abilities:
            if ability.on == "discard" or (ability.on == "cycle_any" and cycled):
                state = s.trigger(state, s.ability(f"{ability.name} ({card.id})", s.controller_of(state, watcher.id),
                                                   watcher.id, ability.effect))
    return state


def cleanup_discard(state: State, player: str, chosen: tuple[str, ...], hand_size: int = 7) -> State:
    """514.1: in the cleanup step the active player discards down to maximum hand size."""
    excess = len(s.in_zone(state, HAND, player)) - hand_size
    if state.step != s.CLEANUP or player != state.active or excess <= 0:
        raise IllegalAction(f"{player} has no excess cards to discard in a cleanup step (514.1)")
    if len(chosen) != excess:
        raise IllegalAction(f"{player} must discard exactly {excess} card(s) (514.1)")
    for oid in chosen:
        state = discard(state, player, oid, CLEANUP)
    return state


def mill(state: State, player: str, count: int = 1) -> State:
    """701.17a: the top cards of the library into the graveyard; not a discard (701.9a)."""
    for card in s.in_zone(state, LIBRARY, player)[:count]:
        state = s.move(state, card.id, GRAVEYARD)
    return state


def draw(state: State, player: str, count: int = 1) -> State:
    for card in s.in_zone(state, LIBRARY, player)[:count]:
        state = s.log(s.move(state, card.id, HAND), Event("draw", card.id, player))
    return state
