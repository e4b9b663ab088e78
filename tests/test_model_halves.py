"""Split cards' halves as spells (kb.checks.model.halves, targeting, colors): fuse only from the
hand, a fused spell's halves in order with a target each, a split card's colors by zone."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, cards, colors, halves, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

GIVE_TAKE, TURN_BURN, FAR_AWAY, BEARS = "Give // Take", "Turn // Burn", "Far // Away", "Grizzly Bears"
FREE = casting.FREE


def table(*more, counters=0, library=5):
    """A's Give // Take, Turn // Burn and Far // Away in hand, A's and B's Grizzly Bears, ``library`` cards in A's library."""
    objects = [{"card": GIVE_TAKE}, {"card": TURN_BURN}, {"card": FAR_AWAY},
               {"card": BEARS, "zone": "battlefield", **({"counters": {"+1/+1": counters}} if counters else {})},
               {"id": "Bears B", "card": BEARS, "zone": "battlefield", "owner": "B"}]
    objects += [{"id": f"Card {k}", "types": ["instant"], "zone": "library"} for k in range(1, library + 1)]
    objects += [{"id": f"B's card {k}", "types": ["instant"], "zone": "library", "owner": "B"} for k in range(1, 4)]
    return state({"objects": objects + list(more)})


def drawn(st) -> int:
    """How many cards A drew (and no one else: the spell's controller draws)."""
    assert {e.player for e in s.events(st, "draw")} <= {"A"}
    return len(s.events(st, "draw"))


@pytest.mark.parametrize("half, targets, counters, cards_drawn, bears_b", [
    (cards.BOTH, (BEARS, BEARS), 1, 4, 0),        # Give first: 1 + 3 counters, then Take removes all four (702.102d)
    (cards.BOTH, ("Bears B", BEARS), 1, 1, 3),    # each half its own target (115.3)
    (0, (BEARS,), 1, 0, 0),                       # Give alone: 4 counters stay
    (1, (BEARS,), 1, 1, 0),                       # Take alone: the one counter
])
def test_a_spell_follows_the_instructions_of_the_halves_it_was_cast_as(half, targets, counters, cards_drawn, bears_b):
    st = stack.resolve(casting.cast(table(counters=counters), "A", GIVE_TAKE, half=half, targets=targets))
    left = 0 if half in (cards.BOTH, 1) else counters + 3
    assert (s.get(st, BEARS).counter("+1/+1"), drawn(st), s.get(st, "Bears B").counter("+1/+1")) == (left, cards_drawn, bears_b)
    assert s.zone_of(st, GIVE_TAKE) == "graveyard"


@pytest.mark.parametrize("half, targets, message", [
    (cards.BOTH, (BEARS,), "has 2 targets, one for each word"),
    (cards.BOTH, (BEARS, BEARS, BEARS), "has 2 targets, one for each word"),
    (0, (), "has 1 target, one for each word"),
    (cards.BOTH, (BEARS, "Bears B"), "Bears B is not a legal target for Give // Take: it targets creature you control"),
    (1, ("Bears B",), "Bears B is not a legal target"),
    (cards.BOTH, (TURN_BURN, BEARS), "Turn // Burn is not a legal target"),
])
def test_each_half_has_its_own_targets_and_asks_for_them(half, targets, message):
    with pytest.raises(IllegalAction, match=message):
        casting.cast(table(), "A", GIVE_TAKE, half=half, targets=targets)


@pytest.mark.parametrize("zone, alternative, half, allowed", [
    ("hand", None, cards.BOTH, True),
    ("hand", FREE, cards.BOTH, True),             # without paying its mana cost, still both (702.102a)
    ("graveyard", "flashback", cards.BOTH, False),  # not from the hand: one half only
    ("graveyard", "flashback", 0, True),
])
def test_fused_only_from_the_hand(zone, alternative, half, allowed):
    st = state({"objects": [{"card": TURN_BURN, "zone": zone, "costs": {"flashback": "{2}{U}"}}]})
    if allowed:
        cast = casting.cast(st, "A", TURN_BURN, half=half, alternative=alternative)
        assert s.get(cast, TURN_BURN).zone == "stack"
    else:
        with pytest.raises(IllegalAction, match="only a split card with fuse, from its owner's hand"):
            casting.cast(st, "A", TURN_BURN, half=half, alternative=alternative)


@pytest.mark.parametrize("card, half, on_stack, off_stack", [
    (TURN_BURN, 0, ("U",), ("U", "R")),
    (TURN_BURN, 1, ("R",), ("U", "R")),
    (TURN_BURN, cards.BOTH, ("U", "R"), ("U", "R")),   # 709.4d
    (FAR_AWAY, 1, ("B",), ("U", "B")),
])
def test_a_split_card_has_both_halves_colors_but_a_spell_of_one_half_its_own(card, half, on_stack, off_stack):
    st = table()
    assert colors.color_of(st, card) == off_stack
    cast = casting.cast(st, "A", card, half=half)
    assert colors.color_of(cast, card) == on_stack
    assert colors.color_of(s.move(cast, card, "graveyard"), card) == off_stack


def test_instructions_of_the_right_half_name_their_targets_past_the_left_halfs():
    st = casting.cast(table(), "A", GIVE_TAKE, half=cards.BOTH, targets=("Bears B", BEARS))
    spell = s.get(st, GIVE_TAKE)
    assert halves.instances(spell) == ["creature", "creature you control"]
    assert [(name, args["target"]) for name, args in halves.instructions(spell)] == [("put_counters", 0), ("take_counters", 1)]
    alone = s.get(casting.cast(table(), "A", GIVE_TAKE, half=1, targets=(BEARS,)), GIVE_TAKE)
    assert halves.instances(alone) == ["creature you control"] and halves.instructions(alone)[0][1]["target"] == 0


def test_a_spell_that_is_no_split_card_keeps_its_own_instructions_and_targets():
    st = state({"objects": [{"card": "Lightning Bolt"}]})
    bolt = s.get(st, "Lightning Bolt")
    assert halves.instructions(bolt) == bolt.effect and halves.instances(bolt) is None and halves.cast_faces(bolt) == ()
    assert halves.cast_faces(s.get(table(), GIVE_TAKE)) == ()  # in the hand: no half cast


@pytest.mark.parametrize("gone, counters_b, cards_drawn, logged", [
    (("Bears B",), 0, 2, 1),        # Give's target left: Give does nothing, Take still takes A's two counters
    ((), 3, 0, 1),                   # Take's target is no longer A's: illegal as it resolves, nothing drawn (608.2b)
    (("Bears B", BEARS), 0, 0, 0),   # every target gone: the spell doesn't resolve at all (608.2b)
])
def test_a_half_whose_target_is_gone_does_nothing(gone, counters_b, cards_drawn, logged):
    st = casting.cast(table(counters=2), "A", GIVE_TAKE, half=cards.BOTH, targets=("Bears B", BEARS))
    for oid in gone:
        st = s.move(st, oid, "graveyard")
    if not gone:
        st = s.update(st, BEARS, controller="B")
    st = stack.resolve(st)
    counters = s.get(st, "Bears B").counter("+1/+1") if s.zone_of(st, "Bears B") == "battlefield" else 0
    assert (counters, drawn(st)) == (counters_b, cards_drawn)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, halves.GONE)] == [(GIVE_TAKE, "A", "the target is gone")] * logged
    assert s.zone_of(st, GIVE_TAKE) == "graveyard"


