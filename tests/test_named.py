"""The mechanics of the cards a ruling names (kb.checks.named), the table they come from
(kb.checks.card_mechanics), and the linker reading them as the ruling's own."""

from __future__ import annotations

import pytest

from kb.checks import links as L
from kb.checks.card_mechanics import mechanics, short_names, table
from kb.checks.named import TABLE, Names, read, shipped
from kb.errors import ParseError

NAMES = Names({"Rift Bolt": frozenset({"suspend"}), "Saetta Squarciante": frozenset({"suspend"}),
               "Plunder": frozenset({"suspend"}), "Memory Plunder": frozenset(),
               "Sunbird's Invocation": frozenset({"kicker"}), "Treasure Cruise": frozenset({"delve"}),
               "Delay": frozenset({"suspend"}), "Domanda": frozenset({"search"})})


@pytest.mark.parametrize(
    "text, found",
    [
        ("Rift Bolt going into exile with its time counter isn't a cast.", {"suspend"}),
        ("Con la Saetta Squarciante in esilio non c'è nulla a cui rispondere.", {"suspend"}),
        ("Rift Bolt's last counter comes off on your upkeep.", {"suspend"}),
        ("Cast Treasure Cruise after Rift Bolt", {"suspend", "delve"}),
        ("Sunbird’s Invocation reveals cards.", {"kicker"}),  # the typographic apostrophe too
        # a name is found as printed, whole: not in lower case, not inside a longer word or name
        ("a rift bolt of lightning", set()),
        ("Rift Bolter is no card.", set()),
        ("Memory Plunder casts a card from a graveyard.", set()),
        ("You may cast Plunder on an artifact.", {"suspend"}),
        # a name of one common word names no card where a sentence opens, where any word is capitalized
        ("Delay the trigger until the spell resolves.", set()),
        ("Domanda: quanto costa la Balista con X=2? Risposta: prima fissi X.", set()),
        ("“Delay” doesn't name it either.", set()),
        ("Counter it with Delay.", {"suspend"}),
        ("Se lanci Domanda, cerchi una carta.", {"search"}),
        ("", set()),
    ],
)  # fmt: skip
def test_a_ruling_gains_the_mechanics_of_the_cards_it_names(text, found):
    assert NAMES.mechanics(text) == found


def test_the_table_reads_names_and_their_mechanics(tmp_path):
    path = tmp_path / "card_mechanics.tsv"
    path.write_text("# generated\nRift Bolt\tsuspend\nMemory Plunder\t-\n\nTreasure Cruise\tdelve convoke\n", encoding="utf-8")
    names = read(path)
    assert names.rows == {"Rift Bolt": {"suspend"}, "Memory Plunder": set(), "Treasure Cruise": {"delve", "convoke"}}


