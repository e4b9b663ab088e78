"""Scryfall bulk data: the rulings file, named through a cards file → raw rulings and Italian names.

The rulings file is an array of ``{"object": "ruling", "oracle_id", "source": "wotc" | "scryfall",
"published_at": "YYYY-MM-DD", "comment"}``: it names no card, only an oracle id. A cards file
(``oracle_cards``, ``default_cards`` or ``all_cards``: an array of card objects) gives each oracle
id its English name (``name``, the same on every printing, ``"A // B"`` for two-faced cards), and
its Italian printings (``lang: "it"``) give the Italian name (``printed_name``, or the faces'
``printed_name`` joined by `` // ``). Both are read as streams; of the cards file only the small
oracle id → name map and the name pairs are kept. A ruling's line is its 1-based index in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping

from kb.ingest.importers.common import (
    Facts,
    Folder,
    NamePair,
    Repeats,
    StreamError,
    clean_text,
    json_items,
)
from kb.ingest.readers import Item, Problem, RawRuling
from kb.records import card_key
from kb.text.dates import DateProblem, parse_day

NEED_CARDS = (
    "Scryfall rulings name their cards only by oracle_id: give a Scryfall cards file with them "
    "(oracle_cards, default_cards or all_cards; all_cards also brings the Italian names), "
    "e.g. kb ingest rulings.json oracle-cards.json"
)


@dataclass(frozen=True)
class Cards:
    """What kb keeps of Scryfall cards files: each oracle id's English name, the Italian names."""

    oracle: Mapping[str, str] = field(default_factory=dict)
    pairs: tuple[NamePair, ...] = ()
    problems: tuple[Problem, ...] = ()
    facts: Facts = field(default_factory=Facts)


def load_cards(path: Path) -> Cards:
    """Stream a cards file into its oracle id → English name map and (English, Italian) pairs."""
    name = str(path)
    oracle: dict[str, str] = {}
    pairs: dict[tuple[str, str], None] = {}
    problems: list[Problem] = []
    facts = Facts()
    index = 0
    try:
        for index, card in enumerate(json_items(path, "item"), 1):
            if not isinstance(card, dict):
                problems.append(Problem(name, index, f"card {index} is not a JSON object"))
                continue
            oracle.update(oracle_names(card))
            printed_facts(card, facts)
            pair = italian_pair(card)
            if pair:
                pairs.setdefault((pair.en, pair.it))
    except StreamError as err:
        problems.append(_broken(name, index, str(err), "the names of the first {n} cards are kept"))
    else:
        if not index:
            problems.append(Problem(name, 1, "no cards in this Scryfall cards file", file=True))
    return Cards(oracle, tuple(NamePair(en, it) for en, it in pairs), tuple(problems), facts)


def printed_facts(card: dict, facts: Facts) -> None:
    """Add a card object's mana cost, type line and text: the oracle text from an English
    printing, the printed text from an Italian one (face by face for two-faced cards)."""
    if not _text(card.get("name")):
        return
    lang = {"en": "en", "it": "it"}.get(card.get("lang", "en"))
    if lang is None:
        return
    faces = card.get("card_faces") if isinstance(card.get("card_faces"), list) else []
    parts = [f for f in faces if isinstance(f, dict)] if len(faces) > 1 else [card]
    for part in parts:
        face = part.get("name", "") if part is not card else ""
        type_key, text_key = ("type_line", "oracle_text") if lang == "en" else ("printed_type_line", "printed_text")
        values = [part.get(key) for key in ("mana_cost", type_key, text_key)]
        cost, type_line, text = (v if isinstance(v, str) else "" for v in values)
        facts.add(card["name"], face, cost if lang == "en" else "", lang, type_line, text)


def oracle_names(card: dict) -> dict[str, str]:
    """The card's oracle id → English name; a reversible card has one per face, in its faces."""
    if _text(card.get("oracle_id")) and _text(card.get("name")):
        return {card["oracle_id"]: card["name"].strip()}
    faces = card.get("card_faces")
    if not isinstance(faces, list):
        return {}
    return {
        face["oracle_id"]: face["name"].strip()
        for face in faces
        if isinstance(face, dict) and _text(face.get("oracle_id")) and _text(face.get("name"))
    }


def italian_pair(card: dict) -> NamePair | None:
    """(English, Italian) for an Italian printing; None for others, or an Italian name like the English."""
    if card.get("lang") != "it" or not _text(card.get("name")):
        return None
    italian = card.get("printed_name")
    if not _text(italian):
        faces = card.get("card_faces") if isinstance(card.get("card_faces"), list) else []
        printed = [face.get("printed_name") for face in faces if isinstance(face, dict)]
        complete = printed and all(_text(p) for p in printed)
        italian = " // ".join(p.strip() for p in printed) if complete else None
    if not italian or card_key(italian) == card_key(card["name"]):
        return None
    return NamePair(card["name"].strip(), italian.strip())


def read_rulings(path: Path, oracle: Mapping[str, str] | None) -> Iterator[Item | Repeats]:
    """Raw rulings of a rulings file, named by ``oracle`` (see ``load_cards``); each once."""
    name = str(path)
    if not oracle:
        yield from _unnamed(path)
        return
    folder = Folder()
    index = 0
    try:
        for index, obj in enumerate(json_items(path, "item"), 1):
            item = _ruling(name, index, obj, oracle)
            if isinstance(item, Problem) or folder.first(item):
                yield item
    except StreamError as err:
        yield _broken(name, index, str(err), "the first {n} rulings are kept")
    else:
        if not index:
            yield Problem(name, 1, "no rulings in this Scryfall rulings file", file=True)
    yield from folder.repeats(name)


def _unnamed(path: Path) -> Iterator[Problem]:
    """No cards file: every ruling is read and rejected, in one problem that names the fix."""
    count, broken = 0, ""
    try:
        for count, _ in enumerate(json_items(path, "item"), 1):
            pass
    except StreamError as err:
        broken = f" (and after {count} rulings: {err})"
    yield Problem(str(path), 1, NEED_CARDS + broken, rulings=count, file=True)


def _ruling(path: str, index: int, obj, oracle: Mapping[str, str]) -> Item:
    where = f"ruling {index}"
    if not isinstance(obj, dict):
        return Problem(path, index, f"{where} is not a JSON object", rulings=1)
    if obj.get("object", "ruling") != "ruling":
        return Problem(path, index, f"{where}: expected a ruling object, found {obj.get('object')!r}", rulings=1)
    for key in ("oracle_id", "published_at", "comment"):
        if not _text(obj.get(key)):
            return Problem(path, index, f"{where}: missing or empty {key!r}", rulings=1)
    card = oracle.get(obj["oracle_id"])
    if card is None:
        message = (
            f"{where}: oracle_id {obj['oracle_id']} is in none of the cards files given "
            "(are they older than the rulings file?)"
        )
        return Problem(path, index, message, rulings=1)
    try:
        day = parse_day(obj["published_at"])
    except DateProblem as err:
        return Problem(path, index, f"{where} ({card!r}): {err}", rulings=1)
    origin = obj.get("source") if _text(obj.get("source")) else None
    text = clean_text(obj["comment"])
    return RawRuling(card, day, text, path, index, "en", origin=origin, anchor=obj["oracle_id"])


def _broken(path: str, last: int, message: str, kept: str) -> Problem:
    if not last:
        return Problem(path, 1, f"{message}; nothing could be read", file=True)
    return Problem(path, last + 1, f"{message}; {kept.format(n=last)}, the rest is skipped")


def _text(value) -> bool:
    return isinstance(value, str) and bool(value.strip())
