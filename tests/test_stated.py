"""The mana values rulings state for the cards they name, against the model's (kb.checks.stated),
the card cost table they come from (kb.checks.card_costs), and the linker setting its links of mana
value by them."""

from __future__ import annotations

import gzip
import json

import pytest
from click.testing import CliRunner

from kb.checks import card_costs, card_table, stated
from kb.checks import links as L
from kb.checks.card_table import Card, read
from kb.checks.model.cards import Face
from kb.checks.stated import bears_on, claim_of, read_values, verdict
from kb.cli import main
from kb.errors import ParseError
from kb.records import ASSERTS, DENIES

from .conftest import corpus_dir


@pytest.mark.parametrize(
    "text, holds",
    [
        ("Flame Javelin's mana value is 3.", False),  # {2/R}{2/R}{2/R}: 6
        ("Flame Javelin has a mana value of 6, whatever you paid.", True),
        ("Il valore di mana di Giavellotto Infuocato è 3.", False),  # its Italian name
        ("Giavellotto Infuocato ha valore di mana 6.", True),
        ("Gitaxian Probe has mana value zero.", False),  # {U/P}: 1; a number in words
        ("Sonda Gitaxian ha sempre valore di mana uno.", True),
        ("Treasure Cruise’s mana value is 8 even if you exiled three cards to cast it.", True),  # the typographic apostrophe
        ("Ancestral Vision has mana value 0.", True),  # no mana cost
        ("Fire // Ice has a mana value of 4 in your hand.", True),  # a split card: its halves added up
        ("Fire // Ice has a mana value of 2 in your hand.", False),
        ("Fire // Ice has a mana value of 2.", None),  # on the stack each half is 2, elsewhere the card 4
        ("While not on the stack, Fire // Ice has a mana value of 2.", False),  # every zone but the stack: 4
        ("Walking Ballista has mana value 6 on the stack if X is 3.", True),  # X as the sentence gives it
        ("Walking Ballista has mana value 2 on the battlefield.", False),  # X is 0 there
        ("Walking Ballista has mana value 6.", None),  # on the stack, with X = 3; elsewhere 0
        ("Walking Ballista has mana value 7 on the stack.", False),  # {X}{X}: an even number, whatever X
        ("Walking Ballista has mana value 98 on the stack.", None),  # X = 49 gives it: a number of many
        ("Se scegli 4 per X, la Balista Mobile ha valore di mana 8 sulla pila.", True),
        ("Treasure Cruise's mana value isn't 8 but 2 if you delve six cards.", False),  # the number it says instead
        ("Il valore di mana di Traversata Sfarzosa non è 2 ma 8.", True),
        ("While it's in your graveyard, Giant Killer is a white creature card whose mana value is 1.", True),  # an Adventure card: {W}
        ("In cimitero, Ammazzagiganti è una carta creatura bianca il cui valore di mana è 3.", False),
        # players' words, with no "mana value" said
        ("Flame Javelin totals 3: every two-or-red pip is worth 1.", False),
        ("Treasure Cruise stays an 8 for anything checking it.", True),
        ("Grizzly Bears is a 2-drop.", True),
        ("Fire // Ice is a 4 in your library.", True),
        ("Sonda Gitaxian vale 0, visto che si può giocare pagando 2 punti vita.", False),
        ("Giavellotto Infuocato pesa soltanto 3.", False),
        ("Forza di Volontà ha valore 5 anche se la lanci esiliando una carta blu.", True),
        ("Delver of Secrets has mana value 1 on the battlefield, whichever face is up.", True),  # transform: the front face's
        # "it", or no subject in Italian, is the one card named before it
        ("My Walking Ballista was cast with X=3, so on the battlefield its mana value is 6.", False),
        ("Bonecrusher Giant cast as Stomp keeps its cost; it's still a mana value 3 spell on the stack.", False),  # cast as the Adventure: 2
        ("Bonecrusher Giant cast as Stomp is a mana value 2 spell on the stack.", True),
        ("Gigante Sbriciolaossa lanciato come Schiacciare ha valore di mana 3 in pila.", False),  # the face's Italian name: 2
        ("Gigante Sbriciolaossa lanciato come Schiacciare ha valore di mana 2 in pila.", True),
        ("Giavellotto Infuocato, pagato {R}{R}{R}, ha valore di mana 3.", False),
        # where it is, or how it was cast, between the name and the number
        ("Treasure Cruise cast for {U} has mana value 8.", True),
        ("Treasure Cruise cast for {U} has mana value 1.", False),
        ("Scopritore di Segreti già trasformato vale sempre 1.", True),  # transform: the front face's
        ("Fireball cast with X=3, Palla di Fuoco lanciata con X pari a 3 ha valore di mana 4 in pila.", True),
        ("Flame Javelin checks in at 3 for mana value.", False),
        ("Forest and Island sit at mana value 0.", True),
        # each part between semicolons says where the card is, for its own number
        ("Una Palla di Fuoco in mano ha valore di mana 1; in pila con X pari a 4 ne ha un altro.", True),
        ("Bonecrusher Giant is mana value 3 in your hand; only on the stack as Stomp is it 2.", True),
        ("Bonecrusher Giant is mana value 2 in your hand; only on the stack as Stomp is it 3.", False),
        ("Stonecoil Serpent cast with X=5 has mana value 5 while it's a spell, and 0 on the battlefield.", None),  # two zones in one part
        ("Bonecrusher Giant sitting in your hand is a creature card with mana value 3.", True),  # "is a ... card with mana value"
        ("Bonecrusher Giant sitting in your hand is a creature card with mana value 2.", False),
        ("Pitching a card to Force of Will doesn't make it free: on the stack it's still mana value 0.", False),  # "it's mana value", no article
        ("Se lanci Traversata Sfarzosa esiliando sei carte, il suo valore di mana non è più 8 ma 2.", False),  # "sei carte" are no "suo"
        ("Treasure Cruise was cast by exiling seven cards, and that spell has a mana value of 8.", True),  # "that spell": the one card named
        ("Traversata Sfarzosa è stata lanciata esiliando sette carte, ma quella magia vale 1.", False),
        ("Fireball lying in someone's yard has mana value 1.", True),  # a name that is a common word, where the sentence opens
        # the one card a ruling names, said again as "the" and a word of its name
        ("Thought-Knot Seer exiles a card. The Seer has mana value 3.", False),
        ("Temperamento Focoso ha follia. Il Temperamento vale 3.", True),
    ],
)  # fmt: skip
def test_a_stated_mana_value_is_judged_by_the_model(text, holds):
    found = read_values(text)
    assert found, text
    assert all(s.holds is holds for s in found) if holds is not None else any(s.holds is None for s in found)


