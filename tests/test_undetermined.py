"""Links whose polarity is undetermined: the linker is sure what claim a ruling is about, not
which way round it reads it (kb.checks.links: ABOUT, DOUBT). Such a link passes and fails
nothing, is no test vector, and gives way to its translation's determined link."""

from __future__ import annotations

import json
from datetime import date

import pytest

from kb.checks import links as L
from kb.checks.runner import run
from kb.checks.verify import RulingCheck
from kb.cli import main
from kb.export.vectors import vectors
from kb.index.store import Store
from kb.records import ASSERTS, DENIES, UNDETERMINED, Link, Ruling
from kb.web import api, pages

from .test_classifier import WAITS, Sure

STAYS = ("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")
CLAIM = "goad.persists_after_attacking"  # a registered claim that holds in the model


@pytest.mark.parametrize(
    "denial, polarity",
    [
        (lambda: L.DOUBT - 0.05, ASSERTS),  # the classifier barely reads a denial: the phrasing's reading stands
        (lambda: L.DOUBT + 0.05, UNDETERMINED),  # it reads one likelier than DOUBT: no verdict on it
        (lambda: (L.ALONE + L.VETO) / 2, DENIES),  # sure enough of the denial to link it by itself: the denial
    ],
)  # fmt: skip
def test_an_asserting_link_the_classifier_reads_denied_is_undetermined(denial, polarity):
    linker = L.Linker([("madness.waits", 1, WAITS, "en")], {"madness.waits": ""}, classifier=Sure(-1, denial(), 0.0, "madness.waits"))
    found = linker.match("The spell you discarded the card for resolves first: the madness trigger waits.", "en", frozenset())
    assert [link.polarity for link in found] == [polarity] and found[0].score < 1.0


def test_a_link_worded_as_a_known_phrasing_stays_asserted():
    linker = L.Linker([STAYS], {"goad.stays": ""}, classifier=Sure(-1, (L.DOUBT + L.VETO) / 2, 0.0))
    assert [link.polarity for link in linker.match(STAYS[2], "en", frozenset())] == [ASSERTS]


@pytest.mark.parametrize(
    "chance, other, tags, found",
    [
        # sure of the claim, not of either polarity: about it, undetermined, scored by the claim's probability
        (0.35, 0.3, {"goad"}, [(UNDETERMINED, 0.65)]),
        (0.3, 0.15, {"goad"}, []),  # not sure of the claim (under ABOUT): nothing
        (0.35, 0.3, {"madness"}, []),  # the ruling's tags don't allow the claim: nothing
    ],
)  # fmt: skip
def test_a_ruling_sure_to_be_about_a_claim_links_it_undetermined(chance, other, tags, found):
    linker = L.Linker([STAYS], {"goad.stays": "goad"}, classifier=Sure(1, chance, other))
    links = linker.match("Whether a goaded creature that attacked is still goaded.", "en", frozenset(tags))
    assert [(link.polarity, link.score) for link in links] == found
    assert all(link.evidence == STAYS[2] for link in links)  # the claim's nearest phrasing


@pytest.mark.parametrize(
    "miss, linked",
    [
        ("The creature still attacks if able.", False),  # nearer than the claim's phrasing, and near
        ("A tapped creature that attacked untaps as usual.", True),  # nearer, but far: it says nothing of what is meant
    ],
)  # fmt: skip
def test_no_undetermined_link_where_a_near_miss_is_worded_more_like_the_ruling(miss, linked):
    ruling, ends = "Whether a goaded creature that attacked is still goaded.", ("goad.stays", 1, "The goad ends when its duration ends.", "en")
    assert L.Linker([ends], {"goad.stays": ""}, classifier=Sure(1, 0.35, 0.3)).match(ruling, "en", frozenset())
    missing = L.Linker([ends, ("", 1, miss, "en", False, "goad.stays")], {"goad.stays": ""}, classifier=Sure(1, 0.35, 0.3))
    scored = [missing._cosines(window.content) for window in L.windows(L.reading(ruling, "en"))]
    near_miss = max(float(cos[missing.of_no_claim].max()) for cos in scored)
    nearest = max(float(cos[~missing.of_no_claim].max()) for cos in scored)
    assert near_miss >= nearest and (near_miss < L.NEAR_MISS) is linked  # the case each row stands for
    assert bool(missing.match(ruling, "en", frozenset())) is linked


def _ruling(links: tuple[Link, ...], lang: str = "en", ruling_id: str = "r1") -> Ruling:
    return Ruling(id=ruling_id, card="Fast Forward", card_names={}, date=date(2026, 1, 1), lang=lang, mixed=False,
                  text="Some ruling.", links=links)


