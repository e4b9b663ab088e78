"""The Whoosh index: schema, atomic builds, and knowing when the sources changed.

Layout of an index location (``--index DIR``, ``KB_INDEX``, default ``.kb/index``)::

    DIR/CURRENT          the name of the live generation (replaced atomically)
    DIR/gen-<stamp>/     a complete index: Whoosh files, manifest.json, cards.json, stats.json

A build writes a new generation beside the live one and then replaces ``CURRENT`` with
``os.replace``, so a reader never sees a half-built index and a failed build leaves the old one.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Iterable

from whoosh import index as whoosh_index
from whoosh.fields import DATETIME, ID, KEYWORD, STORED, TEXT, Schema

from .analysis import ANALYZERS, NAME_ANALYZER
from .errors import IndexMissing
from .names import Card, Catalog
from .records import Ruling

SCHEMA_VERSION = 1
DEFAULT_LOCATION = Path(".kb") / "index"


def schema() -> Schema:
    return Schema(
        id=ID(unique=True),
        card_key=ID,
        card=TEXT(analyzer=NAME_ANALYZER, phrase=True),
        lang=ID,
        tags=KEYWORD(scorable=False),
        rules=KEYWORD,
        date=DATETIME,
        text_it=TEXT(analyzer=ANALYZERS["it"], phrase=True),
        text_en=TEXT(analyzer=ANALYZERS["en"], phrase=True),
        file=ID,
        record=STORED,
    )


def document(record: Ruling) -> dict:
    """The index fields of a record. Mixed rulings are analysed in both languages."""
    names = " | ".join(dict.fromkeys([record.card, *record.card_names.values()]))
    doc = {
        "id": record.id,
        "card_key": record.key,
        "card": names,
        "lang": record.lang,
        "tags": " ".join(record.tags),
        "rules": " ".join(record.rules),
        "date": datetime(record.date.year, record.date.month, record.date.day),
        "file": record.source.rsplit(":", 1)[0],
        "record": record.to_dict(),
    }
    for lang in ANALYZERS:
        if record.lang == lang or record.mixed:
            doc[f"text_{lang}"] = record.text
    return doc


def catalog_of(records: Iterable[Ruling]) -> Catalog:
    cards: dict[str, Card] = {}
    for record in records:
        card = cards.setdefault(record.key, Card(record.key))
        for lang, name in record.card_names.items():
            card.names.setdefault(lang, name)
        if record.card not in card.written:
            card.written.append(record.card)
        card.rulings += 1
    return Catalog(cards.values())


def stats_of(records: Iterable[Ruling]) -> dict:
    """Counts per language, per tag and language, and of linked checks."""
    stats: dict = {"rulings": {}, "tags": {}, "linked": {}}
    for record in records:
        stats["rulings"][record.lang] = stats["rulings"].get(record.lang, 0) + 1
        if record.checks:
            stats["linked"][record.lang] = stats["linked"].get(record.lang, 0) + 1
        for tag in record.tags:
            per_lang = stats["tags"].setdefault(tag, {})
            per_lang[record.lang] = per_lang.get(record.lang, 0) + 1
    return stats


def fingerprint(path: Path) -> dict:
    stat = path.stat()
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"sha256": digest, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


@dataclass(frozen=True)
class Generation:
    """One complete, immutable index."""

    path: Path

    def read_json(self, name: str):
        return json.loads((self.path / name).read_text(encoding="utf-8"))

    @property
    def manifest(self) -> dict:
        return self.read_json("manifest.json")

    def open(self):
        return whoosh_index.open_dir(str(self.path))


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

    def build(self, records: list[Ruling], manifest: dict) -> Generation:
        """Write a new generation holding exactly ``records`` and make it the live one."""
        self.path.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%dT%H%M%S")
        gen = self.path / f"gen-{stamp}-{secrets.token_hex(3)}"
        gen.mkdir()
        try:
            self._write(gen, records, manifest)
            self._swap(gen)
        except BaseException:
            shutil.rmtree(gen, ignore_errors=True)
            raise
        return Generation(gen)

    def _write(self, gen: Path, records: list[Ruling], manifest: dict) -> None:
        ix = whoosh_index.create_in(str(gen), schema())
        writer = ix.writer(limitmb=512)
        for record in records:
            writer.add_document(**document(record))
        writer.commit()
        dump = lambda name, data: (gen / name).write_text(  # noqa: E731
            json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8"
        )
        dump("cards.json", catalog_of(records).to_list())
        dump("stats.json", stats_of(records))
        dump("manifest.json", {**manifest, "schema": SCHEMA_VERSION, "rulings": len(records)})

    def _swap(self, gen: Path) -> None:
        previous = self.current()
        pointer = self.path / f"CURRENT.{gen.name}"
        pointer.write_text(gen.name + "\n", encoding="utf-8")
        os.replace(pointer, self.path / "CURRENT")
        # Keep the generation just replaced (a reader may still hold it open); drop older ones.
        keep = {gen.name, previous.path.name if previous else ""}
        for old in self.path.glob("gen-*"):
            if old.name not in keep:
                shutil.rmtree(old, ignore_errors=True)
