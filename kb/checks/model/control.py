"""Control of objects and exchanging it (701.12), as Sudden Substitution does with a spell and a
creature ("exchange control of target noncreature spell and target creature; then the spell's
controller may choose new targets for it").

The exchange happens only if both targets are legal (608.2b) and controlled by different players
(701.12a-b). It creates one control effect per object that lasts indefinitely (611.2a): an effect
ends only for its own object, when that object leaves its zone (400.7), or when the player it gives
control to leaves the game (800.4a). A spell keeps its targets when its control changes; only
Sudden Substitution's own instruction lets the spell's controller choose new ones. A permanent spell
becomes a permanent under the control of the spell's controller (608.3a); the exchange moves
nothing between zones.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from kb.checks.model.errors import IllegalAction

STACK, BATTLEFIELD, EXILE, GONE = "stack", "battlefield", "exile", "left the game"


@dataclass(frozen=True)
class Obj:
    """A spell or permanent. ``controller`` is its controller by default: the player who cast the
    spell (601.2a) or under whose control the permanent entered (110.2)."""

    name: str
    owner: str
    controller: str
    zone: str = BATTLEFIELD
    types: tuple[str, ...] = ("creature",)
    targets: tuple[str, ...] = ()
    legal_target: bool = True  # still a legal target of the resolving exchange (608.2b)


@dataclass(frozen=True)
class ControlEffect:
    obj: str
    player: str
    source: str  # the spell or ability that created it


@dataclass(frozen=True)
class Table:
    players: tuple[str, ...]
    objects: tuple[Obj, ...] = ()
    effects: tuple[ControlEffect, ...] = ()  # in timestamp order: the last one wins (613.7)


@dataclass(frozen=True)
class Outcome:
    table: Table
    exchanged: bool
    new_targets_by: Optional[str] = None  # who may choose new targets for the spell now


def obj(table: Table, name: str) -> Obj:
    for o in table.objects:
        if o.name == name:
            return o
    raise IllegalAction(f"no object named {name}")


def controller(table: Table, name: str) -> str:
    """The controller: the latest control effect on the object (613.1b, 613.7), else its default."""
    found = obj(table, name).controller
    for effect in table.effects:
        if effect.obj == name:
            found = effect.player
    return found


def exchange_control(table: Table, first: str, second: str, source: str) -> Outcome:
    """701.12a-b: if both objects are legal targets and controlled by different players, each
    player gains control of the other's object; otherwise no part of the exchange happens."""
    a, b = obj(table, first), obj(table, second)
    if not (a.legal_target and b.legal_target):
        return Outcome(table, False)
    ca, cb = controller(table, first), controller(table, second)
    if ca == cb:
        return Outcome(table, False)
    effects = table.effects + (ControlEffect(first, cb, source), ControlEffect(second, ca, source))
    return Outcome(replace(table, effects=effects), True)


def sudden_substitution(table: Table, spell: str, creature: str, source: str = "Sudden Substitution") -> Outcome:
    """Exchange control of the spell and the creature; then, if the spell is still a legal target,
    its controller (whoever it is now) may choose new targets for it (608.2b, 608.2c)."""
    s, c = obj(table, spell), obj(table, creature)
    if not (s.legal_target or c.legal_target):
        return Outcome(table, False)  # every target illegal: it doesn't resolve (608.2b)
    outcome = exchange_control(table, spell, creature, source)
    chooser = controller(outcome.table, spell) if s.legal_target else None
    return replace(outcome, new_targets_by=chooser)


def choose_new_targets(outcome: Outcome, spell: str, player: str, targets: tuple[str, ...]) -> Table:
    """``player`` chooses new targets for ``spell``, which only Sudden Substitution's instruction allows."""
    if outcome.new_targets_by != player:
        raise IllegalAction(f"{player} can't choose new targets for {spell}: nothing lets them (115.7)")
    return _update(outcome.table, spell, targets=targets)


def change_zone(table: Table, name: str, zone: str) -> Table:
    """The object moves to another zone: it becomes a new object (400.7), so only the control
    effects on it end; its owner controls it unless it stays on the stack."""
    effects = tuple(e for e in table.effects if e.obj != name)
    o = obj(table, name)
    return replace(_update(table, name, zone=zone, controller=o.owner), effects=effects)


def resolve_permanent_spell(table: Table, name: str) -> Table:
    """A permanent spell resolves: it enters the battlefield under the control of the spell's
    controller (608.3a) as a new object (400.7)."""
    o = obj(table, name)
    if o.zone != STACK:
        raise IllegalAction(f"{name} is not on the stack")
    now = controller(table, name)
    effects = tuple(e for e in table.effects if e.obj != name)
    return replace(_update(table, name, zone=BATTLEFIELD, controller=now), effects=effects)


def leave_game(table: Table, player: str) -> Outcome:
    """800.4a: the player's objects leave the game, effects giving them control end, then what
    they still control is exiled. A spell whose control returns keeps its targets."""
    table = replace(table, players=tuple(p for p in table.players if p != player))
    for o in table.objects:
        if o.owner == player:
            table = _update(table, o.name, zone=GONE)
    table = replace(table, effects=tuple(e for e in table.effects if e.player != player))
    for o in table.objects:
        if o.zone not in (GONE, EXILE) and controller(table, o.name) == player:
            table = _update(change_zone(table, o.name, EXILE), o.name, zone=EXILE)
    return Outcome(table, False)


def _update(table: Table, name: str, **changes) -> Table:
    return replace(table, objects=tuple(replace(o, **changes) if o.name == name else o for o in table.objects))
