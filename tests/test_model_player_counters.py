"""Counters a player has (122.1): energy gained and paid (107.14), kept through turns."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import player_counters as pc
from kb.checks.model import stack
from kb.checks.model.errors import IllegalAction


@pytest.mark.parametrize(
    "steps, expected",
    [
        ([("gain", "A", 2)], {"A": 2, "B": 0}),
        ([("gain", "A", 2), ("pay", "A", 2)], {"A": 0, "B": 0}),
        ([("gain", "A", 2), ("gain", "B", 1), ("pay", "A", 1), ("gain", "A", 3)], {"A": 4, "B": 1}),
    ],
)
def test_energy_gained_and_paid(steps, expected):
    st = state({"objects": []})
    for verb, player, amount in steps:
        st = getattr(pc, verb)(st, player, pc.ENERGY, amount)
    assert {p: pc.count(st, p) for p in ("A", "B")} == expected
    assert st.player_counters == tuple((p, "energy", n) for p, n in sorted(expected.items()) if n)
    assert [(e.kind, e.obj, e.player, e.detail) for e in st.events] == [
        (("get" if verb == "gain" else "pay") + " energy", "effect" if verb == "gain" else "cost", player, str(amount))
        for verb, player, amount in steps]


@pytest.mark.parametrize("have, pay", [(0, 1), (2, 3)])
def test_no_one_pays_more_energy_than_they_have(have, pay):
    st = pc.gain(state({"objects": []}), "A", pc.ENERGY, have) if have else state({"objects": []})
    with pytest.raises(IllegalAction, match=f"^A can't pay {pay} energy: they have {have} \\(107.14\\)$"):
        pc.pay(st, "A", pc.ENERGY, pay)


def test_energy_stays_through_turns_and_is_no_poison():
    st = pc.gain(state({"objects": []}), "A", pc.ENERGY, 3)
    st = stack.pass_turn(stack.pass_turn(st))
    assert (pc.count(st, "A"), pc.count(st, "A", "poison")) == (3, 0)


def test_sources_are_logged():
    st = pc.gain(pc.gain(state({"objects": []}), "B", "poison", 3, "Virulent Sliver"), "B", "poison", 2, "Virulent Sliver")
    st = pc.pay(pc.gain(st, "B", pc.ENERGY, 1), "B", "poison", 1, "an effect")
    assert [(e.kind, e.obj, e.player, e.detail) for e in st.events] == [
        ("get poison", "Virulent Sliver", "B", "3"), ("get poison", "Virulent Sliver", "B", "2"),
        ("get energy", "effect", "B", "1"), ("pay poison", "an effect", "B", "1")]
    assert st.player_counters == (("B", "energy", 1), ("B", "poison", 4))
