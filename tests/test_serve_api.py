"""kb serve's JSON API through Starlette's TestClient: the contract, every error status, hostile
input, the OpenAPI description, and picking up a rebuilt index without a restart."""

from __future__ import annotations

import csv
import io
import json
import threading
import warnings
from urllib.parse import urlencode

import pytest
import yaml

from kb.export.formats import FORMATS, render
from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.index.store import Store
from kb.records import FIELDS
from kb.search.run import option_filters, select
from kb.web import openapi, params
from kb.web.app import ROUTES, create_app
from kb.web.live import SharedStore

from .conftest import DATA, NAMES, SOURCES

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx is what kb declares
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LOCAL = "http://localhost"  # a Host the server answers (loopback names only)

RECORD_KEYS = set(FIELDS)
OPTIONAL_RECORD_KEYS = {"no_check"}


@pytest.fixture(scope="module")
def client(bundled_index):
    with TestClient(create_app(bundled_index), base_url=LOCAL) as test_client:  # `with` runs startup and shutdown
        yield test_client


def get_json(client, url: str, status: int = 200):
    response = client.get(url)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    return response.json()


def assert_record(item: dict, extra: set[str] = frozenset()) -> None:
    keys = set(item)
    assert RECORD_KEYS <= keys <= RECORD_KEYS | OPTIONAL_RECORD_KEYS | extra, keys
    assert list(item)[: len(FIELDS)] == list(FIELDS)  # the contract's order


# --- search ---------------------------------------------------------------------------------------


def test_search_contract(client):
    data = get_json(client, "/api/search?q=split+second")
    assert list(data) == ["query", "total", "results"]
    assert data["query"] == "split second"
    assert data["total"] >= len(data["results"]) > 0
    for item in data["results"]:
        assert_record(item, {"score", "snippet", "also", "also_cards", "translation"})
        assert isinstance(item["score"], float) and item["also"] == len(item["also_cards"]) or item["also"] > 10


def test_split_second_finds_italian_and_english(client):
    data = get_json(client, "/api/search?q=split+second&limit=100")
    assert {item["lang"] for item in data["results"]} == {"it", "en"}
    italian = [item["text"] for item in data["results"] if item["lang"] == "it"]
    assert any("frazione di secondo" in text or "battibaleno" in text for text in italian)


def test_search_matches_the_library(client, store):
    from kb.search.run import search

    expected = search(store, "goad OR madness", option_filters(lang="en"), limit=5, offset=1).to_dict()
    for item in expected["results"]:  # the server shows sources relative to what was ingested
        for record in (item, item.get("translation") or {}):
            if record:
                assert record["source"].startswith("/")
                record["source"] = store.relative_source(record["source"])
                assert record["source"].startswith(("rulings_en/", "rulings_it/"))
    data = get_json(client, "/api/search?q=goad+OR+madness&lang=en&limit=5&offset=1")
    for item in data["results"]:
        del item["snippet"]
    assert data == expected


def test_search_filters_and_paging(client):
    everything = get_json(client, "/api/search?q=split+second&limit=100")
    italian = get_json(client, "/api/search?q=split+second&lang=it&limit=100")
    assert {item["lang"] for item in italian["results"]} == {"it"}
    assert italian["total"] < everything["total"]
    page = get_json(client, "/api/search?q=split+second&limit=2&offset=2")
    assert [i["id"] for i in page["results"]] == [i["id"] for i in everything["results"][2:4]]
    dated = get_json(client, "/api/search?q=goad&since=2026&until=2026-12")
    assert all(item["date"].startswith("2026") for item in dated["results"])
    tagged = get_json(client, "/api/search?q=priority&tag=battibaleno")
    assert all("split_second" in item["tags"] for item in tagged["results"])


def test_snippet_is_escaped_html_with_marks(client):
    item = get_json(client, "/api/search?q=split+second&lang=en&limit=1")["results"][0]
    assert "<mark>split</mark>" in item["snippet"]
    assert item["snippet"].replace("<mark>", "").replace("</mark>", "") == item["text"].replace("'", "&#x27;")


# --- cards and rulings ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Sostituzione Improvvisa", "Sudden Substitution", "sostituzone", "sudden subs"])
def test_card_by_either_name(client, name):
    data = get_json(client, f"/api/cards/{name}")
    assert list(data)[:4] == ["query", "card", "total", "results"]
    assert data["query"] == name
    assert data["card"]["names"] == {"it": "Sostituzione Improvvisa", "en": "Sudden Substitution"}
    assert set(data["card"]) == {"key", "names", "written", "rulings", "facts"}
    assert data["total"] == len(data["results"]) == data["card"]["rulings"]
    assert {item["lang"] for item in data["results"]} == {"it", "en"}
    for item in data["results"]:
        assert_record(item)


