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
from dataclasses import dataclass, field
from functools import lru_cache

from kb.text import analysis
from kb.text.lexicon import lexicon
from kb.text.thesaurus import thesaurus

BEFORE = "<"  # between a term said before an order word and one said after it
ORDER = {"en": re.compile(r"\b(before|after|then|first)\b", re.IGNORECASE),
         "it": re.compile(r"\b(prima|dopo|poi)\b", re.IGNORECASE)}  # fmt: skip
AFTER = frozenset({"after", "dopo"})  # order words that put what follows them first

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


@dataclass(frozen=True, slots=True)
class Clause:
    content: frozenset
    negated: bool  # an odd number of negators


@dataclass(frozen=True, slots=True)
class Sentence:
    text: str
    content: frozenset
    negations: int
    single: bool = True  # one sentence (False: a window of two)
    lang: str = "en"
    parts: tuple[str, ...] = field(default=(), compare=False)  # a window's sentences, each as written

    @property
    def clauses(self) -> tuple:
        """Of Clause: what each part says, and whether it says its opposite (read when asked)."""
        return clauses(self.text, self.lang)


def sentences(text: str) -> list[str]:
    """The sentences of a ruling (a ruling is one to four of them)."""
    return [part.strip() for part in _SENTENCE.split(text.strip()) if part.strip()]


# Phrases with a negator that negate nothing ("no matter why", "not only", "non importa").
_IDIOMS = re.compile(r"\b(?:no matter|not only|nonetheless|nevertheless|non importa|non solo|nondimeno)\b", re.IGNORECASE)
_ASIDE = re.compile(r"\([^()]{0,200}\)")  # "(no part of it)": an aside, not what the clause says
_WRAPPED = re.compile(r"^\((.*)\)([.!?]?)$", re.DOTALL)  # a whole sentence in parentheses: "(A mana ability is ...)"


def _unwrapped(text: str) -> str:
    """A sentence without the parentheses around the whole of it (they make no aside of it)."""
    text = text.strip()
    found = _WRAPPED.match(text)
    return found.group(1) + found.group(2) if found and "(" not in found.group(1) and ")" not in found.group(1) else text


_CLAUSE = re.compile(r"[,;:()\u2014]|\s-\s|\b(?:but|ma|however|tuttavia|though|sebbene|because|since|perch[eé]|poich[eé]|siccome)\b", re.IGNORECASE)


@lru_cache(maxsize=20_000)
def clauses(text: str, lang: str) -> tuple[Clause, ...]:
    """The clauses of a sentence that say something, each with its content and whether it is
    negated (asides and idioms left out, as for ``negations``)."""
    return tuple(Clause(content(part, lang), bool(_negators(part, lang) % 2)) for part in clause_texts(text, lang))


def clause_texts(text: str, lang: str) -> tuple[str, ...]:
    """The words of each clause ``clauses`` reads, in its order."""
    parts = _CLAUSE.split(_IDIOMS.sub(" ", _ASIDE.sub(" ", _unwrapped(text))))
    return tuple(part for part in parts if part.strip() and content(part, lang))


def negations(text: str, lang: str) -> int:
    """How many clauses of ``text`` say the opposite of themselves without their negations: a
    clause with an odd number of negators (see NEGATORS; "no longer" and "non… più" count
    once, by their first word; "doesn't stop" is two, so none). Counting clauses rather than
    words keeps a claim said in one clause or split over two at the same parity; asides in
    parentheses, such as "(no part of it)", don't count."""
    return sum(_negators(clause, lang) % 2 for clause in _CLAUSE.split(_IDIOMS.sub(" ", _ASIDE.sub(" ", _unwrapped(text)))))


# Italian negative concord: after "non" (or "senza", or another of them), these words repeat its
# negation, they add none ("non può mai attaccare", "non succede niente", "non può attaccare né
# bloccare", "senza nessun costo", "mai nessuno" are each one negation); first in their clause,
# they negate by themselves ("nessun giocatore può rispondere"), and so after a word that opens a
# clause of its own ("non puoi ciclarla se nessuna creatura può esserne bersaglio": two).
_CONCORD = frozenset({"mai", "nessuno", "nessuna", "nessun", "niente", "nulla", "ne"})
_OPENS = frozenset({"se", "che", "quando", "finche", "mentre", "dove", "cui", "perche", "poiche", "siccome"})


