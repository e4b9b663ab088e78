"""Relevance of kb's search on questions as people type them, beside a plain BM25 baseline.

    .venv/bin/python bench/relevance.py                 # the dev half (the one tuned on)
    .venv/bin/python bench/relevance.py --split test    # the untuned half: measure only
    .venv/bin/python bench/relevance.py --split all --json
    .venv/bin/python bench/relevance.py --index DIR     # an index already built from the same data
    .venv/bin/python bench/relevance.py --show it07     # a dev question's top 10, with the labels

The sets are bench/relevance_set.yaml (100 questions) and bench/relevance_set2.yaml (120, written
later over 79 mechanics): questions in Italian and English, each labelled with the rulings that
answer it (grade 2: states the answer; grade 1: relevant), each split into a dev half and a test
half that is never looked at while tuning (``--set 1|2|both``). The index holds the bundled data and the
42,708 real English rulings with the Italian card names (../shared/corpus, or KB_CORPUS).

Results are compared by text (one result per text: the same ruling on many cards is one
answer). Measures, at the first 3 and 10 results:
  answered@3  a grade-2 answer among the first 3
  MRR@10      1 / rank of the first grade-2 answer (0 beyond 10)
  nDCG@10     graded gain 2^grade - 1, over the ideal order of the labelled answers
Groups: all, Italian questions, English questions, Italian questions answered only by English
rulings (cross-language). Baseline: SQLite FTS5 (Python's standard library) over the same
texts, each text once, the question's words joined with OR, ranked by its BM25.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.errors import KbError  # noqa: E402
from kb.records import normalize_text  # noqa: E402

SETS = {  # written before tuning, in two rounds; each split in two halves the same way
    "1": ROOT / "bench" / "relevance_set.yaml",  # 100 questions, the six mechanics of the seeds and more
    "2": ROOT / "bench" / "relevance_set2.yaml",  # 120 questions over 79 mechanics, written later
}
JUDGED = ROOT / "bench" / "relevance_judged.yaml"  # pooled judgments completing the sets' labels
K = 10


def corpus() -> Path:
    path = Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")
    if not (path / "rulings_en.jsonl").exists():
        raise SystemExit(f"no corpus at {path} (set KB_CORPUS): the relevance set is labelled on it")
    return path


def build(folder: Path) -> Path:
    from kb.index.build import ingest_into
    from kb.index.generations import Location

    data, shared = ROOT / "data", corpus()
    report = ingest_into(Location(folder), [data / "rulings_it", data / "rulings_en", shared / "rulings_en.jsonl"],
                         [data / "card_names.tsv", shared / "names_it.tsv"])  # fmt: skip
    print(f"index: {report.summary()}", file=sys.stderr)
    return folder


def key(text: str) -> str:
    return normalize_text(text)


# --- the two systems --------------------------------------------------------------------------


class Kb:
    name = "kb"

    def __init__(self, store):
        from kb.search import run

        self.store, self.run = store, run

    def top(self, question: str, k: int = K) -> list[str]:
        try:
            results = self.run.search(self.store, question, limit=k)
        except KbError:
            return []
        return [hit.record.text for hit in results.hits]


class Fts5:
    name = "BM25 (FTS5)"
    _WORD = re.compile(r"\w+", re.UNICODE)

    def __init__(self, texts: list[str]):
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE t USING fts5(text, tokenize='porter unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO t(text) VALUES (?)", ((text,) for text in texts))

    def top(self, question: str, k: int = K) -> list[str]:
        words = dict.fromkeys(w.lower() for w in self._WORD.findall(question))
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        rows = self.db.execute("SELECT text FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?", (match, k))
        return [text for (text,) in rows]


# --- measures ---------------------------------------------------------------------------------


def grades(question: dict) -> dict[str, int]:
    found: dict[str, int] = {}
    for answer in question["answers"]:
        found[key(answer["text"])] = max(found.get(key(answer["text"]), 0), answer["grade"])
    return found


def add_judged(questions: list[dict]) -> None:
    """The pooled judgments (bench/relevance_judged.yaml) added to the questions' answers."""
    judged = {entry["id"]: entry for entry in yaml.safe_load(JUDGED.read_text(encoding="utf-8"))["questions"]}
    for question in questions:
        for answer in judged.get(question["id"], {}).get("judged", ()):
            question["answers"].append({**answer, "pooled": True})


