"""The exceptions kb raises. The CLI turns each into a message and an exit code in one place."""

from __future__ import annotations


class KbError(Exception):
    """Base of every error kb reports to a user (never a traceback)."""

    exit_code = 1


class ParseError(KbError):
    """A problem in an input file, located at ``path:line``."""

    def __init__(self, path: str, line: int, message: str):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{self.path}:{line}: {message}")


class IngestError(KbError):
    """An ingest that cannot go on (a missing path; --strict with errors)."""


class StrictFailure(IngestError):
    """--strict and the ingest found errors: the index was left as it was."""

    def __init__(self, report):
        self.report = report
        super().__init__(f"{len(report.errors)} error(s) with --strict; the index was not changed")


class QueryError(KbError):
    """A malformed query; ``position`` is the 0-based character offset of the problem."""

    exit_code = 2

    def __init__(self, query: str, position: int, message: str):
        self.query, self.position, self.message = query, position, message
        super().__init__(f"{message} (at position {position})")

    def pointer(self, width: int = 120) -> str:
        """The query with a caret under the offending character, clipped around it."""
        start = max(0, self.position - width // 2)
        shown = self.query[start : start + width]
        prefix = "..." if start else ""
        return f"  {prefix}{shown}\n  {' ' * (len(prefix) + self.position - start)}^"


class UnknownCard(KbError):
    """No card matches a name; ``suggestions`` holds the closest names."""

    def __init__(self, name: str, suggestions: list[str]):
        self.name, self.suggestions = name, suggestions
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"no card named {name!r}{hint}")


class UnknownRuling(KbError):
    """No ruling has this id (or the prefix is ambiguous)."""


class UnknownTag(KbError):
    """A tag id that the vocabulary does not define."""

    exit_code = 2


class IndexMissing(KbError):
    """There is no index at the location and nothing to build it from."""
