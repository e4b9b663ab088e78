"""Cipher (702.99): a spell card exiled encoded on a creature, and the copies it lets be cast.

As a spell with cipher resolves, after its other effects, its controller may exile its card
encoded on a creature they control then (702.99a): chosen as it resolves, not targeted, so shroud,
hexproof and protection don't stop it; a noncreature permanent or an opponent's creature can't be
chosen. The card goes from the stack straight to exile; a spell that doesn't resolve (countered,
or its targets all illegal) does nothing, cipher included, and goes to the graveyard; a copy is
no card and isn't encoded. The card stays encoded while it stays exiled and the creature stays on
the battlefield, whoever controls it and creature or not (702.99c); the creature leaving ends it,
for good (a new object comes back, 400.7). While encoded, the creature has "Whenever this creature
deals combat damage to a player, you may copy the encoded card and you may cast the copy without
paying its mana cost": once per player dealt combat damage, controlled by the creature's
controller then (603.3a), not at all once the creature lost all its abilities (613.1f); the copy is
made in exile and cast there (707.12, kb.checks.model.effects' ``copy_card``)::

    resolve(state, {"encode": "Grizzly Bears"})            # Last Thoughts: a card drawn, then encoded
    deal(state, "Grizzly Bears", "B", 2, combat=True)      # its trigger: a copy of Last Thoughts cast
"""

from __future__ import annotations

from typing import Mapping, Optional

from kb.checks.model import colors
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, EXILE, Event, Obj, State

CIPHER, ENCODED = "cipher", "encoded"


def as_it_resolves(state: State, spell: Obj, choices: Mapping) -> State:
    """The last part of ``spell``'s resolution: if ``choices["encode"]`` names a creature, exile
    the spell's card encoded on it (702.99a). Without that choice, nothing: the card leaves the
    stack as any other (kb.checks.model.leaving)."""
    creature = choices.get("encode")
    if creature is None:
        return state
    if CIPHER not in spell.keywords:
        raise IllegalAction(f"{spell.id} has no cipher to encode it (702.99a)")
    if spell.kind != s.CARD:
        raise IllegalAction(f"{spell.id} is a copy, no card to exile encoded (702.99a)")
    chosen = s.find(state, creature)
    if chosen is None or chosen.zone != BATTLEFIELD or "creature" not in chosen.types:
        raise IllegalAction(f"{creature} is no creature on the battlefield to encode {spell.id} on (702.99a)")
    if s.controller_of(state, creature) != spell.controller:
        raise IllegalAction(f"{creature} isn't a creature {spell.controller} controls (702.99a)")
    state = s.move(state, spell.id, EXILE)
    card = s.get(state, spell.id)
    return s.log(state, Event(ENCODED, spell.id, spell.controller, f"{creature}|{chosen.number}|{card.number}"))


def encoded_on(state: State, creature: str) -> tuple[str, ...]:
    """The cards encoded on ``creature`` now: still exiled, the same objects as when encoded, and
    the creature still on the battlefield, the same object (702.99c)."""
    obj = s.find(state, creature)
    if obj is None or obj.zone != BATTLEFIELD:
        return ()
    found = []
    for event in s.events(state, ENCODED):
        on, creature_number, card_number = event.detail.split("|")
        card = s.find(state, event.obj)
        if on == creature and int(creature_number) == obj.number and card is not None and card.zone == EXILE \
                and card.number == int(card_number):
            found.append(card.id)
    return tuple(found)


def encoded_where(state: State, card: str) -> Optional[str]:
    """The creature ``card`` is encoded on now, if any."""
    for obj in s.in_zone(state, BATTLEFIELD):
        if card in encoded_on(state, obj.id):
            return obj.id
    return None


def combat_damage(state: State, source: str) -> State:
    """``source`` dealt combat damage to a player: each card encoded on it triggers, under the
    creature's controller, unless the creature lost all its abilities."""
    obj = s.find(state, source)
    if obj is None or obj.zone != BATTLEFIELD or colors.effects_on(state, obj, colors.LOSE_ABILITIES):
        return state
    controller = s.controller_of(state, source)
    for card in encoded_on(state, source):
        state = s.trigger(state, s.ability(f"cipher trigger of {card} ({source})", controller, source,
                                           (("copy_card", {"card": card}),)))
    return state
