"""Casting, resolving, countering and copying spells; resolving madness triggers.

A spell cast with madness is cast from exile for its madness cost while its madness trigger
resolves, ignoring the timing of its card type (702.35a, 608.2g); after that it is an ordinary
spell: it can be countered (701.6a) or copied (707.10), and resolves onto the battlefield if it is
a permanent card (608.3a) or into its owner's graveyard (608.2n). Its mana value is that of its
mana cost (118.9c). If the owner does not cast it, the card goes to their graveyard and the chance
is gone (702.35a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from kb.checks.model import costs
from kb.checks.model import discard as dis
from kb.checks.model import game as g
from kb.checks.model.errors import IllegalAction
from kb.checks.model.game import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    MAIN,
    STACK,
    Ability,
    Card,
    Event,
    Game,
    Spell,
    StackItem,
)

MADNESS = "madness"


def timing_allows(game: Game, player: str, card: Card) -> bool:
    """An instant any time with priority (117.1a); anything else in its controller's main phase
    with an empty stack (307.1, 302.1)."""
    if card.instant:
        return True
    return player == game.active and game.step == MAIN and not game.stack and game.resolving is None


def madness_cast_options(card: Card) -> dict:
    """How the madness trigger lets the owner cast the card (702.35a): for its madness cost, as
    an alternative cost (702.35b), ignoring the timing of its card type (608.2g)."""
    return {"alternative": card.madness, "alternative_name": MADNESS, "ignore_timing": True}


def cast(
    game: Game,
    player: str,
    card: Card,
    *,
    alternative: Optional[str] = None,
    alternative_name: Optional[str] = None,
    discard_for_cost: Optional[str] = None,
    x: int = 0,
    ignore_timing: bool = False,
    effect: tuple = (),
) -> Game:
    """``player`` casts ``card`` (601.2): to the stack, total cost locked in and paid (601.2f-h),
    a discard cost paid by discarding (which may trigger madness); then priority (601.2i)."""
    origin = g.zone_of(game, card)
    _check_origin(game, card, origin, alternative_name)
    if not (ignore_timing or timing_allows(game, player, card)):
        raise IllegalAction(
            f"{card.name} ({'/'.join(card.types)}) can be cast only in its controller's main phase "
            "while the stack is empty (307.1)"
        )
    casting = costs.cast_cost(
        card.mana_cost,
        alternative=alternative,
        alternative_name=alternative_name,
        increases=game.increases,
        reductions=game.reductions,
        x=x,
    )
    game = g.move(game, card, STACK)
    game = replace(game, stack=game.stack + (Spell(card, player, origin, casting, effect=effect),))
    if discard_for_cost is not None:
        game = dis.discard(game, player, discard_for_cost, dis.COST)
    game = g.log(game, Event("cast", card.name, player, alternative_name or ""))
    return g.to_priority(game)


def _check_origin(game: Game, card: Card, origin: Optional[str], alternative_name: Optional[str]) -> None:
    if alternative_name == MADNESS:
        if origin != EXILE or game.resolving != dis.madness_trigger_name(card):
            raise IllegalAction(
                f"{card.name} can be cast for its madness cost only from exile, as its madness "
                "trigger resolves (702.35a)"
            )
    elif origin != HAND:
        raise IllegalAction(f"{card.name} is in the {origin}; this model casts cards from hand (601.3)")


def activate(game: Game, player: str, name: str, *, discard_for_cost: Optional[str] = None, effect: tuple = ()) -> Game:
    """Activate an ability (602.2): on the stack, costs paid (a discard may trigger madness)."""
    game = replace(game, stack=game.stack + (Ability(name, player, "activated", effect=effect),))
    if discard_for_cost is not None:
        game = dis.discard(game, player, discard_for_cost, dis.COST)
    return g.to_priority(game)


def top(game: Game) -> StackItem:
    if not game.stack:
        raise IllegalAction("the stack is empty")
    return game.stack[-1]


def find(game: Game, name: str) -> StackItem:
    for item in game.stack:
        if item.name == name:
            return item
    raise IllegalAction(f"{name} is not on the stack")


def resolve(game: Game, *, cast_madness: bool = False, x: int = 0) -> Game:
    """Resolve the top of the stack (608); for a madness trigger, ``cast_madness`` is the owner's
    choice. Triggers from the resolution go on the stack once it is over (603.3)."""
    item = top(game)
    game = replace(game, stack=game.stack[:-1], resolving=item.name)
    if isinstance(item, Ability) and item.kind == "madness":
        game = resolve_madness(game, item, cast_madness, x)
    else:
        for step in item.effect:
            game = step(game)
        if isinstance(item, Spell):
            game = finish_spell(game, item)
    game = replace(game, resolving=None, resolved=game.resolved + (item.name,))
    return g.to_priority(g.log(game, Event("resolve", item.name)))


def resolve_madness(game: Game, ability: Ability, cast_it: bool, x: int = 0) -> Game:
    """702.35a: the owner may cast the exiled card for its madness cost; if they don't, they put
    it into their graveyard. Nothing happens if the card has left exile."""
    card = ability.card
    if card is None or g.zone_of(game, card) != EXILE:
        return game
    if cast_it:
        return cast(game, card.owner, card, x=x, **madness_cast_options(card))
    return g.log(g.move(game, card, GRAVEYARD), Event("move", card.name, card.owner, GRAVEYARD))


def resolution_zone(spell: Spell) -> str:
    """Where a resolving spell's card goes: the battlefield for a permanent card (608.3a), else
    its owner's graveyard (608.2n), or exile with rebound if cast from hand (702.88a)."""
    if spell.card.permanent:
        return BATTLEFIELD
    return EXILE if rebound_applies(spell) else GRAVEYARD


def rebound_applies(spell: Spell) -> bool:
    """Rebound works only for a spell cast from its owner's hand (702.88a)."""
    return spell.card.rebound and spell.cast_from == HAND


def finish_spell(game: Game, spell: Spell) -> Game:
    if spell.copy:  # a copy of a permanent spell becomes a token (608.3f); others cease to exist
        return game
    return g.move(game, spell.card, resolution_zone(spell), controller=spell.controller)


def counter(game: Game, name: str) -> Game:
    """Counter a spell or ability (701.6a): off the stack, unresolved; a countered spell's card
    goes to its owner's graveyard. A countered madness trigger leaves its card in exile."""
    item = find(game, name)
    game = replace(game, stack=tuple(i for i in game.stack if i is not item))
    if isinstance(item, Spell) and not item.copy:
        game = g.move(game, item.card, GRAVEYARD)
    return g.log(game, Event("counter", name))


def copy_spell(game: Game, name: str, controller: str) -> Game:
    """Copy a spell (707.10): the copy has the same choices, alternative cost paid and X."""
    item = find(game, name)
    if not isinstance(item, Spell):
        raise IllegalAction(f"{name} is not a spell")
    return replace(game, stack=game.stack + (replace(item, controller=controller, copy=True),))


def spell(game: Game, name: str) -> Spell:
    item = find(game, name)
    if not isinstance(item, Spell):
        raise IllegalAction(f"{name} is not a spell")
    return item
