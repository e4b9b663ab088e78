"""The check registry and runner, and consistency over the registry (docs, rules, links)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

import kb.checks as checks
from kb.checks import CheckResult, check, get, registry, run, run_all
from kb.checks import registration as registry_module
from kb.checks.comprules import load_rules
from kb.checks.links import linker
from kb.errors import UnknownCheck
from kb.ingest.readers import RawRuling, read_dated
from kb.text import analysis
from kb.text.vocabulary import vocabulary

from .conftest import CORPUS

REPO = Path(__file__).resolve().parents[1]
MECHANICS = {"goad", "split_second", "madness", "cost", "exchange", "mana_ability"}
IDS = list(registry())


@pytest.fixture
def scratch_check():
    """Register throw-away checks for the runner tests, and remove them afterwards."""
    before = dict(registry_module._REGISTRY)
    yield check
    registry_module._REGISTRY.clear()
    registry_module._REGISTRY.update(before)


@pytest.mark.parametrize("check_id", IDS)
def test_check_passes(check_id):
    result = run(check_id)
    assert result.passed, f"{check_id}: {result.message}"
    assert result.id == check_id and result.rules == get(check_id).rules and result.title == get(check_id).title


def test_run_all_runs_every_check():
    results = run_all()
    assert [r.id for r in results] == IDS and all(isinstance(r, CheckResult) for r in results)
    assert [r.id for r in run_all(IDS[:2])] == IDS[:2]


def test_failing_and_crashing_checks_report_instead_of_raising(scratch_check):
    @scratch_check(id="test.fails", title="fails", rules=("702.61a",))
    def fails():
        """A failing claim."""
        assert 1 + 1 == 3, "arithmetic is broken"

    @scratch_check(id="test.bare_assert", title="fails", rules=("702.61a",))
    def bare():
        """A failing claim with no message."""
        assert [] == [1]

    @scratch_check(id="test.crashes", title="crashes", rules=("702.61a",))
    def crashes():
        """A check with a bug."""
        return {}["missing"]

    failed = run("test.fails")  # (pytest's assertion rewriting adds details to the message here)
    assert (failed.passed, failed.rules, failed.title) == (False, ("702.61a",), "fails")
    assert failed.message.startswith("arithmetic is broken")
    assert not run("test.bare_assert").passed and "[1]" in run("test.bare_assert").message
    assert run("test.crashes").message == "error: KeyError: 'missing'" and not run("test.crashes").passed


@pytest.mark.parametrize(
    "kw, message",
    [
        ({"id": "NoDot", "title": "t", "rules": ("116",)}, "must be 'mechanic.name'"),
        ({"id": "goad.multiple_goaders", "title": "t", "rules": ("116",)}, "registered twice"),
        ({"id": "test.no_rules", "title": "t", "rules": ()}, "cites no Comprehensive Rules"),
    ],
)
def test_registration_errors(scratch_check, kw, message):
    with pytest.raises(ValueError, match=message):
        scratch_check(**kw)(lambda: None)


def test_unknown_check_suggests():
    with pytest.raises(UnknownCheck, match="did you mean 'goad.multiple_goaders'") as caught:
        run("goad.multiple_goader")
    assert caught.value.exit_code == 1 and caught.value.http_status == 404


def test_result_to_dict():
    assert run("goad.not_an_ability").to_dict()["rules"] == ["701.15b"]


def test_public_api():
    assert {"check", "registry", "get", "run", "run_all", "link", "Links", "CheckResult"} <= set(checks.__all__)


# ---------------------------------------------------------------------------------- consistency


@pytest.mark.parametrize("check_id", IDS)
def test_check_is_documented(check_id):
    found = get(check_id)
    assert found.mechanic in MECHANICS, f"{check_id}: unknown mechanic prefix"
    assert len(found.claim) > 40, f"{check_id}: the docstring must state the claim"
    assert found.title and found.rules
    assert set(found.tags) <= {tag.id for tag in vocabulary()}, f"{check_id}: unknown tags"


@lru_cache(maxsize=1)
def seed_rulings() -> tuple[tuple[str, str, RawRuling], ...]:
    """Every seed ruling: (folder language, language as detected, ruling)."""
    from kb.text import language

    found = []
    for folder in ("it", "en"):
        for path in sorted((REPO / "data" / f"rulings_{folder}").glob("*.txt")):
            for item in read_dated(str(path), path.read_text(encoding="utf-8")):
                assert isinstance(item, RawRuling), f"seed file problem: {item}"
                found.append((folder, language.detect(item.text).lang, item))
    return tuple(found)


@lru_cache(maxsize=None)
def seed_links() -> dict[str, set[str]]:
    """check id -> the seed rulings (path:line) that link to it."""
    links: dict[str, set[str]] = {}
    for _, lang, ruling in seed_rulings():
        terms = {code: analysis.terms(ruling.text, code) for code in analysis.LANGS}
        for check_id in checks.link(ruling.text, lang, vocabulary().tags_in(terms), terms).checks:
            links.setdefault(check_id, set()).add(f"{ruling.path}:{ruling.line}")
    return links


def test_there_are_28_seed_rulings_in_each_language():
    assert [folder for folder, _, _ in seed_rulings()].count("it") == 28
    assert [folder for folder, _, _ in seed_rulings()].count("en") == 28


@pytest.mark.parametrize("check_id", IDS)
def test_check_links_a_seed_ruling_or_its_corpus_examples(check_id):
    """A seed ruling links to every check, except those made from claims of the real rulings
    (``origin: corpus`` in the link data), whose own-words examples link to them instead."""
    if check_id in linker().corpus_checks:
        examples = linker().examples[check_id]
        assert set(examples) == {"it", "en"}, f"{check_id}: examples in both languages"
        for lang, texts in examples.items():
            for text in texts:
                tags = vocabulary().tags_in({lang: analysis.terms(text, lang)})
                assert check_id in checks.link(text, lang, tags).checks, f"{check_id}: example {text!r}"
    else:
        assert seed_links().get(check_id), f"{check_id}: no seed ruling links to it"


def test_link_data_names_registered_checks_only():
    assert set(linker().check_ids) == set(IDS)


# ---------------------------------------------------------------------------- rule numbers exist

_CITED = re.compile(r"\b\d{3}\.\d{1,3}[a-z]?\b|(?<=rule )\d{3}\b")


def corpus_rules() -> dict[str, str]:
    folder = CORPUS / "comprules"
    path = folder / "MagicCompRules-2026-01-16.txt"
    if not path.is_file():
        pytest.skip(f"no Comprehensive Rules 2026-01-16 at {path} (set KB_CORPUS to the corpus folder)")
    return load_rules(path)


@pytest.mark.parametrize("check_id", IDS)
def test_check_rules_exist(check_id):
    rules = corpus_rules()
    assert [r for r in get(check_id).rules if r not in rules] == []


def test_tag_rules_exist():
    rules = corpus_rules()
    assert [(t.id, r) for t in vocabulary() for r in t.rules if r not in rules] == []


@pytest.mark.parametrize("path", sorted((REPO / "kb" / "checks").rglob("*.py")), ids=lambda p: p.name)
def test_rules_cited_in_the_model_exist(path):
    """Every rule number written in kb/checks (docstrings, comments) exists in the 2026-01-16 rules."""
    rules = corpus_rules()
    cited = set(_CITED.findall(path.read_text(encoding="utf-8")))
    assert sorted(c for c in cited if c not in rules) == []