def test_card_name_with_slashes_reaches_the_handler(client):
    body = get_json(client, "/api/cards/Fire%20%2F%2F%20Ice", 404)
    assert body["error"] == "no card named 'Fire // Ice'"


def test_ruling_detail(client):
    record = get_json(client, "/api/search?q=split+second&limit=1")["results"][0]
    detail = get_json(client, f"/api/rulings/{record['id']}")
    assert_record(detail, {"check_details", "translation"})
    assert {k: detail[k] for k in FIELDS} == {k: record[k] for k in FIELDS}
    translation = detail["translation"]
    assert translation["lang"] != detail["lang"] and translation["card_names"] == detail["card_names"]
    assert detail["rules"] and detail["links"]
    assert [c["id"] for c in detail["check_details"]][: len(detail["links"])] == [link["claim"] for link in detail["links"]]
    for check in detail["check_details"]:
        assert set(check) == {"id", "title", "rules", "claim", "polarity", "score", "evidence"}
        assert check["title"] and check["rules"] and check["claim"] and check["evidence"]
        assert check["polarity"] in ("asserts", "denies") and 0.0 < check["score"] <= 1.0
    assert get_json(client, f"/api/rulings/{record['id'][:5].upper()}")["id"] == record["id"]  # a prefix


def test_ruling_check_runs_its_checks(client):
    record = get_json(client, "/api/search?q=split+second&limit=1")["results"][0]
    run = get_json(client, f"/api/rulings/{record['id']}/check")
    assert list(run) == ["id", "passed", "results"]
    assert run["id"] == record["id"] and run["passed"] is True
    detail = get_json(client, f"/api/rulings/{record['id']}")
    assert [r["id"] for r in run["results"]] == [c["id"] for c in detail["check_details"]]
    for result in run["results"]:
        assert set(result) == {"id", "passed", "message", "rules", "title", "polarity"}


def test_ruling_without_checks(hostile_client):
    record = get_json(hostile_client, "/api/search?q=alert&limit=1")["results"][0]
    assert record["links"] == []
    run = get_json(hostile_client, f"/api/rulings/{record['id']}/check")
    assert run["passed"] is None and run["results"] == []
    assert run.get("no_check") == record.get("no_check")


# --- tags and exports -----------------------------------------------------------------------------


def test_tags_with_counts_per_language(client, store):
    rows = get_json(client, "/api/tags")
    assert [row["id"] for row in rows][:2] == ["goad", "split_second"]
    for row in rows:
        required = {"id", "kind", "rules", "label", "forms", "counts", "linked"}
        assert required <= set(row) <= required | {"not", "with", "symbols", "labels_it", "evidence", "comment"}
        assert row["counts"] == {lang: store.stats["tags"].get(row["id"], {}).get(lang, 0) for lang in ("it", "en")}
        assert all(row["linked"][lang] <= row["counts"][lang] for lang in ("it", "en"))
    split = next(row for row in rows if row["id"] == "split_second")
    assert split["counts"]["it"] > 0 and split["counts"]["en"] > 0


MEDIA = {"yaml": "application/yaml", "json": "application/json", "jsonl": "application/jsonl",
         "csv": "text/csv; charset=utf-8", "md": "text/markdown; charset=utf-8", "vectors": "application/json"}  # fmt: skip


@pytest.mark.parametrize("fmt", FORMATS)
def test_export_is_a_download(client, store, fmt):
    response = client.get(f"/api/export?tag=split_second&lang=it&format={fmt}")
    assert response.status_code == 200
    assert response.headers["content-type"] == MEDIA[fmt]
    assert response.headers["content-disposition"] == f'attachment; filename="kb-rulings-tag-split-second-lang-it.{FORMATS[fmt].extension}"'
    records = select(store, option_filters(tag="split_second", lang="it"))
    assert response.text == render(records, fmt, {"tag": "split_second", "lang": "it"})
    count = {
        "yaml": lambda t: yaml.safe_load(t)["count"],
        "json": lambda t: json.loads(t)["count"],
        "jsonl": lambda t: len([json.loads(line) for line in t.splitlines()]),
        "csv": lambda t: len(list(csv.DictReader(io.StringIO(t)))),
        "md": lambda t: t.count("\n- **"),
        "vectors": lambda t: len({v["ruling"] for v in json.loads(t)["vectors"]}),
    }[fmt](response.text)
    assert count == (len([r for r in records if r.links]) if fmt == "vectors" else len(records)) > 0


