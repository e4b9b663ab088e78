"""Every error kb reports to a user, in one hierarchy.

Each class carries its exit code (the CLI's ``main`` turns any of them into a message and that
code) and its HTTP status (the server's one error handler answers with it), and ``payload()``
gives the JSON body: ``{"error": message, ...}`` with what the user needs to mend the request.
Nothing else in kb defines an exception a user can meet.
"""

from __future__ import annotations


class KbError(Exception):
    """Base of every error kb reports to a user (never a traceback)."""

    exit_code = 1
    http_status = 500

    def payload(self) -> dict:
        """The JSON body of this error: at least ``{"error": message}``."""
        return {"error": str(self)}


# --- bad input ----------------------------------------------------------------------------------


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


class RulesFileError(KbError):
    """The Comprehensive Rules file is missing, unreadable or holds no rules."""


# --- bad requests -------------------------------------------------------------------------------


class UsageError(KbError):
    """A request kb cannot read: exit 2, HTTP 400."""

    exit_code = 2
    http_status = 400


class QueryError(UsageError):
    """A malformed query; ``position`` is the 0-based character offset of the problem."""

    def __init__(self, query: str, position: int, message: str):
        self.query, self.position, self.message = query, position, message
        super().__init__(f"{message} (at position {position})")

    def pointer(self, width: int = 120) -> str:
        """The query with a caret under the offending character, clipped around it."""
        start = max(0, self.position - width // 2)
        shown = self.query[start : start + width]
        prefix = "..." if start else ""
        return f"  {prefix}{shown}\n  {' ' * (len(prefix) + self.position - start)}^"

    def payload(self) -> dict:
        return {"error": self.message, "position": self.position}


class OptionError(UsageError):
    """A bad value for a search option or filter (lang, tag, card, since, until)."""

    def __init__(self, option: str, message: str):
        self.option, self.message = option, message
        super().__init__(f"--{option}: {message}")

    def payload(self) -> dict:
        return {"error": f"{self.option}: {self.message}", "parameter": self.option}


class BadParameter(UsageError):
    """A request parameter with a value the server does not accept; ``parameter`` names it."""

    def __init__(self, parameter: str, message: str):
        self.parameter, self.message = parameter, f"{parameter}: {message}"
        super().__init__(self.message)

    def payload(self) -> dict:
        return {"error": self.message, "parameter": self.parameter}


class UnknownTag(UsageError):
    """A tag id that the vocabulary does not define."""


# --- nothing found ------------------------------------------------------------------------------


class NotFound(KbError):
    """Nothing has this name or id: exit 1, HTTP 404; ``suggestions`` holds the closest ones."""

    http_status = 404
    suggestions: tuple | None = None  # None: this kind of error makes no suggestions

    def __init__(self, message: str, suggestions: list[str] | None = None):
        self.message = message
        self.suggestions = tuple(suggestions) if suggestions is not None else None
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(message + hint)

    def payload(self) -> dict:
        """The message without the "did you mean" (the suggestions are a list of their own)."""
        body = {"error": self.message}
        if self.suggestions is not None:
            body["suggestions"] = list(self.suggestions)
        return body


class UnknownCard(NotFound):
    """No card matches a name; ``suggestions`` holds the closest names."""

    def __init__(self, name: str, suggestions: list[str]):
        self.name = name
        super().__init__(f"no card named {name!r}", suggestions)


class UnknownRuling(NotFound):
    """No ruling has this id (or the prefix is ambiguous)."""


class UnknownCheck(NotFound):
    """No check has this id; ``suggestions`` holds the closest ids."""

    def __init__(self, check_id: str, suggestions: list[str]):
        self.check_id = check_id
        super().__init__(f"no check with id {check_id!r}", suggestions)


# --- the index ----------------------------------------------------------------------------------


class IndexMissing(KbError):
    """There is no index at the location and nothing to build it from."""

    http_status = 503


class IndexBusy(KbError):
    """Another ingest is writing the index (and this one was asked not to wait)."""

    http_status = 503


class IndexDamaged(KbError):
    """The index is damaged and no generation of it is whole: it must be rebuilt."""

    http_status = 503
