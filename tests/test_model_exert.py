"""Exert (kb.checks.model.exert): exerting as a creature attacks or to pay a cost, and the untap
steps that keep exerted or frozen permanents tapped."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import actions, combat, control, exert, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

CHAMPION, BEARS = "Ahn-Crop Champion", "Grizzly Bears"  # Grizzly Bears exerted as an effect would: no "when you do"
STRIKER = {"id": "Striker", "zone": "battlefield", "types": ["creature"], "power": 2, "toughness": 2,
           "abilities": [{"name": "pump", "cost": "Exert", "effect": [["nothing", {}]]},
                         {"name": "tap", "cost": "{T}", "effect": [["nothing", {}]]}]}


def board(*rows, **given):
    return state({"step": "beginning of combat", **given, "objects": [{"zone": "battlefield", **row} for row in rows]})


def turns(st, n):
    for _ in range(n):
        st = stack.pass_turn(st)
    return st


@pytest.mark.parametrize(
    "attacks, exerted, message",
    [
        ({"Grizzly Bears": "B"}, ["Grizzly Bears"], "Grizzly Bears can't be exerted: only a creature declared as an attacker "
                                                   "whose ability lets it be exerted as it attacks"),  # nothing lets it (701.43d)
        ({}, [CHAMPION], "Ahn-Crop Champion can't be exerted"),  # not declared an attacker
        ({CHAMPION: None}, [CHAMPION], "Ahn-Crop Champion can't be exerted"),
        ({CHAMPION: "B"}, ["Grizzly Bears"], "Grizzly Bears can't be exerted"),  # one attacker's exert isn't another's
        ({"Llanowar Elves": "B"}, ["Llanowar Elves"], "Llanowar Elves can't be exerted"),  # abilities, none of them exert
    ],
)
def test_exerting_as_it_attacks_is_refused(attacks, exerted, message):
    st = board({"card": CHAMPION}, {"card": "Grizzly Bears"}, {"card": "Llanowar Elves"})
    with pytest.raises(IllegalAction, match=message):
        combat.declare_attackers(st, attacks, exerted)


def test_exerting_as_it_attacks_triggers_its_ability_before_blockers():
    st = combat.declare_attackers(board({"card": CHAMPION}, {"card": "Grizzly Bears", "tapped": True}),
                                  {CHAMPION: "B"}, [CHAMPION, CHAMPION])
    assert st.step == s.DECLARE_ATTACKERS and st.stack == ("untap all other creatures (Ahn-Crop Champion)",)
    assert [(e.obj, e.player) for e in s.events(st, "exert")] == [(CHAMPION, "A")]  # the same attacker exerted once
    assert exert.held(st, CHAMPION) and not exert.held(st, "Grizzly Bears")
    st = stack.resolve(st)
    assert not s.get(st, "Grizzly Bears").tapped and s.get(st, CHAMPION).tapped  # the others untap; not itself


def test_attackers_are_declared_once_a_combat():
    st = combat.declare_attackers(board({"card": CHAMPION}, {"card": "Grizzly Bears"}), {CHAMPION: "B", "Grizzly Bears": "B"})
    with pytest.raises(IllegalAction, match="declared in this combat already: Ahn-Crop Champion, Grizzly Bears attacking"):
        combat.declare_attackers(st, {CHAMPION: "B"}, [CHAMPION])


def test_whenever_you_exert_a_creature_triggers_for_each_of_its_controllers():
    watcher = {"id": "Watcher", "types": ["creature"],
               "abilities": [{"name": "watch", "kind": "triggered", "when": exert.ANY_EXERTED, "effect": [["nothing", {}]]},
                             {"name": "other", "kind": "triggered", "when": "enters"}]}  # an ability of another trigger: not this
    st = board({"card": CHAMPION}, watcher, {**watcher, "id": "Theirs", "owner": "B"})
    st = exert.exert(st, "A", CHAMPION)
    found = sorted((p.id, p.controller, p.source, p.effect) for p in st.pending)
    assert found == [("untap all other creatures (Ahn-Crop Champion)", "A", CHAMPION, (("untap_creatures", {"others": True}),)),
                     ("watch (Watcher)", "A", "Watcher", (("nothing", {}),))]


def test_exerting_triggers_its_when_you_do_ability_not_its_other_triggered_ones():
    watcher = {"id": "Watcher", "types": ["creature"],
               "abilities": [{"name": "when you do", "kind": "triggered", "when": exert.WHEN_EXERTED},
                             {"name": "other", "kind": "triggered", "when": "enters"}]}
    st = exert.exert(board(watcher), "A", "Watcher")
    assert [p.id for p in st.pending] == ["when you do (Watcher)"]


@pytest.mark.parametrize(
    "zone, player, message",
    [(s.GRAVEYARD, "A", "701.43c"), (s.HAND, "A", "701.43c"), (s.BATTLEFIELD, "B", "don't control it")],
)
def test_only_a_permanent_its_controller_exerts(zone, player, message):
    st = state({"objects": [{"card": CHAMPION, "zone": zone}]})
    with pytest.raises(IllegalAction, match=message):
        exert.exert(st, player, CHAMPION)


@pytest.mark.parametrize(
    "tapped, passes, still_tapped",
    [
        (True, 1, True),  # B's untap step: nothing of A's untaps
        (True, 2, True),  # A's next untap step: held
        (True, 4, False),  # the one after: it untaps
        (False, 2, False),  # untapped already: the exert ends, having done nothing
    ],
)
def test_an_exerted_permanent_skips_its_exerting_players_next_untap_step(tapped, passes, still_tapped):
    st = exert.exert(board({"card": BEARS, "tapped": tapped}), "A", BEARS)
    st = turns(s.update(st, BEARS, tapped=tapped), passes)
    assert s.get(st, BEARS).tapped is still_tapped
    assert exert.held(st, BEARS) is (passes < 2)


def test_an_exert_ends_in_the_exerting_players_untap_step_even_if_another_player_controls_it():
    st = exert.exert(board({"card": BEARS, "owner": "B", "controller": "A", "tapped": True}), "A", BEARS)
    st = control.gain_control(st, BEARS, "B", "effect")
    st = turns(st, 1)
    assert st.active == "B" and not s.get(st, BEARS).tapped
    assert exert.held(st, BEARS)  # for A's next untap step, where it ends having done nothing
    assert not exert.held(turns(st, 1), BEARS)


def test_exerted_again_by_a_cost_every_exert_ends_in_the_same_untap_step():
    st = board(STRIKER)
    st = stack.resolve(actions.activate(st, "A", "Striker", "pump"))
    st = stack.resolve(actions.activate(st, "A", "Striker", "tap"))
    st = stack.resolve(actions.activate(st, "A", "Striker", "pump"))  # tapped, and exerted again
    assert [e.obj for e in s.events(st, "exert")] == ["Striker", "Striker"]
    st = turns(st, 2)
    assert s.get(st, "Striker").tapped and not exert.held(st, "Striker")
    assert not s.get(turns(st, 2), "Striker").tapped


def test_an_ability_without_exert_in_its_cost_exerts_nothing():
    st = stack.resolve(actions.activate(board(STRIKER), "A", "Striker", "tap"))
    assert s.events(st, "exert") == () and not exert.held(st, "Striker")


def test_freezing_taps_holds_and_triggers_nothing():
    st = exert.freeze(board({"card": CHAMPION}, {"card": "Grizzly Bears", "owner": "B"}), "Grizzly Bears")
    assert s.get(st, "Grizzly Bears").tapped and st.pending == ()
    assert [(e.kind, e.obj) for e in s.events(st, "freeze")] == [("freeze", "Grizzly Bears")]
    assert exert.held(st, "Grizzly Bears", exert.FROZEN) and not exert.held(st, "Grizzly Bears")
    st = turns(st, 1)  # B's untap step: its controller's
    assert s.get(st, "Grizzly Bears").tapped and not exert.held(st, "Grizzly Bears", exert.FROZEN)
    assert not s.get(turns(st, 2), "Grizzly Bears").tapped


def test_a_zone_change_ends_the_exert():
    st = exert.exert(board({"card": BEARS, "tapped": True}), "A", BEARS)
    st = s.move(s.move(st, BEARS, s.HAND), BEARS, s.BATTLEFIELD)
    st = turns(s.update(st, BEARS, tapped=True), 2)
    assert not s.get(st, BEARS).tapped and not exert.held(st, BEARS)


def test_the_untap_step_ends_summoning_sickness_of_held_permanents_too():
    st = exert.exert(board({"card": BEARS, "tapped": True, "sick": True}), "A", BEARS)
    st = turns(st, 2)
    assert s.get(st, BEARS).tapped and not s.get(st, BEARS).sick
