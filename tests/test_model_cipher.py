"""Cipher (702.99): a spell card exiled encoded on a creature as it resolves, while it stays
encoded, and the trigger it grants: kb.checks.model.cipher."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, cipher, colors, control, copies, damage, entering, leaving, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

THOUGHTS, BEARS, GIANT = "Last Thoughts", "Grizzly Bears", "Hill Giant"


def board(*rows, players=("A", "B")):
    """``rows``: (card, zone[, more given]); A's unless the row says."""
    return state({"players": list(players),
                  "objects": [{"card": r[0], "owner": "A", "zone": r[1], **(r[2] if len(r) > 2 else {})} for r in rows]})


def encoded(st=None, on=BEARS):
    """Last Thoughts cast and resolved, encoded on ``on``."""
    st = st or board((THOUGHTS, "hand"), (BEARS, "battlefield"), ("Forest", "library"))
    return stack.resolve(casting.cast(st, "A", THOUGHTS), {"encode": on})


def test_the_card_is_exiled_encoded_after_its_other_effects():
    st = encoded()
    assert s.zone_of(st, THOUGHTS) == s.EXILE and cipher.encoded_on(st, BEARS) == (THOUGHTS,)
    assert cipher.encoded_where(st, THOUGHTS) == BEARS
    kinds = [e.kind for e in st.events if e.kind in ("draw", cipher.ENCODED)]
    assert kinds == ["draw", cipher.ENCODED]
    assert s.GRAVEYARD not in {e.detail.split(" -> ")[-1] for e in s.events(st, "move") if e.obj == THOUGHTS}


def test_without_the_choice_the_card_goes_to_the_graveyard():
    st = board((THOUGHTS, "hand"), (BEARS, "battlefield"), ("Forest", "library"))
    st = stack.resolve(casting.cast(st, "A", THOUGHTS))
    assert s.zone_of(st, THOUGHTS) == s.GRAVEYARD and cipher.encoded_on(st, BEARS) == ()


@pytest.mark.parametrize("setup, on, message", [
    (lambda st: st, "Forest", "no creature on the battlefield"),                        # a card in the library
    (lambda st: st, "Nobody", "no creature on the battlefield"),                        # no such object
    (lambda st: s.move(st, GIANT, s.GRAVEYARD), GIANT, "no creature on the battlefield"),  # a creature card, not on the battlefield
    (lambda st: st, "Azorius Keyrune", "no creature on the battlefield"),               # a noncreature permanent
    (lambda st: control.gain_control(st, BEARS, "B", "effect"), BEARS, "isn't a creature A controls"),
    (lambda st: copies.copy_spell(st, THOUGHTS, "A"), BEARS, "is a copy"),              # the copy on top resolves
])
def test_what_can_t_be_encoded_is_refused_naming_why(setup, on, message):
    st = board((THOUGHTS, "hand"), (BEARS, "battlefield"), (GIANT, "battlefield"), ("Azorius Keyrune", "battlefield"), ("Forest", "library"))
    st = setup(casting.cast(st, "A", THOUGHTS))
    with pytest.raises(IllegalAction, match=message):
        stack.resolve(st, {"encode": on})


def test_a_spell_without_cipher_can_t_be_encoded():
    st = board(("Shock", "hand"), (BEARS, "battlefield"))
    st = casting.cast(st, "A", "Shock")
    with pytest.raises(IllegalAction, match="has no cipher"):
        stack.resolve(st, {"encode": BEARS})


@pytest.mark.parametrize("change, still", [
    (lambda st: control.gain_control(st, BEARS, "B", "effect"), True),                   # 702.99c
    (lambda st: colors.add(st, colors.LOSE_ABILITIES, BEARS), True),                     # the ability lost, the encoding kept
    (lambda st: entering.put_onto_battlefield(s.move(st, BEARS, s.HAND), BEARS), False),  # back as a new object
    (lambda st: s.move(st, THOUGHTS, s.GRAVEYARD), False),                               # the card left exile
    (lambda st: s.move(s.move(st, THOUGHTS, s.HAND), THOUGHTS, s.EXILE), False),         # exiled again: a new object
])
def test_the_encoding_lasts_while_both_objects_stay(change, still):
    st = change(encoded())
    assert cipher.encoded_on(st, BEARS) == ((THOUGHTS,) if still else ())


@pytest.mark.parametrize("recipient, combat, controller, triggers", [
    ("B", True, "A", 1),
    ("B", False, "A", 0),     # noncombat damage
    (GIANT, True, "A", 0),    # combat damage to a creature
    ("A", True, "B", 1),      # B controls the Bears now: B's trigger, for damage to A
])
def test_combat_damage_to_a_player_triggers_under_the_creature_s_controller(recipient, combat, controller, triggers):
    st = encoded(board((THOUGHTS, "hand"), (BEARS, "battlefield"), (GIANT, "battlefield", {"owner": "B"}), ("Forest", "library")))
    if controller != "A":
        st = control.gain_control(st, BEARS, controller, "effect")
    st = damage.deal(st, BEARS, recipient, 2, combat=combat)
    assert [(p.controller, p.source) for p in st.pending] == [(controller, BEARS)] * triggers  # the creature's ability (113.7)


def test_nothing_is_encoded_on_what_isn_t_there():
    st = encoded()
    assert cipher.encoded_on(st, "Nobody") == () and cipher.combat_damage(st, "Nobody") == st


def test_the_trigger_casts_a_copy_made_in_exile_and_the_card_stays_encoded():
    st = encoded(board((THOUGHTS, "hand"), (BEARS, "battlefield"), ("Forest", "library"), ("Mountain", "library")))
    st = s.to_priority(damage.deal(st, BEARS, "B", 2, combat=True))
    st = stack.resolve(st)
    copy = s.get(st, st.stack[-1])
    assert copy.kind == s.COPY and copy.spell.cast_from == s.EXILE and copy.spell.cast
    st = leaving.counter(st, copy.id)
    assert s.find(st, copy.id) is None  # a copy off the stack ceases to exist (707.10a)
    assert s.zone_of(st, THOUGHTS) == s.EXILE and cipher.encoded_on(st, BEARS) == (THOUGHTS,)
