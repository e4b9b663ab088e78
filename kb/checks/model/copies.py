"""Copies (707): of a spell on the stack, with the same choices (707.10), of a card in another zone
(707.12), and of a permanent, by its copiable values alone (707.2). Copying a spell triggers
magecraft (207.2c); copying a card is copying no spell."""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import casting
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import STACK, Cast, Event, Obj, State


def copy_spell(state: State, oid: str, controller: str) -> State:
    """707.10: a copy of a spell on the stack, with the same choices: alternative cost paid, X,
    targets; it isn't cast (707.10, 702.40a), so nothing that triggers on casting triggers."""
    original = s.get(state, oid)
    if original.zone != STACK or original.kind == s.ABILITY:
        raise IllegalAction(f"{oid} is not a spell on the stack")
    return copy_of(state, original, controller)


def copy_of(state: State, original: Obj, controller: str) -> State:
    info = replace(original.spell or Cast(), cast=False)
    copy = replace(original, id=s.new_id(state, f"copy of {original.id}"), kind=s.COPY, owner=controller,
                   controller=controller, spell=info, number=state.counter)
    state = replace(state, counter=state.counter + 1)
    return casting.watchers(s.log(s.push(state, copy), Event("copy", copy.id, controller)), copy, (casting.MAGECRAFT,))


def copy_card(state: State, oid: str, controller: str) -> tuple[State, str]:
    """707.12: a copy of a card in a zone other than the stack, made in that zone (to be cast at
    once, or gone at the next check of state-based actions, 704.5e); no spell is copied, so nothing
    that triggers on copying a spell triggers. Its id as well."""
    original = s.get(state, oid)
    if original.zone in (STACK, s.BATTLEFIELD):
        raise IllegalAction(f"{oid} is not a card in a hand, library, graveyard or exile to copy (707.12)")
    copy = replace(original, id=s.new_id(state, f"copy of {oid}"), kind=s.COPY, owner=controller,
                   controller=controller, number=state.counter)
    state = s.put(replace(state, counter=state.counter + 1), copy)
    return s.log(state, Event("copy card", copy.id, controller)), copy.id


def copy_permanent(state: State, oid: str, controller: str) -> State:
    """707.2: a token that enters as a copy of a permanent copies its copiable values (name, mana
    cost, types, abilities, color, printed power and toughness), not its status, counters, how its spell was cast, or what
    other effects gave it (haste, a type, a color, an ability): a copy of a kicked permanent isn't kicked."""
    original = s.get(state, oid)
    if original.zone != s.BATTLEFIELD:
        raise IllegalAction(f"{oid} is not a permanent to copy")
    types = tuple(t for t in original.types if t not in original.gained)
    copy = Obj(s.new_id(state, f"copy of {oid}"), controller, s.BATTLEFIELD, controller, s.TOKEN, types,
               original.mana_cost, original.layout, original.faces, original.face, original.colors, original.keywords - original.gained,
               original.keyword_costs, tuple(a for a in original.abilities if not a.granted), power=original.power, toughness=original.toughness,
               sick=True, number=state.counter)  # fmt: skip
    state = s.put(replace(state, counter=state.counter + 1), copy)
    return s.log(state, Event("copy", copy.id, controller))
