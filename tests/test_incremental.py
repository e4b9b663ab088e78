"""Bringing an index up to date: nothing to do, one file changed, added, removed; always the
same rulings and counts as a full rebuild."""

from __future__ import annotations

import json
import os

import pytest

from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.index.store import Store

GOOD = "19/03/2021\n\n{text}\n"


@pytest.fixture
def sources(tmp_path, write):
    write("src/a.txt", "Alpha\n\n" + GOOD.format(text="Alpha rules on goad."))
    write("src/b.txt", "Beta\n\n" + GOOD.format(text="Beta rules on madness.") + "\n31/02/2021\n\nBad date.\n")
    write("src/c.jsonl", "".join(
        json.dumps({"card": card, "date": "2020-01-01", "text": "Gamma text."}) + "\n" for card in ("Gamma", "Gamma Two")
    ))
    return tmp_path / "src"


def state(location: Location) -> tuple:
    """Every ruling, the statistics, and what searches for words of the texts find."""
    from kb.search.run import search

    with Store(location.require()) as store:
        records = sorted((r.id, r.card, r.text) for r in store.records(store.index.alive))
        found = {q: sorted(h.record.id for h in search(store, q, limit=0).hits) for q in WORDS}
        return records, store.stats, found


WORDS = ["rules", "alpha", "madness", '"split second"', "card", "gamma"]


def full_state(tmp_path, folder) -> tuple:
    fresh = Location(tmp_path / "fresh")
    report = ingest_into(fresh, [folder], [], full=True)
    return state(fresh), report.summary()


def test_nothing_changed_is_a_no_op(tmp_path, sources):
    location = Location(tmp_path / "index")
    first = ingest_into(location, [sources], [])
    live = (location.path / "CURRENT").read_text()
    again = ingest_into(location, [sources], [])
    assert again.updated and again.changed == ()
    assert (location.path / "CURRENT").read_text() == live
    assert again.summary() == first.summary()
    assert [str(p) for p in again.problems] == [str(p) for p in first.problems]


@pytest.mark.parametrize("how", ["ingest", "search"])
def test_touched_sources_are_read_once_then_recorded(tmp_path, sources, monkeypatch, how):
    """A source whose time changed but whose content didn't (a copy, a checkout) is read once to
    compare checksums; its new time is then recorded, so later checks don't read it again."""
    from kb.index.refresh import refresh
    from kb.ingest import sources as source_files

    location = Location(tmp_path / "index")
    ingest_into(location, [sources], [])
    live = (location.path / "CURRENT").read_text()
    for path in sources.iterdir():
        os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    read = []
    real = source_files.fingerprint
    monkeypatch.setattr(source_files, "fingerprint", lambda path: read.append(path.name) or real(path))
    for _ in range(2):
        if how == "ingest":
            assert ingest_into(location, [sources], []).changed == ()
        else:
            assert not refresh(location).built
    assert sorted(read) == ["a.txt", "b.txt", "c.jsonl"]  # once each, by the first of the two
    assert (location.path / "CURRENT").read_text() == live
    assert location.require().problems(checksums=True) == []


@pytest.mark.parametrize(
    "change",
    [
        lambda src: (src / "a.txt").write_text("Alpha\n\n" + GOOD.format(text="Alpha now rules on split second.")),
        lambda src: (src / "b.txt").write_text("Beta\n\n" + GOOD.format(text="Beta rules on madness.")),
        lambda src: (src / "d.txt").write_text("Delta\n\n" + GOOD.format(text="A new card.")),
        lambda src: (src / "c.jsonl").unlink(),
        lambda src: (src / "d.txt").write_text("Alpha\n\n" + GOOD.format(text="Alpha rules on goad.")),
    ],
    ids=["changed", "error fixed", "added", "removed", "added duplicate"],
)
def test_an_update_equals_a_full_rebuild(tmp_path, sources, change):
    location = Location(tmp_path / "index")
    ingest_into(location, [sources], [])
    before = location.require()
    change(sources)
    report = ingest_into(location, [sources], [])
    assert report.updated and len(report.changed) == 1
    assert report.adds_up
    expected, summary = full_state(tmp_path, sources)
    assert state(location) == expected
    assert report.summary() == summary
    # the unchanged shard was linked, not rewritten
    old, new = before.shards[0].path, location.require().shards[0].path
    segment = next(p.name for p in old.iterdir() if p.suffix == ".pst")
    assert os.stat(old / segment).st_ino == os.stat(new / segment).st_ino


def test_changing_a_file_that_others_duplicate_rebuilds_everything(tmp_path, sources):
    (sources / "d.txt").write_text("Alpha\n\n" + GOOD.format(text="Alpha rules on goad."))
    location = Location(tmp_path / "index")
    ingest_into(location, [sources], [])
    (sources / "a.txt").write_text("Alpha\n\n" + GOOD.format(text="Something else."))
    report = ingest_into(location, [sources], [])
    assert not report.updated
    expected, summary = full_state(tmp_path, sources)
    assert state(location) == expected and report.summary() == summary


def test_other_inputs_rebuild(tmp_path, sources):
    location = Location(tmp_path / "index")
    ingest_into(location, [sources], [])
    report = ingest_into(location, [sources / "a.txt"], [])
    assert not report.updated and report.ingested == 1


@pytest.mark.parametrize("data_file", ["vocab/tags.yaml", "vocab/lexicon.tsv", "vocab/glossary.yaml",
                                       "checks/claims/goad.yaml", "checks/claims/cost.yaml",
                                       "vocab/claim_classifier.zip"])
def test_every_file_that_shapes_records_is_in_the_fingerprint(data_file):
    """Tags, lexicon, claims (whose phrasings decide the links) and the claim classifier all
    shape the records: an index built with other ones must be rebuilt."""
    from kb.index.manifest import vocabulary_files

    assert any(path.as_posix().endswith("kb/" + data_file) for path in vocabulary_files())


def test_search_only_data_is_not_in_the_fingerprint():
    """The questions asked of the rulings are read by searches alone: a change to them keeps the index."""
    from kb.index.manifest import vocabulary_files

    files = [path.as_posix() for path in vocabulary_files()]
    assert files and not any("/vocab/asked/" in path for path in files)
