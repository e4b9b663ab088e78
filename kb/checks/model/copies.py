"""Copies (707): of a spell on the stack, with the same choices (707.10), of a card in another zone
(707.12), and of a permanent, by its copiable values alone (707.2). Copying a spell triggers
magecraft (207.2c); copying a card is copying no spell.

A copy of a spell copies the decisions made for it as it was cast: its modes, the value of X, its
targets and the alternative or additional costs paid (707.10). It isn't cast: no cost is paid for
it, so none can be chosen for it, and no mana was spent to cast it (kb.checks.model.spent). It is
controlled and owned by the player who put it on the stack, above the original, so it resolves
first. An effect that lets its controller choose new targets (707.10c, 115.7d) lets them change any
number of them, each to a legal one; a target left unchanged stays, even if it is illegal by then;
the number of targets, the modes and X stay those of the original::

    Twincast copying Murder at B's Bear, new targets ["Giant"]     -> the copy targets Giant
    ... new targets [None]                                        -> the copy targets B's Bear, even if it is gone
    ... new targets ["Sol Ring"]                                  -> refused: Murder targets a creature
    ... new targets ["Bear", "Giant"]                             -> refused: one target, not two
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Optional, Sequence

from kb.checks.model import casting, targeting
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import STACK, Cast, Event, Obj, State


def copy_spell(state: State, oid: str, controller: str, new_targets: Optional[Sequence[Optional[str]]] = None,
               modes: Optional[Sequence[int]] = None, x: Optional[int] = None, pay: Optional[str] = None) -> State:
    """707.10: a copy of a spell on the stack, with the same choices: modes, X, targets, the
    alternative or additional costs paid; it isn't cast (707.10, 702.40a), so nothing that triggers
    on casting triggers. ``new_targets``: the copy's controller may choose new targets (707.10c),
    one entry for each of the original's, None to leave it. ``modes``, ``x``, ``pay`` (a cost):
    what a player asks for the copy; refused unless it is what was chosen for the original."""
    original = s.get(state, oid)
    if original.zone != STACK or original.kind == s.ABILITY:
        raise IllegalAction(f"{oid} is not a spell on the stack")
    info = original.spell or Cast()
    if pay is not None:
        raise IllegalAction(f"no cost, alternative or additional ({pay}), can be paid for a copy of {oid}: it isn't cast; "
                            f"it copies the costs paid for the original (707.10)")
    if modes is not None and tuple(modes) != info.modes:
        raise IllegalAction(f"a copy of {oid} has the modes chosen for it, {list(info.modes)}, not {list(modes)} (707.10)")
    if x is not None and x != info.x:
        raise IllegalAction(f"a copy of {oid} has the value of X chosen for it, {info.x}, not {x} (707.10)")
    state = copy_of(state, original, controller)
    if new_targets is None:
        return state
    return retarget(state, state.stack[-1], original, tuple(new_targets))


def retarget(state: State, copy_id: str, original: Obj, chosen: tuple[Optional[str], ...]) -> State:
    """707.10c, 115.7d: the copy's new targets, one for each of the original's (None: left
    unchanged, even if illegal); each new one must be a legal target for the copy."""
    old = original.targets
    if len(chosen) != len(old):
        raise IllegalAction(f"{original.id} has {len(old)} target(s): choosing new targets for its copy changes which, "
                            f"not how many ({len(chosen)}) (707.10, 115.7)")
    unchanged = [place for place, new in enumerate(chosen) if new is None]
    return targeting.choose(state, copy_id, chosen, kept=unchanged)  # each new one checked against what the copy asks for


def copy_of(state: State, original: Obj, controller: str) -> State:
    info = replace(original.spell or Cast(), cast=False, mana_paid="{0}", spent=())  # no mana spent to cast it (601.2h)
    copy = replace(original, id=s.new_id(state, f"copy of {original.id}"), kind=s.COPY, owner=controller,
                   controller=controller, spell=info, number=state.counter)
    state = replace(state, counter=state.counter + 1)
    return casting.watchers(s.log(s.push(state, copy), Event("copy", copy.id, controller)), copy, (casting.MAGECRAFT,))


def storm(state: State, item: Obj, args: Mapping) -> State:
    """702.40a: a copy for each spell cast before it this turn, even if the spell is gone (608.2h:
    as it last existed on the stack; the copy is put there)."""
    original = s.get(state, args["spell"])
    for _ in range(int(args["count"])):
        state = copy_of(state, original, item.controller)
    return state


def copy_target(state: State, item: Obj, choices: Mapping) -> State:
    """Twincast: copy the spell it targets (gone, Twincast doesn't resolve: 608.2b); its controller
    may choose new targets for the copy (``choices["new_targets"]``, 707.10c)."""
    if not item.targets:
        raise IllegalAction(f"{item.id} has no target spell to copy")
    new = choices.get("new_targets")
    return copy_spell(state, item.targets[0][0], item.controller, None if new is None else tuple(new))


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
