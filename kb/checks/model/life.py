"""Life totals (119): gaining and losing life, and exchanging life totals (701.12a, 701.12c).

A player's life total is 20 unless the state says otherwise; a player may be unable to gain or
to lose life (119.7, 119.8: "can't gain life", "can't lose life").
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import state as s
from kb.checks.model.state import Event, State

START = 20  # 103.4


def life_of(state: State, player: str) -> int:
    return dict(state.life).get(player, START)


def can_change(state: State, player: str, amount: int) -> bool:
    """Whether ``player`` can gain (``amount`` > 0) or lose (< 0) that much life (119.7, 119.8)."""
    if amount > 0:
        return (player, "gain") not in state.life_locked
    if amount < 0:
        return (player, "lose") not in state.life_locked
    return True


def change(state: State, player: str, amount: int, source: str) -> State:
    """``player`` gains (or loses, for a negative ``amount``) that much life, if they can."""
    if not amount or not can_change(state, player, amount):
        return state
    totals = dict(state.life)
    totals[player] = life_of(state, player) + amount
    state = replace(state, life=tuple(sorted(totals.items())))
    return s.log(state, Event("gain life" if amount > 0 else "lose life", source, player, str(abs(amount))))


def exchange_life(state: State, first: str, second: str, source: str) -> tuple[State, bool]:
    """701.12c: each player gains or loses the life needed to equal the other's previous total;
    701.12a: if either of them can't (119.7, 119.8), no part of the exchange happens."""
    old = {first: life_of(state, first), second: life_of(state, second)}
    gains = {first: old[second] - old[first], second: old[first] - old[second]}
    if first == second or not all(can_change(state, player, amount) for player, amount in gains.items()):
        return s.log(state, Event("no exchange", source, first, "a player can't gain or lose that life")), False
    for player, amount in gains.items():
        state = change(state, player, amount, source)
    return state, True
