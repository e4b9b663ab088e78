"""Marked damage through the turn (120.6, 514.2), a player leaving the game (800.4a), and a bonus
"for each" counted once as it applies (608.2h): kb.checks.model.bodies, dying, stack, control."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import bodies, control, dying, effects, entering, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

GIANT, BEARS, ELVES, GOBLIN = "Hill Giant", "Grizzly Bears", "Llanowar Elves", "Raging Goblin"


def board(*rows, players=("A", "B")):
    """``rows``: (card, owner, zone[, more given])."""
    return state({"players": list(players), "objects": [{"card": r[0], "owner": r[1], "zone": r[2], **(r[3] if len(r) > 3 else {})}
                                                       for r in rows]})


@pytest.mark.parametrize("damage, change, dies", [
    (2, (0, -1), True),    # 3/3 with 2 damage at toughness 2: lethal (704.5g)
    (2, (0, 0), False),
    (1, (0, -1), False),   # 1 damage at toughness 2
    (2, (-1, 0), False),   # power changes nothing
    (2, (1, 1), False),
])
def test_damage_stays_marked_and_a_later_drop_in_toughness_can_make_it_lethal(damage, change, dies):
    st = board((GIANT, "A", "battlefield"))
    st = dying.state_based(dying.deal_damage(st, GIANT, damage))
    assert s.zone_of(st, GIANT) == s.BATTLEFIELD
    st = dying.state_based(bodies.modify(st, GIANT, *change))
    assert (s.zone_of(st, GIANT) == s.GRAVEYARD) is dies
    if not dies:
        assert s.get(st, GIANT).damage == damage


@pytest.mark.parametrize("step", [s.END_COMBAT, s.MAIN2, s.END])
def test_damage_stays_through_the_steps_of_the_turn(step):
    st = dying.deal_damage(board((GIANT, "A", "battlefield")), GIANT, 2)
    st = stack.go_to(st, step)
    assert s.get(st, GIANT).damage == 2


def test_cleanup_removes_damage_as_the_bonus_ends():
    st = bodies.modify(board((BEARS, "A", "battlefield")), BEARS, 3, 3)
    st = dying.deal_damage(st, BEARS, 4)
    assert s.zone_of(st, BEARS) == s.BATTLEFIELD and bodies.toughness(st, BEARS) == 5
    st = stack.pass_turn(st)
    assert s.zone_of(st, BEARS) == s.BATTLEFIELD
    assert s.get(st, BEARS).damage == 0 and bodies.power_toughness(st, s.get(st, BEARS)) == (2, 2)
    assert dying.state_based(st) == st


@pytest.mark.parametrize("each, rows, expected", [
    ("creature you control", [(BEARS, "A", "battlefield"), (ELVES, "A", "battlefield"), (GIANT, "B", "battlefield")], 2),
    ("creature you control", [(BEARS, "A", "battlefield"), (GOBLIN, "A", "hand")], 1),
    ("card in your graveyard", [(BEARS, "A", "battlefield"), (ELVES, "A", "graveyard"), (GOBLIN, "A", "graveyard"),
                                (GIANT, "B", "graveyard")], 2),
])
def test_count(each, rows, expected):
    assert bodies.count(board(*rows), "A", each) == expected


def test_an_unknown_count_is_refused_by_name():
    with pytest.raises(IllegalAction, match=r"unknown count 'land you control' \(known: card in your graveyard, creature you control\)"):
        bodies.count(board((BEARS, "A", "battlefield")), "A", "land you control")


def test_a_bonus_for_each_is_counted_once():
    st = board((BEARS, "A", "battlefield"), (ELVES, "A", "battlefield"), (GOBLIN, "A", "hand"), (GIANT, "A", "battlefield"))
    st = bodies.modify_for_each(st, (BEARS,), "A", "creature you control", 1, 2)
    assert bodies.power_toughness(st, s.get(st, BEARS)) == (5, 8)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, bodies.COUNTED)] == [(BEARS, "A", "3 creature you control")]
    st = entering.put_onto_battlefield(st, GOBLIN)
    st = dying.sacrifice(dying.sacrifice(st, "A", GIANT), "A", ELVES)
    assert bodies.power_toughness(st, s.get(st, BEARS)) == (5, 8)
    assert bodies.power_toughness(stack.pass_turn(st), s.get(stack.pass_turn(st), BEARS)) == (2, 2)


@pytest.mark.parametrize("power, toughness, expected", [(1, 1, (5, 5)), (2, 0, (8, 2)), (0, -1, (2, -1)), (3, 2, (11, 8))])
def test_a_bonus_for_each_multiplies_each_part_by_the_count(power, toughness, expected):
    st = board((BEARS, "A", "battlefield"), (ELVES, "A", "battlefield"), (GIANT, "A", "battlefield"))
    st = bodies.modify_for_each(st, (BEARS,), "A", "creature you control", power, toughness)
    assert bodies.power_toughness(st, s.get(st, BEARS)) == expected


def test_a_bonus_for_each_with_no_target_left_does_nothing():
    st = board((BEARS, "A", "battlefield"))
    assert bodies.modify_for_each(st, (), "A", "creature you control", 1, 1) == st


def test_might_of_the_masses_counts_as_it_resolves():
    st = board(("Might of the Masses", "A", "stack", {"targets": [BEARS]}), (BEARS, "A", "battlefield"), (ELVES, "B", "battlefield"))
    st = stack.resolve(st, {})
    assert bodies.power_toughness(st, s.get(st, BEARS)) == (3, 3)  # one creature A controls: the Bears; B's Elves don't count
    assert "pump_for_each" in effects.VERBS


def test_leaving_takes_owned_cards_and_ends_the_control_given():
    st = board((BEARS, "B", "battlefield"), (GIANT, "A", "battlefield"), (ELVES, "C", "battlefield", {"controller": "B"}),
               players=("A", "B", "C"))
    st = control.leave_game(control.gain_control(st, GIANT, "B", "Act of Treason"), "B")
    assert [s.zone_of(st, c) for c in (BEARS, GIANT, ELVES)] == [s.GONE, s.BATTLEFIELD, s.EXILE]
    assert s.controller_of(st, GIANT) == "A" and s.get(st, ELVES).owner == "C"
