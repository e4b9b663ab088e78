"""Paying part of a total cost with other things than mana (kb.checks.model.paying): improvise taps
artifacts for generic mana only (702.126a), convoke taps creatures for generic or their color
(702.51a), each once, after the total cost is determined; a permanent may give spells a keyword."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, paying
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

BAUBLE = {"id": "Bauble", "types": ["artifact"], "mana_cost": "{1}", "zone": "battlefield"}
BLUE_GOLEM = {"id": "Blue Golem", "types": ["artifact", "creature"], "mana_cost": "{1}{U}", "zone": "battlefield"}


def game(*objects, **given):
    return state({"objects": list(objects), **given})


@pytest.mark.parametrize(
    "spell, x, improvise, paid",
    [
        ("Metallic Rebuke", 0, ["Sol Ring"], "{1}{U}"),
        ("Metallic Rebuke", 0, ["Sol Ring", "Bauble"], "{U}"),
        ("Whir of Invention", 2, ["Sol Ring", "Bauble"], "{U}{U}{U}"),
        ("Whir of Invention", 2, ["Blue Golem", "Sol Ring"], "{U}{U}{U}"),  # a blue artifact pays {1}, never {U}
        ("Whir of Invention", 3, ["Sol Ring"], "{2}{U}{U}{U}"),
        ("Whir of Invention", 0, [], "{U}{U}{U}"),
    ],
)
def test_improvise_pays_generic_mana(spell, x, improvise, paid):
    st = game({"card": spell, "zone": "hand"}, {"card": "Sol Ring", "zone": "battlefield"}, BAUBLE, BLUE_GOLEM)
    after = casting.cast(st, "A", spell, x=x, improvise=improvise)
    assert s.get(after, spell).spell.mana_paid == paid
    assert [o.id for o in s.in_zone(after, s.BATTLEFIELD) if o.tapped] == sorted(improvise, key=["Sol Ring", "Bauble", "Blue Golem"].index)


@pytest.mark.parametrize(
    "spell, improvise, convoke, why",
    [
        ("Metallic Rebuke", ["Sol Ring", "Bauble", "Blue Golem"], [], "can pay for nothing left in {U}"),
        ("Whir of Invention", ["Blue Golem"], [], "can pay for nothing left in {U}{U}{U}"),
        ("Metallic Rebuke", ["Grizzly Bears"], [], r"is not an artifact A controls \(702.126a\)"),
        ("Metallic Rebuke", ["Their Bauble"], [], "is not an artifact A controls"),
        ("Metallic Rebuke", ["Tapped Bauble"], [], "is tapped: only untapped artifacts improvise"),
        ("Metallic Rebuke", ["Bauble", "Bauble"], [], "Bauble is tapped"),
        ("Metallic Rebuke", ["Blue Golem"], ["Blue Golem"], "can be tapped once"),
        ("Lightning Bolt", ["Bauble"], [], "has no improvise"),
    ],
)
def test_improvise_refused(spell, improvise, convoke, why):
    st = game({"card": spell, "zone": "hand", **({"keywords": ["improvise", "convoke"]} if convoke else {})},
              {"card": "Sol Ring", "zone": "battlefield"}, BAUBLE, BLUE_GOLEM, {"card": "Grizzly Bears", "zone": "battlefield"},
              {**BAUBLE, "id": "Their Bauble", "owner": "B"}, {**BAUBLE, "id": "Tapped Bauble", "tapped": True})
    with pytest.raises(IllegalAction, match=why):
        casting.cast(st, "A", spell, improvise=improvise, convoke=convoke)


def test_an_artifact_tapped_for_mana_is_tapped_for_improvise():
    st = game({"card": "Metallic Rebuke", "zone": "hand"}, {"card": "Sol Ring", "zone": "battlefield", "tapped": True})
    with pytest.raises(IllegalAction, match="Sol Ring is tapped"):
        casting.cast(st, "A", "Metallic Rebuke", improvise=["Sol Ring"])


@pytest.mark.parametrize(
    "card, controller, granted",
    [
        ({"card": "Think Twice", "zone": "hand"}, "A", True),
        ({"id": "Steel Golem", "types": ["artifact", "creature"], "mana_cost": "{3}", "zone": "hand"}, "A", False),  # it skips artifacts
        ({"card": "Think Twice", "zone": "hand"}, "B", False),  # an opponent's Statuary gives your spells nothing
        ({"card": "Metallic Rebuke", "zone": "hand"}, "B", True),  # its own
        ({"card": "Think Twice", "zone": "hand"}, "B and A", True),  # an opponent's first, then one's own
        ({"card": "Think Twice", "zone": "hand"}, "A, triggered", False),  # only a static ability gives a keyword
    ],
)
def test_inspiring_statuary_gives_nonartifact_spells_improvise(card, controller, granted):
    statues = {"B and A": [{"id": "Their Statuary", "card": "Inspiring Statuary", "zone": "battlefield", "owner": "B"},
                           {"card": "Inspiring Statuary", "zone": "battlefield"}],
               "A, triggered": [{"id": "Odd Statue", "types": ["artifact"], "zone": "battlefield",
                                 "abilities": [{"name": "x", "kind": "triggered", "when": "cast",
                                                "effect": [["grant", {"keyword": "improvise"}]]}]}]}
    st = game(card, *statues.get(controller, [{"card": "Inspiring Statuary", "zone": "battlefield", "owner": controller}]))
    spell = s.get(st, card.get("id") or card["card"])
    assert paying.has_keyword(st, "A", spell, paying.IMPROVISE) is granted
    assert paying.has_keyword(st, "A", spell, paying.CONVOKE) is False


def test_improvise_with_flashback_pays_the_flashback_cost_generic():
    st = game({"card": "Think Twice", "zone": "graveyard"}, {"card": "Inspiring Statuary", "zone": "battlefield"}, BAUBLE,
              {"card": "Sol Ring", "zone": "battlefield"})
    after = casting.cast(st, "A", "Think Twice", alternative="flashback", improvise=["Bauble", "Inspiring Statuary"])
    info = s.get(after, "Think Twice").spell
    assert (info.alternative, info.total, info.mana_paid) == ("flashback", "{2}{U}", "{U}")
    assert [s.get(after, oid).tapped for oid in ("Bauble", "Inspiring Statuary", "Sol Ring")] == [True, True, False]


def test_improvise_after_cost_increases():
    st = game({"card": "Metallic Rebuke", "zone": "hand"}, BAUBLE, {**BAUBLE, "id": "Second Bauble"}, {**BAUBLE, "id": "Third Bauble"},
              modifiers=[{"kind": "increase", "amount": "{1}"}])
    after = casting.cast(st, "A", "Metallic Rebuke", improvise=["Bauble", "Second Bauble", "Third Bauble"])
    assert (s.get(after, "Metallic Rebuke").spell.total, s.get(after, "Metallic Rebuke").spell.mana_paid) == ("{3}{U}", "{U}")


def test_a_granted_delve_pays_generic_mana():
    st = game({"card": "Grizzly Bears", "zone": "hand"}, {"card": "Shock", "zone": "graveyard"},
              {"id": "Delve Statue", "types": ["artifact"], "zone": "battlefield",
               "abilities": [{"name": "delve", "kind": "static", "effect": [["grant", {"keyword": "delve"}]]}]})
    after = casting.cast(st, "A", "Grizzly Bears", delve=["Shock"])
    assert s.get(after, "Grizzly Bears").spell.mana_paid == "{G}" and s.zone_of(after, "Shock") == s.EXILE


def test_the_permanent_tapped_twice_is_named():
    st = game({"card": "Metallic Rebuke", "zone": "hand", "keywords": ["improvise", "convoke"]}, BLUE_GOLEM,
              {"id": "Ancient Bear", "types": ["creature"], "mana_cost": "{G}", "zone": "battlefield"})
    with pytest.raises(IllegalAction, match=r"^Blue Golem can be tapped once: for convoke or for improvise \(118.3\)$"):
        casting.cast(st, "A", "Metallic Rebuke", improvise=["Blue Golem"], convoke=["Ancient Bear", "Blue Golem"])
