"""The claim registry and runner (kb.checks' Python API), and the link data's consistency with it."""

from __future__ import annotations

from pathlib import Path

import os

import pytest

import kb.checks as checks
from kb.checks import Check, CheckResult, Claim, get, register, registry, run, run_all
from kb.checks import registration as registry_module
from kb.checks.claims import FILES, Scenario, load
from kb.checks.links import linker
from kb.errors import UnknownCheck

REPO = Path(__file__).resolve().parents[1]
IDS = list(registry())


@pytest.fixture
def scratch():
    """Register throw-away claims, and remove them afterwards."""
    before = dict(registry_module._REGISTRY)
    yield register
    registry_module._REGISTRY.clear()
    registry_module._REGISTRY.update(before)


def claim(claim_id="test.scratch", rules=("116",), scenarios=()):
    return Claim(claim_id, "a title", tuple(rules), (), {"en": "An English claim.", "it": "Un'affermazione."}, {},
                 tuple(scenarios))


def test_registry_is_in_file_order():
    assert IDS == [c.id for c in load()]
    assert IDS[0].startswith("goad.") and IDS[-1].startswith(FILES[-1] + ".")
    assert Check is Claim and all(isinstance(c, Claim) for c in registry().values())


def test_public_api():
    assert {"registry", "get", "run", "run_all", "link", "Link", "CheckResult", "Claim", "Verdict", "verdict",
            "register", "UnknownCheck"} <= set(checks.__all__)
    found = get("goad.not_an_ability")
    assert (found.id, found.rules, found.tags) == ("goad.not_an_ability", ("701.15b",), ("goad",))
    assert set(found.statement) == {"en", "it"} and found.claim.startswith("Being goaded isn't an ability")
    assert isinstance(found.scenarios[0], Scenario) and found.phrasings["en"]


def test_run_and_run_all():
    results = run_all()
    assert [r.id for r in results] == IDS and all(isinstance(r, CheckResult) and r.passed for r in results)
    assert [r.id for r in run_all(IDS[:2])] == IDS[:2]
    assert run("goad.not_an_ability").to_dict() == {
        "id": "goad.not_an_ability", "passed": True, "message": "holds in 1 scenario", "rules": ["701.15b"],
        "title": get("goad.not_an_ability").title}


def test_unknown_claim_suggests():
    with pytest.raises(UnknownCheck, match="did you mean 'goad.multiple_goaders'") as caught:
        run("goad.multiple_goader")
    assert caught.value.exit_code == 1 and caught.value.http_status == 404
    assert caught.value.suggestions[0] == "goad.multiple_goaders"
    with pytest.raises(UnknownCheck):
        get("nothing.like_it_at_all_xyz")


def test_failing_and_crashing_claims_report_instead_of_raising(scratch):
    scratch(claim("test.fails", scenarios=[Scenario("s", {"objects": [{"id": "x", "zone": "hand"}]}, (),
                                                     ({"zone": "x", "is": "exile"},))]))
    scratch(claim("test.crashes", scenarios=[Scenario("s", {}, ({"resolve": None},), ())]))
    failed = run("test.fails")
    assert (failed.passed, failed.rules, failed.title) == (False, ("116",), "a title")
    assert failed.message == "test.fails: CR 116 as modelled, in 's': zone(x) is hand; expected: exile"
    crashed = run("test.crashes")
    assert not crashed.passed and "refused (the stack is empty)" in crashed.message


@pytest.mark.parametrize(
    "card, expected",
    [
        ("Careful Study", "holds in 1 scenario"),  # midway after its first instruction, its draw
        ("Shock", "never midway"),  # no instruction to stop after: the checks midway never run
    ],
)
def test_checks_midway_run_or_fail(scratch, card, expected):
    between = ({"legal": {"cast": {"card": "Giant Growth"}}, "is": False},)
    scratch(claim("test.midway", scenarios=[Scenario("s", {"objects": [
        {"card": card, "zone": "stack"}, {"card": "Giant Growth", "zone": "hand"}, {"card": "Forest", "zone": "library"},
        {"card": "Mountain", "zone": "library"}]}, ({"resolve": {"discarded": ["Forest", "Mountain"], "between": between}},),
        ())]))
    assert expected in run("test.midway").message


