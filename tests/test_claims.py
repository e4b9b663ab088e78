"""The claims (kb/checks/claims/*.yaml): each holds in the model, is stated in both languages,
cites rules that exist and tags that exist, copies its phrasings from real rulings, and has
scenarios that are plain data. Also: the code under kb/ never uses ``assert``, the model's
modules stay small and import each other without cycles, the card templates match MTGJSON."""

from __future__ import annotations

import ast
import gzip
import json
import re
from datetime import date
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from kb.checks import as_data, get, link, registry, run, verdict
from kb.checks.claims import FILES, build, parse
from kb.checks.comprules import load_rules
from kb.checks.model.errors import ScenarioError
from kb.records import Ruling
from kb.text.vocabulary import vocabulary

from .conftest import CORPUS, corpus_dir

REPO = Path(__file__).resolve().parents[1]
IDS = list(registry())
LEGACY = """cost.total_cost cost.mana_value_unchanged cost.changed_cost_still_paid exchange.permanent_spell
exchange.new_targets_without_exchange exchange.same_controller exchange.player_leaves_game exchange.lasts_indefinitely
exchange.objects_stay_in_zones goad.persists_after_attacking goad.survives_control_change goad.not_an_ability
goad.multiple_goaders goad.goaded_by_each_opponent goad.attack_other_player goad.cant_attack_exceptions
goad.attack_cost_not_required goad.redundant_same_player goad.own_creature goad.duration goad.fixed_at_resolution
madness.counts_as_discarded madness.spell_on_stack madness.discard_only_from_hand madness.cast_ignoring_timing
madness.declined_goes_to_graveyard madness.resolves_before_paid_for madness.discard_during_resolution
madness.any_discard_reason madness.cast_from_exile madness.competing_replacement madness.copy_keeps_choices
madness.apnap_order madness.trigger_countered mana_ability.produces_mana split_second.after_leaves_stack
split_second.existing_stack_unaffected split_second.triggered_cast_blocked split_second.special_actions
split_second.suspend_needs_castable split_second.priority_mana_abilities split_second.triggers_still_trigger""".split()
ITALIAN_TERMS = {  # the printed Italian terms each mechanic's Italian statements use
    "goad": "spronat", "split_second": "battibaleno", "madness": "follia", "exchange": "scambi",
    "cost": "costo", "mana_value": "valore di mana", "mana_ability": "abilità di mana", "suspend": "sospe",
    "convoke": "convoca", "delve": "esumare", "storm": "tempesta", "cycling": "cicl", "flashback": "flashback",
    "rebound": "ripresa", "kicker": "potenzia", "heroic": "eroismo", "energy": "energia", "devoid": "vacuità", "devotion": "devozione",
    "summoning_sickness": "debolezza da evocazione", "face_down": "a faccia in", "landfall": "terraferma", "foretell": "predire", "scry": "profetizz",
    "search": "rassegna", "double_faced": "bifronte", "token": "pedina", "snow": "fonte neve", "targets": "bersagli", "triggered": "innesc",
    "adventure": "avventura", "aftermath": "conseguenze", "phyrexian": "phyrexian", "casting": "lanci", "escape": "fuga",
    "priority": "priorità", "bestow": "conferi", "saga": "saga", "dungeon": "dungeon",
    "improvise": "improvvisare", "magecraft": "artemagica", "inspired": "ispirazione", "counters": "segnalini -1/-1",
    "proliferate": "prolifer", "cumulative_upkeep": "mantenimento cumulativo", "delirium": "delirio", "raid": "incursione", "revolt": "rivolta",
    "constellation": "costellazione", "crew": "manovra", "evolve": "evoluzione", "persist": "persistere", "exert": "strema", "umbra_armor": "armatura totem", "exalted": "esaltato",
    "dash": "accelerare", "unearth": "dissotterr", "infect": "infett", "fuse": "fus", "overload": "sovraccaric", "splice": "unir", "copy": "copi",
    "damage": "danno", "leave_game": "partita", "resolution": "risolve", "monstrosity": "mostruos", "renown": "rinoma", "ascend": "ascesa", "cipher": "codificat", "cascade": "cascata", "attach": "assegnat",
}


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_holds(claim_id):
    result = run(claim_id)
    assert result.passed, result.message
    assert result.message.startswith("holds in ") and result.id == claim_id and result.title == get(claim_id).title


