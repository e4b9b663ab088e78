"""Indestructible, regeneration and umbra armor (kb.checks.model.destruction): what destruction,
by an effect or by lethal damage, does to a permanent that one of them protects, and what it doesn't."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import destruction, dying, leaving
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

BEARS, SPIDER, HYENA, MYR, GIANT = "Grizzly Bears", "Spider Umbra", "Hyena Umbra", "Darksteel Myr", "Hill Giant"
UMBRA_KEYWORDS = ["target: creature", "umbra armor"]


def board(*rows):
    return state({"objects": [{"zone": "battlefield", **row} for row in rows]})


def on(aura, what=BEARS, **row):
    return {"card": aura, "attached_to": what, **row}


def zones(st):
    return {o.id: o.zone for o in st.objects}


@pytest.mark.parametrize(
    "rows, destroyed, chosen, graveyard, damage",
    [
        ([{"card": BEARS, "damage": 1}, on(SPIDER)], [BEARS], None, [SPIDER], 0),  # 702.89a: saved, damage removed
        ([{"card": BEARS}], [BEARS], None, [BEARS], 0),  # no Aura: destroyed
        ([{"card": BEARS, "damage": 1}, on(SPIDER, keywords=["target: creature"])], [BEARS], None, [BEARS, SPIDER], 1),  # an Aura without it
        ([{"card": BEARS}, on(SPIDER), on(HYENA)], [BEARS], None, [SPIDER], 0),  # one Aura: the first by default
        ([{"card": BEARS}, on(SPIDER), on(HYENA)], [BEARS], {BEARS: HYENA}, [HYENA], 0),  # 616.1: its controller's choice
        ([{"card": BEARS}, on(SPIDER), {"card": GIANT}], [BEARS, SPIDER, GIANT], None, [GIANT, SPIDER], 0),  # both at once: once
        ([{"card": MYR, "damage": 1}, on(SPIDER, MYR)], [MYR], None, [], 1),  # 702.12b: indestructible, nothing happens
        ([{"card": BEARS, "damage": 1}, on(SPIDER, keywords=[*UMBRA_KEYWORDS, "indestructible"])], [BEARS], None, [], 0),
        ([{"card": MYR}], [MYR], None, [], 0),
        ([{"card": MYR}, {"card": BEARS}], [MYR, BEARS], None, [BEARS], 0),  # the others are destroyed still
    ],
)
def test_destroying(rows, destroyed, chosen, graveyard, damage):
    st = leaving.state_based(dying.destroy(board(*rows), destroyed, chosen))
    assert sorted(o.id for o in s.in_zone(st, s.GRAVEYARD)) == graveyard
    saved = destroyed[0]
    if saved not in graveyard:
        assert s.get(st, saved).damage == damage


@pytest.mark.parametrize(
    "rows, amount, graveyard",
    [
        ([{"card": BEARS}, on(SPIDER)], 2, [SPIDER]),  # 704.5g is destruction: replaced
        ([{"card": BEARS}, on(SPIDER)], 1, []),  # not lethal
        ([{"card": MYR}, on(SPIDER, MYR)], 5, []),  # indestructible ignores 704.5g
        ([{"card": BEARS}, on(SPIDER, keywords=[*UMBRA_KEYWORDS, "indestructible"])], 9, []),
    ],
)
def test_lethal_damage(rows, amount, graveyard):
    st = leaving.state_based(dying.deal_damage(board(*rows), rows[0]["card"], amount))
    assert sorted(o.id for o in s.in_zone(st, s.GRAVEYARD)) == graveyard
    assert s.zone_of(st, rows[0]["card"]) == s.BATTLEFIELD


def test_lethal_damage_replaced_removes_the_damage_and_logs_the_aura():
    st = leaving.state_based(dying.deal_damage(board({"card": BEARS}, on(SPIDER), on(HYENA)), BEARS, 3))
    assert s.get(st, BEARS).damage == 0
    assert [(e.obj, e.detail) for e in s.events(st, "umbra armor")] == [(SPIDER, "702.89a: instead of Grizzly Bears")]
    assert s.zone_of(st, HYENA) == s.BATTLEFIELD


def test_a_saved_permanent_stays_as_it_was():
    st = board({"card": BEARS, "tapped": True}, on(SPIDER))
    st = s.update(st, BEARS, attacking="B")
    st = dying.destroy(st, [BEARS])
    bears = s.get(st, BEARS)
    assert (bears.zone, bears.tapped, bears.attacking, bears.number) == (s.BATTLEFIELD, True, "B", s.get(board({"card": BEARS}), BEARS).number)


@pytest.mark.parametrize(
    "kill, graveyard",
    [
        (lambda st: dying.sacrifice(st, "A", BEARS), [BEARS, SPIDER]),  # 701.21a is no destruction
        (lambda st: s.update(st, BEARS, toughness=0), [BEARS, SPIDER]),  # 704.5f
    ],
)
def test_only_destruction_is_replaced(kill, graveyard):
    st = leaving.state_based(kill(board({"card": BEARS}, on(SPIDER))))
    assert sorted(o.id for o in s.in_zone(st, s.GRAVEYARD)) == graveyard
    assert s.events(st, "umbra armor") == ()


def test_an_aura_that_lost_its_abilities_saves_nothing():
    from kb.checks.model import colors

    st = colors.add(board({"card": BEARS}, on(SPIDER)), colors.LOSE_ABILITIES, SPIDER)
    st = leaving.state_based(dying.destroy(st, [BEARS]))
    assert s.zone_of(st, BEARS) == s.GRAVEYARD


@pytest.mark.parametrize(
    "destroyed, chosen, message",
    [
        ([BEARS], {BEARS: GIANT}, "Hill Giant is no replacement that applies to Grizzly Bears: its controller chooses among Spider Umbra (616.1)"),
        ([BEARS], {BEARS: "regeneration"}, "regeneration is no replacement that applies to Grizzly Bears: its controller chooses among Spider Umbra (616.1)"),  # no shield
        ([BEARS], {GIANT: SPIDER, "Pacifism": SPIDER}, "no replacement was chosen for Hill Giant, Pacifism: none of it would be destroyed with one that applies (616.1)"),
        (["Pacifism"], None, "Pacifism is not on the battlefield"),
        ([BEARS], {BEARS: "Ghost"}, "Ghost is no replacement that applies to Grizzly Bears: its controller chooses among Spider Umbra, regeneration (616.1)"),
    ],
)
def test_choices_that_cant_be_made_are_refused(destroyed, chosen, message):
    st = state({"objects": [{"card": BEARS, "zone": "battlefield"}, on(SPIDER, zone="battlefield"),
                            {"card": GIANT, "zone": "battlefield"}, {"card": "Pacifism"}]})
    if "regeneration (616.1)" in message:
        st = destruction.regenerate(st, BEARS)
    with pytest.raises(IllegalAction) as refused:
        dying.destroy(st, destroyed, chosen)
    assert str(refused.value) == message


def test_armors_are_those_attached_to_this_object():
    st = board({"card": BEARS}, on(SPIDER), on(HYENA, GIANT), {"card": GIANT})
    assert [a.id for a in destruction.armors(st, s.get(st, BEARS))] == [SPIDER]
    st = s.move(s.move(st, BEARS, s.HAND), BEARS, s.BATTLEFIELD)  # a new object: the Aura enchanted the old one
    assert destruction.armors(st, s.get(st, BEARS)) == []


@pytest.mark.parametrize(
    "chosen, regenerable, graveyard, tapped, attacking, shields",
    [
        (None, True, [SPIDER], False, "B", 1),  # the Aura first by default; the shield stays
        ({BEARS: "regeneration"}, True, [], True, None, 0),  # 701.19a: tapped, removed from combat, the Aura stays
        ({BEARS: SPIDER}, True, [SPIDER], False, "B", 1),
        (None, False, [SPIDER], False, "B", 1),  # 701.19c: can't be regenerated; umbra armor still applies
    ],
)
def test_regeneration_or_umbra_armor(chosen, regenerable, graveyard, tapped, attacking, shields):
    st = destruction.regenerate(s.update(board({"card": BEARS, "damage": 1}, on(SPIDER)), BEARS, attacking="B"), BEARS)
    st = leaving.state_based(dying.destroy(st, [BEARS], chosen, regenerable))
    bears = s.get(st, BEARS)
    assert sorted(o.id for o in s.in_zone(st, s.GRAVEYARD)) == graveyard
    assert (bears.zone, bears.damage, bears.tapped, bears.attacking) == (s.BATTLEFIELD, 0, tapped, attacking)
    assert len(destruction.shields(st, bears)) == shields


@pytest.mark.parametrize(
    "regenerable, graveyard",
    [
        (True, []),  # the shield is used up
        (False, [BEARS]),  # 701.19c: the shield doesn't apply
    ],
)
def test_a_regeneration_shield(regenerable, graveyard):
    st = destruction.regenerate(destruction.regenerate(board({"card": BEARS}, {"card": GIANT}), BEARS), BEARS)
    st = dying.destroy(st, [BEARS, GIANT], None, regenerable)
    assert sorted(o.id for o in s.in_zone(st, s.GRAVEYARD)) == sorted([*graveyard, GIANT])
    if regenerable:
        assert len(destruction.shields(st, s.get(st, BEARS))) == 1  # one of two used
        st = dying.destroy(st, [BEARS])
        assert s.zone_of(st, BEARS) == s.BATTLEFIELD and destruction.shields(st, s.get(st, BEARS)) == []


def test_shields_last_this_turn_and_need_a_permanent():
    from kb.checks.model import stack

    st = destruction.regenerate(board({"card": BEARS}, {"card": "Pacifism", "zone": "hand"}), BEARS)
    st = stack.pass_turn(st)
    assert destruction.shields(st, s.get(st, BEARS)) == []
    with pytest.raises(IllegalAction, match="Pacifism is not on the battlefield: it can't be regenerated"):
        destruction.regenerate(st, "Pacifism")


def test_state_based_actions_that_never_end_are_refused(monkeypatch):
    # damage that comes back each time umbra armor removes it: a loop of mandatory actions (104.4b), never a hang
    saved = destruction.saved

    def damage_stays(state, oids, chosen=None, regenerable=True):
        marked = {oid: s.get(state, oid).damage for oid in oids}
        state, destroyed = saved(state, oids, chosen, regenerable)
        for oid, damage in marked.items():
            state = s.update(state, oid, damage=damage)
        return state, destroyed

    monkeypatch.setattr(destruction, "saved", damage_stays)
    st = board({"card": BEARS, "damage": 5}, on(SPIDER, keywords=[*UMBRA_KEYWORDS, "indestructible"]))
    with pytest.raises(IllegalAction, match="still performed after 100 checks: a loop of mandatory actions"):
        leaving.state_based(st)


@pytest.mark.parametrize(
    "rows, act, events",
    [
        ([{"card": MYR}], lambda st: dying.destroy(st, [MYR]), [("not destroyed", MYR, "702.12b: indestructible")]),
        ([{"card": BEARS}, on(SPIDER, keywords=[*UMBRA_KEYWORDS, "indestructible"])], lambda st: dying.destroy(st, [BEARS]),
         [("umbra armor", SPIDER, "702.89a: instead of Grizzly Bears"), ("not destroyed", SPIDER, "702.12b: indestructible")]),
        ([{"card": BEARS}], lambda st: dying.destroy(destruction.regenerate(st, BEARS), [BEARS]),
         [("regeneration shield", BEARS, ""), ("regenerate", BEARS, "701.19a")]),
    ],
)
def test_what_is_logged(rows, act, events):
    st = act(board(*rows))
    kinds = {"not destroyed", "umbra armor", "regeneration shield", "regenerate"}
    assert [(e.kind, e.obj, e.detail) for e in st.events if e.kind in kinds] == events


def test_lethal_damage_is_regenerated():
    st = destruction.regenerate(board({"card": BEARS}), BEARS)
    st = leaving.state_based(dying.deal_damage(st, BEARS, 2))
    bears = s.get(st, BEARS)
    assert (bears.zone, bears.damage, bears.tapped) == (s.BATTLEFIELD, 0, True)  # 704.5g is destruction: the shield applies
