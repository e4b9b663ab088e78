"""Compiling: a parsed query → what to run (built apart from running it, so that ``--explain``
can show it), with the words to highlight and notes on the expansions made.

The free words at the top of a query are preferred, not required: they become concepts
(kb.search.interpret) that rank the rulings matching any of them. Everything else is strict and
compiles to a Whoosh query tree that a ruling must match: phrases, negations, OR, groups in
parentheses (their words all required) and fields (by their row in kb.search.fields). A word or
phrase that names a tag in either language also matches the rulings carrying that tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from whoosh import query as wq

from kb.errors import QueryError, UnknownTag
from kb.index.catalog import Catalog
from kb.search.fields import FIELDS, any_of
from kb.search.interpret import for_store
from kb.search.query import And, Field, Not, Or, Phrase, Word, parse_query
from kb.text import analysis
from kb.text.vocabulary import Vocabulary

TEXT_FIELDS = {lang: f"text_{lang}" for lang in analysis.LANGS}


@dataclass
class Built:
    """A query ready to run, with what a reader of ``--explain`` wants to see."""

    text: str
    tree: object
    query: wq.Query | None  # the strict part (None: no constraint)
    scored: bool
    marks: dict = field(default_factory=dict)  # lang -> analysed terms to highlight
    notes: list = field(default_factory=list)
    concepts: list = field(default_factory=list)  # the free words (kb.search.interpret.Concept)
    strict_text: str = ""  # the strict part, as query syntax
    corrections: dict = field(default_factory=dict)  # typed word -> the word searched instead
    feedback: tuple = ()  # the words of the first results searched too (kb.search.feedback), once run
    claims: tuple = ()  # the claims the question reads as, their rulings ranked up (kb.search.claims), once run
    asked: tuple = ()  # the rulings whose written questions it resembles, ranked up (kb.search.asked), once run

    def explain(self) -> str:
        lines = [f"query:  {self.text}", f"parsed: {self.tree}", f"strict: {self.strict_text or '(none)'}"]
        if self.query is not None:
            lines.append(f"whoosh: {self.query}")
        if self.concepts:
            lines.append("words:  preferred, not required; each matched by its best alternative:")
            for concept in self.concepts:
                lines.append(f"  {concept.words!r}")
                lines += [f"    {alternative}" for alternative in concept.alternatives]
        if self.feedback:
            from kb.search.feedback import FIRST, WEIGHT

            lines.append(f"feedback: the heaviest words of the first {FIRST} results, searched too "
                         f"(together worth {WEIGHT:g} × the best score), by share:")
            lines += [f"    {expansion}" for expansion in self.feedback]
        if self.claims:
            from kb.search.claims import WEIGHT

            lines.append(f"claims: the question read as these claims; their rulings get the probability × {WEIGHT:g} "
                         "× the best score:")
            lines += [f"    {reading}" for reading in self.claims]
        if self.asked:
            from kb.search.asked import WEIGHT as ASKED

            lines.append(f"asked: the question worded like these rulings' written questions; their rulings get the "
                         f"similarity × {ASKED:g} × the best score:")
            lines += [f"    {each}" for each in self.asked]
        lines += [f"note:   {note}" for note in self.notes]
        return "\n".join(lines)

    @property
    def suggestion(self) -> str | None:
        """The query with its corrections, to offer as "did you mean"."""
        if not self.corrections:
            return None
        text = self.text
        for typed, better in self.corrections.items():
            text = re.sub(rf"(?<!\w){re.escape(typed)}(?!\w)", better, text)
        return text


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
            options.append(any_of("card_key", cards))
        options = [q for q in options if q is not None]
        if options:
            self.scored = True
        return wq.Or(options) if len(options) > 1 else (options[0] if options else None)

    # fields ------------------------------------------------------------------------------

    def _field(self, node: Field) -> wq.Query:
        return FIELDS[node.name].compile(self, node.value, node.pos)

    def resolve_tag(self, name: str, pos: int) -> str:
        """A tag id from its id or any of its forms; QueryError at ``pos`` if none has it."""
        try:
            return self.vocab.resolve(name)
        except UnknownTag as err:
            raise QueryError(self.text, pos, str(err)) from None


def _is_stop_word(word: str) -> bool:
    folded = analysis.fold(word)
    return any(folded in analysis.stopwords(lang) for lang in analysis.LANGS)


def _sequence(fieldname: str, terms) -> wq.Query | None:
    if not terms:
        return None
    if len(terms) == 1:
        return wq.Term(fieldname, terms[0])
    return wq.Phrase(fieldname, list(terms))


MAX_FIELDS = 16  # card:, tag:, re:... in one query: each can be costly


def _count_fields(node) -> int:
    if isinstance(node, Field):
        return 1
    if isinstance(node, (And, Or)):
        return sum(_count_fields(n) for n in node.nodes)
    if isinstance(node, Not):
        return _count_fields(node.node)
    return 0


def soft_words(tree) -> tuple[list[Word], list]:
    """The free words at the top of a query (preferred, not required), and the strict rest."""
    if isinstance(tree, Word):
        return [tree], []
    if isinstance(tree, And):
        return [n for n in tree.nodes if isinstance(n, Word)], [n for n in tree.nodes if not isinstance(n, Word)]
    return [], [tree]


def build(text: str, store, filters: list[Field] = ()) -> Built:
    """Parse and compile ``text`` plus option filters against an open store (its cards, tags,
    lexicon and the words of its texts). QueryError if malformed or empty."""
    tree = parse_query(text)
    fields = _count_fields(tree)
    if fields > MAX_FIELDS:
        raise QueryError(text, 0, f"too many fields: {fields} (at most {MAX_FIELDS} in one query)")
    words, strict_nodes = soft_words(tree)
    strict_nodes = [*strict_nodes, *filters]
    builder = Builder(text, store.catalog, store.vocabulary)
    strict = builder.build(And(tuple(strict_nodes)) if len(strict_nodes) > 1 else strict_nodes[0]) if strict_nodes else None
    if isinstance(strict, wq.Not):
        strict = wq.And([wq.Every(), strict])
    reading = for_store(store).read([w.text for w in words]) if words else None
    concepts = reading.concepts if reading else []
    if strict is None and not concepts:
        raise QueryError(text, 0, "nothing to search for: every word is too common (a stop word)")
    marks = builder.marks
    if reading:
        for lang in marks:
            marks[lang] |= reading.marks[lang]
    notes = [*(reading.notes if reading else []), *builder.notes]
    corrections = reading.corrections if reading else {}
    strict_text = " ".join(str(node) for node in strict_nodes)
    return Built(text, tree, strict, builder.scored or bool(concepts), marks, notes, concepts=concepts,
                 corrections=corrections, strict_text=strict_text)  # fmt: skip
