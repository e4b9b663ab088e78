"""Bestow (702.103) and Auras on the battlefield (303.4f, 704.5m)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import bestow, casting, leaving, stack
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
    assert s.get(st, "Boon Satyr").types == ("enchantment", "creature")
    assert [e.kind for e in s.events(st, "unbestowed")] == ["unbestowed"]
