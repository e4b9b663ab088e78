"""The Whoosh index: schema, shards, generations and their atomic swap.

Layout of an index location (``--index DIR``, ``KB_INDEX``, default ``.kb/index``)::

    DIR/CURRENT                  the name of the live generation (replaced atomically)
    DIR/gen-<stamp>/             a complete index:
        shard-<n>/               a Whoosh index of part of the rulings, and docs.npz: per
                                 document date, language, field lengths and liveness
        manifest.json cards.json stats.json

A build writes a new generation beside the live one and then replaces ``CURRENT`` with
``os.replace``, so a reader never sees a half-built index and a failed build leaves the old one.
Shards let several processes build one index at once; a search reads them all as one.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Iterable

import numpy as np
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import DATETIME, KEYWORD, STORED, TEXT, Schema

from .analysis import ANALYZERS, LANGS, AnalysedText
from .analysis import terms as analysis_terms
from .errors import IndexMissing
from .records import Ruling, text_key

SCHEMA_VERSION = 13
DEFAULT_LOCATION = Path(".kb") / "index"
LANG_CODES = {lang: code for code, lang in enumerate(LANGS)}
EPOCH = date(1970, 1, 1)


class LeanCodec(W3Codec):
    """Whoosh's codec without the per-block length statistics and postings compression.

    The statistics serve the block-skipping of Whoosh's own searcher, which kb does not use
    (kb/execute.py reads whole postings lists); compression saves disk at the cost of CPU on
    both writing and reading. Together: indexing a third faster, postings read faster, an index
    about twice as large (tens of MB for the official rulings).
    """

    length_stats = False

    def __init__(self, blocklimit: int = 128, compression: int = 0, inlinelimit: int = 1):
        super().__init__(blocklimit, compression, inlinelimit)


class DateField(DATETIME):
    """A DATETIME indexed as one term per value (no numeric tiers): ruling dates are few, so
    range queries stay fast and indexing does an eighth of the work."""

    def __init__(self, stored: bool = False):
        super().__init__(stored=stored)
        self.shift_step = 0


def schema() -> Schema:
    """The searchable fields of a ruling, and the record stored whole.

    The id and the card are not indexed terms: they are lookups, kept as per-document arrays
    beside the index (``docs.npz``), which saves a posting list per ruling and per card.
    """
    return Schema(
        lang=KEYWORD,
        tags=KEYWORD(scorable=False),
        rules=KEYWORD,
        date=DateField(),
        text_it=TEXT(analyzer=ANALYZERS["it"], phrase=True),
        text_en=TEXT(analyzer=ANALYZERS["en"], phrase=True),
        record=STORED,
    )


def indexed_langs(record: Ruling) -> tuple[str, ...]:
    """The text fields a ruling is indexed in: its language, and both when it is mixed."""
    return LANGS if record.mixed else (record.lang,)


def document(record: Ruling, terms: dict | None = None, with_text: bool = True) -> dict:
    """The index fields of a record (``terms``: its analysed text, when already computed;
    ``with_text`` False: not its text, which an earlier document of the shard carries)."""
    doc = {
        "lang": record.lang,
        "tags": " ".join(record.tags),
        "rules": " ".join(record.rules),
        "date": datetime(record.date.year, record.date.month, record.date.day),
        "record": json.dumps(record.to_dict(), ensure_ascii=False),
    }
    for lang in indexed_langs(record) if with_text else ():
        known = (terms or {}).get(lang)
        doc[f"text_{lang}"] = AnalysedText(record.text, known if known is not None else analysis_terms(record.text, lang))
    return doc


# --- shards -----------------------------------------------------------------------------------


def write_shard(path: Path, items: Iterable[tuple[Ruling, dict | None]]) -> int:
    """Write a Whoosh index of ``(record, terms)`` items and its per-document arrays.

    The same text is often the ruling of many cards (half of the official rulings repeat
    another's). Only the first ruling of a text in each source file carries the text's terms
    in the index; the others point to it (``owner``), and a search that finds the text finds
    them all. A file's rulings are deleted together, so an owner never outlives its file's
    other rulings of that text; a duplicate deleted from a shard stays there as the text's
    carrier, alive only in name (see ``delete_from_shard``).
    """
    path.mkdir(parents=True)
    ix = whoosh_index.create_in(str(path), schema())
    writer = ix.writer(limitmb=256, codec=LeanCodec(), compound=False)
    ids, cards, files, texts, owners, days, langs = [], [], [], [], [], [], []
    card_codes: dict[str, int] = {}
    file_codes: dict[str, int] = {}
    first: dict[tuple, int] = {}  # (file, text, languages) -> the document carrying the text
    lengths: dict[str, list[int]] = {lang: [] for lang in LANGS}
    for docnum, (record, terms) in enumerate(items):
        file = file_codes.setdefault(record.source.rsplit(":", 1)[0], len(file_codes))
        key = text_key(record.text)
        owner = first.setdefault((file, key, indexed_langs(record)), docnum)
        doc = document(record, terms, with_text=owner == docnum)
        writer.add_document(**doc)
        ids.append(record.id)
        cards.append(card_codes.setdefault(record.key, len(card_codes)))
        files.append(file)
        texts.append(key)
        owners.append(owner)
        days.append((record.date - EPOCH).days)
        langs.append(LANG_CODES[record.lang])
        for lang in LANGS:
            text = doc.get(f"text_{lang}")
            lengths[lang].append(len(text.terms) if text is not None else lengths[lang][owner] if owner < docnum else 0)
    writer.commit()
    _save_arrays(
        path,
        id=np.array(ids, dtype="S12"),
        card=np.array(cards, dtype=np.int32),
        card_keys=np.array(list(card_codes), dtype=str),
        source=np.array(files, dtype=np.int32),
        source_names=np.array(list(file_codes), dtype=str),
        text=np.array(texts, dtype=np.int64),
        owner=np.array(owners, dtype=np.int32),
        date=np.array(days, dtype=np.int32),
        lang=np.array(langs, dtype=np.int8),
        alive=np.ones(len(days), dtype=bool),
        **{f"len_{lang}": np.array(values, dtype=np.int32) for lang, values in lengths.items()},
    )
    return len(days)


def delete_from_shard(path: Path, ids: Iterable[str]) -> list[Ruling]:
    """Delete rulings by id from a shard (a duplicate of a ruling in an earlier shard, or the
    rulings of a file that changed); returns the records deleted."""
    wanted = {ruling.encode("ascii") for ruling in ids}
    if not wanted:
        return []
    shard = Shard(path)
    arrays = shard.arrays()
    docnums = [int(d) for d in np.flatnonzero(np.isin(arrays["id"], list(wanted)) & arrays["alive"])]
    deleted = shard.records_at(docnums)
    arrays["alive"][docnums] = False
    # a document that carries its text for other live rulings stays in Whoosh as the carrier
    carriers = set(np.unique(arrays["owner"][arrays["alive"]]).tolist())
    writer = whoosh_index.open_dir(str(path)).writer()
    for docnum in docnums:
        if docnum not in carriers:
            writer.delete_document(docnum)
    writer.commit(merge=False)
    _save_arrays(path, **arrays)
    return deleted


def _save_arrays(path: Path, **arrays: np.ndarray) -> None:
    """Write docs.npz as a new file (never in place: a later generation may share the old one
    through a hard link)."""
    temporary = path / "docs.tmp.npz"
    np.savez(temporary, **arrays)
    os.replace(temporary, path / "docs.npz")


@dataclass(frozen=True)
class Shard:
    path: Path

    def link_into(self, folder: Path) -> "Shard":
        """The same shard in ``folder``, its files hard-linked (Whoosh never rewrites a file,
        and kb replaces docs.npz rather than writing into it)."""
        target = folder / self.path.name
        shutil.copytree(self.path, target, copy_function=os.link)
        return Shard(target)

    def open(self):
        return whoosh_index.open_dir(str(self.path))

    def records(self) -> list[Ruling]:
        """The rulings the shard holds (deleted ones left out)."""
        return self.records_at(int(d) for d in np.flatnonzero(self.arrays()["alive"]))

    def records_at(self, docnums: Iterable[int]) -> list[Ruling]:
        reader = self.open().reader()
        try:
            return [Ruling.from_dict(json.loads(reader.stored_fields(d)["record"])) for d in docnums]
        finally:
            reader.close()

    def records_of_cards(self, keys: set[str]) -> list[Ruling]:
        """The live rulings of these cards (by card key)."""
        arrays = self.arrays()
        codes = [code for code, key in enumerate(arrays["card_keys"].tolist()) if key in keys]
        wanted = np.flatnonzero(np.isin(arrays["card"], codes) & arrays["alive"])
        return self.records_at(int(d) for d in wanted)

    def arrays(self) -> dict:
        with np.load(self.path / "docs.npz") as data:
            return {name: data[name] for name in data.files}


# --- generations ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Generation:
    """One complete, immutable index."""

    path: Path

    def read_json(self, name: str):
        return json.loads((self.path / name).read_text(encoding="utf-8"))

    def write_json(self, name: str, data) -> None:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        (self.path / name).write_text(text, encoding="utf-8")

    @property
    def manifest(self) -> dict:
        return self.read_json("manifest.json")

    @property
    def shards(self) -> list[Shard]:
        return [Shard(p) for p in sorted(self.path.glob("shard-*"), key=lambda p: int(p.name[6:]))]

    def shard_path(self, number: int) -> Path:
        return self.path / f"shard-{number}"


class Location:
    """Where an index lives; builds swap in atomically."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path or os.environ.get("KB_INDEX") or DEFAULT_LOCATION)

    def current(self) -> Generation | None:
        try:
            name = (self.path / "CURRENT").read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return None
        gen = self.path / name
        return Generation(gen) if (gen / "manifest.json").exists() else None

    def require(self) -> Generation:
        gen = self.current()
        if gen is None:
            raise IndexMissing(f"no index at {self.path}; build one with: kb ingest PATH...")
        return gen

    def new_generation(self) -> Generation:
        """An empty generation directory, not yet live."""
        self.path.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%dT%H%M%S")
        gen = self.path / f"gen-{stamp}-{os.urandom(3).hex()}"
        gen.mkdir()
        return Generation(gen)

    def publish(self, gen: Generation) -> None:
        """Make ``gen`` the live generation (atomically); drop all but the one it replaces."""
        previous = self.current()
        pointer = self.path / f"CURRENT.{gen.path.name}"
        pointer.write_text(gen.path.name + "\n", encoding="utf-8")
        os.replace(pointer, self.path / "CURRENT")
        keep = {gen.path.name, previous.path.name if previous else ""}
        for old in self.path.glob("gen-*"):
            if old.name not in keep:
                shutil.rmtree(old, ignore_errors=True)

    @staticmethod
    def discard(gen: Generation) -> None:
        shutil.rmtree(gen.path, ignore_errors=True)
