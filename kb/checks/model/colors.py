"""Colors (105, 202.2) and the continuous effects that change them (613.1e) or remove abilities
(613.1f), in layer order.

An object's colors are those of its color indicator (``colors``) or else of its mana cost's
symbols, a split card's both halves' but for a spell of one half. Within layer 5, characteristic-defining abilities apply first (613.3): devoid makes its
object colorless in every zone (702.114a, 604.3); then effects that set colors, in timestamp
order (613.7), so a card with devoid that an effect makes blue is just blue. Removing abilities
happens in layer 6, after the colors are set: a card that loses devoid stays colorless::

    color_of(state, "Ruination Guide")   -> ()          (devoid; mana cost {2}{U})
    color_of(set_color(state, "Ruination Guide", ("R",)), "Ruination Guide")   -> ("R",)

A player's devotion to colors counts the mana symbols of those colors among the mana costs of the
permanents they control (700.5): a hybrid or Phyrexian symbol counts once toward each of its colors
(700.5a), and symbols elsewhere (activation costs, text) don't count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kb.checks.model import cards, costs
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import Event, Obj, State

COLOR, LOSE_ABILITIES = "color", "lose all abilities"  # layers 5 and 6 (613.1e, 613.1f)


@dataclass(frozen=True)
class Layered:
    kind: str  # COLOR or LOSE_ABILITIES
    obj: str
    number: int  # the object it applies to: it ends when that object changes zones (400.7)
    colors: tuple[str, ...] = ()


def printed_colors(obj: Obj) -> tuple[str, ...]:
    """Its color indicator, else the colors of its mana cost's symbols (202.2): a split card's, its
    two halves' combined, except a spell of one half on the stack (709.4b, 709.3b, 709.4d)."""
    if obj.colors:
        return tuple(obj.colors)
    parts = cards.card_mana_cost(obj.layout, obj.faces, obj.face, zone=obj.zone) if obj.layout in cards.SPLIT_LAYOUTS else (obj.mana_cost,)
    return costs.colors_of("".join(part for part in parts if part))


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


def abilities_of(state: State, obj: Obj) -> tuple:
    """Its abilities (``obj`` as it is or last was): none face down (708.2) or once an effect removes them all (613.1f)."""
    return () if obj.face_down or effects_on(state, obj, LOSE_ABILITIES) else obj.abilities


def keywords_of(state: State, oid: str) -> frozenset:
    """Its keyword abilities after layer 6: none once an effect removes all its abilities."""
    obj = s.get(state, oid)
    return frozenset() if effects_on(state, obj, LOSE_ABILITIES) else obj.keywords


def add(state: State, kind: str, oid: str, colors=(), source: str = "effect") -> State:
    """A continuous effect on ``oid``: it "becomes" ``colors`` (COLOR), or loses all abilities."""
    obj = s.get(state, oid)
    state = replace(state, layered=state.layered + (Layered(kind, oid, obj.number, tuple(colors)),))
    return s.log(state, Event(kind, oid, detail=",".join(colors) or source))


def gain_ability(state: State, oid: str, ability) -> State:
    """An effect gives the permanent an ability (613.1f): one more instance if it has one already,
    each working on its own (a second persist triggers too, 603.2); the object loses it as it changes zones (400.7)."""
    obj = s.get(state, oid)
    if obj.zone != s.BATTLEFIELD:
        raise IllegalAction(f"{oid} is not a permanent")
    state = s.update(state, oid, abilities=(*obj.abilities, replace(ability, granted=True)))
    return s.log(state, Event("gain ability", oid, detail=ability.name))


def devotion(state: State, player: str, wanted: tuple[str, ...]) -> int:
    """700.5, 700.5a: the mana symbols of the mana costs of ``player``'s permanents that are of
    any of the ``wanted`` colors, each symbol once."""
    return sum(1 for obj in s.in_zone(state, s.BATTLEFIELD, player) if obj.mana_cost and not obj.face_down
               for symbol in costs.as_cost(obj.mana_cost).symbols if set(symbol.colors) & set(wanted))  # fmt: skip
