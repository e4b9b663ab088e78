"""Until the next end step (kb.checks.model.end_step): dash's return, unearth's exile and its
replacement, the end step's delayed triggers, and the turn that ends before its end step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks.claims.build import state
from kb.checks.model import actions, casting, colors, copies, dying, end_step, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import Delayed

SCOUT, ZOMBIE, BEARS = "Mardu Scout", "Dregscape Zombie", "Grizzly Bears"


def board(*rows, **given):
    return state({"objects": list(rows), **given})


def dashed():
    st = casting.cast(board({"card": SCOUT, "zone": "hand"}), "A", SCOUT, alternative=end_step.DASH)
    return stack.resolve(st)


def unearthed(**given):
    st = actions.activate(board({"card": ZOMBIE, "zone": "graveyard"}, **given), "A", ZOMBIE, end_step.UNEARTH)
    return stack.resolve(st)


def test_a_dashed_creature_has_haste_and_waits_for_the_end_step():
    st = dashed()
    scout = s.get(st, SCOUT)
    assert scout.zone == s.BATTLEFIELD and "haste" in scout.keywords and "haste" in scout.gained
    assert st.delayed == (Delayed(f"dash return of {SCOUT}", "A", SCOUT,
                                  ((end_step.PUT, {"object": SCOUT, "number": scout.number, "to": s.HAND}),), s.END),)


def test_a_creature_cast_for_its_mana_cost_is_not_dashed():
    st = stack.resolve(casting.cast(board({"card": SCOUT, "zone": "hand"}), "A", SCOUT))
    assert "haste" not in s.get(st, SCOUT).keywords and st.delayed == ()


def test_no_dash_cost_no_dash():
    with pytest.raises(IllegalAction, match="Grizzly Bears has no dash cost"):
        casting.cast(board({"card": BEARS, "zone": "hand"}), "A", BEARS, alternative=end_step.DASH)


def test_the_end_step_triggers_its_delayed_triggers_once():
    st = stack.go_to(dashed(), s.END)
    assert st.step == s.END and st.delayed == () and list(st.stack) == [f"dash return of {SCOUT}"]
    trigger = s.get(st, st.stack[-1])
    assert (trigger.kind, trigger.controller, trigger.source) == (s.ABILITY, "A", SCOUT)
    st = stack.resolve(st)
    assert s.zone_of(st, SCOUT) == s.HAND


def test_upkeep_triggers_wait_for_the_upkeep():
    upkeep = Delayed("rebound trigger", "A", BEARS, (("nothing", {}),))
    st = end_step.begin(replace(dashed(), delayed=(upkeep,) + dashed().delayed))
    assert st.delayed == (upkeep,) and len(st.stack) == 1


def test_a_turn_passed_early_goes_through_its_end_step():
    st = stack.pass_turn(dashed())
    assert s.zone_of(st, SCOUT) == s.HAND and st.active == "B" and st.stack == ()


def test_a_turn_passed_in_its_end_step_triggers_nothing_again():
    st = stack.resolve(stack.go_to(dashed(), s.END))
    st = s.move(st, SCOUT, s.BATTLEFIELD)
    st = stack.pass_turn(st)
    assert s.zone_of(st, SCOUT) == s.BATTLEFIELD


def test_an_end_step_that_never_empties_is_refused():
    many = tuple(Delayed(f"trigger {n}", "A", BEARS, (("nothing", {}),), s.END) for n in range(stack.RESOLUTIONS + 1))
    with pytest.raises(IllegalAction, match=f"the end step's stack didn't empty in {stack.RESOLUTIONS} resolutions"):
        stack.pass_turn(replace(board({"card": BEARS, "zone": "battlefield"}), delayed=many))


@pytest.mark.parametrize("away", [s.GRAVEYARD, s.EXILE, s.LIBRARY])
def test_the_return_finds_only_the_same_permanent(away):
    st = s.move(dashed(), SCOUT, away)
    st = stack.resolve(stack.go_to(st, s.END))
    assert s.zone_of(st, SCOUT) == away
    assert [(e.obj, e.detail) for e in s.events(st, "does nothing")] == [(SCOUT, "603.7c: not that permanent any more")]


def test_unearth_returns_the_card_with_haste_and_a_replacement():
    st = unearthed()
    zombie = s.get(st, ZOMBIE)
    assert zombie.zone == s.BATTLEFIELD and "haste" in zombie.gained and st.exile_instead == ((ZOMBIE, zombie.number),)
    assert [(d.name, d.player, d.at) for d in st.delayed] == [(f"unearth exile of {ZOMBIE}", "A", s.END)]


@pytest.mark.parametrize(
    "zone, finally_in",
    [(s.GRAVEYARD, s.EXILE), (s.HAND, s.EXILE), (s.LIBRARY, s.EXILE), (s.EXILE, s.EXILE), (s.BATTLEFIELD, s.BATTLEFIELD)],
)
def test_an_unearthed_creature_leaving_is_exiled(zone, finally_in):
    st = s.move(unearthed(), ZOMBIE, zone)
    assert s.zone_of(st, ZOMBIE) == finally_in
    replaced = [(e.obj, e.player, e.detail) for e in s.events(st, "replaced")]
    assert replaced == ([(ZOMBIE, "A", f"exiled instead of {zone} (614.1a)")] if zone in (s.GRAVEYARD, s.HAND, s.LIBRARY) else [])


def test_the_replacement_is_for_that_object_only():
    st = s.move(s.move(unearthed(), ZOMBIE, s.EXILE), ZOMBIE, s.BATTLEFIELD)  # back as a new object
    assert s.zone_of(s.move(st, ZOMBIE, s.GRAVEYARD), ZOMBIE) == s.GRAVEYARD


def test_an_unearthed_creature_destroyed_does_not_die():
    st = dying.destroy(unearthed(), (ZOMBIE,))
    assert s.zone_of(st, ZOMBIE) == s.EXILE and s.events(st, dying.DIES) == ()


def test_the_replacement_outlasts_lost_abilities():
    st = colors.add(unearthed(), colors.LOSE_ABILITIES, ZOMBIE)
    assert colors.keywords_of(st, ZOMBIE) == frozenset()
    st = stack.resolve(stack.go_to(st, s.END))
    assert s.zone_of(st, ZOMBIE) == s.EXILE


@pytest.mark.parametrize(
    "given, message",
    [
        ({"step": "beginning of combat"}, "A can't activate unearth of Dregscape Zombie now: only as a sorcery, in their main "
                                          r"phase with an empty stack \(702.84a, 307.1\)"),
        ({"active": "B"}, "only as a sorcery"),
    ],
)
def test_unearth_only_as_a_sorcery(given, message):
    with pytest.raises(IllegalAction, match=message):
        actions.activate(board({"card": ZOMBIE, "zone": "graveyard"}, **given), "A", ZOMBIE, end_step.UNEARTH)


def test_unearth_only_from_a_graveyard():
    with pytest.raises(IllegalAction, match="unearth of Dregscape Zombie works only while it is in the graveyard; it is in the hand"):
        actions.activate(board({"card": ZOMBIE, "zone": "hand"}), "A", ZOMBIE, end_step.UNEARTH)


def test_unearth_of_a_card_gone_does_nothing():
    st = actions.activate(board({"card": ZOMBIE, "zone": "graveyard"}), "A", ZOMBIE, end_step.UNEARTH)
    st = stack.resolve(s.move(s.move(st, ZOMBIE, s.EXILE), ZOMBIE, s.GRAVEYARD))
    assert s.zone_of(st, ZOMBIE) == s.GRAVEYARD and st.delayed == () and st.exile_instead == ()
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "does nothing")] == [(ZOMBIE, "A", "400.7: that card is not in the graveyard")]


def test_unearth_puts_a_noncreature_card_nowhere():
    st = actions.activate(board({"card": "Cancel", "zone": "graveyard", "costs": {"unearth": "{B}"}}), "A", "Cancel", end_step.UNEARTH)
    st = stack.resolve(st)
    assert s.zone_of(st, "Cancel") == s.GRAVEYARD and st.delayed == () and st.exile_instead == ()


def test_a_copy_of_a_dashed_spell_is_dashed_too():
    st = casting.cast(board({"card": SCOUT, "zone": "hand"}), "A", SCOUT, alternative=end_step.DASH)
    st = stack.resolve(copies.copy_spell(st, SCOUT, "A"))  # 707.10: the copy's alternative cost was paid too
    token = f"copy of {SCOUT}"
    assert s.get(st, token).kind == s.TOKEN and "haste" in s.get(st, token).keywords
    assert [d.name for d in st.delayed] == [f"dash return of {token}"]


def test_the_end_step_begins_with_its_triggers():
    assert end_step.begin(dashed()).step == s.END


def test_a_delayed_trigger_made_during_the_end_step_waits_for_the_next_turns():
    st = stack.go_to(board({"card": BEARS, "zone": "battlefield"}), s.END)
    later = Delayed("made in the end step", "A", BEARS, (("nothing", {}),), s.END)
    st = stack.pass_turn(replace(st, delayed=(later,)))  # 513.2: the step doesn't back up
    assert st.delayed == (later,) and st.active == "B"


@pytest.mark.parametrize("act", [
    lambda st: end_step.unearth(st, s.ability("unearth", "A", ZOMBIE, ()), "a card gone", 3),
    lambda st: end_step.put(st, {"object": "a card gone", "number": 3, "to": s.HAND}),
])
def test_an_object_gone_for_good_is_nothing_to_move(act):
    st = act(board({"card": BEARS, "zone": "battlefield"}))
    assert [e.obj for e in s.events(st, "does nothing")] == ["a card gone"]


def test_unearth_is_the_cards_own_ability_and_no_other():
    zombie = s.get(board({"card": ZOMBIE, "zone": "graveyard"}), ZOMBIE)
    found = actions.ability_of(zombie, end_step.UNEARTH)
    assert (found.name, found.cost, found.zone) == (end_step.UNEARTH, "{B}", s.GRAVEYARD)
    with pytest.raises(IllegalAction, match="Dregscape Zombie has no activated ability 'scavenge'"):
        actions.ability_of(zombie, "scavenge")
