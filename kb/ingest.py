"""Ingest: source paths → ruling records, with a report whose counts always add up.

``ingest(paths)`` reads files and folders (dated text files, JSON Lines, name tables), decides each
ruling's language, tags, rule numbers and card names, drops exact duplicates, and accounts for
every ruling: read = ingested + rejected + duplicates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from . import analysis, importers, language, progress
from .importers import Repeats
from .names import Names
from .readers import Item, Problem, RawRuling, decode, is_jsonl, read_dated, read_jsonl
from .records import Ruling, ruling_id
from .sources import expand
from .vocabulary import Vocabulary, vocabulary

_SUBRULE = re.compile(r"(?<![\d.])\d{3}\.\d{1,3}[a-z]?(?!\d)")
_RULE = re.compile(r"\b(?:rules?|regol[ae]|CR)\s+(\d{3})(?!\.?\d)", re.IGNORECASE)


@dataclass
class Report:
    files_read: int = 0
    files_rejected: int = 0
    files_skipped: list = field(default_factory=list)  # in folders, not of a known type
    rulings_read: int = 0
    ingested: int = 0
    rejected: int = 0
    duplicates: int = 0
    problems: list = field(default_factory=list)  # Problem, in reading order
    shadowed: int = 0  # rulings of later files dropped as duplicates of this one's
    updated: bool = False  # an existing index was brought up to date rather than rebuilt
    changed: tuple = ()  # with updated: the source files that changed (none: nothing to do)

    def absorb(self, other: "Report") -> None:
        """Add another report's counts and problems to this one."""
        self.files_read += other.files_read
        self.files_rejected += other.files_rejected
        self.rulings_read += other.rulings_read
        self.ingested += other.ingested
        self.rejected += other.rejected
        self.duplicates += other.duplicates
        self.shadowed += other.shadowed
        self.problems.extend(other.problems)

    def counts(self) -> dict:
        return {
            "files_read": self.files_read, "files_rejected": self.files_rejected,
            "read": self.rulings_read, "ingested": self.ingested, "rejected": self.rejected,
            "duplicates": self.duplicates, "shadowed": self.shadowed,
        }  # fmt: skip

    @classmethod
    def from_counts(cls, counts: dict, problems: list) -> "Report":
        return cls(
            files_read=counts["files_read"], files_rejected=counts["files_rejected"],
            rulings_read=counts["read"], ingested=counts["ingested"], rejected=counts["rejected"],
            duplicates=counts["duplicates"], shadowed=counts["shadowed"], problems=list(problems),
        )  # fmt: skip

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if not p.warning]

    @property
    def adds_up(self) -> bool:
        return self.rulings_read == self.ingested + self.rejected + self.duplicates

    def summary(self) -> str:
        skipped = f", {len(self.files_skipped)} skipped" if self.files_skipped else ""
        return (
            f"files: {self.files_read} read, {self.files_rejected} rejected{skipped}; "
            f"rulings: {self.rulings_read} read = {self.ingested} ingested + "
            f"{self.rejected} rejected + {self.duplicates} duplicates"
        )

    def to_dict(self) -> dict:
        return {
            "files": {"read": self.files_read, "rejected": self.files_rejected, "skipped": self.files_skipped},
            "rulings": {
                "read": self.rulings_read,
                "ingested": self.ingested,
                "rejected": self.rejected,
                "duplicates": self.duplicates,
            },
            "problems": [
                {"path": p.path, "line": p.line, "message": p.message, "warning": p.warning}
                for p in self.problems
            ],
        }


def load_names(paths: Iterable[Path], report: Report | None = None) -> Names:
    table = Names()
    for path in paths:
        text, problems = decode(str(path), path.read_bytes())
        problems += table.load_tsv(path, text or "")
        if report is not None:
            report.problems.extend(problems)
    return table


