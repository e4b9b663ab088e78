"""The lexicon learner's corpus: the distinct aligned segments of the cards, weighted by how often
they are met (1 + ln(times seen)), their units numbered, and the units that are only pieces of
longer phrases; see ``kb.learn.lexicon``, step 1 to 3."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import numpy as np

from kb.learn.cards import CardText
from kb.learn.segments import Side, analyse_side, segment_pairs

MIN_COUNT = 3  # distinct segments holding a unit, and a unit pair, to be a candidate
MAX_RATIO, SLACK = 2.0, 2  # segments whose term counts differ by more than ratio*small+slack: out
FRAGMENT = 0.9  # a unit next to the same term this often is a piece of a longer phrase ...
BOUND_BY = 0.5  # ... if that term is next to it this often too


@dataclass
class Segment:
    en: Side
    it: Side
    weight: float  # 1 + ln(times seen)
    lines: int  # times seen
    en_units: dict[tuple[int, int], int] = field(default_factory=dict)  # span -> unit (frequent)
    it_units: dict[tuple[int, int], int] = field(default_factory=dict)


class Units:
    """The units (tuples of terms) of one language, numbered."""

    def __init__(self):
        self.ids: dict[tuple[str, ...], int] = {}
        self.units: list[tuple[str, ...]] = []

    def id(self, unit: tuple[str, ...]) -> int:
        found = self.ids.get(unit)
        if found is None:
            found = self.ids[unit] = len(self.units)
            self.units.append(unit)
        return found


@dataclass
class Corpus:
    segments: list[Segment]
    en: Units
    it: Units
    en_n: np.ndarray  # weighted segments holding each EN unit
    it_n: np.ndarray
    stats: Counter
    en_fragments: set[int] = field(default_factory=set)  # units that are pieces of longer phrases
    it_fragments: set[int] = field(default_factory=set)


def _skewed(n_en: int, n_it: int) -> bool:
    small, large = sorted((n_en, n_it))
    return large > MAX_RATIO * small + SLACK


def build_corpus(cards: Iterable[CardText]) -> Corpus:
    """The analysed, weighted segments of ``cards``, and their units."""
    stats: Counter = Counter()
    seen_texts: set[tuple[str, str, str]] = set()
    seen_types: set[tuple[str, str, str]] = set()
    times: Counter = Counter()
    order: list[tuple[str, str]] = []
    for card in cards:
        # a reprint with the same texts, or a card of both cards_it.jsonl and an MTGJSON file,
        # is no new evidence
        text_key = (card.name_en, card.text_en, card.text_it)
        type_key = (card.name_en, card.type_en, card.type_it)
        new_text, new_type = text_key not in seen_texts, type_key not in seen_types
        if not (new_text or new_type):
            continue
        seen_texts.add(text_key)
        seen_types.add(type_key)
        stats["cards"] += 1
        for en, it in segment_pairs(card, text=new_text, type_line=new_type):
            key = (" ".join(en.split()), " ".join(it.split()))
            if key not in times:
                order.append(key)
            times[key] += 1
    segments = []
    for en, it in order:
        en_side, it_side = analyse_side(en, "en"), analyse_side(it, "it")
        if not en_side.terms or not it_side.terms:
            continue
        if _skewed(len(en_side.terms), len(it_side.terms)):
            stats["skewed segments"] += 1
            continue
        n = times[(en, it)]
        segments.append(Segment(en_side, it_side, 1.0 + math.log(n), n))
    stats["segments"] = len(segments)
    stats["lines"] = sum(seg.lines for seg in segments)

    en_units, it_units = Units(), Units()
    en_seen: Counter = Counter()
    it_seen: Counter = Counter()
    spans = []
    for seg in segments:
        en_spans = {span: en_units.id(seg.en.key(*span)) for span in seg.en.units()}
        it_spans = {span: it_units.id(seg.it.key(*span)) for span in seg.it.units()}
        en_seen.update(set(en_spans.values()))
        it_seen.update(set(it_spans.values()))
        spans.append((en_spans, it_spans))
    en_n = np.zeros(len(en_units.units))
    it_n = np.zeros(len(it_units.units))
    for seg, (en_spans, it_spans) in zip(segments, spans):
        seg.en_units = {s: u for s, u in en_spans.items() if en_seen[u] >= MIN_COUNT}
        seg.it_units = {s: u for s, u in it_spans.items() if it_seen[u] >= MIN_COUNT}
        for u in set(en_spans.values()):
            en_n[u] += seg.weight
        for u in set(it_spans.values()):
            it_n[u] += seg.weight
    corpus = Corpus(segments, en_units, it_units, en_n, it_n, stats)
    corpus.en_fragments = _fragments(segments, "en")
    corpus.it_fragments = _fragments(segments, "it")
    stats["fragments"] = len(corpus.en_fragments) + len(corpus.it_fragments)
    return corpus


def _fragments(segments: Sequence[Segment], lang: str) -> set[int]:
    """The units that are pieces of a longer phrase: nearly always (FRAGMENT of their
    occurrences) next to the same term, which itself mostly (BOUND_BY) goes with the unit's edge
    term: "campo" and "battaglia sotto" of "campo di battaglia" (but not "emblem" of "get an
    emblem": "get" is mostly without "emblem")."""
    seen: Counter = Counter()
    terms: Counter = Counter()
    pairs: Counter = Counter()
    neighbours: dict[int, Counter] = defaultdict(Counter)
    for seg in segments:
        side = seg.en if lang == "en" else seg.it
        words, run, w = side.terms, side.run, seg.weight
        for k, term in enumerate(words):
            terms[term] += w
            if k and run[k - 1] == run[k]:
                pairs[(words[k - 1], term)] += w
        units = seg.en_units if lang == "en" else seg.it_units
        for (a, b), unit in units.items():
            seen[unit] += w
            if a > 0 and run[a - 1] == run[a]:
                neighbours[unit][(words[a - 1], words[a - 1], words[a])] += w
            if b < len(words) and run[b] == run[b - 1]:
                neighbours[unit][(words[b], words[b - 1], words[b])] += w
    return {
        unit for unit, around in neighbours.items()
        if any(n >= FRAGMENT * seen[unit] and pairs[(first, second)] >= BOUND_BY * terms[t]
               for (t, first, second), n in around.items())
    }
