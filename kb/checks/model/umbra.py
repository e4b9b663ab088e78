"""Indestructible and umbra armor: what stops or replaces a permanent's destruction (702.12b, 702.89).

A permanent with indestructible can't be destroyed: neither an effect that says "destroy" nor
lethal damage does anything to it (702.12b); it still dies of 0 toughness or being sacrificed,
which are no destruction. Umbra armor (printed "totem armor" on older Auras: 702.89b) is a
replacement effect of an Aura: "if enchanted permanent would be destroyed, instead remove all
damage marked on it and destroy this Aura" (702.89a). It is mandatory, whatever would destroy
the permanent, and it is no regeneration: the permanent stays tapped or untapped as it was and in
combat (701.19a). Of several Auras with umbra armor on the permanent, one applies - its
controller chooses which (616.1) - and only that Aura is destroyed. The Aura's own destruction
is a destruction: if it is indestructible nothing is destroyed at all; if the same event
destroys it anyway, it is destroyed once::

    saved(state, ["Grizzly Bears", "Spider Umbra"])  -> (damage removed from the Bears, ("Spider Umbra",))
"""

from __future__ import annotations

from typing import Iterable, Mapping

from kb.checks.model import colors
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

INDESTRUCTIBLE = "indestructible"
UMBRA_ARMOR = "umbra armor"


def destructible(state: State, oid: str) -> bool:
    return INDESTRUCTIBLE not in colors.keywords_of(state, oid)


def armors(state: State, obj: Obj) -> list[Obj]:
    """The Auras with umbra armor attached to ``obj`` (this object), in the order they came."""
    return [a for a in s.in_zone(state, BATTLEFIELD) if a.attached_to == (obj.id, obj.number)
            and UMBRA_ARMOR in colors.keywords_of(state, a.id)]


def saved(state: State, oids: Iterable[str], chosen: Mapping[str, str] | None = None) -> tuple[State, tuple[str, ...]]:
    """The permanents ``oids`` would be destroyed at once: those indestructible aren't; for each
    with an Aura with umbra armor (``chosen``: permanent -> the Aura its controller picks, else the
    first), its damage is removed and that Aura is destroyed instead. Returns the state and what
    is destroyed."""
    chosen = dict(chosen or {})
    destroyed: list[str] = []
    for oid in dict.fromkeys(oids):
        obj = s.get(state, oid)
        if obj.zone != BATTLEFIELD:
            raise IllegalAction(f"{oid} is not on the battlefield")
        if not destructible(state, oid):
            state = s.log(state, Event("not destroyed", oid, detail="702.12b: indestructible"))
            continue
        auras = armors(state, obj)
        if not auras:
            destroyed.append(oid)
            continue
        aura = _chosen(auras, chosen.pop(oid, None), oid)
        state = s.log(s.update(state, oid, damage=0), Event("umbra armor", aura.id, detail=f"702.89a: instead of {oid}"))
        if destructible(state, aura.id):
            destroyed.append(aura.id)
        else:
            state = s.log(state, Event("not destroyed", aura.id, detail="702.12b: indestructible"))
    if chosen:
        raise IllegalAction(f"no Aura with umbra armor was chosen for {', '.join(sorted(chosen))}: none of it would be "
                            "destroyed with one attached (702.89a)")
    return state, tuple(dict.fromkeys(destroyed))


def _chosen(auras: list[Obj], wanted: str | None, oid: str) -> Obj:
    if wanted is None:
        return auras[0]
    for aura in auras:
        if aura.id == wanted:
            return aura
    raise IllegalAction(f"{wanted} is no Aura with umbra armor attached to {oid}: its controller chooses among "
                        f"{', '.join(a.id for a in auras)} (616.1)")