@pytest.mark.parametrize("row, line", [("Rift Bolt suspend", 2), ("\tsuspend", 2), ("Rift Bolt\t ", 2)])
def test_a_malformed_row_names_the_file_and_line(tmp_path, row, line):
    path = tmp_path / "card_mechanics.tsv"
    path.write_text(f"# generated\n{row}\nTreasure Cruise\tdelve\n", encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        read(path)
    assert (caught.value.path, caught.value.line) == (str(path), line)


def test_the_table_keeps_the_claims_keyword_mechanics_cards_print_and_not_the_common_ones():
    suspend = "Suspend 4—{R} (Rather than cast this card from your hand, pay {R} and exile it with four time counters on it.)"
    cards = [{"card": "Rift Bolt", "name_it": "Saetta Squarciante", "text_en": f"Rift Bolt deals 3 damage to any target.\n{suspend}"},
             {"card": "Fire // Ice", "name_it": "Fuoco // Ghiaccio", "text_en": "Split second\nFire deals 2 damage divided as you choose."},
             {"card": "Memory Plunder", "name_it": "Furto di Memoria", "text_en": "You may cast target instant or sorcery card."},
             {"card": "Plunder", "name_it": "Razziare", "text_en": f"Destroy target artifact or land.\n{suspend}"},
             {"card": "Grizzly Bears", "name_it": "Orsi Grizzly", "text_en": ""}]
    cards += [{"card": f"Mind Rot {n}", "text_en": "Target player discards two cards."} for n in range(3)]
    rows = table(cards, {"suspend", "split_second", "discard"}, common=0.3)  # discard: 3 cards of 8
    assert rows["Rift Bolt"] == rows["Saetta Squarciante"] == rows["Plunder"] == {"suspend"}
    assert rows["Fire"] == rows["Ice"] == rows["Fuoco // Ghiaccio"] == {"split_second"}  # the card and each face
    assert rows["Memory Plunder"] == set()  # it holds "Plunder": listed, with no mechanic
    assert "Grizzly Bears" not in rows and "Furto di Memoria" not in rows
    assert not any(name.startswith("Mind Rot") for name in rows)  # too common to say anything


SHORT = {"Gray Merchant of Asphodel": {"devotion"}, "Mercante Grigio di Asfodelo": {"devotion"},
         "Thalia, Guardian of Thraben": {"cast_trigger"}, "Emrakul, the Aeons Torn": {"cast_trigger"},
         "Emrakul, the Promised End": {"delve"}, "Archfiend of Ifnir": {"cycling"}, "Fires of Yavimaya": {"landfall"},
         "Jace, the Mind Sculptor": {"search"}, "Jace": {"scry"}, "Time, Spiral": {"suspend"},
         "Bussola Taumaturgica // Guglie di Orazca": {"search"}, "Memory Plunder": set()}


@pytest.mark.parametrize(
    "short, expected",
    [
        ("Gray Merchant", {"devotion"}),  # two words or more before "of"
        ("Mercante Grigio", {"devotion"}),  # ... or "di"
        ("Thalia", {"cast_trigger"}),  # the name before a comma
        ("Emrakul", None),  # two cards of other mechanics shorten to it
        ("Archfiend", None),  # one word before "of": too many cards begin so
        ("Fires", None),
        ("Jace", None),  # a card's own name is that card
        ("Time", None),  # a common word
        ("Bussola Taumaturgica // Guglie", None),  # a card of faces: each face is a name of its own
    ],
)  # fmt: skip
def test_players_short_names_carry_their_cards_mechanics(short, expected):
    every = set(SHORT) | {"Jace"}
    assert short_names(SHORT, every).get(short) == expected


def test_a_short_name_is_a_card_where_its_full_name_is_not_written():
    names = Names({"Gray Merchant of Asphodel": frozenset({"devotion"}), "Gray Merchant": frozenset({"devotion"})})
    assert [name for _, _, name in names.spans("Gray Merchant of Asphodel drains; Gray Merchant counts pips.")] \
        == ["Gray Merchant of Asphodel", "Gray Merchant"]  # the longest first: no short name inside the full one


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Morph {3}{R}{R}{R} (You may cast this card face down as a 2/2 creature for {3}.)", {"face_down"}),
        ("When this creature is turned face up, manifest the top card of your library.", {"face_down"}),
        ("Foretell {1}{W} (During your turn, you may pay {2} and exile this card from your hand face down.)", set()),  # no morph
    ],
)
def test_a_card_is_face_down_by_its_keywords_not_by_the_words(text, expected):
    rows = table([{"card": "Some Card", "text_en": text}], {"face_down"}, common=2.0)  # one card: never too common
    assert rows.get("Some Card", set()) == expected


def test_the_shipped_table_was_written_for_the_registered_claims_mechanics():
    """A claim of a new keyword mechanic needs the table written again (python -m kb.checks.card_mechanics)."""
    header = next(line for line in TABLE.read_text(encoding="utf-8").splitlines() if line.startswith("# mechanics:"))
    assert set(header.split(":", 1)[1].split()) == mechanics()
    assert shipped().mechanics("Rift Bolt isn't cast when it's exiled.") == {"suspend"}


