"""The labelled sets of the rule checks (bench/claims_set*.yaml) stay honest measures: well formed,
about registered claims, and never learned from: no written wording of a claim (its phrasings,
paraphrases, denials) is a near copy of a labelled sentence, or the linker would be measured on
what it learned."""

from __future__ import annotations

import importlib.util
import math
import re
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from kb.checks.registration import phrasings_of, registry

REPO = Path(__file__).resolve().parents[1]
SETS = sorted((REPO / "bench").glob("claims_set*.yaml"))
KINDS = {"asserts", "contradicts", "none"}
NEAR = 0.8  # shared words over the longer sentence's words: a near copy
_WORD = re.compile(r"\w+")


@lru_cache(maxsize=None)
def _words(text: str) -> frozenset[str]:
    return frozenset(word.lower() for word in _WORD.findall(text))


@lru_cache(maxsize=None)
def _items(path: Path) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["items"]


def overlap(first: str, second: str) -> float:
    """The words two sentences share, over the longer one's."""
    a, b = _words(first), _words(second)
    return len(a & b) / max(len(a), len(b), 1)


@lru_cache(maxsize=4)
def _holders(wordings: tuple[str, ...]) -> dict[str, set[int]]:
    holders: dict[str, set[int]] = defaultdict(set)
    for k, wording in enumerate(wordings):
        for word in _words(wording):
            holders[word].add(k)
    return holders


@lru_cache(maxsize=1)
def _written() -> tuple[str, ...]:
    """The written wordings of every claim: phrasings, paraphrases, denials (not its statements,
    which the sets were written from, nor the official rulings labelled in it)."""
    claims = list(registry().values())
    statements = {text for claim in claims for text in claim.statement.values()}
    return tuple(row[2] for row in phrasings_of(claims) if len(row) == 4 and row[2] not in statements)


def near_copies(sentences: list[str], wordings: tuple[str, ...], least: float = NEAR) -> list[tuple[str, str]]:
    """(sentence, wording) pairs of ``sentences`` and ``wordings`` that share ``least`` of their words or more."""
    holders = _holders(wordings)
    found = []
    for sentence in sentences:
        # a near copy shares all but (1 - least) of the sentence's words at most: one of its
        # rarest words that many and one more (a prefix filter: no pair is missed)
        words = sorted(_words(sentence), key=lambda word: (len(holders.get(word, ())), word))
        rarest = words[: math.floor((1 - least) * len(words) + 1e-9) + 1]
        candidates = set().union(*(holders.get(word, set()) for word in rarest))
        found += [(sentence, wordings[k]) for k in sorted(candidates) if overlap(sentence, wordings[k]) >= least]
    return found


