"""Building shards in parallel: the input cut into parts of about equal size, one worker process
per CPU reading, enriching and indexing each part into its own shard, and the parts' results
merged (a ruling an earlier part holds is dropped from the later shard as a duplicate)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from kb.index.generations import Generation
from kb.index.shards import delete_from_shard, write_shard
from kb.index.summary import Summary
from kb.ingest import progress
from kb.ingest.collect import Collector, Unit, units_of
from kb.ingest.enrich import Enricher
from kb.ingest.names import Names
from kb.ingest.report import Report

PARALLEL_BYTES = 1 << 20  # below this much input, one process is faster than several


def file_key(path: str) -> str:
    """A source file as the manifest and the per-file reports name it: its resolved path."""
    return _resolved(os.getcwd(), path)


@lru_cache(maxsize=65536)
def _resolved(cwd: str, path: str) -> str:
    return str((Path(cwd) / path).resolve())


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

    keys: dict[str, str] = {}  # source file -> file_key (one getcwd per file, not per ruling)

    def stream():
        for unit in units:
            for prepared in collector.read(unit):
                record = prepared.record
                summary.add(record)
                key = keys.get(record.source_file)
                if key is None:
                    key = keys[record.source_file] = file_key(record.source_file)
                ids.append((record.id, key))
                yield record, prepared.terms

    write_shard(shard, stream())
    return PartResult({file_key(k): v for k, v in collector.files.items()}, ids, summary)


def _build_part_star(args) -> PartResult:
    return build_part(*args)


def _share_progress(counter) -> None:
    """In a worker: die with the main process, and add the input read to the counter it shows."""
    _die_with_parent()

    def sink(nbytes: int) -> None:
        with counter.get_lock():
            counter.value += nbytes

    progress.use(sink)


def _die_with_parent() -> None:
    """Ask Linux to end this worker when the process that started it dies (a killed ingest
    leaves no orphan workers writing into a pipe nobody reads); elsewhere, nothing."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before the call
            os._exit(1)
    except (OSError, AttributeError):
        pass


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
