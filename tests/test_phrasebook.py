"""The phrasebook's cosines over the phrasings a ruling's tags allow are its cosines over all of
them, at those phrasings; a window's grams are its sentences' grams."""

import numpy as np
import pytest

from kb.checks.classifier import features, grams
from kb.checks.links import linker
from kb.checks.meaning import reading, windows
from kb.checks.phrasebook import Phrasebook
from kb.checks.registration import NO_CLAIM

RULINGS = [
    ("Attacking with a goaded creature causes it to stop being goaded.", "en", {"goad"}),
    ("Una creatura spronata che attacca resta spronata. Non smette di esserlo.", "it", {"goad"}),
    ("If a spell with storm has targets, you may choose new targets for any of the copies.", "en", {"storm", "copy_spell"}),
    ("While a spell with split second is on the stack, players can still activate mana abilities.", "en", {"split_second"}),
    ("The mana value of a split card is the total amount of mana in both its halves' mana costs.", "en", {"mana_value"}),
    ("Exiling the card with flashback is a replacement effect. It doesn't go to the graveyard.", "en", {"flashback"}),
]


@pytest.mark.parametrize("text, lang, tags", RULINGS)
def test_the_cosines_among_the_allowed_phrasings_are_the_cosines_over_all(text, lang, tags):
    book = linker()
    allowed = book.allowed(frozenset(tags))
    assert allowed is not None and len(allowed.numbers) < len(book.known)
    for window in windows(reading(text, lang)):
        full = book._cosines(window.content)
        among = book.cosines(window.content, allowed)
        assert np.array_equal(among, full[allowed.numbers])  # the very same sums
        assert full[allowed.numbers].max() > 0  # the ruling shares words with its claims' phrasings


def test_the_allowed_phrasings_are_the_allowed_claims_and_the_near_misses():
    rows = [("a.one", 1, "A goaded creature attacks each combat.", "en"),
            ("b.two", 1, "A spell with split second can't be responded to.", "en"),
            ("a.one", -1, "A goaded creature never has to attack.", "en"),
            (NO_CLAIM, 1, "A goaded creature can block.", "en", False, "a.one"),
            ("c.three", 1, "A goaded creature attacks a player other than the goading one.", "en")]  # fmt: skip
    book = Phrasebook(rows, {"a.one": "goad", "b.two": "split_second", "c.three": "goad"})
    allowed = book.allowed(frozenset({"goad"}))
    assert allowed.claims == {"a.one", "c.three"}
    assert [book.known[n].claim for n in allowed.numbers] == ["a.one", "a.one", NO_CLAIM, "c.three"]
    assert allowed.stating.tolist() == [True, True, False, True]
    assert allowed.missing.tolist() == [False, False, True, False]
    assert allowed.bounds.tolist() == [0, 1, 2, 5]  # claim b's phrasing left out
    assert book.allowed(frozenset({"madness"})) is None
    content = reading("A goaded creature attacks.", "en")[0].content
    assert np.array_equal(book.cosines(content, allowed), book._cosines(content)[allowed.numbers])
    hidden = allowed.hiding({0})
    assert hidden.stating.tolist() == [False, True, False, True] and hidden.missing.tolist() == [False, False, True, False]


@pytest.mark.parametrize("text, lang, _", RULINGS)
def test_a_window_of_two_sentences_has_the_features_of_its_words(text, lang, _):
    for window in windows(reading(text, lang)):
        assert grams(*window.parts) == grams(window.text) if window.parts else window.single
        found = features(window)
        assert grams(window.text) <= found and window.content <= found


def test_each_phrasing_is_as_long_as_its_own_features_make_it():
    """The phrasings' lengths, read off the holders at once, are each phrasing's own length: the very same sums."""
    book = linker()
    assert np.array_equal(book.norm_array, [book._rows_and_norm(known.sentence.content)[1] for known in book.known])
