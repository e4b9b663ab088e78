"""Mana costs: parsing (107.4), mana value (202.3), total cost (601.2f)."""

from __future__ import annotations

import pytest

from kb.checks.model import costs
from kb.checks.model.costs import (
    COLORED,
    COLORLESS,
    COLORLESS_HYBRID,
    GENERIC,
    HYBRID,
    HYBRID_PHYREXIAN,
    MONO_HYBRID,
    PHYREXIAN,
    SNOW,
    VARIABLE,
)
from kb.checks.model.errors import ManaCostError, ModelError
from kb.errors import KbError


@pytest.mark.parametrize(
    "text, kinds",
    [
        ("{2}{R}{R}", [GENERIC, COLORED, COLORED]),
        ("{W/U}", [HYBRID]),
        ("{2/W}", [MONO_HYBRID]),
        ("{C/G}", [COLORLESS_HYBRID]),
        ("{W/P}", [PHYREXIAN]),
        ("{G/U/P}", [HYBRID_PHYREXIAN]),
        ("{X}{X}{R}", [VARIABLE, VARIABLE, COLORED]),
        ("{C}", [COLORLESS]),
        ("{S}{S}", [SNOW, SNOW]),
        ("{10}", [GENERIC]),
        ("{0}", [GENERIC]),
        ("", []),
        (" {1}{g} ", [GENERIC, COLORED]),  # outer spaces and lower case are tolerated
    ],
)
def test_parse(text, kinds):
    assert [s.kind for s in costs.parse_mana_cost(text).symbols] == kinds


@pytest.mark.parametrize("text", ["{2}{R}{R}", "{W/U}{2/W}{B/P}{X}{C}{S}", "{G/U/P}"])
def test_round_trip(text):
    assert str(costs.parse_mana_cost(text)) == text


@pytest.mark.parametrize(
    "text, position, message",
    [
        ("2RR", 0, "outside braces"),
        ("{2}{R", 3, "unclosed"),
        ("{Q}", 0, "untap symbol"),
        ("{T}", 0, "tap symbol"),
        ("{W/W}", 0, "unknown mana symbol"),
        ("{R/P/G}", 0, "unknown mana symbol"),
        ("{-1}", 0, "unknown mana symbol"),
        ("{}", 0, "unknown mana symbol"),
        ("{1}{H}", 3, "unknown mana symbol {H}"),
        ("{2} {R}", 3, "outside braces"),
    ],
)
def test_parse_errors(text, position, message):
    with pytest.raises(ManaCostError, match=message) as caught:
        costs.parse_mana_cost(text)
    assert caught.value.position == position
    assert isinstance(caught.value, KbError) and repr(text) in str(caught.value)


def test_not_a_string():
    with pytest.raises(ManaCostError, match="a mana cost is a string"):
        costs.parse_mana_cost(3)


@pytest.mark.parametrize(
    "cost, x, on_stack, value",
    [
        ("{2}{R}{R}", 0, False, 4),
        ("", 0, False, 0),  # no mana cost (202.3a)
        ("{0}", 0, False, 0),
        ("{X}{R}", 5, False, 1),  # X is 0 off the stack (202.3e)
        ("{X}{R}", 5, True, 6),  # the announced X on the stack
        ("{X}{X}{R}", 2, True, 5),
        ("{W/U}{W/U}", 0, False, 2),
        ("{2/W}{2/W}{2/W}", 0, False, 6),  # largest part of hybrid (202.3f)
        ("{C/W}", 0, False, 1),
        ("{W/P}{1}", 0, False, 2),  # Phyrexian counts 1 (202.3g)
        ("{G/U/P}", 0, False, 1),
        ("{C}{S}", 0, False, 2),
        ("{15}", 0, False, 15),
    ],
)
def test_mana_value(cost, x, on_stack, value):
    assert costs.mana_value(cost, x=x, on_stack=on_stack) == value


@pytest.mark.parametrize(
    "mana_cost, kw, total",
    [
        ("{3}{B}", {}, "{3}{B}"),
        ("{3}{B}", {"alternative": "{2}{B}"}, "{2}{B}"),
        ("{3}{B}", {"alternative": "{2}{B}", "increases": ["{1}"]}, "{3}{B}"),
        ("{3}{B}", {"alternative": "{2}{B}", "reductions": [2]}, "{B}"),
        ("{R}", {"increases": ["{2}"], "reductions": [2]}, "{R}"),  # increases, then reductions
        ("{R}{R}", {"reductions": [5]}, "{R}{R}"),  # generic reductions don't touch colored mana
        ("{S}{1}", {"reductions": [3]}, "{S}"),  # nor snow (107.4h)
        ("{2}", {"reductions": [5]}, "{0}"),  # never below {0} (118.7)
        ("{2}{R}", {"reductions": ["{R}"]}, "{2}"),  # a colored reduction takes its color (118.7c)
        ("{2}{U}", {"reductions": ["{R}"]}, "{1}{U}"),  # or generic if there is none (118.7b)
        ("{1}{C}", {"reductions": ["{C}"]}, "{1}"),
        ("{X}{G}", {"x": 3}, "{3}{G}"),
        ("{X}{G}", {"x": 3, "reductions": [1]}, "{2}{G}"),
        ("{1}{G}", {"additional": ["{1}{G}"]}, "{2}{G}{G}"),  # kicker
        ("", {}, "{0}"),
    ],
)
def test_total_cost(mana_cost, kw, total):
    assert str(costs.total_cost(mana_cost, **kw)) == total


@pytest.mark.parametrize(
    "kw, message",
    [
        ({"x": -1}, "X can't be negative"),
        ({"reductions": ["{W/U}"]}, "not modelled"),
        ({"alternative": "{2}{Q}"}, "untap symbol"),
    ],
)
def test_total_cost_errors(kw, message):
    with pytest.raises(ModelError, match=message):
        costs.total_cost("{1}{W}", **kw)


def test_casting_keeps_mana_value_and_base():
    casting = costs.cast_cost("{3}{B}", alternative="{2}{B}", alternative_name="madness", reductions=[5])
    assert (str(casting.total), casting.mana_value, str(casting.base)) == ("{B}", 4, "{2}{B}")
    assert costs.pays_for(casting, "madness")
