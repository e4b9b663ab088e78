"""Collecting: source paths → ruling records, with a report whose counts always add up.

``ingest(paths)`` reads files and folders (dated text files, JSON Lines, name tables, MTGJSON and
Scryfall files), enriches each ruling (kb.ingest.enrich), drops exact duplicates, and accounts
for every ruling: read = ingested + rejected + duplicates. The index build runs ``Collector``
over parts of the input in worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from kb.ingest import importers, progress
from kb.ingest.enrich import Enricher, Prepared
from kb.ingest.importers import Repeats
from kb.ingest.names import Names, load_names
from kb.ingest.readers import Item, Problem, RawRuling, bounded, decode, is_jsonl, read_dated, read_jsonl
from kb.ingest.report import Report
from kb.ingest.sources import expand
from kb.records import Ruling


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
            if isinstance(item, RawRuling):
                item = bounded(item)
            if isinstance(item, Problem):
                report.note(item)
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
    for en, it in load_names([*name_files, *table_files], report.problems).pairs():
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
