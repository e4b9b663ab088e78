"""Control: gaining it, exchanging it (701.12), and a player leaving the game (800.4a).

An exchange happens only if both objects are still legal targets (608.2b) and are controlled by
different players (701.12b); otherwise no part of it happens. It creates one control effect per
object, lasting indefinitely (611.2a): an effect ends only for its own object, when that object
changes zones (400.7), or when the player it gives control to leaves the game (800.4a). It moves
nothing between zones. Sudden Substitution ("Exchange control of target noncreature spell and
target creature. Then the spell's controller may choose new targets for it.") lets the spell's
controller choose new targets only as it resolves: nobody else, and not later.
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import designations
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, EXILE, GONE, STACK, ControlEffect, Event, State

RETARGET = "may choose new targets"


def target_legal(state: State, oid: str, number: int, zone: str, types: tuple = (), not_types: tuple = ()) -> bool:
    """The same object (400.7) still in the zone, with the types the target needs (608.2b)."""
    obj = s.find(state, oid)
    if obj is None or obj.number != number or obj.zone != zone:
        return False
    return all(t in obj.types for t in types) and not any(t in obj.types for t in not_types)


def gain_control(state: State, oid: str, player: str, source: str) -> State:
    """``player`` gains control of the object (613.1b); a permanent is then "sick" for them (302.6)."""
    obj = s.get(state, oid)
    state = replace(state, control=state.control + (ControlEffect(oid, obj.number, player, source),))
    if obj.zone == BATTLEFIELD:
        state = s.update(state, oid, sick=True)
    return designations.ascend(s.log(state, Event("control", oid, player, source)))  # a tenth permanent (702.131b)


def exchange(state: State, first: str, second: str, source: str) -> tuple[State, bool]:
    """701.12b: each controller gains control of the other's object, if they are different."""
    a, b = s.controller_of(state, first), s.controller_of(state, second)
    if a == b:
        return s.log(state, Event("no exchange", first, a, "same controller")), False
    state = gain_control(state, first, b, source)
    return gain_control(state, second, a, source), True


def sudden_substitution(state: State, source: str, spell: tuple, creature: tuple) -> State:
    """Resolve Sudden Substitution with targets (id, number): exchange if both are legal, then the
    spell's controller may choose new targets if the spell is still a legal target."""
    spell_ok = target_legal(state, spell[0], spell[1], STACK, not_types=("creature",))
    creature_ok = target_legal(state, creature[0], creature[1], BATTLEFIELD, types=("creature",))
    if spell_ok and creature_ok:
        state, _ = exchange(state, spell[0], creature[0], source)
    if spell_ok:
        state = s.log(state, Event(RETARGET, spell[0], s.controller_of(state, spell[0]), source))
    return state


def retarget_allowed(state: State, spell: str, player: str) -> bool:
    """Only the latest "may choose new targets" instruction for this spell lets anyone choose, and
    only the player it named, while that spell is still the same object (115.7)."""
    obj = s.find(state, spell)
    if obj is None or obj.zone != STACK:
        return False
    granted = [e for e in s.events(state, RETARGET) if e.obj == spell]
    return bool(granted) and granted[-1].player == player and s.controller_of(state, spell) == player


def choose_new_targets(state: State, spell: str, player: str, targets: tuple) -> State:
    if not retarget_allowed(state, spell, player):
        raise IllegalAction(f"{player} can't choose new targets for {spell}: no instruction lets them (115.7)")
    numbered = tuple((t, s.get(state, t).number) for t in targets)
    state = s.update(state, spell, targets=numbered)
    return s.log(state, Event("retargeted", spell, player))


def leave_game(state: State, player: str) -> State:
    """800.4a: the player's objects leave the game, effects giving them control end, abilities
    they control on the stack cease to exist, then what they still control is exiled."""
    if player in state.left:
        raise IllegalAction(f"{player} has already left the game")
    state = replace(state, left=state.left + (player,))
    for obj in state.objects:
        if obj.owner == player and obj.kind != s.ABILITY:
            state = s.move(state, obj.id, GONE)
    state = replace(state, control=tuple(e for e in state.control if e.player != player))
    for obj in state.objects:
        if obj.zone in (BATTLEFIELD, STACK) and s.controller_of(state, obj.id) == player:
            state = s.remove(state, obj.id) if obj.kind in (s.ABILITY, s.COPY) else s.move(state, obj.id, EXILE)
    if state.active == player or state.priority == player:
        state = replace(state, priority=None)
    return s.log(state, Event("left the game", player, player))
