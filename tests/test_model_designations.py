"""Monstrosity and renown (701.37, 702.112): becoming monstrous or renowned once, only the object
still on the battlefield; designations that are no ability: kb.checks.model.designations."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import actions, casting, colors, control, copies, damage, designations, entering, leaving, saga, stack
from kb.checks.model import state as s

COLOSSUS, FREEBLADE, WARDENS = "Arbor Colossus", "Topan Freeblade", "Valeron Wardens"


def board(*rows):
    """``rows``: (card, zone[, more given]); every card A's."""
    return state({"objects": [{"card": r[0], "owner": "A", "zone": r[1], **(r[2] if len(r) > 2 else {})} for r in rows]})


def resolve_all(st):
    while st.stack:
        st = stack.resolve(st)
    return st


def monstrosity(st, times=1):
    for _ in range(times):
        st = actions.activate(st, "A", COLOSSUS, "monstrosity")
    return st


@pytest.mark.parametrize("times, monstrous_before, counters, triggers", [
    (1, False, 3, 1),
    (2, False, 3, 1),   # both on the stack: the second does nothing (701.37a)
    (1, True, 0, 0),    # activated when monstrous already: legal, does nothing
])
def test_monstrosity_makes_a_permanent_monstrous_once(times, monstrous_before, counters, triggers):
    st = board((COLOSSUS, "battlefield", {"designations": ["monstrous"] if monstrous_before else []}))
    st = resolve_all(monstrosity(st, times))
    obj = s.get(st, COLOSSUS)
    assert obj.counter("+1/+1") == counters and designations.has(obj, designations.MONSTROUS)
    assert len(s.events(st, "becomes monstrous")) == (1 if not monstrous_before else 0)
    assert sum(1 for e in s.events(st, "resolve") if e.obj.startswith("destroy a flyer")) == triggers


@pytest.mark.parametrize("away", [
    lambda st: s.move(st, COLOSSUS, s.GRAVEYARD),
    lambda st: s.move(st, COLOSSUS, s.HAND),
    lambda st: s.move(s.move(st, COLOSSUS, s.EXILE), COLOSSUS, s.BATTLEFIELD),  # back as a new object (400.7)
])
def test_a_creature_gone_before_monstrosity_resolves_never_becomes_monstrous(away):
    st = resolve_all(away(monstrosity(board((COLOSSUS, "battlefield")))))
    obj = s.get(st, COLOSSUS)
    assert not designations.has(obj, designations.MONSTROUS) and obj.counter("+1/+1") == 0
    assert s.events(st, "becomes monstrous") == () and st.pending == ()


@pytest.mark.parametrize("change, kept", [
    (lambda st: colors.add(st, colors.LOSE_ABILITIES, COLOSSUS), True),
    (lambda st: saga.remove_counters(st, COLOSSUS, "+1/+1", 3), True),
    (lambda st: s.update(st, COLOSSUS, types=("artifact",)), True),
    (lambda st: s.move(st, COLOSSUS, s.HAND), False),
    (lambda st: s.move(s.move(st, COLOSSUS, s.EXILE), COLOSSUS, s.BATTLEFIELD), False),
])
def test_monstrous_is_a_designation_kept_until_the_permanent_leaves(change, kept):
    st = change(resolve_all(monstrosity(board((COLOSSUS, "battlefield")))))
    assert designations.has(s.get(st, COLOSSUS), designations.MONSTROUS) is kept


@pytest.mark.parametrize("to, combat, triggers", [
    ("B", True, True),
    ("A", True, True),          # its own controller, the damage redirected
    ("B", False, False),        # noncombat damage
    ("Wall", True, False),      # a creature
    ("Jace", True, False),      # a planeswalker
])
def test_renown_triggers_on_combat_damage_to_a_player_only(to, combat, triggers):
    st = state({"objects": [{"card": FREEBLADE, "zone": "battlefield"},
                            {"id": "Wall", "owner": "B", "zone": "battlefield", "types": ["creature"], "power": 0, "toughness": 4},
                            {"id": "Jace", "owner": "B", "zone": "battlefield", "types": ["planeswalker"], "counters": {"loyalty": 5}}]})
    st = s.to_priority(damage.deal(st, FREEBLADE, to, 2, combat=combat))
    assert (list(st.stack) == [f"renown ({FREEBLADE})"]) is triggers
    st = resolve_all(st)
    assert designations.has(s.get(st, FREEBLADE), designations.RENOWNED) is triggers