@pytest.mark.parametrize(
    "made, message",
    [
        (claim("NoDot"), "must be 'mechanic.name'"),
        (claim("goad.multiple_goaders"), "registered twice"),
        (claim("test.no_rules", rules=()), "cites no Comprehensive Rules"),
    ],
)
def test_registration_errors(scratch, made, message):
    with pytest.raises(ValueError, match=message):
        scratch(made)


def test_registering_the_same_claim_twice_is_harmless(scratch):
    same = get("goad.duration")
    assert scratch(same) is same and list(registry()) == IDS


# ------------------------------------------------------------------------ claims and the linker


@pytest.mark.parametrize("claim_id", IDS)
def test_each_statement_links_its_claim_as_asserted(claim_id):
    """A claim's own statement, in each language, links to it with polarity ``asserts``."""
    found = get(claim_id)
    for lang, text in found.statement.items():
        links = {link.claim: link for link in checks.link(text, lang, found.tags)}
        assert claim_id in links, f"{claim_id} ({lang}): {text!r}"
        assert links[claim_id].polarity == "asserts" and links[claim_id].score >= 0.99


def test_link_tags_are_claim_tags():
    assert set(linker().tags) - {""} <= set(IDS)


@pytest.mark.parametrize(
    "said, known, opposite",
    [
        ("Attacking with a goaded creature causes it to stop being goaded.", "A goaded creature stays goaded after it attacks.", True),
        ("A goaded creature doesn't stop being goaded when it attacks.", "A goaded creature stays goaded after it attacks.", False),
        ("Being goaded is an ability of the creature.", "Being goaded isn't an ability of the creature.", True),
        # a word of a group of opposites in place of another: no negation needed
        ("Cards cast with madness are cast from the graveyard.", "A card cast with madness is cast from exile.", True),
        ("A card cast with madness is cast from exile.", "A card cast with madness is cast from exile.", False),
        ("The spell's owner gets it back.", "The spell's controller gets it back.", True),
        ("Attacking creatures are untapped.", "Attacking creatures are tapped.", True),
    ],
)  # fmt: skip
def test_a_negation_or_an_opposite_turns_a_sentence_over(said, known, opposite):
    from kb.checks.meaning import reading
    from kb.checks.polarity import turned_over

    (ours,), (theirs,) = reading(said, "en"), reading(known, "en")
    assert turned_over(ours, theirs) is opposite


GOAD_NOT_ABILITY = "Being goaded isn't an ability the creature has; once goaded, it must attack as goad says even if it loses all abilities."


@pytest.mark.parametrize(
    "said, lang, crossed",
    [
        ("Goad isn't an ability of the creature; once goaded, it must attack even if it loses all abilities.", "en", 0),
        # the negations moved to other clauses: their counts agree, the clauses don't
        ("Goad is an ability of the creature; once goaded, it doesn't have to attack if it loses all abilities.", "en", 4),
        ("Essere provocata è un'abilità della creatura; se la perde, non deve più attaccare.", "it", 4),
        # a clause as near to a negated clause as to a plain one is no evidence either way
        ("Goad is not an ability: if the creature loses all its abilities, it still has to attack.", "en", 0),
    ],
)  # fmt: skip
def test_negations_in_other_clauses_are_counted(said, lang, crossed):
    from kb.checks.meaning import reading
    from kb.checks.polarity import crossed as count

    (ours,), (theirs,) = reading(said, lang), reading(GOAD_NOT_ABILITY, "en")
    assert count(ours, theirs) == crossed


@pytest.mark.parametrize(
    "said, lang, never",
    [
        # true rulings: read as stating the claim, or not linked; never as denying it (a FAIL)
        ("Goad isn't an ability of the creature; once goaded, it must attack even if it loses all abilities.", "en", "denies"),
        ("Goad is not an ability: if the creature loses all its abilities, it still has to attack.", "en", "denies"),
        # false rulings, their negations cancelling out in number: denied or in doubt; never a PASS
        ("Goad is an ability of the creature; once goaded, it doesn't have to attack if it loses all abilities.", "en", "asserts"),
        ("Se una creatura provocata perde tutte le sue abilità, non deve più attaccare perché provocare è un'abilità.", "it", "asserts"),
    ],
)  # fmt: skip
def test_a_ruling_in_doubt_is_never_read_the_wrong_way(said, lang, never):
    links = {link.claim: link.polarity for link in checks.link(said, lang, ("goad",))}
    assert links.get("goad.not_an_ability") != never


