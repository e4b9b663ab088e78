"""Mana value (202.3) of every card of the real MTGJSON set files, and of mana symbols and layouts.

The whole-data test reads each set file of the corpus (``mtgjson/*.json.gz``: gzip JSON, cards
under "cards" or "data"/"cards") and compares, for every card face, the model's mana value with
MTGJSON's ``manaValue`` (``convertedManaCost`` in older files): every face as the card is in a hand
(202.3b-d; a double-faced card's, its front face's, 712.8). bench/mana_values.py does the same over
a whole MTGJSON snapshot, melded permanents and each face's own value too.
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

import pytest

from kb.checks.model import cards, costs
from kb.checks.model.cards import BOTH, Face
from kb.checks.model.errors import ManaCostError, ModelError
from kb.errors import KbError

from .conftest import corpus_dir


def set_files() -> list[Path]:
    root = corpus_dir()
    folder = root / "mtgjson" if root else None
    if folder is None or not folder.is_dir():
        pytest.skip("no MTGJSON set files: the corpus folder (KB_CORPUS or ../shared/corpus) has no mtgjson/")
    found = sorted(folder.glob("*.json.gz"))
    if not found:
        pytest.skip(f"no *.json.gz set files in {folder}")
    return found


@lru_cache(maxsize=None)
def set_cards(path: Path) -> tuple[dict, ...]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)
    body = data.get("data", data)
    return tuple(body["cards"])


def expected_value(card: dict):
    value = card.get("manaValue", card.get("convertedManaCost"))
    return None if value is None else float(value)


def model_value(card: dict, siblings: list[dict]):
    """The model's mana value of this MTGJSON card entry (a face of a card with several)."""
    layout = card.get("layout", "normal")
    if len(siblings) < 2:
        return costs.mana_value(card.get("manaCost"))
    ordered = sorted(siblings, key=lambda c: c.get("side") or "a")
    faces = [Face(c.get("faceName", c["name"]), c.get("manaCost")) for c in ordered]
    index = [c.get("side") or "a" for c in ordered].index(card.get("side") or "a")
    return cards.card_mana_value(layout, faces, index, zone="hand", x=0)


def test_every_card_of_the_real_set_files():
    checked, mismatches = 0, []
    for path in set_files():
        entries = set_cards(path)
        by_card = defaultdict(list)
        for card in entries:
            by_card[(card["name"], card.get("number", "").rstrip("ab"))].append(card)
        for card in entries:
            expected = expected_value(card)
            if expected is None:
                continue
            siblings = by_card[(card["name"], card.get("number", "").rstrip("ab"))]
            found = model_value(card, siblings)
            checked += 1
            if float(found) != expected:
                mismatches.append((path.name, card["name"], card.get("side"), card.get("manaCost"), found, expected))
    print(f"mana value: {checked} card faces checked, {len(mismatches)} mismatches")
    assert checked > 500
    assert mismatches == []


@pytest.mark.parametrize(
    "cost, x, value",
    [
        ("{2}{R}{R}", 0, 4),
        ("", 0, 0),
        (None, 0, 0),  # no mana cost (202.3a)
        ("{0}", 0, 0),
        ("{X}{R}", 0, 1),  # X is 0 off the stack (202.3e)
        ("{X}{R}", 5, 6),
        ("{X}{X}{R}", 2, 5),
        ("{X}{Y}{Z}", 1, 3),
        ("{W/U}{W/U}", 0, 2),
        ("{2/R}{2/R}{2/R}", 0, 6),  # Flame Javelin (202.3f)
        ("{2/W}", 0, 2),
        ("{C/W}", 0, 1),
        ("{W/P}{1}", 0, 2),  # Phyrexian counts 1 (202.3g)
        ("{G/U/P}", 0, 1),
        ("{C}{S}", 0, 2),
        ("{15}", 0, 15),
        ("{HW}", 0, 0.5),
        ("{HR}{HR}", 0, 1),
        ("{1}{HW}", 0, 1.5),
    ],
)
def test_mana_value_of_costs(cost, x, value):
    found = costs.mana_value(cost, x)
    assert found == value and type(found) is type(value)


