"""The rule checks from the command line: kb check, and checks in show, tags and export."""

from __future__ import annotations

import json

import pytest
import yaml

from kb.checks import registry
from kb.cli import main
from kb.ingest.collect import ingest

from .conftest import FIXTURES, NAMES, SOURCES

BUNDLED_IDS = sorted(r.id for r in ingest(SOURCES, name_files=NAMES)[0])


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory):
    from click.testing import CliRunner

    where = str(tmp_path_factory.mktemp("checks") / "index")
    result = CliRunner().invoke(main, ["ingest", *map(str, SOURCES), "--names", str(NAMES[0]), "--index", where])
    assert result.exit_code == 0, result.output
    return where


def test_check_all_passes_and_prints_every_check(runner, index_dir):
    result = runner.invoke(main, ["check", "--all", "--index", index_dir])
    assert result.exit_code == 0
    for check_id in registry():
        assert f"PASS {check_id} [" in result.stdout
    last = result.stdout.rstrip().splitlines()[-1]
    assert f"passed, 0 failed, 0 undetermined ({len(registry())} claim(s), " in last and "linked ruling(s))" in last
    data = json.loads(runner.invoke(main, ["check", "--all", "--json", "--index", index_dir]).stdout)
    assert data["claims"] == len(registry()) and data["rulings"] >= 0.8 * len(BUNDLED_IDS)
    assert data["passed"] == len(data["results"]) - sum(r["check"] is None for r in data["results"])


@pytest.mark.parametrize("ruling_id", BUNDLED_IDS)
def test_check_works_for_every_bundled_ruling(runner, index_dir, ruling_id):
    result = runner.invoke(main, ["check", ruling_id, "--json", "--index", index_dir])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["failed"] == 0  # the bundled rulings are true: none may fail
    assert {row["ruling"] for row in data["results"]} == {ruling_id}
    for row in data["results"]:
        assert (row["check"] is None and row["reason"]) or (row["polarity"] in ("asserts", "denies") and row["passed"])


def test_a_failing_check_exits_1(runner, index_dir, monkeypatch):
    from kb.checks.model import costs

    monkeypatch.setattr(costs, "mana_value", lambda cost, *a, **k: 99)
    result = runner.invoke(main, ["check", "--tag", "total_cost", "--index", index_dir])
    assert result.exit_code == 1
    assert "FAIL cost." in result.stdout


@pytest.mark.parametrize(
    "args, message, code",
    [
        (["check"], "give ruling ids, --tag T or --all", 2),
        (["check", "nosuchruling"], "no ruling with id 'nosuchruling'", 1),
        (["check", "--tag", "gaod"], "--tag: unknown tag 'gaod'", 2),
    ],
)
def test_check_errors(runner, index_dir, args, message, code):
    result = runner.invoke(main, [*args, "--index", index_dir])
    assert result.exit_code == code and message in result.stderr


def test_show_lists_checks_and_the_rules_they_cite(runner, index_dir):
    ruling = next(r for r in ingest(SOURCES, name_files=NAMES)[0] if r.text.startswith("Essere provocata"))
    rules = FIXTURES / "comprules" / "excerpt.txt"
    result = runner.invoke(main, ["show", ruling.id, "--rules", str(rules), "--index", index_dir])
    assert "check goad.not_an_ability [701.15b]" in result.stdout
    assert "  701.15b Goaded is a designation, not an ability." in result.stdout
    assert "  701.15 Goad" in result.stdout
    missing = runner.invoke(main, ["show", ruling.id, "--rules", "/nowhere/rules.txt", "--index", index_dir])
    assert missing.exit_code == 1 and "no Comprehensive Rules file at /nowhere/rules.txt" in missing.stderr


def test_tags_show_check_coverage(runner, index_dir):
    rows = {row["id"]: row for row in json.loads(runner.invoke(main, ["tags", "--json", "--index", index_dir]).stdout)}
    linked, counts = rows["goad"]["linked"], rows["goad"]["counts"]
    assert counts == {"it": 5, "en": 5} and all(3 <= linked[lang] <= counts[lang] for lang in counts)
    human = runner.invoke(main, ["tags", "--index", index_dir]).stdout
    assert "all rulings linked to a check (it / en): " in human


def test_yaml_export_carries_check_titles_and_rules(runner, index_dir):
    data = yaml.safe_load(runner.invoke(main, ["export", "--tag", "goad", "--index", index_dir]).stdout)
    links = [c for r in data["rulings"] for c in r["links"]]
    assert links and all(set(c) == {"claim", "polarity", "score", "evidence", "title", "rules"} and c["rules"] for c in links)
    assert {c["claim"] for c in links} >= {"goad.not_an_ability", "goad.multiple_goaders"}


FALSE_RULINGS = [
    # (a false ruling, the claim it denies), worded as the issue reports them and in Italian
    ("Attacking with a goaded creature causes it to stop being goaded.", "goad.persists_after_attacking"),
    ("Players can't turn face-down creatures face up while a spell with split second is on the stack.",
     "split_second.special_actions"),
    ("Attaccare con una creatura provocata fa sì che smetta di essere provocata.", "goad.persists_after_attacking"),
    # worded like none of the claim's official phrasings: denied through its written denials
    ("Once a goaded creature has attacked, it is no longer goaded.", "goad.persists_after_attacking"),
    ("Se una creatura provocata perde tutte le sue abilità, non deve più attaccare perché provocare è un'abilità.",
     "goad.not_an_ability"),
]


@pytest.mark.parametrize("text, claim", FALSE_RULINGS)
def test_a_false_ruling_fails_naming_the_claim(runner, tmp_path, text, claim):
    source = tmp_path / "false.txt"
    source.write_text(f"Fast Forward\n\n01/01/2026\n\n{text}\n", encoding="utf-8")
    where = str(tmp_path / "index")
    assert runner.invoke(main, ["ingest", str(source), "--index", where]).exit_code == 0
    exported = runner.invoke(main, ["export", "--format", "jsonl", "--index", where]).stdout
    (ruling_id,) = [json.loads(line)["id"] for line in exported.splitlines()]
    result = runner.invoke(main, ["check", ruling_id, "--index", where])
    assert result.exit_code == 1
    assert f"FAIL {claim} (denies" in result.stdout and f"this ruling denies {claim}" in result.stdout
    assert "as modelled says it holds" in result.stdout


def test_vectors_export_follows_its_schema(runner, index_dir):
    jsonschema = pytest.importorskip("jsonschema")
    from pathlib import Path

    from kb.export.vectors import SCHEMA

    published = json.loads((Path(__file__).resolve().parents[1] / "docs" / "vectors.schema.json").read_text())
    assert published == SCHEMA
    data = json.loads(runner.invoke(main, ["export", "--format", "vectors", "--index", index_dir]).stdout)
    jsonschema.validate(data, SCHEMA)
    assert data["count"] == len(data["vectors"]) > 0
    for vector in data["vectors"]:
        claim = registry()[vector["claim"]]
        assert vector["rules"] == list(claim.rules) and vector["scenarios"]
        assert vector["verdict"]["ruling_agrees"] == (vector["verdict"]["model_holds"] == (vector["polarity"] == "asserts"))
