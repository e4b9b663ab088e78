"""How a ruling's sentence reads a known phrasing (kb.checks.polarity): straight, turned over by
its negations, or in doubt."""

from __future__ import annotations

import pytest

from kb.checks.meaning import reading, windows
from kb.checks.polarity import Known, polarity_of

STAYS = "A goaded creature stays goaded after it attacks."
NO_LONGER = "A goaded creature doesn't stay goaded after it attacks."


def _known(polarity: int, text: str) -> Known:
    return Known("goad.stays", polarity, text, reading(text, "en")[0])


@pytest.mark.parametrize(
    "ruling, polarity, phrasing, read",
    [
        (STAYS, +1, STAYS, (+1, False)),  # worded alike: the phrasing's polarity
        (NO_LONGER, -1, NO_LONGER, (-1, False)),
        (NO_LONGER, +1, STAYS, (-1, True)),  # a true ruling negated: denied
        (STAYS, -1, NO_LONGER, None),  # a false ruling negated is no true one: no evidence
    ],
)  # fmt: skip
def test_a_ruling_reads_a_phrasing_straight_or_turned_over(ruling, polarity, phrasing, read):
    assert polarity_of(reading(ruling, "en")[0], _known(polarity, phrasing)) == read


BEFORE_SPELL = "Prowess goes on the stack above the spell that caused it to trigger, and it resolves before that spell."
WINDOW = "Prowess goes on the stack on top of the spell that caused it to trigger. It will resolve before that spell."


@pytest.mark.parametrize(
    "ruling, phrasing, read",
    [
        ("Prowess resolves before the spell that caused it to trigger.", BEFORE_SPELL, (+1, False)),
        ("Prowess resolves after the spell that caused it to trigger.", BEFORE_SPELL, (-1, True)),  # the order reversed
        ("The spell that caused it to trigger resolves after prowess.", BEFORE_SPELL, (+1, False)),  # "after" said the other way
        ("Prowess resolves after the spell that caused it to trigger.", WINDOW, (-1, True)),  # against a window of two
        ("Prowess resolves before the spell that caused it to trigger.", WINDOW, (+1, False)),
        ("Prowess never resolves after the spell that caused it to trigger.", WINDOW, None),  # reversed and negated: in doubt
        ("Prowess doesn't resolve after the spell that caused it to trigger.", BEFORE_SPELL, None),  # reversed and negated: in doubt
    ],
)  # fmt: skip
def test_an_order_said_the_other_way_round_turns_a_phrasing_over(ruling, phrasing, read):
    known = Known("triggered.cast_trigger_independent", +1, phrasing, [w for w in windows(reading(phrasing, "en"))][-1])
    assert polarity_of(reading(ruling, "en")[0], known) == read


@pytest.mark.parametrize(
    "phrasing, ruling, lang, opposite",
    [
        # "X, not Y": the negated clause restates what the other says; its negation turns nothing over
        ("You cast it from your graveyard.", "You cast it from exile, not from your graveyard.", "en", True),
        ("You cast it from your graveyard.", "You cast it from your graveyard, not from exile.", "en", False),
        ("It goes to exile, not to the graveyard.", "It goes to exile.", "en", False),  # the phrasing a contrast
        ("It goes to exile, not to the graveyard.", "It goes to the graveyard, not to exile.", "en", True),
        ("It is cast from exile, but not from your hand, so abilities rewarding spells cast from your hand skip it.",
         "Abilities rewarding spells cast from your hand skip it.", "en", False),  # the denied word said again, not denied
        ("La carta va in esilio.", "La carta va nel cimitero, non in esilio.", "it", True),
        ("La carta va in esilio.", "La carta va in esilio, non nel cimitero.", "it", False),
        # "X instead of Y", one clause: what it says before "instead of" is what it affirms
        ("It goes to the graveyard.", "You exile it instead of putting it into your graveyard.", "en", True),
        ("It is exiled.", "You exile it instead of putting it into your graveyard.", "en", False),
        ("It goes to exile, not to the graveyard.", "It goes to exile instead of the graveyard.", "en", False),
        ("La carta va in esilio.", "La carta va nel cimitero anziché in esilio.", "it", True),
        # no contrast: a negation, or a word of the group in place of another, as before
        ("You cast it from your graveyard.", "You don't cast it from your graveyard.", "en", True),
        ("You cast it from your graveyard.", "You cast it from exile.", "en", True),
    ],
)  # fmt: skip
def test_a_contrast_affirms_one_word_of_a_group_of_opposites(phrasing, ruling, lang, opposite):
    from kb.checks.polarity import turned_over

    assert turned_over(reading(ruling, lang)[0], reading(phrasing, lang)[0]) is opposite


@pytest.mark.parametrize(
    "italian, english, feature",
    [
        ("Paga il costo di mana.", "Pay the mana cost.", "mana"),  # "mana" is no "mano" (hand), whose stem it shares
        ("Aggiungi un mana di qualsiasi colore.", "Add one mana of any color.", "mana"),
        ("Il valore di mana è 3.", "Its mana value is 3.", "mana"),
        ("Rimetti la carta in mano.", "Return the card to your hand.", "hand"),  # "mano" still is
    ],
)  # fmt: skip
def test_mana_and_hand_read_alike_in_both_languages(italian, english, feature):
    ours, theirs = reading(italian, "it")[0].content, reading(english, "en")[0].content
    assert feature in ours and feature in theirs
    assert {"mana", "hand"} & ours == {"mana", "hand"} & theirs
