"""Damage and what it does (kb.checks.model.damage): by recipient (player, creature, planeswalker)
and by source (infect, wither, lifelink), damage prevented, and losing the game to life or poison."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import colors, damage, leaving, life, player_counters
from kb.checks.model import state as s
from kb.checks.model.abilities import STATIC, Ability
from kb.checks.model.errors import IllegalAction

ELF, COLOSSUS, RAM_GANG, NIGHTHAWK = "Glistener Elf", "Blightsteel Colossus", "Boggart Ram-Gang", "Vampire Nighthawk"
BEARS, JACE, MYR = "Grizzly Bears", "Jace Beleren", "Darksteel Myr"


def board(*cards, players=("A", "B")):
    """``cards``: (card, owner) or (card, owner, id, more given), each on the battlefield."""
    objects = [{"card": row[0], "zone": "battlefield", "owner": row[1], **({"id": row[2]} if len(row) > 2 else {}),
                **(row[3] if len(row) > 3 else {})} for row in cards]
    return state({"players": list(players), "objects": objects})


def table():
    return board((ELF, "A"), (RAM_GANG, "A"), (BEARS, "A"), (BEARS, "B", "Bears B"),
                 (JACE, "B", "Jace B", {"counters": {"loyalty": 3}}))


def result(st, who):
    """What damage left on a player or permanent: (life, poison) or (damage, -1/-1, loyalty counters)."""
    if who in st.players:
        return life.life_of(st, who), player_counters.count(st, who, damage.POISON)
    obj = s.get(st, who)
    return obj.damage, obj.counter("-1/-1"), obj.counter(damage.LOYALTY)


@pytest.mark.parametrize("source, recipient, amount, prevent, expected", [
    (BEARS, "B", 2, 0, (18, 0)),                 # 120.3a
    (ELF, "B", 2, 0, (20, 2)),                   # 120.3b, 702.90b
    (RAM_GANG, "B", 3, 0, (17, 0)),              # wither: players lose life
    (BEARS, "Bears B", 1, 0, (1, 0, 0)),         # 120.3e
    (ELF, "Bears B", 1, 0, (0, 1, 0)),           # 702.90c
    (RAM_GANG, "Bears B", 1, 0, (0, 1, 0)),      # 702.80a
    (ELF, "Jace B", 2, 0, (0, 0, 1)),            # 120.3c: infect or not
    (BEARS, "Jace B", 2, 0, (0, 0, 1)),
    (ELF, "B", 3, 1, (20, 2)),                   # 615.6: the rest is dealt
    (ELF, "B", 1, 5, (20, 0)),                   # more prevented than dealt: nothing
    (BEARS, "Bears B", 2, 2, (0, 0, 0)),
])
def test_damage_by_recipient_and_source(source, recipient, amount, prevent, expected):
    assert result(damage.deal(table(), source, recipient, amount, prevent), recipient) == expected


def test_prevented_damage_is_no_damage_event():
    st = damage.deal(table(), ELF, "B", 2, prevent=2)
    assert list(s.events(st, damage.DAMAGE)) == []
    assert [(e.obj, e.detail) for e in s.events(st, "prevented")] == [("B", "615.6: 2 damage by Glistener Elf")]


def test_no_damage_is_no_event():
    before = table()
    assert damage.deal(before, ELF, "B", 0) == before  # 120.8


@pytest.mark.parametrize("source, recipient, kind, player", [
    (ELF, "B", "get poison", "B"),
    (BEARS, "B", "lose life", "B"),
])
def test_what_damage_does_names_its_source(source, recipient, kind, player):
    st = damage.deal(table(), source, recipient, 2)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, kind)] == [(source, player, "2")]


def test_the_life_lifelink_gains_names_its_source():
    st = damage.deal(board((NIGHTHAWK, "A")), NIGHTHAWK, "B", 2)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "gain life")] == [(NIGHTHAWK, "A", "2")]


def test_losing_the_game_is_logged():
    st = leaving.state_based(damage.deal(board((COLOSSUS, "A"), players=("A", "B", "C")), COLOSSUS, "B", 10))
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "loses the game")] == [("B", "B", "704.5a, 704.5c")]


def test_the_damage_event_says_who_dealt_it_and_whether_in_combat():
    st = damage.deal(table(), ELF, "B", 1, combat=True)
    st = damage.deal(st, BEARS, "Bears B", 1)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, damage.DAMAGE)] == [
        ("B", "A", "1 from Glistener Elf (combat)"), ("Bears B", "A", "1 from Grizzly Bears")]


@pytest.mark.parametrize("source, recipient, amount, prevent, gained", [
    (NIGHTHAWK, "B", 2, 0, 22),      # 702.15b
    (NIGHTHAWK, "Bears B", 3, 0, 23),  # all the damage dealt, not only the lethal part
    (NIGHTHAWK, "B", 2, 1, 21),      # only what is dealt
    (NIGHTHAWK, "B", 2, 2, 20),
    (ELF, "B", 2, 0, 20),            # no lifelink
])
def test_lifelink_gains_the_damage_dealt(source, recipient, amount, prevent, gained):
    st = board((NIGHTHAWK, "A"), (ELF, "A"), (BEARS, "B", "Bears B"))
    assert life.life_of(damage.deal(st, source, recipient, amount, prevent), "A") == gained


def test_lifelink_given_by_an_effect_works_with_infect():
    st = colors.gain_ability(board((ELF, "A")), ELF, Ability("lifelink", STATIC))
    st = damage.deal(st, ELF, "B", 1)
    assert (life.life_of(st, "A"), player_counters.count(st, "B", damage.POISON), life.life_of(st, "B")) == (21, 1, 20)


def test_a_source_that_lost_its_abilities_deals_plain_damage():
    st = colors.add(board((ELF, "A")), colors.LOSE_ABILITIES, ELF)
    st = damage.deal(st, ELF, "B", 1)
    assert (life.life_of(st, "B"), player_counters.count(st, "B", damage.POISON)) == (19, 0)


def test_a_source_in_a_graveyard_gains_its_owner_life():
    st = state({"objects": [{"card": NIGHTHAWK, "zone": "graveyard", "owner": "B"}]})
    assert life.life_of(damage.deal(st, NIGHTHAWK, "A", 1), "B") == 21  # 702.90e, 702.15d: from any zone


@pytest.mark.parametrize("poison, life_total, lost", [
    (9, 20, False), (10, 20, True), (0, 1, False), (0, 0, True), (0, -3, True),
])
def test_ten_poison_counters_or_no_life_lose_the_game(poison, life_total, lost):
    st = board((BEARS, "B"), players=("A", "B", "C"))
    st = player_counters.gain(st, "B", damage.POISON, poison) if poison else st
    st = life.change(st, "B", life_total - 20, "effect")
    st = leaving.state_based(st)
    assert ("B" not in s.in_game(st), s.zone_of(st, BEARS) == s.BATTLEFIELD) == (lost, not lost)
    assert "C" in s.in_game(st) and "A" in s.in_game(st)


def test_infect_counters_kill_an_indestructible_creature():
    st = board((ELF, "A"), (MYR, "B"))
    st = leaving.state_based(damage.deal(st, ELF, MYR, 1))
    assert s.zone_of(st, MYR) == s.GRAVEYARD


@pytest.mark.parametrize("source, recipient, amount, prevent, message", [
    (ELF, "B", -1, 0, "-1 damage"),
    (ELF, "B", 1, -1, "-1 prevented"),
    ("Nobody", "B", 1, 0, "Nobody is no object"),
    (ELF, "Z", 1, 0, "Z is no player, creature or planeswalker"),
    (ELF, "Sol Ring", 1, 0, "Sol Ring is no player, creature or planeswalker"),
    (ELF, "Bears in hand", 1, 0, "Bears in hand is no player"),
])
def test_damage_that_cant_be_dealt_is_refused(source, recipient, amount, prevent, message):
    st = state({"objects": [{"card": ELF, "zone": "battlefield"}, {"card": "Sol Ring", "zone": "battlefield", "owner": "B"},
                            {"card": BEARS, "zone": "hand", "owner": "B", "id": "Bears in hand"}]})
    with pytest.raises(IllegalAction, match=message):
        damage.deal(st, source, recipient, amount, prevent)


def test_a_player_who_left_is_dealt_no_damage():
    st = leaving.state_based(damage.deal(board((COLOSSUS, "A"), players=("A", "B", "C")), COLOSSUS, "B", 10))
    assert "B" not in s.in_game(st)
    with pytest.raises(IllegalAction, match="B has left the game"):
        damage.deal(st, COLOSSUS, "B", 1)
