"""Dying and coming back (kb.checks.model.dying): destroy, sacrifice, damage, the state-based
actions that kill or cancel counters, persist and undying; and what a zone change takes away
(kb.checks.model.state.move)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks.claims.build import ability, state
from kb.checks.model import colors, copies, dying, leaving, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

FINKS, GOBLIN, WOLF, BEARS = "Kitchen Finks", "Putrid Goblin", "Young Wolf", "Grizzly Bears"
PERSIST = ability({"name": "persist", "kind": "triggered", "when": "persist"})


def board(*rows, **given):
    return state({**given, "objects": [{"zone": "battlefield", **row} for row in rows]})


def settled(st):
    """State-based actions, then triggers onto the stack, as a player would receive priority."""
    return s.to_priority(leaving.state_based(st))


def pending_names(st):
    return [p.id for p in st.pending]


# ------------------------------------------------------------------ putting into graveyards


@pytest.mark.parametrize(
    "row, dies, triggers",
    [
        ({"card": FINKS}, True, ["persist (Kitchen Finks)"]),
        ({"card": FINKS, "counters": {"-1/-1": 1}}, True, []),  # it had the counter (603.4)
        ({"card": FINKS, "counters": {"+1/+1": 1}}, True, ["persist (Kitchen Finks)"]),  # the other counter doesn't matter
        ({"card": WOLF}, True, ["undying (Young Wolf)"]),
        ({"card": WOLF, "counters": {"+1/+1": 1}}, True, []),
        ({"card": WOLF, "counters": {"-1/-1": 1}}, True, ["undying (Young Wolf)"]),
        ({"card": FINKS, "types": ["enchantment"]}, False, ["persist (Kitchen Finks)"]),  # no creature: put there, not dying
        ({"card": FINKS, "face_down": True}, True, []),  # a face-down permanent has no abilities (708.2)
        ({"card": BEARS}, True, []),
        ({"card": "Experiment One"}, True, []),  # a triggered ability of another kind
        ({"card": "Llanowar Elves", "gains": "persist"}, True, ["persist (Llanowar Elves)"]),  # after a mana ability
    ],
)
def test_destroy_triggers_what_looks_back(row, dies, triggers):
    row = dict(row)
    gains = row.pop("gains", None)
    st = board(row)
    if gains:
        st = colors.gain_ability(st, row["card"], ability({"name": gains, "kind": "triggered", "when": gains}))
    st = dying.destroy(st, [row["card"]])
    assert s.zone_of(st, row["card"]) == s.GRAVEYARD
    assert [(e.obj, e.detail) for e in s.events(st, dying.DIES)] == ([(row["card"], "701.8a: destroyed")] if dies else [])
    assert pending_names(st) == triggers
    assert all(p.controller == "A" and p.source == row["card"] for p in st.pending)


def test_a_permanent_that_lost_its_abilities_returns_nothing():
    st = colors.add(board({"card": FINKS}), colors.LOSE_ABILITIES, FINKS)
    assert dying.destroy(st, [FINKS]).pending == ()


def test_the_trigger_is_controlled_by_the_permanents_controller_and_returns_it_to_its_owner():
    st = board({"card": FINKS, "owner": "B", "controller": "A"})
    st = settled(dying.destroy(st, [FINKS]))
    assert [(s.get(st, i).controller, s.get(st, i).source) for i in st.stack] == [("A", FINKS)]
    st = stack.resolve(st)
    assert (s.zone_of(st, FINKS), s.controller_of(st, FINKS)) == (s.BATTLEFIELD, "B")
    assert [e.player for e in s.events(st, dying.DIES)] == ["A"]


@pytest.mark.parametrize("zone", [s.HAND, s.GRAVEYARD, s.EXILE])
def test_only_a_permanent_is_destroyed(zone):
    st = state({"objects": [{"card": FINKS, "zone": zone}]})
    with pytest.raises(IllegalAction, match="not on the battlefield"):
        dying.destroy(st, [FINKS])


@pytest.mark.parametrize("player, allowed", [("A", True), ("B", False)])
def test_only_the_controller_sacrifices(player, allowed):
    st = board({"card": FINKS})
    if allowed:
        st = dying.sacrifice(st, player, FINKS)
        assert s.zone_of(st, FINKS) == s.GRAVEYARD and pending_names(st) == ["persist (Kitchen Finks)"]
        assert [e.detail for e in s.events(st, dying.DIES)] == ["701.21a: sacrificed"]
    else:
        with pytest.raises(IllegalAction, match="701.21a"):
            dying.sacrifice(st, player, FINKS)


def test_destroying_the_same_permanent_twice_in_one_event_moves_it_once():
    st = dying.destroy(board({"card": FINKS}), [FINKS, FINKS])
    assert pending_names(st) == ["persist (Kitchen Finks)"]


# ------------------------------------------------------------------ state-based actions


@pytest.mark.parametrize(
    "row, zone, counters",
    [
        ({"card": BEARS, "counters": {"-1/-1": 2}}, s.GRAVEYARD, ()),  # toughness 0 (704.5f)
        ({"card": BEARS, "damage": 2}, s.GRAVEYARD, ()),  # lethal damage (704.5g)
        ({"card": BEARS, "damage": 1}, s.BATTLEFIELD, ()),
        ({"card": BEARS, "counters": {"-1/-1": 1}, "damage": 1}, s.GRAVEYARD, ()),
        ({"card": BEARS, "counters": {"-1/-1": 3}, "damage": 0}, s.GRAVEYARD, ()),  # 704.5f: no damage needed
        ({"card": BEARS, "damage": 3, "counters": {"+1/+1": 2}}, s.BATTLEFIELD, (("+1/+1", 2),)),
        ({"card": BEARS, "counters": {"+1/+1": 3, "-1/-1": 1}}, s.BATTLEFIELD, (("+1/+1", 2),)),  # 704.5q
        ({"card": BEARS, "counters": {"+1/+1": 1, "-1/-1": 1, "charge": 2}}, s.BATTLEFIELD, (("charge", 2),)),
        ({"card": BEARS, "counters": {"+1/+1": 1, "-1/-1": 3}}, s.GRAVEYARD, ()),
        ({"card": "Smuggler's Copter", "damage": 9}, s.BATTLEFIELD, ()),  # not a creature: no toughness
    ],
)
def test_state_based_actions(row, zone, counters):
    st = leaving.state_based(board(row))
    assert s.zone_of(st, row["card"]) == zone
    if zone == s.BATTLEFIELD:
        assert s.get(st, row["card"]).counters == counters
    else:
        assert [(e.obj, e.detail) for e in s.events(st, dying.DIES)] == [(row["card"], "704.5f-g: state-based actions")]


def test_a_creature_dying_as_its_counters_would_cancel_dies_with_them():
    """Finks 5/4 with 3 damage gets a -1/-1 counter: 4/3, lethal damage; the counters are
    removed at the same time, not first (704.3), so it had a -1/-1 counter: no persist."""
    st = board({"card": FINKS, "counters": {"+1/+1": 2, "-1/-1": 1}, "damage": 3})
    st = leaving.state_based(st)
    assert s.zone_of(st, FINKS) == s.GRAVEYARD and st.pending == ()
    assert dict(st.last_known[-1].counters) == {"+1/+1": 2, "-1/-1": 1}


def test_state_based_actions_repeat_until_none_applies():
    """Finks with an Aura dies: the Aura goes to the graveyard in the next check (704.3, 704.5m)."""
    st = state({"objects": [{"card": FINKS, "zone": "battlefield", "counters": {"-1/-1": 2}},
                            {"card": "Pacifism", "zone": "battlefield", "owner": "B", "attached_to": FINKS}]})
    st = leaving.state_based(st)
    assert (s.zone_of(st, FINKS), s.zone_of(st, "Pacifism")) == (s.GRAVEYARD, s.GRAVEYARD)


@pytest.mark.parametrize(
    "target, amount, message",
    [(FINKS, -1, "no amount of damage"), ("Smuggler's Copter", 1, "not a creature"), ("Gone", 1, "not a creature")],
)
def test_damage_refused(target, amount, message):
    st = state({"objects": [{"card": FINKS, "zone": "battlefield"}, {"card": "Smuggler's Copter", "zone": "battlefield"},
                            {"card": BEARS, "id": "Gone", "zone": "graveyard"}]})
    with pytest.raises(IllegalAction, match=message):
        dying.deal_damage(st, target, amount)


def test_damage_is_marked_adds_up_and_is_removed_in_the_cleanup_step():
    st = dying.deal_damage(dying.deal_damage(board({"card": "Hill Giant"}), "Hill Giant", 1), "Hill Giant", 1)
    st = dying.deal_damage(st, "Hill Giant", 0)  # no damage is dealt, and none is refused
    assert s.get(st, "Hill Giant").damage == 2
    assert [(e.obj, e.detail) for e in s.events(st, "damage")] == [("Hill Giant", "1"), ("Hill Giant", "1"), ("Hill Giant", "0")]
    st = stack.pass_turn(st)
    assert s.get(st, "Hill Giant").damage == 0


# ------------------------------------------------------------------ coming back


def test_persist_returns_the_card_once_with_a_new_counter():
    st = settled(dying.destroy(board({"card": FINKS, "counters": {"+1/+1": 2}}), [FINKS]))
    st = stack.resolve(st)
    back = s.get(st, FINKS)
    assert (back.zone, back.counters, back.controller) == (s.BATTLEFIELD, (("-1/-1", 1),), "A")


@pytest.mark.parametrize(
    "between, zone",
    [
        ((), s.BATTLEFIELD),
        (((FINKS, s.EXILE),), s.EXILE),
        (((FINKS, s.EXILE), (FINKS, s.GRAVEYARD)), s.GRAVEYARD),  # back in the graveyard: a new object (400.7)
        (((FINKS, s.HAND),), s.HAND),
    ],
)
def test_persist_returns_only_the_card_that_died(between, zone):
    st = settled(dying.destroy(board({"card": FINKS}), [FINKS]))
    for oid, to in between:
        st = s.move(st, oid, to)
    st = stack.resolve(st)
    assert s.zone_of(st, FINKS) == zone
    assert [e.detail for e in s.events(st, "does nothing")] == ([] if not between else ["400.7: that card is not in the graveyard"])


def test_a_token_with_persist_triggers_but_does_not_return():
    st = board({"card": FINKS, "id": "Finks token", "kind": "token"})
    st = settled(dying.destroy(st, ["Finks token"]))
    assert st.stack == ("persist (Finks token)",) and s.find(st, "Finks token") is None
    st = stack.resolve(st)
    assert s.find(st, "Finks token") is None


def test_two_instances_trigger_and_only_one_returns():
    st = colors.gain_ability(board({"card": FINKS}), FINKS, PERSIST)
    st = settled(dying.destroy(st, [FINKS]))
    assert len(st.stack) == 2
    st = stack.resolve(stack.resolve(st))
    assert s.get(st, FINKS).counters == (("-1/-1", 1),) and len(s.events(st, "does nothing")) == 1


def test_a_gained_ability_ends_with_the_object():
    st = colors.gain_ability(board({"card": BEARS}), BEARS, PERSIST)
    assert [a.name for a in s.get(st, BEARS).abilities] == ["persist"]
    assert [(e.obj, e.detail) for e in s.events(st, "gain ability")] == [(BEARS, "persist")]
    st = stack.resolve(settled(dying.destroy(st, [BEARS])))
    assert s.zone_of(st, BEARS) == s.BATTLEFIELD and s.get(st, BEARS).abilities == ()


def test_a_copy_leaves_out_an_ability_an_effect_gave():
    st = colors.gain_ability(board({"card": FINKS}), FINKS, PERSIST)
    st = copies.copy_permanent(st, FINKS, "A")
    assert [a.name for a in s.get(st, "copy of Kitchen Finks").abilities] == ["persist"]  # its printed one alone


def test_gaining_an_ability_needs_a_permanent():
    st = state({"objects": [{"card": BEARS, "zone": "hand"}]})
    with pytest.raises(IllegalAction, match="not a permanent"):
        colors.gain_ability(st, BEARS, PERSIST)


@pytest.mark.parametrize("active, first_back", [("A", GOBLIN), ("B", FINKS)])
def test_triggers_of_creatures_dying_together_go_on_the_stack_in_apnap_order(active, first_back):
    st = board({"card": FINKS}, {"card": GOBLIN, "owner": "B"}, active=active)
    st = stack.resolve(settled(dying.destroy(st, [FINKS, GOBLIN])))
    assert [o.id for o in s.in_zone(st, s.BATTLEFIELD)] == [first_back]


# ------------------------------------------------------------------ a zone change takes what effects gave


@pytest.mark.parametrize(
    "start, to, keeps",
    [
        (s.BATTLEFIELD, s.GRAVEYARD, False),
        (s.BATTLEFIELD, s.HAND, False),
        (s.STACK, s.BATTLEFIELD, True),  # a spell resolving into a permanent keeps what it gained as a spell
        (s.HAND, s.STACK, True),
    ],
)
def test_a_zone_change_drops_gained_types_keywords_and_abilities(start, to, keeps):
    st = state({"objects": [{"card": BEARS, "zone": start}]})
    obj = s.get(st, BEARS)
    st = s.update(st, BEARS, types=(*obj.types, "artifact"), keywords=obj.keywords | {"haste"},
                  gained=frozenset({"artifact", "haste"}), abilities=(replace(PERSIST, granted=True),), damage=2)
    moved = s.get(s.move(st, BEARS, to), BEARS)
    assert ("artifact" in moved.types, "haste" in moved.keywords, bool(moved.abilities)) == (keeps, keeps, keeps)
    assert "creature" in moved.types and moved.damage == 0
    assert moved.gained == (frozenset({"artifact", "haste"}) if keeps else frozenset())
