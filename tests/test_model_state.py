"""The one game state (400-405): zone changes make new objects (400.7), the stack, triggers
waiting for priority in APNAP order (603.3b), the event log and the small queries."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks.claims.build import state
from kb.checks.model import state as s
from kb.checks.model.state import Cast, Event


def busy():
    return state({"players": ["A", "B", "C"], "active": "B", "turn": 4, "objects": [
        {"id": "Bear", "card": "Grizzly Bears", "zone": "battlefield", "controller": "C", "tapped": True,
         "counters": {"+1/+1": 2}, "goaded_by": ["B"], "face_down": True, "targets": ["Shock"], "face": 1},
        {"card": "Shock", "zone": "stack", "owner": "B", "cast": {"x": 3}}]})


@pytest.mark.parametrize("zone, controller, expected_controller, sick", [
    ("graveyard", None, None, False), ("battlefield", None, "A", True), ("battlefield", "B", "B", True),
    ("stack", "C", "C", False), ("exile", "C", None, False)])
def test_move_makes_a_new_object(zone, controller, expected_controller, sick):
    st = busy()
    s.get(st, "Bear")
    st = s.update(st, "Bear", attacking="A")
    moved = s.move(st, "Bear", zone, controller)
    bear = s.get(moved, "Bear")
    assert (bear.zone, bear.controller, bear.sick) == (zone, expected_controller, sick)
    assert (bear.tapped, bear.goaded_by, bear.attacking, bear.counters, bear.targets, bear.face, bear.face_down) == (
        False, (), None, (), (), 0, False)
    assert bear.number == st.counter and moved.counter == st.counter + 1
    assert moved.events[-1] == Event("move", "Bear", "A", f"battlefield -> {zone}", 4)


def test_move_keeps_a_spell_only_on_the_stack():
    st = busy()
    assert s.get(s.move(st, "Shock", "graveyard"), "Shock").spell is None
    again = s.move(st, "Shock", "stack", "C")
    assert s.get(again, "Shock").spell == Cast(x=3) and again.stack == ()
    assert s.move(st, "Shock", "exile").stack == ()
    assert s.move(st, "Shock", "exile", face_down=True, number=99).objects[-1].face_down


def test_put_update_remove_push():
    st = busy()
    new = replace(s.get(st, "Shock"), id="Bolt", zone="hand", spell=None)
    added = s.put(st, new)
    assert [o.id for o in added.objects] == ["Bear", "Shock", "Bolt"]
    assert [o.id for o in s.put(added, replace(new, tapped=True)).objects] == ["Bear", "Shock", "Bolt"]
    assert s.update(st, "Bear", tapped=False).objects[0].tapped is False
    gone = s.remove(st, "Shock")
    assert gone.stack == () and [o.id for o in gone.objects] == ["Bear"]
    pushed = s.push(replace(added, passed=("A",)), new)
    assert pushed.stack == ("Shock", "Bolt") and s.zone_of(pushed, "Bolt") == "stack" and pushed.passed == ()
    assert s.push(pushed, s.get(pushed, "Shock")).stack == ("Bolt", "Shock")


def test_queries():
    st = busy()
    assert s.find(st, "Nobody") is None and s.zone_of(st, "Nobody") is None and s.zone_of(st, "Bear") == "battlefield"
    assert s.controller_of(st, "Bear") == "C" and s.controller_of(st, "Shock") == "B"
    assert [o.id for o in s.in_zone(st, "battlefield", "C")] == ["Bear"] and s.in_zone(st, "battlefield", "A") == ()
    assert [o.id for o in s.in_zone(st, "stack")] == ["Shock"]
    hand = state({"objects": [{"card": "Shock", "zone": "hand", "controller": "B"}]})
    assert [o.id for o in s.in_zone(hand, "hand", "A")] == ["Shock"]
    assert s.apnap(st) == ("B", "C", "A") and s.opponents(st, "B") == ("A", "C") and s.holder(st) == "B"
    left = replace(st, left=("C",))
    assert s.in_game(left) == ("A", "B") and s.apnap(left) == ("B", "A")
    assert s.apnap(replace(st, left=("B",))) == ("A", "C")
    assert s.holder(replace(st, priority="A")) == "A"
    assert s.get(st, "Bear").counter("+1/+1") == 2 and s.get(st, "Bear").counter("time") == 0
    assert s.get(st, "Bear").keyword_cost("madness") is None and s.get(st, "Bear").permanent_card
    assert not s.get(st, "Shock").permanent_card


def test_log_stamps_the_turn_and_events_filters():
    st = s.log(s.log(busy(), Event("cast", "Shock", "B")), Event("draw", "x", "A"))
    assert st.events == (Event("cast", "Shock", "B", "", 4), Event("draw", "x", "A", "", 4))
    assert s.events(st, "draw") == (Event("draw", "x", "A", "", 4),)


def test_new_id_and_triggers():
    st = busy()
    assert s.new_id(st, "Fresh") == "Fresh" and s.new_id(st, "Shock") == "Shock (2)"
    st = s.trigger(st, s.ability("T", "A", "Bear", (("nothing", {}),)))
    st = s.trigger(st, s.ability("T", "C", "Bear", ()))
    st = s.trigger(st, s.ability("T", "B", "Shock", ()))
    assert [(p.id, p.controller, p.owner, p.kind, p.zone, p.source) for p in st.pending] == [
        ("T", "A", "A", "ability", "stack", "Bear"), ("T (2)", "C", "C", "ability", "stack", "Bear"),
        ("T (3)", "B", "B", "ability", "stack", "Shock")]
    assert [p.number for p in st.pending] == [3, 4, 5] and st.counter == 6
    assert s.new_id(st, "T") == "T (4)"
    ordered = s.to_priority(st)
    assert ordered.stack == ("Shock", "T (3)", "T (2)", "T") and ordered.pending == ()
    assert s.to_priority(replace(st, resolving="Shock")) == replace(st, resolving="Shock")
    gone = s.to_priority(replace(st, left=("C",)))
    assert gone.stack == ("Shock", "T (3)", "T", "T (2)")


def test_new_id_skips_objects_and_pending():
    st = state({"objects": [{"card": "Shock", "zone": "hand"}, {"id": "Shock (2)", "card": "Shock", "zone": "hand"}]})
    assert s.new_id(st, "Shock") == "Shock (3)"
