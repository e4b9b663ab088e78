"""Importers for rulings data as users hold it: MTGJSON files and Scryfall's bulk files.

Reading a set of input files takes two steps, because a file's rulings may need another file:

    prepass = prepare(files)          # Italian names and printed card texts (MTGJSON, Scryfall
                                      # cards files) and Scryfall's oracle id → card name map
    for path in files:                # then each file, in any process, in any order
        for item in read(path, detect(path), prepass.oracle): ...

``read`` yields ``RawRuling`` and ``Problem`` like kb's other readers, and at the end of a bulk
file one ``Repeats`` counting the rulings it folded (the same ruling on many faces, printings
and sets): they count as read and as duplicates, so that read = ingested + rejected + duplicates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Union

from kb.ingest.importers import mtgjson, scryfall
from kb.ingest.importers.common import Facts, NamePair, Repeats
from kb.ingest.importers.detect import UNKNOWN, detect, sniff
from kb.ingest.readers import Problem, RawRuling, decode, read_dated, read_jsonl

__all__ = ["KINDS", "IMPORTED", "NamePair", "Prepass", "Repeats", "detect", "prepare", "read"]

KINDS = {
    "mtgjson": "MTGJSON v5 set file or AllPrintings (.json or .json.gz)",
    "scryfall-rulings": "Scryfall bulk rulings (a JSON array of ruling objects)",
    "scryfall-cards": "Scryfall bulk cards (oracle_cards, default_cards, all_cards): names only",
    "jsonl": "JSON Lines, one ruling per line",
    "dated": "the dated text format",
    UNKNOWN: "JSON of no kind kb reads (reported as a problem)",
}
IMPORTED = frozenset({"mtgjson", "scryfall-rulings", "scryfall-cards", UNKNOWN})  # read only here

ImportItem = Union[RawRuling, Problem, Repeats]


@dataclass(frozen=True)
class Prepass:
    """What the importers need from all the input before reading any rulings."""

    pairs: tuple[NamePair, ...] = ()  # (English, Italian), for kb's names table
    oracle: Mapping[str, str] = field(default_factory=dict)  # Scryfall oracle id → English name
    problems: tuple[Problem, ...] = ()  # of the cards files, which only this step reads
    cards: Mapping[str, dict] = field(default_factory=dict)  # card key → printed facts (Facts.table)


def prepare(paths: Iterable[Path]) -> Prepass:
    """Stream the bulk files among ``paths`` for names: MTGJSON Italian names, Scryfall cards.

    Other kinds are skipped. Problems of MTGJSON files are left to ``read``, which meets them again.
    """
    pairs: dict[NamePair, None] = {}
    oracle: dict[str, str] = {}
    problems: list[Problem] = []
    facts = Facts()
    for path in paths:
        kind = detect(Path(path))
        if kind == "mtgjson":
            found, printed = mtgjson.scan(Path(path))
            pairs.update(dict.fromkeys(found))
            facts.update(printed)
        elif kind == "scryfall-cards":
            cards = scryfall.load_cards(Path(path))
            oracle.update(cards.oracle)
            pairs.update(dict.fromkeys(cards.pairs))
            problems.extend(cards.problems)
            facts.update(cards.facts)
    return Prepass(tuple(pairs), oracle, tuple(problems), facts.table())


def read(path: Path, kind: str | None = None, oracle: Mapping[str, str] | None = None) -> Iterator[ImportItem]:
    """The rulings and problems of one whole file of any kind (detected when ``kind`` is None).

    ``oracle`` names the cards of Scryfall rulings (``prepare(...).oracle``); a Scryfall cards
    file yields nothing here (its names and problems come from ``prepare``).
    """
    path = Path(path)
    kind = kind or detect(path)
    if kind == "mtgjson":
        return mtgjson.read(path)
    if kind == "scryfall-rulings":
        return scryfall.read_rulings(path, oracle)
    if kind == "scryfall-cards":
        return iter(())
    if kind == UNKNOWN:
        return iter([Problem(str(path), 1, sniff(path).reason, file=True)])
    return _read_text(path, kind)


def _read_text(path: Path, kind: str) -> Iterator[ImportItem]:
    """kb's own formats, a whole file at a time (kb's ingest also reads parts of big JSON Lines)."""
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        yield Problem(name, 1, f"cannot read: {err.strerror}", file=True)
        return
    text, problems = decode(name, data)
    yield from problems
    if text is not None:
        yield from (read_jsonl(name, text) if kind == "jsonl" else read_dated(name, text))
