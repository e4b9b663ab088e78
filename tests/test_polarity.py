"""How a ruling's sentence reads a known phrasing (kb.checks.polarity): straight, turned over by
its negations, or in doubt."""

from __future__ import annotations

import pytest

from kb.checks.meaning import reading
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
