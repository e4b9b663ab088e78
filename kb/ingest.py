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

from . import analysis, language
from .errors import IngestError
from .names import Names
from .readers import Item, Problem, RawRuling, decode, reader_for
from .records import Ruling, ruling_id
from .vocabulary import Vocabulary, vocabulary

RULING_SUFFIXES = {".txt", ".jsonl", ""}
NAME_SUFFIXES = {".tsv"}
_RULE_NUMBER = re.compile(
    r"(?<![\d.])(\d{3}\.\d{1,3}[a-z]?)(?![\d])|(?:\brules?|\bregol[ae]|\bCR)\s+(\d{3})(?![.\d])",
    re.IGNORECASE,
)


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


def expand(paths: Iterable[str | Path]) -> tuple[list[Path], list[Path], list[str]]:
    """Ruling files, name tables and skipped files under ``paths``, in a stable order.

    Folders are walked for ``.txt``, ``.jsonl`` and ``.tsv`` files (hidden ones left out); a
    file named explicitly is read whatever its extension.
    """
    rulings, names, skipped = [], [], []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise IngestError(f"no such file or folder: {raw}")
        if path.is_file():
            (names if path.suffix.lower() in NAME_SUFFIXES else rulings).append(path)
            continue
        for child in sorted(p for p in path.rglob("*") if p.is_file()):
            if any(part.startswith(".") for part in child.relative_to(path).parts):
                continue
            suffix = child.suffix.lower()
            if suffix in NAME_SUFFIXES:
                names.append(child)
            elif suffix in RULING_SUFFIXES:
                rulings.append(child)
            else:
                skipped.append(str(child))
    return rulings, names, skipped


def load_names(paths: Iterable[Path], report: Report | None = None) -> Names:
    table = Names()
    for path in paths:
        text, problems = decode(str(path), path.read_bytes())
        problems += table.load_tsv(path, text or "")
        if report is not None:
            report.problems.extend(problems)
    return table


def rule_numbers(text: str) -> list[str]:
    """Comprehensive Rules numbers written in a ruling: "rule 702.61a", "regola 601.2f", "rule 116"."""
    return [m.group(1) or m.group(2) for m in _RULE_NUMBER.finditer(text)]


class Enricher:
    """Raw ruling → record: language, mixed, tags, rule numbers, card names, id."""

    def __init__(self, names: Names, vocab: Vocabulary | None = None, linker: Callable | None = None):
        self.names = names
        self.vocab = vocab or vocabulary()
        self.linker = linker

    def __call__(self, raw: RawRuling, hint: str | None = None) -> Ruling:
        verdict = language.detect(raw.text, hint)
        lang = raw.lang or verdict.lang
        mixed = verdict.mixed if lang == verdict.lang else True
        terms = {code: analysis.terms(raw.text, code) for code in analysis.LANGS}
        tags = self.vocab.tags_in(terms)
        rules = tuple(dict.fromkeys([*self.vocab.rules_of(tags), *rule_numbers(raw.text)]))
        checks = tuple(self.linker(raw.text, lang, tags)) if self.linker else ()
        return Ruling(
            id=ruling_id(raw.card, raw.date, raw.text),
            card=raw.card,
            card_names=self.names.lookup(raw.card),
            date=raw.date,
            lang=lang,
            mixed=mixed,
            text=raw.text,
            tags=tags,
            rules=rules,
            checks=checks,
            source=f"{raw.path}:{raw.line}",
        )


def read_file(path: Path) -> Iterator[Item]:
    try:
        data = path.read_bytes()
    except OSError as err:
        yield Problem(str(path), 1, f"cannot read: {err.strerror}", file=True)
        return
    text, problems = decode(str(path), data)
    yield from problems
    if text is not None:
        yield from reader_for(path)(str(path), text)


def ingest(
    paths: Iterable[str | Path],
    names: Names | None = None,
    name_files: Iterable[Path] = (),
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Ruling], Report]:
    """Read every source under ``paths``; the records (duplicates dropped) and the report.

    ``progress(done, total)`` is called after each file.
    """
    ruling_files, table_files, skipped = expand(paths)
    report = Report(files_skipped=skipped)
    table = names or Names()
    extra = load_names([*name_files, *table_files], report)
    for en, it in extra.pairs():
        table.add(en, it)
    enrich = Enricher(table)
    records: dict[str, Ruling] = {}
    for done, path in enumerate(ruling_files, 1):
        report.files_read += 1
        hint = None
        for item in read_file(path):
            if isinstance(item, Problem):
                report.problems.append(item)
                report.rulings_read += item.rulings
                report.rejected += item.rulings
                report.files_rejected += item.file
                continue
            report.rulings_read += 1
            record = enrich(item, hint)
            hint = record.lang
            if record.id in records:
                report.duplicates += 1
            else:
                records[record.id] = record
                report.ingested += 1
        if progress:
            progress(done, len(ruling_files))
    return list(records.values()), report
