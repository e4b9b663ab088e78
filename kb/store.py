"""The knowledge base as a whole: ingest sources into an index location, open it, keep it fresh.

``ingest_into`` runs ingest and swaps in a new index; ``open_store`` opens the live index,
building it from the bundled data when there is none and rebuilding it when the sources it was
built from changed (a manifest of file hashes says which).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable

from whoosh.query import Prefix, Term

from . import __version__
from .errors import IngestError, UnknownRuling
from .index import SCHEMA_VERSION, Generation, Location, fingerprint
from .ingest import Report, expand, ingest
from .names import Catalog
from .records import Ruling

DATA_DIR_ENV = "KB_DATA"


def data_dir() -> Path:
    return Path(os.environ.get(DATA_DIR_ENV) or "data")


def default_sources() -> list[Path]:
    root = data_dir()
    return [root / "rulings_it", root / "rulings_en"]


def default_names() -> list[Path]:
    table = data_dir() / "card_names.tsv"
    return [table] if table.exists() else []


class StrictFailure(IngestError):
    """--strict and the ingest found errors: the index was left as it was."""

    def __init__(self, report: Report):
        self.report = report
        super().__init__(f"{len(report.errors)} error(s) with --strict; the index was not changed")


def ingest_into(
    location: Location,
    paths: Iterable[str | Path] | None = None,
    names: Iterable[str | Path] | None = None,
    strict: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Report:
    """Ingest ``paths`` (default: the bundled data) and make the result the live index."""
    paths = [Path(p) for p in (paths if paths else default_sources())]
    name_files = [Path(p) for p in (names if names is not None else default_names())]
    for path in name_files:
        if not path.is_file():
            raise IngestError(f"no such names table: {path}")
    records, report = ingest(paths, name_files=name_files, progress=progress)
    if strict and report.errors:
        raise StrictFailure(report)
    ruling_files, table_files, _ = expand(paths)
    manifest = {
        "kb": __version__,
        "built": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "inputs": [str(p.resolve()) for p in paths],
        "names": [str(p.resolve()) for p in name_files],
        "files": {str(p.resolve()): fingerprint(p) for p in [*ruling_files, *table_files, *name_files]},
        "report": report.to_dict()["rulings"],
    }
    location.build(records, manifest)
    return report


def changed_sources(manifest: dict) -> list[str] | None:
    """Source files added, removed or changed since the build; None if the inputs are gone."""
    inputs = [Path(p) for p in manifest.get("inputs", [])]
    names = [Path(p) for p in manifest.get("names", [])]
    if not all(p.exists() for p in [*inputs, *names]):
        return None
    ruling_files, table_files, _ = expand(inputs)
    now = {str(p.resolve()) for p in [*ruling_files, *table_files, *names]}
    before = manifest.get("files", {})
    changed = sorted(now ^ set(before))
    for name in sorted(now & set(before)):
        old, path = before[name], Path(name)
        stat = path.stat()
        if (stat.st_size, stat.st_mtime_ns) == (old["size"], old["mtime_ns"]):
            continue
        if fingerprint(path)["sha256"] != old["sha256"]:
            changed.append(name)
    return changed


@dataclass
class Freshness:
    """What ``open_store`` did before opening: nothing, a first build, or a rebuild."""

    built: bool = False
    reason: str = ""
    report: Report | None = None
    notices: list = field(default_factory=list)


def refresh(location: Location) -> Freshness:
    """Build the index if there is none; rebuild it if its sources changed."""
    gen = location.current()
    if gen is None:
        sources = default_sources()
        if not any(p.exists() for p in sources):
            return Freshness()  # nothing to build from; require() will say so
        report = ingest_into(location, [p for p in sources if p.exists()])
        return Freshness(True, f"built the index from {', '.join(map(str, sources))}", report)
    manifest = gen.manifest
    if manifest.get("schema") != SCHEMA_VERSION:
        report = ingest_into(location, manifest["inputs"], manifest["names"])
        return Freshness(True, "rebuilt the index for this version of kb", report)
    changed = changed_sources(manifest)
    if changed is None:
        return Freshness(notices=["the sources of the index are gone; using it as it is"])
    if changed:
        report = ingest_into(location, manifest["inputs"], manifest["names"])
        return Freshness(True, f"rebuilt the index: {len(changed)} source file(s) changed", report)
    return Freshness()


class Store:
    """An open index generation: searcher, card catalog, statistics."""

    def __init__(self, generation: Generation):
        self.generation = generation
        self.ix = generation.open()
        self.searcher = self.ix.searcher()
        self.catalog = Catalog.from_list(generation.read_json("cards.json"))
        self.stats = generation.read_json("stats.json")
        self.manifest = generation.manifest

    def close(self) -> None:
        self.searcher.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def get(self, ruling_id: str) -> Ruling:
        """The ruling with this id, or with this unique id prefix (at least 4 characters)."""
        key = ruling_id.strip().lower()
        fields = self.searcher.document(id=key)
        if fields is None and len(key) >= 4:
            matches = self._by_prefix(key)
            if len(matches) == 1:
                fields = matches[0]
            elif len(matches) > 1:
                ids = ", ".join(sorted(m["record"]["id"] for m in matches)[:5])
                raise UnknownRuling(f"ruling id prefix {ruling_id!r} is ambiguous: {ids}")
        if fields is None:
            raise UnknownRuling(f"no ruling with id {ruling_id!r}")
        return Ruling.from_dict(fields["record"])

    def _by_prefix(self, prefix: str) -> list[dict]:
        hits = self.searcher.search(Prefix("id", prefix), limit=6)
        return [hit.fields() for hit in hits]

    def rulings_of(self, card_key: str) -> list[Ruling]:
        hits = self.searcher.search(Term("card_key", card_key), limit=None)
        records = [Ruling.from_dict(hit["record"]) for hit in hits]
        return sorted(records, key=lambda r: (r.date, r.lang, r.source))


def open_store(location: Location) -> tuple[Store, Freshness]:
    freshness = refresh(location)
    return Store(location.require()), freshness
