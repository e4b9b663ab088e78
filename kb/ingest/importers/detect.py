"""Which kind of source a file is, from its name and its first 64 KiB (through gzip if need be).

- ``*.jsonl`` → ``jsonl`` (by name, as kb always did);
- a JSON object with a top-level key ``meta``, ``data``, ``cards`` or ``baseSetSize`` → ``mtgjson``;
- a JSON array whose first element has ``"object": "ruling"`` → ``scryfall-rulings``,
  ``"object": "card"`` → ``scryfall-cards``;
- any other file named ``.json``/``.gz``, or gzip-compressed, or whose head parses as a JSON
  object or array → ``unknown-json`` (its reader says why it is none of the above);
- anything else → ``dated`` (the dated text format).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import ijson

from kb.ingest.importers.common import (
    BUFFER,
    GZIP_MAGIC,
    MAX_PREFIX,
    PARSE_BUFFER,
    Event,
    StreamError,
    explain,
    head,
)

MTGJSON_KEYS = frozenset({"meta", "data", "cards", "baseSetSize"})
SCRYFALL_OBJECTS = {"ruling": "scryfall-rulings", "card": "scryfall-cards"}
JSON_SUFFIXES = frozenset({".json", ".gz"})
UNKNOWN = "unknown-json"
NOT_KNOWN = (
    "a JSON file of no kind kb reads: expected MTGJSON (an object with \"meta\" and \"data\"), "
    "Scryfall bulk data (an array of \"ruling\" or \"card\" objects) or JSON Lines (.jsonl)"
)


@dataclass(frozen=True)
class Sniff:
    """A file's kind, and for ``unknown-json`` why it is none of the known ones."""

    kind: str
    reason: str = ""


def detect(path: Path) -> str:
    """The kind of source ``path`` is (see the module doc for the rules)."""
    return sniff(path).kind


def sniff(path: Path) -> Sniff:
    """The kind of ``path`` and, for ``unknown-json``, the reason, read from its first bytes."""
    if path.suffix.lower() == ".jsonl":
        return Sniff("jsonl")
    named_json = path.suffix.lower() in JSON_SUFFIXES
    compressed = False
    try:
        compressed = _starts_with(path, GZIP_MAGIC)
        data = head(path, BUFFER)
    except (OSError, StreamError) as err:
        reason = str(err) if isinstance(err, StreamError) else explain(err)
        return Sniff(UNKNOWN, reason) if named_json or compressed else Sniff("dated")
    kind, is_json, reason = shape(data, cut=len(data) >= BUFFER)
    if kind:
        return Sniff(kind)
    if named_json or compressed or is_json:
        return Sniff(UNKNOWN, reason)
    return Sniff("dated")


def shape(data: bytes, cut: bool = False) -> tuple[str | None, bool, str]:
    """(kind or None, whether it reads as the start of a JSON object or array, why not known).

    ``cut``: ``data`` is the head of a longer file, so running out of it is no error.
    """
    events = ijson.parse(io.BytesIO(data), buf_size=PARSE_BUFFER)
    started = False
    try:
        first = next(events)
        started = first[1] in ("start_map", "start_array")
        kind = _mtgjson(events) if first[1] == "start_map" else _scryfall(events) if started else None
    except ijson.JSONError as err:
        if cut and "premature EOF" in str(err):
            return None, started, NOT_KNOWN
        return None, False, "the file is empty" if not data.strip() else explain(err)
    return kind, started, "" if kind else NOT_KNOWN


def _mtgjson(events: Iterator[Event]) -> str | None:
    for prefix, event, value in events:
        if prefix == "" and event == "map_key" and value in MTGJSON_KEYS:
            return "mtgjson"
        if len(prefix) > MAX_PREFIX:
            return None  # nested absurdly deep: no kind kb reads
    return None


def _scryfall(events: Iterator[Event]) -> str | None:
    prefix, event, _ = next(events, ("", "", None))
    if (prefix, event) != ("item", "start_map"):
        return None
    for prefix, event, value in events:
        if prefix == "item.object" and event == "string":
            return SCRYFALL_OBJECTS.get(value)
        if (prefix == "item" and event == "end_map") or len(prefix) > MAX_PREFIX:
            return None
    return None


def _starts_with(path: Path, magic: bytes) -> bool:
    with open(path, "rb") as handle:
        return handle.read(len(magic)) == magic
