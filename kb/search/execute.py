"""Running queries: a Whoosh query tree evaluated over the index shards with NumPy arrays.

Whoosh's own matchers walk postings one document at a time in Python, which costs tens of
milliseconds for a common word in 40,000 rulings. Here each term's postings are read once from
the Whoosh index (then cached), and the boolean algebra, phrase positions and BM25 scores are
computed on whole arrays: a mask of matching documents and a score per document.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from whoosh import query as wq

from kb.errors import QueryError
from kb.index.groups import first_of_each
from kb.index.reader import POSITION_BITS, IndexReader
from kb.index.schema import EPOCH
from kb.search.fields import Cards, Regex
from kb.text.analysis import LANGS

K1, B = 1.2, 0.75  # BM25


def idf(df: int, count: int) -> float:
    """BM25's inverse document frequency of a term held by ``df`` of ``count`` documents."""
    return math.log(1 + max(0.0, count - df + 0.5) / (df + 0.5))
REGEX_SECONDS = 2.0  # the time a regular expression may take over all the texts
TEXT_FIELDS = {f"text_{lang}": lang for lang in LANGS}
CONSTANT_SCORES = {"tags": 1.0, "card_key": 2.0}  # matched through a tag or a card name


@dataclass
class Match:
    mask: np.ndarray  # bool per document
    score: np.ndarray | None  # float32 per document, None when nothing was scored


class Executor:
    """Evaluates Whoosh query trees over an index reader: masks and BM25 scores on arrays."""

    def __init__(self, reader: IndexReader):
        self.reader = reader
        self.n = reader.n
        self.alive = reader.alive
        self.owner = reader.owner
        self.date = reader.date
        self.text = reader.text

    def bm25(self, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """The BM25 contribution of a text term to each document carrying it."""
        reader = self.reader

        def build():
            ids, freqs = reader.postings(field, text)
            if not len(ids):
                return ids, freqs
            lang = TEXT_FIELDS[field]
            weight = idf(len(ids), reader.field_count[lang])
            norm = K1 * (1 - B + B * reader.lengths[lang][ids] / reader.avg_length[lang])
            return ids, (weight * freqs * (K1 + 1) / (freqs + norm)).astype(np.float32)

        return reader.cached(("s", field, text), build)

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

        return self.reader.cached(("r", field, text), build)

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
            mask = LOOKUPS[q.fieldname](self.reader, q.text) & self.alive
            constant = CONSTANT_SCORES.get(q.fieldname)
            return Match(mask, mask * np.float32(constant) if constant else None)
        if q.fieldname in TEXT_FIELDS:
            ids, contributions = self.bm25_rulings(q.fieldname, q.text)
            mask = np.zeros(self.n, dtype=bool)
            mask[ids] = True
            score = np.zeros(self.n, dtype=np.float32)
            score[ids] = contributions
            return Match(mask, score)
        ids, _ = self.reader.postings(q.fieldname, q.text)
        mask = self.reader.mask_of(ids)
        constant = CONSTANT_SCORES.get(q.fieldname)
        return Match(mask, mask * np.float32(constant) if constant else None)

    def _Phrase(self, q: wq.Phrase) -> Match:
        chain = self.reader.positions(q.fieldname, q.words[0])
        for word in q.words[1:]:
            chain = np.intersect1d(chain + 1, self.reader.positions(q.fieldname, word), assume_unique=True)
            if not len(chain):
                break
        carriers = np.zeros(self.n, dtype=bool)
        carriers[chain >> POSITION_BITS] = True
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
            return Match(self.reader.by_id_prefix(q.text), None)
        mask = np.zeros(self.n, dtype=bool)
        for term in self.reader.expand_prefix(q.fieldname, q.text):
            mask |= self.reader.mask_of(self.reader.postings(q.fieldname, term)[0])
        return Match(mask, None)

    def _DateRange(self, q: wq.DateRange) -> Match:
        low = _days(q.startdate) if q.startdate else -(1 << 30)
        high = _days(q.enddate) if q.enddate else 1 << 30
        return Match((self.date >= low) & (self.date <= high) & self.alive, None)

    def _Cards(self, q) -> Match:
        codes = [self.reader.card_codes[key] for key in q.keys if key in self.reader.card_codes]
        mask = np.isin(self.reader.card, codes) & self.alive if codes else np.zeros(self.n, dtype=bool)
        return Match(mask, mask * np.float32(CONSTANT_SCORES["card_key"]))

    def _Regex(self, q) -> Match:
        """The rulings whose text matches a regular expression, within REGEX_SECONDS in all."""
        deadline = time.monotonic() + REGEX_SECONDS
        owners, texts = self.reader.carrier_texts()
        hits = np.zeros(len(owners), dtype=bool)
        try:
            for k, text in enumerate(texts):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                hits[k] = q.pattern.search(text, timeout=left) is not None
        except TimeoutError:
            raise QueryError(q.query, q.pos, f"the regular expression took too long (over {REGEX_SECONDS:g} s "
                             "over all rulings); make it more specific or avoid nested repetition") from None
        carriers = np.zeros(self.n, dtype=bool)
        carriers[owners[hits]] = True
        return self.through_owners(carriers)

    # --- ranking --------------------------------------------------------------------------

    def top(self, match: Match, limit: int | None, offset: int = 0, collapse: bool = False) -> list[tuple[int, float]]:
        """(docnum, score) of the best matches, ``limit`` of them (None: all) from ``offset``:
        by score, else newest first; ties by docnum. ``collapse`` keeps only the best of the
        rulings that share a text. Only the best few are sorted (a partial sort first)."""
        docs = np.flatnonzero(match.mask)
        keys = -match.score[docs] if match.score is not None else -self.date[docs].astype(np.float64)
        need = offset + limit if limit else len(docs)
        take = min(len(docs), max(need * 4, 64))
        while True:
            if take < len(docs):
                chosen = np.argpartition(keys, take - 1)[:take]
                cut = keys[chosen].max()  # keep every tie of the last one taken, for a stable order
                chosen = np.flatnonzero(keys <= cut)
            else:
                chosen = np.arange(len(docs))
            order = docs[chosen[np.lexsort((docs[chosen], keys[chosen]))]]
            if collapse and len(order):
                order = order[first_of_each(self.reader.text_group[order])]
            if len(order) >= need or take >= len(docs):
                break
            take = min(len(docs), take * 4)
        chosen = order[offset : offset + limit] if limit else order[offset:]
        scores = match.score if match.score is not None else np.zeros(self.n, dtype=np.float32)
        return [(int(d), float(scores[d])) for d in chosen]

    def texts(self, mask: np.ndarray) -> int:
        """How many different texts the documents of ``mask`` hold."""
        return int(np.count_nonzero(np.bincount(self.reader.text_group[mask], minlength=1)))


# Fields answered from the per-document arrays rather than from postings.
LOOKUPS = {"id": IndexReader.by_id, "card_key": IndexReader.by_card, "lang": IndexReader.by_lang}

_HANDLERS = {
    wq.Term: Executor._Term,
    wq.Phrase: Executor._Phrase,
    wq.And: Executor._And,
    wq.Or: Executor._Or,
    wq.Not: Executor._Not,
    wq.Every: Executor._Every,
    wq.Prefix: Executor._Prefix,
    wq.DateRange: Executor._DateRange,
    type(wq.NullQuery): Executor._Null,
    Regex: Executor._Regex,
    Cards: Executor._Cards,
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
