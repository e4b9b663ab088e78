"""How a sentence of a ruling reads a known phrasing of a claim: with the phrasing's polarity,
turned over by the ruling's negations, or in doubt (kb.checks.meaning reads both).

    stays, no_longer = "A goaded creature stays goaded after it attacks.", "... doesn't stay goaded ..."
    polarity_of(<no_longer>, Known("goad.stays", +1, stays, ...)) -> (-1, True): turned over, denied
    polarity_of(<stays>, Known("goad.stays", -1, no_longer, ...)) -> None: a false ruling turned
        over is no true one
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

from kb.checks.meaning import Sentence, clause_texts, content, reversed_order
from kb.checks.registration import DENIED
from kb.text import analysis

CROSSED = 2  # clauses negated against the phrasing's from which a reading that keeps its polarity is in doubt (no link)


@dataclass(frozen=True, slots=True)
class Known:
    """A known phrasing of a claim: one sentence, or a window of two."""

    claim: str
    polarity: int  # +1: states the claim; -1: denies it
    text: str
    sentence: Sentence


def polarity_of(window: Sentence, known: Known) -> tuple[int, bool] | None:
    """How a ruling's ``window`` reads a known phrasing's claim: (polarity, turned over by its negations?), or None."""
    single = window.single and known.sentence.single  # negations of a window of two don't line up
    # a window's negations don't line up with a sentence's, but an order put the other way round
    # does ("prowess resolves after the spell" against "... It will resolve before that spell."),
    # unless the negations differ too ("never resolves after"): then what it says is in doubt
    flipped = turned_over(window, known.sentence) if single else reversed_order(window, known.sentence)
    if flipped and not single and negations_apart(window, known.sentence) % 2:
        return None
    # turned over, a false ruling is no true one ("it stops only spells" against "it doesn't stop
    # cycling"); a negation it lacks or adds in no clause of its own that matches is no evidence
    if flipped and (known.polarity == DENIED or negations_apart(window, known.sentence) % 2 and not crossed(window, known.sentence, both=False)):
        return None
    if single and not flipped and crossed(window, known.sentence) >= CROSSED:
        return None  # negations that cancel out but sit in other clauses: what it asserts is in doubt
    return (-known.polarity if flipped else known.polarity), flipped


def turned_over(said: Sentence, known: Sentence) -> bool:
    """Whether ``said`` says the opposite of ``known``: it holds an odd number of negations more
    or fewer ("doesn't stop being goaded" against "stays goaded"), or, with the same parity, a
    clause of it puts a word of a group of opposites (kb/vocab/opposites.yaml) where the clause
    of ``known`` it is most alike has another of that group ("cast from the graveyard" against
    "cast from exile"), or it puts two terms in the opposite order (``reversed_order``); an odd
    number of those, counted together, says the opposite. A contrast (``contrasts``: "to exile,
    not to the graveyard", "exile instead of the graveyard") is one of those when ``known`` says
    the word it denies and not the one it affirms; its negation counts in neither sentence."""
    ours, known_contrasts = contrasts(said), contrasts(known)
    theirs = [known_contrasts[k][0] if k in known_contrasts else clause.content for k, clause in enumerate(known.clauses)]
    whole = frozenset().union(*theirs) if known_contrasts else known.content  # what it says, its contrasts' denied words apart
    said_words = frozenset().union(*(a | d for a, d in ours.values()))
    opposed = int(reversed_order(said, known))
    opposed += sum(1 for affirmed, words in ours.values() if not whole & affirmed and whole & words)
    for k, clause in enumerate(said.clauses):
        mine = clause.content - said_words
        best = max(theirs, key=lambda other: _alike(mine, other), default=None)
        if k not in ours and best is not None and mine & best:
            opposed += _opposed(mine, best, whole)
    return (negations_apart(said, known) + opposed) % 2 == 1


def negations_apart(said: Sentence, known: Sentence) -> int:
    """How many negations more ``said`` holds than ``known``, those of contrasts (``contrasts``)
    left out: "goes to exile, not to the graveyard" holds none."""
    return said.negations - len(contrasts(said)) - known.negations + len(contrasts(known))


_NOTHING: frozenset = frozenset()
INSTEAD = re.compile(r"\b(?:instead of|rather than|not|invece (?:di|del|della|dello|dei|degli|delle|dell'|che)|anzich[eé]|piuttosto che|non)\b", re.I)


@lru_cache(maxsize=20_000)
def contrasts(sentence: Sentence) -> dict[int, tuple[frozenset, frozenset]]:
    """The negated clauses of a sentence (by their places in ``clauses``) that contrast a word of
    a group of opposites (kb/vocab/opposites.yaml) with another of that group, each with the
    words of the group it affirms and those it denies: of a clause that another clause, not
    negated, says the other word of, that one's word ("it goes to exile, not to the graveyard";
    "va in esilio, non nel cimitero": exile, graveyard); of one that says both, what it says
    before "instead of" ("rather than", "invece di", "anziché") and after ("you exile it instead
    of putting it into your graveyard")."""
    parts, texts = sentence.clauses, clause_texts(sentence.text, sentence.lang)
    found: dict[int, tuple[frozenset, frozenset]] = {}
    for k, clause in enumerate(parts):
        for group in opposites() if clause.negated else ():
            mine = clause.content & group
            other = frozenset().union(*(o.content & group for o in parts if o is not clause and not o.negated)) - mine
            if mine and other:
                found[k] = (other, mine)
                break
            cut = INSTEAD.search(texts[k]) if len(mine) > 1 and len(texts) == len(parts) else None
            before = content(texts[k][: cut.start()], sentence.lang) & group if cut else _NOTHING
            after = content(texts[k][cut.end():], sentence.lang) & group - before if cut else _NOTHING
            if before and after:
                found[k] = (before, after)
                break
    return found


def crossed(said: Sentence, known: Sentence, both: bool = True) -> int:
    """How many clauses of either sentence are negated where the clause of the other they are
    most alike is not, or the other way round: two or more, even when the counts of negations
    agree, leave what ``said`` asserts in doubt ("a goaded creature that loses all its
    abilities no longer has to attack" against "goad is not an ability: it must attack even if
    it loses all abilities"). ``both`` False: the clauses of ``said`` only (where its own
    negations sit)."""
    count = 0
    pairs = ((said.clauses, known.clauses), (known.clauses, said.clauses)) if both else ((said.clauses, known.clauses),)
    for ours, theirs in pairs:
        for clause in ours:
            shared = [len(clause.content & other.content) for other in theirs]
            most = max(shared, default=0)
            if most < 2:
                continue  # a clause sharing one word ("once goaded") is no evidence either way
            nearest = {other.negated for other, n in zip(theirs, shared) if n == most}
            if nearest == {not clause.negated}:  # (nearest clauses negated both ways: no evidence)
                count += 1
    return count


def _alike(ours: frozenset, theirs: frozenset) -> tuple[int, float]:
    """How alike two clauses are: the content they share, then the share of all their content."""
    shared = len(ours & theirs)
    return shared, shared / (len(ours | theirs) or 1)


def _opposed(ours: frozenset, theirs: frozenset, whole: frozenset) -> bool:
    """One clause says a word of a group of opposites (kb/vocab/opposites.yaml), the other
    another word of that group, and the other's sentence (``whole``) none of the first's
    ("from exile, not from your graveyard" is turned over by its negation, not by "exile")."""
    for group in opposites():
        mine, other = ours & group, theirs & group
        if mine and other and not mine & whole:
            return True
    return False


@lru_cache(maxsize=1)
def opposites() -> tuple[frozenset, ...]:
    text = resources.files("kb").joinpath("vocab/opposites.yaml").read_text(encoding="utf-8")
    groups = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["groups"]
    return tuple(frozenset(t for word in group for t in analysis.terms(word, "en")) for group in groups)
