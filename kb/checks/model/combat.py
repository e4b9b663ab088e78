"""Goad (701.15) and declaring attackers (508.1): requirements, restrictions, legal choices, exerting as it attacks.

Goaded is a designation, not an ability (701.15b): it stays through attacks, extra combats, a
change of control and the loss of all abilities, and lasts until the goading player's next turn
(701.15a). Each player who goaded a creature adds two requirements: it attacks each combat if
able, and it attacks a player other than that player if able; the same player goading it again
adds nothing (701.15c-d). The legal choices obey the greatest number of requirements possible
without breaking a restriction, and a cost to attack need not be paid (508.1d)::

    goaded by B and C, opponents B, C, D     -> attack D
    goaded by B, C and D                     -> attack B, C or D (not a planeswalker or battle)
    tapped, "can't attack", or sick          -> no attack
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Optional

from kb.checks.model import costs, exalted, exert
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, Obj, State

PLAYER, PLANESWALKER, BATTLE = "player", "planeswalker", "battle"


@dataclass(frozen=True)
class Defender:
    """What a creature could attack (506.2): a player, a planeswalker, a battle; ``player`` is the
    player, the planeswalker's controller or the battle's protector."""

    name: str
    kind: str
    player: str
    cost: str = ""  # a cost to attack it (508.1g-h)


@dataclass(frozen=True)
class Requirement:
    goader: str  # the player whose goad (or "itself") makes it a requirement
    other_than: Optional[str] = None  # attack a player other than this one


def goad(state: State, oid: str, player: str) -> State:
    """701.15a: ``player`` goads the creature; being goaded again by them adds nothing (701.15d)."""
    creature = s.get(state, oid)
    if player in creature.goaded_by:
        return state
    return s.log(s.update(state, oid, goaded_by=creature.goaded_by + (player,)), Event("goad", oid, player))


def goad_each(state: State, goader: str, controller: str) -> State:
    """Goad each creature ``controller`` controls as the effect resolves (701.15a, 608.2h): creatures that
    enter or come under their control later aren't goaded."""
    for creature in s.in_zone(state, BATTLEFIELD, controller):
        if "creature" in creature.types:
            state = goad(state, creature.id, goader)
    return state


def end_goads(state: State, player: str) -> State:
    """701.15a: as ``player``'s turn begins (or would have begun, 800.4m), their goads end."""
    for obj in state.objects:
        if player in obj.goaded_by:
            state = s.update(state, obj.id, goaded_by=tuple(p for p in obj.goaded_by if p != player))
    return state


def requirements(creature: Obj) -> tuple[Requirement, ...]:
    """Two requirements per goading player (701.15b-c), plus "attacks each combat if able"."""
    found: list[Requirement] = []
    for player in creature.goaded_by:
        found += [Requirement(player), Requirement(player, other_than=player)]
    if "attacks each combat" in creature.keywords:
        found.append(Requirement("itself"))
    return tuple(found)


def can_attack(state: State, creature: Obj) -> bool:
    """508.1a, 508.1c, 302.6: an untapped creature the active player controls, without "can't
    attack", controlled continuously since the turn began unless it has haste."""
    if creature.zone != BATTLEFIELD or "creature" not in creature.types:
        return False
    if s.controller_of(state, creature.id) != state.active or creature.tapped or creature.cant_attack:
        return False
    return not creature.sick or "haste" in creature.keywords


def defenders(state: State, controller: str) -> tuple[Defender, ...]:
    """The controller's opponents, their planeswalkers and the battles they protect (506.2, 508.1b)."""
    cost = dict(state.attack_costs)
    found = [Defender(p, PLAYER, p, cost.get(p, "")) for p in s.opponents(state, controller)]
    rivals = s.opponents(state, controller)
    for obj in s.in_zone(state, BATTLEFIELD):
        if "planeswalker" in obj.types and s.controller_of(state, obj.id) in rivals:
            found.append(Defender(obj.id, PLANESWALKER, s.controller_of(state, obj.id)))
        if "battle" in obj.types and obj.protector in rivals:
            found.append(Defender(obj.id, BATTLE, obj.protector))
    return tuple(found)