SPLIT_DRAW = {"id": "Split Draw", "types": ["sorcery"], "layout": "split", "keywords": ["fuse"],
              "faces": [{"name": "Left", "mana_cost": "{U}", "effect": [["draw", {"count": 1}]]},
                        {"name": "Right", "mana_cost": "{G}", "keywords": ["target: creature"],
                         "effect": [["put_counters", {"kind": "+1/+1", "count": 2, "target": 0}]]}]}


def test_instructions_without_a_target_keep_their_arguments():
    st = stack.resolve(casting.cast(table(SPLIT_DRAW), "A", "Split Draw", half=cards.BOTH, targets=(BEARS,)))
    assert (drawn(st), s.get(st, BEARS).counter("+1/+1")) == (1, 2)
    spell = s.get(casting.cast(table(SPLIT_DRAW), "A", "Split Draw", half=cards.BOTH, targets=(BEARS,)), "Split Draw")
    assert halves.instructions(spell) == (("draw", {"count": 1}), ("put_counters", {"kind": "+1/+1", "count": 2, "target": 0}))


@pytest.mark.parametrize("row, expected", [
    ({"id": "No Faces", "layout": "split", "zone": "stack", "mana_cost": "{R}"}, ((), ("R",))),  # a split layout without halves: its own
    ({"card": "Giant Killer", "zone": "hand"}, ((), ("W",))),                                   # an adventurer card: its mana cost's
    ({"card": "Lightning Bolt", "zone": "stack"}, ((), ("R",))),
])
def test_objects_that_are_no_split_spell_have_no_halves_cast_and_their_own_colors(row, expected):
    st = state({"objects": [row]})
    oid = row.get("id", row.get("card"))
    assert (halves.cast_faces(s.get(st, oid)), colors.color_of(st, oid)) == expected


@pytest.mark.parametrize("effect, message", [
    ([["put_counters", {"kind": "+1/+1", "count": 1, "target": 1}]], "Spell's instruction names its target 1, but it has 1"),
    ([["take_counters", {"kind": "+1/+1", "target": -1}]], "Spell's instruction names its target -1, but it has 1"),
    ([["put_counters", {"count": 1, "target": 0}]], "Spell's instruction lacks 'kind' \\(it has \\['count', 'target'\\]\\)"),
    ([["put_counters", {"kind": "+1/+1", "target": 0}]], "lacks 'count'"),
    ([["take_counters", {"kind": "+1/+1"}]], "lacks 'target'"),
    ([["take_counters", {"target": 0}]], "lacks 'kind'"),
])
def test_an_instruction_written_wrong_is_refused_naming_the_spell(effect, message):
    st = table({"id": "Spell", "types": ["sorcery"], "zone": "stack", "effect": effect, "targets": [BEARS]})
    st = s.update(st, "Spell", targets=((BEARS, s.get(st, BEARS).number),))
    with pytest.raises(IllegalAction, match=message):
        stack.resolve(st)
