"""Checks on exchanging control of a spell and a creature (701.12), as Sudden Substitution does.

Scenarios: B cast the noncreature spell "Spell" (targeting "Target"); C controls "Creature"; A
casts Sudden Substitution. D is a fourth player.
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import control
from kb.checks.model.control import BATTLEFIELD, EXILE, GONE, STACK, Obj, Table
from kb.checks.model.errors import IllegalAction
from kb.checks.registration import check


def setup(spell_types=("sorcery",), creature_controller="C", **spell_fields) -> Table:
    spell = Obj("Spell", "B", "B", STACK, spell_types, targets=("Target",), **spell_fields)
    creature = Obj("Creature", creature_controller, creature_controller)
    return Table(("A", "B", "C", "D"), (spell, creature))


def exchanged() -> control.Outcome:
    return control.sudden_substitution(setup(), "Spell", "Creature")


@check(
    id="exchange.permanent_spell",
    title="A permanent spell taken by the exchange becomes a permanent under its new controller",
    rules=("701.12b", "608.3a"),
    tags=("exchange_control",),
)
def permanent_spell():
    """If control of a permanent spell is exchanged, its new controller will control the permanent
    that spell becomes."""
    outcome = control.sudden_substitution(setup(("artifact",)), "Spell", "Creature")
    assert outcome.exchanged and control.controller(outcome.table, "Spell") == "C"
    table = control.resolve_permanent_spell(outcome.table, "Spell")
    assert control.obj(table, "Spell").zone == BATTLEFIELD
    holder = control.controller(table, "Spell")
    assert holder == "C", f"the permanent is controlled by {holder}"
    return "1 scenario"


@check(
    id="exchange.new_targets_without_exchange",
    title="No exchange, but the spell still a legal target: its controller may choose new targets",
    rules=("701.12a", "608.2b"),
    tags=("exchange_control",),
)
def new_targets_without_exchange():
    """If the exchange doesn't take place but the spell is still a legal target, its controller (the
    player who already controlled it) may choose new targets for it."""
    table = setup()
    gone = replace(table, objects=(table.objects[0], replace(table.objects[1], legal_target=False)))
    outcome = control.sudden_substitution(gone, "Spell", "Creature")
    assert not outcome.exchanged and outcome.new_targets_by == "B", f"{outcome}"
    retargeted = control.choose_new_targets(outcome, "Spell", "B", ("Other",))
    assert control.obj(retargeted, "Spell").targets == ("Other",)
    same = control.sudden_substitution(setup(creature_controller="B"), "Spell", "Creature")
    assert not same.exchanged and same.new_targets_by == "B", f"same controller: {same}"
    done = exchanged()
    assert done.new_targets_by == "C", "after an exchange the new controller chooses"
    return "3 scenarios"


@check(
    id="exchange.same_controller",
    title="No exchange if a target is illegal or both are controlled by the same player",
    rules=("701.12a", "701.12b", "608.2b"),
    tags=("exchange_control",),
)
def same_controller():
    """If the target spell or the target creature is an illegal target as Sudden Substitution
    resolves, the exchange won't take place (no part of it); if both targets are legal but
    controlled by the same player, the exchange won't take place either."""
    table = setup()
    for illegal in (0, 1):
        objects = tuple(replace(o, legal_target=False) if i == illegal else o for i, o in enumerate(table.objects))
        outcome = control.sudden_substitution(replace(table, objects=objects), "Spell", "Creature")
        assert not outcome.exchanged, f"exchanged with {objects[illegal].name} illegal"
        now = (control.controller(outcome.table, "Spell"), control.controller(outcome.table, "Creature"))
        assert now == ("B", "C"), f"controllers changed to {now}"
    same = control.sudden_substitution(setup(creature_controller="B"), "Spell", "Creature")
    assert not same.exchanged and not same.table.effects, "same controller: the exchange must do nothing"
    return "3 scenarios"


@check(
    id="exchange.player_leaves_game",
    title="If a player leaves the game, the control they got ends; a returned spell keeps its targets",
    rules=("800.4a", "701.12b", "115.7"),
    tags=("exchange_control",),
)
def player_leaves_game():
    """In a multiplayer game, if the controller of one of the exchanged objects leaves the game, the
    effect that gave that player control of the spell or the permanent ends; if the spell is still
    on the stack, the player who gets it back this way can't choose new targets for it."""
    outcome = exchanged()  # C controls Spell, B controls Creature
    left = control.leave_game(outcome.table, "C")  # C owned Creature: it leaves with C
    assert control.controller(left.table, "Spell") == "B", "the effect giving C the spell must end"
    assert control.obj(left.table, "Spell").zone == STACK and control.obj(left.table, "Creature").zone == GONE
    assert control.obj(left.table, "Spell").targets == ("Target",), "the spell must keep its targets"
    try:
        control.choose_new_targets(left, "Spell", "B", ("Other",))
    except IllegalAction:
        pass
    else:
        raise AssertionError("B chose new targets for the spell it got back")
    other = control.leave_game(exchanged().table, "B")  # B owned Spell: it leaves; Creature returns to C
    assert control.obj(other.table, "Spell").zone == GONE and control.controller(other.table, "Creature") == "C"
    assert control.obj(other.table, "Creature").zone == BATTLEFIELD, "the creature must not be exiled"
    return "2 scenarios"


@check(
    id="exchange.lasts_indefinitely",
    title="The exchange lasts indefinitely, even when the other object changes zones",
    rules=("611.2a", "701.12b", "400.7"),
    tags=("exchange_control",),
)
def lasts_indefinitely():
    """The exchange of control lasts indefinitely: it doesn't end for the spell if the creature
    changes zones or leaves the game, nor for the creature if the spell leaves the stack."""
    table = control.change_zone(exchanged().table, "Creature", "graveyard")
    assert control.controller(table, "Spell") == "C", "the spell returned to B when the creature died"
    table = control.change_zone(exchanged().table, "Spell", "graveyard")
    assert control.controller(table, "Creature") == "B", "the creature returned to C when the spell left"
    table = control.leave_game(exchanged().table, "D").table  # an uninvolved player leaves
    assert control.controller(table, "Creature") == "B" and control.controller(table, "Spell") == "C"
    return "3 scenarios"


@check(
    id="exchange.objects_stay_in_zones",
    title="After the exchange the spell is still on the stack and the creature on the battlefield",
    rules=("701.12b",),
    tags=("exchange_control",),
)
def objects_stay_in_zones():
    """The noncreature spell is still on the stack after control is exchanged, and the creature is
    still on the battlefield: only their controllers change."""
    outcome = exchanged()
    assert outcome.exchanged
    assert control.obj(outcome.table, "Spell").zone == STACK, "the spell left the stack"
    assert control.obj(outcome.table, "Creature").zone == BATTLEFIELD, "the creature left the battlefield"
    assert (control.controller(outcome.table, "Spell"), control.controller(outcome.table, "Creature")) == ("C", "B")
    assert EXILE not in {o.zone for o in outcome.table.objects}
    return "1 scenario"
