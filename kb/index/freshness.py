"""Is the live index fresh? A pure check: whether there is an index, and whether its sources
(a manifest of file hashes says which) or the vocabularies that shape records changed since it
was built. Deciding to build is the caller's (``kb.index.refresh``); this never builds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kb.index.generations import Location
from kb.index.manifest import (
    SCHEMA_VERSION,
    default_names,
    default_sources,
    vocabulary_fingerprint,
)
from kb.ingest.sources import expand, same_file


def changed_sources(manifest: dict, stamps: dict | None = None) -> list[str] | None:
    """Source files added, removed or changed since the build; None if the inputs are gone.
    Files touched but unchanged go in ``stamps`` (see ``kb.ingest.sources.same_file``)."""
    inputs = [Path(p) for p in manifest.get("inputs", [])]
    names = [Path(p) for p in manifest.get("names", [])]
    if not all(p.exists() for p in [*inputs, *names]):
        return None
    ruling_files, table_files, _ = expand(inputs)
    now = {str(p.resolve()) for p in [*ruling_files, *table_files, *names]}
    before = manifest.get("files", {})
    changed = sorted(now ^ set(before))
    for name in sorted(now & set(before)):
        if not same_file(Path(name), before[name], {} if stamps is None else stamps):
            changed.append(name)
    return changed


@dataclass(frozen=True)
class Verdict:
    """What a build should do for an index to be fresh: ``paths`` (and ``names``) to build
    from, or nothing (``paths`` None); ``reason`` says why, ``notices`` what the user should know."""

    paths: list | None = None
    names: list | None = None
    reason: str = ""
    notices: tuple = ()
    stamps: dict | None = None  # fresh, but these files were touched: their new sizes and times
    generation: str = ""  # the generation checked


def check(location: Location) -> Verdict:
    """Whether the index at ``location`` needs building, and from what."""
    gen = location.current()
    if gen is None:
        sources = [p for p in default_sources() if p.exists()]
        if not sources:
            return Verdict()  # nothing to build from; Location.require() will say so
        return Verdict(sources, default_names(), f"built the index from {', '.join(map(str, sources))}")
    built = gen.manifest
    same_version = (built.get("schema"), built.get("vocabulary")) == (SCHEMA_VERSION, vocabulary_fingerprint())
    stamps: dict = {}
    changed = changed_sources(built, stamps)
    if changed is None:
        notice = "the sources of the index are gone; using it as it is"
        return Verdict(notices=(notice,) if same_version else (notice, "it was built by another kb"))
    if not same_version:
        return Verdict(built["inputs"], built["names"], "rebuilt the index for this version of kb and its vocabularies")
    if changed:
        return Verdict(built["inputs"], built["names"], f"rebuilt the index: {len(changed)} source file(s) changed")
    return Verdict(stamps=stamps or None, generation=gen.path.name)
