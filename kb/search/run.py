"""Running searches: a query → ranked rulings with snippets; filters → rulings; a name → a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from whoosh import query as wq

from kb.errors import OptionError, UnknownTag
from kb.index.store import Store
from kb.records import Ruling
from kb.search import asked, claims, spread
from kb.search.compile import Builder, Built, build
from kb.search.execute import Executor, Match
from kb.search.feedback import feedback
from kb.search.fields import OPTIONS
from kb.search.query import And, Field
from kb.search.snippet import Snippet, make_snippet
from kb.search.soft import concept_scores, through_pairs
from kb.text.vocabulary import Vocabulary, vocabulary


def option_filters(lang=None, tag=None, card=None, since=None, until=None, vocab: Vocabulary | None = None) -> list[Field]:
    """The search options as query fields (kb.search.fields.OPTIONS); OptionError names the
    option that is wrong."""
    given = {"lang": lang, "tag": tag, "card": card, "since": since, "until": until}
    fields: list[Field] = []
    for option, value in given.items():
        if not value:
            continue
        name, make = OPTIONS[option]
        try:
            made = make(value)
            if option == "tag":
                made = (vocab or vocabulary()).resolve(made)
        except (ValueError, UnknownTag) as err:
            raise OptionError(option, str(err)) from None
        fields.append(Field(name, made, 0))
    return fields


@dataclass
class Hit:
    record: Ruling
    score: float
    snippet: Snippet
    also: int | None = None  # one result per text: how many more matching rulings share this text
    also_cards: tuple = ()  # the first of their cards' names
    translation: Ruling | None = None  # its counterpart in the other language, when paired

    def to_dict(self) -> dict:
        data = {**self.record.to_dict(), "score": round(self.score, 4)}
        if self.also is not None:
            data["also"] = self.also
            data["also_cards"] = list(self.also_cards)
        if self.translation is not None:
            data["translation"] = self.translation.to_dict()
        return data


@dataclass
class Results:
    query: str
    total: int
    hits: list
    built: Built
    collapsed: bool = True  # one result per text: ``total`` counts texts

    def to_dict(self) -> dict:
        data = {"query": self.query, "total": self.total, "results": [h.to_dict() for h in self.hits]}
        if self.built.notes:
            data["notes"] = list(self.built.notes)
        if self.built.suggestion:
            data["did_you_mean"] = self.built.suggestion
        return data


ALSO_CARDS = 10  # names listed for a shared text; the count says how many more


def search(store: Store, text: str, filters: list[Field] = (), limit: int = 10, offset: int = 0,
           all_cards: bool = False) -> Results:  # fmt: skip
    """Run a query against an open store; ``limit`` results (0: all) from ``offset``, best first.

    One result per text by default (the same ruling on many cards): ``total`` counts texts, and
    each hit says how many more matching rulings share its text and names their cards.
    ``all_cards`` shows every ruling instead.
    """
    built = build(text, store, filters)
    index = store.index
    executor = Executor(index)
    strict = executor.evaluate(built.query) if built.query is not None else None
    soft = through_pairs(concept_scores(executor, built.concepts), store.pair_docnums()) if built.concepts else None
    match = _combine(strict, soft)
    if soft is not None:
        match, built.feedback = feedback(store, executor, match, len(built.concepts))
        words = claims.question_text(text)
        match, built.claims = claims.boost(executor, match, strict, words, len(built.concepts))
        match, built.asked = asked.boost(executor, match, strict, words, len(built.concepts))
    if not built.scored:
        match.score = None  # tag and card matches alone do not rank: newest first
    collapse = not all_cards
    hits = []
    for docnum, score in _ranked(store, executor, match, limit, offset, collapse):
        record = store.ruling(docnum)
        hit = Hit(record, score, make_snippet(record.text, built.marks, record.lang, record.mixed),
                  translation=store.translation(record))  # fmt: skip
        if collapse:
            others = index.sharing(docnum, match.mask)
            hit.also = len(others)
            hit.also_cards = tuple(store.card_names(others[:ALSO_CARDS]))
        hits.append(hit)
    total = executor.texts(match.mask) if collapse else int(match.mask.sum())
    return Results(text, total, hits, built, collapse)


def _ranked(store: Store, executor: Executor, match: Match, limit: int, offset: int,
            collapse: bool) -> list[tuple[int, float]]:  # fmt: skip
    """(docnum, score) of the page: by score, near-duplicates among the first results moved a
    few places down (kb.search.spread); newest first when nothing is scored."""
    if match.score is None or offset >= spread.WINDOW:
        return executor.top(match, limit or None, offset, collapse)
    need = max(spread.WINDOW, offset + limit) if limit else None
    ranked = spread.spread(executor.top(match, need, 0, collapse), lambda item: store.ruling(item[0]).text,
                           offset + limit if limit else None)
    return ranked[offset : offset + limit] if limit else ranked[offset:]


def _combine(strict: Match | None, soft: Match | None) -> Match:
    """Rulings must match the strict part and, when there are free words, one of them; their
    scores add up."""
    if soft is None:
        return strict
    if strict is None:
        return soft
    mask = strict.mask & soft.mask
    score = soft.score * mask if strict.score is None else (strict.score + soft.score) * mask
    return Match(mask, score)


def select(store: Store, filters: list[Field] = (), unique: bool = False) -> list[Ruling]:
    """Every ruling that passes the filters (all of them without filters); ``unique``: one
    ruling per text (the first of the rulings that share it)."""
    if filters:
        builder = Builder("", store.catalog, store.vocabulary)
        query = builder.build(And(tuple(filters)) if len(filters) > 1 else filters[0])
    else:
        query = wq.Every()
    executor = Executor(store.index)
    match = executor.evaluate(query)
    return [store.ruling(docnum) for docnum, _ in executor.top(match, None, collapse=unique)]


def card_rulings(store: Store, name: str):
    """The best card for ``name`` with all its rulings, and the other candidates."""
    cards = store.catalog.resolve(name)
    return cards[0], store.rulings_of(cards[0].key), cards[1:]