LAYOUTS = [
    # layout, faces, face, zone, x, value
    ("split", [("Fire", "{1}{R}"), ("Ice", "{1}{U}")], 0, "hand", 0, 4),
    ("split", [("Fire", "{1}{R}"), ("Ice", "{1}{U}")], 1, "stack", 0, 2),
    ("split", [("Fire", "{1}{R}"), ("Ice", "{1}{U}")], BOTH, "stack", 0, 4),
    ("split", [("Find", "{B/G}{B/G}"), ("Finality", "{4}{B}{G}")], 0, "graveyard", 0, 8),
    ("aftermath", [("Dusk", "{2}{W}{W}"), ("Dawn", "{3}{W}{W}")], 1, "stack", 0, 5),
    ("aftermath", [("Dusk", "{2}{W}{W}"), ("Dawn", "{3}{W}{W}")], 1, "exile", 0, 9),
    ("adventure", [("Giant Killer", "{W}"), ("Chop Down", "{2}{W}")], 1, "stack", 0, 3),
    ("adventure", [("Giant Killer", "{W}"), ("Chop Down", "{2}{W}")], 1, "exile", 0, 1),
    ("adventure", [("Giant Killer", "{W}"), ("Chop Down", "{2}{W}")], 0, "stack", 0, 1),
    ("modal_dfc", [("Awakening", "{X}{B}{B}{B}"), ("Undercrypt", None)], 1, "battlefield", 0, 0),
    ("modal_dfc", [("Awakening", "{X}{B}{B}{B}"), ("Undercrypt", None)], 1, "graveyard", 0, 3),
    ("modal_dfc", [("Awakening", "{X}{B}{B}{B}"), ("Undercrypt", None)], 0, "stack", 4, 7),
    ("transform", [("Delver", "{U}"), ("Aberration", None)], 1, "battlefield", 0, 1),  # 202.3b
    ("transform", [("Thing", "{1}{U}"), ("Horror", None)], 0, "battlefield", 0, 2),
    ("meld", [("Bruna", "{5}{W}{W}"), ("Gisela", "{2}{W}{W}"), ("Brisela", None)], 2, "battlefield", 0, 11),
    ("meld", [("Bruna", "{5}{W}{W}"), ("Gisela", "{2}{W}{W}"), ("Brisela", None)], 0, "stack", 0, 7),
    ("meld", [("Bruna", "{5}{W}{W}"), ("Gisela", "{2}{W}{W}"), ("Brisela", None)], 1, "battlefield", 0, 7),
    ("flip", [("Akki Lavarunner", "{3}{R}"), ("Tok-Tok", None)], 1, "battlefield", 0, 4),
    ("normal", [], 0, "hand", 0, 0),
    ("modal_dfc", [("Valki", "{1}{B}"), ("Tibalt", "{5}{B}{R}")], 1, "stack", 0, 7),
    ("modal_dfc", [("Valki", "{1}{B}"), ("Tibalt", "{5}{B}{R}")], 1, "exile", 0, 2),
    ("reversible_card", [("Front", "{1}{B}"), ("Back", "{3}{B}")], 1, "battlefield", 0, 4),
    ("split", [("Half", "{HW}"), ("Other", "{1}")], 0, "stack", 0, 0.5),
    ("split", [("Half", "{HW}"), ("Other", "{1}")], 0, "hand", 0, 1.5),
    ("split", [("Half", "{HW}"), ("Other", "{HR}")], 0, "hand", 0, 1),
    ("adventure", [("Big", "{X}{G}"), ("Small", "{X}")], 1, "stack", 3, 3),
    ("adventure", [("Big", "{X}{G}"), ("Small", "{X}")], 1, "hand", 3, 1),
]


@pytest.mark.parametrize("layout, faces, face, zone, x, value", LAYOUTS)
def test_mana_value_of_layouts(layout, faces, face, zone, x, value):
    made = [Face(name, cost) for name, cost in faces]
    found = cards.card_mana_value(layout, made, face, zone=zone, x=x)
    assert found == value and type(found) is type(value)


@pytest.mark.parametrize(
    "text, kinds",
    [
        ("{2}{R}{R}", [costs.GENERIC, costs.COLORED, costs.COLORED]),
        ("{W/U}", [costs.HYBRID]),
        ("{2/W}", [costs.MONO_HYBRID]),
        ("{C/G}", [costs.COLORLESS_HYBRID]),
        ("{W/P}", [costs.PHYREXIAN]),
        ("{G/U/P}", [costs.HYBRID_PHYREXIAN]),
        ("{X}{X}{R}", [costs.VARIABLE, costs.VARIABLE, costs.COLORED]),
        ("{C}", [costs.COLORLESS]),
        ("{S}{S}", [costs.SNOW, costs.SNOW]),
        ("{HW}", [costs.HALF]),
        ("{10}", [costs.GENERIC]),
        ("", []),
        (" {1}{g} ", [costs.GENERIC, costs.COLORED]),
    ],
)
def test_parse(text, kinds):
    assert [s.kind for s in costs.parse_mana_cost(text).symbols] == kinds


@pytest.mark.parametrize("text", ["{2}{R}{R}", "{W/U}{2/W}{B/P}{X}{C}{S}", "{G/U/P}", "{HW}", "{C/W}", "{Y}{Z}"])
def test_round_trip(text):
    assert str(costs.parse_mana_cost(text)) == text


