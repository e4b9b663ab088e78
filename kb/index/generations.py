"""Index locations and their generations, swapped in atomically.

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
from pathlib import Path

from kb.errors import IndexMissing
from kb.index.shards import Shard

DEFAULT_LOCATION = Path(".kb") / "index"
WORDS = "words.tsv"  # the surface words of the texts, with the number of texts holding each


@dataclass(frozen=True)
class Generation:
    """One complete, immutable index."""

    path: Path

    def read_json(self, name: str):
        return json.loads((self.path / name).read_text(encoding="utf-8"))

    def write_text(self, name: str, text: str) -> None:
        (self.path / name).write_text(text, encoding="utf-8")

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
