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
from functools import lru_cache
from typing import Callable

WINDOW = 30  # results reordered; beyond them the order is the score's
ALIKE = 0.7  # the share of words two texts have in common (Jaccard) from which they are near-duplicates
WAIT = 2  # how many places a near-duplicate moves down (at most: the others may be near-duplicates too)

_WORD = re.compile(r"\w+")


@lru_cache(maxsize=4096)
def words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.lower()))


def alike(a: frozenset, b: frozenset) -> float:
    """The share of their words two texts have in common."""
    if not a or not b:
        return 0.0
    shared = len(a & b)
    return shared / (len(a) + len(b) - shared)


def spread(ranked: list, text_of: Callable[[object], str], need: int | None = None) -> list:
    """``ranked`` (best first) with each near-duplicate of an item placed above it moved down by
    up to ``WAIT`` places, within the first ``WINDOW``; the rest as it was. Given ``need``, only
    the first ``need`` items are sure to be in their places (the texts of the rest are not read:
    the order is made from the top, so the first ``need`` are the same either way)."""
    head, tail = ranked[:WINDOW], ranked[WINDOW:]
    if len(head) < 2:
        return list(ranked)
    seen: dict[int, frozenset] = {}

    def text_words(k: int) -> frozenset:
        if k not in seen:
            seen[k] = words(text_of(head[k]))
        return seen[k]

    out: list[int] = []  # positions in ``head``
    waiting: list[tuple[int, int]] = []  # (position in head, place in ``out`` from which it may come back)
    for k in range(len(head)):
        while waiting and len(out) >= waiting[0][1]:
            out.append(waiting.pop(0)[0])
        if need is not None and len(out) >= need:
            break
        if any(alike(text_words(k), text_words(j)) >= ALIKE for j in out):
            waiting.append((k, len(out) + WAIT))
        else:
            out.append(k)
    else:
        out.extend(k for k, _ in waiting)
        waiting = []
    placed = set(out)
    rest = [k for k, _ in waiting] + [k for k in range(len(head)) if k not in placed and k not in dict(waiting)]
    return [head[k] for k in out + rest] + tail
