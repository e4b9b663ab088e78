"""The card catalog of an index: every card with the names it is known by, found by what a
user types (exact, partial or misspelled)."""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import numpy as np

from kb.errors import UnknownCard
from kb.index.names_in_text import SEP as _SEP
from kb.index.names_in_text import NamesInText
from kb.records import card_key
from kb.text.analysis import fold, name_terms


@dataclass
class Card:
    key: str
    names: dict = field(default_factory=dict)  # {"it": ..., "en": ...}
    written: list = field(default_factory=list)  # names as written in the sources
    rulings: int = 0
    facts: dict = field(default_factory=dict)  # mana_cost, type {lang: …}, text {lang: …}, where known

    @property
    def display(self) -> str:
        return self.names.get("en") or self.names.get("it") or self.written[0]

    def all_names(self) -> list[str]:
        return list(dict.fromkeys([*self.names.values(), *self.written]))

    def to_dict(self) -> dict:
        return {"key": self.key, "names": self.names, "written": self.written, "rulings": self.rulings,
                "facts": self.facts}  # fmt: skip


FUZZY_CUTOFF = 0.8
PARTIAL_RANKED = 20
MAX_MATCHES = 200  # cards a partial name may stand for (the first by how well they match)
SUGGEST_CUTOFF = 0.5




def _line_starting(text: str, prefix: str) -> str | None:
    """The line of ``text`` that starts with ``prefix``, found with ``str.find``."""
    if text.startswith(prefix):
        at = 0
    else:
        at = text.find("\n" + prefix)
        if at < 0:
            return None
        at += 1
    end = text.find("\n", at)
    return text[at : end if end >= 0 else len(text)]


