"""Mutation tests: each check fails against a deliberately broken rules model.

A mutant replaces one function (or property) of the model with a plausible misreading of the
rules. ``KILLS`` says which checks each mutant must make fail; every registered check must be
killed by at least one mutant, so no check passes whatever the model says.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks import registry, run
from kb.checks.model import (
    abilities,
    combat,
    control,
    costs,
    discard,
    game,
    priority,
    spells,
)
from kb.checks.model.control import Outcome
from kb.checks.model.game import EXILE, GRAVEYARD

# Originals, captured before any patching, for mutants that wrap them.
_total_cost, _sudden_substitution, _exchange = costs.total_cost, control.sudden_substitution, control.exchange_control
_destination, _resolve_madness = discard.discard_destination, spells.resolve_madness
_resolution_zone = spells.resolution_zone


# ------------------------------------------------------------------------------------ costs


def ignore_alternative(mana_cost, alternative):
    """The total cost always starts from the mana cost (an alternative cost is ignored)."""
    return costs.as_cost(mana_cost)


def reduce_anything(cost, amount):
    """A generic reduction eats colored mana too."""
    symbols = list(cost.symbols)
    for _ in range(amount):
        generic = [i for i, s in enumerate(symbols) if s.kind == costs.GENERIC and s.amount]
        if generic:
            s = symbols[generic[0]]
            symbols[generic[0]] = costs.Symbol(str(s.amount - 1), costs.GENERIC, amount=s.amount - 1)
        elif symbols:
            symbols.pop()
    return costs.ManaCost(tuple(s for s in symbols if s.kind != costs.GENERIC or s.amount))


def reduce_below_zero(cost, amount):
    """Reductions are not floored at {0}."""
    left = cost.generic - amount
    others = tuple(s for s in cost.symbols if s.kind != costs.GENERIC)
    return costs.ManaCost(((costs.Symbol(str(left), costs.GENERIC, amount=left),) if left else ()) + others)


def reductions_first(mana_cost, *, alternative=None, additional=(), increases=(), reductions=(), x=0):
    """Reductions are applied before increases."""
    reduced = _total_cost(mana_cost, alternative=alternative, reductions=reductions, x=x)
    return _total_cost(str(reduced), increases=(*additional, *increases))


# ------------------------------------------------------------------------------------- goad


def clear_goad(original):
    return lambda creature, *args, **kw: replace(original(creature, *args, **kw), goaded_by=())


def goad_stacks(creature, player):
    """Each goad adds requirements, even by the same player."""
    return replace(creature, goaded_by=creature.goaded_by + (player,))


def any_attack_will_do(creature, options):
    """Goad only means "attacks if able": any attack satisfies it."""
    return min(1, max(combat.score(creature, c) for c in options if c is None or not c.attack_cost))


def walkers_count_as_players(requirement, choice):
    """Attacking another player's planeswalker obeys "attack a player other than the goader"."""
    if choice is None:
        return False
    return requirement.other_than is None or choice.owner != requirement.other_than


def costs_must_be_paid(creature, options):
    """The maximum counts attacks that cost something: the controller would have to pay."""
    return max(combat.score(creature, c) for c in options)


def goad_sticks_to_newcomers(creatures, creature):
    """A goad effect keeps goading: a newcomer joins its controller's goaded creatures."""
    goaders = tuple(dict.fromkeys(p for c in creatures if c.controller == creature.controller for p in c.goaded_by))
    return (*creatures, replace(creature, goaded_by=goaders))


def sick_creatures_attack(creature, active):
    """Forgets 302.6 (and haste): a creature that just changed control can attack."""
    return creature.controller == active and not creature.tapped and not creature.cant_attack


def tapped_creatures_attack(creature, active):
    return creature.controller == active and not creature.cant_attack


def no_skipped_turns(order, current, left=()):
    """A player who left the game never has a turn that "would have begun": goads by them last."""
    player, _ = _next_turn(order, current, left)
    return player, ()


_next_turn = combat.next_turn


# ------------------------------------------------------------------------------ split second


def locked_until_stack_empty(stack):
    """Split second locks the game until the stack is empty."""
    return bool(tuple(stack))


def split_second_counters_abilities(stack, spell):
    """Casting a split-second spell wipes the abilities already on the stack."""
    kept = tuple(o for o in stack if not spell.split_second or o.kind == priority.SPELL)
    return (*kept, spell)


def resolution_casts_anyway(stack, casting=None):
    """A resolving trigger may cast a spell whatever is on the stack (608.2g misread)."""
    top, rest = stack[-1], stack[:-1]
    if top.casts and casting is not None:
        return priority.Resolution(top, (*rest, casting), (casting.name,))
    return priority.Resolution(top, rest)


