"""What a generation was built from: its inputs, names tables, each file's fingerprint and,
for ruling files, its counts and problems; and the fingerprint of kb's vocabularies, which shape
every record."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from kb import __version__
from kb.ingest.sources import fingerprint

if TYPE_CHECKING:
    from kb.ingest.report import Report

SCHEMA_VERSION = 18  # what the index holds and how its terms are made (18: records beside Whoosh)
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
    """A hash of the data files that shape records (tags, language evidence, check links, and
    the learned lexicon, through which Italian rulings link to claims)."""
    digest = hashlib.sha256(__version__.encode())
    root = resources.files("kb")
    for folder in ("vocab", "checks"):
        base = root.joinpath(folder)
        if not base.is_dir():
            continue
        for item in sorted(base.iterdir(), key=lambda p: p.name):
            if item.name.endswith((".yaml", ".tsv")):
                digest.update(item.name.encode() + item.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Sources:
    paths: list
    name_files: list
    ruling_files: list
    table_files: list



def manifest(sources: Sources, files: dict[str, Report], report: Report) -> dict:
    """What the generation was built from: inputs, names tables, each file's fingerprint and,
    for ruling files, its counts and problems (an update reuses those of unchanged files)."""
    from kb.index.parts import file_key  # building only: freshness checks need none of this
    from kb.ingest import importers

    entries = {}
    for path in [*sources.ruling_files, *sources.table_files, *sources.name_files]:
        entry = fingerprint(Path(path))
        part = files.get(file_key(str(path)))
        if part is not None:
            entry["kind"] = importers.detect(Path(path))
            entry["counts"] = part.counts()
            entry["problems"] = [problem.__dict__ for problem in part.problems]
        entries[file_key(str(path))] = entry
    return {
        "schema": SCHEMA_VERSION,
        "kb": __version__,
        "vocabulary": vocabulary_fingerprint(),
        "built": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "inputs": [str(Path(p).resolve()) for p in sources.paths],
        "names": [str(Path(p).resolve()) for p in sources.name_files],
        "files": entries,
        "report": report.to_dict()["rulings"],
    }
