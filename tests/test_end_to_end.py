"""From files to search results: write ruling files, ingest them, search, look up, export."""

from __future__ import annotations

import json

from kb.export.formats import render
from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.index.store import Store
from kb.search.run import card_rulings, search, select


def test_files_to_search_results(tmp_path, write):
    write("it/krosa.txt", "Stretta di Krosa\n\n01/09/2006\n\nStretta di Krosa ha battibaleno.\n")
    write("en/krosan.txt", "Krosan Grip\n\n01/09/2006\n\nWhile Krosan Grip is on the stack, players\ncan't cast spells.\n")
    write("names.tsv", "Krosan Grip\tStretta di Krosa\n")
    write("more.jsonl", json.dumps({"card": "Krosan Grip", "date": "2021-03-19", "text": "Goad is unrelated."}) + "\n")
    location = Location(tmp_path / "index")
    report = ingest_into(location, [tmp_path / "it", tmp_path / "en", tmp_path / "more.jsonl"], [tmp_path / "names.tsv"])
    assert report.summary() == "files: 3 read, 0 rejected; rulings: 3 read = 3 ingested + 0 rejected + 0 duplicates"

    with Store(location.require()) as store:
        results = search(store, "split second")
        assert [(h.record.card, h.record.lang) for h in results.hits] == [("Stretta di Krosa", "it")]

        card, records, _ = card_rulings(store, "Krosan Grip")
        assert card.names == {"en": "Krosan Grip", "it": "Stretta di Krosa"}
        assert [r.lang for r in records] == ["en", "it", "en"]
        assert records[0].text == "While Krosan Grip is on the stack, players can't cast spells."

        hit = search(store, "card:krosa goad").hits[0].record
        assert hit.tags == ("goad",) and hit.source == f"{tmp_path / 'more.jsonl'}:1"
        assert store.get(hit.id) == hit

        exported = render(select(store), "jsonl").splitlines()
        assert [json.loads(line)["card"] for line in exported] == ["Krosan Grip", "Krosan Grip", "Stretta di Krosa"]