def special_actions_like_spells(special, stack):
    """Special actions are forbidden like spells under split second."""
    return priority.may(priority.Action(priority.CAST), stack)


def suspend_always(special, stack):
    return True


def no_priority_under_split_second(players, holder, stack, candidates):
    """Nobody receives priority while split second is on the stack."""
    if priority.split_second_on_stack(stack):
        return ()
    return _priority_round(players, holder, stack, candidates)


_priority_round = priority.priority_round


def triggers_wait(stack, triggers):
    """Split second stops triggered abilities from going on the stack."""
    return stack if priority.split_second_on_stack(stack) else (*stack, *triggers)


def costs_mana_means_mana_ability(ability):
    """An ability that costs mana is a mana ability."""
    return not ability.targets and (ability.adds_mana or abilities.costs_mana(ability))


def no_mana_abilities_under_split_second(ability):
    return False


# ---------------------------------------------------------------------------------- exchange


def retarget_only_if_exchanged(table, spell, creature, source="Sudden Substitution"):
    outcome = _sudden_substitution(table, spell, creature, source)
    return replace(outcome, new_targets_by=outcome.new_targets_by if outcome.exchanged else None)


def exchange_regardless(table, first, second, source):
    """No legality or controller test: partial or pointless exchanges happen."""
    a, b = control.controller(table, first), control.controller(table, second)
    effects = table.effects + (control.ControlEffect(first, b, source), control.ControlEffect(second, a, source))
    return Outcome(replace(table, effects=effects), True)


def exchange_swaps_zones(table, first, second, source):
    """The exchange also swaps the objects' zones (701.12d misread)."""
    outcome = _exchange(table, first, second, source)
    if not outcome.exchanged:
        return outcome
    za, zb = control.obj(table, first).zone, control.obj(table, second).zone
    swapped = control._update(control._update(outcome.table, first, zone=zb), second, zone=za)
    return replace(outcome, table=swapped)


def leaving_keeps_control(table, player):
    """A player who leaves keeps the control effects: their objects are just exiled."""
    table = replace(table, players=tuple(p for p in table.players if p != player))
    for o in table.objects:
        if o.owner == player:
            table = control._update(table, o.name, zone=control.GONE)
    for o in table.objects:
        if o.zone not in (control.GONE, control.EXILE) and control.controller(table, o.name) == player:
            table = control._update(table, o.name, zone=control.EXILE)
    return Outcome(table, False)


def anyone_retargets(outcome, spell, player, targets):
    return control._update(outcome.table, spell, targets=targets)


def zone_change_ends_the_exchange(table, name, zone):
    """The exchange is one effect: when one object changes zones, it ends for both."""
    sources = {e.source for e in table.effects if e.obj == name}
    effects = tuple(e for e in table.effects if e.source not in sources)
    o = control.obj(table, name)
    return replace(control._update(table, name, zone=zone, controller=o.owner), effects=effects)


def permanent_for_its_caster(table, name):
    """A resolving permanent spell enters under its caster's control."""
    effects = tuple(e for e in table.effects if e.obj != name)
    return replace(control._update(table, name, zone=control.BATTLEFIELD), effects=effects)


# ----------------------------------------------------------------------------------- madness


def exile_is_not_a_discard(game_, player, card, reason, by_madness):
    """A card exiled by madness was not discarded: no event, no discard triggers."""
    if by_madness:
        return game.trigger(game_, game.Ability(discard.madness_trigger_name(card), card.owner, "madness", card))
    return _record(game_, player, card, reason, by_madness)


_record = discard.record_discard


def madness_spells_return_to_exile(spell):
    return EXILE if spell.cast_from == EXILE else _resolution_zone(spell)


def mill_is_a_discard(game_, card):
    """Any card put into a graveyard was "discarded"."""
    card = game.card_named(game_, card) if isinstance(card, str) else card
    zone, by_madness = _destination(card, discard.EFFECT, None, True)
    return discard.record_discard(game.move(game_, card, zone), card.owner, card, discard.EFFECT, by_madness)


def discard_from_anywhere(game_, player, card, reason):
    return None


def madness_keeps_timing(card):
    return {"alternative": card.madness, "alternative_name": spells.MADNESS, "ignore_timing": False}


def no_timing_rules(game_, player, card):
    return True


def declined_stays_exiled(game_, ability, cast_it, x=0):
    return _resolve_madness(game_, ability, cast_it, x) if cast_it else game_


def triggers_go_under(game_):
    """Pending triggers go to the bottom of the stack."""
    if game_.resolving is not None or not game_.pending:
        return game_
    return replace(game_, stack=tuple(game_.pending) + game_.stack, pending=())


