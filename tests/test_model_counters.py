"""Proliferate (701.34a: chosen as it resolves, any number, each kind) and cumulative upkeep
(702.24: an age counter, then the whole cost for each or a sacrifice; one trigger per instance):
kb.checks.model.proliferate, kb.checks.model.cumulative_upkeep."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import ability, state
from kb.checks.claims.scenario import act
from kb.checks.model import colors, cumulative_upkeep, effects, proliferate, saga, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

FORCES = "Illusionary Forces"  # cumulative upkeep {U}


def board(*rows, **given):
    """``rows``: (card, zone[, more]); A's unless said."""
    return state({**given, "objects": [{"card": r[0], "zone": r[1], **(r[2] if len(r) > 2 else {})} for r in rows]})


def counters(st, oid):
    return dict(s.get(st, oid).counters)


@pytest.mark.parametrize("chosen, bears, forces, poison", [
    ([], {"+1/+1": 1, "flying": 1}, {"-1/-1": 1}, {"poison": 2}),
    (["Grizzly Bears"], {"+1/+1": 2, "flying": 2}, {"-1/-1": 1}, {"poison": 2}),     # each kind it has, no other
    ([FORCES, "B"], {"+1/+1": 1, "flying": 1}, {"-1/-1": 2}, {"poison": 3}),        # an opponent's, and the opponent
    (["Grizzly Bears", FORCES, "B"], {"+1/+1": 2, "flying": 2}, {"-1/-1": 2}, {"poison": 3}),
])
def test_proliferate_gives_each_chosen_one_more_of_each_kind(chosen, bears, forces, poison):
    st = board(("Grizzly Bears", "battlefield", {"counters": {"+1/+1": 1, "flying": 1}}),
               (FORCES, "battlefield", {"owner": "B", "counters": {"-1/-1": 1}}), player_counters={"B": {"poison": 2}})
    st = proliferate.proliferate(st, chosen)
    assert (counters(st, "Grizzly Bears"), counters(st, FORCES)) == (bears, forces)
    assert {kind: n for who, kind, n in st.player_counters if who == "B"} == poison


@pytest.mark.parametrize("chosen, message", [
    (["Rift Bolt"], "in the exile"),                 # a card with counters in exile is no permanent
    (["Llanowar Elves"], "has no counter"),
    (["A"], "has no counter"),                       # a player without counters
    (["Grizzly Bears", "Grizzly Bears"], "once"),
    (["Nope"], "no object or player 'Nope'"),
])
def test_proliferate_refuses_what_cant_be_chosen(chosen, message):
    st = board(("Grizzly Bears", "battlefield", {"counters": {"+1/+1": 1}}), ("Llanowar Elves", "battlefield"),
               ("Rift Bolt", "exile", {"counters": {"time": 2}}), player_counters={"B": {"poison": 1}})
    with pytest.raises(IllegalAction, match=message):
        proliferate.proliferate(st, chosen)
    assert proliferate.choosable(st) == ("Grizzly Bears", "B")


def test_counters_all_removed_leave_nothing_to_proliferate():
    st = board(("Grizzly Bears", "battlefield", {"counters": {"+1/+1": 1}}))
    st = saga.remove_counters(st, "Grizzly Bears", "+1/+1", 1)  # its kind is still listed, with none of it
    assert proliferate.choosable(st) == ()
    with pytest.raises(IllegalAction, match="has no counter"):
        proliferate.proliferate(st, ["Grizzly Bears"])
    assert [(e.kind, e.obj) for e in proliferate.proliferate(st, []).events][-1] == ("proliferate", "effect")


def test_proliferate_sees_counters_put_in_response():
    st = board(("Steady Progress", "hand"), ("Grim Affliction", "hand"), (FORCES, "battlefield", {"owner": "B"}))
    st = act(st, {"cast": "Steady Progress"})
    st = act(st, {"cast": {"card": "Grim Affliction", "targets": [FORCES]}})
    st = stack.resolve(st, {"proliferate": []})
    st = stack.resolve(st, {"proliferate": FORCES})
    assert counters(st, FORCES) == {"-1/-1": 2}


def upkeep_of(*rows, instances=1):
    """A's permanents (``rows``) and B's turn passed: A's upkeep has begun."""
    st = board(*rows, active="B")
    for extra in range(instances - 1):
        st = colors.gain_ability(st, rows[0][0], ability({"name": f"extra {extra}", "kind": "triggered", "when": "upkeep",
                                                          "effect": [["cumulative_upkeep", {"cost": "{1}"}]]}))
    return stack.pass_turn(st)


