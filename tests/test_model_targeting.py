"""Choosing a spell's targets (601.2c): what each target must be (115.1), and a target required
only if the spell is kicked, chosen only then (702.33g)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, targeting
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

THUNDER = "Orim's Thunder"


def game(*battlefield):
    objects = [{"card": THUNDER, "zone": "hand"}] + [{"card": name, "owner": "B", "zone": "battlefield"} for name in battlefield]
    return state({"objects": objects})


@pytest.mark.parametrize(
    "battlefield, kicker, targets, message",
    [
        (["Pacifism", "Grizzly Bears"], False, ["Pacifism", "Grizzly Bears"], "isn't kicked: it is cast as though it did not require its kicked target \\(702.33g"),
        (["Pacifism", "Grizzly Bears"], True, ["Pacifism"], "is kicked: it requires 2 targets, one for what its kicker does"),
        (["Pacifism"], True, ["Pacifism"], "can't be kicked without it"),
        (["Pacifism", "Grizzly Bears"], True, ["Pacifism", "Pacifism", "Grizzly Bears"], "it requires 2 targets"),
        (["Pacifism", "Grizzly Bears"], True, ["Pacifism", "Pacifism"], "Pacifism is not a legal target for Orim's Thunder: it targets creature"),
        (["Pacifism", "Grizzly Bears"], True, ["Grizzly Bears", "Grizzly Bears"], "Grizzly Bears is not a legal target for Orim's Thunder: it targets artifact or enchantment"),
        (["Grizzly Bears"], False, ["Grizzly Bears"], "it targets artifact or enchantment \\(115.1, 601.2c\\)"),
    ],
)
def test_targets_refused(battlefield, kicker, targets, message):
    with pytest.raises(IllegalAction, match=message):
        casting.cast(game(*battlefield), "A", THUNDER, kicker=kicker, targets=targets)


@pytest.mark.parametrize(
    "kicker, targets",
    [(False, ["Pacifism"]), (True, ["Pacifism", "Grizzly Bears"]),
     (False, [])],  # a target not chosen at all is the model's to allow, as for any spell
)
def test_targets_chosen(kicker, targets):
    after = casting.cast(game("Pacifism", "Grizzly Bears"), "A", THUNDER, kicker=kicker, targets=targets)
    spell = s.get(after, THUNDER)
    assert [t for t, _ in spell.targets] == targets and spell.kicked == kicker


@pytest.mark.parametrize(
    "keywords, prefix, kinds",
    [
        (("target: artifact", "kicked target: creature", "target: enchantment"), targeting.TARGET, ["artifact", "enchantment"]),
        (("target: artifact", "kicked target: creature"), targeting.KICKED_TARGET, ["creature"]),
        (("flying",), targeting.TARGET, []),
    ],
)
def test_kinds(keywords, prefix, kinds):
    assert targeting.kinds(s.Obj("x", "A", "hand", keywords=frozenset(keywords)), prefix) == kinds


def test_a_spell_without_a_kicked_target_takes_any_number():
    """Other spells keep the model's earlier reading: every target of a kind it asks for."""
    given = state({"objects": [{"card": "Burst Lightning", "zone": "hand"},
                               {"card": "Grizzly Bears", "owner": "B", "zone": "battlefield"}]})
    after = casting.cast(given, "A", "Burst Lightning", targets=["Grizzly Bears"])
    assert [t for t, _ in s.get(after, "Burst Lightning").targets] == ["Grizzly Bears"]


PROBE = {"id": "Probe", "types": ["sorcery"], "mana_cost": "{2}{U}", "costs": {"kicker": "{1}{B}"}, "keywords": ["kicked target: creature"]}


@pytest.mark.parametrize(
    "kicker, targets, message",
    [
        (False, [], None),
        (True, ["Grizzly Bears"], None),
        (False, ["Grizzly Bears"], "isn't kicked: it is cast as though it did not require its kicked target"),
        (True, [], "it requires 1 target, one for what its kicker does"),
        (True, ["Grizzly Bears", "Grizzly Bears"], "it requires 1 target,"),
    ],
)
def test_a_spell_whose_only_target_is_kicked(kicker, targets, message):
    """A spell that targets only if kicked (as Probe targets a player): none unkicked, one kicked."""
    given = state({"objects": [{**PROBE, "zone": "hand"}, {"card": "Grizzly Bears", "owner": "B", "zone": "battlefield"}]})
    if message is None:
        after = casting.cast(given, "A", "Probe", kicker=kicker, targets=targets)
        assert [t for t, _ in s.get(after, "Probe").targets] == targets
    else:
        with pytest.raises(IllegalAction, match=message):
            casting.cast(given, "A", "Probe", kicker=kicker, targets=targets)
