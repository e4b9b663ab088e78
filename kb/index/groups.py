"""Runs of equal values in arrays: each value's group number, the first element of each group
(what ``np.unique`` gives, without the import of ``numpy.ma`` its first use makes)."""

from __future__ import annotations

import numpy as np


def group_numbers(values: np.ndarray) -> np.ndarray:
    """Each value's number among the distinct values, in sorted order (what ``np.unique``'s
    inverse gives, without the import of ``numpy.ma`` it makes on first use: 10 ms of every
    one-off search)."""
    order, starts = _runs(values)
    numbers = np.empty(len(values), dtype=np.int32)
    numbers[order] = np.cumsum(starts) - 1
    return numbers


def first_of_each(groups: np.ndarray) -> np.ndarray:
    """The positions of the first element of each group, in order of position."""
    order, starts = _runs(groups)
    return np.sort(order[starts])


def _runs(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The order that sorts ``values`` (stable), and where each run of equal values starts in it."""
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    starts = np.ones(len(values), dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    return order, starts
