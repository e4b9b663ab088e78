"""The bilingual lexicon: the shipped data (learned pairs and glossary), its loader and lookups,
and the learner on a tiny hand-written parallel corpus (tests/fixtures/lexicon/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.learn import lexicon as learner, segments, selection
from kb.learn.cards import CardText, read_mtgjson
from kb.text.analysis import phrase_terms
from kb.text.lexicon import (
    COLUMNS, GLOSSARY_YAML, LEXICON_TSV, LexiconError, expand, lexicon, load, read_tsv,
    translations,
)

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "lexicon"


def has(en: str, it: str, source: str | None = None) -> tuple[bool, bool]:
    """Whether the shipped lexicon translates ``en`` to ``it`` and ``it`` to ``en`` (surface
    forms, compared as analysed terms), optionally from ``source``."""
    en_terms, it_terms = phrase_terms(en, "en"), phrase_terms(it, "it")
    forward = any(t.terms == it_terms and source in (None, t.source) for t in translations(en_terms, "en"))
    backward = any(t.terms == en_terms and source in (None, t.source) for t in translations(it_terms, "it"))
    return forward, backward


# --- the shipped data ----------------------------------------------------------------------------

KNOWN = [
    # (English, Italian as the cards print it, where it comes from)
    ("opponent", "avversario", "learned"),
    ("graveyard", "cimitero", "learned"),
    ("kicker", "potenziamento", "learned"),  # the Italian cards print "Potenziamento {4}"
    ("kicked", "è stata potenziata", "learned"),
    ("trample", "travolgere", "learned"),
    ("exile", "esiliare", None),  # learned from "esilia", and in the glossary
    ("exile", "esilia", None),  # the same stem: the glossary's pair replaces the learned one
    ("sacrifice", "sacrifica", "learned"),
    ("sacrifice", "sacrificare", "learned"),  # another Snowball stem of the same verb
    ("library", "grimorio", "learned"),
    ("battlefield", "campo di battaglia", "learned"),
    ("enters the battlefield", "entra nel campo di battaglia", "learned"),
    ("draw", "pescare", "learned"),
    ("discard", "scartare", "learned"),
    ("counter", "neutralizzare", "learned"),  # the verb: "Counter target spell"
    ("counter", "segnalino", "learned"),  # the noun
    ("first strike", "attacco improvviso", "learned"),
    ("double strike", "doppio attacco", "learned"),
    ("deathtouch", "tocco letale", "learned"),
    ("flying", "volare", "learned"),
    ("life", "punti vita", "learned"),
    ("upkeep", "mantenimento", None),
    ("face down", "a faccia in giù", None),
    ("triggered ability", "abilità innescata", "glossary"),
    ("face up", "a faccia in su", "glossary"),
    ("stack", "pila", "glossary"),
    ("priority", "priorità", "glossary"),
    ("split second", "battibaleno", "glossary"),
    ("madness", "follia", "glossary"),
    ("goad", "spronata", "glossary"),
    ("cleanup step", "sottofase di cancellazione", "glossary"),
    ("mana value", "valore di mana", "glossary"),
    ("mana value", "costo di mana convertito", "learned"),  # Oracle English, older Italian print
    ("converted mana cost", "costo di mana convertito", "glossary"),
    ("token", "pedina", None),
    ("phases out", "scompare", "glossary"),  # Teferi's Protection: "scompaiono", "fuori fase"
    ("phase out", "scomparire", "glossary"),
]


@pytest.mark.parametrize("en, it, source", KNOWN)
def test_known_pair_both_ways(en, it, source):
    forward, backward = has(en, it, source)
    assert forward, f"{en!r} does not translate to {it!r} ({source or 'any source'})"
    assert backward, f"{it!r} does not translate to {en!r} ({source or 'any source'})"


WRONG = [
    ("graveyard", "avversario"),
    ("opponent", "giocatore"),
    ("library", "cimitero"),
    ("creature", "bersaglio"),
    ("counter", "creatura"),
    ("draw", "scartare"),
    ("sacrifice", "distruggere"),
    ("first strike", "doppio attacco"),
    ("face up", "a faccia in giù"),
    ("flying", "raggiungere"),
    ("tap", "STAPpa"),
    ("card", "magia"),
    ("battlefield", "gioco"),  # the old "in gioco" ("in play") is no translation of it
    ("enters the battlefield", "entra"),  # a piece of the translation
    ("goad", "provocare"),  # "provoca" means "causes", "Provocazione" is Provoke
]


@pytest.mark.parametrize("en, it", WRONG)
def test_wrong_pair_absent(en, it):
    assert has(en, it) == (False, False)


@pytest.mark.parametrize("name", ["tymna", "tessitric", "avampost", "ricercator", "kenrith"])
def test_card_names_are_not_terms(name):
    # card names are blanked in their own texts before learning (planeswalker subtypes such as
    # "ajani" or "liliana", which other cards print, may stay)
    assert not any(name in " ".join(t.terms) or name in " ".join(en) for en, t in lexicon().entries())


def test_glossary_ranks_first():
    rows = translations(phrase_terms("exile", "en"), "en")
    assert rows[0].source == "glossary"
    assert {r.source for r in rows} == {"glossary", "learned"}
    learned = [r.score for r in rows if r.source == "learned"]
    assert learned == sorted(learned, reverse=True)


@pytest.mark.parametrize("text, lang, units", [
    ("first strike until end of turn", "en",
     [(0, 2, "attacco improvviso"), (2, 4, "fino alla fine del turno")]),
    ("sacrifica una creatura a faccia in giù durante la sottofase di cancellazione", "it",
     [(0, 1, "sacrifice"), (1, 2, "creature"), (2, 4, "face down"), (5, 7, "cleanup step")]),
    ("when the triggered ability resolves", "en",
     [(0, 2, "abilità innescata"), (2, 3, "risolversi")]),
    ("zzz unknown", "en", []),
])
def test_expand_longest_units_first(text, lang, units):
    got = expand(phrase_terms(text, lang), lang)
    assert [(e.start, e.end, e.translations[0].form) for e in got] == units
    for e in got:
        assert e.terms == phrase_terms(text, lang)[e.start:e.end]


def test_expand_prefers_glossary_units_among_equals():
    # "mana value" is a glossary unit; its first translation comes from the glossary
    (unit,) = expand(phrase_terms("mana value", "en"), "en")
    assert unit.translations[0].source == "glossary"
    assert unit.translations[0].terms == phrase_terms("valore di mana", "it")


def test_unknown_language():
    with pytest.raises(ValueError, match="unknown language"):
        translations(("card",), "fr")


def test_shipped_lexicon_file():
    lines = LEXICON_TSV.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ") and any(line.startswith("# command: python -m kb.learn.lexicon")
                                             for line in lines if line.startswith("#"))
    header = next(line for line in lines if not line.startswith("#"))
    assert tuple(header.split("\t")) == COLUMNS
    rows = read_tsv(LEXICON_TSV)
    assert 300 <= len(rows) <= 5000
    assert [r[:2] for r in rows] == sorted(r[:2] for r in rows)
    for en, it, en_form, it_form, score, count in rows:
        assert 0.0 < score <= 1.0 and count >= selection.MIN_LINKS
        # the forms analyse to the terms (but for the few words the learner treats as stop words)
        assert tuple(t for t in phrase_terms(en_form, "en") if t not in segments.WEAK["en"]) == en
        assert tuple(t for t in phrase_terms(it_form, "it") if t not in segments.WEAK["it"]) == it


def test_lexicon_is_cached():
    assert lexicon() is lexicon()
    assert len(lexicon()) >= len(read_tsv(LEXICON_TSV))


# --- the learner ---------------------------------------------------------------------------------

FIXTURE_PAIRS = [
    ("flying", "volare"),
    ("first strike", "attacco improvviso"),
    ("enters the battlefield", "entra nel campo di battaglia"),
    ("draw", "pesca"),
    ("discards", "scarta"),
    ("graveyard", "cimitero"),
    ("opponent", "avversario"),
    ("target", "bersaglio"),
    ("creature", "creatura"),
    ("card", "carta"),
    ("human", "umano"),  # from the MTGJSON type lines
]


@pytest.fixture(scope="module")
def learned(tmp_path_factory):
    """The lexicon learned from the fixture corpus, through the command line, and loaded back."""
    out = tmp_path_factory.mktemp("lexicon") / "lexicon.tsv"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(selection, "MIN_LINKS_MULTI", 3)  # a tiny corpus: little evidence
        assert learner.main([str(FIXTURE), "--out", str(out), "--quiet"]) == 0
    return out, load(out, None)


@pytest.mark.parametrize("en, it", FIXTURE_PAIRS)
def test_learner_finds_pair(learned, en, it):
    _, lex = learned
    en_terms, it_terms = phrase_terms(en, "en"), phrase_terms(it, "it")
    assert it_terms in [t.terms for t in lex.translations(en_terms, "en")]
    assert en_terms in [t.terms for t in lex.translations(it_terms, "it")]


@pytest.mark.parametrize("en, it", [("graveyard", "avversario"), ("flying", "attacco improvviso"),
                                    ("first", "attacco"), ("battlefield", "campo")])
def test_learner_leaves_out(learned, en, it):
    _, lex = learned
    assert phrase_terms(it, "it") not in [t.terms for t in lex.translations(phrase_terms(en, "en"), "en")]


def test_learner_output(learned):
    out, lex = learned
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# kb: EN<->IT lexicon")
    assert f"# command: python -m kb.learn.lexicon {FIXTURE} --out {out}" in text
    words = {term for en, t in lex.entries() for term in en + t.terms}
    # the card names (blanked in their own texts, "Tymna" as well as "Tymna the Weaver") are not
    # learned, nor are the German texts of the MTGJSON file
    assert not words & {"tymna", "tessitric", "aerial", "scout", "esplorator", "duelist", "fliegend"}
    forms = {(t.form, lex.translations(en, "en")[0].form) for en, t in lex.entries()}
    assert ("attacco improvviso", "attacco improvviso") in forms


def test_blank_name():
    assert "Tymna" not in segments.blank_name("Tymna draws. Tymna the Weaver attacks.", "Tymna the Weaver")
    assert "Ricercatore" not in segments.blank_name(
        "trasforma il Ricercatore Aberrante", "Ricercatore Aberrante // Forma Perfezionata")


def test_segments_split_reminder_text_and_sentences():
    card = CardText(
        name_en="Academy Drake", name_it="Draghetto dell'Accademia",
        text_en="Kicker {4} (You may pay an additional {4} as you cast this spell.)\nFlying",
        text_it="Potenziamento {4} (Puoi pagare {4} addizionale mentre lanci questa magia.)\nVolare",
    )
    pairs = segments.segment_pairs(card)
    assert [(en.split()[0], it.split()[0]) for en, it in pairs] == [
        ("Kicker", "Potenziamento"), ("You", "Puoi"), ("Flying", "Volare")]


def test_read_mtgjson_keeps_italian_only():
    cards = list(read_mtgjson(FIXTURE / "mtgjson" / "TST.json"))
    assert [c.name_it for c in cards] == ["Esploratore Aereo", "Duellante Giurato",
                                          "Tymna la Tessitrice", "Evocatombe"]
    assert cards[0].type_en == "Creature — Human Scout" and cards[0].type_it.startswith("Creatura")


# --- malformed files -----------------------------------------------------------------------------

GOOD = "fli\tvol\tflying\tvolare\t0.990\t850"


@pytest.mark.parametrize("bad, message", [
    ("fli\tvol\tflying\tvolare\t0.990", "expected 6 tab-separated fields"),
    ("fli\tvol\tflying\tvolare\tmany\t850", "must be a number and an integer"),
    ("fli\tvol\tflying\tvolare\t0.9\t8.5", "must be a number and an integer"),
    ("fli\tvol\tflying\tvolare\t1.5\t850", "must be in 0..1"),
    ("\tvol\tflying\tvolare\t0.9\t850", "empty en_terms or it_terms"),
])
def test_loader_rejects_malformed_line(tmp_path, bad, message):
    path = tmp_path / "lexicon.tsv"
    path.write_text("# a comment\n" + "\t".join(COLUMNS) + f"\n{GOOD}\n{bad}\n{GOOD}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=message) as caught:
        load(path, None)
    assert isinstance(caught.value, LexiconError)
    assert str(caught.value).startswith(f"{path}:4: ")
    assert (caught.value.path, caught.value.line) == (str(path), 4)


def test_loader_wants_the_header(tmp_path):
    path = tmp_path / "lexicon.tsv"
    path.write_text(f"{GOOD}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"^{path}:1: expected the header"):
        load(path, None)


@pytest.mark.parametrize("entry, message", [
    ("  - en: [stack]\n    rules: ['405']\n", "entry needs a list of it forms"),
    ("  - en: [stack]\n    it: [della]\n", "it form 'della' has no searchable word"),
    ("  - stack\n", "an entry must be a mapping"),
])
def test_loader_rejects_malformed_glossary_entry(tmp_path, entry, message):
    path = tmp_path / "glossary.yaml"
    path.write_text("# glossary\nentries:\n  - en: [priority]\n    it: [priorità]\n" + entry, encoding="utf-8")
    with pytest.raises(ValueError, match=message) as caught:
        load(None, path)
    assert str(caught.value).startswith(f"{path}:5: ")


def test_shipped_glossary_is_large_enough():
    lex = load(None, GLOSSARY_YAML)
    assert len({en for en, _ in lex.entries()}) >= 40
    assert all(t.source == "glossary" and t.score == 1.0 for _, t in lex.entries())
