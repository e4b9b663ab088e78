"""Untapping (701.26b) and what triggers on it: "whenever this becomes untapped" (inspired, 207.2c).

Only a tapped permanent can become untapped (701.26b): one that enters the battlefield untapped
never became untapped, so its inspired ability doesn't trigger as it enters (603.2). However it
untaps, by the turn-based action of its controller's untap step (502.3) or because a spell or
ability untaps it, its "becomes untapped" abilities trigger. No player receives priority in the
untap step (502.4): one that triggers there waits, and goes on the stack at the beginning of the
upkeep, before the active player gets priority (503.1a; kb.checks.model.stack.upkeep)::

    untap(state, "Kragma Butcher")   -> untapped; "Kragma Butcher becomes untapped" waits to go on the stack
"""

from __future__ import annotations

from typing import Iterable

from kb.checks.model import colors
from kb.checks.model import state as s
from kb.checks.model.state import BATTLEFIELD, Event, State

UNTAPPED = "untap"  # what a "whenever this becomes untapped" ability triggers on (its ``when``)


def untap(state: State, oid: str) -> State:
    """Untap ``oid`` if it is a tapped permanent (701.26b); its "becomes untapped" abilities trigger."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD or not obj.tapped:
        return state  # only a tapped permanent can be untapped: nothing happens, nothing triggers
    state = s.log(s.update(state, oid, tapped=False), Event("untap", oid))
    controller = s.controller_of(state, oid)
    for ability in colors.abilities_of(state, s.get(state, oid)):
        if ability.on == UNTAPPED:
            state = s.trigger(state, s.ability(f"{ability.name} ({oid})", controller, oid, ability.effect))
    return state


def untap_all(state: State, oids: Iterable[str]) -> State:
    """Untap each of ``oids`` at once: each that was tapped becomes untapped."""
    for oid in oids:
        state = untap(state, oid)
    return state
