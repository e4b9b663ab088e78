"""A small game state: cards in zones, the stack, pending triggers and a log of events.

Just enough of a game for discarding, madness and casting (see ``discard`` and ``spells``). A
state is a frozen value; every action returns a new state. Cards are told apart by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Optional, Union

from kb.checks.model.costs import Casting

HAND, LIBRARY, GRAVEYARD, EXILE, BATTLEFIELD, STACK = "hand", "library", "graveyard", "exile", "battlefield", "stack"
MAIN, COMBAT, END, CLEANUP = "main phase", "combat", "end step", "cleanup step"
PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})  # 110.4


@dataclass(frozen=True)
class Card:
    name: str
    owner: str
    types: tuple[str, ...] = ("creature",)
    mana_cost: str = ""
    madness: Optional[str] = None  # the madness cost, if the card has madness (702.35)
    rebound: bool = False  # 702.88

    @property
    def permanent(self) -> bool:
        """A permanent card: one that could be put onto the battlefield (110.4a)."""
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def instant(self) -> bool:
        return "instant" in self.types


@dataclass(frozen=True)
class Spell:
    """A spell on the stack: the card (or a copy of it), who controls it, how it was cast."""

    card: Card
    controller: str
    cast_from: str
    casting: Casting
    copy: bool = False
    effect: tuple = ()  # steps run as it resolves: functions Game -> Game

    @property
    def name(self) -> str:
        return f"copy of {self.card.name}" if self.copy else self.card.name


@dataclass(frozen=True)
class Ability:
    """An ability on the stack (603.3, 602.2): a madness trigger, a discard trigger, an activation."""

    name: str
    controller: str
    kind: str = "triggered"  # "madness", "triggered" or "activated"
    card: Optional[Card] = None  # for a madness trigger: the exiled card
    effect: tuple = ()


StackItem = Union[Spell, Ability]


@dataclass(frozen=True)
class Event:
    kind: str  # "discard", "cast", "resolve", "counter", "move"
    card: str
    player: str = ""
    detail: str = ""


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]  # in turn order
    active: str
    step: str = MAIN
    zones: tuple[tuple[Card, str], ...] = ()
    controllers: tuple[tuple[str, str], ...] = ()  # permanent name -> controller
    stack: tuple[StackItem, ...] = ()  # bottom first
    pending: tuple[Ability, ...] = ()  # triggered, not yet on the stack (603.2-3)
    watchers: tuple[tuple[str, str], ...] = ()  # "whenever a player discards a card": (name, controller)
    increases: tuple[str, ...] = ()  # static cost increases for every spell (601.2f)
    reductions: tuple = ()  # static cost reductions for every spell
    resolving: Optional[str] = None  # the name of the object resolving
    events: tuple[Event, ...] = ()
    resolved: tuple[str, ...] = ()  # names, in resolution order
    seen: tuple[tuple[str, object], ...] = field(default=())  # what effects saw as they resolved


Step = Callable[[Game], Game]


def new_game(players: tuple[str, ...], active: str, cards: dict[str, tuple[Card, ...]] | None = None, **kw) -> Game:
    """A game with ``cards`` per zone: ``{"hand": (...), "library": (...)}``."""
    zones = tuple((card, zone) for zone, group in (cards or {}).items() for card in group)
    return Game(players=players, active=active, zones=zones, **kw)


def zone_of(game: Game, card: Card | str) -> Optional[str]:
    """The zone a card is in, or None once it is gone (a spell on the stack is in STACK)."""
    name = card if isinstance(card, str) else card.name
    for placed, zone in game.zones:
        if placed.name == name:
            return zone
    return None


def card_named(game: Game, name: str) -> Card:
    for placed, _ in game.zones:
        if placed.name == name:
            return placed
    for item in game.stack:
        if isinstance(item, Spell) and item.card.name == name:
            return item.card
    raise KeyError(name)


def cards_in(game: Game, zone: str, player: str) -> tuple[str, ...]:
    """Names of the cards in ``player``'s ``zone`` (owner's zones; the battlefield by controller)."""
    if zone == BATTLEFIELD:
        return tuple(c.name for c, z in game.zones if z == zone and controller_of(game, c.name) == player)
    return tuple(c.name for c, z in game.zones if z == zone and c.owner == player)


def controller_of(game: Game, name: str) -> Optional[str]:
    return dict(game.controllers).get(name)


def move(game: Game, card: Card, zone: str, controller: str | None = None) -> Game:
    """Put ``card`` into ``zone`` (out of wherever it was); a zone change, nothing more (400.7)."""
    zones = tuple(p for p in game.zones if p[0].name != card.name) + ((card, zone),)
    controllers = tuple(c for c in game.controllers if c[0] != card.name)
    if zone == BATTLEFIELD:
        controllers += ((card.name, controller or card.owner),)
    return replace(game, zones=zones, controllers=controllers)


def log(game: Game, event: Event) -> Game:
    return replace(game, events=game.events + (event,))


def trigger(game: Game, ability: Ability) -> Game:
    """An ability triggers (603.2); it waits until a player would receive priority (603.3)."""
    return replace(game, pending=game.pending + (ability,))


def apnap(game: Game) -> tuple[str, ...]:
    """Players in APNAP order: the active player, then the others in turn order (101.4)."""
    start = game.players.index(game.active)
    return game.players[start:] + game.players[:start]


def to_priority(game: Game) -> Game:
    """A player would receive priority: pending triggers go on the stack, the active player's
    first, so the last player's resolve first (117.5, 603.3b). Not while something resolves."""
    if game.resolving is not None or not game.pending:
        return game
    order = apnap(game)
    pending = sorted(game.pending, key=lambda a: order.index(a.controller))
    return replace(game, stack=game.stack + tuple(pending), pending=())


def discarded(game: Game) -> tuple[str, ...]:
    """The names of the cards discarded so far (701.9)."""
    return tuple(e.card for e in game.events if e.kind == "discard")


def see(label: str, look: Callable[[Game], object]) -> Step:
    """A resolution step that records what an effect would see now (e.g. a graveyard count)."""

    def step(game: Game) -> Game:
        return replace(game, seen=game.seen + ((label, look(game)),))

    return step


def seen(game: Game, label: str):
    return dict(game.seen)[label]
