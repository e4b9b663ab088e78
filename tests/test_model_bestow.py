"""Bestow (702.103) and Auras on the battlefield (303.4f, 704.5m)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import bestow, casting, entering, leaving, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction


def game(aura="Boon Satyr"):
    return state({"objects": [{"card": aura, "zone": "hand"}, {"card": "Grizzly Bears", "zone": "battlefield"},
                              {"card": "Forest", "zone": "battlefield"}]})


def cast(aura="Boon Satyr", **how):
    alternative = "bestow" if aura != "Pacifism" else None
    return casting.cast(game(aura), "A", aura, alternative=alternative, targets=["Grizzly Bears"], **how)


@pytest.mark.parametrize(
    "targets, message",
    [
        ((), "targets the one creature"),
        (("Grizzly Bears", "Grizzly Bears"), "targets the one creature"),
        (("Forest",), "not a legal target"),
    ],
)
def test_a_bestowed_spell_targets_one_creature(targets, message):
    with pytest.raises(IllegalAction, match=message):
        casting.cast(game(), "A", "Boon Satyr", alternative="bestow", targets=list(targets))


def test_cast_bestowed_an_aura_spell_for_its_bestow_cost():
    spell = s.get(cast(), "Boon Satyr")
    assert spell.types == ("enchantment", "aura") and bestow.bestowed(spell)
    assert spell.spell.total == "{3}{G}{G}" and casting.spell_mana_value(spell) == 3


@pytest.mark.parametrize(
    "aura, killed_when, zone, types",
    [
        ("Boon Satyr", None, "battlefield", ("enchantment", "aura")),  # attached (303.4f)
        ("Boon Satyr", "before it resolves", "battlefield", ("enchantment", "creature")),  # 702.103e
        ("Boon Satyr", "after it resolves", "battlefield", ("enchantment", "creature")),  # 702.103f
        ("Pacifism", "before it resolves", "graveyard", ("enchantment", "aura")),  # 608.2b
        ("Pacifism", "after it resolves", "graveyard", ("enchantment", "aura")),  # 704.5m
    ],
)
def test_what_becomes_of_the_aura(aura, killed_when, zone, types):
    st = cast(aura)
    if killed_when == "before it resolves":
        st = s.move(st, "Grizzly Bears", s.GRAVEYARD)
    st = stack.resolve(st)
    if killed_when == "after it resolves":
        st = leaving.state_based(s.move(st, "Grizzly Bears", s.GRAVEYARD))
    found = s.get(st, aura)
    assert (found.zone, found.types) == (zone, types)
    assert found.attached_to == (("Grizzly Bears", s.get(cast(aura), "Grizzly Bears").number) if killed_when is None else None)


def test_an_aura_on_a_creature_that_stops_being_one():
    st = stack.resolve(cast())
    st = leaving.state_based(s.update(st, "Grizzly Bears", types=("artifact",)))
    satyr = s.get(st, "Boon Satyr")
    assert (satyr.types, satyr.keywords, satyr.targets) == (("enchantment", "creature"), frozenset({"flash"}), ())
    assert s.events(st, "unbestowed") == (s.Event("unbestowed", "Boon Satyr", "A", "702.103f", 1),)


def test_a_bestowed_aura_made_a_creature_stays_one_creature():
    st = entering.become(stack.resolve(cast()), "Boon Satyr", "creature")  # Opalescence, say
    st = leaving.state_based(s.move(st, "Grizzly Bears", s.GRAVEYARD))
    assert s.get(st, "Boon Satyr").types.count("creature") == 1


def test_each_aura_is_checked():
    st = state({"objects": [{"card": "Pacifism", "zone": "hand"}, {"card": "Boon Satyr", "zone": "hand"},
                            {"card": "Grizzly Bears", "zone": "battlefield"}, {"id": "Bear", "card": "Grizzly Bears", "zone": "battlefield"}]})
    st = stack.resolve(casting.cast(st, "A", "Pacifism", targets=["Grizzly Bears"]))
    st = stack.resolve(casting.cast(st, "A", "Boon Satyr", alternative="bestow", targets=["Bear"]))
    st = leaving.state_based(s.move(st, "Bear", s.GRAVEYARD))
    assert (s.zone_of(st, "Pacifism"), s.get(st, "Boon Satyr").types) == ("battlefield", ("enchantment", "creature"))


def test_an_aura_put_onto_the_battlefield_unattached_dies():
    st = state({"objects": [{"card": "Pacifism", "zone": "battlefield"}, {"card": "Grizzly Bears", "zone": "battlefield"}]})
    assert s.zone_of(leaving.state_based(st), "Pacifism") == s.GRAVEYARD  # attached to nothing (704.5m)
