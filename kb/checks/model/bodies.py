"""Power and toughness (208, 613.4), and what lasts until end of turn (514.2).

A creature's power and toughness are its printed ones, then those an effect sets (layer 7b, the
latest effect winning), then counters and effects that modify them (7c). A permanent that isn't a
creature has none, though it may print them (a Vehicle: 208.3, 301.7a); a card elsewhere has
its printed ones. An object that has left the battlefield is known as it last existed there
(113.7a)::

    power(state, "Smuggler's Copter")     -> None  (an uncrewed Vehicle: no creature)
    power(state, "Grizzly Bears")         -> 2
    set_base(state, "Copter", 5, 5)       -> a 5/5 once it is a creature (Tezzeret's Touch)

Effects that end "until end of turn" end in the cleanup step (514.2), as damage is removed: a
Vehicle crewed stops being a creature, a creature that got +2/-2 is back to what it was.

A bonus "for each" thing counts those things once, as the effect applies (608.2h): Might of the
Masses cast with three creatures gives +3/+3 until end of turn, whatever enters or dies after.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from kb.checks.model import attachments
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, GRAVEYARD, Event, Obj, State

SET, MODIFY, BECOME = "set power and toughness", "modify power and toughness", "become"  # 7b, 7c, 4 (613.1d)
PLUS, MINUS = "+1/+1", "-1/-1"
COUNTED = "counted"  # the event of a number an effect counted as it applied (608.2h)
EACH = {  # what a "for each" bonus counts, of the player whose effect it is
    "creature you control": lambda state, player: [o for o in s.in_zone(state, BATTLEFIELD, player) if "creature" in o.types],
    "card in your graveyard": lambda state, player: list(s.in_zone(state, GRAVEYARD, player)),
}


@dataclass(frozen=True)
class Body:
    """A continuous effect on one object: it sets (SET) or changes (MODIFY) power and toughness,
    or gives it the card type ``card_type`` (BECOME) until end of turn."""

    kind: str
    obj: str
    number: int  # the object it applies to: it ends when that object changes zones (400.7)
    power: int = 0
    toughness: int = 0
    card_type: str = ""
    end_of_turn: bool = False


def _effects(state: State, obj: Obj, kind: str) -> list[Body]:
    return [e for e in state.layered if isinstance(e, Body) and e.kind == kind and e.obj == obj.id and e.number == obj.number]


def power_toughness(state: State, obj: Obj) -> Optional[tuple[int, int]]:
    """(power, toughness) of ``obj`` now, or of it as it last existed; None: it has none (208.3)."""
    base = (2, 2) if obj.face_down and obj.zone == BATTLEFIELD else (obj.power, obj.toughness)  # face down: a 2/2 (708.2a)
    for effect in _effects(state, obj, SET):  # timestamp order: the latest wins (613.7)
        base = (effect.power, effect.toughness)
    if None in base or (obj.zone == BATTLEFIELD and "creature" not in obj.types):
        return None
    counters = obj.counter(PLUS) - obj.counter(MINUS)
    changes = _effects(state, obj, MODIFY)
    power, toughness = attachments.bonus(state, obj)  # layer 7c, as the other changes (613.4c)
    return (base[0] + counters + power + sum(e.power for e in changes),
            base[1] + counters + toughness + sum(e.toughness for e in changes))


def power(state: State, oid: str) -> Optional[int]:
    found = power_toughness(state, s.get(state, oid))
    return None if found is None else found[0]


def toughness(state: State, oid: str) -> Optional[int]:
    found = power_toughness(state, s.get(state, oid))
    return None if found is None else found[1]


def last_known(state: State, oid: str, number: int) -> Optional[Obj]:
    """The object ``oid`` numbered ``number``: on the battlefield still, else as it last existed there."""
    now = s.find(state, oid)
    if now is not None and now.number == number and now.zone == BATTLEFIELD:
        return now
    return next((o for o in state.last_known if o.id == oid and o.number == number), None)


def _add(state: State, oid: str, kind: str, **values) -> State:
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD:
        raise IllegalAction(f"{oid} is not a permanent")
    return replace(state, layered=state.layered + (Body(kind, oid, obj.number, **values),))


def set_base(state: State, oid: str, power_: int, toughness_: int) -> State:
    """An effect sets the permanent's base power and toughness (layer 7b): "is a 5/5"."""
    return _add(state, oid, SET, power=power_, toughness=toughness_)


def modify(state: State, oid: str, power_: int, toughness_: int) -> State:
    """It gets +power/+toughness (negative: minus) until end of turn (layer 7c)."""
    return _add(state, oid, MODIFY, power=power_, toughness=toughness_, end_of_turn=True)


def count(state: State, player: str, each: str) -> int:
    """How many of ``each`` (a key of EACH) there are now, for ``player``."""
    if each not in EACH:
        raise IllegalAction(f"unknown count {each!r} (known: {', '.join(sorted(EACH))})")
    return len(EACH[each](state, player))


def modify_for_each(state: State, oids: tuple, player: str, each: str, power_: int, toughness_: int) -> State:
    """Each of ``oids`` gets +power/+toughness for each ``each`` until end of turn: the number is
    counted once, now (608.2h), and the bonus stays as counted when that number changes."""
    number = count(state, player, each)
    for oid in oids:
        state = modify(s.log(state, Event(COUNTED, oid, player, f"{number} {each}")), oid, number * power_, number * toughness_)
    return state


def become_until_end_of_turn(state: State, oid: str, card_type: str) -> State:
    """It is a ``card_type`` too until end of turn (a Vehicle crewed: an artifact creature); if it
    is one already, the effect changes nothing (nor when that ends)."""
    obj = s.get(state, oid)
    if card_type in obj.types:
        return state
    state = s.update(state, oid, types=(*obj.types, card_type), gained=obj.gained | {card_type})
    return _add(state, oid, BECOME, card_type=card_type, end_of_turn=True)


def end_of_turn(state: State) -> State:
    """514.2: damage marked on permanents is removed and effects that last until end of turn end
    (a type given until then is gone; regeneration shields made this turn), at once."""
    for obj in [o for o in s.in_zone(state, BATTLEFIELD) if o.damage]:
        state = s.update(state, obj.id, damage=0)
    ending = [e for e in state.layered if getattr(e, "end_of_turn", False)]  # a Body, a regeneration shield
    for effect in ending:
        obj = s.find(state, effect.obj)
        if isinstance(effect, Body) and effect.kind == BECOME and obj is not None and obj.number == effect.number:
            state = s.update(state, obj.id, types=tuple(t for t in obj.types if t != effect.card_type),
                             gained=obj.gained - {effect.card_type})
    return replace(state, layered=tuple(e for e in state.layered if e not in ending))
