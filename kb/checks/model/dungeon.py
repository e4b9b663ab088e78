"""Dungeons and venturing into them (309, 701.49).

A dungeon card begins outside the game (OUTSIDE; 309.2): it is no part of a deck. Its rooms are
its abilities ``on`` ROOM, topmost first, each a triggered room ability whose condition names the
rooms its arrows point to, ``("room", next, ...)``, none for the bottommost (309.4, 309.4c). The
venture marker sits on one room (MARKER, among the card's counters: the room's place, from 1).
To venture into the dungeon (701.49) a player with no dungeon in the command zone chooses any
dungeon card they own from outside the game, one completed before too, puts it there and the
marker on its topmost room; with one there, they move the marker to a room an arrow points to
(choosing where several do), only down; from the bottommost room they complete that dungeon and
begin another. A player owns one dungeon in the command zone at most (309.3). Moving into a room
triggers its room ability (309.4c), which goes on the stack when a player would next receive
priority. A dungeon whose marker is on its bottommost room, and none of whose room abilities is
waiting or on the stack, is completed and leaves the game, as a state-based action (309.6, 309.7)::

    venture(state, "A", dungeon="Lost Mine of Phandelver")   # Cave Entrance's ability triggers
    venture(state, "A", room="Goblin Lair")                   # one of the two rooms below it
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import COMMAND, Event, Obj, State

OUTSIDE = "outside the game"  # where dungeon cards begin (309.2), and go back to once completed
ROOM, MARKER = "room", "venture marker"
PREFIX = "room "  # the id of a room ability that triggered: "room Cave Entrance of <dungeon>"


def rooms(obj: Obj) -> tuple:
    """The room abilities of a dungeon card, topmost first."""
    return tuple(ability for ability in obj.abilities if ability.on == ROOM)


def room_of(obj: Obj) -> Optional[object]:
    """The room the venture marker is on, if any."""
    place = obj.counter(MARKER)
    found = rooms(obj)
    return found[place - 1] if 0 < place <= len(found) else None


def below(room) -> tuple[str, ...]:
    """The names of the rooms the arrows of ``room`` point to (none: the bottommost, 309.5b)."""
    return tuple(room.condition[1:])


def dungeon_of(state: State, player: str) -> Optional[Obj]:
    """The dungeon card ``player`` owns in the command zone (309.3: one at most)."""
    return next((o for o in s.in_zone(state, COMMAND, player) if "dungeon" in o.types), None)


def venture(state: State, player: str, dungeon: Optional[str] = None, room: Optional[str] = None) -> State:
    """701.49: into the next room of the dungeon ``player`` has in the command zone (``room``, where
    arrows point to several), or, with none there or from its bottommost room, into the topmost room
    of ``dungeon``, chosen from outside the game."""
    current = dungeon_of(state, player)
    if current is not None and below(room_of(current)):
        if dungeon is not None and dungeon != current.id:
            raise IllegalAction(f"{player} has {current.id} in the command zone: venturing moves their marker there, "
                                f"and another dungeon can't come in (309.3)")
        return _enter(state, current, _next_room(current, room))
    if current is not None:  # on its bottommost room: completed, then a new one (701.49c)
        state = complete(state, current)
    if dungeon is None:
        raise IllegalAction(f"{player} ventures with no dungeon in the command zone: choose one from outside "
                            "the game (701.49a)")
    card = s.get(state, dungeon)
    if card.zone != OUTSIDE or card.owner != player or "dungeon" not in card.types:
        raise IllegalAction(f"{dungeon} is not a dungeon card {player} owns outside the game (309.2a)")
    state = s.move(state, dungeon, COMMAND)
    return _enter(state, s.get(state, dungeon), rooms(card)[0])


def _next_room(obj: Obj, chosen: Optional[str]):
    """The room an arrow of the marker's room points to: the one chosen, or the only one (309.5a)."""
    names = below(room_of(obj))
    if chosen is None and len(names) > 1:
        raise IllegalAction(f"choose the room to venture into: {', '.join(names)} (309.5a)")
    name = chosen if chosen is not None else names[0]
    if name not in names:
        raise IllegalAction(f"{name} is not a room an arrow points to from {room_of(obj).name}: only "
                            f"{', '.join(names)} (309.5a)")
    return next(r for r in rooms(obj) if r.name == name)


def _enter(state: State, obj: Obj, room) -> State:
    """The marker moves into ``room``; its room ability triggers (309.4c)."""
    place = rooms(obj).index(room) + 1
    state = s.set_counters(state, obj.id, MARKER, place)
    state = s.log(state, Event("venture", obj.id, obj.owner, room.name))
    return s.trigger(state, s.ability(f"{PREFIX}{room.name} of {obj.id}", obj.owner, obj.id, room.effect))


def complete(state: State, obj: Obj) -> State:
    """309.7: the dungeon card leaves the game (back outside it, no marker), completed."""
    state = s.move(state, obj.id, OUTSIDE)
    return s.log(state, Event("complete", obj.id, obj.owner, "309.7"))


def waiting(state: State, oid: str) -> bool:
    """Whether a room ability of ``oid`` has triggered and not yet left the stack (309.6)."""
    return s.waiting(state, oid, PREFIX)


def complete_finished(state: State) -> State:
    """309.6, 704.5t: a dungeon with the marker on its bottommost room and no room ability of it
    waiting or on the stack is completed (a state-based action: no stack)."""
    for obj in s.in_zone(state, COMMAND):
        room = room_of(obj) if "dungeon" in obj.types else None
        if room is not None and not below(room) and not waiting(state, obj.id):
            state = complete(state, obj)
    return state