def graveyard_then_exile(card, reason, other, choose):
    """The discarded card first goes to the graveyard (and madness still triggers)."""
    return GRAVEYARD, card.madness is not None


def trigger_on_the_stack_at_once(game_, ability):
    return replace(game_, stack=game_.stack + (ability,))


def madness_only_for_effects(card, reason):
    return card.madness is not None and reason == discard.EFFECT


def discard_at_will(game_, player, card, reason):
    return None


def rebound_from_anywhere(spell):
    return spell.card.rebound


def other_replacement_wins(card, reason, other, choose):
    return (other, False) if other else _destination(card, reason, other, choose)


def copies_are_plain(game_, name, controller):
    item = spells.find(game_, name)
    plain = costs.cast_cost(item.card.mana_cost)
    return replace(game_, stack=game_.stack + (replace(item, controller=controller, copy=True, casting=plain),))


def reversed_apnap(game_):
    return tuple(reversed(_apnap(game_)))


_apnap = game.apnap


def countered_trigger_declines(game_, name):
    item = spells.find(game_, name)
    game_ = replace(game_, stack=tuple(i for i in game_.stack if i is not item))
    if getattr(item, "card", None) is not None:
        game_ = game.move(game_, item.card, GRAVEYARD)
    return game_


# ------------------------------------------------------------------------------------ mutants