def _bench():
    spec = importlib.util.spec_from_file_location("kb_bench_link_coverage", REPO / "bench" / "link_coverage.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_every_set_is_measured_by_the_bench():
    assert sorted(_bench().SETS.values()) == SETS and len(SETS) == 11


@pytest.mark.parametrize(
    "kind, polarity, failing, passing, true_failing",
    [
        ("asserts", "asserts", 1.0, 0, 0.0),  # no contradiction in the items: none fails, as 1.0 says
        ("asserts", "denies", 1.0, 0, 1.0),  # a true sentence read as a denial: it would FAIL
        ("none", "denies", 1.0, 0, 1.0),
        ("contradicts", "denies", 1.0, 0, 0.0),
        ("contradicts", "asserts", 0.0, 1, 0.0),  # a false sentence read as stating its claim: it would PASS
    ],
)  # fmt: skip
def test_the_bench_counts_what_would_pass_and_fail(kind, polarity, failing, passing, true_failing):
    from kb.records import Link

    bench = _bench()
    item = {"id": "x1", "kind": kind, "claim": None if kind == "none" else "goad.must_attack", "text": "A goaded creature attacks.", "lang": "en"}
    result = bench.evaluate([item], lambda *_: (Link("goad.must_attack", polarity, 0.9, ""),), judged=frozenset({"goad.must_attack"}))
    assert (result["contradictions_failing"], result["contradictions_passing"], result["true_failing"]) == (failing, passing, true_failing)


@pytest.mark.parametrize(
    "reading, failing, own, precision",
    [
        ("denies", 1.0, 0.0, 1.0),  # judged blind as denying the second claim too: it fails, naming a claim it denies
        ("none", 0.0, 0.0, 0.0),  # judged as saying nothing of it: a false link, and no failure
        (None, 0.0, 0.0, 0.0),  # a claim of the set, not judged: a false link
    ],
)  # fmt: skip
def test_a_contradiction_fails_on_a_second_claim_only_as_judged(monkeypatch, reading, failing, own, precision):
    from kb.records import Link

    bench = _bench()
    monkeypatch.setattr(bench, "judged_later", lambda: {} if reading is None else {("x1", "madness.cost_modifiers_apply"): reading})
    item = {"id": "x1", "kind": "contradicts", "claim": "cost.total_cost", "text": "A madness cost is paid as printed.", "lang": "en"}
    found = (Link("madness.cost_modifiers_apply", "denies", 0.9, ""),)
    result = bench.evaluate([item], lambda *_: found, judged=frozenset({"cost.total_cost", "madness.cost_modifiers_apply"}))
    assert (result["contradictions_failing"], result["contradictions_failing_own_claim"], result["precision"]) == (failing, own, precision)


def test_judgments_name_real_items_and_claims_once_each():
    """bench/claims_judged.yaml: each judgment names an item of a set and a registered claim other
    than the item's own, once; a near miss is judged only against claims its set was not written
    against (the set says it states none of its own)."""
    judgments = yaml.safe_load((REPO / "bench" / "claims_judged.yaml").read_text(encoding="utf-8"))["judgments"]
    items = {item["id"]: (path, item) for path in SETS for item in _items(path)}
    claims = registry()
    scope = {path: {item["claim"] for item in _items(path) if item.get("claim")} for path in SETS}
    pairs = Counter((j["item"], j["claim"]) for j in judgments)
    assert not [pair for pair, n in pairs.items() if n > 1]
    for j in judgments:
        assert j["item"] in items and j["claim"] in claims and j["reading"] in {"asserts", "denies", "none"} and j["why"].strip(), j
        path, item = items[j["item"]]
        assert j["claim"] != item.get("claim"), j
        assert item["kind"] != "none" or j["claim"] not in scope[path], j


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_set_is_well_formed(path):
    items = _items(path)
    claims = registry()
    assert len({item["id"] for item in items}) == len(items), "an id used twice"
    for item in items:
        assert item["split"] in {"dev", "test"}, item["id"]
        assert item["kind"] in KINDS, item["id"]
        assert item["lang"] in {"en", "it"}, item["id"]
        assert item["text"].strip(), item["id"]
        if item["kind"] != "none":
            assert item["claim"] in claims, f"{item['id']}: {item['claim']} is not a registered claim"


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_set_has_an_untuned_part_with_both_kinds_and_languages(path):
    items = _items(path)
    if path.name == "claims_set3.yaml":  # written to decide two settings: all dev, said in its header
        assert {item["split"] for item in items} == {"dev"}
        return
    test = Counter((item["kind"], item["lang"]) for item in items if item["split"] == "test")
    for kind in ("asserts", "contradicts"):
        for lang in ("en", "it"):
            assert test[(kind, lang)] >= 10, (kind, lang)


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_no_written_wording_copies_a_labelled_sentence(path):
    copies = near_copies([item["text"] for item in _items(path)], _written())
    assert not copies, f"{len(copies)} written wordings near a labelled sentence, e.g. {copies[0]}"


@pytest.mark.parametrize("sentence, wording, near", [
    ("The exchanged creature leaves the battlefield.", "The exchanged creature leaves the battlefield!", True),
    ("Goad wears off as the goading player's next turn begins.", "Goad wears off when the goading player’s next turn begins.", True),
    ("A goaded creature stays goaded after it attacks.", "Attacking doesn't end goad.", False),
])  # fmt: skip
def test_near_copies_are_found(sentence, wording, near):
    assert bool(near_copies([sentence], (wording,))) is near
