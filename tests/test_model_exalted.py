"""Exalted (kb.checks.model.exalted): which declarations make a creature attack alone, whose
exalted abilities trigger, and the bonus they give."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import bodies, colors, combat, entering, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

BEARS, SQUIRE, HIERARCH, GIANT = "Grizzly Bears", "Akrasan Squire", "Noble Hierarch", "Hill Giant"


def board(*rows):
    return state({"step": "beginning of combat", "objects": [{"zone": "battlefield", **row} for row in rows]})


@pytest.mark.parametrize(
    "rows, attacks, stack_now",
    [
        ([{"card": BEARS}, {"card": SQUIRE}], {BEARS: "B"}, ["exalted (Akrasan Squire)"]),
        ([{"card": BEARS}, {"card": SQUIRE}, {"card": HIERARCH}], {BEARS: "B"}, ["exalted (Akrasan Squire)", "exalted (Noble Hierarch)"]),
        ([{"card": BEARS}, {"card": SQUIRE}, {"card": GIANT}], {BEARS: "B", GIANT: "B"}, []),  # not alone
        ([{"card": BEARS}, {"card": SQUIRE}], {BEARS: None}, []),  # nobody attacks
        ([{"card": BEARS}, {"card": SQUIRE, "owner": "B"}], {BEARS: "B"}, []),  # another player's exalted
        ([{"card": BEARS}, {"card": SQUIRE, "face_down": True}], {BEARS: "B"}, []),  # 708.2: a face-down permanent has no abilities
        ([{"card": SQUIRE}], {SQUIRE: "B"}, ["exalted (Akrasan Squire)"]),  # its own
        ([{"card": BEARS}, {"card": SQUIRE, "face_down": True}, {"card": HIERARCH}], {BEARS: "B"}, ["exalted (Noble Hierarch)"]),
    ],
)
def test_who_triggers(rows, attacks, stack_now):
    st = combat.declare_attackers(board(*rows), attacks)
    assert list(st.stack) == stack_now
    assert st.step == s.DECLARE_ATTACKERS


def test_each_trigger_gives_the_attacker_one_more():
    st = combat.declare_attackers(board({"card": BEARS}, {"card": SQUIRE}, {"card": HIERARCH}), {BEARS: "B"})
    trigger = s.get(st, st.stack[-1])
    assert (trigger.controller, trigger.source) == ("A", HIERARCH)
    st = stack.resolve(st)
    assert bodies.power_toughness(st, s.get(st, BEARS)) == (3, 3)
    st = stack.resolve(st)
    assert bodies.power_toughness(st, s.get(st, BEARS)) == (4, 4)
    assert bodies.power_toughness(st, s.get(st, HIERARCH)) == (0, 1)


def test_lost_abilities_trigger_nothing():
    st = colors.add(board({"card": BEARS}, {"card": SQUIRE}), colors.LOSE_ABILITIES, SQUIRE)
    assert combat.declare_attackers(st, {BEARS: "B"}).stack == ()


def test_the_bonus_needs_the_same_creature():
    st = combat.declare_attackers(board({"card": BEARS}, {"card": SQUIRE}), {BEARS: "B"})
    st = s.move(s.move(st, BEARS, s.HAND), BEARS, s.BATTLEFIELD)  # a new object (400.7)
    st = stack.resolve(st)
    assert bodies.power_toughness(st, s.get(st, BEARS)) == (2, 2)
    assert [(e.obj, e.detail) for e in s.events(st, "does nothing")] == [(BEARS, "400.7: that creature left the battlefield")]


def test_removed_from_combat():
    st = combat.declare_attackers(board({"card": BEARS}, {"card": GIANT}), {BEARS: "B", GIANT: "B"})
    st = combat.remove_from_combat(st, GIANT)
    assert s.get(st, GIANT).attacking is None and s.get(st, BEARS).attacking == "B"
    assert [e.obj for e in s.events(st, "removed from combat")] == [GIANT]
    with pytest.raises(IllegalAction, match="Hill Giant is not attacking: it can't be removed from combat"):
        combat.remove_from_combat(st, GIANT)


@pytest.mark.parametrize(
    "card, attacking, expected",
    [
        (GIANT, "B", "B"),
        (GIANT, None, None),
    ],
)
def test_entering_attacking(card, attacking, expected):
    st = state({"step": "declare attackers", "objects": [{"card": card}]})
    st = entering.put_onto_battlefield(st, card, attacking=attacking)
    assert (s.zone_of(st, card), s.get(st, card).attacking) == (s.BATTLEFIELD, expected)
    assert s.events(st, "attack") == ()  # never declared (508.4)


def test_a_double_faced_card_enters_attacking():
    st = state({"step": "declare attackers", "objects": [{"card": "Delver of Secrets"}]})
    st = entering.put_onto_battlefield(st, "Delver of Secrets", attacking="B")
    assert s.get(st, "Delver of Secrets").attacking == "B"
    st = state({"step": "declare attackers", "objects": [{"card": "Delver of Secrets"}]})
    assert s.get(entering.put_onto_battlefield(st, "Delver of Secrets"), "Delver of Secrets").attacking is None


def test_a_noncreature_cant_enter_attacking():
    st = state({"objects": [{"card": "Pacifism"}]})
    with pytest.raises(IllegalAction, match="Pacifism is no creature: it can't enter attacking"):
        entering.put_onto_battlefield(st, "Pacifism", attacking="B")
