"""MTGJSON importer: rulings, names, folded repeats, bad input; the real set files when present."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path

import pytest

from kb.ingest.importers import mtgjson, prepare, read
from kb.ingest.importers.common import NamePair, Repeats
from kb.ingest.readers import Problem, RawRuling

from .conftest import FIXTURES, ROOT, corpus_dir

MTGJSON = FIXTURES / "mtgjson"


def items(path: Path) -> tuple[list[RawRuling], list[Problem], int]:
    """Rulings, problems and folded repeats of one file, checking the reader's contract."""
    out = list(read(path, "mtgjson"))
    rulings = [i for i in out if isinstance(i, RawRuling)]
    problems = [i for i in out if isinstance(i, Problem)]
    repeats = [i for i in out if isinstance(i, Repeats)]
    assert len(rulings) + len(problems) + len(repeats) == len(out)
    assert len(repeats) <= 1 and (not repeats or out[-1] is repeats[0])
    return rulings, problems, sum(r.count for r in repeats)


def as_file(tmp_path: Path, source: Path, gz: bool) -> Path:
    """The fixture as is, or gzip-compressed under a .json.gz name."""
    if not gz:
        return source
    target = tmp_path / f"{source.name}.gz"
    target.write_bytes(gzip.compress(source.read_bytes()))
    return target


# --- the fixtures: rulings, dates, names, locations -----------------------------------------------

SET_RULINGS = [
    # card, date, start of text, line (card index), anchor
    ("Quiet Lantern", date(2020, 5, 1), "Quiet Lantern's ability counts", 1, "TST/1"),
    ("Quiet Lantern", date(2021, 11, 19), "If Quiet Lantern leaves the battlefield, its", 1, "TST/1"),
    ("Ember Door // Ash Key", date(2022, 2, 18), "Ember Door transforms", 3, "TST/2"),
    ("Tidal Clerk", date(2019, 8, 23), "Tidal Clerk's ability resolves", 5, "TST/3"),
]
SET_PROBLEMS = [
    # line, message fragment, rulings rejected
    (5, "ruling 2 of 'Tidal Clerk' (TST #3): missing or empty 'date'", 1),
    (5, "ruling 3 of 'Tidal Clerk' (TST #3): impossible date '2019-02-30'", 1),
    (5, "ruling 4 of 'Tidal Clerk' (TST #3): missing or empty 'text'", 1),
    (5, "ruling 5 of 'Tidal Clerk' (TST #3) is not a JSON object", 1),
    (6, "card 6 (TST #4) has no name: its 1 ruling(s) are skipped", 1),
]


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
@pytest.mark.parametrize(
    "fixture, expected_rulings, expected_problems, folded",
    [
        ("set.json", SET_RULINGS, SET_PROBLEMS, 3),
        (
            "AllPrintings.json",
            [
                ("Quiet Lantern", date(2020, 5, 1), "Quiet Lantern's ability counts", 1, "TS2/7"),
                ("Coral Lookout", date(2023, 6, 9), "Coral Lookout can block", 2, "TS2/8"),
                ("Quiet Lantern", date(2021, 11, 19), "If Quiet Lantern leaves", 3, "TS3/12"),
            ],
            [],
            1,
        ),
        ("bare_set.json", [("Coral Lookout", date(2023, 6, 9), "Coral Lookout can block", 1, "BAR/5")], [], 0),
    ],
)
def test_fixture_rulings(tmp_path, gz, fixture, expected_rulings, expected_problems, folded):
    path = as_file(tmp_path, MTGJSON / fixture, gz)
    rulings, problems, repeats = items(path)
    assert [(r.card, r.date, r.line, r.anchor) for r in rulings] == [(c, d, n, a) for c, d, _, n, a in expected_rulings]
    for ruling, (_, _, start, _, _) in zip(rulings, expected_rulings):
        assert ruling.text.startswith(start)
    assert len(rulings) == len(expected_rulings)
    assert all(r.lang == "en" and r.path == str(path) and r.origin is None for r in rulings)
    assert [(p.line, p.rulings) for p in problems] == [(line, n) for line, _, n in expected_problems]
    for problem, (_, fragment, _) in zip(problems, expected_problems):
        assert fragment in problem.message
    assert repeats == folded


@pytest.mark.parametrize(
    "fixture, raw_rulings",
    [("set.json", 12), ("AllPrintings.json", 4), ("bare_set.json", 1)],
)
def test_every_ruling_in_the_file_is_accounted_for(fixture, raw_rulings):
    """Rulings written in the file = yielded + rejected + folded, as kb's report needs."""
    rulings, problems, folded = items(MTGJSON / fixture)
    assert len(rulings) + sum(p.rulings for p in problems) + folded == raw_rulings


