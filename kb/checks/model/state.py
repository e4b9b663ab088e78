"""The one game state every scenario uses: a frozen value; every action returns a new state.

``State`` holds the players in turn order (and those who left), the active player, the turn and its step, every object (cards
in each player's library, hand, graveyard; the shared exile, battlefield, stack and command zones; abilities on the stack), the
stack order, the priority holder, triggered abilities waiting to be put on the stack, cost modifiers, control effects, delayed
triggers, replacements that exile, and an event log. ``Obj`` is one object: owner, controller, characteristics (types, mana
cost, faces, keywords and their costs, abilities, printed power and toughness), status (tapped, face down, counters),
designations (goaded by, monstrous, renowned), what an Aura or Equipment is attached to, and, on the stack, how it was cast. An object that changes zones
becomes a new object (400.7): it keeps its id but gets a new ``number``, which effects and targets remember.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from kb.checks.model.errors import IllegalAction
from kb.checks.model.lasting import ControlEffect, Delayed, Modifier  # noqa: F401 (kept here: s.Modifier...)

LIBRARY, HAND, GRAVEYARD, EXILE, BATTLEFIELD, STACK, COMMAND = "library", "hand", "graveyard", "exile", "battlefield", "stack", "command"
ZONES = (LIBRARY, HAND, GRAVEYARD, EXILE, BATTLEFIELD, STACK, COMMAND)
GONE = "left the game"  # an object that left the game with its owner (800.4a)
UNTAP, UPKEEP, DRAW, MAIN1 = "untap", "upkeep", "draw", "main1"
BEGIN_COMBAT, DECLARE_ATTACKERS, DECLARE_BLOCKERS, DAMAGE, END_COMBAT = (
    "beginning of combat", "declare attackers", "declare blockers", "combat damage", "end of combat")
MAIN2, END, CLEANUP = "main2", "end", "cleanup"
STEPS = (UNTAP, UPKEEP, DRAW, MAIN1, BEGIN_COMBAT, DECLARE_ATTACKERS, DECLARE_BLOCKERS, DAMAGE, END_COMBAT,
         MAIN2, END, CLEANUP)
MAIN_PHASES = (MAIN1, MAIN2)
CARD, TOKEN, COPY, ABILITY = "card", "token", "copy", "ability"
LEFT_BATTLEFIELD = "left the battlefield"  # the event of a permanent leaving, under its controller then
PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})  # 110.4


@dataclass(frozen=True)
class Cast:
    """How a spell on the stack was cast or made (601.2): from where, its alternative cost, total cost, mana left to pay after delve and convoke, X, extras."""

    cast_from: str = HAND
    alternative: Optional[str] = None  # "madness", "flashback", "without paying", "face down", ...
    total: str = "{0}"
    mana_paid: str = "{0}"
    x: int = 0
    additional: tuple[str, ...] = ()  # names of additional costs paid: "kicker", ...
    delved: tuple[str, ...] = ()
    convoked: tuple[str, ...] = ()
    spliced: tuple = ()  # (card, its instructions, its targets' kinds) of each card spliced onto it, in order (702.47)
    modes: tuple[int, ...] = ()  # the modes chosen for a modal spell, by number (700.2, 601.2b)
    spent: tuple[str, ...] = ()  # the mana spent to cast it, unit by unit ("R", "G", "C"), when said (601.2h)
    cast: bool = True  # False for a copy put on the stack (707.10)


@dataclass(frozen=True)
class Obj:
    id: str
    owner: str
    zone: str
    controller: Optional[str] = None  # None: the owner (for cards outside the battlefield and stack)
    kind: str = CARD
    types: tuple[str, ...] = ()
    mana_cost: Optional[str] = None
    layout: str = "normal"
    faces: tuple = ()  # cards.Face, for cards with more than one face or part
    face: object = 0  # the face up (or the half cast: an index, or "both")
    colors: tuple[str, ...] = ()
    keywords: frozenset = frozenset()  # "split second", "haste", "vigilance", "storm", "rebound", ...
    keyword_costs: tuple[tuple[str, str], ...] = ()  # ("madness", "{R}"), ("flashback", ...), ("suspend", "3|{U}")
    abilities: tuple = ()  # abilities.Ability
    counters: tuple[tuple[str, int], ...] = ()
    power: Optional[int] = None  # printed (a creature card's, a Vehicle's: 208.3, 301.7a); see kb.checks.model.bodies
    toughness: Optional[int] = None
    tapped: bool = False
    damage: int = 0  # damage marked on it (120.3, 704.5g), removed in the cleanup step (514.2)
    face_down: bool = False
    sick: bool = False  # not controlled continuously since its controller's turn began (302.6)
    goaded_by: tuple[str, ...] = ()
    designations: frozenset = frozenset()  # "monstrous", "renowned" (701.37b, 702.112b): lost as it leaves the battlefield
    cant_attack: bool = False
    protector: Optional[str] = None  # a battle's protector (310.8)
    attacking: Optional[str] = None
    attached_to: Optional[tuple[str, int]] = None  # what an Aura or Equipment on the battlefield is attached to: (id, number) (303.4, 301.5)
    number: int = 0
    spell: Optional[Cast] = None
    source: Optional[str] = None  # for an ability: its source's id
    effect: tuple = ()  # what it does as it resolves: ((verb, {args}), ...)
    targets: tuple[tuple[str, int], ...] = ()  # (id, number) of each target
    gained: frozenset = frozenset()  # the keywords and types among its own that effects gave it: not copied (707.2), lost as it changes zones (400.7)

    @property
    def permanent_card(self) -> bool:
        return bool(PERMANENT_TYPES.intersection(self.types))

    def keyword_cost(self, keyword: str) -> Optional[str]:
        return dict(self.keyword_costs).get(keyword)

    def counter(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)

    @property
    def kicked(self) -> bool:
        """A spell cast with its kicker cost paid, or the permanent it became (702.33d)."""
        return self.spell is not None and "kicker" in self.spell.additional


@dataclass(frozen=True)
class Event:
    kind: str  # "cast", "discard", "cycle", "resolve", "counter", "move", "copy", "mana", ...
    obj: str = ""
    player: str = ""
    detail: str = ""
    turn: int = 0


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    active: str
    turn: int = 1
    step: str = MAIN1
    objects: tuple[Obj, ...] = ()
    stack: tuple[str, ...] = ()  # ids, bottom first
    priority: Optional[str] = None  # the priority holder (117); None: the active player
    passed: tuple[str, ...] = ()  # players who passed in succession (117.4)
    pending: tuple[Obj, ...] = ()  # triggered abilities waiting to be put on the stack (603.3)
    left: tuple[str, ...] = ()
    life: tuple[tuple[str, int], ...] = ()  # (player, life total); 20 for a player not listed (kb.checks.model.life)
    life_locked: tuple[tuple[str, str], ...] = ()  # (player, "gain" or "lose"): they can't (119.7, 119.8)
    player_counters: tuple[tuple[str, str, int], ...] = ()  # (player, kind, how many): energy... (122.1)
    blessed: tuple[str, ...] = ()  # the players with the city's blessing, for the rest of the game (702.131c)
    modifiers: tuple[Modifier, ...] = ()
    control: tuple[ControlEffect, ...] = ()  # timestamp order: the last one wins (613.7)
    layered: tuple = ()  # color and ability effects, timestamp order (kb.checks.model.colors.Layered)
    delayed: tuple[Delayed, ...] = ()
    exile_instead: tuple[tuple[str, int], ...] = ()  # (id, number) of permanents exiled if they would leave the battlefield (614.1a: unearth, 702.84a)
    attack_costs: tuple[tuple[str, str], ...] = ()  # (defending player, cost to attack them)
    resolving: Optional[str] = None
    casting: Optional[str] = None  # a spell in the middle of being cast (601.2): nobody has priority, as while resolving (117.2e)
    events: tuple[Event, ...] = ()
    last_known: tuple[Obj, ...] = ()  # each permanent as it last existed on the battlefield (113.7a, 608.2h)
    seen: tuple[tuple[str, object], ...] = ()  # what effects saw while resolving
    counter: int = 1  # the next object number


# ------------------------------------------------------------------------------------ queries


def find(state: State, oid: str) -> Optional[Obj]:
    return next((obj for obj in state.objects if obj.id == oid), None)


def get(state: State, oid: str) -> Obj:
    if (obj := find(state, oid)) is None:
        raise IllegalAction(f"there is no object {oid!r}")
    return obj


def zone_of(state: State, oid: str) -> Optional[str]:
    return getattr(find(state, oid), "zone", None)


def controller_of(state: State, oid: str) -> str:
    """The latest control effect on this very object (613.1b, 613.7), else its controller."""
    obj = get(state, oid)
    found = obj.controller or obj.owner
    for effect in state.control:
        if effect.obj == oid and effect.number == obj.number:
            found = effect.player
    return found


def in_zone(state: State, zone: str, player: Optional[str] = None) -> tuple[Obj, ...]:
    """The objects in a zone (a player's own zone, or what they control on the battlefield/stack)."""
    shared = zone in (BATTLEFIELD, STACK)
    return tuple(o for o in state.objects if o.zone == zone and (
        player is None or (controller_of(state, o.id) if shared else o.owner) == player))


def in_game(state: State) -> tuple[str, ...]:
    return tuple(p for p in state.players if p not in state.left)


def apnap(state: State) -> tuple[str, ...]:
    """The players in the game in APNAP order (101.4): the active player, then turn order."""
    order = in_game(state)
    start = order.index(state.active) if state.active in order else 0
    return order[start:] + order[:start]


def opponents(state: State, player: str) -> tuple[str, ...]:
    return tuple(p for p in in_game(state) if p != player)


def holder(state: State) -> str:
    return state.priority or state.active


def events(state: State, kind: str) -> tuple[Event, ...]:
    return tuple(e for e in state.events if e.kind == kind)


# ------------------------------------------------------------------------------------ changes


def put(state: State, obj: Obj) -> State:
    """Replace the object with the same id (or add it)."""
    objects = tuple(obj if o.id == obj.id else o for o in state.objects)
    if find(state, obj.id) is None:
        objects += (obj,)
    return replace(state, objects=objects)


def update(state: State, oid: str, **changes) -> State:
    return put(state, replace(get(state, oid), **changes))


def set_counters(state: State, oid: str, kind: str, count: int) -> State:
    """The object now has ``count`` counters (or markers) of ``kind``, its others as they were."""
    obj = get(state, oid)
    return put(state, replace(obj, counters=tuple(sorted({**dict(obj.counters), kind: count}.items()))))


def remove(state: State, oid: str) -> State:
    return replace(state, objects=tuple(o for o in state.objects if o.id != oid), stack=tuple(i for i in state.stack if i != oid))


def move(state: State, oid: str, zone: str, controller: Optional[str] = None, **changes) -> State:
    """A zone change (400.7): a new object (a new number, front face up: 712.8a), off the stack, with no status, damage,
    designation nor what effects gave it, under ``controller`` (else its owner) on the battlefield; a spell resolving into a
    permanent keeps how it was cast (702.33d) and what it gained as a spell. Exiled instead, when a replacement says (614.1a)."""
    obj = get(state, oid)
    if obj.zone == BATTLEFIELD and zone not in (BATTLEFIELD, EXILE) and (oid, obj.number) in state.exile_instead:
        state, zone = log(state, Event("replaced", oid, obj.owner, f"exiled instead of {zone} (614.1a)")), EXILE
    becoming = STACK in (zone, obj.zone) and zone in (STACK, BATTLEFIELD)  # a spell cast, or resolving into a permanent
    new = replace(
        obj, zone=zone, number=state.counter, tapped=False, goaded_by=(), designations=frozenset(), attacking=None, counters=(), attached_to=None,
        controller=(controller or obj.owner) if zone in (BATTLEFIELD, STACK) else None,
        sick=zone == BATTLEFIELD, spell=obj.spell if becoming else None, targets=(), face=0, face_down=False, damage=0,
    )
    if not becoming:  # what effects gave it ends with the object it applied to (400.7)
        new = replace(new, types=tuple(t for t in obj.types if t not in obj.gained), keywords=obj.keywords - obj.gained,
                      abilities=tuple(a for a in obj.abilities if not a.granted), gained=frozenset())
    if obj.faces and obj.face not in (0, "both") and zone != STACK:
        new = replace(new, types=obj.faces[0].types or obj.types, mana_cost=obj.faces[0].mana_cost)
    new = replace(new, **changes)
    if obj.zone == BATTLEFIELD and zone != BATTLEFIELD:  # under whose control it left (revolt, 603.6c), as it was
        state = log(state, Event(LEFT_BATTLEFIELD, oid, controller_of(state, oid), zone))
        state = replace(state, last_known=tuple(o for o in state.last_known if o.id != oid) + (obj,))
    state = replace(state, counter=state.counter + 1, stack=tuple(i for i in state.stack if i != oid))
    state = put(state, new)
    return log(state, Event("move", oid, obj.owner, f"{obj.zone} -> {zone}"))


def push(state: State, obj: Obj) -> State:
    """Put a new object (a spell's card already moved there, an ability, a copy) on top of the stack."""
    state = put(state, replace(obj, zone=STACK))
    return replace(state, stack=tuple(i for i in state.stack if i != obj.id) + (obj.id,), passed=())


def log(state: State, event: Event) -> State:
    return replace(state, events=state.events + (replace(event, turn=state.turn),))


def new_id(state: State, base: str) -> str:
    taken = {o.id for o in state.objects} | {p.id for p in state.pending}
    n = 1
    while (name := base if n == 1 else f"{base} ({n})") in taken:
        n += 1
    return name


def ability(name: str, controller: str, source: str, effect: tuple) -> Obj:
    """An ability on the stack (or waiting to go there): ``source`` is what it comes from."""
    return Obj(name, controller, STACK, controller=controller, kind=ABILITY, source=source, effect=effect)


def trigger(state: State, ability: Obj) -> State:
    """An ability triggers (603.2): it waits until a player would receive priority (603.3)."""
    ability = replace(ability, id=new_id(state, ability.id), number=state.counter)
    return replace(state, pending=state.pending + (ability,), counter=state.counter + 1)


def to_priority(state: State) -> State:
    """A player would receive priority: waiting triggers go on the stack in APNAP order (603.3b),
    the active player's first, so the last player's resolve first. Not while something resolves."""
    if state.resolving is not None or not state.pending:
        return state
    order = apnap(state)
    waiting = sorted(state.pending, key=lambda a: order.index(a.controller) if a.controller in order else len(order))
    state = replace(state, pending=())
    for ability in waiting:
        state = push(state, ability)
    return state


def waiting(state: State, source: str, prefix: str) -> bool:
    """Whether an ability of ``source`` whose id starts with ``prefix`` has triggered and not yet
    left the stack (waiting to go on it, or on it): a Saga's chapter (714.4), a dungeon's room (309.6)."""
    held = [*state.pending, *(get(state, oid) for oid in state.stack)]
    return any(item.source == source and item.id.startswith(prefix) for item in held)
