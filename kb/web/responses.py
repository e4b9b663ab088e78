"""Responses: the headers every answer carries, JSON and page responses, export file names."""

from __future__ import annotations

import re

from starlette.responses import HTMLResponse, JSONResponse

from kb.export.formats import FORMATS
from kb.text.analysis import fold

HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
PAGE_HEADERS = {
    **HEADERS,
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
}
def json_response(data, status: int = 200, headers: dict | None = None) -> JSONResponse:
    return JSONResponse(data, status, headers={**HEADERS, **(headers or {})})


def html_response(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status, headers=PAGE_HEADERS)


def export_filename(filters: dict, fmt: str) -> str:
    """``kb-rulings-tag-goad-lang-it.yaml``: ASCII letters, digits and dashes only."""
    parts = ["kb-rulings"]
    for name, value in filters.items():
        slug = re.sub(r"[^a-z0-9]+", "-", fold(value).lower()).strip("-")[:40]
        parts.append(f"{name}-{slug}" if slug else name)
    return "-".join(parts) + "." + FORMATS[fmt].extension
