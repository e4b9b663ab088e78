"""Paying a cost with mana (106, 107.4, 118): which mana can pay which symbol.

A unit of mana has a type (a color, or colorless) and may have been produced by a snow source
(106.3); it is written "G", "C", "snow G", "snow C". Each symbol of a cost takes units of its own:

    payable("{1}{S}", ("snow G", "R"))                -> True   ({S}: a snow source's mana, 107.4h)
    payable("{1}{S}", ("G", "R"))                     -> False  (no mana from a snow source)
    payable("{S}", ("U",), spend_as="any type")       -> False  (snow is no type of mana, 107.4h)
    payable("{G}", ("U",), spend_as="any type")       -> True   (as though it were any type, 609.4b)
    snow_spent("{2}{G}", ("snow G", "U", "snow C"))   -> 2      (the snow mana spent: {S} counts it, 107.4h)
    snow_spent("{2}{G}", ("G", "U", "C"))             -> 0      (a cost without {S} needs none)

``spend_as``: None, "any color" (colored symbols take any mana, colorless too: Mycosynth Lattice)
or "any type" (colored symbols and {C} take any mana); neither lets other mana pay {S}. A Phyrexian
symbol takes a unit of its color or, instead, 2 of the ``life`` the payer has, and only while that
much is left (107.4f, 119.4):

    payable("{U/P}", (), life=2)                      -> True
    payable("{U/P}", (), life=1)                      -> False  (at 1 life, 2 life can't be paid)
    payable("{W/P}{W/P}", (), life=3)                 -> False  (two symbols paid with life: 4)

X must be fixed first (kb.checks.model.costs.fix_x).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from kb.checks.model.costs import (
    COLORED, COLORLESS, GENERIC, HYBRID, HYBRID_PHYREXIAN, MONO_HYBRID, PHYREXIAN, SNOW, VARIABLE, CostLike, Symbol,
    as_cost,
)  # fmt: skip
from kb.checks.model.errors import ModelError

TYPES = ("W", "U", "B", "R", "G", "C")
SPEND_AS = (None, "any color", "any type")


@dataclass(frozen=True)
class Mana:
    type: str  # W U B R G, or C for colorless
    snow: bool = False  # produced by a snow source (106.3)


def mana(spec: str) -> Mana:
    """ "G", "snow G", "C", "snow C"."""
    words = spec.split()
    if not words or words[-1] not in TYPES or words[:-1] not in ([], ["snow"]):
        raise ModelError(f"not a unit of mana: {spec!r} (a type W U B R G C, after 'snow' if a snow source made it)")
    return Mana(words[-1], snow=len(words) == 2)


def _takes(symbol: Symbol, unit: Mana, spend_as: Optional[str]) -> bool:
    """Whether one unit of mana can pay (its share of) a symbol."""
    if symbol.kind == SNOW:
        return unit.snow  # any type, but from a snow source; no effect makes other mana snow mana
    if symbol.kind == GENERIC:
        return True
    if symbol.kind == COLORLESS:
        return unit.type == "C" or spend_as == "any type"
    if symbol.kind in (COLORED, HYBRID, PHYREXIAN, HYBRID_PHYREXIAN, MONO_HYBRID):
        return unit.type in symbol.colors or spend_as is not None
    raise ModelError(f"paying {symbol} with mana is not modelled")


_ONE = Symbol("1", GENERIC, amount=1)  # a share of generic mana: any unit pays it


def _shares(symbol: Symbol) -> list[list[Symbol]]:
    """The ways a symbol is paid, each as the shares that each take one unit ({2} is two
    generic shares; {2/G} is one green share or two generic ones)."""
    if symbol.kind == GENERIC:
        return [[_ONE] * symbol.amount]
    if symbol.kind == MONO_HYBRID:
        return [[symbol], [_ONE] * symbol.amount]
    return [[symbol]]


LIFE_PER_SYMBOL = 2  # what a Phyrexian symbol costs when paid with life (107.4f)
PAID_WITH_LIFE = (PHYREXIAN, HYBRID_PHYREXIAN)


def payable(cost: CostLike, units: Iterable[str], spend_as: Optional[str] = None, life: int = 0) -> bool:
    """Whether ``units`` (mana, as in the module doc), and ``life`` for Phyrexian symbols, can pay every symbol of ``cost``."""
    if spend_as not in SPEND_AS:
        raise ModelError(f"spend as {spend_as!r}: one of {', '.join(str(s) for s in SPEND_AS)}")
    pool = sorted((mana(u) if isinstance(u, str) else u for u in units), key=lambda m: (m.type, m.snow))
    symbols = list(as_cost(cost).symbols)
    if any(s.kind == VARIABLE for s in symbols):
        raise ModelError(f"{cost}: fix X before paying it")
    return _pay(symbols, pool, spend_as, life)


def _pay(symbols: list[Symbol], pool: list[Mana], spend_as: Optional[str], life: int) -> bool:
    if not symbols:
        return True
    first, rest = symbols[0], symbols[1:]
    if first.kind in PAID_WITH_LIFE and life >= LIFE_PER_SYMBOL and _pay(rest, pool, spend_as, life - LIFE_PER_SYMBOL):
        return True  # 2 life instead of its mana, while the payer has that much (119.4)
    for shares in _shares(first):
        if _fill(shares, rest, pool, spend_as, life):
            return True
    return False


def _fill(shares: list[Symbol], rest: list[Symbol], pool: list[Mana], spend_as: Optional[str], life: int) -> bool:
    """Give each share a unit of its own, then pay the rest with what is left."""
    if not shares:
        return _pay(rest, pool, spend_as, life)
    share = shares[0]
    for k, unit in enumerate(pool):
        if (k == 0 or unit != pool[k - 1]) and _takes(share, unit, spend_as):  # alike units: try one
            if _fill(shares[1:], rest, pool[:k] + pool[k + 1:], spend_as, life):
                return True
    return False


def spent(cost: CostLike, units: Iterable[str], spend_as: Optional[str] = None) -> tuple[Mana, ...]:
    """The mana spent when ``units`` pay ``cost``: they must pay it, with none to spare (each is
    spent, 601.2h)."""
    pool = [mana(u) if isinstance(u, str) else u for u in units]
    if not payable(cost, pool, spend_as):
        raise ModelError(f"{' '.join(str(u) for u in units) or 'no mana'} doesn't pay {cost}")
    if any(payable(cost, pool[:k] + pool[k + 1:], spend_as) for k in range(len(pool))):
        raise ModelError(f"{cost} is paid with less than {len(pool)} mana: say which mana is spent")
    return tuple(pool)


def snow_spent(cost: CostLike, units: Iterable[str], spend_as: Optional[str] = None) -> int:
    """How much snow mana is spent when ``units`` pay ``cost``: the units a snow source produced,
    whatever their type ("for each {S} spent to cast this spell", 107.4h, 106.3)."""
    return sum(unit.snow for unit in spent(cost, units, spend_as))
