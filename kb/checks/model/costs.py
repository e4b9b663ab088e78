"""Mana costs: their symbols (107.4), mana value (202.3) and the total cost of a spell (601.2f).

By example::

    parse_mana_cost("{2}{R}{R}")           -> ManaCost {2}{R}{R}
    mana_value("{2}{R}{R}")                -> 4
    mana_value("{X}{R}")                   -> 1   (X is 0 off the stack, 202.3e)
    mana_value("{X}{R}", x=3, on_stack=True) -> 4
    mana_value("{2/W}{2/W}")               -> 4   (hybrid: its largest part, 202.3f)
    mana_value("{W/P}")                    -> 1   (Phyrexian: 1, 202.3g)
    total_cost("{3}{B}", alternative="{2}{B}", increases=["{1}"], reductions=[2]) -> {1}{B}
    parse_mana_cost("{Q}")                 -> ManaCostError

The total cost starts from the mana cost or one alternative cost (118.9a), adds additional costs
and increases, then takes off reductions; a generic reduction touches only generic mana (118.7a)
and nothing goes below {0} (118.7). The mana value of a spell comes from its mana cost alone,
whatever was paid (118.9c, 118.8d).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Union

from kb.checks.model.errors import ManaCostError, ModelError

COLORS = ("W", "U", "B", "R", "G")
VARIABLES = ("X", "Y", "Z")

GENERIC, VARIABLE, COLORED, COLORLESS, SNOW = "generic", "variable", "colored", "colorless", "snow"
HYBRID, MONO_HYBRID, COLORLESS_HYBRID = "hybrid", "monocolored hybrid", "colorless hybrid"
PHYREXIAN, HYBRID_PHYREXIAN = "Phyrexian", "hybrid Phyrexian"

_TOKEN = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class Symbol:
    """One mana symbol (107.4): ``kind``, its colors, its generic amount ({3}: 3, {2/W}: 2)."""

    text: str
    kind: str
    colors: tuple[str, ...] = ()
    amount: int = 0

    def __str__(self) -> str:
        return "{" + self.text + "}"


@dataclass(frozen=True)
class ManaCost:
    """A sequence of mana symbols; the empty cost is "no mana cost" (202.3a)."""

    symbols: tuple[Symbol, ...] = ()

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)

    @property
    def generic(self) -> int:
        return sum(s.amount for s in self.symbols if s.kind == GENERIC)

    def count(self, kind: str, color: str | None = None) -> int:
        return sum(1 for s in self.symbols if s.kind == kind and (color is None or color in s.colors))


CostLike = Union[ManaCost, str]


def parse_mana_cost(text: str) -> ManaCost:
    """``"{2}{W/U}{B/P}"`` → a ManaCost; ``""`` is no mana cost; anything else raises ManaCostError."""
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
    if len(parts) == 1 and body in COLORS:
        return Symbol(body, COLORED, (body,))
    if body in ("C", "S") or body in VARIABLES:
        return Symbol(body, {"C": COLORLESS, "S": SNOW}.get(body, VARIABLE))
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
        "{C}, {S}, {X}, hybrid {W/U}, {2/W}, {C/W}, Phyrexian {W/P}, {W/U/P} (rule 107.4)",
    )


def as_cost(cost: CostLike) -> ManaCost:
    return cost if isinstance(cost, ManaCost) else parse_mana_cost(cost)


# ---------------------------------------------------------------------------------------- 202.3


def x_value(x: int, on_stack: bool) -> int:
    """The value of X for mana value: the announced value on the stack, else 0 (202.3e, 107.3g)."""
    return x if on_stack else 0


def symbol_value(symbol: Symbol, x: int = 0) -> int:
    """What one symbol adds to mana value: 202.3 (amount), 202.3f (hybrid: largest part), 202.3g."""
    if symbol.kind == GENERIC:
        return symbol.amount
    if symbol.kind == VARIABLE:
        return x
    if symbol.kind == MONO_HYBRID:
        return max(symbol.amount, 1)
    return 1  # colored, colorless, snow, two-color hybrid, {C/W}, Phyrexian (202.3g)


def mana_value(cost: CostLike, x: int = 0, on_stack: bool = False) -> int:
    """The mana value of an object with this mana cost (202.3); no mana cost → 0 (202.3a)."""
    value = x_value(x, on_stack)
    return sum(symbol_value(s, value) for s in as_cost(cost).symbols)


# ---------------------------------------------------------------------------------------- 601.2f


def total_cost(
    mana_cost: CostLike,
    *,
    alternative: CostLike | None = None,
    additional: Iterable[CostLike] = (),
    increases: Iterable[CostLike] = (),
    reductions: Iterable[CostLike | int] = (),
    x: int = 0,
) -> ManaCost:
    """The total cost of a spell (601.2f): the mana cost or the alternative cost (118.9a, 118.9d),
    plus additional costs and cost increases, minus cost reductions (118.7); X as announced
    (107.3a). A cost reduced to nothing is {0} (118.7)."""
    if x < 0:
        raise ModelError("X can't be negative (107.1b)")
    cost = starting_cost(mana_cost, alternative)
    cost = _fix_x(cost, x)
    for extra in (*additional, *increases):
        cost = ManaCost(cost.symbols + _fix_x(as_cost(extra), x).symbols)
    for reduction in reductions:
        cost = reduce_cost(cost, reduction)
    return normalise(cost)


def starting_cost(mana_cost: CostLike, alternative: CostLike | None) -> ManaCost:
    """601.2f: the total cost starts from the alternative cost if one is paid, else the mana cost."""
    return as_cost(alternative) if alternative is not None else as_cost(mana_cost)


def reduce_cost(cost: ManaCost, reduction: CostLike | int) -> ManaCost:
    """Apply one cost reduction (118.7a-d, 118.7g); an int is that much generic mana."""
    if isinstance(reduction, int):
        amount = ManaCost((Symbol(str(reduction), GENERIC, amount=reduction),))
    else:
        amount = as_cost(reduction)
    for symbol in amount.symbols:
        if symbol.kind in (GENERIC, SNOW):
            cost = reduce_generic(cost, symbol.amount if symbol.kind == GENERIC else 1)
        elif symbol.kind in (COLORED, COLORLESS):
            cost = _reduce_one(cost, symbol)
        else:
            raise ModelError(f"reductions by {symbol} are not modelled (118.7e-f need a choice)")
    return cost


def reduce_generic(cost: ManaCost, amount: int) -> ManaCost:
    """Take ``amount`` off the generic component only (118.7a, 107.4h), never below zero (118.7)."""
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


def _fix_x(cost: ManaCost, x: int) -> ManaCost:
    """Replace each {X} by the announced value as generic mana (107.3a)."""
    symbols = tuple(Symbol(str(x), GENERIC, amount=x) if s.kind == VARIABLE else s for s in cost.symbols)
    return ManaCost(symbols)


def normalise(cost: ManaCost) -> ManaCost:
    """Generic mana merged in front, other symbols in order; nothing at all is {0} (118.7)."""
    generic = cost.generic
    others = tuple(s for s in cost.symbols if s.kind != GENERIC)
    front = (Symbol(str(generic), GENERIC, amount=generic),) if generic or not others else ()
    return ManaCost(front + others)


@dataclass(frozen=True)
class Casting:
    """What casting a spell locks in (601.2f-h): its mana cost, X, and the total cost paid."""

    mana_cost: ManaCost
    total: ManaCost
    x: int = 0
    alternative: str | None = None  # the name of the alternative cost paid ("madness"), if any
    base: ManaCost | None = None  # the cost the total started from: mana cost or alternative

    @property
    def mana_value(self) -> int:
        """The spell's mana value: its mana cost only, X as announced (202.3, 202.3e, 118.9c)."""
        return mana_value(self.mana_cost, x=self.x, on_stack=True)


def cast_cost(
    mana_cost: CostLike,
    *,
    alternative: CostLike | None = None,
    alternative_name: str | None = None,
    additional: Iterable[CostLike] = (),
    increases: Iterable[CostLike] = (),
    reductions: Iterable[CostLike | int] = (),
    x: int = 0,
) -> Casting:
    """The costs of casting a spell with this mana cost, as 601.2f locks them in."""
    total = total_cost(
        mana_cost, alternative=alternative, additional=additional, increases=increases, reductions=reductions, x=x
    )
    name = alternative_name or ("alternative" if alternative is not None else None)
    return Casting(as_cost(mana_cost), total, x, name, starting_cost(mana_cost, alternative))


def pays_for(casting: Casting, cost_name: str) -> bool:
    """Paying a cost as changed by effects counts as paying that cost (118.7)."""
    return casting.alternative == cost_name