def test_the_42_checks_are_kept():
    assert [c for c in LEGACY if c not in IDS] == []
    assert len(IDS) >= 80 and len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_is_documented(claim_id):
    claim = get(claim_id)
    assert claim.mechanic in FILES, f"{claim_id}: its mechanic must be one of {FILES}"
    assert set(claim.statement) == {"en", "it"}
    for lang, text in claim.statement.items():
        assert len(text) > 40 and text == text.strip(), f"{claim_id}: a statement in {lang!r} of a sentence or two"
    assert claim.statement["it"] != claim.statement["en"]
    assert ITALIAN_TERMS[claim.mechanic] in claim.statement["it"].lower(), f"{claim_id}: the Italian printed term"
    assert claim.claim == " ".join(claim.statement["en"].split()) and "\n" not in claim.claim
    assert claim.title and claim.rules and claim.scenarios
    assert set(claim.tags) <= {tag.id for tag in vocabulary()}, f"{claim_id}: unknown tags"
    assert set(claim.phrasings) <= {"en", "it"}


@pytest.mark.parametrize("name", FILES)
def test_one_file_per_mechanic(name):
    data = yaml.safe_load((REPO / "kb" / "checks" / "claims" / f"{name}.yaml").read_text(encoding="utf-8"))
    assert data and all(entry["id"].startswith(name + ".") for entry in data)


@pytest.mark.parametrize("claim_id", IDS)
def test_scenarios_are_plain_data(claim_id):
    for case in get(claim_id).scenarios:
        data = case.to_dict()
        assert set(data) == {"name", "given", "do", "expect"}
        assert json.loads(case.to_json()) == json.loads(json.dumps(data))
        for row in data["expect"]:
            assert "is" in row, f"{claim_id}: {case.name}: an expect row needs 'is'"
        for obj in data["given"].get("objects", ()):
            assert "card" not in obj or "types" in obj or "mana_cost" in obj, "card templates are expanded"
    assert json.loads(json.dumps(as_data(get(claim_id))))["id"] == claim_id


def rules() -> dict[str, str]:
    path = CORPUS / "comprules" / "MagicCompRules-2026-01-16.txt"
    if not path.is_file():
        pytest.skip(f"no Comprehensive Rules 2026-01-16 at {path} (set KB_CORPUS to the corpus folder)")
    return load_rules(path)


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_rules_exist(claim_id):
    assert [r for r in get(claim_id).rules if r not in rules()] == []


@lru_cache(maxsize=1)
def ruling_texts() -> dict[str, set[str]]:
    """Every real ruling text by language: the corpus's English rulings and the seed files."""
    from kb.ingest.readers import RawRuling, read_dated

    texts: dict[str, set[str]] = {"en": set(), "it": set()}
    for lang in texts:
        for path in sorted((REPO / "data" / f"rulings_{lang}").glob("*.txt")):
            texts[lang] |= {r.text for r in read_dated(str(path), path.read_text(encoding="utf-8")) if isinstance(r, RawRuling)}
    root = corpus_dir()
    if root is None:
        pytest.skip("no corpus (KB_CORPUS or ../shared/corpus): the English phrasings come from its rulings")
    with open(root / "rulings_en.jsonl", encoding="utf-8") as handle:
        texts["en"] |= {json.loads(line)["text"] for line in handle}
    return texts


