"""What keeps the server answering: a time budget per request, a bound on requests computing at
once, an allow-list of Host names, HEAD without bodies, and the time spent shown to clients.

- ``budgeted(handler, lane)``: the handler runs in a worker thread, at most CONCURRENT at once
  in its lane (card lookups, whose name matching may take long on a large catalog, have their own,
  so a flood of them never holds up a search; costly searches, one at a time, have theirs); past
  BUDGET seconds the client gets 503 JSON with ``Retry-After`` (the work finishes in the
  background: every query is bounded, so it ends soon).
- ``HostAllowList``: a request whose ``Host`` is not an allowed name gets 400 JSON: a page on
  another site cannot reach a loopback server through DNS rebinding.
- ``ServerTiming``: every response says how long the server took (``Server-Timing: app;dur=ms``).
"""

from __future__ import annotations

import asyncio
import functools
import re
import time
import weakref
from typing import Callable

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response

from kb.errors import KbError
from kb.web.responses import json_response

BUDGET = 10.0  # seconds a request may compute before the client is answered 503
CONCURRENT = 4  # requests computing at once per lane, the others queue in order: more threads only fight for the interpreter lock (plain-search p99 under bench/load.py --adversarial: 371 ms with 32 for all)
CAPACITY = {"heavy": 1}  # lanes with another bound: costly queries compute one at a time
RETRY_AFTER = 2  # seconds, in a 503's Retry-After
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")

# per event loop (a limiter belongs to the loop it was made in; tests run servers one after another)
_limiters: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, anyio.CapacityLimiter]]" = (
    weakref.WeakKeyDictionary())


class Overloaded(KbError):
    """A request took longer than the server's time budget."""

    http_status = 503
    headers = {"Retry-After": str(RETRY_AFTER)}


def _capacity(lane: str) -> anyio.CapacityLimiter:
    lanes = _limiters.setdefault(asyncio.get_running_loop(), {})
    if lane not in lanes:  # made on first use, inside the server's event loop
        lanes[lane] = anyio.CapacityLimiter(CAPACITY.get(lane, CONCURRENT))
    return lanes[lane]


HEAVY_CHARS = 200  # a query longer than this runs in the heavy lane
HEAVY_CARD = re.compile(r"(?:^|[\s(])-?card:(?:\"[^\"]{0,2}\"|[^\s\")]{0,2}(?=[\s)]|$))", re.IGNORECASE)


def search_lane(request: Request) -> str:
    """The lane of a search: "heavy" for the queries whose cost may be large (long ones, a
    ``card:`` value of one or two letters that stands for many cards, a regular expression),
    one at a time, so that they never queue ahead of the quick ones; else "other"."""
    query = request.query_params.get("q", "")
    if len(query) > HEAVY_CHARS or HEAVY_CARD.search(query) or "re:" in query.lower():
        return "heavy"
    return "other"


def budgeted(handler: Callable[[Request], Response], lane: str | Callable[[Request], str] = "other") -> Callable:
    """An async endpoint running ``handler`` in a worker thread of its lane (a name, or a function
    of the request giving one), within the time budget."""

    @functools.wraps(handler)
    async def endpoint(request: Request) -> Response:
        limiter = _capacity(lane(request) if callable(lane) else lane)
        try:
            with anyio.fail_after(BUDGET):
                return await anyio.to_thread.run_sync(handler, request, abandon_on_cancel=True, limiter=limiter)
        except TimeoutError:
            raise Overloaded(f"the request took over {BUDGET:g} s; try again, or ask for less") from None

    return endpoint


def head_light(handler: Callable[[Request], Response], media_type: str = "application/json") -> Callable:
    """A HEAD request gets the headers, checked parameters and no body, without the work of one."""

    @functools.wraps(handler)
    def endpoint(request: Request) -> Response:
        if request.method == "HEAD":
            return Response(b"", media_type=media_type)
        return handler(request)

    return endpoint


class HostAllowList:
    """ASGI middleware: only requests for an allowed Host name are served."""

    def __init__(self, app, allowed: tuple[str, ...] = LOOPBACK_NAMES):
        self.app = app
        self.allowed = {name.lower() for name in allowed}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        host = dict(scope.get("headers", ())).get(b"host", b"").decode("latin-1").lower()
        if host_name(host) not in self.allowed:
            response = json_response({"error": f"host {host!r} is not served here; kb serve --allow-host NAME adds "
                                               "a name (when kb is behind a proxy)"}, 400)  # fmt: skip
            return await response(scope, receive, send)
        return await self.app(scope, receive, send)


def host_name(host: str) -> str:
    """The name in a Host header, without its port: ``[::1]:8080`` → ``[::1]``."""
    if host.startswith("["):
        return host[: host.index("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


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
