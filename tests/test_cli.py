"""The kb command, through click's CliRunner: output, JSON contract, messages and exit codes."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
import yaml

from kb.cli import main
from kb.records import FIELDS

from .conftest import DATA, NAMES, SOURCES


@pytest.fixture
def index_dir(tmp_path):
    return str(tmp_path / "index")


@pytest.fixture
def built(runner, index_dir):
    args = ["ingest", *map(str, SOURCES), "--names", str(NAMES[0]), "--index", index_dir]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    return index_dir


def kb(runner, *args):
    return runner.invoke(main, [str(a) for a in args])


# --- ingest -------------------------------------------------------------------------------------


def test_ingest_summary(runner, index_dir):
    result = kb(runner, "ingest", *SOURCES, "--names", NAMES[0], "--index", index_dir)
    assert result.exit_code == 0
    assert result.stdout.strip() == (
        "files: 6 read, 0 rejected; rulings: 56 read = 55 ingested + 0 rejected + 1 duplicates"
    )


def test_ingest_json(runner, index_dir):
    result = kb(runner, "ingest", *SOURCES, "--index", index_dir, "--json")
    report = json.loads(result.stdout)
    assert report["rulings"] == {"read": 56, "ingested": 55, "rejected": 0, "duplicates": 1}
    assert report["files"]["read"] == 6


def test_bad_input_is_reported_and_good_rulings_kept(runner, index_dir, write):
    bad = write("bad.txt", "Card\n\n31/02/2021\n\nImpossible.\n\n19/03/2021\n\nKept.\n")
    binary = write("binary.txt", b"\x00\x01")
    result = kb(runner, "ingest", bad, binary, "--index", index_dir)
    assert result.exit_code == 0
    assert f"{bad}:3: impossible date '31/02/2021'" in result.stderr
    assert f"{binary}:1: binary file" in result.stderr
    assert "Traceback" not in result.output
    assert "rulings: 2 read = 1 ingested + 1 rejected + 0 duplicates" in result.stdout
    assert "files: 2 read, 1 rejected" in result.stdout
    found = kb(runner, "search", "kept", "--index", index_dir, "--json")
    assert json.loads(found.stdout)["total"] == 1


def test_strict_fails_and_leaves_the_index_untouched(runner, built, write):
    bad = write("bad.txt", "Card\n\n31/02/2021\n\nImpossible.\n\n19/03/2021\n\nKept.\n")
    result = kb(runner, "ingest", bad, "--strict", "--index", built)
    assert result.exit_code == 1
    assert ":3: impossible date" in result.stderr
    assert "the index was not changed" in result.stderr
    after = kb(runner, "search", "tag:goad", "--index", built, "--json")
    assert json.loads(after.stdout)["total"] == 10


def test_ingest_replaces_the_index_with_exactly_the_given_sources(runner, built, write):
    only = write("only.txt", "Solo Card\n\n19/03/2021\n\nThe only ruling.\n")
    assert kb(runner, "ingest", only, "--index", built).exit_code == 0
    result = kb(runner, "search", "-zzzz", "--index", built, "--json")
    assert [r["card"] for r in json.loads(result.stdout)["results"]] == ["Solo Card"]


def test_ingest_missing_path(runner, index_dir, tmp_path):
    result = kb(runner, "ingest", tmp_path / "nope", "--index", index_dir)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no such file or folder:")


# --- search -------------------------------------------------------------------------------------


def test_search_human_output(runner, built):
    result = kb(runner, "search", "split second", "--index", built)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert re.fullmatch(r"\d+ text\(s\) match 'split second'; showing 10", lines[0])
    headers = [line for line in lines if " · " in line]
    assert len(headers) == 10 and all("split_second" in h for h in headers)  # all 12 rank first
    assert any("Sostituzione Improvvisa (Sudden Substitution) · 2021-03-19 · it" in h for h in headers)
    assert any(line.startswith("  ") and "*battibaleno*" in line for line in lines)


def test_search_json_contract(runner, built):
    result = kb(runner, "search", "goad", "--lang", "it", "--limit", "3", "--index", built, "--json")
    data = json.loads(result.stdout)
    assert list(data) == ["query", "total", "results"]
    assert data["query"] == "goad" and data["total"] == 5 and len(data["results"]) == 3
    for record in data["results"]:
        assert [k for k in record if k != "translation"] == [*FIELDS, "score", "also", "also_cards"]
        assert record["lang"] == "it" and "goad" in record["tags"]


def test_search_words_may_be_separate_arguments_and_start_with_a_dash(runner, built):
    result = kb(runner, "search", "goad", "-tag:madness", "-lang:it", "--index", built, "--json")
    assert json.loads(result.stdout)["total"] == 5
    result = kb(runner, "search", "--limt", "3", "goad", "--index", built)
    assert result.exit_code == 2 and "No such option '--limt'. Did you mean '--limit'?" in result.stderr


def test_search_explain(runner, built):
    result = kb(runner, "search", "goad -tag:madness", "--explain", "--index", built)
    assert "parsed: goad -tag:madness" in result.stdout
    assert "strict: -tag:madness" in result.stdout
    assert "words:  preferred, not required" in result.stdout and "tag tags:goad" in result.stdout


@pytest.mark.parametrize(
    "query, message",
    [
        ('split "second', 'unbalanced quote: this quote is never closed (at position 6)'),
        ("OR", "OR needs a word, phrase or field on each side (at position 0)"),
        ('card:""', "'card:' needs a value (at position 5)"),
        ('re:"(a"', "not a regular expression"),
        ("x" * 10_000, "query too long: 10000 characters (at most 1000) (at position 1000)"),
    ],
)
def test_malformed_query_exits_2_with_the_position(runner, built, query, message):
    result = kb(runner, "search", query, "--index", built)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ")
    assert message in result.stderr
    assert "^" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "args, message",
    [(["--lang", "fr"], "--lang: unknown language"), (["--since", "ieri"], "--since: invalid date")],
)
def test_bad_option_exits_2(runner, built, args, message):
    result = kb(runner, "search", "goad", *args, "--index", built)
    assert result.exit_code == 2 and message in result.stderr


def test_search_builds_the_index_from_data_when_there_is_none(runner, tmp_path, monkeypatch):
    shutil.copytree(DATA, tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KB_INDEX", raising=False)
    monkeypatch.delenv("KB_DATA", raising=False)
    result = kb(runner, "search", "split second")
    assert result.exit_code == 0
    assert "built the index from data/rulings_it, data/rulings_en" in result.stderr
    assert (tmp_path / ".kb" / "index" / "CURRENT").exists()
    # a changed source file is picked up on the next search
    path = tmp_path / "data" / "rulings_en" / "fast-forward.txt"
    path.write_text(path.read_text() + "\n01/02/2026\n\nA brand new ruling about zebras.\n")
    again = kb(runner, "search", "zebras", "--json")
    assert "rebuilt the index: 1 source file(s) changed" in again.stderr
    assert json.loads(again.stdout)["total"] == 1
    quiet = kb(runner, "search", "zebras")
    assert quiet.stderr == ""


def test_no_index_and_no_data(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KB_INDEX", raising=False)
    monkeypatch.delenv("KB_DATA", raising=False)
    result = kb(runner, "search", "goad")
    assert result.exit_code == 1
    assert "no index at .kb/index; build one with: kb ingest PATH..." in result.stderr


# --- card, show, tags ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Sudden Substitution", "Sostituzione Improvvisa", "Sostituzone Improvvisa"])
def test_card_by_either_name(runner, built, name):
    result = kb(runner, "card", name, "--index", built, "--json")
    data = json.loads(result.stdout)
    assert data["total"] == 26
    assert {r["lang"] for r in data["results"]} == {"it", "en"}
    assert data["card"]["names"] == {"it": "Sostituzione Improvvisa", "en": "Sudden Substitution"}
    human = kb(runner, "card", name, "--index", built)
    assert human.stdout.startswith("Sudden Substitution — Sostituzione Improvvisa\n26 rulings: 13 in Italian, 13 in English")


def test_unknown_card_exits_1_with_did_you_mean(runner, built):
    result = kb(runner, "card", "Sudden Death", "--index", built)
    assert result.exit_code == 1
    assert result.stderr == "Error: no card named 'Sudden Death'; did you mean 'Sudden Substitution'?\n"


def test_show(runner, built):
    data = json.loads(kb(runner, "search", "battibaleno lang:it", "--limit", "1", "--json", "--index", built).stdout)
    ruling_id = data["results"][0]["id"]
    result = kb(runner, "show", ruling_id, "--index", built)
    assert result.exit_code == 0
    assert f"id:      {ruling_id}" in result.stdout
    assert "tags:    split_second" in result.stdout
    shown = json.loads(kb(runner, "show", ruling_id, "--json", "--index", built).stdout)
    assert list(shown) == [*FIELDS, "translation"] and shown["id"] == ruling_id
    assert shown["translation"]["lang"] == "en"
    assert "paired:" in result.stdout
    missing = kb(runner, "show", "nosuchruling", "--index", built)
    assert missing.exit_code == 1 and "no ruling with id 'nosuchruling'" in missing.stderr


def test_tags(runner, built):
    rows = json.loads(kb(runner, "tags", "--json", "--index", built).stdout)
    counts = {row["id"]: row["counts"] for row in rows}
    assert counts["split_second"] == {"it": 6, "en": 6}
    assert counts["goad"] == {"it": 5, "en": 5}
    assert rows[0]["rules"] == ["701.15"]
    human = kb(runner, "tags", "--index", built)
    assert "madness" in human.stdout


# --- export -------------------------------------------------------------------------------------


def test_export_madness_yaml_has_every_madness_ruling(runner, built):
    result = kb(runner, "export", "--tag", "madness", "--format", "yaml", "--index", built)
    data = yaml.safe_load(result.stdout)
    assert data["count"] == 16 and len(data["rulings"]) == 16
    assert {r["lang"] for r in data["rulings"]} == {"it", "en"}
    assert all("madness" in r["tags"] for r in data["rulings"])
    keys = [(r["card"].casefold(), r["date"], r["id"]) for r in data["rulings"]]
    assert keys == sorted(keys)


def test_export_jsonl_round_trips(runner, built, tmp_path):
    out = tmp_path / "all.jsonl"
    assert kb(runner, "export", "--format", "jsonl", "--out", out, "--index", built).exit_code == 0
    before = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(before) == 55
    again = str(tmp_path / "again")
    assert kb(runner, "ingest", out, "--index", again).exit_code == 0
    exported = kb(runner, "export", "--format", "jsonl", "--index", again).stdout
    after = [json.loads(line) for line in exported.splitlines()]
    strip = lambda rows: [{k: v for k, v in r.items() if k not in ("source", "card_names")} for r in rows]  # noqa: E731
    assert strip(after) == strip(before)


@pytest.mark.parametrize("fmt, check", [
    ("json", lambda text: json.loads(text)["count"] == 10),
    ("csv", lambda text: text.splitlines()[0].startswith("id,card,card_it,card_en,date") and len(text.splitlines()) == 11),
    ("md", lambda text: text.startswith("# Rulings: tag goad (10)")),
])
def test_export_formats(runner, built, fmt, check):
    result = kb(runner, "export", "--tag", "goad", "--format", fmt, "--index", built)
    assert result.exit_code == 0 and check(result.stdout)


def test_export_all_tags(runner, built, tmp_path):
    out = tmp_path / "sets"
    result = kb(runner, "export", "--all-tags", "--out", out, "--index", built)
    assert result.exit_code == 0
    index = yaml.safe_load((out / "index.yaml").read_text())
    files = {row["tag"]: row for row in index["tags"]}
    assert files["madness"]["count"] == 16 and (out / "madness.yaml").exists()
    assert len(list(out.glob("*.yaml"))) == len(files) + 1


def test_export_all_tags_needs_out(runner, built):
    result = kb(runner, "export", "--all-tags", "--index", built)
    assert result.exit_code == 2 and "--out DIR" in result.stderr


# --- rough edges --------------------------------------------------------------------------------


def test_python_dash_m_kb_is_the_kb_command(built):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "kb", "search", "goad", "--limit", "1", "--index", built],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "text(s) match 'goad'" in done.stdout
    usage = subprocess.run([sys.executable, "-m", "kb", "--help"], capture_output=True, text=True, timeout=60)
    assert usage.stdout.startswith("Usage: kb ")


def test_a_command_process_is_set_up_for_a_short_life():
    """kb.entry.configure: the collector's first pass after 100,000 allocations, one BLAS thread,
    and every object frozen out of the collector at exit (before the interpreter's last pass)."""
    import subprocess
    import sys

    script = ("import atexit, gc, os\n"
              "atexit.register(lambda: print('frozen at exit:', gc.get_freeze_count() > 0))\n"
              "from kb.entry import COMMAND_THRESHOLD, configure\n"
              "configure()\n"
              "print(gc.get_threshold() == COMMAND_THRESHOLD, os.environ['OPENBLAS_NUM_THREADS'], gc.get_freeze_count())\n")  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["True 1 0", "frozen at exit: True"]


def test_card_takes_an_unquoted_name(runner, built):
    quoted = json.loads(kb(runner, "card", "Vampira Mutata", "--index", built, "--json").stdout)
    unquoted = kb(runner, "card", "Vampira", "Mutata", "--index", built, "--json")
    assert unquoted.exit_code == 0, unquoted.output
    assert json.loads(unquoted.stdout) == quoted


@pytest.mark.parametrize(
    "command, typo, meant",
    [
        ("search", "--limt", "--limit"), ("search", "--all-card", "--all-cards"), ("card", "--jsn", "--json"),
        ("show", "--rule", "--rules"), ("ingest", "--strcit", "--strict"), ("export", "--formt", "--format"),
        ("check", "--al", "--all"), ("tags", "--jsno", "--json"), ("serve", "--prot", "--port"),
        ("fragments", "--crad", "--card"),
    ],
)  # fmt: skip
def test_option_typos_suggest_the_option_for_every_command(runner, command, typo, meant):
    args = {"search": ["goad"], "card": ["fast"], "show": ["abcd"]}.get(command, [])
    result = kb(runner, command, *args, typo, "1")
    assert result.exit_code == 2
    assert f"No such option '{typo}'" in result.stderr
    suggestion = result.stderr.split("Did you mean", 1)[1]
    assert f"'{meant}'" in suggestion.split("?")[0]


@pytest.mark.parametrize(
    "given, message",
    [
        ("nosuch.check", "no check with id 'nosuch.check'"),
        ("goad.multiple_goader", "no check with id 'goad.multiple_goader'; did you mean 'goad.multiple_goaders'"),
        ("zzzzzzzz", "no ruling with id 'zzzzzzzz'"),
    ],
)
def test_check_tells_unknown_checks_from_unknown_rulings(runner, built, given, message):
    result = kb(runner, "check", given, "--index", built)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {message}")


def test_ingest_help_names_every_kind_of_input(runner):
    text = " ".join(kb(runner, "ingest", "--help").stdout.split())
    for kind in ("dated ruling files", "JSON Lines", "MTGJSON", "AllPrintings", "Scryfall", "name tables"):
        assert kind in text


def test_card_shows_its_printed_text_in_both_languages(runner, tmp_path):
    from .conftest import FIXTURES

    index = tmp_path / "index"
    source = FIXTURES / "mtgjson" / "sudden_substitution.json"
    assert kb(runner, "ingest", DATA / "rulings_it", source, "--index", index).exit_code == 0
    human = kb(runner, "card", "sostituzone", "--index", index).stdout
    assert "[en] Instant · {2}{U}{U}" in human and "Exchange control of target noncreature spell" in human
    assert "[it] Istantaneo" in human and "Scambia il controllo di una magia non creatura bersaglio" in human
    card = json.loads(kb(runner, "card", "Sudden Substitution", "--index", index, "--json").stdout)["card"]
    assert card["facts"]["mana_cost"] == "{2}{U}{U}"
    assert card["facts"]["type"] == {"en": "Instant", "it": "Istantaneo"}
    assert card["facts"]["text"]["it"].startswith("Battibaleno (Fintanto che questa magia è in pila")