def test_export_default_is_yaml_of_everything(client, store):
    response = client.get("/api/export")
    assert response.headers["content-disposition"] == 'attachment; filename="kb-rulings.yaml"'
    assert yaml.safe_load(response.text)["count"] == len(select(store)) > 0


# --- errors ---------------------------------------------------------------------------------------

ERRORS = [
    # (url, status, expected body keys besides "error", path in the OpenAPI description)
    ("/api/search", 400, {"parameter": "q"}, "/api/search"),
    ("/api/search?q=", 400, {"parameter": "q"}, "/api/search"),
    ('/api/search?q=%22split', 400, {"position": 0}, "/api/search"),
    ("/api/search?q=split+(second", 400, {"position": 6}, "/api/search"),
    ("/api/search?q=tag:nope", 400, {"position": 0}, "/api/search"),
    ("/api/search?q=the", 400, {"position": 0}, "/api/search"),
    ("/api/search?q=x&lang=xx", 400, {"parameter": "lang"}, "/api/search"),
    ("/api/search?q=x&tag=nope", 400, {"parameter": "tag"}, "/api/search"),
    ("/api/search?q=x&since=2021-02-30", 400, {"parameter": "since"}, "/api/search"),
    ("/api/search?q=x&until=99999", 400, {"parameter": "until"}, "/api/search"),
    ("/api/search?q=x&limit=-1", 400, {"parameter": "limit"}, "/api/search"),
    ("/api/search?q=x&limit=0", 400, {"parameter": "limit"}, "/api/search"),
    ("/api/search?q=x&limit=101", 400, {"parameter": "limit"}, "/api/search"),
    ("/api/search?q=x&limit=ten", 400, {"parameter": "limit"}, "/api/search"),
    ("/api/search?q=x&limit=1e3", 400, {"parameter": "limit"}, "/api/search"),
    ("/api/search?q=x&limit=" + "9" * 40, 400, {"parameter": "limit"}, "/api/search"),
    ("/api/search?q=x&offset=-5", 400, {"parameter": "offset"}, "/api/search"),
    ("/api/search?q=x&offset=100001", 400, {"parameter": "offset"}, "/api/search"),
    ("/api/search?q=card:zzzz", 404, {"suggestions": []}, "/api/search"),
    ("/api/search?q=x&card=Fast+Backward", 404, {"suggestions": ["Fast Forward"]}, "/api/search"),
    ("/api/cards/zzzz", 404, {"suggestions": []}, "/api/cards/{name}"),
    ("/api/cards/Fast%20Rewind", 404, {"suggestions": ["Fast Forward"]}, "/api/cards/{name}"),
    ("/api/cards/" + "x" * 201, 400, {"parameter": "name"}, "/api/cards/{name}"),
    ("/api/rulings/nope", 404, {}, "/api/rulings/{id}"),
    ("/api/rulings/nope/check", 404, {}, "/api/rulings/{id}/check"),
    ("/api/export?format=xml", 400, {"parameter": "format"}, "/api/export"),
    ("/api/export?lang=klingon", 400, {"parameter": "lang"}, "/api/export"),
    ("/api/export?card=zzzz", 404, {"suggestions": []}, "/api/export"),
    ("/api/nope", 404, {}, None),
    ("/nope", 404, {}, None),
    ("/api/rulings/", 404, {}, None),
]


@pytest.mark.parametrize("url, status, keys, path", ERRORS, ids=[e[0][:50] for e in ERRORS])
def test_errors_are_json_with_their_status(client, url, status, keys, path):
    body = get_json(client, url, status)
    assert isinstance(body["error"], str) and body["error"]
    assert set(body) == {"error", *keys}
    for key, value in keys.items():
        assert body[key] == value
    if path:  # the OpenAPI description lists the status for this path
        assert str(status) in openapi.describe()["paths"][path]["get"]["responses"]


def test_error_messages_name_the_fix(client):
    assert get_json(client, "/api/search?q=x&lang=xx", 400)["error"] == "lang: unknown language 'xx'; use it or en"
    assert get_json(client, "/api/search?q=x&limit=0", 400)["error"] == "limit: 0 is not a whole number from 1 to 100"
    assert get_json(client, "/api/search", 400)["error"].startswith("q: required; the query: words")
    assert get_json(client, "/api/export?format=xml", 400)["error"] == "format: 'xml' is not one of jsonl, json, yaml, csv, md, vectors"


def test_wrong_method_is_405(client):
    response = client.post("/api/search?q=goad")
    assert response.status_code == 405
    assert response.json() == {"error": "Method Not Allowed"}
    assert "GET" in response.headers["allow"]


