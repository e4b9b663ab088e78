"""Pseudo-relevance feedback: the words that weigh most in the first results of a question are
searched too, below the question's own words. A question says "exchanged" and "artifact spell";
its best answers say "exchange of control", "permanent spell", "new controller": rulings that
share those words with the best answers move up, in either language (an Italian question whose
first results are English gets English words).

After a first ranking, the ``FIRST`` best texts are analysed in the language they are indexed in;
each of their terms but the words of the ruling's own card name weighs, summed over those texts,
(the text's score / the best score) × (its share of the text's terms) × its idf. The ``WORDS``
heaviest are scored with BM25 like the typed words over the first ``HEAD`` texts, and their sum,
scaled so that the best of them gets ``WEIGHT`` × the first pass's best score, is added to those
texts' scores: the head of the ranking is reordered, which rulings match does not change.

Questions only: a query of fewer than ``MIN_CONCEPTS`` free words asks for those words, and one
that only a few texts (``FIRST`` or fewer) match has nothing to find beside them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from kb.index.schema import indexed_langs
from kb.index.store import Store
from kb.search.execute import Executor, Match, idf
from kb.text.analysis import terms as analyse

FIRST = 10  # first results read
WORDS = 20  # their heaviest terms searched
HEAD = 200  # texts reordered
WEIGHT = 0.1  # the feedback's best text gets this share of the first pass's best score
MIN_CONCEPTS = 3  # free words (concepts) from which a query is a question


@dataclass(frozen=True)
class Expansion:
    field: str
    term: str
    weight: float  # its share of the feedback

    def __str__(self) -> str:
        return f"{self.field}:{self.term} ×{self.weight:.2f}"


def feedback(store: Store, executor: Executor, match: Match, concepts: int) -> tuple[Match, tuple[Expansion, ...]]:
    """``match`` with the feedback of its first results added to the scores of its head, and the
    terms used (none when the query is no question)."""
    if match.score is None or concepts < MIN_CONCEPTS:
        return match, ()
    head = executor.top(match, HEAD, 0, collapse=True)
    if len(head) <= FIRST or head[0][1] <= 0:
        return match, ()  # a handful of answers: nothing to find beside them
    chosen = _heaviest(store, executor, head[:FIRST])
    total = sum(weight for _, weight in chosen)
    if not total:
        return match, ()
    docs = np.array([docnum for docnum, _ in head], dtype=np.int64)
    added = np.zeros(len(docs), dtype=np.float32)
    for (field, term), weight in chosen:
        ids, contributions = executor.bm25_rulings(field, term)  # ids in ascending order
        at = np.minimum(np.searchsorted(ids, docs), max(len(ids) - 1, 0))
        found = ids[at] == docs if len(ids) else np.zeros(len(docs), dtype=bool)
        added[found] += contributions[at[found]] * np.float32(weight / total)
    top = float(added.max(initial=0.0))
    if top <= 0:
        return match, ()
    score = match.score.copy()
    score[docs] += added * np.float32(WEIGHT * head[0][1] / top)
    expansions = tuple(Expansion(field, term, round(weight / total, 3)) for (field, term), weight in chosen)
    return Match(match.mask, score), expansions


def _heaviest(store: Store, executor: Executor, first: list[tuple[int, float]]) -> list[tuple[tuple[str, str], float]]:
    """The ``WORDS`` heaviest (field, term) of the first results, with their weights."""
    reader, documents, best = executor.reader, max(1, executor.reader.doc_count), first[0][1]
    weights: dict[tuple[str, str], float] = {}
    for docnum, score in first:
        record = store.ruling(docnum)
        for lang in indexed_langs(record):
            terms = analyse(record.text, lang)
            field = f"text_{lang}"
            named = {t for name in (record.card, *record.card_names.values()) for t in analyse(name, lang)}
            counts = Counter(terms)
            for term, count in counts.items():
                if term in named:
                    continue  # the card's own name says nothing of the answer
                df = reader.df(field, term)
                if df:
                    weights[(field, term)] = weights.get((field, term), 0.0) + \
                        (score / best) * count / len(terms) * idf(df, documents)  # fmt: skip
    return sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:WORDS]
