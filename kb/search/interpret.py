"""Reading free words as a question: which words matter, what they stand for, in both languages.

The free words of a query (outside quotes, fields and operators) are preferred, not required.
They become *concepts*, each a set of weighted *alternatives* that a ruling may match:

    "posso rispondere a una magia con battibaleno con un'abilità di mana?"
      posso, a, una, con, un', di, ?     question and function words: no weight
      rispondere   text_it:rispond · text_en:respond (lexicon, 0.6)
      magia        text_it:magi · text_en:spell (lexicon)
      battibaleno  tag:split_second · text_it:battibalen · text_en:"split second" (lexicon)
      abilità di mana   text_it:"abilit mana" · tag:mana_ability · text_en:"mana abil" (lexicon)

Multi-word units are found first, longest first: card names (exact, or misspelled when a word of
the span is unknown), tag forms (kb/vocab), lexicon entries (kb.text.lexicon). A word no text
holds, or far rarer than a close neighbour, is corrected by spelling (rapidfuzz) against the
words of the texts and of the vocabularies, with a note. Weights are data below; expansions
weigh less than the words typed.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import Callable, Sequence

from kb.index.catalog import Catalog
from kb.search.concepts import (
    BAG,
    FIELD,
    LANGS,
    MAX_CONCEPTS,
    NUMBER,
    NUMBER_WORDS,
    OTHER,
    OTHER_TYPED,
    SYNONYM,
    TRANSLATED,
    TYPED,
    WORD,
    Alternative,
    Concept,
    Reading,
    Token,
    distinct,
)
from kb.search.spelling import Spelling, correction_words
from kb.search.units import Units
from kb.text import analysis, language
from kb.text.lexicon import Lexicon, lexicon
from kb.text.thesaurus import thesaurus
from kb.text.vocabulary import Vocabulary


class Reader(Units, Spelling):
    """Reads free words against what an index knows: its texts' terms and words, its cards,
    the tag vocabulary and the lexicon."""

    def __init__(self, vocab: Vocabulary, lexicon: Lexicon, catalog: Catalog, df: Callable[[str, str], int],
                 words: Callable[[], tuple[list[str], "object"]]):  # fmt: skip
        self.vocab, self.lexicon, self.catalog, self.df = vocab, lexicon, catalog, df
        self.thesaurus = thesaurus()
        self.words = words  # () -> (surface words, their counts as an array), of the texts
        self.corrections: dict[str, str | None] = {}  # word → its correction (or none), remembered
        self.lang = "en"

    def read(self, typed: Sequence[str]) -> Reading:
        reading = Reading()
        self.lang = language.detect(" ".join(typed)).lang  # the query's language weighs more
        tokens = [Token.of(piece) for text in typed for piece in WORD.findall(text)]
        tokens = self._correct(tokens, reading)
        spans = self._units(tokens)
        covered: set[int] = set()
        for start, end, make in spans:
            concept = make()
            self._native(concept, tokens[start:end])
            covered.update(range(start, end))
            reading.concepts.append((start, concept))
        for k, token in enumerate(tokens):
            if k in covered or token.quiet:
                continue
            concept = Concept(token.typed)
            self._native(concept, [token])
            for lang in LANGS:
                self._translate(concept, (token.terms[lang],), lang)
                if token.terms[lang]:
                    self._paraphrase(concept, self.thesaurus.others((token.terms[lang],), lang, token.folded), lang)
            self._name_word(concept, token)
            if token.folded in NUMBER_WORDS or token.folded.isdigit():  # "three", "1": rarely what a question is about
                concept.alternatives = [replace(a, weight=a.weight * NUMBER) for a in concept.alternatives]
            reading.concepts.append((k, concept))  # with no alternative when nothing holds the word
        reading.concepts = distinct([c for _, c in sorted(reading.concepts, key=lambda item: item[0])])
        if len(reading.concepts) > MAX_CONCEPTS:
            dropped = reading.concepts[MAX_CONCEPTS:]
            reading.concepts = reading.concepts[:MAX_CONCEPTS]
            reading.notes.append(f"only the first {MAX_CONCEPTS} words count; not searched: "
                                 + " ".join(c.words for c in dropped)[:120])  # fmt: skip
        for concept in reading.concepts:
            for alt in concept.alternatives:
                if alt.field in FIELD.values():
                    reading.marks[alt.field[5:]].update(alt.terms)
                elif alt.kind == "tag":
                    self._mark_tag(alt.terms[0], reading)
        return reading

    # --- alternatives -------------------------------------------------------------------------

    def _native(self, concept: Concept, tokens: list[Token]) -> None:
        """The words as typed, in each language's text: a term, or a phrase and a bag."""
        for lang in LANGS:
            terms = tuple(t.terms[lang] for t in tokens if t.terms[lang] and not t.quiet)
            if not terms or not any(self.df(FIELD[lang], term) for term in terms):
                continue
            weight = TYPED if lang == self.lang else OTHER_TYPED
            if len(terms) == 1:
                concept.add(Alternative("term", FIELD[lang], terms, weight))
            else:
                concept.add(Alternative("phrase", FIELD[lang], terms, weight))
                concept.add(Alternative("bag", FIELD[lang], terms, weight * BAG))

    def _translate(self, concept: Concept, terms: tuple, lang: str, found=None) -> None:
        """The lexicon's translations of ``terms`` (analysed in ``lang``) into the other language."""
        if not all(terms):
            return
        other = OTHER[lang]
        translations = list(found if found is not None else self.lexicon.translations(terms, lang))
        if any(t.source == "glossary" for t in translations):  # the reviewed translations say it
            translations = [t for t in translations if t.source == "glossary"]
        for translation in translations:
            if not any(self.df(FIELD[other], term) for term in translation.terms):
                continue
            weight = TRANSLATED * translation.score
            origin = f"{translation.source}: {' '.join(terms)} → {translation.form}"
            kind = "term" if len(translation.terms) == 1 else "phrase"
            concept.add(Alternative(kind, FIELD[other], tuple(translation.terms), weight, origin))
            if kind == "phrase":
                concept.add(Alternative("bag", FIELD[other], tuple(translation.terms), weight * BAG, origin))

    def _paraphrase(self, concept: Concept, others, lang: str) -> None:
        """The other expressions of a paraphrase group (kb/vocab/paraphrases.yaml)."""
        for other in others:
            field_ = FIELD[other.lang]
            if not any(self.df(field_, term) for term in other.terms):
                continue
            weight = SYNONYM if other.lang == lang else TRANSLATED
            origin = f"paraphrase: {other.form}"
            if len(other.terms) == 1:
                concept.add(Alternative("term", field_, other.terms, weight, origin))
            else:
                concept.add(Alternative("phrase", field_, other.terms, weight, origin))
                concept.add(Alternative("bag", field_, other.terms, weight * BAG, origin))

    def _mark_tag(self, tag_id: str, reading: Reading) -> None:
        for lang in LANGS:
            for form in self.vocab.by_id[tag_id].forms.get(lang, ()):
                reading.marks[lang].update(t for t in analysis.phrase_terms(form, lang) if t != "…")


_READERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def for_store(store) -> Reader:
    """The reader of free words for an open store (made once per store)."""
    reader = _READERS.get(store)
    if reader is None:
        reader = _READERS[store] = Reader(store.vocabulary, lexicon(), store.catalog, store.index.df,
                                          lambda: correction_words(store))  # fmt: skip
    return reader
