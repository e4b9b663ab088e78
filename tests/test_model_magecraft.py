"""Magecraft (207.2c): triggers whenever its controller casts or copies an instant or sorcery spell
(a copy of a spell isn't cast, 707.10, yet copying triggers it), once for each copy; a copy of a
card made outside the stack (707.12) is no copy of a spell, and casting it is casting a spell."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, copies, effects, leaving
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

EMERITUS = {"card": "Archmage Emeritus", "zone": "battlefield"}


def triggered(st) -> list[str]:
    return [oid for oid in list(st.stack) + [p.id for p in st.pending] if oid.startswith("magecraft")]


@pytest.mark.parametrize(
    "spell, caster, watcher_owner, fires",
    [
        ({"card": "Shock"}, "A", "A", True),
        ({"card": "Grapeshot"}, "A", "A", True),  # a sorcery
        ({"card": "Grizzly Bears"}, "A", "A", False),  # a creature spell
        ({"id": "Dryad Arbor Spell", "types": ["instant", "creature"], "mana_cost": "{G}"}, "A", "A", True),  # an instant, whatever else
        ({"card": "Shock", "owner": "B"}, "B", "A", False),  # an opponent's spell
        ({"card": "Shock", "owner": "B"}, "B", "B", True),
    ],
)
def test_casting_triggers_magecraft(spell, caster, watcher_owner, fires):
    oid = spell.get("id") or spell["card"]
    st = state({"active": caster, "objects": [{**EMERITUS, "owner": watcher_owner}, {**spell, "zone": "hand"}]})
    after = casting.cast(st, caster, oid)
    assert triggered(after) == ([f"magecraft ({oid})"] if fires else [])


@pytest.mark.parametrize(
    "spell, copier, fires",
    [
        ("Shock", "A", True),
        ("Shock", "B", False),  # the opponent copied it: not "you"
        ("Grizzly Bears", "A", False),
    ],
)
def test_copying_a_spell_triggers_magecraft(spell, copier, fires):
    st = state({"objects": [EMERITUS, {"card": spell, "zone": "stack"}]})
    after = copies.copy_spell(st, spell, copier)
    assert triggered(after) == ([f"magecraft (copy of {spell})"] if fires else [])
    assert s.get(after, f"copy of {spell}").spell.cast is False


@pytest.mark.parametrize("count", [1, 2, 4])
def test_each_storm_copy_triggers_magecraft(count):
    st = state({"objects": [EMERITUS, {"card": "Grapeshot", "zone": "stack"}]})
    item = s.ability("storm trigger of Grapeshot", "A", "Grapeshot", (("storm", {"spell": "Grapeshot", "count": count}),))
    after = effects.run(st, item, {})
    assert len(triggered(after)) == count


@pytest.mark.parametrize(
    "cast_it, stack_after, exists",
    [
        (True, ["copy of Lightning Bolt", "magecraft (copy of Lightning Bolt)"], True),
        (False, [], False),  # not cast: no magecraft, and the copy ceases to exist (704.5e)
    ],
)
def test_a_copy_of_a_card_triggers_magecraft_only_once_cast(cast_it, stack_after, exists):
    st = state({"objects": [EMERITUS, {"card": "Lightning Bolt", "zone": "exile"},
                            {"card": "Isochron Scepter", "zone": "battlefield",
                             "abilities": [{"name": "copy", "cost": "{T}", "effect": [["copy_card", {"card": "Lightning Bolt"}]]}]}]})
    item = s.ability("copy (Isochron Scepter)", "A", "Isochron Scepter", (("copy_card", {"card": "Lightning Bolt"}),))
    after = s.to_priority(leaving.state_based(effects.run(st, item, {"cast": cast_it})))
    assert list(after.stack) == stack_after
    assert (s.find(after, "copy of Lightning Bolt") is not None) is exists
    assert s.get(after, "Lightning Bolt").zone == "exile"
    if cast_it:
        assert s.get(after, "copy of Lightning Bolt").spell.cast is True


@pytest.mark.parametrize("zone", ["battlefield", "stack"])
def test_only_a_card_outside_the_stack_and_battlefield_is_copied_as_a_card(zone):
    st = state({"objects": [{"card": "Lightning Bolt" if zone == "stack" else "Grizzly Bears", "zone": zone}]})
    with pytest.raises(IllegalAction, match="707.12"):
        copies.copy_card(st, "Lightning Bolt" if zone == "stack" else "Grizzly Bears", "A")


def test_a_copy_of_a_card_is_cast_only_where_it_was_made():
    st = state({"objects": [{"card": "Lightning Bolt", "zone": "exile"}]})
    st, copy = copies.copy_card(st, "Lightning Bolt", "A")
    assert s.get(st, copy).zone == "exile" and s.get(st, copy).kind == s.COPY
    with pytest.raises(IllegalAction, match="can't be cast from the exile"):
        casting.cast(st, "A", "Lightning Bolt", alternative=casting.FREE, permission="copy of a card")


def test_a_copy_of_a_card_is_a_new_object_of_the_player_who_made_it():
    st = state({"objects": [{"card": "Lightning Bolt", "zone": "exile"}]})
    after, copy = copies.copy_card(st, "Lightning Bolt", "B")
    made = s.get(after, copy)
    assert (made.owner, made.controller, made.zone) == ("B", "B", "exile")
    assert made.number == st.counter and after.counter == st.counter + 1 and made.number != s.get(after, "Lightning Bolt").number
    assert copies.copy_card(after, "Lightning Bolt", "B")[1] == "copy of Lightning Bolt (2)"
