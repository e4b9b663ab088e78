"""The Comprehensive Rules as published (a text file) → ``{number: text}``.

The file Wizards of the Coast publishes is UTF-8 with a byte order mark and CR or CRLF line ends.
It opens with a table of contents (section titles only, ending with "Glossary" and "Credits"),
then the rules, then the glossary and the credits. Each rule is a line that starts with its
number; "Example:" lines and indented continuation lines belong to the rule above them::

    116. Special Actions              -> "116": "Special Actions"
    702.61. Split Second              -> "702.61": "Split Second"
    702.61a Split second is a ...     -> "702.61a": "Split second is a ..."
    601.2f The player determines ...  -> "601.2f": "The player determines ..."
    1. Game Concepts                  -> "1": "Game Concepts"
"""

from __future__ import annotations

from pathlib import Path

from kb.errors import RulesFileError
from kb.text.rules import RULE_LINE


def load_rules(path: str | Path) -> dict[str, str]:
    """The rules of the CR text file at ``path``: ``{"702.61a": "Split second is ...", ...}``."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RulesFileError(
            f"no Comprehensive Rules file at {path}; download the text version from "
            "https://magic.wizards.com/en/rules and pass its path"
        ) from None
    except OSError as err:
        raise RulesFileError(f"cannot read the Comprehensive Rules file {path}: {err.strerror}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RulesFileError(f"{path} is not a UTF-8 text file (is it the PDF or DOCX version?)") from None
    rules = parse_rules(text)
    if not rules:
        raise RulesFileError(f"{path} holds no numbered rules (is it the Comprehensive Rules text file?)")
    return rules


def parse_rules(text: str) -> dict[str, str]:
    """Rule number → text (with its examples) for the rules part of a CR text."""
    lines = [line.lstrip("\ufeff").rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    rules: dict[str, str] = {}
    last = None
    for line in lines[_body_start(lines) :]:
        if line.strip() == "Glossary":
            break
        match = RULE_LINE.match(line)
        if match:
            last = match.group(1)
            rules[last] = match.group(2).strip()
        elif line.strip() and last is not None:
            rules[last] += "\n" + line.strip()
    return rules


def _body_start(lines: list[str]) -> int:
    """The first line after the table of contents (which ends with "Credits"), or 0 without one."""
    if "Contents" not in (line.strip() for line in lines):
        return 0
    start = [line.strip() for line in lines].index("Contents")
    for number, line in enumerate(lines[start:], start):
        if line.strip() == "Credits":
            return number + 1
    return start + 1
