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
from functools import lru_cache
from typing import Callable, Iterable

import numpy as np

from . import __version__, importers, progress
from .errors import IngestError, StrictFailure
from .freshness import default_names, default_sources, vocabulary_fingerprint
from .index import SCHEMA_VERSION, Generation, Location, delete_from_shard, write_shard
from .ingest import Collector, Enricher, Report, Unit, load_names, source_file, units_of
from .names import Catalog, Names
from .pairing import pair_translations
from .readers import Problem
from .sources import expand, fingerprint
from .summary import Summary
from .vocabulary import vocabulary

PARALLEL_BYTES = 1 << 20  # below this much input, one process is faster than several


def file_key(path: str) -> str:
    """A source file as the manifest and the per-file reports name it: its resolved path."""
    return _resolved(os.getcwd(), path)


@lru_cache(maxsize=65536)
def _resolved(cwd: str, path: str) -> str:
    return str((Path(cwd) / path).resolve())


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
    """What a worker sends back: per-file reports, the ids it indexed (with their files), and a
    summary of its rulings; not the rulings themselves."""

    files: dict  # source file -> Report
    ids: list  # (ruling id, source file), in reading order
    summary: Summary


def build_part(shard: Path, units: list[Unit], names: Names, oracle=None) -> PartResult:
    """Read, enrich and index one part into its own shard."""
    collector = Collector(Enricher(names), oracle)
    summary, ids = Summary(), []

    def stream():
        for unit in units:
            for prepared in collector.read(unit):
                record = prepared.record
                summary.add(record)
                ids.append((record.id, file_key(source_file(record))))
                yield record, prepared.terms

    write_shard(shard, stream())
    return PartResult({file_key(k): v for k, v in collector.files.items()}, ids, summary)


def _build_part_star(args) -> PartResult:
    return build_part(*args)


def _share_progress(counter) -> None:
    """In a worker: add the input read to the counter the main process shows."""

    def sink(nbytes: int) -> None:
        with counter.get_lock():
            counter.value += nbytes

    progress.use(sink)


def workers_for(size: int) -> int:
    """One process per CPU (at most 8) for input of more than PARALLEL_BYTES, else one."""
    return 1 if size < PARALLEL_BYTES else max(1, min(os.cpu_count() or 1, 8))


