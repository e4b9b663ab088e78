"""Cascade (702.85): exiling to a nonland card of lesser mana value, casting it free, the rest to the
bottom of the library in a random order: kb.checks.model.cascade and its triggers in casting."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, library, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

ELF = "Bloodbraid Elf"  # mana value 4


def board(spell, *deck):
    """``spell`` in A's hand, ``deck`` A's library, top first."""
    return state({"objects": [{"card": spell, "zone": "hand"}] + [{"card": c, "zone": "library"} for c in deck]})


def cascaded(spell, deck, **choices):
    st = casting.cast(board(spell, *deck), "A", spell)
    return stack.resolve(st, choices)


@pytest.mark.parametrize("deck, hit", [
    (("Forest", "Grizzly Bears"), "Grizzly Bears"),                  # a land is passed
    (("Hill Giant", "Grizzly Bears"), "Grizzly Bears"),              # mana value 4: not less than 4
    (("Fire // Ice", "Shock"), "Shock"),                             # 4 in exile, its halves combined (709.4)
    (("Valki, God of Lies", "Shock"), "Valki, God of Lies"),          # 2 in exile: its front face (712.8c)
    (("Whir of Invention", "Shock"), "Whir of Invention"),            # {X}{U}{U}{U}: 3 off the stack, X as 0 (202.3e)
    (("Forest", "Mountain"), None),                                  # the library runs out
])  # fmt: skip
def test_cascade_stops_at_the_first_nonland_card_of_lesser_mana_value(deck, hit):
    st = cascaded(ELF, deck, cast=False)
    assert [e.detail for e in s.events(st, "cascade")] == [f"{len(deck) if hit is None else deck.index(hit) + 1} exiled, {hit or 'no card'} hit"]
    assert sorted(library.library(st, "A")) == sorted(deck)  # none cast: every card back in the library


def test_the_cards_not_cast_go_under_the_rest_no_shuffle():
    st = cascaded(ELF, ("Forest", "Hill Giant", "Grizzly Bears", "Mountain", "Shock"), cast=True)
    order = library.library(st, "A")
    assert order[:2] == ("Mountain", "Shock") and sorted(order[2:]) == ["Forest", "Hill Giant"]
    bears = s.get(st, "Grizzly Bears")
    assert bears.zone == s.STACK and bears.spell.cast_from == s.EXILE and bears.spell.total == "{0}" and bears.spell.cast


@pytest.mark.parametrize("spell, deck, half, allowed", [
    ("Bituminous Blast", ("Fire // Ice",), 1, True),           # Ice, 2, less than 5
    ("Bituminous Blast", ("Fire // Ice",), "both", False),     # one half, not both (709.3)
    (ELF, ("Valki, God of Lies",), 0, True),                   # Valki, 2
    (ELF, ("Valki, God of Lies",), 1, False),                  # Tibalt, 7: not less than 4
])  # fmt: skip
def test_the_spell_cast_must_have_a_lesser_mana_value_too(spell, deck, half, allowed):
    st = state({"objects": [{"card": spell, "zone": "hand"}, {"card": "Hill Giant", "zone": "battlefield", "owner": "B"}]
                + [{"card": c, "zone": "library"} for c in deck]})
    st = casting.cast(st, "A", spell, targets=("Hill Giant",) if "target: creature" in s.get(st, spell).keywords else ())
    if allowed:
        assert s.zone_of(stack.resolve(st, {"cast": True, "half": half}), deck[0]) == s.STACK
    else:
        with pytest.raises(IllegalAction):
            stack.resolve(st, {"cast": True, "half": half})


@pytest.mark.parametrize("keywords, triggers", [
    (["haste"], 0),
    (["cascade"], 1),
    (["cascade", "cascade 2"], 2),           # each instance triggers (702.85c)
    (["cascade", "cascade 2", "cascade 3"], 3),
])  # fmt: skip
def test_each_instance_of_cascade_triggers(keywords, triggers):
    st = state({"objects": [{"card": "Hill Giant", "zone": "hand", "keywords": keywords}]})
    st = casting.cast(st, "A", "Hill Giant")
    found = [i for i in st.stack if i.startswith("cascade trigger")]
    assert len(found) == triggers
    assert all(dict(s.get(st, i).effect[0][1])["mana_value"] == 4 for i in found)
    assert all(s.get(st, i).source == "Hill Giant" for i in found)  # the spell's own abilities (113.7)


def test_an_opponent_s_library_is_left_alone():
    st = state({"objects": [{"card": "Shock", "owner": "B", "zone": "library"}, {"card": "Opt", "owner": "B", "zone": "library"},
                            {"card": ELF, "zone": "hand"}, {"card": "Forest", "zone": "library"},
                            {"card": "Grizzly Bears", "zone": "library"}, {"card": "Mountain", "zone": "library"}]})
    st = stack.resolve(casting.cast(st, "A", ELF), {"cast": False})
    assert library.library(st, "B") == ("Shock", "Opt")
    assert library.library(st, "A")[0] == "Mountain" and sorted(library.library(st, "A")[1:]) == ["Forest", "Grizzly Bears"]


def test_the_card_found_is_cast_unless_declined_and_as_its_front_face_unless_told():
    st = cascaded(ELF, ("Valki, God of Lies",))  # no choices given: "you may cast" taken as yes
    valki = s.get(st, "Valki, God of Lies")
    assert valki.zone == s.STACK and valki.face == 0 and casting.spell_mana_value(valki) == 2


def test_a_resulting_spell_of_equal_mana_value_is_refused():
    st = state({"objects": [{"card": "Craw Wurm", "zone": "hand", "mana_cost": "{5}{G}{B}", "keywords": ["cascade"]},
                            {"card": "Valki, God of Lies", "zone": "library"}]})
    st = casting.cast(st, "A", "Craw Wurm")  # mana value 7; Tibalt, Cosmic Impostor: 7
    with pytest.raises(IllegalAction, match="mana value 7, not less than 7"):
        stack.resolve(st, {"cast": True, "half": 1})


def test_a_card_with_no_mana_cost_has_mana_value_0_in_exile():
    st = state({"objects": [{"card": "Shock", "zone": "hand", "keywords": ["cascade"]},  # mana value 1
                            {"card": "Forest", "zone": "library"}, {"card": "Ancestral Vision", "zone": "library"}]})
    st = stack.resolve(casting.cast(st, "A", "Shock"), {"cast": False})
    assert [e.detail for e in s.events(st, "cascade")] == ["2 exiled, Ancestral Vision hit"]

