"""The known phrasings of every claim, indexed by content feature: what a ruling's sentence is compared with.

Every claim has known phrasings (kb/checks/claims): its statement in each language, the ways
official rulings word it, the official rulings labelled as stating it, written paraphrases and
written denials. Each is read once into its windows' language-neutral content and negations
(kb.checks.meaning); a feature weighs by how rare it is among all phrasings (idf), and a ruling's
window is compared with every phrasing at once by the cosine of their weighted features (a
sparse dot product by feature). A question of a longer phrasing, or a sentence of two content
features or fewer, is no phrasing by itself (FRAGMENT, ``_question``). Official rulings labelled
as stating a claim are kept verbatim (they link wherever their text is printed), and near misses
(official rulings worded like a claim that state something else) never link to that claim.

    book = Phrasebook([("goad.persists_after_attacking", 1, "Attacking with a goaded creature "
                        "doesn't cause it to stop being goaded.", "en")], {"goad.persists_after_attacking": "goad"})
    book._cosines(reading("A goaded creature that attacks stays goaded.", "en")[0].content)
        -> array([0.623...])
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Mapping

import numpy as np

from kb.checks.meaning import reading, windows
from kb.checks.polarity import Known
from kb.checks.registration import NO_CLAIM
from kb.records import normalize_text

DIGITS = 9  # cosines are rounded so: the same sentence matched two ways ties, whatever the rounding of the sums
FRAGMENT = 2  # a sentence of a longer phrasing with this many content features or fewer is no phrasing by itself ("Legal.", "Abilità di mana.": as a denial's, it linked "This ability is a mana ability." as denying a claim, over the corpus)
MEMO_SIZE = 100_000  # remembered allowed phrasings by a ruling's tags; the memo starts afresh when full


@dataclass(frozen=True)
class Allowed:
    """The phrasings a ruling may match (``Phrasebook.allowed``): those of the claims its tags allow
    and those of no claim (near misses), by number in order; each array below is by position
    among them, as the cosines ``Phrasebook.cosines`` gives."""

    claims: frozenset  # the claims allowed
    numbers: np.ndarray  # the phrasings' numbers (into Phrasebook.known)
    bounds: np.ndarray  # their runs of numbers: start, end, start, end...
    stating: np.ndarray  # a phrasing of an allowed claim
    missing: np.ndarray  # a near miss (a phrasing of no claim)
    claim_number: np.ndarray  # its claim, by number (Phrasebook.claim_names)

    def hiding(self, hidden: Iterable[int]) -> "Allowed":
        """The same, the phrasings numbered ``hidden`` left out (for tests)."""
        kept = ~np.isin(self.numbers, list(hidden))
        return replace(self, stating=self.stating & kept, missing=self.missing & kept)


class Phrasebook:
    """The known phrasings of every claim, indexed by content feature."""

    def __init__(self, phrasings: Iterable[tuple], tags: Mapping[str, str], read: Callable = reading,
                 questions: bool = False, keywords: Mapping[str, frozenset[str]] | None = None):
        """``phrasings``: (claim, polarity, text, lang[, weighs[, near miss of]]); ``tags``: claim → the tag a
        ruling must carry for the claim to be considered (its mechanic); ``keywords``: claim → the
        keywords it concerns beyond it, any of which a ruling may carry instead. A phrasing that doesn't
        weigh (``weighs`` False: the official rulings labelled as stating a claim) is matched
        like the others but leaves the features' weights to the claims' own phrasings, so that
        labelling many rulings of one mechanic doesn't change how every other claim matches.
        ``read``: how a phrasing is read (``reading``, or its readings remembered);
        ``questions``: keep a longer phrasing's questions (the learner's: what a question asks)."""
        self.known: list[Known] = []
        part: list[bool] = []  # a sentence of a longer phrasing
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
                part.append(len(read_windows) > 1 and window.single)
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
        self.holder_start = np.cumsum([0] + [len(numbers) for numbers in holding], dtype=np.int64)
        self.holder_data = np.fromiter((n for numbers in holding for n in numbers), dtype=np.int64, count=int(self.holder_start[-1]))
        self.holders = [self.holder_data[a:b] for a, b in zip(self.holder_start[:-1], self.holder_start[1:])]  # each sorted
        self.norm_array = self._norms()
        self._usable: dict[frozenset, Allowed] = {}  # allowed claims → their phrasings and the near misses
        self._by_tags: dict[frozenset, Allowed | None] = {}  # a ruling's tags → those (``allowed``)
        # each phrasing's claim by number (masks by integer lookup: comparing 100,000 strings per
        # tag set took a fifth of a ruling's linking)
        self.claim_names = sorted({known.claim for known in self.known})
        self.number_of = {claim: n for n, claim in enumerate(self.claim_names)}
        self.claim_number = np.array([self.number_of[known.claim] for known in self.known], dtype=np.int64)
        self.of_no_claim = self.claim_number == self.number_of.get(NO_CLAIM, -1)
        # the phrasings come claim by claim: the runs of one claim's numbers (a few hundred)
        edges = np.flatnonzero(np.diff(self.claim_number)) + 1
        self.run_start = np.concatenate(([0], edges)).astype(np.int64)
        self.run_end = np.concatenate((edges, [len(self.known)])).astype(np.int64)
        self.run_claim = self.claim_number[self.run_start] if len(self.known) else np.zeros(0, dtype=np.int64)
        self.tags = {**tags, NO_CLAIM: ""}
        # a sentence of a longer phrasing that other claims' phrasings have too, word for word: the
        # claims that hold it, by number (``shared``; kb.checks.links reads it as none of them alone
        # where the ruling's tags allow several: "It doesn't use the stack and can't be responded to.")
        holders: dict[frozenset, set[str]] = defaultdict(set)
        for known in self.known:
            if known.claim != NO_CLAIM:
                holders[known.sentence.content].add(known.claim)
        self.shared = {number: frozenset(holders[known.sentence.content]) for number, (known, alone) in enumerate(zip(self.known, part))
                       if alone and len(holders[known.sentence.content]) > 1}
        self.keywords = dict(keywords or {})
        self.claims = frozenset(claim for claim in tags if claim != NO_CLAIM)  # the classifier weighs every claim against every other, then keeps those the tags allow

    def _norms(self) -> np.ndarray:
        """Each known phrasing's length as a weighted vector, as ``_rows_and_norm`` gives it (every
        feature of a phrasing has a row): its rows, ascending, read off the holders (a stable sort
        by phrasing keeps each one's rows in order), each summed as one slice, the very same sum."""
        counts = np.diff(self.holder_start)
        order = np.argsort(self.holder_data, kind="stable")
        values = self.square[np.repeat(np.arange(len(counts)), counts)[order]]
        held = np.bincount(self.holder_data, minlength=len(self.known))  # each phrasing's features
        ends = np.cumsum(held)
        starts = ends - held
        return np.array([math.sqrt(float(values[a:b].sum())) or 1.0 for a, b in zip(starts.tolist(), ends.tolist())],
                        dtype=np.float64)  # fmt: skip

    def _rows_and_norm(self, content: Iterable[str]) -> tuple[list[int], float]:
        """The rows of a content's known features (in one order: the same sums on every run),
        and its length as a weighted vector (a feature no phrasing has weighs ``unseen``)."""
        content = tuple(content)
        rows = sorted(self.feature_row[f] for f in content if f in self.feature_row)
        norm = math.sqrt(float(self.square[rows].sum()) + (len(content) - len(rows)) * self.unseen**2) or 1.0
        return rows, norm

    def allowed(self, tags: frozenset) -> Allowed | None:
        """The phrasings a ruling carrying ``tags`` may match: those of the claims of its mechanics
        or keywords, and those of no claim (near misses); None when no claim is of them."""
        if tags not in self._by_tags:
            if len(self._by_tags) >= MEMO_SIZE:
                self._by_tags.clear()
            allowed = {claim for claim, tag in self.tags.items()
                       if claim != NO_CLAIM and (not tag or tag in tags or not self.keywords.get(claim, frozenset()).isdisjoint(tags))}
            key = frozenset(allowed)
            if allowed and key not in self._usable:
                self._usable[key] = self._allowing(key)
            self._by_tags[tags] = self._usable[key] if allowed else None
        return self._by_tags[tags]

    def _allowing(self, claims: frozenset) -> Allowed:
        chosen = np.array([claim in claims for claim in self.claim_names], dtype=bool)
        stating = chosen[self.claim_number]
        numbers = np.flatnonzero(stating | self.of_no_claim)
        if NO_CLAIM in self.number_of:
            chosen[self.number_of[NO_CLAIM]] = True
        kept = chosen[self.run_claim]
        starts, ends = self.run_start[kept], self.run_end[kept]
        opens = np.concatenate(([True], starts[1:] != ends[:-1]))  # a run that doesn't go on from the one before
        closes = np.concatenate((opens[1:], [True]))
        bounds = np.column_stack((starts[opens], ends[closes])).ravel() if len(starts) else np.zeros(0, dtype=np.int64)
        return Allowed(claims, numbers, bounds, stating[numbers], self.of_no_claim[numbers], self.claim_number[numbers])

    def _cosines(self, content: frozenset) -> np.ndarray:
        """The cosine of ``content`` with every known phrasing (0 where they share no feature)."""
        rows, norm = self._rows_and_norm(content)
        if not rows:
            return np.zeros(len(self.known))
        holders = [self.holders[row] for row in rows]
        weights = np.repeat(self.square[rows], [len(h) for h in holders])
        dots = np.bincount(np.concatenate(holders), weights=weights, minlength=len(self.known))
        return np.round(dots / (norm * self.norm_array), DIGITS)

    def cosines(self, content: frozenset, allowed: Allowed) -> np.ndarray:
        """The cosine of ``content`` with each of the ``allowed`` phrasings, by position (a ruling's
        tags allow a thirtieth of them: summing over all took two thirds of its linking). Each
        phrasing's terms are summed in the same order as ``_cosines`` sums them: the same cosines."""
        rows, norm = self._rows_and_norm(content)
        found = np.zeros(len(allowed.numbers))
        if not rows or not len(allowed.bounds):
            return found
        # each feature's phrasings within the bounds, feature by feature (the order of the sums)
        cuts = np.concatenate([self.holder_start[row] + np.searchsorted(self.holders[row], allowed.bounds) for row in rows])
        starts, counts = cuts[0::2], cuts[1::2] - cuts[0::2]
        total = int(counts.sum())
        if not total:
            return found
        taken = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(total)
        weights = np.repeat(np.repeat(self.square[rows], len(allowed.bounds) // 2), counts)
        dots = np.bincount(np.searchsorted(allowed.numbers, self.holder_data[taken]), weights=weights, minlength=len(found))
        return np.round(dots / (norm * self.norm_array[allowed.numbers]), DIGITS)


def _question(text: str) -> bool:
    """Whether a sentence asks ("Is a madness card cast from the graveyard? No, from exile.")."""
    return text.rstrip().endswith("?")