@pytest.mark.parametrize("gone, renowned_before, counters, drawn", [
    (False, False, 2, 1),
    (True, False, 0, 0),    # the Wardens died before their renown resolved
    (False, True, 0, 0),    # renowned already: no trigger (603.4)
])
def test_renown_resolves_only_for_the_creature_still_there_and_not_renowned(gone, renowned_before, counters, drawn):
    st = state({"objects": [{"card": WARDENS, "zone": "battlefield", "designations": ["renowned"] if renowned_before else []},
                            {"id": "Card", "zone": "library", "types": ["instant"]}]})
    st = s.to_priority(damage.deal(st, WARDENS, "B", 1, combat=True))
    if gone:
        st = s.move(st, WARDENS, s.GRAVEYARD)
    st = resolve_all(st)
    assert s.get(st, WARDENS).counter("+1/+1") == counters
    assert len(s.in_zone(st, s.HAND, "A")) == drawn


def test_two_renown_triggers_make_it_renowned_once():
    st = board((FREEBLADE, "battlefield"))
    st = damage.deal(damage.deal(st, FREEBLADE, "B", 1, combat=True), FREEBLADE, "B", 1, combat=True)
    st = resolve_all(s.to_priority(st))
    assert s.get(st, FREEBLADE).counter("+1/+1") == 1 and len(s.events(st, "becomes renowned")) == 1


def test_a_copy_of_a_monstrous_permanent_is_not_monstrous():
    st = copies.copy_permanent(resolve_all(monstrosity(board((COLOSSUS, "battlefield")))), COLOSSUS, "A")
    assert not designations.has(s.get(st, f"copy of {COLOSSUS}"), designations.MONSTROUS)


@pytest.mark.parametrize("away, detail", [
    (lambda st: s.move(st, COLOSSUS, s.GRAVEYARD), "it left the battlefield: it can't become monstrous"),
    (lambda st: s.update(st, COLOSSUS, designations=frozenset({"monstrous"})), "it is monstrous already"),
])
def test_monstrosity_that_does_nothing_says_why(away, detail):
    st = resolve_all(away(monstrosity(board((COLOSSUS, "battlefield")))))
    assert [(e.obj, e.detail) for e in s.events(st, "does nothing")] == [(COLOSSUS, detail)]


def test_the_triggers_are_the_controllers_and_only_their_permanents_see_it():
    """A's Colossus controlled by B: B controls its trigger; A's Valeron Wardens draws nothing for it,
    and B's Wardens draws for B's creature only."""
    st = state({"objects": [{"card": COLOSSUS, "zone": "battlefield", "controller": "B"},
                            {"card": WARDENS, "zone": "battlefield"},
                            {"id": "B's Wardens", "card": WARDENS, "owner": "B", "zone": "battlefield"}]})
    st = s.to_priority(stack.resolve(actions.activate(st, "B", COLOSSUS, "monstrosity")))
    trigger = s.get(st, st.stack[-1])
    assert (trigger.controller, trigger.source) == ("B", COLOSSUS) and len(st.stack) == 1
    st = s.to_priority(damage.deal(resolve_all(st), "B's Wardens", "A", 1, combat=True))
    renown = s.get(st, st.stack[-1])
    assert (renown.controller, renown.source) == ("B", "B's Wardens")
    st = s.to_priority(stack.resolve(st))
    assert [(a.controller, a.source) for a in map(lambda i: s.get(st, i), st.stack)] == [("B", "B's Wardens")]


def test_renown_of_a_creature_off_the_battlefield_never_triggers():
    st = board((FREEBLADE, "graveyard"))
    assert s.to_priority(damage.deal(st, FREEBLADE, "B", 2, combat=True)).stack == ()


