"""Tags: surface forms matched on analysed text, in both languages, with inflections and accents."""

from __future__ import annotations

import pytest

from kb.text import analysis
from kb.errors import UnknownTag
from kb.text.vocabulary import load, vocabulary


def tags_of(text: str) -> tuple[str, ...]:
    """The tags of a text analysed in both languages, the text given (exact words, card names)."""
    return vocabulary().tags_of(text)


@pytest.mark.parametrize(
    "text, tag",
    [
        ("La creatura è stata provocata.", "goad"),
        ("Sprona la creatura bersaglio.", "goad"),
        ("Una creatura spronata deve attaccare.", "goad"),
        ("Goaded creatures must attack.", "goad"),
        ("Una magia con frazione di secondo.", "split_second"),
        ("Una magia con battibaleno è in pila.", "split_second"),
        ("A spell with split second is on the stack.", "split_second"),
        ("Una carta con split second è in pila.", "split_second"),  # English keyword in Italian
        ("Se la scarti...", "discard"),
        ("Una carta scartata.", "discard"),
        ("Puoi scartarla per pagare un costo.", "discard"),
        ("Discarding a card.", "discard"),
        ("Lanciare una magia con follia.", "madness"),
        ("(such as a madness cost)", "madness"),
        ("L'abilita innescata di follia.", "triggered_ability"),  # no accent
        ("Le abilità si innescheranno comunque.", "triggered_ability"),
        ("That ability triggers.", "triggered_ability"),
        ("Il costo di mana convertito della magia.", "mana_value"),
        ("Its converted mana cost is 3.", "mana_value"),
        ("Players may turn face-down creatures face up.", "special_action"),
        ("I giocatori possono girare a faccia in su le creature.", "special_action"),
        ("Le creature a faccia in giù.", "face_down"),
        ("Lo scambio dura indefinitamente.", "exchange_control"),
        ("Add any cost increases, then apply any cost reductions.", "total_cost"),
        ("Deve attaccare se può.", "attack"),
        ("It must attack each combat if able.", "attack"),
        ("Kicker {2}{R}", "kicker"),
        ("Potenziamento {2}{R}", "kicker"),
        ("Flying", "flying"),
        ("Volare", "flying"),
        ("Battibaleno", "split_second"),
        ("Follia {1}{R}", "madness"),
        ("Travolgere", "trample"),
        ("Tocco letale", "deathtouch"),
        ("Metamorfosi {4}{R}", "morph"),
        ("Sacrifica l'Avamposto Abbandonato: Aggiungi un mana.", "sacrifice"),
        ("Esilia un artefatto o un incantesimo bersaglio.", "exile"),
        ("Distruggi una creatura bersaglio.", "destroy"),
        ("You must choose 0 as the value of X when casting it without paying its mana cost.", "free_cast"),
        ("You may cast spells without paying their mana costs.", "free_cast"),
        ("Puoi lanciarla senza pagare il suo costo di mana.", "free_cast"),
        ("Lanciala senza pagarne il costo di mana.", "free_cast"),
        ("Heroic abilities will resolve before the spell that caused them to trigger.", "heroic"),
        ("Eroismo — Ogniqualvolta lanci una magia che bersaglia il Crociato di Akros, …", "heroic"),
        ("You can’t pay more energy counters than you have.", "energy"),
        ("Ottieni {E}{E} (due segnalini energia).", "energy"),
        ("Mana symbols in the text boxes of permanents you control don’t count toward your devotion.", "devotion"),
        ("La tua devozione al nero è pari a 3.", "devotion"),
        ("Its controller has continuously controlled that permanent since their turn began.", "summoning_sickness"),
        ("La creatura ha debolezza da evocazione.", "summoning_sickness"),
        ("A landfall ability doesn’t trigger if a permanent already on the battlefield becomes a land.", "landfall"),
        ("Terraferma — Ogniqualvolta una terra entra nel campo di battaglia sotto il tuo controllo, …", "landfall"),
        ("Both of Aura Finesse's targets were gone, so it didn't resolve.", "illegal_target"),
        ("If the creature you gave away dies, you lose control of the spell you took.", "exchange_control"),
        ("If the player who took the spell concedes, whoever gets it back may choose new targets.", "exchange_control"),
        ("Se chi ha preso la magia abbandona la partita, la magia torna indietro.", "exchange_control"),
        ("Con tutti i bersagli spariti, la magia viene rimossa senza fare niente.", "illegal_target"),
        # a tag's symbols, in the text as written, in either language
        ("If an effect says such a spell costs {1} less to cast, that reduction can't be applied to {S}.", "snow"),
        ("Uno sconto di {1} cancella un {S} dal prezzo.", "snow"),
        ("Each {B/P} can be paid with 2 life.", "phyrexian"),
        ("Puoi pagare {G/U/P} con 2 punti vita.", "phyrexian"),
    ],
)
def test_forms_match_inflections_accents_and_both_languages(text, tag):
    assert tag in tags_of(text)


