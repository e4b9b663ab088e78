"""Dungeons (309) and venturing into them (701.49): one dungeon at a time, chosen from outside the
game; the marker moves down the arrows; each room triggers; the last room's ability gone, the
dungeon is completed."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import dungeon, leaving, stack
from kb.checks.model import state as s
from kb.checks.model.abilities import TRIGGERED, Ability
from kb.checks.model.errors import IllegalAction

MINE, TOMB = "Lost Mine of Phandelver", "Tomb of Annihilation"
ROOMS = ["Cave Entrance", "Goblin Lair", "Mine Tunnels", "Storeroom", "Dark Pool", "Fungi Cavern", "Temple of Dumathoin"]


def game(room=None, owner="A", tomb="outside the game"):
    mine = {"card": MINE, "owner": owner, "zone": dungeon.OUTSIDE}
    if room is not None:
        mine = {**mine, "zone": "command", "counters": {dungeon.MARKER: ROOMS.index(room) + 1}}
    return state({"objects": [mine, {"card": TOMB, "zone": tomb}, {"card": "Forest", "zone": "library"}]})


def room(st, card=MINE):
    found = dungeon.room_of(s.get(st, card))
    return None if found is None else found.name


def triggered(st) -> list[str]:
    return [p.id for p in st.pending] + list(st.stack)


@pytest.mark.parametrize(
    "start, chosen, to",
    [
        ("Cave Entrance", "Goblin Lair", "Goblin Lair"),
        ("Cave Entrance", "Mine Tunnels", "Mine Tunnels"),
        ("Goblin Lair", "Dark Pool", "Dark Pool"),
        ("Mine Tunnels", "Fungi Cavern", "Fungi Cavern"),
        ("Dark Pool", None, "Temple of Dumathoin"),  # one arrow: no choice
    ],
)
def test_the_marker_moves_down_an_arrow(start, chosen, to):
    after = dungeon.venture(game(start), "A", room=chosen)
    assert room(after) == to and triggered(after) == [f"{dungeon.PREFIX}{to} of {MINE}"]


@pytest.mark.parametrize(
    "start, chosen, message",
    [
        ("Cave Entrance", None, "choose the room to venture into: Goblin Lair, Mine Tunnels"),
        ("Goblin Lair", "Mine Tunnels", "Mine Tunnels is not a room an arrow points to from Goblin Lair"),
        ("Goblin Lair", "Cave Entrance", "only Storeroom, Dark Pool"),
        ("Cave Entrance", "Temple of Dumathoin", "not a room an arrow points to"),
    ],
)
def test_no_room_but_down_an_arrow(start, chosen, message):
    with pytest.raises(IllegalAction, match=message):
        dungeon.venture(game(start), "A", room=chosen)


@pytest.mark.parametrize(
    "start, chosen, message",
    [
        (None, None, "choose one from outside the game \\(701.49a\\)"),
        ("Cave Entrance", TOMB, "another dungeon can't come in \\(309.3\\)"),
        (None, "Forest", "Forest is not a dungeon card A owns outside the game"),
    ],
)
def test_dungeon_refused(start, chosen, message):
    with pytest.raises(IllegalAction, match=message):
        dungeon.venture(game(start), "A", dungeon=chosen)


def test_another_players_dungeon_is_not_theirs():
    with pytest.raises(IllegalAction, match="not a dungeon card A owns"):
        dungeon.venture(game(owner="B"), "A", dungeon=MINE)


@pytest.mark.parametrize("chosen, top", [(MINE, "Cave Entrance"), (TOMB, "Trapped Entry")])
def test_a_dungeon_comes_in_at_its_topmost_room(chosen, top):
    after = dungeon.venture(game(), "A", dungeon=chosen)
    assert s.zone_of(after, chosen) == "command" and room(after, chosen) == top
    assert dungeon.dungeon_of(after, "A").id == chosen and dungeon.dungeon_of(after, "B") is None


def test_the_same_dungeon_named_moves_on_in_it():
    assert room(dungeon.venture(game("Dark Pool"), "A", dungeon=MINE)) == "Temple of Dumathoin"


def test_from_the_bottommost_room_a_new_dungeon():
    after = dungeon.venture(game("Temple of Dumathoin"), "A", dungeon=TOMB)
    assert s.zone_of(after, MINE) == dungeon.OUTSIDE and [e.obj for e in s.events(after, "complete")] == [MINE]
    assert room(after, TOMB) == "Trapped Entry" and room(after) is None


@pytest.mark.parametrize(
    "start, waiting, completed",
    [("Temple of Dumathoin", False, True), ("Temple of Dumathoin", True, False), ("Dark Pool", False, False)],
)
def test_completed_once_its_last_room_left_the_stack(start, waiting, completed):
    st = game(start)
    if waiting:
        st = s.to_priority(s.trigger(st, s.ability(f"{dungeon.PREFIX}{start} of {MINE}", "A", MINE, ())))
    after = leaving.state_based(st)
    assert (s.zone_of(after, MINE) == dungeon.OUTSIDE) == completed
    assert [e.obj for e in s.events(after, "complete")] == ([MINE] if completed else [])


def test_another_ability_doesnt_keep_a_dungeon():
    st = s.to_priority(s.trigger(game("Temple of Dumathoin"), s.ability("other", "A", MINE, ())))
    assert s.zone_of(leaving.state_based(st), MINE) == dungeon.OUTSIDE


def test_a_card_with_rooms_is_no_dungeon_without_the_type():
    rooms = (Ability("Hall", TRIGGERED, on=dungeon.ROOM, condition=("room",)),)
    st = s.put(game(), s.Obj("Odd", "A", "command", abilities=rooms, counters=((dungeon.MARKER, 1),)))
    assert s.zone_of(leaving.state_based(st), "Odd") == "command" and dungeon.dungeon_of(st, "A") is None


def test_the_last_rooms_ability_resolves_then_the_dungeon_is_completed():
    st = s.to_priority(dungeon.venture(game("Dark Pool"), "A"))
    assert s.zone_of(leaving.state_based(st), MINE) == "command"
    after = stack.resolve(st)
    assert s.zone_of(after, MINE) == dungeon.OUTSIDE and s.in_zone(after, "hand", "A")[0].id == "Forest"


@pytest.mark.parametrize("place, name", [(0, None), (1, "Cave Entrance"), (7, "Temple of Dumathoin"), (8, None)])
def test_room_of(place, name):
    st = game("Cave Entrance")
    st = s.update(st, MINE, counters=((dungeon.MARKER, place),))
    assert room(st) == name


def test_venturing_and_completing_are_logged_as_the_owners():
    st = dungeon.venture(game("Dark Pool", owner="B"), "B")
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "venture")] == [(MINE, "B", "Temple of Dumathoin")]
    assert [p.controller for p in st.pending] == ["B"]
    st = leaving.state_based(stack.resolve(s.to_priority(st)))
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "complete")] == [(MINE, "B", "309.7")]


def test_another_players_dungeon_doesnt_count_as_theirs():
    after = dungeon.venture(game("Cave Entrance", owner="B"), "A", dungeon=TOMB)
    assert room(after, TOMB) == "Trapped Entry" and room(after) == "Cave Entrance"
