"""Pseudo-relevance feedback: the words that weigh most in the first results of a question are
searched too, below the question's own words. A question says "exchanged" and "artifact spell";
its best answers say "exchange of control", "permanent spell", "new controller": rulings that
share those words with the best answers move up, in either language (an Italian question whose
first results are English gets English words).

After a first ranking, the ``FIRST`` best texts are analysed in the language they are indexed in;
each of their terms but the words of the ruling's own card name weighs, summed over those texts, (the text's score / the best score) × (its
share of the text's terms) × its idf; the ``WORDS`` heaviest are scored with BM25 like the typed
words, and their sum, scaled so that its best ruling gets ``WEIGHT`` × the first pass's best
score, is added to every matching ruling's score. Which rulings match does not change. A question that only a few texts (``FIRST`` or fewer)
match gets no feedback: there is nothing to find beside them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from kb.index.schema import indexed_langs
from kb.index.store import Store
from kb.search.execute import Executor, Match
from kb.text.analysis import terms as analyse

FIRST = 10  # first results read
WORDS = 20  # their heaviest terms searched
WEIGHT = 0.1  # the feedback's best ruling gets this share of the first pass's best score


@dataclass(frozen=True)
class Expansion:
    field: str
    term: str
    weight: float  # its share of the feedback

    def __str__(self) -> str:
        return f"{self.field}:{self.term} ×{self.weight:.2f}"


def feedback(store: Store, executor: Executor, match: Match) -> tuple[Match, tuple[Expansion, ...]]:
    """``match`` with the feedback of its first results added to its scores, and the terms used."""
    if match.score is None:
        return match, ()
    first = executor.top(match, FIRST + 1, 0, collapse=True)
    if len(first) <= FIRST or first[0][1] <= 0:
        return match, ()  # a handful of answers: nothing to find beside them
    first, best = first[:FIRST], first[0][1]
    reader, documents = executor.reader, max(1, executor.reader.doc_count)
    weights: dict[tuple[str, str], float] = {}
    for docnum, score in first:
        record = store.ruling(docnum)
        for lang in indexed_langs(record):
            terms = analyse(record.text, lang)
            field = f"text_{lang}"
            named = {t for name in (record.card, *record.card_names.values()) for t in analyse(name, lang)}
            for term in set(terms) - named:  # the card's own name says nothing of the answer
                df = reader.df(field, term)
                if df:
                    idf = math.log(1 + (documents - df + 0.5) / (df + 0.5))
                    weights[(field, term)] = weights.get((field, term), 0.0) + \
                        (score / best) * terms.count(term) / len(terms) * idf  # fmt: skip
    chosen = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:WORDS]
    total = sum(weight for _, weight in chosen)
    if not total:
        return match, ()
    added = np.zeros(executor.n, dtype=np.float32)
    for (field, term), weight in chosen:
        ids, contributions = executor.bm25_rulings(field, term)
        added[ids] += contributions * np.float32(weight / total)
    top = float(added[match.mask].max(initial=0.0))
    if top <= 0:
        return match, ()
    scale = np.float32(WEIGHT * float(match.score.max()) / top)
    expansions = tuple(Expansion(field, term, round(weight / total, 3)) for (field, term), weight in chosen)
    return Match(match.mask, (match.score + added * scale) * match.mask), expansions
