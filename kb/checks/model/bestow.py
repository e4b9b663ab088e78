"""Bestow (702.103) and Auras on the battlefield (303.4, 704.5m).

A card cast bestowed (for its bestow cost, an alternative cost: 702.103a, 118.9) becomes, as it
is put onto the stack, an Aura enchantment spell with enchant creature that targets the creature
it will enchant: no longer a creature spell (702.103b); put onto the battlefield any other way it
is what its card is, an enchantment creature. As a bestowed Aura spell begins to resolve, if its
target is illegal, it ceases to be bestowed and resolves as a creature spell, entering as a
creature (702.103e; any other Aura spell with an illegal target doesn't resolve, 608.2b). An Aura
spell that resolves enters attached to what it targeted (303.4f). An Aura attached to nothing,
or to what it can't enchant, is put into its owner's graveyard (704.5m), but a bestowed one
ceases to be bestowed and stays on the battlefield as an enchantment creature, untapped as it was,
without entering again (702.103f)::

    cast(state, "A", "Boon Satyr", alternative="bestow", targets=["Grizzly Bears"])
    types of "Boon Satyr" on the stack  -> ("enchantment", "aura")
"""

from __future__ import annotations

from kb.checks.model import attachments
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, GRAVEYARD, Event, Obj, State

BESTOW, AURA, ENCHANT_CREATURE = "bestow", "aura", "target: creature"


def bestowed(obj: Obj) -> bool:
    """Cast bestowed (a spell, or the permanent it became) and still an Aura (702.103b)."""
    return obj.spell is not None and obj.spell.alternative == BESTOW and AURA in obj.types


def as_aura(state: State, oid: str, targets: tuple) -> State:
    """702.103b: a spell cast bestowed is an Aura enchantment with enchant creature, not a creature,
    and targets the one creature it will enchant (303.4a)."""
    card = s.get(state, oid)
    if len(targets) != 1:
        raise IllegalAction(f"{oid} cast bestowed is an Aura spell: it targets the one creature it will enchant (303.4a, 702.103b)")
    types = tuple(t for t in card.types if t != "creature") + (AURA,)
    return s.update(state, oid, types=types, keywords=card.keywords | {ENCHANT_CREATURE})


def unbestow(state: State, oid: str) -> State:
    """It ceases to be bestowed: the effect making it an Aura ends (702.103e, 702.103f)."""
    obj = s.get(state, oid)
    types = tuple(t for t in obj.types if t != AURA)
    return s.update(state, oid, types=types + ("creature",) if "creature" not in types else types,
                    keywords=obj.keywords - {ENCHANT_CREATURE}, attached_to=None, targets=())


def enchanting(state: State, aura: Obj) -> bool:
    """The Aura is attached to a creature on the battlefield, the very object it was attached to (400.7)."""
    found = attachments.attached_to(state, aura)
    return found is not None and "creature" in found.types


def check_auras(state: State) -> State:
    """704.5m, 702.103f: each Aura that enchants nothing legal goes to its owner's graveyard; a
    bestowed one becomes an enchantment creature instead."""
    for aura in [o for o in s.in_zone(state, BATTLEFIELD) if AURA in o.types]:
        if enchanting(state, aura):
            continue
        if bestowed(aura):
            state = s.log(unbestow(state, aura.id), Event("unbestowed", aura.id, aura.owner, "702.103f"))
        else:
            state = s.move(state, aura.id, GRAVEYARD)
    return state
