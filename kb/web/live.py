"""The live index of a server: opened once, shared by every request, reopened when a build
publishes a new generation (each request compares the live generation with the open one: one
small file read), and the old one closed once the requests still using it are done."""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Callable, TypeVar

from starlette.requests import Request

from kb.index.generations import Location
from kb.index.store import Store

log = logging.getLogger("kb.serve")
T = TypeVar("T")


class _Handle:
    """One open store and the requests using it; closed once retired and unused."""

    def __init__(self, store: Store):
        self.store = store
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
        self._seen: tuple | None = None  # the pointer file last found naming the open generation

    @property
    def generation(self):
        return self._handle.store.generation

    def call(self, fn: Callable[..., T], *args) -> T:
        """``fn(store, *args)`` on the live store."""
        handle = self._enter()
        try:
            return fn(handle.store, *args)
        finally:
            self._leave(handle)

    def refresh(self) -> None:
        """Open the live generation if a build replaced the open one (cheap when none did: one
        ``stat`` of the pointer, which a build replaces by renaming, so its inode changes)."""
        try:
            info = os.stat(self.location.path / "CURRENT")
            seen = (info.st_ino, info.st_mtime_ns, info.st_size)
        except OSError:
            seen = None
        if seen is not None and seen == self._seen:
            return
        live = self.location.current()
        if live is not None and live.path == self.generation.path:
            self._seen = seen  # the pointer names the open generation: nothing to do until it changes
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
            handle.store.close()


def shared(request: Request) -> SharedStore:
    return request.app.state.kb
