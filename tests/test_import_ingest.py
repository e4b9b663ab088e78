"""The importers inside kb ingest: Scryfall's source kept on records, MTGJSON names in the names
table, and, on the real files, Italian rulings paired with the official English ones."""

from __future__ import annotations

import json

import pytest

from kb.cli import main

from .conftest import DATA, FIXTURES, corpus_dir


def kb(runner, *args):
    return runner.invoke(main, [str(a) for a in args])


def test_scryfall_fixtures_keep_their_source(runner, tmp_path):
    index = tmp_path / "index"
    folder = FIXTURES / "scryfall"
    result = kb(runner, "ingest", folder / "rulings.json", folder / "cards.json", "--index", index, "--json")
    report = json.loads(result.stdout)
    assert report["rulings"]["read"] == report["rulings"]["ingested"] + report["rulings"]["rejected"] + report["rulings"]["duplicates"]
    exported = kb(runner, "export", "--format", "jsonl", "--index", index).stdout
    records = [json.loads(line) for line in exported.splitlines()]
    assert records and {r["origin"] for r in records} <= {"wotc", "scryfall"}
    assert {r["origin"] for r in records} == {"wotc", "scryfall"}
    # the source survives a round trip through JSON Lines
    again = tmp_path / "again"
    (tmp_path / "all.jsonl").write_text(exported)
    kb(runner, "ingest", tmp_path / "all.jsonl", "--index", again)
    back = [json.loads(line) for line in kb(runner, "export", "--format", "jsonl", "--index", again).stdout.splitlines()]
    assert [r["origin"] for r in back] == [r["origin"] for r in records]


def test_mtgjson_fixture_names_reach_the_names_table(runner, tmp_path):
    index = tmp_path / "index"
    assert kb(runner, "ingest", FIXTURES / "mtgjson" / "set.json", "--index", index).exit_code == 0
    cards = kb(runner, "export", "--format", "jsonl", "--index", index).stdout
    assert any(json.loads(line)["card_names"].get("it") for line in cards.splitlines())


@pytest.fixture(scope="module")
def real(corpus_index):
    """The real MTGJSON set files and English rulings with the bundled data (conftest)."""
    return str(corpus_index.path)


def test_italian_rulings_pair_with_the_official_english(runner, tmp_path, monkeypatch):
    root = corpus_dir()
    if root is None:
        pytest.skip("no corpus at ../shared/corpus (set KB_CORPUS): the real MTGJSON files are needed")
    index = tmp_path / "index"
    monkeypatch.setenv("KB_DATA", str(tmp_path))  # no bundled names table: C19 brings the names
    result = kb(runner, "ingest", DATA / "rulings_it", root / "mtgjson" / "C19.json.gz", "--index", index)
    data = json.loads(kb(runner, "card", "Sostituzione Improvvisa", "--json", "--index", index).stdout)
    by_id = {r["id"]: r for r in data["results"]}
    assert sum(r["lang"] == "en" for r in data["results"]) == 8 and sum(r["lang"] == "it" for r in data["results"]) == 13
    assert len(data["pairs"]) == 7
    starts = {by_id[it]["text"][:12]: by_id[en]["text"][:12] for it, en in data["pairs"]}
    assert starts == {
        "Un'abilità d": "A mana abili",
        "Se una magia": "If a permane",
        "Se lo scambi": "If the excha",
        "Se la magia ": "If the targe",
        "In una parti": "In a multipl",
        "Lo scambio d": "The exchange",
        "La magia non": "The noncreat",
    }
    assert result.exit_code == 0


@pytest.mark.parametrize(
    "name, english",
    [
        ("Sudden Substitution", "Sudden Substitution"),  # Italian-only file, by English name
        ("Geode", "Geode Rager"),  # partial
        ("Wilbender", "Willbender"),  # misspelled
        ("Stretta di Krosa", "Krosan Grip"),  # English rulings by Italian name
        ("Soggiogatore", "Willbender"),
    ],
)
def test_cards_by_any_name(runner, real, name, english):
    data = json.loads(kb(runner, "card", name, "--json", "--index", real).stdout)
    assert english in (data["card"]["names"].get("en"), *data["card"]["written"])
    assert data["total"] > 0
