"""How a ruling's sentence reads a known phrasing (kb.checks.polarity): straight, turned over by
its negations, or in doubt."""

from __future__ import annotations

import pytest

from kb.checks.meaning import reading, windows
from kb.checks.polarity import Known, polarity_of

STAYS = "A goaded creature stays goaded after it attacks."
NO_LONGER = "A goaded creature doesn't stay goaded after it attacks."


def _known(polarity: int, text: str) -> Known:
    return Known("goad.stays", polarity, text, reading(text, "en")[0])


@pytest.mark.parametrize(
    "ruling, polarity, phrasing, read",
    [
        (STAYS, +1, STAYS, (+1, False)),  # worded alike: the phrasing's polarity
        (NO_LONGER, -1, NO_LONGER, (-1, False)),
        (NO_LONGER, +1, STAYS, (-1, True)),  # a true ruling negated: denied
        (STAYS, -1, NO_LONGER, None),  # a false ruling negated is no true one: no evidence
    ],
)  # fmt: skip
def test_a_ruling_reads_a_phrasing_straight_or_turned_over(ruling, polarity, phrasing, read):
    assert polarity_of(reading(ruling, "en")[0], _known(polarity, phrasing)) == read


BEFORE_SPELL = "Prowess goes on the stack above the spell that caused it to trigger, and it resolves before that spell."
WINDOW = "Prowess goes on the stack on top of the spell that caused it to trigger. It will resolve before that spell."


@pytest.mark.parametrize(
    "ruling, phrasing, read",
    [
        ("Prowess resolves before the spell that caused it to trigger.", BEFORE_SPELL, (+1, False)),
        ("Prowess resolves after the spell that caused it to trigger.", BEFORE_SPELL, (-1, True)),  # the order reversed
        ("The spell that caused it to trigger resolves after prowess.", BEFORE_SPELL, (+1, False)),  # "after" said the other way
        ("Prowess resolves after the spell that caused it to trigger.", WINDOW, (-1, True)),  # against a window of two
        ("Prowess resolves before the spell that caused it to trigger.", WINDOW, (+1, False)),
        ("Prowess never resolves after the spell that caused it to trigger.", WINDOW, None),  # reversed and negated: in doubt
        ("Prowess doesn't resolve after the spell that caused it to trigger.", BEFORE_SPELL, None),  # reversed and negated: in doubt
    ],
)  # fmt: skip
def test_an_order_said_the_other_way_round_turns_a_phrasing_over(ruling, phrasing, read):
    known = Known("triggered.cast_trigger_independent", +1, phrasing, [w for w in windows(reading(phrasing, "en"))][-1])
    assert polarity_of(reading(ruling, "en")[0], known) == read
