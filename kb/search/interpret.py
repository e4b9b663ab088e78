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

import math
import re
import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Callable, Sequence

import numpy as np
from rapidfuzz import fuzz, process

from kb.index.catalog import Catalog
from kb.text import analysis, language
from kb.text.lexicon import Lexicon, lexicon
from kb.text.thesaurus import thesaurus
from kb.text.vocabulary import Vocabulary

LANGS = analysis.LANGS
FIELD = {lang: f"text_{lang}" for lang in LANGS}
OTHER = {"it": "en", "en": "it"}

# Weights of the alternatives of a concept, relative to the words as typed in the query's language.
TYPED, OTHER_TYPED, BAG, TRANSLATED, SYNONYM, TAG, CARD = 1.0, 0.5, 0.6, 0.7, 0.8, 1.0, 2.5
MAX_UNIT = 6  # words in a multi-word unit (card names, tag forms, lexicon entries)
CORRECT_AT = 82  # rapidfuzz ratio for a correction of an unknown word
RARER = 40  # a known word this many times rarer than a close neighbour (ratio ≥ 90) is corrected
CARD_AT = 88  # rapidfuzz ratio for a misspelled card name in free text
NAME_WORD_CARDS = 20  # a word of more card names than this says nothing about which card
MAX_CONCEPTS = 32  # words (or multi-word units) of a question that count


@dataclass(frozen=True)
class Alternative:
    """One way a ruling can match a concept."""

    kind: str  # term, phrase (terms in this order), bag (terms anywhere), tag, card
    field: str  # text_it, text_en, tags, card_key
    terms: tuple  # analysed terms; a tag id; card keys
    weight: float
    origin: str = "typed"  # typed, a lexicon or glossary entry, a tag form, a card name

    def __str__(self) -> str:
        shown = " ".join(self.terms) if self.kind in ("phrase", "bag", "term") else ",".join(self.terms)
        shown = f'"{shown}"' if self.kind == "phrase" else shown
        how = "" if self.origin == "typed" else f" ({self.origin})"
        return f"{self.kind} {self.field}:{shown} ×{self.weight:.2f}{how}"


@dataclass
class Concept:
    """Typed words and the alternatives a ruling may match them by; matched if any matches."""

    words: str
    alternatives: list = field(default_factory=list)

    def add(self, alternative: Alternative) -> None:
        for k, known in enumerate(self.alternatives):
            if (known.kind, known.field, known.terms) == (alternative.kind, alternative.field, alternative.terms):
                if alternative.weight > known.weight:
                    self.alternatives[k] = alternative
                return
        self.alternatives.append(alternative)


@dataclass
class Reading:
    """What free words were read as."""

    concepts: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    corrections: dict = field(default_factory=dict)  # typed word -> the word searched instead
    marks: dict = field(default_factory=lambda: {lang: set() for lang in LANGS})  # terms to highlight


def _distinct(concepts: list[Concept]) -> list[Concept]:
    """A word typed twice ("+1/+1": 1, 1) is one concept."""
    seen, out = set(), []
    for concept in concepts:
        key = frozenset((a.kind, a.field, a.terms) for a in concept.alternatives) or concept.words
        if key not in seen:
            seen.add(key)
            out.append(concept)
    return out


