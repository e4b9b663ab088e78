"""Questions asked of the rulings (kb.search.asked): the shipped questions are well formed, a
question worded like a written one finds its ruling across languages, and a search ranks that
ruling up within the query's strict part."""

from __future__ import annotations

import json
from importlib import resources

import pytest
import yaml

from kb.errors import ParseError
from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.index.store import Store
from kb.records import normalize_text
from kb.search import asked
from kb.search.run import search

CYCLING = ("Cycling is an activated ability. Effects that interact with activated abilities (such as Stifle or "
           "Rings of Brighthearth) will interact with cycling. Effects that interact with spells (such as Remove "
           "Soul or Faerie Tauntings) will not.")  # fmt: skip


def shipped_files():
    folder = resources.files("kb").joinpath(asked.FOLDER)
    return sorted((p for p in folder.iterdir() if p.name.endswith(".yaml")), key=lambda p: p.name)


def test_every_shipped_ruling_has_its_questions_in_both_languages():
    texts = []
    for path in shipped_files():
        for item in yaml.safe_load(path.read_text(encoding="utf-8")):
            assert set(item) == {"text", "en", "it"}, (path.name, item)
            assert len(item["en"]) >= 3 and len(item["it"]) >= 3, (path.name, item["text"][:60])
            assert all(len(q.split()) >= 3 for q in item["en"] + item["it"]), (path.name, item["text"][:60])
            texts.append(normalize_text(item["text"]))
    assert len(texts) > 1000
    assert len(set(texts)) == len(texts)  # one entry per ruling text


@pytest.mark.parametrize("source, line, message", [
    ("text: not a list\n", 1, "expected a list of rulings"),
    ("- text: A ruling.\n  en: [a question here]\n- en: [no text]\n", 3, "entry 2: expected a ruling's text"),
    ("- text: A ruling.\n  en: a string, not a list\n", 1, "entry 1: en must be a list of questions"),
    ("- text: A ruling.\n  en: [fine question here]\n  it: [1]\n", 1, "entry 1: it must be a list of questions"),
    ("- text: A ruling.\n  en: [fine question here]\n  it: ['']\n", 1, "entry 1: it must be a list of questions"),
])  # fmt: skip
def test_a_malformed_file_is_an_error_naming_it_and_the_line(source, line, message):
    with pytest.raises(ParseError, match=message) as caught:
        asked.entries(yaml.safe_load(source), "kb/vocab/asked/99.yaml", source)
    assert (caught.value.path, caught.value.line) == ("kb/vocab/asked/99.yaml", line)


def test_a_well_formed_file_gives_each_question_with_its_ruling_and_language():
    source = "- text: A ruling.\n  en: [an english question]\n  it: [una domanda italiana, un'altra domanda qui]\n"
    assert asked.entries(yaml.safe_load(source), "x.yaml", source) == [
        ("A ruling.", "en", "an english question"),
        ("A ruling.", "it", "una domanda italiana"),
        ("A ruling.", "it", "un'altra domanda qui"),
    ]


@pytest.fixture(scope="module")
def questions():
    return asked.Questions([
        ("Suspend ruling.", "it", "posso sospendere una stregoneria durante il turno dell'avversario?"),
        ("Suspend ruling.", "en", "exile a sorcery with suspend at instant speed"),
        ("Trample ruling.", "en", "does trample damage go through a chump blocker"),
        ("Trample ruling.", "it", "il danno da travolgere passa oltre la creatura che blocca?"),
        ("Cycling ruling.", "en", "can Stifle counter a cycling ability"),
        ("Deathtouch ruling.", "en", "does deathtouch damage from a blocked creature kill the blocker"),
    ])  # fmt: skip


@pytest.mark.parametrize("question, text", [
    ("can I suspend a sorcery in my opponent's turn?", "Suspend ruling."),  # English → an Italian question
    ("il travolgere assegna danno oltre il bloccante?", "Trample ruling."),  # Italian → an English question
    ("Stifle on cycling", "Cycling ruling."),
])  # fmt: skip
def test_a_question_worded_like_a_written_one_finds_its_ruling_in_either_language(questions, question, text):
    found = questions.similar(question)
    assert found and found[0].text == text, found
    assert found[0].similarity >= asked.LEAST


