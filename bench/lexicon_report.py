"""How big and how precise is the bilingual lexicon (kb/vocab/lexicon.tsv + glossary.yaml)?

Prints the size of the lexicon (entries, learned vs glossary, single- vs multi-term, load time)
and its precision on a hand-labelled random sample of learned entries, ``bench/lexicon_sample.tsv``
(columns ``en_form, it_form, score, count, label, note``; label ``correct`` or ``wrong``: a
proper translation of each other in Magic card text, as a bilingual Magic expert would judge),
overall, by score band and by kind (single- or multi-term).

    .venv/bin/python bench/lexicon_report.py [--sample bench/lexicon_sample.tsv]
    .venv/bin/python bench/lexicon_report.py --draw 150 --seed 20261201 > new_sample.tsv

``--draw N`` prints a new random sample of N learned entries (fixed ``--seed``) with empty labels,
to label by hand after the lexicon is learned again. Sample rows no longer in the lexicon are
counted as stale and left out of the precision.
"""

from __future__ import annotations

import argparse
import csv
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.text.lexicon import GLOSSARY_YAML, LEXICON_TSV, load, read_glossary, read_tsv

SAMPLE = Path(__file__).resolve().parent / "lexicon_sample.tsv"
SAMPLE_COLUMNS = ("en_form", "it_form", "score", "count", "label", "note")
BANDS = [(0.5, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.0001)]


def band_of(score: float) -> str:
    for low, high in BANDS:
        if low <= score < high:
            return f"{low:.2f}-{min(high, 1.0):.2f}"
    return f"<{BANDS[0][0]:.2f}"


def draw(n: int, seed: int) -> None:
    rows = read_tsv(LEXICON_TSV)
    picked = random.Random(seed).sample(rows, min(n, len(rows)))
    out = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    out.writerow(SAMPLE_COLUMNS)
    for en, it, en_form, it_form, score, count in sorted(picked, key=lambda r: (r[2], r[3])):
        out.writerow([en_form, it_form, f"{score:.3f}", count, "", ""])


COLD_LOAD = """
import time
t0 = time.perf_counter()
from kb.text.lexicon import lexicon
lexicon()
print(1000 * (time.perf_counter() - t0))
"""


def cold_load_ms(warm_imports: bool) -> float:
    """The time of a first ``lexicon()`` in a new Python process, best of 5: from nothing, or
    with kb.text.analysis and yaml already imported (as in a kb process that analyses a query)."""
    code = ("import kb.text.analysis, yaml\n" if warm_imports else "") + COLD_LOAD
    root = Path(__file__).resolve().parents[1]
    return min(float(subprocess.run([sys.executable, "-c", code], cwd=root, check=True,
                                    capture_output=True, text=True).stdout) for _ in range(5))


def size() -> None:
    lexicon = load(LEXICON_TSV, GLOSSARY_YAML)
    learned = read_tsv(LEXICON_TSV)
    glossary = read_glossary(GLOSSARY_YAML)
    kinds = Counter("single-term" if len(en) == 1 and len(it) == 1 else "multi-term"
                    for en, it, *_ in learned)
    glossary_kinds = Counter("single-term" if len(en) == 1 and len(it) == 1 else "multi-term"
                             for en, it, *_ in glossary)
    pairs = list(lexicon.entries())
    sources = Counter(t.source for _, t in pairs)
    print("Lexicon size")
    print(f"  learned entries (lexicon.tsv):  {len(learned):5d}  "
          f"({kinds['single-term']} single-term, {kinds['multi-term']} multi-term)")
    print(f"  glossary pairs (glossary.yaml): {len(glossary):5d}  "
          f"({glossary_kinds['single-term']} single-term, {glossary_kinds['multi-term']} multi-term)")
    print(f"  loaded EN->IT pairs:            {len(pairs):5d}  ({sources['learned']} learned, "
          f"{sources['glossary']} glossary; a glossary pair replaces a learned one with the same terms)")
    print(f"  units: {len(list(lexicon.units('en')))} English, {len(list(lexicon.units('it')))} Italian")
    print(f"  cold load (new process, best of 5): {cold_load_ms(True):.1f} ms with kb.text.analysis and "
          f"yaml already imported, {cold_load_ms(False):.1f} ms importing them too")


def precision(sample: Path) -> None:
    learned = {(en_form, it_form) for _, _, en_form, it_form, _, _ in read_tsv(LEXICON_TSV)}
    multi = {(en_form, it_form) for en, it, en_form, it_form, _, _ in read_tsv(LEXICON_TSV)
             if len(en) > 1 or len(it) > 1}
    with sample.open(encoding="utf-8") as lines:
        rows = list(csv.DictReader(lines, delimiter="\t"))
    if not rows or tuple(rows[0].keys()) != SAMPLE_COLUMNS:
        sys.exit(f"{sample}: expected the columns {', '.join(SAMPLE_COLUMNS)}")
    tally: dict[str, Counter] = {}
    stale = unlabelled = 0
    for number, row in enumerate(rows, 2):
        key = (row["en_form"], row["it_form"])
        if key not in learned:
            stale += 1
            continue
        label = row["label"].strip()
        if label not in ("correct", "wrong"):
            if label:
                sys.exit(f"{sample}:{number}: label {label!r} is neither 'correct' nor 'wrong'")
            unlabelled += 1
            continue
        for group in ("all", f"score {band_of(float(row['score']))}",
                      "multi-term" if key in multi else "single-term"):
            tally.setdefault(group, Counter())[label] += 1
    print(f"\nPrecision on {sample.name} ({len(rows)} rows; {stale} stale, {unlabelled} unlabelled)")
    order = ["all"] + sorted(g for g in tally if g.startswith("score")) + ["single-term", "multi-term"]
    for group in order:
        if group in tally:
            counts = tally[group]
            n = counts["correct"] + counts["wrong"]
            print(f"  {group:<18} {counts['correct']:4d} / {n:<4d} = {counts['correct'] / n:6.1%}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=Path, default=SAMPLE, help="the labelled sample TSV")
    parser.add_argument("--draw", type=int, metavar="N", help="print a new unlabelled sample of N entries")
    parser.add_argument("--seed", type=int, default=20261201, help="the sample's random seed")
    args = parser.parse_args()
    if args.draw:
        draw(args.draw, args.seed)
        return 0
    size()
    if args.sample.exists():
        precision(args.sample)
    else:
        print(f"\nno sample at {args.sample}: draw one with --draw 150 and label it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
