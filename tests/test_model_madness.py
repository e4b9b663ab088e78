"""Discarding, madness and spells on the stack (701.9, 702.35, 601, 608)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks.model import discard as dis
from kb.checks.model import game as g
from kb.checks.model import spells
from kb.checks.model.errors import IllegalAction

VAMPIRE = g.Card("Vampire", "A", ("creature",), "{3}{B}", madness="{2}{B}")
RITES = g.Card("Rites", "A", ("sorcery",), "{2}{R}", madness="{R}")
BOLT = g.Card("Bolt", "A", ("instant",), "{R}")
BEAR = g.Card("Bear", "A", ("creature",), "{1}{G}")


def start(*hand, active="A", **kw):
    return g.new_game(("A", "B"), active, {g.HAND: hand}, **kw)


def discarded_by_effect(card, **kw):
    return g.to_priority(dis.discard(start(card, **kw), "A", card, dis.EFFECT))


@pytest.mark.parametrize(
    "card, zone, trigger",
    [(VAMPIRE, g.EXILE, True), (BEAR, g.GRAVEYARD, False)],
)
def test_discard(card, zone, trigger):
    state = dis.discard(start(card), "A", card, dis.COST)
    assert g.zone_of(state, card) == zone
    assert bool(state.pending) is trigger
    assert g.discarded(state) == (card.name,)


@pytest.mark.parametrize(
    "state, player, reason, message",
    [
        (g.new_game(("A", "B"), "A", {g.LIBRARY: (VAMPIRE,)}), "A", dis.EFFECT, "only from"),
        (g.new_game(("A", "B"), "A", {g.GRAVEYARD: (VAMPIRE,)}), "A", dis.EFFECT, "only from"),
        (start(VAMPIRE), "B", dis.EFFECT, "only from"),  # not B's card
        (start(VAMPIRE), "A", "choice", "just|only to pay a cost"),
    ],
)
def test_discard_errors(state, player, reason, message):
    with pytest.raises(IllegalAction, match=message):
        dis.discard(state, player, VAMPIRE, reason)


def test_triggers_wait_for_priority_and_go_in_apnap_order():
    theirs = g.Card("Ghoul", "B", madness="{B}")
    state = g.new_game(("A", "B"), "B", {g.HAND: (VAMPIRE, theirs)})
    state = dis.discard(dis.discard(state, "A", VAMPIRE, dis.EFFECT), "B", theirs, dis.EFFECT)
    assert not state.stack and len(state.pending) == 2
    assert [i.controller for i in g.to_priority(state).stack] == ["B", "A"]  # B is active: first, bottom


@pytest.mark.parametrize(
    "card, active, step, stack_empty, legal",
    [
        (RITES, "A", g.MAIN, True, True),
        (RITES, "B", g.MAIN, True, False),
        (RITES, "A", g.COMBAT, True, False),
        (RITES, "A", g.MAIN, False, False),
        (BOLT, "B", g.COMBAT, False, True),
    ],
)
def test_timing(card, active, step, stack_empty, legal):
    state = start(card, active=active, step=step)
    if not stack_empty:
        state = replace(state, stack=(g.Ability("something", "B"),))
    assert spells.timing_allows(state, "A", card) is legal


def test_madness_flow_cast():
    state = discarded_by_effect(RITES, active="B")
    state = spells.resolve(state, cast_madness=True)
    cast = spells.spell(state, "Rites")
    assert (cast.cast_from, cast.casting.alternative, str(cast.casting.total), cast.casting.mana_value) == (
        g.EXILE,
        "madness",
        "{R}",
        3,
    )
    assert g.zone_of(spells.resolve(state), RITES) == g.GRAVEYARD


def test_madness_flow_declined():
    state = spells.resolve(discarded_by_effect(VAMPIRE), cast_madness=False)
    assert g.zone_of(state, VAMPIRE) == g.GRAVEYARD
    with pytest.raises(IllegalAction, match="madness"):
        spells.cast(state, "A", VAMPIRE, alternative="{2}{B}", alternative_name="madness")


def test_madness_trigger_does_nothing_once_the_card_left_exile():
    state = discarded_by_effect(VAMPIRE)
    state = g.move(state, VAMPIRE, g.HAND)  # bounced out of exile before the trigger resolves
    state = spells.resolve(state, cast_madness=True)
    assert g.zone_of(state, VAMPIRE) == g.HAND and not state.stack


def test_counter_copy_and_errors():
    state = spells.resolve(discarded_by_effect(VAMPIRE), cast_madness=True)
    copied = spells.copy_spell(state, "Vampire", "B")
    assert [i.name for i in copied.stack] == ["Vampire", "copy of Vampire"]
    assert g.zone_of(spells.resolve(copied), VAMPIRE) == g.STACK  # the copy resolved, no card moved
    assert g.zone_of(spells.counter(state, "Vampire"), VAMPIRE) == g.GRAVEYARD
    with pytest.raises(IllegalAction, match="not on the stack"):
        spells.counter(state, "Nothing")
    with pytest.raises(IllegalAction, match="not a spell"):
        spells.copy_spell(discarded_by_effect(VAMPIRE), "madness trigger of Vampire", "A")
    with pytest.raises(IllegalAction, match="empty"):
        spells.resolve(start())


def test_cast_from_the_library_is_not_modelled():
    state = g.new_game(("A", "B"), "A", {g.LIBRARY: (BEAR,)})
    with pytest.raises(IllegalAction, match="from hand"):
        spells.cast(state, "A", BEAR)


@pytest.mark.parametrize("hand, chosen, message", [(3, ("Vampire",), "no excess"), (9, ("Vampire",), "exactly 2")])
def test_cleanup_errors(hand, chosen, message):
    lands = tuple(g.Card(f"Land {i}", "A", ("land",)) for i in range(hand - 1))
    with pytest.raises(IllegalAction, match=message):
        dis.cleanup_discard(start(VAMPIRE, *lands, step=g.CLEANUP), "A", chosen)


def test_cards_in_and_controllers():
    state = spells.resolve(spells.resolve(discarded_by_effect(VAMPIRE), cast_madness=True))
    assert g.cards_in(state, g.BATTLEFIELD, "A") == ("Vampire",)
    assert g.controller_of(state, "Vampire") == "A"
    assert g.card_named(state, "Vampire") == VAMPIRE
    with pytest.raises(KeyError):
        g.card_named(state, "Nothing")
