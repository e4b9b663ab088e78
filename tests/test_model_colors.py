"""Colors (105, 202.2) and the layer-5 and layer-6 effects on them (613.1e-f, 613.3), devoid (702.114a)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks.claims.build import state
from kb.checks.model import colors
from kb.checks.model import state as s


@pytest.mark.parametrize(
    "row, effects, expected",
    [
        ({"card": "Grizzly Bears"}, [], ("G",)),
        ({"card": "Dust Stalker"}, [], ()),  # devoid, {2}{B}{R}
        ({"card": "Grizzly Bears", "colors": ["W", "U"]}, [], ("W", "U")),  # a color indicator
        ({"card": "Grizzly Bears"}, [(colors.COLOR, ("U",))], ("U",)),
        ({"card": "Dust Stalker"}, [(colors.COLOR, ("W",)), (colors.COLOR, ("B", "G"))], ("B", "G")),  # the latest wins
        ({"card": "Dust Stalker"}, [(colors.LOSE_ABILITIES, ())], ()),  # devoid applied in layer 5 already
        ({"card": "Grizzly Bears", "keywords": ["devoid"]}, [(colors.LOSE_ABILITIES, ()), (colors.COLOR, ("R",))], ("R",)),
    ],
)  # fmt: skip
def test_color_of(row, effects, expected):
    st = state({"objects": [{"zone": "battlefield", **row}]})
    for kind, found in effects:
        st = colors.add(st, kind, row["card"], found)
    assert colors.color_of(st, row["card"]) == expected


def test_effects_end_when_the_object_changes_zones():
    st = state({"objects": [{"card": "Dust Stalker", "zone": "battlefield"}]})
    st = colors.add(colors.add(st, colors.COLOR, "Dust Stalker", ("G",)), colors.LOSE_ABILITIES, "Dust Stalker")
    assert (colors.color_of(st, "Dust Stalker"), colors.keywords_of(st, "Dust Stalker")) == (("G",), frozenset())
    st = s.move(st, "Dust Stalker", s.GRAVEYARD)
    assert (colors.color_of(st, "Dust Stalker"), colors.keywords_of(st, "Dust Stalker")) == ((), {"devoid", "haste"})


@pytest.mark.parametrize(
    "wanted, expected",
    [(("R",), 3), (("W",), 4), (("R", "W"), 4), (("B",), 2), (("G",), 0), (("U",), 0)],
)
def test_devotion_counts_the_mana_costs_of_ones_permanents(wanted, expected):
    st = state({"objects": [
        {"card": "Boros Reckoner", "zone": "battlefield"},  # {R/W}{R/W}{R/W}
        {"card": "Porcelain Legionnaire", "zone": "battlefield"},  # {2}{W/P}
        {"card": "Nantuko Shade", "zone": "battlefield"},  # {B}{B}; "{B}: ..." doesn't count
        {"card": "Grizzly Bears", "zone": "hand"},
        {"card": "Serra Angel", "owner": "B", "zone": "battlefield"},
        {"id": "Morph", "card": "Ruination Guide", "zone": "battlefield", "face_down": True},  # no mana cost face down
    ]})  # fmt: skip
    assert colors.devotion(st, "A", wanted) == expected


def test_effects_are_logged_and_an_object_without_a_color_indicator_takes_its_mana_costs():
    st = state({"objects": [{"card": "Dust Stalker", "zone": "battlefield"}]})
    st = colors.add(colors.add(st, colors.COLOR, "Dust Stalker", ("W", "U")), colors.LOSE_ABILITIES, "Dust Stalker", (),
                    "Humility")
    assert [(e.kind, e.obj, e.detail) for e in st.events] == [
        ("color", "Dust Stalker", "W,U"), ("lose all abilities", "Dust Stalker", "Humility")]
    assert colors.add(st, colors.LOSE_ABILITIES, "Dust Stalker").events[-1].detail == "effect"
    assert st.layered == (colors.Layered("color", "Dust Stalker", 1, ("W", "U")),
                          colors.Layered("lose all abilities", "Dust Stalker", 1))
    bare = s.Obj("Bears", "A", "battlefield", mana_cost="{1}{G}{W}")
    assert colors.printed_colors(bare) == ("W", "G") and colors.printed_colors(replace(bare, colors=("B",))) == ("B",)
