"""Mana symbols (107.4), mana value (202.3) and the total cost of a spell (601.2f, 118.7, 118.9).

By example::

    mana_value("{2}{R}{R}")              -> 4
    mana_value("{X}{R}")                 -> 1   (X is 0 off the stack, 202.3e)
    mana_value("{X}{R}", x=3)            -> 4   (on the stack, X as announced)
    mana_value("{2/R}{2/R}{2/R}")        -> 6   (Flame Javelin: a hybrid's largest part, 202.3f)
    mana_value("{W/U/P}")                -> 1   (Phyrexian, 202.3g)
    mana_value("{HW}")                   -> 0.5 (half mana)
    total_cost("{3}{B}", alternative="{2}{B}", increases=["{1}"], reductions=[2])  -> {1}{B}

The total cost starts from the mana cost or one alternative cost (118.9a), adds additional costs
and increases, then takes off reductions (601.2f); a generic reduction touches only generic mana
and nothing goes below {0} (118.7). The mana value comes from the mana cost alone (118.9c).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Optional, Union

from kb.checks.model.errors import ManaCostError, ModelError

COLORS = ("W", "U", "B", "R", "G")
VARIABLES = ("X", "Y", "Z")
GENERIC, VARIABLE, COLORED, COLORLESS, SNOW, HALF = "generic", "variable", "colored", "colorless", "snow", "half"
HYBRID, MONO_HYBRID, COLORLESS_HYBRID = "hybrid", "monocolored hybrid", "colorless hybrid"
PHYREXIAN, HYBRID_PHYREXIAN = "Phyrexian", "hybrid Phyrexian"

_TOKEN = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class Symbol:
    """One mana symbol (107.4): its kind, its colors, its generic amount ({3}: 3, {2/W}: 2)."""

    text: str
    kind: str
    colors: tuple[str, ...] = ()
    amount: int = 0

    def __str__(self) -> str:
        return "{" + self.text + "}"


@dataclass(frozen=True)
class ManaCost:
    symbols: tuple[Symbol, ...] = ()

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)

    @property
    def generic(self) -> int:
        return sum(s.amount for s in self.symbols if s.kind == GENERIC)


CostLike = Union[ManaCost, str]


def parse_mana_cost(text: str) -> ManaCost:
    """``"{2}{W/U}{B/P}"`` -> a ManaCost; ``""`` is no mana cost; anything else: ManaCostError."""
    if not isinstance(text, str):
        raise ManaCostError(repr(text), 0, "a mana cost is a string such as '{2}{R}{R}'")
    source, text = text, text.strip().upper()
    symbols, position = [], 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if not match:
            hint = "an unclosed '{'" if text[position] == "{" else f"{text[position]!r} outside braces"
            raise ManaCostError(source, position, f"{hint}; write each symbol in braces, e.g. '{{2}}{{R}}{{R}}'")
        symbols.append(_symbol(source, position, match.group(1)))
        position = match.end()
    return ManaCost(tuple(symbols))


def _symbol(source: str, position: int, body: str) -> Symbol:
    parts = body.split("/")
    if body.isdigit():
        return Symbol(body, GENERIC, amount=int(body))
    if body in COLORS:
        return Symbol(body, COLORED, (body,))
    if body in ("C", "S") or body in VARIABLES:
        return Symbol(body, {"C": COLORLESS, "S": SNOW}.get(body, VARIABLE))
    if len(body) == 2 and body[0] == "H" and body[1] in COLORS:
        return Symbol(body, HALF, (body[1],))
    if len(parts) == 2:
        first, second = parts
        if first in COLORS and second in COLORS and first != second:
            return Symbol(body, HYBRID, (first, second))
        if first.isdigit() and second in COLORS:
            return Symbol(body, MONO_HYBRID, (second,), int(first))
        if first == "C" and second in COLORS:
            return Symbol(body, COLORLESS_HYBRID, (second,))
        if first in COLORS and second == "P":
            return Symbol(body, PHYREXIAN, (first,))
    if len(parts) == 3 and parts[2] == "P" and parts[0] in COLORS and parts[1] in COLORS and parts[0] != parts[1]:
        return Symbol(body, HYBRID_PHYREXIAN, (parts[0], parts[1]))
    if body in ("T", "Q"):
        name = "untap" if body == "Q" else "tap"
        raise ManaCostError(source, position, f"{{{body}}} is the {name} symbol, not a mana symbol")
    raise ManaCostError(
        source,
        position,
        f"unknown mana symbol {{{body}}}; mana symbols are {{0}}, {{1}}, ..., {{W}} {{U}} {{B}} {{R}} {{G}}, "
        "{C}, {S}, {X}, {HW}, hybrid {W/U}, {2/W}, {C/W}, Phyrexian {W/P}, {W/U/P} (rule 107.4)",
    )


def as_cost(cost: CostLike) -> ManaCost:
    return cost if isinstance(cost, ManaCost) else parse_mana_cost(cost)


def colors_of(cost: Optional[CostLike]) -> tuple[str, ...]:
    """The colors of the mana symbols of a cost, in WUBRG order (105.2, 202.2)."""
    if cost is None:
        return ()
    found = {c for s in as_cost(cost).symbols for c in s.colors}
    return tuple(c for c in COLORS if c in found)


# ---------------------------------------------------------------------------------------- 202.3


def symbol_value(symbol: Symbol, x: int) -> Fraction:
    """What one symbol adds to mana value (202.3): its amount; X as given (202.3e); the largest
    part of a hybrid symbol (202.3f: {2/W} is 2); 1 for a Phyrexian symbol (202.3g); half a mana."""
    if symbol.kind == GENERIC:
        return Fraction(symbol.amount)
    if symbol.kind == VARIABLE:
        return Fraction(x)
    if symbol.kind == MONO_HYBRID:
        return Fraction(max(symbol.amount, 1))
    if symbol.kind == HALF:
        return Fraction(1, 2)
    return Fraction(1)


def mana_value(cost: Optional[CostLike], x: int = 0) -> Union[int, float]:
    """The mana value of a mana cost (202.3); no mana cost (None or "") is 0 (202.3a). ``x`` is
    the value of X: 0 unless the object is on the stack (202.3e)."""
    if cost is None:
        return 0
    total = sum((symbol_value(s, x) for s in as_cost(cost).symbols), Fraction(0))
    return int(total) if total.denominator == 1 else float(total)


# ---------------------------------------------------------------------------------------- 601.2f


def total_cost(
    mana_cost: Optional[CostLike],
    *,
    alternative: Optional[CostLike] = None,
    additional: Iterable[CostLike] = (),
    increases: Iterable[CostLike] = (),
    reductions: Iterable[Union[CostLike, int]] = (),
    x: int = 0,
) -> ManaCost:
    """601.2f: the mana cost or the alternative cost paid (118.9a), plus additional costs and
    increases, minus reductions (118.7); X as announced (107.3a). Nothing left is {0}."""
    if x < 0:
        raise ModelError("X can't be negative (107.1b)")
    cost = fix_x(starting_cost(mana_cost, alternative), x)
    for extra in (*additional, *increases):
        cost = ManaCost(cost.symbols + fix_x(as_cost(extra), x).symbols)
    for reduction in reductions:
        cost = reduce_cost(cost, reduction)
    return normalise(cost)


def starting_cost(mana_cost: Optional[CostLike], alternative: Optional[CostLike]) -> ManaCost:
    """The total cost starts from the alternative cost if one is paid, else the mana cost (118.9a)."""
    if alternative is not None:
        return as_cost(alternative)
    return as_cost(mana_cost or "")


def reduce_cost(cost: ManaCost, reduction: Union[CostLike, int]) -> ManaCost:
    """Apply one cost reduction (118.7a-d); an int is that much generic mana."""
    amount = ManaCost((Symbol(str(reduction), GENERIC, amount=reduction),)) if isinstance(reduction, int) else as_cost(reduction)
    for symbol in amount.symbols:
        if symbol.kind == GENERIC:
            cost = reduce_generic(cost, symbol.amount)
        elif symbol.kind in (COLORED, COLORLESS):
            cost = _reduce_one(cost, symbol)
        else:
            raise ModelError(f"reductions by {symbol} are not modelled (118.7e-f need a choice)")
    return cost


def reduce_generic(cost: ManaCost, amount: int) -> ManaCost:
    """Take ``amount`` off the generic part only (118.7a), never below zero (118.7)."""
    left = max(cost.generic - amount, 0)
    others = tuple(s for s in cost.symbols if s.kind != GENERIC)
    return ManaCost(((Symbol(str(left), GENERIC, amount=left),) if left else ()) + others)


def _reduce_one(cost: ManaCost, symbol: Symbol) -> ManaCost:
    """A colored or {C} reduction removes one matching symbol, else one generic (118.7b-d)."""
    symbols = list(cost.symbols)
    for i, s in enumerate(symbols):
        if s.kind == symbol.kind and s.colors == symbol.colors:
            del symbols[i]
            return ManaCost(tuple(symbols))
    return reduce_generic(cost, 1)


def fix_x(cost: ManaCost, x: int) -> ManaCost:
    """Each {X} becomes the announced value, as generic mana (107.3a)."""
    return ManaCost(tuple(Symbol(str(x), GENERIC, amount=x) if s.kind == VARIABLE else s for s in cost.symbols))


def normalise(cost: ManaCost) -> ManaCost:
    """Generic mana merged in front, the other symbols in order; nothing at all is {0}."""
    generic = cost.generic
    others = tuple(s for s in cost.symbols if s.kind != GENERIC)
    front = (Symbol(str(generic), GENERIC, amount=generic),) if generic or not others else ()
    return ManaCost(front + others)


def pay_with(cost: ManaCost, colors: tuple[str, ...]) -> Optional[ManaCost]:
    """Pay one mana of ``cost`` with a source of one of ``colors`` (convoke, 702.51a): a colored
    symbol of that color first, else one generic; None if it can pay nothing."""
    symbols = list(cost.symbols)
    for i, s in enumerate(symbols):
        if s.kind == COLORED and s.colors[0] in colors:
            del symbols[i]
            return normalise(ManaCost(tuple(symbols)))
    if cost.generic:
        return normalise(reduce_generic(cost, 1))
    return None