@pytest.mark.parametrize(
    "text",
    [
        "Flame Javelin can target a creature with mana value 3.",  # the number is no value of the card it names
        "If Flame Javelin's mana value is 3, nothing happens.",  # a condition
        "Treasure Cruise's mana value is 8 or less.",  # a comparison
        "Flame Javelin's mana value isn't 3.",  # a denial of a number says nothing of which it is
        "A face-down Akroma, Angel of Fury has mana value 0.",  # face down: no mana cost
        "A token copy of Flame Javelin has mana value 6.",  # a token or copy: not read
        "Its mana value is 3.",  # no card named
        "Flame Javelin deals 4 damage.",  # no mana value said
        "If Dark Confidant reveals Fire // Ice, its mana value is 4.",  # "it": two cards named
        "Dark Confidant reveals a split card; its mana value is 4.",  # "it": something else said between
        "Treasure Cruise returns a creature card; that creature has mana value 3.",  # "that creature": something else said between
        "Its mana value is 6, as Flame Javelin shows.",  # "it" before the card
        "Tarmogoyf is a 4/5 with a land and a creature card in graveyards.",  # a number of something else
        "Lightning Bolt is worth 3 damage.",
        "Tarmogoyf vale 2 punti in più.",
        "Walking Ballista is a creature.",
        "Llanowar Elves and Thought-Knot Seer: the Seer has mana value 3.",  # two cards named: "the Seer" is neither
        "Domanda: il suo valore di mana è 3, giusto?",  # a common word opening a sentence is no card "suo" may mean
    ],
)  # fmt: skip
def test_what_is_no_statement_of_a_named_cards_mana_value_is_not_read(text):
    assert read_values(text) == []


