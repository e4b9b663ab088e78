"""Equipment and the permanents Auras and Equipment are attached to (301.5, 303.4, 704.5m-n).

An Equipment is attached only to a creature on the battlefield, never to itself, and not while it is
a creature itself (301.5c); an effect that tries anything else leaves it where it was (301.5b). It
is a permanent of its own: attaching it changes neither its controller nor its status, and
changing the control or the status of the creature changes neither of the Equipment's (301.5d,
303.4e, 110.5c). An Equipment attached to what it can't equip, or to an object that is gone (a
permanent that left the battlefield and came back is a new object, 400.7), becomes unattached and
stays on the battlefield (704.5n); an Aura so is put into its owner's graveyard
(704.5m: ``kb.checks.model.bestow.check_auras``). A permanent attached to another can give it a
bonus, "attached gets +P/+T" among its keywords, whether it is tapped or not (110.5c)::

    attach(state, "Bonesplitter", "Grizzly Bears")
    bonus(state, bears)  -> (2, 0)
"""

from __future__ import annotations

import re

from kb.checks.model import colors
from kb.checks.model import state as s
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

EQUIPMENT, AURA = "equipment", "aura"
BONUS = re.compile(r"attached gets ([+-]\d+)/([+-]\d+)$")


def attached_to(state: State, attachment: Obj) -> Obj | None:
    """The very object (400.7) the attachment is attached to, if it is still on the battlefield."""
    if attachment.attached_to is None:
        return None
    oid, number = attachment.attached_to
    found = s.find(state, oid)
    return found if found is not None and found.number == number and found.zone == BATTLEFIELD else None


def can_equip(equipment: Obj, target: Obj | None) -> bool:
    """301.5, 301.5c: an Equipment that isn't a creature equips a creature on the battlefield other than itself."""
    return (target is not None and target.zone == BATTLEFIELD and "creature" in target.types
            and target.id != equipment.id and EQUIPMENT in equipment.types and "creature" not in equipment.types)


def can_enchant(aura: Obj, target: Obj | None) -> bool:
    """303.4, 303.4d: an Aura enchants a permanent other than itself that its enchant ability allows
    ("target: creature" among its keywords: a creature)."""
    kinds = [k.split(": ", 1)[1] for k in aura.keywords if k.startswith("target: ")]
    return (AURA in aura.types and target is not None and target.zone == BATTLEFIELD and target.id != aura.id
            and all(kind in target.types for kind in kinds))


def attach(state: State, oid: str, target: str) -> State:
    """An effect attaches the Equipment or Aura ``oid`` to ``target`` (301.5b, 701.3a); what can't
    be attached so doesn't move (301.5b, 701.3b)."""
    obj, other = s.get(state, oid), s.find(state, target)
    legal = can_equip(obj, other) if EQUIPMENT in obj.types else can_enchant(obj, other)
    if obj.zone != BATTLEFIELD or not legal:
        return s.log(state, Event("doesn't move", oid, s.controller_of(state, oid), f"can't be attached to {target} (301.5b)"))
    state = s.update(state, oid, attached_to=(other.id, other.number))
    return s.log(state, Event("attach", oid, s.controller_of(state, oid), target))


def check_equipment(state: State) -> State:
    """704.5n: each Equipment attached to what it can't equip, or to what is gone, becomes
    unattached; it remains on the battlefield."""
    for equipment in [o for o in s.in_zone(state, BATTLEFIELD) if EQUIPMENT in o.types and o.attached_to is not None]:
        if not can_equip(equipment, attached_to(state, equipment)):
            state = s.update(state, equipment.id, attached_to=None)
            state = s.log(state, Event("unattached", equipment.id, s.controller_of(state, equipment.id), "704.5n"))
    return state


def bonus(state: State, obj: Obj) -> tuple[int, int]:
    """What the permanents attached to ``obj`` give it ("attached gets +P/+T"), tapped or not
    (110.5c); none from one that lost its abilities (613.1f)."""
    power = toughness = 0
    if obj.zone != BATTLEFIELD:
        return power, toughness
    for other in s.in_zone(state, BATTLEFIELD):
        if other.attached_to == (obj.id, obj.number):
            for found in filter(None, map(BONUS.match, colors.keywords_of(state, other.id))):
                power, toughness = power + int(found[1]), toughness + int(found[2])
    return power, toughness
