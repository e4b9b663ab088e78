"""Goad (701.15) and the legal attack choices (508.1)."""

from __future__ import annotations

import pytest

from kb.checks.model import combat
from kb.checks.model.combat import BATTLE, PLANESWALKER, Creature, Defender

FOUR = ("A", "B", "C", "D")


def defenders(players=FOUR, walker="B", battle="C", costs=None):
    costs = costs or {}
    found = [Defender(p, attack_cost=costs.get(p, 0)) for p in players]
    if walker:
        found.append(Defender("PW", PLANESWALKER, walker))
    if battle:
        found.append(Defender("Battle", BATTLE, battle))
    return tuple(found)


def creature(*goaders, **fields):
    made = Creature("Bear", fields.pop("controller", "A"), **fields)
    for player in goaders:
        made = combat.goad(made, player)
    return made


@pytest.mark.parametrize(
    "goaders, fields, table, active, expected",
    [
        ((), {}, defenders(), "A", {None, "B", "C", "D", "PW", "Battle"}),  # no requirement
        ((), {"attacks_if_able": True}, defenders(), "A", {"B", "C", "D", "PW", "Battle"}),
        (("B",), {}, defenders(), "A", {"C", "D"}),
        (("B", "C"), {}, defenders(), "A", {"D"}),
        (("B", "C", "D"), {}, defenders(), "A", {"B", "C", "D"}),
        (("B",), {}, defenders(("A", "B"), battle="B"), "A", {"B", "PW", "Battle"}),  # nobody else
        (("A",), {}, defenders(("A", "B"), battle="B"), "A", {"B"}),  # goaded by its controller
        (("B",), {"tapped": True}, defenders(), "A", {None}),
        (("B",), {"cant_attack": True}, defenders(), "A", {None}),
        (("B",), {"controlled_since_turn_began": False}, defenders(), "A", {None}),
        (("B",), {"controlled_since_turn_began": False, "haste": True}, defenders(), "A", {"C", "D"}),
        (("B",), {}, defenders(), "B", {None}),  # not its controller's turn
        (("B",), {}, defenders(("A", "B", "C"), costs={"C": 1}), "A", {"B", "C", "PW", "Battle"}),
        (("B",), {}, defenders(("A", "B"), None, None, costs={"B": 1}), "A", {None, "B"}),
        (("B", "C"), {}, defenders(("A", "B", "C", "D"), costs={"D": 2}), "A", {"B", "C", "D"}),
    ],
)
def test_legal_attacks(goaders, fields, table, active, expected):
    assert combat.names(combat.legal_attacks(creature(*goaders, **fields), table, active)) == expected


def test_goad_by_the_same_player_is_redundant():
    once, twice = creature("B"), combat.goad(creature("B"), "B")
    assert twice == once and len(combat.requirements(twice)) == 2


@pytest.mark.parametrize(
    "change",
    [
        lambda c: combat.declare_attack(c, Defender("C")),
        lambda c: combat.untap(combat.declare_attack(c, Defender("C"))),
        lambda c: combat.lose_all_abilities(c),
        lambda c: combat.gain_control(c, "C"),
    ],
)
def test_goad_is_kept(change):
    assert change(creature("B", abilities=frozenset({"flying"}))).goaded_by == ("B",)


def test_attacking_taps_unless_vigilance():
    assert combat.declare_attack(creature("B"), Defender("C")).tapped
    assert not combat.declare_attack(creature("B", vigilance=True), Defender("C")).tapped
    assert not combat.declare_attack(creature("B"), None).tapped


@pytest.mark.parametrize(
    "current, left, expected",
    [
        ("A", (), ("B", ())),
        ("D", (), ("A", ())),
        ("A", ("B",), ("C", ("B",))),
        ("A", ("B", "C"), ("D", ("B", "C"))),
    ],
)
def test_next_turn(current, left, expected):
    assert combat.next_turn(FOUR, current, left) == expected


def test_next_turn_with_nobody_left():
    with pytest.raises(ValueError):
        combat.next_turn(("A",), "A", ("A",))


def test_goad_ends_at_the_goaders_next_turn():
    bear, player = creature("B", "D"), "B"
    seen = []
    for _ in range(4):
        player, bear = combat.pass_turn(bear, FOUR, player)
        seen.append((player, bear.goaded_by))
    assert seen == [("C", ("B", "D")), ("D", ("B",)), ("A", ("B",)), ("B", ())]
