"""Scryfall importer: the cards file's names, the rulings named through it, bad input, memory."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path

import pytest

from kb.ingest.importers import prepare, read, scryfall
from kb.ingest.importers.common import NamePair, Repeats
from kb.ingest.readers import Problem, RawRuling

from .conftest import FIXTURES, ROOT

SCRYFALL = FIXTURES / "scryfall"
CARDS = SCRYFALL / "cards.json"
RULINGS = SCRYFALL / "rulings.json"
QUIET, EMBER, TIDAL, PALE = (f"0a1b2c3d-0000-4000-8000-00000000000{n}" for n in (1, 2, 3, 4))


def split(items) -> tuple[list[RawRuling], list[Problem], int]:
    out = list(items)
    rulings = [i for i in out if isinstance(i, RawRuling)]
    problems = [i for i in out if isinstance(i, Problem)]
    folded = sum(i.count for i in out if isinstance(i, Repeats))
    return rulings, problems, folded


def gzipped(tmp_path: Path, source: Path) -> Path:
    target = tmp_path / f"{source.name}.gz"
    target.write_bytes(gzip.compress(source.read_bytes()))
    return target


# --- the cards file: oracle ids and Italian names --------------------------------------------------


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_cards_file_maps_oracle_ids_and_italian_names(tmp_path, gz):
    cards = scryfall.load_cards(gzipped(tmp_path, CARDS) if gz else CARDS)
    assert dict(cards.oracle) == {
        QUIET: "Quiet Lantern",
        EMBER: "Ember Door // Ash Key",
        TIDAL: "Tidal Clerk",
        PALE: "Pale Twin",  # a reversible card: its oracle id is on its faces
    }
    assert cards.pairs == (
        NamePair("Quiet Lantern", "Lanterna Quieta"),  # once, though printed twice in Italian
        NamePair("Ember Door // Ash Key", "Porta di Brace // Chiave di Cenere"),  # from the faces
    )  # Tidal Clerk's Italian printing keeps the English name; the French one is not Italian
    assert cards.problems == ()


@pytest.mark.parametrize(
    "card, expected",
    [
        ({"lang": "it", "name": "Quiet Lantern", "printed_name": "Lanterna Quieta"}, ("Quiet Lantern", "Lanterna Quieta")),
        ({"lang": "en", "name": "Quiet Lantern", "printed_name": "Lanterna Quieta"}, None),
        ({"lang": "it", "name": "Quiet Lantern"}, None),
        ({"lang": "it", "name": "Quiet Lantern", "printed_name": "quiet  lantern"}, None),
        (
            {"lang": "it", "name": "A // B", "card_faces": [{"printed_name": "Uno"}, {"printed_name": "Due"}]},
            ("A // B", "Uno // Due"),
        ),
        ({"lang": "it", "name": "A // B", "card_faces": [{"printed_name": "Uno"}, {"name": "B"}]}, None),
    ],
)
def test_italian_pair(card, expected):
    pair = scryfall.italian_pair(card)
    assert (pair and (pair.en, pair.it)) == expected


# --- the rulings file ------------------------------------------------------------------------------

EXPECTED_RULINGS = [
    # card, date, origin, line (index in the file), anchor (oracle id)
    ("Quiet Lantern", date(2020, 5, 1), "wotc", 1, QUIET),
    ("Quiet Lantern", date(2021, 11, 19), "scryfall", 2, QUIET),
    ("Ember Door // Ash Key", date(2022, 2, 18), "wotc", 3, EMBER),
    ("Pale Twin", date(2023, 3, 10), "scryfall", 8, PALE),
]
EXPECTED_PROBLEMS = [
    (5, "ruling 5: missing or empty 'published_at'"),
    (6, "ruling 6 ('Tidal Clerk'): impossible date '2019-13-01'"),
    (7, "ruling 7: oracle_id 0a1b2c3d-0000-4000-8000-000000000099 is in none of the cards files given"),
    (9, "ruling 9 is not a JSON object"),
    (10, "ruling 10: expected a ruling object, found 'card'"),
]


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_rulings_named_through_the_cards_file(tmp_path, gz):
    path = gzipped(tmp_path, RULINGS) if gz else RULINGS
    oracle = scryfall.load_cards(CARDS).oracle
    rulings, problems, folded = split(scryfall.read_rulings(path, oracle))
    assert [(r.card, r.date, r.origin, r.line, r.anchor) for r in rulings] == EXPECTED_RULINGS
    assert all(r.lang == "en" and r.path == str(path) for r in rulings)
    assert rulings[1].text == "The effect of Quiet Lantern lasts until end of turn even if it leaves the battlefield."
    assert [(p.line, p.rulings, p.file) for p in problems] == [(line, 1, False) for line, _ in EXPECTED_PROBLEMS]
    for problem, (_, fragment) in zip(problems, EXPECTED_PROBLEMS):
        assert problem.message.startswith(fragment)
    assert folded == 1  # ruling 4 repeats ruling 1
    assert len(rulings) + sum(p.rulings for p in problems) + folded == 10  # every ruling in the file


@pytest.mark.parametrize("oracle", [None, {}], ids=["none", "empty"])
def test_rulings_without_a_cards_file_are_one_problem_that_names_the_fix(oracle):
    rulings, problems, folded = split(scryfall.read_rulings(RULINGS, oracle))
    assert rulings == [] and folded == 0
    [problem] = problems
    assert (problem.line, problem.rulings, problem.file) == (1, 10, True)
    assert "give a Scryfall cards file" in problem.message and "kb ingest rulings.json" in problem.message


def test_prepare_and_read_pair_the_two_files():
    prepass = prepare([RULINGS, CARDS])  # in any order
    assert prepass.oracle[QUIET] == "Quiet Lantern"
    assert NamePair("Quiet Lantern", "Lanterna Quieta") in prepass.pairs
    assert list(read(CARDS, oracle=prepass.oracle)) == []  # names only: nothing to ingest
    rulings, _, _ = split(read(RULINGS, oracle=prepass.oracle))
    assert [r.card for r in rulings] == [card for card, *_ in EXPECTED_RULINGS]


# --- bad input -------------------------------------------------------------------------------------

RULINGS_BYTES = RULINGS.read_bytes()
CUT = RULINGS_BYTES.index(b'{"object": "ruling", "oracle_id": "0a1b2c3d-0000-4000-8000-000000000003", "source": "wotc", "comment"')
ORACLE = {QUIET: "Quiet Lantern", EMBER: "Ember Door // Ash Key", TIDAL: "Tidal Clerk", PALE: "Pale Twin"}


@pytest.mark.parametrize(
    "name, filename, content, kept, line, fragment, whole_file",
    [
        ("truncated JSON", "cut.json", RULINGS_BYTES[:CUT], 3, 5, "ends too early", False),
        ("invalid JSON", "bad.json", RULINGS_BYTES[:CUT] + b"}", 3, 5, "invalid JSON", False),
        ("invalid from the start", "bad.json", b"[{oops}]", 0, 1, "invalid JSON", True),
        ("corrupt gzip", "bad.json.gz", gzip.compress(RULINGS_BYTES, mtime=0)[:30] + bytes(40), 0, 1, "gzip file", True),
        ("empty array", "none.json", b"[]", 0, 1, "no rulings in this Scryfall rulings file", True),
    ],
)
def test_bad_rulings_file(write, name, filename, content, kept, line, fragment, whole_file):
    rulings, problems, _ = split(scryfall.read_rulings(write(filename, content), ORACLE))
    assert len(rulings) == kept, name
    last = problems[-1]
    assert fragment in last.message
    assert (last.line, last.file) == (line, whole_file)


@pytest.mark.parametrize(
    "name, content, oracle_size, line, fragment, whole_file",
    [
        ("truncated", CARDS.read_bytes()[: CARDS.read_bytes().index(b'"Tidal Clerk", "lang": "it"')], 3, 7, "ends too early", False),
        ("not an object", b'[{"oracle_id": "x", "name": "X", "lang": "en"}, "card"]', 1, 2, "card 2 is not a JSON object", False),
        ("empty", b"[]", 0, 1, "no cards in this Scryfall cards file", True),
        ("invalid", b"[{]", 0, 1, "invalid JSON", True),
    ],
)
def test_bad_cards_file(write, name, content, oracle_size, line, fragment, whole_file):
    cards = scryfall.load_cards(write("cards.json", content))
    assert len(cards.oracle) == oracle_size, name
    [problem] = cards.problems
    assert fragment in problem.message
    assert (problem.line, problem.file, problem.rulings) == (line, whole_file, 0)


# --- memory: a cards file is streamed, only the small map is kept ------------------------------

MEASURE = textwrap.dedent(
    """
    import resource, sys
    from pathlib import Path
    from kb.ingest.importers.scryfall import load_cards
    cards = load_cards(Path(sys.argv[1]))
    print(len(cards.oracle), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """
)


def synthetic_cards(path: Path, count: int) -> int:
    """An all_cards-like file of ``count`` printings of 500 cards, each with 2 KB of other fields."""
    padding = {"oracle_text": "x" * 1500, "legalities": {f"format{n}": "legal" for n in range(20)}, "cmc": 3.0}
    with path.open("w", encoding="utf-8") as out:
        out.write("[")
        for n in range(count):
            card = {"object": "card", "oracle_id": f"oracle-{n % 500}", "name": f"Card {n % 500}", "lang": "en", **padding}
            out.write(("," if n else "") + json.dumps(card))
        out.write("]")
    return path.stat().st_size


def test_memory_stays_flat_when_streaming_a_large_cards_file(tmp_path):
    sizes, peaks = [], []
    for count in (1_000, 40_000):
        path = tmp_path / f"cards-{count}.json"
        sizes.append(synthetic_cards(path, count))
        done = subprocess.run([sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, check=True, cwd=ROOT)
        oracle, peak = map(int, done.stdout.split())
        assert oracle == 500
        peaks.append(peak)
    assert sizes[1] - sizes[0] > 60 << 20
    assert peaks[1] - peaks[0] < 16 << 10, f"memory grew by {peaks[1] - peaks[0]} KiB"