def units_for(paths: list[Path], workers: int) -> list[Unit]:
    """The files cut into units small enough to share out evenly among ``workers``."""
    total = sum(p.stat().st_size for p in paths if p.exists())
    chunk = max(64 << 10, total // (workers * 4)) if workers > 1 else 1 << 62
    return [unit for path in paths for unit in units_of(path, chunk)]


def _run_parts(jobs: list[tuple], report: Callable[[int, int], None] | None) -> list[PartResult]:
    """Run the parts, in worker processes when there are several; ``report(done, total)``
    hears of the input bytes read as they are read."""
    total = sum(unit.size for job in jobs for unit in job[1]) or 1
    if len(jobs) == 1:
        done = 0

        def sink(nbytes: int) -> None:
            nonlocal done
            done += nbytes
            if report:
                report(min(done, total), total)

        progress.use(sink)
        try:
            return [build_part(*jobs[0])]
        finally:
            progress.use(None)
    import multiprocessing

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    counter = context.Value("q", 0)
    with context.Pool(len(jobs), initializer=_share_progress, initargs=(counter,)) as pool:
        waiting = pool.map_async(_build_part_star, jobs)
        while not waiting.ready():
            waiting.wait(0.25)
            if report:
                report(min(counter.value, total), total)
        return waiting.get()


def merge(
    results: list[PartResult],
    gen: Generation,
    first: int = 0,
    seen: dict | None = None,
    files: dict | None = None,
    summary: Summary | None = None,
) -> tuple[Summary, dict[str, Report]]:
    """Add up the parts' summaries and per-file reports. A ruling an earlier part (or ``seen``:
    id → file, of the shards before ``first``) already holds is deleted from its later shard
    and counted as a duplicate, and as shadowed by the file that holds it."""
    seen = dict(seen or {})
    files = dict(files or {})
    summary = summary or Summary()
    for number, result in enumerate(results, first):
        for path, part in result.files.items():
            files.setdefault(path, Report()).absorb(part)
        repeated = {ruling: path for ruling, path in result.ids if ruling in seen}
        result.summary.remove(delete_from_shard(gen.shard_path(number), repeated))
        summary.absorb(result.summary)
        for ruling, path in repeated.items():
            files[path].duplicates += 1
            files[path].ingested -= 1
            if seen[ruling] in files:
                files[seen[ruling]].shadowed += 1
        seen.update((ruling, path) for ruling, path in result.ids if ruling not in repeated)
    return summary, files


# --- ingest into a location -------------------------------------------------------------------


def ingest_into(
    location: Location,
    paths: Iterable[str | Path] | None = None,
    names: Iterable[str | Path] | None = None,
    strict: bool = False,
    progress: Callable[[int, int], None] | None = None,
    full: bool = False,
) -> Report:
    """Ingest ``paths`` (default: the bundled data) and make the result the live index.

    When the live index was built from the same inputs, only what changed is redone: nothing at
    all when no file changed, else the changed, added and removed files' rulings (``full``
    rebuilds everything). The report always covers every file.
    """
    paths = [Path(p) for p in (paths if paths else default_sources())]
    name_files = [Path(p) for p in (names if names is not None else default_names())]
    for path in name_files:
        if not path.is_file():
            raise IngestError(f"no such names table: {path}")
    ruling_files, table_files, skipped = expand(paths)
    sources = Sources(paths, name_files, ruling_files, table_files)
    current = None if full else location.current()
    plan = plan_update(current, sources) if current else None
    if plan is not None and not plan.changed:
        return _unchanged(current, skipped, strict)
    report = Report(files_skipped=skipped)
    table = load_names([*name_files, *table_files], report)
    prepass = importers.prepare(ruling_files)
    for pair in prepass.pairs:
        table.add(pair.en, pair.it)
    gen = location.new_generation()
    try:
        if plan is None:
            summary, files = _build_all(gen, ruling_files, table, progress, prepass.oracle)
        else:
            summary, files = _build_changes(gen, current, plan, table, progress, prepass.oracle)
        for problem in prepass.problems:  # of Scryfall cards files, which only the prepass reads
            part = files.setdefault(file_key(problem.path), Report())
            part.problems.append(problem)
            part.files_rejected += problem.file
        for path in ruling_files:
            report.absorb(files.get(file_key(str(path)), Report()))
        if strict and report.errors:
            raise StrictFailure(report)
        Catalog.build(summary.cards.values()).save(gen.path)
        gen.write_json("pairs.json", _pairs(gen, summary))
        gen.write_json("stats.json", summary.stats)
        gen.write_json("vocabulary.json", {"tags": [tag.to_dict() for tag in vocabulary()]})
        gen.write_json("manifest.json", manifest(sources, files, report))
        location.publish(gen)
    except BaseException:
        location.discard(gen)
        raise
    report.updated = plan is not None
    report.changed = plan.changed if plan else ()
    return report


@dataclass(frozen=True)
class Sources:
    paths: list
    name_files: list
    ruling_files: list
    table_files: list


def _pairs(gen: Generation, summary: Summary) -> dict[str, str]:
    """Pair the Italian rulings with English ones of the same cards (read from the shards)."""
    italian = list(summary.italian.values())
    keys = {record.key for record in italian}
    english = [r for shard in gen.shards for r in shard.records_of_cards(keys) if r.lang == "en"] if keys else []
    return pair_translations([*italian, *english])


def _build_all(gen: Generation, ruling_files: list[Path], table: Names, progress, oracle=None) -> tuple[Summary, dict]:
    workers = workers_for(sum(p.stat().st_size for p in ruling_files if p.exists()))
    groups = partition(units_for(ruling_files, workers), workers) or [[]]
    jobs = [(gen.shard_path(n), group, table, oracle) for n, group in enumerate(groups)]
    return merge(_run_parts(jobs, progress), gen)


# --- incremental updates ----------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    changed: tuple[str, ...]  # ruling files (resolved) added, removed or changed
    kept: dict  # unchanged ruling file (resolved) -> its manifest entry


def plan_update(current: Generation, sources: Sources) -> Plan | None:
    """What to redo to bring ``current`` up to date with ``sources``; None: rebuild it all
    (other inputs, names tables or vocabularies changed, or too much changed)."""
    built = current.manifest
    resolved = lambda items: [str(Path(p).resolve()) for p in items]  # noqa: E731
    if (built.get("schema"), built.get("vocabulary")) != (SCHEMA_VERSION, vocabulary_fingerprint()):
        return None
    if (built.get("inputs"), built.get("names")) != (resolved(sources.paths), resolved(sources.name_files)):
        return None
    before = built.get("files", {})
    for table in [*sources.name_files, *sources.table_files]:
        if not _same_file(Path(table), before.get(str(Path(table).resolve()))):
            return None  # card names shape every record
    rulings_before = {p for p, entry in before.items() if "counts" in entry}
    now = {str(Path(p).resolve()): Path(p) for p in sources.ruling_files}
    changed = sorted((set(now) ^ rulings_before) | {p for p in set(now) & rulings_before if not _same_file(now[p], before[p])})
    if any(before.get(p, {}).get("counts", {}).get("shadowed") for p in changed):
        return None  # a changed file held the first copy of rulings other files repeat
    kinds = {before.get(p, {}).get("kind") for p in changed} | {importers.detect(now[p]) for p in changed if p in now}
    if kinds & importers.IMPORTED:
        return None  # bulk files bring card names, and Scryfall rulings need the cards file
    if len(changed) > max(1, len(now) // 2):
        return None
    return Plan(tuple(changed), {p: before[p] for p in set(now) & rulings_before if p not in changed})


def _same_file(path: Path, entry: dict | None) -> bool:
    if entry is None or not path.exists():
        return False
    stat = path.stat()
    if (stat.st_size, stat.st_mtime_ns) == (entry["size"], entry["mtime_ns"]):
        return True
    return fingerprint(path)["sha256"] == entry["sha256"]


def _unchanged(current: Generation, skipped: list, strict: bool) -> Report:
    built = current.manifest
    report = Report(files_skipped=skipped)
    for entry in built["files"].values():
        if "counts" in entry:
            report.absorb(Report.from_counts(entry["counts"], [Problem(**p) for p in entry["problems"]]))
    if strict and report.errors:
        raise StrictFailure(report)
    report.updated = True
    return report


def _build_changes(gen: Generation, current: Generation, plan: Plan, table: Names, progress, oracle=None) -> tuple[Summary, dict]:
    """Link the current shards into ``gen``, drop the changed files' rulings, index their new
    rulings in one more shard; the summary of all rulings and the per-file reports."""
    shards = [shard.link_into(gen.path) for shard in current.shards]
    changed = set(plan.changed)
    for shard in shards:
        arrays = shard.arrays()
        names = arrays["source_names"].tolist()
        doomed = {code for code, name in enumerate(names) if str(Path(name).resolve()) in changed}
        stale = np.isin(arrays["source"], list(doomed)) & arrays["alive"]
        delete_from_shard(shard.path, [i.decode("ascii") for i in arrays["id"][stale]])
    records = [record for shard in shards for record in shard.records()]
    summary = Summary.of(records)
    files = {
        path: Report.from_counts(entry["counts"], [Problem(**p) for p in entry["problems"]])
        for path, entry in plan.kept.items()
    }
    units = units_for([Path(p) for p in plan.changed if Path(p).exists()], 1)
    if units:
        seen = {r.id: file_key(source_file(r)) for r in records}
        result = _run_parts([(gen.shard_path(len(shards)), units, table, oracle)], progress)[0]
        summary, files = merge([result], gen, first=len(shards), seen=seen, files=files, summary=summary)
    return summary, files


# --- the manifest -----------------------------------------------------------------------------


def manifest(sources: Sources, files: dict[str, Report], report: Report) -> dict:
    """What the generation was built from: inputs, names tables, each file's fingerprint and,
    for ruling files, its counts and problems (an update reuses those of unchanged files)."""
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
