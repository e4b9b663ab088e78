"""MTGJSON v5: set files and AllPrintings → raw rulings, and the Italian names of their cards.

Shapes read (plain or gzip), as a stream, one card at a time:

- a set file: ``{"meta": {...}, "data": {"code": "C19", "cards": [card, ...], ...}}``;
- a bare set object, as older tools saved it: ``{"baseSetSize": ..., "cards": [...], ...}``;
- AllPrintings: ``{"meta": {...}, "data": {"C19": {set}, "SOI": {set}, ...}}``.

A card gives ``name`` (``"A // B"`` for the faces of a two-faced card, each face a card of its
own with ``faceName``), ``setCode``, ``number``, ``rulings: [{"date": "YYYY-MM-DD", "text"}]``
and ``foreignData: [{"language": "Italian", "name"}, ...]``. Rulings are per card and repeat on
every face and printing: a file yields each (card, date, text) once and closes with ``Repeats``
counting the ones it folded. A ruling's line is the 1-based index of its card in the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from kb.ingest.importers.common import (
    Facts,
    Folder,
    NamePair,
    Repeats,
    StreamError,
    clean_text,
    MAX_PREFIX,
    json_events,
    too_deep,
)
from kb.ingest.readers import Item, Problem, RawRuling
from kb.records import card_key
from kb.text.dates import DateProblem, parse_day

# The keys of a card kb reads (relative to the card), and what each is.
ROLES = {
    "name": "card",
    "faceName": "card",
    "setCode": "card",
    "number": "card",
    "manaCost": "card",
    "type": "card",
    "text": "card",
    "rulings.item": "ruling",
    "rulings.item.date": "ruling field",
    "rulings.item.text": "ruling field",
    "foreignData.item": "foreign",
    "foreignData.item.language": "foreign field",
    "foreignData.item.name": "foreign field",
    "foreignData.item.faceName": "foreign field",
    "foreignData.item.type": "foreign field",
    "foreignData.item.text": "foreign field",
}
RULING_FIELDS = ("date", "text")
SCALARS = {"string", "number", "boolean", "null"}
NO_CARDS = (
    "no MTGJSON cards in this file: expected a set file ({\"meta\", \"data\": {\"cards\": [...]}}) "
    "or AllPrintings ({\"meta\", \"data\": {\"SET\": {\"cards\": [...]}}})"
)


@dataclass(frozen=True)
class Card:
    """What kb takes from one MTGJSON card, as written in the file."""

    index: int  # 1-based, in the file's card order
    set_code: str
    number: str
    name: str
    face_name: str
    rulings: tuple  # one dict per ruling ({"date", "text"} as found), None where not an object
    italian: tuple[tuple[str, str], ...]  # (name, faceName) of each Italian foreignData entry
    printed: dict  # manaCost, type, text and Italian type_it, text_it, as printed

    @property
    def place(self) -> str:
        """Where the card is printed: `` (C19 #61)``, or nothing when the file does not say."""
        return f" ({self.set_code} #{self.number})" if self.set_code and self.number else ""

    @property
    def where(self) -> str:
        """The card as a person finds it: ``'Sudden Substitution' (C19 #61)``."""
        return f"{self.name!r}{self.place}"

    @property
    def anchor(self) -> str | None:
        """A stable locator within the file: ``C19/61``."""
        return f"{self.set_code}/{self.number}" if self.set_code and self.number else None


def card_set(prefix: str) -> str | None:
    """The set code of a card at this event prefix ("" when the file does not say), else None.

    ``cards.item`` (bare set), ``data.cards.item`` (set file), ``data.C19.cards.item`` (AllPrintings).
    """
    parts = prefix.split(".")
    if parts[-2:] != ["cards", "item"]:
        return None
    if len(parts) == 2 or parts == ["data", "cards", "item"]:
        return ""
    if len(parts) == 4 and parts[0] == "data":
        return parts[1]
    return None


class _Draft:
    """A card being assembled from its parse events (only the keys in ROLES are kept)."""

    def __init__(self, set_code: str):
        self.set_code = set_code
        self.fields: dict[str, Any] = {}
        self.rulings: list[dict | None] = []
        self.foreign: list[dict] = []

    def event(self, role: str, key: str, event: str, value: Any) -> None:
        if role == "card":
            if event in SCALARS:
                self.fields[key] = value
        elif role == "ruling":
            if event == "start_map":
                self.rulings.append({})
            elif event in SCALARS or event == "start_array":
                self.rulings.append(None)  # not an object: reported with the card
        elif role == "ruling field":
            if self.rulings and self.rulings[-1] is not None:
                self.rulings[-1][key.rpartition(".")[2]] = value if event in SCALARS else []
        elif role == "foreign":
            if event == "start_map":
                self.foreign.append({})
        elif event == "string" and self.foreign:
            self.foreign[-1][key.rpartition(".")[2]] = value

    def card(self, index: int) -> Card:
        text = {k: v for k, v in self.fields.items() if isinstance(v, str)}
        number = self.fields.get("number")
        italians = [fd for fd in self.foreign if fd.get("language") == "Italian" and fd.get("name", "").strip()]
        italian = tuple((fd["name"], fd.get("faceName", "")) for fd in italians)
        printed = {key: text[key] for key in ("manaCost", "type", "text") if key in text}
        for fd in italians[:1]:
            printed.update({f"{key}_it": fd[key] for key in ("type", "text") if isinstance(fd.get(key), str)})
        return Card(
            index=index,
            set_code=text.get("setCode") or self.set_code,
            number=str(number) if isinstance(number, (str, int)) else "",
            name=text.get("name", "").strip(),
            face_name=text.get("faceName", "").strip(),
            rulings=tuple(self.rulings),
            italian=italian,
            printed=printed,
        )


def cards(path: Path) -> Iterator[Card | Problem]:
    """The cards of an MTGJSON file in file order; StreamError where the file stops being readable.

    The loop runs once per JSON event (tens of millions for AllPrintings), so it does as little
    as it can for the events kb does not keep.
    """
    draft: _Draft | None = None
    index, card_prefix, roles = 0, "", {}
    with json_events(path) as events:
        for prefix, event, value in events:
            if len(prefix) > MAX_PREFIX:
                raise StreamError(too_deep(prefix))
            if draft is not None:
                if event == "end_map" and prefix == card_prefix:
                    yield draft.card(index)
                    draft = None
                    continue
                role = roles.get(prefix)
                if role is not None and event != "map_key":
                    draft.event(role[0], role[1], event, value)
                continue
            if event == "map_key" or event[:3] == "end" or not prefix.endswith("cards.item"):
                continue
            set_code = card_set(prefix)
            if set_code is None:
                continue
            index += 1
            if event == "start_map":
                draft = _Draft(set_code)
                if prefix != card_prefix:
                    card_prefix = prefix
                    roles = {f"{prefix}.{key}": (role, key) for key, role in ROLES.items()}
            else:
                yield Problem(str(path), index, f"card {index} is not a JSON object")


def read(path: Path) -> Iterator[Item | Repeats]:
    """Raw rulings of an MTGJSON file, each (card, date, text) once; problems located by card."""
    name = str(path)
    folder = Folder()
    last = 0
    try:
        for card in cards(path):
            if isinstance(card, Problem):
                last = card.line
                yield card
                continue
            last = card.index
            yield from _card_rulings(name, card, folder)
    except StreamError as err:
        yield _broken(name, last, str(err))
    else:
        if not last:
            yield Problem(name, 1, NO_CARDS, file=True)
    yield from folder.repeats(name)


def _broken(path: str, last: int, message: str) -> Problem:
    if not last:
        return Problem(path, 1, f"{message}; nothing could be read", file=True)
    return Problem(
        path, last + 1, f"{message}; the rulings of the first {last} cards are kept, the rest is skipped"
    )


def _card_rulings(path: str, card: Card, folder: Folder) -> Iterator[Item]:
    if not card.rulings:
        return
    if not card.name:
        count = len(card.rulings)
        message = f"card {card.index}{card.place} has no name: its {count} ruling(s) are skipped"
        yield Problem(path, card.index, message, rulings=count)
        return
    for number, ruling in enumerate(card.rulings, 1):
        item = _ruling(path, card, number, ruling)
        if isinstance(item, Problem) or folder.first(item):
            yield item


def _ruling(path: str, card: Card, number: int, ruling: dict | None) -> Item:
    where = f"ruling {number} of {card.where}"
    if ruling is None:
        return Problem(path, card.index, f"{where} is not a JSON object", rulings=1)
    for field in RULING_FIELDS:
        value = ruling.get(field)
        if not isinstance(value, str) or not value.strip():
            return Problem(path, card.index, f"{where}: missing or empty {field!r}", rulings=1)
    try:
        day = parse_day(ruling["date"])
    except DateProblem as err:
        return Problem(path, card.index, f"{where}: {err}", rulings=1)
    return RawRuling(card.name, day, clean_text(ruling["text"]), path, card.index, "en", anchor=card.anchor)


def names(path: Path) -> list[NamePair]:
    """(English, Italian) name pairs of the file's cards, each once, in file order."""
    return scan(path)[0]


def scan(path: Path) -> tuple[list[NamePair], Facts]:
    """The file's (English, Italian) name pairs, each once in file order, and its cards' printed
    facts (mana cost, type line and text in both languages).

    A pair whose Italian name is the English one is left out (some printings carry it, and it
    would hide the real translation). An Italian name of one face (no ``//``) goes with the face.
    Stream errors end the scan quietly: ``read`` reports them.
    """
    seen: dict[tuple[str, str], NamePair] = {}
    facts = Facts()
    try:
        for card in cards(path):
            if isinstance(card, Problem) or not card.name:
                continue
            for pair in _pairs(card):
                seen.setdefault((pair.en, pair.it), pair)
            printed, face = card.printed, card.face_name if " // " in card.name else ""
            facts.add(card.name, face, printed.get("manaCost", ""), "en", printed.get("type", ""), printed.get("text", ""))
            facts.add(card.name, face, "", "it", printed.get("type_it", ""), printed.get("text_it", ""))
    except StreamError:
        pass
    return list(seen.values()), facts


def _pairs(card: Card) -> Iterator[NamePair]:
    for it_name, it_face in card.italian:
        it_name, it_face = it_name.strip(), it_face.strip()
        en = card.name
        if " // " in en and " // " not in it_name and card.face_name:
            en = card.face_name
        if en and card_key(en) != card_key(it_name):
            yield NamePair(en, it_name)
        face = card.face_name
        if it_face and face and face != en and card_key(face) != card_key(it_face):
            yield NamePair(face, it_face)
