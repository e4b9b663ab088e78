"""What lasts beyond one action: control effects (613.1b), static cost modifiers (601.2f) and
delayed triggered abilities (603.7), as the game state (kb.checks.model.state) holds them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class ControlEffect:
    obj: str
    number: int  # the object it applies to: it ends when that object changes zones (400.7, 611.2a)
    player: str
    source: str


@dataclass(frozen=True)
class Modifier:
    """A static cost modifier: "spells [of types] [player] casts cost {1} more / less" (601.2f)."""

    kind: str  # "increase" or "reduction"
    amount: str
    player: Optional[str] = None  # None: every player's spells
    types: tuple[str, ...] = ()  # () : every spell


@dataclass(frozen=True)
class Delayed:
    """A delayed triggered ability (603.7): it triggers once (603.7b), at the beginning of
    ``player``'s next upkeep (``at`` "upkeep": rebound) or of the next end step, whoever's turn it
    is (``at`` "end": dash, unearth; kb.checks.model.end_step)."""

    name: str
    player: str
    obj: str
    effect: tuple
    at: str = "upkeep"  # the step it triggers at the beginning of (kb.checks.model.state.UPKEEP or END)
