"""Linking a ruling to the claims it states, by meaning, with the polarity it states them in.

A ruling is read like the known phrasings (kb.checks.phrasebook): each of its sentences, and each
pair of neighbouring sentences, is compared with the known phrasings of the claims whose mechanic
it, or a card it names (kb.checks.named), carries as a tag. A claim is linked when its best match
reaches THRESHOLD (calibrated on the dev half of bench/claims_set.yaml for precision), with the
polarity of the phrasing matched, turned over when the ruling's sentences hold an odd number of
negations more or fewer ("doesn't stop being goaded" vs "stops being goaded"; kb.checks.polarity:
a denial turned over is no assertion): a polarity turned over is less sure (DENY_THRESHOLD,
DENY_MARGIN). A short sentence of a longer phrasing that several claims the ruling's tags allow hold
word for word ("It doesn't use the stack and can't be responded to.") says none of them alone
(SHARED). Of the claims read in one sentence only those near the best link (RIVAL), and a
denial gives way to a claim the ruling states better. Each link keeps its score and evidence (the
phrasing matched). A link read from a phrasing gives way when the claim classifier is sure of the
other polarity (VETO), or reads that sentence as another claim (OUTWEIGHED, unless worded nearly as the phrasing: KEPT): its second opinion,
kb.checks.second_opinion.

A ruling that says a claim in words of its own matches no phrasing closely; the claim classifier
(kb.checks.classifier, learned from all the phrasings at once) links it when it is sure of the
claim (CLASSIFIED, CLAIM_MARGIN; to assert it, ASSERTING and SHARE of its two polarities, or
SURER and SURER_SHARE) and the
claim's nearest phrasing reads the ruling so, or the classifier is sure of that polarity by itself
(ALONE; OVERRULING to assert it, and ALONE_ASSERTS to link it asserted rather than undetermined),
and no near miss (an official ruling of no claim) is as near, unless the classifier is that sure
of the polarity (NEAR_MISS_SURE): the score is then the classifier's probability of that polarity, the evidence that phrasing. The classifier reads a ruling's windows once for both uses.

A link's polarity can be in doubt: an asserting link whose claim the classifier reads denied
likelier than DOUBT, and the claim the classifier is sure a ruling nothing else linked is about
(ABOUT, ABOUT_MARGIN) whichever way round, and a denying link whose claim the classifier reads
asserted (DENIAL_DOUBT) or, matched faintly (FAINT), hardly reads at all (UNSEEN), are ``undetermined``: the ruling is about the claim,
and no check passes or fails on it.

An official ruling labelled as stating a claim (read whole and reviewed) links to it wherever its
text is printed, whatever the tags its words give it: "targets are chosen when the spell is
finally cast, not when it's exiled" never names suspend, on the 61 suspend cards that print it.

    link("Attacking with a goaded creature causes it to stop being goaded.", "en", ("goad",))
        -> (Link("goad.persists_after_attacking", "denies", 0.894, "Attacking with a goaded creature doesn’t ..."),)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from kb.checks.card_table import layout_mechanics
from kb.checks.classifier import Classifier, chances, shipped, sure
from kb.checks.meaning import reading, windows
from kb.checks.named import named_mechanics
from kb.checks.numbers import counted
from kb.checks.phrasebook import MEMO_SIZE, Allowed, Phrasebook
from kb.checks.polarity import polarity_of
from kb.checks.readings import remembered
from kb.checks.registration import ASSERTED, DENIED, NO_CLAIM, gates, keywords, phrasings_of, registry
from kb.checks.second_opinion import DENIAL_DOUBT, DOUBT, FAINT, KEPT, UNSEEN, OUTWEIGHED, OUTWEIGHED_MARGIN, VETO, doubted, outweighed, vetoed  # noqa: F401
from kb.records import ASSERTS, DENIES, UNDETERMINED, Link, normalize_text

__all__ = ["Link", "Linker", "NO_CLAIM", "gates", "keywords", "link", "linker", "phrasings_of"]

THRESHOLD = 0.8  # the least similarity that links (dev halves, once every claim had 25 + 25 written wordings per language: 0.7 linked 10 more true rulings, 6 more false ones, and let 4 more contradictions pass)
DENY_THRESHOLD = 0.8  # the least similarity of a reading that turns a phrasing over (a false alarm costs a true ruling)
DENY_MARGIN = 0.1  # how much better such a reading must match than any reading the other way
RIVAL = 0.05  # how far below the best claim read in the same sentence another claim may be and still link
MARGIN = 0.0  # how much better than the best near miss (a phrasing of no claim) a link must match
CLASSIFIED = 0.3  # the least probability of the classifier's claim, weighed against every claim, that links it (dev halves: 0.25 to 0.4 alike)
ASSERTING = 0.6  # ... and of its asserting it, to link it as asserted: a wrong one lets a false ruling pass (dev halves, once every claim had 60 + 60 written wordings per language: 0.6 against 0.5, set 2 one false link fewer, the rest the same)
SHARE = 0.9  # ... that much of its two polarities together (dev halves, against asserting from 0.8 alone: 13 more true links, the same contradictions passing; 0.8 let 1 more pass. Once every claim had 40 + 40 wordings, 0.75 to 0.8 linked 5 more true dev rulings, the same passing, but on bench/claims_set3.yaml, written for that choice, 2 more of 246 contradictions passed: 7 against 5)
SURER = 0.75  # ... or, surer of asserting it (this much), that much of the two (SURER_SHARE) (dev halves and set 3, against SHARE alone: recall 0.699 / 0.606 / 0.482 to 0.726 / 0.617 / 0.496, the same contradictions passing; 0.6 to 0.65 let 1 more of set 3 pass)
SURER_SHARE = 0.8
CLAIM_MARGIN = 0.1  # ... and by how much more than any other claim (dev halves, once every claim had 40 + 40 written wordings per language: 0.05 to 0.1 read 2 more true links and 3 more failing contradictions than 0.2, the same passing; 0 one false link more)
ALONE = 0.3  # the least probability of the classifier's polarity that links against its nearest phrasing's reading (dev halves: 0.7 lost 14 true links for 4 false ones fewer, the same contradictions passing; with undetermined links, 0.3 to 0.2 failed 4 more of set 3's contradictions, the rest the same, and changed no corpus link; 0.1 as 0.2; back to 0.3 once the classifier was learned again with two more claims: at 0.2 it denied a true corpus ruling, "if the target permanent is a token, it stops at exile", read 0.22 denied against 0.10 asserted, a false FAIL; set 3 fails 3 contradictions fewer)
OVERRULING = 0.9  # ... and of asserting it when its nearest phrasing reads the ruling otherwise or is in doubt (a wrong assertion lets a false ruling pass; dev halves and set 3: against 0.3, where that phrasing reads a denial, 1 set 2 contradiction fewer passed at 0.9 to 1; where it is in doubt too, 2 fewer of set 3's 246 at 0.9, 3 at 0.95. Once every claim had 70 + 70 written wordings per language, 0.95 passed 4 of 345 dev contradictions instead of 6, for recall 0.743 / 0.649 / 0.535 to 0.673 / 0.628 / 0.508, and left "the exchange of control doesn't end at end of turn; it lasts for the rest of the game" unlinked at 0.946: kept at 0.9)
ALONE_ASSERTS = 0.95  # ... below which such a link, the classifier overruling its nearest phrasing, is undetermined rather than asserting (dev halves: contradictions passing 6 to 4, none failing fewer, true rulings with the right polarity 0.614 to 0.580 in the mean; corpus: 7 rulings of 2 texts undetermined, no verdict else)
ABOUT = 0.5  # the least probability of the classifier's claim (both polarities) that links a ruling nothing else linked, its polarity undetermined (dev halves of sets 1 to 4: recall 0.708 / 0.649 / 0.526 / 0.604 to 0.832 / 0.830 / 0.732 / 0.816, precision 0.946 / 0.969 / 0.970 / 0.980 to 0.937 / 0.942 / 0.973 / 0.962; 0.3: 1 to 3 points more recall, 1 point less precision; 0.7: 1 to 8 points less recall)
ABOUT_MARGIN = 0.3  # ... and by how much more than any other claim (0.1: recall +1 point, precision -1 on set 4)
NEAR_MISS = 0.5  # ... unless a near miss is as near, and this near: two far matches don't say which is meant (dev halves, against any near miss: recall 0.858 / 0.780 to 0.867 / 0.787 on sets 1 and 3, precision the same; 0.6: one false link more on set 2; no corpus link changed)
NEAR_MISS_SURE = 0.8  # ... a near miss as near keeps the classifier's claim unlinked unless the classifier reads its polarity this sure (dev halves of sets 1 to 4, against never: contradictions failing 366 to 368 of 467, set 1 recall 0.876 to 0.885, precision and true sentences failing the same; 0.5 to 0.8 alike but for one more failing at 0.5, 0.9 one fewer; corpus: 5 texts newly linked to the scry claim their own words state, "the spell doesn't resolve. You don't scry 1", no link lost)
SHARED = 5  # the most content features of a sentence of a longer phrasing that, held word for word by several claims the ruling's tags allow, says none of them alone (corpus: 58 manifest and morph rulings no longer read as stating megamorph's counter, and 15 "without paying its mana cost" rulings as flashback's or foretell's claim; lost, 21 rulings whose claim only that sentence carried, such as a split spell's mana value on the stack; no labelled set's link changed, dev or test)
EVIDENCE = 160  # characters of the matched phrasing kept as evidence

class Linker(Phrasebook):
    """The known phrasings of every claim (kb.checks.phrasebook), and how a ruling is read against them."""

    def __init__(self, phrasings: Iterable[tuple], tags: Mapping[str, str], read: Callable = reading,
                 classifier: Classifier | None = None, questions: bool = False,
                 keywords: Mapping[str, frozenset[str]] | None = None):
        """``phrasings``, ``tags``, ``read``, ``questions``, ``keywords``: the phrasebook's (kb.checks.phrasebook);
        ``classifier``: what links a ruling its phrasings don't match closely (CLASSIFIED)."""
        super().__init__(phrasings, tags, read, questions, keywords)
        self.shared = {number: claims for number, claims in self.shared.items() if len(self.known[number].sentence.content) <= SHARED}
        self._memo: dict[tuple, tuple[Link, ...]] = {}
        self.classifier = classifier

    def link(self, text: str, lang: str, tags: Sequence[str] = ()) -> tuple[Link, ...]:
        """The claims a ruling states or denies, best first (remembered by text, language, tags:
        the same ruling text often comes with many cards)."""
        key = (text, lang, frozenset(tags))
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            found = self._memo[key] = self.match(text, lang, frozenset(tags) | named_mechanics(text) | layout_mechanics(text))
        return found

    def match(self, text: str, lang: str, tags: frozenset, hidden: set[int] = frozenset()) -> tuple[Link, ...]:
        """``link`` without remembering (``hidden``: known phrasings to leave out, for tests)."""
        labelled = [] if hidden else [Link(c, ASSERTS if p == ASSERTED else DENIES, 1.0, _evidence(text))
                                      for c, p in self.verbatim.get(normalize_text(text), {}).items()]
        among = self.allowed(tags)
        if among is None:  # the ruling carries the mechanic of no claim: what it states of a card's mana value, if anything
            found = counted(text, {}, tags, self.claims) if not hidden else {}
            found.update((link.claim, link) for link in labelled)
            return tuple(sorted(found.values(), key=lambda link: (-link.score, link.claim)))
        if hidden:
            among = among.hiding(hidden)
        allowed, claims, misses = among.claims, among.stating, among.missing
        scored = [(window, self.cosines(window.content, among)) for window in windows(reading(text, lang))]
        near_miss = max((float(cos[misses].max()) for _, cos in scored), default=0.0) if misses.any() else 0.0
        near = self._near(scored, among, near_miss) if any((cos[claims] >= THRESHOLD).any() for _, cos in scored) else ()
        plain = [window for window, _ in scored]
        class_scores = self.classifier.read(plain) if self.classifier is not None else None
        if near and class_scores is not None:
            near = outweighed(self.classifier, near, allowed, class_scores)
        near = tuple(link for link, _ in near)  # the windows they were read in, no longer needed
        classified = self._classified(scored, among, near_miss, class_scores) if class_scores is not None else None
        # what the classifier reads of the allowed claims, each polarity at its best window: read
        # once, for the veto and the doubt, when there is a link to weigh
        best = chances(self.classifier, plain, allowed, class_scores)[0] if class_scores is not None and (near or classified) else {}
        if near and class_scores is not None:
            near = vetoed(near, best)
        found = {link.claim: link for link in near}
        if classified is not None:
            found.setdefault(classified.claim, classified)
        if class_scores is not None:
            found = doubted(found, best, classified)
            if not found and not labelled:
                about = self._about(scored, among, near_miss, class_scores)
                found = {about.claim: about} if about else found
        if not hidden:
            found = counted(text, found, tags, self.claims)
        found.update((link.claim, link) for link in labelled)  # its very text, read by reviewers: no reading outranks it
        for claim in () if hidden else self.missed.get(normalize_text(text), ()):
            found.pop(claim, None)  # an official ruling kept as that claim's near miss (one of its sentences may tie with a phrasing)
        return tuple(sorted(found.values(), key=lambda link: (-link.score, link.claim)))

    def _near(self, windows: list, among: Allowed, near_miss: float) -> tuple[tuple[Link, int], ...]:
        """The links of a ruling's windows (with their cosines with the ``among`` phrasings) to the
        phrasings near enough, each with the number of the window it was read in;
        ``near_miss``: the ruling's best cosine with a near miss (a phrasing of no claim)."""
        # per claim, the best match that reads as stating it and the best that reads as denying
        # it, each read straight from a phrasing or by turning one over (when the ruling's
        # negations say the opposite), among those near enough to link; of the near misses only
        # the best score counts, whichever way round it reads
        best: dict[tuple[str, int, bool], tuple[float, int, int]] = {}
        for place, (window, cos) in enumerate(windows):
            for position in np.flatnonzero(among.stating & (cos >= THRESHOLD)):
                score, number = float(cos[position]), int(among.numbers[position])
                if number in self.shared and len(self.shared[number] & among.claims) > 1:
                    continue  # a sentence other allowed claims' phrasings have too: it says none of them alone
                known = self.known[number]
                read = polarity_of(window, known)
                if read is not None and score > best.get((known.claim, *read), (0.0,))[0]:
                    best[(known.claim, *read)] = (score, number, place)
        floor = max(THRESHOLD, near_miss + MARGIN)
        readings = {}
        for claim in {claim for claim, _, _ in best}:
            found = self._reading(claim, best, floor)
            if found is not None:
                readings[claim] = found
        # a sentence states one claim, mostly: of the claims read in the same window of the
        # ruling, those far below the best one are its neighbours' words, not claims of their own
        top: dict[int, float] = {}
        for _, _, (score, _, place) in readings.values():
            top[place] = max(top.get(place, 0.0), score)
        links = []
        for claim, (polarity, flipped, (score, number, place)) in readings.items():
            if score < top[place] - RIVAL:
                continue
            links.append((Link(claim, ASSERTS if polarity == ASSERTED else DENIES, round(score, 3),
                               _evidence(self.known[number].text)), place))
        # a denial ("has no mana cost" against "is determined by its mana cost"; "is a mana
        # ability" against "any ability with mana in its cost is a mana ability") is no denial
        # when the ruling states another claim better: the words it shares with this claim's
        # phrasings belong to that one (a false alarm costs a true ruling)
        best_stated = max((link.score for link, _ in links if link.polarity == ASSERTS), default=0.0)
        kept_links = [(link, place) for link, place in links if not (link.polarity == DENIES and link.score < best_stated)]
        return tuple(sorted(kept_links, key=lambda pair: (-pair[0].score, pair[0].claim)))

    def _about(self, windows: list, among: Allowed, near_miss: float, class_scores: list) -> Link | None:
        """The claim a ruling nothing else linked is about, when the classifier is sure of the
        claim (ABOUT, ABOUT_MARGIN) and the ruling's tags allow it, whichever way round it reads:
        an undetermined link (no verdict), its score the classifier's probability of the claim,
        its evidence the claim's nearest phrasing; none when a near miss is as near, and near (NEAR_MISS)."""
        found = sure(self.classifier, [window for window, _ in windows], self.claims, ABOUT, ABOUT_MARGIN, class_scores)
        if found is None or found[0] not in among.claims:
            return None
        nearest, number, _ = self._nearest(windows, among, found[0])
        if number < 0 or near_miss >= max(nearest, NEAR_MISS):
            return None  # no phrasing of it shares a word, or an official ruling of something else is worded more like it
        return Link(found[0], UNDETERMINED, round(min(found[2], 1.0), 3), _evidence(self.known[number].text))

    def _classified(self, windows: list, among: Allowed, near_miss: float, class_scores: list) -> Link | None:
        """The claim the classifier is sure the ruling states (kb.checks.classifier.sure), when its
        nearest phrasing reads the ruling with the classifier's polarity (straight, or turned over
        by negations), or the classifier gives that polarity ALONE by itself (OVERRULING to assert it), and no near miss (a
        phrasing of no claim) is as near; evidence: that phrasing."""
        found = sure(self.classifier, [window for window, _ in windows], self.claims, CLASSIFIED, CLAIM_MARGIN, class_scores)
        if found is None or found[0] not in among.claims:
            return None
        claim, polarity, _, alone, other = found
        if polarity == ASSERTED and (alone < ASSERTING or alone < SHARE * (alone + other)) and (alone < SURER or alone < SURER_SHARE * (alone + other)):
            return None
        nearest, number, window = self._nearest(windows, among, claim)
        read = (polarity_of(window, self.known[number]), self.known[number].text) if number >= 0 else None
        if read is None or (read[0] is None or read[0][0] != polarity) and alone < (OVERRULING if polarity == ASSERTED else ALONE):
            return None  # no phrasing shares a word; or it doesn't read it so, and the classifier alone isn't sure
        if near_miss and near_miss >= nearest and alone < NEAR_MISS_SURE:
            return None  # an official ruling known to state something else is worded more like it, and the classifier is not sure enough to outrank it
        if polarity == ASSERTED and (read[0] is None or read[0][0] != polarity) and alone < ALONE_ASSERTS:
            return Link(claim, UNDETERMINED, round(alone, 3), _evidence(read[1]))  # about it, surely; stating it, less surely
        return Link(claim, ASSERTS if polarity == ASSERTED else DENIES, round(alone, 3), _evidence(read[1]))

    def _nearest(self, windows: list, among: Allowed, claim: str) -> tuple[float, int, object]:
        """The phrasing of ``claim`` (among those ``among`` allows) nearest to any window of a
        ruling: its cosine, its number and that window (0.0, -1, None when none shares a word)."""
        own = np.flatnonzero(among.stating & (among.claim_number == self.number_of[claim])) if claim in self.number_of else ()
        nearest, number, place = 0.0, -1, None
        if not len(own):
            return nearest, number, place
        for window, cos in windows:
            best = int(own[np.argmax(cos[own])])
            if cos[best] > nearest:
                nearest, number, place = float(cos[best]), int(among.numbers[best]), window
        return nearest, number, place

    @staticmethod
    def _reading(claim: str, best: dict, floor: float) -> tuple[int, bool, tuple[float, int, int]] | None:
        """How a ruling reads ``claim``, from its best matches (``best``: (claim, polarity,
        flipped) → (score, phrasing, window)): stating it or denying it, or neither. A polarity read
        straight from a phrasing (a statement, paraphrase or denial that the ruling words alike)
        needs the floor and a better match than any reading the other way (a tie with one read
        from negations alone keeps it); one read by turning a phrasing over with the ruling's
        negations is less sure: DENY_THRESHOLD, and DENY_MARGIN over any reading the other way."""
        for flipped in (False, True):
            for polarity in (ASSERTED, DENIED):
                found = best.get((claim, polarity, flipped))
                if found is None:
                    continue
                other = [best.get((claim, -polarity, f), (0.0,))[0] for f in (False, True)]
                if flipped:
                    sure = found[0] >= max(floor, DENY_THRESHOLD, max(other) + DENY_MARGIN)
                else:
                    sure = found[0] >= floor and found[0] > other[0] and found[0] >= other[1]
                if sure:
                    return polarity, flipped, found
        return None


def _evidence(text: str) -> str:  # noqa: E704
    return text if len(text) <= EVIDENCE else text[: EVIDENCE - 1] + "…"


@lru_cache(maxsize=1)
def linker() -> Linker:
    """The linker of the registered claims, built once (its phrasings' readings remembered)."""
    claims = list(registry().values())
    rows = phrasings_of(claims)
    return Linker(rows, gates(claims), remembered(rows), shipped(), keywords=keywords(claims))


def link(text: str, lang: str, tags: Sequence[str] = ()) -> tuple[Link, ...]:
    """The claims ``text`` (a ruling in ``lang``, carrying ``tags``) states or denies."""
    return linker().link(text, lang, tags)
