"""Attacks and accidents, each ending in a clear message, within bounds, with nothing lost: two
writers, damaged pointers and files, killed ingests, absurd input, hostile queries and requests,
formula cells. The slow versions (bigger inputs, timings, memory) are in bench/chaos.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from kb.cli import main
from kb.errors import IndexDamaged, QueryError
from kb.index.build import ingest_into
from kb.index.refresh import refresh
from kb.index.generations import Location
from kb.index.store import Store
from kb.search.run import search

from .conftest import NAMES, SOURCES

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def kb(runner, *args):
    return runner.invoke(main, [str(a) for a in args])


def answers(location: Location) -> list[str]:
    with Store(location.require()) as store:
        return sorted(hit.record.id for hit in search(store, "goad OR madness OR split", limit=0, all_cards=True).hits)


@pytest.fixture
def built(tmp_path) -> Location:
    location = Location(tmp_path / "index")
    ingest_into(location, SOURCES, NAMES)
    return location


# --- one writer per index -------------------------------------------------------------------------


def test_a_second_ingest_waits_or_says_busy(runner, built):
    before = answers(built)
    with built.writer():
        refused = kb(runner, "ingest", *SOURCES, "--full", "--no-wait", "--index", built.path)
        assert refused.exit_code == 1 and "is busy: another ingest is writing it" in refused.stderr
        heard, done = [], threading.Event()

        def second():
            ingest_into(Location(built.path), SOURCES, NAMES, full=True, on_wait=heard.append)
            done.set()

        waiting = threading.Thread(target=second)
        waiting.start()
        time.sleep(0.5)
        assert heard and "waiting for another ingest" in heard[0] and not done.is_set()
    waiting.join(60)
    assert done.is_set() and answers(built) == before


def test_ingests_at_once_all_finish_and_the_index_is_whole(built):
    before = answers(built)
    code = "import sys; from kb.index.build import ingest_into; from kb.index.generations import Location; " \
           "ingest_into(Location(sys.argv[1]), sys.argv[2:], [], full=True)"  # fmt: skip
    runs = [subprocess.Popen([sys.executable, "-c", code, str(built.path), *map(str, SOURCES)], stderr=subprocess.PIPE)
            for _ in range(3)]  # fmt: skip
    for run in runs:
        assert run.wait(120) == 0, run.stderr.read().decode()
    assert built.current().problems(checksums=True) == [] and answers(built) == before
    assert len(built.generations()) <= 2


def test_a_killed_writers_partial_generation_is_swept(built):
    partial = built.path / "gen-20200101T000000000000-abcdef"
    (partial / "shard-0").mkdir(parents=True)
    (partial / "shard-0" / "docs.npz").write_bytes(b"half")
    assert built.current().path != partial  # never read
    ingest_into(built, SOURCES, NAMES, full=True)
    assert not partial.exists()


# --- damage: recovery, never a silent rebuild -----------------------------------------------------


def _live(location: Location) -> Path:
    return location.path / (location.path / "CURRENT").read_text().strip()


def _shard_file(location: Location, suffix: str) -> Path:
    return next(p for p in (_live(location) / "shard-0").iterdir() if p.name.endswith(suffix))


DAMAGE = {
    "empty CURRENT": lambda loc: (loc.path / "CURRENT").write_text(""),
    "garbage CURRENT": lambda loc: (loc.path / "CURRENT").write_bytes(b"\xff\x00../../etc"),
    "CURRENT names a missing generation": lambda loc: (loc.path / "CURRENT").write_text("gen-20990101T000000-000000\n"),
    "manifest deleted": lambda loc: (_live(loc) / "manifest.json").unlink(),
    "manifest empty": lambda loc: (_live(loc) / "manifest.json").write_text(""),
    "docs.npz truncated": lambda loc: os.truncate(_live(loc) / "shard-0" / "docs.npz", 100),
    ".trm truncated": lambda loc: os.truncate(_shard_file(loc, ".trm"), 10),
    ".toc empty": lambda loc: os.truncate(_shard_file(loc, ".toc"), 0),
    ".pst cut in half": lambda loc: os.truncate(_shard_file(loc, ".pst"), _shard_file(loc, ".pst").stat().st_size // 2),
    "records cut in half": lambda loc: os.truncate(_shard_file(loc, "records.jsonl"),
                                                   _shard_file(loc, "records.jsonl").stat().st_size // 2),
}
POINTER = {"empty CURRENT", "garbage CURRENT", "CURRENT names a missing generation"}


@pytest.mark.parametrize("damage", DAMAGE)
def test_damage_falls_back_to_the_last_whole_generation(runner, built, damage, monkeypatch, tmp_path):
    monkeypatch.setenv("KB_DATA", str(tmp_path / "no-data"))  # nothing to rebuild from, by mistake
    previous = answers(built)
    ingest_into(built, [SOURCES[0]], NAMES)  # a second generation: Italian only
    DAMAGE[damage](built)
    result = kb(runner, "search", "goad OR madness OR split", "--all-cards", "--limit", "0", "--json", "--index", built.path)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    found = sorted(r["id"] for r in json.loads(result.stdout)["results"])
    if damage in POINTER:  # the live generation is whole: it is the newest one
        assert ("does not name a generation" in result.stderr or "is damaged" in result.stderr) and len(found) < len(previous)
    else:  # the previous generation, as it answered before
        assert "is damaged" in result.stderr and found == previous
    assert "using the newest whole generation instead" in result.stderr


@pytest.mark.parametrize("damage", sorted(set(DAMAGE) - POINTER))
def test_damage_with_no_whole_generation_left_names_the_fix(runner, built, damage, monkeypatch, tmp_path):
    monkeypatch.setenv("KB_DATA", str(tmp_path / "no-data"))
    DAMAGE[damage](built)
    result = kb(runner, "search", "goad", "--index", built.path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"the index at {built.path} is damaged" in result.stderr and "kb ingest --full" in result.stderr
    with pytest.raises(IndexDamaged):
        refresh(Location(built.path))  # never rebuilt from data/ silently


def test_data_is_built_only_when_there_is_no_index_at_all(tmp_path, monkeypatch):
    from .conftest import DATA

    monkeypatch.setenv("KB_DATA", str(DATA))
    location = Location(tmp_path / "index")
    assert refresh(location).built
    (_live(location) / "manifest.json").unlink()
    with pytest.raises(IndexDamaged):
        refresh(Location(location.path))


def test_a_record_torn_in_place_is_a_clear_error(runner, built):
    """Bytes changed without changing the file's size pass the cheap check on opening; reading
    the record says which file is damaged and how to fix it (kb verify finds it beforehand)."""
    target = _shard_file(built, "records.jsonl")
    data = bytearray(target.read_bytes())
    data[: data.index(b"\n")] = b"x" * data.index(b"\n")  # the first record, overwritten
    target.write_bytes(bytes(data))
    result = kb(runner, "search", "goad OR madness OR split", "--all-cards", "--limit", "0", "--index", built.path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert str(target) in result.stderr and "damaged" in result.stderr and "kb ingest --full" in result.stderr
    verified = kb(runner, "verify", "--index", built.path)
    assert verified.exit_code == 1 and "records.jsonl" in verified.output


@pytest.mark.parametrize("vocabulary", ['{"tags": [{}]}', '{"tags": [], "analysed": {"en": {"x": [["a"]]}}}'])
def test_a_vocabulary_copy_of_the_wrong_shape_is_a_clear_error(runner, built, vocabulary):
    """Valid JSON that is no vocabulary (same size or not, past the cheap check): the search says
    which file is damaged and how to fix it, no traceback."""
    target = _live(built) / "vocabulary.json"
    text = vocabulary.ljust(len(target.read_text(encoding="utf-8")))
    target.write_text(text, encoding="utf-8")
    result = kb(runner, "search", "goad", "--index", built.path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert str(target) in result.stderr and "kb ingest --full" in result.stderr


def test_verify_finds_a_flipped_byte(runner, built):
    assert kb(runner, "verify", "--index", built.path).exit_code == 0
    target = _shard_file(built, ".pst")
    data = bytearray(target.read_bytes())
    data[len(data) // 2] ^= 0xFF
    target.write_bytes(bytes(data))
    result = kb(runner, "verify", "--index", built.path)
    assert result.exit_code == 1 and f"{target}: its content changed (checksum)" in result.stderr


def test_a_stale_index_that_cannot_be_written_is_used_as_it_is(runner, built, monkeypatch, write):
    extra = write("more/extra.txt", "Extra Card\n\n01/01/2024\n\nA new ruling.\n")
    ingest_into(built, [*SOURCES, extra.parent], NAMES)
    extra.write_text("Extra Card\n\n01/01/2024\n\nA changed ruling.\n")

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("kb.index.build.ingest_into", read_only)
    result = kb(runner, "search", "goad", "--index", built.path)
    assert result.exit_code == 0 and "can't be written here; using it as it is" in result.stderr


# --- absurd input ---------------------------------------------------------------------------------


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("deep.json", '{"meta": {}, "data": {"cards": [{"name": "X", "rulings": [{"date": "2020-01-01", "text": '
         + DEEP + '}]}]}}', "nested more than 64 deep"),
        ("rulings.json", '[{"object": "ruling", "oracle_id": "a", "published_at": "2020-01-01", "comment": '
         + DEEP + "}]", "nested more than 64 deep"),
        ("deep.jsonl", DEEP + "\n", "nested too deeply"),
        ("surrogate.jsonl", '{"card": "A", "date": "2020-01-01", "text": "bad \\ud800 text"}\n', "invalid code point U+D800"),
        ("long.jsonl", json.dumps({"card": "A", "date": "2020-01-01", "text": "x" * 30_000}) + "\n", "over the limit of 20,000"),
        ("long.txt", "Card\n\n01/01/2020\n\n" + "word " * 10_000 + "\n", "over the limit of 20,000"),
        ("huge-line.jsonl", '{"card": "A", "date": "2020-01-01", "text": "' + "y" * 300_000 + '"}\n', "over the limit of 262,144"),
    ],
)  # fmt: skip
def test_absurd_input_is_a_located_problem_and_the_rest_is_kept(runner, built, write, name, content, message):
    bad = write(name, content)
    good = write("good.jsonl", json.dumps({"card": "Good", "date": "2020-01-01", "text": "A good ruling."}) + "\n")
    result = kb(runner, "ingest", bad, good, "--index", built.path)
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert f"{bad}:" in result.stderr and message in result.stderr
    assert "1 ingested" in result.stdout


def test_errors_are_capped_per_file_and_the_manifest_stays_small(runner, built, write):
    rows = "".join(json.dumps({"card": "A", "date": f"2020-13-{k % 28 + 1:02d}", "text": f"bad {k}"}) + "\n" for k in range(5000))
    bad = write("dates.jsonl", rows + json.dumps({"card": "B", "date": "2020-01-01", "text": "good"}) + "\n")
    result = kb(runner, "ingest", bad, "--index", built.path)
    assert result.exit_code == 0
    assert result.stderr.count("\n") < 30 and "and 4980 more problem(s) in this file, not shown" in result.stderr
    assert "rulings: 5001 read = 1 ingested + 5000 rejected + 0 duplicates" in result.stdout
    assert (_live(built) / "manifest.json").stat().st_size < 50_000


@pytest.mark.parametrize("make", ["empty folder", "fifo", "/dev/zero"])
def test_input_with_nothing_to_read_never_empties_the_index(runner, built, tmp_path, make):
    before = answers(built)
    if make == "empty folder":
        path = tmp_path / "empty"
        path.mkdir()
    elif make == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    for strict in ((), ("--strict",)):
        result = kb(runner, "ingest", path, *strict, "--index", built.path)
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert str(path) in result.stderr or "yields no ruling" in result.stderr
    assert answers(built) == before


# --- hostile queries ------------------------------------------------------------------------------


def test_many_fields_are_refused_with_the_reason(built):
    with Store(built.require()) as store:
        with pytest.raises(QueryError, match="too many fields"):
            search(store, " ".join(["card:a"] * 140))


def test_a_one_letter_card_stands_for_a_bounded_number_of_cards(built):
    with Store(built.require()) as store:
        results = search(store, "card:s", limit=5)
        assert results.total > 0 and any("card:s" in note for note in results.built.notes)


def test_a_long_question_counts_its_first_words(built):
    question = " ".join(f"word{k}" for k in range(60)) + " goad"
    with Store(built.require()) as store:
        results = search(store, question)
    assert any("only the first 32 words count" in note for note in results.built.notes)


# --- hostile requests -----------------------------------------------------------------------------


@pytest.fixture
def client(built):
    from kb.web.app import create_app

    with TestClient(create_app(built), base_url="http://localhost") as test_client:
        yield test_client


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "localhost.evil:80", ""])
def test_a_foreign_host_is_refused(client, host):
    response = client.get("/api/tags", headers={"host": host})
    assert response.status_code == 400 and "is not served here" in response.json()["error"]


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1:8080", "[::1]:8080", "LOCALHOST"])
def test_loopback_names_are_served(client, host):
    assert client.get("/api/tags", headers={"host": host}).status_code == 200


def test_an_allowed_name_is_served(built):
    from kb.web.app import create_app

    with TestClient(create_app(built, ("kb.example.org",)), base_url="http://kb.example.org") as proxied:
        assert proxied.get("/api/tags").status_code == 200


@pytest.mark.parametrize("url", ["/api/search?q=goad&q=madness", "/api/search?q=goad&limit=1&limit=2",
                                 "/api/export?format=csv&format=json", "/?q=a&lang=it&lang=en"])  # fmt: skip
def test_a_parameter_given_twice_is_refused(client, url):
    response = client.get(url)
    assert response.status_code == 400 and "given 2 times; give it once" in response.json()["error"]


def test_head_computes_no_body(client, monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("HEAD computed an export")

    monkeypatch.setattr("kb.web.api.render_export", fail)
    monkeypatch.setattr("kb.web.api.select", fail)
    response = client.head("/api/export?tag=madness&format=csv")
    assert response.status_code == 200 and response.content == b""
    assert response.headers["content-type"].startswith("text/csv")
    assert client.head("/api/export?format=xml").status_code == 400  # parameters are still checked


def test_past_its_budget_a_request_gets_503_with_retry_after(client, monkeypatch):
    from kb.web import guard

    monkeypatch.setattr(guard, "BUDGET", 0.2)
    monkeypatch.setattr("kb.web.api.search", lambda *a, **k: time.sleep(1))
    response = client.get("/api/search?q=goad")
    assert response.status_code == 503 and response.headers["retry-after"] == "2"
    assert "took over 0.2 s" in response.json()["error"]


def test_a_client_that_sends_no_headers_is_disconnected(built, monkeypatch):
    import socket

    from kb.web import server
    from kb.web.app import create_app, serve_in_thread

    monkeypatch.setattr(server, "HEADER_TIMEOUT", 0.5)
    with serve_in_thread(create_app(built)) as base_url:
        host, port = base_url.rsplit("//", 1)[1].rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=5) as idle:
            idle.sendall(b"GET /api/tags HTTP/1.1\r\nHost: local")  # never finished
            start = time.monotonic()
            assert idle.recv(1) == b""  # closed by the server
            assert time.monotonic() - start < 4


# --- exports --------------------------------------------------------------------------------------


def test_csv_cells_that_start_like_formulas_are_neutralised(runner, tmp_path, write):
    rows = [("=cmd|' /C calc'!A0", "=HYPERLINK(\"x\")"), ("@SUM(A1)", "+1/+1 counters"), ("-1/-1 Card", "\tTabbed")]
    source = write("f.jsonl", "".join(json.dumps({"card": c, "date": "2020-01-01", "text": t}) + "\n" for c, t in rows))
    index = tmp_path / "index"
    assert kb(runner, "ingest", source, "--index", index).exit_code == 0
    safe = kb(runner, "export", "--format", "csv", "--index", index).stdout
    import csv
    import io

    cells = [cell for row in csv.reader(io.StringIO(safe)) for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@", "\t")) for cell in cells)
    assert "'=cmd|' /C calc'!A0" in cells and "'+1/+1 counters" in cells
    raw = kb(runner, "export", "--format", "csv", "--raw-csv", "--index", index).stdout
    assert "=cmd|' /C calc'!A0" in [cell for row in csv.reader(io.StringIO(raw)) for cell in row]


def test_markdown_exports_escape_html(runner, tmp_path, write):
    source = write("h.jsonl", json.dumps({"card": "<b>Card</b>", "date": "2020-01-01", "text": "<script>x</script> & more"}) + "\n")
    index = tmp_path / "index"
    kb(runner, "ingest", source, "--index", index)
    md = kb(runner, "export", "--format", "md", "--index", index).stdout
    assert "<script>" not in md and "&lt;script&gt;x&lt;/script&gt; &amp; more" in md and "&lt;b&gt;Card&lt;/b&gt;" in md
