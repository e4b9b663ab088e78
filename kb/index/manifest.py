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

SCHEMA_VERSION = 19  # what the index holds and how its terms are made (18: records beside Whoosh; 19: claims)
DATA_DIR_ENV = "KB_DATA"


def data_dir() -> Path:
    return Path(os.environ.get(DATA_DIR_ENV) or "data")


def default_sources() -> list[Path]:
    root = data_dir()
    return [root / "rulings_it", root / "rulings_en"]


def default_names() -> list[Path]:
    table = data_dir() / "card_names.tsv"
    return [table] if table.exists() else []


SEARCH_ONLY = ("vocab/asked",)  # data read by searches alone (kb.search.asked): no record depends on it


def vocabulary_files() -> list[Path]:
    """The data files that shape records: tags, language evidence, the learned lexicon (through
    which Italian rulings link to claims), the claims with their phrasings and the claim
    classifier (kb/vocab, and kb/checks with its claims folder, but SEARCH_ONLY), in one order."""
    root = Path(str(resources.files("kb")))
    found = [item for folder in ("vocab", "checks") if (root / folder).is_dir() for item in (root / folder).rglob("*")
             if item.name.endswith((".yaml", ".tsv", ".json", ".zip")) and item.is_file()
             and not item.relative_to(root).as_posix().startswith(tuple(f"{f}/" for f in SEARCH_ONLY))]  # fmt: skip
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def vocabulary_fingerprint() -> str:
    """A hash of ``vocabulary_files``: an index built with others is rebuilt."""
    digest = hashlib.sha256(__version__.encode())
    root = Path(str(resources.files("kb")))
    for item in vocabulary_files():
        digest.update(item.relative_to(root).as_posix().encode() + item.read_bytes())
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
