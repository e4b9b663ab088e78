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

import socket
import sys
import threading
import time
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Iterator

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

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
from kb.web.live import SharedStore
from kb.web.views import page_card, page_ruling, page_search, page_tags

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WEB = Path(__file__).resolve().parent

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


class ServerTiming:
    """ASGI middleware: each response says how long the server took to make it
    (``Server-Timing: app;dur=<ms>``), so clients and benchmarks see the time spent inside."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.perf_counter()

        async def timed(message):
            if message["type"] == "http.response.start":
                duration = f"app;dur={(time.perf_counter() - start) * 1000:.2f}".encode()
                message = {**message, "headers": [*message.get("headers", []), (b"server-timing", duration)]}
            await send(message)

        await self.app(scope, receive, timed)


def create_app(location: Location) -> Starlette:
    """The kb web app over the index at ``location`` (IndexMissing when there is none)."""
    store = open_store(location)
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
        middleware=[Middleware(ServerTiming)],
    )
    app.state.kb = live
    return app


def run(location: Location, host: str = "127.0.0.1", port: int = 8080) -> None:
    """Serve kb with uvicorn until interrupted (loopback only unless ``host`` says otherwise)."""
    app = create_app(location)
    if host not in LOOPBACK:
        print(f"kb: serving on {host}: anyone who can reach it can read the index (there is no login)", file=sys.stderr)
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False)


@contextmanager
def serve_in_thread(app: Starlette, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``app`` on a free port of ``host`` in a background thread; yields its base URL."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # accepted sockets inherit it
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
