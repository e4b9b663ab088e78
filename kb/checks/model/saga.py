"""Sagas: lore counters, chapter abilities and the sacrifice after the last chapter (714).

A chapter ability ("I — ...", 714.2) is a triggered ability, ``on`` CHAPTER with the condition
``("chapter", N)``: it triggers when lore counters put on its Saga make their number go from less
than N to at least N (714.2b), so one counter triggers one chapter at most, two put at once may
trigger two (their controller puts them on the stack in any order they choose, 603.3b), a counter
put on a Saga that already has N triggers nothing, and removing counters triggers nothing. A
Saga gets a lore counter as it enters the battlefield (714.3a) and another as its controller's
precombat main phase begins (714.3b, a turn-based action); neither uses the stack. Once it has
as many lore counters as its final chapter number (714.2d) and no chapter ability of it is
waiting or on the stack, its controller sacrifices it (714.4, a state-based action). A chapter
ability on the stack is independent of its Saga (113.7a)::

    add_counters(state, "Invasion of the Giants", LORE, 2)   # from 1 to 3: chapters II and III trigger
"""

from __future__ import annotations

from typing import Optional, Sequence

from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, GRAVEYARD, Event, Obj, State

CHAPTER, LORE = "chapter", "lore"
PREFIX = "chapter "  # the id of a chapter ability that triggered: "chapter 2 of <Saga>"


def chapters(obj: Obj) -> tuple[tuple[int, object], ...]:
    """The chapter abilities of ``obj``, each with its chapter number, lowest first (714.2a)."""
    found = [(int(ability.condition[1]), ability) for ability in obj.abilities
             if ability.on == CHAPTER and len(ability.condition) > 1]
    return tuple(sorted(found, key=lambda pair: pair[0]))


def final_chapter(obj: Obj) -> int:
    """714.2d: the greatest chapter number among its chapter abilities; 0 with none."""
    return max((number for number, _ in chapters(obj)), default=0)


def add_counters(state: State, oid: str, kind: str, count: int, order: Optional[Sequence[int]] = None) -> State:
    """Put ``count`` counters of ``kind`` on a permanent (no stack, 122.6); lore counters trigger
    the chapter abilities whose numbers they reach (714.2b), put on the stack in ``order`` (chapter
    numbers, the first put on the stack first; else lowest first: any order, 603.3b)."""
    obj = s.get(state, oid)
    if count < 0:
        raise IllegalAction(f"can't put {count} counters on {oid}")
    before = obj.counter(kind)
    state = _set(state, obj, kind, before + count)
    if kind != LORE or obj.zone != BATTLEFIELD or obj.face_down:
        return state
    reached = [(number, ability) for number, ability in chapters(obj) if before < number <= before + count]
    numbers = [number for number, _ in reached]
    if order is not None and sorted(order) != numbers:
        raise IllegalAction(f"the chapters to order are {numbers}, not {list(order)} (603.3b)")
    if order is not None:  # each number in turn takes the next chapter ability of that number
        left, reached = reached, []
        for number in order:
            reached.append(left.pop([n for n, _ in left].index(number)))
    controller = s.controller_of(state, oid)
    for number, ability in reached:
        state = s.trigger(state, s.ability(f"{PREFIX}{number} of {oid}", controller, oid, ability.effect))
    return state


def remove_counters(state: State, oid: str, kind: str, count: int) -> State:
    """Take up to ``count`` counters of ``kind`` off a permanent: no chapter triggers (714.2b says "put")."""
    obj = s.get(state, oid)
    return _set(state, obj, kind, max(0, obj.counter(kind) - count))


def entered(state: State, oid: str) -> State:
    """714.3a: as a Saga enters the battlefield, its controller puts a lore counter on it."""
    obj = s.get(state, oid)
    return add_counters(state, oid, LORE, 1) if chapters(obj) and not obj.face_down else state


def precombat_main(state: State) -> State:
    """714.3b: as their precombat main phase begins, the active player puts a lore counter on each
    Saga they control with a chapter ability (a turn-based action: no stack)."""
    for obj in s.in_zone(state, BATTLEFIELD, state.active):
        if chapters(obj) and not obj.face_down:
            state = add_counters(state, obj.id, LORE, 1)
    return state


def waiting(state: State, oid: str) -> bool:
    """Whether a chapter ability of ``oid`` has triggered and not yet left the stack (714.4)."""
    return s.waiting(state, oid, PREFIX)


def sacrifice_finished(state: State) -> State:
    """714.4, 704.5s: a Saga with at least its final chapter number of lore counters, none of
    whose chapter abilities is waiting or on the stack, is sacrificed (no stack)."""
    for obj in s.in_zone(state, BATTLEFIELD):
        if chapters(obj) and obj.counter(LORE) >= final_chapter(obj) and not waiting(state, obj.id):
            controller = s.controller_of(state, obj.id)
            state = s.log(s.move(state, obj.id, GRAVEYARD), Event("sacrifice", obj.id, controller, "714.4"))
    return state


def _set(state: State, obj: Obj, kind: str, count: int) -> State:
    state = s.set_counters(state, obj.id, kind, count)
    return s.log(state, Event("counters", obj.id, obj.owner, f"{kind} {obj.counter(kind)} -> {count}"))