@pytest.mark.parametrize("claim_id", IDS)
def test_phrasings_come_from_real_rulings(claim_id):
    """A phrasing is a real ruling, or a sentence (or more) of one, copied as it is; a labelled
    ruling is a whole official ruling."""
    texts = ruling_texts()
    for lang, phrasings in get(claim_id).phrasings.items():
        for phrasing in phrasings:
            assert any(phrasing in text for text in texts[lang]), f"{claim_id}: not in any {lang} ruling: {phrasing!r}"
    for ruling in get(claim_id).rulings:
        assert ruling in texts["en"], f"{claim_id}: not an official ruling: {ruling!r}"
    for ruling in get(claim_id).near_misses:
        assert ruling in texts["en"], f"{claim_id}: a near miss that is not an official ruling: {ruling!r}"
    for ruling in get(claim_id).outdated:
        assert ruling in texts["en"], f"{claim_id}: an outdated ruling that is not an official ruling: {ruling!r}"


@pytest.mark.parametrize("claim_id", [c for c in IDS if get(c).rulings])
def test_labelled_rulings_link_to_their_claim(claim_id):
    """Every official ruling labelled as stating a claim links to it, asserting it, with the tags
    ingest gives it (a ruling without the claim's mechanic could never reach it)."""
    for text in get(claim_id).rulings:
        tags = vocabulary().tags_of(text, ("en",))
        links = {found.claim: found.polarity for found in link(text, "en", tags)}
        assert links.get(claim_id) == "asserts", f"{claim_id}: {text!r} -> {links}"


@pytest.mark.parametrize("claim_id", [c for c in IDS if get(c).outdated])
def test_outdated_rulings_deny_their_claim_wherever_printed_and_fail(claim_id):
    """An official ruling the current rules contradict ("you must cast the card if able", before
    suspend's cast became optional) denies its claim whatever tags its words give it (it may
    never name its mechanic), and its check fails naming the claim."""
    from kb.checks.runner import run
    from kb.checks.verify import RulingCheck

    claim = get(claim_id)
    assert not set(claim.outdated) & set(claim.rulings)
    for text in claim.outdated:
        for tags in (vocabulary().tags_of(text, ("en",)), ()):
            links = {found.claim: found for found in link(text, "en", tags)}
            assert claim_id in links and links[claim_id].polarity == "denies", f"{claim_id}: {text!r} -> {links}"
        check = RulingCheck(None, run(claim_id), link=links[claim_id])
        assert check.passed is False and f"this ruling denies {claim_id}" in check.message
        ruling = Ruling("a" * 12, "Some Card", {}, date(2020, 9, 25), "en", False, text)
        check = RulingCheck(ruling, run(claim_id), link=links[claim_id])
        assert check.passed is False and "the rules have changed since this ruling was written" in check.message
        denial = Ruling("b" * 12, "Some Card", {}, date(2020, 9, 25), "en", False, text + " Really.")
        assert "have changed" not in RulingCheck(denial, run(claim_id), link=links[claim_id]).message  # a denial, not outdated


@pytest.mark.parametrize("claim_id", [c for c in IDS if get(c).near_misses])
def test_near_misses_link_to_no_claim_they_were_read_as(claim_id):
    """An official ruling worded like a claim that states something else ("As a special action,
    you may turn a face-down conspiracy face up", against turning a permanent face up) is kept
    as a near miss: it doesn't link to the claim, and neither would a ruling worded like it."""
    claim = get(claim_id)
    assert not set(claim.near_misses) & set(claim.rulings)
    for text in claim.near_misses:
        links = {found.claim for found in link(text, "en", vocabulary().tags_of(text, ("en",)))}
        assert claim_id not in links, f"{claim_id}: its near miss {text!r} links to it"


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_has_paraphrases_and_denials_in_both_languages(claim_id):
    """Written wordings for the linker: true ones (paraphrases) and false ones (denials), none of
    them a copy of the statement, none both true and false."""
    claim = get(claim_id)
    for lang in ("en", "it"):
        paraphrases, denials = claim.paraphrases.get(lang, []), claim.denials.get(lang, [])
        assert paraphrases and denials, f"{claim_id}: paraphrases and denials in {lang}"
        assert not set(paraphrases) & set(denials), f"{claim_id}: a wording both true and false"
        assert claim.statement[lang] not in paraphrases + denials


