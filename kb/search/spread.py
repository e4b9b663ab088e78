"""Near-duplicates wait their turn: the first results of a ranked search reordered so that a text
almost the same as one already shown above ("Electropotence is the source of the ability…" and
"Warstorm Surge is the source of the ability…": one rule written on two cards) comes a few places
later, and a different answer gets its place near the top.

Identical texts are one result already (kb.search.run collapses them); this is for the rulings
that say the same thing in the words of another card. Only the first ``WINDOW`` results are
reordered, always the same way for the same results, so pages stay consistent.
"""

from __future__ import annotations

import re
from typing import Callable

WINDOW = 30  # results reordered; beyond them the order is the score's
ALIKE = 0.7  # the share of words two texts have in common (Jaccard) from which they are near-duplicates
WAIT = 2  # how many places a near-duplicate moves down (at most: the others may be near-duplicates too)

_WORD = re.compile(r"\w+")


def words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.lower()))


def alike(a: frozenset, b: frozenset) -> float:
    """The share of their words two texts have in common."""
    if not a or not b:
        return 0.0
    shared = len(a & b)
    return shared / (len(a) + len(b) - shared)


def spread(ranked: list, text_of: Callable[[object], str]) -> list:
    """``ranked`` (best first) with each near-duplicate of an item placed above it moved down by
    up to ``WAIT`` places, within the first ``WINDOW``; the rest as it was."""
    head, tail = ranked[:WINDOW], ranked[WINDOW:]
    if len(head) < 2:
        return list(ranked)
    seen = [words(text_of(item)) for item in head]
    out: list[int] = []  # positions in ``head``
    waiting: list[tuple[int, int]] = []  # (position in head, place in ``out`` from which it may come back)
    for k in range(len(head)):
        while waiting and len(out) >= waiting[0][1]:
            out.append(waiting.pop(0)[0])
        if any(alike(seen[k], seen[j]) >= ALIKE for j in out):
            waiting.append((k, len(out) + WAIT))
        else:
            out.append(k)
    out.extend(k for k, _ in waiting)
    return [head[k] for k in out] + tail
