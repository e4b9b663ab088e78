"""What stops or replaces a permanent's destruction: indestructible, regeneration, umbra armor
(702.12b, 701.19, 702.89).

A permanent with indestructible can't be destroyed: neither an effect that says "destroy" nor
lethal damage does anything to it (702.12b); it still dies of 0 toughness or being sacrificed,
which are no destruction. Regenerating a permanent gives it a shield for this turn: the next time
it would be destroyed, instead all damage marked on it is removed, its controller taps it, and it
is removed from combat (701.19a); an effect that says the permanent can't be regenerated keeps
shields from applying, not from being made (701.19c). Umbra armor (printed "totem armor" on older
Auras: 702.89b) is a replacement effect of an Aura: "if enchanted permanent would be destroyed,
instead remove all damage marked on it and destroy this Aura" (702.89a). It is mandatory,
whatever would destroy the permanent, and it is no regeneration: the permanent stays tapped or
untapped as it was and in combat, whether or not it can be regenerated. Of the replacements that
could apply - each Aura with umbra armor on it, a regeneration shield - one does, the one its
controller chooses (616.1); the others stay for the next time. The Aura's own destruction is a
destruction: if it is indestructible nothing is destroyed at all; if the same event destroys it
anyway, it is destroyed once::

    saved(state, ["Grizzly Bears", "Spider Umbra"])  -> (damage removed from the Bears, ("Spider Umbra",))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from kb.checks.model import colors
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

INDESTRUCTIBLE = "indestructible"
UMBRA_ARMOR = "umbra armor"
REGENERATION = "regeneration"  # the choice of a regeneration shield among the replacements


@dataclass(frozen=True)
class Shield:
    """A regeneration shield on one object (400.7), for this turn (701.19a)."""

    obj: str
    number: int
    kind: str = "regeneration shield"
    end_of_turn: bool = True


def destructible(state: State, oid: str) -> bool:
    return INDESTRUCTIBLE not in colors.keywords_of(state, oid)


def armors(state: State, obj: Obj) -> list[Obj]:
    """The Auras with umbra armor attached to ``obj`` (this object), in the order they came."""
    return [a for a in s.in_zone(state, BATTLEFIELD) if a.attached_to == (obj.id, obj.number)
            and UMBRA_ARMOR in colors.keywords_of(state, a.id)]


def shields(state: State, obj: Obj) -> list[Shield]:
    return [e for e in state.layered if isinstance(e, Shield) and (e.obj, e.number) == (obj.id, obj.number)]


def regenerate(state: State, oid: str) -> State:
    """701.19a: a spell or ability regenerates the permanent: one more shield."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD:
        raise IllegalAction(f"{oid} is not on the battlefield: it can't be regenerated (701.19a)")
    return s.log(replace(state, layered=state.layered + (Shield(oid, obj.number),)), Event("regeneration shield", oid))


def saved(state: State, oids: Iterable[str], chosen: Mapping[str, str] | None = None,
          regenerable: bool = True) -> tuple[State, tuple[str, ...]]:
    """The permanents ``oids`` would be destroyed at once: those indestructible aren't; for each
    that a replacement would save - an Aura with umbra armor, a regeneration shield unless it
    can't be regenerated - the one its controller picks (``chosen``: permanent -> an Aura or
    REGENERATION; else its first Aura, else a shield) applies. Returns the state and what is destroyed."""
    chosen = dict(chosen or {})
    destroyed: list[str] = []
    for oid in dict.fromkeys(oids):
        obj = s.get(state, oid)
        if obj.zone != BATTLEFIELD:
            raise IllegalAction(f"{oid} is not on the battlefield")
        if not destructible(state, oid):
            state = s.log(state, Event("not destroyed", oid, detail="702.12b: indestructible"))
            continue
        auras, held = armors(state, obj), shields(state, obj) if regenerable else []
        if not auras and not held:
            destroyed.append(oid)
            continue
        pick = _chosen(auras, held, chosen.pop(oid, None), oid)
        if pick == REGENERATION:
            state = replace(state, layered=tuple(e for e in state.layered if e is not held[0]))
            state = s.log(s.update(state, oid, damage=0, tapped=True, attacking=None), Event("regenerate", oid, detail="701.19a"))
            continue
        state = s.log(s.update(state, oid, damage=0), Event("umbra armor", pick.id, detail=f"702.89a: instead of {oid}"))
        if destructible(state, pick.id):
            destroyed.append(pick.id)
        else:
            state = s.log(state, Event("not destroyed", pick.id, detail="702.12b: indestructible"))
    if chosen:
        raise IllegalAction(f"no replacement was chosen for {', '.join(sorted(chosen))}: none of it would be "
                            "destroyed with one that applies (616.1)")
    return state, tuple(dict.fromkeys(destroyed))


def _chosen(auras: list[Obj], held: list[Shield], wanted: str | None, oid: str):
    if wanted is None:
        return auras[0] if auras else REGENERATION
    if wanted == REGENERATION and held:
        return REGENERATION
    for aura in auras:
        if aura.id == wanted:
            return aura
    known = [a.id for a in auras] + ([REGENERATION] if held else [])
    raise IllegalAction(f"{wanted} is no replacement that applies to {oid}: its controller chooses among "
                        f"{', '.join(known)} (616.1)")
