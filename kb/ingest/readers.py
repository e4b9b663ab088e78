"""Readers: source files → raw rulings (card, date, text) or located problems.

Every reader is a generator of ``RawRuling`` and ``Problem`` items. A problem that spoils one
ruling carries ``rulings=1`` (it counts as read and rejected); a problem about the whole file
carries ``file=True``. Readers never raise for bad content, so the rest of a file and the other
files go on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Iterator, Union

from kb.text.dates import DATEISH, DateProblem, parse_day

_LINE_END = re.compile(r"\r\n|\r|\n")
_LINE_END_BYTES = re.compile(rb"\r\n|\r|\n")
MAX_CARD_NAME = 150


@dataclass(frozen=True)
class RawRuling:
    card: str
    date: date
    text: str
    path: str
    line: int
    lang: str | None = None  # given by the source, else detected
    origin: str | None = None  # who wrote it, where the source says: Scryfall's "wotc" or "scryfall"
    anchor: str | None = None  # a stable place in a bulk file ("C19/61", an oracle id), where line is not one


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    message: str
    rulings: int = 0  # rulings this problem rejects
    file: bool = False  # the whole file is rejected
    warning: bool = False  # reported, nothing rejected
    hidden: int = 0  # this many more problems of the file, not shown (from this line on)

    def __str__(self) -> str:
        if self.hidden:
            return f"{self.path}:{self.line}: and {self.hidden} more problem(s) in this file, not shown"
        kind = "warning: " if self.warning else ""
        return f"{self.path}:{self.line}: {kind}{self.message}"


Item = Union[RawRuling, Problem]


MAX_RULING = 20_000  # characters; real rulings are under 2,000
MAX_LINE = 1 << 18  # characters of a JSON Lines row (a ruling and the rest of an exported record)


def bounded(raw: RawRuling) -> RawRuling | Problem:
    """A ruling within kb's limits, or the Problem that rejects it: a text longer than
    MAX_RULING, or a code point no UTF-8 text can hold (a lone surrogate)."""
    if len(raw.text) > MAX_RULING:
        return Problem(raw.path, raw.line, f"ruling of {len(raw.text):,} characters, over the limit of {MAX_RULING:,}; "
                       "skipped", rulings=1)  # fmt: skip
    for value in (raw.card, raw.text):
        bad = _invalid_code_point(value)
        if bad is not None:
            return Problem(raw.path, raw.line, f"invalid code point U+{ord(value[bad]):04X} at character {bad + 1} "
                           "(a lone surrogate); skipped", rulings=1)  # fmt: skip
    return raw


def _invalid_code_point(text: str) -> int | None:
    try:
        text.encode("utf-8")
        return None
    except UnicodeEncodeError as err:
        return err.start


def decode(path: str, data: bytes, first_line: int = 1) -> tuple[str | None, list[Problem]]:
    """Bytes → text. UTF-8 (with or without BOM); else cp1252 with a warning; NUL bytes → binary."""
    if b"\x00" in data:
        return None, [Problem(path, 1, "binary file (it contains NUL bytes); not a ruling file", file=True)]
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        pass
    first_bad = next(
        n for n, raw in enumerate(_LINE_END_BYTES.split(data), first_line) if not _is_utf8(raw)
    )
    try:
        text = data.decode("cp1252")
        used = "cp1252"
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        used = "latin-1"
    return text, [Problem(path, first_bad, f"not valid UTF-8 (first at this line); decoded as {used}", warning=True)]


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def split_lines(text: str) -> list[str]:
    """Lines for any line ending (LF, CRLF, CR), trailing spaces removed."""
    return [line.rstrip() for line in _LINE_END.split(text)]


def read_dated(path: str, text: str) -> Iterator[Item]:
    """The dated ruling format: a card name, then blocks of a date line, blank line(s), a paragraph.

    A paragraph may wrap over consecutive non-blank lines (joined with a space).
    """
    lines = split_lines(text)
    card, card_line = None, 0
    for number, line in enumerate(lines, 1):
        if line.strip():
            card, card_line = line.strip(), number
            break
    if card is None:
        yield Problem(path, 1, "empty file", file=True)
        return
    body_start = card_line
    if DATEISH.match(card):
        yield Problem(path, card_line, "the first line must be the card name, not a date", file=True)
        card, body_start = None, card_line - 1
    elif len(card) > MAX_CARD_NAME:
        yield Problem(path, card_line, "the first line must be the card name; this one is too long to be one", file=True)
        card = None
    yield from _blocks(path, card, lines, body_start, card_line)


def _blocks(path: str, card: str | None, lines: list[str], start: int, card_line: int) -> Iterator[Item]:
    pending = None  # (line, date) or (line, DateProblem)
    paragraph: list[str] = []
    para_line = 0
    found = 0

    def flush() -> Iterator[Item]:
        nonlocal pending, paragraph, found
        if not paragraph:
            return
        text = " ".join(part.strip() for part in paragraph)
        paragraph = []
        found += 1
        if pending is None:
            yield Problem(path, para_line, "ruling with no date before it", rulings=1)
        elif isinstance(pending[1], DateProblem):
            pass  # reported at the date line, with the ruling counted there
        elif card is None:
            yield Problem(path, para_line, "ruling skipped: the file has no card name", rulings=1)
        else:
            yield RawRuling(card, pending[1], text, path, para_line)
        pending = None

    for number, line in enumerate(lines[start:], start + 1):
        stripped = line.strip()
        if not stripped:
            yield from flush()
            continue
        if DATEISH.match(stripped):
            yield from flush()
            if pending is not None and not isinstance(pending[1], DateProblem):
                found += 1
                yield Problem(path, pending[0], "date with no ruling after it", rulings=1)
            try:
                pending = (number, parse_day(stripped))
            except DateProblem as problem:
                found += 1
                pending = (number, problem)
                yield Problem(path, number, f"{problem}; its ruling is skipped", rulings=1)
            continue
        if not paragraph:
            para_line = number
        paragraph.append(stripped)
    yield from flush()
    if pending is not None and not isinstance(pending[1], DateProblem):
        found += 1
        yield Problem(path, pending[0], "date with no ruling after it", rulings=1)
    if not found and card is not None:
        yield Problem(path, 1, f"no rulings: the file holds only a card name ({card!r})", file=True)


def read_jsonl(path: str, text: str, first_line: int = 1) -> Iterator[Item]:
    """JSON Lines, one ruling per line: ``{"card", "date" (YYYY-MM-DD), "text"[, "lang"]}``.

    Other keys (the rest of an exported record) are ignored: tags, rules and ids are recomputed.
    ``first_line`` numbers the lines of a part of a larger file.
    """
    found = 0
    for number, line in enumerate(split_lines(text), first_line):
        if not line.strip():
            continue
        found += 1
        if len(line) > MAX_LINE:
            yield Problem(path, number, f"a line of {len(line):,} characters, over the limit of {MAX_LINE:,}; skipped", rulings=1)
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            yield Problem(path, number, f"invalid JSON ({err.msg} at column {err.colno})", rulings=1)
            continue
        except RecursionError:
            yield Problem(path, number, "invalid JSON (nested too deeply)", rulings=1)
            continue
        problem = _check_object(obj)
        if problem:
            yield Problem(path, number, problem, rulings=1)
            continue
        try:
            day = parse_day(obj["date"])
        except DateProblem as err:
            yield Problem(path, number, str(err), rulings=1)
            continue
        origin = obj.get("origin") if isinstance(obj.get("origin"), str) else None
        yield RawRuling(obj["card"].strip(), day, " ".join(obj["text"].split()), path, number, obj.get("lang"), origin)
    if not found and first_line == 1:
        yield Problem(path, 1, "empty file", file=True)


def _check_object(obj) -> str | None:
    if not isinstance(obj, dict):
        return "expected a JSON object"
    for key in ("card", "date", "text"):
        if not isinstance(obj.get(key), str) or not obj[key].strip():
            return f"missing or empty {key!r}"
    if obj.get("lang") not in (None, "it", "en"):
        return f"unknown lang {obj['lang']!r} (expected 'it' or 'en')"
    return None


def is_jsonl(path: Path) -> bool:
    """JSON Lines by extension; anything else is read as the dated text format."""
    return path.suffix.lower() == ".jsonl"
