"""The generated mechanics (kb/vocab/mechanics.yaml): every keyword ability and keyword action of
the Comprehensive Rules, the Italian labels printed on Italian cards, and tagging that a card name,
a noun or another sense of a word does not fool. The tagging rows are ruling wording from the
corpus (rulings_en.jsonl) and Italian printed card text (cards_it.jsonl), or the bundled seeds."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
import yaml

from kb.learn.cards import CardText, aligned_lines, lines_not_naming_itself
from kb.learn.mechanics import read_cards
from kb.text import analysis
from kb.text.vocabulary import load, vocabulary

from .conftest import corpus_dir


@pytest.fixture(scope="module")
def generated() -> dict:
    text = resources.files("kb").joinpath("vocab/mechanics.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


@pytest.fixture(scope="module")
def by_id(generated) -> dict:
    return {entry["id"]: entry for entry in generated["tags"]}


def tags_of(text: str, langs=analysis.LANGS) -> tuple[str, ...]:
    """As ingest tags a ruling, given its text too (exact words, card names)."""
    return vocabulary().tags_of(text, langs)


# --- the generated data -------------------------------------------------------------------------


def test_every_keyword_action_and_ability_is_there_once(generated):
    numbers = [entry["rules"][0] for entry in generated["tags"]]
    assert len(numbers) == len(set(numbers)) == 255
    for prefix, kind, last in (("701", "keyword_action", 68), ("702", "keyword_ability", 189)):
        mine = sorted(int(n.split(".")[1]) for n in numbers if n.startswith(prefix + "."))
        assert mine == list(range(2, last + 1))  # 701.1 and 702.1 are the introductions
        assert {e["kind"] for e in generated["tags"] if e["rules"][0].startswith(prefix + ".")} == {kind}


def test_the_rules_numbers_and_names_are_those_of_the_comprehensive_rules(generated):
    root = corpus_dir()
    if root is None:
        pytest.skip("no shared corpus on this machine")
    path = sorted((root / "comprules").glob("MagicCompRules-*.json"))[-1]
    rules = json.loads(path.read_text(encoding="utf-8-sig"))["Rules"]
    expected = {r["Number"].rstrip("."): r["Body"][0] for r in rules
                if re.fullmatch(r"70[12]\.\d+\.", r["Number"]) and not r["Number"].endswith(".1.")}  # fmt: skip
    got = {e["rules"][0]: e["label"]["en"] for e in generated["tags"]}
    assert got == expected


@pytest.mark.parametrize(
    "tag_id, label",
    [
        ("kicker", "Potenziamento"),
        ("split_second", "Battibaleno"),
        ("madness", "Follia"),
        ("trample", "Travolgere"),
        ("deathtouch", "Tocco letale"),
        ("morph", "Metamorfosi"),
        ("flying", "Volare"),
        ("flashback", "Flashback"),
        ("first_strike", "Attacco improvviso"),
        ("lifelink", "Legame vitale"),
        ("haste", "Rapidità"),
        ("hexproof", "Anti-malocchio"),
        ("cycling", "Ciclo"),
        ("equip", "Equipaggiare"),
        ("sacrifice", "Sacrifica"),
        ("exile", "Esilia"),
        ("destroy", "Distruggi"),
        ("counter", "Neutralizza"),
        ("discard", "Scarta"),
        ("search", "Passa in rassegna"),
        ("goad", "Sprona"),
        ("scry", "Profetizza"),
    ],
)
def test_italian_labels_as_printed(by_id, tag_id, label):
    entry = by_id[tag_id]
    assert label in entry["labels_it"]
    assert entry["evidence"]["it"] >= 5  # aligned card lines that print it


@pytest.mark.parametrize("tag_id, label", [("kicker", "Multipotenziamento"), ("morph", "Megamorfosi")])
def test_variants_printed_on_italian_cards_are_labels_too(by_id, tag_id, label):
    assert label in by_id[tag_id]["labels_it"]


@pytest.mark.parametrize("tag_id", ["behold", "fading", "phasing", "banding", "gift", "web_slinging"])
def test_a_keyword_no_italian_card_prints_has_no_italian_label(by_id, tag_id):
    entry = by_id[tag_id]
    assert "it" not in entry["label"] and not entry.get("labels_it")
    assert entry["forms"]["en"] and entry["comment"].startswith("No Italian label")


@pytest.mark.parametrize(
    "tag_id, lang, form",
    [
        ("kicker", "en", "kicked"),
        ("kicker", "en", "kicker cost"),
        ("kicker", "it", "potenziata"),
        ("kicker", "it", "costo di potenziamento"),
        ("kicker", "en", "multikicker"),  # 702.33c: a variant
        ("umbra_armor", "en", "totem armor"),  # 702.89b: the old name
        ("cycling", "en", "typecycling"),
        ("cycling", "en", "plainscycling"),  # printed on cards
        ("landwalk", "en", "swampwalk"),
        ("madness", "it", "costo di follia"),
        ("sacrifice", "it", "sacrificata"),
    ],
)
def test_forms_rulings_use(by_id, tag_id, lang, form):
    assert form in by_id[tag_id]["forms"][lang]


def test_the_hand_written_tags_keep_their_ids_and_come_first():
    ids = [tag.id for tag in vocabulary()]
    assert ids[:21] == ["goad", "split_second", "madness", "total_cost", "mana_value", "mana_ability",
                        "triggered_ability", "special_action", "exchange_control", "discard", "attack", "face_down",
                        "free_cast", "heroic", "energy", "devotion", "summoning_sickness", "landfall",
                        "token", "double_faced", "snow"]  # fmt: skip
    assert len(ids) == len(set(ids)) == 48 + 255 - 11  # goad, split second, madness, exchange, discard, foretell, crew, evolve, exert, venture into the dungeon, cumulative upkeep merged
    assert ids[28:31] == ["additional_cost", "timing", "uninterrupted"]  # the latest hand-written tags come after the others


def test_a_hand_written_keyword_is_merged_with_its_generated_entry():
    madness = vocabulary().by_id["madness"]
    assert madness.kind == "keyword_ability" and madness.rules == ("702.35",)
    assert madness.label["it"] == "follia"  # the hand-written label stays
    assert "costo di follia" in madness.forms["it"]  # a generated form joins the reviewed ones
    assert "Descent into Madness" in madness.not_forms["en"]  # and so do the card names
    assert vocabulary().by_id["exchange_control"].meta["labels_it"] == ["Scambia"]


@pytest.mark.parametrize(
    "name, tag_id",
    [
        ("potenziamento", "kicker"),
        ("Potenziamento", "kicker"),
        ("kicked", "kicker"),
        ("battibaleno", "split_second"),
        ("tocco letale", "deathtouch"),
        ("Metamorfosi", "morph"),  # a label of morph, a form of face_down: the label wins
        ("volare", "flying"),
        ("travolgere", "trample"),
        ("esilia", "exile"),
        ("neutralizzare", "counter"),
        ("passa in rassegna", "search"),
        ("totem armor", "umbra_armor"),
        ("web-slinging", "web_slinging"),
        ("flashback", "flashback"),
    ],
)
def test_resolve_by_label_or_form(name, tag_id):
    assert vocabulary().resolve(name) == tag_id


# --- tagging precision ----------------------------------------------------------------------------

PRECISION = [
    # a card named with a keyword is not the mechanic; a keyword opening a sentence is
    ("If Descent into Madness isn’t on the battlefield when its ability resolves, use the number of counters on it.",
     "madness", False),
    ("Madness works no matter why you discard the card.", "madness", True),
    ("If Cast Out leaves the battlefield before its triggered ability resolves, the target permanent won’t be exiled.",
     "cast", False),
    ("If Eternal Witness is put into your graveyard, its ability can target it.", "eternalize", False),
    ("The exiled card returns to the battlefield with Storm Crow.", "storm", False),
    ("A spell with split second is on the stack.", "split_second", True),
    ("Split second doesn’t stop players from activating mana abilities.", "split_second", True),
    ("Until end of turn, Shadow of Doubt stops players from searching libraries.", "shadow", False),
    ("La Discesa nella Follia esilia un permanente.", "madness", False),
    ("Lanciare una magia con follia ignora le regole sulle tempistiche.", "madness", True),
    # foretell's participles, as printed on cards ("foretold"; "se è stata predetta"), not prey ("preda")
    ("A foretold card can be cast on a later turn.", "foretell", True),
    ("Una stregoneria predetta si può lanciare in un turno successivo.", "foretell", True),
    ("Il lupo insegue la sua preda.", "foretell", False),
    # counter: the keyword action, not the noun; Italian neutralizzare, not segnalino
    ("Counter target spell.", "counter", True),
    ("The spell won’t be countered when Absorb resolves, but you’ll still gain 3 life.", "counter", True),
    ("A spell that can’t be countered is a legal target.", "counter", True),
    ("A spell or ability that counters spells can still target your spells.", "counter", True),
    ("Put a +1/+1 counter on target creature.", "counter", False),
    ("If an effect adds or removes loyalty counters from Abian, you also gain or lose that much life.", "counter", False),
    ("Counters on objects that aren’t permanents, such as time counters on a suspended card, are unaffected.",
     "counter", False),
    ("Questa magia non può essere neutralizzata.", "counter", True),
    ("Neutralizza una magia bersaglio. Guadagni 3 punti vita.", "counter", True),
    ("Metti un segnalino +1/+1 su ogni creatura che controlli.", "counter", False),
    # common words that are also keywords
    ("A spell cast using flashback will always be exiled afterward.", "flash", False),
    ("If a Dryad Arbor gains flash, you may play it as though it had flash.", "flash", True),
    ("A creature with hexproof or protection from blue may be shrunk this way.", "protection", True),
    ("It must attack a planeswalker controlled by an opponent, a battle protected by an opponent, or the player.",
     "protection", False),
    ("Afflict causes the defending player to lose life; it’s not damage or combat damage.", "defender", False),
    ("A creature with defender can’t attack.", "defender", True),
    ("Its loyalty reaches 0.", "reach", False),
    ("Horsemanship doesn’t interact with flying or reach.", "reach", True),
    ("For more information on double-faced cards, see the mechanics article.", "double", False),
    ("Alhammarret’s Archive will then double the amount of life you would gain.", "double", True),
    ("If a creature has double strike, it deals damage twice.", "double", False),
    ("Akiri’s first ability has you draw one card per player you attack with an equipped creature.", "equip", False),
    ("Activating an Equipment’s equip ability is a sorcery-speed action.", "equip", True),
    ("You can target any player with Abzan Advantage, even if that player doesn’t control an enchantment.",
     "enchant", False),
    ("An Aura with enchant player can enchant an opponent.", "enchant", True),
    ("Casting a spell for its surge cost doesn’t change its mana cost or its converted mana cost.", "convert", False),
    ("If a turn has multiple combat phases, the ability can be activated only in the first combat phase.",
     "phasing", False),
    ("Each Aura and Equipment that phases out attached to a permanent phases in with it.", "phasing", True),
    ("You’re a legendary planeswalker that’s red and green.", "planeswalk", False),
    ("Normally, the planar controller is whoever the active player is.", "activate", False),
    ("You can activate the ability only once each turn.", "activate", True),
    ("Time counters on a suspended card or poison counters on a player are unaffected.", "poisonous", False),
    ("The effect doesn’t wear off until just before your next untap step.", "tap_and_untap", False),
    ("That creature won’t untap during its controller’s next untap step.", "tap_and_untap", True),
    ("Some spells that instruct you to create a Food token have targets.", "create", True),
    ("Two extra turns are created for each turn taken.", "create", False),
    ("Play with the top card of your library revealed.", "play", False),
    ("You won’t be able to play the land.", "play", True),
    ("The Plains you search for doesn’t have to be basic.", "search", True),
    ("Cards exiled with suspend are exiled face up.", "suspend", True),
    ("{4}{R}{G}: Il Monumento ad Atarka diventa una creatura artefatto Drago 4/4 rossa e verde con volare.",
     "dredge", False),  # "drago" (dragon) shares the stem of "dragare"
    ("{4}{R}{G}: Il Monumento ad Atarka diventa una creatura artefatto Drago 4/4 rossa e verde con volare.",
     "flying", True),
    ("Fino a due creature bersaglio hanno attacco improvviso fino alla fine del turno.", "improvise", False),
    ("Fino a due creature bersaglio hanno attacco improvviso fino alla fine del turno.", "first_strike", True),
    ("In una partita multiplayer, l'effetto che gli ha conferito il controllo della magia cessa.", "bestow", False),
    ("Se il Fantasma Etereo è stato potenziato, entra nel campo di battaglia con due segnalini +1/+1.", "kicker", True),
    ("Se il Fantasma Etereo è stato potenziato, entra nel campo di battaglia con due segnalini +1/+1.", "counter", False),
    ("You won’t draw a card if it was kicked.", "kicker", True),
    ("Exile it with the number of time counters before the dash, paying its suspend cost (listed after the dash).", "dash",
     False),  # suspend's reminder: the dash of "3—{U}"
    ("You don’t have to attack with the creature with dash unless another ability says you do.", "dash", True),
    ("If you pay the dash cost, the creature returns to its owner’s hand.", "dash", True),
    # marked damage, leaving the game, a value locked as an effect resolves: concepts, not keywords
    ("Damage stays marked on the creature until the cleanup step.", "marked_damage", True),
    ("Il danno segnato sulla creatura viene rimosso nella sottofase di cancellazione.", "marked_damage", True),
    ("Nonlethal damage dealt earlier may become lethal.", "marked_damage", True),
    ("Trample lets it assign lethal damage to the blocker and the rest to the player.", "marked_damage", False),
    ("If a player leaves the game, all cards that player owns leave as well.", "leave_game", True),
    ("Se un giocatore abbandona la partita, le carte che possiede lasciano la partita.", "leave_game", True),
    ("If Oblivion Ring leaves the battlefield, the exiled card returns.", "leave_game", False),
    ("The value of X is determined as the ability resolves.", "value_locked", True),
    ("Il valore di X viene determinato mentre l'abilità si risolve.", "value_locked", True),
    ("You choose the value of X as you cast the spell.", "value_locked", False),
    # turning a face-down permanent face up, and megamorph, are face-down matters
    ("Stratus Dancer turned face up for its megamorph cost gets a +1/+1 counter.", "face_down", True),
    ("Icefeather Aven triggers when Break Open turns it face up.", "face_down", True),
    ("Se Forzare gira a faccia in su la creatura, la sua abilità si innesca.", "face_down", True),
    ("La Danzatrice dei Nembi pagata con la megamorfosi riceve un segnalino +1/+1.", "face_down", True),
    ("Exile the card face up with three time counters on it.", "face_down", False),
    # Auras and Equipment attached: "enchanted" and "equipped" as they are, not enchantment nor the equip keyword
    ("Gaining control of a creature doesn’t cause you to gain control of any Auras attached to it.", "attachment", True),
    ("The Equipment becomes unattached and remains on the battlefield.", "attachment", True),
    ("The enchanted creature can't attack.", "attachment", True),
    ("L'Equipaggiamento resta sul campo di battaglia non assegnato.", "attachment", True),
    ("Se la creatura incantata lascia il campo di battaglia, l'Aura va nel cimitero.", "attachment", True),
    ("Enchantment spells you cast cost {1} less.", "attachment", False),
    ("Il danno assegnato alla creatura bloccante resta segnato.", "attachment", False),
    ("Ephemerate on a creature wearing Holy Strength.", "attachment", True),             # players' words
    ("Se muore l'orso, lo Spaccaossa si stacca e resta lì.", "attachment", True),
    # no player may act between announcing a spell or ability and paying its costs
    ("Players can respond only after Thud has been cast and all its costs have been paid.", "uninterrupted", True),
    ("The counter is removed as a cost, so it can’t be responded to.", "uninterrupted", True),
    ("Once you activate the ability, no player can do anything to Seal of Cleansing to stop you from activating it.",
     "uninterrupted", True),
    ("No one can try to destroy the creature you sacrificed to prevent you from casting this spell.",
     "uninterrupted", True),
    ("I giocatori possono rispondere solo dopo che la magia è stata lanciata e i suoi costi pagati.",
     "uninterrupted", True),
    ("Caged Sun’s triggered ability is a mana ability, so it can’t be responded to.", "uninterrupted", False),
    ("Gaining a level is a normal activated ability. It uses the stack and can be responded to.", "uninterrupted",
     False),
    ("Opponents can respond to the triggered ability by destroying the creature.", "uninterrupted", False),
    # "not" is a stop word: a form "players may not respond" would take "players may respond"
    ("Players may respond to that spell by trying to change whether you get the city’s blessing.", "uninterrupted",
     False),
    ("Monstrous isn’t an ability that a creature has. It’s just something true about that creature.", "monstrosity", True),
    ("The damage is dealt by Monstrous Onslaught, not by the creature with the greatest power.", "monstrosity", False),
    ("If an effect replaces the number of counters, such as that of Vorinclex, Monstrous Raider, it happens once.",
     "monstrosity", False),
    ("Once you have the city’s blessing, you have it for the rest of the game.", "ascend", True),
    ("Una volta ottenuta la benedizione della città, la tieni per tutta la partita.", "ascend", True),
    ("Blessing of Belzenlok gives the city a new look.", "ascend", False),
]


@pytest.mark.parametrize("text, tag, tagged", PRECISION)
def test_tagging_precision(text, tag, tagged):
    assert (tag in tags_of(text)) is tagged


@pytest.mark.parametrize(
    "text, tag, tagged",
    [
        # given only the terms, an exact word cannot be checked, so the form does not tag
        ("The spell won’t be countered when Absorb resolves.", "counter", False),
        ("A creature with defender can’t attack.", "defender", True),
        ("Afflict causes the defending player to lose life.", "defender", False),  # a context, on stems
        ("Put a +1/+1 counter on target creature spell.", "counter", False),
        ("Counter target spell.", "counter", True),
        ("If Cast Out leaves the battlefield, the permanent won’t be exiled.", "cast", False),  # a name context
    ],
)
def test_tagging_from_terms_only(text, tag, tagged):
    terms = {lang: analysis.terms(text, lang) for lang in analysis.LANGS}
    assert (tag in vocabulary().tags_in(terms)) is tagged


def test_find_and_tags_in_agree():
    vocab = vocabulary()
    for text, _, _ in PRECISION:
        for lang in analysis.LANGS:
            terms = analysis.terms(text, lang)
            for given in (None, text):
                found = {m.tag for m in vocab.find(terms, lang, given)}
                assert set(vocab.tags_in({lang: terms}, text=given)) == found, (text, lang, given)


# --- the format: not contexts, exact words, card names ---------------------------------------------

TOY = """
name_connectors: [into]  # lower-case words inside card names, besides kb/vocab/language.yaml's
tags:
  - {id: counter, kind: keyword_action, rules: ["701.6"],
     forms: {en: ["=countered", "counter target"]}, not: {en: ["1 1 counter"]}}
  - {id: madness, kind: keyword_ability, rules: ["702.35"], forms: {en: [madness]}}
  - {id: defender, kind: keyword_ability, rules: ["702.3"], forms: {en: [defender]},
     not: {en: ["defending player", "=defending"]}}
