"""Progress of a long ingest, as bytes of input read, reported from wherever the reading
happens (the main process or a build worker) to whoever shows it.

Readers call ``advance(n)`` as they consume input; ``use(sink)`` decides where it goes (nowhere
by default): a worker adds it to a counter shared with the main process, which shows it.
"""

from __future__ import annotations

from typing import Callable

_sink: Callable[[int], None] | None = None


def use(sink: Callable[[int], None] | None) -> None:
    global _sink
    _sink = sink


def advance(nbytes: int) -> None:
    if _sink is not None and nbytes:
        _sink(nbytes)


class Counting:
    """A binary file that reports the bytes read from it (``counts=False``: a file read through
    another, such as gzip over the counted compressed file, closing both)."""

    def __init__(self, raw, counts: bool = True, inner=None):
        self._raw, self._counts, self._inner = raw, counts, inner

    @classmethod
    def around(cls, outer, inner: "Counting") -> "Counting":
        return cls(outer, counts=False, inner=inner)

    def read(self, size: int = -1) -> bytes:
        data = self._raw.read(size)
        if self._counts:
            advance(len(data))
        return data

    def readinto(self, buffer) -> int:
        count = self._raw.readinto(buffer)
        if self._counts:
            advance(count or 0)
        return count

    def close(self) -> None:
        self._raw.close()
        if self._inner is not None:
            self._inner.close()

    def __getattr__(self, name):
        return getattr(self._raw, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