def test_the_verdict_of_a_ruling_takes_a_wrong_number_over_right_ones():
    javelin = Card("Flame Javelin", "normal", (Face("Flame Javelin", "{2/R}{2/R}{2/R}"),))
    right = stated.Stated(javelin, "Flame Javelin", 6, frozenset({6}))
    wrong = stated.Stated(javelin, "Flame Javelin", 3, frozenset({6}))
    either = stated.Stated(javelin, "Flame Javelin", 6, frozenset({3, 6}))
    assert verdict([right, wrong]) == (False, wrong)
    assert verdict([right]) == (True, right)
    assert verdict([right, either]) is None and verdict([]) is None
    assert "computed from {2/R}{2/R}{2/R}" in wrong.evidence and wrong.evidence.endswith(": 6")


@pytest.mark.parametrize(
    "layout, costs, claim",
    [
        ("normal", ("{X}{X}",), "mana_value.x_is_zero_off_the_stack"),
        ("split", ("{1}{R}", "{1}{U}"), "mana_value.split_card"),
        ("adventure", ("{2}{R}", "{1}{R}"), "mana_value.adventure"),
        ("modal_dfc", ("{4}{U}{U}{U}", None), "mana_value.double_faced"),
        ("normal", ("{U/P}",), "mana_value.phyrexian_counts_one"),
        ("normal", ("{2/R}{2/R}{2/R}",), "mana_value.hybrid_largest_part"),
        ("normal", (None,), "mana_value.no_mana_cost_zero"),
        ("normal", ("{4}{C}{C}",), "mana_value.colorless_snow_half"),
        ("normal", ("{1}{W}",), None),  # nothing of note in its cost
    ],
)  # fmt: skip
def test_the_claim_of_a_card_is_what_its_cost_holds_of_note(layout, costs, claim):
    assert claim_of(Card("A", layout, tuple(Face(f"A{k}", c) for k, c in enumerate(costs)))) == claim


@pytest.mark.parametrize(
    "claim, bears",
    [("mana_value.split_card", True), ("delve.mana_value_unchanged", True), ("mana_value.face_down_zero", False), ("goad.must_attack", False)],
)  # fmt: skip
def test_a_cards_computed_mana_value_bears_on_the_claims_of_mana_value_from_its_cost(claim, bears):
    assert bears_on(claim) is bears


@pytest.mark.parametrize(
    "text, lang, claim, polarity",
    [
        ("Flame Javelin's mana value is 3.", "en", "mana_value.hybrid_largest_part", DENIES),
        ("Giavellotto Infuocato ha valore di mana 6.", "it", "mana_value.hybrid_largest_part", ASSERTS),
        ("Gitaxian Probe has mana value 0.", "en", "mana_value.phyrexian_counts_one", DENIES),
        ("Treasure Cruise’s mana value is 2 if you exiled six cards to cast it with delve.", "en", "delve.mana_value_unchanged", DENIES),
        ("Sonda Gitaxian vale 0, visto che si può giocare pagando 2 punti vita.", "it", "mana_value.phyrexian_counts_one", DENIES),  # no tag of mana value
        ("Traversata Sfarzosa pagata con {U} pesa comunque 8.", "it", "delve.mana_value_unchanged", ASSERTS),  # nothing of note in its cost: the mechanic's claim
        # nothing of note, no mechanic's claim, but paid for otherwise than by its mana cost
        ("Mana value equals what you actually paid, so a Force of Will cast by exiling a blue card has mana value 0.", "en", "cost.mana_value_unchanged", DENIES),
        ("Gush cast by returning two Islands has mana value 5.", "en", "cost.mana_value_unchanged", ASSERTS),
        ("Forza di Volontà, lanciata gratis, ha valore di mana 0.", "it", "cost.mana_value_unchanged", DENIES),
    ],
)  # fmt: skip
def test_the_linker_sets_the_links_of_mana_value_by_the_number_stated(text, lang, claim, polarity):
    tags = ("mana_value", "delve") if "delve" in text or "Traversata" in text else ("mana_value",) if "mana value" in text or "valore di mana" in text else ()
    found = {link.claim: link for link in L.link(text, lang, tags)}
    assert found[claim].polarity == polarity and found[claim].score == 1.0
    assert "computed from" in found[claim].evidence

