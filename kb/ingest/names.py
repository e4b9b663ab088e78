"""Card names: the English ↔ Italian table ingest gives each record its names from.

The table is read from TSV files (``English<TAB>Italian``, either cell may be empty; ``#``
comments and an ``en<TAB>it`` header are allowed), and grows with the Italian names that MTGJSON
and Scryfall files carry.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from kb.ingest.readers import Problem, decode
from kb.records import card_key


class Names:
    """English ↔ Italian card names; lookups ignore case, accents and spacing."""

    def __init__(self) -> None:
        self._by_key: dict[str, dict[str, str]] = {}

    def add(self, en: str | None, it: str | None) -> None:
        en, it = (en or "").strip(), (it or "").strip()
        if not en and not it:
            return
        entry = self._by_key.get(card_key(en)) if en else None
        if entry is None and it:
            entry = self._by_key.get(card_key(it))
        if entry is None:
            entry = {}
        if en:
            entry.setdefault("en", en)
            self._by_key[card_key(en)] = entry
        if it:
            entry.setdefault("it", it)
            self._by_key[card_key(it)] = entry

    def lookup(self, name: str) -> dict[str, str]:
        """``{"it": ..., "en": ...}`` for a card known by ``name`` in either language, else {}."""
        entry = self._by_key.get(card_key(name))
        return {lang: entry[lang] for lang in ("it", "en") if lang in entry} if entry else {}

    def __len__(self) -> int:
        return len({id(entry) for entry in self._by_key.values()})

    def pairs(self) -> list[tuple[str, str]]:
        seen, out = set(), []
        for entry in self._by_key.values():
            if id(entry) not in seen:
                seen.add(id(entry))
                out.append((entry.get("en", ""), entry.get("it", "")))
        return sorted(out)

    def load_tsv(self, path: Path, text: str) -> list:
        """Add the pairs of a TSV table; returns the problems of its malformed lines."""
        problems = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            if len(cells) != 2:
                problems.append(Problem(str(path), number, "expected 'English<TAB>Italian'; line skipped"))
                continue
            if [c.strip().lower() for c in cells] == ["en", "it"]:
                continue
            self.add(cells[0], cells[1])
        return problems


def load_names(paths: Iterable[Path], problems: list | None = None) -> Names:
    """The names table of these TSV files; their malformed lines are added to ``problems``."""
    table = Names()
    for path in paths:
        text, found = decode(str(path), path.read_bytes())
        found += table.load_tsv(path, text or "")
        if problems is not None:
            problems.extend(found)
    return table