@pytest.mark.parametrize(
    "text, position, message",
    [
        ("2RR", 0, "'2' outside braces"),
        ("{2}{R", 3, "an unclosed '{'"),
        ("{Q}", 0, "{Q} is the untap symbol"),
        ("{T}", 0, "{T} is the tap symbol"),
        ("{W/W}", 0, "unknown mana symbol {W/W}"),
        ("{R/P/G}", 0, "unknown mana symbol"),
        ("{W/U/G}", 0, "unknown mana symbol"),
        ("{-1}", 0, "unknown mana symbol"),
        ("{}", 0, "unknown mana symbol"),
        ("{1}{H}", 3, "unknown mana symbol {H}"),
        ("{HX}", 0, "unknown mana symbol {HX}"),
        ("{2} {R}", 3, "' ' outside braces"),
        ("{P/W}", 0, "unknown mana symbol"),
        ("{W/W/P}", 0, "unknown mana symbol"),
        ("{2/U/P}", 0, "unknown mana symbol"),
        ("{U/2/P}", 0, "unknown mana symbol"),
    ],
)
def test_parse_errors(text, position, message):
    with pytest.raises(ManaCostError) as caught:
        costs.parse_mana_cost(text)
    assert caught.value.position == position and message in caught.value.message
    assert isinstance(caught.value, KbError) and repr(text) in str(caught.value)
    assert "rule 107.4" in str(caught.value) or "braces" in str(caught.value) or "symbol" in str(caught.value)


def test_unknown_symbol_message():
    with pytest.raises(ManaCostError) as caught:
        costs.parse_mana_cost("{1}{H}")
    assert str(caught.value) == (
        "bad mana cost '{1}{H}' at position 3: unknown mana symbol {H}; mana symbols are {0}, {1}, ..., {W} {U} {B} "
        "{R} {G}, {C}, {S}, {X}, {HW}, hybrid {W/U}, {2/W}, {C/W}, Phyrexian {W/P}, {W/U/P} (rule 107.4)")
    with pytest.raises(ManaCostError) as caught:
        costs.parse_mana_cost("{2}{R")
    assert caught.value.message == "an unclosed '{'; write each symbol in braces, e.g. '{2}{R}{R}'"


@pytest.mark.parametrize("text, kind, colors, amount", [
    ("{W/U}", costs.HYBRID, ("W", "U"), 0), ("{2/W}", costs.MONO_HYBRID, ("W",), 2), ("{C/G}", costs.COLORLESS_HYBRID, ("G",), 0),
    ("{B/P}", costs.PHYREXIAN, ("B",), 0), ("{G/U/P}", costs.HYBRID_PHYREXIAN, ("G", "U"), 0), ("{HW}", costs.HALF, ("W",), 0),
    ("{12}", costs.GENERIC, (), 12), ("{X}", costs.VARIABLE, (), 0), ("{S}", costs.SNOW, (), 0), ("{C}", costs.COLORLESS, (), 0),
    ("{R}", costs.COLORED, ("R",), 0)])
def test_symbols(text, kind, colors, amount):
    symbol = costs.parse_mana_cost(text).symbols[0]
    assert (symbol.text, symbol.kind, symbol.colors, symbol.amount) == (text[1:-1], kind, colors, amount)


def test_not_a_string():
    with pytest.raises(ManaCostError) as caught:
        costs.parse_mana_cost(3)
    assert str(caught.value) == "bad mana cost '3' at position 0: a mana cost is a string such as '{2}{R}{R}'"
    assert (caught.value.cost, caught.value.position) == ("3", 0)


def test_costs_given_parsed():
    parsed = costs.parse_mana_cost("{2}{R}")
    assert costs.mana_value(parsed) == 3 and costs.as_cost(parsed) is parsed
    assert str(costs.total_cost(parsed, reductions=[1])) == "{1}{R}"
    assert str(costs.total_cost("{X}{R}")) == "{R}"  # X is 0 unless announced


@pytest.mark.parametrize("cost, colors", [
    ("{2}{W}{U}", ("W", "U")), ("{G/U/P}", ("U", "G")), ("{3}", ()), (None, ()), ("{W/U}", ("W", "U")),
    ("{HR}", ("R",)), ("{C/G}", ("G",)), ("{B/P}", ("B",)), ("{2/W}", ("W",)), ("{C}{S}{X}", ())])
def test_colors_of(cost, colors):
    assert costs.colors_of(cost) == colors


def test_model_error_is_a_kb_error():
    assert issubclass(ManaCostError, ModelError) and issubclass(ManaCostError, ValueError)
