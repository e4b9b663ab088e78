"""An open knowledge base: the live index generation, its card catalog and statistics."""

from __future__ import annotations

import numpy as np
from whoosh import query as wq

from .freshness import Freshness, refresh
from .errors import UnknownRuling
from .execute import Index
from .index import Generation, Location
from .names import Catalog
from .records import Ruling
from .vocabulary import Vocabulary, from_data, vocabulary


class Store:
    """An open generation: the index (all shards as one), card catalog, statistics."""

    def __init__(self, generation: Generation):
        self.generation = generation
        self.index = Index(generation.shards)
        self.catalog = Catalog.load(generation.path)
        self.stats = generation.read_json("stats.json")
        self.manifest = generation.manifest
        self._pairs: dict[str, str] | None = None
        self._vocabulary: Vocabulary | None = None

    def close(self) -> None:
        self.index.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def ruling(self, docnum: int) -> Ruling:
        return Ruling.from_dict(self.index.stored(docnum))

    def rulings(self, query: wq.Query, limit: int | None = None) -> list[Ruling]:
        match = self.index.evaluate(query)
        return [self.ruling(docnum) for docnum, _ in self.index.top(match, limit)]

    def get(self, ruling_id: str) -> Ruling:
        """The ruling with this id, or with this unique id prefix (at least 4 characters)."""
        key = ruling_id.strip().lower()
        found = self.rulings(wq.Term("id", key))
        if not found and len(key) >= 4:
            found = self.rulings(wq.Prefix("id", key), limit=6)
            if len(found) > 1:
                ids = ", ".join(sorted(r.id for r in found)[:5])
                raise UnknownRuling(f"ruling id prefix {ruling_id!r} is ambiguous: {ids}")
        if not found:
            raise UnknownRuling(f"no ruling with id {ruling_id!r}")
        return found[0]

    def docnum(self, ruling_id: str) -> int:
        found = np.flatnonzero((self.index.ids == ruling_id.encode("ascii", "replace")) & self.index.alive)
        if not len(found):
            raise UnknownRuling(f"no ruling with id {ruling_id!r}")
        return int(found[0])

    def shared_with(self, ruling: Ruling) -> list[str]:
        """The other cards that have a ruling with this very text (a shared ruling)."""
        index = self.index
        others = index.sharing(self.docnum(ruling.id))
        codes = dict.fromkeys(int(c) for c in index.card[others] if c != index.card[self.docnum(ruling.id)])
        keys = {code: key for key, code in index.card_codes.items()}
        return [self.catalog.card(keys[code]).display for code in codes]

    @property
    def vocabulary(self) -> Vocabulary:
        """The tag vocabulary the index was built with (kept as JSON beside it: no YAML to parse)."""
        if self._vocabulary is None:
            path = self.generation.path / "vocabulary.json"
            self._vocabulary = from_data(self.generation.read_json(path.name)) if path.exists() else vocabulary()
        return self._vocabulary

    @property
    def pairs(self) -> dict[str, str]:
        """Italian ruling id → the id of its English counterpart (kb.pairing)."""
        if self._pairs is None:
            path = self.generation.path / "pairs.json"
            self._pairs = self.generation.read_json("pairs.json") if path.exists() else {}
        return self._pairs

    def translation(self, ruling: Ruling) -> Ruling | None:
        """The ruling's counterpart in the other language, when one was paired with it."""
        if ruling.id in self.pairs:
            return self.get(self.pairs[ruling.id])
        for it_id, en_id in self.pairs.items():
            if en_id == ruling.id:
                return self.get(it_id)
        return None

    def rulings_of(self, card_key: str) -> list[Ruling]:
        records = self.rulings(wq.Term("card_key", card_key))
        return sorted(records, key=lambda r: (r.date, r.lang, r.source))


def open_store(location: Location) -> tuple[Store, Freshness]:
    """Open the live index, building or rebuilding it first when needed."""
    freshness = refresh(location)
    return Store(location.require()), freshness
