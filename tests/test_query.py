"""The query language: a table of queries and their trees, and a table of malformed queries."""

from __future__ import annotations

from datetime import date

import pytest

from kb.errors import QueryError
from kb.search.query import MAX_LENGTH, And, Field, Not, Or, Phrase, Word, parse_query


def w(text, pos):
    return Word(text, pos)


@pytest.mark.parametrize(
    "query, tree",
    [
        ("goad", w("goad", 0)),
        ("split second", And((w("split", 0), w("second", 6)))),
        ('"frazione di secondo"', Phrase("frazione di secondo", 0)),
        ("“battibaleno”", Phrase("battibaleno", 0)),
        ("goad OR madness", Or((w("goad", 0), w("madness", 8)))),
        ("goad OR madness discard", And((Or((w("goad", 0), w("madness", 8))), w("discard", 16)))),
        ("(goad discard) OR madness", Or((And((w("goad", 1), w("discard", 6))), w("madness", 18)))),
        ("-battibaleno", Not(w("battibaleno", 1))),
        ('-"split second"', Not(Phrase("split second", 1))),
        ("tag:goad -tag:madness", And((Field("tag", "goad", 0), Not(Field("tag", "madness", 10))))),
        ('card:"Fast Forward"', Field("card", "Fast Forward", 0)),
        ("card:sostituzone", Field("card", "sostituzone", 0)),
        ("lang:it", Field("lang", "it", 0)),
        ("lang:English", Field("lang", "en", 0)),
        ("LANG:it", Field("lang", "it", 0)),
        ("rule:702.61", Field("rule", "702.61", 0)),
        ("rule:601.2f", Field("rule", "601.2f", 0)),
        ("date:2019..2021", Field("date", (date(2019, 1, 1), date(2021, 12, 31)), 0)),
        ("date:2021-03", Field("date", (date(2021, 3, 1), date(2021, 3, 31)), 0)),
        ("date:2024-02", Field("date", (date(2024, 2, 1), date(2024, 2, 29)), 0)),
        ("date:..2020", Field("date", (None, date(2020, 12, 31)), 0)),
        ("date:2020..", Field("date", (date(2020, 1, 1), None), 0)),
        ("date:2019-08-23", Field("date", (date(2019, 8, 23), date(2019, 8, 23)), 0)),
        ("date:23/08/2019", Field("date", (date(2019, 8, 23), date(2019, 8, 23)), 0)),
        ("date:19.03.2021", Field("date", (date(2021, 3, 19), date(2021, 3, 19)), 0)),  # as ingest reads it
        ("date:9-3-2021..2022", Field("date", (date(2021, 3, 9), date(2022, 12, 31)), 0)),
        ("or and", And((w("or", 0), w("and", 3)))),  # lower case: plain words
        ("abilità", w("abilità", 0)),
        # questions as typed: punctuation, apostrophes, symbols, unknown fields are words
        ("battibaleno?", w("battibaleno?", 0)),
        ("un'abilità di mana!", And((w("un'abilità", 0), w("di", 11), w("mana!", 14)))),
        ("+1/+1 -1/-1 {X}", And((w("+1/+1", 0), w("-1/-1", 6), w("{X}", 12)))),
        ("split second - what happens", And((w("split", 0), w("second", 6), w("what", 15), w("happens", 20)))),
        ("nota: costo", And((w("nota:", 0), w("costo", 6)))),
        ("colour:red", w("colour:red", 0)),
        ("the rule: goad", And((w("the", 0), w("rule:", 4), w("goad", 10)))),
        ("card: madness", And((w("card:", 0), w("madness", 6)))),
    ],
)
def test_parse(query, tree):
    assert parse_query(query) == tree


@pytest.mark.parametrize(
    "query, position, message",
    [
        ('split "second', 6, "unbalanced quote"),
        ('card:"Fast Forward', 5, "unbalanced quote"),
        ("OR", 0, "OR needs a word"),
        ("goad OR", 5, "OR needs a word"),
        ("OR goad", 0, "OR needs a word"),
        ("goad OR OR madness", 5, "OR needs a word"),
        ("(goad OR)", 6, "OR needs a word"),
        ('tag:""', 4, "'tag:' needs a value"),
        ('card:"  "', 5, "'card:' needs a value"),
        ("x" * 10_000, MAX_LENGTH, "query too long: 10000 characters"),
        ("", 0, "empty query"),
        ("   ", 0, "empty query"),
        ("(goad", 0, "never closed"),
        ("goad)", 4, r"unmatched '\)'"),
        ("()", 1, "empty group"),
        ("- (goad", 2, "never closed"),
        ("goad -)", 5, "'-' must be followed"),
        ("-(", 2, "empty group"),
        ('re:"(unclosed"', 4, "not a regular expression"),
        ('tag:goad re:"[a-"', 13, "not a regular expression"),
        ('""', 0, "empty phrase"),
        ("lang:fr", 5, "unknown language 'fr'"),
        ("rule:abc", 5, "not a rule number"),
        ("date:2021-13", 5, "impossible date"),
        ("date:2021-02-30", 5, "impossible date"),
        ("date:yesterday", 5, "invalid date"),
        ("date:..", 5, "at least one end"),
        ("date:2021..2019", 5, "ends before it starts"),
        ("(" * 30 + "goad" + ")" * 30, 20, "too deeply nested"),
    ],
)
def test_malformed_queries(query, position, message):
    with pytest.raises(QueryError, match=message) as caught:
        parse_query(query)
    assert caught.value.position == position
    assert caught.value.query == query


def test_tree_prints_back_as_query_syntax():
    text = 'goad OR "split second" -tag:madness card:"Fast Forward" date:2021-03'
    assert str(parse_query(text)) == (
        'goad OR "split second" -tag:madness card:"Fast Forward" date:2021-03-01..2021-03-31'
    )


def test_pointer_marks_the_position():
    with pytest.raises(QueryError) as caught:
        parse_query('split "second')
    assert caught.value.pointer().splitlines() == ['  split "second', "        ^"]