# name: (module, attribute, replacement, checks it must kill)
MUTANTS = {
    "alternative cost ignored": (costs, "starting_cost", ignore_alternative, {"cost.total_cost"}),
    "generic reduction eats colored": (costs, "reduce_generic", reduce_anything, {"cost.total_cost"}),
    "cost below zero": (costs, "reduce_generic", reduce_below_zero, {"cost.total_cost"}),
    "reductions before increases": (costs, "total_cost", reductions_first, {"cost.total_cost"}),
    "mana value from total paid": (
        costs.Casting,
        "mana_value",
        property(lambda self: costs.mana_value(self.total)),
        {"cost.mana_value_unchanged"},
    ),
    "X is 0 on the stack": (costs, "x_value", lambda x, on_stack: 0, {"cost.mana_value_unchanged"}),
    "a changed cost is another cost": (
        costs,
        "pays_for",
        lambda casting, name: casting.alternative == name and casting.total == casting.base,
        {"cost.changed_cost_still_paid"},
    ),
    "attacking ends goad": (
        combat,
        "declare_attack",
        clear_goad(combat.declare_attack),
        {"goad.persists_after_attacking"},
    ),
    "control change ends goad": (
        combat,
        "gain_control",
        clear_goad(combat.gain_control),
        {"goad.survives_control_change"},
    ),
    "goad is an ability": (
        combat,
        "lose_all_abilities",
        clear_goad(combat.lose_all_abilities),
        {"goad.not_an_ability"},
    ),
    "goad means any attack": (
        combat,
        "required_score",
        any_attack_will_do,
        {"goad.multiple_goaders", "goad.attack_other_player", "goad.own_creature"},
    ),
    "planeswalkers count as players": (
        combat,
        "obeyed",
        walkers_count_as_players,
        {"goad.goaded_by_each_opponent", "goad.own_creature"},
    ),
    "attack costs must be paid": (combat, "required_score", costs_must_be_paid, {"goad.attack_cost_not_required"}),
    "summoning-sick creatures attack": (
        combat,
        "can_attack",
        sick_creatures_attack,
        {"goad.cant_attack_exceptions", "goad.survives_control_change"},
    ),
    "tapped creatures attack": (combat, "can_attack", tapped_creatures_attack, {"goad.cant_attack_exceptions"}),
    "goads stack": (combat, "goad", goad_stacks, {"goad.redundant_same_player"}),
    "goad outlives a leaving player": (combat, "next_turn", no_skipped_turns, {"goad.duration"}),
    "goad never ends": (combat, "begin_turn", lambda creature, player: creature, {"goad.duration"}),
    "goad sticks to newcomers": (combat, "enter", goad_sticks_to_newcomers, {"goad.fixed_at_resolution"}),
    "locked until the stack is empty": (
        priority,
        "split_second_on_stack",
        locked_until_stack_empty,
        {"split_second.after_leaves_stack"},
    ),
    "split second wipes abilities": (
        priority,
        "cast",
        split_second_counters_abilities,
        {"split_second.existing_stack_unaffected"},
    ),
    "resolution casts anyway": (
        priority,
        "resolve_top",
        resolution_casts_anyway,
        {"split_second.triggered_cast_blocked"},
    ),
    "special actions forbidden": (
        priority,
        "may_special",
        special_actions_like_spells,
        {"split_second.special_actions", "split_second.priority_mana_abilities"},
    ),
    "suspend always allowed": (priority, "may_special", suspend_always, {"split_second.suspend_needs_castable"}),
    "no priority under split second": (
        priority,
        "priority_round",
        no_priority_under_split_second,
        {"split_second.priority_mana_abilities"},
    ),
    "no mana abilities under split second": (
        abilities,
        "is_mana_ability",
        no_mana_abilities_under_split_second,
        {"split_second.priority_mana_abilities", "mana_ability.produces_mana"},
    ),
    "triggers wait for split second": (
        priority,
        "put_triggers",
        triggers_wait,
        {"split_second.triggers_still_trigger"},
    ),
    "costing mana makes a mana ability": (
        abilities,
        "is_mana_ability",
        costs_mana_means_mana_ability,
        {"mana_ability.produces_mana"},
    ),
    "permanent for its caster": (
        control,
        "resolve_permanent_spell",
        permanent_for_its_caster,
        {"exchange.permanent_spell"},
    ),
    "retarget only after an exchange": (
        control,
        "sudden_substitution",
        retarget_only_if_exchanged,
        {"exchange.new_targets_without_exchange"},
    ),
    "exchange regardless": (control, "exchange_control", exchange_regardless, {"exchange.same_controller"}),
    "leaving keeps control": (control, "leave_game", leaving_keeps_control, {"exchange.player_leaves_game"}),
    "anyone retargets": (control, "choose_new_targets", anyone_retargets, {"exchange.player_leaves_game"}),
    "one effect for both": (control, "change_zone", zone_change_ends_the_exchange, {"exchange.lasts_indefinitely"}),
    "exchange swaps zones": (control, "exchange_control", exchange_swaps_zones, {"exchange.objects_stay_in_zones"}),
    "madness exile is no discard": (discard, "record_discard", exile_is_not_a_discard, {"madness.counts_as_discarded"}),
    "madness spells back to exile": (
        spells,
        "resolution_zone",
        madness_spells_return_to_exile,
        {"madness.spell_on_stack"},
    ),
    "mill is a discard": (discard, "put_into_graveyard", mill_is_a_discard, {"madness.discard_only_from_hand"}),
    "discard from anywhere": (
        discard,
        "check_discard",
        discard_from_anywhere,
        {"madness.discard_only_from_hand", "madness.any_discard_reason"},
    ),
    "madness keeps timing": (spells, "madness_cast_options", madness_keeps_timing, {"madness.cast_ignoring_timing"}),
    "no timing rules": (spells, "timing_allows", no_timing_rules, {"madness.cast_ignoring_timing"}),
    "declined stays exiled": (spells, "resolve_madness", declined_stays_exiled, {"madness.declined_goes_to_graveyard"}),
    "triggers go under": (game, "to_priority", triggers_go_under, {"madness.resolves_before_paid_for"}),
    "graveyard, then exile": (
        discard,
        "discard_destination",
        graveyard_then_exile,
        {"madness.discard_during_resolution"},
    ),
    "trigger on the stack at once": (
        game,
        "trigger",
        trigger_on_the_stack_at_once,
        {"madness.discard_during_resolution"},
    ),
    "madness only for effects": (discard, "madness_applies", madness_only_for_effects, {"madness.any_discard_reason"}),
    "rebound from anywhere": (spells, "rebound_applies", rebound_from_anywhere, {"madness.cast_from_exile"}),
    "other replacement wins": (
        discard,
        "discard_destination",
        other_replacement_wins,
        {"madness.competing_replacement"},
    ),
    "copies are plain": (spells, "copy_spell", copies_are_plain, {"madness.copy_keeps_choices"}),
    "reversed APNAP": (game, "apnap", reversed_apnap, {"madness.apnap_order"}),
    "countered trigger declines": (spells, "counter", countered_trigger_declines, {"madness.trigger_countered"}),
}

CASES = [(name, check_id) for name, (_, _, _, kills) in MUTANTS.items() for check_id in sorted(kills)]


@pytest.mark.parametrize("name, check_id", CASES)
def test_mutant_makes_check_fail(monkeypatch, name, check_id):
    module, attribute, replacement, _ = MUTANTS[name]
    monkeypatch.setattr(module, attribute, replacement)
    result = run(check_id)
    assert not result.passed, f"{check_id} passed against the mutant {name!r}"


def test_every_check_is_killed_by_a_mutant():
    killed = {check_id for _, check_id in CASES}
    assert killed == set(registry()), f"no mutant for {sorted(set(registry()) - killed)}"


def test_checks_pass_once_the_mutants_are_gone():
    assert [r.id for r in map(run, registry()) if not r.passed] == []
