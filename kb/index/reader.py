"""Reading a generation: its shards as one index with global document numbers.

The per-document arrays of every shard are joined (id, card, text hash, text carrier, date,
language, field lengths, liveness), and each term's postings and positions are read once from
Whoosh and remembered. Whoosh readers share file objects, so reading them is serialised by a
lock held only while reading; the arrays and what is remembered are read without one.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable

import numpy as np

from kb.index.groups import group_numbers
from kb.index.postings import posting_blocks, term_positions
from kb.index.schema import KEYWORD_FIELDS, LANG_CODES
from kb.index.shards import RECORDS, Shard, read_record
from kb.text.analysis import LANGS

POSITION_BITS = 20  # a global position is docnum << POSITION_BITS | position in the text
CACHE_ENTRIES = 4096


class IndexReader:
    """The shards of a generation, read as one index with global document numbers."""

    def __init__(self, shards: list[Shard]):
        self.readers, self.offsets = [], []
        self.records: list = []  # per shard: (record starts, the records file), or None (stored in Whoosh)
        columns: dict[str, list[np.ndarray]] = {}
        self.card_codes: dict[str, int] = {}
        keywords: dict[str, list] = {}  # field → per shard: (documents, term codes, term → code)
        self._old_keywords = False
        total = 0
        for shard in shards:
            reader = shard.open().reader()
            arrays = shard.arrays()
            self.readers.append(reader)
            self.offsets.append(total)
            arrays.pop("source_names", None)
            arrays.pop("source", None)
            starts = arrays.pop("record_at", None)  # where each record starts in the records file
            self.records.append(None if starts is None else (starts, (shard.path / RECORDS).open("rb")))
            arrays["owner"] = arrays["owner"] + total  # the document carrying each one's text
            for field in KEYWORD_FIELDS:  # (document, term) pairs: tags, rule numbers, claims
                if f"{field}_names" in arrays:
                    names = {name: code for code, name in enumerate(arrays.pop(f"{field}_names").tolist())}
                    docs, codes = arrays.pop(f"{field}_doc") + total, arrays.pop(f"{field}_code")
                    keywords.setdefault(field, []).append((docs.astype(np.int64), codes, names))
                elif field == "claims":  # written before claims were kept: none to look up
                    keywords.setdefault(field, [])
                else:  # an index written before the arrays: its Whoosh fields hold them
                    self._old_keywords = True
            total += len(arrays["date"])
            # the shard's card numbers → numbers over all shards
            keys = arrays.pop("card_keys").tolist()
            mapping = np.array([self.card_codes.setdefault(k, len(self.card_codes)) for k in keys], dtype=np.int32)
            arrays["card"] = mapping[arrays["card"]] if len(keys) else arrays["card"]
            for name, values in arrays.items():
                columns.setdefault(name, []).append(values)
        joined = {name: np.concatenate(parts) for name, parts in columns.items()}
        self.card_keys = list(self.card_codes)  # card number → card key
        # the (document, term) pairs of tags, rule numbers and claims (None: an older index, read from Whoosh)
        self.keywords = None if self._old_keywords else {field: keywords.get(field, []) for field in KEYWORD_FIELDS}
        self.n = total
        self.ids = joined.get("id", np.zeros(0, "S12"))
        self.text = joined.get("text", np.zeros(0, np.int64))
        self.card = joined.get("card", np.zeros(0, np.int32))
        self.owner = joined.get("owner", np.zeros(0, np.int32))
        self.date = joined.get("date", np.zeros(0, np.int32))
        self.lang = joined.get("lang", np.zeros(0, np.int8))  # LANG_CODES
        self.alive = joined.get("alive", np.zeros(0, bool))
        self.lengths = {lang: joined.get(f"len_{lang}", np.zeros(0, np.int32)) for lang in LANGS}
        self.avg_length = {
            lang: float(lengths[lengths > 0].mean()) if (lengths > 0).any() else 1.0
            for lang, lengths in self.lengths.items()
        }
        carriers = np.zeros(self.n, dtype=bool)
        carriers[self.owner[self.alive]] = True  # the documents carrying the live rulings' texts
        live_owners = np.flatnonzero(carriers)
        self.doc_count = len(live_owners)  # texts, for idf
        # per language: the texts indexed in that language's field, for that field's idf
        self.field_count = {lang: max(1, int((self.lengths[lang][live_owners] > 0).sum())) for lang in LANGS}
        # each document's text as a small number (the same for the same text): for collapsing
        self.text_group = group_numbers(self.text)
        self._docnums: dict | None = None  # id -> live document (docnum_of), built on first use
        self._lookups = 0  # ids looked up before the table was built
        self._id_bytes: bytes | None = None
        self._cache: OrderedDict = OrderedDict()
        self._cache_lock = threading.Lock()
        self._file_lock = threading.Lock()  # Whoosh readers share file objects

    def close(self) -> None:
        with self._file_lock:
            for reader in self.readers:
                reader.close()
            for records in self.records:
                if records is not None:
                    records[1].close()

    # --- remembered values ----------------------------------------------------------------

    def cached(self, key, build: Callable):
        """The value remembered under ``key``, built (outside any lock) when missing."""
        with self._cache_lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        value = build()
        with self._cache_lock:
            self._cache[key] = value
            while len(self._cache) > CACHE_ENTRIES:
                self._cache.popitem(last=False)
        return value

    # --- postings -------------------------------------------------------------------------

    def postings(self, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """Global document numbers holding ``text`` in ``field``, and its frequency in each."""
        if self.keywords is not None and field in KEYWORD_FIELDS:
            return self.cached(("k", field, text), lambda: self._keyword_postings(field, text))
        return self.cached(("p", field, text), lambda: self._read_postings(field, text))

    def _keyword_postings(self, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        parts = [docs[codes == names[text]] for docs, codes, names in self.keywords[field] if text in names]
        ids = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        ids = ids[self.alive[ids]]
        return ids, np.ones(len(ids), dtype=np.float32)

    def _shards_holding(self, field: str, text: str):
        """(a matcher of the term's postings, the shard's document offset) for each shard holding
        it, under the file lock (Whoosh readers share file objects)."""
        with self._file_lock:
            for reader, offset in zip(self.readers, self.offsets):
                if (field, text) in reader:
                    yield reader.postings(field, text), offset

    def _read_postings(self, field: str, text: str):
        ids: list[np.ndarray] = []
        freqs: list[np.ndarray] = []
        for matcher, offset in self._shards_holding(field, text):
            for block_ids, block_freqs in posting_blocks(matcher):
                ids.append(block_ids + offset)
                freqs.append(block_freqs)
        if not ids:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        return np.concatenate(ids), np.concatenate(freqs)

    def df(self, field: str, text: str) -> int:
        """The number of documents holding ``text`` in ``field`` (from the term dictionaries,
        without reading the postings, unless they are read already)."""
        if not text:
            return 0
        if self.keywords is not None and field in KEYWORD_FIELDS:
            return len(self.postings(field, text)[0])
        with self._cache_lock:
            known = self._cache.get(("p", field, text))
        if known is not None:
            return len(known[0])
        return self.cached(("df", field, text), lambda: self._doc_frequency(field, text))

    def _doc_frequency(self, field: str, text: str) -> int:
        with self._file_lock:
            return sum(reader.doc_frequency(field, text) for reader in self.readers if (field, text) in reader)

    def positions(self, field: str, text: str) -> np.ndarray:
        """Sorted global positions (docnum << POSITION_BITS | position) of a term."""
        return self.cached(("g", field, text), lambda: self._read_positions(field, text))

    def _read_positions(self, field: str, text: str) -> np.ndarray:
        parts = [term_positions(matcher, offset, POSITION_BITS) for matcher, offset in self._shards_holding(field, text)]
        return np.sort(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.int64)

    def expand_prefix(self, field: str, prefix: str) -> list[str]:
        if self.keywords is not None and field in KEYWORD_FIELDS:
            return sorted({term for _, _, names in self.keywords[field] for term in names if term.startswith(prefix)})
        terms: set[str] = set()
        with self._file_lock:
            for reader in self.readers:
                terms.update(t.decode("utf-8") if isinstance(t, bytes) else t for t in reader.expand_prefix(field, prefix))
        return sorted(terms)

    def stored(self, docnum: int) -> dict:
        """The stored record of a document."""
        for reader, offset, records in zip(reversed(self.readers), reversed(self.offsets), reversed(self.records)):
            if docnum >= offset:
                with self._file_lock:
                    if records is None:  # an index written before the records file
                        return json.loads(reader.stored_fields(docnum - offset)["record"])
                    starts, handle = records
                    return read_record(handle, starts, docnum - offset, Path(handle.name))
        raise IndexError(docnum)

    def carrier_texts(self) -> tuple[np.ndarray, list[str]]:
        """The documents that carry a text for the live rulings, and their texts (read once)."""

        def build():
            carriers = np.zeros(self.n, dtype=bool)
            carriers[self.owner[self.alive]] = True
            owners = np.flatnonzero(carriers)
            return owners, [self.stored(int(d))["text"] for d in owners]

        return self.cached(("texts",), build)

    # --- lookups in the arrays ------------------------------------------------------------

    def mask_of(self, ids: np.ndarray) -> np.ndarray:
        mask = np.zeros(self.n, dtype=bool)
        mask[ids] = True
        return mask & self.alive

    def by_id(self, ruling_id: str) -> np.ndarray:
        return (self.ids == ruling_id.encode("ascii", "replace")) & self.alive

    FEW_LOOKUPS = 256  # ids found in the ids' bytes before a table of them all is built

    def docnum_of(self, ruling_id: str) -> int | None:
        """The live document with this id, or None. The first few lookups (all a command line run
        makes) search the ids' bytes; after them a table of the ids is built (a server makes many)."""
        wanted = ruling_id.encode("ascii", "replace")
        if self._docnums is None and self._lookups < self.FEW_LOOKUPS:
            self._lookups += 1
            return self._find_id(wanted)
        if self._docnums is None:
            live = np.flatnonzero(self.alive)
            self._docnums = dict(zip(self.ids[live].tolist(), live.tolist()))
        return self._docnums.get(wanted)

    def _find_id(self, wanted: bytes) -> int | None:
        width = self.ids.dtype.itemsize
        if len(wanted) > width or not wanted:
            return None
        if self._id_bytes is None:
            self._id_bytes = self.ids.tobytes()
        raw, wanted = self._id_bytes, wanted.ljust(width, b"\0")
        at = raw.find(wanted)
        while at >= 0:
            if at % width == 0 and self.alive[at // width]:
                return at // width
            at = raw.find(wanted, at + 1)
        return None

    def by_id_prefix(self, prefix: str) -> np.ndarray:
        return np.char.startswith(self.ids, prefix.encode("ascii", "replace")) & self.alive

    def by_lang(self, lang: str) -> np.ndarray:
        code = LANG_CODES.get(lang)
        return (self.lang == code) & self.alive if code is not None else np.zeros(self.n, dtype=bool)

    def by_card(self, key: str) -> np.ndarray:
        code = self.card_codes.get(key)
        return (self.card == code) & self.alive if code is not None else np.zeros(self.n, dtype=bool)

    def sharing(self, docnum: int, within: np.ndarray | None = None) -> np.ndarray:
        """The other documents with the same text as ``docnum`` (among ``within`` if given), in
        document order: a slice of the documents sorted by text, never a pass over them all."""

        def build():
            order = np.argsort(self.text_group, kind="stable")
            starts = np.searchsorted(self.text_group[order], np.arange(int(self.text_group.max(initial=-1)) + 2))
            return order, starts

        order, starts = self.cached(("by_text",), build)
        group = int(self.text_group[docnum])
        docs = order[starts[group]:starts[group + 1]]
        keep = self.alive[docs] & (docs != docnum)
        if within is not None:
            keep &= within[docs]
        return docs[keep]
