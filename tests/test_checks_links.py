"""Linking rulings to checks from the cue data (kb/vocab/check_links.yaml)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from kb.checks import Links, link, registry
from kb.checks.links import LinkDataError, Linker, analyse_phrase, linker, load_data
from kb.ingest.readers import RawRuling, read_dated
from kb.text import analysis, language
from kb.text.vocabulary import vocabulary

from .conftest import CORPUS

REPO = Path(__file__).resolve().parents[1]


def seeds(folder: str) -> list[RawRuling]:
    found = []
    for path in sorted((REPO / "data" / f"rulings_{folder}").glob("*.txt")):
        found += [r for r in read_dated(str(path), path.read_text(encoding="utf-8")) if isinstance(r, RawRuling)]
    return found


def ingest_like(text: str, lang: str | None = None) -> Links:
    """Link a text as ingest does: detected language, tags and terms of both languages."""
    lang = lang or language.detect(text).lang
    terms = {code: analysis.terms(text, code) for code in analysis.LANGS}
    return link(text, lang, vocabulary().tags_in(terms), terms)


# The claim of each seed ruling, in file order: fast-forward (6), sudden-substitution (13),
# vampira-mutata (9). The same for the Italian rulings and their English translations.
EXPECTED = [
    ("goad.persists_after_attacking", "goad.survives_control_change"),
    ("goad.not_an_ability",),
    ("goad.multiple_goaders", "goad.goaded_by_each_opponent"),
    ("goad.attack_other_player",),
    ("goad.cant_attack_exceptions", "goad.attack_cost_not_required"),
    ("cost.total_cost", "cost.mana_value_unchanged"),
    ("split_second.after_leaves_stack",),
    ("split_second.existing_stack_unaffected",),
    ("split_second.triggered_cast_blocked",),
    ("split_second.special_actions",),
    ("split_second.priority_mana_abilities",),
    ("split_second.triggers_still_trigger",),
    ("mana_ability.produces_mana",),
    ("exchange.permanent_spell",),
    ("exchange.new_targets_without_exchange",),
    ("exchange.same_controller",),
    ("exchange.player_leaves_game",),
    ("exchange.lasts_indefinitely",),
    ("exchange.objects_stay_in_zones",),
    ("madness.counts_as_discarded",),
    ("madness.spell_on_stack",),
    ("madness.discard_only_from_hand",),
    ("madness.cast_ignoring_timing",),
    ("madness.declined_goes_to_graveyard",),
    ("madness.resolves_before_paid_for",),
    ("madness.discard_during_resolution",),
    ("madness.any_discard_reason",),
    ("cost.total_cost", "cost.mana_value_unchanged"),
]
SEEDS = [(folder, n, ruling) for folder in ("it", "en") for n, ruling in enumerate(seeds(folder))]


@pytest.mark.parametrize("folder, n, ruling", SEEDS, ids=[f"{f}-{n}" for f, n, _ in SEEDS])
def test_seed_ruling_links_to_its_claims(folder, n, ruling):
    assert len(EXPECTED) == 28
    assert ingest_like(ruling.text) == Links(EXPECTED[n])


@pytest.mark.parametrize("n, ruling", list(enumerate(seeds("it"))))
def test_italian_cues_suffice(n, ruling):
    """Each Italian seed ruling (one is in English) links through the cues of its own language."""
    lang = language.detect(ruling.text).lang
    terms = analysis.terms(ruling.text, lang)
    tags = frozenset(vocabulary().tags_in({code: analysis.terms(ruling.text, code) for code in analysis.LANGS}))
    found = {cue.target for cue in linker().cues_in(terms, lang, tags)}
    assert found == set(EXPECTED[n])


@pytest.mark.parametrize(
    "text, lang, expected",
    [
        # own words, stating one claim each
        (
            "A creature goaded by multiple opponents has to attack an opponent who didn't goad it.",
            "en",
            ("goad.multiple_goaders",),
        ),
        ("Madness works even when you discard the card to your hand size.", "en", ("madness.any_discard_reason",)),
        ("Una creatura spronata da più avversari attacca un altro avversario.", "it", ("goad.multiple_goaders",)),
        ("Il valore di mana della magia è determinato dal suo costo di mana.", "it", ("cost.mana_value_unchanged",)),
        # mentions without a claim the checks state
        ("Madness is a keyword ability.", "en", ()),
        ("Goad is a keyword action.", "en", ()),
        ("The spell is countered.", "en", ()),
        # the cue is there, but not the mechanic it needs (tags)
        ("That cost is still paid.", "en", ()),
        ("Players may turn face-down creatures face up.", "en", ()),
    ],
)
def test_own_words(text, lang, expected):
    assert ingest_like(text, lang).checks == expected


@pytest.mark.parametrize(
    "text, reason",
    [
        ("For each despair counter on Descent into Madness, exile a permanent.", "part of a card's name"),
        ("If Falkenrath Gorger leaves the battlefield, the Vampire keeps madness.", "Falkenrath Gorger"),
    ],
)
def test_no_check_reasons(text, reason):
    found = ingest_like(text, "en")
    assert found.checks == () and reason in found.no_check


def test_unknown_language():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        link("Folie", "fr")


def test_links_unpack_like_a_tuple_of_ids():
    found = ingest_like(seeds("en")[1].text)
    assert tuple(found) == ("goad.not_an_ability",) and list(found) == list(found.checks)


@pytest.mark.parametrize("folder, n, ruling", SEEDS[::5], ids=[f"{f}-{n}" for f, n, _ in SEEDS[::5]])
def test_terms_given_or_not_give_the_same_links(folder, n, ruling):
    lang = language.detect(ruling.text).lang
    tags = vocabulary().tags_in({code: analysis.terms(ruling.text, code) for code in analysis.LANGS})
    terms = {code: analysis.terms(ruling.text, code) for code in analysis.LANGS}
    assert link(ruling.text, lang, tags) == link(ruling.text, lang, tags, terms)


def test_link_data_checks_are_registered():
    assert set(linker().check_ids) == set(registry())
    assert linker().corpus_checks <= set(registry())


# ----------------------------------------------------------------------------- cue format


@pytest.mark.parametrize(
    "phrase, lang, slots",
    [
        ("stop … goaded", "en", [{"stop"}, {"…"}, {"goad"}]),
        ("provocata|spronata da più avversari", "it", [{"provoc", "spron"}, {"avversar"}]),
        ("turn … face up", "en", [{"turn"}, {"…"}, {"face"}, {"up"}]),
        ("face-down", "en", [{"face"}, {"down"}]),
    ],
)
def test_analyse_phrase(phrase, lang, slots):
    assert [set(s) for s in analyse_phrase(phrase, lang)] == slots


@pytest.mark.parametrize(
    "data, message",
    [
        ({"checks": {"x.y": {"en": ["the of and"]}}}, "no searchable word"),
        ({"checks": {"x.y": {"en": ["… goaded"]}}}, "no searchable word"),
        ({"checks": {"x.y": {"en": [{"any": ["goaded"]}]}}}, "a cue is a phrase"),
        ({"checks": {"x.y": {"en": ["face-down|morph"]}}}, "each option must be one word"),
        ({"checks": {"x.y": {"english": ["goaded"]}}}, "unknown keys"),
    ],
)
def test_bad_link_data(data, message):
    with pytest.raises(LinkDataError, match=message):
        Linker(data)


def test_cue_semantics():
    data = {
        "gap": 2,
        "checks": {
            "a.all": {"en": [["exile", "graveyard"]]},
            "a.gap": {"en": ["stop … goaded"]},
            "a.tagged": {"tags": ["madness"], "en": ["cost is still paid"]},
            "a.cue_tags": {"en": [{"all": ["mana value"], "tags": ["mana_value"]}]},
        },
        "no_check": [{"reason": "a card name", "en": ["descent into madness"]}],
    }
    linker_ = Linker(data)

    def found(text, tags=()):
        return linker_.link(text, "en", tags)

    assert found("It goes to the graveyard, not to exile.").checks == ("a.all",)
    assert found("It goes to exile.").checks == ()
    assert found("It doesn't stop being goaded.").checks == ("a.gap",)
    assert found("It doesn't stop, whatever three opponents say, being goaded.").checks == ()  # gap too wide
    assert found("The cost is still paid.").checks == ()
    assert found("The cost is still paid.", ("madness",)).checks == ("a.tagged",)
    assert found("Its mana value is 3.", ("mana_value",)).checks == ("a.cue_tags",)
    assert found("Descent into Madness is exiled.") == Links((), "a card name")
    assert found("Descent into Madness goes to the graveyard, not to exile.") == Links(("a.all",))


# ----------------------------------------------------------------------------- speed


def corpus_folder() -> Path:
    return CORPUS


def test_remembered_links_equal_fresh_ones():
    """Links are remembered by text; a remembered answer is the answer a fresh linker gives.
    (Linking speed is measured by bench/benchmark.py, not here.)"""
    prepared = []
    for _, _, ruling in SEEDS:
        lang = language.detect(ruling.text).lang
        terms = {code: analysis.terms(ruling.text, code) for code in analysis.LANGS}
        prepared.append((ruling.text, lang, tuple(vocabulary().tags_in(terms)), terms))
    warm = Linker(load_data())
    first = [warm.link(text, lang, tags, terms) for text, lang, tags, terms in prepared]
    again = [warm.link(text, lang, tags, terms) for text, lang, tags, terms in prepared]
    fresh = [Linker(load_data()).link(text, lang, tags, terms) for text, lang, tags, terms in prepared]
    assert first == again == fresh
    assert all(links.checks or links.no_check for links in first)


def test_the_corpus_links_with_or_without_its_terms():
    """The 42,708 real English rulings link the same whether or not ingest passes their terms."""
    import json

    path = corpus_folder() / "rulings_en.jsonl"
    if not path.is_file():
        pytest.skip(f"no corpus rulings at {path} (set KB_CORPUS to the corpus folder)")
    texts = [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(texts) == 42_708
    sample = texts[::20]
    with_terms, without = Linker(load_data()), Linker(load_data())
    for text in sample:
        terms = {"en": analysis.terms(text, "en")}
        tags = tuple(vocabulary().tags_in(terms))
        assert with_terms.link(text, "en", tags, terms) == without.link(text, "en", tags), text


# ----------------------------------------------------------------------------- generalization


def test_real_rulings_link_to_relevant_checks():
    """At least 80% of the 440 real rulings about goad, split second or madness link to a check
    of their mechanic (bench/link_coverage.py prints the details)."""
    folder = corpus_folder()
    if not (folder / "rulings_en.jsonl").is_file():
        pytest.skip(f"no corpus rulings at {folder} (set KB_CORPUS to the corpus folder)")
    spec = importlib.util.spec_from_file_location("link_coverage", REPO / "bench" / "link_coverage.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    import json

    rows = [json.loads(line) for line in (folder / "rulings_en.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [row for row in rows if bench.mechanics_of(row["text"])]
    links, _, _ = bench.link_all([row["text"] for row in rows])
    share = sum(bench.relevant(l, bench.mechanics_of(r["text"])) for r, l in zip(rows, links)) / len(rows)
    assert len(rows) == 440 and share >= 0.8, f"{share:.1%} of {len(rows)}"
    linked = {check for l in links for check in l.checks}
    assert linker().corpus_checks <= linked, "a check made from the real rulings links none of them"
