"""Comprehensive Rules numbers: the one pattern kb reads them with.

``702``, ``702.61``, ``702.61a``, ``601.2f`` (and sections ``1``..``9`` of the rules file).
"""

from __future__ import annotations

import re

NUMBER = r"\d{1,3}(?:\.\d{1,3}[a-z]?)?"
_NUMBER = re.compile(rf"^{NUMBER}$")
_SUBRULE = re.compile(r"(?<![\d.])\d{3}\.\d{1,3}[a-z]?(?!\d)")
_NAMED = re.compile(r"\b(?:rules?|regol[ae]|CR)\s+(\d{3})(?!\.?\d)", re.IGNORECASE)
RULE_LINE = re.compile(rf"^({NUMBER})\.?\s+(\S.*)$")  # a rule as the rules file prints it


def is_rule_number(value: str) -> bool:
    """``"702.61a"``, ``"601.2f"``, ``"116"`` are rule numbers; ``"702.61a)"`` is not."""
    return bool(_NUMBER.match(value))


def normal(value: str) -> str | None:
    """A rule number as typed (``702.61.``) → as kb stores it (``702.61``); None if it is none."""
    value = value.strip().rstrip(".")
    return value if is_rule_number(value) else None


def rule_numbers(text: str) -> list[str]:
    """Rule numbers written in a ruling: "rule 702.61a", "regola 601.2f", "rule 116"."""
    if "." not in text and " " not in text:
        return []
    found = [(m.start(), m.group()) for m in _SUBRULE.finditer(text)] if "." in text else []
    found += [(m.start(1), m.group(1)) for m in _NAMED.finditer(text)]
    return [number for _, number in sorted(found)]
