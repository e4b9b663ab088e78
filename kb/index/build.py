"""Building an index from sources, swapped in atomically.

``ingest_into`` reads the sources (in parallel shards, kb.index.parts), or only what changed
since the live generation was built (kb.index.update), writes the catalog, pairs, statistics and
manifest, and makes the new generation live. ``kb.index.refresh`` calls it where there is no
index or a stale one: the CLI decides when; opening an index (kb.index.store) never builds one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from kb.errors import IndexDamaged, IngestError, StrictFailure
from kb.index.catalog import Catalog
from kb.index.generations import WORDS, Generation, Location
from kb.index.manifest import Sources, default_names, default_sources, manifest
from kb.index.pairing import pair_translations
from kb.index.parts import (
    _run_parts,
    file_key,
    merge,
    partition,
    units_for,
    workers_for,
)
from kb.index.summary import Summary
from kb.index.update import _build_changes, _unchanged, plan_update
from kb.ingest import importers
from kb.ingest.names import Names, load_names
from kb.ingest.report import Report
from kb.ingest.sources import expand
from kb.text.vocabulary import vocabulary


def ingest_into(
    location: Location,
    paths: Iterable[str | Path] | None = None,
    names: Iterable[str | Path] | None = None,
    strict: bool = False,
    progress: Callable[[int, int], None] | None = None,
    full: bool = False,
    wait: bool = True,
    on_wait: Callable[[str], None] | None = None,
) -> Report:
    """Ingest ``paths`` (default: the bundled data) and make the result the live index.

    When the live index was built from the same inputs, only what changed is redone: nothing at
    all when no file changed, else the changed, added and removed files' rulings (``full``
    rebuilds everything). The report always covers every file. One ingest writes a location at
    a time: another one waits (``on_wait`` hears it) or, with ``wait`` False, IndexBusy. Input
    that yields no ruling never replaces an index that has some (IngestError).
    """
    with location.writer(wait, on_wait):
        return _ingest(location, paths, names, strict, progress, full)


def _ingest(location, paths, names, strict, progress, full) -> Report:
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
        return _unchanged(current, plan, skipped, strict)
    report = Report(files_skipped=skipped)
    vocabulary()  # read once here: the worker processes inherit it, and the generation records it
    table = load_names([*name_files, *table_files], report.problems)
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
        _refuse_emptying(location, current, report, strict)
        Catalog.build(summary.cards.values(), prepass.cards).save(gen.path)
        gen.write_json("pairs.json", _pairs(gen, summary))
        gen.write_json("stats.json", summary.stats)
        gen.write_text(WORDS, "".join(f"{word}\t{count}\n" for word, count in summary.words.most_common()))
        gen.write_json("vocabulary.json", vocabulary().to_data())
        location.publish(gen, manifest(sources, files, report))
    except BaseException:
        location.discard(gen)
        raise
    report.updated = plan is not None
    report.changed = plan.changed if plan else ()
    return report


def _refuse_emptying(location: Location, current: Generation | None, report: Report, strict: bool) -> None:
    """Input that yields no ruling is an error under --strict, and never replaces an index that
    holds rulings."""
    if report.ingested:
        return
    try:
        previous = current or location.current()
    except IndexDamaged:
        previous = None
    held = previous.manifest.get("report", {}).get("ingested", 0) if previous else 0
    if held:
        raise IngestError(f"the input yields no ruling ({report.summary()}); the index at {location.path} "
                          f"({held} rulings) was left as it was")  # fmt: skip
    if strict:
        raise IngestError(f"the input yields no ruling ({report.summary()}); nothing was written")


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