@pytest.mark.parametrize(
    "said, lang, claim, polarity",
    [
        # read straight from a claim's paraphrases and denials (kb/checks/claims), in either language
        ("Goad isn't an ability of the creature; once goaded, it must attack even if it loses all abilities.", "en",
         "goad.not_an_ability", "asserts"),
        ("Se una creatura provocata perde tutte le sue abilità, non deve più attaccare perché provocare è un'abilità.", "it",
         "goad.not_an_ability", "denies"),
        ("Once a goaded creature has attacked, it is no longer goaded.", "en", "goad.persists_after_attacking", "denies"),
    ],
)  # fmt: skip
def test_denials_make_a_false_ruling_deny_its_claim(said, lang, claim, polarity):
    links = {link.claim: link.polarity for link in checks.link(said, lang, ("goad", "attack"))}
    assert links.get(claim) == polarity


def test_a_denial_gives_way_to_a_claim_the_ruling_states_better():
    """"It is a mana ability" shares words with the denial "any ability with mana in its cost is
    a mana ability"; the ruling states another claim (no stack) better: no denial, no FAIL."""
    text = "The activated ability is a mana ability. It doesn’t use the stack and can’t be responded to."
    links = {link.claim: link.polarity for link in checks.link(text, "en", ("mana_ability", "activate"))}
    assert links.get("mana_ability.no_stack") == "asserts" and "denies" not in links.values()


@pytest.mark.parametrize(
    "text, negations",
    [
        ("(A “mana ability” is an ability that produces mana, not an ability that costs mana.)", 1),
        ("A “mana ability” is an ability that produces mana, not an ability that costs mana.", 1),
        ("It can block creatures with flying (but not with shadow).", 0),  # an aside inside a sentence
    ],
)  # fmt: skip
def test_a_sentence_wholly_in_parentheses_is_no_aside(text, negations):
    from kb.checks.meaning import reading

    (sentence,) = reading(text, "en")
    assert sentence.negations == negations


@pytest.mark.parametrize(
    "text, negations",
    [
        ("Non può attaccare.", 1),
        # negative concord: after "non", mai / niente / nessuno / né repeat its negation
        ("Non può mai attaccare.", 1),
        ("Non succede niente.", 1),
        ("Non ha nessuna abilità.", 1),
        ("Non può attaccare né bloccare.", 1),
        # before the verb, without "non", an n-word negates by itself
        ("Nessun giocatore può rispondere.", 1),
        ("Mai nessuno può rispondere.", 1),
        ("Si lancia senza pagare nessun costo.", 1),
        # "ne" without its accent is the pronoun, not "né"
        ("Ha battibaleno soltanto se ne è stato pagato il costo di potenziamento.", 0),
        # two negations of their own still cancel out
        ("Non è vero che non può attaccare.", 0),
        # an n-word after a word that opens a clause of its own negates that clause
        ("Non puoi ciclarla se nessuna creatura può esserne bersaglio.", 0),
        ("Non succede niente anche se nessuno risponde.", 0),
    ],
)  # fmt: skip
def test_italian_negations_are_counted_with_negative_concord(text, negations):
    from kb.checks.meaning import reading

    (sentence,) = reading(text, "it")
    assert sentence.negations == negations


@pytest.mark.parametrize(
    "english, italian, shared",
    [
        ("Dismember has mana value 3.", "Smembrare ha valore di mana 3.", {"3"}),
        ("Each {B/P} counts as one.", "Ogni {B/P} conta come uno.", {"b", "p"}),
        ("With X=2, pay {X}{R}.", "Con X=2, paghi {X}{R}.", {"x", "2", "r"}),
    ],
)  # fmt: skip
def test_numbers_and_mana_symbols_read_alike_in_both_languages(english, italian, shared):
    """A number or a mana symbol's letter is the same feature in Italian as in English (not an
    untranslated ``it:3``): "valore di mana 1" and "mana value 3" differ where they should."""
    from kb.checks.meaning import content

    assert shared <= content(english, "en") & content(italian, "it")
    assert not {f"it:{term}" for term in shared} & content(italian, "it")


