"""How well do rulings link to the claims they state, with the right polarity?

    .venv/bin/python bench/link_coverage.py                 # the dev half of the labelled set (tuned on)
    .venv/bin/python bench/link_coverage.py --split test    # the untuned half: measure only
    .venv/bin/python bench/link_coverage.py --calibrate     # thresholds on the dev half (similarity, classifier)
    .venv/bin/python bench/link_coverage.py --corpus        # also the linked share of the real corpus
    .venv/bin/python bench/link_coverage.py --set 2 --split all   # the second set, never tuned on

The labelled sets are bench/claims_set.yaml (set 1, the first 42 claims; its dev half tunes the
linker) and bench/claims_set2.yaml (set 2, the other 47 claims, written after the linker was
tuned: ``--set 2 --split all`` measures it whole; set 3, bench/claims_set3.yaml, one stating and one
contradicting sentence per claim and language, written later to decide two settings: all dev;
set 4, bench/claims_set4.yaml, the same shape, written once every claim had about 70 + 70 written wordings per
language, each sentence read blind by a second reviewer, half of it a test half; set 5,
bench/claims_set5.yaml, three stating and three contradicting sentences per claim and language for
the 8 claims of monstrosity, renown and ascend, written the same way before the classifier learned
them, all of it a test half: ``--set 5 --split test``; set 6, bench/claims_set6.yaml, the same
for the 6 claims of cipher, written before the classifier learned them; set 7, bench/claims_set7.yaml,
the same for the 4 claims of cascade, before the classifier learned them; set 8,
bench/claims_set8.yaml, the same for the 4 claims of attachments; set 9, bench/claims_set9.yaml,
four and four for the 2 claims of face-down permanents turned face up, with sentences of neither): ruling-like sentences in both languages,
worded unlike the official rulings, that assert a claim, contradict one, or state none (near
misses). Each is tagged and linked as ingest does. Measures:

  precision, recall   of (sentence, claim) links, whatever their polarity (a link to a claim
                      registered after the set counts as judged in bench/claims_judged.yaml, and
                      apart as unjudged when it is not there; a link from a sentence that asserts or
                      contradicts its claim to a second claim of the set counts as judged there, and
                      as false when it is not; recall counts the set's own claim only)
  polarity            share of the correct links with the right polarity (an undetermined one,
                      kb.checks.links.ABOUT and DOUBT: the linker can't tell which way round,
                      has none)
  with polarity       recall counting only links with the right polarity; undetermined: the
                      correct links whose polarity is undetermined (they pass and fail nothing)
  contradictions      that fail (linked as denying their claim, or a claim judged blind as one they
                      deny: "madness costs are paid as printed" denies both the total cost and
                      madness's cost modifiers), that fail on their own claim (failing_own_claim),
                      and that would PASS (a link asserting a claim that holds): the last must be 0
  true failing        share of the true sentences (stating a claim, or none) that would FAIL:
                      linked as denying some claim (the classifier reads a denial where there is none)
The corpus part links every ruling of ../shared/corpus/rulings_en.jsonl (or KB_CORPUS) and
reports the share linked, of rulings and of distinct texts, and the time it takes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from functools import lru_cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.checks import links as L  # noqa: E402
from kb.records import UNDETERMINED  # noqa: E402
from kb.text import analysis  # noqa: E402
from kb.text.vocabulary import vocabulary  # noqa: E402

# set 1: written against the first 42 claims; set 2: written later against the other 47, by
# writers who saw only the claims' statements, the rules and the corpus, after the linker was tuned
SETS = {"1": ROOT / "bench" / "claims_set.yaml", "2": ROOT / "bench" / "claims_set2.yaml", "3": ROOT / "bench" / "claims_set3.yaml",
        "4": ROOT / "bench" / "claims_set4.yaml", "5": ROOT / "bench" / "claims_set5.yaml",
        "6": ROOT / "bench" / "claims_set6.yaml", "7": ROOT / "bench" / "claims_set7.yaml",
        "8": ROOT / "bench" / "claims_set8.yaml", "9": ROOT / "bench" / "claims_set9.yaml",
        "10": ROOT / "bench" / "claims_set10.yaml", "11": ROOT / "bench" / "claims_set11.yaml"}
JUDGED = ROOT / "bench" / "claims_judged.yaml"  # links to claims a set was not written against, judged blind


@lru_cache(maxsize=2)
def labelled(which: str = "1") -> list[dict]:
    """The items of a labelled set, both halves."""
    return yaml.safe_load(SETS[which].read_text(encoding="utf-8"))["items"]


def judged_claims(which: str = "1") -> frozenset[str]:
    """The claims a set was written against: those its items name (42 for set 1). A link from one
    of its sentences to another claim is neither right nor wrong by the set: counted apart."""
    return frozenset(i["claim"] for i in labelled(which) if i.get("claim"))


@lru_cache(maxsize=1)
def judged_later() -> dict[tuple[str, str], str]:
    """(item id, claim) → asserts, denies or none: how a reviewer read a sentence of the set
    against a claim registered after the set was written (bench/claims_judged.yaml)."""
    if not JUDGED.exists():
        return {}
    entries = yaml.safe_load(JUDGED.read_text(encoding="utf-8"))["judgments"]
    return {(e["item"], e["claim"]): e["reading"] for e in entries}


def tags_of(text: str, lang: str) -> tuple[str, ...]:
    langs = ("it", "en") if lang == "it" else ("en",)
    return vocabulary().tags_in({code: analysis.terms(text, code) for code in langs}, text=text)


def evaluate(items: list[dict], link_with=None, judged: set[str] | None = None) -> dict:
    """The measures over ``items``; ``judged``: the claims the set was written against (links to
    a claim registered later are counted apart as unjudged: the set says nothing of them)."""
    link_with = link_with or L.link
    judged = judged if judged is not None else judged_claims()
    tp = fp = fn = right = contradicted = contradicted_own = passing = unjudged = tp_later = undetermined = right_gold = true_failing = 0
    wrong: list[str] = []
    later = judged_later()
    for item in items:
        found = link_with(item["text"], item["lang"], tags_of(item["text"], item["lang"]))
        gold = item.get("claim")
        claims = {link.claim: link for link in found}
        for link in found:
            reading = later.get((item["id"], link.claim)) if link.claim != gold else None
            if link.claim != gold and (link.claim not in judged or reading is not None):
                if reading is None:
                    unjudged += 1
                    wrong.append(f"unjudged {item['id']} ({item['kind']} {gold}): {link.claim} {link.polarity} {link.score}: {item['text'][:90]}")
                elif reading == "none":
                    fp += 1
                    wrong.append(f"false link {item['id']} (judged later: none): {link.claim} {link.score}: {item['text'][:90]}")
                else:  # right claim by the later judgment; its polarity counts with the others
                    tp_later += 1
                    right += link.polarity == reading
                    if link.polarity != reading:
                        wrong.append(f"polarity {item['id']} (judged later): {link.polarity} {link.claim} {link.score}: {item['text'][:90]}")
                continue
            if link.claim == gold:
                tp += 1
                expected = L.ASSERTS if item["kind"] == "asserts" else L.DENIES
                right += link.polarity == expected
                right_gold += link.polarity == expected
                undetermined += link.polarity == UNDETERMINED
                if link.polarity != expected:
                    wrong.append(f"polarity {item['id']}: {link.polarity} {link.claim} {link.score}: {item['text'][:90]}")
            else:
                fp += 1
                wrong.append(f"false link {item['id']} ({item['kind']} {gold}): {link.claim} {link.score}: {item['text'][:90]}")
        if gold and gold not in claims:
            fn += 1
            wrong.append(f"missed {item['id']} ({item['kind']} {gold}): {item['text'][:90]}")
        if item["kind"] == "contradicts":
            contradicted_own += gold in claims and claims[gold].polarity == L.DENIES
            contradicted += any(link.polarity == L.DENIES and (link.claim == gold or later.get((item["id"], link.claim)) == L.DENIES) for link in found)
            passing += any(link.polarity == L.ASSERTS for link in found)  # claims hold: an asserting link passes
        else:  # a true sentence (stating a claim, or none): a denying link fails it, whatever the claim
            true_failing += any(link.polarity == L.DENIES and later.get((item["id"], link.claim)) != L.DENIES for link in found)
    contradictions = sum(1 for i in items if i["kind"] == "contradicts")
    return {
        "items": len(items),
        "precision": round((tp + tp_later) / (tp + tp_later + fp), 3) if tp + tp_later + fp else 1.0,
        "precision_unjudged_wrong": round((tp + tp_later) / (tp + tp_later + fp + unjudged), 3) if tp + tp_later + fp + unjudged else 1.0,
        "links": tp + tp_later + fp + unjudged,
        "recall": round(tp / (tp + fn), 3) if tp + fn else 1.0,
        "polarity": round(right / (tp + tp_later), 3) if tp + tp_later else 1.0,
        "recall_with_polarity": round(right_gold / (tp + fn), 3) if tp + fn else 1.0,
        "undetermined": undetermined,
        "contradictions": contradictions,
        "contradictions_failing": round(contradicted / contradictions, 3) if contradictions else 1.0,
        "contradictions_failing_own_claim": round(contradicted_own / contradictions, 3) if contradictions else 1.0,
        "contradictions_passing": passing,
        "true_failing": round(true_failing / (len(items) - contradictions), 3) if len(items) > contradictions else 0.0,
        "unjudged_links": unjudged,
        "mistakes": wrong,
    }


def calibrate(items: list[dict], judged: frozenset[str] | None = None) -> None:
    """Sweep the similarity threshold, then the classifier's three (each with the others as set)."""
    sweeps = (("THRESHOLD", range(30, 86, 5)), ("CLASSIFIED", range(30, 96, 5)), ("ASSERTING", range(30, 96, 5)), ("SHARE", range(50, 100, 5)))
    for name, values in sweeps:
        original = getattr(L, name)
        for value in [x / 100 for x in values]:
            setattr(L, name, value)
            L.linker()._memo.clear()
            r = evaluate(items, judged=judged)
            print(f"{name.lower()} {value:.2f}: precision {r['precision']:.3f} recall {r['recall']:.3f} "
                  f"polarity {r['polarity']:.3f} contradictions failing {r['contradictions_failing']:.3f} "
                  f"passing {r['contradictions_passing']}")  # fmt: skip
        setattr(L, name, original)
    L.linker()._memo.clear()