@pytest.mark.parametrize("question", ["how many lands can I play each turn", "banding", ""])
def test_a_question_like_none_finds_none(questions, question):
    assert questions.similar(question) == ()


def test_at_most_most_rulings_are_found(questions, monkeypatch):
    monkeypatch.setattr(asked, "LEAST", 0.0)
    monkeypatch.setattr(asked, "MOST", 2)
    assert len(questions.similar("damage blocker trample deathtouch suspend")) == 2


# --- in a search -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("asked")
    rulings = [("Akroma's Blessing", CYCLING), ("Angelsong", CYCLING),
               ("Distractor", "An opponent may counter a spell you cast; a countered spell goes to its owner's graveyard."),
               ("Other", "You may cycle a card only from your hand, paying its cycling cost.")]  # fmt: skip
    lines = [json.dumps({"card": card, "date": "2021-01-01", "text": text}) for card, text in rulings]
    (folder / "rulings.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "it.txt").write_text("Carta Italiana\n\n08/12/2022\n\nCiclare una carta si fa solo dalla mano.\n",
                                   encoding="utf-8")  # fmt: skip
    location = Location(folder / "index")
    ingest_into(location, [folder / "rulings.jsonl", folder / "it.txt"], [])
    with Store(location.require()) as store:
        yield store


QUESTION = "se il mio avversario cicla una carta posso neutralizzarla con una contromagia?"


def test_a_question_asked_of_a_ruling_ranks_it_up_by_its_similarity(store, monkeypatch):
    def place(results):
        return next(k for k, hit in enumerate(results.hits) if hit.record.text == CYCLING)

    results = search(store, QUESTION, limit=5)
    similarity = {each.text: each.similarity for each in results.built.asked}.get(CYCLING)
    assert similarity == 1.0  # the very words of one of its written questions
    assert "asked: the question worded like" in results.built.explain()
    monkeypatch.setattr(asked, "LEAST", 2.0)  # no cosine is that high: the ranking without
    without = search(store, QUESTION, limit=5)
    assert without.built.asked == ()
    assert place(results) <= place(without)
    best = max(hit.score for hit in without.hits)
    gain = results.hits[place(results)].score - without.hits[place(without)].score
    assert gain == pytest.approx(asked.WEIGHT * similarity * best, rel=1e-3)


@pytest.mark.parametrize("query", [f"{QUESTION} lang:it", f"{QUESTION} card:Distractor"])
def test_a_ruling_asked_of_never_widens_the_strict_part(store, query):
    texts = [hit.record.text for hit in search(store, query, limit=0, all_cards=True).hits]
    assert CYCLING not in texts


def test_no_written_questions_find_nothing_and_change_no_ranking(store, monkeypatch):
    monkeypatch.setattr(asked, "written", lambda: asked.Questions([]))
    assert asked.written().similar(QUESTION) == ()
    results = search(store, QUESTION, limit=5)
    assert results.built.asked == () and results.hits


def test_a_missing_folder_is_no_questions(monkeypatch, tmp_path):
    monkeypatch.setattr(asked, "FOLDER", "vocab/no-such-folder")
    asked.written.cache_clear()
    try:
        assert asked.written().questions == []
    finally:
        monkeypatch.undo()
        asked.written.cache_clear()


def test_a_damaged_file_is_an_error_naming_it_and_the_line(monkeypatch, tmp_path):
    folder = tmp_path / "vocab" / "asked"
    folder.mkdir(parents=True)
    (folder / "01.yaml").write_text("- text: A ruling.\n  en: [fine question here]\n  it: [unclosed\n", encoding="utf-8")
    monkeypatch.setattr(asked.resources, "files", lambda package: tmp_path)
    monkeypatch.setenv("KB_CACHE_DIR", "")
    asked.written.cache_clear()
    try:
        with pytest.raises(ParseError) as caught:
            asked.written()
        assert caught.value.path == "kb/vocab/asked/01.yaml" and caught.value.line >= 3
    finally:
        monkeypatch.undo()
        asked.written.cache_clear()