def source_file(record: Ruling) -> str:
    """The file a record was read from (its ``source`` without the line)."""
    return record.source.rsplit(":", 1)[0]


def rule_numbers(text: str) -> list[str]:
    """Comprehensive Rules numbers written in a ruling: "rule 702.61a", "regola 601.2f", "rule 116"."""
    if "." not in text and " " not in text:
        return []
    found = [(m.start(), m.group()) for m in _SUBRULE.finditer(text)] if "." in text else []
    found += [(m.start(1), m.group(1)) for m in _RULE.finditer(text)]
    return [number for _, number in sorted(found)]


@dataclass(frozen=True)
class Prepared:
    """A record and the analysed terms of its text, which the index reuses."""

    record: Ruling
    terms: dict


@dataclass(frozen=True)
class Reading:
    """What the text of a ruling says, whatever card it is about."""

    lang: str
    mixed: bool
    terms: dict
    tags: tuple[str, ...]
    rules: tuple[str, ...]
    checks: tuple[str, ...]
    no_check: str | None


class Enricher:
    """Raw ruling → record: language, mixed, tags, rule numbers, card names, id, linked checks.

    The same text often rules on many cards (half of the official rulings repeat another's
    text), so what a text says is worked out once and remembered.
    """

    MEMO = 50_000

    def __init__(self, names: Names, vocab: Vocabulary | None = None, linker: Callable | None = None):
        from .checks.links import link

        self.names = names
        self.vocab = vocab or vocabulary()
        self.linker = linker or link
        self._memo: dict[tuple, Reading] = {}

    def read(self, text: str, given: str | None, hint: str | None) -> Reading:
        key = (text, given, hint)
        reading = self._memo.get(key)
        if reading is None:
            if len(self._memo) >= self.MEMO:
                self._memo.clear()
            reading = self._memo[key] = self._read(text, given, hint)
        return reading

    def _read(self, text: str, given: str | None, hint: str | None) -> Reading:
        verdict = language.detect(text, hint)
        lang = given or verdict.lang
        mixed = verdict.mixed if lang == verdict.lang else True
        # Italian rulings often keep English words, so they are matched in both languages;
        # English rulings in Italian only when they carry Italian.
        both = lang == "it" or mixed
        terms = {code: analysis.terms(text, code) for code in analysis.LANGS if both or code == lang}
        tags = self.vocab.tags_in(terms)
        rules = tuple(dict.fromkeys([*self.vocab.rules_of(tags), *rule_numbers(text)]))
        links = self.linker(text, lang, tags, terms)
        return Reading(lang, mixed, terms, tags, rules, links.checks, links.no_check)

    def __call__(self, raw: RawRuling, hint: str | None = None) -> Prepared:
        reading = self.read(raw.text, raw.lang, hint)
        record = Ruling(
            id=ruling_id(raw.card, raw.date, raw.text),
            card=raw.card,
            card_names=self.names.lookup(raw.card),
            date=raw.date,
            lang=reading.lang,
            mixed=reading.mixed,
            text=raw.text,
            tags=reading.tags,
            rules=reading.rules,
            checks=reading.checks,
            source=f"{raw.path}:{raw.line}",
            no_check=reading.no_check,
            origin=raw.origin,
        )
        return Prepared(record, reading.terms)


@dataclass(frozen=True)
class Unit:
    """A piece of work: a whole source file, or a byte range of a large JSON Lines file."""

    path: Path
    start: int = 0  # byte offset
    end: int | None = None  # byte offset, exclusive; None: to the end of the file
    first_line: int = 1

    @property
    def size(self) -> int:
        return (self.end if self.end is not None else self.path.stat().st_size) - self.start


