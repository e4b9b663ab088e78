"""What free words are read as: concepts, each a set of weighted alternatives a ruling may
match (kb.search.interpret reads them, kb.search.soft scores them), and the words of a question
as typed and analysed. Weights are data here; expansions weigh less than the words typed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from kb.text import analysis, yaml_data
from kb.text.vocabulary import Vocabulary

LANGS = analysis.LANGS
FIELD = {lang: f"text_{lang}" for lang in LANGS}
OTHER = {"it": "en", "en": "it"}

# Weights of the alternatives of a concept, relative to the words as typed in the query's language.
TYPED, OTHER_TYPED, BAG, TRANSLATED, SYNONYM, TAG, CARD = 1.0, 0.5, 0.6, 1.0, 0.8, 1.0, 2.5
COMMON_NAME_WORD = 0.1  # × CARD: a common word of the language that is also in card names counts little
NUMBER = 0.3  # × the weight of a number typed alone ("three", "1", "tre"): a detail, not the topic
NUMBER_WORDS = frozenset("zero one two three four five six seven eight nine ten uno una due tre quattro cinque sei "
                         "sette otto nove dieci".split())  # fmt: skip
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


def distinct(concepts: list[Concept]) -> list[Concept]:
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
    text = resources.files("kb").joinpath("vocab/question_words.yaml").read_text(encoding="utf-8")
    data = yaml_data.load(text)
    return frozenset(analysis.fold(str(word)) for lang in LANGS for word in data.get(lang, ()))


@dataclass
class Token:
    """One word of the free text, as typed and as analysed in each language."""

    typed: str
    folded: str
    capitalised: bool
    terms: dict  # lang -> its analysed term ("" for a stop word of that language)
    quiet: bool  # a question or function word

    @classmethod
    def of(cls, typed: str) -> "Token":
        folded = analysis.fold(typed)
        terms = {lang: (analysis.phrase_terms(typed, lang) or ("",))[0] for lang in LANGS}
        stop = any(folded in analysis.stopwords(lang) for lang in LANGS)  # "una", "con": no weight in either
        quiet = stop or folded in question_words() or not any(terms.values())
        return cls(typed, folded, typed[:1].isupper(), terms, quiet)


WORD = re.compile(analysis.TOKEN_PATTERN)


@lru_cache(maxsize=8)
def vocabulary_words(vocab: Vocabulary) -> frozenset[str]:
    """The words of every form of every tag, folded."""
    return frozenset(analysis.fold(word) for tag in vocab for forms in tag.forms.values() for form in forms
                     for word in WORD.findall(form))  # fmt: skip


@lru_cache(maxsize=16)
def vocabulary_terms(vocab: Vocabulary, lang: str) -> frozenset[str]:
    """The analysed terms of every form of every tag, in one language."""
    return frozenset(term for tag in vocab for form in tag.forms.get(lang, ()) for term in analysis.phrase_terms(form, lang))
