"""How right are the links of real rulings? A judged random sample of the corpus's links.

    .venv/bin/python bench/corpus_links.py

bench/corpus_judged.yaml holds 150 (ruling, claim) pairs drawn at random (seed 20261203) from
the 1,984 links of the 22,523 distinct English ruling texts of ../shared/corpus/rulings_en.jsonl
as the linker read them on 2026-12-03, each judged blind by a reviewer who saw the ruling and
the claim's statement but not the link: ``asserts`` (the ruling states the claim, part of it or
an instance), ``denies`` (it says the opposite: both can't be true) or ``none`` (it says nothing
either way). The script links each ruling again as ingest does and reports, over the pairs
still linked:

  claim precision     the share whose ruling asserts or denies the claim (not ``none``)
  polarity precision  the share linked with the polarity judged
  false FAIL          linked as denying a claim the ruling asserts: a true ruling shown as wrong
  false PASS          linked as asserting a claim the ruling denies: a false ruling shown as right

and, apart, the pairs no longer linked and the links to claims the sample holds no judgment of.
The labelled official rulings (read by reviewers when labelled) are measured apart too
(``_labelled``), and the links the linker read itself (``_read``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from link_coverage import tags_of  # noqa: E402

from kb.checks import links as L  # noqa: E402
from kb.records import normalize_text  # noqa: E402

SAMPLE = ROOT / "bench" / "corpus_judged.yaml"


def measure(items: list[dict]) -> dict:
    """The measures over the judged pairs (see the module doc)."""
    linked = right_claim = right_polarity = false_fail = false_pass = gone = labelled = labelled_right = 0
    mistakes = []
    for item in items:
        links = {link.claim: link for link in L.link(item["text"], "en", tags_of(item["text"], "en"))}
        link = links.get(item["claim"])
        if link is None:
            gone += 1
            continue
        linked += 1
        reading = item["reading"]
        if item["claim"] in L.linker().verbatim.get(normalize_text(item["text"]), {}):
            labelled += 1
            labelled_right += reading == link.polarity
        right_claim += reading != "none"
        right_polarity += reading == link.polarity
        false_fail += link.polarity == L.DENIES and reading == L.ASSERTS
        false_pass += link.polarity == L.ASSERTS and reading == L.DENIES
        if reading != link.polarity:
            mistakes.append(f"{item['id']} linked {link.polarity} {item['claim']} {link.score}, judged {reading}: "
                            f"{item['text'][:110]}")  # fmt: skip
    return {
        "judged": len(items),
        "still_linked": linked,
        "no_longer_linked": gone,
        "labelled_rulings": labelled,
        "claim_precision": round(right_claim / linked, 3) if linked else None,
        "polarity_precision": round(right_polarity / linked, 3) if linked else None,
        "polarity_precision_labelled": round(labelled_right / labelled, 3) if labelled else None,
        "polarity_precision_read": round((right_polarity - labelled_right) / (linked - labelled), 3) if linked > labelled else None,
        "false_fail": false_fail,
        "false_pass": false_pass,
        "mistakes": mistakes,
    }


def main() -> None:
    items = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))["items"]
    result = measure(items)
    mistakes = result.pop("mistakes")
    print(json.dumps(result, indent=2))
    print("\n".join(mistakes))


if __name__ == "__main__":
    main()
