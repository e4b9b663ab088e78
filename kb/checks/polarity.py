"""How a sentence of a ruling reads a known phrasing of a claim: with the phrasing's polarity,
turned over by the ruling's negations, or in doubt (kb.checks.meaning reads both).

    stays, no_longer = "A goaded creature stays goaded after it attacks.", "... doesn't stay goaded ..."
    polarity_of(<no_longer>, Known("goad.stays", +1, stays, ...)) -> (-1, True): turned over, denied
    polarity_of(<stays>, Known("goad.stays", -1, no_longer, ...)) -> None: a false ruling turned
        over is no true one
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.checks.meaning import Sentence, crossed, reversed_order, turned_over
from kb.checks.registration import DENIED

CROSSED = 2  # clauses negated against the phrasing's from which a reading that keeps its polarity is in doubt (no link)


@dataclass(frozen=True)
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
    if flipped and not single and (window.negations - known.sentence.negations) % 2:
        return None
    # turned over, a false ruling is no true one ("it stops only spells" against "it doesn't stop
    # cycling"); a negation it lacks or adds in no clause of its own that matches is no evidence
    if flipped and (known.polarity == DENIED or (window.negations - known.sentence.negations) % 2 and not crossed(window, known.sentence, both=False)):
        return None
    if single and not flipped and crossed(window, known.sentence) >= CROSSED:
        return None  # negations that cancel out but sit in other clauses: what it asserts is in doubt
    return (-known.polarity if flipped else known.polarity), flipped
