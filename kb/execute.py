"""Running queries: a Whoosh query tree evaluated over the index shards with NumPy arrays.

Whoosh's own matchers walk postings one document at a time in Python, which costs tens of
milliseconds for a common word in 40,000 rulings. Here each term's postings are read once from
the Whoosh index (then cached), and the boolean algebra, phrase positions and BM25 scores are
computed on whole arrays: a mask of matching documents and a score per document.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from whoosh import query as wq

from .index import EPOCH, LANGS, Shard

K1, B = 1.2, 0.75  # BM25
TEXT_FIELDS = {f"text_{lang}": lang for lang in LANGS}
CONSTANT_SCORES = {"tags": 1.0, "card_key": 2.0}  # matched through a tag or a card name
POSITION_BITS = 20  # a global position is docnum << POSITION_BITS | position in the text
CACHE_TERMS = 4096


@dataclass
class Match:
    mask: np.ndarray  # bool per document
    score: np.ndarray | None  # float32 per document, None when nothing was scored


class Index:
    """The shards of a generation, read as one index with global document numbers."""

    def __init__(self, shards: list[Shard]):
        self.readers, self.offsets = [], []
        columns: dict[str, list[np.ndarray]] = {}
        self.card_codes: dict[str, int] = {}
        total = 0
        for shard in shards:
            reader = shard.open().reader()
            arrays = shard.arrays()
            self.readers.append(reader)
            self.offsets.append(total)
            arrays.pop("source_names", None)
            arrays.pop("source", None)
            arrays["owner"] = arrays["owner"] + total  # the document carrying each one's text
            total += len(arrays["date"])
            # the shard's card numbers → numbers over all shards
            keys = arrays.pop("card_keys").tolist()
            mapping = np.array([self.card_codes.setdefault(k, len(self.card_codes)) for k in keys], dtype=np.int32)
            arrays["card"] = mapping[arrays["card"]] if len(keys) else arrays["card"]
            for name, values in arrays.items():
                columns.setdefault(name, []).append(values)
        joined = {name: np.concatenate(parts) for name, parts in columns.items()}
        self.n = total
        self.ids = joined.get("id", np.zeros(0, "S12"))
        self.text = joined.get("text", np.zeros(0, np.int64))
        self.card = joined.get("card", np.zeros(0, np.int32))
        self.owner = joined.get("owner", np.zeros(0, np.int32))
        self.date = joined.get("date", np.zeros(0, np.int32))
        self.alive = joined.get("alive", np.zeros(0, bool))
        self.lengths = {lang: joined.get(f"len_{lang}", np.zeros(0, np.int32)) for lang in LANGS}
        self.avg_length = {
            lang: float(lengths[lengths > 0].mean()) if (lengths > 0).any() else 1.0
            for lang, lengths in self.lengths.items()
        }
        self.doc_count = len(np.unique(self.owner[self.alive]))  # texts, for idf
        self._cache: OrderedDict = OrderedDict()

    def close(self) -> None:
        for reader in self.readers:
            reader.close()

    # --- postings -------------------------------------------------------------------------

    def _cached(self, key, build):
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        value = build()
        self._cache[key] = value
        if len(self._cache) > CACHE_TERMS:
            self._cache.popitem(last=False)
        return value

    def postings(self, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """Global document numbers holding ``text`` in ``field``, and its frequency in each."""
        return self._cached(("p", field, text), lambda: self._read_postings(field, text))

    def _read_postings(self, field: str, text: str):
        ids, freqs = [], []
        for reader, offset in zip(self.readers, self.offsets):
            if (field, text) not in reader:
                continue
            matcher = reader.postings(field, text)
            while matcher.is_active():
                ids.append(matcher.id() + offset)
                freqs.append(matcher.weight())
                matcher.next()
        return np.array(ids, dtype=np.int64), np.array(freqs, dtype=np.float32)

    def positions(self, field: str, text: str) -> np.ndarray:
        """Sorted global positions (docnum << POSITION_BITS | position) of a term."""
        return self._cached(("g", field, text), lambda: self._read_positions(field, text))

    def _read_positions(self, field: str, text: str) -> np.ndarray:
        found: list[int] = []
        for reader, offset in zip(self.readers, self.offsets):
            if (field, text) not in reader:
                continue
            matcher = reader.postings(field, text)
            while matcher.is_active():
                base = (matcher.id() + offset) << POSITION_BITS
                found.extend(base + p for p in matcher.value_as("positions"))
                matcher.next()
        return np.array(sorted(found), dtype=np.int64)

    def bm25(self, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """The BM25 contribution of a text term to each document carrying it."""

        def build():
            ids, freqs = self.postings(field, text)
            if not len(ids):
                return ids, freqs
            lang = TEXT_FIELDS[field]
            df = len(ids)
            idf = math.log(1 + (self.doc_count - df + 0.5) / (df + 0.5))
            norm = K1 * (1 - B + B * self.lengths[lang][ids] / self.avg_length[lang])
            return ids, (idf * freqs * (K1 + 1) / (freqs + norm)).astype(np.float32)

        return self._cached(("s", field, text), build)

    def bm25_rulings(self, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """The BM25 contribution of a text term to each live ruling whose text holds it (the
        carriers' contributions passed on to the rulings that share their text)."""

        def build():
            ids, contributions = self.bm25(field, text)
            score = np.zeros(self.n, dtype=np.float32)
            score[ids] = contributions
            carried = np.zeros(self.n, dtype=bool)
            carried[ids] = True
            rulings = np.flatnonzero(carried[self.owner] & self.alive)
            return rulings, score[self.owner[rulings]]

        return self._cached(("r", field, text), build)

    def expand_prefix(self, field: str, prefix: str) -> list[str]:
        terms: set[str] = set()
        for reader in self.readers:
            terms.update(t.decode("utf-8") if isinstance(t, bytes) else t for t in reader.expand_prefix(field, prefix))
        return sorted(terms)

    def stored(self, docnum: int) -> dict:
        for reader, offset in zip(reversed(self.readers), reversed(self.offsets)):
            if docnum >= offset:
                return json.loads(reader.stored_fields(docnum - offset)["record"])
        raise IndexError(docnum)

    # --- evaluation -----------------------------------------------------------------------

    def mask_of(self, ids: np.ndarray) -> np.ndarray:
        mask = np.zeros(self.n, dtype=bool)
        mask[ids] = True
        return mask & self.alive

    def through_owners(self, owner_mask: np.ndarray, owner_score: np.ndarray | None = None) -> Match:
        """Text matches are found on the documents that carry each text; every live ruling
        whose text a matching document carries matches, with its score."""
        mask = owner_mask[self.owner] & self.alive
        return Match(mask, owner_score[self.owner] * mask if owner_score is not None else None)

    def evaluate(self, query: wq.Query) -> Match:
        """The documents matching a Whoosh query tree, and their scores."""
        for kind in type(query).__mro__:
            handler = _HANDLERS.get(kind)
            if handler:
                return handler(self, query)
        raise TypeError(f"cannot run a {type(query).__name__} query")

    def _Term(self, q: wq.Term) -> Match:
        if q.fieldname in LOOKUPS:
            mask = LOOKUPS[q.fieldname](self, q.text) & self.alive
            constant = CONSTANT_SCORES.get(q.fieldname)
            return Match(mask, mask * np.float32(constant) if constant else None)
        if q.fieldname in TEXT_FIELDS:
            ids, contributions = self.bm25_rulings(q.fieldname, q.text)
            mask = np.zeros(self.n, dtype=bool)
            mask[ids] = True
            score = np.zeros(self.n, dtype=np.float32)
            score[ids] = contributions
            return Match(mask, score)
        ids, _ = self.postings(q.fieldname, q.text)
        mask = self.mask_of(ids)
        constant = CONSTANT_SCORES.get(q.fieldname)
        return Match(mask, mask * np.float32(constant) if constant else None)

    def _Phrase(self, q: wq.Phrase) -> Match:
        chain = self.positions(q.fieldname, q.words[0])
        for word in q.words[1:]:
            chain = np.intersect1d(chain + 1, self.positions(q.fieldname, word), assume_unique=True)
            if not len(chain):
                break
        carriers = np.zeros(self.n, dtype=bool)
        carriers[np.unique(chain >> POSITION_BITS)] = True
        score = np.zeros(self.n, dtype=np.float32)
        for word in q.words:
            ids, contributions = self.bm25(q.fieldname, word)
            score[ids] += contributions
        return self.through_owners(carriers, score * carriers)

    def _And(self, q: wq.And) -> Match:
        parts = [self.evaluate(sub) for sub in q.subqueries]
        mask = parts[0].mask.copy()
        for part in parts[1:]:
            mask &= part.mask
        return Match(mask, _sum_scores(parts, mask))

    def _Or(self, q: wq.Or) -> Match:
        parts = [self.evaluate(sub) for sub in q.subqueries]
        mask = np.zeros(self.n, dtype=bool)
        for part in parts:
            mask |= part.mask
        return Match(mask, _sum_scores(parts, mask))

    def _Not(self, q: wq.Not) -> Match:
        return Match(self.alive & ~self.evaluate(q.query).mask, None)

    def _Every(self, q: wq.Every) -> Match:
        return Match(self.alive.copy(), None)

    def _Null(self, q) -> Match:
        return Match(np.zeros(self.n, dtype=bool), None)

    def _Prefix(self, q: wq.Prefix) -> Match:
        if q.fieldname == "id":
            return Match(np.char.startswith(self.ids, q.text.encode("ascii", "replace")) & self.alive, None)
        mask = np.zeros(self.n, dtype=bool)
        for term in self.expand_prefix(q.fieldname, q.text):
            mask |= self.mask_of(self.postings(q.fieldname, term)[0])
        return Match(mask, None)

    def _DateRange(self, q: wq.DateRange) -> Match:
        low = _days(q.startdate) if q.startdate else -(1 << 30)
        high = _days(q.enddate) if q.enddate else 1 << 30
        return Match((self.date >= low) & (self.date <= high) & self.alive, None)

    # --- ranking --------------------------------------------------------------------------

    def ranked(self, match: Match, collapse: bool = False) -> np.ndarray:
        """Matching documents, best first: by score, else newest first; ties by docnum.
        ``collapse`` keeps only the best of the rulings that share a text."""
        docs = np.flatnonzero(match.mask)
        if match.score is not None:
            keys = (docs, -match.score[docs])
        else:
            keys = (docs, -self.date[docs])
        order = docs[np.lexsort(keys)]
        if collapse and len(order):
            _, first = np.unique(self.text[order], return_index=True)
            order = order[np.sort(first)]
        return order

    def top(self, match: Match, limit: int | None, offset: int = 0, collapse: bool = False) -> list[tuple[int, float]]:
        """(docnum, score) of the best matches, ``limit`` of them from ``offset``."""
        order = self.ranked(match, collapse)
        chosen = order[offset : offset + limit] if limit else order[offset:]
        scores = match.score if match.score is not None else np.zeros(self.n, dtype=np.float32)
        return [(int(d), float(scores[d])) for d in chosen]

    def sharing(self, docnum: int, within: np.ndarray | None = None) -> np.ndarray:
        """The other documents with the same text as ``docnum`` (among ``within`` if given)."""
        mask = (self.text == self.text[docnum]) & self.alive
        if within is not None:
            mask &= within
        mask[docnum] = False
        return np.flatnonzero(mask)


def _by_id(index: Index, text: str) -> np.ndarray:
    return index.ids == text.encode("ascii", "replace")


def _by_card(index: Index, key: str) -> np.ndarray:
    code = index.card_codes.get(key)
    return index.card == code if code is not None else np.zeros(index.n, dtype=bool)


# Fields answered from the per-document arrays rather than from postings.
LOOKUPS = {"id": _by_id, "card_key": _by_card}

_HANDLERS = {
    wq.Term: Index._Term,
    wq.Phrase: Index._Phrase,
    wq.And: Index._And,
    wq.Or: Index._Or,
    wq.Not: Index._Not,
    wq.Every: Index._Every,
    wq.Prefix: Index._Prefix,
    wq.DateRange: Index._DateRange,
    type(wq.NullQuery): Index._Null,
}


def _sum_scores(parts: list[Match], mask: np.ndarray) -> np.ndarray | None:
    scored = [part.score for part in parts if part.score is not None]
    if not scored:
        return None
    total = scored[0].copy()
    for score in scored[1:]:
        total += score
    return total * mask


def _days(moment: datetime) -> int:
    return (moment.date() - EPOCH).days
