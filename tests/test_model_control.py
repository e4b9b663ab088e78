"""Control: gaining, exchanging (701.12), Sudden Substitution, leaving the game (800.4a)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import control, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction


def table(creature_owner="C", spell_types=("instant",)):
    return state({"players": ["A", "B", "C", "D"], "objects": [
        {"id": "Spell", "owner": "B", "zone": "stack", "types": list(spell_types), "mana_cost": "{R}",
         "targets": ["Goblin"]},
        {"id": "Creature", "card": "Grizzly Bears", "owner": creature_owner, "zone": "battlefield"},
        {"id": "Goblin", "card": "Raging Goblin", "owner": "D", "zone": "battlefield"},
        {"id": "Sub", "card": "Sudden Substitution", "zone": "stack", "targets": ["Spell", "Creature"]}]})


def who(st):
    return (s.controller_of(st, "Spell"), s.controller_of(st, "Creature"))


@pytest.mark.parametrize(
    "prepare, controllers, chooser",
    [
        (lambda st: st, ("C", "B"), "C"),
        (lambda st: s.move(st, "Creature", "graveyard"), ("B", "C"), "B"),
        (lambda st: control.gain_control(st, "Creature", "B", "x"), ("B", "B"), "B"),
        (lambda st: s.update(st, "Creature", types=("artifact",)), ("B", "C"), "B"),  # no longer a creature
        (lambda st: s.update(st, "Spell", types=("creature",)), ("B", "C"), None),  # a creature spell
    ],
)
def test_sudden_substitution(prepare, controllers, chooser):
    st = stack.resolve(prepare(table()))
    assert who(st) == controllers
    assert [p for p in "ABCD" if control.retarget_allowed(st, "Spell", p)] == ([chooser] if chooser else [])


def test_both_targets_gone_it_does_not_resolve():
    st = s.move(s.move(table(), "Creature", "graveyard"), "Spell", "graveyard")
    st = stack.resolve(st)
    assert [e.obj for e in s.events(st, "fizzle")] == ["Sub"] and s.zone_of(st, "Sub") == "graveyard"


def test_choose_new_targets():
    st = stack.resolve(table())
    moved = control.choose_new_targets(st, "Spell", "C", ("Creature",))
    assert [t for t, _ in s.get(moved, "Spell").targets] == ["Creature"]
    with pytest.raises(IllegalAction, match="B can't choose new targets for Spell: no instruction lets them"):
        control.choose_new_targets(st, "Spell", "B", ("Creature",))
    gone = s.move(st, "Spell", "graveyard")
    assert not control.retarget_allowed(gone, "Spell", "C")
    assert not control.retarget_allowed(table(), "Spell", "B")


def test_exchange_and_later_effects():
    st, done = control.exchange(table(), "Spell", "Creature", "one")
    assert done and who(st) == ("C", "B")
    st, done = control.exchange(st, "Spell", "Creature", "two")
    assert done and who(st) == ("B", "C")
    same, done = control.exchange(table("B"), "Spell", "Creature", "three")
    assert not done and who(same) == ("B", "B") and not same.control


def test_gain_control_makes_sick():
    st = control.gain_control(table(), "Goblin", "A", "steal")
    goblin = s.get(st, "Goblin")
    assert goblin.sick and s.controller_of(st, "Goblin") == "A"
    assert s.get(control.gain_control(table(), "Spell", "A", "x"), "Spell").sick is False


def test_zone_change_ends_only_that_objects_effect():
    st = stack.resolve(table())
    st = s.move(st, "Creature", "hand")
    assert who(st) == ("C", "C") and s.zone_of(st, "Creature") == "hand"
    back = s.move(st, "Creature", "battlefield")
    assert s.controller_of(back, "Creature") == "C"


def test_leave_game():
    st = stack.resolve(table())  # C controls Spell, B controls Creature
    left = control.leave_game(st, "C")
    assert left.left == ("C",) and s.zone_of(left, "Creature") == s.GONE
    assert s.controller_of(left, "Spell") == "B" and s.zone_of(left, "Spell") == "stack"
    with pytest.raises(IllegalAction, match="C has already left the game"):
        control.leave_game(left, "C")
    kept = state({"players": ["A", "C"], "objects": [{"id": "Borrowed", "card": "Grizzly Bears", "controller": "C",
                                                       "zone": "battlefield"},
                                                      {"id": "ping", "kind": "ability", "owner": "C", "zone": "stack"},
                                                      {"id": "Echo", "kind": "copy", "owner": "A", "controller": "C",
                                                       "types": ["instant"], "zone": "stack"}]})
    out = control.leave_game(kept, "C")
    assert s.zone_of(out, "Borrowed") == "exile" and s.find(out, "ping") is None and s.find(out, "Echo") is None
    assert out.stack == () and out.events[-1].kind == "left the game"


def test_leaving_active_player_gives_priority_back():
    st = state({"players": ["A", "B", "C"], "active": "A", "priority": "A"})
    out = control.leave_game(st, "A")
    assert out.priority is None and s.in_game(out) == ("B", "C")


def test_target_legal():
    st = table()
    number = s.get(st, "Creature").number
    assert control.target_legal(st, "Creature", number, "battlefield", types=("creature",))
    assert not control.target_legal(st, "Creature", number + 50, "battlefield")
    assert not control.target_legal(st, "Creature", number, "stack")
    assert not control.target_legal(st, "Nothing", 1, "stack")
    assert not control.target_legal(st, "Creature", number, "battlefield", not_types=("creature",))


@pytest.mark.parametrize("leaver, priority, holder", [("B", "B", "A"), ("C", "B", "B"), ("A", "B", "B")])
def test_leaving_and_priority(leaver, priority, holder):
    st = state({"players": ["A", "B", "C"], "active": "A", "priority": priority})
    out = control.leave_game(st, leaver)
    expected_active_gone = leaver == "A"
    assert (s.holder(out) if not expected_active_gone else out.priority) == (holder if not expected_active_gone else None)
    assert [e.obj for e in s.events(out, "left the game")] == [leaver]


def test_retarget_of_a_missing_spell():
    assert not control.retarget_allowed(table(), "Nothing", "A")


@pytest.mark.parametrize(
    "given, after, happened",
    [
        ({"life": {"A": 5, "B": 3}}, (3, 5), True),
        ({"life": {"A": 5}}, (20, 5), True),  # B at the starting 20
        ({"life": {"A": 4, "B": 4}}, (4, 4), True),  # nothing to gain or lose
        ({"life": {"A": 5, "B": 12}, "cant_lose_life": ["B"]}, (5, 12), False),
        ({"life": {"A": 12, "B": 5}, "cant_lose_life": ["B"]}, (5, 12), True),  # B only gains
        ({"life": {"A": 3, "B": 10}, "cant_gain_life": ["A"]}, (3, 10), False),
        ({"life": {"A": 3, "B": 10}, "cant_gain_life": ["B"]}, (10, 3), True),  # B only loses
    ],
)  # fmt: skip
def test_exchanging_life_totals_is_gaining_and_losing_life(given, after, happened):
    from kb.checks.model import life

    st, done = life.exchange_life(state({"players": ["A", "B"], **given}), "A", "B", "effect")
    assert (life.life_of(st, "A"), life.life_of(st, "B")) == after
    assert done is happened
    assert bool(s.events(st, "no exchange")) is not happened


@pytest.mark.parametrize(
    "locked, amount, allowed",
    [
        ((), 1, True), ((), -1, True), ((("A", "gain"),), 0, True), ((("A", "lose"),), 0, True),
        ((("A", "gain"),), 1, False), ((("A", "gain"),), -1, True),
        ((("A", "lose"),), -1, False), ((("A", "lose"),), 1, True), ((("B", "gain"),), 1, True),
    ],
)  # fmt: skip
def test_who_can_gain_or_lose_life(locked, amount, allowed):
    from dataclasses import replace

    from kb.checks.model import life

    st = replace(state({"players": ["A", "B"]}), life_locked=locked)
    assert life.can_change(st, "A", amount) is allowed
    after = life.change(st, "A", amount, "effect")
    assert life.life_of(after, "A") == (20 + amount if allowed else 20)
    gained, lost = s.events(after, "gain life"), s.events(after, "lose life")
    assert [(e.obj, e.player, e.detail) for e in gained + lost] == ([("effect", "A", str(abs(amount)))] if allowed and amount else [])
    assert (len(gained), len(lost)) == ((amount > 0, amount < 0) if allowed else (0, 0))
