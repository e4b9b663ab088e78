"""The ruling record: what ingest produces, the index stores, and every output shows."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

from .analysis import fold

# The JSON contract, in this order.
FIELDS = ("id", "card", "card_names", "date", "lang", "mixed", "text", "tags", "rules", "checks", "source")

_SPACE = re.compile(r"\s+")
_QUOTES = (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'))


def normalize_text(text: str) -> str:
    """Text as compared for identity: NFC, straight quotes, single spaces."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
        for curly, straight in _QUOTES:
            text = text.replace(curly, straight)
    return " ".join(text.split())


@lru_cache(maxsize=65536)
def card_key(name: str) -> str:
    """A card name as compared for identity: case, accents and spacing folded."""
    return _SPACE.sub(" ", fold(normalize_text(name)))


_BASE32 = "abcdefghijklmnopqrstuvwxyz234567"  # RFC 4648, lower case


def ruling_id(card: str, day: date, text: str) -> str:
    """A short, URL-safe id that is the same for the same ruling on every run and machine:
    the first 60 bits of a BLAKE2b hash of card, date and normalized text, in base32."""
    key = f"{card_key(card)}\n{day.isoformat()}\n{normalize_text(text)}".encode("utf-8")
    bits = int.from_bytes(hashlib.blake2b(key, digest_size=10).digest()[:8], "big") >> 4
    return "".join(_BASE32[(bits >> shift) & 31] for shift in range(55, -1, -5))


def text_key(text: str) -> int:
    """A 63-bit hash of a ruling's normalized text: the same text on several cards shares it."""
    digest = hashlib.blake2b(normalize_text(text).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


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
    no_check: str | None = None  # why no check encodes this ruling's claim, when none does
    origin: str | None = None  # who wrote it, where the source says (Scryfall: wotc, scryfall)

    @property
    def key(self) -> str:
        """The card this ruling is about, the same for its Italian and English names."""
        return card_key(self.card_names.get("en") or self.card_names.get("it") or self.card)

    def to_dict(self) -> dict:
        """The record in the JSON contract (FIELDS, in that order; ``no_check`` and ``origin``
        only when they are known)."""
        return {
            "id": self.id,
            "card": self.card,
            "card_names": dict(self.card_names),
            "date": self.date.isoformat(),
            "lang": self.lang,
            "mixed": self.mixed,
            "text": self.text,
            "tags": list(self.tags),
            "rules": list(self.rules),
            "checks": list(self.checks),
            "source": self.source,
            **({"no_check": self.no_check} if self.no_check else {}),
            **({"origin": self.origin} if self.origin else {}),
        }

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
            no_check=data.get("no_check"),
            origin=data.get("origin"),
        )
