"""Searching the bundled data: cross-language, accents, inflections, filters, cards, ids."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.errors import OptionError, QueryError, UnknownCard, UnknownRuling
from kb.search.run import card_rulings, option_filters, search, select
from kb.search.snippet import render


def texts(results):
    return [hit.record.text for hit in results.hits]


def langs(results):
    return {hit.record.lang for hit in results.hits}


@pytest.mark.parametrize(
    "query, must_find",
    [
        # cross-language: English words find the Italian rulings that say it their way
        ("split second", ["con battibaleno è in pila", "Battibaleno non impedisce", "con frazione di secondo"]),
        ('"split second"', ["con battibaleno è in pila", "con frazione di secondo", "with split second"]),
        ("goad", ["Essere provocata non è", "Being goaded isn't"]),
        ("madness", ["Una carta con follia", "A card with madness"]),
        ("battibaleno", ["Players still receive priority", "con frazione di secondo"]),
        ("follia", ["A card with madness"]),
        # accents and inflections
        ("abilita innescata", ["Se la risoluzione di un'abilità innescata", "If resolving a triggered ability"]),
        ("spronare", ["Essere provocata non è"]),
        ("scartare", ["Una carta con follia che viene scartata", "cards are discarded only"]),
        ("scambiata", ["Lo scambio dura indefinitamente"]),
        # card names are searchable as words, in either language
        ("sostituzione", ["A mana ability is an ability that makes mana"]),
    ],
)
def test_finds(store, query, must_find):
    found = " | ".join(texts(search(store, query, limit=0)))
    for fragment in must_find:
        assert fragment in found, (query, fragment)


def test_split_second_finds_both_languages(store):
    results = search(store, "split second", limit=0)
    assert langs(results) == {"it", "en"}
    assert results.total == 12  # 6 Italian + 6 English split-second rulings
    assert all("split_second" in hit.record.tags for hit in results.hits)


@pytest.mark.parametrize(
    "query, expected_total",
    [
        ("tag:goad", 10),
        ("tag:goad lang:it", 5),
        ("tag:battibaleno", 12),
        ("goad -lang:en", 5),
        ("-tag:goad", 45),
        ("goad OR madness", 26),
        ("(goad OR madness) lang:en", 13),
        ("tag:madness -scartare", 6),
        ("date:2019", 14),
        ("date:2021-03", 12),
        ("date:..2020", 14),
        ("date:2026..", 11),
        ("rule:702", 30),  # 702.x: split second, madness, and haste on the two goad-attack rulings
        ("rule:702.61", 12),
        ("rule:601.2f", 3),
        ('card:"Sudden Substitution"', 26),
        ("card:sostituzone", 26),
        ("card:vampira tag:discard", 12),
    ],
)
def test_filters_and_operators(store, query, expected_total):
    assert search(store, query).total == expected_total


def test_options_are_filters(store):
    filters = option_filters(lang="it", tag="madness", since="2022", until="2022-12-31")
    results = search(store, "costo", filters, limit=0)
    assert {(h.record.lang, h.record.card) for h in results.hits} == {("it", "Vampira Mutata")}


@pytest.mark.parametrize(
    "options, message",
    [
        ({"lang": "fr"}, "--lang: unknown language"),
        ({"tag": "gaod"}, "--tag: unknown tag"),
        ({"since": "ieri"}, "--since: invalid date"),
        ({"until": "2021-02-30"}, "--until: impossible date"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(OptionError, match=message):
        option_filters(**options)


def test_snippet_marks_the_matched_words(store):
    results = search(store, "spronare lang:it", limit=1)
    snippet = render(results.hits[0].snippet, lambda s: f"[{s}]")
    assert "[provocata]" in snippet


def test_limit_offset_and_total(store):
    everything = search(store, "split second", limit=0)
    page = search(store, "split second", limit=5, offset=5)
    assert page.total == everything.total
    assert [h.record.id for h in page.hits] == [h.record.id for h in everything.hits[5:10]]


def test_explain_shows_the_parsed_query_and_expansions(store):
    built = search(store, "split second card:sostituzone", limit=1).built
    explained = built.explain()
    assert "parsed: split second card:sostituzone" in explained
    assert "tags:split_second" in explained
    assert "card:sostituzone → Sudden Substitution" in explained


@pytest.mark.parametrize("query", ["il", "the a of", '"di il"'])
def test_only_stop_words_is_an_error(store, query):
    with pytest.raises(QueryError, match="nothing to search for"):
        search(store, query)


def test_unknown_tag_in_a_query_has_its_position(store):
    with pytest.raises(QueryError, match="unknown tag 'gaod'") as caught:
        search(store, "madness tag:gaod")
    assert caught.value.position == 8


@pytest.mark.parametrize(
    "name, en, it",
    [
        ("Sudden Substitution", "Sudden Substitution", "Sostituzione Improvvisa"),
        ("Sostituzione Improvvisa", "Sudden Substitution", "Sostituzione Improvvisa"),
        ("sostituzone improvvisa", "Sudden Substitution", "Sostituzione Improvvisa"),
        ("Sudden Substitusion", "Sudden Substitution", "Sostituzione Improvvisa"),
        ("sudden", "Sudden Substitution", "Sostituzione Improvvisa"),
        ("Vampira Mutata", None, "Vampira Mutata"),
        ("Vampiro Mutante", None, "Vampira Mutata"),
        ("fast forward", "Fast Forward", None),
    ],
)
def test_card_by_either_name_with_typos(store, name, en, it):
    card, records, _ = card_rulings(store, name)
    assert (card.names.get("en"), card.names.get("it")) == (en, it)
    assert {r.lang for r in records} == {"it", "en"}
    assert all(r.key == card.key for r in records)


@pytest.mark.parametrize("name", ["Sudden Substitution", "sostituzione improvvisa", "Vampiro Mutante", "fast"])
def test_a_warm_catalog_resolves_like_a_cold_one(store, name):
    from kb.index.catalog import Catalog

    cold = [c.key for c in store.catalog.resolve(name)]
    warm = Catalog.load(store.generation.path).warm()
    assert [c.key for c in warm.resolve(name)] == cold


def test_card_in_both_languages_returns_the_same_rulings(store):
    _, by_english, _ = card_rulings(store, "Sudden Substitution")
    _, by_italian, _ = card_rulings(store, "Sostituzione Improvvisa")
    assert [r.id for r in by_english] == [r.id for r in by_italian]
    assert len(by_english) == 26


def test_unknown_card_suggests(store):
    with pytest.raises(UnknownCard, match="did you mean 'Vampira Mutata'"):
        card_rulings(store, "Vampiro Morto")
    with pytest.raises(UnknownCard) as caught:
        card_rulings(store, "Black Lotus")
    assert caught.value.suggestions == ()


def test_show_by_id_and_prefix(store):
    record = search(store, "battibaleno lang:it", limit=1).hits[0].record
    assert store.get(record.id) == record
    assert store.get(record.id[:6].upper()) == record
    with pytest.raises(UnknownRuling, match="no ruling with id"):
        store.get("zzzzzzzzzzzz")


def test_select_without_filters_is_everything(store):
    assert len(select(store)) == 55


PIECES = ['"', "“", "(", ")", "-", ":", " ", "OR", "card:", "tag:", "lang:", "date:", "rule:", "..", "2021", "-03",
          "goad", "follia", "split", "second", "à", "\x00", "\\", "*", "fast", "it", "702.61"]  # fmt: skip
WORDS = ["goad", "follia", "split", "second", "battibaleno", "cost", "mana", "exchange", "spell", "creatura", "pila"]
VALID = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(WORDS).map(lambda w: f'"{w} {w}"'),
    st.sampled_from(["tag:goad", "tag:madness", "lang:it", "lang:en", "rule:702.61", "date:2019..2021", "card:fast"]),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12).map("".join))
def test_any_input_is_a_result_or_a_located_query_error(store, text):
    """Random strings of the syntax's own pieces: results, or a QueryError pointing inside the
    query (an unknown card: UnknownCard with suggestions), never anything else."""
    try:
        results = search(store, text, limit=3)
    except QueryError as err:
        assert 0 <= err.position <= len(text) and err.message
    except UnknownCard as err:
        assert err.suggestions is not None
    else:
        assert len(results.hits) <= 3 and results.total >= len(results.hits)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(VALID, min_size=1, max_size=6), st.sampled_from([" ", " OR "]))
def test_well_formed_queries_always_run(store, parts, joiner):
    """Queries made only of well-formed pieces never raise, whatever their number and order."""
    results = search(store, joiner.join(parts), limit=3)
    assert results.total >= len(results.hits)

@pytest.mark.parametrize("words, cutoff", [("sudden substitution", 88), ("sudden substitusion", 88), ("sostituzione improvvisa", 88),
                                           ("vampira mutata", 88), ("fast", 88), ("nothing like a card", 88)])  # fmt: skip
def test_a_cold_catalog_finds_names_in_free_text_as_a_warm_one(store, words, cutoff):
    from kb.index.catalog import Catalog

    cold = Catalog.load(store.generation.path)
    warm = Catalog.load(store.generation.path).warm()
    assert sorted(cold.spelled(words)) == sorted(warm.spelled(words))
    found, expected = cold.closest_spelled(words, cutoff), warm.closest_spelled(words, cutoff)
    assert (found and (found[0], sorted(found[1]))) == (expected and (expected[0], sorted(expected[1])))


@pytest.mark.parametrize("values", [[], [7], [3, 1, 2, 1, 3, 3], list(range(50, 0, -3)) * 2])
def test_group_numbers_and_first_of_each_are_what_numpy_unique_gives(values):
    import numpy as np

    from kb.index.groups import first_of_each, group_numbers

    array = np.array(values, dtype=np.int64)
    expected = np.unique(array, return_inverse=True)[1] if len(array) else np.zeros(0)
    assert group_numbers(array).tolist() == expected.tolist()
    firsts = np.sort(np.unique(array, return_index=True)[1]) if len(array) else np.zeros(0)
    assert first_of_each(array).tolist() == firsts.tolist()


def test_ids_are_found_the_same_before_and_after_the_table_of_them_is_built(store):
    from kb.index.reader import IndexReader

    reader = IndexReader(store.generation.shards)
    ids = [i.decode("ascii") for i in store.index.ids[store.index.alive].tolist()]
    wanted = [*ids[:5], ids[-1], "zzzzzzzzzzzz", "", ids[0][:6], ids[0] + "x"]
    before = [reader.docnum_of(i) for i in wanted]
    reader._lookups = reader.FEW_LOOKUPS  # what a server reaches after its first lookups
    after = [reader.docnum_of(i) for i in wanted]
    assert reader._docnums is not None
    assert before == after
    assert before[:6] == [int(d) for d in (*store.index.alive.nonzero()[0][:5], store.index.alive.nonzero()[0][-1])]
    assert before[6:] == [None] * 4
    reader.close()


@pytest.mark.parametrize(
    "texts, order",
    [
        # two wordings of one rule on two cards: the second waits two places
        (["Alpha is the source of the ability, but the creature is the source of the damage.",
          "Beta is the source of the ability, but the creature is the source of the damage.",
          "Players can't cast spells while it is on the stack.",
          "The copy has the same value of X.",
          "Tokens are not cards."], [0, 2, 3, 1, 4]),
        (["one two three", "four five six", "seven eight nine"], [0, 1, 2]),  # nothing alike: as ranked
        (["same words here", "same words here too", "same words here again"], [0, 1, 2]),  # all alike: they wait in turn
    ],
)
def test_near_duplicates_wait_a_few_places(texts, order):
    from kb.search.spread import spread

    assert spread(list(range(len(texts))), texts.__getitem__) == order


def test_near_duplicates_move_only_within_the_first_results():
    from kb.search import spread

    texts = ["the same ruling text for a card"] * (spread.WINDOW + 5)
    ranked = spread.spread(list(range(len(texts))), texts.__getitem__)
    assert sorted(ranked[: spread.WINDOW]) == list(range(spread.WINDOW))
    assert ranked[spread.WINDOW :] == list(range(spread.WINDOW, len(texts)))


def test_pages_of_a_search_follow_one_order(store):
    whole = [hit.record.id for hit in search(store, "split second spell stack", limit=20).hits]
    pages = [hit.record.id for offset in (0, 5, 10, 15) for hit in search(store, "split second spell stack", limit=5, offset=offset).hits]
    assert pages == whole


def test_feedback_searches_the_words_of_the_first_results_and_explains_them(store):
    from kb.search import feedback

    results = search(store, "what happens when a creature with goad attacks", limit=5)
    assert results.built.feedback, "a question gets feedback"
    assert len(results.built.feedback) <= feedback.WORDS
    assert abs(sum(e.weight for e in results.built.feedback) - 1.0) < 0.02
    assert all(e.field in ("text_it", "text_en") for e in results.built.feedback)
    explained = results.built.explain()
    assert "feedback:" in explained and str(results.built.feedback[0]) in explained


@pytest.mark.parametrize("query", ['"split second"', "tag:goad", "card:\"Sudden Substitution\"", "goad attack"])
def test_strict_queries_and_a_few_words_get_no_feedback(store, query):
    assert search(store, query, limit=5).built.feedback == ()


def test_feedback_changes_scores_not_which_rulings_match(store, monkeypatch):
    from kb.search import feedback

    question = "exchange of control of a spell on the stack"
    with_feedback = search(store, question, limit=0)
    monkeypatch.setattr(feedback, "WEIGHT", 0.0)
    without = search(store, question, limit=0)
    assert {h.record.id for h in with_feedback.hits} == {h.record.id for h in without.hits}
    assert with_feedback.total == without.total


def test_postings_read_by_blocks_are_the_postings_read_one_at_a_time(store):
    import numpy as np

    from kb.index.reader import IndexReader
    from kb.text.analysis import terms

    reader = IndexReader(store.generation.shards)
    checked = 0
    for docnum in range(0, reader.n, 7):
        record = store.ruling(docnum)
        field = f"text_{record.lang}"
        for term in set(terms(record.text, record.lang)):
            fast_ids, fast_freqs = reader.postings(field, term)
            ids, freqs = [], []
            for segment, offset in zip(reader.readers, reader.offsets):
                if (field, term) in segment:
                    matcher = segment.postings(field, term)
                    while matcher.is_active():
                        ids.append(matcher.id() + offset)
                        freqs.append(matcher.weight())
                        matcher.next()
            assert fast_ids.tolist() == ids and np.allclose(fast_freqs, freqs), term
            assert reader.df(field, term) == len(ids), term
            checked += 1
    assert checked > 50
    reader.close()


def test_positions_read_by_blocks_are_the_positions_read_one_at_a_time(tmp_path):
    """Terms of one posting, of one block and of several (Whoosh writes 128 postings a block),
    repeated within a ruling and not: the block reader gives what Whoosh decodes one at a time."""
    import json
    import random

    from kb.index.build import ingest_into
    from kb.index.generations import Location
    from kb.index.reader import POSITION_BITS, IndexReader
    from kb.index.store import Store
    from kb.text.analysis import terms

    words = "creature spell attack goad counter exile graveyard stack player target".split()
    chance = random.Random(7)
    rows = [{"card": f"Card {n}", "date": "2020-01-01",
             "text": " ".join(chance.choice(words) for _ in range(chance.randint(3, 40))) + f" once{n}."}
            for n in range(400)]  # fmt: skip
    source = tmp_path / "rulings.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    ingest_into(Location(tmp_path / "index"), [source], [])
    with Store(Location(tmp_path / "index").require()) as store:
        reader = IndexReader(store.generation.shards)
        for term in terms(" ".join(words) + " once7 once399", "en"):
            found = []
            for segment, offset in zip(reader.readers, reader.offsets):
                if ("text_en", term) in segment:
                    matcher = segment.postings("text_en", term)
                    while matcher.is_active():  # Whoosh's own decoding, a posting at a time
                        found += [((matcher.id() + offset) << POSITION_BITS) | p for p in matcher.value_as("positions")]
                        matcher.next()
            assert found and reader.positions("text_en", term).tolist() == sorted(found), term
        assert reader.df("text_en", "once7") == 1 and max(reader.df("text_en", t) for t in terms("creature spell", "en")) > 300
        reader.close()


def test_positions_of_any_other_matcher_are_read_one_at_a_time():
    from whoosh.formats import Positions
    from whoosh.matching import ListMatcher

    from kb.index.postings import term_positions

    encode = Positions().encode
    matcher = ListMatcher([1, 5], [1.0, 2.0], values=[encode([0, 3]), encode([2])], format=Positions())
    assert term_positions(matcher, 10, 8).tolist() == [11 << 8 | 0, 11 << 8 | 3, 15 << 8 | 2]


@given(st.lists(st.sampled_from(["a b c d", "a b c e", "x y z", "x y w", "p q", "r s t u v"]), max_size=40),
       st.integers(min_value=1, max_value=45))
def test_the_first_places_are_the_same_when_only_they_are_needed(texts, need):
    from kb.search.spread import spread

    ranked = list(range(len(texts)))
    whole = spread(ranked, texts.__getitem__)
    assert sorted(whole) == ranked
    partly = spread(ranked, texts.__getitem__, need)
    assert sorted(partly) == ranked and partly[:need] == whole[:need]


def test_postings_of_any_other_matcher_are_read_one_at_a_time():
    from whoosh.matching import ListMatcher

    from kb.index.postings import posting_blocks

    blocks = list(posting_blocks(ListMatcher([1, 5, 9], [1.0, 2.0, 3.0])))
    assert [(ids.tolist(), freqs.tolist()) for ids, freqs in blocks] == [([1, 5, 9], [1.0, 2.0, 3.0])]


@pytest.mark.parametrize("claim", ["goad.persists_after_attacking", "split_second.special_actions",
                                   "madness.cast_ignoring_timing", "exchange.same_controller"])
def test_the_claim_field_selects_the_rulings_linked_to_a_claim(store, claim):
    found = {hit.record.id for hit in search(store, f"claim:{claim}", limit=0, all_cards=True).hits}
    linked = {record.id for record in select(store) if claim in {link.claim for link in record.links}}
    assert linked and found == linked


def test_an_unknown_claim_is_a_query_error_with_its_position_and_the_near_ids(store):
    with pytest.raises(QueryError, match="unknown claim 'goad.duratio'; did you mean goad.duration") as caught:
        search(store, "attack claim:goad.duratio")
    assert caught.value.position == len("attack claim:")  # where the value starts


@pytest.mark.parametrize("question, claim", [
    ("se una creatura provocata cambia controllore deve ancora attaccare?", "goad.survives_control_change"),
    ("does a goaded creature stay goaded after it attacks?", "goad.persists_after_attacking"),
])  # fmt: skip
def test_a_question_read_as_a_claim_ranks_the_rulings_stating_it_first(store, monkeypatch, question, claim):
    from kb.search import asked, claims

    monkeypatch.setattr(asked, "LEAST", 2.0)  # the claims alone: no written question ranks a ruling up

    def first_linked(results):
        return next(k for k, hit in enumerate(results.hits) if claim in {link.claim for link in hit.record.links})

    results = search(store, question, limit=10)
    assert claim in [reading.claim for reading in results.built.claims]
    assert f"claim:{claim}" in results.built.explain()
    monkeypatch.setattr(claims, "LEAST", 2.0)  # no claim is ever that sure: the ranking without
    without = search(store, question, limit=10)
    assert without.built.claims == ()
    assert first_linked(results) == 0 < first_linked(without)


@pytest.mark.parametrize("query", ["goaded attacks", "stay goaded after it attacks lang:it",
                                   'tag:goad "goaded creature" stays goaded after attacking'])
def test_a_claim_read_in_a_question_never_widens_its_strict_part(store, query):
    results = search(store, query, limit=0, all_cards=True)
    if "lang:it" in query:
        assert results.hits and all(hit.record.lang == "it" for hit in results.hits)
    if "tag:goad" in query:
        assert results.hits and all("goad" in hit.record.tags for hit in results.hits)
    if len(query.split()) < 4:
        assert results.built.claims == ()


@pytest.mark.parametrize("question, named, claim", [
    ("does infect work with noncombat damage, like when my creature fights?", True, "infect.any_damage"),
    ("does deathtouch work with noncombat damage, like when my creature fights?", False, "infect.any_damage"),
    ("if Glistener Elf fights a creature, does it get -1/-1 counters or damage?", True, "infect.any_damage"),  # a card with infect
    ("l'infettare funziona anche con il danno non da combattimento?", True, "infect.any_damage"),
    ("can i suspend a sorcery during my opponent's turn?", True, "suspend.when_could_cast"),
    ("platinum emporion: if a lifelink creature hits me, does its controller still gain life?", False, "infect.damage_in_all_respects"),
])  # fmt: skip
def test_a_claim_of_a_named_mechanic_is_read_only_where_the_question_names_it(monkeypatch, question, named, claim):
    from kb.search import claims

    assert (claim in [reading.claim for reading in claims.read_claims(question)]) is named
    monkeypatch.setattr(claims, "LEAST", 0.0)  # every claim the classifier gives any chance: still none of a mechanic not named
    monkeypatch.setattr(claims, "MOST", 1000)
    read = {reading.claim for reading in claims.read_claims(question)}
    assert (claim in read) is named and (named or not any(c.startswith(claim.split(".")[0] + ".") for c in read))
