"""The ruling record: what ingest produces, the index stores, and every output shows."""

from __future__ import annotations

import base64
import hashlib
import re
import unicodedata
from dataclasses import asdict, dataclass, field
from datetime import date

# The JSON contract, in this order.
FIELDS = ("id", "card", "card_names", "date", "lang", "mixed", "text", "tags", "rules", "checks", "source")

_SPACE = re.compile(r"\s+")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def normalize_text(text: str) -> str:
    """Text as compared for identity: NFC, straight quotes, single spaces."""
    return _SPACE.sub(" ", unicodedata.normalize("NFC", text).translate(_QUOTES)).strip()


def card_key(name: str) -> str:
    """A card name as compared for identity: case, accents and spacing folded."""
    from .analysis import fold

    return _SPACE.sub(" ", fold(normalize_text(name)))


def ruling_id(card: str, day: date, text: str) -> str:
    """A short, URL-safe id that is the same for the same ruling on every run and machine."""
    key = f"{card_key(card)}\n{day.isoformat()}\n{normalize_text(text)}".encode("utf-8")
    digest = hashlib.blake2b(key, digest_size=10).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:12]


@dataclass(frozen=True)
class Ruling:
    """One dated ruling about one card, in one language."""

    id: str
    card: str
    card_names: dict = field(compare=False)  # {"it": ..., "en": ...} where known
    date: date
    lang: str
    mixed: bool
    text: str
    tags: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    checks: tuple[str, ...] = ()
    source: str = ""

    @property
    def key(self) -> str:
        """The card this ruling is about, the same for its Italian and English names."""
        return card_key(self.card_names.get("en") or self.card_names.get("it") or self.card)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["date"] = self.date.isoformat()
        data["card_names"] = dict(self.card_names)
        for name in ("tags", "rules", "checks"):
            data[name] = list(data[name])
        return {name: data[name] for name in FIELDS}

    @classmethod
    def from_dict(cls, data: dict) -> "Ruling":
        return cls(
            id=data["id"],
            card=data["card"],
            card_names=dict(data.get("card_names") or {}),
            date=date.fromisoformat(data["date"]),
            lang=data["lang"],
            mixed=bool(data["mixed"]),
            text=data["text"],
            tags=tuple(data.get("tags", ())),
            rules=tuple(data.get("rules", ())),
            checks=tuple(data.get("checks", ())),
            source=data.get("source", ""),
        )
