"""Face-down permanents turned face up (708.8, 702.37, 701.40): the special action's two costs,
megamorph's counter, "when turned face up" triggers however it turns, and what doesn't turn it:
kb.checks.model.face_down."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import bodies, casting, colors, face_down, stack
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

DANCER, PROTECTOR, AVEN = "Stratus Dancer", "Den Protector", "Icefeather Aven"
MANIFESTED = {"face_down": True, "designations": [face_down.MANIFESTED]}


def board(*rows):
    """``rows``: (card, zone[, more given]); A's unless said."""
    return state({"objects": [{"card": r[0], "owner": "A", "zone": r[1], **(r[2] if len(r) > 2 else {})} for r in rows]})


def triggers(st):
    """The triggered abilities on the stack or waiting to be put there."""
    return list(st.stack) + [item.id for item in st.pending]


@pytest.mark.parametrize("card, given, paying, counters, power, waiting", [
    (DANCER, {"face_down": True}, None, 1, 3, ["Stratus Dancer turned face up (Stratus Dancer)"]),       # megamorph: the counter as it turns
    (DANCER, {"face_down": True}, face_down.MORPH, 1, 3, ["Stratus Dancer turned face up (Stratus Dancer)"]),
    (PROTECTOR, MANIFESTED, face_down.MANA_COST, 0, 2, ["Den Protector turned face up (Den Protector)"]),  # its mana cost: no counter
    (PROTECTOR, MANIFESTED, face_down.MORPH, 1, 3, ["Den Protector turned face up (Den Protector)"]),     # manifested, megamorph paid (701.40c)
    (AVEN, {"face_down": True}, None, 0, 2, ["Icefeather Aven turned face up (Icefeather Aven)"]),      # morph, not megamorph
    ("Grizzly Bears", MANIFESTED, None, 0, 2, []),                                                        # its mana cost by default
])
def test_the_special_action_turns_it_face_up_with_megamorphs_counter_only_for_its_cost(card, given, paying, counters, power, waiting):
    st = board((card, "battlefield", given))
    assert bodies.power(st, card) == 2  # face down, a 2/2 (708.2a)
    st = face_down.turn_face_up(st, "A", card, paying)
    obj = s.get(st, card)
    assert (obj.face_down, obj.counter("+1/+1"), bodies.power(st, card)) == (False, counters, power)
    assert face_down.MANIFESTED not in obj.designations  # manifested only while face down (701.40a)
    assert triggers(st) == waiting
    assert [(e.kind, e.detail) for e in st.events if e.obj == card][-1] == ("special action", "turn face up")


@pytest.mark.parametrize("card, given, paying, message", [
    (PROTECTOR, {"face_down": True}, face_down.MANA_COST, "701.40b"),   # not manifested: only its morph cost
    ("Grizzly Bears", {"face_down": True}, None, "701.40b"),             # no morph cost, not manifested
    ("Grizzly Bears", MANIFESTED, face_down.MORPH, "702.37e"),           # no morph cost face up
    ("Shock", MANIFESTED, None, "701.40b"),                              # an instant card: no special action turns it
    (DANCER, {"face_down": True}, "life", "not 'life'"),
    (DANCER, {}, None, "is not a face-down permanent A controls"),
    (DANCER, {"face_down": True, "controller": "B"}, None, "is not a face-down permanent A controls"),
])
def test_what_cant_be_turned_face_up_is_said(card, given, paying, message):
    st = board((card, "battlefield", given))
    with pytest.raises(IllegalAction, match=message.replace("(", r"\(").replace(")", r"\)")):
        face_down.turn_face_up(st, "A", card, paying)


@pytest.mark.parametrize("card, owner", [(DANCER, "A"), (DANCER, "B"), (AVEN, "B")])
def test_an_effect_turns_it_face_up_its_trigger_waits_no_counter(card, owner):
    st = board((card, "battlefield", {"face_down": True, "owner": owner}), ("Break Open", "hand"))
    st = stack.resolve(casting.cast(st, "A", "Break Open", targets=[card]))
    obj = s.get(st, card)
    assert (obj.face_down, obj.counter("+1/+1")) == (False, 0)  # no megamorph cost was paid (702.37b)
    assert triggers(st) == [f"{card} turned face up ({card})"]
    assert s.controller_of(st, triggers(st)[0]) == owner
    assert not any(e.kind == "special action" for e in st.events)


def test_a_face_down_instant_an_effect_would_turn_up_is_revealed_and_stays_face_down():
    st = board(("Shock", "battlefield", MANIFESTED))
    st = face_down.turned_face_up(st, "Shock")
    obj = s.get(st, "Shock")
    assert obj.face_down and face_down.MANIFESTED in obj.designations
    last = st.events[-1]
    assert triggers(st) == [] and (last.kind, last.obj, last.player, last.detail) == ("reveal", "Shock", "A", "left face down (701.40g)")  # 701.40g


@pytest.mark.parametrize("to", [s.GRAVEYARD, s.EXILE, s.HAND])
def test_leaving_the_battlefield_face_down_turns_nothing_face_up(to):
    st = s.move(board((AVEN, "battlefield", {"face_down": True})), AVEN, to)
    assert triggers(st) == [] and st.pending == () and not s.get(st, AVEN).face_down  # revealed, not turned (708.9)


def test_megamorphs_counter_adds_to_the_counters_already_there():
    st = board((DANCER, "battlefield", {"face_down": True, "counters": {"+1/+1": 2}}))
    st = face_down.turn_face_up(st, "A", DANCER)
    assert s.get(st, DANCER).counter("+1/+1") == 3 and bodies.power(st, DANCER) == 5


def test_an_effect_on_what_is_face_up_already_does_nothing():
    st = board((DANCER, "battlefield"))
    assert face_down.turned_face_up(st, DANCER, megamorph=True) is st


@pytest.mark.parametrize("card, given, paying, allowed", [
    ("Grizzly Bears", MANIFESTED, face_down.MANA_COST, True),      # a rule, not an ability (701.40b)
    (AVEN, MANIFESTED, face_down.MANA_COST, True),
    (AVEN, MANIFESTED, face_down.MORPH, False),                    # no morph cost face up (702.37e)
    (AVEN, {"face_down": True}, face_down.MORPH, False),
    (AVEN, {"face_down": True}, None, False),
    (PROTECTOR, MANIFESTED, face_down.MORPH, False),               # a megamorph cost is a morph cost: gone too
])
def test_a_permanent_that_lost_all_its_abilities_turns_face_up_only_as_manifested(card, given, paying, allowed):
    st = colors.add(board((card, "battlefield", given)), colors.LOSE_ABILITIES, card)
    assert face_down.morph_cost(st, card) is None
    if not allowed:
        with pytest.raises(IllegalAction, match="702.37e|701.40b"):
            face_down.turn_face_up(st, "A", card, paying)
        return
    st = face_down.turn_face_up(st, "A", card, paying)
    assert not s.get(st, card).face_down
    assert triggers(st) == []  # its abilities stay removed face up (613.1f): nothing triggers
