"""Proliferate (701.34a): choose any number of permanents and/or players that have a counter, then
give each another counter of each kind already there.

The choice is made as the spell or ability that proliferates resolves (608.2), so a counter put
on something in response can be proliferated, and nobody acts between the choice and the counters.
Any number includes none: every permanent and player with a counter may be left out. Only a
permanent on the battlefield or a player can be chosen, whoever controls it, opponents included; a
card with counters in another zone can't, nor can a permanent or player without a counter. A chosen
one gets one more counter of each kind it has, not of one kind: a creature with a +1/+1 counter and
a flying counter gets one of each. +1/+1 and -1/-1 counters put on at once stay until state-based
actions are next performed (704.5q; kb.checks.model.dying)::

    proliferate(state, ["Grizzly Bears", "B"])   -> the Bears' counters each +1, B's poison +1
    proliferate(state, [])                       -> nothing changes
"""

from __future__ import annotations

from typing import Iterable, Mapping

from kb.checks.model import player_counters, saga
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

PROLIFERATE = "proliferate"  # the verb; its choices: ``proliferate``, the ids and players chosen


def kinds_on(state: State, chosen: str) -> tuple[str, ...]:
    """The kinds of counter a player or a permanent has (at least one of each)."""
    if chosen in state.players:
        return tuple(kind for who, kind, n in state.player_counters if who == chosen and n > 0)
    obj = s.find(state, chosen)
    if obj is None:
        raise IllegalAction(f"there is no object or player {chosen!r}")
    if obj.zone != BATTLEFIELD:
        raise IllegalAction(f"{chosen} is in the {obj.zone}: only permanents and players can be chosen to proliferate (701.34a)")
    return tuple(kind for kind, n in obj.counters if n > 0)


def choosable(state: State) -> tuple[str, ...]:
    """Every permanent and player that could be chosen now, whoever controls them."""
    permanents = tuple(o.id for o in s.in_zone(state, BATTLEFIELD) if kinds_on(state, o.id))
    return permanents + tuple(p for p in s.in_game(state) if kinds_on(state, p))


def proliferate(state: State, chosen: Iterable[str], source: str = "effect") -> State:
    """Give each of ``chosen`` (any number, none included) another counter of each kind it has."""
    chosen = tuple(chosen)
    if len(set(chosen)) != len(chosen):
        raise IllegalAction(f"each permanent or player is chosen once to proliferate, not {list(chosen)}")
    for one in chosen:
        kinds = kinds_on(state, one)
        if not kinds:
            raise IllegalAction(f"{one} has no counter: it can't be chosen to proliferate (701.34a)")
        for kind in kinds:
            state = (player_counters.gain(state, one, kind, 1, source) if one in state.players
                     else saga.add_counters(state, one, kind, 1))
    return s.log(state, Event(PROLIFERATE, source, detail=",".join(chosen)))


def resolve(state: State, item: Obj, args: Mapping, choices: Mapping) -> State:
    """The verb: the resolving player's choice ``proliferate`` (an id or player, or a list; none: nothing)."""
    chosen = choices.get(PROLIFERATE) or ()
    return proliferate(state, (chosen,) if isinstance(chosen, str) else chosen, item.id)
