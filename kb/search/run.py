"""Running searches: a query → ranked rulings with snippets; filters → rulings; a name → a card.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from whoosh import query as wq

from kb.errors import OptionError, UnknownTag
from kb.index.store import Store
from kb.records import Ruling
from kb.search.compile import Builder, Built, build
from kb.search.execute import Executor
from kb.search.fields import OPTIONS
from kb.search.query import And, Field
from kb.search.snippet import Snippet, make_snippet
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
    also: int | None = None  # with collapse: how many more matching rulings share this text

    def to_dict(self) -> dict:
        data = {**self.record.to_dict(), "score": round(self.score, 4)}
        if self.also is not None:
            data["also"] = self.also
        return data


@dataclass
class Results:
    query: str
    total: int
    hits: list
    built: Built

    def to_dict(self) -> dict:
        return {"query": self.query, "total": self.total, "results": [h.to_dict() for h in self.hits]}


def search(
    store: Store, text: str, filters: list[Field] = (), limit: int = 10, offset: int = 0, collapse: bool = False
) -> Results:
    """Run a query against an open store; ``limit`` results (0: all) from ``offset``, best first.

    ``collapse`` shows one ruling per text (the same ruling on many cards): ``total`` then
    counts texts, and each hit says how many more matching rulings share its text.
    """
    built = build(text, store.catalog, filters, store.vocabulary)
    index = store.index
    executor = Executor(index)
    match = executor.evaluate(built.query)
    if not built.scored:
        match.score = None  # tag and card matches alone do not rank: newest first
    hits = []
    for docnum, score in executor.top(match, limit or None, offset, collapse):
        record = store.ruling(docnum)
        also = len(index.sharing(docnum, match.mask)) if collapse else None
        hits.append(Hit(record, score, make_snippet(record.text, built.marks, record.lang, record.mixed), also))
    total = len(np.unique(index.text[match.mask])) if collapse else int(match.mask.sum())
    return Results(text, total, hits, built)


def select(store: Store, filters: list[Field] = ()) -> list[Ruling]:
    """Every ruling that passes the filters (all of them without filters)."""
    if filters:
        builder = Builder("", store.catalog, store.vocabulary)
        query = builder.build(And(tuple(filters)) if len(filters) > 1 else filters[0])
    else:
        query = wq.Every()
    executor = Executor(store.index)
    match = executor.evaluate(query)
    return [store.ruling(docnum) for docnum, _ in executor.top(match, None)]


def card_rulings(store: Store, name: str):
    """The best card for ``name`` with all its rulings, and the other candidates."""
    cards = store.catalog.resolve(name)
    return cards[0], store.rulings_of(cards[0].key), cards[1:]
