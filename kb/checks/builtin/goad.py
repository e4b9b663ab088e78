"""Checks on goad (701.15) and attack requirements (508.1d).

Scenarios use players A (the creature's controller), B, C, D in turn order; B controls a
planeswalker and protects a battle unless said otherwise.
"""

from __future__ import annotations

from kb.checks.model import combat
from kb.checks.model.combat import BATTLE, PLANESWALKER, Creature, Defender
from kb.checks.registration import check

FOUR = ("A", "B", "C", "D")


def table(players=FOUR, walker_of="B", battle_of="B", costs: dict | None = None) -> tuple[Defender, ...]:
    """Every player, a planeswalker and a battle; ``costs``: attack cost per player."""
    costs = costs or {}
    found = [Defender(p, attack_cost=costs.get(p, 0)) for p in players]
    if walker_of:
        found.append(Defender("Planeswalker", PLANESWALKER, walker_of))
    if battle_of:
        found.append(Defender("Battle", BATTLE, battle_of))
    return tuple(found)


def goaded(*players: str, **fields) -> Creature:
    creature = Creature("Bear", fields.pop("controller", "A"), **fields)
    for player in players:
        creature = combat.goad(creature, player)
    return creature


def legal(creature: Creature, defenders=None, active: str | None = None) -> set:
    return combat.names(combat.legal_attacks(creature, defenders or table(), active or creature.controller))


@check(
    id="goad.persists_after_attacking",
    title="Attacking doesn't end goad; it attacks again in an additional combat",
    rules=("701.15a", "701.15b", "508.1d"),
    tags=("goad", "attack"),
)
def persists_after_attacking():
    """Attacking with a goaded creature doesn't make it stop being goaded: if there is an
    additional combat phase that turn, it must attack again if able (a player other than the
    player who goaded it)."""
    bear = goaded("B", vigilance=True)
    assert legal(bear) == {"C", "D"}, f"first combat: {legal(bear)}"
    bear = combat.declare_attack(bear, Defender("C"))
    assert bear.goaded_by == ("B",), "attacking ended the goad"
    assert legal(bear) == {"C", "D"}, f"additional combat: {legal(bear)}, expected to attack C or D again"
    tapped = combat.untap(combat.declare_attack(goaded("B"), Defender("D")))  # untapped for the extra combat
    assert legal(tapped) == {"C", "D"}, f"untapped for an additional combat: {legal(tapped)}"
    return "3 scenarios"


@check(
    id="goad.survives_control_change",
    title="A goaded creature stays goaded when another player gains control of it",
    rules=("701.15a", "701.15b", "508.1d"),
    tags=("goad", "attack"),
)
def survives_control_change():
    """If another player gains control of a goaded creature before it stops being goaded, it is
    still goaded: it must attack if able under its new controller, a player other than the one
    who goaded it if able."""
    taken = combat.gain_control(goaded("B"), "C", haste=True)  # C takes it with haste on C's turn
    assert taken.goaded_by == ("B",), "the goad ended with the change of control"
    assert legal(taken, active="C") == {"A", "D"}, f"under C: {legal(taken, active='C')}, expected A or D"
    sick = combat.gain_control(goaded("B"), "C")  # no haste: it can't attack this turn
    assert legal(sick, active="C") == {None}, "a creature that just changed control can't attack without haste"
    return "2 scenarios"


@check(
    id="goad.not_an_ability",
    title="Goaded is a designation, not an ability: losing all abilities doesn't end it",
    rules=("701.15b",),
    tags=("goad",),
)
def not_an_ability():
    """Being goaded isn't an ability the creature has: once goaded, it must attack as goad says
    even if it loses all abilities."""
    bear = goaded("B", abilities=frozenset({"flying"}))
    plain = combat.lose_all_abilities(bear)
    assert not plain.abilities, "the creature still has abilities"
    assert plain.goaded_by == ("B",), "losing all abilities ended the goad"
    assert legal(plain) == {"C", "D"}, f"after losing all abilities: {legal(plain)}, expected C or D"
    return "1 scenario"


