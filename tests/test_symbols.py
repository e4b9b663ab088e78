"""The mana value a ruling states for a mana symbol or a printed cost (kb.checks.symbols)."""

import pytest

from kb.checks import links as L
from kb.checks.symbols import read_face_down, read_symbols
from kb.records import ASSERTS, DENIES


@pytest.mark.parametrize(
    "text, about_value, read",
    [
        ("Each {2/R} counts as two toward mana value.", False, [("{2/R}", 2, True)]),
        ("Un simbolo {2/R} nel calcolo del valore di mana conta 1.", False, [("{2/R}", 1, False)]),
        ("{G/W} vale uno, {2/B} vale due.", True, [("{G/W}", 1, True), ("{2/B}", 2, True)]),  # the ruling carries the tag
        ("Un {S} stampato nel costo vale zero quando calcoli il valore di mana.", False, [("{S}", 0, False)]),
        ("{C} and {S} symbols add 0 to mana value.", False, [("{C}", 0, False)]),
        ("For example, a card with mana cost {1}{U}{U} has mana value 3.", False, [("{1}{U}{U}", 3, True)]),
        ("Una magia che costa {2}{S} ha valore di mana 3.", False, [("{2}{S}", 3, True)]),
        ("A {3}{C} card has mana value 3.", False, [("{3}{C}", 3, False)]),
        ("Any card with mana cost {U/P} has a mana value of 1.", False, [("{U/P}", 1, True)]),
        ("Ogni {W/P} vale 2 ai fini del valore di mana.", False, [("{W/P}", 2, False)]),
    ],
)  # fmt: skip
def test_a_symbols_or_costs_stated_mana_value_is_judged_by_the_model(text, about_value, read):
    assert [(s.said, s.value, s.holds) for s in read_symbols(text, about_value)] == read


@pytest.mark.parametrize(
    "text, about_value",
    [
        ("{G/W} vale uno, {2/B} vale due.", False),  # nothing says it is about mana value
        ("{C} adds one colorless mana; its mana value is what it is.", False),  # what it pays
        ("{2} counts as two generic mana for mana value.", False),  # mana, not a count
        ("A {X}{R} spell has mana value 1.", False),  # X: where the card is decides
        ("Each {E} counts as one for mana value.", False),  # no mana symbol
        ("If a {2/R} counts as 1, the spell costs less; mana value.", False),  # a condition
        ("A {2}{W} spell has mana value 3 or less.", False),  # a comparison
    ],
)  # fmt: skip
def test_what_is_no_statement_of_a_symbols_mana_value_is_not_read(text, about_value):
    assert read_symbols(text, about_value) == []


@pytest.mark.parametrize(
    "text, lang, claim, polarity",
    [
        ("Un simbolo {2/R} nel calcolo del valore di mana conta 1.", "it", "mana_value.hybrid_largest_part", DENIES),
        ("Each {2/R} counts as two toward mana value.", "en", "mana_value.hybrid_largest_part", ASSERTS),
        ("Un {S} stampato nel costo vale zero quando calcoli il valore di mana.", "it", "mana_value.colorless_snow_half", DENIES),
    ],
)  # fmt: skip
def test_the_linker_sets_the_links_of_mana_value_by_the_number_a_symbol_is_said_to_count(text, lang, claim, polarity):
    found = {link.claim: link for link in L.link(text, lang, ("mana_value",))}
    assert found[claim].polarity == polarity and found[claim].score == 1.0
    assert "computed from" in found[claim].evidence


@pytest.mark.parametrize(
    "text, read",
    [
        ("A face-down spell has mana value 0.", [(0, True)]),
        ("Morphs sitting face down count as 0 for mana value.", [(0, True)]),
        ("Una creatura coperta ha valore di mana 3 perché è stata lanciata pagando {3}.", [(3, False)]),
        ("La Danzatrice dei Nembi coperta è una 2/2 senza costo di mana e con valore zero.", [(0, True)]),
        ("The mana value of a face-down permanent is 0, but once turned face up its mana value is 5.", [(0, True)]),
        ("Il valore di mana di una creatura a faccia in giù è 0.", [(0, True)]),
        ("Once a face-down creature is turned face up its mana value is 5.", []),  # no longer face down
        ("A face-down creature doesn't have mana value 3.", []),  # said not to be
        ("If a face-down creature has mana value 0, Engineered Explosives can destroy it.", []),  # a condition
        ("Con delve, il costo coperto dalle carte esiliate lascia il valore di mana 8.", []),  # "coperto": paid for
    ],
)  # fmt: skip
def test_a_face_down_objects_stated_mana_value_is_the_models(text, read):
    assert [(s.value, s.holds) for s in read_face_down(text)] == read


def test_a_false_face_down_mana_value_denies_the_face_down_claim():
    found = {link.claim: link for link in L.link("Una creatura coperta ha valore di mana 3 perché è stata lanciata pagando {3}.", "it", ("mana_value", "face_down"))}
    assert found["mana_value.face_down_zero"].polarity == DENIES and "computed from" in found["mana_value.face_down_zero"].evidence
