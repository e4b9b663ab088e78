"""Split cards' halves as spells (709.3, 702.102): what a spell of one half, or a fused split
spell, does and targets.

A half's instructions and targets are its own (a ``cards.Face``'s ``effect`` and its "target:
kind" ``keywords``). A spell of one half has only that half's (709.3b); a fused split spell has
both halves': their instructions, the left half's followed first and then the right half's
(702.102d), and their targets, each half's word "target" its own, so the same object may be
chosen once for each (115.3)::

    Give // Take fused, both halves targeting Grizzly Bears: Give puts three +1/+1 counters on
    it, then Take removes them and its controller draws three cards.

An instruction names a target by its place among its half's own targets (``{"target": 0}``); in
a fused split spell the right half's places come after the left half's.
"""

from __future__ import annotations

from typing import Mapping, Optional

from kb.checks.model import cards, saga
from kb.checks.model import discard as dis
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import STACK, Event, Obj, State

TARGET = "target:"  # a half's keyword: one word "target" of that half, and the kind it asks for (115.1)
GONE = "no counters"  # the event of an instruction whose target is gone


def cast_faces(obj: Obj) -> tuple[cards.Face, ...]:
    """The halves a split card on the stack was cast as, left first; none for any other object."""
    if obj.zone != STACK or obj.layout not in cards.SPLIT_LAYOUTS or not obj.faces:
        return ()
    return tuple(obj.faces) if obj.face == cards.BOTH else (obj.faces[int(obj.face)],)


def target_kinds(face: cards.Face | Obj) -> list[str]:
    """The kind each word "target" of a half (or a card's text) asks for, one per word (sorted, as written once each)."""
    return sorted(k[len(TARGET):].strip() for k in face.keywords if k.startswith(TARGET))


def instances(obj: Obj) -> Optional[list[str]]:
    """The kind each target of a split spell whose halves have targets asks for, in order: one per
    word "target" of each half cast (115.3, 702.102b); None for any other object."""
    faces = cast_faces(obj)
    kinds = [kind for face in faces for kind in target_kinds(face)]
    return kinds if kinds else None


def instructions(obj: Obj) -> tuple:
    """What a spell does as it resolves, in order: the instructions of the halves it was cast as,
    the left half's first (702.102d), their targets' places shifted past the halves before; else
    its own."""
    faces = cast_faces(obj)
    if not any(face.effect for face in faces):
        return obj.effect
    found = []
    for number, face in enumerate(faces):
        before = sum(len(target_kinds(left)) for left in faces[:number])
        found.extend((name, {**args, "target": int(args["target"]) + before} if "target" in args else args)
                     for name, args in face.effect)
    return tuple(found)


def target_of(state: State, item: Obj, args: Mapping) -> Optional[Obj]:
    """The target an instruction names (its place among the spell's targets), if it is still the
    object chosen (608.2b: one that changed zones is a new object, 400.7)."""
    place = int(_arg(item, args, "target"))
    if not 0 <= place < len(item.targets):
        raise IllegalAction(f"{item.id}'s instruction names its target {place}, but it has {len(item.targets)} (601.2c)")
    oid, number = item.targets[place]
    obj = s.find(state, oid)
    return obj if obj is not None and obj.number == number else None


def _arg(item: Obj, args: Mapping, key: str):
    if key not in args:
        raise IllegalAction(f"{item.id}'s instruction lacks {key!r} (it has {sorted(args)})")
    return args[key]


def _gone(state: State, item: Obj) -> State:
    return s.log(state, Event(GONE, item.id, item.controller, "the target is gone"))


def put_counters(state: State, item: Obj, args: Mapping) -> State:
    """Put ``count`` counters of ``kind`` on the target (Give: three +1/+1 counters)."""
    target = target_of(state, item, args)
    if target is None:
        return _gone(state, item)
    return saga.add_counters(state, target.id, _arg(item, args, "kind"), int(_arg(item, args, "count")))


def take_counters(state: State, item: Obj, args: Mapping) -> State:
    """Remove all counters of ``kind`` from the target, a creature its controller controls, and
    draw that many cards (Take)."""
    target = target_of(state, item, args)
    if target is None or target.controller != item.controller:
        return _gone(state, item)
    kind = _arg(item, args, "kind")
    count = target.counter(kind)
    return dis.draw(saga.remove_counters(state, target.id, kind, count), item.controller, count)