def digest(text: str) -> str:
    """How a text judged irrelevant is kept in bench/relevance_judged.yaml."""
    return hashlib.sha1(key(text).encode("utf-8")).hexdigest()[:12]


def judged_keys() -> dict[str, set[str]]:
    """Question id -> the texts already judged in the pool (keys of the relevant ones, digests of the rest)."""
    if not JUDGED.exists():
        return {}
    entries = yaml.safe_load(JUDGED.read_text(encoding="utf-8"))["questions"]
    return {e["id"]: {key(j["text"]) for j in e["judged"]} | set(e["not_relevant"]) for e in entries}


def measures(ranked: list[str], labels: dict[str, int]) -> dict[str, float]:
    gains = [labels.get(key(text), 0) for text in ranked[:K]]
    first = next((i for i, g in enumerate(gains) if g == 2), None)
    dcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(gains))
    ideal = sorted(labels.values(), reverse=True)[:K]
    idcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
    return {
        "answered@3": 1.0 if first is not None and first < 3 else 0.0,
        "MRR@10": 1.0 / (first + 1) if first is not None else 0.0,
        "nDCG@10": dcg / idcg if idcg else 0.0,
    }


def groups(question: dict) -> list[str]:
    names = ["all", question["lang"]]
    if question["lang"] == "it" and all(a["lang"] == "en" for a in question["answers"] if not a.get("pooled")):
        names.append("it→en only")
    return names


def evaluate(system, questions: list[dict]) -> tuple[dict, dict]:
    table: dict[str, list[dict]] = {}
    per_question = {}
    for question in questions:
        scores = measures(system.top(question["question"]), grades(question))
        per_question[question["id"]] = scores
        for name in groups(question):
            table.setdefault(name, []).append(scores)
    summary = {
        name: {"n": len(rows), **{m: round(sum(r[m] for r in rows) / len(rows), 3) for m in rows[0]}}
        for name, rows in table.items()
    }
    return summary, per_question


def drop_echoes(questions: list[dict], threshold: float) -> int:
    """Search without the written questions of kb/vocab/asked (kb.search.asked) that nearly repeat
    a benchmark question (cosine ≥ ``threshold`` with any, of any split): a control, since both
    were written by people of the same habits; how many were dropped."""
    from kb.search import asked

    written = asked.written()
    echo = np.zeros(len(written.questions), dtype=bool)
    for question in questions:
        echo |= written.cosines(question["question"]) >= threshold
    kept = asked.Questions([entry for entry, dropped in zip(written.entries, echo) if not dropped])
    asked.written = lambda: kept
    return int(echo.sum())


def show(system, question: dict) -> None:
    labels = grades(question)
    print(f"{question['id']} [{question['lang']}, {question['split']}] {question['question']}")
    for rank, text in enumerate(system.top(question["question"]), 1):
        print(f"  {rank:2}. [{labels.get(key(text), '-')}] {text[:150]}")
    missing = [a for a in question["answers"] if a["grade"] == 2]
    print(f"  grade-2 answers: {len(missing)}; e.g. {missing[0]['text'][:150]}")


