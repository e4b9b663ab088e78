"""Discarding (701.9) and madness's replacement effect (702.35a).

A card is discarded only from its owner's hand (701.9a), and only because a cost, an effect or
the cleanup step's hand size says so (514.1): never because a player wants to. A card with
madness that would be discarded is discarded into exile instead; it still counts as discarded
(the cost is paid, "whenever a player discards" abilities trigger) and its madness trigger
triggers (702.35a). With another replacement effect for the same discard (Rest in Peace, "put
it on top of your library"), the player chooses which one applies (616.1): madness triggers
only if the card was exiled by madness::

    discard(game, "A", vampire, COST)      -> vampire in exile, a discard event, a madness trigger
    put_into_graveyard(game, vampire)      -> vampire in the graveyard, no discard, no trigger
    discard(game, "A", vampire, "choice")  -> IllegalAction
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import game as g
from kb.checks.model.errors import IllegalAction
from kb.checks.model.game import EXILE, GRAVEYARD, HAND, Ability, Card, Event, Game

COST, EFFECT, CLEANUP_HAND_SIZE = "cost", "effect", "cleanup"
DISCARD_REASONS = (COST, EFFECT, CLEANUP_HAND_SIZE)


def madness_trigger_name(card: Card) -> str:
    return f"madness trigger of {card.name}"


def discard(
    game: Game,
    player: str,
    card: Card | str,
    reason: str,
    *,
    other_replacement: Optional[str] = None,
    choose_madness: bool = True,
) -> Game:
    """``player`` discards ``card`` from their hand because of ``reason`` (701.9, 702.35a)."""
    card = g.card_named(game, card) if isinstance(card, str) else card
    check_discard(game, player, card, reason)
    zone, by_madness = discard_destination(card, reason, other_replacement, choose_madness)
    return record_discard(g.move(game, card, zone), player, card, reason, by_madness)


def record_discard(game: Game, player: str, card: Card, reason: str, by_madness: bool) -> Game:
    """The card was discarded, wherever it went (702.35a): log it, trigger "whenever a player
    discards" abilities (603.2) and, if madness exiled it, its madness trigger."""
    game = g.log(game, Event("discard", card.name, player, reason))
    if by_madness:
        game = g.trigger(game, Ability(madness_trigger_name(card), card.owner, "madness", card))
    for name, controller in game.watchers:
        game = g.trigger(game, Ability(f"{name} ({card.name} discarded)", controller))
    return game


def check_discard(game: Game, player: str, card: Card, reason: str) -> None:
    """Raise IllegalAction unless ``player`` can discard ``card`` now (701.9a, 514.1)."""
    where = g.zone_of(game, card)
    if where != HAND or card.owner != player:
        raise IllegalAction(
            f"{card.name} is in the {where}, not in {player}'s hand: cards are discarded only from "
            "their owner's hand (701.9a)"
        )
    if reason not in DISCARD_REASONS:
        raise IllegalAction(
            f"can't discard {card.name} because of {reason!r}: a player discards only to pay a cost, "
            "because an effect says so, or down to hand size in the cleanup step (701.9, 514.1)"
        )


def madness_applies(card: Card, reason: str) -> bool:
    """Madness replaces every discard of the card, whatever the reason (702.35a)."""
    return card.madness is not None


def discard_destination(
    card: Card, reason: str, other_replacement: Optional[str], choose_madness: bool
) -> tuple[str, bool]:
    """Where the discarded card goes, and whether madness put it there (702.35a, 616.1)."""
    if madness_applies(card, reason) and (other_replacement is None or choose_madness):
        return EXILE, True
    return (other_replacement or GRAVEYARD), False


def put_into_graveyard(game: Game, card: Card | str) -> Game:
    """Put a card into its owner's graveyard from any zone (mill, destroy, ...): not a discard
    (701.9a), so madness does not apply."""
    card = g.card_named(game, card) if isinstance(card, str) else card
    return g.log(g.move(game, card, GRAVEYARD), Event("move", card.name, card.owner, GRAVEYARD))


def cleanup_discard(game: Game, player: str, chosen: tuple[str, ...], hand_size: int = 7) -> Game:
    """514.1: the active player discards down to their maximum hand size (the ``chosen`` cards)."""
    excess = sum(1 for c, z in game.zones if z == HAND and c.owner == player) - hand_size
    if player != game.active or excess <= 0:
        raise IllegalAction(f"{player} has no excess cards to discard in the cleanup step (514.1)")
    if len(chosen) != excess:
        raise IllegalAction(f"{player} must discard exactly {excess} card(s) (514.1)")
    for name in chosen:
        game = discard(game, player, name, CLEANUP_HAND_SIZE)
    return game
