"""Claims that can fail: each claim fails against at least one deliberately wrong model.

A mutant replaces one function of the model with a plausible misreading of the rules. Every
claim must be killed (fail) under at least one mutant, so no claim holds whatever the model
says; every mutant must kill at least one claim; and with the mutants gone every claim holds.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from kb.checks import registry, run
from kb.checks.model import (
    abilities,
    actions,
    attachments,
    bestow,
    bodies,
    cards,
    cascade,
    casting,
    cipher,
    colors,
    combat,
    control,
    copies,
    costs,
    damage,
    designations,
    discard,
    dungeon,
    destruction,
    dying,
    effects,
    end_step,
    entering,
    evolve,
    exalted,
    exert,
    face_down,
    faces,
    halves,
    history,
    leaving,
    library,
    life,
    mana,
    origins,
    overload,
    paying,
    player_counters,
    priority,
    protection,
    saga,
    splice,
    stack,
    targeting,
    untapping,
    vehicles,
    cumulative_upkeep,
    proliferate,
)
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

_ = (abilities, actions, attachments, bestow, bodies, cards, cascade, casting, cipher, colors, combat, control, copies, costs, discard, dungeon, effects, entering, faces, history, leaving, library, life, mana, origins,
     paying, player_counters, priority, saga, stack, targeting, s, evolve, vehicles, dying, exert, destruction, exalted, end_step, damage, halves, overload, protection, splice, designations, untapping, cumulative_upkeep, proliferate)
ORIGINAL = {
    "symbol_value": costs.symbol_value, "total_cost": costs.total_cost, "card_mana_cost": cards.card_mana_cost,
    "destination": discard.destination, "record": discard.record, "legal_attacks": combat.legal_attacks,
    "exchange": control.exchange, "leave_stack": leaving.leave_stack, "cast": casting.cast,
    "exchange_life": life.exchange_life, "may_cast": priority.may_cast, "required_paid": casting.required_paid,
    "pass_turn": stack.pass_turn, "to_priority": s.to_priority, "move": s.move,
    "spell_total": casting.spell_total,
    "suspend_cast": effects.VERBS["suspend_cast"], "cast_triggers": casting.cast_triggers,
    "pay_tapping": paying.pay_tapping, "pay_delve": paying.pay_delve, "watchers": casting.watchers, "copy_card": copies.copy_card, "madness": effects.VERBS["madness"],
    "storm": effects.VERBS["storm"], "suspend_tick": effects.VERBS["suspend_tick"], "cycle": actions.cycle,
    "check_discard": discard.check_discard, "activate": actions.activate, "leave_game": control.leave_game,
    "copy_of": copies.copy_of, "resolve": stack.resolve, "spell_mana_value": casting.spell_mana_value,
    "sudden": control.sudden_substitution, "apnap": s.apnap, "timing_allows": priority.timing_allows,
    "copy_permanent": copies.copy_permanent, "choose_new_targets": control.choose_new_targets,
    "turn_face_up": face_down.turn_face_up, "turned_face_up": face_down.turned_face_up, "morph_cost": face_down.morph_cost,
    "proliferate": proliferate.proliferate, "kinds_on": proliferate.kinds_on, "cumulative_upkeep": effects.VERBS["cumulative_upkeep"],
    "untap": untapping.untap, "untap_creatures": effects.VERBS["untap_creatures"], "upkeep": stack.upkeep, "become": entering.become, "entered": entering.entered,
    "may_special": priority.may_special, "scry": library.scry, "search": library.search,
    "takes": mana._takes, "reduce_generic": costs.reduce_generic,
    "transform": faces.transform, "put_onto_battlefield": entering.put_onto_battlefield,
    "drain_devotion": effects.VERBS["drain_devotion"], "counter": leaving.counter,
    "snow_spent": mana.snow_spent, "play_land": entering.play_land,
    "as_aura": bestow.as_aura, "run": effects.run, "leaving_destination": leaving.destination, "part_allowed": origins.part_allowed, "colors_of": costs.colors_of,
    "choose_targets": targeting.choose, "add_counters": saga.add_counters,
    "venture": dungeon.venture, "enter_room": dungeon._enter, "next_room": dungeon._next_room,
    "crew": vehicles.crew, "crewed": vehicles.crewed, "power_toughness": bodies.power_toughness,
    "become_until_end_of_turn": bodies.become_until_end_of_turn, "greater": evolve.greater, "evolve_resolve": evolve.resolve,
    "looking_back": dying._looking_back, "dying_state_based": dying.state_based, "returned": dying.returned,
    "exert": exert.exert, "untap_step": exert.untap_step, "declare_attackers": combat.declare_attackers,
    "saved": destruction.saved, "sacrifice": dying.sacrifice, "remove_from_combat": combat.remove_from_combat,
    "exalted_declared": exalted.declared, "go_to": stack.go_to, "enters_attacking": entering._attacking,
    "end_step_put": end_step.put, "unearth": end_step.unearth, "end_step_begin": end_step.begin,
    "deal": damage.deal, "losers": damage.losers,
    "printed_colors": colors.printed_colors, "instructions": halves.instructions,
    "spliced": splice.spliced, "splice_instructions": splice.instructions, "revealed": splice.revealed,
    "copy_spell": copies.copy_spell, "end_of_turn": bodies.end_of_turn,
    "designation_current": designations._current, "remove_counters": saga.remove_counters,
    "ascend": designations.ascend, "ascend_spell": designations.ascend_spell,
    "condition_holds": casting.condition_holds,
    "cascade_resolve": cascade.resolve, "cascade_bottom": cascade.bottom, "object_mana_value": casting.object_mana_value,
    "check_auras": bestow.check_auras, "check_equipment": attachments.check_equipment,
    "attached_to": attachments.attached_to, "bonus": attachments.bonus, "enchanting": bestow.enchanting,
    "as_it_resolves": cipher.as_it_resolves, "encoded_on": cipher.encoded_on, "cipher_combat_damage": cipher.combat_damage,
}


def _hybrid_as_one(symbol, x=0):
    return 1 if symbol.kind == costs.MONO_HYBRID else ORIGINAL["symbol_value"](symbol, x)


def _phyrexian_zero(symbol, x=0):
    return 0 if symbol.kind in (costs.PHYREXIAN, costs.HYBRID_PHYREXIAN) else ORIGINAL["symbol_value"](symbol, x)


def _x_ignored(symbol, x=0):
    return ORIGINAL["symbol_value"](symbol, 0)


def _reductions_first(mana_cost, *, alternative=None, additional=(), increases=(), reductions=(), x=0):
    reduced = ORIGINAL["total_cost"](mana_cost, alternative=alternative, reductions=reductions, x=x)
    return ORIGINAL["total_cost"](str(reduced), additional=additional, increases=increases)


def _x_after_reductions(mana_cost, *, alternative=None, additional=(), increases=(), reductions=(), x=0):
    """X added once the reductions are taken (they can't pay for it)."""
    without_x = ORIGINAL["total_cost"](mana_cost, alternative=alternative, additional=additional, increases=increases,
                                       reductions=reductions, x=0)
    return ORIGINAL["total_cost"](str(without_x), increases=[f"{{{x}}}"] if x else ())


def _life_exchanged_anyway(state, first, second, source):
    """Each player's life total simply set to the other's, whatever they can't gain or lose."""
    totals = {first: life.life_of(state, second), second: life.life_of(state, first)}
    return replace(state, life=tuple(sorted({**dict(state.life), **totals}.items()))), True


def _ignore_alternative(mana_cost, alternative):
    return costs.as_cost(mana_cost or "")


def _reduce_colored_too(cost, amount):
    symbols = list(cost.symbols)
    for _ in range(amount):
        generic = [i for i, x in enumerate(symbols) if x.kind == costs.GENERIC and x.amount]
        if generic:
            sym = symbols[generic[0]]
            symbols[generic[0]] = costs.Symbol(str(sym.amount - 1), costs.GENERIC, amount=sym.amount - 1)
        elif symbols:
            symbols.pop()
    return costs.ManaCost(tuple(x for x in symbols if x.kind != costs.GENERIC or x.amount))


def _split_half_always(layout, faces, face=0, *, zone="hand"):
    if layout in cards.SPLIT_LAYOUTS:
        return (faces[0].mana_cost,)
    return ORIGINAL["card_mana_cost"](layout, faces, face, zone=zone)


def _back_face_own(layout, faces, face=0, *, zone="hand"):
    if layout in ("transform", "modal_dfc", "meld") and isinstance(face, int) and face < len(faces):
        return (faces[face].mana_cost,)
    return ORIGINAL["card_mana_cost"](layout, faces, face, zone=zone)


def _front_everywhere(layout, faces, face=0, *, zone="hand"):
    return (faces[0].mana_cost,) if faces else (None,)


def _mana_value_from_total(spell):
    if spell.spell is not None and spell.zone == "stack":
        return costs.mana_value(spell.spell.total)
    return ORIGINAL["spell_mana_value"](spell)


def _graveyard_then_exile(card, other, choose):
    return s.GRAVEYARD, discard.madness_applies(card)


def _other_replacement_wins(card, other, choose):
    return (other, False) if other else ORIGINAL["destination"](card, other, choose)


def _exiled_is_not_discarded(state, player, card, reason, by_madness, cycled=False):
    if by_madness:
        return s.trigger(state, discard.madness_trigger(card))
    return ORIGINAL["record"](state, player, card, reason, by_madness, cycled)


def _cycle_counts_twice(state, player, card, reason, by_madness, cycled=False):
    state = ORIGINAL["record"](state, player, card, reason, by_madness, cycled)
    return ORIGINAL["record"](state, player, card, reason, False, cycled) if cycled else state


def _any_attack_will_do(state, oid):
    options = (None, *combat.defenders(state, s.controller_of(state, oid))) if combat.can_attack(state, s.get(state, oid)) else (None,)
    creature = s.get(state, oid)
    if not creature.goaded_by:
        return ORIGINAL["legal_attacks"](state, oid)
    return tuple(c for c in options if c is not None) or (None,)


def _walkers_count_as_players(requirement, choice):
    if choice is None:
        return False
    return requirement.other_than is None or choice.player != requirement.other_than


def _costs_must_be_paid(choice):
    return True


def _sick_creatures_attack(state, creature):
    return creature.zone == "battlefield" and "creature" in creature.types and \
        s.controller_of(state, creature.id) == state.active and not creature.tapped and not creature.cant_attack


def _goads_stack(state, oid, player):
    creature = s.get(state, oid)
    return s.log(s.update(state, oid, goaded_by=creature.goaded_by + (player,)), s.Event("goad", oid, player))


def _goad_never_ends(state, player):
    return state


def _attack_ends_goad(state, attacks):
    state = ORIGINAL_DECLARE(state, attacks)
    for oid in attacks:
        state = s.update(state, oid, goaded_by=())
    return state


ORIGINAL_DECLARE = combat.declare_attackers


def _control_change_ends_goad(state, oid, player, source):
    state = ORIGINAL_GAIN(state, oid, player, source)
    return s.update(state, oid, goaded_by=()) if s.get(state, oid).zone == "battlefield" else state


ORIGINAL_GAIN = control.gain_control


def _no_skipped_turns(state):
    player, _ = ORIGINAL_NEXT(state)
    return player, ()


ORIGINAL_NEXT = stack.next_player


def _exchange_regardless(state, first, second, source):
    a, b = s.controller_of(state, first), s.controller_of(state, second)
    state = control.gain_control(state, first, b, source)
    return control.gain_control(state, second, a, source), True


def _exchange_swaps_zones(state, first, second, source):
    za, zb = s.get(state, first).zone, s.get(state, second).zone
    state, done = ORIGINAL["exchange"](state, first, second, source)
    if done:
        state = s.update(s.update(state, first, zone=zb), second, zone=za)
    return state, done


def _retarget_only_after_exchange(state, source, spell, creature):
    before = len(state.control)
    state = ORIGINAL["sudden"](state, source, spell, creature)
    if len(state.control) == before:
        state = s.replace(state, events=tuple(e for e in state.events if e.kind != control.RETARGET))
    return state


def _anyone_retargets(state, spell, player):
    return s.zone_of(state, spell) == "stack"


def _leaving_keeps_control(state, player):
    saved = state.control
    state = ORIGINAL["leave_game"](state, player)
    return s.replace(state, control=saved)


def _zone_change_keeps_control(state, oid, zone, controller=None, **changes):
    number = s.get(state, oid).number
    state = ORIGINAL["move"](state, oid, zone, controller, **changes)
    new = s.get(state, oid).number
    return s.replace(state, control=tuple(s.replace(e, number=new) if e.obj == oid and e.number == number else e
                                          for e in state.control))


def _permanent_for_caster(state, oid, resolved):
    item = s.get(state, oid)
    state = ORIGINAL["leave_stack"](state, oid, resolved)
    if resolved and s.zone_of(state, oid) == "battlefield" and item.kind == s.CARD:
        state = s.replace(state, control=tuple(e for e in state.control if e.obj != oid))
        state = s.update(state, oid, controller=item.owner)
    return state


def _everything_to_graveyard(spell, resolved):
    return s.BATTLEFIELD if resolved and spell.permanent_card else s.GRAVEYARD


def _rebound_from_anywhere(spell):
    return "rebound" in spell.keywords and spell.spell is not None


def _triggers_go_under(state):
    if state.resolving is not None or not state.pending:
        return state
    waiting = state.pending
    state = s.replace(state, pending=())
    for ability in waiting:
        state = s.put(state, s.replace(ability, zone=s.STACK))
        state = s.replace(state, stack=(ability.id,) + state.stack)
    return state


def _triggers_at_once(state, ability):
    ability = s.replace(ability, id=s.new_id(state, ability.id), kind=s.ABILITY, zone=s.STACK, number=state.counter)
    return s.push(s.replace(state, counter=state.counter + 1), ability)


def _reversed_apnap(state):
    return tuple(reversed(ORIGINAL["apnap"](state)))


def _split_second_everything(state):
    return bool(state.stack)


def _special_actions_forbidden(state, player, action, obj=None):
    return not priority.locked(state) and (action != priority.SUSPEND or obj is not None)


def _suspend_always(state, player, action, obj=None):
    return True


def _no_mana_abilities(ability):
    return False


def _costing_mana_is_mana(ability):
    return not ability.targets and (ability.adds_mana or abilities.costs_mana(ability))


def _resolution_casts_anyway(state, player, obj, *, ignore_timing=False):
    return ignore_timing or ORIGINAL["may_cast"](state, player, obj)


def _no_timing_rules(state, player, obj):
    return True


def _madness_declined_stays(state, item, args, choices):
    if not choices.get("cast", True):
        return state
    return ORIGINAL["madness"](state, item, args, choices)


def _madness_keeps_timing(state, player, oid, **kw):
    if kw.get("permission") == "madness":
        card = s.get(state, oid)
        if not priority.timing_allows(state, player, card):
            raise s.IllegalAction("timing")
    return ORIGINAL["cast"](state, player, oid, **kw)


def _no_cast_triggers(state, player, spell):
    return state


def _storm_counts_all(state, oid):
    return len(s.events(state, "cast")) + len(s.events(state, "copy")) - 1


def _storm_needs_spell(state, item, args, choices):
    if s.zone_of(state, args["spell"]) != s.STACK:
        return state
    return ORIGINAL["storm"](state, item, args, choices)


def _copies_are_cast(state, original, controller):
    state = ORIGINAL["copy_of"](state, original, controller)
    copy_id = state.stack[-1]
    state = s.update(state, copy_id, spell=s.replace(s.get(state, copy_id).spell, cast=True))
    return casting.cast_triggers(s.log(state, s.Event("cast", copy_id, controller)), controller, s.get(state, copy_id))


def _noncreature_any_spell(watcher, condition, spell):
    """Prowess's "noncreature spell" read as any spell (an artifact creature too)."""
    if condition and condition[0] == "noncreature":
        return True
    return ORIGINAL["condition_holds"](watcher, condition, spell)


def _land_play_cast(state, player, oid, face=None):
    """Playing a land read as casting it: the cast triggers see it (305.1 misread)."""
    state = ORIGINAL["play_land"](state, player, oid, face)
    return casting.watchers(state, s.get(state, oid), ("cast",))


def _improvise_pays_colored(state, player, card, total, tapped, keyword):
    if keyword != paying.IMPROVISE:
        return ORIGINAL["pay_tapping"](state, player, card, total, tapped, keyword)
    for oid in tapped:
        total = costs.pay_with(total, colors.color_of(state, oid)) or total
    return total


def _tapped_artifacts_improvise(state, player, card, total, tapped, keyword):
    for oid in tapped if keyword == paying.IMPROVISE else ():
        state = s.update(state, oid, tapped=False)
    return ORIGINAL["pay_tapping"](state, player, card, total, tapped, keyword)


def _magecraft_once_for_copies(state, spell, on):
    waiting = [*state.stack, *(p.id for p in state.pending)]
    if "cast" not in on and any(oid.startswith("magecraft (copy") for oid in waiting):
        return state
    return ORIGINAL["watchers"](state, spell, on)


def _card_copy_triggers(state, oid, controller):
    state, copy = ORIGINAL["copy_card"](state, oid, controller)
    return casting.watchers(state, s.get(state, copy), (casting.MAGECRAFT,)), copy


def _raid_needs_an_attacker_now(state, player):
    return any(o.attacking for o in s.in_zone(state, s.BATTLEFIELD, player))


def _revolt_only_dying(state, player):
    return any(e.player == player and e.turn == state.turn and e.detail == s.GRAVEYARD for e in s.events(state, s.LEFT_BATTLEFIELD))


def _revolt_no_tokens(state, player):
    return any(e.player == player and e.turn == state.turn and s.find(state, e.obj) is not None for e in s.events(state, s.LEFT_BATTLEFIELD))


def _revolt_by_owner(state, player):
    return any(e.player == player and e.turn == state.turn and e.detail.startswith("battlefield ->") for e in s.events(state, "move"))


def _delirium_counts_tokens(state, player):
    return len(frozenset().union(*(history.card_types(o) for o in s.in_zone(state, s.GRAVEYARD, player))))


def _copies_plain(state, original, controller):
    state = ORIGINAL["copy_of"](state, original, controller)
    copy_id = state.stack[-1]
    return s.update(state, copy_id, spell=s.Cast(cast=False))


def _adventure_exiled_anyway(spell, resolved):
    """An Adventure exiled however it leaves the stack, countered too (like flashback)."""
    return s.EXILE if leaving.adventure_exiles(spell) else ORIGINAL["leaving_destination"](spell, resolved)


def _adventure_copies_are_cards(state, original, controller):
    """A copy of a spell is a card: it goes where the card would."""
    state = ORIGINAL["copy_of"](state, original, controller)
    return s.update(state, state.stack[-1], kind=s.CARD)


def _adventure_is_alternative(state, player, card, alternative, kicker, x, half):
    """Casting an Adventure is an alternative cost: no other can be paid with it (118.9a)."""
    if card.layout == cards.ADVENTURE and half == cards.ADVENTURE_PART and alternative is not None:
        raise s.IllegalAction("an Adventure is already an alternative cost")
    return ORIGINAL["spell_total"](state, player, card, alternative, kicker, x, half)


def _aftermath_from_anywhere(state, card, player, half):
    """The half with aftermath cast like any spell, from the hand."""
    if card.layout == cards.AFTERMATH:
        return False
    return ORIGINAL["part_allowed"](state, card, player, half)


def _timing_of_the_card(state, player, obj, *, ignore_timing=False):
    """A part's timing is the card's: an Adventure instant cast only when its creature could be."""
    printed = s.find(state, obj.id)
    return ORIGINAL["may_cast"](state, player, printed if printed is not None else obj, ignore_timing=ignore_timing)


def _phyrexian_colorless(cost):
    """A Phyrexian symbol gives no color: the card's colors are those of the mana actually spent."""
    kept = [sym for sym in costs.as_cost(cost).symbols if sym.kind not in (costs.PHYREXIAN, costs.HYBRID_PHYREXIAN)] if cost else []
    return tuple(c for c in costs.COLORS if any(c in sym.colors for sym in kept))


def _delve_pays_colored(state, player, card, total, delve):
    for _ in delve:
        total = costs.ManaCost(total.symbols[1:]) if total.symbols else total
    return costs.normalise(total)


def _convoke_taps_anything(state, player, card, total, tapped, keyword):
    for _ in tapped:
        total = costs.reduce_generic(total, 1)
    return total


def _convoke_before_total(state, player, card, alternative, kicker, x, half):
    return ORIGINAL["spell_total"](state, player, card, alternative, kicker, 0, half)


def _cycling_is_not_a_discard(state, player, oid):
    state = s.move(state, oid, s.GRAVEYARD)
    return s.log(state, s.Event("cycle", oid, player))


def _cycle_trigger_under(state, player, oid, name, *, discard=None):
    state = ORIGINAL["activate"](state, player, oid, name, discard=discard)
    if name == actions.CYCLING and len(state.stack) > 1:
        first = state.stack[-2]
        rest = tuple(i for i in state.stack if i != first)
        state = s.replace(state, stack=rest + (first,))
    return state


def _discard_from_anywhere(state, player, card, reason):
    return None


def _suspend_tick_twice(state, item, args, choices):
    return ORIGINAL["suspend_tick"](ORIGINAL["suspend_tick"](state, item, args, choices), item, args, choices)


def _fizzle_never(state, item):
    return False


def _fizzle_on_any_illegal_target(state, item):
    """One illegal target counters the whole spell."""
    return any(not (s.find(state, t) and control.target_legal(state, t, n, s.get(state, t).zone)) for t, n in item.targets)


def _goad_every_creature(state, goader, controller):
    for creature in s.in_zone(state, s.BATTLEFIELD):
        if "creature" in creature.types:
            state = combat.goad(state, creature.id, goader)
    return state


def _no_mana_cost_has_no_value(cost, x=0):
    if cost is None:
        raise s.IllegalAction("an object with no mana cost has no mana value")
    return ORIGINAL_MANA_VALUE(cost, x)


ORIGINAL_MANA_VALUE = costs.mana_value


def _suspending_is_casting(state, player, oid):
    state = ORIGINAL_SUSPEND(state, player, oid)
    return s.log(state, s.Event("cast", oid, player))


ORIGINAL_SUSPEND = actions.suspend


def _no_upkeep(state):
    return s.to_priority(state)


def _resolved_permanents_forget(state, oid, zone, controller=None, **changes):
    state = ORIGINAL["move"](state, oid, zone, controller, **changes)
    return s.update(state, oid, spell=None) if zone == s.BATTLEFIELD else state


def _permanent_copies_keep_casting(state, oid, controller):
    state = ORIGINAL["copy_permanent"](state, oid, controller)
    return s.update(state, f"copy of {oid}", spell=s.get(state, oid).spell)


def _permanent_copies_everything(state, oid, controller):
    """A copy takes the original's status, counters and what effects gave it (707.2 misread)."""
    state = ORIGINAL["copy_permanent"](state, oid, controller)
    original = s.get(state, oid)
    return s.update(state, f"copy of {oid}", tapped=original.tapped, counters=original.counters,
                    goaded_by=original.goaded_by, types=original.types, keywords=original.keywords)


def _permanent_copies_what_effects_gave(state, oid, controller):
    """A copy takes the keywords and types effects gave the original, not its status (707.2 misread)."""
    state = ORIGINAL["copy_permanent"](state, oid, controller)
    original = s.get(state, oid)
    return s.update(state, f"copy of {oid}", types=original.types, keywords=original.keywords)


def _graveyard_casts_ignore_timing(state, player, obj, *, ignore_timing=False):
    """A card cast from a graveyard by its own permission is cast at any time (601.3, 307.1 misread)."""
    return ORIGINAL["may_cast"](state, player, obj, ignore_timing=ignore_timing or obj.zone == s.GRAVEYARD)


def _sacrifices_any_number(state, player, card, discard, sacrifice):
    """A mandatory "sacrifice a creature" paid with one or more creatures (118.8, 601.2h misread)."""
    if card.keyword_cost(casting.REQUIRED) == casting.SACRIFICE_A_CREATURE and len(sacrifice) > 1:
        return tuple(sacrifice)
    return ORIGINAL["required_paid"](state, player, card, discard, sacrifice)


def _bestowed_still_a_creature(state, oid, targets):
    """A spell cast bestowed is an Aura creature spell (702.103b misread)."""
    state = ORIGINAL["as_aura"](state, oid, targets)
    return s.update(state, oid, types=s.get(state, oid).types + ("creature",))


def _unattached_auras_die(state):
    """Every Aura attached to nothing goes to the graveyard, bestowed or not (702.103f missed)."""
    for aura in [o for o in s.in_zone(state, s.BATTLEFIELD) if bestow.AURA in o.types]:
        if not bestow.enchanting(state, aura):
            state = s.move(state, aura.id, s.GRAVEYARD)
    return state


def _bestow_cards_enter_as_auras(state, oid, controller=None, transformed=False):
    """A card with bestow put onto the battlefield may be an Aura (702.103a misread)."""
    state = ORIGINAL["put_onto_battlefield"](state, oid, controller, transformed)
    card = s.get(state, oid)
    if card.keyword_cost(bestow.BESTOW) is not None and card.zone == s.BATTLEFIELD:
        state = s.update(state, oid, types=tuple(t for t in card.types if t != "creature") + (bestow.AURA,))
    return state


def _kicked_targets_always(state, oid, targets):
    """A target required only if the spell is kicked is an ordinary one, chosen kicked or not (702.33g missed)."""
    keywords = frozenset(k.replace(targeting.KICKED_TARGET, targeting.TARGET) for k in s.get(state, oid).keywords)
    return ORIGINAL["choose_targets"](s.update(state, oid, keywords=keywords), oid, targets)


def _chapter_at_its_number(state, oid, kind, count, order=None):
    """A chapter triggers only when the lore counters reach its very number, not when they pass it (714.2b misread)."""
    after = ORIGINAL["add_counters"](state, oid, kind, count, order)
    keep = f"{saga.PREFIX}{s.get(after, oid).counter(kind)} of {oid}"
    return replace(after, pending=tuple(p for p in after.pending if not p.id.startswith(saga.PREFIX) or p.id == keep))


def _chapters_retrigger(state, oid, kind, count, order=None):
    """Each lore counter triggers every chapter up to the Saga's count again (714.2b misread)."""
    if kind != saga.LORE:
        return ORIGINAL["add_counters"](state, oid, kind, count, order)
    before = s.get(state, oid).counter(kind)
    return ORIGINAL["add_counters"](saga.remove_counters(state, oid, kind, before), oid, kind, before + count)


def _chapters_lowest_first(state, oid, kind, count, order=None):
    """Chapters that trigger together go on the stack lowest first, whatever their controller chooses (603.3b missed)."""
    return ORIGINAL["add_counters"](state, oid, kind, count)


def _chapter_needs_its_saga(state, item, choices):
    """A chapter ability does nothing once its Saga has left the battlefield (113.7a missed)."""
    if item.id.startswith(saga.PREFIX) and s.zone_of(state, item.source) != s.BATTLEFIELD:
        return state
    return ORIGINAL["run"](state, item, choices)


def _completed_not_again(state, player, chosen=None, room=None):
    """A dungeon completed this game can't be chosen again (309.2a misread)."""
    if chosen is not None and chosen in {e.obj for e in s.events(state, "complete")}:
        raise IllegalAction(f"{chosen} was completed already")
    return ORIGINAL["venture"](state, player, chosen, room)


def _no_venture_during_room(state, player, chosen=None, room=None):
    """A player can't venture while a room ability of theirs is on the stack (309.5a missed)."""
    if any(i.startswith(dungeon.PREFIX) for i in state.stack):
        raise IllegalAction("a room ability is on the stack")
    return ORIGINAL["venture"](state, player, chosen, room)


def _any_room(obj, chosen):
    """The marker may move to any room chosen, back or sideways (309.5a missed)."""
    found = [room for room in dungeon.rooms(obj) if room.name == chosen]
    return found[0] if found else ORIGINAL["next_room"](obj, chosen)


def _room_without_trigger(state, obj, room):
    """Moving into a room triggers nothing: its effect is no ability on the stack (309.4c missed)."""
    entered = ORIGINAL["enter_room"](state, obj, room)
    return replace(entered, pending=state.pending)


def _scry_first(state, item, choices):
    """A spell scries before its other actions, wherever the scry is printed (608.2c misread)."""
    steps = sorted(item.effect, key=lambda step: step[0] != "scry")
    return ORIGINAL["run"](state, replace(item, effect=tuple(steps)), choices)


def _responses_midway(state):
    """Players keep priority while a spell is cast or resolves (117.2e misread)."""
    return False


def _mana_abilities_need_priority(state, ability):
    """Even mana abilities wait for priority: none while a spell is cast or resolves (117.1d misread)."""
    return not (priority.locked(state) or priority.midway(state))


def _escape_exiles(spell):
    """An escaped spell is exiled as it leaves the stack, as with flashback (702.138a misread)."""
    return spell.spell is not None and spell.spell.alternative in (origins.FLASHBACK, origins.ESCAPE)


def _cast_triggers_per_target(state, player, spell):
    for _ in spell.targets or (None,):
        state = ORIGINAL["cast_triggers"](state, player, spell)
    return state


def _retargeting_triggers(state, spell, player, targets):
    state = ORIGINAL["choose_new_targets"](state, spell, player, targets)
    return casting.cast_triggers(state, player, s.get(state, spell))


def _snow_paid_by_any_mana(symbol, unit, spend_as):
    return True if symbol.kind == costs.SNOW else ORIGINAL["takes"](symbol, unit, spend_as)


def _snow_paid_as_any_type(symbol, unit, spend_as):
    return unit.snow or spend_as == "any type" if symbol.kind == costs.SNOW else ORIGINAL["takes"](symbol, unit, spend_as)


def _reductions_reduce_snow(cost, amount):
    """{S} read as plain generic mana: a reduction takes it off too."""
    snow = sum(1 for symbol in cost.symbols if symbol.kind == costs.SNOW)
    rest = costs.ManaCost(tuple(symbol for symbol in cost.symbols if symbol.kind != costs.SNOW))
    left = ORIGINAL["reduce_generic"](rest, amount)
    kept = max(snow - max(amount - rest.generic, 0), 0)
    return costs.ManaCost(left.symbols + (costs.Symbol("S", costs.SNOW, amount=0),) * kept)


def _all_mana_spent_is_snow(cost, units, spend_as=None):
    """Every unit spent counts as snow mana spent, whatever made it."""
    ORIGINAL["snow_spent"](cost, units, spend_as)
    return len(tuple(units))


def _modal_cards_played_by_their_front(state, player, oid, face=None):
    """A modal double-faced card is what its front face is: its land back face can't be played."""
    return ORIGINAL["play_land"](state, player, oid, None)


def _modal_cards_dont_transform(state, oid):
    """The rule before 2025: an instruction to transform a modal double-faced card is ignored."""
    if s.get(state, oid).layout == "modal_dfc":
        return state
    return ORIGINAL["transform"](state, oid)


def _modal_cards_enter_front_face_up(state, oid, controller=None, transformed=False):
    """The rule before 2025: a modal double-faced card put onto the battlefield transformed enters front face up."""
    modal = s.get(state, oid).layout == "modal_dfc"
    return ORIGINAL["put_onto_battlefield"](state, oid, controller, transformed and not modal)


def _devotion_counts_its_source_anywhere(state, item, args, choices):
    """The ability's source counts toward devotion even once it has left the battlefield."""
    source = s.get(state, item.source)
    if source.zone == s.BATTLEFIELD or not source.mana_cost:
        return ORIGINAL["drain_devotion"](state, item, args, choices)
    wanted = set(args.get("colors", ()))
    extra = sum(1 for symbol in costs.as_cost(source.mana_cost).symbols if set(symbol.colors) & wanted)
    for opponent in s.opponents(state, item.controller):
        state = life.change(state, opponent, -extra, item.id)
    state = life.change(state, item.controller, extra * len(s.opponents(state, item.controller)), item.id)
    return ORIGINAL["drain_devotion"](state, item, args, choices)


def _countering_takes_its_triggers(state, oid):
    """A countered spell takes the abilities its casting triggered with it (and they, it)."""
    state = ORIGINAL["counter"](state, oid)
    item_effect = lambda o: {args.get("spell") for _, args in o.effect}  # noqa: E731
    for other in [o for o in s.in_zone(state, s.STACK) if oid in item_effect(o) or o.id in item_effect(s.get(state, oid))]:
        state = ORIGINAL["counter"](state, other.id)
    return state


def _pay_energy_you_lack(state, player, kind, amount, source="cost"):
    return state


def _energy_empties_with_the_turn(state):
    return replace(ORIGINAL["pass_turn"](state), player_counters=())


def _abilities_lost_before_colors(state, oid):
    obj = s.get(state, oid)
    devoid = "devoid" in colors.keywords_of(state, oid)
    found = () if devoid else colors.printed_colors(obj)
    for effect in colors.effects_on(state, obj, colors.COLOR):
        found = effect.colors
    return found


def _devoid_over_color_effects(state, oid):
    obj = s.get(state, oid)
    found = colors.printed_colors(obj)
    for effect in colors.effects_on(state, obj, colors.COLOR):
        found = effect.colors
    return colors.defined(obj, found)


def _devotion_to_single_colors(state, player, wanted):
    return sum(1 for obj in s.in_zone(state, s.BATTLEFIELD, player) if obj.mana_cost
               for symbol in costs.as_cost(obj.mana_cost).symbols if len(symbol.colors) == 1 and symbol.colors[0] in wanted)


def _devotion_counts_ability_costs(state, player, wanted):
    found = ORIGINAL_DEVOTION(state, player, wanted)
    return found + sum(1 for obj in s.in_zone(state, s.BATTLEFIELD, player) for ability in obj.abilities
                       for symbol in costs.as_cost(ability.cost.replace("{T}", "")).symbols if set(symbol.colors) & set(wanted))


ORIGINAL_DEVOTION = colors.devotion


def _face_up_is_a_new_object(state, player, oid, paying=None):
    state = ORIGINAL["turn_face_up"](state, player, oid, paying)
    return s.to_priority(replace(s.update(state, oid, number=state.counter), counter=state.counter + 1))


def _becoming_a_land_enters(state, oid, card_type):
    return entering.entered(ORIGINAL["become"](state, oid, card_type), oid)


def _landfall_for_every_player(state, oid):
    land = s.get(state, oid)
    if "land" not in land.types:
        return state
    for watcher in s.in_zone(state, s.BATTLEFIELD):
        for ability in watcher.abilities:
            if ability.on == entering.LANDFALL:
                state = s.trigger(state, s.ability(f"{ability.name} ({watcher.id})", watcher.controller or watcher.owner,
                                                   watcher.id, ability.effect))
    return state


def _one_landfall_per_land(state, oid):
    before = len(state.pending)
    state = ORIGINAL["entered"](state, oid)
    return replace(state, pending=state.pending[: before + 1])


def _foretell_any_time(state, player, action, obj=None):
    return True if action == priority.FORETELL else ORIGINAL["may_special"](state, player, action, obj)


def _scry_in_the_order_seen(state, player, count, top=None, bottom=()):
    seen = library.library(state, player)[:count]
    top = None if top is None else [c for c in seen if c in top]
    return ORIGINAL["scry"](state, player, count, top, [c for c in seen if c in bottom])


def _scry_keeps_one_on_top(state, player, count, top=None, bottom=()):
    if top is not None and not top and count:
        raise s.IllegalAction("at least one card stays on top")
    return ORIGINAL["scry"](state, player, count, top, bottom)


def _face_up_only_on_your_turn(state, player, oid, paying=None):
    if state.active != player:
        raise s.IllegalAction("only during your own turn")
    return ORIGINAL["turn_face_up"](state, player, oid, paying)


def _turning_face_up_enters(state, player, oid, paying=None):
    return s.to_priority(entering.entered(ORIGINAL["turn_face_up"](state, player, oid, paying), oid))


def _megamorph_counter_however_turned(state, oid, megamorph=False):
    return ORIGINAL["turned_face_up"](state, oid, megamorph or s.get(state, oid).keyword_cost("megamorph") is not None)


def _effects_turn_face_up_silently(state, item, args, choices):
    oid = args.get("object") or item.targets[0][0]
    return s.update(state, oid, face_down=False)


def _leaving_face_down_is_turning_face_up(state, oid, zone, controller=None, **changes):
    obj = s.find(state, oid)
    if obj is not None and obj.zone == s.BATTLEFIELD and obj.face_down and zone != s.BATTLEFIELD:
        state = ORIGINAL["turned_face_up"](state, oid)
    return ORIGINAL["move"](state, oid, zone, controller, **changes)


def _search_must_find_what_it_can(state, player, found, quality=None, count=1):
    there = [c for c in library.library(state, player) if quality is None or quality in s.get(state, c).types]
    if len(found) < min(count, len(there)):
        raise s.IllegalAction("what is there must be found")
    return ORIGINAL["search"](state, player, found, quality, count)


def _search_may_find_nothing(state, player, found, quality=None, count=1):
    return ORIGINAL["search"](state, player, found, quality or "", count) if not found else \
        ORIGINAL["search"](state, player, found, quality, count)


def _suspended_targets_nothing(state, item, args, choices):
    return ORIGINAL["suspend_cast"](state, item, args, {k: v for k, v in choices.items() if k != "targets"})


def _priority_moves_on(state, choices=None):
    state = ORIGINAL["resolve"](state, choices)
    order = s.apnap(state)
    return replace(state, priority=order[1]) if len(order) > 1 else state


def _first_alternative(alternative, permission):
    """Several alternative costs asked for: the first is paid, the rest ignored (118.9a misread)."""
    asked = tuple(alternative) if isinstance(alternative, (list, tuple)) else (alternative,)
    chosen = [a for a in asked + (casting.IMPLIED.get(permission),) if a is not None]
    return chosen[0] if chosen else None


def _sick_creatures_cant_crew(state, player, vehicle, crew_with):
    if any(actions.sick(s.get(state, oid)) for oid in crew_with):
        raise IllegalAction("summoning sick")
    return ORIGINAL["crew"](state, player, vehicle, crew_with)


def _crew_no_more_than_needed(state, player, vehicle, crew_with):
    needed = int(s.get(state, vehicle).keyword_cost("crew") or 0)
    if any(sum(bodies.power(state, o) or 0 for o in crew_with if o != spare) >= needed for spare in crew_with):
        raise IllegalAction("more than needed")
    return ORIGINAL["crew"](state, player, vehicle, crew_with)


def _crewers_go_with_the_vehicle(state, oid, zone, controller=None, **changes):
    leaving_battlefield = s.zone_of(state, oid) == s.BATTLEFIELD and zone != s.BATTLEFIELD
    state = ORIGINAL["move"](state, oid, zone, controller, **changes)
    for event in s.events(state, "crew") if leaving_battlefield else ():
        if event.detail == oid and s.zone_of(state, event.obj) == s.BATTLEFIELD:
            state = ORIGINAL["move"](state, event.obj, zone)
    return state


def _printed_power_always(state, obj):
    return None if obj.power is None else ORIGINAL["power_toughness"](state, replace(obj, types=(*obj.types, "creature")))


def _vehicles_attack_uncrewed(state, attacks):
    for oid in attacks:
        if s.find(state, oid) is not None and s.get(state, oid).keyword_cost("crew") is not None:
            state = bodies.become_until_end_of_turn(state, oid, "creature")
    return ORIGINAL_DECLARE(state, attacks)


def _copy_keeps_crewed_type(state, oid, controller):
    original = s.get(state, oid)
    state = ORIGINAL["copy_permanent"](state, oid, controller)
    return s.update(state, state.objects[-1].id, types=original.types)


def _crewed_vehicles_not_sick(state, creature):
    if creature.keyword_cost("crew") is not None and "creature" in creature.types:
        creature = replace(creature, sick=False)
    return ORIGINAL_CAN_ATTACK(state, creature)


ORIGINAL_CAN_ATTACK = combat.can_attack


def _crewed_vehicle_enters(state, vehicle, number):
    state = ORIGINAL["crewed"](state, vehicle, number)
    return ORIGINAL["entered"](state, vehicle)


def _crewing_sets_printed(state, vehicle, number):
    state = ORIGINAL["crewed"](state, vehicle, number)
    obj = s.get(state, vehicle)
    return bodies.set_base(state, vehicle, obj.power or 0, obj.toughness or 0)


def _crew_type_ends_even_if_had(state, oid, card_type):
    obj = s.get(state, oid)
    if card_type not in obj.types:
        return ORIGINAL["become_until_end_of_turn"](state, oid, card_type)
    return replace(state, layered=state.layered + (bodies.Body(bodies.BECOME, oid, obj.number, card_type=card_type, end_of_turn=True),))


def _evolve_any_creature(state, entered, evolving):
    return entered is not None and evolving is not None


def _evolve_power_against_toughness(state, entered, evolving):
    new = bodies.power_toughness(state, entered) if entered is not None else None
    old = bodies.power_toughness(state, evolving) if evolving is not None else None
    return new is not None and old is not None and (new[0] > old[1] or new[1] > old[0])


def _evolve_no_second_check(state, args):
    evolving = s.find(state, args["creature"])
    if evolving is None or evolving.zone != s.BATTLEFIELD:
        return state
    return s.set_counters(state, evolving.id, bodies.PLUS, evolving.counter(bodies.PLUS) + 1)


def _evolve_without_counters(state, entered, evolving):
    entered = replace(entered, counters=()) if entered is not None else None
    return ORIGINAL["greater"](state, entered, evolving)


def _evolve_once_for_many(state, oids, controller=None):
    state = ORIGINAL_PUT_ALL(state, oids, controller)
    first = [p for p in state.pending if p.id.startswith("evolve")][:1]
    return replace(state, pending=tuple(p for p in state.pending if not p.id.startswith("evolve")) + tuple(first))


ORIGINAL_PUT_ALL = entering.put_all


def _persist_reads_the_graveyard(state, gone):
    return ORIGINAL["looking_back"](state, replace(gone, counters=s.get(state, gone.id).counters))


def _counters_cancel_first(state):
    for obj in s.in_zone(state, s.BATTLEFIELD):
        pairs = min(obj.counter(bodies.PLUS), obj.counter(bodies.MINUS))
        if pairs:
            state = s.update(state, obj.id, counters=tuple((k, n - pairs if k in (bodies.PLUS, bodies.MINUS) else n)
                                                           for k, n in obj.counters))
    return ORIGINAL["dying_state_based"](state)


def _counters_never_cancel(state):
    doomed = [o.id for o in s.in_zone(state, s.BATTLEFIELD)
              if (body := bodies.power_toughness(state, o)) is not None and (body[1] <= 0 or o.damage >= body[1])]
    return dying.put_into_graveyard(state, doomed, "") if doomed else state


def _persist_needs_a_creature(state, gone):
    return ORIGINAL["looking_back"](state, gone) if "creature" in gone.types else state


def _one_instance_triggers(state, gone):
    names = dict.fromkeys(a.name for a in gone.abilities)
    firsts = tuple(next(a for a in gone.abilities if a.name == n) for n in names)
    return ORIGINAL["looking_back"](state, replace(gone, abilities=firsts))


def _gained_abilities_stay(state, oid, zone, controller=None, **changes):
    kept = s.get(state, oid).abilities
    state = ORIGINAL["move"](state, oid, zone, controller, **changes)
    return s.update(state, oid, abilities=kept)


def _persist_returns_any_card(state, args):
    card = s.find(state, args["card"])
    return ORIGINAL["returned"](state, {**args, "number": card.number if card is not None else args["number"]})


def _exert_lasts_until_it_holds(state, player):
    waiting = [e for e in state.layered if isinstance(e, exert.Held) and e.player == player
               and not s.get(state, e.obj).tapped]  # an exert that kept nothing tapped waits for another untap step
    state = ORIGINAL["untap_step"](state, player)
    return replace(state, layered=state.layered + tuple(waiting))


def _exert_holds_for_anyone(state, player):
    held = {(e.obj, e.number) for e in state.layered if isinstance(e, exert.Held)}
    tapped = {o.id for o in s.in_zone(state, s.BATTLEFIELD, player) if o.tapped and (o.id, o.number) in held}
    state = ORIGINAL["untap_step"](state, player)
    for oid in tapped:
        state = s.update(state, oid, tapped=True)
    return state


def _freezing_exerts(state, oid):
    return s.update(exert.exert(state, s.controller_of(state, oid), oid), oid, tapped=True)


def _exerted_later_in_combat(state, attacks, exerted=()):
    if any(o.attacking is not None for o in s.in_zone(state, s.BATTLEFIELD)):
        for oid in exerted:
            state = exert.exert(state, state.active, oid)
        return s.to_priority(state)
    return ORIGINAL["declare_attackers"](state, attacks, exerted)


def _exerted_once_a_turn(state, player, oid):
    if exert.held(state, oid):
        raise IllegalAction(f"{oid} is exerted already")
    return ORIGINAL["exert"](state, player, oid)


def _effects_count_as_counters(state, gone):
    body = bodies.power_toughness(state, gone)
    if body is not None and gone.toughness is not None and body[1] != gone.toughness + gone.counter(bodies.PLUS) - gone.counter(bodies.MINUS):
        return state  # shrunk or pumped by an effect, read as the counter
    return ORIGINAL["looking_back"](state, gone)


def _umbra_keeps_the_damage(state, oids, chosen=None, regenerable=True):
    marked = {oid: s.get(state, oid).damage for oid in oids}
    state, destroyed = ORIGINAL["saved"](state, oids, chosen, regenerable)
    for oid, damage in marked.items():
        if oid not in destroyed and s.zone_of(state, oid) == s.BATTLEFIELD:
            state = s.update(state, oid, damage=damage)
    return state, destroyed


def _sacrifice_is_destroying(state, player, oid):
    ORIGINAL["sacrifice"](state, player, oid)  # its refusals
    return dying.destroy(state, (oid,))


def _umbra_regenerates(state, oids, chosen=None, regenerable=True):
    state, destroyed = ORIGINAL["saved"](state, oids, chosen, regenerable)
    for oid in oids:
        if oid not in destroyed and destruction.destructible(state, oid):
            state = s.update(state, oid, tapped=True, attacking=None)
    return state, destroyed


def _umbra_destroyed_with_its_permanent_saves_nothing(state, oids, chosen=None, regenerable=True):
    doomed = [oid for oid in oids if any(a.id in oids for a in destruction.armors(state, s.get(state, oid)))]
    state, destroyed = ORIGINAL["saved"](state, [oid for oid in oids if oid not in doomed], chosen, regenerable)
    return state, destroyed + tuple(doomed)


def _every_umbra_destroyed(state, oids, chosen=None, regenerable=True):
    every = [a.id for oid in oids if destruction.destructible(state, oid) for a in destruction.armors(state, s.get(state, oid))]
    state, destroyed = ORIGINAL["saved"](state, oids, chosen, regenerable)
    return state, tuple(dict.fromkeys(destroyed + tuple(every)))


def _umbra_needs_its_aura_destroyed(state, oids, chosen=None, regenerable=True):
    stuck = []
    for oid in oids:
        auras = destruction.armors(state, s.get(state, oid))
        if destruction.destructible(state, oid) and auras and not destruction.destructible(state, auras[0].id):
            stuck.append(oid)
    state, destroyed = ORIGINAL["saved"](state, oids, chosen, regenerable)
    return state, destroyed + tuple(stuck)


def _every_replacement_used_up(state, oids, chosen=None, regenerable=True):
    state, destroyed = ORIGINAL["saved"](state, oids, chosen, regenerable)
    return replace(state, layered=tuple(e for e in state.layered if not (isinstance(e, destruction.Shield) and e.obj in oids))), destroyed


def _cant_be_regenerated_stops_umbra_armor(state, oids, chosen=None, regenerable=True):
    if regenerable:
        return ORIGINAL["saved"](state, oids, chosen, regenerable)
    return state, tuple(oid for oid in oids if destruction.destructible(state, oid))


def _exalted_pumps_its_own_permanent(state, item, args, choices):
    return exalted.bonus(state, {"creature": item.source, "number": s.get(state, item.source).number})


def _alone_once_the_others_are_removed(state, oid):
    state = ORIGINAL["remove_from_combat"](state, oid)
    return exalted.declared(state, tuple(o.id for o in s.in_zone(state, s.BATTLEFIELD) if o.attacking is not None))


def _entering_attacking_is_declared(state, oid, attacking):
    state = ORIGINAL["enters_attacking"](state, oid, attacking)
    if attacking is None:
        return state
    return exalted.declared(state, tuple(o.id for o in s.in_zone(state, s.BATTLEFIELD) if o.attacking is not None))


def _exalted_without_the_stack(state, attackers):
    before = len(state.pending)
    state = ORIGINAL["exalted_declared"](state, attackers)
    for ability in state.pending[before:]:
        state = exalted.bonus(state, dict(ability.effect[0][1]))
    return replace(state, pending=state.pending[:before])


def _bonus_ends_with_the_combat(state, step):
    state = ORIGINAL["go_to"](state, step)
    if step in (s.END_COMBAT, s.BEGIN_COMBAT):
        state = replace(state, layered=tuple(e for e in state.layered if not (isinstance(e, bodies.Body) and e.kind == bodies.MODIFY)))
    return state


def _returned_from_anywhere(state, args):
    obj = s.find(state, args["object"])
    return state if obj is None else s.move(state, obj.id, args["to"])


def _copy_of_a_dashed_creature_is_dashed(state, oid, controller):
    state = ORIGINAL["copy_permanent"](state, oid, controller)
    copy = s.get(state, s.events(state, "copy")[-1].obj)
    return end_step.arrived(s.put(state, replace(copy, spell=s.get(state, oid).spell)), copy.id)


def _dash_ignores_timing(state, player, oid, **kwargs):
    return ORIGINAL["cast"](state, player, oid, **{**kwargs, "instructed": kwargs.get("instructed") or kwargs.get("alternative") == end_step.DASH})


def _dashed_must_attack(state, oid):
    options = ORIGINAL["legal_attacks"](state, oid)
    if not end_step.dashed(s.get(state, oid)):
        return options
    return tuple(o for o in options if o is not None) or (None,)


def _unearth_is_casting(state, player, oid, name, **kwargs):
    state = ORIGINAL["activate"](state, player, oid, name, **kwargs)
    return s.log(state, s.Event("cast", oid, player)) if name == end_step.UNEARTH else state


def _delayed_triggers_every_end_step(state):
    return replace(ORIGINAL["end_step_begin"](state), delayed=state.delayed)  # none is ever used up (603.7b)


def _unearth_without_replacement(state, item, card, number):
    state = ORIGINAL["unearth"](state, item, card, number)
    return replace(state, exile_instead=tuple(e for e in state.exile_instead if e[0] != card))


def _unearth_from_anywhere(state, item, card, number):
    found = s.find(state, card)
    return ORIGINAL["unearth"](state, item, card, found.number if found is not None else number)


def _exile_lost_with_the_abilities(state, args):
    obj = s.find(state, args["object"])
    if obj is not None and obj.zone == s.BATTLEFIELD and not colors.keywords_of(state, obj.id):
        return state  # as if exiling were an ability of the creature, lost with the others
    return ORIGINAL["end_step_put"](state, args)


def _dealt_without(state, source, keywords, *args):
    """The damage dealt as if the source lacked ``keywords`` (the keywords given back after)."""
    obj = s.get(state, source)
    state = ORIGINAL["deal"](s.update(state, source, keywords=obj.keywords - set(keywords)), source, *args)
    return s.update(state, source, keywords=obj.keywords)


def _infect_damage_gains_no_life(state, source, recipient, amount, prevent=0, combat=False):
    dealt = ORIGINAL["deal"](state, source, recipient, amount, prevent, combat)
    if not damage.has(state, source, damage.INFECT):
        return dealt
    return replace(dealt, life=state.life)  # as if lifelink worked only with damage that takes life


def _prevented_infect_still_counts(state, source, recipient, amount, prevent=0, combat=False):
    return ORIGINAL["deal"](state, source, recipient, amount, 0 if damage.has(state, source, damage.INFECT) else prevent, combat)


def _infect_only_in_combat(state, source, recipient, amount, prevent=0, combat=False):
    if combat:
        return ORIGINAL["deal"](state, source, recipient, amount, prevent, combat)
    return _dealt_without(state, source, (damage.INFECT,), recipient, amount, prevent, combat)


def _counters_are_marked_damage(state, source, recipient, amount, prevent=0, combat=False):
    if recipient in state.players:
        return ORIGINAL["deal"](state, source, recipient, amount, prevent, combat)
    return _dealt_without(state, source, (damage.INFECT, damage.WITHER), recipient, amount, prevent, combat)


def _infect_takes_life(state, source, recipient, amount, prevent=0, combat=False):
    if recipient not in state.players:
        return ORIGINAL["deal"](state, source, recipient, amount, prevent, combat)
    return _dealt_without(state, source, (damage.INFECT,), recipient, amount, prevent, combat)


def _poison_never_kills(state):
    return tuple(p for p in s.in_game(state) if life.life_of(state, p) <= 0)


def _infect_poisons_walkers(state, source, recipient, amount, prevent=0, combat=False):
    target = s.find(state, recipient)
    if target is None or "planeswalker" not in target.types or not damage.has(state, source, damage.INFECT):
        return ORIGINAL["deal"](state, source, recipient, amount, prevent, combat)
    return player_counters.gain(state, s.controller_of(state, recipient), damage.POISON, amount - prevent, source)



def _fused_from_anywhere(state, player, oid, **kwargs):
    if kwargs.get("half") == cards.BOTH and s.get(state, oid).zone != s.HAND:
        state = s.move(state, oid, s.HAND)
        kwargs = {**kwargs, "alternative": None}
    return ORIGINAL["cast"](state, player, oid, **kwargs)


def _no_fuse_without_paying(state, player, oid, **kwargs):
    if kwargs.get("half") == cards.BOTH and kwargs.get("alternative") == casting.FREE:
        raise IllegalAction(f"{oid}: cast without paying its mana cost, only one half")
    return ORIGINAL["cast"](state, player, oid, **kwargs)


def _split_card_is_its_left_half(obj):
    if obj.layout in cards.SPLIT_LAYOUTS and obj.faces and not obj.colors:
        return costs.colors_of(obj.faces[0].mana_cost)
    return ORIGINAL["printed_colors"](obj)


def _right_half_first(obj):
    found = ORIGINAL["instructions"](obj)
    return tuple(reversed(found)) if halves.cast_faces(obj) and len(halves.cast_faces(obj)) == 2 else found


def _overload_unmodified(state, player, card, alternative, kicker, x, half):
    if alternative == targeting.OVERLOAD:
        return costs.total_cost(card.mana_cost, alternative=card.keyword_cost(targeting.OVERLOAD))
    return ORIGINAL["spell_total"](state, player, card, alternative, kicker, x, half)


def _overload_cost_is_the_mana_value(spell):
    if spell.zone == "stack" and targeting.overloaded(spell):
        return costs.mana_value(spell.spell.total)
    return ORIGINAL["spell_mana_value"](spell)


def _spliced_onto_itself(state, player, spell, cards):
    itself = [(spell.id, tuple(spell.effect), tuple(k[len("target:"):].strip() for k in spell.keywords if k.startswith("target:")))]
    added, paid = ORIGINAL["spliced"](state, player, spell, tuple(c for c in cards if c != spell.id))
    if spell.id in cards:
        return added + tuple(itself), paid + (spell.keyword_cost(splice.SPLICE),)
    return added, paid


def _spliced_twice(state, player, spell, cards):
    added, paid = ORIGINAL["spliced"](state, player, spell, tuple(dict.fromkeys(cards)))
    extra = len(cards) - len(dict.fromkeys(cards))
    return added + added[:1] * extra, paid + paid[:1] * extra


def _spliced_first(spell):
    own = list(halves.instructions(spell))
    found = list(ORIGINAL["splice_instructions"](spell))
    return tuple(found[len(own):] + found[: len(own)])


def _spliced_cards_leave_the_hand(state, player, added):
    state = ORIGINAL["revealed"](state, player, added)
    for oid, _, _ in added:
        state = s.move(state, oid, "graveyard")
    return state


def _one_spell_one_target_each(state, oid, targets, kept=()):
    if len(set(targets)) < len(targets):
        raise IllegalAction(f"{oid} can't target the same object twice")
    return ORIGINAL["choose_targets"](state, oid, targets, kept)


def _new_targets_unchecked(state, copy_id, original, chosen):
    """A copy's new targets taken as given, legal or not, as many as asked."""
    targets = tuple(pair if new is None else (new, s.get(state, new).number) for new, pair in zip(chosen, original.targets))
    return s.update(state, copy_id, targets=targets + tuple((new, 0) for new in chosen[len(original.targets):]))


def _copy_any_choices(state, oid, controller, new_targets=None, modes=None, x=None, pay=None):
    """A copy whose modes and X its controller chooses anew."""
    state = ORIGINAL["copy_spell"](state, oid, controller, new_targets)
    info = s.get(state, state.stack[-1]).spell
    return s.update(state, state.stack[-1], spell=replace(info, modes=info.modes if modes is None else tuple(modes),
                                                           x=info.x if x is None else x))


def _copies_keep_the_mana_spent(state, original, controller):
    """A copy counts the mana spent on the original as spent on it."""
    state = ORIGINAL["copy_of"](state, original, controller)
    return s.update(state, state.stack[-1], spell=replace(s.get(state, state.stack[-1]).spell, spent=original.spell.spent))


def _copies_pay_nothing_copied(state, original, controller):
    """A copy has none of the costs paid for the original: not kicked, no alternative cost."""
    state = ORIGINAL["copy_of"](state, original, controller)
    return s.update(state, state.stack[-1], spell=replace(s.get(state, state.stack[-1]).spell, additional=(), alternative=None))


def _copies_controlled_by_the_original_controller(state, original, controller):
    return ORIGINAL["copy_of"](state, original, original.controller)

def _pump_ends_before_the_damage_goes(state):
    """The cleanup step as if "until end of turn" effects ended first, state-based actions checked, then damage removed."""
    ending = tuple(e for e in state.layered if isinstance(e, bodies.Body) and e.end_of_turn)
    return ORIGINAL["end_of_turn"](leaving.state_based(replace(state, layered=tuple(e for e in state.layered if e not in ending))))


def _damage_wears_off_each_step(state, step):
    state = ORIGINAL["go_to"](state, step)
    for obj in s.in_zone(state, s.BATTLEFIELD):
        state = s.update(state, obj.id, damage=0)
    return state


def _counted_bonus_follows_the_count(state, obj):
    """A "for each" bonus as if counted again whenever power and toughness are looked at."""
    found = ORIGINAL["power_toughness"](state, obj)
    if found is None:
        return None
    more = 0
    for event in s.events(state, bodies.COUNTED):
        if event.obj == obj.id:
            number, each = event.detail.split(" ", 1)
            more += bodies.count(state, event.player, each) - int(number)
    return found[0] + more, found[1] + more


def _designation_again(obj, designation):
    return False


def _designation_follows_the_card(state, oid, number):
    return s.find(state, oid)


def _designation_kept_off_the_battlefield(state, oid, zone, controller=None, **changes):
    kept = s.get(state, oid).designations
    state = ORIGINAL["move"](state, oid, zone, controller, **changes)
    return s.update(state, oid, designations=kept)


def _designation_lost_with_the_counters(state, oid, kind, count):
    state = ORIGINAL["remove_counters"](state, oid, kind, count)
    return s.update(state, oid, designations=frozenset()) if s.get(state, oid).counter(kind) == 0 else state


def _any_damage_to_a_player_is_combat_damage(state, source, recipient, amount, prevent=0, combat=False):
    return ORIGINAL["deal"](state, source, recipient, amount, prevent, combat or recipient in state.players)


def _renown_on_combat_damage_to_anything(state, source, recipient, amount, prevent=0, combat=False):
    state = ORIGINAL["deal"](state, source, recipient, amount, prevent, combat)
    return designations.combat_damage(state, source) if combat and recipient not in state.players else state


def _blessed_while_ten(state, player):
    return player in state.blessed and len(s.in_zone(state, s.BATTLEFIELD, player)) >= designations.TEN


def _ten_permanents_bless(state):
    for player in s.in_game(state):
        if player not in state.blessed and len(s.in_zone(state, s.BATTLEFIELD, player)) >= designations.TEN:
            state = replace(state, blessed=state.blessed + (player,))
    return state


def _blessed_as_cast(state, player, card, **kwargs):
    state = ORIGINAL["cast"](state, player, card, **kwargs)
    return ORIGINAL["ascend_spell"](state, s.get(state, card)) if "ascend" in s.get(state, card).keywords else state


def _blessing_after_state_based_actions(state):
    return ORIGINAL["ascend"](dying.state_based(state))


def _cascade_exiles_only_to_cast(state, item, args, choices):
    return state if not choices.get("cast", True) else ORIGINAL["cascade_resolve"](state, item, args, choices)


def _cascade_shuffles(state, player, cards_):
    state = ORIGINAL["cascade_bottom"](state, player, cards_)
    return library.reorder(state, player, tuple(reversed(library.library(state, player))))


def _cascade_stops_at_equal(card):
    return ORIGINAL["object_mana_value"](card) - 1


def _cascade_casts_any_face(state, item, args, choices):
    original = casting.spell_mana_value
    try:
        casting.spell_mana_value = lambda spell: 0
        return ORIGINAL["cascade_resolve"](state, item, args, choices)
    finally:
        casting.spell_mana_value = original


def _cascade_puts_without_casting(state, item, args, choices):
    before = set(state.stack)
    state = ORIGINAL["cascade_resolve"](state, item, args, choices)
    for oid in [i for i in state.stack if i not in before]:
        obj = s.get(state, oid)
        if obj.kind == s.ABILITY:
            state = s.remove(state, oid)
        elif obj.spell is not None:
            state = s.update(state, oid, spell=replace(obj.spell, cast=False))
    return state


def _one_cascade_for_all_instances(state, player, spell):
    if sum(1 for k in spell.keywords if k.startswith("cascade")) > 1:
        spell = replace(spell, keywords=frozenset(k for k in spell.keywords if k != "cascade 2"))
    return ORIGINAL["cast_triggers"](state, player, spell)


def _encoded_through_the_graveyard(state, spell, choices):
    if choices.get("encode") is None:
        return ORIGINAL["as_it_resolves"](state, spell, choices)
    state = s.move(state, spell.id, s.GRAVEYARD)
    return ORIGINAL["as_it_resolves"](state, s.get(state, spell.id), choices)


def _cipher_targets(state, spell, choices):
    creature = choices.get("encode")
    why = protection.untargetable(state, creature, spell.id) if creature is not None else None
    if why:
        raise IllegalAction(f"{creature} can't be targeted: {why}")
    return ORIGINAL["as_it_resolves"](state, spell, choices)


def _encoding_follows_the_creature(state, creature):
    obj = s.find(state, creature)
    if obj is None or obj.zone != s.BATTLEFIELD:
        return ()
    return tuple(e.obj for e in s.events(state, cipher.ENCODED) if e.detail.split("|")[0] == creature)


def _owner_controls_the_cipher_trigger(state, source):
    for card in cipher.encoded_on(state, source):
        state = s.trigger(state, s.ability(f"cipher trigger of {card} ({source})", s.get(state, card).owner, source,
                                           (("copy_card", {"card": card}),)))
    return state


def _the_encoded_card_itself_cast(state, source):
    for card in cipher.encoded_on(state, source):
        state = s.trigger(state, s.ability(f"cipher trigger of {card} ({source})", s.controller_of(state, source), source,
                                           (("cast", {"card": card}),)))
    return state


def _cipher_on_any_combat_damage(state, source, recipient, amount, prevent=0, combat=False):
    state = ORIGINAL["deal"](state, source, recipient, amount, prevent, combat)
    return cipher.combat_damage(state, source) if combat and recipient not in state.players else state


def _cipher_despite_lost_abilities(state, source):
    for card in cipher.encoded_on(state, source):
        state = s.trigger(state, s.ability(f"cipher trigger of {card} ({source})", s.controller_of(state, source), source,
                                           (("copy_card", {"card": card}),)))
    return state


def _auras_stay_unattached(state):
    """An Aura whose object is gone stays on the battlefield (704.5m left out, but for bestow)."""
    kept = [a for a in s.in_zone(state, s.BATTLEFIELD) if bestow.AURA in a.types and not bestow.bestowed(a)]
    for aura in kept:
        state = s.update(state, aura.id, types=tuple(t for t in aura.types if t != bestow.AURA))
    state = ORIGINAL["check_auras"](state)
    for aura in kept:
        state = s.update(state, aura.id, types=aura.types)
    return state


def _aura_follows_its_object(state, aura):
    """An Aura stays on its object as the same card returns (400.7 left out)."""
    found = s.find(state, aura.attached_to[0]) if aura.attached_to else None
    return found is not None and found.zone == s.BATTLEFIELD and "creature" in found.types


def _equipment_to_the_graveyard(state):
    """An Equipment whose creature is gone goes to the graveyard, as an Aura does."""
    for equipment in [o for o in s.in_zone(state, s.BATTLEFIELD) if attachments.EQUIPMENT in o.types and o.attached_to]:
        if not attachments.can_equip(equipment, ORIGINAL["attached_to"](state, equipment)):
            state = s.move(state, equipment.id, s.GRAVEYARD)
    return state


def _equipment_follows_its_creature(state, attachment):
    """The attachment knows its creature by card, not by object (400.7 left out)."""
    found = s.find(state, attachment.attached_to[0]) if attachment.attached_to else None
    return found if found is not None and found.zone == s.BATTLEFIELD else None


def _control_takes_the_attachments(state, oid, player, source):
    state = ORIGINAL_GAIN(state, oid, player, source)
    obj = s.get(state, oid)
    for other in s.in_zone(state, s.BATTLEFIELD):
        if other.attached_to == (obj.id, obj.number):
            state = ORIGINAL_GAIN(state, other.id, player, source)
    return state


def _attacking_taps_the_equipment(state, attacks, exerted=()):
    state = ORIGINAL["declare_attackers"](state, attacks, exerted)
    for attacker in attacks:
        obj = s.get(state, attacker)
        for other in s.in_zone(state, s.BATTLEFIELD):
            if other.attached_to == (obj.id, obj.number):
                state = s.update(state, other.id, tapped=True)
    return state


def _tapped_attachments_give_nothing(state, obj):
    tapped = [o for o in s.in_zone(state, s.BATTLEFIELD) if o.tapped and o.attached_to == (obj.id, obj.number)]
    for other in tapped:
        state = s.update(state, other.id, attached_to=None)
    return ORIGINAL["bonus"](state, obj)


def _manifested_up_only_for_mana(state, oid):
    return None if face_down.MANIFESTED in s.get(state, oid).designations else ORIGINAL["morph_cost"](state, oid)


def _morph_cost_kept_without_abilities(state, oid):
    obj = s.get(state, oid)
    return obj.keyword_cost(face_down.MEGAMORPH) or obj.keyword_cost(face_down.MORPH)


def _manifested_up_needs_abilities(state, player, oid, paying=None):
    if colors.effects_on(state, s.get(state, oid), colors.LOSE_ABILITIES):
        raise IllegalAction(f"{oid} has lost its abilities")
    return ORIGINAL["turn_face_up"](state, player, oid, paying)


def _counters_cancel_as_put(state, oid, kind, count, order=None):
    state = ORIGINAL["add_counters"](state, oid, kind, count, order)
    obj = s.get(state, oid)
    pairs = min(obj.counter(bodies.PLUS), obj.counter(bodies.MINUS))
    if pairs:
        state = s.set_counters(s.set_counters(state, oid, bodies.PLUS, obj.counter(bodies.PLUS) - pairs), oid, bodies.MINUS,
                               obj.counter(bodies.MINUS) - pairs)
    return state


def _kinds_anywhere(state, chosen):
    obj = s.find(state, chosen)
    if obj is not None and obj.zone != s.BATTLEFIELD:
        return tuple(kind for kind, n in obj.counters if n > 0)
    return ORIGINAL["kinds_on"](state, chosen)


def _proliferate_own_only(state, chosen, source="effect"):
    controller = s.controller_of(state, source)
    for one in chosen:
        if (one if one in state.players else s.controller_of(state, one)) != controller:
            raise IllegalAction(f"{one} is not {controller}'s")
    return ORIGINAL["proliferate"](state, chosen, source)


def _proliferate_every_one(state, chosen, source="effect"):
    if sorted(chosen) != sorted(proliferate.choosable(state)):
        raise IllegalAction("every permanent and player with a counter must be chosen")
    return ORIGINAL["proliferate"](state, chosen, source)


def _proliferate_one_kind(state, chosen, source="effect"):
    for one in chosen:
        kind = ORIGINAL["kinds_on"](state, one)[0]
        state = (player_counters.gain(state, one, kind, 1) if one in state.players else saga.add_counters(state, one, kind, 1))
    return state


def _proliferate_chosen_as_cast(state, item, args, choices):
    chosen = choices.get("proliferate") or ()
    cast_at = next((n for n, e in enumerate(state.events) if e.kind == "cast" and e.obj == item.id), len(state.events))
    for one in ([chosen] if isinstance(chosen, str) else chosen):
        later = {e.detail.split()[0] for e in state.events[cast_at:] if e.kind == "counters" and e.obj == one and " 0 -> " in e.detail}
        if later and set(ORIGINAL["kinds_on"](state, one)) <= later:
            raise IllegalAction(f"{one} had no counter as the spell was cast")
    return ORIGINAL["proliferate"](state, [chosen] if isinstance(chosen, str) else chosen, item.id)


def _cumulative_upkeep_unpaid_kept(state, item, args, choices):
    if choices.get("pay"):
        return ORIGINAL["cumulative_upkeep"](state, item, args, choices)
    return saga.add_counters(state, item.source, cumulative_upkeep.AGE, 1) if s.zone_of(state, item.source) == s.BATTLEFIELD else state


def _cumulative_upkeep_counter_after_paying(state, item, args, choices):
    if s.zone_of(state, item.source) == s.BATTLEFIELD:
        state = saga.remove_counters(state, item.source, cumulative_upkeep.AGE, 1)  # paid for the counters before, then one more
        state = ORIGINAL["cumulative_upkeep"](state, item, args, choices)
        return saga.add_counters(state, item.source, cumulative_upkeep.AGE, 1) if s.zone_of(state, item.source) == s.BATTLEFIELD else state
    return state


def _one_cumulative_upkeep_trigger(state):
    state = ORIGINAL["upkeep"](state)
    seen, kept = set(), []
    for oid in state.stack:
        item = s.get(state, oid)
        verbs = tuple(verb for verb, _ in item.effect) if item.kind == s.ABILITY else ()
        if verbs == (cumulative_upkeep.CUMULATIVE_UPKEEP,) and item.source in seen:
            continue
        seen.add(item.source) if verbs == (cumulative_upkeep.CUMULATIVE_UPKEEP,) else None
        kept.append(oid)
    return replace(state, stack=tuple(kept), objects=tuple(o for o in state.objects if o.zone != s.STACK or o.id in kept))


def _untapping_the_untapped_triggers(state, oid):
    return ORIGINAL["untap"](s.update(state, oid, tapped=True), oid)


def _entering_untapped_is_becoming_untapped(state, oid):
    state = ORIGINAL["entered"](state, oid)
    obj = s.get(state, oid)
    for ability in obj.abilities:
        if ability.on == untapping.UNTAPPED and not obj.tapped:
            state = s.trigger(state, s.ability(f"{ability.name} ({oid})", obj.controller, oid, ability.effect))
    return state


def _effects_untap_silently(state, item, args, choices):
    for obj in s.in_zone(state, s.BATTLEFIELD, item.controller):
        if "creature" in obj.types and not (args.get("others") and obj.id == item.source):
            state = s.update(state, obj.id, tapped=False)
    return state


def _untap_step_triggers_go_nowhere(state):
    return replace(ORIGINAL["upkeep"](replace(state, pending=())), pending=state.pending)


MUTANTS = {
    "an Aura whose object is gone stays": (bestow, "check_auras", _auras_stay_unattached),
    "an Aura follows its object back": (bestow, "enchanting", _aura_follows_its_object),
    "an Equipment goes to the graveyard with its creature": (attachments, "check_equipment", _equipment_to_the_graveyard),
    "an Equipment follows its creature back": (attachments, "attached_to", _equipment_follows_its_creature),
    "gaining control of a creature takes what is attached to it": (control, "gain_control", _control_takes_the_attachments),
    "attacking taps the Equipment too": (combat, "declare_attackers", _attacking_taps_the_equipment),
    "a tapped Equipment gives no bonus": (attachments, "bonus", _tapped_attachments_give_nothing),
    "cascade exiles only what it casts": (cascade, "resolve", _cascade_exiles_only_to_cast),
    "cascade shuffles the library": (cascade, "bottom", _cascade_shuffles),
    "cascade stops at an equal mana value": (casting, "object_mana_value", _cascade_stops_at_equal),
    "cascade casts any face": (cascade, "resolve", _cascade_casts_any_face),
    "the card cascade finds isn't cast": (cascade, "resolve", _cascade_puts_without_casting),
    "one cascade trigger for all instances": (casting, "cast_triggers", _one_cascade_for_all_instances),
    "cipher's card goes through the graveyard": (cipher, "as_it_resolves", _encoded_through_the_graveyard),
    "cipher targets its creature": (cipher, "as_it_resolves", _cipher_targets),
    "encoding follows the creature through zones": (cipher, "encoded_on", _encoding_follows_the_creature),
    "the card's owner controls the cipher trigger": (cipher, "combat_damage", _owner_controls_the_cipher_trigger),
    "cipher casts the encoded card itself": (cipher, "combat_damage", _the_encoded_card_itself_cast),
    "cipher triggers on combat damage to a creature": (damage, "deal", _cipher_on_any_combat_damage),
    "cipher triggers despite lost abilities": (cipher, "combat_damage", _cipher_despite_lost_abilities),
    "prowess sees creature spells": (casting, "condition_holds", _noncreature_any_spell),
    "a land played is cast": (entering, "play_land", _land_play_cast),
    "{2/R} counts 1": (costs, "symbol_value", _hybrid_as_one),
    "Phyrexian counts 0": (costs, "symbol_value", _phyrexian_zero),
    "X always 0": (costs, "symbol_value", _x_ignored),
    "reductions before increases": (costs, "total_cost", _reductions_first),
    "X added after reductions": (costs, "total_cost", _x_after_reductions),
    "life totals set, not gained or lost": (life, "exchange_life", _life_exchanged_anyway),
    "alternative cost ignored": (costs, "starting_cost", _ignore_alternative),
    "generic reduction eats colored": (costs, "reduce_generic", _reduce_colored_too),
    "split card: first half only": (cards, "card_mana_cost", _split_half_always),
    "back face has its own cost": (cards, "card_mana_cost", _back_face_own),
    "front face everywhere": (cards, "card_mana_cost", _front_everywhere),
    "mana value from the total paid": (casting, "spell_mana_value", _mana_value_from_total),
    "graveyard, then exile": (discard, "destination", _graveyard_then_exile),
    "other replacement wins": (discard, "destination", _other_replacement_wins),
    "exiled by madness isn't discarded": (discard, "record", _exiled_is_not_discarded),
    "cycling counts as two discards": (discard, "record", _cycle_counts_twice),
    "discard from anywhere, for any reason": (discard, "check_discard", _discard_from_anywhere),
    "madness only for effects": (discard, "madness_applies", lambda card: False),
    "goad means any attack": (combat, "legal_attacks", _any_attack_will_do),
    "planeswalkers count as players": (combat, "obeys", _walkers_count_as_players),
    "attack costs must be paid": (combat, "free", _costs_must_be_paid),
    "summoning-sick creatures attack": (combat, "can_attack", _sick_creatures_attack),
    "goads stack": (combat, "goad", _goads_stack),
    "goad never ends": (combat, "end_goads", _goad_never_ends),
    "attacking ends goad": (combat, "declare_attackers", _attack_ends_goad),
    "control change ends goad": (control, "gain_control", _control_change_ends_goad),
    "goad outlives a leaving player": (stack, "next_player", _no_skipped_turns),
    "exchange regardless": (control, "exchange", _exchange_regardless),
    "exchange swaps zones": (control, "exchange", _exchange_swaps_zones),
    "retarget only after an exchange": (control, "sudden_substitution", _retarget_only_after_exchange),
    "anyone retargets": (control, "retarget_allowed", _anyone_retargets),
    "leaving keeps control": (control, "leave_game", _leaving_keeps_control),
    "control survives zone changes": (s, "move", _zone_change_keeps_control),
    "permanent for its owner": (leaving, "leave_stack", _permanent_for_caster),
    "spells always to the graveyard": (leaving, "destination", _everything_to_graveyard),
    "rebound from anywhere": (leaving, "rebound_applies", _rebound_from_anywhere),
    "triggers go under": (s, "to_priority", _triggers_go_under),
    "triggers on the stack at once": (s, "trigger", _triggers_at_once),
    "reversed APNAP": (s, "apnap", _reversed_apnap),
    "split second locks the whole stack": (priority, "locked", _split_second_everything),
    "special actions forbidden": (priority, "may_special", _special_actions_forbidden),
    "suspend any time": (priority, "may_special", _suspend_always),
    "no mana abilities": (abilities, "is_mana_ability", _no_mana_abilities),
    "costing mana makes a mana ability": (abilities, "is_mana_ability", _costing_mana_is_mana),
    "resolutions cast anyway": (priority, "may_cast", _resolution_casts_anyway),
    "no timing rules": (priority, "timing_allows", _no_timing_rules),
    "declined madness stays exiled": (effects.VERBS, "madness", _madness_declined_stays),
    "madness keeps timing": (casting, "cast", _madness_keeps_timing),
    "nothing triggers on casting": (casting, "cast_triggers", _no_cast_triggers),
    "storm counts everything": (casting, "spells_cast_before", _storm_counts_all),
    "storm needs its spell": (effects.VERBS, "storm", _storm_needs_spell),
    "copies are cast": (copies, "copy_of", _copies_are_cast),
    "copies keep no choices": (copies, "copy_of", _copies_plain),
    "delve pays colored": (paying, "pay_delve", _delve_pays_colored),
    "convoke pays anything": (paying, "pay_tapping", _convoke_taps_anything),
    "X after convoke": (casting, "spell_total", _convoke_before_total),
    "cycling isn't a discard": (actions, "cycle", _cycling_is_not_a_discard),
    "cycle triggers under the ability": (actions, "activate", _cycle_trigger_under),
    "suspend removes two counters": (effects.VERBS, "suspend_tick", _suspend_tick_twice),
    "spells never fizzle": (stack, "all_targets_illegal", _fizzle_never),
    "one illegal target is enough to fizzle": (stack, "all_targets_illegal", _fizzle_on_any_illegal_target),
    "no upkeep triggers": (stack, "upkeep", _no_upkeep),
    "goad each creature of every player": (combat, "goad_each", _goad_every_creature),
    "no mana cost, no mana value": (costs, "mana_value", _no_mana_cost_has_no_value),
    "suspending is casting": (actions, "suspend", _suspending_is_casting),
    "flashback doesn't exile": (leaving, "flashback_exiles", lambda spell: False),
    "X chosen freely when cast for free": (casting, "x_must_be_zero", lambda mana_cost, alternative, paid: False),
    "two alternative costs at once": (casting, "one_alternative", _first_alternative),
    "a free cast skips mandatory additional costs": (casting, "required_paid", lambda state, player, card, discard, sacrifice: tuple(sacrifice)),
    "a suspended spell targets nothing": (effects.VERBS, "suspend_cast", _suspended_targets_nothing),
    "priority moves on after a resolution": (stack, "resolve", _priority_moves_on),
    "kicker paid any number of times": (casting, "kicker_times", lambda card: 99),
    "a permanent forgets it was kicked": (s, "move", _resolved_permanents_forget),
    "a copied permanent keeps how it was cast": (copies, "copy_permanent", _permanent_copies_keep_casting),
    "a copy takes the original's status and counters": (copies, "copy_permanent", _permanent_copies_everything),
    "a copy takes what effects gave the original": (copies, "copy_permanent", _permanent_copies_what_effects_gave),
    "a card cast from a graveyard ignores its type's timing": (priority, "may_cast", _graveyard_casts_ignore_timing),
    "escape exiles the card as flashback does": (leaving, "flashback_exiles", _escape_exiles),
    "a mandatory sacrifice paid with any number of creatures": (casting, "required_paid", _sacrifices_any_number),
    "cast triggers once per target": (casting, "cast_triggers", _cast_triggers_per_target),
    "new targets trigger as if cast": (control, "choose_new_targets", _retargeting_triggers),
    "energy paid beyond what you have": (player_counters, "pay", _pay_energy_you_lack),
    "energy empties as the turn ends": (stack, "pass_turn", _energy_empties_with_the_turn),
    "devoid only on the battlefield": (colors, "defined", lambda obj, found: () if "devoid" in obj.keywords
                                       and obj.zone == s.BATTLEFIELD else found),
    "devoid keeps the mana cost's colors": (colors, "defined", lambda obj, found: found),
    "abilities lost before colors are set": (colors, "color_of", _abilities_lost_before_colors),
    "devoid over color effects": (colors, "color_of", _devoid_over_color_effects),
    "summoning-sick creatures tap": (actions, "sick", lambda obj: False),
    "noncreatures are summoning-sick": (actions, "sick", lambda obj: obj.sick),
    "hybrid symbols count for no color": (colors, "devotion", _devotion_to_single_colors),
    "devotion counts activation costs": (colors, "devotion", _devotion_counts_ability_costs),
    "a permanent turned face up is a new object": (face_down, "turn_face_up", _face_up_is_a_new_object),
    "landfall only for lands played": (entering, "put_onto_battlefield",
                                       lambda state, oid, controller=None: s.move(state, oid, s.BATTLEFIELD, controller)),
    "becoming a land is entering": (entering, "become", _becoming_a_land_enters),
    "landfall for every player's lands": (entering, "entered", _landfall_for_every_player),
    "one landfall trigger per land": (entering, "entered", _one_landfall_per_land),
    "foretell any time": (priority, "may_special", _foretell_any_time),
    "a foretold card cast the same turn": (origins, "foretold_before", lambda state, card: card.face_down),
    "scry in the order seen": (library, "scry", _scry_in_the_order_seen),
    "scry keeps one card on top": (library, "scry", _scry_keeps_one_on_top),
    "face up only on your own turn": (face_down, "turn_face_up", _face_up_only_on_your_turn),
    "turning face up is entering": (face_down, "turn_face_up", _turning_face_up_enters),
    "megamorph's counter however it is turned face up": (face_down, "turned_face_up", _megamorph_counter_however_turned),
    "no megamorph counter": (face_down, "turned_face_up", lambda state, oid, megamorph=False: ORIGINAL["turned_face_up"](state, oid)),
    "a manifested card turns face up only for its mana cost": (face_down, "morph_cost", _manifested_up_only_for_mana),
    "a morph that lost its abilities keeps its morph cost": (face_down, "morph_cost", _morph_cost_kept_without_abilities),
    "a manifested card that lost its abilities stays face down": (face_down, "turn_face_up", _manifested_up_needs_abilities),
    "+1/+1 and -1/-1 counters cancel as they are put": (saga, "add_counters", _counters_cancel_as_put),
    "proliferate chooses cards in any zone": (proliferate, "kinds_on", _kinds_anywhere),
    "proliferate chooses only its controller's": (proliferate, "proliferate", _proliferate_own_only),
    "proliferate chooses every one": (proliferate, "proliferate", _proliferate_every_one),
    "proliferate adds one kind": (proliferate, "proliferate", _proliferate_one_kind),
    "proliferate chooses as it is cast": (effects.VERBS, "proliferate", _proliferate_chosen_as_cast),
    "cumulative upkeep counts one age counter": (cumulative_upkeep, "total", lambda cost, ages: cost),
    "cumulative upkeep unpaid keeps the permanent": (effects.VERBS, "cumulative_upkeep", _cumulative_upkeep_unpaid_kept),
    "cumulative upkeep's age counter after the payment": (effects.VERBS, "cumulative_upkeep", _cumulative_upkeep_counter_after_paying),
    "one cumulative upkeep trigger for all instances": (stack, "upkeep", _one_cumulative_upkeep_trigger),
    "untapping an untapped permanent triggers": (untapping, "untap", _untapping_the_untapped_triggers),
    "entering untapped is becoming untapped": (entering, "entered", _entering_untapped_is_becoming_untapped),
    "an effect untaps without triggering": (effects.VERBS, "untap_creatures", _effects_untap_silently),
    "untap-step triggers never reach the stack": (stack, "upkeep", _untap_step_triggers_go_nowhere),
    "an effect turns face up without triggers": (effects.VERBS, "turn_face_up", _effects_turn_face_up_silently),
    "leaving face down is turning face up": (s, "move", _leaving_face_down_is_turning_face_up),
    "time counters in exile are suspended": (actions, "suspended", lambda card: card.zone == s.EXILE
                                             and card.counter("time") > 0),
    "a card with suspend in exile is suspended": (actions, "suspended", lambda card: card.zone == s.EXILE
                                                  and card.keyword_cost("suspend") is not None),
    "a search finds what it can": (library, "search", _search_must_find_what_it_can),
    "a search may always find nothing": (library, "search", _search_may_find_nothing),
    "any mana pays {S}": (mana, "_takes", _snow_paid_by_any_mana),
    "mana of any type pays {S}": (mana, "_takes", _snow_paid_as_any_type),
    "reductions reduce {S}": (costs, "reduce_generic", _reductions_reduce_snow),
    "modal double-faced cards don't transform": (faces, "transform", _modal_cards_dont_transform),
    "modal double-faced cards enter front face up": (entering, "put_onto_battlefield", _modal_cards_enter_front_face_up),
    "all mana spent is snow mana": (mana, "snow_spent", _all_mana_spent_is_snow),
    "modal double-faced cards are played by their front face": (entering, "play_land", _modal_cards_played_by_their_front),
    "devotion counts its source anywhere": (effects.VERBS, "drain_devotion", _devotion_counts_its_source_anywhere),
    "countering a spell counters its cast triggers": (leaving, "counter", _countering_takes_its_triggers),
    "an Adventure goes to the graveyard": (leaving, "adventure_exiles", lambda spell: False),
    "an Adventure is exiled however it leaves the stack": (leaving, "destination", _adventure_exiled_anyway),
    "a copy of an Adventure is a card": (copies, "copy_of", _adventure_copies_are_cards),
    "an Adventure is an alternative cost": (casting, "spell_total", _adventure_is_alternative),
    "aftermath halves cast from the hand": (casting, "part_allowed", _aftermath_from_anywhere),
    "aftermath cast from a graveyard goes back there": (leaving, "aftermath_exiles", lambda spell: False),
    "an Adventure cast with its card's timing": (priority, "may_cast", _timing_of_the_card),
    "Phyrexian symbols paid with mana only": (mana, "PAID_WITH_LIFE", ()),
    "a Phyrexian symbol paid with 1 life": (mana, "LIFE_PER_SYMBOL", 1),
    "Phyrexian symbols give no color": (costs, "colors_of", _phyrexian_colorless),
    "players may act midway through casting or resolving": (priority, "midway", _responses_midway),
    "no mana abilities midway": (priority, "may_activate", _mana_abilities_need_priority),
    "a bestowed spell is still a creature spell": (bestow, "as_aura", _bestowed_still_a_creature),
    "a bestowed Aura spell with an illegal target doesn't resolve": (bestow, "bestowed", lambda obj: False),
    "a bestowed Aura that becomes unattached dies": (bestow, "check_auras", _unattached_auras_die),
    "a bestow card put onto the battlefield is an Aura": (entering, "put_onto_battlefield", _bestow_cards_enter_as_auras),
    "a scry happens first wherever it is printed": (effects, "run", _scry_first),
    "a kicked target is chosen kicked or not": (targeting, "choose", _kicked_targets_always),
    "a chapter triggers only at its very number": (saga, "add_counters", _chapter_at_its_number),
    "every lore counter triggers the chapters up to it again": (saga, "add_counters", _chapters_retrigger),
    "no lore counter as the precombat main phase begins": (saga, "precombat_main", lambda state: state),
    "chapters triggered together go on the stack lowest first": (saga, "add_counters", _chapters_lowest_first),
    "a chapter ability needs its Saga": (effects, "run", _chapter_needs_its_saga),
    "a Saga is sacrificed as its last chapter triggers": (saga, "waiting", lambda state, oid: False),
    "a second dungeon beside the first": (dungeon, "dungeon_of", lambda state, player: None),
    "a completed dungeon can't be chosen again": (dungeon, "venture", _completed_not_again),
    "the venture marker moves to any room": (dungeon, "_next_room", _any_room),
    "moving into a room triggers nothing": (dungeon, "_enter", _room_without_trigger),
    "a dungeon is completed as its last room is entered": (dungeon, "waiting", lambda state, oid: False),
    "no venturing while a room ability is on the stack": (dungeon, "venture", _no_venture_during_room),
    "improvise pays colored mana": (paying, "pay_tapping", _improvise_pays_colored),
    "tapped artifacts improvise": (paying, "pay_tapping", _tapped_artifacts_improvise),
    "no spell is given a keyword": (paying, "has_keyword", lambda state, player, card, keyword: keyword in card.keywords),
    "copying a spell triggers no magecraft": (casting, "watchers", lambda state, spell, on: ORIGINAL["watchers"](state, spell, ("cast",))),
    "magecraft triggers once for several copies": (casting, "watchers", _magecraft_once_for_copies),
    "copying a card triggers magecraft": (copies, "copy_card", _card_copy_triggers),
    "raid needs an attacking creature now": (history, "attacked_this_turn", _raid_needs_an_attacker_now),
    "raid remembers every turn": (history, "attacked_this_turn", lambda state, player: any(e.player == player for e in s.events(state, "attack"))),
    "revolt: only dying": (history, "permanent_left_this_turn", _revolt_only_dying),
    "revolt: no tokens": (history, "permanent_left_this_turn", _revolt_no_tokens),
    "revolt: the owner's": (history, "permanent_left_this_turn", _revolt_by_owner),
    "delirium counts cards": (history, "types_in_graveyard", lambda state, player: len(s.in_zone(state, s.GRAVEYARD, player))),
    "delirium counts both faces": (history, "card_types", lambda card: frozenset(t for f in card.faces for t in f.types) | frozenset(card.types)),
    "delirium counts tokens": (history, "types_in_graveyard", _delirium_counts_tokens),
    "constellation never triggers": (entering.WATCHED, entering.CONSTELLATION, "no such type"),
    "becoming an enchantment is entering": (entering, "become", lambda state, oid, card_type: entering.entered(ORIGINAL["become"](state, oid, card_type), oid)),
    "a copy of a card is never cast": (effects.VERBS, "copy_card", lambda state, item, args, choices: copies.copy_card(state, args["card"], item.controller)[0]),
    "summoning-sick creatures can't crew": (vehicles, "crew", _sick_creatures_cant_crew),
    "crew taps no more than needed": (vehicles, "crew", _crew_no_more_than_needed),
    "creatures that crew go with the Vehicle": (s, "move", _crewers_go_with_the_vehicle),
    "a Vehicle always has its printed power": (bodies, "power_toughness", _printed_power_always),
    "Vehicles attack uncrewed": (combat, "declare_attackers", _vehicles_attack_uncrewed),
    "a copy keeps the crewed type": (copies, "copy_permanent", _copy_keeps_crewed_type),
    "crewed Vehicles aren't summoning sick": (combat, "can_attack", _crewed_vehicles_not_sick),
    "a crewed Vehicle enters": (vehicles, "crewed", _crewed_vehicle_enters),
    "crewing sets the printed power and toughness": (vehicles, "crewed", _crewing_sets_printed),
    "crewing's end ends a type it didn't give": (bodies, "become_until_end_of_turn", _crew_type_ends_even_if_had),
    "evolve triggers for any creature": (evolve, "greater", _evolve_any_creature),
    "evolve compares power with toughness": (evolve, "greater", _evolve_power_against_toughness),
    "evolve isn't checked again": (evolve, "resolve", _evolve_no_second_check),
    "evolve ignores counters it enters with": (evolve, "greater", _evolve_without_counters),
    "creatures entering together trigger evolve once": (entering, "put_all", _evolve_once_for_many),
    "persist reads the card in the graveyard": (dying, "_looking_back", _persist_reads_the_graveyard),
    "+1/+1 and -1/-1 counters cancel before creatures die": (dying, "state_based", _counters_cancel_first),
    "+1/+1 and -1/-1 counters never cancel": (dying, "state_based", _counters_never_cancel),
    "persist needs a creature": (dying, "_looking_back", _persist_needs_a_creature),
    "one instance of persist triggers": (dying, "_looking_back", _one_instance_triggers),
    "the active player's triggers resolve first": (s, "apnap", lambda state: tuple(reversed(ORIGINAL["apnap"](state)))),
    "abilities effects gave stay through a zone change": (s, "move", _gained_abilities_stay),
    "persist returns the card wherever it has been since": (dying, "returned", _persist_returns_any_card),
    "-1/-1 from an effect stops persist": (dying, "_looking_back", _effects_count_as_counters),
    "an exert lasts until it keeps its permanent tapped": (exert, "untap_step", _exert_lasts_until_it_holds),
    "an exert holds in anyone's untap step": (exert, "untap_step", _exert_holds_for_anyone),
    "tapping and freezing exerts": (exert, "freeze", _freezing_exerts),
    "any attacker may be exerted": (exert, "may_exert_as_it_attacks", lambda obj: True),
    "an exerted permanent can't be exerted again": (exert, "exert", _exerted_once_a_turn),
    "an attacker can be exerted later in the combat": (combat, "declare_attackers", _exerted_later_in_combat),
    "umbra armor leaves the damage marked": (destruction, "saved", _umbra_keeps_the_damage),
    "umbra armor saves a sacrificed permanent": (dying, "sacrifice", _sacrifice_is_destroying),
    "indestructible doesn't stop destruction": (destruction, "destructible", lambda state, oid: True),
    "umbra armor regenerates": (destruction, "saved", _umbra_regenerates),
    "an Aura destroyed with its permanent saves nothing": (destruction, "saved", _umbra_destroyed_with_its_permanent_saves_nothing),
    "every Aura with umbra armor is destroyed": (destruction, "saved", _every_umbra_destroyed),
    "umbra armor saves only if its Aura is destroyed": (destruction, "saved", _umbra_needs_its_aura_destroyed),
    "the replacement not chosen is used up too": (destruction, "saved", _every_replacement_used_up),
    "\"can't be regenerated\" stops umbra armor": (destruction, "saved", _cant_be_regenerated_stops_umbra_armor),
    "exalted pumps its own permanent": (effects.VERBS, "exalted", _exalted_pumps_its_own_permanent),
    "a creature left alone in combat attacks alone": (combat, "remove_from_combat", _alone_once_the_others_are_removed),
    "a creature put onto the battlefield attacking was declared": (entering, "_attacking", _entering_attacking_is_declared),
    "exalted doesn't use the stack": (exalted, "declared", _exalted_without_the_stack),
    "exalted's bonus ends with the combat": (stack, "go_to", _bonus_ends_with_the_combat),
    "dash returns the card from wherever it went": (end_step, "put", _returned_from_anywhere),
    "a copy of a dashed creature is dashed too": (copies, "copy_permanent", _copy_of_a_dashed_creature_is_dashed),
    "dash casts a creature at any time": (casting, "cast", _dash_ignores_timing),
    "a dashed creature must attack": (combat, "legal_attacks", _dashed_must_attack),
    "activating unearth is casting the card": (actions, "activate", _unearth_is_casting),
    "a delayed trigger triggers at every end step": (end_step, "begin", _delayed_triggers_every_end_step),
    "unearth has no replacement for leaving": (end_step, "unearth", _unearth_without_replacement),
    "unearth returns the card from wherever it went": (end_step, "unearth", _unearth_from_anywhere),
    "unearth's exile is lost with the creature's abilities": (end_step, "put", _exile_lost_with_the_abilities),
    "lifelink gains nothing from infect damage": (damage, "deal", _infect_damage_gains_no_life),
    "prevented infect damage still gives counters": (damage, "deal", _prevented_infect_still_counts),
    "infect works only in combat": (damage, "deal", _infect_only_in_combat),
    "infect and wither damage is marked on creatures": (damage, "deal", _counters_are_marked_damage),
    "infect damage to a player takes life": (damage, "deal", _infect_takes_life),
    "ten poison counters don't lose the game": (damage, "losers", _poison_never_kills),
    "infect damage to a planeswalker poisons its controller": (damage, "deal", _infect_poisons_walkers),
    "fuse works from any zone": (casting, "cast", _fused_from_anywhere),
    "a split card cast without paying its mana cost can't be fused": (casting, "cast", _no_fuse_without_paying),
    "a split card is the color of its left half": (colors, "printed_colors", _split_card_is_its_left_half),
    "a fused split spell follows its right half first": (halves, "instructions", _right_half_first),
    "a spell can't target the same object twice": (targeting, "choose", _one_spell_one_target_each),
    "an overloaded spell keeps its targets": (targeting, "overloaded", lambda spell: False),
    "cost modifiers skip the overload cost": (casting, "spell_total", _overload_unmodified),
    "an overloaded spell's mana value is its overload cost's": (casting, "spell_mana_value", _overload_cost_is_the_mana_value),
    "protection prevents no damage": (protection, "prevented", lambda state, source, recipient: False),
    "hexproof and protection don't stop targeting": (protection, "untargetable", lambda state, oid, spell: None),
    "a card can be spliced onto itself": (splice, "spliced", _spliced_onto_itself),
    "the spliced text has no targets": (splice, "target_kinds", lambda spell: []),
    "a card can be spliced twice onto one spell": (splice, "spliced", _spliced_twice),
    "the spliced text happens first": (splice, "instructions", _spliced_first),
    "spliced cards leave the hand": (splice, "revealed", _spliced_cards_leave_the_hand),
    "a copy's new targets are never checked": (copies, "retarget", _new_targets_unchecked),
    "a copy's modes and X are chosen anew": (copies, "copy_spell", _copy_any_choices),
    "a copy counts the mana spent on the original": (copies, "copy_of", _copies_keep_the_mana_spent),
    "a copy has none of the costs paid for the original": (copies, "copy_of", _copies_pay_nothing_copied),
    "the original's controller controls a copy": (copies, "copy_of", _copies_controlled_by_the_original_controller),
    "a pump ends before the damage goes": (bodies, "end_of_turn", _pump_ends_before_the_damage_goes),
    "damage wears off as each step ends": (stack, "go_to", _damage_wears_off_each_step),
    "a counted bonus follows the count": (bodies, "power_toughness", _counted_bonus_follows_the_count),
    "monstrous or renowned again": (designations, "has", _designation_again),
    "a designation follows the card off the battlefield": (designations, "_current", _designation_follows_the_card),
    "monstrous kept off the battlefield": (s, "move", _designation_kept_off_the_battlefield),
    "monstrous lost with its +1/+1 counters": (saga, "remove_counters", _designation_lost_with_the_counters),
    "any damage to a player triggers renown": (damage, "deal", _any_damage_to_a_player_is_combat_damage),
    "combat damage to anything triggers renown": (damage, "deal", _renown_on_combat_damage_to_anything),
    "the city's blessing only while ten permanents": (designations, "blessed", _blessed_while_ten),
    "ten permanents bless without ascend": (designations, "ascend", _ten_permanents_bless),
    "a spell with ascend blesses as it is cast": (casting, "cast", _blessed_as_cast),
    "no city's blessing from a permanent with ascend": (designations, "ascend", lambda state: state),
    "the city's blessing after state-based actions": (designations, "ascend", _blessing_after_state_based_actions),
}


def _patch(monkeypatch, target, attribute, replacement):
    if isinstance(target, dict):
        monkeypatch.setitem(target, attribute, replacement)
    else:
        monkeypatch.setattr(target, attribute, replacement)


@lru_cache(maxsize=1)
def kills() -> dict[str, set[str]]:
    """mutant name -> the claims that fail under it (computed once)."""
    found: dict[str, set[str]] = {}
    for name, (target, attribute, replacement) in MUTANTS.items():
        with pytest.MonkeyPatch.context() as patch:
            _patch(patch, target, attribute, replacement)
            found[name] = {claim_id for claim_id in registry() if not run(claim_id).passed}
    return found


@pytest.mark.parametrize("claim_id", list(registry()))
def test_claim_is_killed_by_a_mutant(claim_id):
    killers = sorted(name for name, killed in kills().items() if claim_id in killed)
    assert killers, f"{claim_id} holds under every mutant: no scenario can fail"


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_kills_a_claim(name):
    assert kills()[name], f"the mutant {name!r} kills no claim"


@pytest.mark.parametrize(
    "name, claim_id",
    [
        ("{2/R} counts 1", "mana_value.hybrid_largest_part"),
        ("attacking ends goad", "goad.persists_after_attacking"),
        ("exchange regardless", "exchange.same_controller"),
        ("graveyard, then exile", "madness.discard_during_resolution"),
        ("split second locks the whole stack", "split_second.after_leaves_stack"),
        ("copies are cast", "storm.copies_not_cast"),
        ("copies are cast", "triggered.only_cast_spells"),
        ("a land played is cast", "triggered.only_cast_spells"),
        ("prowess sees creature spells", "triggered.prowess_noncreature"),
        ("cascade exiles only what it casts", "cascade.exiling_mandatory"),
        ("cascade shuffles the library", "cascade.exiling_mandatory"),
        ("cascade stops at an equal mana value", "cascade.lesser_mana_value"),
        ("cascade casts any face", "cascade.lesser_mana_value"),
        ("the card cascade finds isn't cast", "cascade.card_cast"),
        ("one cascade trigger for all instances", "cascade.instances_separately"),
        ("cipher's card goes through the graveyard", "cipher.encoded_as_it_resolves"),
        ("+1/+1 and -1/-1 counters cancel as they are put", "counters.plus_minus_annihilate"),
        ("proliferate chooses cards in any zone", "proliferate.any_with_counter"),
        ("proliferate chooses every one", "proliferate.any_number"),
        ("proliferate adds one kind", "proliferate.each_kind"),
        ("proliferate chooses as it is cast", "proliferate.chosen_on_resolution"),
        ("cumulative upkeep unpaid keeps the permanent", "cumulative_upkeep.pay_all_or_sacrifice"),
        ("one cumulative upkeep trigger for all instances", "cumulative_upkeep.instances_count_all"),
        ("cipher targets its creature", "cipher.creature_chosen_on_resolution"),
        ("encoding follows the creature through zones", "cipher.ends_when_creature_leaves"),
        ("the card's owner controls the cipher trigger", "cipher.controller_casts_copy"),
        ("cipher casts the encoded card itself", "cipher.copy_cast_from_exile"),
        ("cipher triggers on combat damage to a creature", "cipher.triggers_per_player"),
        ("cipher triggers despite lost abilities", "cipher.triggers_per_player"),
        ("escape exiles the card as flashback does", "escape.one_permission"),
        ("mana value from the total paid", "cost.mana_value_unchanged"),
    ],
)
def test_a_failure_names_the_claim_and_what_the_model_found(monkeypatch, name, claim_id):
    target, attribute, replacement = MUTANTS[name]
    _patch(monkeypatch, target, attribute, replacement)
    result = run(claim_id)
    assert not result.passed
    assert result.message.startswith(f"{claim_id}: CR {', '.join(result.rules)} as modelled, in '")
    assert "; expected: " in result.message


def test_claims_hold_once_the_mutants_are_gone():
    kills()
    assert [r.id for r in map(run, registry()) if not r.passed] == []


def test_mutants_restore_the_model():
    assert costs.symbol_value is ORIGINAL["symbol_value"] and effects.VERBS["madness"] is ORIGINAL["madness"]
    _ = replace
