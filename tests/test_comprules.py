"""The Comprehensive Rules text file → {number: text}."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.checks.comprules import load_rules, parse_rules
from kb.errors import KbError, RulesFileError
from kb.text.rules import is_rule_number

from .conftest import CORPUS

# A miniature of the published layout: BOM, title, contents (which repeat the section titles),
# rules with examples and a continuation line, glossary, credits; CR line ends.
SAMPLE = (
    "\ufeffMagic: The Gathering Comprehensive Rules\r\r"
    "These rules are effective as of January 16, 2026.\r\r"
    "Contents\r\r1. Game Concepts\r116. Special Actions\r7. Additional Rules\rGlossary\rCredits\r\r"
    "1. Game Concepts\r\r"
    "116. Special Actions\r\r"
    "116.1. Special actions are actions a player may take when they have priority.\r\r"
    "116.2b Turning a face-down creature face up is a special action.\r\r"
    "601.2f The player determines the total cost of the spell.\r"
    "Example: A spell costs {1} less.\r\r"
    "702.61. Split Second\r\r"
    "702.61a Split second is a static ability.\r"
    "     It functions only on the stack.\r\r"
    "119.1d. In a two-player Brawl game, each player's starting life total is 25.\r\r"
    "Glossary\r\r"
    "Abandon\r1. To turn a face-up ongoing scheme card face down.\r\r"
    "Credits\r\r"
)


def corpus() -> Path:
    return CORPUS


@pytest.mark.parametrize(
    "number, text",
    [
        ("1", "Game Concepts"),
        ("116", "Special Actions"),
        ("116.1", "Special actions are actions a player may take when they have priority."),
        ("116.2b", "Turning a face-down creature face up is a special action."),
        ("601.2f", "The player determines the total cost of the spell.\nExample: A spell costs {1} less."),
        ("702.61", "Split Second"),
        ("702.61a", "Split second is a static ability.\nIt functions only on the stack."),
        ("119.1d", "In a two-player Brawl game, each player's starting life total is 25."),
    ],
)
def test_parse_rules(number, text):
    assert parse_rules(SAMPLE)[number] == text


def test_contents_and_glossary_are_not_rules():
    rules = parse_rules(SAMPLE)
    assert set(rules) == {"1", "116", "116.1", "116.2b", "601.2f", "702.61", "702.61a", "119.1d"}


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"])
def test_any_line_ending(tmp_path, ending):
    path = tmp_path / "rules.txt"
    path.write_bytes(SAMPLE.replace("\r", ending).encode("utf-8"))
    assert load_rules(path)["702.61a"].startswith("Split second")


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "no Comprehensive Rules file"),
        (b"\xff\xfe\x00M\x00a", "not a UTF-8 text file"),
        (b"just some text\r", "holds no numbered rules"),
    ],
)
def test_errors(tmp_path, content, message):
    path = tmp_path / "rules.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(RulesFileError, match=message) as caught:
        load_rules(path)
    assert isinstance(caught.value, KbError)


def test_a_folder_is_unreadable(tmp_path):
    with pytest.raises(RulesFileError, match="cannot read"):
        load_rules(tmp_path)


@pytest.mark.parametrize(
    "value, ok", [("702.61a", True), ("601.2f", True), ("116", True), ("702.61a)", False), ("x", False)]
)
def test_is_rule_number(value, ok):
    assert is_rule_number(value) is ok


def test_published_file_matches_its_json():
    """The real 2026-01-16 file parses to the 3,269 numbers of its published JSON, same texts."""
    import json

    folder = corpus() / "comprules"
    if not (folder / "MagicCompRules-2026-01-16.txt").is_file():
        pytest.skip(f"no Comprehensive Rules in {folder} (set KB_CORPUS to the corpus folder)")
    rules = load_rules(folder / "MagicCompRules-2026-01-16.txt")
    data = json.loads((folder / "MagicCompRules-2026-01-16.json").read_text(encoding="utf-8-sig"))
    expected = {r["Number"].rstrip("."): r["Body"][0] for r in data["Rules"]}
    assert set(rules) == set(expected)
    assert [n for n in expected if rules[n].split("\n")[0] != expected[n]] == []
