"""Declaring attackers with goad: requirements, restrictions and the legal attack choices.

Goad (701.15) is a designation a creature has, not an ability (701.15b): it is kept through
attacks, extra combats, a change of control and the loss of all abilities, and lasts until the
next turn of the player who goaded it (701.15a). Each player who goaded a creature adds two
requirements: it attacks if able, and it attacks a player other than that player if able;
the same player goading it again adds none (701.15c-d).

The legal choices for a creature are those that obey the greatest number of requirements that
can be obeyed without breaking a restriction (508.1d), where a cost to attack need not be paid
(508.1d): a choice that costs something is legal only if it obeys that maximum too::

    creature goaded by B and C, opponents B, C, D     -> attack D
    creature goaded by B, C and D (each opponent)     -> attack B, C or D (no planeswalker)
    tapped goaded creature                            -> no attack
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Optional

PLAYER, PLANESWALKER, BATTLE = "player", "planeswalker", "battle"


@dataclass(frozen=True)
class Defender:
    """Something a creature can attack (506.2, 508.1b): a player, a planeswalker, a battle.

    ``player`` is the player itself, the planeswalker's controller or the battle's protector;
    ``attack_cost`` is a cost to attack it (e.g. {2} under a "can't attack unless" effect).
    """

    name: str
    kind: str = PLAYER
    player: str = ""
    attack_cost: int = 0

    @property
    def owner(self) -> str:
        return self.player or self.name


@dataclass(frozen=True)
class Creature:
    name: str
    controller: str
    tapped: bool = False
    cant_attack: bool = False  # a restriction: "can't attack" (508.1c)
    controlled_since_turn_began: bool = True  # 302.6
    haste: bool = False  # 702.10b
    vigilance: bool = False  # 702.20b
    abilities: frozenset = frozenset()
    goaded_by: tuple[str, ...] = ()  # the players who goaded it: a designation (701.15b)
    attacks_if_able: bool = False  # another requirement ("attacks each combat if able")
    attacked: bool = False


@dataclass(frozen=True)
class Requirement:
    """A requirement on attacking (508.1d); ``other_than``: attack a player other than this one."""

    source: str
    other_than: Optional[str] = None


Choice = Optional[Defender]  # None: the creature doesn't attack


# ------------------------------------------------------------------------------------ goad


def goad(creature: Creature, player: str) -> Creature:
    """``player`` goads the creature (701.15a); a second goad by the same player adds nothing (701.15d)."""
    if player in creature.goaded_by:
        return creature
    return replace(creature, goaded_by=creature.goaded_by + (player,))


def goad_each(creatures: Iterable[Creature], goader: str, controller: str) -> tuple[Creature, ...]:
    """``goader`` goads each creature ``controller`` controls now: the set of creatures an effect
    from a resolving spell or ability affects is fixed as it begins (611.2c), so creatures that
    enter, or come under ``controller``'s control, later are not goaded."""
    return tuple(goad(c, goader) if c.controller == controller else c for c in creatures)


def enter(creatures: Iterable[Creature], creature: Creature) -> tuple[Creature, ...]:
    """A creature enters the battlefield as a new object, with no designation (400.7)."""
    return (*creatures, creature)


def requirements(creature: Creature) -> tuple[Requirement, ...]:
    """The creature's attack requirements: two per goading player (701.15b-d), plus its own."""
    found = []
    for player in creature.goaded_by:
        found += [Requirement(player), Requirement(player, other_than=player)]
    if creature.attacks_if_able:
        found.append(Requirement("itself"))
    return tuple(found)


def begin_turn(creature: Creature, player: str) -> Creature:
    """At the start of ``player``'s turn the goad by ``player`` ends (701.15a)."""
    return replace(creature, goaded_by=tuple(p for p in creature.goaded_by if p != player))


