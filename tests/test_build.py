"""Parallel builds: cutting files into units, sharing them among workers, merging the parts."""

from __future__ import annotations

import json

import pytest

from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.index.parts import partition, units_for
from kb.ingest.collect import Unit, ingest, units_of


@pytest.fixture
def big_jsonl(write):
    lines = [json.dumps({"card": f"Card {k}", "date": "2021-01-01", "text": f"Ruling number {k}."}) for k in range(4000)]
    lines[123] = "{broken"
    return write("big.jsonl", "\n".join(lines) + "\n")


def test_a_large_json_lines_file_is_cut_at_line_ends(big_jsonl):
    units = units_of(big_jsonl, chunk=2000)
    assert len(units) > 5
    assert units[0].start == 0 and units[-1].end is None
    assert all(a.end == b.start for a, b in zip(units, units[1:]))
    data = big_jsonl.read_bytes()
    assert all(data[u.start - 1 : u.start] == b"\n" for u in units[1:])
    lines_before = [data[: u.start].count(b"\n") + 1 for u in units]
    assert [u.first_line for u in units] == lines_before


@pytest.fixture
def in_parallel(monkeypatch):
    """Build with worker processes even for small test input."""
    monkeypatch.setattr("kb.index.parts.PARALLEL_BYTES", 0)


def test_cutting_changes_nothing_but_the_speed(tmp_path, big_jsonl, in_parallel):
    whole, report = ingest([big_jsonl])
    location = Location(tmp_path / "index")

    parallel = ingest_into(location, [big_jsonl], [])
    assert len(location.require().shards) > 1
    assert parallel.summary() == report.summary()
    assert [str(p) for p in parallel.problems] == [str(p) for p in report.problems] == [
        f"{big_jsonl}:124: invalid JSON (Expecting property name enclosed in double quotes at column 2)"
    ]


@pytest.mark.parametrize(
    "sizes, parts, expected",
    [
        ([1, 1, 1, 1], 2, [2, 2]),
        ([4, 1, 1, 1, 1], 2, [1, 4]),
        ([1] * 9, 3, [3, 3, 3]),
        ([5], 4, [1]),
        ([1, 1], 1, [2]),
    ],
)
def test_partition_keeps_order_and_balances(tmp_path, sizes, parts, expected):
    units = [Unit(tmp_path / f"{k}.txt", 0, size, 1) for k, size in enumerate(sizes)]
    groups = partition(units, parts)
    assert [len(g) for g in groups] == expected
    assert [u for g in groups for u in g] == units


def test_units_for_cuts_big_files_for_the_workers(big_jsonl):
    assert len(units_for([big_jsonl], 1)) == 1
    assert len(units_for([big_jsonl], 2)) >= 2


def test_a_ruling_in_two_parts_is_kept_once_with_its_pairing(tmp_path, write, in_parallel):
    """The same Italian ruling in the first and the last part: one record, still paired."""

    ruling = "Card\n\n19/03/2021\n\nUna carta con follia che viene scartata conta come scartata.\n"
    write("parts/a.txt", ruling)
    filler = "".join(f"\n{k % 28 + 1:02d}/01/2020\n\nFiller ruling {k} about nothing.\n" for k in range(3000))
    write("parts/b.txt", "Other\n" + filler)
    write("parts/c.txt", ruling)
    write("parts/d.txt", "Card\n\n19/03/2021\n\nA card with madness that is discarded counts as discarded.\n")
    location = Location(tmp_path / "index")
    report = ingest_into(location, [tmp_path / "parts"], [])
    gen = location.require()
    assert len(gen.shards) > 1
    assert report.duplicates == 1 and report.adds_up
    assert len(gen.read_json("pairs.json")) == 1
    assert gen.read_json("stats.json")["rulings"] == {"it": 1, "en": 3001}


def test_a_shared_text_is_found_through_its_carrier_after_a_duplicate_is_dropped(tmp_path, write, in_parallel):
    """Y shares its text with X; in the second part X is a duplicate (dropped) and was the
    document carrying the text: Y must still be found by the words of that text."""
    from kb.index.store import Store
    from kb.search.run import search

    text = "Zebrafish rulings are exotic."
    write("parts/a.jsonl", json.dumps({"card": "Xcard", "date": "2021-01-01", "text": text}) + "\n")
    filler = "".join(json.dumps({"card": f"F{k}", "date": "2020-01-01", "text": f"Filler {k}."}) + "\n" for k in range(4000))
    write("parts/b.jsonl", filler)
    write("parts/c.jsonl", "".join(json.dumps({"card": card, "date": "2021-01-01", "text": text}) + "\n" for card in ("Xcard", "Ycard")))
    location = Location(tmp_path / "index")
    report = ingest_into(location, [tmp_path / "parts"], [])
    assert len(location.require().shards) > 1 and report.duplicates == 1
    with Store(location.require()) as store:
        found = search(store, "zebrafish", limit=0, all_cards=True)
        assert sorted(h.record.card for h in found.hits) == ["Xcard", "Ycard"]
        assert found.total == 2
