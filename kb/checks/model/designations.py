"""Monstrosity, renown and ascend (701.37, 702.112, 702.131): the designations monstrous and
renowned, and the city's blessing.

"Monstrosity N" means "If this permanent isn't monstrous, put N +1/+1 counters on it and it
becomes monstrous" (701.37a): the effect of an activated ability (verb MONSTROSITY), checked as it
resolves, for the very object whose ability it is. An object whose number is greater than the
ability's came to its zone after the ability was activated: a new object (400.7), so neither it nor
a permanent no longer on the battlefield becomes monstrous. Activating the ability of a permanent
monstrous already is legal; it then does nothing. Renown N is a triggered ability (702.112a):
"When this creature deals combat damage to a player, if it isn't renowned, put N +1/+1 counters on
it and it becomes renowned": to any player, its controller too; not damage to a creature or a
planeswalker, nor noncombat damage. Its "if" is checked as the damage is dealt and again as it
resolves (603.4), so of two instances only the first to resolve does something (702.112c).

Monstrous and renowned are designations, neither abilities nor copiable values (701.37b,
702.112b): kept whatever happens to the permanent's abilities, types or counters, until it leaves
the battlefield. Becoming one triggers the permanent's "when this becomes monstrous" (on
BECOMES + designation) and its controller's "whenever a creature you control becomes renowned"
(on ANY + designation)::

    activate(state, "A", "Arbor Colossus", "monstrosity")   # resolved: 3 counters, monstrous, its trigger waits
    deal(state, "Topan Freeblade", "B", 2, combat=True)      # renown 1 triggers

The city's blessing is a player's designation for the rest of the game (702.131c), whatever they
control afterwards. Ascend on a permanent is a static ability (702.131b): any time its controller
controls ten or more permanents, they get it at once, no stack (checked as a permanent enters or
changes control, and as state-based actions are, so before a creature with 0 toughness dies); ten
permanents without ascend give nothing. Ascend on an instant or sorcery is an instruction
(702.131a): the count is made as the spell resolves, never as it is cast::

    play_land(state, "A", "Forest")   # A's tenth permanent, Wayward Swordtooth among them: blessed
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import abilities, bodies, colors, saga
from kb.checks.model import state as s
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

MONSTROUS, RENOWNED = "monstrous", "renowned"
MONSTROSITY, RENOWN = "monstrosity", "renown"  # the verbs: their args give the number of counters ("count")
BECOMES, ANY = "becomes ", "any "  # ``on`` of triggered abilities: "becomes monstrous", "any renowned"
ASCEND, BLESSING, TEN = "ascend", "city's blessing", 10  # the keyword and the verb of a spell's ascend; the event


def has(obj: Obj, designation: str) -> bool:
    return designation in obj.designations


def _current(state: State, oid: str, number: int) -> Obj | None:
    """The object ``oid`` if it is still the one meant (``number`` or older) and on the battlefield."""
    obj = s.find(state, oid)
    return obj if obj is not None and obj.number <= number and obj.zone == BATTLEFIELD else None


def become(state: State, oid: str, number: int, designation: str, count: int) -> State:
    """If the object is still there and not yet ``designation``: ``count`` +1/+1 counters, then it
    becomes it, and what triggers on that triggers; else nothing (701.37a, 702.112a, 603.4)."""
    obj = _current(state, oid, number)
    if obj is None:
        return s.log(state, Event("does nothing", oid, detail=f"it left the battlefield: it can't become {designation}"))
    if has(obj, designation):
        return s.log(state, Event("does nothing", oid, detail=f"it is {designation} already"))
    state = saga.add_counters(state, oid, bodies.PLUS, count)
    state = s.update(state, oid, designations=s.get(state, oid).designations | {designation})
    state = s.log(state, Event(BECOMES + designation, oid))
    controller = s.controller_of(state, oid)
    for watcher in s.in_zone(state, BATTLEFIELD, controller):
        for ability in _triggered(state, watcher):
            if (ability.on == BECOMES + designation and watcher.id == oid) or \
                    (ability.on == ANY + designation and "creature" in s.get(state, oid).types):
                state = s.trigger(state, s.ability(f"{ability.name} ({watcher.id})", controller, watcher.id, ability.effect))
    return state


def _triggered(state: State, obj: Obj) -> tuple:
    return tuple(a for a in colors.abilities_of(state, obj) if a.kind == abilities.TRIGGERED)


def monstrosity(state: State, item: Obj, args: dict) -> State:
    """The ability ``item`` resolves: monstrosity N of its source, the object it was activated from."""
    return become(state, item.source, item.number, MONSTROUS, int(args["count"]))


def combat_damage(state: State, source: str) -> State:
    """``source`` dealt combat damage to a player (whichever: 702.112a): its renown abilities trigger if it isn't renowned."""
    obj = s.find(state, source)
    if obj is None or obj.zone != BATTLEFIELD or has(obj, RENOWNED):
        return state
    for ability in _triggered(state, obj):
        if ability.on == RENOWN:
            args = {"creature": obj.id, "number": obj.number, "count": int(dict(ability.effect)[RENOWN]["count"])}
            state = s.trigger(state, s.ability(f"{ability.name} ({obj.id})", s.controller_of(state, obj.id), obj.id,
                                               ((RENOWN, args),)))
    return state


def renown(state: State, args: dict) -> State:
    """A renown ability resolves: its "if" checked again (603.4)."""
    return become(state, args["creature"], int(args["number"]), RENOWNED, int(args["count"]))


def blessed(state: State, player: str) -> bool:
    return player in state.blessed


def _bless(state: State, player: str, why: str) -> State:
    return s.log(replace(state, blessed=state.blessed + (player,)), Event(BLESSING, "", player, why))


def ascend(state: State) -> State:
    """702.131b: each player without the city's blessing who controls ten or more permanents, one of
    them with ascend, gets it now."""
    for player in s.in_game(state):
        mine = s.in_zone(state, BATTLEFIELD, player)
        if not blessed(state, player) and len(mine) >= TEN and any(ASCEND in colors.keywords_of(state, o.id) for o in mine):
            state = _bless(state, player, "ascend on a permanent (702.131b)")
    return state


def ascend_spell(state: State, item: Obj) -> State:
    """702.131a: the resolving spell's controller gets it if they control ten or more permanents now."""
    player = item.controller
    if not blessed(state, player) and len(s.in_zone(state, BATTLEFIELD, player)) >= TEN:
        state = _bless(state, player, f"ascend of {item.id} (702.131a)")
    return state
