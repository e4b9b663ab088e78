"""Timing and permissions: who may cast, activate or take a special action now (117, 307, 702.61).

Only a player with priority acts, and nobody has priority midway: while a spell is being cast or
while a spell or ability resolves (117.1, 117.2e, 601.2), no player may cast a spell, activate an
ability other than a mana ability (117.1d, 605.3a) or take a special action, but for a spell the
resolving effect itself tells a player to cast (608.2g).

While a spell with split second is on the stack (702.61a), players still receive priority (117),
but nobody can cast spells or activate abilities other than mana abilities; special actions
such as turning a face-down creature face up remain (702.61b, 116.2b), except suspending a card,
which needs the card to be castable (116.2f). Triggered abilities trigger and resolve as usual.
A split-second spell that has left the stack locks nothing (702.61a)::

    locked(state)                        -> True while a split-second spell is on the stack
    may_cast(state, "B", "Shock")        -> False then
    may_special(state, "B", "turn face up") -> True
"""

from __future__ import annotations

from dataclasses import replace

from kb.checks.model import abilities
from kb.checks.model import state as s
from kb.checks.model.state import MAIN_PHASES, STACK, State

TURN_FACE_UP, SUSPEND, PLAY_LAND, FORETELL = "turn face up", "suspend", "play land", "foretell"


def has_split_second(obj: s.Obj) -> bool:
    """702.61: a spell with split second; "split second if kicked" counts only if it was kicked."""
    if "split second" in obj.keywords:
        return True
    return "split second if kicked" in obj.keywords and obj.kicked


def locked(state: State) -> bool:
    """702.61a: split second functions only while its spell is on the stack."""
    return any(o.kind != s.ABILITY and has_split_second(o) for o in s.in_zone(state, STACK))


MIDWAY = "nobody has priority while a spell is being cast or something resolves"  # why an action is refused midway


def midway(state: State) -> bool:
    """A spell is being cast or a spell or ability resolves: no player has priority (117.2e, 601.2)."""
    return state.resolving is not None or state.casting is not None


def sorcery_timing(state: State, player: str) -> bool:
    """Main phase of the player's own turn, stack empty (307.1, 117.1a)."""
    return player == state.active and state.step in MAIN_PHASES and not state.stack and not midway(state)


def timing_allows(state: State, player: str, obj: s.Obj) -> bool:
    """An instant, or a card with flash, any time its caster could act; anything else at
    sorcery speed (307.1, 301.1, 302.1, 702.8a)."""
    if "instant" in obj.types or "flash" in obj.keywords:
        return True
    return sorcery_timing(state, player)


def may_cast(state: State, player: str, obj: s.Obj, *, ignore_timing: bool = False) -> bool:
    """Whether ``player`` may cast ``obj`` now: not under split second, not midway (117.2e), and at
    the right time, unless an instruction to cast it while something resolves ignores both (608.2g)."""
    if locked(state) or midway(state) and not ignore_timing:
        return False
    return ignore_timing or timing_allows(state, player, obj)


def may_activate(state: State, ability: abilities.Ability) -> bool:
    """Mana abilities whenever a payment is asked, midway too (117.1d, 605.3a); others not under
    split second (702.61a), nor midway (117.2e)."""
    return abilities.is_mana_ability(ability) or not (locked(state) or midway(state))


def may_special(state: State, player: str, action: str, obj: s.Obj | None = None) -> bool:
    """116.2: turning a permanent face up any time the player has priority (116.2b); suspending a
    card only when it could be cast (116.2f, 702.62a); playing a land at sorcery speed (116.2a);
    foretelling a card any time the player has priority during their own turn (116.2h, 702.143a)."""
    if action == TURN_FACE_UP:
        return not midway(state)
    if action == FORETELL:
        return player == state.active == s.holder(state) and not midway(state)
    if action == SUSPEND:
        return obj is not None and may_cast(state, player, obj)
    if action == PLAY_LAND:
        return sorcery_timing(state, player)
    return False


def options(state: State, player: str) -> list[str]:
    """What kinds of actions a player with priority has (for the "still get priority" claims)."""
    found = ["pass"]
    if not locked(state):
        found += ["cast a spell", "activate an ability"]
    found += ["activate a mana ability", "special action: turn face up"]
    return sorted(found)


def pass_priority(state: State) -> tuple[State, bool]:
    """The holder passes (117.3d); priority goes to the next player in turn order. When all
    players in the game have passed in succession, the top of the stack resolves: returns True."""
    order = s.in_game(state)
    holder = s.holder(state)
    passed = state.passed + (holder,)
    if set(order) <= set(passed):
        return replace(state, passed=(), priority=None), True  # the active player next (117.3b)
    nxt = order[(order.index(holder) + 1) % len(order)]
    return replace(state, passed=passed, priority=nxt), False
