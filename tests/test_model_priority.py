"""Timing, split second and special actions (117, 307, 702.61, 116.2), and mana abilities (605)."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import abilities, actions, casting, face_down, origins, priority, stack
from kb.checks.model import state as s
from kb.checks.model.abilities import Ability
from kb.checks.model.errors import IllegalAction


def game(*stack_cards, step="main1", active="A", hand=("Shock", "Grizzly Bears", "Rift Bolt")):
    objects = [{"card": c, "zone": "hand"} for c in hand]
    objects += [{"id": f"S{i}", "card": c, "owner": "B", "zone": "stack"} for i, c in enumerate(stack_cards)]
    return state({"objects": objects, "step": step, "active": active})


@pytest.mark.parametrize(
    "stack_cards, step, active, card, allowed",
    [
        ((), "main1", "A", "Grizzly Bears", True),
        ((), "main2", "A", "Grizzly Bears", True),
        ((), "upkeep", "A", "Grizzly Bears", False),
        ((), "main1", "B", "Grizzly Bears", False),
        (("Shock",), "main1", "A", "Grizzly Bears", False),
        (("Shock",), "main1", "A", "Shock", True),
        ((), "end", "B", "Shock", True),
        (("Sudden Shock",), "main1", "A", "Shock", False),
        (("Shock", "Sudden Shock"), "main1", "A", "Shock", False),
        (("Sudden Shock", "Shock"), "main1", "A", "Shock", False),
        (("Molten Disaster",), "main1", "A", "Shock", True),  # not kicked
    ],
)
def test_may_cast(stack_cards, step, active, card, allowed):
    st = game(*stack_cards, step=step, active=active)
    assert priority.may_cast(st, "A", s.get(st, card)) is allowed


def test_kicked_split_second_and_abilities_on_the_stack():
    st = state({"objects": [{"card": "Molten Disaster", "zone": "stack", "cast": {"additional": ["kicker"]}}]})
    assert priority.locked(st)
    ability = state({"objects": [{"id": "x", "kind": "ability", "zone": "stack", "keywords": ["split second"]}]})
    assert not priority.locked(ability)


def test_flash_and_ignore_timing():
    st = game("Shock")
    bolt = s.replace(s.get(st, "Rift Bolt"), keywords=frozenset({"flash"}))
    assert priority.may_cast(st, "A", bolt)
    assert priority.may_cast(st, "A", s.get(st, "Grizzly Bears"), ignore_timing=True)
    assert not priority.may_cast(game("Sudden Shock"), "A", s.get(st, "Shock"), ignore_timing=True)


@pytest.mark.parametrize(
    "ability, stack_cards, allowed",
    [
        (Ability("mana", cost="{T}", adds_mana=True), ("Sudden Shock",), True),
        (Ability("pump", cost="{B}"), ("Sudden Shock",), False),
        (Ability("pump", cost="{B}"), ("Shock",), True),
        (Ability("aimed", cost="{T}", adds_mana=True, targets=True), ("Sudden Shock",), False),
    ],
)
def test_may_activate(ability, stack_cards, allowed):
    assert priority.may_activate(game(*stack_cards), ability) is allowed


@pytest.mark.parametrize(
    "action, stack_cards, step, allowed",
    [
        (priority.TURN_FACE_UP, ("Sudden Shock",), "main1", True),
        (priority.SUSPEND, ("Sudden Shock",), "main1", False),
        (priority.SUSPEND, (), "main1", True),
        (priority.SUSPEND, (), "upkeep", False),
        (priority.PLAY_LAND, ("Shock",), "main1", False),
        (priority.PLAY_LAND, (), "main1", True),
        ("ante a card", (), "main1", False),
    ],
)
def test_may_special(action, stack_cards, step, allowed):
    st = game(*stack_cards, step=step)
    assert priority.may_special(st, "A", action, s.get(st, "Rift Bolt")) is allowed


def test_suspend_needs_a_card():
    assert not priority.may_special(game(), "A", priority.SUSPEND)


def test_options():
    assert priority.options(game("Sudden Shock"), "A") == [
        "activate a mana ability", "pass", "special action: turn face up"]
    assert "cast a spell" in priority.options(game("Shock"), "A")


def test_passing_priority_in_turn_order():
    st = state({"players": ["A", "B", "C"], "active": "B", "objects": [{"card": "Shock", "zone": "stack"}]})
    seen = [s.holder(st)]
    for _ in range(2):
        st, everyone = priority.pass_priority(st)
        seen.append(s.holder(st))
        assert not everyone
    st, everyone = priority.pass_priority(st)
    assert seen == ["B", "C", "A"] and everyone and s.holder(st) == "B" and st.passed == ()
    done = stack.pass_priority(stack.pass_priority(stack.pass_priority(
        state({"players": ["A", "B", "C"], "objects": [{"card": "Shock", "zone": "stack"}]}))))
    assert s.zone_of(done, "Shock") == "graveyard"


@pytest.mark.parametrize(
    "ability, mana, uses_stack",
    [
        (Ability("Forest", cost="{T}", adds_mana=True), True, False),
        (Ability("filter", cost="{1}, {T}", adds_mana=True), True, False),
        (Ability("pump", cost="{B}"), False, True),
        (Ability("targeted", cost="{T}", adds_mana=True, targets=True), False, True),
        (Ability("loyalty", cost="+1", adds_mana=True, loyalty=True), False, True),
        (Ability("on mana", abilities.TRIGGERED, adds_mana=True, on="mana"), True, True),
        (Ability("upkeep", abilities.TRIGGERED, adds_mana=True, on="upkeep"), False, True),
        (Ability("static", abilities.STATIC, adds_mana=True), False, True),
    ],
)
def test_mana_abilities(ability, mana, uses_stack):
    assert abilities.is_mana_ability(ability) is mana
    assert abilities.uses_stack(ability) is uses_stack


@pytest.mark.parametrize("cost, mana", [("{T}", False), ("{Q}", False), ("{1}, {T}", True), ("{B}", True), ("", False)])
def test_costs_mana(cost, mana):
    assert abilities.costs_mana(Ability("x", cost=cost)) is mana


def test_activate():
    st = state({"objects": [{"card": "Llanowar Elves", "zone": "battlefield"},
                            {"card": "Prodigal Sorcerer", "zone": "battlefield"},
                            {"card": "Nantuko Shade", "zone": "battlefield", "owner": "B"}]})
    st = actions.activate(st, "A", "Llanowar Elves", "mana")
    assert st.stack == () and s.get(st, "Llanowar Elves").tapped
    with pytest.raises(IllegalAction, match="Llanowar Elves is tapped: it can't pay {T} for mana"):
        actions.activate(st, "A", "Llanowar Elves", "mana")
    st = actions.activate(st, "A", "Prodigal Sorcerer", "ping")
    assert st.stack == ("ping of Prodigal Sorcerer",) and s.get(st, "ping of Prodigal Sorcerer").source == "Prodigal Sorcerer"
    with pytest.raises(IllegalAction, match="A can't activate pump of Nantuko Shade: it isn't theirs"):
        actions.activate(st, "A", "Nantuko Shade", "pump")
    with pytest.raises(IllegalAction, match="has no activated ability 'dance'"):
        actions.activate(st, "A", "Prodigal Sorcerer", "dance")


@pytest.mark.parametrize(
    "row, allowed",
    [
        ({"card": "Llanowar Elves"}, True),
        ({"card": "Llanowar Elves", "sick": True}, False),  # 302.6
        ({"card": "Llanowar Elves", "sick": True, "keywords": ["haste"]}, True),
        ({"card": "Mishra's Factory", "sick": True}, True),  # a land, no creature
        ({"card": "Mishra's Factory", "sick": True, "types": ["land", "creature"]}, False),
        ({"card": "Nantuko Shade", "sick": True, "ability": "pump"}, True),  # no {T} in its cost
    ],
)  # fmt: skip
def test_summoning_sick_creatures_pay_no_tap(row, allowed):
    ability = row.get("ability", "mana")
    st = state({"objects": [{"zone": "battlefield", **{k: v for k, v in row.items() if k != "ability"}}]})
    if allowed:
        actions.activate(st, "A", row["card"], ability)
    else:
        with pytest.raises(IllegalAction, match="hasn't controlled since their turn began: no {T} \\(302.6\\)"):
            actions.activate(st, "A", row["card"], ability)


def test_turn_face_up_errors():
    st = state({"objects": [{"card": "Chromeshell Crab", "zone": "battlefield"}]})
    with pytest.raises(IllegalAction, match="is not a face-down permanent A controls"):
        face_down.turn_face_up(st, "A", "Chromeshell Crab")


def test_suspend_errors():
    st = state({"objects": [{"card": "Shock", "zone": "hand"}, {"card": "Rift Bolt", "zone": "hand"}]})
    with pytest.raises(IllegalAction, match="Shock is not a card with suspend in A's hand"):
        actions.suspend(st, "A", "Shock")
    with pytest.raises(IllegalAction, match="is not a card with suspend in B's hand"):
        actions.suspend(st, "B", "Rift Bolt")
    late = s.replace(st, step="upkeep")
    with pytest.raises(IllegalAction, match="can be suspended only when it could be cast"):
        actions.suspend(late, "A", "Rift Bolt")


@pytest.mark.parametrize(
    "row, given, message",
    [
        ({"card": "Shock"}, {}, "^Shock is not a card with foretell in A's hand \\(702.143a\\)$"),
        ({"card": "Demon Bolt", "zone": "graveyard"}, {}, "^Demon Bolt is not a card with foretell in A's hand"),
        ({"card": "Demon Bolt", "owner": "B"}, {}, "^Demon Bolt is not a card with foretell in A's hand"),
        ({"card": "Demon Bolt"}, {"active": "B"}, "^A can foretell only while they have priority during their own turn"),
        ({"card": "Demon Bolt"}, {"priority": "B"}, "^A can foretell only while they have priority"),
    ],
)
def test_foretell_errors(row, given, message):
    with pytest.raises(IllegalAction, match=message):
        actions.foretell(state({"objects": [row], **given}), "A", row["card"])


def test_a_foretold_card_is_exiled_face_down_and_cast_on_a_later_turn():
    from kb.checks.model import casting

    st = actions.foretell(state({"objects": [{"card": "Demon Bolt"}]}), "A", "Demon Bolt")
    card = s.get(st, "Demon Bolt")
    assert (card.zone, card.face_down, st.stack) == ("exile", True, ())
    assert [(e.obj, e.player, e.detail, e.turn) for e in s.events(st, "special action")] == [("Demon Bolt", "A", "foretell", 1)]
    assert not origins.foretold_before(st, card)
    later = stack.pass_turn(st)
    assert origins.foretold_before(later, s.get(later, "Demon Bolt"))
    assert not origins.foretold_before(later, s.update(later, "Demon Bolt", face_down=False).objects[0])


# ---- nobody has priority midway: while a spell is cast or something resolves (117.2e, 601.2)

def _midway(kind: str):
    """A game with B's Shock in hand, B's Prodigal Sorcerer and face-down Morph, A's Llanowar Elves
    and Forest in hand, and a spell being cast (``casting``) or resolving (``resolving``)."""
    st = state({"objects": [
        {"card": "Careful Study", "zone": "stack"}, {"card": "Shock", "owner": "B", "zone": "hand"},
        {"card": "Prodigal Sorcerer", "owner": "B", "zone": "battlefield"},
        {"id": "Morph", "card": "Grizzly Bears", "owner": "B", "zone": "battlefield", "face_down": True, "designations": ["manifested"]},
        {"card": "Llanowar Elves", "zone": "battlefield"}, {"card": "Forest", "zone": "hand"}]})
    return s.replace(st, **{kind: "Careful Study"}) if kind else st


@pytest.mark.parametrize("kind", ["casting", "resolving"])
@pytest.mark.parametrize(
    "attempt, mana_ability",
    [
        (lambda st: actions.activate(st, "B", "Prodigal Sorcerer", "ping"), False),
        (lambda st: face_down.turn_face_up(st, "B", "Morph"), False),
        (lambda st: actions.activate(st, "A", "Llanowar Elves", "mana"), True),
    ],
)
def test_midway_refuses_all_but_mana_abilities(kind, attempt, mana_ability):
    with_priority = attempt(_midway(None))
    assert with_priority.events[-1].player in ("A", "B")
    if mana_ability:  # whenever a payment is asked, midway too (117.1d, 605.3a)
        assert attempt(_midway(kind)).events[-1].kind == "mana"
    else:
        with pytest.raises(IllegalAction, match="nobody has priority"):
            attempt(_midway(kind))


@pytest.mark.parametrize("kind", ["casting", "resolving"])
def test_midway_no_spell_but_an_instructed_one(kind):
    st = _midway(kind)
    shock = s.get(st, "Shock")
    assert priority.may_cast(_midway(None), "B", shock)
    assert not priority.may_cast(st, "B", shock)
    assert priority.may_cast(st, "B", shock, ignore_timing=True)  # a resolving effect tells them to (608.2g)
    assert not priority.may_special(st, "A", priority.PLAY_LAND)


def test_casting_shows_the_state_before_costs_are_paid():
    st = state({"objects": [{"card": "Village Rites", "zone": "hand"}, {"card": "Grizzly Bears", "zone": "battlefield"}]})
    seen = []
    after = casting.cast(st, "A", "Village Rites", sacrifice=["Grizzly Bears"], between=seen.append)
    (midway,) = seen
    assert midway.casting == "Village Rites" and s.zone_of(midway, "Village Rites") == s.STACK
    assert s.zone_of(midway, "Grizzly Bears") == s.BATTLEFIELD
    assert s.zone_of(after, "Grizzly Bears") == s.GRAVEYARD and after.casting is None


def test_resolving_shows_the_state_after_the_first_instruction():
    st = state({"objects": [{"card": "Careful Study", "zone": "stack"}, {"card": "Forest", "zone": "library"},
                            {"card": "Mountain", "zone": "library"}]})
    seen = []
    after = stack.resolve(st, {"discarded": ["Forest", "Mountain"], "between": seen.append})
    (midway,) = seen
    assert midway.resolving == "Careful Study" and s.zone_of(midway, "Forest") == s.HAND
    assert s.zone_of(after, "Forest") == s.GRAVEYARD and after.resolving is None


@pytest.mark.parametrize("discarded", [[], ["Forest"], ["Forest", "Forest"], ["Forest", "Shock"]])
def test_careful_study_discards_exactly_two_of_the_hand(discarded):
    st = state({"objects": [{"card": "Careful Study", "zone": "stack"}, {"card": "Forest", "zone": "library"},
                            {"card": "Mountain", "zone": "library"}, {"card": "Shock", "owner": "B", "zone": "hand"}]})
    with pytest.raises(IllegalAction, match="discards 2 cards"):
        stack.resolve(st, {"discarded": discarded})


@pytest.mark.parametrize("cost, tapped", [("{1}", False), ("{T}", True)])
def test_only_a_tap_cost_taps_the_source(cost, tapped):
    for adds_mana in (True, False):
        st = state({"objects": [{"id": "Rock", "zone": "battlefield", "types": ["artifact"],
                                 "abilities": [{"name": "use", "cost": cost, "adds_mana": adds_mana}]}]})
        assert s.get(actions.activate(st, "A", "Rock", "use"), "Rock").tapped is tapped
