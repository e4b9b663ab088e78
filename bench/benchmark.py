"""Benchmark kb against SQLite FTS5 on the real English rulings, and how the cost grows.

    .venv/bin/python bench/benchmark.py                      # 5k, 20k, 42,708 and 100k rulings
    .venv/bin/python bench/benchmark.py --sizes 42708        # the corpus only
    .venv/bin/python bench/benchmark.py --runs 50            # more repetitions of the query mix
    .venv/bin/python bench/benchmark.py --repeat 5           # medians of five runs per size

For each size, in a fresh process set up as the kb command sets its own (kb.entry.configure; so
peak memory is that size's alone): the whole kb ingest
(parsing, language, tags, check links, index, in parallel shards), the index size, the peak
memory of the main process and of the largest worker, warm query latency p50/p99 over a fixed mix
of 50 queries, and a cold `kb search` process; then the same records and an equivalent mix of
queries in SQLite FTS5 (Python's standard library), and the ratios. Sizes above the corpus are
made by repeating it with changed card names.

The corpus is ../shared/corpus (or KB_CORPUS); without it the script says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_SIZE = 42_708

# A fixed mix of 50 queries, each with its nearest SQLite FTS5 equivalent: (kb, fts5 MATCH, SQL
# condition). FTS5 has no tags, languages, stemming across languages or card-name resolution, so
# its side is the plain-text query a user would have to write instead.
QUERIES = [
    # English words
    ("split second", "split second", ""),
    ("goad", "goad*", ""),
    ("madness", "madness", ""),
    ("cast spells", "cast spells", ""),
    ("sacrifice creature", "sacrifice creature", ""),
    ("counter target spell", "counter target spell", ""),
    ("damage", "damage", ""),
    ("token", "token", ""),
    ("graveyard", "graveyard", ""),
    ("exile", "exile", ""),
    ("mana value", "mana value", ""),
    ("triggered ability", "triggered ability", ""),
    ("first strike", "first strike", ""),
    ("library", "library", ""),
    ("enters the battlefield", "enters battlefield", ""),
    # phrases
    ('"enters the battlefield"', '"enters the battlefield"', ""),
    ('"mana value"', '"mana value"', ""),
    ('"target creature"', '"target creature"', ""),
    ('"end of turn"', '"end of turn"', ""),
    ('"converted mana cost"', '"converted mana cost"', ""),
    ('"split second"', '"split second"', ""),
    ('"cast it"', '"cast it"', ""),
    ("\"can't be countered\"", '"can t be countered"', ""),
    # Italian and cross-language (FTS5: the English words a user would need instead)
    ("battibaleno", '"split second"', ""),
    ("frazione di secondo", '"split second"', ""),
    ("follia", "madness", ""),
    ("provocata", "goad*", ""),
    ("spronare", "goad*", ""),
    ("abilita innescata", "triggered ability", ""),
    ("scartare", "discard*", ""),
    ("costo totale", '"total cost"', ""),
    ("valore di mana", '"mana value"', ""),
    ("a faccia in giù", '"face down"', ""),
    # cards
    ('card:"Krosan Grip"', "card : \"krosan grip\"", ""),
    ("card:willbender", "card : willbender", ""),
    ('card:"Stretta di Krosa"', "card : \"krosan grip\"", ""),
    ("card:krosan", "card : krosan*", ""),
    ('card:"Sudden Substitution"', "card : \"sudden substitution\"", ""),
    ("card:geode", "card : geode*", ""),
    # filters and operators
    ("tag:madness lang:en", "madness", ""),
    ("tag:goad", "goad*", ""),
    ("date:2019..2020 exile", "exile", "date BETWEEN '2019-01-01' AND '2020-12-31'"),
    ("date:2021-03", "", "date BETWEEN '2021-03-01' AND '2021-03-31'"),
    ("damage date:..2010", "damage", "date <= '2010-12-31'"),
    ("-tag:madness madness", "madness", ""),
    ("goad OR madness", "goad* OR madness", ""),
    ("rule:702.61", '"702.61"', ""),
    ("token -creature", "token NOT creature", ""),
    ("(discard OR exile) date:2015", "discard* OR exile", "date BETWEEN '2015-01-01' AND '2015-12-31'"),
    ("sorcery speed", "sorcery speed", ""),
]  # fmt: skip
assert len(QUERIES) == 50

# Questions as people type them, 8 to 15 words, in both languages: the costly kind for kb (each
# word read against the lexicon, tags, paraphrases and card names; expansions in both languages).
# FTS5 gets the same words joined with OR.
QUESTIONS = [
    "can i respond to a spell with split second by activating a mana ability?",
    "what happens to the exchange of control if one of the creatures leaves the battlefield?",
    "must a goaded creature attack me if i goaded it?",
    "if i discard a madness card to pay a cost can i cast it?",
    "is the mana value of an x spell zero on the stack?",
    "when does a creature with deathtouch and trample assign lethal damage to the player?",
    "can i cast a sorcery with flash during my opponent's end step?",
    "does a token copy of a creature keep the +1/+1 counters of the original?",
    "what happens if an aura's target becomes illegal on the stack?",
    "can a reach creature block a creature with flying and menace?",
    "if my commander is exiled can i put it into the command zone instead?",
    "does cascade let me cast the exiled spell without paying its mana cost?",
    "how does the legend rule work when two players control the same legendary creature?",
    "can i sacrifice a creature for an additional cost of a countered spell?",
    "do state-based actions happen while a spell is resolving or only after?",
    "posso rispondere a una magia con battibaleno attivando un'abilità di mana?",
    "cosa succede allo scambio di controllo se una delle creature lascia il campo di battaglia?",
    "una creatura spronata deve attaccare anche il giocatore che l'ha spronata?",
    "se scarto una carta con follia per pagare un costo posso ancora lanciarla?",
    "qual è il valore di mana di una magia X in pila?",
    "una creatura con tocco letale e travolgere quanti danni deve assegnare al bloccante?",
    "posso lanciare una stregoneria con lampo durante la sottofase finale dell'avversario?",
    "una pedina copia di una creatura mantiene i segnalini +1/+1 dell'originale?",
    "cosa succede se il bersaglio di un'aura diventa illegale mentre è in pila?",
    "una creatura con raggiungere può bloccare una creatura con volare e minacciare?",
    "se il mio comandante viene esiliato posso metterlo nella zona di comando invece?",
    "cascata mi permette di lanciare la magia esiliata senza pagare il suo costo di mana?",
    "come funziona la regola leggendaria quando due giocatori controllano la stessa creatura leggendaria?",
    "posso sacrificare una creatura per pagare il costo addizionale di una magia neutralizzata?",
    "le azioni generate dallo stato avvengono mentre una magia si risolve o solo dopo?",
]
assert all(8 <= len(q.split()) <= 15 for q in QUESTIONS)


def corpus() -> Path | None:
    path = Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")
    return path if (path / "rulings_en.jsonl").exists() else None


QUERIED_CARDS = ("Krosan Grip", "Willbender", "Sudden Substitution", "Geode Rager")


def make_dataset(source: Path, size: int, target: Path) -> Path:
    """``size`` rulings: below the corpus size, the rulings of the cards the queries name plus
    an even sample of the rest; above it, the corpus repeated with changed card names."""
    lines = source.read_text(encoding="utf-8").splitlines()
    if size < len(lines):
        named = [line for line in lines if json.loads(line)["card"] in QUERIED_CARDS]
        rest = [line for line in lines if line not in set(named)]
        step = len(rest) / (size - len(named))
        lines = named + [rest[int(k * step)] for k in range(size - len(named))]
    out, copy = [], 0
    while len(out) < size:
        for line in lines[: size - len(out)]:
            if copy:
                row = json.loads(line)
                row["card"] = f"{row['card']} ({copy + 1})"
                line = json.dumps(row, ensure_ascii=False)
            out.append(line)
        copy += 1
    target.write_text("\n".join(out) + "\n", encoding="utf-8")
    return target


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def folder_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


class TreeMemory:
    """Samples the memory of this process and its children together (Linux /proc), ten times a
    second: the peak of everything an ingest runs at once. Each process counts its
    proportional share (PSS) of pages it shares with others (workers are forked, so they share
    the main process's modules and names table): the sum is the memory really in use."""

    def __init__(self) -> None:
        self.peak_mb = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "TreeMemory":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        me = os.getpid()
        while not self._stop.wait(0.1):
            total = _rss_kb(me)
            for stat in Path("/proc").glob("[0-9]*/stat"):
                try:
                    fields = stat.read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == me:
                    total += _rss_kb(int(stat.parent.name))
            self.peak_mb = max(self.peak_mb, total / 1024)


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def time_queries(run, runs: int, queries=QUERIES, name: str = "") -> dict:
    for query in queries:  # warm up: each query once
        run(query)
    timings = []
    for _ in range(runs):
        for query in queries:
            start = time.perf_counter()
            run(query)
            timings.append(time.perf_counter() - start)
    return {f"{name}p50_ms": statistics.median(timings) * 1e3, f"{name}p99_ms": percentile(timings, 0.99) * 1e3}


def question_words(question: str) -> str:
    """A question as FTS5 takes it: its words joined with OR."""
    words = dict.fromkeys(w.lower() for w in re.findall(r"\w+", question))
    return " OR ".join(f'"{w}"' for w in words)


# --- kb ---------------------------------------------------------------------------------------


def measure_kb(data: Path, names: Path, work: Path, runs: int) -> dict:
    sys.path.insert(0, str(ROOT))
    from kb.index.build import ingest_into
    from kb.index.generations import Location
    from kb.index.store import Store
    from kb.search.run import search

    location = Location(work / "index")
    with TreeMemory() as memory:
        start = time.perf_counter()
        report = ingest_into(location, [data], [names])
        ingest = time.perf_counter() - start
    result = {
        "rulings": report.ingested,
        "ingest_s": ingest,
        "index_mb": folder_mb(location.require().path),
        "peak_main_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "peak_worker_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
        "peak_all_mb": memory.peak_mb,
    }
    start = time.perf_counter()
    again = ingest_into(location, [data], [names])
    result["noop_s"] = time.perf_counter() - start
    assert again.updated and not again.changed
    with Store(location.require()) as store:
        result.update(time_queries(lambda q: search(store, q[0]), runs))
        result.update(time_queries(lambda q: search(store, q), max(1, runs // 2), QUESTIONS, "question_"))
    kb = Path(sys.executable).with_name("kb")
    # as an installed kb runs: its modules compiled to bytecode (pip does this on install; an
    # editable install under PYTHONDONTWRITEBYTECODE would compile them on every start)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "kb")], check=True)
    colds = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([str(kb), "search", "split second", "--index", str(location.path)], check=True, capture_output=True)
        colds.append(time.perf_counter() - start)
    result["cold_s"] = statistics.median(colds)
    return result


# --- SQLite FTS5 ------------------------------------------------------------------------------


def measure_fts5(data: Path, work: Path, runs: int) -> dict:
    path = work / "fts5.db"
    start = time.perf_counter()
    db = sqlite3.connect(path)
    db.execute("CREATE VIRTUAL TABLE rulings USING fts5(card, text, date UNINDEXED, tokenize='porter unicode61')")
    with data.open(encoding="utf-8") as handle:
        rows = (json.loads(line) for line in handle if line.strip())
        db.executemany("INSERT INTO rulings VALUES (?, ?, ?)", ((r["card"], r["text"], r["date"]) for r in rows))
    db.commit()
    ingest = time.perf_counter() - start

    def run(query):
        _, match, condition = query
        where = " AND ".join(c for c in ("rulings MATCH :m" if match else "", condition) if c) or "1"
        args = {"m": match}
        db.execute(f"SELECT count(*) FROM rulings WHERE {where}", args).fetchone()
        order = "ORDER BY rank" if match else "ORDER BY date DESC"
        db.execute(f"SELECT rowid, card, text, date FROM rulings WHERE {where} {order} LIMIT 10", args).fetchall()

    result = {"ingest_s": ingest, "index_mb": path.stat().st_size / 1e6}
    result.update(time_queries(run, runs))
    result.update(time_queries(lambda q: run(("", question_words(q), "")), max(1, runs // 2), QUESTIONS, "question_"))
    db.close()
    return result


# --- driver -----------------------------------------------------------------------------------


def measure(size: int, runs: int) -> dict:
    root = corpus()
    work = Path(tempfile.mkdtemp(prefix="kb-bench-"))
    try:
        data = make_dataset(root / "rulings_en.jsonl", size, work / "rulings.jsonl")
        return {"size": size, "kb": measure_kb(data, root / "names_it.tsv", work, runs), "fts5": measure_fts5(data, work, runs)}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def table(results: list[dict]) -> str:
    rows = [
        ("whole ingest (s)", "ingest_s", "{:.1f}"),
        ("re-ingest, nothing changed (s)", "noop_s", "{:.3f}"),
        ("index size (MB)", "index_mb", "{:.0f}"),
        ("warm query p50 (ms)", "p50_ms", "{:.2f}"),
        ("warm query p99 (ms)", "p99_ms", "{:.2f}"),
        ("warm question p50 (ms), 8–15 words", "question_p50_ms", "{:.2f}"),
        ("warm question p99 (ms), 8–15 words", "question_p99_ms", "{:.2f}"),
        ("cold `kb search` process (s)", "cold_s", "{:.2f}"),
        ("peak memory: main / largest worker (RSS), all processes at once (PSS) (MB)", None, None),
    ]
    head = "| measure | " + " | ".join(f"{r['size']:,} rulings" for r in results) + " |"
    lines = [head, "|---|" + "---|" * len(results)]
    for label, key, fmt in rows:
        cells = []
        for r in results:
            kb, fts = r["kb"], r["fts5"]
            if key is None:
                cells.append(f"{kb['peak_main_mb']:.0f} / {kb['peak_worker_mb']:.0f}, {kb['peak_all_mb']:.0f}")
            elif key in fts:
                ratio = kb[key] / fts[key] if fts[key] else float("inf")
                cells.append(f"{fmt.format(kb[key])} (FTS5 {fmt.format(fts[key])}, ×{ratio:.1f})")
            else:
                cells.append(fmt.format(kb[key]))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="5000,20000,42708,100000", help="comma-separated numbers of rulings")
    parser.add_argument("--runs", type=int, default=20, help="repetitions of the 50-query mix")
    parser.add_argument("--repeat", type=int, default=3, help="measure each size this many times (medians)")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a single size, in this process
    args = parser.parse_args()
    if corpus() is None:
        print("benchmark skipped: no corpus at ../shared/corpus (set KB_CORPUS)")
        return 0
    if args.one:
        sys.path.insert(0, str(ROOT))
        from kb.entry import configure

        configure()  # as the kb command sets its process up (the collector's pace, one BLAS thread)
        print(json.dumps(measure(args.one, args.runs)))
        return 0
    results = []
    for size in (int(s) for s in args.sizes.split(",")):
        runs = []
        for _ in range(args.repeat):
            out = subprocess.run(
                [sys.executable, __file__, "--one", str(size), "--runs", str(args.runs)],
                check=True, capture_output=True, text=True,
            ).stdout
            runs.append(json.loads(out.strip().splitlines()[-1]))
        results.append(median_of(runs))
        print(f"measured {size:,} rulings ({args.repeat} times)", file=sys.stderr)
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}")
    print(f"medians of {args.repeat} runs; whole ingest, min–max: " + ", ".join(
        f"{r['size']:,}: {r['kb']['ingest_min']:.1f}–{r['kb']['ingest_max']:.1f} s" for r in results))
    print(table(results))
    return 0


def median_of(runs: list[dict]) -> dict:
    """Each measure's median over repeated runs (the machine's speed varies from run to run)."""
    merged = {"size": runs[0]["size"]}
    for side in ("kb", "fts5"):
        merged[side] = {key: statistics.median(run[side][key] for run in runs) for key in runs[0][side]}
    merged["kb"]["ingest_min"] = min(run["kb"]["ingest_s"] for run in runs)
    merged["kb"]["ingest_max"] = max(run["kb"]["ingest_s"] for run in runs)
    return merged


if __name__ == "__main__":
    sys.exit(main())
