"""The parameters of each endpoint, as data: handlers parse requests with these rows and the
OpenAPI description lists them, so the two cannot drift apart.

Every value is optional unless ``required``; an empty value (``?lang=``, as a form sends it)
counts as absent. Bad values raise ``BadParameter``, which the server answers with 400.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from kb.errors import BadParameter
from kb.export.formats import FORMATS
from kb.search.fields import field_names

MAX_LIMIT = 100
MAX_OFFSET = 100_000
MAX_CARD_NAME = 200  # the longest printed card name has 141 characters
_INTEGER = re.compile(r"[+-]?\d{1,12}")
BOOLEANS = {"true": True, "1": True, "yes": True, "on": True, "false": False, "0": False, "no": False, "off": False}


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width] + "…"


@dataclass(frozen=True)
class Param:
    """One parameter: where it is read from, its type and the values it takes."""

    name: str
    description: str
    kind: str = "string"  # or "integer", "boolean"
    where: str = "query"  # or "path"
    required: bool = False
    default: object = None
    minimum: int | None = None
    maximum: int | None = None
    enum: tuple[str, ...] = ()
    max_length: int | None = None
    example: str | None = None

    def parse(self, raw: str | None):
        """The value of ``raw`` (None or "" when absent); BadParameter names what is wrong."""
        if raw is None or raw == "":
            if self.required:
                raise BadParameter(self.name, "required; " + self.description[0].lower() + self.description[1:])
            return self.default
        if self.max_length is not None and len(raw) > self.max_length:
            raise BadParameter(self.name, f"at most {self.max_length} characters (got {len(raw)})")
        if self.enum and raw not in self.enum:
            raise BadParameter(self.name, f"{_clip(raw)!r} is not one of {', '.join(self.enum)}")
        if self.kind == "integer":
            return self._integer(raw)
        if self.kind == "boolean":
            if raw.lower() not in BOOLEANS:
                raise BadParameter(self.name, f"{_clip(raw)!r} is not one of {', '.join(BOOLEANS)}")
            return BOOLEANS[raw.lower()]
        return raw

    def _integer(self, raw: str) -> int:
        bounds = f"a whole number from {self.minimum} to {self.maximum}"
        if not _INTEGER.fullmatch(raw.strip()):
            raise BadParameter(self.name, f"{_clip(raw)!r} is not {bounds}")
        value = int(raw)
        if not self.minimum <= value <= self.maximum:
            raise BadParameter(self.name, f"{value} is not {bounds}")
        return value

    def schema(self) -> dict:
        """The JSON Schema of the parameter's value, for the OpenAPI description."""
        schema: dict = {"type": self.kind}
        for key, value in (("default", self.default), ("minimum", self.minimum), ("maximum", self.maximum),
                           ("maxLength", self.max_length)):  # fmt: skip
            if value is not None:
                schema[key] = value
        if self.enum:
            schema["enum"] = list(self.enum)
        return schema


def parse(params: tuple[Param, ...], query: Mapping[str, str], path: Mapping[str, str] | None = None) -> dict:
    """The values of ``params`` read from a request's query string and path; a parameter
    given more than once is a BadParameter (which one was meant?)."""
    for param in params:
        given = query.getlist(param.name) if hasattr(query, "getlist") else []
        if len(given) > 1:
            raise BadParameter(param.name, f"given {len(given)} times; give it once")
    return {p.name: p.parse((path or {}).get(p.name) if p.where == "path" else query.get(p.name)) for p in params}


FILTER_NAMES = ("lang", "tag", "card", "since", "until")
FILTERS = (
    Param("lang", "Only rulings in this language: it or en (also italiano, english).", example="it"),
    Param("tag", "Only rulings with this tag: an id from /api/tags or any of its forms (battibaleno).",
          example="split_second"),
    Param("card", "Only rulings of this card, by Italian or English name (partial or misspelled).",
          example="Sudden Substitution"),
    Param("since", "Only rulings from this date: YYYY, YYYY-MM, YYYY-MM-DD or DD/MM/YYYY.", example="2019"),
    Param("until", "Only rulings up to this date (the end of a year or month).", example="2021-03"),
)  # fmt: skip
QUERY = Param(
    "q",
    f"The query: words, \"phrases\", {field_names()} -negation, OR.",
    required=True,
    example="split second",
)
LIMIT = Param("limit", "At most this many results.", "integer", default=10, minimum=1, maximum=MAX_LIMIT)
OFFSET = Param("offset", "Skip this many results (for the next page).", "integer", default=0, minimum=0,
               maximum=MAX_OFFSET)  # fmt: skip
ALL_CARDS = Param("all_cards", "true: every matching ruling; by default one per text, with the cards that share it.",
                  "boolean", default=False)  # fmt: skip
SAFE = Param("safe", "false: CSV cells are written as they are, even those a spreadsheet would run as a formula "
             "(=, +, -, @); by default such cells are prefixed with an apostrophe.", "boolean", default=True)  # fmt: skip
UNIQUE = Param("unique", "true: one ruling per text (the same ruling on many cards is written once).", "boolean",
               default=False)  # fmt: skip
FORMAT = Param("format", "The file format of the export.", default="yaml", enum=tuple(FORMATS))
CARD_NAME = Param("name", "A card name, Italian or English, partial or misspelled.", where="path", required=True,
                  max_length=MAX_CARD_NAME, example="Sostituzione Improvvisa")  # fmt: skip
RULING_ID = Param("id", "A ruling id, or a unique prefix of at least 4 characters.", where="path", required=True,
                  example="kkhkaul43h2h")  # fmt: skip
RUN = Param("run", "run=checks: run the ruling's checks and show their results (without JavaScript).",
            enum=("checks",))  # fmt: skip

SEARCH = (QUERY, *FILTERS, LIMIT, OFFSET, ALL_CARDS)
EXPORT_FILTERS = ("tag", "lang", "card", "since", "until")  # as ``kb export`` names them in a file
EXPORT = (*sorted(FILTERS, key=lambda p: EXPORT_FILTERS.index(p.name)), FORMAT, UNIQUE, SAFE)
CARD = (CARD_NAME,)
RULING = (RULING_ID,)
# The search page: the query is optional (no query shows the form and the help); pages of 20.
PAGE_SEARCH = (Param("q", QUERY.description, example=QUERY.example), *FILTERS, OFFSET, ALL_CARDS)
PAGE_RULING = (RULING_ID, RUN)
