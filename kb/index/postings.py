"""A Whoosh term's postings read as arrays (document numbers and frequencies), a block at a time."""

from __future__ import annotations

import numpy as np
from whoosh.codec.whoosh3 import W3LeafMatcher


def posting_blocks(matcher):
    """(document numbers, frequencies) of a Whoosh matcher's postings, as arrays, a block at a
    time: a W3 leaf matcher's blocks are decoded by numpy (its ids are stored as deltas), which
    reads a common term's postings several times faster than a posting at a time; any other
    matcher (one that leaves out deleted documents, say) is walked a posting at a time."""
    if type(matcher) is not W3LeafMatcher or matcher._byteids or not hasattr(matcher, "_data"):
        ids, freqs = [], []
        while matcher.is_active():
            ids.append(matcher.id())
            freqs.append(matcher.weight())
            matcher.next()
        yield np.array(ids, dtype=np.int64), np.array(freqs, dtype=np.float32)
        return
    while matcher.is_active():
        if matcher._data is None:
            matcher._read_data()
        deltas, weights = matcher._data[0], matcher._data[1]
        count = matcher._blocklength
        ids = np.cumsum(np.asarray(deltas, dtype=np.int64))
        if weights is None:
            freqs = np.ones(count, dtype=np.float32)
        elif isinstance(weights, float):
            freqs = np.full(count, weights, dtype=np.float32)
        else:
            freqs = np.asarray(weights, dtype=np.float32)
        start = matcher._i
        yield ids[start:], freqs[start:]
        matcher._next_block()