@pytest.mark.parametrize(
    "text, tag",
    [
        ("Il costo della magia aumenta di {1}.", "total_cost"),  # "costa di più" is too vague a form
        ("Cards revealed face up.", "special_action"),
        ("The second ability splits the damage.", "split_second"),
        ("A faccia in su.", "face_down"),
        ("(perhaps because it’s actually Volrath, the Shapestealer in an impressively clever disguise)", "face_down"),
        ("(Il danno provoca la perdita di punti vita.)", "goad"),  # "provoca" is "causes", not "goads"
        ("You may pay {2} rather than pay this spell's mana cost.", "free_cast"),  # an alternative cost, paid
        ("Without paying attention to the stack, she cast it.", "free_cast"),
        ("Paying its mana cost is optional for nobody.", "free_cast"),
        ("The set of permanents affected by Heroic Intervention is determined as the spell resolves.", "heroic"),
        ("You control that creature until end of turn.", "summoning_sickness"),
        ("Each target creature with vanishing loses a time counter.", "illegal_target"),  # "=vanished": that word, not its stem
        ("Add {C}{C}. Spend this mana only on {X}.", "snow"),  # a symbol is the very symbol
        ("Pay {2}{B}, then sacrifice a creature.", "phyrexian"),
        ("Exile it; the note says {s} in lower case.", "snow"),  # symbols are case-sensitive: {s} is none
    ],
)
def test_forms_do_not_overmatch(text, tag):
    assert tag not in tags_of(text)


@pytest.mark.parametrize(
    "name, tag_id",
    [("goad", "goad"), ("split second", "split_second"), ("split-second", "split_second"),
     ("battibaleno", "split_second"), ("spronata", "goad"), ("Follia", "madness"), ("mana_value", "mana_value"),
     ("potenziamento", "kicker"), ("Travolgere", "trample"), ("kicker cost", "kicker"), ("tap and untap", "tap_and_untap")],
)
def test_resolve_tag_by_id_or_form(name, tag_id):
    assert vocabulary().resolve(name) == tag_id


def test_unknown_tag():
    with pytest.raises(UnknownTag, match="unknown tag 'gaod'; did you mean goad"):
        vocabulary().resolve("gaod")


HAND_WRITTEN = ["goad", "split_second", "madness", "total_cost", "mana_value", "mana_ability", "triggered_ability",
                "special_action", "exchange_control", "discard", "attack", "face_down", "free_cast", "heroic",
                "energy", "devotion", "summoning_sickness", "landfall", "saga", "inspired", "magecraft", "delirium", "raid", "revolt",
                "constellation", "crew", "evolve", "exert", "attacks_alone", "minus_counters"]  # fmt: skip


def test_every_tag_has_a_kind_rules_an_english_label_and_english_forms():
    for tag in vocabulary():
        assert tag.kind in ("concept", "keyword_ability", "keyword_action", "ability_word"), tag.id
        assert tag.rules and tag.label.get("en") and tag.forms["en"], tag.id