def test_text_is_kept_on_one_line():
    rulings, _, _ = items(MTGJSON / "set.json")
    assert rulings[1].text == "If Quiet Lantern leaves the battlefield, its effect still ends at end of turn."


@pytest.mark.parametrize(
    "fixture, pairs",
    [
        (
            "set.json",
            [
                ("Quiet Lantern", "Lanterna Quieta"),
                ("Ember Door // Ash Key", "Porta di Brace // Chiave di Cenere"),
                ("Ember Door", "Porta di Brace"),
                ("Ash Key", "Chiave di Cenere"),
            ],  # Tidal Clerk's "Italian" name is its English one: left out
        ),
        ("AllPrintings.json", [("Quiet Lantern", "Lanterna Quieta")]),  # once, though on two sets
        ("bare_set.json", [("Coral Lookout", "Vedetta del Corallo")]),
    ],
)
def test_italian_name_pairs(fixture, pairs):
    assert [(p.en, p.it) for p in mtgjson.names(MTGJSON / fixture)] == pairs


def test_prepare_gathers_the_pairs_of_all_files_once():
    prepass = prepare([MTGJSON / "set.json", MTGJSON / "AllPrintings.json", MTGJSON / "bare_set.json"])
    assert prepass.pairs[0] == NamePair("Quiet Lantern", "Lanterna Quieta")
    assert len(prepass.pairs) == len(set(prepass.pairs)) == 5
    assert prepass.problems == () and dict(prepass.oracle) == {}


def test_face_name_goes_with_a_one_face_italian_name(tmp_path):
    card = {"name": "Dusk // Dawn", "faceName": "Dusk", "foreignData": [{"language": "Italian", "name": "Tramonto"}]}
    path = tmp_path / "set.json"
    path.write_text(json.dumps({"meta": {}, "data": {"cards": [card]}}))
    assert list(mtgjson.names(path)) == [NamePair("Dusk", "Tramonto")]


@pytest.mark.parametrize(
    "prefix, expected",
    [
        ("cards.item", ""),
        ("data.cards.item", ""),
        ("data.C19.cards.item", "C19"),
        ("data.C19.tokens.item", None),
        ("data.C19.booster.default.sheets.common.cards.item", None),
        ("data.cards.item.foreignData.item", None),
        ("meta.cards.item", None),
    ],
)
def test_card_set(prefix, expected):
    assert mtgjson.card_set(prefix) == expected


# --- bad input: located, counted, never an exception; what came before is kept ------------------

SET_BYTES = (MTGJSON / "set.json").read_bytes()
GZ = gzip.compress(SET_BYTES, mtime=0)
CUT = SET_BYTES.index(b'"faceName": "Ash Key"')  # inside card 4