def _negators(text: str, lang: str) -> int:
    if lang == "en":
        return len(_NT.findall(text)) + sum(1 for word in _WORD.findall(text) if analysis.fold(word) in NEGATORS["en"])
    found, negated = 0, False
    for word in _WORD.findall(text):
        folded = analysis.fold(word)
        if folded in _OPENS:
            negated = False
        if folded not in NEGATORS[lang] or not _negates(word) or (negated and folded in _CONCORD):
            continue
        found += 1
        negated = True
    return found


def _negates(word: str) -> bool:
    """Whether a word that folds to a negator is one: Italian "né" (neither, nor) folds to "ne",
    which is also the everyday pronoun ("se ne è stato pagato il costo": of it); only the
    accented form negates."""
    return word.lower() != "ne"


@lru_cache(maxsize=200_000)
def order(text: str, lang: str) -> frozenset[str]:
    """``a<b`` for the terms said before a sentence's first order word and those after it (the
    other way round after "after"), paraphrase groups left out."""
    found = ORDER.get(lang, ORDER["en"]).search(text)
    if found is None:
        return frozenset()
    first, then = content(text[: found.start()], lang), content(text[found.end() :], lang)
    if found.group(1).lower() in AFTER:
        first, then = then, first
    return frozenset(f"{a}{BEFORE}{b}" for a in first for b in then if a != b and not a.startswith("pg:") and not b.startswith("pg:"))


def reversed_order(said: Sentence, known: Sentence) -> bool:
    """Whether ``said`` puts two terms the other way round from ``known`` and no two in the same
    order ("prowess resolves after the spell" against "it resolves before that spell"; "the
    spell resolves after the trigger" is "the trigger resolves before the spell")."""
    ours, theirs = order(said.text, said.lang), order(known.text, known.lang)
    if not ours or not theirs or ours & theirs:
        return False
    return any(BEFORE.join(reversed(pair.split(BEFORE))) in theirs for pair in ours)


@lru_cache(maxsize=200_000)
def content(text: str, lang: str) -> frozenset:
    """The language-neutral features of a sentence (see the module doc)."""
    worded = [(word, t) for word, t in analysis.worded_terms(text, lang) if t not in _NEGATOR_TERMS[lang]]
    terms = [t for _, t in worded]
    features: set[str] = set()
    for found in thesaurus().expand(terms, lang):
        features.update(f"pg:{number}" for number in found.groups)
    if lang == "en":
        features.update(terms)
        return frozenset(features)
    covered: set[int] = set()
    for expansion in lexicon().expand(terms, "it"):
        best = _best(expansion.translations)
        if expansion.end - expansion.start == 1 and analysis.fold(worded[expansion.start][0]) in WRITTEN_ALIKE:
            continue  # "costo di mana": the stem of "mana" is that of "mano" (hand)
        if best is not None:
            features.update(best.terms)
            covered.update(range(expansion.start, expansion.end))
    features.update(_alike(word) or (term if _neutral(term) else f"it:{term}")
                    for k, (word, term) in enumerate(worded) if k not in covered)
    return frozenset(features)


_SYMBOLS = frozenset("wubrgcspx")  # the letters of mana symbols ({B/P}, {2/W}, {X}), the same in every language


WRITTEN_ALIKE = frozenset({"mana"})  # Italian words that are the English ones, whose stems are another word's ("mano": hand)


def _alike(word: str) -> str | None:
    """The English term of an Italian word written as the English one ("costo di mana": "mana",
    not the "hand" of "mano", whose stem it shares), else None."""
    return analysis.term(word, "en") if analysis.fold(word) in WRITTEN_ALIKE else None


def _neutral(term: str) -> bool:
    """A term written alike in every language: a number ("valore di mana 3" says what "mana
    value 3" does), or the letter of a mana symbol."""
    return term.isdigit() or term in _SYMBOLS


def reading(text: str, lang: str) -> tuple[Sentence, ...]:
    """Each sentence of ``text`` with its content and its negations."""
    return tuple(Sentence(s, content(s, lang), negations(s, lang), lang=lang) for s in sentences(text))


def _best(translations):
    glossary = [t for t in translations if t.source == "glossary"]
    return (glossary or list(translations) or [None])[0]


def windows(sentences: tuple[Sentence, ...]) -> list[Sentence]:
    """Each sentence, and each pair of neighbouring ones (a claim may take two sentences)."""
    out = list(sentences)
    for first, second in zip(sentences, sentences[1:]):
        out.append(Sentence(f"{first.text} {second.text}", first.content | second.content,
                            first.negations + second.negations, single=False, lang=first.lang,
                            parts=(first.text, second.text)))
    return out
