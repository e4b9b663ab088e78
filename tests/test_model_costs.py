"""Total cost (601.2f, 118.7, 118.9) and paying with convoke and delve (702.51, 702.66)."""

from __future__ import annotations

import pytest

from kb.checks.model import costs
from kb.checks.model.errors import ModelError


@pytest.mark.parametrize(
    "mana_cost, kw, total",
    [
        ("{3}{B}", {}, "{3}{B}"),
        ("{3}{B}", {"alternative": "{2}{B}"}, "{2}{B}"),
        ("{3}{B}", {"alternative": "{2}{B}", "increases": ["{1}"]}, "{3}{B}"),
        ("{3}{B}", {"alternative": "{2}{B}", "reductions": [2]}, "{B}"),
        ("{3}{B}", {"alternative": ""}, "{0}"),  # without paying its mana cost
        ("{R}", {"increases": ["{2}"], "reductions": [2]}, "{R}"),
        ("{R}{R}", {"reductions": [5]}, "{R}{R}"),
        ("{S}{1}", {"reductions": [3]}, "{S}"),
        ("{2}", {"reductions": [5]}, "{0}"),
        ("{2}{R}", {"reductions": ["{R}"]}, "{2}"),
        ("{2}{U}", {"reductions": ["{R}"]}, "{1}{U}"),
        ("{U}", {"reductions": ["{R}"]}, "{U}"),
        ("{1}{C}", {"reductions": ["{C}"]}, "{1}"),
        ("{X}{G}", {"x": 3}, "{3}{G}"),
        ("{X}{X}{G}", {"x": 2}, "{4}{G}"),
        ("{X}{G}", {"x": 3, "reductions": [1]}, "{2}{G}"),
        ("{X}{G}", {"x": 0}, "{G}"),
        ("{1}{G}", {"additional": ["{1}{G}"]}, "{2}{G}{G}"),
        ("{1}{G}", {"additional": ["{X}"], "x": 2}, "{3}{G}"),
        ("{2}{G}", {"reductions": ["{2}"]}, "{G}"),
        ("", {}, "{0}"),
        (None, {}, "{0}"),
        ("{W/U}{2}", {"reductions": [1]}, "{1}{W/U}"),
    ],
)
def test_total_cost(mana_cost, kw, total):
    assert str(costs.total_cost(mana_cost, **kw)) == total


@pytest.mark.parametrize(
    "kw, message",
    [
        ({"x": -1}, "X can't be negative"),
        ({"reductions": ["{W/U}"]}, "reductions by {W/U} are not modelled"),
        ({"reductions": ["{X}"]}, "not modelled"),
        ({"alternative": "{2}{Q}"}, "untap symbol"),
    ],
)
def test_total_cost_errors(kw, message):
    with pytest.raises(ModelError, match=message):
        costs.total_cost("{1}{W}", **kw)


@pytest.mark.parametrize(
    "cost, colors, left",
    [
        ("{1}{G}", ("G",), "{1}"),  # a colored symbol first
        ("{1}{G}", ("R",), "{G}"),  # else generic
        ("{G}", ("R",), None),  # nothing it can pay
        ("{2}", (), "{1}"),  # a colorless creature pays generic
        ("{G}{W}", ("W", "G"), "{W}"),  # the first matching colored symbol
        ("{W}", ("W",), "{0}"),
    ],
)
def test_pay_with(cost, colors, left):
    paid = costs.pay_with(costs.parse_mana_cost(cost), colors)
    assert (None if paid is None else str(paid)) == left


@pytest.mark.parametrize(
    "cost, amount, left",
    [("{3}{R}", 1, "{2}{R}"), ("{3}{R}", 3, "{R}"), ("{3}{R}", 9, "{R}"), ("{R}", 1, "{R}"), ("{2}", 2, "")],
)
def test_reduce_generic(cost, amount, left):
    assert str(costs.reduce_generic(costs.parse_mana_cost(cost), amount)) == left


def test_normalise_and_fix_x():
    cost = costs.parse_mana_cost("{R}{2}{X}{1}")
    assert str(costs.normalise(costs.fix_x(cost, 4))) == "{7}{R}"
    assert str(costs.normalise(costs.ManaCost())) == "{0}"
    assert costs.parse_mana_cost("{2}{R}{3}").generic == 5


def test_symbol_values():
    parse = costs.parse_mana_cost
    assert [costs.symbol_value(s, 3) for s in parse("{X}{2/W}{W}{HW}{4}").symbols] == [3, 2, 1, 0.5, 4]
    assert costs.parse_mana_cost("{0/W}").symbols[0].amount == 0
    assert costs.mana_value("{0/W}") == 1  # a hybrid's largest part: {W}
