"""Bringing an index up to date before opening it: nothing when it is fresh (the common case,
which imports no ingest code), a first build when there is none, a rebuild when its sources or
vocabularies changed (``kb.index.freshness`` decides, ``kb.index.build`` builds)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.index import freshness
from kb.errors import KbError
from kb.index.generations import Location

if TYPE_CHECKING:  # the report of a build; a fresh index (the common case) imports no ingest code
    from kb.ingest.report import Report


@dataclass
class Freshness:
    """What ``refresh`` did: nothing, a first build, or a rebuild (with its report)."""

    built: bool = False
    reason: str = ""
    report: Report | None = None
    notices: tuple = ()


def refresh(location: Location) -> Freshness:
    """Build the index if there is none; rebuild it if its sources or vocabularies changed."""
    verdict = freshness.check(location)
    notices = (*location.notices, *verdict.notices)
    if verdict.paths is None:
        if verdict.stamps:
            _restamp(location, verdict)
        return Freshness(notices=notices)
    from kb.index.build import ingest_into

    try:
        report = ingest_into(location, verdict.paths, verdict.names)
    except PermissionError:
        if location.current() is None:
            raise
        return Freshness(notices=(*notices, f"the index at {location.path} is stale ({verdict.reason.replace('rebuilt the index', 'to rebuild')}) "
                                  "but can't be written here; using it as it is"))  # fmt: skip
    return Freshness(True, verdict.reason, report, notices)


def _restamp(location: Location, verdict: freshness.Verdict) -> None:
    """Record the new times of sources touched but unchanged, if the index can be written now
    (else the next check reads them again: slower, never wrong)."""
    try:
        with location.writer(wait=False):
            gen = location.current()
            if gen is not None and gen.path.name == verdict.generation:
                gen.restamp(verdict.stamps)
    except (KbError, OSError):
        pass