"""


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Counter target spell.", ("counter",)),
        ("Put a +1/+1 counter target creature.", ()),  # a not context over the same words
        ("If it is countered.", ("counter",)),
        ("A creature with defender.", ("defender",)),
        ("The defending player chooses.", ()),
        ("The defending creature.", ()),  # an exact context: needs the text
        ("If Descent into Madness leaves.", ()),  # a card name
        ("Madness works anyway.", ("madness",)),  # a capital that opens a sentence
        ("You may cast it for its Madness cost.", ("madness",)),  # one capitalised word is no name
        ("Each Madness card works anyway.", ("madness",)),  # nor is one after a sentence's opening word
        ("If Descent into Madness leaves, Madness cards stay.", ("madness",)),
        ("Sacrifice Descent into Madness.", ()),  # two words or more after it are
    ],
)
def test_format_contexts_exact_words_and_names(text, expected):
    toy = load(TOY)
    assert toy.tags_of(text, ["en"]) == expected


def test_files_merge_by_id():
    toy = load(TOY, "tags: [{id: madness, kind: keyword, label: {it: follia}, forms: {it: [follia]}}]")
    assert [t.id for t in toy] == ["counter", "madness", "defender"]
    assert toy.by_id["madness"].forms == {"it": ("follia",), "en": ("madness",)}


def test_an_exact_word_must_be_a_searchable_word():
    with pytest.raises(ValueError, match="one word that is not a stop word"):
        load("tags: [{id: x, kind: concept, rules: ['1'], forms: {en: ['=the']}}]")


# --- the learner's cards (kb.learn) -------------------------------------------------------------

CARDS = Path(__file__).resolve().parent / "fixtures" / "lexicon"  # cards_sample.jsonl (hand-written) and an MTGJSON file


def test_the_learner_reads_each_card_with_both_texts_once():
    cards = read_cards(CARDS)
    keys = [(c.card, c.text_en, c.text_it) for c in cards]
    assert len(keys) == len(set(keys)) and all(c.text_en and c.text_it for c in cards)
    assert {"Aerial Scout", "Sworn Duelist", "Gravecaller"} <= {c.card for c in cards}  # both sources


def test_card_lines_are_paired_and_glued_italian_lines_split():
    card = CardText("Sky Lancer", "Lanciere del Cielo", "Flying\nWhenever Sky Lancer attacks, draw a card.",
                    "VolareOgniqualvolta il Lanciere del Cielo attacca, pesca una carta.", card="Sky Lancer")
    assert [it for _, it in aligned_lines(card)] == ["Volare", "Ogniqualvolta il Lanciere del Cielo attacca, pesca una carta."]
    assert aligned_lines(card, unglue=False) == []
    named = CardText("Storm Entity", "Entità della Tempesta", "Haste\nStorm Entity enters with a counter.",
                     "Rapidità\nL'Entità della Tempesta entra con un segnalino.", card="Storm Entity")
    assert lines_not_naming_itself(named) == [("Haste", "Rapidità")]
