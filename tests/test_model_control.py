"""Exchanging control of a spell and a creature (701.12, 800.4a)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks.model import control
from kb.checks.model.control import BATTLEFIELD, EXILE, GONE, STACK, Obj, Table
from kb.checks.model.errors import IllegalAction


def table(creature_controller="C", spell_legal=True, creature_legal=True):
    spell = Obj("Spell", "B", "B", STACK, ("sorcery",), ("T",), spell_legal)
    creature = Obj("Creature", creature_controller, creature_controller, legal_target=creature_legal)
    return Table(("A", "B", "C", "D"), (spell, creature))


@pytest.mark.parametrize(
    "kw, exchanged, controllers, chooser",
    [
        ({}, True, ("C", "B"), "C"),
        ({"creature_controller": "B"}, False, ("B", "B"), "B"),
        ({"creature_legal": False}, False, ("B", "C"), "B"),
        ({"spell_legal": False}, False, ("B", "C"), None),
        ({"spell_legal": False, "creature_legal": False}, False, ("B", "C"), None),
    ],
)
def test_sudden_substitution(kw, exchanged, controllers, chooser):
    outcome = control.sudden_substitution(table(**kw), "Spell", "Creature")
    assert outcome.exchanged is exchanged
    assert (control.controller(outcome.table, "Spell"), control.controller(outcome.table, "Creature")) == controllers
    assert outcome.new_targets_by == chooser


def test_choose_new_targets_needs_permission():
    outcome = control.sudden_substitution(table(), "Spell", "Creature")
    assert control.obj(control.choose_new_targets(outcome, "Spell", "C", ("U",)), "Spell").targets == ("U",)
    with pytest.raises(IllegalAction, match="can't choose new targets"):
        control.choose_new_targets(outcome, "Spell", "B", ("U",))


def test_later_effects_win():
    first = control.exchange_control(table(), "Spell", "Creature", "one").table
    second = control.exchange_control(first, "Spell", "Creature", "two").table
    assert (control.controller(second, "Spell"), control.controller(second, "Creature")) == ("B", "C")


def test_resolving_a_permanent_spell():
    exchanged = control.sudden_substitution(table(), "Spell", "Creature").table
    resolved = control.resolve_permanent_spell(exchanged, "Spell")
    assert (control.obj(resolved, "Spell").zone, control.controller(resolved, "Spell")) == (BATTLEFIELD, "C")
    with pytest.raises(IllegalAction, match="not on the stack"):
        control.resolve_permanent_spell(resolved, "Spell")


def test_leaving_player_exiles_what_they_still_control():
    base = table()
    stolen = replace(base, objects=base.objects + (Obj("Loot", "A", "A"),))
    stolen = control.exchange_control(stolen, "Loot", "Creature", "swap").table  # C gets Loot, A gets Creature
    left = control.leave_game(stolen, "C").table
    assert control.obj(left, "Creature").zone == GONE  # owned by C
    assert control.obj(left, "Loot").zone == BATTLEFIELD and control.controller(left, "Loot") == "A"
    kept = Table(("A", "C"), (Obj("Borrowed", "A", "C"),))  # C controls A's card by default
    assert control.obj(control.leave_game(kept, "C").table, "Borrowed").zone == EXILE


def test_unknown_object():
    with pytest.raises(IllegalAction, match="no object named"):
        control.obj(table(), "Nothing")
