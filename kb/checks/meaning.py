"""What a sentence says, in a form that does not depend on its language or its wording, and
whether it says it or its negation.

``reading(text, lang)`` cuts a text into sentences and gives each:

- ``content``: the set of its content *features*: English analysed terms (an Italian word is
  carried into English by the lexicon, glossary first; one it has no translation for stays as
  ``it:term``), and the paraphrase groups its expressions belong to (``pg:12``: "comes into
  play", "enters the battlefield" and "entra nel campo di battaglia" are one feature);
- ``negations``: how many negations it holds ("not", "n't", "never", "no longer", "stop",
  "instead", "non", "né", "mai", "smette", "invece"...): an odd number says the opposite of
  the same sentence with an even number.

    reading("Attacking with a goaded creature doesn't make it stop being goaded.", "en")
      -> one sentence, content {attack, goad, creatur, make}, negations 2
    reading("Se attacchi con una creatura spronata, smette di essere spronata.", "it")
      -> one sentence, content {attack, goad, creatur}, negations 1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kb.text import analysis
from kb.text.lexicon import lexicon
from kb.text.thesaurus import thesaurus

# Words that turn what a sentence says into its opposite (folded, as typed).
NEGATORS = {
    "en": frozenset({"not", "no", "never", "neither", "nor", "none", "nothing", "nobody", "cannot", "without",
                     "stop", "stops", "stopped", "stopping", "cease", "ceases", "ceased", "instead", "unable"}),
    "it": frozenset({"non", "ne", "mai", "nessuno", "nessuna", "nessun", "niente", "nulla", "senza", "smette",
                     "smettere", "smettono", "smetta", "cessa", "cessare", "cessano", "invece", "anziche"}),
}  # fmt: skip
_NEGATOR_TERMS = {lang: frozenset(t for word in words for t in analysis.terms(word, lang)) for lang, words in NEGATORS.items()}
_NT = re.compile(r"n['’]t\b", re.IGNORECASE)  # don't, won't, isn't, can't...
_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9“\"(À-Ö])")
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


@dataclass(frozen=True)
class Sentence:
    text: str
    content: frozenset
    negations: int
    single: bool = True  # one sentence (False: a window of two)


def sentences(text: str) -> list[str]:
    """The sentences of a ruling (a ruling is one to four of them)."""
    return [part.strip() for part in _SENTENCE.split(text.strip()) if part.strip()]


# Phrases with a negator that negate nothing ("no matter why", "not only", "non importa").
_IDIOMS = re.compile(r"\b(?:no matter|not only|nonetheless|nevertheless|non importa|non solo|nondimeno)\b", re.IGNORECASE)
_ASIDE = re.compile(r"\([^()]{0,200}\)")  # "(no part of it)": an aside, not what the clause says
_CLAUSE = re.compile(r"[,;:()\u2014]|\s-\s|\b(?:but|ma|however|tuttavia|though|sebbene)\b", re.IGNORECASE)


def negations(text: str, lang: str) -> int:
    """How many clauses of ``text`` say the opposite of themselves without their negations: a
    clause with an odd number of negators (see NEGATORS; "no longer" and "non… più" count
    once, by their first word; "doesn't stop" is two, so none). Counting clauses rather than
    words keeps a claim said in one clause or split over two at the same parity; asides in
    parentheses, such as "(no part of it)", don't count."""
    return sum(_negators(clause, lang) % 2 for clause in _CLAUSE.split(_IDIOMS.sub(" ", _ASIDE.sub(" ", text))))


def _negators(text: str, lang: str) -> int:
    found = len(_NT.findall(text)) if lang == "en" else 0
    return found + sum(1 for word in _WORD.findall(text) if analysis.fold(word) in NEGATORS[lang])


@lru_cache(maxsize=200_000)
def content(text: str, lang: str) -> frozenset:
    """The language-neutral features of a sentence (see the module doc)."""
    terms = [t for t in analysis.terms(text, lang) if t not in _NEGATOR_TERMS[lang]]
    features: set[str] = set()
    for found in thesaurus().expand(terms, lang):
        features.update(f"pg:{number}" for number in found.groups)
    if lang == "en":
        features.update(terms)
        return frozenset(features)
    covered: set[int] = set()
    for expansion in lexicon().expand(terms, "it"):
        best = _best(expansion.translations)
        if best is not None:
            features.update(best.terms)
            covered.update(range(expansion.start, expansion.end))
    features.update(f"it:{term}" for k, term in enumerate(terms) if k not in covered)
    return frozenset(features)


def reading(text: str, lang: str) -> tuple[Sentence, ...]:
    """Each sentence of ``text`` with its content and its negations."""
    return tuple(Sentence(s, content(s, lang), negations(s, lang)) for s in sentences(text))


def _best(translations):
    glossary = [t for t in translations if t.source == "glossary"]
    return (glossary or list(translations) or [None])[0]
