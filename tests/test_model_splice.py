"""Splice onto Arcane (kb.checks.model.splice, casting, targeting, effects): cards revealed from the
hand, their costs added, their targets after the spell's own, their effects after its own, the
cards left in the hand."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, leaving, splice, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

RAY, RAY2, MISTS, BEARS, GIANT = "Glacial Ray", "Second Glacial Ray", "Reach Through Mists", "Grizzly Bears", "Hill Giant"


def table(*more):
    """A's two Glacial Rays, Reach Through Mists and Shock in hand, a card in A's library; B's Grizzly Bears and Hill Giant."""
    objects = [{"card": RAY}, {"card": RAY, "id": RAY2}, {"card": MISTS}, {"card": "Shock"},
               {"id": "Card 1", "types": ["instant"], "zone": "library"},
               {"card": BEARS, "zone": "battlefield", "owner": "B"}, {"card": GIANT, "zone": "battlefield", "owner": "B"}]
    return state({"objects": objects + list(more)})


def order(st) -> list[str]:
    return [f"{e.kind} {e.obj}" for e in st.events if e.kind in ("draw", "damage")]


@pytest.mark.parametrize("card, spliced, targets, total, after", [
    (MISTS, (), (), "{U}", ["draw Card 1"]),
    (MISTS, (RAY,), (BEARS,), "{1}{U}{R}", ["draw Card 1", "damage Grizzly Bears"]),          # its effect after the spell's own
    (MISTS, (RAY, RAY2), (BEARS, GIANT), "{2}{U}{R}{R}", ["draw Card 1", "damage Grizzly Bears", "damage Hill Giant"]),
    (MISTS, (RAY2, RAY), (GIANT, BEARS), "{2}{U}{R}{R}", ["draw Card 1", "damage Hill Giant", "damage Grizzly Bears"]),
    (RAY, (RAY2,), (GIANT, GIANT), "{2}{R}{R}", ["damage Hill Giant", "damage Hill Giant"]),   # the same object for each "target" (115.3)
])  # fmt: skip
def test_a_spliced_spell_pays_for_its_splices_and_does_their_text_after_its_own(card, spliced, targets, total, after):
    st = casting.cast(table(), "A", card, splice=spliced, targets=targets)
    assert s.get(st, card).spell.total == total and [t for t, _ in s.get(st, card).targets] == list(targets)
    assert [e.obj for e in s.events(st, splice.REVEAL)] == list(spliced)
    st = stack.resolve(st)
    assert order(st) == after
    assert all(s.zone_of(st, oid) == "hand" for oid in spliced) and s.zone_of(st, card) == "graveyard"


def test_the_spliced_cards_stay_in_the_hand_when_the_spell_is_countered_and_it_loses_their_text():
    st = leaving.counter(casting.cast(table(), "A", MISTS, splice=(RAY,), targets=(BEARS,)), MISTS)
    assert (s.zone_of(st, RAY), s.zone_of(st, MISTS), s.get(st, MISTS).spell) == ("hand", "graveyard", None)
    assert s.zone_of(st, BEARS) == "battlefield"


@pytest.mark.parametrize("card, spliced, targets, message", [
    (RAY, (RAY,), (BEARS, BEARS), "Glacial Ray can't be spliced onto itself"),
    (MISTS, (RAY, RAY), (BEARS, BEARS), "Glacial Ray can be spliced onto Reach Through Mists only once"),
    (MISTS, (RAY,), (), "needs a target for each word \"target\" of the text spliced onto it: 1, not 0"),
    (RAY, (RAY2,), (BEARS,), "Glacial Ray has 1 target\\(s\\) of its own before those of the text spliced onto it, not 0"),
    (RAY, (RAY2,), (BEARS, BEARS, GIANT), "Glacial Ray has 1 target\\(s\\) of its own before those of the text spliced onto it, not 2"),
    ("Shock", (RAY,), (BEARS, BEARS), "Shock is not an Arcane spell"),
    (MISTS, ("Shock",), (), "Shock has no splice onto Arcane"),
    (MISTS, ("B's Ray",), (BEARS,), "B's Ray is not in A's hand"),
    (MISTS, ("Library Ray",), (BEARS,), "Library Ray is not in A's hand"),
    (MISTS, (RAY,), ("Card 1",), "Card 1 is not a legal target"),
])  # fmt: skip
def test_what_can_be_spliced(card, spliced, targets, message):
    st = table({"card": RAY, "id": "B's Ray", "owner": "B"}, {"card": RAY, "id": "Library Ray", "zone": "library"})
    with pytest.raises(IllegalAction, match=message):
        casting.cast(st, "A", card, splice=spliced, targets=targets)


def test_a_spell_nothing_was_spliced_onto_has_its_own_instructions_and_targets():
    st = casting.cast(table(), "A", RAY, targets=(BEARS,))
    spell = s.get(st, RAY)
    assert splice.target_kinds(spell) == [] and splice.instructions(spell) == (("deal_damage", {"target": 0, "amount": 2}),)
    assert splice.target_kinds(s.get(st, MISTS)) == [] and splice.instructions(s.get(st, MISTS)) == (("draw", {"count": 1}),)


def test_each_spliced_card_is_revealed_by_its_caster():
    st = casting.cast(table(), "A", MISTS, splice=(RAY, RAY2), targets=(BEARS, GIANT))
    assert [(e.obj, e.player, e.detail) for e in s.events(st, splice.REVEAL)] == [
        (RAY, "A", "spliced (702.47a)"), (RAY2, "A", "spliced (702.47a)")]


def test_the_card_named_twice_is_the_one_refused():
    with pytest.raises(IllegalAction, match="^Glacial Ray can be spliced onto Reach Through Mists only once"):
        casting.cast(table(), "A", MISTS, splice=(RAY2, RAY, RAY), targets=(BEARS, BEARS, BEARS))


def test_each_spliced_card_has_its_own_targets_after_the_spell_s_and_the_cards_before():
    """Glacial Ray with two Glacial Rays spliced: three targets, the spell's own first, each card's
    in order; a spliced instruction with no target (a draw) is added as it is."""
    third = {"card": RAY, "id": "Third Glacial Ray"}
    draw = {"id": "Spliced Draw", "types": ["instant", "arcane"], "mana_cost": "{U}", "costs": {"splice": "{1}"},
            "effect": [["draw", {"count": 1}]]}
    st = casting.cast(table(third, draw), "A", RAY, splice=(RAY2, "Spliced Draw", "Third Glacial Ray"), targets=(BEARS, GIANT, GIANT))
    spell = s.get(st, RAY)
    assert [args.get("target") for _, args in splice.instructions(spell)] == [0, 1, None, 2]
    st = stack.resolve(st)
    assert order(st) == ["damage Grizzly Bears", "damage Hill Giant", "draw Card 1", "damage Hill Giant"]


def test_a_refusal_of_a_spell_s_own_targets_names_it():
    with pytest.raises(IllegalAction, match="^Give // Take has 2 targets, one for each word"):
        casting.cast(state({"objects": [{"card": "Give // Take"}, {"card": BEARS, "zone": "battlefield"}]}), "A", "Give // Take",
                     half="both", targets=(BEARS,))
