"""kb over HTTP: a JSON API and a small web page over the same library calls as the CLI.

``create_app(location)`` opens the index once (building it first when needed, like the CLI) and
returns a Starlette app; ``run(host, port, index_dir)`` serves it with uvicorn on loopback by
default. ``serve_in_thread(app)`` runs it in the background (tests, benchmarks).

API (JSON; the records are the CLI's JSON contract)::

    GET /api/search?q=&lang=&tag=&card=&since=&until=&limit=&offset=
    GET /api/cards/{name}          GET /api/rulings/{id}        GET /api/rulings/{id}/check
    GET /api/tags                  GET /api/export?tag=&lang=&card=&since=&until=&format=
    GET /openapi.json

Pages: ``/`` (search; ``/?q=...`` renders results on the server), ``/cards/{name}``,
``/rulings/{id}``, ``/tags``. ``handle_exception`` is the one place where an exception becomes a
response: ``{"error": ...}`` with its status for the API, an error page for a browser.

A build publishes a new index generation; each request compares the live generation with the
one open (one small file read) and reopens when it changed, closing the old store once the
requests still using it are done. Whoosh readers share file objects, so the queries on one store
run one at a time (the GIL would serialise most of the work anyway).
"""

from __future__ import annotations

import logging
import re
import socket
import sys
import threading
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Callable, Iterator, TypeVar

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import checks
from .analysis import fold
from .errors import IndexMissing, KbError, QueryError, UnknownCard, UnknownRuling, UnknownTag
from .export import render as render_export
from .index import Location
from .records import Ruling
from .search import OptionError, Results, card_rulings, option_filters, search, select
from .store import Store, open_store
from .vocabulary import vocabulary
from .web import openapi, pages
from .web import params as P
from .web.params import BadParameter

log = logging.getLogger("kb.serve")
LOOPBACK = ("127.0.0.1", "localhost", "::1")
T = TypeVar("T")
WEB = Path(__file__).resolve().parent / "web"

# --- the shared store -------------------------------------------------------------------------


class _Handle:
    """One open store and the requests using it; closed once retired and unused."""

    def __init__(self, store: Store):
        self.store = store
        self.lock = threading.Lock()  # one query at a time: Whoosh readers share file objects
        self.users = 0
        self.retired = False
        self.closed = False


class SharedStore:
    """The open index, shared by every request, reopened when a build publishes a new one."""

    def __init__(self, location: Location, store: Store):
        self.location = location
        self._handle = _Handle(store)
        self._guard = threading.Lock()  # the current handle and the users counts
        self._reopening = threading.Lock()  # one reopen at a time; others use the old store
        self._unopenable: Path | None = None

    @property
    def generation(self):
        return self._handle.store.generation

    def call(self, fn: Callable[..., T], *args) -> T:
        """``fn(store, *args)`` on the live store."""
        handle = self._enter()
        try:
            with handle.lock:
                return fn(handle.store, *args)
        finally:
            self._leave(handle)

    def refresh(self) -> None:
        """Open the live generation if a build replaced the open one (cheap when none did)."""
        live = self.location.current()
        if live is None or live.path in (self.generation.path, self._unopenable):
            return
        if not self._reopening.acquire(blocking=False):
            return  # another request is opening it; this one is served by the old store
        try:
            if live.path == self.generation.path:
                return
            try:
                fresh = Store(live)
                fresh.catalog.warm()
            except Exception:  # a half-copied or vanished generation: keep serving the old one
                log.warning("cannot open the index at %s; still serving %s", live.path, self.generation.path, exc_info=True)
                self._unopenable = live.path
                return
            with self._guard:
                old, self._handle = self._handle, _Handle(fresh)
                old.retired = True
            log.info("now serving the index at %s", live.path)
            self._release(old, leaving=False)
        finally:
            self._reopening.release()

    def close(self) -> None:
        with self._guard:
            self._handle.retired = True
        self._release(self._handle, leaving=False)

    def _enter(self) -> _Handle:
        self.refresh()
        with self._guard:
            handle = self._handle
            handle.users += 1
            return handle

    def _leave(self, handle: _Handle) -> None:
        self._release(handle, leaving=True)

    def _release(self, handle: _Handle, leaving: bool) -> None:
        """Count a request out of ``handle``; close it if it is retired and no longer used."""
        with self._guard:
            handle.users -= leaving
            idle = handle.retired and handle.users == 0 and not handle.closed
            handle.closed = handle.closed or idle
        if idle:
            with handle.lock:
                handle.store.close()


def shared(request: Request) -> SharedStore:
    return request.app.state.kb


# --- library calls as JSON --------------------------------------------------------------------


def search_payload(results: Results) -> dict:
    """``Results.to_dict()`` plus each result's snippet as escaped HTML with ``<mark>``."""
    data = results.to_dict()
    for item, hit in zip(data["results"], results.hits):
        item["snippet"] = str(pages.snippet_html(hit.snippet))
    return data


def card_payload(name: str, found, records: list[Ruling], others) -> dict:
    return {
        "query": name,
        "card": found.to_dict(),
        "total": len(records),
        "results": [r.to_dict() for r in records],
        "others": [card.display for card in others],
    }


