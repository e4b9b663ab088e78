"""kb over HTTP: a JSON API and a small web page over the same library calls as the CLI.

``create_app(location)`` opens the index once (it never builds one: ``kb serve`` refreshes it
first, as the other commands do) and returns a Starlette app; ``run(host, port, index_dir)``
serves it with uvicorn on loopback by default. ``serve_in_thread(app)`` runs it in the
background (tests, benchmarks).

API (JSON; the records are the CLI's JSON contract)::

    GET /api/search?q=&lang=&tag=&card=&since=&until=&limit=&offset=
    GET /api/cards/{name}          GET /api/rulings/{id}        GET /api/rulings/{id}/check
    GET /api/tags                  GET /api/export?tag=&lang=&card=&since=&until=&format=
    GET /openapi.json

Pages: ``/`` (search; ``/?q=...`` renders results on the server), ``/cards/{name}``,
``/rulings/{id}``, ``/tags``. kb.web.errors turns every exception into a response.
"""

from __future__ import annotations

import gc
import socket
import sys
import threading
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Iterator

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kb.checks.registration import registry
from kb.errors import KbError
from kb.index.generations import Location
from kb.index.store import open_store
from kb.web.api import (
    api_card,
    api_export,
    api_openapi,
    api_ruling,
    api_ruling_check,
    api_search,
    api_tags,
)
from kb.web.errors import handle_exception
from kb.web.guard import LOOPBACK_NAMES, HostAllowList, ServerTiming, budgeted, head_light, search_lane
from kb.web.live import SharedStore
from kb.web.server import HeaderTimeoutProtocol
from kb.web.views import page_card, page_ruling, page_search, page_tags

LOOPBACK = ("127.0.0.1", "localhost", "::1")
KEEP_ALIVE = 5  # seconds an idle kept-alive connection stays open
GRACE = 3  # seconds requests still running get after SIGTERM
SWITCH_INTERVAL = 0.001  # s: worker threads hand the interpreter lock back to the event loop sooner
GC_THRESHOLD = (700, 10, 10_000)  # young passes as usual; a full pass after 10,000 (not 10) middle ones
# (Python's default, 5 ms, let a few computing threads hold up every response being written)
WEB = Path(__file__).resolve().parent

def _json(handler, lane="other"):
    return budgeted(head_light(handler), lane)


def _page(handler, lane="other"):
    return budgeted(head_light(handler, "text/html"), lane)


ROUTES = [
    Route("/api/search", _json(api_search, search_lane)),
    Route("/api/cards/{name:path}", _json(api_card, "cards")),
    Route("/api/rulings/{id}/check", _json(api_ruling_check)),
    Route("/api/rulings/{id}", _json(api_ruling)),
    Route("/api/tags", _json(api_tags)),
    Route("/api/export", budgeted(api_export)),  # HEAD: checks the parameters, renders nothing
    Route("/openapi.json", _json(api_openapi)),
    Route("/", _page(page_search, search_lane)),
    Route("/cards/{name:path}", _page(page_card, "cards")),
    Route("/rulings/{id}", _page(page_ruling)),
    Route("/tags", _page(page_tags)),
    Mount("/static", StaticFiles(directory=WEB / "static"), name="static"),
]


def create_app(location: Location, allowed_hosts: tuple[str, ...] = ()) -> Starlette:
    """The kb web app over the index at ``location`` (IndexMissing when there is none),
    answering requests for the loopback names and ``allowed_hosts``."""
    store = open_store(location)
    store.catalog.warm()
    registry()  # the claims, parsed once before the first request needs them
    store.tag_rows()
    gc.freeze()  # the long-lived tables just built: out of the collector's full passes (shorter pauses)
    # a long-lived server: young passes at the usual pace, but a full pass (over every cached ruling
    # and posting list, tens of milliseconds while the caches fill) seldom; kb.entry sets a command's
    gc.set_threshold(*GC_THRESHOLD)
    live = SharedStore(location, store)

    @asynccontextmanager
    async def lifespan(app):
        yield
        live.close()

    app = Starlette(
        routes=ROUTES,
        exception_handlers={KbError: handle_exception, HTTPException: handle_exception, Exception: handle_exception},
        lifespan=lifespan,
        middleware=[Middleware(ServerTiming), Middleware(HostAllowList, allowed=(*LOOPBACK_NAMES, *allowed_hosts))],
    )
    app.state.kb = live
    return app


def run(location: Location, host: str = "127.0.0.1", port: int = 8080, allowed_hosts: tuple[str, ...] = ()) -> None:
    """Serve kb with uvicorn until interrupted (loopback only unless ``host`` says otherwise)."""
    app = create_app(location, (*allowed_hosts, *(() if host in LOOPBACK else (host,))))
    if host not in LOOPBACK:
        print(f"kb: serving on {host}: anyone who can reach it can read the index (there is no login)", file=sys.stderr)
    sys.setswitchinterval(SWITCH_INTERVAL)
    uvicorn.run(app, **server_options(host, port))


def server_options(host: str, port: int | None = None) -> dict:
    """uvicorn's settings: slow or idle clients time out, SIGTERM ends the server within seconds."""
    return {"host": host, **({"port": port} if port is not None else {}), "log_level": "info", "server_header": False,
            "timeout_keep_alive": KEEP_ALIVE, "timeout_graceful_shutdown": GRACE, "http": HeaderTimeoutProtocol}


@contextmanager
def serve_in_thread(app: Starlette, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``app`` on a free port of ``host`` in a background thread; yields its base URL."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # accepted sockets inherit it
    sock.bind((host, 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, **{**server_options(host), "log_level": "warning"}))
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