def test_many_claims_have_real_phrasings():
    with_phrasings = [c for c in registry().values() if any(c.phrasings.values()) or c.rulings]  # or official rulings labelled as stating it
    assert len(with_phrasings) >= 0.85 * len(IDS)


def test_card_templates_match_mtgjson():
    """Templates of cards printed in the corpus's set files: the same mana cost and card types."""
    root = corpus_dir()
    if root is None or not (root / "mtgjson").is_dir():
        pytest.skip("no MTGJSON set files in the corpus")
    printed = {}
    for path in sorted((root / "mtgjson").glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            data = json.load(handle)
        for card in data.get("data", data)["cards"]:
            printed.setdefault(card["name"], card)
    compared = 0
    for name, template in build.templates().items():
        if name in printed and "faces" not in template:
            card = printed[name]
            assert template.get("mana_cost") == card.get("manaCost"), name
            assert {t.lower() for t in card["types"]} == set(template["types"]), name
            compared += 1
    assert compared >= 15


@pytest.mark.parametrize(
    "data, message",
    [
        ({"id": "Bad", "rules": ["1"]}, "must be 'mechanic.name'"),
        ({"id": "goad.x", "rules": []}, "cites no Comprehensive Rules number"),
        ({"id": "goad.x", "rules": ["1"], "colour": 1}, "unknown keys"),
        ({"id": "goad.x", "rules": ["1"], "denials": ["Goad ends."]}, "denials is a mapping of 'en' and 'it'"),
        ({"id": "goad.x", "rules": ["1"], "paraphrases": {"fr": ["Provoquer."]}}, "paraphrases is a mapping"),
        ({"id": "goad.x", "rules": ["1"], "denials": {"en": ["  "]}}, "denials.en must be a list of non-empty"),
        ({"id": "goad.x", "rules": ["1"], "phrasings": {"it": "una stringa"}}, "phrasings.it must be a list"),
        ({"id": "goad.x", "rules": ["1"], "near_misses": "As a special action, ..."}, "near_misses must be a list"),
        ({"id": "goad.x", "rules": ["1"], "rulings": {"en": ["A ruling."]}}, "rulings must be a list of non-empty"),
        ({"id": "goad.x", "rules": ["1"], "near_misses": [""]}, "near_misses must be a list of non-empty"),
        ({"id": "goad.x", "rules": ["1"], "outdated": "You must cast it."}, "outdated must be a list"),
        ("goad.x", "a claim is a mapping"),
        ({"id": "goad.x", "rules": ["1"], "scenarios": [{"given": {"objects": [{"card": "Nothing"}]}}]}, "no card template"),
        ({"id": "goad.x", "rules": ["1"], "scenarios": [{"given": {"weather": "rain"}}]}, "unknown given fields"),
        ({"id": "goad.x", "rules": ["1"], "scenarios": [{"given": {"objects": [{"id": "x", "colour": 1}]}}]},
         "unknown object fields"),
    ],
)
def test_parse_errors(data, message):
    with pytest.raises(ScenarioError, match=message):
        parse(data)


@pytest.mark.parametrize(
    "scenario, message",
    [
        ({"expect": [{"weather": None, "is": 1}]}, "unknown query"),
        ({"do": [{"dance": None}]}, "unknown action"),
        ({"do": ["resolve"]}, "the stack is empty"),
        ({"expect": [{"zone": "Nothing", "is": "hand"}]}, "zone(Nothing) is none; expected: hand"),
        ({"expect": [{"controller": "Nothing", "is": "A"}]}, "there is no object 'Nothing'"),
        ({"given": {"objects": [{"card": "Shock", "zone": "hand"}]}, "expect": [{"zone": "Shock", "is": "graveyard",
                                                                                  "why": "a reason"}]},
         "in 'x': zone(Shock) is hand; expected: graveyard (a reason)"),
        ({"given": {"objects": [{"card": "Shock", "zone": "stack", "effect": [["draw", {"count": "many"}]]}]},
          "do": ["resolve"]}, "a crash (ValueError"),
        ({"given": {"objects": [{"id": "x", "power": "2"}]}}, "power and toughness are whole numbers, not '2'"),
        ({"given": {"objects": [{"id": "x", "toughness": True}]}}, "power and toughness are whole numbers, not True"),
        ({"given": {"objects": [{"id": "x", "damage": "3"}]}}, "damage is a whole number, 0 or more, not '3'"),
        ({"given": {"objects": [{"id": "x", "damage": -1}]}}, "damage is a whole number, 0 or more, not -1"),
    ],
)
def test_scenario_failures_explain(scenario, message):
    claim = parse({"id": "test.claim", "rules": ["116"], "statement": {"en": "x", "it": "x"},
                   "scenarios": [{"name": "x", **scenario}]})
    from kb.checks import evaluate

    result = evaluate(claim)
    assert not result.holds and message in result.message and result.message.startswith("test.claim: CR 116 as modelled")


def test_verdict_lists_every_failure():
    claim = parse({"id": "test.two", "rules": ["116"], "scenarios": [
        {"name": "a", "given": {"objects": [{"card": "Shock"}]}, "expect": [{"zone": "Shock", "is": "exile"},
                                                                              {"zone": "Shock", "is": "stack"}]}]})
    from kb.checks import evaluate

    result = evaluate(claim)
    assert len(result.failures) == 2 and result.message.endswith("(and 1 more)")
    assert verdict("goad.not_an_ability").holds


def test_legal_query_and_check_rows():
    claim = parse({"id": "test.legal", "rules": ["116"], "scenarios": [
        {"name": "a", "given": {"objects": [{"card": "Shock"}]},
         "do": [{"check": {"legal": {"cast": "Shock"}, "is": True}}, {"cast": "Shock"},
                {"check": {"zone": "Shock", "is": "hand"}}],
         "expect": [{"legal": {"cast": "Shock"}, "is": False}]}]})
    from kb.checks import evaluate

    result = evaluate(claim)
    assert [f.row for f in result.failures] == ["zone(Shock)"]


# --------------------------------------------------------------------------------- code rules

KB = REPO / "kb"
MODEL = KB / "checks" / "model"


@pytest.mark.parametrize("path", sorted(KB.rglob("*.py")), ids=lambda p: str(p.relative_to(KB)))
def test_no_assert_in_kb(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assert)] == []


