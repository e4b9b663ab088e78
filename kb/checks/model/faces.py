"""Transforming a double-faced permanent: turning it over to its other face (701.27, 712.9-10).

A double-faced card other than a meld card can transform, modal ones too (712.1, 712.3, 712.9;
modal double-faced cards couldn't, before the rules of 2025)::

    Kazandu Mammoth (creature // land)      -> Kazandu Valley, a land: that face's types and mana cost
    Jwari Ruins (the land face up)          -> nothing: its other face is an instant (701.27d, 712.10)
    Grizzly Bears                           -> nothing: not a double-faced card (701.27c)
    a meld card                             -> nothing (712.4c)
    a face-down double-faced permanent      -> nothing (712.15a)
"""

from __future__ import annotations

from kb.checks.model import state as s
from kb.checks.model.entering import DOUBLE_FACED
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, State

MELD = "meld"


def transform(state: State, oid: str) -> State:
    """An instruction to transform ``oid``: it turns to its other face, taking that face's types and
    mana cost (712.8d-f: a back face's mana value still comes from the front face, kb.checks.model.cards),
    unless it can't (see the module doc): then nothing happens."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD:
        raise IllegalAction(f"{oid} is not a permanent: only permanents transform (701.27a)")
    if obj.layout == MELD:
        return s.log(state, Event("no transform", oid, detail="712.4c: a meld card"))
    if obj.layout not in DOUBLE_FACED or len(obj.faces) < 2:
        return s.log(state, Event("no transform", oid, detail="701.27c: not a double-faced card"))
    if obj.face_down:
        return s.log(state, Event("no transform", oid, detail="712.15a: face down"))
    other = 1 - int(obj.face)
    types = obj.faces[other].types or obj.types
    if not s.PERMANENT_TYPES.intersection(types):
        return s.log(state, Event("no transform", oid, detail="712.10: its other face is an instant or sorcery"))
    state = s.update(state, oid, face=other, types=types, mana_cost=obj.faces[other].mana_cost)
    return s.log(state, Event("transform", oid, detail=obj.faces[other].name))
