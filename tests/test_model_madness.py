"""Discarding, madness, milling and drawing (701.9, 702.35, 701.17, 514.1)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import discard as dis
from kb.checks.model import stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction


def hand(*cards, **given):
    return state({"objects": [{"card": c, "zone": "hand"} for c in cards], **given})


@pytest.mark.parametrize(
    "card, other, choose, zone, trigger",
    [
        ("Fiery Temper", None, True, "exile", True),
        ("Shock", None, True, "graveyard", False),
        ("Fiery Temper", "exile", True, "exile", True),
        ("Fiery Temper", "exile", False, "exile", False),
        ("Fiery Temper", "library", False, "library", False),
        ("Shock", "exile", True, "exile", False),
    ],
)
def test_discard(card, other, choose, zone, trigger):
    st = dis.discard(hand(card), "A", card, dis.COST, other=other, choose_madness=choose)
    assert s.zone_of(st, card) == zone
    assert [p.id for p in st.pending] == ([f"madness trigger of {card}"] if trigger else [])
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "discard")] == [(card, "A", "cost")]


@pytest.mark.parametrize(
    "zone, player, reason, message",
    [
        ("library", "A", dis.EFFECT, "is in the library, not in A's hand"),
        ("graveyard", "A", dis.EFFECT, "is in the graveyard, not in A's hand"),
        ("hand", "B", dis.EFFECT, "not in B's hand: cards are discarded only from their owner's hand"),
        ("hand", "A", "choice", "because of 'choice': a player discards only to pay a cost"),
    ],
)
def test_discard_errors(zone, player, reason, message):
    st = state({"objects": [{"card": "Fiery Temper", "zone": zone}]})
    with pytest.raises(IllegalAction, match=message):
        dis.discard(st, player, "Fiery Temper", reason)


def test_discard_watchers():
    st = state({"objects": [{"card": "Shock", "zone": "hand"}, {"card": "Waste Not", "owner": "B", "zone": "battlefield"},
                            {"card": "Curator of Mysteries", "zone": "battlefield"}]})
    plain = dis.discard(st, "A", "Shock", dis.EFFECT)
    assert [(p.id, p.controller, p.source) for p in plain.pending] == [("Waste Not trigger (Shock)", "B", "Waste Not")]
    cycled = dis.discard(st, "A", "Shock", dis.COST, cycled=True)
    assert [p.id for p in cycled.pending] == ["Waste Not trigger (Shock)", "scry (Shock)"]


def test_madness_trigger_and_priority():
    st = dis.discard(hand("Fiery Temper", "Alms of the Vein"), "A", "Fiery Temper", dis.EFFECT)
    trigger = st.pending[0]
    assert (trigger.controller, trigger.source, trigger.effect) == ("A", "Fiery Temper", (("madness", {"card": "Fiery Temper"}),))
    assert not st.stack
    st = s.to_priority(st)
    assert st.stack == ("madness trigger of Fiery Temper",) and not st.pending


def test_madness_resolution_paths():
    st = s.to_priority(dis.discard(hand("Fiery Temper"), "A", "Fiery Temper", dis.EFFECT))
    cast = stack.resolve(st, {"cast": True})
    spell = s.get(cast, "Fiery Temper")
    assert (spell.zone, spell.spell.cast_from, spell.spell.alternative, spell.spell.total) == ("stack", "exile", "madness", "{R}")
    declined = stack.resolve(st, {"cast": False})
    assert s.zone_of(declined, "Fiery Temper") == "graveyard"
    bounced = stack.resolve(s.move(st, "Fiery Temper", "hand"), {"cast": True})
    assert s.zone_of(bounced, "Fiery Temper") == "hand" and not bounced.stack


@pytest.mark.parametrize("size, chosen, message", [(3, ("Fiery Temper",), "no excess"), (9, ("Fiery Temper",), "exactly 2")])
def test_cleanup_errors(size, chosen, message):
    st = state({"step": "cleanup", "objects": [{"card": "Fiery Temper", "zone": "hand"}] + [
        {"id": f"L{i}", "card": "Shock", "zone": "hand"} for i in range(size - 1)]})
    with pytest.raises(IllegalAction, match=message):
        dis.cleanup_discard(st, "A", chosen)


def test_cleanup_only_in_the_cleanup_step_for_the_active_player():
    cards = [{"id": f"L{i}", "card": "Shock", "zone": "hand"} for i in range(8)]
    assert len(dis.cleanup_discard(state({"step": "cleanup", "objects": cards}), "A", ("L0",)).objects) == 8
    with pytest.raises(IllegalAction):
        dis.cleanup_discard(state({"step": "end", "objects": cards}), "A", ("L0",))
    with pytest.raises(IllegalAction):
        dis.cleanup_discard(state({"step": "cleanup", "active": "B", "objects": cards}), "A", ("L0",))


def test_mill_and_draw():
    st = state({"objects": [{"id": f"C{i}", "card": "Shock", "zone": "library"} for i in range(3)]})
    milled = dis.mill(st, "A", 2)
    assert [s.zone_of(milled, f"C{i}") for i in range(3)] == ["graveyard", "graveyard", "library"]
    assert not s.events(milled, "discard")
    drawn = dis.draw(st, "A", 2)
    assert [s.zone_of(drawn, f"C{i}") for i in range(3)] == ["hand", "hand", "library"]
    assert [e.obj for e in s.events(drawn, "draw")] == ["C0", "C1"]
    assert dis.draw(st, "B", 1) == st


def test_defaults():
    st = dis.discard(hand("Fiery Temper"), "A", "Fiery Temper", dis.EFFECT, other="exile")
    assert st.pending and s.zone_of(st, "Fiery Temper") == "exile"  # the owner picks madness unless told
    two = state({"objects": [{"id": "A1", "card": "Shock", "zone": "library"}, {"id": "A2", "card": "Shock", "zone": "library"},
                             {"id": "B1", "card": "Shock", "zone": "library", "owner": "B"}]})
    assert [s.zone_of(dis.mill(two, "A"), o) for o in ("A1", "A2", "B1")] == ["graveyard", "library", "library"]
    assert [s.zone_of(dis.draw(two, "A"), o) for o in ("A1", "A2", "B1")] == ["hand", "library", "library"]
    assert [s.zone_of(dis.mill(two, "B", 2), o) for o in ("A1", "A2", "B1")] == ["library", "library", "graveyard"]
