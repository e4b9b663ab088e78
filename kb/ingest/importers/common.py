"""What the bulk importers share: opening plain or gzip files, streaming JSON, folding repeats.

Bulk files are read as streams of JSON events (ijson, whose C backend parses at tens of MB/s in
constant memory), so a file of any size needs only the memory of the card or ruling at hand.
Errors of the stream (bad gzip, bad JSON, unreadable file) become ``StreamError`` with a message
for the user, which the readers turn into a located ``Problem``.
"""

from __future__ import annotations

import gzip
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Iterator

import ijson

from kb.ingest.progress import Counting
from kb.ingest.readers import RawRuling
from kb.records import card_key, ruling_id

GZIP_MAGIC = b"\x1f\x8b"
BUFFER = 1 << 16  # bytes read to tell a file's kind
# bytes ijson parses at a time: it makes the events of a whole buffer before kb sees the first,
# so a small buffer bounds what a file nested absurdly deep costs before MAX_DEPTH stops it
PARSE_BUFFER = 1 << 12

Event = tuple[str, str, Any]  # ijson's (prefix, event, value)
READ_ERRORS = (ijson.JSONError, OSError, EOFError, zlib.error)  # gzip.BadGzipFile is an OSError


@dataclass(frozen=True)
class NamePair:
    """An English card name and its Italian name, for kb's names table."""

    en: str
    it: str


@dataclass(frozen=True)
class Repeats:
    """Rulings a reader read but did not yield because the same file had yielded them already.

    They count as read and as duplicates, so that read = ingested + rejected + duplicates.
    """

    path: str
    count: int


class Facts:
    """What cards say as printed, by card: mana cost, type line and text, in English and Italian.

    Collected face by face (a two-faced card ``A // B`` gives each face on its own); the first
    printing that gives a value keeps it. ``table()`` has one entry per card key, faces joined::

        {"mana_cost": "{1}{U}", "type": {"en": ..., "it": ...}, "text": {"en": ..., "it": ...}}
    """

    def __init__(self) -> None:
        self._faces: dict[str, dict[str, dict]] = {}  # card key -> face name -> values

    def add(self, card: str, face: str = "", mana_cost: str = "", lang: str = "en", type_line: str = "",
            text: str = "") -> None:  # fmt: skip
        entry = self._faces.setdefault(card_key(card), {}).setdefault(face, {"type": {}, "text": {}})
        if mana_cost and not entry.get("mana_cost"):
            entry["mana_cost"] = mana_cost
        if type_line:
            entry["type"].setdefault(lang, type_line.strip())
        if text:
            entry["text"].setdefault(lang, text.strip())

    def update(self, other: "Facts") -> None:
        for key, faces in other._faces.items():
            mine = self._faces.setdefault(key, {})
            for face, values in faces.items():
                mine.setdefault(face, values)

    def table(self) -> dict[str, dict]:
        out = {}
        for key, faces in self._faces.items():
            values = list(faces.values())
            joined: dict = {}
            costs = [v.get("mana_cost", "") for v in values]
            if any(costs):
                joined["mana_cost"] = " // ".join(costs)
            for part, sep in (("type", " // "), ("text", "\n//\n")):
                langs = {lang for v in values for lang in v[part]}
                joined[part] = {lang: sep.join(v[part].get(lang, "") for v in values) for lang in sorted(langs)}
            out[key] = joined
        return out


class StreamError(Exception):
    """A file that cannot be read to its end; the message says why, for the user."""


def open_binary(path: Path) -> IO[bytes]:
    """The file's bytes, uncompressed if it is gzip (known by its first bytes, not its name);
    the bytes read from disk are reported to kb.progress."""
    with open(path, "rb") as probe:
        magic = probe.read(2)
    raw = Counting(open(path, "rb"))
    return Counting.around(gzip.GzipFile(fileobj=raw, mode="rb"), raw) if magic == GZIP_MAGIC else raw