def check_info(check_id: str) -> dict:
    """A linked check as the API shows it (an id the registry lacks says so, never a 500)."""
    try:
        found = checks.get(check_id)
    except checks.UnknownCheck as err:
        return {"id": check_id, "error": str(err)}
    return {"id": found.id, "title": found.title, "rules": list(found.rules), "claim": found.claim}


def ruling_detail(store: Store, ruling_id: str) -> dict:
    """A ruling (by id or unique prefix) with its checks expanded; its rule numbers are in
    ``rules`` and the reason it has no check in ``no_check``."""
    record = store.get(ruling_id)
    return {
        **record.to_dict(),
        "check_details": [check_info(c) for c in record.checks],
        "translation": (lambda t: t.to_dict() if t else None)(store.translation(record)),
    }


_CHECKS_LOCK = threading.Lock()  # checks build rules-model scenarios; run them one at a time


def _run_check(check_id: str) -> dict:
    try:
        return checks.run(check_id).to_dict()
    except checks.UnknownCheck as err:
        return {"id": check_id, "passed": False, "message": str(err), "rules": [], "title": check_id}


def check_run(detail: dict) -> dict:
    """Run a ruling's checks: ``passed`` is whether all passed (null when it has none)."""
    with _CHECKS_LOCK:
        results = [_run_check(c) for c in detail["checks"]]
    run = {"id": detail["id"], "passed": all(r["passed"] for r in results) if results else None, "results": results}
    if detail.get("no_check"):
        run["no_check"] = detail["no_check"]
    return run


def tag_rows(stats: dict) -> list[dict]:
    """The vocabulary, each tag with its rulings per language and those linked to a check."""
    counts, linked = stats.get("tags", {}), stats.get("tags_linked", {})

    def per_lang(table: dict | None) -> dict:
        return {lang: (table or {}).get(lang, 0) for lang in ("it", "en")}

    return [{**tag.to_dict(), "counts": per_lang(counts.get(tag.id)), "linked": per_lang(linked.get(tag.id))}
            for tag in vocabulary()]  # fmt: skip


def _filters(values: dict) -> list:
    return option_filters(**{name: values[name] for name in P.FILTER_NAMES})


# --- responses --------------------------------------------------------------------------------

HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
PAGE_HEADERS = {
    **HEADERS,
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
}
MEDIA_TYPES = {
    "yaml": "application/yaml",
    "json": "application/json",
    "jsonl": "application/jsonl",
    "csv": "text/csv",
    "md": "text/markdown",
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
    return "-".join(parts) + "." + fmt


# --- errors: the one place an exception becomes a response ------------------------------------

STATUS: tuple[tuple[type, int], ...] = (
    (QueryError, 400),
    (OptionError, 400),
    (BadParameter, 400),
    (UnknownTag, 400),
    (UnknownCard, 404),
    (UnknownRuling, 404),
    (checks.UnknownCheck, 404),
    (IndexMissing, 503),
)


def error_body(exc: Exception) -> tuple[int, dict]:
    """The status and ``{"error": ...}`` body for an exception (500 for anything unexpected)."""
    if isinstance(exc, HTTPException):
        return exc.status_code, {"error": exc.detail}
    if not isinstance(exc, KbError):
        return 500, {"error": "internal error; the server log has the details"}
    status = next((code for kind, code in STATUS if isinstance(exc, kind)), 500)
    body: dict = {"error": str(exc)}
    if isinstance(exc, QueryError):
        body = {"error": exc.message, "position": exc.position}
    elif isinstance(exc, BadParameter):
        body = {"error": exc.message, "parameter": exc.parameter}
    elif isinstance(exc, OptionError):
        body = {"error": f"{exc.option}: {exc.message}", "parameter": exc.option}
    elif isinstance(exc, (UnknownCard, checks.UnknownCheck)):
        body["suggestions"] = list(exc.suggestions)
    return status, body


def wants_page(request: Request) -> bool:
    """Browsers asking for a page get an error page; API clients and the API get JSON."""
    path = request.url.path
    api = path.startswith("/api/") or path == "/openapi.json"
    return not api and "text/html" in request.headers.get("accept", "")


def _error_page(request: Request, status: int, body: dict) -> str:
    if status >= 500:  # no templates, no library: whatever broke is not asked to show it
        return f"<!doctype html><title>Error {status}</title><h1>Error {status}</h1><p>{body['error']}</p>"
    return pages.error_page(status, body, pages.form_from(request.query_params), vocabulary())


async def handle_exception(request: Request, exc: Exception) -> Response:
    status, body = error_body(exc)
    if status >= 500:
        log.error("%s %s: %s", request.method, request.url.path, body["error"], exc_info=exc)
    if wants_page(request):
        return html_response(_error_page(request, status, body), status)
    headers = getattr(exc, "headers", None) if isinstance(exc, HTTPException) else None
    return json_response(body, status, headers)


# --- API endpoints ----------------------------------------------------------------------------


def api_search(request: Request) -> Response:
    values = P.parse(P.SEARCH, request.query_params)
    filters = _filters(values)
    results = shared(request).call(search, values["q"], filters, values["limit"], values["offset"])
    return json_response(search_payload(results))


def api_card(request: Request) -> Response:
    name = P.parse(P.CARD, {}, request.path_params)["name"]
    found, records, others = shared(request).call(card_rulings, name)
    return json_response(card_payload(name, found, records, others))


def api_ruling(request: Request) -> Response:
    ruling_id = P.parse(P.RULING, {}, request.path_params)["id"]
    return json_response(shared(request).call(ruling_detail, ruling_id))


def api_ruling_check(request: Request) -> Response:
    ruling_id = P.parse(P.RULING, {}, request.path_params)["id"]
    return json_response(check_run(shared(request).call(ruling_detail, ruling_id)))


def api_tags(request: Request) -> Response:
    return json_response(tag_rows(shared(request).call(lambda store: store.stats)))


def api_export(request: Request) -> Response:
    values = P.parse(P.EXPORT, request.query_params)
    records = shared(request).call(select, _filters(values))
    described = {name: values[name] for name in P.EXPORT_FILTERS if values[name]}  # as `kb export`
    fmt = values["format"]
    disposition = f'attachment; filename="{export_filename(described, fmt)}"'
    return Response(render_export(records, fmt, described), media_type=MEDIA_TYPES[fmt],
                    headers={**HEADERS, "Content-Disposition": disposition})  # fmt: skip


def api_openapi(request: Request) -> Response:
    return json_response(openapi.describe())


# --- pages ------------------------------------------------------------------------------------


def page_search(request: Request) -> Response:
    values = P.parse(P.PAGE_SEARCH, request.query_params)
    form = pages.form_from(request.query_params)
    if not values["q"]:
        _filters(values)  # a bad filter is reported even before a query is typed
        return html_response(pages.search_page(form, vocabulary()))
    results = shared(request).call(search, values["q"], _filters(values), pages.PAGE_SIZE, values["offset"])
    return html_response(pages.search_page(form, vocabulary(), results, values["offset"]))


def page_card(request: Request) -> Response:
    name = P.parse(P.CARD, {}, request.path_params)["name"]
    found, records, others = shared(request).call(card_rulings, name)
    return html_response(pages.card_page(found, records, others, vocabulary()))


def page_ruling(request: Request) -> Response:
    values = P.parse(P.PAGE_RULING, request.query_params, request.path_params)
    detail = shared(request).call(ruling_detail, values["id"])
    run = check_run(detail) if values["run"] == "checks" else None
    return html_response(pages.ruling_page(detail, vocabulary(), run))


def page_tags(request: Request) -> Response:
    rows = tag_rows(shared(request).call(lambda store: store.stats))
    return html_response(pages.tags_page(rows, vocabulary()))


ROUTES = [
    Route("/api/search", api_search),
    Route("/api/cards/{name:path}", api_card),
    Route("/api/rulings/{id}/check", api_ruling_check),
    Route("/api/rulings/{id}", api_ruling),
    Route("/api/tags", api_tags),
    Route("/api/export", api_export),
    Route("/openapi.json", api_openapi),
    Route("/", page_search),
    Route("/cards/{name:path}", page_card),
    Route("/rulings/{id}", page_ruling),
    Route("/tags", page_tags),
    Mount("/static", StaticFiles(directory=WEB / "static"), name="static"),
]


# --- the app and the server -------------------------------------------------------------------


def create_app(location: Location) -> Starlette:
    """The kb web app over the index at ``location`` (built from ``data/`` first if there is
    none, as the CLI does; IndexMissing when there is nothing to build it from)."""
    store, freshness = open_store(location)
    store.catalog.warm()
    live = SharedStore(location, store)

    @asynccontextmanager
    async def lifespan(app):
        yield
        live.close()

    app = Starlette(
        routes=ROUTES,
        exception_handlers={KbError: handle_exception, HTTPException: handle_exception, Exception: handle_exception},
        lifespan=lifespan,
    )
    app.state.kb = live
    app.state.freshness = freshness
    return app


def _notices(app: Starlette) -> None:
    freshness = app.state.freshness
    if freshness.built:
        print(f"kb: {freshness.reason} ({freshness.report.summary()})", file=sys.stderr)
    for notice in freshness.notices:
        print(f"kb: {notice}", file=sys.stderr)


def run(host: str = "127.0.0.1", port: int = 8080, index_dir: str | Path | None = None) -> None:
    """Serve kb with uvicorn until interrupted (loopback only unless ``host`` says otherwise)."""
    app = create_app(Location(index_dir))
    _notices(app)
    if host not in LOOPBACK:
        print(f"kb: serving on {host}: anyone who can reach it can read the index (there is no login)", file=sys.stderr)
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False)


@contextmanager
def serve_in_thread(app: Starlette, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``app`` on a free port of ``host`` in a background thread; yields its base URL."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", server_header=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="kb-serve")
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the server did not start")
            thread.join(0.01)
        yield f"http://{host}:{port}" if ":" not in host else f"http://[{host}]:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
