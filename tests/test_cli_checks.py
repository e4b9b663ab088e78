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
    assert result.stdout.rstrip().endswith(f"{len(registry())} check run(s) passed, 0 failed")


@pytest.mark.parametrize("ruling_id", BUNDLED_IDS)
def test_check_works_for_every_bundled_ruling(runner, index_dir, ruling_id):
    result = runner.invoke(main, ["check", ruling_id, "--json", "--index", index_dir])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["failed"] == 0 and data["passed"] >= 1
    assert {row["ruling"] for row in data["results"]} == {ruling_id}


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
    assert rows["goad"]["linked"] == rows["goad"]["counts"] == {"it": 5, "en": 5}
    human = runner.invoke(main, ["tags", "--index", index_dir]).stdout
    assert "all rulings linked to a check (it / en): 27/27 (100%) / 28/28 (100%)" in human


def test_yaml_export_carries_check_titles_and_rules(runner, index_dir):
    data = yaml.safe_load(runner.invoke(main, ["export", "--tag", "goad", "--index", index_dir]).stdout)
    checks = [c for r in data["rulings"] for c in r["checks"]]
    assert checks and all(set(c) == {"id", "title", "rules"} and c["rules"] for c in checks)
    assert {c["id"] for c in checks} >= {"goad.not_an_ability", "goad.multiple_goaders"}
