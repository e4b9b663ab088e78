"""The ruling record: what ingest produces, the index stores, and every output shows."""

from __future__ import annotations

import base64
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field, fields
from datetime import date
from functools import lru_cache

from kb.text.analysis import fold

_SPACE = re.compile(r"\s+")
_QUOTES = (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'))


@lru_cache(maxsize=4096)  # a ruling's text is normalised for its id, its text key and its summary
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




def ruling_id(card: str, day: date, text: str) -> str:
    """A short, URL-safe id that is the same for the same ruling on every run and machine:
    the first 60 bits of a BLAKE2b hash of card, date and normalized text, in base32."""
    key = f"{card_key(card)}\n{day.isoformat()}\n{normalize_text(text)}".encode("utf-8")
    # base32 of the first 8 bytes: its first 12 letters are the first 60 bits
    return base64.b32encode(hashlib.blake2b(key, digest_size=10).digest()[:8])[:12].decode("ascii").lower()


@lru_cache(maxsize=4096)
def text_key(text: str) -> int:
    """A 63-bit hash of a ruling's normalized text: the same text on several cards shares it."""
    digest = hashlib.blake2b(normalize_text(text).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _field(schema: dict, description: str = "", **options):
    """A record field with its JSON Schema (the API's description of records comes from these)."""
    meta = {"schema": {**schema, **({"description": description} if description else {})}}
    return field(metadata=meta, **options)


_STRINGS = {"type": "array", "items": {"type": "string"}}

ASSERTS, DENIES = "asserts", "denies"
UNDETERMINED = "undetermined"  # a ruling about the claim whose polarity the linker can't tell: no verdict
POLARITIES = (ASSERTS, DENIES, UNDETERMINED)


@dataclass(frozen=True)
class Link:
    """A ruling states ``claim`` (``asserts``) or its negation (``denies``), or is about it with a
    polarity the linker can't tell (``undetermined``: no verdict, no test vector): found by the linker
    (kb.checks.links) with a ``score`` (the similarity of the known phrasing it matched, or the
    claim classifier's probability) and that phrasing, or the nearest one, as ``evidence``."""

    claim: str
    polarity: str
    score: float
    evidence: str = ""

    def to_dict(self) -> dict:
        return {"claim": self.claim, "polarity": self.polarity, "score": self.score, "evidence": self.evidence}

    @classmethod
    def from_dict(cls, data) -> "Link":
        return cls(str(data["claim"]), str(data["polarity"]), float(data["score"]), str(data.get("evidence", "")))


LINK_SCHEMA = {
    "type": "object",
    "required": ["claim", "polarity", "score"],
    "properties": {
        "claim": {"type": "string", "description": "The id of the claim (see /api/checks)."},
        "polarity": {"type": "string", "enum": list(POLARITIES), "description": "Whether the ruling states the claim or its negation; undetermined: it is about the claim, which way round is not clear (no verdict)."},
        "score": {"type": "number", "description": "How sure the link is, 0-1: the cosine with the phrasing matched, or the claim classifier's probability."},
        "evidence": {"type": "string", "description": "The known phrasing of the claim the ruling matched (or, for a classifier link, the nearest one)."},
    },
}


@dataclass(frozen=True)
class Ruling:
    """One dated ruling about one card, in one language."""

    id: str = _field({"type": "string", "pattern": "^[a-z2-7]{12}$"}, "12 base32 characters, stable across runs.")
    card: str = _field({"type": "string"}, "The card name as the source writes it.")
    card_names: dict = _field(
        {"type": "object", "properties": {"it": {"type": "string"}, "en": {"type": "string"}}, "additionalProperties": False},
        "The card's Italian and English names, where the names table knows them.", compare=False)  # fmt: skip
    date: date = _field({"type": "string", "format": "date"})
    lang: str = _field({"type": "string", "enum": ["it", "en"]})
    mixed: bool = _field({"type": "boolean"}, "The text carries terms of the other language too.")
    text: str = _field({"type": "string"})
    tags: tuple[str, ...] = _field(_STRINGS, "Tag ids (see /api/tags).", default=())
    rules: tuple[str, ...] = _field(_STRINGS, "Comprehensive Rules numbers.", default=())
    links: tuple[Link, ...] = _field({"type": "array", "items": LINK_SCHEMA},
                                     "The claims the ruling states or denies, best first.", default=())  # fmt: skip
    source: str = _field({"type": "string"}, "file:line the ruling was read from.", default="")
    # why no check encodes this ruling's claim, when none does
    no_check: str | None = _field({"type": "string"}, "Why no check encodes the claim (only when so).", default=None)
    # who wrote it, where the source says (Scryfall: wotc, scryfall)
    origin: str | None = _field({"type": "string"}, "Who wrote it, where the source says (Scryfall: wotc or scryfall).",
                                default=None)  # fmt: skip

    @property
    def key(self) -> str:
        """The card this ruling is about, the same for its Italian and English names."""
        return card_key(self.card_names.get("en") or self.card_names.get("it") or self.card)

    @property
    def checks(self) -> tuple[str, ...]:
        """The ids of the claims the ruling is linked to."""
        return tuple(link.claim for link in self.links)

    @property
    def source_file(self) -> str:
        """The file the record was read from (its ``source`` without the line)."""
        return self.source.rsplit(":", 1)[0]

    @property
    def label(self) -> str:
        """The card as written, with its other names: ``Sostituzione Improvvisa (Sudden Substitution)``."""
        others = [n for n in dict.fromkeys(self.card_names.values()) if n != self.card]
        return self.card + (f" ({' / '.join(others)})" if others else "")

    @property
    def display_name(self) -> str:
        """The name a card is shown and found by: English, else Italian, else as written."""
        return self.card_names.get("en") or self.card_names.get("it") or self.card

    def to_dict(self) -> dict:
        """The record in the JSON contract: its fields in order, the optional ones only when set."""
        data = {name: getattr(self, name) for name in ALL_FIELDS}  # shallow: asdict's deep copy is slow
        data["card_names"] = dict(self.card_names)
        data["date"] = self.date.isoformat()
        for name in ("tags", "rules"):
            data[name] = list(data[name])
        data["links"] = [link.to_dict() for link in self.links]
        return {key: value for key, value in data.items() if key not in OPTIONAL or value is not None}

    @classmethod
    def from_dict(cls, data: dict) -> "Ruling":
        """A record from its JSON form (keys beyond the contract, such as ``score``, ignored)."""
        values = {key: data[key] for key in ALL_FIELDS if key in data}
        values["date"] = date.fromisoformat(data["date"])
        values["card_names"] = dict(data.get("card_names") or {})
        values["mixed"] = bool(data["mixed"])
        for name in ("tags", "rules"):
            values[name] = tuple(data.get(name, ()))
        values["links"] = tuple(Link.from_dict(link) for link in data.get("links", ()))
        return cls(**values)


ALL_FIELDS = tuple(f.name for f in fields(Ruling))


def json_schema() -> dict:
    """The JSON Schema of a record, from the fields' own schemas."""
    return {
        "type": "object",
        "description": "A ruling in the JSON contract (the CLI's --json records).",
        "required": [f.name for f in fields(Ruling) if f.default is not None],
        "properties": {f.name: f.metadata["schema"] for f in fields(Ruling)},
    }
OPTIONAL = frozenset(f.name for f in fields(Ruling) if f.default is None)
# The JSON contract: every record has these keys, in this order (then the optional ones, when set).
FIELDS = tuple(name for name in ALL_FIELDS if name not in OPTIONAL)