def test_the_linker_reads_the_mechanics_of_the_cards_a_ruling_names(monkeypatch):
    text = "Exiling Rift Bolt with time counters isn't casting it."  # its words carry no suspend tag
    linker = L.Linker([("suspend.exile_no_cast", 1, text, "en")], {"suspend.exile_no_cast": "suspend"})
    assert [link.claim for link in linker.link(text, "en", ("cast", "exile"))] == ["suspend.exile_no_cast"]
    monkeypatch.setattr(L, "named_mechanics", lambda text: frozenset())
    linker._memo.clear()
    assert linker.link(text, "en", ("cast", "exile")) == ()  # without its card, not a ruling on suspend


@pytest.mark.parametrize(
    "text, found",
    [
        ("Lotus Cobra triggers for a land fetched with Polluted Delta.", {"landfall", "search"}),  # an ability word it prints; Polluted Delta searches
        ("Il Cobra del Loto si innesca per una terra cercata.", {"landfall"}),
        ("Akroan Crusader gets one token for one spell.", {"heroic", "cast_trigger"}),  # heroic: "whenever you cast a spell that targets"
        ("Flame Javelin is red.", set()),  # a concept (mana value, hybrid cost) is no mechanic a card has
        ("Young Pyromancer's token comes even if the instant is countered.", {"cast_trigger"}),  # "whenever you cast"
        ("Giovane Piromante crea la pedina anche se l'istantaneo è neutralizzato.", {"cast_trigger"}),
        ("Demonic Tutor can't fail to find.", {"search"}),  # 3% of cards search: not too common to say something
        ("Mind Rot makes them discard two.", set()),  # 7% of cards discard: too common
        ("With plain Islands, Graven Lore scries 0 and still draws three.", {"snow", "scry"}),  # it counts snow mana spent
        ("Gray Merchant of Asphodel drains for each black pip.", {"devotion"}),  # "devotion to black" is printed
        ("A Mutavault you've had since last turn can attack right after you animate it.", {"summoning_sickness"}),  # a land that becomes a creature
        ("Chimeric Staff animated after you gained control of it must attack.", set()),  # an artifact that does: not kept
    ],
)  # fmt: skip
def test_the_shipped_table_keeps_ability_words_and_not_concepts(text, found):
    assert {"landfall", "heroic", "cast_trigger", "snow"} <= mechanics() and "mana_value" not in mechanics()
    assert shipped().mechanics(text) == found


@pytest.mark.parametrize(
    "tags, linked",
    [
        (("total_cost",), True),  # its mechanic
        (("suspend",), True),  # a keyword it concerns
        (("kicker",), False),  # another keyword
        ((), False),
    ],
)  # fmt: skip
def test_a_claim_is_read_in_the_rulings_of_its_mechanic_and_of_the_keywords_it_concerns(tags, linked):
    text = "A card with no mana cost can't be cast from your hand."  # it names no card: its tags alone
    claim = "cost.no_mana_cost_needs_alternative"
    linker = L.Linker([(claim, 1, text, "en")], {claim: "total_cost"}, keywords={claim: frozenset({"suspend"})})
    assert [link.claim for link in linker.link(text, "en", tags)] == ([claim] if linked else [])


def test_the_keywords_that_open_a_claim_are_its_later_keyword_abilities_not_concepts_or_actions():
    from kb.checks.registration import keywords, registry

    found = keywords(list(registry().values()))
    assert found["cost.no_mana_cost_needs_alternative"] == {"suspend"}  # tags: total_cost, suspend
    assert found["flashback.no_other_alternative"] == {"kicker"}  # tags: flashback, total_cost (a concept), kicker
    assert "discard" not in found["madness.counts_as_discarded"]  # a keyword action: 7% of cards discard
    assert "haste" in registry()["suspend.last_counter_cast"].tags and not found["suspend.last_counter_cast"]  # no claim is about haste
    assert all(registry()[claim].tags[0] not in opening for claim, opening in found.items())