def units_of(path: Path, chunk: int = 4 << 20) -> list[Unit]:
    """One unit per file; a JSON Lines file larger than ``chunk`` bytes is cut at line ends."""
    try:
        size = path.stat().st_size
    except OSError:
        return [Unit(path)]
    if not is_jsonl(path) or size <= chunk:
        return [Unit(path)]
    data = path.read_bytes()
    units, start, line = [], 0, 1
    while start < size:
        cut = data.find(b"\n", min(start + chunk, size - 1))
        end = size if cut < 0 else cut + 1
        units.append(Unit(path, start, end if end < size else None, line))
        line += data.count(b"\n", start, end)
        start = end
    return units


def read_unit(unit: Unit, oracle=None) -> Iterator[Item]:
    kind = importers.detect(unit.path)
    if kind in importers.IMPORTED:
        yield from importers.read(unit.path, kind, oracle)
        return
    path = str(unit.path)
    try:
        with open(unit.path, "rb") as handle:
            handle.seek(unit.start)
            data = handle.read() if unit.end is None else handle.read(unit.end - unit.start)
    except OSError as err:
        yield Problem(path, 1, f"cannot read: {err.strerror}", file=True)
        return
    progress.advance(len(data))
    text, problems = decode(path, data, unit.first_line)
    yield from problems
    if text is None:
        return
    if is_jsonl(unit.path):
        yield from read_jsonl(path, text, unit.first_line)
    else:
        yield from read_dated(path, text)


class Collector:
    """Reads units into prepared records, counting everything per source file.

    Identical rulings (same id) are kept once: the first one read; the file of the first one
    counts the later ones as ``shadowed``, the file of a later one counts it as a duplicate.
    Records stream out as they are read (only their ids are remembered) and ``records`` keeps
    them without their analysed terms, so memory holds one ruling's terms at a time.
    """

    def __init__(self, enrich: Enricher, oracle=None):
        self.enrich = enrich
        self.oracle = oracle
        self.files: dict[str, Report] = {}
        self.first: dict[str, str] = {}  # ruling id -> the file it was first read from
        self.records: list[Ruling] = []

    @property
    def report(self) -> Report:
        """All files' counts added up."""
        total = Report()
        for part in self.files.values():
            total.absorb(part)
        return total

    def add(self, unit: Unit) -> None:
        for _ in self.read(unit):
            pass

    def read(self, unit: Unit) -> Iterator[Prepared]:
        """The new rulings of a unit, prepared, as they are read."""
        report = self.files.setdefault(str(unit.path), Report())
        report.files_read += unit.start == 0
        hint = None
        for item in read_unit(unit, self.oracle):
            if isinstance(item, Repeats):
                report.rulings_read += item.count
                report.duplicates += item.count
                continue
            if isinstance(item, Problem):
                report.problems.append(item)
                report.rulings_read += item.rulings
                report.rejected += item.rulings
                report.files_rejected += item.file
                continue
            report.rulings_read += 1
            prepared = self.enrich(item, hint)
            record = prepared.record
            hint = record.lang
            first = self.first.get(record.id)
            if first is None:
                self.first[record.id] = str(unit.path)
                self.records.append(record)
                report.ingested += 1
                yield prepared
            else:
                report.duplicates += 1
                self.files[first].shadowed += 1


def ingest(
    paths: Iterable[str | Path],
    names: Names | None = None,
    name_files: Iterable[Path] = (),
) -> tuple[list[Ruling], Report]:
    """Read every source under ``paths`` in this process; the records and the report."""
    ruling_files, table_files, skipped = expand(paths)
    report = Report(files_skipped=skipped)
    table = names or Names()
    for en, it in load_names([*name_files, *table_files], report).pairs():
        table.add(en, it)
    prepass = importers.prepare(ruling_files)
    for pair in prepass.pairs:
        table.add(pair.en, pair.it)
    collector = Collector(Enricher(table), prepass.oracle)
    for path in ruling_files:
        for unit in units_of(path):
            collector.add(unit)
    report.absorb(collector.report)
    report.problems.extend(prepass.problems)
    report.files_rejected += sum(p.file for p in prepass.problems)
    return collector.records, report