def corpus_share(folder: Path) -> dict:
    rows = [json.loads(line) for line in (folder / "rulings_en.jsonl").read_text(encoding="utf-8").splitlines()]
    start = time.perf_counter()
    linked_texts: dict[str, bool] = {}
    linked = 0
    claims: Counter = Counter()
    for row in rows:
        text = row["text"]
        if text not in linked_texts:
            found = L.link(text, "en", tags_of(text, "en"))
            linked_texts[text] = bool(found)
            claims.update(link.claim for link in found)
        linked += linked_texts[text]
    return {
        "rulings": len(rows), "linked": linked, "share": round(linked / len(rows), 4),
        "texts": len(linked_texts), "texts_linked": sum(linked_texts.values()),
        "texts_share": round(sum(linked_texts.values()) / len(linked_texts), 4),
        "seconds": round(time.perf_counter() - start, 1), "top_claims": claims.most_common(10),
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--calibrate", action="store_true", help="Sweep the threshold on the dev half.")
    parser.add_argument("--corpus", action="store_true", help="Also link the real corpus.")
    parser.add_argument("--mistakes", action="store_true", help="List the mistakes (dev half only).")
    parser.add_argument("--loo", action="store_true", help="Leave-one-out on the dev half, its items known.")
    parser.add_argument("--set", choices=tuple(SETS), default="1", help="Which labelled set (default: 1).")
    args = parser.parse_args()
    items = labelled(args.set)
    if args.calibrate:
        calibrate([i for i in items if i["split"] == "dev"], judged_claims(args.set))
        return
    if args.loo:
        result = leave_one_out([i for i in items if i["split"] == "dev"], judged_claims(args.set))
        mistakes = result.pop("mistakes")
        print(json.dumps({"leave_one_out": "dev", "threshold": L.THRESHOLD, **result}, indent=2))
        if args.mistakes:
            print("\n".join(mistakes))
        return
    chosen = [i for i in items if args.split == "all" or i["split"] == args.split]
    result = evaluate(chosen, judged=judged_claims(args.set))
    mistakes = result.pop("mistakes")
    print(json.dumps({"set": args.set, "split": args.split, "threshold": L.THRESHOLD, "classified": L.CLASSIFIED, "asserting": L.ASSERTING, "share": L.SHARE, **result},
                     indent=2))  # fmt: skip
    if args.mistakes:
        if args.split != "dev":
            raise SystemExit("mistakes are listed for the dev half only (the test half is never looked at)")
        print("\n".join(mistakes))
    if args.corpus:
        folder = Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")
        print(json.dumps(corpus_share(folder), indent=2))


def known_examples(items: list[dict]) -> list[tuple[str, int, str, str]]:
    """Labelled items as known phrasings: asserting, denying, or (near misses) of no claim."""
    polarity = {"asserts": 1, "contradicts": -1, "none": 1}
    return [(i["claim"] or L.NO_CLAIM, polarity[i["kind"]], i["text"], i["lang"]) for i in items]


def leave_one_out(items: list[dict], judged: frozenset[str] | None = None) -> dict:
    """Each dev item linked with all the other dev items known as phrasings: what the test half
    may expect once the dev half is known (bench/claims_set.yaml, --known)."""
    from kb.checks.registration import registry

    claims = list(registry().values())
    base, tags = L.phrasings_of(claims), L.gates(claims)
    full = L.Linker(base + known_examples(items), tags, classifier=L.linker().classifier, keywords=L.keywords(claims))
    own = {id(i): [k for k, known in enumerate(full.known) if known.text == i["text"]] for i in items}

    def link(text, lang, tags_):
        item = by_text[text]
        hidden = set(own[id(item)])
        return full.match(text, lang, frozenset(tags_), hidden=hidden)

    by_text = {i["text"]: i for i in items}
    return evaluate(items, link, judged)


if __name__ == "__main__":
    main()