HOSTILE = [
    "/api/search?q=" + "x" * 10_000,
    "/api/search?q=" + "split%20" * 2_000,
    "/api/search?q=%00",
    "/api/search?q=a%00b",
    "/api/search?q=%00%00card:%00",
    "/api/search?q=%25",
    "/api/search?q=%ZZ",
    "/api/search?q=%",
    "/api/search?q=%C3%28",  # invalid UTF-8
    "/api/search?q=%F0%9F%82%A1%20battibaleno%20%E2%98%83",
    "/api/search?q=%E2%80%8B",
    "/api/search?q=<script>alert(1)</script>",
    "/api/search?q=date:0000..9999",
    "/api/search?q=rule:999.99999999999999999",
    "/api/search?q=" + "(" * 500 + "x" + ")" * 500,
    "/api/search?q=" + "-" * 999 + "x",
    "/api/search?q=" + "card:" + "x" * 990,
    "/api/search?q=x&limit=%00",
    "/api/search?q=x&offset=%20",
    "/api/search?q=x&lang=%00&tag=%00",
    "/api/search?q=x&since=%00&until=%FF",
    "/api/search?q=x&limit=1&limit=2",
    "/api/cards/%00",
    "/api/cards/%25",
    "/api/cards/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "/api/cards/" + "%E2%98%83" * 150,
    "/api/rulings/%00",
    "/api/rulings/" + "x" * 10_000,
    "/api/rulings/%2A",
    "/api/export?format=%00",
    "/api/export?card=%00",
    "/static/..%2F..%2Fserve.py",
    "/static/%00",
]


@pytest.mark.parametrize("url", HOSTILE, ids=[u[:60] for u in HOSTILE])
def test_hostile_input_never_breaks_the_server(client, url):
    response = client.get(url)
    assert response.status_code < 500
    assert "Traceback" not in response.text
    if response.status_code >= 400 and not url.startswith("/static/"):
        assert set(response.json()) >= {"error"}


def test_long_query_error_has_its_position(client):
    body = get_json(client, "/api/search?q=" + "x" * 10_000, 400)
    assert body == {"error": "query too long: 10000 characters (at most 1000)", "position": 1000}


# --- the OpenAPI description ----------------------------------------------------------------------


def test_openapi_lists_every_route_and_parameter(client):
    spec = get_json(client, "/openapi.json")
    assert spec == json.loads(json.dumps(openapi.describe()))
    assert spec["openapi"].startswith("3.")
    routes = {route.path.replace(":path", "") for route in ROUTES if hasattr(route, "endpoint")}
    assert routes == set(spec["paths"])
    for path, item in spec["paths"].items():
        operation = item["get"]
        assert operation["summary"] and "200" in operation["responses"]
        names = {p["name"] for p in operation["parameters"]}
        assert {n[1:-1] for n in path.split("/") if n.startswith("{")} <= names
        for status, response in operation["responses"].items():
            if status != "200":
                assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    search = {p["name"]: p for p in spec["paths"]["/api/search"]["get"]["parameters"]}
    assert list(search) == ["q", "lang", "tag", "card", "since", "until", "limit", "offset", "all_cards"]
    assert search["limit"]["schema"] == {"type": "integer", "default": 10, "minimum": 1, "maximum": params.MAX_LIMIT}
    export = {p["name"]: p for p in spec["paths"]["/api/export"]["get"]["parameters"]}
    assert export["format"]["schema"]["enum"] == list(FORMATS)


def test_openapi_refs_resolve(client):
    spec = get_json(client, "/openapi.json")
    text = json.dumps(spec)
    schemas = spec["components"]["schemas"]
    for name in {part.split('"')[0] for part in text.split('"$ref": "#/components/schemas/')[1:]}:
        assert name in schemas, name


# --- a rebuilt index is picked up without a restart -----------------------------------------------


def test_rebuilt_index_is_picked_up(tmp_path):
    location = Location(tmp_path / "index")
    ingest_into(location, [DATA / "rulings_it"], NAMES)
    with TestClient(create_app(location), base_url=LOCAL) as client:
        before = get_json(client, "/api/search?q=split+second&limit=100")
        assert {item["lang"] for item in before["results"]} == {"it"}
        live = client.app.state.kb
        old_store = live._handle.store
        ingest_into(location, SOURCES, NAMES)  # publishes a new generation
        after = get_json(client, "/api/search?q=split+second&limit=100")
        assert {item["lang"] for item in after["results"]} == {"it", "en"}
        assert live.generation.path == location.current().path
        assert all(reader.is_closed for reader in old_store.index.readers)  # no request was using it
        assert get_json(client, "/api/tags")[1]["counts"]["en"] > 0


