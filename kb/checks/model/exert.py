"""Exert (701.43): a permanent that won't untap during its exerting player's next untap step.

To exert a permanent, its controller chooses to have it not untap during their next untap step
(701.43a). That is held as an effect on the object (ending if it changes zones, 400.7) for that
player: in their next untap step it keeps the permanent tapped if it is, and ends whatever it did
- an exerted creature with vigilance, or one an effect untapped, just loses it. Exerted again,
tapped or not, the effects all end in that same untap step (701.43b). Only a permanent on the
battlefield can be exerted (701.43c), and only when an effect lets one: "you may exert this
creature as it attacks" (AS_IT_ATTACKS) is an optional cost to attack, paid as it is declared
an attacker (701.43d, 508.1g; kb.checks.model.combat), never later in the combat nor for a
creature put onto the battlefield attacking (508.4); "Exert" in an activation cost is paid by
exerting it (kb.checks.model.actions). Exerting it triggers its linked "when you do" ability
(607.2h) and the "whenever you exert a creature" abilities of its controller's permanents. An
effect that taps a permanent and keeps it from untapping (Decision Paralysis) is no exert: it is
held the same way (FROZEN) for its controller's next untap step and triggers nothing::

    exert(state, "A", "Ahn-Crop Champion")   -> its "when you do" waits to go on the stack
    untap_step(state, "A")                    -> it stays tapped; the exert effect ends
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kb.checks.model import state as s
from kb.checks.model import untapping
from kb.checks.model.abilities import TRIGGERED
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

EXERTED, FROZEN = "exerted", "frozen"
AS_IT_ATTACKS = "exert as it attacks"  # the name of the static ability that lets its creature be exerted as it attacks
WHEN_EXERTED = "exerted"  # ``on`` of a triggered ability: "when you do" (you exert this)
ANY_EXERTED = "exert any"  # ``on``: "whenever you exert a creature"


@dataclass(frozen=True)
class Held:
    """A permanent kept from untapping during ``player``'s next untap step."""

    kind: str  # EXERTED or FROZEN
    obj: str
    number: int
    player: str


def may_exert_as_it_attacks(obj: Obj) -> bool:
    return any(ability.name == AS_IT_ATTACKS for ability in obj.abilities)


def _hold(state: State, kind: str, oid: str, player: str) -> State:
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD:
        raise IllegalAction(f"{oid} is not on the battlefield: it can't be {kind} (701.43c)")
    return replace(state, layered=state.layered + (Held(kind, oid, obj.number, player),))


def exert(state: State, player: str, oid: str) -> State:
    """``player`` exerts ``oid``, a permanent they control (the permission is the caller's to check)."""
    if s.zone_of(state, oid) == BATTLEFIELD and s.controller_of(state, oid) != player:
        raise IllegalAction(f"{player} can't exert {oid}: they don't control it")
    state = s.log(_hold(state, EXERTED, oid, player), Event("exert", oid, player))
    obj = s.get(state, oid)
    for ability in obj.abilities:
        if ability.kind == TRIGGERED and ability.on == WHEN_EXERTED:
            state = s.trigger(state, s.ability(f"{ability.name} ({oid})", player, oid, ability.effect))
    for watcher in s.in_zone(state, BATTLEFIELD, player):
        for ability in watcher.abilities:
            if ability.kind == TRIGGERED and ability.on == ANY_EXERTED:
                state = s.trigger(state, s.ability(f"{ability.name} ({watcher.id})", player, watcher.id, ability.effect))
    return state


def freeze(state: State, oid: str) -> State:
    """Tap it; it doesn't untap during its controller's next untap step (no exert)."""
    state = _hold(state, FROZEN, oid, s.controller_of(state, oid))
    return s.log(s.update(state, oid, tapped=True), Event("freeze", oid))


def held(state: State, oid: str, kind: str = EXERTED) -> bool:
    """Whether an effect of ``kind`` keeps ``oid`` (this object) from untapping in a coming untap step."""
    obj = s.find(state, oid)
    return obj is not None and any(isinstance(e, Held) and e.kind == kind and (e.obj, e.number) == (obj.id, obj.number)
                                   for e in state.layered)


def untap_step(state: State, player: str) -> State:
    """502.3: ``player``'s permanents untap, but those held for this untap step (their "becomes
    untapped" abilities trigger and wait, 502.4); every effect held for it ends, whatever it did;
    they are no longer summoning sick (302.6)."""
    ending = [e for e in state.layered if isinstance(e, Held) and e.player == player]
    kept = {(e.obj, e.number) for e in ending}
    permanents = s.in_zone(state, BATTLEFIELD, player)
    for obj in permanents:
        state = s.update(state, obj.id, sick=False)
    state = untapping.untap_all(state, [obj.id for obj in permanents if (obj.id, obj.number) not in kept])
    return replace(state, layered=tuple(e for e in state.layered if e not in ending))
