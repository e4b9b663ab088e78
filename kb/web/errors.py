"""The one place where an exception becomes a response: ``{"error": ...}`` with the status the
exception carries (kb.errors) for the API, an error page for a browser; 500 for anything else,
with the details in the server log only."""

from __future__ import annotations

import logging

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from kb.errors import KbError
from kb.text.vocabulary import vocabulary
from kb.web import components, pages
from kb.web.html import esc
from kb.web.responses import html_response, json_response

log = logging.getLogger("kb.serve")

def error_body(exc: Exception) -> tuple[int, dict]:
    """The status and ``{"error": ...}`` body for an exception (500 for anything unexpected)."""
    if isinstance(exc, HTTPException):
        return exc.status_code, {"error": exc.detail}
    if not isinstance(exc, KbError):
        return 500, {"error": "internal error; the server log has the details"}
    return exc.http_status, exc.payload()


def wants_page(request: Request) -> bool:
    """Browsers asking for a page get an error page; API clients and the API get JSON."""
    path = request.url.path
    api = path.startswith("/api/") or path == "/openapi.json"
    return not api and "text/html" in request.headers.get("accept", "")


def _error_page(request: Request, status: int, body: dict) -> str:
    if status >= 500:  # no templates, no library: whatever broke is not asked to show it
        return f"<!doctype html><title>Error {status}</title><h1>Error {status}</h1><p>{esc(body['error'])}</p>"
    return pages.error_page(status, body, components.form_from(request.query_params), vocabulary())


async def handle_exception(request: Request, exc: Exception) -> Response:
    status, body = error_body(exc)
    if status >= 500:
        log.error("%s %s: %s", request.method, request.url.path, body["error"], exc_info=exc)
    if wants_page(request):
        return html_response(_error_page(request, status, body), status)
    headers = getattr(exc, "headers", None)
    return json_response(body, status, headers)
