"""Copies of spells, modes and the mana spent (kb.checks.model.copies, modal, spent): a copy has the
original's targets unless new legal ones are chosen, its modes, X and number of targets, the costs
paid for it copied and none paid, no mana spent, its copier's control and the top of the stack."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, copies, leaving, mana, modal, spent, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction, ModelError

MURDER, TWINCAST, FLAMES, THUNDER, COMMAND = "Murder", "Twincast", "Radiant Flames", "Orim's Thunder", "Cryptic Command"


def table(*more):
    """A's Murder, Twincast, Radiant Flames, Orim's Thunder and Cryptic Command in hand; B's
    Grizzly Bears (Bear), Hill Giant (Giant), Slippery Bogle (hexproof) and Sol Ring."""
    objects = [{"card": MURDER}, {"card": TWINCAST}, {"card": FLAMES}, {"card": THUNDER}, {"card": COMMAND},
               {"id": "Bear", "card": "Grizzly Bears", "zone": "battlefield", "owner": "B"},
               {"id": "Giant", "card": "Hill Giant", "zone": "battlefield", "owner": "B"},
               {"card": "Slippery Bogle", "zone": "battlefield", "owner": "B"},
               {"card": "Sol Ring", "zone": "battlefield", "owner": "B"}]
    return state({"objects": objects + list(more)})


def murdered(target="Bear", player="A"):
    return casting.cast(table(), player, MURDER, targets=(target,))


@pytest.mark.parametrize("new_targets, targets", [
    (None, ["Bear"]),         # no new targets chosen: the original's
    ((None,), ["Bear"]),      # one left unchanged
    (("Giant",), ["Giant"]),  # one changed to a legal target
])  # fmt: skip
def test_a_copy_has_the_originals_targets_unless_new_ones_are_chosen(new_targets, targets):
    st = copies.copy_spell(murdered(), MURDER, "A", new_targets)
    copy = s.get(st, "copy of Murder")
    assert [t for t, _ in copy.targets] == targets
    assert copy.targets[0][1] == s.get(st, targets[0]).number


@pytest.mark.parametrize("new_targets, message", [
    (("Sol Ring",), "Sol Ring is not a legal target for copy of Murder: it targets creature"),
    (("Slippery Bogle",), "Slippery Bogle can't be the target of copy of Murder: it has hexproof"),
    (("Bear", "Giant"), "Murder has 1 target\\(s\\): choosing new targets for its copy changes which, not how many \\(2\\)"),
    ((), "not how many \\(0\\)"),
])  # fmt: skip
def test_new_targets_for_a_copy_must_be_legal_and_as_many(new_targets, message):
    with pytest.raises(IllegalAction, match=message):
        copies.copy_spell(murdered(), MURDER, "A", new_targets)


def test_a_target_left_unchanged_stays_though_illegal_and_the_copy_then_does_nothing_to_it():
    st = murdered()
    bear = s.get(st, "Bear")
    st = s.move(st, "Bear", "battlefield")  # blinked: a new object (400.7)
    st = copies.copy_spell(st, MURDER, "A", (None,))
    assert s.get(st, "copy of Murder").targets == (("Bear", bear.number),)
    st = stack.resolve(st)
    assert s.zone_of(st, "Bear") == "battlefield"
    with pytest.raises(IllegalAction, match="Bear is not a legal target|Bear can't"):
        copies.copy_spell(s.update(murdered(), "Bear", types=("artifact",)), MURDER, "A", ("Bear",))


def test_the_copier_controls_and_owns_the_copy_which_goes_on_top_and_resolves_first():
    st = copies.copy_spell(murdered(player="A"), MURDER, "B")
    copy = s.get(st, "copy of Murder")
    assert (copy.controller, copy.owner, st.stack[-1], copy.spell.cast) == ("B", "B", "copy of Murder", False)
    st = stack.resolve(st)
    assert [e.obj for e in s.events(st, "resolve")] == ["copy of Murder"] and s.zone_of(st, MURDER) == "stack"


def test_a_copy_of_a_spell_that_targets_with_you_control_reads_you_as_its_controller():
    thunder_targets = ("Sol Ring", "Bear")
    st = casting.cast(table(), "A", THUNDER, kicker=1, targets=thunder_targets)
    st = copies.copy_spell(st, THUNDER, "B", (None, "Giant"))
    assert [t for t, _ in s.get(st, "copy of Orim's Thunder").targets] == ["Sol Ring", "Giant"]


def test_twincast_copies_the_spell_it_targets_with_new_targets_chosen_as_it_resolves():
    st = casting.cast(murdered(), "A", TWINCAST, targets=(MURDER,))
    st = stack.resolve(st, {"new_targets": ["Giant"]})
    assert [t for t, _ in s.get(st, "copy of Murder").targets] == ["Giant"]
    gone = stack.resolve(stack.resolve(st))
    assert (s.zone_of(gone, "Giant"), s.zone_of(gone, "Bear")) == ("graveyard", "graveyard")


def test_twincast_copies_nothing_when_its_target_spell_is_gone():
    st = leaving.counter(casting.cast(murdered(), "A", TWINCAST, targets=(MURDER,)), MURDER)
    after = stack.resolve(st)
    assert s.find(after, "copy of Murder") is None and s.zone_of(after, TWINCAST) == "graveyard"


@pytest.mark.parametrize("asked, message", [
    ({"modes": (1, 2)}, "has the modes chosen for it, \\[3, 4\\], not \\[1, 2\\]"),
    ({"x": 2}, "has the value of X chosen for it, 0, not 2"),
    ({"pay": "kicker"}, "no cost, alternative or additional \\(kicker\\), can be paid for a copy"),
])  # fmt: skip
def test_a_copy_takes_the_originals_choices_and_no_cost_is_paid_for_it(asked, message):
    st = casting.cast(table(), "A", COMMAND, modes=(3, 4))
    assert s.get(copies.copy_spell(st, COMMAND, "A", modes=(3, 4)), "copy of Cryptic Command").spell.modes == (3, 4)
    with pytest.raises(IllegalAction, match=message):
        copies.copy_spell(st, COMMAND, "A", **asked)


def test_a_copy_of_a_kicked_spell_is_kicked_and_keeps_x():
    st = casting.cast(table(), "A", THUNDER, kicker=1, targets=("Sol Ring", "Bear"))
    assert s.get(copies.copy_spell(st, THUNDER, "A"), "copy of Orim's Thunder").kicked
    disaster = casting.cast(table({"card": "Molten Disaster"}), "A", "Molten Disaster", x=3)
    assert s.get(copies.copy_spell(disaster, "Molten Disaster", "B", x=3), "copy of Molten Disaster").spell.x == 3


@pytest.mark.parametrize("modes, ok", [
    ((3, 4), True), ((1, 4), True), ((3,), False), ((3, 3), False), ((1, 5), False), ((0, 1), False), ((1, 2, 3), False),
])  # fmt: skip
def test_choose_two_of_four_asks_for_two_different_modes(modes, ok):
    command = s.get(table(), COMMAND)
    if ok:
        assert modal.chosen(command, modes) == modes
    else:
        with pytest.raises(IllegalAction, match="asks for 2 different mode\\(s\\) of its 4"):
            modal.chosen(command, modes)


def test_a_spell_that_isnt_modal_takes_no_mode():
    assert modal.chosen(s.get(table(), MURDER), ()) == ()
    with pytest.raises(IllegalAction, match="Murder is not modal"):
        casting.cast(table(), "A", MURDER, targets=("Bear",), modes=(1,))


@pytest.mark.parametrize("spend, colors, adamant_red", [
    (("R", "U", "G"), 3, False),
    (("R", "R", "R"), 1, True),
    (("C", "C", "R"), 1, False),  # colorless is no color
    (("W", "B", "R"), 3, False),
    ((), 0, False),               # not said: nothing known spent
])  # fmt: skip
def test_converge_counts_the_colors_spent_and_adamant_three_of_one(spend, colors, adamant_red):
    st = casting.cast(table(), "A", FLAMES, spend=spend)
    flames = s.get(st, FLAMES)
    assert (spent.colors(flames), spent.adamant(flames, "R")) == (colors, adamant_red)
    copy = s.get(copies.copy_spell(st, FLAMES, "A"), "copy of Radiant Flames")
    assert (spent.colors(copy), spent.adamant(copy, "R"), spent.units(copy), copy.spell.mana_paid) == (0, False, (), "{0}")


@pytest.mark.parametrize("spend, message", [
    (("R", "U"), "Radiant Flames: R U doesn't pay \\{2\\}\\{R\\} \\(601.2h\\)"),
    (("U", "U", "G"), "doesn't pay"),
    (("R", "U", "G", "G"), "is paid with less than 4 mana"),
])  # fmt: skip
def test_the_mana_spent_must_pay_the_cost_exactly(spend, message):
    with pytest.raises(IllegalAction, match=message):
        casting.cast(table(), "A", FLAMES, spend=spend)


def test_radiant_flames_deals_the_colors_spent_to_each_creature_and_its_copy_none():
    st = casting.cast(table(), "A", FLAMES, spend=("R", "U", "G"))
    st = stack.resolve(copies.copy_spell(st, FLAMES, "A"))
    assert s.get(st, "Giant").damage == 0
    st = stack.resolve(st)
    assert (s.zone_of(st, "Giant"), s.zone_of(st, "Bear")) == ("graveyard", "graveyard")
    assert [e.detail for e in s.events(st, spent.CONVERGED)] == ["0", "3"]


def test_mana_spent_is_each_unit_and_snow_spent_counts_snow_units():
    assert mana.spent("{1}{G}", ("snow G", "U")) == (mana.Mana("G", True), mana.Mana("U"))
    assert mana.snow_spent("{1}{G}", ("snow G", "U")) == 1
    with pytest.raises(ModelError, match="doesn't pay"):
        mana.spent("{1}{G}", ("U", "U"))


def test_twincast_without_a_target_spell_is_refused_as_it_resolves():
    st = casting.cast(table(), "A", TWINCAST)
    with pytest.raises(IllegalAction, match="Twincast has no target spell to copy"):
        stack.resolve(st)


@pytest.mark.parametrize("oid, message", [
    ("Bear", "Bear is not a spell on the stack"),
    (MURDER, "Murder is not a spell on the stack"),  # still in the hand
])  # fmt: skip
def test_only_a_spell_on_the_stack_is_copied(oid, message):
    with pytest.raises(IllegalAction, match=message):
        copies.copy_spell(table(), oid, "A")
