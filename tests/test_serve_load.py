"""A bounded load on a real server on loopback: 600 requests, 16 at a time, a mix over the API
(searches, cards, rulings, checks, tags), with no errors; and the same while the index is rebuilt.
No timing assertions: ``bench/load.py`` runs the same load and prints the figures."""

from __future__ import annotations

import importlib.util
import sys
import threading

import pytest

from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.web.app import create_app, serve_in_thread

from .conftest import NAMES, ROOT, SOURCES


def _bench():
    spec = importlib.util.spec_from_file_location("kb_bench_load", ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


load = _bench()


def test_six_hundred_mixed_and_hostile_requests_sixteen_at_a_time(bundled_index):
    """bench/load.py's adversarial mix: hostile requests get 4xx at worst, the others 200."""
    with serve_in_thread(create_app(bundled_index)) as base_url:
        requests = load.plan(base_url, 600, seed=1, adversarial=True)
        stats = load.run(base_url, requests, concurrency=16)
    assert {kind for kind, _ in requests} == {"search", "card", "ruling", "check", "tags", "hostile"}
    assert len(stats.outcomes) == 600
    assert [(o.status, o.url, o.error) for o in stats.errors] == []
    summary = stats.summary()
    print(f"\nload: {summary}")
    assert summary["errors"] == 0 and summary["status_5xx"] == 0 and summary["requests"] == 600


def test_load_while_the_index_is_rebuilt(tmp_path):
    location = Location(tmp_path / "index")
    ingest_into(location, SOURCES, NAMES)
    first = location.current().path
    app = create_app(location)
    with serve_in_thread(app) as base_url:
        requests = load.plan(base_url, 500, seed=2)
        rebuilt = threading.Event()

        def rebuild():  # one ruling more: every id the load asks for stays
            extra = tmp_path / "extra.jsonl"
            extra.write_text('{"card": "Fast Forward", "date": "2026-02-01", "lang": "en", '
                             '"text": "A goaded creature attacks each combat if able."}\n', encoding="utf-8")
            ingest_into(location, [*SOURCES, extra], NAMES)
            rebuilt.set()

        builder = threading.Timer(0.2, rebuild)
        builder.start()
        stats = load.run(base_url, requests, concurrency=16)
        builder.join(60)
        assert rebuilt.is_set()
        after = load.run(base_url, [("tags", "/api/tags")], concurrency=1)
    assert [(o.status, o.url, o.error) for o in stats.errors + after.errors] == []
    assert app.state.kb.generation.path == location.current().path != first  # serving the rebuilt one


@pytest.mark.parametrize("concurrency", [1, 64])
def test_concurrency_extremes(bundled_index, concurrency):
    with serve_in_thread(create_app(bundled_index)) as base_url:
        stats = load.run(base_url, load.plan(base_url, 150, seed=3), concurrency=concurrency)
    assert stats.errors == []


def test_a_slow_name_lookup_does_not_hold_up_other_requests(bundled_index, monkeypatch):
    """Name lookups run in their own lane, without any lock shared with searches: while 16 lookups
    of misspelled names are each held up for a second, a search is answered at once."""
    import time

    import httpx

    from kb.index.catalog import Catalog

    from kb.web.guard import CONCURRENT

    slow, inside, lock = 1.0, [], threading.Lock()
    started = threading.Event()  # set once as many lookups as the server lets compute at once are inside
    real = Catalog._closest

    def closest(self, key, limit=5):
        with lock:
            inside.append(key)
            if len(inside) >= min(16, CONCURRENT):
                started.set()
        time.sleep(slow)
        return real(self, key, limit)

    monkeypatch.setattr(Catalog, "_closest", closest)
    with serve_in_thread(create_app(bundled_index)) as base_url:
        lookups = [threading.Thread(target=httpx.get, args=(f"{base_url}/api/cards/sostituzone{'x' * n}",),
                                    kwargs={"timeout": 30}) for n in range(16)]  # fmt: skip
        for thread in lookups:
            thread.start()
        assert started.wait(10)  # as many as may compute at once are inside a lookup, the rest queue
        begin = time.perf_counter()
        response = httpx.get(f"{base_url}/api/search?q=goad", timeout=30)
        elapsed = time.perf_counter() - begin
        for thread in lookups:
            thread.join(30)
    assert response.status_code == 200 and response.json()["total"] > 0
    assert elapsed < slow / 2, f"the search waited {elapsed:.2f} s behind the lookups"
