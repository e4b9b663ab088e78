"""Permanents entering the battlefield (603.6a), and lands played (305.1).

A permanent that enters the battlefield (a permanent spell resolving, or put there by an effect)
triggers its own abilities that trigger when it enters ("when this creature enters", 603.6a),
unless it enters face down: a face-down permanent has no abilities (708.2). Turning a permanent
face up is no entering: it was on the battlefield already (708.8). A land enters the battlefield under a player's control when they play it (a special action at
sorcery speed, 116.2a) or when a spell or ability puts it there; either way, each landfall ability
of the permanents that player controls triggers ("whenever a land enters the battlefield under
your control", 207.2c); so does each constellation ability for an enchantment, of whatever other
types. A permanent already on the battlefield that becomes a land, an enchantment or a creature
doesn't enter the battlefield: nothing triggers::

    put_onto_battlefield(state, "Forest", "A")    -> A's landfall abilities wait to go on the stack
    become(state, "Grizzly Bears", "land")        -> a land now; no landfall
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import designations, evolve, priority, saga
from kb.checks.model.cards import MODAL
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, HAND, Event, State

LANDFALL = "landfall"
CONSTELLATION = "constellation"
WATCHED = {LANDFALL: "land", CONSTELLATION: "enchantment"}  # ability word -> the type of a permanent entering that triggers it
ENTERS = "enters"


DOUBLE_FACED = ("transform", MODAL)  # layouts of double-faced cards that enter with a face up (712.14)


def put_onto_battlefield(state: State, oid: str, controller: Optional[str] = None, transformed: bool = False,
                         counters: Optional[dict] = None, attacking: Optional[str] = None) -> State:
    """The object enters the battlefield under ``controller`` (else its owner), a new object. A
    double-faced card enters with its front face up (712.14), its back face up when put there
    transformed (712.14a; a modal one too: it can transform, 712.3, 712.9), with that face's types
    and mana cost; a card that isn't a double-faced card put there transformed stays where it is
    (712.14a), and so does a card whose face up there wouldn't be a permanent card: an instant or
    a sorcery (400.4a), a modal double-faced card whose front face isn't a permanent, put there
    transformed or not (712.14b says so of any instruction to put one onto the battlefield); a
    token that has left the battlefield can't come back (111.8). ``counters``: those it enters
    with (603.6d: part of the event, so they count for what triggers on its entering). ``attacking``:
    what it enters attacking (a player); it was never declared an attacker (508.4)."""
    card = s.get(state, oid)
    with_counters = {"counters": tuple(sorted(counters.items()))} if counters else {}
    if card.kind == s.TOKEN:
        return s.log(state, Event("stays", oid, card.owner, "111.8: a token that has left the battlefield"))
    if transformed and card.layout not in DOUBLE_FACED:
        return s.log(state, Event("stays", oid, card.owner, "712.14a: not a double-faced card"))
    face = 1 if transformed else 0
    if card.layout in DOUBLE_FACED and card.faces:
        types = card.faces[face].types or card.types
        front = card.faces[0].types or card.types
        if card.layout == "modal_dfc" and not s.PERMANENT_TYPES.intersection(front):
            return s.log(state, Event("stays", oid, card.owner, "712.14b: its front face isn't a permanent"))
        if not s.PERMANENT_TYPES.intersection(types):
            return s.log(state, Event("stays", oid, card.owner, "400.4a: its face up wouldn't be a permanent"))
        state = s.update(s.move(state, oid, BATTLEFIELD, controller=controller, **with_counters), oid, face=face, types=types,
                         mana_cost=card.faces[face].mana_cost)
        return entered(_attacking(state, oid, attacking), oid)
    if not card.permanent_card and card.types:
        return s.log(state, Event("stays", oid, card.owner, "400.4a: not a permanent card"))
    state = s.move(state, oid, BATTLEFIELD, controller=controller, **with_counters)
    return entered(_attacking(state, oid, attacking), oid)


def _attacking(state: State, oid: str, attacking: Optional[str]) -> State:
    if attacking is None:
        return state
    if "creature" not in s.get(state, oid).types:
        raise IllegalAction(f"{oid} is no creature: it can't enter attacking (508.4)")
    return s.update(state, oid, attacking=attacking)


def put_all(state: State, oids: tuple[str, ...], controller: Optional[str] = None) -> State:
    """Several permanents put onto the battlefield by one event: each is checked for what
    triggers on its entering once all are there (603.6a)."""
    for oid in oids:
        card = s.get(state, oid)
        if card.kind == s.TOKEN or not card.permanent_card or card.faces:
            raise IllegalAction(f"{oid}: only single-faced permanent cards are put onto the battlefield together here")
        state = s.move(state, oid, BATTLEFIELD, controller=controller)
    for oid in oids:
        state = entered(state, oid)
    return state


def entered(state: State, oid: str) -> State:
    """A permanent that entered: a Saga gets its first lore counter (714.3a); its own enters
    abilities trigger, unless it is face down; a land: each landfall ability of its controller's
    permanents triggers too, an enchantment each constellation ability, a creature each evolve
    ability whose condition holds (702.100a). Its controller may get the city's blessing first (702.131b, d)."""
    state = saga.entered(designations.ascend(state), oid)
    arrived = s.get(state, oid)
    player = s.controller_of(state, oid)
    for ability in () if arrived.face_down else arrived.abilities:
        if ability.on == ENTERS:
            state = s.trigger(state, s.ability(f"{ability.name} ({oid})", player, oid, ability.effect))
    for watcher in s.in_zone(state, BATTLEFIELD, player):
        for ability in watcher.abilities:
            if WATCHED.get(ability.on) in arrived.types:
                state = s.trigger(state, s.ability(f"{ability.name} ({watcher.id})", player, watcher.id, ability.effect))
    return evolve.entered(state, arrived, player)


