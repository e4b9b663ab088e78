"""Searching: a parsed query → a Whoosh query (built apart from running it) → ranked rulings.

Free words and phrases match the ruling text in both languages (each field analysed by its own
language) and the card names. A word or phrase that names a tag in either language also matches
the rulings carrying that tag, so "split second" finds "battibaleno" and "goad" finds "provocata".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, time

import numpy as np
from whoosh import query as wq

from . import analysis
from .errors import KbError, QueryError, UnknownTag
from .names import Catalog
from .query import And, Field, Not, Or, Phrase, Word, parse_query, parse_value
from .records import Ruling
from .snippet import Snippet, make_snippet
from .store import Store
from .vocabulary import Vocabulary, vocabulary

TEXT_FIELDS = {lang: f"text_{lang}" for lang in analysis.LANGS}


class OptionError(KbError):
    """A bad value for a search option or filter (lang, tag, card, since, until)."""

    exit_code = 2

    def __init__(self, option: str, message: str):
        self.option, self.message = option, message
        super().__init__(f"--{option}: {message}")


@dataclass
class Built:
    """A query ready to run, with what a reader of ``--explain`` wants to see."""

    text: str
    tree: object
    query: wq.Query
    scored: bool
    marks: dict = field(default_factory=dict)  # lang -> analysed terms to highlight
    notes: list = field(default_factory=list)

    def explain(self) -> str:
        lines = [f"query:  {self.text}", f"parsed: {self.tree}", f"whoosh: {self.query}"]
        lines += [f"note:   {note}" for note in self.notes]
        return "\n".join(lines)


class Builder:
    """Compiles a query tree into a Whoosh query; needs the card catalog and the vocabulary."""

    def __init__(self, text: str, catalog: Catalog, vocab: Vocabulary):
        self.text, self.catalog, self.vocab = text, catalog, vocab
        self.marks: dict[str, set[str]] = {lang: set() for lang in analysis.LANGS}
        self.notes: list[str] = []
        self.scored = False

    def build(self, node) -> wq.Query | None:
        if isinstance(node, And):
            return self._and(node.nodes)
        if isinstance(node, Or):
            parts = [q for q in (self.build(n) for n in node.nodes) if q is not None]
            return wq.Or(parts) if len(parts) > 1 else (parts[0] if parts else None)
        if isinstance(node, Not):
            inner = self._quiet(node.node)
            return wq.Not(inner) if inner is not None else None
        if isinstance(node, Word):
            return self._words([node])
        if isinstance(node, Phrase):
            return self._phrase(node)
        if isinstance(node, Field):
            return self._field(node)
        raise TypeError(node)

    def _quiet(self, node) -> wq.Query | None:
        """Build without highlighting (what is negated is not shown)."""
        marks, self.marks = self.marks, {lang: set() for lang in analysis.LANGS}
        try:
            return self.build(node)
        finally:
            self.marks = marks

    def _and(self, nodes) -> wq.Query | None:
        parts, run = [], []
        for node in [*nodes, None]:
            if isinstance(node, Word):
                run.append(node)
                continue
            if run:
                parts.append(self._words(run))
                run = []
            if node is not None:
                parts.append(self.build(node))
        parts = [p for p in parts if p is not None]
        if parts and all(isinstance(p, wq.Not) for p in parts):
            parts.insert(0, wq.Every())
        return wq.And(parts) if len(parts) > 1 else (parts[0] if parts else None)

    # free text ---------------------------------------------------------------------------

    def _words(self, words: list[Word]) -> wq.Query | None:
        """Consecutive free words; runs that name a tag also match the tag."""
        parts, i = [], 0
        spans = self._tag_spans(words)
        while i < len(words):
            if i in spans:
                end, tag_id = spans[i]
                text = [q for q in (self._word(w) for w in words[i:end]) if q is not None]
                self._mark_tag(tag_id)
                self.notes.append(f"{' '.join(w.text for w in words[i:end])!r} names tag {tag_id}")
                text_query = wq.And(text) if len(text) > 1 else (text[0] if text else None)
                tag_query = wq.Term("tags", tag_id)
                parts.append(wq.Or([text_query, tag_query]) if text_query else tag_query)
                i = end
            else:
                query = self._word(words[i])
                if query is None:
                    self.notes.append(f"{words[i].text!r} is too common a word to search for")
                else:
                    parts.append(query)
                i += 1
        return wq.And(parts) if len(parts) > 1 else (parts[0] if parts else None)

    def _tag_spans(self, words: list[Word]) -> dict[int, tuple[int, str]]:
        """start word -> (end word, tag) for runs of words that spell a tag form."""
        spans: dict[int, tuple[int, str]] = {}
        taken: set[int] = set()
        for lang in analysis.LANGS:
            terms, owner = [], []
            for k, word in enumerate(words):
                for term in analysis.phrase_terms(word.text, lang):
                    terms.append(term)
                    owner.append(k)
            matches = sorted(self.vocab.find(terms, lang), key=lambda m: (m.start, -(m.end - m.start)))
            for m in matches:
                start, end = owner[m.start], owner[m.end - 1] + 1
                if taken.isdisjoint(range(start, end)):
                    spans[start] = (end, m.tag)
                    taken.update(range(start, end))
        return spans

    def _mark_tag(self, tag_id: str) -> None:
        for lang in analysis.LANGS:
            for form in self.vocab.by_id[tag_id].forms[lang]:
                terms = analysis.phrase_terms(form, lang)
                self.marks[lang].update(terms)

    def _word(self, word: Word) -> wq.Query | None:
        return self._text(word.text)

    def _phrase(self, node: Phrase) -> wq.Query | None:
        query = self._text(node.text)
        for lang in analysis.LANGS:
            terms = analysis.phrase_terms(node.text, lang)
            tag_ids = {m.tag for m in self.vocab.find(terms, lang) if m.end - m.start == len(terms)}
            for tag_id in sorted(tag_ids):
                self._mark_tag(tag_id)
                self.notes.append(f"{node.text!r} names tag {tag_id}")
                tag_query = wq.Term("tags", tag_id)
                query = wq.Or([query, tag_query]) if query is not None else tag_query
        if query is None:
            self.notes.append(f"{node.text!r} holds only words too common to search for")
        return query

    def _text(self, text: str) -> wq.Query | None:
        """``text`` in the ruling text of either language, or in the card names."""
        if all(_is_stop_word(word) for word in text.split()):
            return None  # "il", "the", "di il": stop words in either language say nothing
        options = []
        for lang, fieldname in TEXT_FIELDS.items():
            terms = analysis.phrase_terms(text, lang)
            self.marks[lang].update(terms)
            options.append(_sequence(fieldname, terms))
        cards = self.catalog.named_by(tuple(analysis.name_terms(text)))
        if cards:
            options.append(_any("card_key", cards))
        options = [q for q in options if q is not None]
        if options:
            self.scored = True
        return wq.Or(options) if len(options) > 1 else (options[0] if options else None)

    # fields ------------------------------------------------------------------------------

    def _field(self, node: Field) -> wq.Query:
        if node.name == "card":
            cards = self.catalog.resolve(str(node.value))
            names = ", ".join(card.display for card in cards[:5])
            self.notes.append(f"card:{node.value} → {names}{' ...' if len(cards) > 5 else ''}")
            return _any("card_key", [card.key for card in cards])
        if node.name == "tag":
            try:
                return wq.Term("tags", self.vocab.resolve(str(node.value)))
            except UnknownTag as err:
                raise QueryError(self.text, node.pos, str(err)) from None
        if node.name == "lang":
            return wq.Term("lang", node.value)
        if node.name == "rule":
            value = str(node.value)
            subrules = [value + c for c in "abcdefghijklmnopqrstuvwxyz"] if "." in value else []
            parts = [wq.Term("rules", value), *(wq.Term("rules", r) for r in subrules)]
            if "." not in value:
                parts.append(wq.Prefix("rules", value + "."))
            return wq.Or(parts)
        if node.name == "date":
            start, end = node.value
            return wq.DateRange(
                "date",
                datetime.combine(start, time.min) if start else None,
                datetime.combine(end, time.max) if end else None,
            )
        raise ValueError(node.name)


def _is_stop_word(word: str) -> bool:
    folded = analysis.fold(word)
    return any(folded in analysis.stopwords(lang) for lang in analysis.LANGS)


def _sequence(fieldname: str, terms) -> wq.Query | None:
    if not terms:
        return None
    if len(terms) == 1:
        return wq.Term(fieldname, terms[0])
    return wq.Phrase(fieldname, list(terms))


def _any(fieldname: str, values: list[str]) -> wq.Query:
    terms = [wq.Term(fieldname, v) for v in values]
    return terms[0] if len(terms) == 1 else wq.Or(terms)


def option_filters(lang=None, tag=None, card=None, since=None, until=None, vocab: Vocabulary | None = None) -> list[Field]:
    """The search options as query fields; OptionError names the option that is wrong."""
    fields: list[Field] = []

    def add(option: str, make) -> None:
        try:
            fields.append(make())
        except (ValueError, UnknownTag) as err:
            raise OptionError(option, str(err)) from None

    if lang:
        add("lang", lambda: Field("lang", parse_value("lang", lang), 0))
    if tag:
        add("tag", lambda: Field("tag", (vocab or vocabulary()).resolve(tag), 0))
    if card:
        add("card", lambda: Field("card", card, 0))
    if since:
        add("since", lambda: Field("date", (parse_value("date", since)[0], None), 0))
    if until:
        add("until", lambda: Field("date", (None, parse_value("date", until)[1]), 0))
    return fields


def build(text: str, catalog: Catalog, filters: list[Field] = (), vocab: Vocabulary | None = None) -> Built:
    """Parse and compile ``text`` plus option filters. QueryError if malformed or empty."""
    tree = parse_query(text)
    if filters:
        tree = And((tree, *filters))
    builder = Builder(text, catalog, vocab or vocabulary())
    compiled = builder.build(tree)
    if compiled is None:
        raise QueryError(text, 0, "nothing to search for: every word is too common (a stop word)")
    if isinstance(compiled, wq.Not):
        compiled = wq.And([wq.Every(), compiled])
    return Built(text, tree, compiled, builder.scored, builder.marks, builder.notes)


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
    match = index.evaluate(built.query)
    if not built.scored:
        match.score = None  # tag and card matches alone do not rank: newest first
    hits = []
    for docnum, score in index.top(match, limit or None, offset, collapse):
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
    return store.rulings(query)


def card_rulings(store: Store, name: str):
    """The best card for ``name`` with all its rulings, and the other candidates."""
    cards = store.catalog.resolve(name)
    return cards[0], store.rulings_of(cards[0].key), cards[1:]
