"""Evolve (702.100): "Whenever a creature you control enters, if that creature's power is greater
than this creature's power and/or that creature's toughness is greater than this creature's
toughness, put a +1/+1 counter on this creature."

The condition is an intervening "if" (603.4): checked as the creature enters, with the counters it
enters with (122.1a), to trigger at all, and again as the ability resolves, with the entered
creature as it last existed if it has left (608.2h); power is compared with power and toughness
with toughness, and either being greater then will do. Each creature entering triggers it once
(603.2c): two entering at once trigger it twice, the second checked after the first's counter.
A permanent that becomes a creature enters nothing (a Vehicle crewed)::

    put_onto_battlefield(state, "Hill Giant")   -> Experiment One's evolve triggers (3/3 against 1/1)
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import bodies
from kb.checks.model import state as s
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

EVOLVE = "evolve"


def greater(state: State, entered: Optional[Obj], evolving: Optional[Obj]) -> bool:
    """Whether ``entered`` has greater power or greater toughness than ``evolving``; a noncreature
    has none, so neither is greater (702.100c)."""
    new = bodies.power_toughness(state, entered) if entered is not None else None
    old = bodies.power_toughness(state, evolving) if evolving is not None else None
    return new is not None and old is not None and (new[0] > old[0] or new[1] > old[1])


def entered(state: State, arrived: Obj, player: str) -> State:
    """A creature entered under ``player``'s control: the evolve abilities of their creatures
    whose condition holds trigger, one each."""
    if "creature" not in arrived.types:
        return state
    for watcher in s.in_zone(state, BATTLEFIELD, player):
        for ability in () if watcher.face_down else watcher.abilities:
            if ability.on == EVOLVE and greater(state, arrived, watcher):
                args = {"creature": watcher.id, "number": watcher.number, "entered": arrived.id, "entered_number": arrived.number}
                state = s.trigger(state, s.ability(f"{ability.name} ({watcher.id})", player, watcher.id, (("evolve", args),)))
    return state


def resolve(state: State, args: dict) -> State:
    """The condition checked again (603.4): a +1/+1 counter on the creature with evolve, if it is still there."""
    evolving = s.find(state, args["creature"])
    if evolving is None or evolving.number != args["number"] or evolving.zone != BATTLEFIELD:
        return s.log(state, Event("does nothing", args["creature"], detail="603.4: the creature with evolve is gone"))
    if not greater(state, bodies.last_known(state, args["entered"], args["entered_number"]), evolving):
        return s.log(state, Event("does nothing", args["creature"], detail="603.4: neither stat is greater now"))
    state = s.set_counters(state, evolving.id, bodies.PLUS, evolving.counter(bodies.PLUS) + 1)
    return s.log(state, Event("evolve", evolving.id))
