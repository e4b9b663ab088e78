"""Power and toughness (kb.checks.model.bodies), Vehicles and crew (kb.checks.model.vehicles), evolve (kb.checks.model.evolve)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import bodies, combat, copies, entering, evolve, stack, vehicles
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

COPTER, HEART, ONE = "Smuggler's Copter", "Heart of Kiran", "Experiment One"


def board(*rows, **given):
    return state({**given, "objects": [{"zone": "battlefield", **row} for row in rows]})


def crewed(st, vehicle=COPTER, crew=("Grizzly Bears",), player="A"):
    st = vehicles.crew(st, player, vehicle, crew)
    return stack.resolve(st)


# ------------------------------------------------------------------ power and toughness


@pytest.mark.parametrize(
    "row, expected",
    [
        ({"card": "Grizzly Bears"}, (2, 2)),
        ({"card": "Elite Vanguard"}, (2, 1)),
        ({"id": "Half", "types": ["creature"], "power": 2}, None),  # a power and no toughness: none
        ({"card": "Grizzly Bears", "counters": {"+1/+1": 2}}, (4, 4)),
        ({"card": "Grizzly Bears", "counters": {"+1/+1": 1, "-1/-1": 2}}, (1, 1)),
        ({"card": COPTER}, None),  # a noncreature permanent has none (208.3)
        ({"card": COPTER, "types": ["artifact", "creature"]}, (3, 3)),
        ({"card": HEART, "zone": "hand"}, (4, 4)),  # a card elsewhere has its printed ones
        ({"card": "Grapeshot", "zone": "hand"}, None),  # none printed
        ({"id": "Ornithopter", "types": ["artifact", "creature"]}, None),  # a creature row with none given
    ],
)
def test_power_and_toughness(row, expected):
    st = board(row)
    oid = row.get("id", row.get("card"))
    assert bodies.power_toughness(st, s.get(st, oid)) == expected
    assert bodies.power(st, oid) == (None if expected is None else expected[0])
    assert bodies.toughness(st, oid) == (None if expected is None else expected[1])


def test_set_base_then_modify_and_the_latest_set_wins():
    st = board({"card": "Grizzly Bears", "counters": {"+1/+1": 1}})
    st = bodies.set_base(st, "Grizzly Bears", 5, 5)
    st = bodies.set_base(st, "Grizzly Bears", 0, 4)
    st = bodies.modify(st, "Grizzly Bears", 2, -2)
    assert bodies.power_toughness(st, s.get(st, "Grizzly Bears")) == (3, 3)  # 0/4, +1/+1, +2/-2
    st = stack.pass_turn(st)
    assert bodies.power_toughness(st, s.get(st, "Grizzly Bears")) == (1, 5)  # +2/-2 ended; the set base stays


def test_a_set_power_gives_a_power_to_a_creature_that_prints_none():
    st = bodies.set_base(board({"id": "Tower", "types": ["artifact", "creature"]}), "Tower", 1, 1)
    assert bodies.power(st, "Tower") == 1


def test_effects_end_when_the_object_changes_zones():
    st = bodies.set_base(board({"card": "Grizzly Bears"}), "Grizzly Bears", 5, 5)
    st = entering.put_onto_battlefield(s.move(st, "Grizzly Bears", s.EXILE), "Grizzly Bears")
    assert bodies.power(st, "Grizzly Bears") == 2


@pytest.mark.parametrize("zone", [s.HAND, s.GRAVEYARD])
def test_effects_apply_to_permanents_only(zone):
    st = board({"card": "Grizzly Bears", "zone": zone})
    for change in (lambda: bodies.set_base(st, "Grizzly Bears", 1, 1), lambda: bodies.modify(st, "Grizzly Bears", 1, 1)):
        with pytest.raises(IllegalAction, match="not a permanent"):
            change()


def test_last_known_is_the_object_as_it_last_was_on_the_battlefield():
    st = board({"card": "Grizzly Bears", "counters": {"+1/+1": 1}})
    number = s.get(st, "Grizzly Bears").number
    assert bodies.last_known(st, "Grizzly Bears", number) == s.get(st, "Grizzly Bears")
    gone = s.move(st, "Grizzly Bears", s.GRAVEYARD)
    known = bodies.last_known(gone, "Grizzly Bears", number)
    assert known.zone == s.BATTLEFIELD and bodies.power_toughness(gone, known) == (3, 3)
    assert bodies.last_known(gone, "Grizzly Bears", number + 99) is None
    back = entering.put_onto_battlefield(s.move(gone, "Grizzly Bears", s.HAND), "Grizzly Bears")
    assert bodies.last_known(back, "Grizzly Bears", number).number == number  # the old one, not the new object
    assert bodies.last_known(back, "nothing", 1) is None


def test_each_permanent_that_left_is_known_as_it_last_was():
    st = board({"card": "Grizzly Bears"}, {"card": "Hill Giant"})
    numbers = {oid: s.get(st, oid).number for oid in ("Grizzly Bears", "Hill Giant")}
    st = s.move(s.move(st, "Hill Giant", s.GRAVEYARD), "Grizzly Bears", s.EXILE)
    assert [bodies.last_known(st, oid, n).number for oid, n in numbers.items()] == list(numbers.values())  # both, not the latest alone
    assert [bodies.power_toughness(st, bodies.last_known(st, oid, n)) for oid, n in numbers.items()] == [(2, 2), (3, 3)]


def test_becoming_a_type_until_end_of_turn():
    st = bodies.become_until_end_of_turn(board({"card": COPTER}), COPTER, "creature")
    assert s.get(st, COPTER).types == ("artifact", "creature") and "creature" in s.get(st, COPTER).gained
    st = stack.pass_turn(st)
    assert s.get(st, COPTER).types == ("artifact",) and s.get(st, COPTER).gained == frozenset()
    assert not any(isinstance(e, bodies.Body) for e in st.layered)  # the effect is over


def test_a_type_given_again_after_one_ended_stays():
    st = stack.pass_turn(bodies.become_until_end_of_turn(board({"card": COPTER}), COPTER, "creature"))
    st = stack.pass_turn(entering.become(st, COPTER, "creature"))  # March of the Machines, say
    assert s.get(st, COPTER).types == ("artifact", "creature")


def test_other_lasting_effects_outlast_the_turn():
    from kb.checks.model import colors

    st = colors.add(board({"card": "Grizzly Bears"}), colors.COLOR, "Grizzly Bears", ("R",))
    st = stack.pass_turn(bodies.modify(st, "Grizzly Bears", 1, 1))
    assert colors.color_of(st, "Grizzly Bears") == ("R",) and bodies.power(st, "Grizzly Bears") == 2


def test_a_type_it_has_already_is_no_change_and_outlasts_the_turn():
    st = board({"card": COPTER, "types": ["artifact", "creature"]})
    after = bodies.become_until_end_of_turn(st, COPTER, "creature")
    assert after == st
    assert s.get(stack.pass_turn(after), COPTER).types == ("artifact", "creature")


def test_the_end_of_turn_spares_a_new_object_with_the_same_id():
    st = bodies.become_until_end_of_turn(board({"card": COPTER}), COPTER, "creature")
    st = s.update(s.move(st, COPTER, s.BATTLEFIELD), COPTER, types=("artifact", "creature"))  # a new object, a creature by another effect
    assert s.get(stack.pass_turn(st), COPTER).types == ("artifact", "creature")


# ------------------------------------------------------------------ crew


def test_crewing_taps_the_crew_and_makes_an_artifact_creature_until_end_of_turn():
    st = vehicles.crew(board({"card": COPTER}, {"card": "Grizzly Bears", "sick": True}), "A", COPTER, ["Grizzly Bears"])
    assert st.stack == ("crew of Smuggler's Copter",) and s.get(st, "Grizzly Bears").tapped
    item = s.get(st, "crew of Smuggler's Copter")
    assert (item.controller, item.source) == ("A", COPTER)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "crew")] == [("Grizzly Bears", "A", COPTER)]
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "activate")] == [("crew of Smuggler's Copter", "A", "crew")]
    assert "creature" not in s.get(st, COPTER).types  # not until the ability resolves
    st = stack.resolve(st)
    assert s.get(st, COPTER).types == ("artifact", "creature") and bodies.power(st, COPTER) == 3
    assert [(e.obj, e.player) for e in s.events(st, "crewed")] == [(COPTER, "A")]
    assert s.get(stack.pass_turn(st), COPTER).types == ("artifact",)


@pytest.mark.parametrize(
    "rows, crew, message",
    [
        ([{"card": "Grizzly Bears"}], ["Grizzly Bears"], "no permanent with a crew ability"),  # no Vehicle here
        ([{"card": COPTER, "zone": "hand"}, {"card": "Grizzly Bears"}], ["Grizzly Bears"], "no permanent with a crew ability"),
        ([{"card": COPTER, "owner": "B"}, {"card": "Grizzly Bears"}], ["Grizzly Bears"], "they don't control it"),
        ([{"card": COPTER}, {"card": "Grizzly Bears", "tapped": True}], ["Grizzly Bears"], "no other untapped creature"),
        ([{"card": COPTER}, {"card": "Grizzly Bears", "owner": "B"}], ["Grizzly Bears"], "no other untapped creature"),
        ([{"card": COPTER}, {"card": "Grizzly Bears", "zone": "hand"}], ["Grizzly Bears"], "no other untapped creature"),
        ([{"card": COPTER}, {"card": HEART}], [HEART], "no other untapped creature"),  # a Vehicle not crewed is no creature
        ([{"card": COPTER, "types": ["artifact", "creature"]}], [COPTER], "no other untapped creature"),  # "other"
        ([{"card": HEART}, {"card": "Grizzly Bears"}], ["Grizzly Bears"], "total power 2, less than 3"),
        ([{"card": COPTER}], [], "total power 0, less than 1"),
        ([{"card": COPTER}, {"id": "Wall", "types": ["creature"]}], ["Wall"], "total power 0, less than 1"),  # no power printed
    ],
)
def test_crew_refused(rows, crew, message):
    vehicle = next(r["card"] for r in rows if r["card"] in (COPTER, HEART)) if any(r["card"] in (COPTER, HEART) for r in rows) else "Grizzly Bears"
    with pytest.raises(IllegalAction, match=message):
        vehicles.crew(board(*rows), "A", vehicle, crew)


def test_crew_is_refused_while_nobody_has_priority():
    st = board({"card": COPTER}, {"card": "Grizzly Bears"})
    with pytest.raises(IllegalAction, match="can't activate crew now"):
        vehicles.crew(s.State(**{**st.__dict__, "resolving": "something"}), "A", COPTER, ["Grizzly Bears"])


def test_crewing_again_in_response_puts_a_second_ability_on_the_stack():
    st = vehicles.crew(board({"card": COPTER}, {"card": "Grizzly Bears"}, {"card": "Hill Giant"}), "A", COPTER, ["Grizzly Bears"])
    st = vehicles.crew(st, "A", COPTER, ["Hill Giant"])
    assert st.stack == ("crew of Smuggler's Copter", "crew of Smuggler's Copter (2)")
    st = stack.resolve(stack.resolve(st))
    assert s.get(st, COPTER).types == ("artifact", "creature") and len(s.events(st, "crewed")) == 2


def test_a_creature_listed_twice_counts_once():
    st = board({"card": HEART}, {"card": "Grizzly Bears"})
    with pytest.raises(IllegalAction, match="total power 2"):
        vehicles.crew(st, "A", HEART, ["Grizzly Bears", "Grizzly Bears"])
    ok = vehicles.crew(board({"card": COPTER}, {"card": "Grizzly Bears"}), "A", COPTER, ["Grizzly Bears", "Grizzly Bears"])
    assert len(s.events(ok, "crew")) == 1


def test_a_crew_ability_whose_vehicle_left_does_nothing():
    st = vehicles.crew(board({"card": COPTER}, {"card": "Grizzly Bears"}), "A", COPTER, ["Grizzly Bears"])
    st = stack.resolve(entering.put_onto_battlefield(s.move(st, COPTER, s.HAND), COPTER))
    assert s.get(st, COPTER).types == ("artifact",) and not s.events(st, "crewed")


def test_a_crewed_vehicle_can_attack_and_crew_another():
    st = crewed(board({"card": COPTER}, {"card": HEART}, {"card": "Grizzly Bears"}, step="beginning of combat"))
    assert combat.can_attack(st, s.get(st, COPTER))
    st = crewed(st, HEART, [COPTER])
    assert s.get(st, HEART).types == ("artifact", "creature")


@pytest.mark.parametrize("attacks", [{COPTER: "B"}, {"nothing": "B"}])
def test_only_creatures_attack(attacks):
    st = board({"card": COPTER}, step="beginning of combat")
    with pytest.raises(IllegalAction, match="no creature: it can't attack"):
        combat.declare_attackers(st, attacks)
    assert combat.declare_attackers(st, {COPTER: None}).step == s.DECLARE_ATTACKERS


def test_a_copy_of_a_crewed_vehicle_has_its_printed_values_only():
    st = copies.copy_permanent(crewed(board({"card": COPTER}, {"card": "Grizzly Bears"})), COPTER, "A")
    copy = s.get(st, "copy of Smuggler's Copter")
    assert copy.types == ("artifact",) and (copy.power, copy.toughness) == (3, 3)


# ------------------------------------------------------------------ evolve


def entering_ones(st, *oids, together=False):
    return entering.put_all(st, oids) if together else _one_by_one(st, oids)


def _one_by_one(st, oids):
    for oid in oids:
        st = entering.put_onto_battlefield(st, oid)
    return st


@pytest.mark.parametrize(
    "evolving, arriving, triggers",
    [
        ({"card": ONE}, {"card": "Hill Giant"}, True),
        ({"card": ONE}, {"card": "Llanowar Elves"}, False),  # 1/1 against 1/1
        ({"card": ONE}, {"card": "Horned Turtle"}, True),  # toughness alone
        ({"card": ONE}, {"card": "Elite Vanguard"}, True),  # power alone
        ({"card": "Crocanura"}, {"card": "Ghitu Lavarunner"}, False),  # 1/2 against 1/3: power with power
        ({"card": "Crocanura"}, {"card": "Elite Vanguard"}, True),  # 2/1 against 1/3
        ({"card": ONE}, {"card": "Llanowar Elves", "counters": {"+1/+1": 1}}, True),  # its counters count
        ({"card": ONE, "counters": {"+1/+1": 2}}, {"card": "Hill Giant"}, False),
        ({"card": ONE}, {"card": "Hill Giant", "owner": "B"}, False),  # not under its controller's control
        ({"card": ONE, "face_down": True}, {"card": "Hill Giant"}, False),  # face down: no abilities
        ({"card": ONE}, {"card": COPTER}, False),  # a noncreature enters (702.100c)
        ({"card": "Hill Giant"}, {"card": "Grizzly Bears"}, False),  # no evolve
    ],
)
def test_evolve_triggers(evolving, arriving, triggers):
    st = state({"objects": [{**evolving, "zone": "battlefield"}, {**arriving, "zone": "hand"}]})
    counters = arriving.get("counters")
    st = s.update(st, arriving["card"], counters=()) if counters else st
    st = entering.put_onto_battlefield(st, arriving["card"], counters=counters)
    assert [(p.id, p.controller, p.source) for p in st.pending] == ([(f"evolve ({evolving['card']})", "A", evolving["card"])] if triggers else [])


def test_a_double_faced_card_enters_with_its_counters_too():
    st = state({"objects": [{"card": "Search for Azcanta", "zone": "graveyard"}]})
    st = entering.put_onto_battlefield(st, "Search for Azcanta", counters={"+1/+1": 1})
    assert s.get(st, "Search for Azcanta").counters == (("+1/+1", 1),)


def test_the_evolving_creature_entering_compares_with_itself():
    st = entering.put_onto_battlefield(state({"objects": [{"card": ONE, "zone": "hand"}]}), ONE)
    assert not st.pending


@pytest.mark.parametrize(
    "between, counters, detail",
    [
        (lambda st: st, 1, None),
        (lambda st: s.set_counters(st, ONE, "+1/+1", 2), 2, "neither stat is greater now"),
        (lambda st: s.move(st, "Hill Giant", s.GRAVEYARD), 1, None),  # its last known 3/3
        (lambda st: bodies.modify(st, "Hill Giant", -2, -2), 0, "neither stat is greater now"),
        (lambda st: s.move(st, ONE, s.GRAVEYARD), 0, "the creature with evolve is gone"),
        (lambda st: entering.put_onto_battlefield(s.move(st, ONE, s.EXILE), ONE), 0, "the creature with evolve is gone"),
    ],
)
def test_evolve_checks_again_as_it_resolves(between, counters, detail):
    st = s.to_priority(entering.put_onto_battlefield(state({"objects": [{"card": ONE, "zone": "battlefield"}, {"card": "Hill Giant"}]}), "Hill Giant"))
    st = stack.resolve(between(st))
    assert s.get(st, ONE).counter("+1/+1") == counters
    assert [(e.obj, e.player, e.detail.split(": ")[-1]) for e in s.events(st, "does nothing")] == ([(ONE, "", detail)] if detail else [])
    assert [e.obj for e in s.events(st, "evolve")] == ([] if detail else [ONE])


def test_creatures_entering_together_each_trigger_evolve():
    st = state({"objects": [{"card": ONE, "zone": "battlefield"}, {"card": "Hill Giant"}, {"card": "Elite Vanguard"}, {"card": ONE, "id": "Second One"}]})
    st = entering.put_all(st, ("Hill Giant", "Elite Vanguard", "Second One"))
    # each newcomer is watched by the others that came with it (603.6a): the Second One sees the Giant and the Vanguard
    assert sorted(p.id for p in st.pending) == ["evolve (Experiment One)", "evolve (Experiment One) (2)",
                                                 "evolve (Second One)", "evolve (Second One) (2)"]
    assert all(s.get(st, oid).zone == s.BATTLEFIELD for oid in ("Hill Giant", "Elite Vanguard", "Second One"))


def test_put_all_under_another_player():
    st = entering.put_all(state({"objects": [{"card": "Hill Giant"}, {"card": "Grizzly Bears"}]}), ("Hill Giant", "Grizzly Bears"), "B")
    assert [s.controller_of(st, oid) for oid in ("Hill Giant", "Grizzly Bears")] == ["B", "B"]


@pytest.mark.parametrize("row", [{"card": "Grapeshot"}, {"card": "Search for Azcanta"}, {"id": "t", "types": ["creature"], "kind": "token"}])
def test_put_all_takes_single_faced_permanent_cards(row):
    st = state({"objects": [row]})
    with pytest.raises(IllegalAction, match="only single-faced permanent cards"):
        entering.put_all(st, (row.get("id", row.get("card")),))


def test_greater_needs_two_creatures():
    st = state({"objects": [{"card": ONE, "zone": "battlefield"}, {"card": COPTER, "zone": "battlefield"}]})
    one, copter = s.get(st, ONE), s.get(st, COPTER)
    assert not evolve.greater(st, None, one) and not evolve.greater(st, one, None)
    assert not evolve.greater(st, copter, one) and not evolve.greater(st, one, copter)
