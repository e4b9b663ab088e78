"""Until the next end step (513.1a, 603.7): a creature cast for its dash cost (702.109a), and one
returned by unearth (702.84a).

Dash: the permanent a spell becomes when its dash cost was paid has haste, as long as that cost was
paid, and a delayed triggered ability returns it to its owner's hand at the beginning of the next end
step. A copy of the permanent doesn't have haste nor returns: how a spell was cast is not a
copiable value (707.2; kb.checks.model.copies); a copy of the spell is dashed too (707.10). Paying
the dash cost is paying an alternative cost: the spell is cast, its timing as ever (601.2b, 601.2f;
kb.checks.model.casting).

Unearth is an activated ability of a card in a graveyard, activated only as a sorcery
(kb.checks.model.actions): the card isn't cast. As it resolves it returns the card, if it is still
the same object in the graveyard (400.7); the creature gains haste, a delayed triggered ability
exiles it at the beginning of the next end step, and a replacement exiles it instead if it would
leave the battlefield any other way (614.1a). Both are effects of the unearth ability, not abilities
of the creature: one that loses all its abilities is exiled all the same.

A delayed triggered ability that refers to an object does nothing once that object has left the
zone it was in: the permanent that came back is a new object (603.7c, 400.7)::

    begin(state)   -> the end step begins: its delayed triggers wait to go on the stack
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import entering
from kb.checks.model import state as s
from kb.checks.model.state import BATTLEFIELD, END, EXILE, GRAVEYARD, HAND, Delayed, Event, Obj, State

DASH, UNEARTH, HASTE = "dash", "unearth", "haste"
PUT = "put"  # the effect of a delayed trigger that takes a permanent away: ("put", {"object", "number", "to"})


def dashed(obj: Obj) -> bool:
    """A spell whose dash cost was paid, or the permanent it became (702.109a)."""
    return obj.spell is not None and obj.spell.alternative == DASH


def arrived(state: State, oid: str) -> State:
    """A permanent spell has resolved onto the battlefield as ``oid``: if its dash cost was paid, it has
    haste and returns to its owner's hand at the beginning of the next end step (702.109a)."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD or not dashed(obj):
        return state
    state = s.update(state, oid, keywords=obj.keywords | {HASTE}, gained=obj.gained | {HASTE})
    return _until_end_step(state, f"dash return of {oid}", s.controller_of(state, oid), oid, HAND)


def unearth(state: State, item: Obj, card: str, number: int) -> State:
    """Unearth resolves (702.84a): the card returns from its owner's graveyard, if it is still that object
    there, under its owner's control (who alone could activate the ability, 602.2); it gains haste, is
    exiled at the beginning of the next end step, and is exiled instead if it would leave the
    battlefield. Else nothing happens."""
    found = s.find(state, card)
    if found is None or found.zone != GRAVEYARD or found.number != number:
        return s.log(state, Event("does nothing", card, item.controller, "400.7: that card is not in the graveyard"))
    state = entering.put_onto_battlefield(state, card)
    back = s.get(state, card)
    if back.zone != BATTLEFIELD:
        return state
    state = s.update(state, card, keywords=back.keywords | {HASTE}, gained=back.gained | {HASTE})
    state = replace(state, exile_instead=state.exile_instead + ((card, back.number),))
    return _until_end_step(state, f"unearth exile of {card}", item.controller, card, EXILE)


def _until_end_step(state: State, name: str, player: str, oid: str, to: str) -> State:
    """A delayed trigger that puts this very permanent into ``to`` at the beginning of the next end step."""
    number = s.get(state, oid).number
    return replace(state, delayed=state.delayed + (Delayed(name, player, oid, ((PUT, {"object": oid, "number": number, "to": to}),), END),))


def put(state: State, args: dict) -> State:
    """A delayed trigger resolves: the permanent goes to its zone (its owner's hand, exile) if it is
    still the object the trigger refers to on the battlefield; else it stays where it is (603.7c, 400.7)."""
    obj = s.find(state, args["object"])
    if obj is None or obj.zone != BATTLEFIELD or obj.number != args["number"]:
        return s.log(state, Event("does nothing", args["object"], detail="603.7c: not that permanent any more"))
    return s.move(state, obj.id, args["to"])


def begin(state: State) -> State:
    """The end step begins (513.1a): the delayed triggers waiting for the next end step trigger,
    once each (603.7b), and wait to go on the stack."""
    waiting = []
    for delayed in state.delayed:
        if delayed.at == END:
            state = s.trigger(state, s.ability(delayed.name, delayed.player, delayed.obj, delayed.effect))
        else:
            waiting.append(delayed)
    return s.to_priority(replace(state, step=END, delayed=tuple(waiting)))
