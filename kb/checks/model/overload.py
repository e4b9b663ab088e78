"""What a spell's instructions that name its target act on (115.10, 702.96): the target chosen, or,
for a spell cast for its overload cost, each permanent its text describes.

Overload changes the text of a spell cast for its overload cost: every "target" reads "each"
(702.96a). The spell has no targets (702.96b, kb.checks.model.targeting), and each of its
instructions that names its target acts instead on every permanent of the kind that target asks
for, as the spell resolves (115.10, 608.2c): those with shroud, hexproof or protection too, though
protection from the spell's color still prevents the damage it would deal (702.16e,
kb.checks.model.protection)::

    Vandalblast cast for {4}{R}: destroys each artifact its caster doesn't control, hexproof or not
    Mizzium Mortars cast for {3}{R}{R}{R}: 4 damage to each creature its caster doesn't control

The overload cost is an alternative cost (118.9): cost increases and reductions apply to it
(118.9d), and the spell's mana cost and mana value stay those printed (118.9c; kb.checks.model.casting).
"""

from __future__ import annotations

from typing import Mapping

from kb.checks.model import damage, dying, halves, targeting
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

NOTHING = "affects nothing"  # the event of an instruction with no permanent to act on


def affected(state: State, item: Obj, args: Mapping) -> tuple[str, ...]:
    """The permanents an instruction naming the spell's target acts on: that target, if it is
    still the object chosen (400.7); overloaded, each permanent of the kinds its "target" asks for
    (702.96a), chosen as it resolves."""
    if targeting.overloaded(item):
        kinds = targeting.kinds(item, targeting.TARGET)
        if not kinds:
            raise IllegalAction(f"{item.id} has no \"target\" in its text for overload to change to \"each\" (702.96a)")
        return tuple(obj.id for obj in s.in_zone(state, BATTLEFIELD) if any(targeting.is_kind(obj, kind, item.controller) for kind in kinds))
    target = halves.target_of(state, item, args)
    return (target.id,) if target is not None else ()


def destroy(state: State, item: Obj, args: Mapping) -> State:
    """Destroy the target, or, overloaded, each permanent it describes, all at once (701.8a)."""
    found = affected(state, item, args)
    if not found:
        return s.log(state, Event(NOTHING, item.id, item.controller))
    return dying.destroy(state, found)


def deal_damage(state: State, item: Obj, args: Mapping) -> State:
    """The spell deals ``amount`` damage to its target, or, overloaded, to each permanent it describes (120.3)."""
    if "amount" not in args:
        raise IllegalAction(f"{item.id}'s instruction lacks 'amount' (it has {sorted(args)})")
    found = affected(state, item, args)
    if not found:
        return s.log(state, Event(NOTHING, item.id, item.controller))
    for oid in found:
        state = damage.deal(state, item.id, oid, int(args["amount"]))
    return state