@pytest.mark.parametrize(
    "name, filename, content, kept, line, fragment, whole_file",
    [
        ("invalid JSON at the start", "bad.json", b'{"meta": {}, "data": {cards: []}}', 0, 1, "invalid JSON", True),
        ("invalid JSON after 3 cards", "bad.json", SET_BYTES[:CUT] + b"oops", 3, 4, "invalid JSON", False),
        ("truncated JSON", "cut.json", SET_BYTES[:CUT], 3, 4, "ends too early", False),
        ("truncated gzip", "cut.json.gz", GZ[: len(GZ) * 2 // 3], None, None, "gzip file is truncated", None),
        ("corrupt gzip", "bad.json.gz", GZ[:40] + bytes(64) + GZ[104:], 0, 1, "gzip file is corrupt", True),
        # gzip checks the checksum as it reads the last block, and drops that block (here all)
        ("gzip with a bad checksum", "crc.json.gz", GZ[:-8] + bytes(4) + GZ[-4:], 0, 1, "CRC check failed", True),
        ("not MTGJSON", "other.json", b'{"meta": {"x": 1}, "data": {"rows": [1, 2]}}', 0, 1, "no MTGJSON cards", True),
        ("no cards at all", "empty.json", b'{"meta": {}, "data": {"cards": []}}', 0, 1, "no MTGJSON cards", True),
        ("a card that is not an object", "odd.json", b'{"data": {"cards": ["Quiet Lantern"]}}', 0, 1, "card 1 is not a JSON object", False),
        ("not UTF-8", "latin.json", SET_BYTES.replace(b"Quieta", "Quietà".encode("latin-1")), 0, 1, "UTF8", True),
    ],
)
def test_bad_input_is_a_located_problem(write, name, filename, content, kept, line, fragment, whole_file):
    path = write(filename, content)
    rulings, problems, _ = items(path)
    assert problems, name
    last = problems[-1]
    assert fragment in last.message
    if kept is not None:
        assert len(rulings) == kept
        assert (last.line, last.file) == (line, whole_file)
    good = [(r.card, r.date, r.text, r.line) for r in items(MTGJSON / "set.json")[0]]
    assert [(r.card, r.date, r.text, r.line) for r in rulings] == good[: len(rulings)]  # the first good ones


def test_a_problem_names_what_was_kept(write):
    path = write("cut.json", SET_BYTES[:CUT])
    *_, last = [i for i in read(path, "mtgjson") if isinstance(i, Problem)]
    assert last.message == (
        "the JSON ends too early (is the file truncated?); "
        "the rulings of the first 3 cards are kept, the rest is skipped"
    )


# --- the real set files (skipped without the shared corpus) -------------------------------------


def corpus_file(name: str) -> Path:
    root = corpus_dir()
    path = root / "mtgjson" / name if root else None
    if path is None or not path.exists():
        pytest.skip(f"no real MTGJSON file {name}: set KB_CORPUS to the shared corpus folder (with mtgjson/)")
    return path


@pytest.mark.parametrize(
    "name, cards, rulings, folded, pairs",
    [
        ("C19.json.gz", 305, 899, 39, 279),
        ("SOI.json.gz", 335, 737, 144, 347),
        ("C20.json.gz", 323, 914, 2, 320),
    ],
)
def test_real_set_counts(name, cards, rulings, folded, pairs):
    path = corpus_file(name)
    found, problems, repeats = items(path)
    assert (sum(1 for _ in mtgjson.cards(path)), len(found), repeats, len(list(mtgjson.names(path)))) == (
        cards,
        rulings,
        folded,
        pairs,
    )
    assert problems == []


def test_real_c19_sudden_substitution():
    path = corpus_file("C19.json.gz")
    rulings, _, _ = items(path)
    sudden = [r for r in rulings if r.card == "Sudden Substitution"]
    assert len(sudden) == 8 and {r.date for r in sudden} == {date(2019, 8, 23)}
    assert any("split second" in r.text for r in sudden)
    assert NamePair("Sudden Substitution", "Sostituzione Improvvisa") in set(mtgjson.names(path))


def test_real_two_faced_cards_are_named_a_slash_b():
    path = corpus_file("SOI.json.gz")
    cards = {r.card for r in items(path)[0]}
    assert "Archangel Avacyn // Avacyn, the Purifier" in cards
    assert "Archangel Avacyn" not in cards
    english = [json.loads(line) for line in (corpus_dir() / "rulings_en.jsonl").read_text(encoding="utf-8").splitlines()]
    known = {o["card"] for o in english}
    assert cards <= known  # named as the English corpus names them


MEASURE = textwrap.dedent(
    """
    import resource, sys
    from pathlib import Path
    from kb.ingest.importers import read
    count = sum(1 for _ in read(Path(sys.argv[1]), "mtgjson"))
    print(count, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """
)


def synthetic_all_printings(path: Path, source: Path, copies: int) -> int:
    """An AllPrintings of ``copies`` copies of one real set, written piece by piece; its size."""
    blob = json.dumps(json.load(gzip.open(source)), ensure_ascii=False).encode()
    with path.open("wb") as out:
        out.write(b'{"meta": {"version": "5.2.2"}, "data": {')
        for n in range(copies):
            out.write(b"%s\"S%04d\": " % (b", " if n else b"", n) + blob)
        out.write(b"}}")
    return path.stat().st_size


def peak_kib(path: Path) -> tuple[int, int]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    count, peak = done.stdout.split()
    return int(count), int(peak)


def test_memory_stays_flat_when_streaming_a_large_file(tmp_path):
    source = corpus_file("C19.json.gz")
    small = synthetic_all_printings(tmp_path / "small.json", source, 2)
    large = synthetic_all_printings(tmp_path / "large.json", source, 30)
    small_items, small_peak = peak_kib(tmp_path / "small.json")
    large_items, large_peak = peak_kib(tmp_path / "large.json")
    assert small_items == large_items  # the same rulings, the copies folded
    growth_kib = large_peak - small_peak
    assert large - small > 40 << 20  # the file grew by more than 40 MiB ...
    assert growth_kib < 16 << 10, f"memory grew by {growth_kib} KiB for {(large - small) >> 20} MiB more input"
