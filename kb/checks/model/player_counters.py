"""Counters a player has (122.1): energy ({E}: one energy counter, 107.14), poison, experience.

They sit on a player, on no permanent; they are not mana, and they stay as steps, phases and
turns end (the mana pool empties, 500.5; these don't). To pay {E} a player removes that many
energy counters, and can't pay more than they have::

    gain(state, "A", "energy", 2)       -> A has 2
    pay(state, "A", "energy", 3)        -> IllegalAction: A has only 2
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import Event, State

ENERGY = "energy"


def count(state: State, player: str, kind: str = ENERGY) -> int:
    return next((n for who, what, n in state.player_counters if (who, what) == (player, kind)), 0)


def _set(state: State, player: str, kind: str, amount: int) -> State:
    others = tuple(c for c in state.player_counters if c[:2] != (player, kind))
    return replace(state, player_counters=tuple(sorted(others + ((player, kind, amount),) if amount else others)))


def gain(state: State, player: str, kind: str, amount: int, source: str = "effect") -> State:
    """``player`` gets ``amount`` counters of ``kind`` ("you get {E}{E}": two energy counters)."""
    state = _set(state, player, kind, count(state, player, kind) + amount)
    return s.log(state, Event(f"get {kind}", source, player, str(amount)))


def pay(state: State, player: str, kind: str, amount: int, source: str = "cost") -> State:
    """Pay ``amount`` counters of ``kind`` by removing them from ``player`` (107.14)."""
    have = count(state, player, kind)
    if amount > have:
        raise IllegalAction(f"{player} can't pay {amount} {kind}: they have {have} (107.14)")
    state = _set(state, player, kind, have - amount)
    return s.log(state, Event(f"pay {kind}", source, player, str(amount)))