@pytest.mark.parametrize("path", sorted(MODEL.glob("*.py")), ids=lambda p: p.name)
def test_model_modules_are_small(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) < 300


def test_model_has_no_import_cycles():
    graph: dict[str, set[str]] = {}
    for path in MODEL.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kb.checks.model"):
                found |= {node.module.split(".")[3]} if node.module.count(".") >= 3 else {a.name for a in node.names}
        graph[path.stem] = found - {path.stem}
    seen, done = set(), set()

    def visit(name, trail):
        if name in trail:
            raise AssertionError(f"import cycle: {' -> '.join(trail + [name])}")
        if name in done or name not in graph:
            return
        for other in graph[name]:
            visit(other, trail + [name])
        done.add(name)

    for name in graph:
        visit(name, [])
    assert "state" in graph and not graph["costs"] - {"errors"}
    _ = seen


_CITED = re.compile(r"\b\d{3}\.\d{1,3}[a-z]?\b")


@pytest.mark.parametrize("path", sorted((KB / "checks").rglob("*.py")) + sorted((KB / "checks" / "claims").glob("*.yaml")),
                         ids=lambda p: p.name)
def test_rules_cited_in_the_model_and_claims_exist(path):
    cited = set(_CITED.findall(path.read_text(encoding="utf-8")))
    assert sorted(c for c in cited if c not in rules()) == []
