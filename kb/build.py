"""Building an index from sources: in parallel shards, swapped in atomically, kept fresh.

``ingest_into`` cuts the sources into parts (whole files; large JSON Lines files cut at line
ends), lets one process per CPU read, enrich and index each part into its own shard, then drops
rulings already seen in an earlier part, writes the catalog, statistics and manifest, and makes
the new generation live. ``kb.freshness.refresh`` rebuilds an index whose sources or vocabularies changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable

from . import __version__
from .errors import IngestError, StrictFailure
from .index import SCHEMA_VERSION, Generation, Location, catalog_of, delete_from_shard, stats_of, write_shard
from .freshness import default_names, default_sources, vocabulary_fingerprint
from .ingest import Collector, Enricher, Report, Unit, load_names, source_file, units_of
from .sources import expand, fingerprint
from .names import Names
from .pairing import pair_translations
from .records import Ruling

PARALLEL_BYTES = 1 << 20  # below this much input, one process is faster than several


# --- parts and workers ------------------------------------------------------------------------


def partition(units: list[Unit], parts: int) -> list[list[Unit]]:
    """Consecutive groups of units of about equal size (source order is kept)."""
    sizes = [max(unit.size, 1) for unit in units]
    total, target = sum(sizes), sum(sizes) / max(parts, 1)
    groups: list[list[Unit]] = [[]]
    filled = 0.0
    for unit, size in zip(units, sizes):
        if groups[-1] and filled + size / 2 > target * len(groups) and len(groups) < parts:
            groups.append([])
        groups[-1].append(unit)
        filled += size
    return [g for g in groups if g] if total else [units]


@dataclass
class PartResult:
    records: list
    files: dict  # source file -> Report


def build_part(shard: Path, units: list[Unit], names: Names) -> PartResult:
    """Read, enrich and index one part into its own shard."""
    collector = Collector(Enricher(names))
    for unit in units:
        collector.add(unit)
    prepared = list(collector.prepared.values())
    write_shard(shard, ((p.record, p.terms) for p in prepared))
    return PartResult([p.record for p in prepared], collector.files)


def _build_part_star(args) -> PartResult:
    return build_part(*args)


def workers_for(units: list[Unit]) -> int:
    if sum(unit.size for unit in units) < PARALLEL_BYTES:
        return 1
    return max(1, min(os.cpu_count() or 1, len(units), 8))


def _run_parts(jobs: list[tuple], progress: Callable[[int, int], None] | None) -> list[PartResult]:
    if len(jobs) == 1:
        results = [build_part(*jobs[0])]
    else:
        import multiprocessing

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        with multiprocessing.get_context(method).Pool(len(jobs)) as pool:
            results = []
            for result in pool.imap(_build_part_star, jobs):
                results.append(result)
                if progress:
                    progress(len(results), len(jobs))
            return results
    if progress:
        progress(1, 1)
    return results


def merge(results: list[PartResult], gen: Generation, first: int = 0) -> tuple[list[Ruling], dict[str, Report]]:
    """The parts' records and per-file reports; a ruling an earlier part (or shard ``< first``)
    already holds is deleted from its later shard and counted as a duplicate."""
    seen: dict[str, str] = {}
    kept: list[Ruling] = []
    files: dict[str, Report] = {}
    for number, result in enumerate(results, first):
        for path, part in result.files.items():
            files.setdefault(path, Report()).absorb(part)
        repeated = [r for r in result.records if r.id in seen]
        delete_from_shard(gen.shard_path(number), [r.id for r in repeated])
        for record in repeated:
            files[source_file(record)].duplicates += 1
            files[source_file(record)].ingested -= 1
            files[seen[record.id]].shadowed += 1
        fresh = [r for r in result.records if r.id not in seen]
        seen.update((r.id, source_file(r)) for r in fresh)
        kept.extend(fresh)
    return kept, files


# --- ingest into a location -------------------------------------------------------------------


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
    ruling_files, table_files, skipped = expand(paths)
    report = Report(files_skipped=skipped)
    table = load_names([*name_files, *table_files], report)
    units = [unit for path in ruling_files for unit in units_of(path)]
    groups = partition(units, workers_for(units)) or [[]]
    gen = location.new_generation()
    try:
        jobs = [(gen.shard_path(n), group, table) for n, group in enumerate(groups)]
        records, files = merge(_run_parts(jobs, progress), gen)
        for part in files.values():
            report.absorb(part)
        if strict and report.errors:
            raise StrictFailure(report)
        catalog_of(records).save(gen.path)
        gen.write_json("pairs.json", pair_translations(records))
        gen.write_json("stats.json", stats_of(records))
        gen.write_json("manifest.json", manifest(paths, name_files, [*ruling_files, *table_files], report))
        location.publish(gen)
    except BaseException:
        location.discard(gen)
        raise
    return report


def manifest(paths: list[Path], name_files: list[Path], sources: list[Path], report: Report) -> dict:
    return {
        "schema": SCHEMA_VERSION,
        "kb": __version__,
        "vocabulary": vocabulary_fingerprint(),
        "built": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "inputs": [str(p.resolve()) for p in paths],
        "names": [str(p.resolve()) for p in name_files],
        "files": {str(p.resolve()): fingerprint(p) for p in [*sources, *name_files]},
        "report": report.to_dict()["rulings"],
    }