@pytest.mark.parametrize("tag_id", HAND_WRITTEN)
def test_hand_written_tags_have_labels_and_forms_in_both_languages(tag_id):
    tag = vocabulary().by_id[tag_id]
    assert all(tag.label.get(lang) for lang in analysis.LANGS)
    assert all(tag.forms[lang] for lang in analysis.LANGS)


def test_keyword_tags_have_an_italian_label_only_when_cards_print_one():
    for tag in vocabulary():
        if tag.id not in HAND_WRITTEN and tag.kind != "concept":
            assert bool(tag.label.get("it")) == bool(tag.meta.get("labels_it")) == (tag.meta["evidence"]["it"] > 0), tag.id


def test_a_form_of_only_stop_words_is_refused():
    with pytest.raises(ValueError, match="no searchable word"):
        load("tags: [{id: x, kind: concept, rules: ['1'], forms: {it: [di, il]}}]")


@pytest.mark.parametrize(
    "typed, lang, meant",
    [
        ("comes into play", "en", "enters the battlefield"),
        ("ETB", "en", "entra nel campo di battaglia"),
        ("fizzles", "en", "doesn't resolve"),
        ("steal", "en", "gain control"),
        ("ruba", "it", "gain control"),
        ("rianimare", "it", "reanimate"),
        ("blinkare", "it", "blink"),
        ("tutor", "en", "search your library"),
    ],
)
def test_players_shorthand_reaches_the_rules_wording(typed, lang, meant):
    from kb.text.analysis import phrase_terms
    from kb.text.thesaurus import thesaurus

    assert meant in {other.form for other in thesaurus().others(phrase_terms(typed, lang), lang)}


@pytest.mark.parametrize(
    "text",
    [
        "Una magia con battibaleno è in pila.",
        "Goaded creatures must attack each combat if able.",
        "Descent into Madness isn't a card with madness.",
        "Put a +1/+1 counter on it; counter target spell.",
        "Se la scarti per pagare un costo, puoi lanciarla per il suo costo di follia.",
        "Turn it face up any time you could cast an instant.",
        "That reduction can't be applied to {S}.",
    ],
)
def test_the_vocabulary_an_index_keeps_tags_as_the_bundled_one(text, monkeypatch):
    from kb.text import form_table
    from kb.text.vocabulary import from_data

    data = vocabulary().to_data()
    assert data["name_connectors"] == sorted(vocabulary().connectors)
    analysed = []
    real = form_table.checked_form
    monkeypatch.setattr(form_table, "checked_form", lambda *args: analysed.append(args) or real(*args))
    copy = from_data(data)
    assert analysed == []  # every form came analysed
    assert copy.tags_of(text) == vocabulary().tags_of(text)
    assert copy.connectors == vocabulary().connectors


@pytest.mark.parametrize(
    "typed, expands",
    [
        ("countered", True),  # the verb
        ("counters", False),  # "+1/+1 counters": the noun, whose stem is the same
        ("counter", False),
        ("counterspell", True),
    ],
)
def test_an_exact_word_of_a_paraphrase_is_that_word_alone(typed, expands):
    from kb.text.analysis import phrase_terms
    from kb.text.thesaurus import thesaurus

    others = {other.form for other in thesaurus().others(phrase_terms(typed, "en"), "en", typed)}
    assert ("counter target spell" in others) is expands


@pytest.mark.parametrize("form", ["=counter it", "= "])
def test_an_exact_paraphrase_must_be_one_word(form):
    from kb.errors import ParseError
    from kb.text.thesaurus import load

    with pytest.raises(ParseError, match="group 1"):
        load(f"groups:\n  - en: [counterspell, '{form}']\n")


def test_symbols_need_the_text_itself():
    """Given only analysed terms (no text), a symbol can't be seen: "{S}" analyses to nothing."""
    text = "That reduction can't be applied to {S}."
    terms = {lang: analysis.terms(text, lang) for lang in analysis.LANGS}
    assert "snow" in vocabulary().tags_in(terms, text=text)
    assert "snow" not in vocabulary().tags_in(terms)
