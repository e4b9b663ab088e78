"""Dying and coming back: destroying, sacrificing, the state-based actions that kill, persist and
undying (700.4, 701.8, 701.21, 704.5f-g, 704.5q, 702.79a, 702.93a).

A permanent put into a graveyard from the battlefield goes to its owner's (a creature dies:
700.4), destroyed (701.8a), sacrificed by its controller (701.21a), or by state-based actions.
Those are checked together and performed at once (704.3): a creature with toughness 0 or less is
put into its owner's graveyard (704.5f), one with damage marked on it at least its toughness is
destroyed (704.5g; what is indestructible, regenerated or saved by umbra armor stays: kb.checks.model.destruction), and a permanent with both +1/+1 and -1/-1 counters loses N of each, N the
fewer (704.5q, 122.3). A creature dying in that check dies with all its counters on it.

Persist and undying are leaves-the-battlefield abilities, and those look back in time (603.10a):
at the permanent as it last existed on the battlefield, creature or not, its abilities (none if
an effect had removed them) and its counters. Each instance of either triggers unless the
permanent had the counter it returns with (-1/-1 for persist, +1/+1 for undying) - an effect
that gives -1/-1 or +1/+1 is no counter. As it resolves it returns the card only if it is still
the same object in the graveyard (400.7), under its owner's control, with that counter: a new
object, without the counters, Auras and abilities effects gave the one that died::

    destroy(state, "Kitchen Finks")   -> in its owner's graveyard; persist waits to go on the stack
"""

from __future__ import annotations

from typing import Iterable, Mapping

from kb.checks.model import bodies, colors, destruction, entering
from kb.checks.model import state as s
from kb.checks.model.abilities import TRIGGERED
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, GRAVEYARD, Event, Obj, State

DIES = "dies"  # the event of a creature put into a graveyard from the battlefield (700.4)
RETURNING = {"persist": bodies.MINUS, "undying": bodies.PLUS}  # an ability, and the counter it returns with and is stopped by


def put_into_graveyard(state: State, oids: Iterable[str], why: str) -> State:
    """Permanents put into their owners' graveyards at once; then what looks back at them triggers."""
    gone = [s.get(state, oid) for oid in dict.fromkeys(oids)]  # each on the battlefield: its callers check
    for obj in gone:
        state = s.move(state, obj.id, GRAVEYARD)
    gone = [obj for obj in gone if s.get(state, obj.id).zone == GRAVEYARD]  # else a replacement exiled it (614.1a): it didn't die
    for obj in gone:
        if "creature" in obj.types:
            state = s.log(state, Event(DIES, obj.id, obj.controller or obj.owner, why))
        state = _looking_back(state, obj)
    return state


def _looking_back(state: State, gone: Obj) -> State:
    """The persist and undying abilities of ``gone`` (as it last existed on the battlefield) trigger."""
    card = s.get(state, gone.id)
    for ability in colors.abilities_of(state, gone):  # none if it had none (708.2, 613.1f)
        counter = RETURNING.get(ability.on)
        if ability.kind != TRIGGERED or counter is None or gone.counter(counter):
            continue  # 603.4: it had that counter: no trigger
        args = {"card": gone.id, "number": card.number, "counter": counter}
        state = s.trigger(state, s.ability(f"{ability.name} ({gone.id})", gone.controller or gone.owner, gone.id,
                                           (("return_with_counter", args),)))
    return state


def returned(state: State, args: dict) -> State:
    """Persist or undying resolves: the card comes back with its counter if it is the same object
    in its owner's graveyard still; else nothing happens (400.7)."""
    card = s.find(state, args["card"])
    if card is None or card.zone != GRAVEYARD or card.number != args["number"]:
        return s.log(state, Event("does nothing", args["card"], detail="400.7: that card is not in the graveyard"))
    return entering.put_onto_battlefield(state, card.id, counters={args["counter"]: 1})


def destroy(state: State, oids: Iterable[str], chosen: Mapping[str, str] | None = None, regenerable: bool = True) -> State:
    """701.8a: destroyed permanents go to their owners' graveyards (all at once: "destroy all
    creatures"), but what is indestructible, regenerated (unless the effect says it can't be) or
    saved by umbra armor (kb.checks.model.destruction; ``chosen``: which replacement of several)."""
    state, destroyed = destruction.saved(state, oids, chosen, regenerable)
    return put_into_graveyard(state, destroyed, "701.8a: destroyed")


def sacrifice(state: State, player: str, oid: str) -> State:
    """701.21a: a player sacrifices a permanent they control."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD or s.controller_of(state, oid) != player:
        raise IllegalAction(f"{player} can't sacrifice {oid}: not a permanent they control (701.21a)")
    return put_into_graveyard(state, (oid,), "701.21a: sacrificed")


def deal_damage(state: State, oid: str, amount: int) -> State:
    """120.3e: damage dealt to a creature is marked on it."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD or "creature" not in obj.types:
        raise IllegalAction(f"{oid} is not a creature on the battlefield")
    if amount < 0:
        raise IllegalAction(f"{amount} is no amount of damage")
    return s.log(s.update(state, oid, damage=obj.damage + amount), Event("damage", oid, detail=str(amount)))


def state_based(state: State) -> State:
    """704.5f, 704.5g and 704.5q, performed at once (704.3): the creatures with toughness 0 or
    less, or lethal damage, leave with all their counters; the others lose +1/+1 and -1/-1
    counters in pairs."""
    doomed, lethal = [], []
    for obj in s.in_zone(state, BATTLEFIELD):
        body = bodies.power_toughness(state, obj)
        pairs = min(obj.counter(bodies.PLUS), obj.counter(bodies.MINUS))
        if body is not None and body[1] <= 0:
            doomed.append(obj.id)
        elif body is not None and body[1] <= obj.damage and destruction.destructible(state, obj.id):
            lethal.append(obj.id)  # 704.5g is destruction: indestructible ignores it, regeneration and umbra armor replace it
        elif pairs:
            kept = tuple((kind, n - pairs if kind in (bodies.PLUS, bodies.MINUS) else n) for kind, n in obj.counters)
            state = s.update(state, obj.id, counters=tuple((kind, n) for kind, n in kept if n))
    state, destroyed = destruction.saved(state, lethal)
    return put_into_graveyard(state, doomed + list(destroyed), "704.5f-g: state-based actions")
