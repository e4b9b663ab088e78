"""Source files: what a list of paths holds, and a fingerprint of each file.

Kept free of the ingest machinery so that checking whether an index is fresh stays cheap.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterable

from kb.errors import IngestError

RULING_SUFFIXES = {".txt", ".jsonl", ".json", ".gz", ""}
NAME_SUFFIXES = {".tsv"}


def expand(paths: Iterable[str | Path]) -> tuple[list[Path], list[Path], list[str]]:
    """Ruling files, name tables and skipped files under ``paths``, in a stable order.

    Folders are walked for ``.txt``, ``.jsonl`` and ``.tsv`` files (hidden ones left out); a
    file named explicitly is read whatever its extension.
    """
    rulings, names, skipped = [], [], []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise IngestError(f"no such file or folder: {raw}")
        if path.is_file():
            (names if path.suffix.lower() in NAME_SUFFIXES else rulings).append(path)
            continue
        if not path.is_dir():
            raise IngestError(f"not a file or folder kb can read: {raw} (a pipe or a device?)")
        for child in sorted(p for p in path.rglob("*") if p.is_file()):
            if any(part.startswith(".") for part in child.relative_to(path).parts):
                continue
            suffix = child.suffix.lower()
            if suffix in NAME_SUFFIXES:
                names.append(child)
            elif suffix in RULING_SUFFIXES:
                rulings.append(child)
            else:
                skipped.append(str(child))
    return rulings, names, skipped


def fingerprint(path: Path) -> dict:
    """Size, modification time and SHA-256 of a file (read in blocks: bulk files are large)."""
    stat = path.stat()
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return {"sha256": digest.hexdigest(), "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


def same_file(path: Path, entry: dict | None, stamps: dict) -> bool:
    """Whether ``path`` still has the content its manifest ``entry`` recorded: the same size and
    modification time, or else the same checksum, in which case its new size and time (taken
    before it was read) go in ``stamps`` under its resolved path."""
    if entry is None or not path.exists():
        return False
    stat = path.stat()
    if (stat.st_size, stat.st_mtime_ns) == (entry["size"], entry["mtime_ns"]):
        return True
    found = fingerprint(path)
    if found["sha256"] != entry["sha256"]:
        return False
    stamps[str(path.resolve())] = found
    return True
