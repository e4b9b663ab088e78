"""The parallel card texts both learners read: every card (or face) printed in English and in
Italian, from a corpus folder's ``cards_it.jsonl`` (``{card, name_it, type_it, text_it, text_en,
set}``) and MTGJSON set files ``mtgjson/*.json(.gz)`` (streamed with ijson: their Italian
``foreignData`` give type lines too), and the lines of a card's two texts, paired."""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from kb.text.analysis import fold

# The parts of a card's line the mechanics learner looks at: its words, and reminder text (left out).
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
REMINDER = re.compile(r"\s*\([^()]*\)")
# Where an Italian text lost its line breaks: "VolareLa creatura…", "…magia.Volare", "Volare{2}".
_GLUED = re.compile(r"(?<=[.)])(?=[A-ZÀ-Ý])|(?<=[a-zà-ù])(?=[A-ZÀ-Ý][a-zà-ù])|(?<=[a-zà-ù])(?=\{)")


@dataclass(frozen=True)
class CardText:
    """One card (or face) printed in both languages."""

    name_en: str  # the face's English name (the card's, for a card of one face)
    name_it: str  # the face's Italian name
    text_en: str
    text_it: str
    type_en: str = ""
    type_it: str = ""
    card: str = ""  # the card's English name, every face ("Fire // Ice")
    card_it: str = ""  # its Italian name, every face
    keywords: tuple = ()  # MTGJSON's list of the card's keywords, when known


def read_corpus(folder: Path) -> Iterator[CardText]:
    """The cards of ``cards*.jsonl`` (the corpus's ``cards_it.jsonl``) and of any
    ``mtgjson/*.json(.gz)`` in ``folder``."""
    folder = Path(folder)
    for cards in sorted(folder.glob("cards*.jsonl")):
        with cards.open(encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    row = json.loads(line)
                    yield CardText(
                        name_en=row.get("card") or "",
                        name_it=row.get("name_it") or "",
                        text_en=row.get("text_en") or "",
                        text_it=row.get("text_it") or "",
                        card=row.get("card") or "",
                        card_it=row.get("name_it") or "",
                    )
    for path in sorted(folder.glob("mtgjson/*.json*")):
        yield from read_mtgjson(path)


def read_mtgjson(path: Path) -> Iterator[CardText]:
    """Cards with an Italian ``foreignData`` entry in an MTGJSON set file (bare, wrapped in
    ``data``, or AllPrintings), streamed with ijson."""
    import ijson

    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as stream:
        builder, at = None, None
        for prefix, event, value in ijson.parse(stream):
            if builder is None:
                if event == "start_map" and (prefix == "cards.item" or prefix.endswith(".cards.item")):
                    builder, at = ijson.ObjectBuilder(), prefix
                    builder.event(event, value)
                continue
            builder.event(event, value)
            if event == "end_map" and prefix == at:
                card, builder = builder.value, None
                for foreign in card.get("foreignData") or ():
                    if foreign.get("language") == "Italian":
                        yield CardText(
                            name_en=card.get("faceName") or card.get("name") or "",
                            name_it=foreign.get("faceName") or foreign.get("name") or "",
                            text_en=card.get("text") or "",
                            text_it=foreign.get("text") or "",
                            type_en=card.get("type") or "",
                            type_it=foreign.get("type") or "",
                            card=card.get("name") or "",
                            card_it=foreign.get("name") or "",
                            keywords=tuple(card.get("keywords") or ()),
                        )


def aligned_lines(card: CardText, unglue: bool = True) -> list[tuple[str, str]]:
    """The English and Italian lines of a card's text, paired, when both have as many lines;
    with ``unglue``, an Italian text that lost its line breaks ("VolareLa creatura…") is split
    again first."""
    en = card.text_en.split("\n")
    it = card.text_it.split("\n")
    if len(en) != len(it) and unglue:
        it = _GLUED.sub("\n", card.text_it).split("\n")
    if len(en) != len(it):
        return []
    return list(zip(en, it))


def lines_not_naming_itself(card: CardText) -> list[tuple[str, str]]:
    """The aligned lines of a card but those that open with its own name ("Storm Entity enters…"):
    what such a line says is about the card, not a keyword."""
    names = [fold(n.strip()) for n in card.card.split("//")]
    return [(en, it) for en, it in aligned_lines(card) if not any(fold(en).startswith(n) for n in names if n)]
