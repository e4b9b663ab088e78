"""Objects leaving the stack: where a spell's card goes, and countering (701.6, 608.2n, 608.3).

A permanent spell that resolves becomes a permanent under its controller's control (608.3a); an
instant or sorcery goes to its owner's graveyard (608.2n) unless flashback, or aftermath cast from
a graveyard, exiles it on any way off the stack (702.34a, 702.127a), or rebound (if it was cast
from its owner's hand, 702.88a) or its Adventure exiles it as it resolves; the controller of an
Adventure may then cast the card as the creature (715.3d; kb.checks.model.origins). A copy of a
permanent spell becomes a token (608.3f); other copies cease to exist (707.10a). Countered, a
spell goes to its owner's graveyard (701.6a) - or exile with flashback - and an ability just
ceases to exist: a countered madness trigger leaves its card in exile. A token in a zone other
than the battlefield ceases to exist at the next check of state-based actions (111.7, 704.5d;
that it can't come back is kb.checks.model.entering's, 111.8).
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import attachments, bestow, cards, control, damage, designations, dungeon, dying, end_step, entering, saga
from kb.checks.model import state as s
from kb.checks.model.origins import ADVENTURE_EXILE, FLASHBACK
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, STACK, Delayed, Event, Obj, State


def flashback_exiles(spell: Obj) -> bool:
    """702.34a: cast with flashback, it is exiled instead of going anywhere else off the stack."""
    return spell.spell is not None and spell.spell.alternative == FLASHBACK


def aftermath_exiles(spell: Obj) -> bool:
    """702.127a: an aftermath card cast from a graveyard is exiled instead of going anywhere else off the stack."""
    return spell.layout == cards.AFTERMATH and spell.spell is not None and spell.spell.cast_from == GRAVEYARD


def adventure_exiles(spell: Obj) -> bool:
    """715.3d: a card cast as an Adventure is exiled as it resolves (a copy ceases to exist, 707.10a)."""
    return spell.layout == cards.ADVENTURE and spell.face == cards.ADVENTURE_PART and spell.kind == s.CARD


def rebound_applies(spell: Obj) -> bool:
    """702.88a: only a spell with rebound cast from its owner's hand; never a copy (not cast)."""
    return "rebound" in spell.keywords and spell.kind == s.CARD and spell.spell is not None \
        and spell.spell.cast_from == HAND and spell.spell.cast


def destination(spell: Obj, resolved: bool) -> str:
    """Where the card of a spell leaving the stack goes."""
    if flashback_exiles(spell) or aftermath_exiles(spell):
        return EXILE
    if resolved and (spell.permanent_card or spell.face_down):
        return BATTLEFIELD  # 608.3a; a face-down spell is a creature spell (708.4)
    if resolved and (rebound_applies(spell) or adventure_exiles(spell)):
        return EXILE
    return GRAVEYARD


def leave_stack(state: State, oid: str, resolved: bool) -> State:
    """Take a spell or ability off the stack after resolving (or failing to), or when countered."""
    item = s.get(state, oid)
    if item.zone != STACK:
        raise IllegalAction(f"{oid} is not on the stack")
    if item.kind == s.ABILITY:
        return s.remove(state, oid)
    if item.kind == s.COPY:
        if resolved and item.permanent_card:  # 608.3f
            state = s.move(state, oid, BATTLEFIELD, controller=s.controller_of(state, oid), kind=s.TOKEN)
            return entering.entered(end_step.arrived(state, oid), oid)  # a copy of a dashed spell is dashed too (707.10)
        return s.remove(state, oid)  # 707.10a
    zone = destination(item, resolved)
    controller = s.controller_of(state, oid)
    state = s.move(state, oid, zone, controller=controller, face_down=item.face_down and zone == BATTLEFIELD)
    if zone == BATTLEFIELD and bestow.AURA in item.types and item.targets:
        state = s.update(state, oid, attached_to=item.targets[0])  # 303.4f: attached to what it targeted
    if zone == BATTLEFIELD:
        state = entering.entered(end_step.arrived(state, oid), oid)
    if resolved and zone == EXILE and adventure_exiles(item):  # the permission: this object, while it stays exiled
        state = s.log(state, Event(ADVENTURE_EXILE, oid, controller, str(s.get(state, oid).number)))
    if resolved and zone == EXILE and rebound_applies(item) and not flashback_exiles(item):
        state = replace(state, delayed=state.delayed + (
            Delayed(f"rebound trigger of {oid}", controller, oid, (("rebound_cast", {"card": oid}),)),))
    return state


def counter(state: State, oid: str) -> State:
    """701.6a: a countered spell or ability leaves the stack without resolving."""
    if s.zone_of(state, oid) != STACK:
        raise IllegalAction(f"{oid} is not on the stack")
    controller = s.controller_of(state, oid)
    return s.log(leave_stack(state, oid, resolved=False), Event("counter", oid, controller))


SBA_ROUNDS = 100  # checks of state-based actions in a row before a loop is declared (104.4b)


def state_based(state: State) -> State:
    """704.5d, 111.7: a token in a zone other than the battlefield ceases to exist; 704.5m,
    702.103f: an Aura that enchants nothing legal goes to the graveyard, a bestowed one becomes a
    creature; 704.5n: an Equipment attached to what it can't equip becomes unattached; 714.4: a
    Saga whose last chapter ability has left the stack is sacrificed; 309.6: a dungeon whose last
    room ability has left the stack is completed; 704.5e: a copy of a card in a
    zone other than the stack ceases to exist, once it wasn't cast; 704.5a, 704.5c: a player with
    0 or less life, or ten or more poison counters, loses the game and leaves it (800.4a) (checked
    as a player would receive priority: after a spell or ability resolves or is countered); and those of
    kb.checks.model.dying (704.5f-g, 704.5q). Checked again until none is performed (704.3); a
    check that never stops performing one is a loop of mandatory actions (104.4b), refused after
    SBA_ROUNDS rounds rather than run for ever."""
    for _ in range(SBA_ROUNDS):
        after = _state_based_once(state)
        if after == state:
            return state
        state = after
    raise IllegalAction(f"state-based actions are still performed after {SBA_ROUNDS} checks: a loop of mandatory "
                        "actions (104.4b)")


def _state_based_once(state: State) -> State:
    state = dying.state_based(designations.ascend(state))  # the city's blessing before a permanent leaves (702.131b)
    state = dungeon.complete_finished(saga.sacrifice_finished(attachments.check_equipment(bestow.check_auras(state))))
    for token in [o for o in state.objects if o.kind == s.TOKEN and o.zone != BATTLEFIELD]:
        state = s.log(s.remove(state, token.id), Event("ceases to exist", token.id, token.owner, "704.5d"))
    for copy in [o for o in state.objects if o.kind == s.COPY and o.zone != STACK]:
        state = s.log(s.remove(state, copy.id), Event("ceases to exist", copy.id, copy.owner, "704.5e"))
    for player in damage.losers(state):
        state = control.leave_game(s.log(state, Event("loses the game", player, player, "704.5a, 704.5c")), player)
    return state
