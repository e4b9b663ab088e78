"""The mechanics of the cards a ruling names: "Rift Bolt going into exile with its time counter
isn't a cast" never says "suspend", but Rift Bolt has it.

``kb/vocab/card_mechanics.tsv`` (written by ``python -m kb.checks.card_mechanics``) lists every
card, by its English and its Italian name and by each face's, whose printed text carries the
mechanic of some claim: ``name<TAB>tag tag``; and, with ``-``, the cards whose names hold one of
those ("Memory Plunder" holds "Plunder", which has suspend). A name is found in a ruling as
printed (its case; whole words; either apostrophe; the longest first), so "Storm Crow" is a card
and "a storm of spells" is not; a name of one common word ("Domanda", "Delay") not where a
sentence opens, where any word is capitalized: "Domanda: quanto costa …?" names no card.

    >>> sorted(named_mechanics("Rift Bolt going into exile with its time counter isn't a cast."))
    ['suspend']
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from kb.errors import ParseError
from kb.text.analysis import fold
from kb.text.common import is_common

TABLE = Path(__file__).resolve().parent.parent / "vocab" / "card_mechanics.tsv"
WORD = re.compile(r"[^\W_]+")


class Names:
    """Card names, each with its mechanics, looked up by their first word."""

    def __init__(self, rows: dict[str, frozenset[str]]):
        self.rows = rows
        self.common = {name for name in rows if " " not in name and is_common(fold(name))}  # "Domanda", "Delay": words too
        self.starting: dict[str, list[str]] = {}
        for name in sorted(rows, key=len, reverse=True):  # the longest name first
            first = WORD.search(name)
            if first:
                self.starting.setdefault(first.group(0), []).append(name)

    def mechanics(self, text: str) -> frozenset[str]:
        """The mechanics of every card ``text`` names."""
        return frozenset(tag for _, _, name in self.spans(text) for tag in self.rows[name])

    def spans(self, text: str, opening: bool = False) -> list[tuple[int, int, str]]:
        """(start, end, name) of every card name in ``text``, in order (either apostrophe counts as ');
        ``opening``: a name that is a common word too where a sentence opens (what follows says it
        is a card: "Fireball lying in your graveyard has mana value 1")."""
        text = text.replace("’", "'")
        found: list[tuple[int, int, str]] = []
        covered = 0  # where the last name found ends: "Plunder" in "Memory Plunder" is no card of its own
        for word in WORD.finditer(text):
            if word.start() < covered:
                continue
            for name in self.starting.get(word.group(0), ()):
                end = word.start() + len(name)
                if text.startswith(name, word.start()) and (end == len(text) or not text[end].isalnum()) \
                        and not (name in self.common and not opening and _opens_sentence(text, word.start())):
                    found.append((word.start(), end, name))
                    covered = end
                    break
        return found


def _opens_sentence(text: str, start: int) -> bool:
    """Whether ``text`` opens a sentence at ``start``, where any word is capitalized."""
    before = text[:start].rstrip().rstrip("\"'“‘«(")
    return not before or before[-1] in ".!?:;"


def read(path: Path) -> Names:
    """The table at ``path``; a malformed row is a ParseError naming the file and line."""
    rows: dict[str, frozenset[str]] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise ParseError(str(path), 1, f"unreadable card mechanics table ({err})") from None
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, tab, tags = line.partition("\t")
        if not tab or not name.strip() or not tags.split():
            raise ParseError(str(path), number, "expected 'card name<TAB>mechanic mechanic...'")
        rows[name.replace("’", "'")] = frozenset(tags.split()) - {"-"}
    return Names(rows)


@lru_cache(maxsize=1)
def shipped() -> Names:
    """The shipped table (no names when it is absent: no ruling gains a mechanic by its cards)."""
    return read(TABLE) if TABLE.is_file() else Names({})


def named_mechanics(text: str) -> frozenset[str]:
    """The mechanics of the cards ``text`` names, by the shipped table."""
    return shipped().mechanics(text)
