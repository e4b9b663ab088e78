"""Checks on split second (702.61) and what players may do while it is on the stack."""

from __future__ import annotations

from kb.checks.model import priority
from kb.checks.model.abilities import Ability
from kb.checks.model.priority import (
    ABILITY,
    ACTIVATE,
    CAST,
    SPECIAL,
    SUSPEND,
    TURN_FACE_UP,
    Action,
    StackObject,
)
from kb.checks.registration import check

SPLIT = StackObject("Sudden Shock", split_second=True, controller="A")
BOLT = StackObject("Shock", controller="B")
MANA = Ability("Forest", cost="{T}", adds_mana=True)
PUMP = Ability("Shade", cost="{B}")  # {B}: +1/+1, costs mana, makes none
FACE_UP = Action(SPECIAL, special=TURN_FACE_UP)


@check(
    id="split_second.after_leaves_stack",
    title="Once the split-second spell has left the stack, players may cast and activate again",
    rules=("702.61a", "117.3b"),
    tags=("split_second",),
)
def after_leaves_stack():
    """After a spell with split second resolves (or otherwise leaves the stack), players may again
    cast spells and activate abilities before the next object on the stack resolves."""
    stack = priority.cast((BOLT,), SPLIT)
    assert not priority.may(Action(CAST), stack), "casting must be forbidden while split second is on the stack"
    after = priority.resolve_top(stack).stack
    assert after == (BOLT,), "Shock must still be waiting to resolve"
    assert priority.may(Action(CAST), after), "after split second resolved, casting must be allowed"
    assert priority.may(Action(ACTIVATE, PUMP), after), "after split second resolved, activating must be allowed"
    assert priority.cast(after, StackObject("Giant Growth"))[-1].name == "Giant Growth"
    return "2 scenarios"


@check(
    id="split_second.existing_stack_unaffected",
    title="Casting a split-second spell doesn't affect what is already on the stack",
    rules=("702.61a", "608.1"),
    tags=("split_second",),
)
def existing_stack_unaffected():
    """Casting a spell with split second won't affect the spells and abilities that are already on
    the stack: they stay there and resolve normally afterwards."""
    before = (BOLT, StackObject("Prodigal Sorcerer ability", kind=ABILITY))
    stack = priority.cast(before, SPLIT)
    assert stack[:-1] == before, f"the stack below changed: {stack[:-1]}"
    order = []
    while stack:
        step = priority.resolve_top(stack)
        order.append(step.resolved.name)
        stack = step.stack
    assert order == ["Sudden Shock", "Prodigal Sorcerer ability", "Shock"], f"resolution order {order}"
    return "1 scenario"


@check(
    id="split_second.triggered_cast_blocked",
    title="A triggered ability can't cast a spell while split second is on the stack",
    rules=("702.61a", "608.2g"),
    tags=("split_second", "triggered_ability"),
)
def triggered_cast_blocked():
    """If resolving a triggered ability involves casting a spell, that spell can't be cast while a
    spell with split second is on the stack."""
    cascade = StackObject("cascade trigger", kind=ABILITY, casts=True)
    step = priority.resolve_top((SPLIT, cascade), casting=StackObject("Lightning Bolt"))
    assert step.cast == (), "a spell was cast during the trigger's resolution despite split second"
    assert step.stack == (SPLIT,), f"stack after the trigger: {step.stack}"
    free = priority.resolve_top((BOLT, cascade), casting=StackObject("Lightning Bolt"))
    assert free.cast == ("Lightning Bolt",), "without split second the trigger must cast the spell"
    return "2 scenarios"


@check(
    id="split_second.special_actions",
    title="Special actions, like turning a face-down creature face up, are allowed under split second",
    rules=("702.61b", "116.2b"),
    tags=("split_second", "special_action", "face_down"),
)
def special_actions():
    """Players may turn face-down creatures face up while a spell with split second is on the
    stack: that is a special action, and split second stops only casting spells and activating
    abilities that aren't mana abilities."""
    stack = (BOLT, SPLIT)
    assert priority.may(FACE_UP, stack), "turning a face-down creature face up must be allowed"
    assert not priority.may(Action(CAST), stack) and not priority.may(Action(ACTIVATE, PUMP), stack)
    return "1 scenario"


@check(
    id="split_second.suspend_needs_castable",
    title="Under split second a card can't be suspended, since it couldn't be cast",
    rules=("116.2f", "702.61a"),
    tags=("split_second", "special_action"),
)
def suspend_needs_castable():
    """While a spell with split second is on the stack, a player can't suspend a card even though
    suspending is a special action, because a card can be suspended only if it could be cast."""
    assert not priority.may(Action(SPECIAL, special=SUSPEND), (SPLIT,)), "suspend must be impossible"
    assert priority.may(Action(SPECIAL, special=SUSPEND), (BOLT,)), "suspend is fine otherwise (at instant speed)"
    assert priority.may(FACE_UP, (SPLIT,)), "other special actions stay allowed"
    return "2 scenarios"


@check(
    id="split_second.priority_mana_abilities",
    title="Players still receive priority under split second, limited to mana abilities and special actions",
    rules=("702.61b", "117.3c", "605.3a"),
    tags=("split_second", "mana_ability", "special_action"),
)
def priority_mana_abilities():
    """Players still receive priority while a spell with split second is on the stack; their options
    are simply limited to mana abilities and certain special actions."""
    candidates = (Action(CAST), Action(ACTIVATE, PUMP), Action(ACTIVATE, MANA), FACE_UP)
    rounds = priority.priority_round(("A", "B", "C"), "A", (BOLT, SPLIT), candidates)
    assert [p for p, _ in rounds] == ["A", "B", "C"], f"priority order {[p for p, _ in rounds]}"
    for player, options in rounds:
        assert set(options) == {Action(ACTIVATE, MANA), FACE_UP}, f"{player} may {options}"
    free = priority.priority_round(("A", "B"), "B", (BOLT,), candidates)
    assert all(set(options) == set(candidates) for _, options in free), "without split second all is allowed"
    return "2 scenarios"


@check(
    id="split_second.triggers_still_trigger",
    title="Triggered abilities still trigger and resolve under split second",
    rules=("702.61b", "603.3"),
    tags=("split_second", "triggered_ability"),
)
def triggers_still_trigger():
    """Split second doesn't stop triggered abilities from triggering (such as that of Chalice of
    the Void): its controller puts it on the stack, choosing its targets, and it resolves as
    normal, before the split-second spell."""
    chalice = StackObject("Chalice of the Void trigger", kind=ABILITY, controller="B")
    stack = priority.put_triggers((SPLIT,), (chalice,))
    assert stack == (SPLIT, chalice), f"the trigger didn't go on the stack: {stack}"
    step = priority.resolve_top(stack)
    assert step.resolved == chalice and step.stack == (SPLIT,), "the trigger must resolve first, normally"
    return "1 scenario"
