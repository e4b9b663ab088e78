"""The HTTP protocol kb serves with: uvicorn's h11 protocol, plus a limit on the time a client
may take to send a request's headers (uvicorn has none), so idle or slow connections that
never finish a request are closed instead of held forever."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds from a connection (or the end of the last response) to a request's headers


class HeaderTimeoutProtocol(H11Protocol):
    _headers_due: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._expect_headers()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._in_request():
            self._cancel()
        elif self._headers_due is None:
            self._expect_headers()  # a request begun after a kept-alive one gets the same time

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._cancel()

    def connection_lost(self, exc) -> None:
        self._cancel()
        super().connection_lost(exc)

    def _in_request(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete

    def _expect_headers(self) -> None:
        self._headers_due = self.loop.call_later(HEADER_TIMEOUT, self._headers_late)

    def _cancel(self) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None

    def _headers_late(self) -> None:
        self._headers_due = None
        if not self._in_request() and not self.transport.is_closing():
            self.transport.close()
