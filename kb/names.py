"""Card names: the English ↔ Italian table, and finding a card by any of its names.

The table is read from TSV files (``English<TAB>Italian``, either cell may be empty; ``#``
comments and an ``en<TAB>it`` header are allowed). The catalog lists the cards an index holds,
with every name they are known by, and resolves what a user types: exact, partial, or misspelled.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .analysis import name_terms
from .errors import ParseError, UnknownCard
from .records import card_key


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

    def load_tsv(self, path: Path, text: str) -> list[ParseError]:
        """Add the pairs of a TSV table; returns the problems of its malformed lines."""
        problems = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            if len(cells) != 2:
                problems.append(ParseError(path, number, "expected 'English<TAB>Italian'"))
                continue
            if [c.strip().lower() for c in cells] == ["en", "it"]:
                continue
            self.add(cells[0], cells[1])
        return problems


@dataclass
class Card:
    key: str
    names: dict = field(default_factory=dict)  # {"it": ..., "en": ...}
    written: list = field(default_factory=list)  # names as written in the sources
    rulings: int = 0

    @property
    def display(self) -> str:
        return self.names.get("en") or self.names.get("it") or self.written[0]

    def all_names(self) -> list[str]:
        return list(dict.fromkeys([*self.names.values(), *self.written]))

    def to_dict(self) -> dict:
        return {"key": self.key, "names": self.names, "written": self.written, "rulings": self.rulings}


FUZZY_CUTOFF = 0.8
SUGGEST_CUTOFF = 0.5


def _similarity(typed: str, name: str) -> float:
    """How alike a typed name is to a card name, or to the start of it ("sostituzone")."""
    matcher = difflib.SequenceMatcher(None, typed, name)
    best = matcher.ratio() if matcher.real_quick_ratio() >= SUGGEST_CUTOFF else 0.0
    if len(name) > len(typed):
        head = difflib.SequenceMatcher(None, typed, name[: len(typed)])
        if head.quick_ratio() >= FUZZY_CUTOFF:
            best = max(best, head.ratio() - 0.05)  # a whole-name match ranks above a prefix
    return best


class Catalog:
    """The cards of an index, found by any of their names.

    ``names`` maps each folded name (either language, or as written) to its cards; ``spelled``
    holds the same names as index terms, one per line, for finding the cards a word names.
    Both are computed once at build time and stored with the index.
    """

    def __init__(
        self,
        cards: Iterable[Card],
        names: dict[str, list[str]] | None = None,
        spelled: dict[str, list[str]] | None = None,
    ):
        self.cards = {card.key: card for card in cards}
        if names is None:
            names = {}
            for card in self.cards.values():
                for name in card.all_names():
                    keys = names.setdefault(card_key(name), [])
                    if card.key not in keys:
                        keys.append(card.key)
            names = dict(sorted(names.items()))
        self._by_name = names
        self._names = list(names)
        if spelled is None:
            spelled = {}
            for name in self._names:
                spelled.setdefault(" ".join(name_terms(name)), []).append(name)
        self._spelled = spelled
        self._spelled_text = "\n".join(spelled)

    def resolve(self, name: str) -> list[Card]:
        """The cards ``name`` stands for, best first.

        Exact name (either language) → that card; else the cards whose name contains it as a
        whole word or word prefix ("Geode" → Geode Rager); else the closest names by spelling
        ("Sostituzone Improvvisa", "Wilbender"). Raises UnknownCard with suggestions.
        """
        key = card_key(name)
        if not key:
            raise UnknownCard(name, [])
        if key in self._by_name:
            return [self.cards[k] for k in self._by_name[key]]
        partial = self._partial(key)
        if partial:
            return partial
        scored = sorted(((_similarity(key, n), n) for n in self._names), reverse=True)
        close = [n for score, n in scored[:5] if score >= FUZZY_CUTOFF]
        if close:
            return self._cards_of(close)
        suggestions = [n for score, n in scored[:3] if score >= SUGGEST_CUTOFF]
        raise UnknownCard(name, [card.display for card in self._cards_of(suggestions)])

    def named_by(self, words: list[str]) -> list[str]:
        """Keys of the cards whose name holds these folded words in this order ("krosan grip")."""
        if not words:
            return []
        phrase = re.escape(" ".join(words))
        pattern = re.compile(rf"^(?:.* )?{phrase}(?: .*)?$", re.MULTILINE)
        names = [n for m in pattern.finditer(self._spelled_text) for n in self._spelled[m.group()]]
        return list(dict.fromkeys(k for n in names for k in self._by_name[n]))

    def _partial(self, key: str) -> list[Card]:
        words = key.split()
        hits = [
            n
            for n in self._names
            if key in n and any(w.startswith(words[0]) for w in n.split())
        ]
        hits.sort(key=lambda n: (not n.startswith(key), len(n), n))
        return self._cards_of(hits)

    def _cards_of(self, names: list[str]) -> list[Card]:
        keys = dict.fromkeys(k for n in names for k in self._by_name[n])
        return [self.cards[k] for k in keys]

    def to_json(self) -> dict:
        cards = [card.to_dict() for card in self.cards.values()]
        return {"cards": cards, "names": self._by_name, "spelled": self._spelled}

    @classmethod
    def from_json(cls, data: dict) -> "Catalog":
        cards = (Card(d["key"], d["names"], d["written"], d["rulings"]) for d in data["cards"])
        return cls(cards, data["names"], data["spelled"])
