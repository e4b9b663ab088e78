"""Benchmark kb on the real English rulings: ingest time, index size, memory, query latency.

    .venv/bin/python bench/benchmark.py                  # the 42,708 rulings of the corpus
    .venv/bin/python bench/benchmark.py --runs 50        # more repetitions per query

The corpus is ../shared/corpus (or KB_CORPUS); without it the script says so and exits 0.
Each figure is measured on this machine in this run; nothing is cached between runs.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.build import ingest_into  # noqa: E402
from kb.index import Location  # noqa: E402
from kb.search import search  # noqa: E402
from kb.store import Store  # noqa: E402

# A fixed mix of 50 queries: English, Italian and cross-language words, phrases, cards, filters.
QUERIES = [
    # English words
    "split second", "goad", "madness", "cast spells", "sacrifice creature", "counter target spell",
    "damage", "token", "graveyard", "exile", "mana value", "triggered ability", "first strike",
    "library", "enters the battlefield",
    # phrases
    '"enters the battlefield"', '"mana value"', '"target creature"', '"end of turn"',
    '"converted mana cost"', '"split second"', '"cast it"', "\"can't be countered\"",
    # Italian and cross-language
    "battibaleno", "frazione di secondo", "follia", "provocata", "spronare", "abilita innescata",
    "scartare", "costo totale", "valore di mana", "a faccia in giù",
    # cards
    'card:"Krosan Grip"', "card:willbender", 'card:"Stretta di Krosa"', "card:krosan",
    'card:"Sudden Substitution"', "card:geode",
    # filters and operators
    "tag:madness lang:en", "tag:goad", "date:2019..2020 exile", "date:2021-03", "damage date:..2010",
    "-tag:madness madness", "goad OR madness", "rule:702.61", "token -creature",
    "(discard OR exile) date:2015",
]  # fmt: skip


def corpus() -> Path | None:
    path = Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")
    return path if (path / "rulings_en.jsonl").exists() else None


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure_ingest(sources: list[Path], names: list[Path], where: Path) -> dict:
    location = Location(where)
    start = time.perf_counter()
    report = ingest_into(location, sources, names)
    seconds = time.perf_counter() - start
    gen = location.require()
    return {
        "seconds": seconds,
        "rulings": report.ingested,
        "summary": report.summary(),
        "index_mb": folder_size(gen.path) / 1e6,
        "peak_mb_main": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "peak_mb_worker": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }


def measure_queries(where: Path, runs: int) -> dict:
    with Store(Location(where).require()) as store:
        first = []
        for query in QUERIES:  # warm up: read each query's postings once
            start = time.perf_counter()
            search(store, query)
            first.append(time.perf_counter() - start)
        timings = []
        for _ in range(runs):
            for query in QUERIES:
                start = time.perf_counter()
                search(store, query)
                timings.append(time.perf_counter() - start)
    return {
        "p50_ms": statistics.median(timings) * 1e3,
        "p99_ms": percentile(timings, 0.99) * 1e3,
        "first_p50_ms": statistics.median(first) * 1e3,
        "first_max_ms": max(first) * 1e3,
    }


def measure_cold(where: Path, runs: int = 5) -> float:
    kb = Path(sys.executable).with_name("kb")
    command = [str(kb), "search", "split second", "--index", str(where)]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20, help="repetitions of the query mix")
    args = parser.parse_args()
    root = corpus()
    if root is None:
        print("benchmark skipped: no corpus at ../shared/corpus (set KB_CORPUS)")
        return 0
    work = Path(tempfile.mkdtemp(prefix="kb-bench-"))
    try:
        where = work / "index"
        ingest = measure_ingest([root / "rulings_en.jsonl"], [root / "names_it.tsv"], where)
        queries = measure_queries(where, args.runs)
        cold = measure_cold(where)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    print(f"ingest: {ingest['summary']}")
    print("| measure | kb |")
    print("|---|---|")
    print(f"| whole ingest of {ingest['rulings']:,} rulings (parse, language, tags, index) | {ingest['seconds']:.1f} s |")
    print(f"| index size | {ingest['index_mb']:.1f} MB |")
    print(f"| peak memory, main process / largest worker | {ingest['peak_mb_main']:.0f} MB / {ingest['peak_mb_worker']:.0f} MB |")
    print(f"| warm query p50 / p99 ({len(QUERIES)} queries × {args.runs}) | {queries['p50_ms']:.2f} ms / {queries['p99_ms']:.2f} ms |")
    print(f"| first run of each query p50 / max (postings read from disk) | {queries['first_p50_ms']:.1f} ms / {queries['first_max_ms']:.1f} ms |")
    print(f"| cold `kb search \"split second\"` process | {cold:.2f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
