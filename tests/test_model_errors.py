"""Every refusal of the model says what is wrong and which rule says so: the exact messages."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import actions, casting, combat, control, copies, costs, effects, face_down, leaving, stack
from kb.checks.model import discard as dis
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction, ModelError


def g(*objs, **kw):
    return state({"objects": list(objs), **kw})
def c(name, zone="hand", **kw):
    return {"card": name, "zone": zone, **kw}


CASES = [
    ('get', lambda: s.get(g(), "Nothing"), "there is no object 'Nothing'"),
    ('cast graveyard', lambda: casting.cast(g(c("Shock","graveyard")), "A", "Shock"), "Shock can't be cast from the graveyard this way (601.2a, 702.34a, 702.35a, 702.143a)"),
    ('cast unknown alt', lambda: casting.cast(g(c("Shock")), "A", "Shock", alternative="surge"), "unknown alternative cost 'surge'"),
    ('cast no madness', lambda: casting.cast(g(c("Shock")), "A", "Shock", alternative="madness"), 'Shock has no madness cost'),
    ('cast no mana cost', lambda: casting.cast(g(c("Ancestral Vision")), "A", "Ancestral Vision"), 'Ancestral Vision has no mana cost: it can be cast only for an alternative cost (118.6)'),
    ('cast no kicker', lambda: casting.cast(g(c("Shock")), "A", "Shock", kicker=True), 'Shock has no kicker'),
    ('cast split second', lambda: casting.cast(g(c("Shock"), c("Sudden Shock","stack",owner="B")), "A", "Shock"), "A can't cast Shock now: a spell with split second is on the stack (702.61a)"),
    ('cast timing', lambda: casting.cast(g(c("Grizzly Bears"), c("Shock","stack",owner="B")), "A", "Grizzly Bears"), "A can't cast Grizzly Bears now: its card type allows it only in its controller's main phase with an empty stack (307.1)"),
    ('cast not owner', lambda: casting.cast(g(c("Shock",owner="B")), "A", "Shock"), "A doesn't own Shock: this model casts one's own cards"),
    ('no delve', lambda: casting.cast(g(c("Shock"), c("Grizzly Bears","graveyard")), "A", "Shock", delve=["Grizzly Bears"]), 'Shock has no delve'),
    ('no convoke', lambda: casting.cast(g(c("Shock"), c("Grizzly Bears","battlefield")), "A", "Shock", convoke=["Grizzly Bears"]), 'Shock has no convoke'),
    ('delve too many', lambda: casting.cast(g(c("Treasure Cruise"), *[{"id":f"G{i}","card":"Shock","zone":"graveyard"} for i in range(8)]), "A", "Treasure Cruise", delve=[f"G{i}" for i in range(8)]), "can't exile 8 cards: delve pays only generic mana, 7 here (702.66a)"),
    ('delve not graveyard', lambda: casting.cast(g(c("Treasure Cruise"), c("Grizzly Bears","battlefield")), "A", "Treasure Cruise", delve=["Grizzly Bears"]), "Grizzly Bears is not a card in A's graveyard (702.66a)"),
    ('convoke not creature', lambda: casting.cast(g(c("Hour of Reckoning"), c("Grizzly Bears","graveyard")), "A", "Hour of Reckoning", convoke=["Grizzly Bears"]), 'Grizzly Bears is not a creature A controls (702.51a)'),
    ('convoke tapped', lambda: casting.cast(g(c("Hour of Reckoning"), c("Grizzly Bears","battlefield",tapped=True)), "A", "Hour of Reckoning", convoke=["Grizzly Bears"]), 'Grizzly Bears is tapped: only untapped creatures convoke (702.51a, 118.3)'),
    ('convoke nothing', lambda: casting.cast(g(c("Chord of Calling"), c("Raging Goblin","battlefield")), "A", "Chord of Calling", convoke=["Raging Goblin"]), 'Raging Goblin can pay for nothing left in {G}{G}{G} (702.51a)'),
    ('target', lambda: casting.cast(g(c("Cancel"), c("Grizzly Bears","battlefield")), "A", "Cancel", targets=["Grizzly Bears"]), 'Grizzly Bears is not a legal target for Cancel: it targets spell (115.1, 601.2c)'),
    ('copy', lambda: copies.copy_spell(g(c("Grizzly Bears","battlefield")), "Grizzly Bears", "A"), 'Grizzly Bears is not a spell on the stack'),
    ('condition', lambda: casting.condition_holds(None, ("colour", 1), None), "unknown trigger condition 'colour'"),
    ('ability_of', lambda: actions.ability_of(s.get(g(c("Shock")), "Shock"), "dance"), "Shock has no activated ability 'dance'"),
    ('activate zone', lambda: actions.activate(g(c("Hieroglyphic Illumination","graveyard")), "A", "Hieroglyphic Illumination", "cycling"), 'cycling of Hieroglyphic Illumination works only while it is in the hand; it is in the graveyard (602.1, 702.29a)'),
    ('activate owner', lambda: actions.activate(g(c("Nantuko Shade","battlefield",owner="B")), "A", "Nantuko Shade", "pump"), "A can't activate pump of Nantuko Shade: it isn't theirs (602.2)"),
    ('activate split', lambda: actions.activate(g(c("Nantuko Shade","battlefield"), c("Krosan Grip","stack",owner="B")), "A", "Nantuko Shade", "pump"), "A can't activate pump now, as it isn't a mana ability: a spell with split second is on the stack (702.61a)"),
    ('cast midway', lambda: casting.cast(s.replace(g(c("Shock", owner="B"), c("Opt","stack")), resolving="Opt"), "B", "Shock"), "B can't cast Shock now: nobody has priority while a spell is being cast or something resolves (117.2e)"),
    ('face up midway', lambda: face_down.turn_face_up(s.replace(g(c("Chromeshell Crab","battlefield",face_down=True), c("Opt","stack")), resolving="Opt"), "A", "Chromeshell Crab"), "A can't turn Chromeshell Crab face up now: nobody has priority while a spell is being cast or something resolves (116.2b, 117.2e)"),
    ('activate midway', lambda: actions.activate(s.replace(g(c("Nantuko Shade","battlefield"), c("Shock","stack",owner="B")), resolving="Shock"), "A", "Nantuko Shade", "pump"), "A can't activate pump now, as it isn't a mana ability: nobody has priority while a spell is being cast or something resolves (117.2e)"),
    ('activate tapped', lambda: actions.activate(g(c("Llanowar Elves","battlefield",tapped=True)), "A", "Llanowar Elves", "mana"), "Llanowar Elves is tapped: it can't pay {T} for mana (602.2b)"),
    ('face up', lambda: face_down.turn_face_up(g(c("Chromeshell Crab","battlefield")), "A", "Chromeshell Crab"), 'Chromeshell Crab is not a face-down permanent A controls (702.37e)'),
    ('suspend not', lambda: actions.suspend(g(c("Shock")), "A", "Shock"), "Shock is not a card with suspend in A's hand (702.62a)"),
    ('suspend when', lambda: actions.suspend(g(c("Rift Bolt"), step="upkeep"), "A", "Rift Bolt"), "A can't suspend Rift Bolt now: it can be suspended only when it could be cast (116.2f, 702.62a)"),
    ('discard zone', lambda: dis.discard(g(c("Shock","library")), "A", "Shock", "effect"), "Shock is in the library, not in A's hand: cards are discarded only from their owner's hand (701.9a)"),
    ('discard reason', lambda: dis.discard(g(c("Shock")), "A", "Shock", "choice"), "can't discard Shock because of 'choice': a player discards only to pay a cost, because an effect says so, or down to hand size in the cleanup step (701.9, 514.1)"),
    ('cleanup none', lambda: dis.cleanup_discard(g(c("Shock"), step="cleanup"), "A", ("Shock",)), 'A has no excess cards to discard in a cleanup step (514.1)'),
    ('cleanup count', lambda: dis.cleanup_discard(g(*[{"id":f"H{i}","card":"Shock","zone":"hand"} for i in range(9)], step="cleanup"), "A", ("H1",)), 'A must discard exactly 2 card(s) (514.1)'),
    ('declare', lambda: combat.declare_attackers(g(c("Grizzly Bears","battlefield",goaded_by=["B"]), players=["A","B","C"]), {"Grizzly Bears": "B"}), "Grizzly Bears can't attack B: its legal choices are ['C'] (508.1d)"),
    ('declare none', lambda: combat.declare_attackers(g(c("Grizzly Bears","battlefield",goaded_by=["B"]), players=["A","B","C"]), {}), "Grizzly Bears can't not attack: its legal choices are ['C'] (508.1d)"),
    ('retarget', lambda: control.choose_new_targets(g(c("Shock","stack")), "Shock", "A", ()), "A can't choose new targets for Shock: no instruction lets them (115.7)"),
    ('left twice', lambda: control.leave_game(g(left=["B"]), "B"), 'B has already left the game'),
    ('leave stack', lambda: leaving.leave_stack(g(c("Shock")), "Shock", True), 'Shock is not on the stack'),
    ('counter', lambda: leaving.counter(g(c("Shock")), "Shock"), 'Shock is not on the stack'),
    ('top', lambda: stack.top(g()), 'the stack is empty'),
    ('nobody', lambda: stack.next_player(g(left=["A","B"])), 'no player is left in the game'),
    ('pass turn', lambda: stack.pass_turn(g(c("Shock","stack"))), "a turn can't end while the stack holds objects (500.2)"),
    ('go to unknown', lambda: stack.go_to(g(), "lunch"), "unknown step 'lunch'; steps are untap, upkeep, draw, main1, beginning of combat, declare attackers, declare blockers, combat damage, end of combat, main2, end, cleanup"),
    ('go to busy', lambda: stack.go_to(g(c("Shock","stack")), "end"), "a step can't end while the stack holds objects (500.2)"),
    ('go to back', lambda: stack.go_to(g(step="end"), "main1"), 'main1 is not later in the turn than end'),
    ('effect', lambda: effects.run(g(), s.ability("x","A","y",(("dance",{}),)), {}), "unknown effect 'dance' (known: ascend, blink, cascade, cast, converge_damage, copy_card, copy_spell, counter, crewed, cumulative_upkeep, deal_damage, destroy, discard, discard_chosen, drain_devotion, draw, evolve, exalted, exchange, exchange_life, gain_control, goad, goad_each, look, madness, monstrosity, nothing, proliferate, pump, pump_for_each, put, put_counters, rebound_cast, renown, return_with_counter, scry, storm, sudden_substitution, suspend_cast, suspend_tick, take_counters, turn_face_up, unearth, untap_creatures, venture)"),
    ('x', lambda: costs.total_cost("{1}", x=-1), "X can't be negative (107.1b)"),
    ('reduce', lambda: costs.total_cost("{1}", reductions=["{W/U}"]), 'reductions by {W/U} are not modelled (118.7e-f need a choice)'),
]


@pytest.mark.parametrize("name, action, message", CASES, ids=[c[0] for c in CASES])
def test_refusal_message(name, action, message):
    with pytest.raises(ModelError) as caught:
        action()
    assert str(caught.value) == message
    assert isinstance(caught.value, IllegalAction) or name in ("x", "reduce")


MORE = [
    ("two target kinds", lambda: casting.cast(g(c("Shock", keywords=["target: spell", "target: ability"]),
                                                  c("Grizzly Bears", "battlefield")), "A", "Shock", targets=["Grizzly Bears"]),
     "Grizzly Bears is not a legal target for Shock: it targets ability or spell (115.1, 601.2c)"),
    ("free creature", lambda: combat.declare_attackers(g(c("Grizzly Bears", "battlefield")), {"Grizzly Bears": "A"}),
     "Grizzly Bears can't attack A: its legal choices are ['B', 'no attack'] (508.1d)"),
    ("cleanup seven", lambda: dis.cleanup_discard(g(*[{"id": f"H{i}", "card": "Shock", "zone": "hand"} for i in range(7)],
                                                    step="cleanup"), "A", ()),
     "A has no excess cards to discard in a cleanup step (514.1)"),
    ("cycling ability of another name", lambda: actions.activate(g(c("Hieroglyphic Illumination")), "A",
                                                                 "Hieroglyphic Illumination", "dance"),
     "Hieroglyphic Illumination has no activated ability 'dance'"),
    ("go to the same step", lambda: stack.go_to(g(step="end"), "end"), "end is not later in the turn than end"),
]


@pytest.mark.parametrize("name, action, message", MORE, ids=[m[0] for m in MORE])
def test_more_refusals(name, action, message):
    with pytest.raises(IllegalAction) as caught:
        action()
    assert str(caught.value) == message
