"""What a generation keeps about its rulings beside the index: the cards and their names, the
counts per language and tag, and the Italian rulings (which pairing starts from).

Each build worker summarises its own part; the main process adds the summaries up instead of
receiving every record, and takes away the rulings it drops as duplicates.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from kb.index.catalog import Card
from kb.records import Ruling, text_key
from kb.text.analysis import surface_words


@dataclass
class Summary:
    cards: dict = field(default_factory=dict)  # card key -> Card
    stats: dict = field(default_factory=lambda: {"rulings": {}, "linked": {}, "tags": {}, "tags_linked": {}})
    italian: dict = field(default_factory=dict)  # id -> Ruling, the rulings in Italian
    words: Counter = field(default_factory=Counter)  # surface word -> texts holding it (for typos)
    texts: set = field(default_factory=set)  # the text keys counted in ``words``

    @classmethod
    def of(cls, records: Iterable[Ruling]) -> "Summary":
        summary = cls()
        for record in records:
            summary.add(record)
        return summary

    def add(self, record: Ruling, sign: int = 1) -> None:
        """Count one ruling in (``sign`` -1: out)."""
        key = record.key
        card = self.cards.get(key)
        if card is None:
            card = self.cards[key] = Card(key)
        for lang, name in record.card_names.items():
            card.names.setdefault(lang, name)
        if record.card not in card.written:
            card.written.append(record.card)
        card.rulings += sign
        if card.rulings <= 0:
            del self.cards[key]
        stats, lang, linked = self.stats, record.lang, bool(record.links)
        _count(stats["rulings"], lang, sign)
        if linked:
            _count(stats["linked"], lang, sign)
        tags, tags_linked = stats["tags"], stats["tags_linked"]
        for tag in record.tags:
            _count(tags.setdefault(tag, {}), lang, sign)
            if linked:
                _count(tags_linked.setdefault(tag, {}), lang, sign)
        if sign > 0:
            text = text_key(record.text)
            if text not in self.texts:
                self.texts.add(text)
                self.words.update(surface_words(record.text))
        if lang == "it":
            if sign > 0:
                self.italian[record.id] = record
            else:
                self.italian.pop(record.id, None)

    def remove(self, records: Iterable[Ruling]) -> None:
        for record in records:
            self.add(record, -1)

    def absorb(self, other: "Summary") -> None:
        """Add another part's summary to this one."""
        for key, card in other.cards.items():
            mine = self.cards.setdefault(key, Card(key))
            for lang, name in card.names.items():
                mine.names.setdefault(lang, name)
            mine.written.extend(n for n in card.written if n not in mine.written)
            mine.rulings += card.rulings
        for name, table in other.stats.items():
            for key, value in table.items():
                if isinstance(value, dict):
                    inner = self.stats[name].setdefault(key, {})
                    for lang, n in value.items():
                        _count(inner, lang, n)
                else:
                    _count(self.stats[name], key, value)
        self.italian.update(other.italian)
        self.words.update(other.words)
        self.texts |= other.texts


def _count(table: dict, key: str, n: int) -> None:
    table[key] = table.get(key, 0) + n
    if not table[key]:
        del table[key]
