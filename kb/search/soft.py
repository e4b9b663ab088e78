"""Scoring free words: each concept (kb.search.interpret) scores a ruling by its best-matching
alternative, and a ruling's score is the sum over concepts, scaled by how much of the question
it covers (so a ruling with all the words of a question beats one with a single rare word).

    concept score   max over alternatives of weight × (BM25 of a term, a phrase's terms, a bag
                    of terms; a tag's or a card's constant)
    importance      of a concept: the best score any ruling gets for it
    matched         a concept, by a ruling that scores at least MATCHED × its importance for it
    ruling score    Σ concept scores × (COVER + (1 − COVER) × share of the importance it matches)

Everything is computed on whole arrays; memory per query is a few arrays of one float per ruling.
"""

from __future__ import annotations

import numpy as np

from kb.search.execute import Executor, Match, idf

COVER = 0.35  # the score a ruling keeps when it matches few of the concepts (1.0: coverage is ignored)
MATCHED = 0.25  # a concept counts as matched by a ruling scoring at least this share of its best
PAIRED = 0.8  # a ruling's translation scores at least this share of the ruling's score
CARD_SCORE = 3.0  # a ruling of a card the question names (× the alternative's weight), at least
CARD_SHARE = 0.5  # ... or this share of what the question's other words can be worth
TAGLESS = 0.5  # × the score of a ruling without the mechanic the question names (nor of a card it names)
CARD_NAMED = 2.0  # the weight from which a card alternative is a card the question names (not a word of names)
TAG_SCALE = 1.5  # a ruling carrying a tag the question names: × the tag's idf


def concept_scores(executor: Executor, concepts: list) -> Match:
    """A ruling matches when it matches any concept; its score as described above."""
    n = executor.n
    total = np.zeros(n, dtype=np.float32)
    covered = np.zeros(n, dtype=np.float32)
    importance = 0.0
    # a card the question names is what it is about: its rulings get a share of what the rest
    # of the question can be worth, so they come first when they match some of it
    ordered = sorted(concepts, key=lambda c: any(a.kind == "card" for a in c.alternatives))
    for concept in ordered:
        best = np.zeros(n, dtype=np.float32)
        for alternative in concept.alternatives:
            score = alternative_score(executor, alternative)
            if alternative.kind == "card" and score is not None:
                score = score * np.float32(max(1.0, CARD_SHARE * importance / CARD_SCORE))
            if score is not None:
                np.maximum(best, score * np.float32(alternative.weight), out=best)
        weight = float(best.max()) if n else 0.0  # what matching this concept can be worth
        total += best
        covered += (best >= MATCHED * weight) * np.float32(weight) if weight else 0
        importance += weight
    mask = (total > 0) & executor.alive
    share = covered / importance if importance else covered
    score = (total * (COVER + (1 - COVER) * share)) * mask
    named = [alt for concept in concepts for alt in concept.alternatives if alt.kind == "tag" and alt.weight >= 1.0]
    if named and TAGLESS < 1.0:  # the question names a mechanic: its rulings come first, and the named cards'
        kept = np.zeros(n, dtype=bool)
        for alt in named:
            kept |= executor.reader.mask_of(executor.reader.postings("tags", alt.terms[0])[0])
        for alt in (a for concept in concepts for a in concept.alternatives if a.kind == "card" and a.weight >= CARD_NAMED):
            for key in alt.terms:
                kept |= executor.reader.by_card(key)
        if kept.any():
            score = np.where(kept, score, score * np.float32(TAGLESS))
    return Match(mask, score)


def alternative_score(executor: Executor, alternative) -> np.ndarray | None:
    """The score of each ruling for one alternative (None when no ruling matches it)."""
    kind, field, terms = alternative.kind, alternative.field, alternative.terms
    n = executor.n
    if kind in ("term", "bag"):
        score = np.zeros(n, dtype=np.float32)
        for term in terms:
            ids, contributions = executor.bm25_rulings(field, term)
            score[ids] += contributions
        return score
    if kind == "phrase":
        ids, scores = executor.reader.cached(("phrase", field, terms), lambda: _phrase(executor, field, terms))
        score = np.zeros(n, dtype=np.float32)
        score[ids] = scores
        return score
    if kind == "tag":
        ids, _ = executor.reader.postings("tags", terms[0])
        if not len(ids):
            return None
        return executor.reader.mask_of(ids) * np.float32(TAG_SCALE * idf(len(ids), executor.reader.doc_count))
    if kind == "card":
        mask = np.zeros(n, dtype=bool)
        for key in terms:
            mask |= executor.reader.by_card(key)
        return mask * np.float32(CARD_SCORE)
    raise ValueError(f"unknown alternative kind {kind!r}")


def _phrase(executor: Executor, field: str, terms: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The rulings holding a phrase and their scores, kept sparse (remembered per index)."""
    from whoosh import query as wq

    score = executor.evaluate(wq.Phrase(field, list(terms))).score
    ids = np.flatnonzero(score)
    return ids, score[ids]


def through_pairs(match: Match, pairs: tuple[np.ndarray, np.ndarray]) -> Match:
    """A ruling and its translation (kb.index.pairing) say the same: each scores at least
    PAIRED × the other's score, so a question in one language finds the other's too."""
    italian, english = pairs
    if not len(italian) or match.score is None:
        return match
    score = match.score.copy()
    np.maximum.at(score, italian, match.score[english] * np.float32(PAIRED))
    np.maximum.at(score, english, match.score[italian] * np.float32(PAIRED))
    return Match(match.mask | (score > 0), score)