@check(
    id="goad.multiple_goaders",
    title="Goaded by several opponents: attack an opponent who didn't goad it",
    rules=("701.15c", "508.1d"),
    tags=("goad", "attack"),
)
def multiple_goaders():
    """A creature goaded by more than one opponent must attack one of its controller's opponents
    that didn't goad it, since that way it obeys the greatest number of goad requirements."""
    assert legal(goaded("B", "C")) == {"D"}, f"goaded by B and C: {legal(goaded('B', 'C'))}, expected D"
    assert legal(goaded("B", "D")) == {"C"}, f"goaded by B and D: {legal(goaded('B', 'D'))}, expected C"
    bear = goaded("B", "C")
    assert combat.score(bear, Defender("D")) > combat.score(bear, Defender("B")), "D must obey more requirements"
    return "3 scenarios"


@check(
    id="goad.goaded_by_each_opponent",
    title="Goaded by every opponent: attack an opponent (not a planeswalker or battle), any of them",
    rules=("701.15c", "508.1d"),
    tags=("goad", "attack"),
)
def goaded_by_each_opponent():
    """A creature goaded by each of its controller's opponents must attack an opponent rather
    than a planeswalker or a battle, and its controller chooses which opponent it attacks."""
    everyone = legal(goaded("B", "C", "D"))
    assert everyone == {"B", "C", "D"}, f"goaded by B, C and D: {everyone}, expected any opponent"
    two = legal(goaded("B", "C"), table(("A", "B", "C"), battle_of="C"))
    assert two == {"B", "C"}, f"three players, goaded by B and C: {two}, expected B or C"
    return "2 scenarios"


@check(
    id="goad.attack_other_player",
    title="A goaded creature attacks a player other than the goader if able, else anything it can",
    rules=("701.15b", "508.1d"),
    tags=("goad", "attack"),
)
def attack_other_player():
    """A goaded creature that can attack must attack a player other than the controller of the
    spell or ability that goaded it if able; if it can't attack any of those players but could
    attack otherwise, it must attack a planeswalker an opponent controls, a battle an opponent
    protects, or the player who goaded it."""
    assert legal(goaded("B")) == {"C", "D"}, f"four players, goaded by B: {legal(goaded('B'))}"
    duel = table(("A", "B"))
    assert legal(goaded("B"), duel) == {"B", "Planeswalker", "Battle"}, f"two players: {legal(goaded('B'), duel)}"
    return "2 scenarios"


@check(
    id="goad.cant_attack_exceptions",
    title="A tapped, restricted or summoning-sick goaded creature doesn't attack",
    rules=("508.1a", "508.1c", "302.6", "701.15b"),
    tags=("goad", "attack"),
)
def cant_attack_exceptions():
    """If, during its controller's declare attackers step, a goaded creature is tapped, is
    affected by a spell or ability that says it can't attack, or hasn't been under that player's
    control continuously since the turn began (and doesn't have haste), it doesn't attack."""
    for reason, fields in (
        ("tapped", {"tapped": True}),
        ("can't attack", {"cant_attack": True}),
        ("came under control this turn", {"controlled_since_turn_began": False}),
    ):
        assert legal(goaded("B", **fields)) == {None}, f"{reason}: {legal(goaded('B', **fields))}, expected no attack"
    hasty = goaded("B", controlled_since_turn_began=False, haste=True)
    assert legal(hasty) == {"C", "D"}, f"with haste it must attack: {legal(hasty)}"
    return "4 scenarios"


@check(
    id="goad.attack_cost_not_required",
    title="A cost to attack needn't be paid, so a goaded creature needn't attack that player",
    rules=("508.1d", "701.15b"),
    tags=("goad", "attack"),
)
def attack_cost_not_required():
    """If there is a cost associated with attacking a player, the goaded creature's controller
    isn't required to pay it, so the creature doesn't have to attack that player (nor attack at
    all, if every attack costs something)."""
    three = table(("A", "B", "C"), costs={"C": 2})
    assert legal(goaded("B"), three) == {"B", "C", "Planeswalker", "Battle"}, (
        f"attacking C costs {{2}}: {legal(goaded('B'), three)}; it may attack B instead of paying"
    )
    duel = table(("A", "B"), walker_of=None, battle_of=None, costs={"B": 2})
    assert None in legal(goaded("B"), duel), "every attack costs something: it needn't attack"
    return "2 scenarios"


