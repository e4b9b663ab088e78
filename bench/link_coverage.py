"""How well do real rulings link to the checks that encode their claims?

Reads the English rulings of the corpus (``rulings_en.jsonl``: JSON lines ``{card, date, text,
source}``), keeps those that mention goad, split second or madness, links each one as ingest does
(``kb.checks.links.link`` with the ruling's analysed terms and tags), and prints the share linked to
a *relevant* check (one of its mechanic; a cost check for madness, a mana ability check for split
second), per mechanic, the commonest unlinked claims, and how long linking the whole corpus takes.

    .venv/bin/python bench/link_coverage.py [--corpus DIR] [--unlinked N] [--min-share 0.8] [--per-check]

The corpus folder is ``--corpus``, else ``$KB_CORPUS``, else ``../shared/corpus`` next to the
repository. Without it the benchmark says so and exits 0. It exits 1 when the share is below
``--min-share``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.checks.links import Links, linker
from kb.text import analysis
from kb.text.vocabulary import vocabulary

MECHANICS = {
    "goad": re.compile(r"\bgoad", re.IGNORECASE),
    "split_second": re.compile(r"\bsplit second", re.IGNORECASE),
    "madness": re.compile(r"\bmadness", re.IGNORECASE),
}
# The check families that can encode the claim of a ruling about each mechanic.
RELEVANT = {
    "goad": ("goad",),
    "split_second": ("split_second", "mana_ability"),
    "madness": ("madness", "cost"),
}


def corpus_dir(given: str | None) -> Path:
    if given:
        return Path(given)
    if os.environ.get("KB_CORPUS"):
        return Path(os.environ["KB_CORPUS"])
    return Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


def mechanics_of(text: str) -> tuple[str, ...]:
    return tuple(name for name, pattern in MECHANICS.items() if pattern.search(text))


def relevant(links: Links, mechanics: tuple[str, ...]) -> bool:
    families = {family for m in mechanics for family in RELEVANT[m]}
    return any(check.split(".", 1)[0] in families for check in links.checks)


def link_all(texts: list[str]) -> tuple[list[Links], float, float]:
    """Links for each text as ingest makes them; seconds spent analysing and linking."""
    vocab, link = vocabulary(), linker()
    start = time.perf_counter()
    terms = [{"en": analysis.terms(text, "en")} for text in texts]
    analysed = time.perf_counter()
    tags = [vocab.tags_in(t) for t in terms]
    tagged = time.perf_counter()
    links = [link.link(text, "en", tag, t) for text, tag, t in zip(texts, tags, terms)]
    return links, analysed - start, time.perf_counter() - tagged


def report(rows: list[dict], links: list[Links], unlinked_shown: int, per_check: bool) -> float:
    selected = [(row, link, mechanics_of(row["text"])) for row, link in zip(rows, links)]
    selected = [(row, link, m) for row, link, m in selected if m]
    good = [(row, link, m) for row, link, m in selected if relevant(link, m)]
    share = len(good) / len(selected) if selected else 0.0
    print(f"rulings mentioning goad, split second or madness: {len(selected)}")
    print(f"linked to a relevant check: {len(good)} = {share:.1%}")
    for name in MECHANICS:
        of = [s for s in selected if name in s[2]]
        ok = sum(1 for row, link, m in of if relevant(link, m))
        print(f"  {name:13} {ok:4} / {len(of):4} = {ok / len(of):.1%}" if of else f"  {name:13} none")
    irrelevant = [s for s in selected if s[1].checks and not relevant(s[1], s[2])]
    no_check = Counter(link.no_check for _, link, _ in selected if not link.checks and link.no_check)
    print(f"linked only to checks of other mechanics: {len(irrelevant)}")
    print(f"no check, with a reason in data: {sum(no_check.values())}")
    for reason, count in no_check.most_common():
        print(f"  [{count}] {reason}")
    unlinked = Counter(row["text"] for row, link, _ in selected if not link.checks and not link.no_check)
    print(f"unlinked, no reason: {sum(unlinked.values())} ({len(unlinked)} distinct texts); commonest:")
    for text, count in unlinked.most_common(unlinked_shown):
        print(f"  [{count}] {text}")
    if per_check:
        counts = Counter(check for _, link, _ in selected for check in link.checks)
        print("rulings per check:")
        for check, count in counts.most_common():
            print(f"  {count:4} {check}")
    return share


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", help="the corpus folder (default: $KB_CORPUS or ../shared/corpus)")
    parser.add_argument("--unlinked", type=int, default=12, help="how many unlinked claims to show")
    parser.add_argument("--min-share", type=float, default=0.8, help="exit 1 below this share")
    parser.add_argument("--per-check", action="store_true", help="also count the rulings of each check")
    args = parser.parse_args(argv)
    path = corpus_dir(args.corpus) / "rulings_en.jsonl"
    if not path.is_file():
        print(f"skipped: no corpus at {path} (set KB_CORPUS or pass --corpus)")
        return 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    links, analysing, linking = link_all([row["text"] for row in rows])
    share = report(rows, links, args.unlinked, args.per_check)
    print(f"whole corpus, {len(rows)} rulings: analysis {analysing:.2f} s, linking {linking:.2f} s")
    return 0 if share >= args.min_share else 1


if __name__ == "__main__":
    sys.exit(main())
