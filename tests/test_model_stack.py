"""Resolving (608), effects, steps and turns (500-514), suspend and rebound at the upkeep."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import effects, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction


def test_resolve_order_and_events():
    st = state({"objects": [{"card": "Shock", "zone": "stack"}, {"id": "x", "kind": "ability", "zone": "stack"}]})
    st = stack.resolve(stack.resolve(st))
    assert [e.obj for e in s.events(st, "resolve")] == ["x", "Shock"] and st.resolving is None
    with pytest.raises(IllegalAction, match="the stack is empty"):
        stack.resolve(st)


def test_unknown_effect():
    st = state({"objects": [{"id": "x", "kind": "ability", "zone": "stack", "effect": [["dance", {}]]}]})
    with pytest.raises(IllegalAction, match="unknown effect 'dance'"):
        stack.resolve(st)


def test_triggers_wait_for_the_resolution():
    st = state({"objects": [{"card": "Fiery Temper", "zone": "hand"},
                            {"id": "loot", "kind": "ability", "zone": "stack",
                             "effect": [["discard", {"card": "Fiery Temper"}], ["look", {"label": "stack", "zone": "stack"}]]}]})
    st = stack.resolve(st)
    assert dict(st.seen)["stack"] == ["loot"] and st.stack == ("madness trigger of Fiery Temper",)


def test_look():
    st = state({"objects": [{"card": "Shock", "zone": "graveyard"}, {"card": "Lightning Bolt", "zone": "graveyard", "owner": "B"},
                            {"id": "x", "kind": "ability", "zone": "stack",
                             "effect": [["look", {"label": "mine", "zone": "graveyard", "player": "A"}],
                                        ["look", {"label": "all", "zone": "graveyard"}]]}]})
    seen = dict(stack.resolve(st).seen)
    assert seen == {"mine": ["Shock"], "all": ["Lightning Bolt", "Shock"]}


def test_next_player_and_pass_turn():
    st = state({"players": ["A", "B", "C", "D"], "active": "A", "left": ["B", "C"],
                "objects": [{"card": "Grizzly Bears", "zone": "battlefield", "tapped": True, "sick": True, "goaded_by": ["B", "D"]},
                            {"card": "Serra Angel", "owner": "D", "zone": "battlefield", "tapped": True}]})
    assert stack.next_player(st) == ("D", ("B", "C"))
    st = stack.pass_turn(st)
    assert (st.active, st.turn, st.step) == ("D", 2, "upkeep")
    assert s.get(st, "Grizzly Bears").goaded_by == () and s.get(st, "Grizzly Bears").tapped
    assert not s.get(st, "Serra Angel").tapped
    again = stack.pass_turn(s.replace(st, priority="D", passed=("D",)))
    bear = s.get(again, "Grizzly Bears")
    assert (bear.tapped, bear.sick, again.priority, again.passed, again.active) == (False, False, None, (), "A")
    assert s.get(again, "Serra Angel").tapped is False
    with pytest.raises(IllegalAction, match="no player is left in the game"):
        stack.next_player(state({"players": ["A", "B"], "left": ["A", "B"]}))
    busy = state({"objects": [{"card": "Shock", "zone": "stack"}]})
    with pytest.raises(IllegalAction, match="a turn can't end while the stack holds objects"):
        stack.pass_turn(busy)


def test_go_to():
    st = state({"step": "main1", "objects": [{"card": "Grizzly Bears", "zone": "battlefield"}]})
    st = stack.go_to(st, "declare attackers")
    assert st.step == "declare attackers"
    st = s.update(st, "Grizzly Bears", attacking="B")
    st = stack.go_to(st, "beginning of combat")
    assert st.step == "beginning of combat" and s.get(st, "Grizzly Bears").attacking is None
    with pytest.raises(IllegalAction, match="upkeep is not later in the turn than beginning of combat"):
        stack.go_to(st, "upkeep")
    with pytest.raises(IllegalAction, match="unknown step 'lunch'"):
        stack.go_to(st, "lunch")
    busy = state({"objects": [{"card": "Shock", "zone": "stack"}]})
    with pytest.raises(IllegalAction, match="a step can't end while the stack holds objects"):
        stack.go_to(busy, "end")


def test_suspend_at_the_upkeep():
    st = state({"active": "B", "objects": [{"card": "Rift Bolt", "zone": "exile", "counters": {"time": 2}},
                                           {"id": "Theirs", "card": "Rift Bolt", "owner": "B", "zone": "exile", "counters": {"time": 1}},
                                           {"id": "Plain", "card": "Shock", "zone": "exile", "counters": {"time": 1}}]})
    st = stack.pass_turn(st)
    assert st.stack == ("suspend counter trigger of Rift Bolt",)
    st = stack.resolve(st)
    assert s.get(st, "Rift Bolt").counter("time") == 1 and not st.stack
    st = stack.pass_turn(st)
    assert st.stack == ("suspend counter trigger of Theirs",)
    st = stack.pass_turn(stack.resolve(stack.resolve(stack.resolve(st))))
    st = stack.resolve(st)
    assert st.stack == ("suspend cast trigger of Rift Bolt",) and s.get(st, "Rift Bolt").counters == ()
    st = stack.resolve(st)
    assert s.get(st, "Rift Bolt").spell.alternative == "without paying its mana cost"


def test_suspend_tick_does_nothing_when_the_card_is_gone():
    st = state({"objects": [{"card": "Rift Bolt", "zone": "graveyard", "counters": {"time": 1}},
                            {"id": "t", "kind": "ability", "zone": "stack", "effect": [["suspend_tick", {"card": "Rift Bolt"}]]}]})
    st = stack.resolve(st)
    assert s.get(st, "Rift Bolt").counter("time") == 1 and not st.pending


def test_rebound_at_the_upkeep():
    st = state({"objects": [{"card": "Staggershock", "zone": "stack"}]})
    st = stack.resolve(st)
    assert s.zone_of(st, "Staggershock") == "exile" and len(st.delayed) == 1
    st = stack.pass_turn(st)
    assert st.stack == () and len(st.delayed) == 1
    st = stack.pass_turn(st)
    assert st.stack == ("rebound trigger of Staggershock",) and st.delayed == ()
    declined = stack.resolve(st, {"cast": False})
    assert s.zone_of(declined, "Staggershock") == "exile"
    cast = stack.resolve(st)
    assert s.get(cast, "Staggershock").spell.cast_from == "exile"


def test_effect_verbs_are_registered():
    assert {"draw", "discard", "look", "goad", "goad_each", "exchange", "exchange_life", "sudden_substitution", "counter", "cast",
            "madness", "storm", "suspend_tick", "suspend_cast", "rebound_cast", "gain_control", "nothing", "scry", "blink", "drain_devotion", "discard_chosen", "venture", "evolve", "crewed", "return_with_counter", "untap_creatures", "exalted", "pump",
            "copy_card", "unearth", "put", "put_counters", "take_counters", "destroy", "deal_damage", "copy_spell",
            "converge_damage", "pump_for_each", "monstrosity", "renown", "ascend", "cascade", "turn_face_up", "cumulative_upkeep",
            "proliferate"} == set(effects.VERBS)


def test_cast_effect_and_counter_effect():
    st = state({"objects": [{"card": "Lightning Bolt", "zone": "exile"}, {"card": "Shock", "zone": "stack", "owner": "B"},
                            {"id": "cascade", "kind": "ability", "zone": "stack",
                             "effect": [["cast", {"card": "Lightning Bolt"}], ["counter", {"spell": "Shock"}]]}]})
    st = stack.resolve(st)
    assert st.stack == ("Lightning Bolt",) and s.zone_of(st, "Shock") == "graveyard"
    gone = state({"objects": [{"id": "c", "kind": "ability", "zone": "stack", "effect": [["counter", {"spell": "Shock"}]]},
                              {"card": "Shock", "zone": "graveyard"}]})
    assert s.zone_of(stack.resolve(gone), "Shock") == "graveyard"


def test_gain_control_effect_and_goad_effect():
    st = state({"active": "B", "objects": [
        {"card": "Grizzly Bears", "zone": "battlefield"},
        {"id": "x", "kind": "ability", "owner": "B", "zone": "stack",
         "effect": [["goad", {"target": "Grizzly Bears"}], ["gain_control", {"target": "Grizzly Bears", "player": "C"}]]}],
        "players": ["A", "B", "C"]})
    st = stack.resolve(st)
    assert s.get(st, "Grizzly Bears").goaded_by == ("B",) and s.controller_of(st, "Grizzly Bears") == "C"


def test_triggers_during_a_resolution_wait_until_it_is_over():
    st = state({"objects": [{"card": "Grapeshot", "zone": "exile", "keywords": ["storm"]},
                            {"id": "cascade", "kind": "ability", "zone": "stack",
                             "effect": [["cast", {"card": "Grapeshot"}], ["look", {"label": "stack", "zone": "stack"}]]}]})
    st = stack.resolve(st)
    assert dict(st.seen)["stack"] == ["cascade", "Grapeshot"] and st.stack == ("Grapeshot", "storm trigger of Grapeshot")


def test_after_a_resolution_the_active_player_gets_priority():
    st = state({"players": ["A", "B"], "priority": "B", "objects": [{"card": "Shock", "zone": "stack"},
                                                                    {"card": "Lightning Bolt", "zone": "stack"}]})
    st = stack.resolve(s.replace(st, passed=("B",)))
    assert (s.holder(st), st.passed, st.priority) == ("A", (), None)
    st = stack.pass_priority(st)
    assert (s.holder(st), st.passed) == ("B", ("A",))


def test_a_spell_whose_only_target_ceased_to_exist_does_not_resolve():
    st = state({"objects": [{"id": "trigger", "kind": "ability", "zone": "stack"},
                            {"card": "Stifle", "zone": "stack", "owner": "B", "targets": ["trigger"]}]})
    st = s.remove(st, "trigger")
    st = stack.resolve(st)
    assert [e.obj for e in s.events(st, "fizzle")] == ["Stifle"] and s.zone_of(st, "Stifle") == "graveyard"


def test_pass_turn_removes_attackers_and_go_to_resets_priority():
    st = state({"players": ["A", "B"], "priority": "B", "objects": [
        {"card": "Grizzly Bears", "zone": "battlefield"}, {"card": "Raging Goblin", "zone": "battlefield", "owner": "B"}]})
    st = s.update(s.update(st, "Grizzly Bears", attacking="B"), "Raging Goblin", attacking="A")
    moved = stack.go_to(s.replace(st, passed=("A",)), "end")
    assert (moved.priority, moved.passed, moved.step) == (None, (), "end")
    after = stack.pass_turn(st)
    assert s.get(after, "Grizzly Bears").attacking is None and s.get(after, "Raging Goblin").attacking is None


def test_upkeep_triggers_name_their_source_and_controller():
    st = state({"active": "B", "objects": [{"card": "Rift Bolt", "zone": "exile", "counters": {"time": 2}}]})
    st = stack.pass_turn(st)
    trigger = s.get(st, "suspend counter trigger of Rift Bolt")
    assert (trigger.controller, trigger.source) == ("A", "Rift Bolt")
    bolt = state({"objects": [{"card": "Staggershock", "zone": "stack"}]})
    bolt = stack.pass_turn(stack.pass_turn(stack.resolve(bolt)))
    trigger = s.get(bolt, "rebound trigger of Staggershock")
    assert (trigger.controller, trigger.source) == ("A", "Staggershock")


def test_verbs_are_functions():
    assert all(callable(f) for f in effects.VERBS.values())


def test_cycling_draws_one_card():
    from kb.checks.model import actions

    st = state({"objects": [{"card": "Hieroglyphic Illumination", "zone": "hand"},
                            {"id": "L1", "card": "Shock", "zone": "library"}, {"id": "L2", "card": "Shock", "zone": "library"}]})
    st = stack.resolve(actions.activate(st, "A", "Hieroglyphic Illumination", "cycling"))
    assert [o.id for o in s.in_zone(st, "library", "A")] == ["L2"] and [o.id for o in s.in_zone(st, "hand", "A")] == ["L1"]


@pytest.mark.parametrize(
    "row, suspended",
    [
        ({"card": "Rift Bolt", "zone": "exile", "counters": {"time": 1}}, True),
        ({"card": "Rift Bolt", "zone": "exile", "counters": {"time": 3}}, True),
        ({"card": "Rift Bolt", "zone": "exile"}, False),  # no time counter
        ({"card": "Rift Bolt", "zone": "graveyard", "counters": {"time": 1}}, False),  # not in exile
        ({"card": "Shock", "zone": "exile", "counters": {"time": 1}}, False),  # no suspend
        ({"card": "Rift Bolt", "zone": "exile", "counters": {"charge": 1}}, False),  # another kind of counter
    ],
)  # fmt: skip
def test_a_suspended_card_is_in_exile_with_suspend_and_a_time_counter(row, suspended):
    from kb.checks.model import actions

    assert actions.suspended(s.get(state({"objects": [row]}), row["card"])) is suspended


@pytest.mark.parametrize("kind, after", [("token", None), ("card", "battlefield")])
def test_blink_returns_a_card_but_not_a_token_which_then_ceases_to_exist(kind, after):
    from kb.checks.claims.build import state as build_state
    from kb.checks.model import stack

    st = build_state({"objects": [{"id": "X", "kind": kind, "types": ["creature"], "zone": "battlefield"},
                                  {"id": "Blink", "types": ["instant"], "zone": "stack", "effect": [["blink", {"object": "X"}]]}],
                      "step": "main1"})  # fmt: skip
    st = s.replace(st, stack=("Blink",)) if not st.stack else st
    st = stack.resolve(st)
    assert s.zone_of(st, "X") == after
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "ceases to exist")] == (
        [("X", "A", "704.5d")] if kind == "token" else [])
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "stays")] == (
        [("X", "A", "111.8: a token that has left the battlefield")] if kind == "token" else [])