def test_old_store_closes_only_after_the_requests_using_it(tmp_path):
    location = Location(tmp_path / "index")
    ingest_into(location, [DATA / "rulings_it"], NAMES)
    live = SharedStore(location, Store(location.require()))
    old = live.call(lambda store: store)
    inside, release = threading.Event(), threading.Event()
    seen: dict = {}

    def slow(store):
        inside.set()
        release.wait(10)
        seen["closed while in use"] = store.index.readers[0].is_closed
        return store

    worker = threading.Thread(target=lambda: live.call(slow))
    worker.start()
    assert inside.wait(10)
    ingest_into(location, SOURCES, NAMES)
    fresh = live.call(lambda store: store)  # this request opens the new generation ...
    assert fresh is not old and fresh.generation.path == location.current().path
    assert not any(reader.is_closed for reader in old.index.readers)  # ... the slow one still uses the old
    release.set()
    worker.join(10)
    assert seen == {"closed while in use": False}
    assert all(reader.is_closed for reader in old.index.readers)  # closed once it was done
    assert not any(reader.is_closed for reader in fresh.index.readers)
    live.close()
    assert all(reader.is_closed for reader in fresh.index.readers)


def test_unopenable_generation_keeps_the_old_one_serving(tmp_path):
    location = Location(tmp_path / "index")
    ingest_into(location, SOURCES, NAMES)
    live = SharedStore(location, Store(location.require()))
    serving = live.generation.path
    broken = location.new_generation()
    (broken.path / "manifest.json").write_text("{}", encoding="utf-8")  # no shards, no catalog
    (location.path / "CURRENT").write_text(broken.path.name, encoding="utf-8")
    assert live.call(lambda store: store.generation.path) == serving
    assert live.call(lambda store: len(store.catalog)) == 3
    live.close()


# --- a store with hostile rulings (shared with the page tests) ------------------------------------


@pytest.fixture(scope="module")
def hostile_client(tmp_path_factory):
    from .test_serve_page import build_hostile_index

    location = build_hostile_index(tmp_path_factory.mktemp("hostile"))
    with TestClient(create_app(location), base_url=LOCAL) as test_client:
        yield test_client


# --- starting -------------------------------------------------------------------------------------


def test_opening_never_builds_refreshing_does(tmp_path, monkeypatch):
    from kb.errors import IndexMissing
    from kb.index.refresh import refresh

    monkeypatch.setenv("KB_DATA", str(DATA))
    location = Location(tmp_path / "index")
    with pytest.raises(IndexMissing):
        create_app(location)  # the app only opens; `kb serve` refreshes first
    assert location.current() is None
    assert refresh(location).built
    with TestClient(create_app(location), base_url=LOCAL) as client:
        assert get_json(client, "/api/search?q=goad")["total"] > 0


def test_no_index_and_nothing_to_build_it_from(tmp_path, monkeypatch):
    from kb.errors import IndexMissing

    monkeypatch.setenv("KB_DATA", str(tmp_path / "nothing"))
    with pytest.raises(IndexMissing, match="no index at .*; build one with: kb ingest PATH"):
        create_app(Location(tmp_path / "index"))


def test_run_serves_on_loopback(bundled_index):
    import socket
    import subprocess
    import sys
    import time

    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--port", str(port), "--index", str(bundled_index.path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/api/tags", timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline, server.stderr.read().decode()
                time.sleep(0.1)
        assert response.status_code == 200 and "server" not in response.headers
        assert httpx.get(f"http://127.0.0.1:{port}/", headers={"accept": "text/html"}).status_code == 200
    finally:
        server.terminate()
        _, err = server.communicate(timeout=10)
    assert f"Uvicorn running on http://127.0.0.1:{port}" in err.decode()
    assert "Traceback" not in err.decode()


@pytest.mark.parametrize(
    "query, lane",
    [
        ("goad", "other"),
        ("card:abc", "other"),
        ('card:"Angel\'s Grace"', "other"),
        ("card:a", "heavy"),
        ("goad card:ab", "heavy"),
        ('card:"ab"', "heavy"),
        ("(card:e OR x)", "heavy"),
        ('re:"spl.t"', "heavy"),
        ("goad " * 60, "heavy"),
        ("scard:a", "other"),
    ],
)
def test_costly_searches_have_their_own_lane(query, lane):
    from starlette.requests import Request

    from kb.web.guard import search_lane

    scope = {"type": "http", "query_string": urlencode({"q": query}).encode(), "headers": []}
    assert search_lane(Request(scope)) == lane
