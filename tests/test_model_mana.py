"""Paying a cost with mana (kb.checks.model.mana): which unit pays which symbol, snow mana among them."""

from __future__ import annotations

import pytest

from kb.checks.model.errors import ModelError
from kb.checks.model.mana import Mana, mana, payable


@pytest.mark.parametrize(
    "cost, units, spend_as, paid",
    [
        ("{1}{S}", ("snow G", "R"), None, True),  # 107.4h: a snow source's mana pays {S}
        ("{1}{S}", ("G", "R"), None, False),
        ("{S}", ("snow C",), None, True),  # of any type, colorless too
        ("{S}{S}", ("snow U", "R"), None, False),
        ("{2}{S}{S}", ("snow G", "snow U", "R", "R"), None, True),
        ("{2}{S}{S}", ("snow G", "R", "R", "R"), None, False),
        ("{S}", ("U",), "any type", False),  # snow is no type of mana
        ("{S}", ("U",), "any color", False),  # nor a color
        ("{G}", ("U",), "any type", True),  # 609.4b
        ("{G}", ("C",), "any color", True),  # colorless mana spent as though it were green
        ("{C}", ("G",), "any color", False),  # {C} takes colorless mana, unless as though of any type
        ("{C}", ("G",), "any type", True),
        ("{C}", ("snow C",), None, True),
        ("{G}{G}", ("G",), None, False),
        ("{G}{G}", ("G", "snow G"), None, True),
        ("{2/G}", ("R", "B"), None, True),  # a monocolored hybrid: two mana, or one green
        ("{2/G}", ("R",), None, False),
        ("{2/G}", ("G",), None, True),
        ("{G/W}", ("W",), None, True),
        ("{G/W}", ("U",), None, False),
        ("{G/P}", ("G",), None, True),
        ("{G/P}", ("R",), None, False),  # life is not modelled
        ("{0}", (), None, True),
        ("{3}", ("G", "U"), None, False),
        ("{S}{G}", ("snow G", "U"), None, False),  # the snow green can't pay both
        ("{G}{S}", ("snow G", "G"), None, True),  # whichever order the symbols come in
    ],
)  # fmt: skip
def test_which_mana_pays_which_symbol(cost, units, spend_as, paid):
    assert payable(cost, units, spend_as) is paid


@pytest.mark.parametrize("spec, unit", [("G", Mana("G")), ("snow C", Mana("C", snow=True)), ("snow W", Mana("W", True))])
def test_a_unit_of_mana_is_written_with_its_type_and_snow(spec, unit):
    assert mana(spec) == unit


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: mana("green"), "not a unit of mana: 'green'"),
        (lambda: mana("snow"), "not a unit of mana: 'snow'"),
        (lambda: mana(""), "not a unit of mana: ''"),
        (lambda: mana("ice G"), "not a unit of mana: 'ice G'"),
        (lambda: payable("{X}{G}", ("G",)), "{X}{G}: fix X before paying it"),
        (lambda: payable("{G}", ("G",), spend_as="any colour"), "spend as 'any colour': one of None, any color, any type"),
        (lambda: payable("{HW}", ("W",)), "paying {HW} with mana is not modelled"),
    ],
)  # fmt: skip
def test_what_the_model_cannot_pay_is_a_model_error_that_says_why(call, message):
    with pytest.raises(ModelError) as caught:
        call()
    assert str(caught.value).startswith(message)


def test_units_may_be_given_as_mana():
    assert payable("{1}{S}", (Mana("G", snow=True), Mana("R"))) and not payable("{S}", (Mana("G"),))
