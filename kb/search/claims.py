"""Questions read as claims: a question that asks what a registered claim states ranks the rulings
linked to that claim up, whatever words and language they are written in.

The claim classifier (kb.checks.classifier, learned from every claim's statements, paraphrases and
denials in both languages) reads a question (the query without its fields) as it reads a ruling; each claim it
gives ``LEAST`` or more (its two polarities summed: a question asks whether, it doesn't assert),
at most ``MOST`` of them, adds its probability × ``WEIGHT`` × the best score so far to every ruling
linked to it (the index keeps each ruling's claims, kb.index.schema.keyword_values). A ruling
linked to the claim that no typed word matched joins the results, if it passes the query's
strict part. "can i suspend a sorcery during my opponent's turn?" reads as
``suspend.when_could_cast`` and brings "You can exile a card in your hand using suspend any time
you could cast that card" to the first page.

A claim about a named mechanic (a keyword ability or action, or an ability word: infect, dash,
flashback) is read only in a question that names it, or a card that has it (kb.checks.named), as
the linker reads a ruling: "does deathtouch work with noncombat damage, like when my creature
fights?" is no question about infect, however alike its words are to "infect applies to any
damage, not just combat damage". Claims of concepts (total cost, mana value, targets) are read in
any question, which seldom names them.

Questions only (as many free words as feedback needs, kb.search.feedback.MIN_CONCEPTS): a
query of a word or two asks for those words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from kb.checks.card_table import layout_mechanics
from kb.checks.classifier import chances, shipped
from kb.checks.meaning import reading, windows
from kb.checks.named import named_mechanics
from kb.checks.registration import OPENING, gates, keywords, registry
from kb.search.execute import Executor, Match
from kb.search.feedback import MIN_CONCEPTS
from kb.search.fields import FIELDS
from kb.text import language
from kb.text.vocabulary import vocabulary

LEAST = 0.45  # the least probability of a claim that ranks its rulings up (dev half, once the classifier weighed 60 + 60 wordings: 0.45 and 0.6 answer the same, 0.45 still reads "does a goaded creature stay goaded after it attacks?" (0.49); dev half of bench/relevance.py, once the classifier weighed 40 + 40 wordings per claim and language: 0.3 to 0.5 answered 1 or 2 questions fewer at 3 than 0.6 to 0.8; 0.6, the lowest of those, still reads "does a goaded creature stay goaded after it attacks?" (0.65); with 25 + 25, 0.2 to 0.3 answered 1 fewer than 0.4)
MOST = 2  # claims read in one question, at most
WEIGHT = 1.0  # a claim read for sure adds this share of the best score to its rulings


@dataclass(frozen=True)
class ClaimReading:
    claim: str
    probability: float

    def __str__(self) -> str:
        return f"claim:{self.claim} ×{self.probability:.2f}"


_FIELD = re.compile(rf"(?<![\w-])-?(?:{'|'.join(FIELDS)}):(?:\"[^\"]*\"|\S+)", re.IGNORECASE)


def question_text(query: str) -> str:
    """A query as a sentence: its fields (``tag:goad``, ``card:"…"``) left out, the rest as typed
    (the question's function words and negations help tell one claim from another)."""
    return " ".join(_FIELD.sub(" ", query).split())


def read_claims(words: str) -> tuple[ClaimReading, ...]:
    """The claims a question's free words ask about, likeliest first (none without a classifier)."""
    classifier = shipped()
    if classifier is None or not words.strip():
        return ()
    lang = language.detect(words, None).lang
    _, total = chances(classifier, windows(reading(words, lang)), classifier.claims)
    likely = {c: p for c, p in total.items() if p >= LEAST}
    named = _named()
    if any(c in named for c in likely):  # the mechanics the question names, or the cards it names have
        said = frozenset(vocabulary().tags_of(words, (lang,))) | named_mechanics(words) | layout_mechanics(words)
        likely = {c: p for c, p in likely.items() if c not in named or not named[c].isdisjoint(said)}
    found = sorted((ClaimReading(c, round(p, 3)) for c, p in likely.items()), key=lambda r: (-r.probability, r.claim))
    return tuple(found[:MOST])


@lru_cache(maxsize=1)
def _named() -> dict[str, frozenset[str]]:
    """The claims about a named mechanic (their mechanic a keyword ability or action, or an ability
    word), each with the tags that name it: its mechanic, and the keywords that open it
    (kb.checks.registration.keywords)."""
    claims = list(registry().values())
    vocab, opening = vocabulary(), keywords(claims)
    return {claim: frozenset({tag}) | opening.get(claim, frozenset()) for claim, tag in gates(claims).items()
            if tag in vocab.by_id and vocab.by_id[tag].kind in (*OPENING, "keyword_action")}


def boost(executor: Executor, match: Match, strict: Match | None, words: str, count: int) -> tuple[Match, tuple[ClaimReading, ...]]:
    """``match`` with the rulings of the claims a question reads as ranked up (see the module doc),
    and those claims; ``strict``: the query's strict part (None: none); ``count``: its free words."""
    if match.score is None or count < MIN_CONCEPTS:
        return match, ()
    best = float(match.score.max(initial=0.0))
    found = read_claims(words) if best > 0 else ()
    if not found:
        return match, ()
    mask, score = match.mask.copy(), match.score.copy()
    allowed = executor.alive if strict is None else strict.mask
    for each in found:
        ids, _ = executor.reader.postings("claims", each.claim)
        ids = ids[allowed[ids]]
        mask[ids] = True
        score[ids] += np.float32(WEIGHT * each.probability * best)
    return Match(mask, score), found