def head(path: Path, size: int = BUFFER) -> bytes:
    """Up to ``size`` first bytes of the (uncompressed) file, for telling its kind.

    A gzip file's start is inflated without reading to its end, so a fault further on (a cut,
    a bad checksum) is left for the reader to meet and locate. StreamError if even that fails.
    """
    try:
        with open(path, "rb") as handle:
            raw = handle.read(size)
    except OSError as err:
        raise StreamError(explain(err)) from None
    if raw[:2] != GZIP_MAGIC:
        return raw
    if len(raw) < size:
        raw = raw[:-8]  # the whole file: leave out the trailer, whose checksum is the reader's to check
    try:
        return zlib.decompressobj(wbits=31).decompress(raw, size)  # 31: with a gzip header
    except zlib.error as err:
        raise StreamError(explain(err)) from None


@contextmanager
def json_events(path: Path) -> Iterator[Iterator[Event]]:
    """``with json_events(path) as events``: ijson's parse events of the whole file.

    An error met while iterating them inside the ``with`` leaves it as StreamError. (A context
    manager, not a wrapping generator: one more generator layer costs a third of the time.)
    """
    try:
        with open_binary(path) as stream:
            yield ijson.parse(stream, buf_size=PARSE_BUFFER, use_float=True)
    except READ_ERRORS as err:
        raise StreamError(explain(err)) from None


def json_items(path: Path, prefix: str) -> Iterator[Any]:
    """The objects under ``prefix`` (``"item"``: the elements of a top-level array), built from
    ijson's events; an object nested more than MAX_DEPTH deep ends the file with StreamError
    (ijson's own ``items`` would build it whole, whatever its depth, before kb could look)."""
    from ijson.common import ObjectBuilder

    with json_events(path) as events:
        builder = None
        for at, event, value in events:
            if len(at) > MAX_PREFIX:
                raise StreamError(too_deep(at))
            if builder is not None:
                builder.event(event, value)
                if at == prefix and event in ("end_map", "end_array"):
                    yield builder.value
                    builder = None
            elif at == prefix:
                if event in ("start_map", "start_array"):
                    builder = ObjectBuilder()
                    builder.event(event, value)
                elif event not in ("end_map", "end_array", "map_key"):
                    yield value


MAX_DEPTH = 64  # JSON nesting kb reads; real MTGJSON and Scryfall files nest under 10 deep
MAX_PREFIX = MAX_DEPTH * 8  # ijson's event prefix grows with the depth ("item.a.item...")


def too_deep(prefix: str) -> str:
    return f"the JSON is nested more than {MAX_DEPTH} deep (under {prefix[:60]!r}…); the file is not read further"


def explain(err: BaseException) -> str:
    """A one-line message for a stream error."""
    if isinstance(err, EOFError):
        return "the gzip file is truncated (it ends before its end marker)"
    if isinstance(err, (zlib.error, gzip.BadGzipFile)):
        return f"the gzip file is corrupt ({err})"
    if isinstance(err, ijson.JSONError):
        return _json_message(str(err))
    if isinstance(err, OSError):
        return f"cannot read: {err.strerror or err}"
    return str(err)


def _json_message(raw: str) -> str:
    if raw.startswith(("b'", 'b"')):  # ijson reports UTF-8 errors as the repr of bytes
        raw = raw[2:-1].replace("\\n", "\n")
    lines = [line.strip() for line in raw.splitlines() if line.strip()]
    first = lines[0] if lines else "invalid JSON"
    if "premature EOF" in first:
        return "the JSON ends too early (is the file truncated?)"
    near = f" near {lines[1][:60]!r}" if len(lines) > 1 and "right here" not in lines[1] else ""
    return f"invalid JSON ({first.removeprefix('parse error: ').removeprefix('lexical error: ').rstrip('.')}{near})"


def clean_text(text: str) -> str:
    """Ruling text as the other readers keep it: single spaces, no line breaks."""
    return " ".join(text.split())


class Folder:
    """Keeps the first of the rulings that kb would take for one (same id); counts the others."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.folded = 0

    def first(self, raw: RawRuling) -> bool:
        key = ruling_id(raw.card, raw.date, raw.text)
        if key in self.seen:
            self.folded += 1
            return False
        self.seen.add(key)
        return True

    def repeats(self, path: str) -> Iterator[Repeats]:
        """The count of folded rulings, as the item that closes a file (none if nothing folded)."""
        if self.folded:
            yield Repeats(path, self.folded)
