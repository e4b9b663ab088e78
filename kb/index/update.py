"""Incremental updates: bring a live generation up to date with its sources by redoing only the
files that changed (their rulings deleted from the linked shards, their new rulings indexed in
one more shard)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from kb.errors import StrictFailure
from kb.index.generations import Generation
from kb.index.manifest import SCHEMA_VERSION, Sources, vocabulary_fingerprint
from kb.index.parts import _run_parts, file_key, merge, units_for
from kb.index.shards import delete_from_shard
from kb.index.summary import Summary
from kb.ingest import importers
from kb.ingest.names import Names
from kb.ingest.readers import Problem
from kb.ingest.report import Report
from kb.ingest.sources import same_file


@dataclass(frozen=True)
class Plan:
    changed: tuple[str, ...]  # ruling files (resolved) added, removed or changed
    kept: dict  # unchanged ruling file (resolved) -> its manifest entry
    stamps: dict = field(default_factory=dict)  # unchanged file, touched since -> its new size and time


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
    stamps: dict[str, dict] = {}
    for table in [*sources.name_files, *sources.table_files]:
        if not same_file(Path(table), before.get(str(Path(table).resolve())), stamps):
            return None  # card names shape every record
    rulings_before = {p for p, entry in before.items() if "counts" in entry}
    now = {str(Path(p).resolve()): Path(p) for p in sources.ruling_files}
    changed = sorted((set(now) ^ rulings_before) | {p for p in set(now) & rulings_before if not same_file(now[p], before[p], stamps)})
    if any(before.get(p, {}).get("counts", {}).get("shadowed") for p in changed):
        return None  # a changed file held the first copy of rulings other files repeat
    kinds = {before.get(p, {}).get("kind") for p in changed} | {importers.detect(now[p]) for p in changed if p in now}
    if kinds & importers.IMPORTED:
        return None  # bulk files bring card names, and Scryfall rulings need the cards file
    if len(changed) > max(1, len(now) // 2):
        return None
    return Plan(tuple(changed), {p: before[p] for p in set(now) & rulings_before if p not in changed},
                {p: stamp for p, stamp in stamps.items() if p not in changed})


def _unchanged(current: Generation, plan: Plan, skipped: list, strict: bool) -> Report:
    if plan.stamps:
        current.restamp(plan.stamps)
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
        seen = {r.id: file_key(r.source_file) for r in records}
        result = _run_parts([(gen.shard_path(len(shards)), units, table, oracle)], progress)[0]
        summary, files = merge([result], gen, first=len(shards), seen=seen, files=files, summary=summary)
    return summary, files