@pytest.mark.parametrize(
    "polarity, passed",
    [(ASSERTS, True), (DENIES, False), (UNDETERMINED, None)],
)
def test_an_undetermined_link_neither_passes_nor_fails(polarity, passed):
    check = RulingCheck(_ruling(()), run(CLAIM), link=Link(CLAIM, polarity, 0.7, "nearest"))
    assert check.passed is passed
    assert (f"this ruling is about {CLAIM}" in check.message and "undetermined" in check.message) is (polarity == UNDETERMINED)
    assert check.to_dict()["passed"] is passed


class _Paired:
    """A store's ``translation`` for Store.links: each ruling's counterpart."""

    def __init__(self, other: Ruling | None):
        self.other = other

    def translation(self, ruling):
        return self.other


@pytest.mark.parametrize(
    "own, theirs, expected",
    [
        # undetermined here, determined in the translation: the translation says which way round
        ((Link(CLAIM, UNDETERMINED, 0.6),), (Link(CLAIM, ASSERTS, 1.0),), [(CLAIM, ASSERTS)]),
        # determined here: its own reading stands
        ((Link(CLAIM, DENIES, 0.9),), (Link(CLAIM, ASSERTS, 1.0),), [(CLAIM, DENIES)]),
        # undetermined in both: stays undetermined; a claim only the translation links is shared
        ((Link(CLAIM, UNDETERMINED, 0.6),), (Link(CLAIM, UNDETERMINED, 0.7), Link("goad.not_an_ability", ASSERTS, 0.9)),
         [(CLAIM, UNDETERMINED), ("goad.not_an_ability", ASSERTS)]),
    ],
)  # fmt: skip
def test_an_undetermined_link_gives_way_to_its_translations_determined_one(own, theirs, expected):
    store = _Paired(_ruling(theirs, "it", "r2"))
    assert [(link.claim, link.polarity) for link in Store.links(store, _ruling(own))] == expected


def test_an_undetermined_link_is_no_test_vector():
    records = [_ruling((Link(CLAIM, UNDETERMINED, 0.6), Link("goad.not_an_ability", ASSERTS, 0.9)))]
    assert [vector["claim"] for vector in vectors(records)] == ["goad.not_an_ability"]


@pytest.mark.parametrize(
    "polarities, passed, shown",
    [
        ([UNDETERMINED], None, "No check decided"),
        ([UNDETERMINED, ASSERTS], True, "All checks passed."),
        ([UNDETERMINED, DENIES], False, "1 check(s) failed."),
    ],
)
def test_a_check_run_decides_on_the_determined_links_only(polarities, passed, shown):
    details = [{"id": claim, "polarity": polarity, "score": 0.7, "evidence": ""}
               for claim, polarity in zip((CLAIM, "goad.not_an_ability"), polarities)]  # fmt: skip
    outcome = api.check_run({"id": "r1", "check_details": details})
    assert outcome["passed"] is passed
    assert [r["passed"] for r in outcome["results"]][0] is None
    html = str(pages.check_results(outcome))
    assert shown in html and "undetermined" in html


def test_kb_check_counts_an_undetermined_link_and_exits_0(runner, tmp_path):
    """End to end, with the shipped linker: a ruling it is sure is about a claim, not which way round."""
    source = tmp_path / "about.txt"
    source.write_text("Devouring Light\n\n01/01/2026\n\nYou can tap untapped attacking or blocking creatures you control to help cast "
                      "Devouring Light.\n", encoding="utf-8")  # fmt: skip
    where = str(tmp_path / "index")
    assert runner.invoke(main, ["ingest", str(source), "--index", where]).exit_code == 0
    (ruling_id,) = [json.loads(line)["id"] for line in runner.invoke(main, ["export", "--format", "jsonl", "--index", where]).stdout.splitlines()]
    result = runner.invoke(main, ["check", ruling_id, "--index", where])
    assert result.exit_code == 0, result.output
    assert "UNDETERMINED convoke.any_untapped_creature" in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].startswith("0 check run(s) passed, 0 failed, 1 undetermined")
    data = json.loads(runner.invoke(main, ["check", ruling_id, "--json", "--index", where]).stdout)
    assert (data["passed"], data["failed"], data["undetermined"]) == (0, 0, 1)
    assert json.loads(runner.invoke(main, ["export", "--format", "vectors", "--index", where]).stdout)["count"] == 0