def write_pool(path: Path, questions: list[dict], systems: list) -> None:
    """The texts either system ranks in its first 10 that no label names and no judgment of
    bench/relevance_judged.yaml covers, to be judged blind (which system found a text is not
    written), the way pooled relevance sets are completed."""
    done = judged_keys()
    pool = []
    for question in questions:
        labels, seen = grades(question), done.get(question["id"], set())
        found = {}
        for each in systems:
            for text in each.top(question["question"]):
                if key(text) not in labels and key(text) not in seen and digest(text) not in seen:
                    found.setdefault(key(text), text)
        if found:
            pool.append({"id": question["id"], "lang": question["lang"], "question": question["question"],
                         "answers": [a["text"] for a in question["answers"] if a["grade"] == 2],
                         "candidates": sorted(found.values())})
    path.write_text(yaml.safe_dump({"questions": pool}, allow_unicode=True, sort_keys=False, width=200),
                    encoding="utf-8")
    print(f"{sum(len(q['candidates']) for q in pool)} unjudged texts over {len(pool)} questions -> {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--set", choices=(*SETS, "both"), default="both", help="Which question set (default: both).")
    parser.add_argument("--index", type=Path, help="An index built from the bundled data and the corpus.")
    parser.add_argument("--show", help="Print one question's results with their labels.")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--labels", choices=("pooled", "set"), default="pooled",
                        help="pooled (default): the sets' labels and the pooled judgments of "
                        "bench/relevance_judged.yaml; set: the sets' labels alone.")
    parser.add_argument("--without-echoes", type=float, metavar="COSINE",
                        help="Leave out the written questions of kb/vocab/asked that nearly repeat a benchmark "
                        "question (this cosine or more with any of them), as a control.")
    parser.add_argument("--pool", type=Path, help="Write each question's unjudged texts among both systems' "
                        "first 10 (all splits, system not shown) to this file, for judging.")
    args = parser.parse_args()

    from kb.index.generations import Location
    from kb.index.store import Store

    questions = [q for name, path in SETS.items() if args.set in (name, "both")
                 for q in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]]  # fmt: skip
    if args.labels == "pooled" and not args.pool:
        add_judged(questions)
    chosen = [q for q in questions if args.split == "all" or q["split"] == args.split]
    if args.without_echoes is not None:
        print(f"left out {drop_echoes(questions, args.without_echoes)} written questions with a cosine of "
              f"{args.without_echoes:g} or more with a benchmark question", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="kb-relevance-") as tmp:
        index = args.index or build(Path(tmp) / "index")
        with Store(Location(index).require()) as store:
            system = Kb(store)
            if args.show:
                question = next((q for q in questions if q["id"] == args.show), None)
                if question is None or question["split"] != "dev":
                    raise SystemExit(f"{args.show}: only dev questions can be shown (the test half is never looked at)")
                show(system, question)
                return
            systems = [system]
            if not args.no_baseline or args.pool:
                texts = {key(r.text): r.text for r in store.records(store.index.alive)}
                systems.append(Fts5(list(texts.values())))
            if args.pool:
                write_pool(args.pool, questions, systems)
                return
            results = {}
            for each in systems:
                start = time.perf_counter()
                summary, per_question = evaluate(each, chosen)
                results[each.name] = {"summary": summary, "per_question": per_question,
                                      "ms_per_question": round((time.perf_counter() - start) / len(chosen) * 1000, 1)}
    if args.json:
        print(json.dumps({"set": args.set, "split": args.split, "questions": len(chosen), "systems": results}, indent=2))
        return
    print(f"set: {args.set}, split: {args.split} ({len(chosen)} questions)")
    names = ["all", "it", "en", "it→en only"]
    for system_name, result in results.items():
        print(f"\n{system_name} ({result['ms_per_question']} ms per question)")
        print(f"  {'group':12} {'n':>3} {'answered@3':>11} {'MRR@10':>7} {'nDCG@10':>8}")
        for name in names:
            row = result["summary"].get(name)
            if row:
                print(f"  {name:12} {row['n']:>3} {row['answered@3']:>11.3f} {row['MRR@10']:>7.3f} {row['nDCG@10']:>8.3f}")


if __name__ == "__main__":
    main()