@pytest.mark.parametrize("ages, pay, zone, after", [
    (0, ["U"], s.BATTLEFIELD, 1),
    (2, ["U", "U", "U"], s.BATTLEFIELD, 3),           # the new age counter counts
    (2, ["U", "U", "U", "U"], s.BATTLEFIELD, 3),      # paying with more mana than needed pays it
    (2, [], s.GRAVEYARD, None),                       # not paying is allowed: sacrificed
])
def test_cumulative_upkeep_is_paid_for_each_age_counter_or_the_permanent_is_sacrificed(ages, pay, zone, after):
    st = upkeep_of((FORCES, "battlefield", {"counters": {"age": ages}} if ages else {}))
    assert [s.get(st, oid).source for oid in st.stack] == [FORCES]
    st = stack.resolve(st, {"pay": pay})
    assert s.zone_of(st, FORCES) == zone
    if after is not None:
        assert counters(st, FORCES)["age"] == after


@pytest.mark.parametrize("pay", [["U"], ["U", "U"], ["G", "G", "G"]])
def test_cumulative_upkeep_is_never_paid_in_part(pay):
    st = upkeep_of((FORCES, "battlefield", {"counters": {"age": 2}}))
    with pytest.raises(IllegalAction, match=r"\{U\}\{U\}\{U\}.*in full or not at all \(702.24a\)"):
        stack.resolve(st, {"pay": pay})


def test_each_instance_triggers_and_counts_every_age_counter():
    st = upkeep_of(("Yavimaya Ants", "battlefield"), instances=2)
    assert len(st.stack) == 2
    st = stack.resolve(st, {"pay": ["C"]})          # the gained {1} first: one age counter
    with pytest.raises(IllegalAction, match=r"\{G\}\{G\}\{G\}\{G\}"):
        stack.resolve(st, {"pay": ["G", "G"]})     # the printed {G}{G}: two age counters now
    st = stack.resolve(st, {"pay": ["G"] * 4})
    assert counters(st, "Yavimaya Ants")["age"] == 2


@pytest.mark.parametrize("active, triggers", [("B", 1), ("A", 0)])
def test_upkeep_abilities_trigger_in_their_controllers_upkeep_only(active, triggers):
    st = stack.pass_turn(board((FORCES, "battlefield"), active=active))
    assert len(st.stack) == triggers


def test_a_source_gone_before_its_cumulative_upkeep_resolves_does_nothing():
    st = upkeep_of((FORCES, "battlefield", {"counters": {"age": 1}}))
    st = s.move(st, FORCES, s.GRAVEYARD)
    item = s.get(st, st.stack[-1])
    assert effects.VERBS[cumulative_upkeep.CUMULATIVE_UPKEEP](st, item, {"cost": "{U}"}, {}) == st


@pytest.mark.parametrize("chosen, message", [
    (["Rift Bolt"], "Rift Bolt is in the exile: only permanents and players can be chosen to proliferate (701.34a)"),
    (["Llanowar Elves"], "Llanowar Elves has no counter: it can't be chosen to proliferate (701.34a)"),
    (["Grizzly Bears", "Grizzly Bears"], "each permanent or player is chosen once to proliferate, not ['Grizzly Bears', 'Grizzly Bears']"),
    (["Nope"], "there is no object or player 'Nope'"),
])
def test_proliferate_refusals_say_why(chosen, message):
    st = board(("Grizzly Bears", "battlefield", {"counters": {"+1/+1": 1}}), ("Llanowar Elves", "battlefield"),
               ("Rift Bolt", "exile", {"counters": {"time": 2}}))
    with pytest.raises(IllegalAction) as refused:
        proliferate.proliferate(st, chosen)
    assert str(refused.value) == message


def test_proliferate_is_logged_with_its_source_and_choices():
    st = board(("Grizzly Bears", "battlefield", {"counters": {"+1/+1": 1}}), player_counters={"B": {"poison": 1}})
    item = s.ability("proliferate", "A", "Grizzly Bears", (("proliferate", {}),))
    st = effects.VERBS["proliferate"](st, item, {}, {"proliferate": ["Grizzly Bears", "B"]})
    assert [(e.kind, e.obj, e.player, e.detail) for e in st.events if e.kind in ("proliferate", "get poison")] == [
        ("get poison", item.id, "B", "1"), ("proliferate", item.id, "", "Grizzly Bears,B")]


def test_cumulative_upkeep_payment_is_logged_and_refusal_says_why():
    st = upkeep_of((FORCES, "battlefield", {"counters": {"age": 1}}))
    item = s.get(st, st.stack[-1])
    assert (item.id, item.controller, item.source) == (f"{FORCES} cumulative upkeep ({FORCES})", "A", FORCES)
    with pytest.raises(IllegalAction) as refused:
        stack.resolve(st, {"pay": ["U", "G"]})
    assert str(refused.value) == ("U G doesn't pay {U}{U}, the cumulative upkeep for 2 age counters: "
                                  "it is paid in full or not at all (702.24a)")
    st = stack.resolve(st, {"pay": ["U", "U"]})
    assert [(e.kind, e.obj, e.player, e.detail) for e in st.events if e.kind in ("paid", "unpaid")] == [("paid", FORCES, "A", "{U}{U}")]