def ten(rows=(), lands=9, swordtooth=False):
    """A's lands (and Wayward Swordtooth), and more rows."""
    objects = [{"id": f"Land {n}", "zone": "battlefield", "types": ["land"]} for n in range(1, lands + 1)]
    objects += [{"card": "Wayward Swordtooth", "zone": "battlefield"}] if swordtooth else []
    return state({"players": ["A", "B"], "objects": objects + list(rows)})


FOREST = {"id": "Forest", "zone": "hand", "types": ["land"]}


@pytest.mark.parametrize("lands, swordtooth, blessed", [
    (8, True, True),     # the tenth permanent: the Forest
    (7, True, False),    # nine
    (9, False, False),   # ten, none with ascend
])
def test_ascend_on_a_permanent_blesses_at_once_without_the_stack(lands, swordtooth, blessed):
    st = entering_play(ten([FOREST], lands, swordtooth))
    assert designations.blessed(st, "A") is blessed and st.stack == () and st.pending == ()
    assert [e.player for e in s.events(st, designations.BLESSING)] == (["A"] if blessed else [])


def entering_play(st):
    return entering.play_land(st, "A", "Forest")


@pytest.mark.parametrize("gone", [
    lambda st: s.move(st, "Wayward Swordtooth", s.GRAVEYARD),
    lambda st: control_of(st, "Land 1", "B"),
    lambda st: s.move(s.move(s.move(st, "Land 1", s.EXILE), "Land 2", s.EXILE), "Forest", s.HAND),
])
def test_the_blessing_lasts_for_the_game(gone):
    st = gone(entering_play(ten([FOREST], 8, True)))
    assert designations.blessed(st, "A") and len(s.in_zone(st, s.BATTLEFIELD, "A")) < 10


def control_of(st, oid, player):
    return control.gain_control(st, oid, player, "effect")


def test_a_permanent_gained_can_be_the_tenth():
    st = ten([{"id": "Bear", "owner": "B", "zone": "battlefield", "types": ["creature"], "power": 2, "toughness": 2}], 8, True)
    assert not designations.blessed(st, "A")
    assert designations.blessed(control_of(st, "Bear", "A"), "A") and not designations.blessed(st, "B")


@pytest.mark.parametrize("lands, respond, blessed", [
    (10, None, True),
    (9, None, False),
    (10, lambda st: s.move(st, "Land 1", s.GRAVEYARD), False),      # a land destroyed in response
    (9, lambda st: s.move(st, "Forest", s.BATTLEFIELD), True),       # a tenth permanent in response
])
def test_ascend_on_a_spell_counts_as_it_resolves(lands, respond, blessed):
    st = casting.cast(ten([{"card": "Golden Demise", "zone": "hand"}, FOREST], lands), "A", "Golden Demise")
    assert not designations.blessed(st, "A")
    st = resolve_all(respond(st) if respond else st)
    assert designations.blessed(st, "A") is blessed


def test_the_blessing_comes_before_a_creature_with_0_toughness_dies():
    st = ten([{"id": "Hydra", "zone": "hand", "types": ["creature"], "power": 0, "toughness": 0}], 8, True)
    st = leaving.state_based(entering.put_onto_battlefield(st, "Hydra"))
    assert s.zone_of(st, "Hydra") == s.GRAVEYARD and designations.blessed(st, "A")


@pytest.mark.parametrize("how, detail", [
    ("permanent", "ascend on a permanent (702.131b)"),
    ("spell", "ascend of Golden Demise (702.131a)"),
])
def test_the_blessing_comes_once_and_says_from_what(how, detail):
    if how == "permanent":
        st = entering_play(ten([FOREST, {"id": "Island", "zone": "hand", "types": ["land"]}], 8, True))
        st = entering.put_onto_battlefield(st, "Island")  # an eleventh: nothing more
    else:
        st = casting.cast(ten([{"card": "Golden Demise", "zone": "hand"}], 10), "A", "Golden Demise")
        st = resolve_all(st)
        st = resolve_all(casting.cast(s.move(st, "Golden Demise", s.HAND), "A", "Golden Demise"))  # again: blessed already
    assert [(e.obj, e.player, e.detail) for e in s.events(st, designations.BLESSING)] == [("", "A", detail)]
    assert st.blessed == ("A",)
