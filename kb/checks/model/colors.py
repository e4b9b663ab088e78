"""Colors (105, 202.2) and the continuous effects that change them (613.1e) or remove abilities
(613.1f), in layer order.

An object's colors are those of its color indicator (``colors``) or else of its mana cost's
symbols. Within layer 5, characteristic-defining abilities apply first (613.3): devoid makes its
object colorless in every zone (702.114a, 604.3); then effects that set colors, in timestamp
order (613.7), so a card with devoid that an effect makes blue is just blue. Removing abilities
happens in layer 6, after the colors are set: a card that loses devoid stays colorless::

    color_of(state, "Ruination Guide")   -> ()          (devoid; mana cost {2}{U})
    color_of(set_color(state, "Ruination Guide", ("R",)), "Ruination Guide")   -> ("R",)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kb.checks.model import costs
from kb.checks.model import state as s
from kb.checks.model.state import Event, Obj, State

COLOR, LOSE_ABILITIES = "color", "lose all abilities"  # layers 5 and 6 (613.1e, 613.1f)


@dataclass(frozen=True)
class Layered:
    kind: str  # COLOR or LOSE_ABILITIES
    obj: str
    number: int  # the object it applies to: it ends when that object changes zones (400.7)
    colors: tuple[str, ...] = ()


def printed_colors(obj: Obj) -> tuple[str, ...]:
    """Its color indicator, else the colors of its mana cost's symbols (202.2)."""
    return tuple(obj.colors) or costs.colors_of(obj.mana_cost)


def defined(obj: Obj, colors: tuple[str, ...]) -> tuple[str, ...]:
    """Characteristic-defining abilities, first in layer 5 (613.3): devoid, colorless everywhere."""
    return () if "devoid" in obj.keywords else colors


def effects_on(state: State, obj: Obj, kind: str) -> list[Layered]:
    return [e for e in state.layered if e.kind == kind and e.obj == obj.id and e.number == obj.number]


def color_of(state: State, oid: str) -> tuple[str, ...]:
    obj = s.get(state, oid)
    colors = defined(obj, printed_colors(obj))
    for effect in effects_on(state, obj, COLOR):
        colors = effect.colors
    return colors


def keywords_of(state: State, oid: str) -> frozenset:
    """Its keyword abilities after layer 6: none once an effect removes all its abilities."""
    obj = s.get(state, oid)
    return frozenset() if effects_on(state, obj, LOSE_ABILITIES) else obj.keywords


def add(state: State, kind: str, oid: str, colors=(), source: str = "effect") -> State:
    """A continuous effect on ``oid``: it "becomes" ``colors`` (COLOR), or loses all abilities."""
    obj = s.get(state, oid)
    state = replace(state, layered=state.layered + (Layered(kind, oid, obj.number, tuple(colors)),))
    return s.log(state, Event(kind, oid, detail=",".join(colors) or source))