@check(
    id="goad.redundant_same_player",
    title="Being goaded again by the same player adds nothing",
    rules=("701.15d",),
    tags=("goad",),
)
def redundant_same_player():
    """Being goaded more than once by the same player is redundant: it creates no additional
    attack requirements."""
    twice = combat.goad(goaded("B", "C"), "B")
    assert combat.requirements(twice) == combat.requirements(goaded("B", "C")), "a second goad by B added requirements"
    three = table(("A", "B", "C"), walker_of=None, battle_of=None)
    assert legal(twice, three) == {"B", "C"}, f"goaded twice by B and once by C: {legal(twice, three)}, expected B or C"
    return "2 scenarios"


@check(
    id="goad.own_creature",
    title="A creature goaded by its own controller must attack a player, not a planeswalker",
    rules=("701.15b", "508.1d"),
    tags=("goad", "attack"),
)
def own_creature():
    """If you goad a creature you control, it must attack, and it must attack a player rather than
    a planeswalker."""
    duel = table(("A", "B"), battle_of=None)
    mine = goaded("A")
    assert legal(mine, duel) == {"B"}, f"goaded by its controller: {legal(mine, duel)}, expected player B only"
    assert legal(mine) == {"B", "C", "D"}, f"four players: {legal(mine)}"
    return "2 scenarios"


@check(
    id="goad.duration",
    title="Goad lasts until the goader's next turn, or until it would have begun",
    rules=("701.15a", "800.4m"),
    tags=("goad",),
)
def duration():
    """A creature stays goaded until the next turn of the player who goaded it; if that player
    leaves the game, it stays goaded until that player's next turn would have begun: it doesn't
    stop being goaded immediately, nor stay goaded indefinitely."""
    bear = goaded("B")
    player, bear = combat.pass_turn(bear, FOUR, "B")  # B's turn ends
    player, bear = combat.pass_turn(bear, FOUR, player)
    player, bear = combat.pass_turn(bear, FOUR, player)
    assert player == "A" and bear.goaded_by == ("B",), "still goaded on A's turn"
    player, bear = combat.pass_turn(bear, FOUR, player)
    assert player == "B" and not bear.goaded_by, "the goad must end as B's next turn begins"
    bear, player = goaded("B"), "C"  # B goads it, then leaves the game during C's turn
    player, bear = combat.pass_turn(bear, FOUR, player, left={"B"})
    player, bear = combat.pass_turn(bear, FOUR, player, left={"B"})
    assert player == "A" and legal(bear) == {"C", "D"}, "B left the game: still goaded on A's turn"
    player, bear = combat.pass_turn(bear, FOUR, player, left={"B"})
    assert player == "C" and not bear.goaded_by, "the goad must end when B's turn would have begun"
    return "2 scenarios"


@check(
    id="goad.fixed_at_resolution",
    title="Creatures entering or changing control after a goad effect resolves aren't goaded",
    rules=("611.2c", "701.15a"),
    tags=("goad",),
)
def fixed_at_resolution():
    """An effect that goads each creature a player controls goads the creatures that player
    controls as it resolves: creatures that enter the battlefield, or come under that player's
    control, after it has resolved won't be goaded."""
    board = (Creature("Bear", "C"), Creature("Wolf", "C"), Creature("Elk", "D"))
    board = combat.goad_each(board, "B", "C")
    assert [c.goaded_by for c in board] == [("B",), ("B",), ()], "the creatures C controls must be goaded"
    board = combat.enter(board, Creature("Newcomer", "C"))
    assert board[-1].goaded_by == (), "a creature that entered afterwards was goaded"
    taken = combat.gain_control(board[2], "C")
    assert taken.goaded_by == (), "a creature C gained control of afterwards was goaded"
    return "2 scenarios"
