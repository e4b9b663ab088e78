"""Is the live index fresh? Build it when there is none; rebuild it when its sources or the
vocabularies that shape records changed (a manifest of file hashes says which)."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from . import __version__
from .index import SCHEMA_VERSION, Location
from .sources import expand, fingerprint

DATA_DIR_ENV = "KB_DATA"


def data_dir() -> Path:
    return Path(os.environ.get(DATA_DIR_ENV) or "data")


def default_sources() -> list[Path]:
    root = data_dir()
    return [root / "rulings_it", root / "rulings_en"]


def default_names() -> list[Path]:
    table = data_dir() / "card_names.tsv"
    return [table] if table.exists() else []


def vocabulary_fingerprint() -> str:
    """A hash of the data files that shape records (tags, language evidence, check links)."""
    digest = hashlib.sha256(__version__.encode())
    root = resources.files("kb")
    for folder in ("vocab", "checks"):
        base = root.joinpath(folder)
        if not base.is_dir():
            continue
        for item in sorted(base.iterdir(), key=lambda p: p.name):
            if item.name.endswith(".yaml"):
                digest.update(item.name.encode() + item.read_bytes())
    return digest.hexdigest()[:16]


# --- freshness --------------------------------------------------------------------------------


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
    """What ``refresh`` did: nothing, a first build, or a rebuild."""

    built: bool = False
    reason: str = ""
    report: object = None  # the kb.ingest.Report of a build
    notices: tuple = ()


def refresh(location: Location) -> Freshness:
    """Build the index if there is none; rebuild it if its sources or vocabularies changed."""
    gen = location.current()
    if gen is None:
        sources = [p for p in default_sources() if p.exists()]
        if not sources:
            return Freshness()  # nothing to build from; Location.require() will say so
        report = _rebuild(location, sources)
        return Freshness(True, f"built the index from {', '.join(map(str, sources))}", report)
    built = gen.manifest
    same_version = (built.get("schema"), built.get("vocabulary")) == (SCHEMA_VERSION, vocabulary_fingerprint())
    changed = changed_sources(built)
    if changed is None:
        notice = "the sources of the index are gone; using it as it is"
        return Freshness(notices=(notice,) if same_version else (notice, "it was built by another kb"))
    if not same_version:
        report = _rebuild(location, built["inputs"], built["names"])
        return Freshness(True, "rebuilt the index for this version of kb and its vocabularies", report)
    if changed:
        report = _rebuild(location, built["inputs"], built["names"])
        return Freshness(True, f"rebuilt the index: {len(changed)} source file(s) changed", report)
    return Freshness()


def _rebuild(location: Location, paths, names=None):
    from .build import ingest_into

    return ingest_into(location, paths, names)