@pytest.mark.parametrize(
    "text",
    [
        # true official rulings the linker once read as denials: a negation in another clause
        # ("no mana cost"), a sentence in parentheses, a negation no matching clause holds
        "Unlike the card Cloud Sprite, the token has no mana cost. Its mana value is 0.",
        "Cards with mana cost {X}, {X}{X}, or {X}{X}{X} have mana value 0.",
        "Suppression Field’s ability doesn’t affect static abilities, triggered abilities, or mana abilities. "
        "(A “mana ability” is an ability that produces mana, not an ability that costs mana.)",
        "To tap a land for mana is to activate one of that land’s mana abilities that has {T} in its activation cost "
        "and produces mana as it resolves.",
        "If a spell has {X} in its mana cost, include the value chosen for that X when determining the converted mana "
        "cost of that spell.",
        # two negations in one sentence but in two clauses ("can't ... because ... isn't"): each
        # turns its own clause over, they don't cancel out
        "Cycling is an activated ability, so Stifle can counter it.",
    ],
)  # fmt: skip
def test_true_official_rulings_deny_nothing(text):
    from kb.text.vocabulary import vocabulary

    links = checks.link(text, "en", vocabulary().tags_of(text, ("en",)))
    assert [link for link in links if link.polarity == "denies"] == []


@pytest.mark.parametrize(
    "text, tags, linked",
    [
        # a labelled official ruling that never names its mechanic, printed on the suspend cards
        ("If the spell requires any targets, those targets are chosen when the spell is finally cast, not when "
         "it’s exiled.", ("cast", "exile"), True),
        ("If the spell requires any targets, those targets are chosen when the spell is finally cast, not when "
         "it's exiled.", (), True),  # straight quotes, no tags: the same text
        # other words, and no suspend tag: the claim is not read in it
        ("If the spell requires any targets, those targets are chosen when the spell is cast, not when it’s "
         "exiled.", ("cast", "exile"), False),
    ],
)  # fmt: skip
def test_a_labelled_official_ruling_links_wherever_it_is_printed(text, tags, linked):
    links = {link.claim: link for link in checks.link(text, "en", tags)}
    assert ("suspend.targets_when_cast" in links) is linked
    if linked:
        assert (links["suspend.targets_when_cast"].polarity, links["suspend.targets_when_cast"].score) == ("asserts", 1.0)


def test_links_are_the_same_whatever_the_hash_seed():
    """Sets iterate in another order under another PYTHONHASHSEED; the similarities (floats
    summed in that order) and so the links must not depend on it."""
    import subprocess
    import sys

    code = ("from kb.checks.links import linker; l = linker(); from kb.checks.meaning import reading; "
            "print([repr(float(x)) for t, g in [('A goaded creature attacks each combat if able and attacks a player "
            "other than the goading player if able.', 'en'), ('Una carta con follia scartata va in esilio.', 'it')] "
            "for s in reading(t, g) for x in l._cosines(s.content)])")  # fmt: skip
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}  # fmt: skip
    assert len(runs) == 1


def test_phrasings_readings_are_remembered_and_a_damaged_copy_is_read_again(tmp_path, monkeypatch):
    from kb.checks.links import phrasings_of
    from kb.checks.readings import remembered
    from kb.checks.meaning import reading

    rows = phrasings_of([get("goad.not_an_ability"), get("split_second.special_actions")])
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    first = remembered(rows)
    (copy,) = tmp_path.glob("readings-*.json")
    second = remembered(rows)  # from the copy
    for _, _, text, lang, *_ in rows:
        assert first(text, lang) == second(text, lang) == reading(text, lang)
    copy.write_text('[["en", "half a copy"', encoding="utf-8")
    third = remembered(rows)
    assert all(third(text, lang) == reading(text, lang) for _, _, text, lang, *_ in rows)
    assert third("A sentence no claim has.", "en") == reading("A sentence no claim has.", "en")
    monkeypatch.setenv("KB_CACHE_DIR", "")
    copy.unlink()
    remembered(rows)
    assert list(tmp_path.glob("readings-*.json")) == []
