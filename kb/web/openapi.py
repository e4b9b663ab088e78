"""The OpenAPI 3.1 description of ``kb serve``, served at ``/openapi.json``.

Parameters come from ``kb.web.params`` (the rows the handlers parse requests with); the
endpoints, their responses and the schemas of their bodies are the tables below. The tests check
that every route is described and that every status an endpoint answers with is listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb import __version__, records
from kb.export.formats import FORMATS
from kb.web import params as P

JSON = "application/json"
HTML = "text/html"

ERRORS = {
    400: "A bad query (with the `position` of the problem), a bad filter or parameter value (with the `parameter`).",
    404: "No such card (with `suggestions`), ruling, check or path.",
    405: "The method is not GET (or HEAD).",
}
CARD_FILTER_404 = "A `card` filter, or `card:` in the query, names no card (with `suggestions`)."


@dataclass(frozen=True)
class Endpoint:
    path: str
    summary: str
    params: tuple
    ok: str  # the schema (or "html", or "export") of a 200 response
    errors: dict  # status -> description
    tag: str = "api"


def _errors(*statuses: int, **overrides: str) -> dict:
    return {status: overrides.get(f"e{status}", ERRORS[status]) for status in statuses}


ENDPOINTS = (
    Endpoint("/api/search", "Search rulings in Italian and English, best first.", P.SEARCH, "SearchResults",
             _errors(400, 404, e404=CARD_FILTER_404)),
    Endpoint("/api/cards/{name}", "A card's rulings in both languages (typos forgiven).", P.CARD, "CardRulings",
             _errors(400, 404, e400="The name is too long.", e404="No card has this name (with `suggestions`).")),
    Endpoint("/api/rulings/{id}", "One ruling, with its checks expanded and its rule numbers.", P.RULING,
             "RulingDetail", _errors(404, e404="No ruling has this id, or the prefix is ambiguous.")),
    Endpoint("/api/rulings/{id}/check", "Run the checks of a ruling.", P.RULING, "CheckRun",
             _errors(404, e404="No ruling has this id, or the prefix is ambiguous.")),
    Endpoint("/api/tags", "The tag vocabulary with rulings per language.", (), "Tags", {}),
    Endpoint("/api/export", "A ruling set as a file to download (stable order: card, date, id).", P.EXPORT,
             "export", _errors(400, 404, e404=CARD_FILTER_404)),
    Endpoint("/openapi.json", "This description.", (), "OpenAPI", {}),
    Endpoint("/", "The search page; with `q`, the results rendered on the server.", P.PAGE_SEARCH, "html",
             _errors(400, 404, e404=CARD_FILTER_404), "pages"),
    Endpoint("/cards/{name}", "A card page: Italian and English rulings side by side.", P.CARD, "html",
             _errors(400, 404, e400="The name is too long.", e404="No card has this name (with `suggestions`)."),
             "pages"),
    Endpoint("/rulings/{id}", "A ruling page with its checks and a button that runs them.", P.PAGE_RULING, "html",
             _errors(400, 404, e400="A `run` value other than `checks`.",
                     e404="No ruling has this id, or the prefix is ambiguous."), "pages"),
    Endpoint("/tags", "The tag vocabulary with export links per tag.", (), "html", {}, "pages"),
)  # fmt: skip


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _strings() -> dict:
    return {"type": "array", "items": {"type": "string"}}


def _langs_text() -> dict:
    return {"type": "object", "properties": {"it": {"type": "string"}, "en": {"type": "string"}}, "additionalProperties": False}


def _langs() -> dict:
    return {"type": "object", "properties": {"it": {"type": "integer"}, "en": {"type": "integer"}}}


def schemas() -> dict:
    record = records.json_schema()
    hit = {"allOf": [_ref("Record"), {"type": "object", "properties": {
        "score": {"type": "number"},
        "snippet": {"type": "string", "description": "Escaped HTML: the best part of the text, with <mark> around matches."},
        "also": {"type": "integer", "description": "How many more matching rulings share this text."},
        "also_cards": {**_strings(), "description": "The first of their cards (up to 10)."},
        "translation": {**_ref("Record"), "description": "Its counterpart in the other language, when paired."},
    }}], "unevaluatedProperties": False}  # fmt: skip
    check = {"type": "object", "required": ["id"], "properties": {
        "id": {"type": "string"}, "title": {"type": "string"}, "rules": _strings(),
        "claim": {"type": "string", "description": "The claim the check encodes."},
        **records.LINK_SCHEMA["properties"],
        "error": {"type": "string", "description": "Only when the id names no registered check."},
    }}  # fmt: skip
    result = {"type": "object", "properties": {
        "id": {"type": "string"}, "message": {"type": "string"},
        "passed": {"type": ["boolean", "null"], "description": "The model agrees with what the ruling says; null when the link is undetermined."},
        "polarity": records.LINK_SCHEMA["properties"]["polarity"], "rules": _strings(), "title": {"type": "string"},
    }}  # fmt: skip
    return {
        "Record": record,
        "Hit": hit,
        "SearchResults": {"type": "object", "required": ["query", "total", "results"], "properties": {
            "query": {"type": "string"},
            "total": {"type": "integer", "description": "Matching texts (rulings with all_cards=true)."},
            "results": {"type": "array", "items": _ref("Hit")},
            "notes": {**_strings(), "description": "What the search did: corrections, expansions."},
            "did_you_mean": {"type": "string", "description": "The query with its misspelled words corrected."},
        }, "additionalProperties": False},
        "Card": {"type": "object", "required": ["key", "names", "written", "rulings"], "properties": {
            "key": {"type": "string"}, "names": {"type": "object"}, "written": _strings(), "rulings": {"type": "integer"},
            "facts": {"type": "object", "description": "The card as printed, where an ingested MTGJSON or Scryfall "
                      "file says: mana_cost, type and text per language.", "properties": {
                "mana_cost": {"type": "string"}, "type": _langs_text(), "text": _langs_text()},
                "additionalProperties": False},
        }, "additionalProperties": False},
        "CardRulings": {"type": "object", "required": ["query", "card", "total", "results"], "properties": {
            "query": {"type": "string"}, "card": _ref("Card"), "total": {"type": "integer"},
            "results": {"type": "array", "items": _ref("Record")},
            "others": {**_strings(), "description": "Other cards the name could mean."},
        }, "additionalProperties": False},
        "CheckInfo": check,
        "RulingDetail": {"allOf": [_ref("Record"), {"type": "object", "required": ["check_details", "translation"],
                                                   "properties": {
            "check_details": {"type": "array", "items": _ref("CheckInfo")},
            "translation": {"anyOf": [_ref("Record"), {"type": "null"}],
                            "description": "Its counterpart in the other language, when one was paired with it."},
        }}], "unevaluatedProperties": False},
        "CheckResult": result,
        "CheckRun": {"type": "object", "required": ["id", "passed", "results"], "properties": {
            "id": {"type": "string"},
            "passed": {"type": ["boolean", "null"], "description": "All passed; null when the ruling has no check, or only undetermined ones."},
            "results": {"type": "array", "items": _ref("CheckResult")},
            "no_check": {"type": "string"},
        }},
        "Tags": {"type": "array", "items": {"type": "object", "properties": {
            "id": {"type": "string"}, "kind": {"type": "string"}, "rules": _strings(),
            "label": {"type": "object"}, "forms": {"type": "object"},
            "not": {"type": "object", "description": "Contexts that cancel a match, per language."},
            "with": {"type": "object", "description": "Words that must also occur, per language."},
            "symbols": {**_strings(), "description": "Symbols that say the tag wherever they are written ({S}: snow mana)."},
            "labels_it": {**_strings(), "description": "Every Italian label printed on cards."},
            "evidence": {"type": "object", "description": "How many card lines gave the Italian label."},
            "comment": {"type": "string"},
            "counts": {**_langs(), "description": "Rulings with the tag, per language."},
            "linked": {**_langs(), "description": "Of those, the rulings linked to a check."},
        }}},
        "OpenAPI": {"type": "object"},
        "Error": {"type": "object", "required": ["error"], "properties": {
            "error": {"type": "string"},
            "position": {"type": "integer", "description": "Where in the query the problem is (0-based)."},
            "parameter": {"type": "string", "description": "The parameter with a bad value."},
            "suggestions": {**_strings(), "description": "The closest names."},
        }},
    }  # fmt: skip


def _parameter(param: P.Param) -> dict:
    data = {"name": param.name, "in": param.where, "required": param.required or param.where == "path",
            "description": param.description, "schema": param.schema()}  # fmt: skip
    if param.example is not None:
        data["example"] = param.example
    return data


def _ok(endpoint: Endpoint) -> dict:
    if endpoint.ok == "html":
        return {"description": "An HTML page.", "content": {HTML: {"schema": {"type": "string"}}}}
    if endpoint.ok == "export":
        content = {f.media_type: {"schema": {"type": "string"}} for f in FORMATS.values()}
        headers = {"Content-Disposition": {"schema": {"type": "string"}, "description": 'attachment; filename="kb-rulings-….yaml"'}}
        return {"description": f"The file, in the chosen format ({', '.join(FORMATS)}).", "content": content, "headers": headers}
    return {"description": "OK", "content": {JSON: {"schema": _ref(endpoint.ok)}}}


def _error(description: str, page: bool) -> dict:
    content = {JSON: {"schema": _ref("Error")}}
    if page:
        content[HTML] = {"schema": {"type": "string"}}
        description += " A browser (Accept: text/html) gets an error page."
    return {"description": description, "content": content}


def _operation(endpoint: Endpoint) -> dict:
    page = endpoint.tag == "pages"
    responses = {"200": _ok(endpoint)}
    for status, description in {**endpoint.errors, 405: ERRORS[405]}.items():
        responses[str(status)] = _error(description, page)
    return {
        "summary": endpoint.summary,
        "tags": [endpoint.tag],
        "parameters": [_parameter(p) for p in endpoint.params],
        "responses": responses,
    }


def describe() -> dict:
    """The OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "kb",
            "version": __version__,
            "description": "Magic: The Gathering card rulings in Italian and English: search, cards, rulings and "
            "their executable rule checks, tags, exports. Every error is JSON {\"error\": ...} with its status.",
        },
        "paths": {e.path: {"get": _operation(e)} for e in ENDPOINTS},
        "components": {"schemas": schemas()},
    }
