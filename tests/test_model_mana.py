"""Paying a cost with mana (kb.checks.model.mana): which unit pays which symbol, snow mana among them."""

from __future__ import annotations

import pytest

from kb.checks.model.errors import ModelError
from kb.checks.model.mana import Mana, mana, payable, snow_spent


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
        ("{G/P}", ("R",), None, False),  # and no life to pay with
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


@pytest.mark.parametrize(
    "cost, units, spent",
    [
        ("{3}{U}{U}", ("U", "U", "C", "G", "R"), 0),  # no {S} in the cost: any mana pays it, none of it snow
        ("{3}{U}{U}", ("snow U", "U", "snow C", "snow G", "R"), 3),  # a snow source's mana, whatever its type
        ("{1}{R}{R}", ("snow R", "R", "R"), 1),
        ("{1}{S}", ("snow G", "snow R"), 2),  # the {S} and the {1} alike
        ("{2/G}", ("snow G",), 1),
        ("{1}{S}", (Mana("G", snow=True), Mana("R", snow=True)), 2),  # units given as mana
    ],
)  # fmt: skip
def test_the_snow_mana_spent_counts_the_units_of_snow_sources(cost, units, spent):
    assert snow_spent(cost, units) == spent


def test_the_snow_mana_spent_under_an_effect_that_spends_mana_as_though_any_type():
    assert snow_spent("{G}", ("snow U",), spend_as="any type") == 1  # blue mana pays {G} only as though it were green
    with pytest.raises(ModelError, match="is paid with less than 3 mana"):
        snow_spent("{G}{G}", ("U", "R", "snow B"), spend_as="any type")  # any two of them pay it


@pytest.mark.parametrize(
    "cost, units, message",
    [
        ("{1}{R}{R}", ("snow G", "snow G", "R"), "snow G snow G R doesn't pay {1}{R}{R}"),  # snow mana is no red mana
        ("{1}{G}", ("G", "U", "snow C"), "{1}{G} is paid with less than 3 mana"),  # which of them is spent?
        ("{U}{G}", ("C", "U", "G"), "{U}{G} is paid with less than 3 mana"),  # the one to spare comes first
        ("{G}", (), "no mana doesn't pay {G}"),
    ],
)  # fmt: skip
def test_the_snow_mana_spent_needs_a_payment_with_none_to_spare(cost, units, message):
    with pytest.raises(ModelError) as caught:
        snow_spent(cost, units)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    "cost, units, life, paid",
    [
        ("{U/P}", (), 2, True),  # 107.4f: 2 life instead of {U}
        ("{U/P}", (), 1, False),  # 119.4: at 1 life, 2 life can't be paid
        ("{U/P}", (), 0, False),
        ("{W/P}{W/P}", (), 4, True),
        ("{W/P}{W/P}", (), 3, False),  # each symbol paid with life takes 2 more
        ("{W/P}{W/P}", ("W",), 3, True),  # one with mana, one with life
        ("{1}{B/P}{B/P}", ("R",), 5, True),
        ("{1}{B/P}{B/P}", ("R",), 3, False),
        ("{G/W/P}", (), 2, True),  # a hybrid Phyrexian symbol, paid with life
        ("{G/W/P}", ("W",), 0, True),  # or with one of its colors
        ("{1}", (), 20, False),  # life pays Phyrexian symbols only
        ("{G}", (), 20, False),
        ("{2/G}", (), 20, False),
    ],
)
def test_a_phyrexian_symbol_is_paid_with_its_color_or_2_life(cost, units, life, paid):
    assert payable(cost, units, life=life) is paid


def test_a_symbol_paid_with_life_leaves_the_rest_paid_as_mana_may_be_spent():
    assert payable("{G/P}{G}", ("U",), "any type", life=2)  # life for {G/P}; U spent as though green for {G}
    assert not payable("{G/P}{G}", ("U",), None, life=2)