@lru_cache(maxsize=1)
def question_words() -> frozenset[str]:
    """Words of both languages that carry no weight in a question (kb/vocab/question_words.yaml)."""
    import yaml

    text = resources.files("kb").joinpath("vocab/question_words.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return frozenset(analysis.fold(str(word)) for lang in LANGS for word in data.get(lang, ()))


@dataclass
class _Token:
    """One word of the free text, as typed and as analysed in each language."""

    typed: str
    folded: str
    capitalised: bool
    terms: dict  # lang -> its analysed term ("" for a stop word of that language)
    quiet: bool  # a question or function word

    @classmethod
    def of(cls, typed: str) -> "_Token":
        folded = analysis.fold(typed)
        terms = {lang: (analysis.phrase_terms(typed, lang) or ("",))[0] for lang in LANGS}
        stop = any(folded in analysis.stopwords(lang) for lang in LANGS)  # "una", "con": no weight in either
        quiet = stop or folded in question_words() or not any(terms.values())
        return cls(typed, folded, typed[:1].isupper(), terms, quiet)


_WORD = re.compile(analysis.TOKEN_PATTERN)


class Reader:
    """Reads free words against what an index knows: its texts' terms and words, its cards,
    the tag vocabulary and the lexicon."""

    def __init__(self, vocab: Vocabulary, lexicon: Lexicon, catalog: Catalog, df: Callable[[str, str], int],
                 words: Callable[[], tuple[list[str], "object"]]):  # fmt: skip
        self.vocab, self.lexicon, self.catalog, self.df = vocab, lexicon, catalog, df
        self.thesaurus = thesaurus()
        self.words = words  # () -> (surface words, their counts as an array), of the texts
        self.lang = "en"

    def read(self, typed: Sequence[str]) -> Reading:
        reading = Reading()
        self.lang = language.detect(" ".join(typed)).lang  # the query's language weighs more
        tokens = [_Token.of(piece) for text in typed for piece in _WORD.findall(text)]
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
                    self._paraphrase(concept, self.thesaurus.others((token.terms[lang],), lang), lang)
            self._name_word(concept, token)
            reading.concepts.append((k, concept))  # with no alternative when nothing holds the word
        reading.concepts = _distinct([c for _, c in sorted(reading.concepts, key=lambda item: item[0])])
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

    def _native(self, concept: Concept, tokens: list[_Token]) -> None:
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

    # --- multi-word units ---------------------------------------------------------------------

    def _units(self, tokens: list[_Token]) -> list[tuple[int, int, Callable[[], Concept]]]:
        """Non-overlapping spans of tokens that form one concept, longest first: card names,
        tag forms, lexicon entries (each with the maker of its concept)."""
        found: list[tuple[int, int, int, Callable[[], Concept]]] = []  # (length, priority, start, end, make)
        found += [(e - s, 3, s, e, m) for s, e, m in self._cards(tokens)]
        found += [(e - s, 2, s, e, m) for s, e, m in self._tags(tokens)]
        found += [(e - s, 1, s, e, m) for s, e, m in self._lexicon(tokens)]
        found += [(e - s, 1, s, e, m) for s, e, m in self._paraphrases(tokens)]
        chosen, taken = [], set()
        for length, _, start, end, make in sorted(found, key=lambda f: (-f[0], -f[1], f[2])):
            if taken.isdisjoint(range(start, end)):
                taken.update(range(start, end))
                chosen.append((start, end, make))
        return chosen

    def _positions(self, tokens: list[_Token], lang: str) -> tuple[list[str], list[int]]:
        """The analysed terms of ``lang`` (question words left out) and each one's token."""
        terms, owner = [], []
        for k, token in enumerate(tokens):
            if token.terms[lang] and not token.quiet:
                terms.append(token.terms[lang])
                owner.append(k)
        return terms, owner

    def _tags(self, tokens: list[_Token]):
        for lang in LANGS:
            terms, owner = self._positions(tokens, lang)
            for match in self.vocab.find(terms, lang):
                start, end = owner[match.start], owner[match.end - 1] + 1
                yield start, end, self._tag_maker(tokens[start:end], match.tag, lang)

    def _tag_maker(self, tokens, tag_id: str, lang: str):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            concept.add(Alternative("tag", "tags", (tag_id,), TAG, f"tag form ({lang})"))
            for lang_ in LANGS:
                self._translate(concept, tuple(t.terms[lang_] for t in tokens if t.terms[lang_] and not t.quiet), lang_)
            return concept

        return make

    def _lexicon(self, tokens: list[_Token]):
        for lang in LANGS:
            terms, owner = self._positions(tokens, lang)
            for expansion in self.lexicon.expand(terms, lang):
                if expansion.end - expansion.start < 2:
                    continue  # single words are translated on their own
                start, end = owner[expansion.start], owner[expansion.end - 1] + 1
                yield start, end, self._lexicon_maker(tokens[start:end], terms[expansion.start : expansion.end],
                                                      lang, expansion.translations)  # fmt: skip

    def _lexicon_maker(self, tokens, terms, lang: str, translations):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            self._translate(concept, tuple(terms), lang, translations)
            return concept

        return make

    def _paraphrases(self, tokens: list[_Token]):
        for lang in LANGS:
            terms, owner = self._positions(tokens, lang)
            for found in self.thesaurus.expand(terms, lang):
                if found.end - found.start < 2:
                    continue  # single words are paraphrased on their own
                start, end = owner[found.start], owner[found.end - 1] + 1
                yield start, end, self._paraphrase_maker(tokens[start:end], found.others, lang)

    def _paraphrase_maker(self, tokens, others, lang: str):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            self._paraphrase(concept, others, lang)
            for lang_ in LANGS:
                self._translate(concept, tuple(t.terms[lang_] for t in tokens if t.terms[lang_] and not t.quiet), lang_)
            return concept

        return make

    def _cards(self, tokens: list[_Token]):
        """Card names in the free words: exact (two words or more; one word when capitalised or
        rare in the texts), or misspelled when a word of the span is unknown."""
        words = [t.folded for t in tokens]
        for start in range(len(tokens)):
            for end in range(min(len(tokens), start + MAX_UNIT), start, -1):
                span = tokens[start:end]
                if span[0].quiet or span[-1].quiet:
                    continue
                spelled = " ".join(words[start:end])
                keys = self.catalog.spelled(spelled)
                if keys and (end - start > 1 or self._name_like(span[0])):
                    yield start, end, self._card_maker(span, keys, "card name")
                    break
                if end - start > 1 and any(self._unknown(t) for t in span):
                    close = self.catalog.closest_spelled(spelled, CARD_AT)
                    if close:
                        yield start, end, self._card_maker(span, close[1], f"card name ≈ {close[0]}")
                        break

    def _name_word(self, concept: Concept, token: _Token) -> None:
        """A word no text holds but a few card names do ("sostituzione") finds those cards' rulings."""
        if len(token.folded) < 4 or concept.alternatives or not self._name_like(token):
            return
        keys = self.catalog.named_by((token.folded,))
        if 0 < len(keys) <= NAME_WORD_CARDS:
            concept.add(Alternative("card", "card_key", tuple(keys), CARD * 0.5, "a word of card names"))

    def _name_like(self, token: _Token) -> bool:
        """A single word that may be a card's whole name: capitalised, or a word the texts
        rarely hold and no vocabulary knows ("sacrificio" is Sacrifice's Italian name, but a word)."""
        if len(token.folded) < 3:
            return False
        if token.capitalised:
            return True
        if self._known_word(token):
            return False
        return all(self.df(FIELD[lang], token.terms[lang]) < 20 for lang in LANGS if token.terms[lang])

    def _known_word(self, token: _Token) -> bool:
        """A vocabulary (lexicon, paraphrases, tag forms) knows the word, by its terms."""
        return any(
            term and (self.lexicon.translations((term,), lang) or self.thesaurus.others((term,), lang)
                      or term in vocabulary_terms(self.vocab, lang))
            for lang, term in token.terms.items()
        )  # fmt: skip

    def _card_maker(self, tokens, keys, origin: str):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            concept.add(Alternative("card", "card_key", tuple(keys), CARD, origin))
            return concept

        return make

    # --- spelling -----------------------------------------------------------------------------

    def _unknown(self, token: _Token) -> bool:
        """No text holds the word in either language, no vocabulary knows it (by its terms)."""
        if token.quiet:
            return False
        if any(self.df(FIELD[lang], token.terms[lang]) for lang in LANGS if token.terms[lang]) or self._known_word(token):
            return False
        return token.folded not in self.lexicon.words() and token.folded not in vocabulary_words(self.vocab)

    def _correct(self, tokens: list[_Token], reading: Reading) -> list[_Token]:
        out = []
        for k, token in enumerate(tokens):
            better = self._better(token) if token.folded.isalpha() and len(token.folded) >= 4 else None
            if better and not self._starts_card(tokens, k):
                reading.corrections[token.typed] = better
                reading.notes.append(f"searched for {better!r} instead of {token.typed!r}")
                token = _Token.of(better)
            out.append(token)
        return out

    def _starts_card(self, tokens: list[_Token], k: int) -> bool:
        """The word belongs to a card name typed nearly right (it is not a typo of a word)."""
        for start in range(max(0, k - MAX_UNIT + 1), k + 1):
            for end in range(k + 1, min(len(tokens), start + MAX_UNIT) + 1):
                if end - start > 1 and self.catalog.closest_spelled(" ".join(t.folded for t in tokens[start:end]), CARD_AT):
                    return True
        return False

    def _better(self, token: _Token) -> str | None:
        """The word to search instead of a misspelled one, or None."""
        words, counts = self.words()
        if not words:
            return None
        unknown = self._unknown(token)
        if not unknown:
            rare = sum(self.df(FIELD[lang], token.terms[lang]) for lang in LANGS if token.terms[lang])
            if rare > 2:
                return None
        found = process.extract(token.folded, words, scorer=fuzz.ratio, limit=5,
                                score_cutoff=CORRECT_AT if unknown else 90)  # fmt: skip
        found = [(word, score, at) for word, score, at in found if word != token.folded]
        if not found:
            return None
        word, score, at = max(found, key=lambda f: (f[1] + 4 * math.log10(1 + counts[f[2]]), -f[2]))
        if not unknown and counts[at] < RARER * max(1, rare):
            return None
        return word


@lru_cache(maxsize=8)
def vocabulary_words(vocab: Vocabulary) -> frozenset[str]:
    """The words of every form of every tag, folded."""
    return frozenset(analysis.fold(word) for tag in vocab for forms in tag.forms.values() for form in forms
                     for word in _WORD.findall(form))  # fmt: skip


@lru_cache(maxsize=16)
def vocabulary_terms(vocab: Vocabulary, lang: str) -> frozenset[str]:
    """The analysed terms of every form of every tag, in one language."""
    return frozenset(term for tag in vocab for form in tag.forms.get(lang, ()) for term in analysis.phrase_terms(form, lang))


_READERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def for_store(store) -> Reader:
    """The reader of free words for an open store (made once per store)."""
    reader = _READERS.get(store)
    if reader is None:
        reader = _READERS[store] = Reader(store.vocabulary, lexicon(), store.catalog, store.index.df,
                                          lambda: _correction_words(store))  # fmt: skip
    return reader


def _correction_words(store) -> tuple[list[str], np.ndarray]:
    """What misspelled words are corrected to: the words of the texts (held by at least two),
    and the words of the tag vocabulary and the lexicon; with how many texts hold each."""
    cached = getattr(store, "_correction_words", None)
    if cached is None:
        counts = {word: count for word, count in store.words().items() if count >= 2}
        for word in (*vocabulary_words(store.vocabulary), *lexicon().words()):
            counts.setdefault(word, 2)
        words = sorted(counts)
        cached = (words, np.array([counts[w] for w in words], dtype=np.int64))
        store._correction_words = cached
    return cached
