"""Auras and Equipment attached (301.5, 303.4, 701.3, 704.5m-n): kb.checks.model.attachments, the
state-based actions that unattach or bury them, and the bonus of what is attached."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import attachments, bodies, colors, control, entering, leaving
from kb.checks.model import state as s

BEARS = "Grizzly Bears"  # 2/2


def board(*attached, bears_owner="A", **extra):
    """The Bears on the battlefield with ``attached`` attached to them; ``extra`` more objects by card: zone."""
    objects = [{"card": BEARS, "zone": "battlefield", "owner": bears_owner}]
    objects += [{"card": card, "zone": "battlefield", "attached_to": BEARS} for card in attached]
    objects += [{"card": card, "zone": zone} for card, zone in extra.items()]
    return state({"objects": objects})


@pytest.mark.parametrize("attached, power, toughness", [
    ((), 2, 2),
    (("Bonesplitter",), 4, 2),
    (("Holy Strength",), 3, 4),
    (("Bonesplitter", "Holy Strength"), 5, 4),
    (("Bonesplitter", "Loxodon Warhammer"), 7, 2),
    (("Pacifism",), 2, 2),                          # an Aura with no bonus
])  # fmt: skip
def test_what_is_attached_gives_its_bonus(attached, power, toughness):
    assert bodies.power_toughness(board(*attached), s.get(board(*attached), BEARS)) == (power, toughness)


def test_a_bonus_reads_the_very_object_it_is_attached_to():
    st = board("Bonesplitter")
    st = entering.put_onto_battlefield(s.move(st, BEARS, s.EXILE), BEARS)  # a new object (400.7), not yet seen by 704.5n
    assert attachments.bonus(st, s.get(st, BEARS)) == (0, 0)
    assert attachments.bonus(st, s.get(s.move(board("Bonesplitter"), BEARS, s.GRAVEYARD), BEARS)) == (0, 0)


def test_an_attachment_that_lost_its_abilities_gives_nothing():
    st = colors.add(board("Bonesplitter"), colors.LOSE_ABILITIES, "Bonesplitter")
    assert bodies.power(st, BEARS) == 2


@pytest.mark.parametrize("left_to", [s.GRAVEYARD, s.EXILE, s.HAND, s.LIBRARY])
def test_when_the_creature_leaves_the_aura_is_buried_and_the_equipment_stays(left_to):
    st = leaving.state_based(s.move(board("Bonesplitter", "Holy Strength"), BEARS, left_to))
    assert s.zone_of(st, "Holy Strength") == s.GRAVEYARD
    assert s.zone_of(st, "Bonesplitter") == s.BATTLEFIELD and s.get(st, "Bonesplitter").attached_to is None
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "unattached")] == [("Bonesplitter", "A", "704.5n")]


def test_an_equipment_on_what_stopped_being_a_creature_is_unattached():
    st = board("Bonesplitter")
    st = s.update(st, BEARS, types=("artifact",))
    st = leaving.state_based(st)
    assert s.get(st, "Bonesplitter").attached_to is None and s.zone_of(st, "Bonesplitter") == s.BATTLEFIELD


def test_an_equipment_still_attached_to_its_creature_stays_attached():
    st = leaving.state_based(board("Bonesplitter"))
    assert s.get(st, "Bonesplitter").attached_to == (BEARS, s.get(st, BEARS).number)
    assert not s.events(st, "unattached")


@pytest.mark.parametrize("thing, target, moves", [
    ("Bonesplitter", BEARS, True),
    ("Bonesplitter", "Sol Ring", False),            # not a creature (301.5)
    ("Bonesplitter", "Bonesplitter", False),        # not itself (301.5c)
    ("Bonesplitter", "Missing", False),             # nothing there
    ("Holy Strength", BEARS, True),
    ("Holy Strength", "Sol Ring", False),           # enchant creature (303.4, 701.3b)
    ("Holy Strength", "Holy Strength", False),      # not itself (303.4d)
    ("Sol Ring", BEARS, False),                     # neither Aura nor Equipment
])  # fmt: skip
def test_attach_moves_only_what_can_be_attached_there(thing, target, moves):
    st = state({"objects": [{"card": BEARS, "zone": "battlefield"}, {"card": "Sol Ring", "zone": "battlefield"},
                            {"card": thing, "zone": "battlefield"}] if thing != "Sol Ring" else
                [{"card": BEARS, "zone": "battlefield"}, {"card": "Sol Ring", "zone": "battlefield"}]})
    after = attachments.attach(st, thing, target)
    assert (after.objects != st.objects) is moves
    said = f"{target}" if moves else f"can't be attached to {target} (301.5b)"
    assert [(e.obj, e.player, e.detail) for e in s.events(after, "attach" if moves else "doesn't move")] == [(thing, "A", said)]
    if moves:
        assert s.get(after, thing).attached_to == (target, s.get(after, target).number)


def test_an_equipment_that_is_a_creature_equips_nothing():
    st = board("Bonesplitter")
    st = s.update(st, "Bonesplitter", types=("artifact", "equipment", "creature"))
    assert not attachments.can_equip(s.get(st, "Bonesplitter"), s.get(st, BEARS))
    assert s.get(leaving.state_based(st), "Bonesplitter").attached_to is None  # 704.5n: unattached, it stays


def test_an_equipment_off_the_battlefield_is_not_attached():
    st = state({"objects": [{"card": BEARS, "zone": "battlefield"}, {"card": "Bonesplitter", "zone": "hand"}]})
    assert s.get(attachments.attach(st, "Bonesplitter", BEARS), "Bonesplitter").attached_to is None


@pytest.mark.parametrize("taken, kept", [(BEARS, ("Bonesplitter", "Holy Strength")), ("Bonesplitter", (BEARS, "Holy Strength"))])
def test_control_of_one_is_not_control_of_the_other(taken, kept):
    st = leaving.state_based(control.gain_control(board("Bonesplitter", "Holy Strength"), taken, "B", "Act of Treason"))
    assert s.controller_of(st, taken) == "B"
    assert [s.controller_of(st, oid) for oid in kept] == ["A", "A"]
    assert s.get(st, "Bonesplitter").attached_to[0] == BEARS and s.get(st, "Holy Strength").attached_to[0] == BEARS
