"""Activating abilities (602, 605) and special actions (116): cycling, unearth, mana abilities, other
activated abilities, suspending a card (turning a face-down permanent face up: kb.checks.model.face_down).

Cycling is an activated ability that works only while its card is in a hand; its cost includes
discarding the card (702.29a), so a card with madness cycled is exiled and its madness trigger
triggers; "when you cycle" abilities trigger too (702.29c) and go on the stack above the cycling
ability. Unearth works only while its card is in a graveyard, as a sorcery (702.84a); activating it
is not casting the card, which stays in the graveyard until the ability resolves (kb.checks.model.end_step).
An activated mana ability doesn't use the stack (605.3b). Special actions don't use the
stack either (116.1): suspending a card from hand, which is possible only when the card could be
cast (116.2f, 702.62a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

from kb.checks.model import abilities, end_step, exert, priority
from kb.checks.model import discard as dis
from kb.checks.model import state as s
from kb.checks.model.abilities import Ability
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import EXILE, GRAVEYARD, HAND, Event, Obj, State

CYCLING = "cycling"


def ability_of(obj: Obj, name: str) -> Ability:
    """The named ability of the object; "cycling" for a card with a cycling cost (702.29a), "unearth"
    for one with an unearth cost (702.84a: of this very card, in a graveyard)."""
    if name == CYCLING and obj.keyword_cost(CYCLING) is not None:
        return Ability(CYCLING, cost=obj.keyword_cost(CYCLING) + ", discard this card", zone=HAND,
                       effect=(("draw", {"player": obj.owner, "count": 1}),))
    if name == end_step.UNEARTH and obj.keyword_cost(end_step.UNEARTH) is not None:
        return Ability(end_step.UNEARTH, cost=obj.keyword_cost(end_step.UNEARTH), zone=GRAVEYARD,
                       effect=((end_step.UNEARTH, {"card": obj.id, "number": obj.number}),))
    found = abilities.named(obj.abilities, name)
    if found is None or found.kind != abilities.ACTIVATED:
        raise IllegalAction(f"{obj.id} has no activated ability {name!r}")
    return found


def activate(state: State, player: str, oid: str, name: str, *, discard: Optional[str] = None,
             between: Optional[Callable[[State], None]] = None) -> State:
    """``player`` activates the ability ``name`` of ``oid`` (602.2): on the stack first, then its
    costs paid (``between``: shown the state in between, when nobody has priority, 117.2e)."""
    obj = s.get(state, oid)
    ability = ability_of(obj, name)
    if obj.zone != ability.zone:
        raise IllegalAction(f"{name} of {oid} works only while it is in the {ability.zone}; it is in the {obj.zone} "
                            "(602.1, 702.29a)")
    if s.controller_of(state, oid) != player:  # a card in a hand: its owner (no controller there)
        raise IllegalAction(f"{player} can't activate {name} of {oid}: it isn't theirs (602.2)")
    if not priority.may_activate(state, ability):
        why = "a spell with split second is on the stack (702.61a)" if priority.locked(state) else \
            f"{priority.MIDWAY} (117.2e)"
        raise IllegalAction(f"{player} can't activate {name} now, as it isn't a mana ability: {why}")
    if name == end_step.UNEARTH and not priority.sorcery_timing(state, player):
        raise IllegalAction(f"{player} can't activate unearth of {oid} now: only as a sorcery, in their main phase with "
                            "an empty stack (702.84a, 307.1)")
    tap = "{T}" in ability.cost  # the {T} in the cost is paid by tapping the source (602.2b, 107.5)
    if tap and obj.tapped:
        raise IllegalAction(f"{oid} is tapped: it can't pay {{T}} for {name} (602.2b)")
    if tap and sick(obj):
        raise IllegalAction(f"{oid} is a creature {player} hasn't controlled since their turn began: no {{T}} (302.6)")
    if not abilities.uses_stack(ability):
        state = s.update(state, oid, tapped=True) if tap else state
        return s.to_priority(s.log(state, Event("mana", oid, player, name)))
    item = numbered(state, s.ability(f"{name} of {oid}", player, oid, ability.effect))
    state = s.push(state, item)
    if between is not None:
        between(replace(state, casting=item.id))
    state = s.update(state, oid, tapped=True) if tap else state
    if "exert" in ability.cost.lower():  # paid by exerting it (701.43d), exerted already or not (701.43b)
        state = exert.exert(state, player, oid)
    state = s.log(state, Event("activate", item.id, player, name))
    if name == CYCLING:
        state = cycle(state, player, oid)
    elif discard is not None:
        state = dis.discard(state, player, discard, dis.COST)
    return s.to_priority(state)


def sick(obj: Obj) -> bool:
    """302.6: a creature whose controller hasn't controlled it continuously since their most
    recent turn began, without haste, can't pay {T} (nor attack: kb.checks.model.combat)."""
    return "creature" in obj.types and obj.sick and "haste" not in obj.keywords


def numbered(state: State, item: Obj) -> Obj:
    """An ability being activated, with an id of its own (a second activation of the same ability beside the first)."""
    return replace(item, id=s.new_id(state, item.id), number=state.counter)


def cycle(state: State, player: str, oid: str) -> State:
    """Pay the cycling cost's discard (madness may exile the card), log the cycle and trigger the
    card's "when you cycle" abilities, from whatever zone it went to (702.29c)."""
    state = dis.discard(state, player, oid, dis.COST, cycled=True)
    state = s.log(state, Event("cycle", oid, player))
    card = s.get(state, oid)
    for ability in card.abilities:
        if ability.on == "cycle":
            state = s.trigger(state, s.ability(f"{ability.name} ({oid})", player, oid, ability.effect))
    return state


def suspended(card: Obj) -> bool:
    """702.62b: a card is suspended while it is in exile, has suspend and has a time counter."""
    return card.zone == EXILE and card.keyword_cost("suspend") is not None and card.counter("time") > 0


def suspend(state: State, player: str, oid: str) -> State:
    """702.62a: exile a card with suspend from your hand, face up with N time counters, if you
    could begin to cast it now; a special action: nothing goes on the stack (116.2f)."""
    card = s.get(state, oid)
    spec = card.keyword_cost("suspend")
    if spec is None or card.zone != HAND or card.owner != player:
        raise IllegalAction(f"{oid} is not a card with suspend in {player}'s hand (702.62a)")
    if not priority.may_special(state, player, priority.SUSPEND, card):
        raise IllegalAction(f"{player} can't suspend {oid} now: it can be suspended only when it could be cast "
                            "(116.2f, 702.62a)")
    time = int(spec.split("|")[0])
    state = s.move(state, oid, EXILE, counters=(("time", time),))
    return s.log(state, Event("special action", oid, player, "suspend"))


def foretell(state: State, player: str, oid: str) -> State:
    """702.143a, 116.2h: pay {2} and exile a card with foretell from one's hand face down, any
    time one has priority during one's own turn; a special action, which nothing can respond to.
    The card can be cast from exile for its foretell cost on a later turn (kb.checks.model.casting)."""
    card = s.get(state, oid)
    if card.zone != HAND or card.owner != player or card.keyword_cost(priority.FORETELL) is None:
        raise IllegalAction(f"{oid} is not a card with foretell in {player}'s hand (702.143a)")
    if not priority.may_special(state, player, priority.FORETELL):
        raise IllegalAction(f"{player} can foretell only while they have priority during their own turn (702.143a)")
    state = s.move(state, oid, EXILE, face_down=True)
    return s.log(state, Event("special action", oid, player, priority.FORETELL))
