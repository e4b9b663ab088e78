"""Questions as people type them, on the real corpus: the cases that used to find nothing now
find their answer in the first three results; and the same behaviours on small indexes built
here (ranking, both languages, punctuation, typos, one result per text, regular expressions,
--explain)."""

from __future__ import annotations

import json
import re
import time

import numpy as np
import pytest

from kb.errors import QueryError
from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.index.store import Store
from kb.search import execute
from kb.search.run import search


def top(store, query: str, k: int = 3) -> list[str]:
    """The texts of the first ``k`` results, each followed by its paired translation's."""
    hits = search(store, query, limit=k).hits
    return [text for hit in hits for text in (hit.record.text, *([hit.translation.text] if hit.translation else []))]


# --- the cases of the search issue, on the real corpus --------------------------------------------


@pytest.mark.parametrize(
    "question, answered",
    [
        ("posso rispondere a una magia con battibaleno con un'abilità di mana?",
         lambda t: "split second" in t and "mana abilities" in t or "split second" in t and "abilità di mana" in t),
        ("exchange control of two creatures one leaves",
         lambda t: "exchange" in t and any(w in t for w in ("leaves", "left the battlefield", "illegal target"))),
        ("costo di follia", lambda t: "madness cost" in t or "costo di follia" in t),
        ("travolgere", lambda t: "trample" in t.lower()),
        ("potenziamento", lambda t: "kick" in t.lower()),
        ("cimitero", lambda t: "graveyard" in t),
        ("pila", lambda t: "stack" in t),
        ("sacrificare", lambda t: "sacrific" in t.lower()),
        ("exchange lasts indefinitely", lambda t: t.startswith("Lo scambio dura indefinitamente")),
        ("batibaleno", lambda t: "split second" in t or "battibaleno" in t),
        ("folia", lambda t: "madness" in t.lower() or "follia" in t.lower()),
        ("split secnod", lambda t: "split second" in t),
    ],
)  # fmt: skip
def test_the_cases_that_found_nothing_find_their_answer_in_the_top_three(corpus_store, question, answered):
    texts = top(corpus_store, question, 3)
    assert any(answered(t) for t in texts), (question, texts)


@pytest.mark.parametrize("question", ["costo di follia", "travolgere", "potenziamento", "cimitero", "pila", "sacrificare"])
def test_italian_words_reach_english_rulings(corpus_store, question):
    assert "en" in {hit.record.lang for hit in search(corpus_store, question, limit=10).hits}


def test_a_shared_text_fills_one_place_not_the_page(corpus_store):
    results = search(corpus_store, "Casting a spell with split second won't affect spells already on the stack", limit=10)
    texts = [hit.record.text for hit in results.hits]
    assert len(set(texts)) == len(texts) == 10
    assert max(hit.also for hit in results.hits) >= 9  # the repeated text, shown once with its cards
    shared = max(results.hits, key=lambda hit: hit.also)
    assert len(shared.also_cards) == 10 and shared.record.card not in shared.also_cards


def test_a_misspelled_card_name_without_card_ranks_its_rulings_first(corpus_store):
    hits = search(corpus_store, "platinum emporion lifelink", limit=3).hits
    assert all(hit.record.card == "Platinum Emperion" for hit in hits), [h.record.card for h in hits]


# --- the same behaviours on a small index ---------------------------------------------------------


