"""An open index: the live generation, read as one index, with its card catalog, statistics,
vocabulary and translation pairs. Opening never builds (see kb.index.refresh)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

import numpy as np

from kb.errors import IndexDamaged, UnknownRuling
from kb.index.catalog import Catalog
from kb.index.generations import WORDS, Generation, Location
from kb.index.reader import IndexReader
from kb.records import UNDETERMINED, Link, Ruling
from kb.text.vocabulary import Vocabulary, from_data, vocabulary

RECENT_RULINGS = 4096  # decoded rulings kept per open store (immutable: a generation never changes)


class Store:
    """An open generation: the index (all shards as one), card catalog, statistics."""

    def __init__(self, generation: Generation):
        self.generation = generation
        self.index = IndexReader(generation.shards)
        self.catalog = Catalog.load(generation.path)
        self.stats = generation.read_json("stats.json")
        self.manifest = generation.manifest
        self._pairs: dict[str, str] | None = None
        self._vocabulary: Vocabulary | None = None
        self._words: dict[str, int] | None = None
        self._pair_docnums: tuple[np.ndarray, np.ndarray] | None = None
        self._english_pairs: dict[str, str] | None = None
        self._tag_rows: list[dict] | None = None
        self._recent: OrderedDict[int, Ruling] = OrderedDict()  # decoded rulings, newest last
        self._recent_lock = threading.Lock()
        self._shown_paths: dict[str, str] = {}  # a source file as shown (relative_source), worked out once

    def close(self) -> None:
        self.index.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def ruling(self, docnum: int) -> Ruling:
        """The ruling of a document (read and decoded once while it stays among the recent ones)."""
        with self._recent_lock:
            found = self._recent.get(docnum)
            if found is not None:
                self._recent.move_to_end(docnum)
                return found
        record = Ruling.from_dict(self.index.stored(docnum))
        with self._recent_lock:
            self._recent[docnum] = record
            while len(self._recent) > RECENT_RULINGS:
                self._recent.popitem(last=False)
        return record

    def records(self, mask: np.ndarray) -> list[Ruling]:
        """The rulings of the documents a mask selects, in document order."""
        return [self.ruling(int(docnum)) for docnum in np.flatnonzero(mask)]

    def get(self, ruling_id: str) -> Ruling:
        """The ruling with this id, or with this unique id prefix (at least 4 characters)."""
        key = ruling_id.strip().lower()
        docnum = self.index.docnum_of(key)
        if docnum is not None:
            return self.ruling(docnum)
        found = np.zeros(0, dtype=np.int64)
        if len(key) >= 4:
            found = np.flatnonzero(self.index.by_id_prefix(key))
            if len(found) > 1:
                ids = ", ".join(sorted({self.index.ids[d].decode("ascii") for d in found})[:5])
                raise UnknownRuling(f"ruling id prefix {ruling_id!r} is ambiguous: {ids}")
        if not len(found):
            raise UnknownRuling(f"no ruling with id {ruling_id!r}")
        return self.ruling(int(found[0]))

    def docnum(self, ruling_id: str) -> int:
        docnum = self.index.docnum_of(ruling_id)
        if docnum is None:
            raise UnknownRuling(f"no ruling with id {ruling_id!r}")
        return docnum

    def card_names(self, docnums) -> list[str]:
        """The display names of the cards of these documents, each once, in order."""
        codes = dict.fromkeys(int(c) for c in self.index.card[np.asarray(docnums, dtype=np.int64)])
        return [self.catalog.card(self.index.card_keys[code]).display for code in codes]

    def shared_with(self, ruling: Ruling) -> list[str]:
        """The other cards that have a ruling with this very text (a shared ruling)."""
        index = self.index
        docnum = self.docnum(ruling.id)
        others = index.sharing(docnum)
        return self.card_names([d for d in others if index.card[d] != index.card[docnum]])

    @property
    def vocabulary(self) -> Vocabulary:
        """The tag vocabulary the index was built with (kept as JSON beside it: no YAML to parse)."""
        if self._vocabulary is None:
            path = self.generation.path / "vocabulary.json"
            if not path.exists():
                self._vocabulary = vocabulary()
            else:
                try:
                    self._vocabulary = from_data(self.generation.read_json(path.name))
                except (ValueError, KeyError) as err:  # JSON of the wrong shape
                    raise IndexDamaged(f"{path}: {err}; rebuild it with `kb ingest --full`") from None
        return self._vocabulary

    @property
    def pairs(self) -> dict[str, str]:
        """Italian ruling id → the id of its English counterpart (kb.index.pairing)."""
        if self._pairs is None:
            path = self.generation.path / "pairs.json"
            self._pairs = self.generation.read_json("pairs.json") if path.exists() else {}
        return self._pairs

    def pair_docnums(self) -> tuple[np.ndarray, np.ndarray]:
        """The document numbers of the paired rulings: Italian ones and their English counterparts."""
        if self._pair_docnums is None:
            docnum = self.index.docnum_of
            found = [(i, e) for i, e in ((docnum(i), docnum(e)) for i, e in self.pairs.items())
                     if i is not None and e is not None]
            self._pair_docnums = tuple(np.array(column, dtype=np.int64) for column in zip(*found)) if found else (
                np.zeros(0, np.int64), np.zeros(0, np.int64))  # fmt: skip
        return self._pair_docnums

    def translation(self, ruling: Ruling) -> Ruling | None:
        """The ruling's counterpart in the other language, when one was paired with it."""
        if ruling.id in self.pairs:
            return self.get(self.pairs[ruling.id])
        if self._english_pairs is None:
            self._english_pairs = {en_id: it_id for it_id, en_id in self.pairs.items()}
        it_id = self._english_pairs.get(ruling.id)
        return self.get(it_id) if it_id else None

    def links(self, ruling: Ruling) -> tuple[Link, ...]:
        """The claims a ruling states: its own links, then those of its translation (an Italian
        ruling paired with an English one shares its links) for claims it doesn't link itself, or
        links undetermined (the translation says which way round). A ruling whose text repeats
        another's has the same links already (they come from the text)."""
        other = self.translation(ruling)
        theirs = other.links if other else ()
        sure = {link.claim: link for link in theirs if link.polarity != UNDETERMINED}
        own = tuple(sure.get(link.claim, link) if link.polarity == UNDETERMINED else link for link in ruling.links)
        claims = {link.claim for link in own}
        return own + tuple(link for link in theirs if link.claim not in claims)

    def words(self) -> dict[str, int]:
        """The surface words of the texts, each with the number of texts holding it."""
        if self._words is None:
            path = self.generation.path / WORDS
            lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
            self._words = {word: int(count) for word, _, count in (line.partition("\t") for line in lines)}
        return self._words

    def relative_source(self, source: str) -> str:
        """A record's ``file:line`` with an absolute path made relative to the input it was
        ingested from (``rulings_it/x.txt:5``): what a server shows without telling its own
        folders."""
        path, _, line = source.rpartition(":")
        if not path.startswith("/"):
            return source
        shown = self._shown_paths.get(path)
        if shown is None:
            if len(self._shown_paths) > 100_000:
                self._shown_paths.clear()
            shown = self._shown_paths[path] = self._shown_path(path)
        return f"{shown}:{line}"

    def _shown_path(self, path: str) -> str:
        for root in (Path(p) for p in self.manifest.get("inputs", ())):
            try:
                inner = Path(path).relative_to(root)
            except ValueError:
                continue
            return str(Path(root.name) / inner if str(inner) != "." else Path(root.name))
        return Path(path).name

    def tag_rows(self) -> list[dict]:
        """The vocabulary, each tag with its rulings per language and those linked to a check
        (worked out once per open store: a generation never changes)."""
        if self._tag_rows is None:
            self._tag_rows = self._count_tags()
        return self._tag_rows

    def _count_tags(self) -> list[dict]:
        counts, linked = self.stats.get("tags", {}), self.stats.get("tags_linked", {})

        def per_lang(table: dict | None) -> dict:
            return {lang: (table or {}).get(lang, 0) for lang in ("it", "en")}

        return [{**tag.to_dict(), "counts": per_lang(counts.get(tag.id)), "linked": per_lang(linked.get(tag.id))}
                for tag in self.vocabulary]  # fmt: skip

    def rulings_of(self, card_key: str) -> list[Ruling]:
        records = self.records(self.index.by_card(card_key))
        return sorted(records, key=lambda r: (r.date, r.lang, r.source))


def open_store(location: Location) -> Store:
    """Open the live index at ``location`` (IndexMissing when there is none); never builds one."""
    return Store(location.require())