@pytest.mark.parametrize(
    "claim, costs, fits",
    [
        ("mana_value.phyrexian_counts_one", ("{3}{U}",), False),  # Deep Analysis: no Phyrexian mana in its cost
        ("mana_value.phyrexian_counts_one", ("{U/P}",), True),
        ("mana_value.hybrid_largest_part", ("{2/R}{2/R}{2/R}",), True),
        ("mana_value.x_is_zero_off_the_stack", ("{2}{R}",), False),
        ("delve.mana_value_unchanged", ("{7}{U}",), True),  # no feature of a cost: any card
    ],
)  # fmt: skip
def test_a_claim_of_a_costs_feature_fits_only_a_card_that_has_it(claim, costs, fits):
    card = Card("A", "normal", tuple(Face(f"A{k}", c) for k, c in enumerate(costs)))
    assert stated.fits(claim, [stated.Stated(card, "A", 1, frozenset({1}))]) is fits


def test_a_ruling_stating_a_cards_mana_value_links_no_claim_of_a_feature_its_cost_lacks():
    text = "Analisi Approfondita ha sempre valore di mana 4, anche quando la rilanci pagando {1}{U} e 3 punti vita."
    assert not [link for link in L.link(text, "it", ("mana_value",)) if link.claim in stated.FEATURED]


def test_a_false_mana_value_fails_its_check_naming_the_claim_and_the_number(tmp_path):
    folder = tmp_path / "rulings"
    folder.mkdir()
    (folder / "flame-javelin.txt").write_text("Flame Javelin\n\n01/01/2026\n\nFlame Javelin's mana value is 3, since each {2/R} counts 1.\n", encoding="utf-8")
    runner = CliRunner()
    built = runner.invoke(main, ["ingest", str(folder), "--index", str(tmp_path / "index")])
    assert built.exit_code == 0, built.output
    checked = runner.invoke(main, ["check", "--all", "--index", str(tmp_path / "index"), "--json"])
    assert checked.exit_code == 1
    ruling = [r for r in json.loads(checked.output)["results"] if r["ruling"]]
    assert [(r["check"], r["polarity"], r["passed"]) for r in ruling] == [("mana_value.hybrid_largest_part", DENIES, False)]
    assert "stated: 3" in ruling[0]["message"] and ": 6" in ruling[0]["message"]


def _write_set(path, cards):
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        json.dump({"data": {"code": "TST", "cards": cards}}, handle)


