"""What the turn so far and a graveyard say (kb.checks.model.history): raid, revolt, delirium."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import combat, control, history, stack
from kb.checks.model import state as s


def graveyard(*objects, owner="A"):
    return state({"objects": [{**o, "zone": "graveyard", "owner": o.get("owner", owner)} for o in objects]})


CARD = lambda i, *types, **k: {"id": i, "types": list(types), **k}  # noqa: E731


@pytest.mark.parametrize(
    "cards, count",
    [
        ([], 0),
        ([CARD("a", "artifact", "creature")], 2),  # one card, two types
        ([CARD("a", "creature"), CARD("b", "creature"), CARD("c", "creature")], 1),  # three cards, one type
        ([CARD("a", "artifact", "creature"), CARD("b", "instant"), CARD("c", "sorcery")], 4),
        ([CARD("a", "land"), CARD("b", "land"), CARD("c", "kindred", "instant"), CARD("d", "battle")], 4),
        ([CARD("a", "instant"), CARD("t", "artifact", "creature", kind="token")], 1),  # a token is no card
        ([{"card": "Kazandu Mammoth"}], 1),  # a modal double-faced card: its front face, a creature
        ([{"card": "Search for Azcanta"}], 1),  # a transforming one: enchantment, not land
        ([{"card": "Fire // Ice"}, {"card": "Grapeshot"}], 2),
    ],
)
def test_card_types_among_cards_in_a_graveyard(cards, count):
    st = graveyard(*cards)
    assert history.types_in_graveyard(st, "A") == count
    assert history.delirium(st, "A") is (count >= history.DELIRIUM)
    assert history.types_in_graveyard(st, "B") == 0 and history.delirium(st, "B") is False  # only one's own graveyard


def test_a_transformed_card_that_dies_has_its_front_face_types():
    st = state({"objects": [{"card": "Search for Azcanta", "zone": "battlefield", "face": 1, "types": ["land"]}]})
    st = s.move(st, "Search for Azcanta", s.GRAVEYARD)
    assert history.card_types(s.get(st, "Search for Azcanta")) == {"enchantment"}


def attacked(players=("A", "B"), target="B"):
    st = state({"players": list(players), "step": "declare attackers", "objects": [{"card": "Grizzly Bears", "zone": "battlefield"}]})
    return combat.declare_attackers(st, {"Grizzly Bears": target})


@pytest.mark.parametrize(
    "after, player, raided",
    [
        (lambda st: st, "A", True),
        (lambda st: st, "B", False),  # B didn't attack
        (lambda st: s.move(st, "Grizzly Bears", s.EXILE), "A", True),  # the attacker needn't stay
        (lambda st: control.leave_game(st, "B"), "A", True),  # nor the player it attacked
        (lambda st: stack.pass_turn(st), "A", False),  # another turn
        (lambda st: stack.pass_turn(stack.pass_turn(st)), "A", False),
    ],
)
def test_raid_reads_the_whole_turn(after, player, raided):
    assert history.attacked_this_turn(after(attacked(("A", "B", "C"))), player) is raided


def test_not_attacking_is_no_raid():
    st = state({"step": "declare attackers", "objects": [{"card": "Grizzly Bears", "zone": "battlefield"}]})
    assert history.attacked_this_turn(combat.declare_attackers(st, {}), "A") is False


@pytest.mark.parametrize(
    "moves, player, revolted",
    [
        ([("Bears", s.GRAVEYARD)], "A", True),
        ([("Bears", s.HAND)], "A", True),
        ([("Bears", s.EXILE), ("Forest", s.EXILE)], "A", True),  # two count as one
        ([("Thopter", s.GRAVEYARD)], "A", True),  # a token
        ([("Their Bears", s.GRAVEYARD)], "A", False),  # an opponent's permanent
        ([("Their Bears", s.GRAVEYARD)], "B", True),
        ([("Stolen", s.GRAVEYARD)], "A", True),  # owned by B, controlled by A as it left
        ([("Stolen", s.GRAVEYARD)], "B", False),
        ([("Card in hand", s.GRAVEYARD)], "A", False),  # no permanent: a discard
        ([], "A", False),
    ],
)
def test_revolt_asks_whether_a_permanent_one_controlled_left(moves, player, revolted):
    st = state({"objects": [{"id": "Bears", "card": "Grizzly Bears", "zone": "battlefield"}, {"card": "Forest", "zone": "battlefield"},
                            {"id": "Thopter", "types": ["artifact", "creature"], "kind": "token", "zone": "battlefield"},
                            {"id": "Their Bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "B"},
                            {"id": "Stolen", "card": "Grizzly Bears", "zone": "battlefield", "owner": "B"},
                            {"id": "Card in hand", "card": "Shock", "zone": "hand"}]})
    st = control.gain_control(st, "Stolen", "A", "Threaten")
    for oid, zone in moves:
        st = s.move(st, oid, zone)
    assert history.permanent_left_this_turn(st, player) is revolted
    assert history.permanent_left_this_turn(stack.pass_turn(st), player) is False


def test_a_permanent_leaving_is_logged_under_its_controller_with_where_it_went():
    st = state({"objects": [{"card": "Grizzly Bears", "zone": "battlefield", "owner": "B"}]})
    st = s.move(control.gain_control(st, "Grizzly Bears", "A", "Threaten"), "Grizzly Bears", s.EXILE)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, s.LEFT_BATTLEFIELD)] == [("Grizzly Bears", "A", s.EXILE)]
