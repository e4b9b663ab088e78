"""Resolving the top of the stack (608), and the turn going on: steps, upkeep triggers, the next
turn (500-514), with the goads that end as a turn begins (701.15a, 800.4m).

A spell whose targets have all become illegal doesn't resolve (608.2b). Triggers that trigger
while something resolves wait until it has finished (603.3). A new turn untaps its active
player's permanents (502.3), which are no longer "sick" (302.6); at the beginning of the upkeep
suspend's time-counter triggers, rebound's delayed triggers and the active player's permanents'
"at the beginning of your upkeep" abilities (``when: upkeep``: cumulative upkeep, 702.24a) trigger (702.62a, 702.88a); at the
beginning of the end step those of dash and unearth (702.109a, 702.84a; kb.checks.model.end_step),
the end step a turn passed earlier goes through as it ends.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Optional

from kb.checks.model import actions, bestow, bodies, cipher, colors, combat, control, effects, end_step, exert, leaving, priority, saga
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, EXILE, STACK, STEPS, Event, Obj, State

UPKEEP = "upkeep"  # what an "at the beginning of your upkeep" ability triggers on (its ``when``)


def top(state: State) -> Obj:
    if not state.stack:
        raise IllegalAction("the stack is empty")
    return s.get(state, state.stack[-1])


def all_targets_illegal(state: State, item: Obj) -> bool:
    """608.2b: every target is gone or another object (400.7)."""
    if not item.targets:
        return False
    return not any(control.target_legal(state, t, n, s.get(state, t).zone) if s.find(state, t) else False
                   for t, n in item.targets)


def resolve(state: State, choices: Optional[Mapping] = None) -> State:
    """Resolve the top object (608): its effect, then its card's way off the stack."""
    item = top(state)
    choices = choices or {}
    if bestow.bestowed(item) and all_targets_illegal(state, item):
        state = bestow.unbestow(state, item.id)  # 702.103e: it resolves as a creature spell
        item = top(state)
    if all_targets_illegal(state, item):
        state = leaving.leave_stack(state, item.id, resolved=False)
        return s.to_priority(leaving.state_based(s.log(state, Event("fizzle", item.id))))
    state = replace(state, resolving=item.id)
    state = effects.run(state, item, choices)
    state = cipher.as_it_resolves(state, item, choices)  # after its other effects (702.99a)
    if s.zone_of(state, item.id) == STACK:
        state = leaving.leave_stack(state, item.id, resolved=True)
    state = replace(state, resolving=None, passed=(), priority=None)
    return s.to_priority(leaving.state_based(s.log(state, Event("resolve", item.id))))


def pass_priority(state: State, choices: Optional[Mapping] = None) -> State:
    """117.4: once all players pass in succession, the top object resolves."""
    state, everyone = priority.pass_priority(state)
    return resolve(state, choices) if everyone and state.stack else state


def next_player(state: State) -> tuple[str, tuple[str, ...]]:
    """The next player to take a turn, and the players who left whose turn would have begun
    before it (800.4m)."""
    order = state.players
    i = order.index(state.active)
    skipped = []
    for step in range(1, len(order) + 1):
        player = order[(i + step) % len(order)]
        if player not in state.left:
            return player, tuple(skipped)
        skipped.append(player)
    raise IllegalAction("no player is left in the game")


def pass_turn(state: State) -> State:
    """End this turn (effects "until end of turn" end); the next player's turn begins: goads by them (and by players who left whose
    turn would have begun) end, their permanents untap (but those exerted or kept from untapping, kb.checks.model.exert) and are
    no longer sick, upkeep triggers."""
    if state.stack:
        raise IllegalAction("a turn can't end while the stack holds objects (500.2)")
    if STEPS.index(state.step) < STEPS.index(s.END):
        state = _end_step(state)
    player, skipped = next_player(state)
    state = bodies.end_of_turn(state)  # the cleanup step (514.2)
    for ended in (*skipped, player):
        state = combat.end_goads(state, ended)
    state = replace(state, active=player, turn=state.turn + 1, priority=None, passed=())
    state = exert.untap_step(state, player)
    for obj in s.in_zone(state, BATTLEFIELD):
        if obj.attacking is not None:
            state = s.update(state, obj.id, attacking=None)
    return upkeep(replace(state, step=s.UPKEEP))


def upkeep(state: State) -> State:
    """Beginning of upkeep: suspend removes a time counter (702.62a), rebound's delayed triggers, the
    active player's permanents' upkeep abilities (one trigger per instance: 702.24b)."""
    for obj in s.in_zone(state, BATTLEFIELD, state.active):
        for ability in colors.abilities_of(state, obj):
            if ability.on == UPKEEP:
                state = s.trigger(state, s.ability(f"{ability.name} ({obj.id})", s.controller_of(state, obj.id), obj.id, ability.effect))
    for card in s.in_zone(state, EXILE, state.active):
        if actions.suspended(card):
            state = s.trigger(state, s.ability(f"suspend counter trigger of {card.id}", card.owner, card.id,
                                               (("suspend_tick", {"card": card.id}),)))
    waiting = []
    for delayed in state.delayed:
        if delayed.at == s.UPKEEP and delayed.player == state.active:
            state = s.trigger(state, s.ability(delayed.name, delayed.player, delayed.obj, delayed.effect))
        else:
            waiting.append(delayed)
    return s.to_priority(replace(state, delayed=tuple(waiting)))


RESOLUTIONS = 50  # the most objects resolved in a row by a turn ending before its end step


def _end_step(state: State) -> State:
    """A turn ended before its end step: the end step's delayed triggers (kb.checks.model.end_step)
    trigger and resolve, nobody responding (a scenario that responds goes to the end step first)."""
    state = end_step.begin(state)
    for _ in range(RESOLUTIONS):
        if not state.stack:
            return state
        state = resolve(state)
    raise IllegalAction(f"the end step's stack didn't empty in {RESOLUTIONS} resolutions")


def go_to(state: State, step: str) -> State:
    """Move on to a later step of this turn (the stack must be empty, 500.2); going back to the
    beginning of combat is an additional combat phase (505.1a): attackers are removed from combat.
    As the precombat main phase begins, the active player's Sagas get a lore counter (714.3b)."""
    if step not in STEPS:
        raise IllegalAction(f"unknown step {step!r}; steps are {', '.join(STEPS)}")
    if state.stack:
        raise IllegalAction("a step can't end while the stack holds objects (500.2)")
    if STEPS.index(step) <= STEPS.index(state.step) and step != s.BEGIN_COMBAT:
        raise IllegalAction(f"{step} is not later in the turn than {state.step}")
    for obj in s.in_zone(state, BATTLEFIELD):
        if obj.attacking is not None:
            state = s.update(state, obj.id, attacking=None)
    state = replace(state, step=step, priority=None, passed=())
    if step == s.END:
        return end_step.begin(state)  # 513.1a: "at the beginning of the next end step" triggers
    return s.to_priority(saga.precombat_main(state)) if step == s.MAIN1 else state