def next_turn(order: tuple[str, ...], current: str, left: Iterable[str] = ()) -> tuple[str, tuple[str, ...]]:
    """The next player to take a turn, and the players whose turn would have begun before it.

    A player who left the game takes no turn, but the effects that last until their next turn
    end when that turn would have begun (800.4m).
    """
    gone, skipped = set(left), []
    index = order.index(current)
    for step in range(1, len(order) + 1):
        player = order[(index + step) % len(order)]
        if player not in gone:
            return player, tuple(skipped)
        skipped.append(player)
    raise ValueError("no player is left in the game")


def pass_turn(
    creature: Creature, order: tuple[str, ...], current: str, left: Iterable[str] = ()
) -> tuple[str, Creature]:
    """Move from ``current``'s turn to the next; goads end for each turn that begins or would have."""
    player, skipped = next_turn(order, current, left)
    for ended in (*skipped, player):
        creature = begin_turn(creature, ended)
    return player, creature


def declare_attack(creature: Creature, choice: Choice) -> Creature:
    """The creature attacks (or not), tapping unless it has vigilance (508.1f); attacking does
    not end a goad (701.15a-b)."""
    attacks = choice is not None
    return replace(creature, attacked=attacks, tapped=creature.tapped or (attacks and not creature.vigilance))


def gain_control(creature: Creature, player: str, haste: bool = False) -> Creature:
    """``player`` gains control of the creature: a goad stays with it (701.15b designation)."""
    return replace(creature, controller=player, controlled_since_turn_began=False, haste=creature.haste or haste)


def lose_all_abilities(creature: Creature) -> Creature:
    """The creature loses all abilities; goaded is not an ability (701.15b), so it stays."""
    return replace(creature, abilities=frozenset())


def untap(creature: Creature) -> Creature:
    return replace(creature, tapped=False, attacked=False)


# ------------------------------------------------------------------------------------ 508.1


def can_attack(creature: Creature, active: str) -> bool:
    """508.1a and 508.1c: controlled by the active player, untapped, no "can't attack",
    controlled continuously since the turn began unless it has haste (302.6)."""
    if creature.controller != active or creature.tapped or creature.cant_attack:
        return False
    return creature.controlled_since_turn_began or creature.haste


def attackable(creature: Creature, defenders: Iterable[Defender]) -> tuple[Defender, ...]:
    """What the creature's controller may attack: opponents, their planeswalkers and battles (506.2)."""
    return tuple(d for d in defenders if d.owner != creature.controller)


def obeyed(requirement: Requirement, choice: Choice) -> bool:
    """Whether attacking ``choice`` obeys the requirement (508.1d)."""
    if choice is None:
        return False
    if requirement.other_than is None:
        return True
    return choice.kind == PLAYER and choice.name != requirement.other_than


def score(creature: Creature, choice: Choice) -> int:
    """The number of the creature's requirements that ``choice`` obeys."""
    return sum(obeyed(r, choice) for r in requirements(creature))


def choices(creature: Creature, defenders: Iterable[Defender], active: str) -> tuple[Choice, ...]:
    """Every choice the restrictions allow: not attacking, or attacking something attackable."""
    if not can_attack(creature, active):
        return (None,)
    return (None, *attackable(creature, defenders))


def required_score(creature: Creature, options: Iterable[Choice]) -> int:
    """The most requirements obeyable without paying a cost to attack (508.1d)."""
    return max(score(creature, c) for c in options if c is None or not c.attack_cost)


def legal_attacks(creature: Creature, defenders: Iterable[Defender], active: str) -> tuple[Choice, ...]:
    """The legal choices for the creature in the declare attackers step (508.1a-d)."""
    options = choices(creature, tuple(defenders), active)
    best = required_score(creature, options)
    return tuple(c for c in options if score(creature, c) >= best)


def must_attack(creature: Creature, defenders: Iterable[Defender], active: str) -> bool:
    """Whether not attacking is illegal for the creature."""
    return None not in legal_attacks(creature, defenders, active)


def names(options: Iterable[Choice]) -> set:
    """The names of the choices (``None`` for not attacking), for comparisons."""
    return {None if c is None else c.name for c in options}
