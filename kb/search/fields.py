"""The fields of the query language, in one table: name → how its value is read → what it
compiles to. The parser (kb.search.query) checks values with ``parse``; the compiler
(kb.search.compile) calls ``compile``; search options (``--lang``, ``--since``…), the web
parameters and the help all come from these rows.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Callable

from whoosh import query as wq

from kb.text.dates import parse_range
from kb.text.rules import normal as normal_rule

LANG_NAMES = {
    "it": "it", "ita": "it", "italian": "it", "italiano": "it",
    "en": "en", "eng": "en", "english": "en", "inglese": "en",
}  # fmt: skip


def _lang(value: str) -> str:
    code = LANG_NAMES.get(value.lower())
    if code is None:
        raise ValueError(f"unknown language {value!r}; use it or en")
    return code


def _rule(value: str) -> str:
    number = normal_rule(value)
    if number is None:
        raise ValueError(f"{value!r} is not a rule number (like 702.61 or 601.2f)")
    return number


def _date(value: str) -> tuple[date | None, date | None]:
    return parse_range(value)  # DateProblem is a ValueError


REGEX_FLAGS = "case-insensitive"


def _regex(value: str):
    """A regular expression over the ruling text (the ``regex`` library: it can be bounded in time)."""
    import regex

    try:
        return regex.compile(value, regex.IGNORECASE)
    except regex.error as err:
        raise ValueError(f"not a regular expression: {err}") from None


def _show_regex(value) -> str:
    return f're:"{value.pattern}"'


def _show_date(value) -> str:
    start, end = value
    return f"date:{start or ''}..{end or ''}"


# --- compiling: ``builder`` is a kb.search.compile.Builder ----------------------------------------


MAX_CARDS = 50  # cards one card: value may stand for (the likeliest first)


def _compile_card(builder, value: str, pos: int) -> wq.Query:
    cards = builder.catalog.resolve(value)
    names = ", ".join(card.display for card in cards[:5])
    builder.notes.append(f"card:{value} → {names}{' ...' if len(cards) > 5 else ''}")
    if len(cards) > MAX_CARDS:
        builder.notes.append(f"card:{value} matches {len(cards)} or more cards; the {MAX_CARDS} likeliest are searched")
    return Cards(tuple(card.key for card in cards[:MAX_CARDS]))


def _compile_tag(builder, value: str, pos: int) -> wq.Query:
    return wq.Term("tags", builder.resolve_tag(value, pos))


def _claim(value: str) -> str:
    """A registered claim's id; a misspelt one says which ids are near."""
    from kb.checks.registration import registry

    claims = registry()
    if value not in claims:
        near = difflib.get_close_matches(value, list(claims), n=3, cutoff=0.5)
        raise ValueError(f"unknown claim {value!r}" + (f"; did you mean {', '.join(near)}?" if near else ""))
    return value


def _compile_claim(builder, value: str, pos: int) -> wq.Query:
    return wq.Term("claims", value)


def _compile_lang(builder, value: str, pos: int) -> wq.Query:
    return wq.Term("lang", value)


def _compile_rule(builder, value: str, pos: int) -> wq.Query:
    subrules = [value + c for c in "abcdefghijklmnopqrstuvwxyz"] if "." in value else []
    parts = [wq.Term("rules", value), *(wq.Term("rules", r) for r in subrules)]
    if "." not in value:
        parts.append(wq.Prefix("rules", value + "."))
    return wq.Or(parts)


def _compile_date(builder, value, pos: int) -> wq.Query:
    start, end = value
    return wq.DateRange(
        "date",
        datetime.combine(start, time.min) if start else None,
        datetime.combine(end, time.max) if end else None,
    )


class Regex(wq.Query):
    """A regular expression the ruling text must match (run by kb.search.execute, in bounded time)."""

    def __init__(self, pattern, query: str, pos: int):
        self.pattern, self.query, self.pos = pattern, query, pos

    def __repr__(self) -> str:
        return f"Regex({self.pattern.pattern!r})"

    __str__ = __repr__


def _compile_regex(builder, value, pos: int) -> wq.Query:
    return Regex(value, builder.text, pos)


class Cards(wq.Query):
    """The rulings of any of these cards (by card key): one array lookup, whatever their number."""

    def __init__(self, keys: tuple[str, ...]):
        self.keys = keys

    def __repr__(self) -> str:
        return f"Cards({', '.join(self.keys[:5])}{' ...' if len(self.keys) > 5 else ''})"

    __str__ = __repr__


def any_of(fieldname: str, values: list[str]) -> wq.Query:
    terms = [wq.Term(fieldname, v) for v in values]
    return terms[0] if len(terms) == 1 else wq.Or(terms)


@dataclass(frozen=True)
class QueryField:
    name: str
    help: str  # what it selects
    example: str
    parse: Callable[[str], object]  # the typed value → its value; ValueError says why not
    compile: Callable  # (builder, value, position) → a Whoosh query
    show: Callable[[object], str] | None = None  # the value as a query writes it


FIELDS: dict[str, QueryField] = {
    f.name: f
    for f in (
        QueryField("card", "a card by Italian or English name, partial or misspelled", 'card:"Fast Forward"', str,
                   _compile_card),
        QueryField("tag", "a tag by id or by any of its forms (see kb tags)", "tag:battibaleno", str, _compile_tag),
        QueryField("lang", "the language of the ruling: it or en", "lang:it", _lang, _compile_lang),
        QueryField("claim", "the rulings linked to a claim (its id, as kb check takes), stating or denying it",
                   "claim:goad.duration", _claim, _compile_claim),
        QueryField("rule", "a Comprehensive Rules number and its subrules", "rule:702.61", _rule, _compile_rule),
        QueryField("date", "dates and ranges: 2019..2021, 2021-03, ..2020, 2020.., 19/03/2021", "date:2019..2021",
                   _date, _compile_date, _show_date),
        QueryField("re", f"a regular expression over the ruling text ({REGEX_FLAGS}), bounded in time",
                   're:"can.t be countered"', _regex, _compile_regex, _show_regex),
    )
}  # fmt: skip

def field_names() -> str:
    """The fields as a query writes them, for help texts: ``card:, tag:, …``."""
    return ", ".join(f"{name}:" for name in FIELDS)


# Search options (``kb search --since``, ``?since=``) as fields: option → (field, value maker).
OPTIONS: dict[str, tuple[str, Callable]] = {
    "lang": ("lang", lambda value: FIELDS["lang"].parse(value)),
    "tag": ("tag", lambda value: value),
    "card": ("card", lambda value: value),
    "since": ("date", lambda value: (parse_range(value)[0], None)),
    "until": ("date", lambda value: (None, parse_range(value)[1])),
}


def parse_value(name: str, value: str):
    """A field's value, checked (``ValueError`` says why not)."""
    return FIELDS[name].parse(value)
