"""Priority and the stack under split second (702.61, 116, 117).

While a spell with split second is on the stack (702.61a), players still receive priority
(117.3), but can't cast spells or activate abilities other than mana abilities; they may take
special actions such as turning a face-down creature face up (116.2b, 702.61b), unless a
special action needs the player to be able to cast the card (suspend, 116.2f). Triggered
abilities trigger and go on the stack as usual (702.61b), but an effect that would cast a
spell while it resolves can't (608.2g does not override split second). Nothing already on the
stack is affected; once the split-second spell has left the stack, all is allowed again::

    may(Action(CAST), (Spell("Shock"), Spell("Sudden Shock", split_second=True)))  -> False
    may(Action(SPECIAL, special=TURN_FACE_UP), same stack)                           -> True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from kb.checks.model import abilities
from kb.checks.model.abilities import Ability
from kb.checks.model.errors import IllegalAction

SPELL, ABILITY = "spell", "ability"
CAST, ACTIVATE = "cast a spell", "activate an ability"
SPECIAL, PUT_TRIGGER = "special action", "put a trigger on the stack"
TURN_FACE_UP, SUSPEND, PLAY_LAND = "turn a face-down creature face up", "suspend a card", "play a land"


@dataclass(frozen=True)
class StackObject:
    name: str
    kind: str = SPELL
    split_second: bool = False
    casts: bool = False  # an ability whose resolution casts a spell (cascade, "you may cast ...")
    controller: str = ""


@dataclass(frozen=True)
class Action:
    kind: str
    ability: Optional[Ability] = None
    special: str = ""
    name: str = ""


@dataclass(frozen=True)
class Resolution:
    """What resolving the top object did: the object, the stack left, spells cast meanwhile."""

    resolved: StackObject
    stack: tuple[StackObject, ...]
    cast: tuple[str, ...] = ()


def split_second_on_stack(stack: Iterable[StackObject]) -> bool:
    """702.61a: split second functions only while its spell is on the stack."""
    return any(obj.kind == SPELL and obj.split_second for obj in stack)


def may(action: Action, stack: tuple[StackObject, ...]) -> bool:
    """Whether a player with priority (or a resolving effect) may take ``action`` now."""
    locked = split_second_on_stack(stack)
    if action.kind == CAST:
        return not locked
    if action.kind == ACTIVATE:
        return not locked or (action.ability is not None and abilities.is_mana_ability(action.ability))
    if action.kind == SPECIAL:
        return may_special(action.special, stack)
    if action.kind == PUT_TRIGGER:
        return True  # 702.61b, 603.3
    raise IllegalAction(f"unknown action {action.kind!r}")


def may_special(special: str, stack: tuple[StackObject, ...]) -> bool:
    """Special actions (116.2): face up any time with priority (116.2b); suspend only if the card
    could be cast (116.2f); a land only with an empty stack (116.2a)."""
    if special == TURN_FACE_UP:
        return True
    if special == SUSPEND:
        return may(Action(CAST), stack)
    if special == PLAY_LAND:
        return not stack
    raise IllegalAction(f"special action {special!r} is not modelled")


def cast(stack: tuple[StackObject, ...], spell: StackObject) -> tuple[StackObject, ...]:
    """Cast ``spell`` on top of the stack (601.2a), if allowed; the rest of the stack is untouched."""
    if not may(Action(CAST, name=spell.name), stack):
        raise IllegalAction(f"can't cast {spell.name} while a spell with split second is on the stack (702.61a)")
    return (*stack, spell)


def put_triggers(stack: tuple[StackObject, ...], triggers: Iterable[StackObject]) -> tuple[StackObject, ...]:
    """Triggered abilities go on the stack the next time a player would receive priority (603.3)."""
    return (*stack, *(t for t in triggers if may(Action(PUT_TRIGGER, name=t.name), stack)))


def resolve_top(stack: tuple[StackObject, ...], casting: Optional[StackObject] = None) -> Resolution:
    """Resolve the top object. If it casts a spell (``casting``), that spell is cast only if
    casting is allowed at that moment (608.2g, 702.61a); it lands on top of the rest."""
    if not stack:
        raise IllegalAction("the stack is empty")
    top, rest = stack[-1], stack[:-1]
    if top.casts and casting is not None and may(Action(CAST, name=casting.name), rest):
        return Resolution(top, (*rest, casting), (casting.name,))
    return Resolution(top, rest)


def priority_round(
    players: tuple[str, ...], holder: str, stack: tuple[StackObject, ...], candidates: Iterable[Action]
) -> tuple[tuple[str, tuple[Action, ...]], ...]:
    """Each player in turn order from ``holder`` receives priority (117.3c-d) with what they may do."""
    candidates = tuple(candidates)
    start = players.index(holder)
    order = players[start:] + players[:start]
    return tuple((player, tuple(a for a in candidates if may(a, stack))) for player in order)