class Catalog(NamesInText):
    """The cards of an index, found by any of their names.

    Stored with the index as two text files, read without parsing: ``names.tsv`` holds one line
    per name, ``folded<TAB>spelled<TAB>card keys`` (the name folded for comparison, and as index
    terms for matching words), and ``cards.jsonl`` one card per line. Lookups are regular
    expressions over the text, remembered; a short-lived ``kb search`` parses nothing it does
    not need.
    """

    NAMES, CARDS = "names.tsv", "cards.jsonl"

    def __init__(self, names_text: str, cards_text: str):
        self._names_text = names_text
        self._cards_text = cards_text
        self._cards: dict[str, Card] = {}
        self._folded: list[str] | None = None
        self._name_starts: tuple[np.ndarray, np.ndarray] | None = None
        self._spelled: tuple[dict, dict] | None = None
        self._exact: dict[str, list[str]] | None = None
        self._card_lines: dict[str, tuple[int, int]] | None = None  # card key → its line (warm)
        self.named_by = lru_cache(maxsize=4096)(self._named_by)
        self.resolve = lru_cache(maxsize=1024)(self._resolve)

    @classmethod
    def build(cls, cards: Iterable[Card], facts: dict | None = None) -> "Catalog":
        """The catalog of these cards, each with its printed facts (``facts``: card key → facts)."""
        cards = list(cards)
        for card in cards:
            card.facts = dict((facts or {}).get(card.key, {}))
        by_name: dict[str, list[str]] = {}
        for card in cards:
            for name in card.all_names():
                keys = by_name.setdefault(card_key(name), [])
                if card.key not in keys:
                    keys.append(card.key)
        lines = [
            f"{folded}\t{' '.join(name_terms(folded))}\t{_SEP.join(keys)}"
            for folded, keys in sorted(by_name.items())
        ]
        cards_text = "".join(json.dumps(c.to_dict(), ensure_ascii=False) + "\n" for c in cards)
        return cls("\n".join(lines) + "\n", cards_text)

    def save(self, folder: Path) -> None:
        (folder / self.NAMES).write_text(self._names_text, encoding="utf-8")
        (folder / self.CARDS).write_text(self._cards_text, encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> "Catalog":
        read = lambda name: (folder / name).read_text(encoding="utf-8")  # noqa: E731
        return cls(read(cls.NAMES), read(cls.CARDS))

    def __len__(self) -> int:
        return self._cards_text.count("\n")

    def warm(self) -> "Catalog":
        """Parse the names once into a table, for a long-running process (a server) that
        looks up many different names; a one-off search is faster without."""
        self._exact = {}
        for line in self._names_text.splitlines():
            folded, _, keys = line.split("\t")
            self._exact[folded] = keys.split(_SEP)
        self._card_lines = {}
        text, start, decode = self._cards_text, 0, json.JSONDecoder().raw_decode
        while start < len(text):
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            self._card_lines[decode(text, start + len('{"key": '))[0]] = (start, end)
            start = end + 1
        self._starts()
        self._spelled_table()
        return self

    # --- lookups ------------------------------------------------------------------------------

    def card(self, key: str) -> Card:
        if key not in self._cards:
            if self._card_lines is not None:
                start, end = self._card_lines[key]
                line = self._cards_text[start:end]
            else:
                line = _line_starting(self._cards_text, '{"key": ' + json.dumps(key, ensure_ascii=False) + ",")
            data = json.loads(line)
            self._cards[key] = Card(data["key"], data["names"], data["written"], data["rulings"], data.get("facts", {}))
        return self._cards[key]

    def _lines_holding(self, needle: str, column: int, whole_words: bool) -> list[tuple[str, list[str]]]:
        """(that column's name, card keys) of the lines whose ``column`` (0: folded name, 1:
        spelled as index words) holds ``needle``, as whole words or anywhere. A plain substring search (``str.find``)
        then a look at each hit: far faster than a regular expression over the whole text."""
        text, rows, seen = self._names_text, [], set()
        at = text.find(needle)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            if start not in seen:
                folded, spelled, keys = text[start:end].split("\t")
                cell = (folded, spelled)[column]
                if (f" {needle} " in f" {cell} ") if whole_words else (needle in cell):
                    seen.add(start)
                    rows.append((cell, keys.split(_SEP)))
            at = text.find(needle, at + 1)
        return rows

    def _row(self, folded: str) -> list[tuple[str, list[str]]]:
        """The line of one folded name, if any."""
        line = _line_starting(self._names_text, folded + "\t")
        if line is None:
            return []
        name, _, keys = line.split("\t")
        return [(name, keys.split(_SEP))]

    def _resolve(self, name: str) -> list[Card]:
        """The cards ``name`` stands for, best first.

        Exact name (either language) → that card; else the cards whose name contains it as a
        whole word or word prefix ("Geode" → Geode Rager); else the closest names by spelling
        ("Sostituzone Improvvisa", "Wilbender"). Raises UnknownCard with suggestions.
        """
        key = card_key(name)
        if not key or "\t" in key or "\n" in key:
            raise UnknownCard(name, [])
        if self._exact is not None:
            exact = [(key, self._exact[key])] if key in self._exact else []
        else:
            exact = self._row(key)
        if exact:
            return self._cards_of(exact)
        partial = self._partial(key)
        if partial:
            return partial
        scored = self._closest(key)
        close = [n for score, n in scored[:5] if score >= FUZZY_CUTOFF]
        if close:
            return self._cards_of(self._rows(close))
        suggestions = [n for score, n in scored[:3] if score >= SUGGEST_CUTOFF]
        raise UnknownCard(name, [card.display for card in self._cards_of(self._rows(suggestions))])

    def _partial(self, key: str) -> list[Card]:
        """Names holding ``key`` where one of their words starts with its first word."""
        first = key.split()[0]
        names = self._all_folded()  # sorted: the names starting with ``key`` are one run
        lo = bisect.bisect_left(names, key)
        hi = bisect.bisect_left(names, key + "\U0010ffff", lo)
        if hi - lo >= MAX_MATCHES:  # they alone fill the list (they rank first): no scan of the rest
            heads = sorted(names[lo:hi], key=lambda name: (len(name), name))[:MAX_MATCHES]
            rows = [row for name in heads for row in self._rows([name])]
        else:
            rows = [
                row
                for row in self._lines_holding(key, 0, whole_words=False)
                if any(word.startswith(first) for word in row[0].split())
            ]
            rows.sort(key=lambda row: (not row[0].startswith(key), len(row[0]), row[0]))
        cards = self._cards_of(rows[:MAX_MATCHES])
        # among the first candidates, the card with more rulings is the likelier one meant
        head = sorted(cards[:PARTIAL_RANKED], key=lambda c: (not any(fold(n).startswith(key) for n in c.all_names()), -c.rulings))
        return head + cards[PARTIAL_RANKED:]

    def _closest(self, key: str, limit: int = 5) -> list[tuple[float, str]]:
        """The names most alike ``key`` by spelling, (similarity 0..1, name), best first: alike
        as a whole, or alike to the start of a longer name that begins with the same letter
        ("sostituzone"), a little below a whole match. rapidfuzz compares in C without holding
        the interpreter lock: a few milliseconds for 24,000 names, while other requests go on."""
        names = self._all_folded()
        from rapidfuzz import fuzz, process  # imported when a name is looked up by spelling

        score = process.cdist([key], names, scorer=fuzz.ratio, dtype=np.uint8, workers=1)[0] / 100
        first, lengths = self._starts()
        candidates = np.flatnonzero((first == ord(key[0])) & (lengths > len(key)))
        if len(candidates):
            heads = [names[i][: len(key)] for i in candidates]
            head = process.cdist([key], heads, scorer=fuzz.ratio, dtype=np.uint8, workers=1)[0] / 100
            close = head >= FUZZY_CUTOFF
            score[candidates[close]] = np.maximum(score[candidates[close]], head[close] - 0.05)
        best = np.argpartition(-score, limit)[:limit] if len(score) > limit else np.arange(len(score))
        return sorted(((float(score[i]), names[i]) for i in best if score[i] >= SUGGEST_CUTOFF), reverse=True)

    def _starts(self) -> tuple[np.ndarray, np.ndarray]:
        """Each name's first character (as a code point) and its length."""
        if self._name_starts is None:
            names = self._all_folded()
            self._name_starts = (np.array([ord(n[0]) if n else 0 for n in names]), np.array([len(n) for n in names]))
        return self._name_starts

    def _all_folded(self) -> list[str]:
        if self._folded is None:
            self._folded = [line.split("\t", 1)[0] for line in self._names_text.splitlines()]
        return self._folded

    def _rows(self, folded: list[str]) -> list[tuple[str, list[str]]]:
        if self._exact is not None:
            return [(name, self._exact[name]) for name in folded if name in self._exact]
        return [row for name in folded for row in self._row(name)]

    def _cards_of(self, rows: list[tuple[str, list[str]]]) -> list[Card]:
        keys = dict.fromkeys(k for _, ks in rows for k in ks)
        return [self.card(k) for k in keys]
