"""Sagas (714): lore counters trigger the chapters they reach, a Saga gets one as it enters and as
its controller's precombat main phase begins, and it is sacrificed once its last chapter has left
the stack."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import entering, leaving, saga, stack
from kb.checks.model import state as s
from kb.checks.model.abilities import TRIGGERED, Ability
from kb.checks.model.errors import IllegalAction

BENALIA, INVASION = "History of Benalia", "Invasion of the Giants"


def game(card=BENALIA, lore=1, owner="A", step="main1", **extra):
    return state({"step": step, "objects": [{"card": card, "zone": "battlefield", "owner": owner, "counters": {"lore": lore}, **extra}]})


def chapter(number: int, card=BENALIA) -> str:
    return f"{saga.PREFIX}{number} of {card}"


def waiting(st) -> list[str]:
    return [p.id for p in st.pending] + list(st.stack)


@pytest.mark.parametrize(
    "lore, count, triggered",
    [
        (0, 1, [1]),
        (1, 1, [2]),
        (1, 2, [2, 3]),  # passing a chapter's number triggers it too (714.2b)
        (0, 3, [1, 2, 3]),
        (2, 1, [3]),  # I and II were reached already
        (3, 1, []),  # past the final chapter
        (1, 0, []),
    ],
)
def test_lore_counters_trigger_the_chapters_they_reach(lore, count, triggered):
    after = saga.add_counters(game(lore=lore), BENALIA, saga.LORE, count)
    assert waiting(after) == [chapter(n) for n in triggered]
    assert s.get(after, BENALIA).counter(saga.LORE) == lore + count


@pytest.mark.parametrize(
    "kind, zone, face_down",
    [("+1/+1", "battlefield", False), (saga.LORE, "graveyard", False), (saga.LORE, "battlefield", True)],
)
def test_no_chapter_triggers(kind, zone, face_down):
    st = state({"objects": [{"card": BENALIA, "zone": zone, "face_down": face_down, "counters": {"lore": 1}}]})
    after = saga.add_counters(st, BENALIA, kind, 1)
    assert waiting(after) == [] and s.get(after, BENALIA).counter(kind) == (2 if kind == saga.LORE else 1)


def test_removing_triggers_nothing_and_the_chapter_triggers_again():
    st = saga.remove_counters(game(lore=2), BENALIA, saga.LORE, 5)
    assert s.get(st, BENALIA).counter(saga.LORE) == 0 and waiting(st) == []
    assert waiting(saga.add_counters(st, BENALIA, saga.LORE, 2)) == [chapter(1), chapter(2)]


@pytest.mark.parametrize("order", [[3, 2], [2, 3]])
def test_chapters_in_the_order_chosen(order):
    after = s.to_priority(saga.add_counters(game(), BENALIA, saga.LORE, 2, order=order))
    assert list(after.stack) == [chapter(n) for n in order]


@pytest.mark.parametrize("order, count", [([1, 2], 2), ([2], 2), ([2, 3, 3], 2), ([2], 0), ([-1], -1)])
def test_an_order_of_other_chapters_refused(order, count):
    with pytest.raises(IllegalAction):
        saga.add_counters(game(), BENALIA, saga.LORE, count, order=order)


@pytest.mark.parametrize(
    "abilities, final",
    [
        ((), 0),
        ((Ability("chapter III", TRIGGERED, on=saga.CHAPTER, condition=("chapter", 3)),
          Ability("chapter I", TRIGGERED, on=saga.CHAPTER, condition=("chapter", 1))), 3),
        ((Ability("landfall", TRIGGERED, on="landfall", condition=("chapter", 9)),), 0),
        ((Ability("chapter", TRIGGERED, on=saga.CHAPTER),), 0),  # no number: no chapter
        ((Ability("chapter", TRIGGERED, on=saga.CHAPTER, condition=("chapter",)),), 0),
    ],
)
def test_final_chapter(abilities, final):
    assert saga.final_chapter(s.Obj("x", "A", "battlefield", abilities=abilities)) == final


@pytest.mark.parametrize(
    "lore, owner, step, counters, stacked",
    [
        (1, "A", "draw", {"A": 2}, [chapter(2)]),
        (1, "B", "draw", {"B": 1}, []),  # not the active player's Saga
        (2, "A", "draw", {"A": 3}, [chapter(3)]),
    ],
)
def test_precombat_main_adds_a_lore_counter(lore, owner, step, counters, stacked):
    after = stack.go_to(game(lore=lore, owner=owner, step=step), s.MAIN1)
    assert s.get(after, BENALIA).counter(saga.LORE) == counters[owner]
    assert list(after.stack) == stacked and s.zone_of(after, BENALIA) == "battlefield"


def test_postcombat_main_adds_none():
    after = stack.go_to(game(step=s.END_COMBAT), s.MAIN2)
    assert s.get(after, BENALIA).counter(saga.LORE) == 1 and not after.stack


def test_entering_adds_the_first_counter():
    st = state({"objects": [{"card": INVASION, "zone": "hand"}]})
    after = entering.put_onto_battlefield(st, INVASION)
    assert s.get(after, INVASION).counter(saga.LORE) == 1 and waiting(after) == [chapter(1, INVASION)]


@pytest.mark.parametrize(
    "lore, chapter_waiting, zone",
    [(3, False, "graveyard"), (4, False, "graveyard"), (2, False, "battlefield"), (3, True, "battlefield")],
)
def test_sacrificed_once_its_last_chapter_left(lore, chapter_waiting, zone):
    st = game(lore=lore)
    if chapter_waiting:
        st = s.to_priority(s.trigger(st, s.ability(chapter(3), "A", BENALIA, ())))
    after = leaving.state_based(st)
    assert s.zone_of(after, BENALIA) == zone
    assert [e.obj for e in s.events(after, "sacrifice")] == ([BENALIA] if zone == "graveyard" else [])


def test_another_ability_of_the_saga_doesnt_keep_it():
    st = s.to_priority(s.trigger(game(lore=3), s.ability("pump", "A", BENALIA, ())))
    assert s.zone_of(leaving.state_based(st), BENALIA) == "graveyard"


def test_a_chapter_of_another_saga_doesnt_keep_it():
    st = s.to_priority(s.trigger(game(lore=3), s.ability(chapter(3, INVASION), "A", INVASION, ())))
    assert s.zone_of(leaving.state_based(st), BENALIA) == "graveyard"


def test_a_permanent_without_chapters_is_no_saga():
    st = state({"objects": [{"card": "Grizzly Bears", "zone": "battlefield", "counters": {"lore": 5}}]})
    assert s.zone_of(leaving.state_based(st), "Grizzly Bears") == "battlefield"


def test_the_counters_and_the_sacrifice_are_logged():
    st = saga.add_counters(game(lore=2, owner="B"), BENALIA, saga.LORE, 1)
    assert [(e.kind, e.obj, e.player, e.detail) for e in s.events(st, "counters")] == [("counters", BENALIA, "B", "lore 2 -> 3")]
    st = leaving.state_based(stack.resolve(s.to_priority(st)))
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "sacrifice")] == [(BENALIA, "B", "714.4")]


def test_a_chapter_is_its_controllers():
    st = s.update(game(lore=1), BENALIA, controller="B")
    assert [p.controller for p in saga.add_counters(st, BENALIA, saga.LORE, 1).pending] == ["B"]
    sacrificed = leaving.state_based(s.update(game(lore=3), BENALIA, controller="B"))
    assert [e.player for e in s.events(sacrificed, "sacrifice")] == ["B"]


def test_two_chapters_of_one_number_both_trigger():
    twice = tuple(Ability(name, TRIGGERED, on=saga.CHAPTER, condition=("chapter", 1)) for name in ("first", "second"))
    st = state({"objects": [{"id": "Odd", "zone": "battlefield", "types": ["enchantment", "saga"]}]})
    st = s.update(st, "Odd", abilities=twice)
    assert waiting(saga.add_counters(st, "Odd", saga.LORE, 1)) == [chapter(1, "Odd"), f"{chapter(1, 'Odd')} (2)"]


@pytest.mark.parametrize(
    "count, order, message",
    [(-1, None, "can't put -1 counters on History of Benalia"),
     (2, [1, 2], "the chapters to order are \\[2, 3\\], not \\[1, 2\\] \\(603.3b\\)")],
)
def test_refusal_messages(count, order, message):
    with pytest.raises(IllegalAction, match=message):
        saga.add_counters(game(), BENALIA, saga.LORE, count, order=order)


@pytest.mark.parametrize("face_down, card, lore", [(False, "Grizzly Bears", 0), (True, BENALIA, 0), (False, BENALIA, 1)])
def test_only_a_face_up_saga_gets_a_lore_counter_as_it_enters(face_down, card, lore):
    st = state({"objects": [{"card": card, "zone": "hand"}]})
    after = entering.entered(s.update(s.move(st, card, "battlefield"), card, face_down=face_down), card)
    assert s.get(after, card).counter(saga.LORE) == lore


def test_precombat_main_passes_over_what_is_no_face_up_saga():
    st = state({"step": "draw", "objects": [{"card": "Grizzly Bears", "zone": "battlefield"},
                                            {"card": BENALIA, "zone": "battlefield", "face_down": True, "counters": {"lore": 1}}]})
    after = stack.go_to(st, s.MAIN1)
    assert s.get(after, "Grizzly Bears").counter(saga.LORE) == 0 and s.get(after, BENALIA).counter(saga.LORE) == 1
