"""Goad (701.15) and declaring attackers (508.1), on the one game state."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import combat, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

FOUR = ["A", "B", "C", "D"]


def board(goaders=(), players=FOUR, active="A", attack_costs=None, **bear):
    objects = [{"id": "Bear", "card": "Grizzly Bears", "zone": "battlefield", "goaded_by": list(goaders), **bear},
               {"id": "PW", "card": "Jace Beleren", "owner": "B", "zone": "battlefield"},
               {"id": "Battle", "card": "Invasion of Gobakhan", "owner": "A", "zone": "battlefield", "protector": "C"}]
    return state({"players": players, "active": active, "objects": objects, "attack_costs": attack_costs or {}})


def names(st, oid="Bear"):
    return {None if c is None else c.name for c in combat.legal_attacks(st, oid)}


@pytest.mark.parametrize(
    "goaders, kw, expected",
    [
        ((), {}, {None, "B", "C", "D", "PW", "Battle"}),
        ((), {"keywords": ["attacks each combat"]}, {"B", "C", "D", "PW", "Battle"}),
        (("B",), {}, {"C", "D"}),
        (("B", "C"), {}, {"D"}),
        (("B", "C", "D"), {}, {"B", "C", "D"}),
        (("A",), {}, {"B", "C", "D"}),
        (("B",), {"tapped": True}, {None}),
        (("B",), {"cant_attack": True}, {None}),
        (("B",), {"sick": True}, {None}),
        (("B",), {"sick": True, "keywords": ["haste"]}, {"C", "D"}),
        (("B",), {"controller": "B"}, {None}),  # not the active player's
        (("B",), {"zone": "graveyard"}, {None}),
        (("B",), {"types": ["artifact"]}, {None}),
    ],
)
def test_legal_attacks(goaders, kw, expected):
    assert names(board(goaders, **kw)) == expected


@pytest.mark.parametrize(
    "goaders, players, costs, expected",
    [
        (("B",), ["A", "B"], {}, {"B", "PW"}),  # the battle's protector C isn't playing
        (("B",), ["A", "B", "C"], {"C": "{1}"}, {"B", "C", "PW", "Battle"}),
        (("B",), ["A", "B"], {"B": "{2}"}, {"B", "PW"}),  # the free planeswalker obeys one requirement
        (("B", "C"), FOUR, {"D": "{2}"}, {"B", "C", "D"}),
        (("B",), FOUR, {"C": "{0}"}, {"C", "D"}),
    ],
)
def test_costs_and_players(goaders, players, costs, expected):
    st = board(goaders, players=players, attack_costs=costs)
    assert names(st) == expected


def test_defenders():
    st = board()
    assert [(d.name, d.kind, d.player) for d in combat.defenders(st, "A")] == [
        ("B", "player", "B"), ("C", "player", "C"), ("D", "player", "D"), ("PW", "planeswalker", "B"),
        ("Battle", "battle", "C")]
    assert [d.name for d in combat.defenders(st, "B")] == ["A", "C", "D", "Battle"]
    assert [d.name for d in combat.defenders(st, "C")] == ["A", "B", "D", "PW"]


def test_requirements_and_redundant_goad():
    st = board(("B",))
    again = combat.goad(st, "Bear", "B")
    assert again is st
    assert combat.requirements(s.get(st, "Bear")) == (combat.Requirement("B"), combat.Requirement("B", "B"))
    twice = combat.goad(st, "Bear", "C")
    assert s.get(twice, "Bear").goaded_by == ("B", "C") and [e.kind for e in twice.events] == ["goad"]


def test_declare_attackers():
    st = board(("B",), keywords=["vigilance"])
    done = combat.declare_attackers(st, {"Bear": "C"})
    bear = s.get(done, "Bear")
    assert (bear.attacking, bear.tapped, bear.goaded_by, done.step) == ("C", False, ("B",), s.DECLARE_ATTACKERS)
    tapped = s.get(combat.declare_attackers(board(("B",)), {"Bear": "D"}), "Bear")
    assert tapped.tapped
    with pytest.raises(IllegalAction, match=r"Bear can't attack B: its legal choices are \['C', 'D'\] \(508.1d\)"):
        combat.declare_attackers(board(("B",)), {"Bear": "B"})
    with pytest.raises(IllegalAction, match="can't not attack"):
        combat.declare_attackers(board(("B",)), {})
    free = combat.declare_attackers(board(), {})
    assert s.get(free, "Bear").attacking is None and not s.get(free, "Bear").tapped


def test_goads_end_on_the_goaders_turn():
    st = board(("B", "D"), active="B")
    seen = []
    for _ in range(4):
        st = stack.pass_turn(st)
        seen.append((st.active, s.get(st, "Bear").goaded_by))
    assert seen == [("C", ("B", "D")), ("D", ("B",)), ("A", ("B",)), ("B", ())]


def test_goad_each_and_end_goads():
    st = state({"players": FOUR, "objects": [
        {"id": "X", "card": "Grizzly Bears", "owner": "C", "zone": "battlefield"},
        {"id": "Y", "card": "Jace Beleren", "owner": "C", "zone": "battlefield"},
        {"id": "Z", "card": "Grizzly Bears", "owner": "D", "zone": "battlefield"}]})
    st = combat.goad_each(st, "B", "C")
    assert [s.get(st, o).goaded_by for o in "XYZ"] == [("B",), (), ()]
    assert s.get(combat.end_goads(st, "B"), "X").goaded_by == ()
    assert s.get(combat.end_goads(st, "C"), "X").goaded_by == ("B",)