def play_land(state: State, player: str, oid: str, face: Optional[int] = None) -> State:
    """305.1, 116.2a: a land card from one's hand onto the battlefield, at sorcery speed; a special
    action (it doesn't use the stack), but the land enters the battlefield all the same. A modal
    double-faced card is played by the ``face`` its player chooses (its front by default), which
    must be a land; only that face's characteristics count, and it enters with that face up
    (712.12, 305.9)."""
    card = s.get(state, oid)
    modal = card.layout == MODAL and len(card.faces) == 2
    index = 0 if face is None else face
    if index and not modal:
        raise IllegalAction(f"{oid} is no modal double-faced card: it has no face to choose (712.12)")
    if not 0 <= index < len(card.faces or (None,)):
        raise IllegalAction(f"{oid} has no face {index} to play (712.12)")
    chosen = card.faces[index] if modal else None
    types = (chosen.types or card.types) if chosen is not None else card.types
    if card.zone != HAND or card.owner != player or "land" not in types:
        raise IllegalAction(f"{oid} is not a land card in {player}'s hand (305.1)" if chosen is None else
                            f"{chosen.name}, the face of {oid} chosen, is not a land: it can't be played as one (712.12)")
    if not priority.may_special(state, player, priority.PLAY_LAND):
        raise IllegalAction(f"{player} can't play a land now: only in their main phase with an empty stack (305.1)")
    up = {"face": index, "types": types, "mana_cost": chosen.mana_cost} if chosen is not None else {}
    state = s.log(entered(s.move(state, oid, BATTLEFIELD, **up), oid),  # under its owner's control
                  Event("special action", oid, player, "play land"))
    return s.to_priority(state)


def become(state: State, oid: str, card_type: str) -> State:
    """An effect makes a permanent a ``card_type`` too ("becomes a land", "becomes a creature"):
    the same object, which enters nothing (no landfall, no summoning sickness of its own, 302.6)."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD:
        raise IllegalAction(f"{oid} is not a permanent")
    return s.update(state, oid, types=tuple(dict.fromkeys((*obj.types, card_type))),
                    gained=obj.gained | ({card_type} - set(obj.types)))
