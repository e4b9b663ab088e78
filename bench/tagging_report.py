"""Tagging report: how many tags, how many rulings each tags, and how precise they are.

    python bench/tagging_report.py                       # the report, with the judged sample
    python bench/tagging_report.py --draw 200 --seed 7   # draw a fresh sample to judge (new file)
    python bench/tagging_report.py --time                # tagging time, this tree against git HEAD

It tags every ruling of the corpus's rulings_en.jsonl as ingest does an English ruling (its
English terms), with the ruling's text given to the vocabulary so exact words and card names
count (``Vocabulary.tags_in(terms, text=text)``). The sample (bench/tagging_sample.tsv) holds
(tag, ruling, label, note) rows drawn at random, with a fixed seed, among the distinct
(ruling text, tag) pairs of the tags new to the vocabulary (not one of the 12 hand-written ones),
each judged by hand: "correct" when the ruling is about that mechanic (the tagged words are the
mechanic, not a homonym, a card name or another sense of the word), "wrong" otherwise.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import time
import types
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.text import analysis  # noqa: E402
from kb.text.vocabulary import vocabulary  # noqa: E402

HAND_WRITTEN = ("goad", "split_second", "madness", "total_cost", "mana_value", "mana_ability", "triggered_ability",
                "special_action", "exchange_control", "discard", "attack", "face_down")  # fmt: skip
SAMPLE = ROOT / "bench" / "tagging_sample.tsv"
FIELDS = ("tag", "ruling", "label", "note")


def corpus() -> Path:
    return Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")


def rulings(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def tag_all(texts: list[str]) -> list[tuple[str, ...]]:
    vocab = vocabulary()
    return [vocab.tags_in({"en": analysis.terms(text, "en")}, text=text) for text in texts]


def read_sample(path: Path) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def draw(texts: list[str], tags: list[tuple[str, ...]], size: int, seed: int, out: Path) -> None:
    pairs = sorted({(tag, text) for text, found in zip(texts, tags) for tag in found if tag not in HAND_WRITTEN})
    chosen = random.Random(seed).sample(pairs, size)
    if out.exists():
        raise SystemExit(f"{out} exists: judged rows are not overwritten; remove it or give --out")
    with open(out, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n")
        writer.writerow(FIELDS)
        for tag, text in chosen:
            writer.writerow([tag, " ".join(text.split()), "", ""])
    print(f"{out}: {size} of {len(pairs)} (tag, ruling) pairs, seed {seed}; judge the label column by hand")


def report(texts: list[str], tags: list[tuple[str, ...]], sample: Path) -> None:
    vocab = vocabulary()
    kinds = Counter(tag.kind for tag in vocab)
    italian = sum(1 for tag in vocab if tag.label.get("it") and tag.kind != "concept")
    print(f"tags: {len(vocab.tags)} ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}); "
          f"{italian} keyword tags with an Italian label")  # fmt: skip
    per_tag = Counter(tag for found in tags for tag in found)
    tagged = sum(1 for found in tags if found)
    print(f"rulings: {len(texts)}, {tagged} with a tag ({100 * tagged / len(texts):.0f}%), "
          f"{sum(1 for found in tags if set(found) - set(HAND_WRITTEN))} with a new tag")
    rows = [(per_tag.get(tag.id, 0), tag.id) for tag in vocab]
    rows.sort(key=lambda r: (-r[0], r[1]))
    print("\nrulings per tag, top 15:")
    for count, tag_id in rows[:15]:
        print(f"  {tag_id:28} {count:6}")
    used = [r for r in rows if r[0]]
    print("bottom 15 with any ruling:")
    for count, tag_id in used[-15:]:
        print(f"  {tag_id:28} {count:6}")
    unused = [tag_id for count, tag_id in rows if not count]
    print(f"tags with no ruling in this corpus: {len(unused)} (keywords newer than the rulings, or unprinted): "
          f"{', '.join(unused[:12])}{', …' if len(unused) > 12 else ''}")  # fmt: skip
    if not sample.exists():
        print(f"\nno sample at {sample}")
        return
    judged = [row for row in read_sample(sample) if row["label"] in ("correct", "wrong")]
    if not judged:
        print(f"\n{sample}: nothing judged yet")
        return
    correct = sum(1 for row in judged if row["label"] == "correct")
    low, high = wilson(correct, len(judged))
    print(f"\nprecision on the judged sample ({sample.name}): {correct}/{len(judged)} = {100 * correct / len(judged):.1f}% "
          f"(95% interval {100 * low:.1f}–{100 * high:.1f}%)")
    print(f"  tags in the sample: {len({row['tag'] for row in judged})}")
    wrong = [row for row in judged if row["label"] == "wrong"]
    for row in wrong:
        print(f"  wrong: {row['tag']}: {row['note']}")
    # still what the vocabulary tags? (the sample was judged against the tags of its time)
    index = {" ".join(text.split()): found for text, found in zip(texts, tags)}
    gone = [row for row in judged if row["tag"] not in index.get(row["ruling"], (row["tag"],))]
    if gone:
        print(f"  rows whose tag the vocabulary no longer gives: {len(gone)} "
              f"({sum(1 for r in gone if r['label'] == 'wrong')} of them judged wrong)")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return centre - half, centre + half


def timing(texts: list[str]) -> None:
    """Tagging time of every text: this tree's vocabulary against git HEAD's (same terms)."""
    from kb.text import vocabulary as new

    def show(path: str) -> str:
        return subprocess.run(["git", "show", f"HEAD:{path}"], capture_output=True, text=True, cwd=ROOT,
                              check=True).stdout  # fmt: skip

    old = types.ModuleType("kb_text_vocabulary_head")
    sys.modules[old.__name__] = old
    exec(compile(show("kb/text/vocabulary.py"), old.__name__, "exec"), old.__dict__)
    before, after = old.load(show("kb/vocab/tags.yaml")), new.vocabulary()

    def best(work, runs=7):
        fastest = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            work()
            fastest = min(fastest, time.perf_counter() - start)
        return fastest

    terms = [analysis.terms(text, "en") for text in texts]
    t_analysis = best(lambda: [analysis.terms(text, "en") for text in texts], 3)
    t_before = best(lambda: [before.tags_in({"en": t}) for t in terms])
    t_terms = best(lambda: [after.tags_in({"en": t}) for t in terms])
    t_text = best(lambda: [after.tags_in({"en": t}, text=x) for t, x in zip(terms, texts)])
    print(f"{len(texts)} texts, best of 7 runs; HEAD: {len(before.tags)} tags, now: {len(after.tags)} tags")
    print(f"  analysis (terms)                 {t_analysis:6.3f}s")
    print(f"  tags_in, HEAD                    {t_before:6.3f}s")
    print(f"  tags_in, now, terms only         {t_terms:6.3f}s  ({t_terms / t_before:.2f}x)")
    print(f"  tags_in, now, with the text      {t_text:6.3f}s  ({t_text / t_before:.2f}x)")
    total = t_analysis + t_before
    print(f"  analysis + tagging: HEAD {total:.3f}s; now {t_analysis + t_terms:.3f}s "
          f"({(t_analysis + t_terms) / total - 1:+.0%}), with the text {t_analysis + t_text:.3f}s "
          f"({(t_analysis + t_text) / total - 1:+.0%})")  # fmt: skip
    # what ingest does per ruling (kb.ingest.enrich: language, terms, tags, rules, check links),
    # with its memo of texts, as it is today (tags from the terms); the text given: estimated
    from kb.ingest.enrich import Enricher
    from kb.ingest.names import Names

    def enrich(vocab):
        def work():
            reader = Enricher(Names(), vocab=vocab)  # a fresh memo each run
            return [reader.read(text, None, "en") for text in texts]

        return work

    t_head, t_now = best(enrich(before), 3), best(enrich(after), 3)
    distinct = list(dict.fromkeys(texts))  # the memo reads each text once
    pairs = [(analysis.terms(text, "en"), text) for text in distinct]
    extra = best(lambda: [after.tags_in({"en": t}, text=x) for t, x in pairs]) - best(
        lambda: [after.tags_in({"en": t}) for t, _ in pairs])
    t_with = t_now + extra
    print(f"  ingest's reading (Enricher.read): HEAD {t_head:.3f}s; now {t_now:.3f}s ({t_now / t_head - 1:+.0%}); "
          f"with the text given to tags_in, about {t_with:.3f}s ({t_with / t_head - 1:+.0%})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rulings", type=Path, default=None, help="rulings_en.jsonl (default: the shared corpus)")
    parser.add_argument("--sample", type=Path, default=SAMPLE)
    parser.add_argument("--draw", type=int, metavar="N", help="draw N pairs to judge into --out")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=SAMPLE)
    parser.add_argument("--time", action="store_true", help="time the tagging against git HEAD")
    args = parser.parse_args()
    path = args.rulings or corpus() / "rulings_en.jsonl"
    texts = [r["text"] for r in rulings(path)]
    if args.time:
        timing(texts)
        return 0
    tags = tag_all(texts)
    if args.draw:
        draw(texts, tags, args.draw, args.seed, args.out)
        return 0
    report(texts, tags, args.sample)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