RULINGS = [
    ("Alpha Beast", "Trample lets an attacking creature assign excess combat damage to the player it attacks."),
    ("Alpha Beast", "Deathtouch and trample together: one damage to each blocker is enough, the rest to the player."),
    ("Gamma Glider", "A creature with flying can be blocked only by creatures with flying or reach."),
    ("Gamma Glider", "Reach doesn't give the creature flying."),
    ("Delta Drake", "If you cast this spell with its kicker cost paid, you draw two cards."),
    ("Shared One", "To determine the total cost of a spell, start with its mana cost."),
    ("Shared Two", "To determine the total cost of a spell, start with its mana cost."),
    ("Shared Three", "To determine the total cost of a spell, start with its mana cost."),
    ("Pattern Card", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"),
]


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    folder = tmp_path_factory.mktemp("small")
    lines = [json.dumps({"card": card, "date": "2021-01-01", "text": text}) for card, text in RULINGS]
    (folder / "rulings.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    italian = folder / "it.txt"
    italian.write_text("Vampira Mutata\n\n08/12/2022\n\nUna carta con follia che viene scartata va in esilio.\n", encoding="utf-8")
    location = Location(folder / "index")
    ingest_into(location, [folder / "rulings.jsonl", italian], [])
    with Store(location.require()) as store:
        yield store


def test_a_ruling_with_all_the_words_beats_one_with_one(small):
    texts = top(small, "deathtouch trample blocker", 2)
    assert texts[0].startswith("Deathtouch and trample together")


@pytest.mark.parametrize(
    "question, first",
    [
        ("travolgere", "Trample lets"),  # Italian words find English rulings (lexicon, tags)
        ("creature con volare e raggiungere", "A creature with flying"),
        ("potenziamento", "If you cast this spell with its kicker"),
        ("madness discard", "Una carta con follia"),  # and English words Italian ones
    ],
)
def test_across_languages_both_ways(small, question, first):
    assert top(small, question, 1)[0].startswith(first)


@pytest.mark.parametrize(
    "question",
    ["can a creature with reach block flying?", "posso bloccare con raggiungere un volante?!", "+1/+1 counters, {X}",
     "nota: trample", "trample - what happens", "colour:green trample", "the rule: trample", "un'abilità di travolgere"],
)  # fmt: skip
def test_questions_are_never_syntax_errors(small, question):
    results = search(small, question, limit=3)
    assert results.total >= 0


@pytest.mark.parametrize("query, position", [('trample "flying', 8), ("(trample", 0), ('lang:fr trample', 5)])
def test_malformed_explicit_syntax_is_still_an_error(small, query, position):
    with pytest.raises(QueryError) as caught:
        search(small, query)
    assert caught.value.position == position


@pytest.mark.parametrize("typo, meant", [("tramlpe", "trample"), ("deathtuch", "deathtouch"), ("kiker", "kicker")])
def test_a_word_that_matches_nothing_is_corrected(small, typo, meant):
    results = search(small, f"{typo} damage")
    assert results.built.corrections == {typo: meant}
    assert f"searched for {meant!r} instead of {typo!r}" in results.built.notes
    assert results.to_dict()["did_you_mean"] == f"{meant} damage"
    assert meant in results.hits[0].record.text.lower()


def test_a_known_word_is_not_corrected(small):
    assert search(small, "trample damage").built.corrections == {}


def test_one_result_per_text_unless_all_cards(small):
    one = search(small, '"total cost"')
    every = search(small, '"total cost"', all_cards=True)
    assert (one.total, every.total) == (1, 3)
    assert one.hits[0].also == 2 and sorted([one.hits[0].record.card, *one.hits[0].also_cards]) == [
        "Shared One", "Shared Three", "Shared Two"]  # fmt: skip


@pytest.mark.parametrize(
    "query, cards",
    [
        ('re:"can be blocked only by"', {"Gamma Glider"}),
        ('re:"^reach\\b"', {"Gamma Glider"}),
        ('re:"tr[a]mple" deathtouch', {"Alpha Beast"}),  # combined with words: ranked
        ('re:"damage" -re:"deathtouch"', {"Alpha Beast"}),
        ('re:"cost" card:"Shared Two"', {"Shared Two"}),
    ],
)
def test_regular_expressions(small, query, cards):
    results = search(small, query, limit=0, all_cards=True)
    assert {hit.record.card for hit in results.hits} == cards


def test_a_pathological_regular_expression_ends_with_a_clear_error(small, monkeypatch):
    monkeypatch.setattr(execute, "REGEX_SECONDS", 0.3)
    start = time.monotonic()
    with pytest.raises(QueryError, match="the regular expression took too long") as caught:
        search(small, 're:"(a|aa)+$"')
    assert time.monotonic() - start < 5
    assert caught.value.position == 0


def test_explain_lists_every_expansion_with_its_weight(small):
    explained = search(small, "posso usare travolgere?").built.explain()
    assert "words:  preferred, not required" in explained
    assert "'travolgere'" in explained
    assert "tag tags:trample ×1.00" in explained
    assert re.search(r"text_en:trampl ×\d\.\d\d \(learned: travolg → trample\)", explained)
    assert "posso" not in explained.split("words:")[1]  # a question word: no weight, not listed


@pytest.mark.parametrize("prefix", ["a", "e", "s", "ab", "sud", "x"])
def test_a_short_card_prefix_resolves_as_a_scan_of_every_name_would(corpus_store, prefix):
    """The names starting with the value are one run of the sorted names: when they fill the
    list, taking them is the same as scanning every name."""
    from kb.index.catalog import MAX_MATCHES, Catalog

    catalog = Catalog.load(corpus_store.generation.path)
    rows = [row for row in catalog._lines_holding(prefix, 0, whole_words=False)
            if any(word.startswith(prefix) for word in row[0].split())]  # fmt: skip
    rows.sort(key=lambda row: (not row[0].startswith(prefix), len(row[0]), row[0]))
    scanned = list(dict.fromkeys(k for _, keys in rows[:MAX_MATCHES] for k in keys))
    for warm in (False, True):
        found = [card.key for card in (catalog.warm() if warm else catalog)._partial(prefix)]
        assert sorted(found) == sorted(scanned)


def test_the_rulings_sharing_a_text_are_those_with_the_same_text(corpus_store):
    index = corpus_store.index
    hits = search(corpus_store, "Casting a spell with split second won't affect spells already on the stack", limit=10).hits
    hit = max(hits, key=lambda h: h.also)  # the text repeated on ten cards
    docnum = corpus_store.docnum(hit.record.id)
    brute = (index.text == index.text[docnum]) & index.alive
    brute[docnum] = False
    assert len(index.sharing(docnum)) >= 9
    assert index.sharing(docnum).tolist() == np.flatnonzero(brute).tolist()
    within = np.zeros(index.n, dtype=bool)
    within[index.sharing(docnum)[::2]] = True
    assert index.sharing(docnum, within).tolist() == np.flatnonzero(brute & within).tolist()


def test_a_ruling_read_twice_is_the_same(corpus_store):
    first = corpus_store.ruling(5)
    assert corpus_store.ruling(5) is first  # remembered, not decoded again
    assert first == type(first).from_dict(corpus_store.index.stored(5))


@pytest.mark.parametrize("question, word", [("l'avversario la fa scomparire", "scomparire"), ("quando rientra", "rientra")])
def test_a_common_word_the_texts_lack_is_not_corrected(corpus_store, question, word):
    """Italian words the English texts lack are words of the language, not typos of "compare"."""
    assert word not in search(corpus_store, question).built.corrections


@pytest.mark.parametrize("question, word", [("costo ibrido", "ibrido"), ("ho preso una creatura", "preso")])
def test_a_common_word_counts_little_as_a_word_of_card_names(corpus_store, question, word):
    """ "ibrido" is a word before it is a piece of "Ibrido Sauroforme"; a word alone still finds
    the card ("sostituzione"), since nothing else does."""
    from kb.search.concepts import CARD, COMMON_NAME_WORD

    concepts = [c for c in search(corpus_store, question).built.concepts if c.words == word]
    cards = [alt for c in concepts for alt in c.alternatives if alt.kind == "card"]
    assert concepts and all(alt.weight <= CARD * COMMON_NAME_WORD for alt in cards)


@pytest.mark.parametrize("typo", ["batibaleno", "sostituzone"])
def test_a_misspelling_is_no_common_word(typo):
    from kb.text.common import is_common

    assert not is_common(typo)
    assert is_common("sempre") and is_common("attack") and is_common("scomparire")


def test_a_question_naming_a_mechanic_puts_its_rulings_first(tmp_path):
    """The ruling of the mechanic the question names beats one that shares more of its other words."""
    rows = [("Beta Beast", "Deathtouch from several sources gives no extra benefit."),
            ("Zeta Beast", "If two different sources each deal damage, the second one does nothing more.")]  # fmt: skip
    source = tmp_path / "rulings.jsonl"
    source.write_text("".join(json.dumps({"card": c, "date": "2021-01-01", "text": t}) + "\n" for c, t in rows))
    location = Location(tmp_path / "index")
    ingest_into(location, [source], [])
    with Store(location.require()) as store:
        texts = top(store, "deathtouch from two different sources, does the second one do anything?", 1)
    assert texts[0].startswith("Deathtouch from several sources")


@pytest.mark.parametrize("number", ["three", "3", "tre"])
def test_a_number_typed_alone_weighs_little(small, number):
    from kb.search.concepts import NUMBER, TYPED

    concepts = search(small, f"{number} trample").built.concepts
    weights = [alt.weight for c in concepts if c.words == number for alt in c.alternatives]
    assert all(w <= TYPED * NUMBER for w in weights)
