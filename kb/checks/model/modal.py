"""The modes chosen for a modal spell as it is cast (700.2, 601.2b): a card whose text says
"Choose two —" of four modes has the keyword "choose: 2 of 4", and exactly two different modes,
numbered from 1, are chosen. A copy of the spell has the same modes (707.10; kb.checks.model.copies)."""

from __future__ import annotations

import re
from typing import Sequence

from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import Obj

_CHOOSE = re.compile(r"choose: (\d+) of (\d+)")


def chosen(card: Obj, modes: Sequence[int]) -> tuple[int, ...]:
    """The modes ``modes`` chosen for ``card``, checked against its "choose: K of N" (700.2)."""
    asked = next((m for m in map(_CHOOSE.fullmatch, card.keywords) if m), None)
    if asked is None:
        if modes:
            raise IllegalAction(f"{card.id} is not modal: no mode can be chosen for it (700.2)")
        return ()
    count, of = int(asked.group(1)), int(asked.group(2))
    if len(set(modes)) != count or len(modes) != count or not all(1 <= m <= of for m in modes):
        raise IllegalAction(f"{card.id} asks for {count} different mode(s) of its {of}, not {list(modes)} (700.2, 601.2b)")
    return tuple(modes)
