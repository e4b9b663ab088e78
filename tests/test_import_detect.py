"""Telling a source's kind from its name and first bytes; reading any kind through one call."""

from __future__ import annotations

import gzip
import json

import pytest

from kb.ingest.importers import IMPORTED, KINDS, detect, prepare, read
from kb.ingest.importers.detect import sniff
from kb.ingest.readers import Problem, RawRuling

from .conftest import FIXTURES

BIG_CARD = {"object": "card", "oracle_id": "o-1", "name": "Quiet Lantern", "lang": "en", "oracle_text": "x" * 70_000}
DATED = "Quiet Lantern\n\n19/03/2021\n\nA ruling.\n"


@pytest.mark.parametrize(
    "filename, content, kind",
    [
        ("set.json", (FIXTURES / "mtgjson" / "set.json").read_bytes(), "mtgjson"),
        ("AllPrintings.json", (FIXTURES / "mtgjson" / "AllPrintings.json").read_bytes(), "mtgjson"),
        ("C19.json", (FIXTURES / "mtgjson" / "bare_set.json").read_bytes(), "mtgjson"),
        ("data_first.json", b'{"data": {"cards": []}, "meta": {}}', "mtgjson"),
        ("rulings.json", (FIXTURES / "scryfall" / "rulings.json").read_bytes(), "scryfall-rulings"),
        ("cards.json", (FIXTURES / "scryfall" / "cards.json").read_bytes(), "scryfall-cards"),
        ("big-first-card.json", json.dumps([BIG_CARD]).encode(), "scryfall-cards"),  # past the 64 KiB peek
        ("no-extension", b'  \n[{"object": "ruling", "oracle_id": "o"}]', "scryfall-rulings"),
        ("rulings.jsonl", b'{"card": "A", "date": "2021-03-19", "text": "T"}\n', "jsonl"),
        ("odd.jsonl", b'{"meta": {}, "data": {}}', "jsonl"),  # by name, as kb always did
        ("card.txt", DATED.encode(), "dated"),
        ("card", DATED.encode(), "dated"),
        ("bracket.txt", b"[Quiet Lantern]\n\n19/03/2021\n\nA ruling.\n", "dated"),
        ("other.json", b'{"rows": [1, 2]}', "unknown-json"),
        ("array.json", b"[1, 2, 3]", "unknown-json"),
        ("objects.json", b'[{"name": "x"}]', "unknown-json"),
        ("other-object.json", b'[{"object": "set", "code": "c19"}]', "unknown-json"),
        ("scalar.json", b'"text"', "unknown-json"),
        ("invalid.json", b'{"rows": }', "unknown-json"),
        ("invalid-mtgjson.json", b'{"meta": }', "mtgjson"),  # its reader says where it breaks
        ("invalid-no-ext", b'{"rows": }', "dated"),  # JSON only when the file says so or parses as JSON
        ("empty.json", b"", "unknown-json"),
        ("empty.txt", b"", "dated"),
        ("corrupt.json.gz", b"\x1f\x8b\x08\x00" + bytes(40), "unknown-json"),
        ("object-no-ext", b'{"rows": [1]}', "unknown-json"),
    ],
)
def test_detect(write, filename, content, kind):
    assert detect(write(filename, content)) == kind
    assert kind in KINDS


@pytest.mark.parametrize(
    "filename, fixture, kind",
    [
        ("set.json.gz", FIXTURES / "mtgjson" / "set.json", "mtgjson"),
        ("rulings.json.gz", FIXTURES / "scryfall" / "rulings.json", "scryfall-rulings"),
        ("cards.gz", FIXTURES / "scryfall" / "cards.json", "scryfall-cards"),
        ("set-named-plain.json", FIXTURES / "mtgjson" / "set.json", "mtgjson"),  # gzip by content
        ("text.gz", None, "unknown-json"),
    ],
)
def test_detect_through_gzip(write, filename, fixture, kind):
    data = fixture.read_bytes() if fixture else DATED.encode()
    assert detect(write(filename, gzip.compress(data))) == kind


def test_detect_reads_only_the_head_of_a_gzip(write):
    """A fault past the first bytes (a cut) is the reader's to find and locate, not detect's."""
    data = gzip.compress((FIXTURES / "mtgjson" / "set.json").read_bytes())
    assert detect(write("cut.json.gz", data[: len(data) // 2])) == "mtgjson"


@pytest.mark.parametrize(
    "filename, content, fragment",
    [
        ("other.json", b'{"rows": [1, 2]}', "a JSON file of no kind kb reads: expected MTGJSON"),
        ("invalid.json", b'{"rows": }', "invalid JSON"),
        ("empty.json", b"", "the file is empty"),
        ("corrupt.json.gz", b"\x1f\x8b\x08\x00" + bytes(40), "the gzip file"),
    ],
)
def test_unknown_json_is_one_file_problem_that_says_why(write, filename, content, fragment):
    path = write(filename, content)
    assert sniff(path).reason.startswith(fragment)
    [problem] = list(read(path))
    assert isinstance(problem, Problem)
    assert fragment in problem.message and (problem.line, problem.file, problem.rulings) == (1, True, 0)


@pytest.mark.parametrize(
    "filename, content, expected",
    [
        ("card.txt", DATED, [("Quiet Lantern", "A ruling.")]),
        ("rulings.jsonl", '{"card": "Quiet Lantern", "date": "2021-03-19", "text": "A ruling."}\n', [("Quiet Lantern", "A ruling.")]),
    ],
)
def test_read_delegates_kbs_own_formats(write, filename, content, expected):
    items = list(read(write(filename, content)))
    assert [(r.card, r.text) for r in items if isinstance(r, RawRuling)] == expected


def test_read_reports_an_unreadable_file(tmp_path):
    [problem] = list(read(tmp_path / "gone.txt", "dated"))
    assert problem.file and problem.message.startswith("cannot read")


def test_prepare_skips_kbs_own_formats(write):
    prepass = prepare([write("card.txt", DATED), write("r.jsonl", "{}\n")])
    assert (prepass.pairs, dict(prepass.oracle), prepass.problems) == ((), {}, ())


def test_imported_kinds_are_known():
    assert IMPORTED <= set(KINDS)
    assert {"jsonl", "dated"} & IMPORTED == set()  # still read by kb's own unit reader
