"""Linking a ruling to the claims it states, by meaning, with the polarity it states them in.

Every claim has known phrasings (kb/checks/claims): its statement in each language, the ways
official rulings word it, the official rulings labelled as stating it and written paraphrases,
which state it, and written ``denials``, which say its opposite as a false ruling would. Each is
read once into its sentences' language-neutral content and negations (kb.checks.meaning). A ruling
is read the same way; each of its sentences, and each pair of neighbouring sentences, is compared
with the known phrasings of the claims whose mechanic it, or a card it names (kb.checks.named),
carries as a tag: the cosine of the content features, each weighted by how rare it is among all
phrasings. A claim is linked when its best match reaches THRESHOLD (calibrated on the dev half of
bench/claims_set.yaml for precision), with the polarity of the phrasing matched, turned over when
the ruling's sentences hold an odd number of negations more or fewer ("doesn't stop being goaded"
vs "stops being goaded"; kb.checks.polarity: a denial turned over is no assertion): a polarity
turned over is less sure (DENY_THRESHOLD, DENY_MARGIN). Of the claims read in one sentence only
those near the best link (RIVAL), and a denial gives way to a claim the ruling states better. Each
link keeps its score and evidence (the phrasing matched).

A ruling worded unlike every phrasing is linked by the claim classifier (kb.checks.classifier)
when it is sure of the claim (CLASSIFIED, CLAIM_MARGIN; to assert it, ASSERTING and SHARE) and
the nearest phrasing reads it so, or it is sure of the polarity alone (ALONE; OVERRULING to
assert). A link read from a phrasing gives way when the classifier is sure of the other polarity (VETO). An official ruling labelled as stating a claim links to it wherever its text is printed.
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import lru_cache
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from kb.checks.classifier import Classifier, chances, shipped, sure
from kb.checks.meaning import reading, windows
from kb.checks.named import named_mechanics
from kb.checks.polarity import Known, polarity_of
from kb.checks.readings import remembered
from kb.checks.registration import ASSERTED, DENIED, NO_CLAIM, gates, phrasings_of, registry
from kb.records import ASSERTS, DENIES, Link, normalize_text

THRESHOLD = 0.8  # the least similarity that links (dev halves, once every claim had 25 + 25 written wordings per language: 0.7 linked 10 more true rulings, 6 more false ones, and let 4 more contradictions pass)
DENY_THRESHOLD = 0.8  # the least similarity of a reading that turns a phrasing over (a false alarm costs a true ruling)
DENY_MARGIN = 0.1  # how much better such a reading must match than any reading the other way
RIVAL = 0.05  # how far below the best claim read in the same sentence another claim may be and still link
MARGIN = 0.0  # how much better than the best near miss (a phrasing of no claim) a link must match
DIGITS = 9  # cosines are rounded so: the same sentence matched two ways ties, whatever the rounding of the sums
MEMO_SIZE = 100_000  # remembered links; the memo starts afresh when full
CLASSIFIED = 0.3  # the least probability of the classifier's claim, weighed against every claim, that links it (dev halves: 0.25 to 0.4 alike)
ASSERTING = 0.6  # ... and of its asserting it, to link it as asserted: a wrong one lets a false ruling pass (dev halves, once every claim had 60 + 60 written wordings per language: 0.6 against 0.5, set 2 one false link fewer, the rest the same)
SHARE = 0.9  # ... that much of its two polarities together (dev halves, against asserting from 0.8 alone: 13 more true links, the same contradictions passing; 0.8 let 1 more pass. Once every claim had 40 + 40 wordings, 0.75 to 0.8 linked 5 more true dev rulings, the same passing, but on bench/claims_set3.yaml, written for that choice, 2 more of 246 contradictions passed: 7 against 5)
CLAIM_MARGIN = 0.1  # ... and by how much more than any other claim (dev halves, once every claim had 40 + 40 written wordings per language: 0.05 to 0.1 read 2 more true links and 3 more failing contradictions than 0.2, the same passing; 0 one false link more)
ALONE = 0.3  # the least probability of the classifier's polarity that links against its nearest phrasing's reading (dev halves: 0.7 lost 14 true links for 4 false ones fewer, the same contradictions passing)
OVERRULING = 0.9  # ... and of asserting it when its nearest phrasing reads the ruling otherwise or is in doubt (a wrong assertion lets a false ruling pass; dev halves and set 3: against 0.3, where that phrasing reads a denial, 1 set 2 contradiction fewer passed at 0.9 to 1; where it is in doubt too, 2 fewer of set 3's 246 at 0.9, 3 at 0.95, for 4 and 6 points of set 3's recall)
FRAGMENT = 2  # a sentence of a longer phrasing with this many content features or fewer is no phrasing by itself ("Legal.", "Abilità di mana.": as a denial's, it linked "This ability is a mana ability." as denying a claim, over the corpus)
VETO = 0.8  # a link read from a phrasing gives way when the classifier reads the other polarity this sure, and surer than its own (dev halves: set 1 one contradiction fewer passing, set 2 one true link fewer; 0.4 one more fewer passing, and a true link fewer)
EVIDENCE = 160  # characters of the matched phrasing kept as evidence


class Linker:
    """The known phrasings of every claim, indexed by content feature."""

    def __init__(self, phrasings: Iterable[tuple], tags: Mapping[str, str], read: Callable = reading,
                 classifier: Classifier | None = None, questions: bool = False):
        """``phrasings``: (claim, polarity, text, lang[, weighs[, near miss of]]); ``tags``: claim → the tag a
        ruling must carry for the claim to be considered (its mechanic). A phrasing that doesn't
        weigh (``weighs`` False: the official rulings labelled as stating a claim) is matched
        like the others but leaves the features' weights to the claims' own phrasings, so that
        labelling many rulings of one mechanic doesn't change how every other claim matches.
        ``read``: how a phrasing is read (``reading``, or its readings remembered);
        ``classifier``: what links a ruling its phrasings don't match closely (CLASSIFIED);
        ``questions``: keep a longer phrasing's questions (the learner's: what a question asks)."""
        self.known: list[Known] = []
        weighing = 0
        counts: dict[str, int] = defaultdict(int)
        self.verbatim: dict[str, dict[str, int]] = defaultdict(dict)  # a labelled official ruling's text → its claims, read so
        self.missed: dict[str, set[str]] = defaultdict(set)  # a near miss's text → the claims it is a near miss of
        for claim, polarity, text, lang, *rest in phrasings:
            weighs = rest[0] if rest else True
            if not weighs and claim != NO_CLAIM:  # an official ruling stating it, or an outdated one denying it
                self.verbatim[normalize_text(text)][claim] = polarity
            elif len(rest) > 1:  # a near miss: it never links to the claim it was read as
                self.missed[normalize_text(text)].add(rest[1])
            read_windows = [window for window in windows(read(text, lang)) if window.content]
            for window in read_windows:
                if len(read_windows) > 1 and window.single and (len(window.content) <= FRAGMENT or not questions and _question(window.text)):
                    continue  # "Un {1} nel costo? Abilità di mana.": neither sentence alone is a phrasing
                self.known.append(Known(claim, polarity, text, window))
                if weighs:
                    weighing += 1
                    for feature in window.content:
                        counts[feature] += 1
        for known in self.known:  # a feature only the labelled rulings have: as rare as can be
            for feature in known.sentence.content:
                counts.setdefault(feature, 0)
        total = weighing + 1
        self.idf = {f: math.log(total / (1 + n)) + 1.0 for f, n in sorted(counts.items())}  # one order on every run
        self.unseen = math.log(total) + 1.0  # a feature no phrasing has
        # for each feature, the known phrasings holding it (a sparse matrix by rows: a sentence's
        # dot product with every phrasing is the sum, over its features, of the feature's weight
        # squared at those phrasings; a dense one took 44 MB in every ingest worker)
        self.feature_row = {feature: row for row, feature in enumerate(self.idf)}
        self.square = np.array([weight**2 for weight in self.idf.values()], dtype=np.float64)  # by row
        holding: list[list[int]] = [[] for _ in self.idf]
        for number, known in enumerate(self.known):
            for feature in known.sentence.content:
                holding[self.feature_row[feature]].append(number)
        self.holders = [np.array(numbers, dtype=np.int64) for numbers in holding]
        self.norm_array = np.array([self._rows_and_norm(k.sentence.content)[1] for k in self.known], dtype=np.float64)
        self._usable: dict[frozenset, tuple] = {}  # allowed claims → masks of their phrasings and of the near misses
        self._by_tags: dict[frozenset, tuple | None] = {}  # a ruling's tags → those masks (``_masks``)
        self.claim_of = np.array([known.claim for known in self.known], dtype=object)
        self.tags = {**tags, NO_CLAIM: ""}
        self.claims = frozenset(claim for claim in tags if claim != NO_CLAIM)  # the classifier weighs every claim against every other, then keeps those the tags allow
        self._memo: dict[tuple, tuple[Link, ...]] = {}
        self.classifier = classifier

    def _rows_and_norm(self, content: Iterable[str]) -> tuple[list[int], float]:
        """The rows of a content's known features (in one order: the same sums on every run),
        and its length as a weighted vector (a feature no phrasing has weighs ``unseen``)."""
        content = tuple(content)
        rows = sorted(self.feature_row[f] for f in content if f in self.feature_row)
        norm = math.sqrt(float(self.square[rows].sum()) + (len(content) - len(rows)) * self.unseen**2) or 1.0
        return rows, norm

    def link(self, text: str, lang: str, tags: Sequence[str] = ()) -> tuple[Link, ...]:
        """The claims a ruling states or denies, best first (remembered by text, language, tags:
        the same ruling text often comes with many cards)."""
        key = (text, lang, frozenset(tags))
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            found = self._memo[key] = self.match(text, lang, frozenset(tags) | named_mechanics(text))
        return found

    def _masks(self, tags: frozenset) -> tuple[np.ndarray, np.ndarray, frozenset] | None:
        """The phrasings a ruling carrying ``tags`` may match: those of the claims of its
        mechanics, and those of no claim (near misses), with those claims; None when no claim is of its mechanics."""
        if tags not in self._by_tags:
            if len(self._by_tags) >= MEMO_SIZE:
                self._by_tags.clear()
            allowed = {claim for claim, tag in self.tags.items() if claim != NO_CLAIM and (not tag or tag in tags)}
            key = frozenset(allowed)
            if allowed and key not in self._usable:
                claims = np.isin(self.claim_of, list(allowed))
                self._usable[key] = (claims, self.claim_of == NO_CLAIM, key)
            self._by_tags[tags] = self._usable[key] if allowed else None
        return self._by_tags[tags]

    def match(self, text: str, lang: str, tags: frozenset, hidden: set[int] = frozenset()) -> tuple[Link, ...]:
        """``link`` without remembering (``hidden``: known phrasings to leave out, for tests)."""
        labelled = [] if hidden else [Link(c, ASSERTS if p == ASSERTED else DENIES, 1.0, _evidence(text))
                                      for c, p in self.verbatim.get(normalize_text(text), {}).items()]
        masks = self._masks(tags)
        if masks is None:
            return tuple(sorted(labelled, key=lambda link: link.claim))  # the ruling carries the mechanic of no claim
        claims, misses, allowed = masks
        if hidden:
            claims, misses = claims.copy(), misses.copy()
            claims[list(hidden)] = misses[list(hidden)] = False
        scored = [(window, self._cosines(window.content)) for window in windows(reading(text, lang))]
        near_miss = max((float(cos[misses].max()) for _, cos in scored), default=0.0) if misses.any() else 0.0
        near = self._near(scored, claims, near_miss) if any((cos[claims] >= THRESHOLD).any() for _, cos in scored) else ()
        classified = self._classified(scored, claims, near_miss, allowed) if self.classifier is not None else None
        if near and self.classifier is not None:
            near = self._vetoed(near, [window for window, _ in scored], allowed)
        found = {link.claim: link for link in near}
        for extra in (classified, *labelled) if classified is not None else labelled:
            found.setdefault(extra.claim, extra)
        for claim in () if hidden else self.missed.get(normalize_text(text), ()):
            found.pop(claim, None)  # an official ruling kept as that claim's near miss (one of its sentences may tie with a phrasing)
        return tuple(sorted(found.values(), key=lambda link: (-link.score, link.claim)))

    def _near(self, windows: list, claims: np.ndarray, near_miss: float) -> tuple[Link, ...]:
        """The links of a ruling's windows (with their cosines) to the phrasings near enough;
        ``near_miss``: the ruling's best cosine with a near miss (a phrasing of no claim)."""
        # per claim, the best match that reads as stating it and the best that reads as denying
        # it, each read straight from a phrasing or by turning one over (when the ruling's
        # negations say the opposite), among those near enough to link; of the near misses only
        # the best score counts, whichever way round it reads
        best: dict[tuple[str, int, bool], tuple[float, int, int]] = {}
        for place, (window, cos) in enumerate(windows):
            for number in np.flatnonzero(claims & (cos >= THRESHOLD)):
                score = float(cos[number])
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
                               _evidence(self.known[number].text)), flipped))
        # a denial ("has no mana cost" against "is determined by its mana cost"; "is a mana
        # ability" against "any ability with mana in its cost is a mana ability") is no denial
        # when the ruling states another claim better: the words it shares with this claim's
        # phrasings belong to that one (a false alarm costs a true ruling)
        best_stated = max((link.score for link, _ in links if link.polarity == ASSERTS), default=0.0)
        kept_links = [link for link, _ in links if not (link.polarity == DENIES and link.score < best_stated)]
        return tuple(sorted(kept_links, key=lambda link: (-link.score, link.claim)))

    def _vetoed(self, near: tuple[Link, ...], windows: list, allowed: frozenset) -> tuple[Link, ...]:
        """The links read from phrasings but those the classifier reads the other way (VETO, and surer)."""
        best, _ = chances(self.classifier, windows, allowed)
        kept = []
        for link in near:
            own, other = (ASSERTED, DENIED) if link.polarity == ASSERTS else (DENIED, ASSERTED)
            against = best.get((link.claim, other), 0.0)
            if not (against >= VETO and against > best.get((link.claim, own), 0.0)):
                kept.append(link)  # else "resolves first; the trigger waits": the phrasing's words, the order reversed
        return tuple(kept)

    def _classified(self, windows: list, claims: np.ndarray, near_miss: float, allowed: frozenset) -> Link | None:
        """The claim the classifier is sure the ruling states (kb.checks.classifier.sure), when its
        nearest phrasing reads the ruling with the classifier's polarity (straight, or turned over
        by negations), or the classifier gives that polarity ALONE by itself (OVERRULING to assert it), and no near miss (a
        phrasing of no claim) is as near; evidence: that phrasing."""
        found = sure(self.classifier, [window for window, _ in windows], self.claims, CLASSIFIED, CLAIM_MARGIN)
        if found is None or found[0] not in allowed:
            return None
        claim, polarity, _, alone, other = found
        if polarity == ASSERTED and (alone < ASSERTING or alone < SHARE * (alone + other)):
            return None
        nearest, read = 0.0, None
        own = claims & (self.claim_of == claim)
        for window, cos in windows:
            number = int(np.argmax(np.where(own, cos, -1.0)))
            if own[number] and cos[number] > nearest:
                nearest, read = float(cos[number]), (polarity_of(window, self.known[number]), self.known[number].text)
        if read is None or (read[0] is None or read[0][0] != polarity) and alone < (OVERRULING if polarity == ASSERTED else ALONE):
            return None  # no phrasing shares a word; or it doesn't read it so, and the classifier alone isn't sure
        if near_miss and near_miss >= nearest:
            return None  # an official ruling known to state something else is worded more like it
        return Link(claim, ASSERTS if polarity == ASSERTED else DENIES, round(alone, 3), _evidence(read[1]))

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

    def _cosines(self, content: frozenset) -> np.ndarray:
        """The cosine of ``content`` with every known phrasing (0 where they share no feature)."""
        rows, norm = self._rows_and_norm(content)
        if not rows:
            return np.zeros(len(self.known))
        holders = [self.holders[row] for row in rows]
        weights = np.repeat(self.square[rows], [len(h) for h in holders])
        dots = np.bincount(np.concatenate(holders), weights=weights, minlength=len(self.known))
        return np.round(dots / (norm * self.norm_array), DIGITS)


def _question(text: str) -> bool:
    """Whether a sentence asks ("Is a madness card cast from the graveyard? No, from exile.")."""
    return text.rstrip().endswith("?")


def _evidence(text: str) -> str:  # noqa: E704
    return text if len(text) <= EVIDENCE else text[: EVIDENCE - 1] + "…"


@lru_cache(maxsize=1)
def linker() -> Linker:
    """The linker of the registered claims, built once (its phrasings' readings remembered)."""
    claims = list(registry().values())
    rows = phrasings_of(claims)
    return Linker(rows, gates(claims), remembered(rows), shipped())


def link(text: str, lang: str, tags: Sequence[str] = ()) -> tuple[Link, ...]:
    """The claims ``text`` (a ruling in ``lang``, carrying ``tags``) states or denies."""
    return linker().link(text, lang, tags)
