"""Pairing Italian rulings with their English counterparts; shared rulings; the fragments report."""

from __future__ import annotations

import json
from datetime import date

import pytest

from kb.cli import main
from kb.index.pairing import pair_day, pair_translations
from kb.ingest.collect import ingest
from kb.records import Ruling, ruling_id
from kb.search.run import search

from .conftest import NAMES, SOURCES


def ruling(text: str, lang: str, line: int, card: str = "Card", day: date = date(2021, 3, 19), **kw) -> Ruling:
    return Ruling(ruling_id(card, day, text), card, {"it": "Carta", "en": "Card"}, day, lang, False, text,
                  source=f"{lang}.txt:{line}", **kw)


@pytest.fixture(scope="module")
def bundled():
    records, _ = ingest(SOURCES, name_files=NAMES)
    return records


def test_every_bundled_italian_ruling_pairs_with_its_translation(bundled):
    pairs = pair_translations(bundled)
    by_id = {r.id: r for r in bundled}
    italian = [r for r in bundled if r.lang == "it"]
    assert len(pairs) == len(italian) == 27
    for it_id, en_id in pairs.items():
        it, en = by_id[it_id], by_id[en_id]
        # the English files mirror the Italian ones block by block: the same line is the translation
        assert (it.key, it.date, it.source.rsplit(":", 1)[1]) == (en.key, en.date, en.source.rsplit(":", 1)[1])


def test_pairing_needs_the_same_card_and_date(bundled):
    moved = [r if r.lang == "it" else Ruling(**{**r.__dict__, "date": date(2000, 1, 1)}) for r in bundled]
    assert pair_translations(moved) == {}


@pytest.mark.parametrize(
    "italian, english, expected",
    [
        # content, not order, decides: the English rulings come in another order
        (["Il costo totale aumenta di {2}.", "Lo scambio dura indefinitamente per Chalice of the Void."],
         ["The exchange lasts indefinitely for Chalice of the Void.", "The total cost increases by {2}."],
         {0: 1, 1: 0}),
        # nothing in common: no pair rather than a wrong one
        (["Il costo totale aumenta di {2}."], ["Goaded creatures attack each combat if able."], {}),
        # more English rulings than Italian ones: the translation is found among them
        (["La magia non creatura è ancora in pila dopo lo scambio di controllo."],
         ["Players may turn face-down creatures face up.",
          "The noncreature spell is still on the stack after control is exchanged.",
          "A mana ability is an ability that makes mana."],
         {0: 1}),
    ],
)
def test_alignment_by_content(italian, english, expected):
    its = [ruling(t, "it", 5 + 4 * k) for k, t in enumerate(italian)]
    ens = [ruling(t, "en", 5 + 4 * k) for k, t in enumerate(english)]
    found = {it: en for it, en, _ in pair_day(its, ens)}
    assert found == {its[i].id: ens[j].id for i, j in expected.items()}


def test_card_shows_pairs_and_show_shows_the_translation(runner, tmp_path):
    index = str(tmp_path / "index")
    runner.invoke(main, ["ingest", *map(str, SOURCES), "--names", str(NAMES[0]), "--index", index])
    data = json.loads(runner.invoke(main, ["card", "Sostituzione Improvvisa", "--json", "--index", index]).stdout)
    assert len(data["pairs"]) == 13
    it_id, en_id = data["pairs"][0]
    shown = json.loads(runner.invoke(main, ["show", it_id, "--json", "--index", index]).stdout)
    assert shown["translation"]["id"] == en_id and shown["translation"]["lang"] == "en"
    human = runner.invoke(main, ["card", "Sudden Substitution", "--index", index]).stdout
    assert "13 in Italian, 13 in English; 13 paired" in human and "  ↔ " in human


def test_export_pairs_and_fragments_report(runner, tmp_path):
    index = str(tmp_path / "index")
    runner.invoke(main, ["ingest", *map(str, SOURCES), "--names", str(NAMES[0]), "--index", index])
    pairs = runner.invoke(main, ["export", "--pairs", "--card", "vampira", "--format", "jsonl", "--index", index])
    rows = [json.loads(line) for line in pairs.stdout.splitlines()]
    assert len(rows) == 9 and all(row["id_it"] and row["id_en"] for row in rows)
    report = runner.invoke(main, ["fragments", "--format", "json", "--index", index])
    found = json.loads(report.stdout)["fragments"]
    assert sorted(f for row in found for f in row["fragments"]) == [
        "and the spell that card becomes, if you choose to cast it",
        "split second",
        "such as a madness cost",
    ]
    assert all(row["id_en"] for row in found)


def test_shared_rulings_collapse(tmp_path, write):
    text = "To determine the total cost of a spell, add any cost increases, then apply any cost reductions."
    lines = [json.dumps({"card": card, "date": "2021-01-01", "text": text}) for card in ("A", "B", "C")]
    lines.append(json.dumps({"card": "D", "date": "2021-01-01", "text": "The total cost is locked in."}))
    source = write("shared.jsonl", "\n".join(lines) + "\n")
    from kb.index.build import ingest_into
    from kb.index.generations import Location
    from kb.index.store import Store

    location = Location(tmp_path / "index")
    ingest_into(location, [source], [])
    with Store(location.require()) as store:
        plain = search(store, '"total cost"', all_cards=True)
        collapsed = search(store, '"total cost"')
        assert (plain.total, collapsed.total) == (4, 2)
        assert sorted(h.also for h in collapsed.hits) == [0, 2]
        first = next(h.record for h in plain.hits if h.record.card == "A")
        assert sorted(store.shared_with(first)) == ["B", "C"]
