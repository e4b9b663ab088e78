"""A library's order, top first (401.1), scry (701.22a) and search (701.23)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import library
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction


def game():
    return state({"objects": [
        {"id": "One", "card": "Shock", "zone": "library"}, {"card": "Grizzly Bears", "zone": "battlefield"},
        {"id": "Two", "card": "Forest", "zone": "library"}, {"id": "Theirs", "card": "Forest", "zone": "library", "owner": "B"},
        {"id": "Three", "card": "Mountain", "zone": "library"}, {"id": "Four", "card": "Shock", "zone": "library"},
    ]})  # fmt: skip


@pytest.mark.parametrize(
    "count, top, bottom, order",
    [
        (2, None, (), ["One", "Two", "Three", "Four"]),  # every card back on top, as it was
        (2, ("Two", "One"), (), ["Two", "One", "Three", "Four"]),
        (2, (), ("Two", "One"), ["Three", "Four", "Two", "One"]),
        (3, ("Three",), ("One", "Two"), ["Three", "Four", "One", "Two"]),
        (3, None, ("Two",), ["One", "Three", "Four", "Two"]),  # the others on top, in their order
        (4, ("Four",), ("Three", "Two", "One"), ["Four", "Three", "Two", "One"]),
        (6, (), ("Four", "One", "Three", "Two"), ["Four", "One", "Three", "Two"]),  # more than the library holds
        (0, None, (), ["One", "Two", "Three", "Four"]),
    ],
)  # fmt: skip
def test_scry(count, top, bottom, order):
    st = library.scry(game(), "A", count, top, bottom)
    assert list(library.library(st, "A")) == order and library.library(st, "B") == ("Theirs",)
    assert [o.id for o in st.objects if o.zone != "library"] == ["Grizzly Bears"]
    kept = len(top) if top is not None else min(count, 4) - len(bottom)
    assert [(e.kind, e.obj, e.player, e.detail) for e in st.events] == [
        ("scry", "", "A", f"{kept} on top, {len(bottom)} on the bottom")]


@pytest.mark.parametrize(
    "player, count, top, bottom, seen",
    [("A", 2, ("One",), (), "One, Two"), ("A", 2, ("One", "Three"), (), "One, Two"),
     ("A", 2, ("One", "One"), ("Two",), "One, Two"), ("A", 1, (), ("Theirs",), "One"),
     ("A", 2, ("One",), ("Two", "Two"), "One, Two"), ("C", 1, ("One",), (), "no card")],
)  # fmt: skip
def test_scry_places_each_card_looked_at_once(player, count, top, bottom, seen):
    with pytest.raises(IllegalAction) as raised:
        library.scry(game(), player, count, top, bottom)
    assert str(raised.value) == f"{player} scries {count}: each of {seen} goes on top or on the bottom, once (701.22a)"


def test_reorder_keeps_the_other_objects_in_place():
    st = library.reorder(game(), "A", ("Four", "Three", "Two", "One"))
    assert [o.id for o in st.objects] == ["Four", "Grizzly Bears", "Three", "Theirs", "Two", "One"]
    assert s.get(st, "Four").zone == "library"


@pytest.mark.parametrize(
    "found, quality, count, hand, problem",
    [
        ((), "land", 1, [], None),  # a stated quality: nothing found is allowed, a Forest there or not (701.23b)
        (("Two",), "land", 1, ["Two"], None),
        (("Three", "Two"), "land", 2, ["Three", "Two"], None),
        (("One",), "land", 1, [], "isn't a land card"),  # what is found matches the description
        (("Two", "Three"), "land", 1, [], "at most 1"),
        (("Theirs",), "land", 1, [], "of their library"),  # another player's library
        (("Two", "Two"), "land", 2, [], "different"),
        ((), None, 1, [], "must find 1"),  # "a card": one must be found (701.23d)
        (("One",), None, 1, ["One"], None),
        (("One",), None, 2, [], "must find 2"),
        (("One", "Four", "Two", "Three"), None, 6, ["Four", "One", "Three", "Two"], None),  # all there are
    ],
)  # fmt: skip
def test_search(found, quality, count, hand, problem):
    if problem:
        with pytest.raises(IllegalAction, match=problem):
            library.search(game(), "A", found, quality, count)
        return
    st = library.search(game(), "A", found, quality, count)
    assert sorted(o.id for o in s.in_zone(st, "hand", "A")) == hand
    assert [c for c in library.library(game(), "A") if c not in found] == list(library.library(st, "A"))
    detail = f"{len(found)} found" + (f" ({quality})" if quality else "")
    assert [(e.kind, e.obj, e.player, e.detail) for e in st.events] == [
        *(("move", card, "A", "library -> hand") for card in found), ("search", "", "A", detail)]


def test_a_search_is_for_one_card_unless_told():
    assert [o.id for o in s.in_zone(library.search(game(), "A", ["Two"]), "hand", "A")] == ["Two"]
    with pytest.raises(IllegalAction, match="at most 1 "):
        library.search(game(), "A", ["Two", "Three"])
    with pytest.raises(IllegalAction, match="must find 1 "):
        library.search(game(), "A", [])


@pytest.mark.parametrize(
    "found, quality, message",
    [
        (("Two", "Three"), "land", "A finds Two, Three: at most 1 different card(s) of their library (701.23a)"),
        ((), None, "searching for 1 card(s) with no stated quality, A must find 1 (701.23d)"),
        (("Theirs",), None, "A finds Theirs: at most 1 different card(s) of their library (701.23a)"),
        (("One", "Four"), "land", "A finds One, Four: at most 1 different card(s) of their library (701.23a)"),
    ],
)  # fmt: skip
def test_search_errors_say_what_was_found_and_the_rule(found, quality, message):
    with pytest.raises(IllegalAction) as caught:
        library.search(game(), "A", found, quality)
    assert str(caught.value) == message


def test_a_search_finding_the_wrong_cards_names_them():
    with pytest.raises(IllegalAction) as caught:
        library.search(game(), "A", ("One", "Four"), "land", 2)
    assert str(caught.value) == "One, Four isn't a land card: what a search finds matches the description (701.23a)"
