"""Cumulative upkeep (702.24): "At the beginning of your upkeep, if this permanent is on the
battlefield, put an age counter on this permanent. Then you may pay [cost] for each age counter on
it. If you don't, sacrifice it."

The ability is a triggered ability (``when: upkeep``, kb.checks.model.stack.upkeep) whose effect is
the verb ``cumulative_upkeep`` with its ``cost``. As it resolves, the permanent gets an age counter
first; then its controller pays the cost once for each age counter on it, the whole total or
nothing: paying is optional, a partial payment is no payment (702.24a). Not paid, the permanent is
sacrificed, its new age counter on it. Each instance triggers on its own, and the age counters
belong to none of them: each counts every age counter on the permanent as it resolves (702.24b).
The resolving player's choice is ``pay``: the mana they pay (kb.checks.model.mana), or nothing::

    resolve(state, item, {"cost": "{1}"}, {"pay": ["C", "C", "C"]})  # a third age counter: {3} paid
    resolve(state, item, {"cost": "{1}"}, {})                         # not paid: sacrificed
"""

from __future__ import annotations

from typing import Mapping

from kb.checks.model import dying, mana, saga
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

CUMULATIVE_UPKEEP = "cumulative_upkeep"  # the verb
AGE = "age"


def total(cost: str, ages: int) -> str:
    """The cost to pay for ``ages`` age counters: ``cost`` that many times ({1} and 3: {1}{1}{1})."""
    return cost * ages


def resolve(state: State, item: Obj, args: Mapping, choices: Mapping) -> State:
    """An age counter on the source, then its cost for each age counter paid in full, or the source sacrificed."""
    source = s.find(state, item.source)
    if source is None or source.zone != BATTLEFIELD:
        return state  # "if this permanent is on the battlefield": nothing to count, nothing to sacrifice
    state = saga.add_counters(state, source.id, AGE, 1)
    ages = s.get(state, source.id).counter(AGE)
    owed = total(str(args["cost"]), ages)
    paid = tuple(choices.get("pay") or ())
    controller = s.controller_of(state, source.id)
    if not paid:
        return s.log(dying.sacrifice(state, controller, source.id), Event("unpaid", source.id, controller, owed))
    if not mana.payable(owed, paid):
        raise IllegalAction(f"{' '.join(paid)} doesn't pay {owed}, the cumulative upkeep for "
                            f"{ages} age counters: it is paid in full or not at all (702.24a)")
    return s.log(state, Event("paid", source.id, controller, owed))