def test_the_table_is_written_from_set_files_and_read_back(tmp_path):
    italian = [{"language": "Italian", "name": "Giavellotto Infuocato"}]
    _write_set(tmp_path / "TST.json.gz", [
        {"name": "Flame Javelin", "layout": "normal", "manaCost": "{2/R}{2/R}{2/R}", "number": "1", "foreignData": italian},
        {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}", "number": "2a"},
        {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}", "number": "2b"},
        {"name": "Start // Fire", "faceName": "Fire", "side": "b", "layout": "split", "manaCost": "{1}{R}", "number": "3b"},
        {"name": "Start // Fire", "faceName": "Start", "side": "a", "layout": "split", "manaCost": "{2}{W}", "number": "3a"},
        {"name": "Ancestral Vision", "layout": "normal", "number": "4"},
        {"name": "Goblin", "layout": "token", "number": "T1"},
    ])  # fmt: skip
    out = tmp_path / "card_costs.tsv.gz"
    assert card_costs.main([str(tmp_path), "--out", str(out)]) == 0
    names, by_name = read(out)
    assert by_name["Giavellotto Infuocato"] is by_name["Flame Javelin"]
    assert by_name["Fire // Ice"].faces == (Face("Fire", "{1}{R}"), Face("Ice", "{1}{U}"))
    assert by_name["Start // Fire"].faces[0] == Face("Start", "{2}{W}")  # faces in side order
    assert "Fire" not in by_name  # a face of two cards: names neither for sure
    assert by_name["Ancestral Vision"].faces == (Face("Ancestral Vision", None),) and "Goblin" not in by_name
    assert [name for _, _, name in names.spans("Giavellotto Infuocato and Fire // Ice")] == ["Giavellotto Infuocato", "Fire // Ice"]
    first = out.read_bytes()
    card_costs.main([str(tmp_path), "--out", str(out)])
    assert out.read_bytes() == first  # the same bytes from the same files


@pytest.mark.parametrize("row, line", [("normal\t{1}\tA", 2), ("split\t{1} // {2}\tA\tA", 2), ("\t{1}\tA\tA", 2)])
def test_a_malformed_table_row_names_the_file_and_line(tmp_path, row, line):
    path = tmp_path / "card_costs.tsv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write(f"# generated\n{row}\nnormal\t{{1}}\tB\tB\n")
    with pytest.raises(ParseError) as caught:
        read(path)
    assert (caught.value.path, caught.value.line) == (str(path), line)


def test_a_table_that_is_no_gzip_is_a_clear_error(tmp_path):
    path = tmp_path / "card_costs.tsv.gz"
    path.write_text("normal\t{1}\tA\tA\n", encoding="utf-8")
    with pytest.raises(ParseError, match="unreadable card cost table"):
        read(path)


@pytest.mark.parametrize("content", ["[1, 2]", "{not json", '{"data": {"cards": [1]}}', '{"data": {"cards": [{"name": "A", "manaCost": 3}]}}'])
def test_a_file_that_is_no_set_file_stops_the_writer_naming_it(tmp_path, capsys, content):
    (tmp_path / "BAD.json").write_text(content, encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        card_costs.main([str(tmp_path), "--out", str(tmp_path / "out.tsv.gz")])
    assert stopped.value.code == 2 and "BAD.json" in capsys.readouterr().err


def test_the_shipped_table_gives_the_real_set_files_cards_their_mtgjson_costs():
    folder = corpus_dir()
    if folder is None or not (folder / "mtgjson").is_dir():
        pytest.skip("no MTGJSON set files: the corpus folder (KB_CORPUS or ../shared/corpus) has no mtgjson/")
    entries = [entry for path in sorted((folder / "mtgjson").glob("*.json.gz")) for entry in card_costs.set_cards(path)]
    _, by_name = card_table.shipped()
    checked = 0
    for entry in entries:
        card = by_name.get(entry["name"])
        if card is None or entry.get("layout") in card_costs.SKIPPED:
            continue
        side = "abcdefgh".index(entry.get("side") or "a")
        assert card.faces[side].mana_cost == entry.get("manaCost"), entry["name"]
        checked += 1
    assert checked > 500


@pytest.mark.parametrize(
    "text, found",
    [
        ("Flicker Delver of Secrets and it comes back front face up.", {"double_faced"}),  # transform
        ("Un effetto che mette Richiamo di Emeria sul campo di battaglia lo fa entrare col fronte.", {"double_faced"}),  # modal, Italian name
        ("Fire // Ice has a mana value of 4 in your hand.", set()),  # split: no mechanic of a layout
        ("Lightning Bolt deals 3 damage.", set()),
    ],
)  # fmt: skip
def test_a_named_cards_layout_carries_its_mechanic(text, found):
    assert set(card_table.layout_mechanics(text)) == found