def obeys(requirement: Requirement, choice: Optional[Defender]) -> bool:
    if choice is None:
        return False
    if requirement.other_than is None:
        return True
    return choice.kind == PLAYER and choice.player != requirement.other_than


def score(creature: Obj, choice: Optional[Defender]) -> int:
    return sum(1 for r in requirements(creature) if obeys(r, choice))


def free(choice: Optional[Defender]) -> bool:
    return choice is None or costs.mana_value(choice.cost or None) == 0


def legal_attacks(state: State, oid: str) -> tuple[Optional[Defender], ...]:
    """508.1d: the choices that obey the most requirements obeyable without paying a cost."""
    creature = s.get(state, oid)
    options: tuple[Optional[Defender], ...] = (None,)
    if can_attack(state, creature):
        options += defenders(state, s.controller_of(state, oid))
    best = max(score(creature, c) for c in options if free(c))
    return tuple(c for c in options if score(creature, c) >= best)


def declare_attackers(state: State, attacks: Mapping[str, Optional[str]], exerted: Iterable[str] = ()) -> State:
    """508.1: each creature of the active player attacks what ``attacks`` says (or not); every
    creature's choice must be legal; nothing else attacks (a Vehicle not crewed is no creature).
    Attackers tap unless they have vigilance (508.1f); ``exerted``: attackers exerted as they
    attack, an optional cost to attack that their exert ability allows (508.1g, 701.43d)."""
    attacking = sorted(o.id for o in s.in_zone(state, BATTLEFIELD) if o.attacking is not None)
    if attacking:
        raise IllegalAction(f"attackers were declared in this combat already: {', '.join(attacking)} attacking (508.1)")
    exerted = tuple(dict.fromkeys(exerted))
    for oid in exerted:
        if attacks.get(oid) is None or not exert.may_exert_as_it_attacks(s.get(state, oid)):
            raise IllegalAction(f"{oid} can't be exerted: only a creature declared as an attacker whose ability lets it "
                                "be exerted as it attacks (701.43d, 508.1g)")
    for oid, wanted in attacks.items():
        if wanted is not None and "creature" not in getattr(s.find(state, oid), "types", ()):
            raise IllegalAction(f"{oid} is no creature: it can't attack (508.1a)")
    for creature in s.in_zone(state, BATTLEFIELD, state.active):
        if "creature" not in creature.types:
            continue
        wanted = attacks.get(creature.id)
        legal = {None if c is None else c.name for c in legal_attacks(state, creature.id)}
        if wanted not in legal:
            shown = sorted("no attack" if c is None else c for c in legal)
            raise IllegalAction(f"{creature.id} can't {'not attack' if wanted is None else 'attack ' + wanted}: "
                                f"its legal choices are {shown} (508.1d)")
        if wanted is not None:
            tap = creature.tapped or "vigilance" not in creature.keywords
            state = s.update(state, creature.id, attacking=wanted, tapped=tap)
            state = s.log(state, Event("attack", creature.id, state.active, wanted))
    for oid in exerted:
        state = exert.exert(state, state.active, oid)
    declared = tuple(o.id for o in s.in_zone(state, BATTLEFIELD) if o.attacking is not None)
    return s.to_priority(replace(exalted.declared(state, declared), step=s.DECLARE_ATTACKERS))


def remove_from_combat(state: State, oid: str) -> State:
    """506.4: an effect removes an attacking creature from combat: it is no longer attacking."""
    if s.get(state, oid).attacking is None:
        raise IllegalAction(f"{oid} is not attacking: it can't be removed from combat (506.4)")
    return s.log(s.update(state, oid, attacking=None), Event("removed from combat", oid))
