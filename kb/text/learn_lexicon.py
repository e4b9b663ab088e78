"""Learn a bilingual lexicon of Magic terms from the English and Italian printed texts of cards.

    python -m kb.text.learn_lexicon /work/shared/corpus --out kb/vocab/lexicon.tsv

The corpus folder holds ``cards_it.jsonl`` (``{card, name_it, type_it, text_it, text_en, set}``)
and, optionally, MTGJSON set files ``mtgjson/*.json(.gz)``, streamed with ijson (their Italian
``foreignData`` give type lines too). The two texts of a card are a small parallel corpus; the
English one is the current Oracle text, the Italian one as printed (older cards: older wording).

1. Segments. The lines of a card's two texts are paired when both have as many lines (and the
   type lines, cut at the dash); a pair is cut further into its reminder text (the parenthesised
   parts), its cost and effect (around ":") and its sentences when both sides have as many of
   each. Each text's own card name (and its short form before a comma: "Tymna" for "Tymna the
   Weaver") is blanked first, so that names are not learned. Pairs whose term counts differ
   wildly (MAX_RATIO, SLACK) are skipped. A reprint with the same texts counts once; a segment
   met again on another card ("Flying" / "Volare" on a thousand cards) is kept once with weight
   1 + ln(times seen): repeats count, but boilerplate does not drown the rest.
2. Units. Each side is analysed with ``kb.text.analysis.terms`` (stop words out, Snowball stems;
   a few meaningless leftovers, WEAK, count as stop words); units are runs of 1..MAX_N
   consecutive terms that cross no punctuation, number or symbol, nor an English "non-" word
   (Italian writes "non terra" for "nonland", and "non" is a stop word: the translation would
   lose the negation). A unit that is a piece of a longer phrase ("campo" of "campo di
   battaglia": FRAGMENT) is no candidate.
3. Association. For each EN/IT unit pair seen together in ≥ MIN_COUNT segments, the Dice
   coefficient of the (weighted) segments holding each, with a PRIOR so that little evidence
   means less association. A multi-term pair is a candidate only if it is *atomic*: it cannot be
   cut into two smaller pairs that are each about as associated (ATOMIC) and each live outside
   it (BOUND). "first strike" / "attacco improvviso" and "face down" / "a faccia in giù" are
   atomic; "flying until end of turn" / "volare fino alla fine" is two pairs.
4. Competitive linking (Melamed 2000) over spans. In each segment the candidate pairs are linked
   best Dice first (the longer pair wins a near tie: TIE), each term in at most one link. A new
   link at once absorbs unlinked neighbouring terms when the longer pair is a candidate at least
   ABSORB as associated and those terms have no better link of their own to make: "enters the
   battlefield" / "entra" + "nel campo di battaglia"; "face" + "up" / "faccia".
5. Selection. A pair linked in ≥ MIN_LINKS segments (MIN_LINKS_MULTI for multi-term pairs) that
   takes ≥ MINOR of the links of each of its sides is scored: the larger of the two shares, times
   links / (links + SHRINK). Pairs scoring ≥ MIN_SCORE, with a Dice ≥ MIN_ASSOC (words that
   seldom have a counterpart, like "would", end up linked to leftovers), are kept, the best KEEP
   for each unit on both sides; so polysemous words keep each sense (counter / segnalino,
   counter / neutralizzare). Snowball gives some words two stems ("sacrifice" → sacrific,
   "sacrificed" → sacrif; "sacrifica" → sacrif, "sacrificare" → sacrific): a pair of stems of
   kept words (FAMILY) is kept on the share of links going to the word's stems. Dropped: pairs that are
   exactly a combination of shorter kept pairs ("target creature" = "target" + "creature"), and,
   of two kept pairs sharing a side where one is inside the other, the one padded with words
   that translate nothing ("shuffle" / "poi rimescola" beside "shuffle" / "rimescola") or else
   the one leaving words untranslated ("enters the battlefield" / "entra").

Each entry keeps both units as analysed terms, the most frequent surface form of each in its
linked segments (framed by a locution's prepositions when nearly always there: "a faccia in su"),
the score and the number of lines of evidence (linked segments, counting repeats).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from itertools import permutations
from pathlib import Path
from typing import Iterable, Iterator, Sequence

import numpy as np

from kb.text.analysis import terms as analyse

MAX_N = 3  # longest unit, in terms
MIN_COUNT = 3  # distinct segments holding a unit, and a unit pair, to be a candidate
MIN_DICE = 0.05  # association of a candidate pair
PRIOR = 20.0  # Dice = 2 together / (segments of one + of the other + PRIOR): little evidence, less sure
ATOMIC = 0.7  # a pair is cut if both parts have at least this share of its Dice ...
BOUND = 1.5  # ... and each part occurs at least this many times as often as the whole
TIE = 0.02  # linking: each term beyond two raises a pair's Dice by this share (longer wins ties)
ABSORB = 0.5  # a link takes unlinked neighbours if the longer pair's Dice is ≥ this share of its
MAX_RATIO, SLACK = 2.0, 2  # segments whose term counts differ by more than ratio*small+slack: out
MIN_LINKS = 3  # distinct segments of evidence of a kept pair of one term each ...
MIN_LINKS_MULTI = 10  # ... and of one with more terms
MINOR = 0.05  # a kept pair takes at least this share of the links of each of its sides
SHRINK = 1.0  # score = the larger share x links / (links + SHRINK)
MIN_SCORE = 0.5  # score of a kept pair ...
MIN_ASSOC = 0.08  # ... and its Dice (words with no counterpart, "would", get linked to leftovers)
KEEP = 3  # translations kept per unit
FRAGMENT = 0.9  # a unit next to the same term this often is a piece of a longer phrase ...
BOUND_BY = 0.5  # ... if that term is next to it this often too
FAMILY = 6  # one-term units are stems of one word if the shorter, this long at least, starts the other
FORM_SHARE = 0.8  # a locution's frame is part of a form if it is there this often
FORM_MIN = 5  # ... in at least this many linked lines
# Stop words that frame a form when nearly always around it (per language: before, after):
# the prepositions of locutions ("a faccia in su", "a faccia in giù").
LOCUTION_FRAMES = {"it": ((("a",),), (("in", "su"),))}

# Terms the analysis keeps that mean nothing on their own: stubs of English contractions
# ("isn't" -> "isn") and Italian pronouns; the learner treats them as stop words.
WEAK = {
    "en": frozenset({"isn", "wasn", "doesn", "didn", "aren", "weren", "couldn", "hasn", "haven",
                     "hadn", "shouldn", "wouldn"}),
    "it": frozenset({"esso", "essa", "essi", "esse"}),
}

HEADER_FIELDS = ("en_terms", "it_terms", "en_form", "it_form", "score", "count")

# --- reading the corpus --------------------------------------------------------------------------


@dataclass(frozen=True)
class CardText:
    """One card (or face) printed in both languages."""

    name_en: str
    name_it: str
    text_en: str
    text_it: str
    type_en: str = ""
    type_it: str = ""


def read_corpus(folder: Path) -> Iterator[CardText]:
    """The cards of ``cards_it.jsonl`` and of any ``mtgjson/*.json(.gz)`` in ``folder``."""
    folder = Path(folder)
    cards = folder / "cards_it.jsonl"
    if cards.exists():
        with cards.open(encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    row = json.loads(line)
                    yield CardText(
                        name_en=row.get("card") or "",
                        name_it=row.get("name_it") or "",
                        text_en=row.get("text_en") or "",
                        text_it=row.get("text_it") or "",
                    )
    for path in sorted(folder.glob("mtgjson/*.json*")):
        yield from read_mtgjson(path)


def read_mtgjson(path: Path) -> Iterator[CardText]:
    """Cards with an Italian ``foreignData`` entry in an MTGJSON set file (bare, wrapped in
    ``data``, or AllPrintings), streamed with ijson."""
    import ijson

    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as stream:
        builder, at = None, None
        for prefix, event, value in ijson.parse(stream):
            if builder is None:
                if event == "start_map" and (prefix == "cards.item" or prefix.endswith(".cards.item")):
                    builder, at = ijson.ObjectBuilder(), prefix
                    builder.event(event, value)
                continue
            builder.event(event, value)
            if event == "end_map" and prefix == at:
                card, builder = builder.value, None
                for foreign in card.get("foreignData") or ():
                    if foreign.get("language") == "Italian":
                        yield CardText(
                            name_en=card.get("faceName") or card.get("name") or "",
                            name_it=foreign.get("faceName") or foreign.get("name") or "",
                            text_en=card.get("text") or "",
                            text_it=foreign.get("text") or "",
                            type_en=card.get("type") or "",
                            type_it=foreign.get("type") or "",
                        )


# --- segments ------------------------------------------------------------------------------------


_SHORT_NAME = re.compile(r"^([^\W\d_][\w'’-]+)(?:,| the | il | la | lo | l['’]| i | gli | le )", re.UNICODE)


def _name_pattern(name: str) -> re.Pattern | None:
    """A pattern for a card name, its faces ("A // B") and their short forms: the words before
    a comma, or a legend's first name ("Tymna" of "Tymna the Weaver", "Tymna la Tessitrice")."""
    variants = set()
    for face in name.split("//"):
        face = face.strip()
        short = _SHORT_NAME.match(face)
        for variant in (face, face.split(",")[0].strip(), short.group(1) if short else ""):
            if len(variant) >= 3:
                variants.add(variant)
    if not variants:
        return None
    alternatives = "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def blank_name(text: str, name: str) -> str:
    """``text`` with the card's own name replaced by a break (" ; ")."""
    pattern = _name_pattern(name)
    return pattern.sub(" ; ", text) if pattern else text


_PAREN = re.compile(r"\(([^()]*)\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_DASH = re.compile(r"\s+[—–-]\s+")


def _split_pair(en: str, it: str, splitter) -> list[tuple[str, str]]:
    """``splitter``'s parts of both sides, paired, if both have as many; else the whole pair."""
    en_parts, it_parts = splitter(en), splitter(it)
    if len(en_parts) == len(it_parts):
        return list(zip(en_parts, it_parts))
    return [(en, it)]


def _parens(text: str) -> list[str]:
    inside = _PAREN.findall(text)
    return [_PAREN.sub(" ; ", text), *inside] if inside else [text]


def _cost(text: str) -> list[str]:
    parts = text.split(":")
    return parts if len(parts) == 2 else [text]


def _sentences(text: str) -> list[str]:
    return [part for part in _SENTENCE.split(text.strip()) if part.strip()]


def segment_pairs(card: CardText, text: bool = True, type_line: bool = True) -> list[tuple[str, str]]:
    """The aligned (EN, IT) segments of a card's text (its names blanked) and of its type line."""
    pairs: list[tuple[str, str]] = []
    if text and card.text_en and card.text_it:
        en_lines, it_lines = card.text_en.split("\n"), card.text_it.split("\n")
        if len(en_lines) == len(it_lines):
            for en, it in zip(en_lines, it_lines):
                en, it = blank_name(en, card.name_en), blank_name(it, card.name_it)
                for a, b in _split_pair(en, it, _parens):
                    for c, d in _split_pair(a, b, _cost):
                        pairs.extend(_split_pair(c, d, _sentences))
    if type_line and card.type_en and card.type_it:
        pairs.extend(_split_pair(card.type_en, card.type_it, _DASH.split))
    return [(en.strip(), it.strip()) for en, it in pairs if en.strip() and it.strip()]


# --- analysis into units -------------------------------------------------------------------------

_WORD = re.compile(r"\w+(?:\.\w+)*")  # the words kb.text.analysis.terms reads
_JOIN = re.compile(r"[\s'’\-]*")  # what may stand between two words of one unit
_SYMBOL = re.compile(r"\{[^}]*\}")  # mana and tap symbols


@dataclass
class Side:
    """One side of a segment: its terms, the runs they form, and the words around each."""

    text: str
    terms: list[str] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)  # character span of each term
    run: list[int] = field(default_factory=list)  # run number of each term
    before: list[tuple[str, ...]] = field(default_factory=list)  # stop words just before each term
    after: list[tuple[str, ...]] = field(default_factory=list)  # stop words just after

    def units(self) -> Iterator[tuple[int, int]]:
        """The (start, end) spans of the units: 1..MAX_N terms within one run."""
        n = len(self.terms)
        for a in range(n):
            for b in range(a + 1, min(a + MAX_N, n) + 1):
                if self.run[b - 1] != self.run[a]:
                    break
                yield a, b

    def key(self, a: int, b: int) -> tuple[str, ...]:
        return tuple(self.terms[a:b])

    def surface(self, a: int, b: int) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """The words of span a..b, and the stop words just before and after it."""
        core = " ".join(self.text[self.spans[a][0]:self.spans[b - 1][1]].lower().split())
        return core, self.before[a], self.after[b - 1]


_NEGATED = re.compile(r"non[a-z]{3,}")


def _content(word: str, term: str, lang: str) -> bool:
    """Whether a word's term is unit material: not a number, a symbol's letter, a stray letter,
    nor an English "non-" word ("nonland"): Italian writes "non terra", and "non" is a stop word,
    so its translation would lose the negation."""
    if len(term) < 2 or any(ch.isdigit() for ch in word):
        return False
    return not (lang == "en" and _NEGATED.fullmatch(term) and term != "none")


def analyse_side(text: str, lang: str) -> Side:
    """The terms of ``text`` as ``kb.text.analysis.terms`` gives them (word by word, less the
    WEAK ones), with their places; numbers, symbols and punctuation break runs."""
    text = _SYMBOL.sub(" ; ", text)
    side = Side(text)
    run, last_end = 0, 0
    stops: list[str] = []  # stop words since the last term or break
    after: list[str] | None = None  # the stop words after the last term, while they continue
    for match in _WORD.finditer(text):
        word = match.group()
        if not _JOIN.fullmatch(text, last_end, match.start()):
            run, stops, after = run + 1, [], None
        last_end = match.end()
        found = analyse(word, lang)
        if found and found[0] in WEAK[lang]:
            found = []
        if not found:  # a stop word
            stops.append(word.lower())
            if after is not None and len(after) < 2:
                after.append(word.lower())
            continue
        if not _content(word, found[0], lang):
            run, stops, after = run + 1, [], None
            continue
        if side.terms:
            side.after[-1] = tuple(side.after[-1])
        side.terms.append(found[0])
        side.spans.append(match.span())
        side.run.append(run)
        side.before.append(tuple(stops[-2:]))
        after = []
        side.after.append(after)  # filled in place until the next term or break
        stops = []
    side.after = [tuple(a) for a in side.after]
    return side


# --- segments and units --------------------------------------------------------------------------


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


# --- association ---------------------------------------------------------------------------------

Table = dict[int, dict[int, float]]  # EN unit -> {IT unit: score}


def association(corpus: Corpus) -> Table:
    """EN unit -> {IT unit: Dice} for the atomic pairs seen together in ≥ MIN_COUNT segments."""
    n_it = max(1, len(corpus.it.units))
    keys, weights = [], []
    for seg in corpus.segments:
        if seg.en_units and seg.it_units:
            en = np.fromiter(set(seg.en_units.values()), dtype=np.int64)
            it = np.fromiter(set(seg.it_units.values()), dtype=np.int64)
            keys.append((en[:, None] * n_it + it[None, :]).ravel())
            weights.append(np.full(len(en) * len(it), seg.weight))
    if not keys:
        return {}
    pairs, inverse, seen = np.unique(np.concatenate(keys), return_inverse=True, return_counts=True)
    together = np.bincount(inverse, weights=np.concatenate(weights))
    keep = seen >= MIN_COUNT
    pairs, together = pairs[keep], together[keep]
    en, it = pairs // n_it, pairs % n_it
    dice = 2.0 * together / (corpus.en_n[en] + corpus.it_n[it] + PRIOR)
    keep = dice >= MIN_DICE
    keep &= ~np.isin(en, list(corpus.en_fragments)) & ~np.isin(it, list(corpus.it_fragments))
    table: Table = defaultdict(dict)
    for e, i, d in zip(en[keep].tolist(), it[keep].tolist(), dice[keep].tolist()):
        table[e][i] = d
    return _atomic(table, corpus)


def _cuts(unit: tuple[str, ...]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    return [(unit[:k], unit[k:]) for k in range(1, len(unit))]


def _atomic(table: Table, corpus: Corpus) -> Table:
    """The pairs of ``table`` that are units: they cannot be cut into two pairs that are each
    nearly as associated (ATOMIC of the pair's Dice) and each live outside it (each part occurs
    at least BOUND times as often as the whole on both sides: "down" hardly occurs outside
    "face down", so "face down" / "faccia in giù" stays whole)."""
    en_ids, it_ids = corpus.en.ids, corpus.it.ids
    en_units, it_units = corpus.en.units, corpus.it.units
    en_n, it_n = corpus.en_n, corpus.it_n

    def part(e: tuple[str, ...], i: tuple[str, ...], floor: float, whole_e: float, whole_i: float) -> bool:
        e_id, i_id = en_ids.get(e), it_ids.get(i)
        if e_id is None or i_id is None or table.get(e_id, {}).get(i_id, 0.0) < floor:
            return False
        return en_n[e_id] >= BOUND * whole_e and it_n[i_id] >= BOUND * whole_i

    out: Table = defaultdict(dict)
    for e_id, row in table.items():
        e = en_units[e_id]
        for i_id, d in row.items():
            i = it_units[i_id]
            floor, whole_e, whole_i = ATOMIC * d, en_n[e_id], it_n[i_id]
            cut = any(
                (part(e1, i1, floor, whole_e, whole_i) and part(e2, i2, floor, whole_e, whole_i))
                or (part(e1, i2, floor, whole_e, whole_i) and part(e2, i1, floor, whole_e, whole_i))
                for e1, e2 in _cuts(e) for i1, i2 in _cuts(i)
            )
            if not cut:
                out[e_id][i_id] = d
    return out


# --- competitive linking -------------------------------------------------------------------------


def link(seg: Segment, assoc: Table) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Competitive linking of one segment's spans: best association first, a term in one link;
    each new link at once absorbs the unlinked neighbours that belong to it."""
    it_spans: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for span, unit in seg.it_units.items():
        it_spans[unit].append(span)
    options = []
    for en_span, en_unit in seg.en_units.items():
        for it_unit, score in assoc.get(en_unit, {}).items():
            for it_span in it_spans.get(it_unit, ()):
                length = en_span[1] - en_span[0] + it_span[1] - it_span[0]
                options.append((score * (1.0 + TIE) ** (length - 2), score, en_span, it_span))
    options.sort(key=lambda o: (-o[0], o[2], o[3]))
    used = {"en": [False] * len(seg.en.terms), "it": [False] * len(seg.it.terms)}
    links = []
    for _, score, (ea, eb), (ia, ib) in options:
        if any(used["en"][ea:eb]) or any(used["it"][ia:ib]):
            continue
        used["en"][ea:eb] = [True] * (eb - ea)
        used["it"][ia:ib] = [True] * (ib - ia)
        links.append(_absorb(seg, assoc, options, used, [ea, eb, ia, ib], score))
    return [((ea, eb), (ia, ib)) for ea, eb, ia, ib in links]


def _rival(options: list, used: dict, side: str, k: int) -> float:
    """The best association still open to term ``k`` of ``side`` (0 if none)."""
    for _, score, (ea, eb), (ia, ib) in options:
        a, b = (ea, eb) if side == "en" else (ia, ib)
        if a <= k < b and not any(used["en"][ea:eb]) and not any(used["it"][ia:ib]):
            return score
    return 0.0


def _absorb(seg: Segment, assoc: Table, options: list, used: dict, item: list, score: float) -> list:
    """Grow a new link over unlinked neighbouring terms while the longer pair stays associated
    (ABSORB of the link's Dice) and each new term has no better link of its own to make."""
    while True:
        ea, eb, ia, ib = item
        best = None
        for side, (a, b) in (("en", (ea, eb)), ("it", (ia, ib))):
            words = seg.en if side == "en" else seg.it
            for na in range(max(0, b - MAX_N), a + 1):
                for nb in range(b, min(len(words.terms), na + MAX_N) + 1):
                    if (na, nb) == (a, b) or words.run[na] != words.run[nb - 1]:
                        continue
                    added = [*range(na, a), *range(b, nb)]
                    if any(used[side][k] for k in added):
                        continue
                    if side == "en":
                        e_unit, i_unit = seg.en_units.get((na, nb)), seg.it_units.get((ia, ib))
                    else:
                        e_unit, i_unit = seg.en_units.get((ea, eb)), seg.it_units.get((na, nb))
                    if e_unit is None or i_unit is None:
                        continue
                    new = assoc.get(e_unit, {}).get(i_unit)
                    if new is None or new < ABSORB * score or (best is not None and new <= best[0]):
                        continue
                    if all(new > _rival(options, used, side, k) for k in added):
                        best = (new, side, na, nb, added)
        if best is None:
            return item
        _, side, na, nb, added = best
        for k in added:
            used[side][k] = True
        item = [na, nb, ia, ib] if side == "en" else [ea, eb, na, nb]


@dataclass
class Evidence:
    weight: float = 0.0  # weighted linked segments
    segments: int = 0  # distinct linked segments
    lines: int = 0  # linked lines, repeats counted
    en_forms: Counter = field(default_factory=Counter)
    it_forms: Counter = field(default_factory=Counter)


def run_linking(corpus: Corpus, assoc: Table) -> dict[tuple[int, int], Evidence]:
    found: dict[tuple[int, int], Evidence] = defaultdict(Evidence)
    for seg in corpus.segments:
        for en_span, it_span in link(seg, assoc):
            ev = found[(seg.en_units[en_span], seg.it_units[it_span])]
            ev.weight += seg.weight
            ev.segments += 1
            ev.lines += seg.lines
            ev.en_forms[seg.en.surface(*en_span)] += seg.lines
            ev.it_forms[seg.it.surface(*it_span)] += seg.lines
    return found


# --- selection -----------------------------------------------------------------------------------


@dataclass
class Entry:
    en: tuple[str, ...]
    it: tuple[str, ...]
    en_form: str
    it_form: str
    score: float
    count: int


def choose_form(forms: Counter, lang: str) -> str:
    """The most frequent form, framed by the words of a locution when nearly always there:
    "faccia" in "a faccia in su"."""
    by_core: Counter = Counter()
    for (core, _, _), n in forms.items():
        by_core[core] += n
    core, total = by_core.most_common(1)[0]
    if total < FORM_MIN:
        return core
    before, after = Counter(), Counter()
    for (c, stops_before, stops_after), n in forms.items():
        if c == core:
            before[stops_before[-1:]] += n
            after[stops_after] += n
    frame_before, frame_after = LOCUTION_FRAMES.get(lang, ((), ()))
    words = [core]
    for stops in frame_before:
        if before[stops] >= FORM_SHARE * total:
            words.insert(0, " ".join(stops))
    for stops in frame_after:
        if after[stops] >= FORM_SHARE * total:
            words.append(" ".join(stops))
    return " ".join(words)


def _composed(en: tuple[str, ...], it: tuple[str, ...], kept: dict) -> bool:
    """Whether the pair is a combination of shorter kept pairs: ``en`` cut into pieces, ``it`` cut
    into as many, each EN piece paired with one IT piece (in any order)."""
    if len(en) + len(it) <= 2:
        return False
    for k in range(2, min(len(en), len(it)) + 1):
        for en_pieces in _pieces(en, k):
            for it_pieces in _pieces(it, k):
                for order in permutations(it_pieces):
                    if all(i in kept.get(e, ()) for e, i in zip(en_pieces, order)):
                        return True
    return False


def _pieces(unit: tuple[str, ...], k: int) -> Iterator[list[tuple[str, ...]]]:
    """The ways to cut ``unit`` into ``k`` non-empty consecutive pieces."""
    if k == 1:
        yield [unit]
        return
    for cut in range(1, len(unit) - k + 2):
        for rest in _pieces(unit[cut:], k - 1):
            yield [unit[:cut], *rest]


def _related(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two one-term units that are stems of one word ("sacrif", "sacrific"): one starts the other."""
    if len(a) != 1 or len(b) != 1 or a == b:
        return False
    short, long = sorted((a[0], b[0]), key=len)
    return len(short) >= FAMILY and long.startswith(short)


def _siblings(found, scored, corpus: Corpus, en_links, it_links) -> list:
    """Pairs kept for a stem of a word whose other stem is kept: Snowball stems "sacrifice" as
    "sacrific" but "sacrificed" as "sacrif", and "sacrificare" as "sacrific" but "sacrifica" as
    "sacrif"; the pair sacrific / sacrific has few links of its own, but the Italian stem's links
    all go to the English word. Score: the share of the sibling's links going to the other
    word's stems."""
    kept = {pair for pair, _ in scored}
    en_of = defaultdict(list)  # EN unit -> kept IT units
    it_of = defaultdict(list)
    for e, i in kept:
        en_of[e].append(i)
        it_of[i].append(e)
    by_en = defaultdict(dict)  # EN unit -> {IT unit: link weight}
    by_it = defaultdict(dict)
    for (e, i), ev in found.items():
        by_en[e][i] = ev.weight
        by_it[i][e] = ev.weight
    en_units, it_units = corpus.en.units, corpus.it.units
    out = []
    for (e, i), ev in found.items():
        if (e, i) in kept or ev.segments < MIN_LINKS or len(en_units[e]) != 1 or len(it_units[i]) != 1:
            continue
        shares = []
        if any(_related(it_units[i], it_units[j]) for j in en_of.get(e, ())):
            # the IT unit is a sibling of a kept translation of e: its links to e's family
            family = {e} | {f for f in by_it[i] if _related(en_units[e], en_units[f])}
            shares.append(sum(by_it[i].get(f, 0.0) for f in family) / it_links[i])
        if any(_related(en_units[e], en_units[f]) for f in it_of.get(i, ())):
            family = {i} | {j for j in by_en[e] if _related(it_units[i], it_units[j])}
            shares.append(sum(by_en[e].get(j, 0.0) for j in family) / en_links[e])
        if shares:
            score = max(shares) * ev.weight / (ev.weight + SHRINK)
            if score >= MIN_SCORE:
                out.append(((e, i), score))
    return out


def select(found: dict[tuple[int, int], Evidence], corpus: Corpus, assoc: Table) -> list[Entry]:
    """The entries: pairs with enough links, taking a real share of both sides' links."""
    en_units, it_units = corpus.en.units, corpus.it.units
    en_links: Counter = Counter()
    it_links: Counter = Counter()
    for (e, i), ev in found.items():
        en_links[e] += ev.weight
        it_links[i] += ev.weight
    scored = []
    for (e, i), ev in found.items():
        single = len(en_units[e]) + len(it_units[i]) == 2
        if ev.segments < (MIN_LINKS if single else MIN_LINKS_MULTI):
            continue
        shares = sorted((ev.weight / en_links[e], ev.weight / it_links[i]))
        if shares[0] < MINOR:
            continue
        score = shares[1] * ev.weight / (ev.weight + SHRINK)
        if score >= MIN_SCORE and assoc.get(e, {}).get(i, 0.0) >= MIN_ASSOC:
            scored.append(((e, i), score))
    scored.extend(_siblings(found, scored, corpus, en_links, it_links))

    # the best KEEP translations of each unit, on both sides
    ranked_en: dict[int, list] = defaultdict(list)
    ranked_it: dict[int, list] = defaultdict(list)
    for pair, score in scored:
        ranked_en[pair[0]].append((-score, pair))
        ranked_it[pair[1]].append((-score, pair))
    best_en = {pair for rows in ranked_en.values() for _, pair in sorted(rows)[:KEEP]}
    best_it = {pair for rows in ranked_it.values() for _, pair in sorted(rows)[:KEEP]}
    top = [(pair, score) for pair, score in scored if pair in best_en and pair in best_it]
    entries = []
    for (e, i), score in top:
        ev = found[(e, i)]
        entries.append(Entry(
            en=en_units[e], it=it_units[i],
            en_form=choose_form(ev.en_forms, "en"), it_form=choose_form(ev.it_forms, "it"),
            score=round(float(score), 3), count=ev.lines,
        ))
    # shortest first, so that a pair is checked against the shorter pairs kept before it
    entries.sort(key=lambda x: (len(x.en) + len(x.it), -x.score, x.en, x.it))
    kept: dict[tuple[str, ...], set[tuple[str, ...]]] = defaultdict(set)
    out = []
    for entry in entries:
        if not _composed(entry.en, entry.it, kept):
            kept[entry.en].add(entry.it)
            out.append(entry)
    drop = _nested(out)
    return sorted((e for e in out if (e.en, e.it) not in drop), key=lambda x: (x.en, x.it))


def _inside(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
    """Whether ``small`` is a proper run of consecutive terms of ``big``."""
    return len(small) < len(big) and any(big[k:k + len(small)] == small for k in range(len(big) - len(small) + 1))


def _runs(unit: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    for a in range(len(unit)):
        for b in range(a + 1, len(unit) + 1):
            yield unit[a:b]


def _nested(entries: Sequence[Entry]) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Of two kept pairs sharing one side, the other side of one inside the other's ("shuffle" /
    "rimescola" and "shuffle" / "poi rimescola"), the one to drop: the longer if its extra
    words translate nothing on the shared side (padding: "poi"), else the shorter, which leaves
    part of the shared side untranslated ("enters the battlefield" / "entra", beside "entra nel
    campo di battaglia": "campo di battaglia" translates "battlefield")."""
    pairs = {(e.en, e.it) for e in entries}
    by_en: dict = defaultdict(list)
    by_it: dict = defaultdict(list)
    for en, it in pairs:
        by_en[en].append(it)
        by_it[it].append(en)

    def translated(extra: tuple[str, ...], shared: tuple[str, ...], extra_is_it: bool) -> bool:
        for piece in _runs(extra):
            for part in _runs(shared):
                if ((part, piece) if extra_is_it else (piece, part)) in pairs:
                    return True
        return False

    drop = set()
    for en, it in pairs:
        for shorter in by_en[en]:
            if _inside(shorter, it):
                extra = tuple(t for t in it if t not in shorter)
                drop.add((en, shorter) if translated(extra, en, True) else (en, it))
        for shorter in by_it[it]:
            if _inside(shorter, en):
                extra = tuple(t for t in en if t not in shorter)
                drop.add((shorter, it) if translated(extra, it, False) else (en, it))
    return drop


def learn(cards: Iterable[CardText], log=None) -> tuple[list[Entry], Counter]:
    """The lexicon entries learned from ``cards``, and counts describing the run."""
    say = log or (lambda _: None)
    t0 = time.perf_counter()
    corpus = build_corpus(cards)
    stats = corpus.stats
    say(f"{stats['segments']} segments ({stats['lines']} lines) from {stats['cards']} cards "
        f"({time.perf_counter() - t0:.1f}s)")
    assoc = association(corpus)
    stats["candidate pairs"] = sum(len(row) for row in assoc.values())
    say(f"{stats['candidate pairs']} candidate pairs ({time.perf_counter() - t0:.1f}s)")
    found = run_linking(corpus, assoc)
    stats["linked pairs"] = len(found)
    say(f"{len(found)} linked pairs ({time.perf_counter() - t0:.1f}s)")
    entries = select(found, corpus, assoc)
    stats["entries"] = len(entries)
    return entries, stats


# --- output --------------------------------------------------------------------------------------


def write_tsv(entries: Sequence[Entry], out: Path, stats: Counter, command: str) -> None:
    multi = sum(1 for e in entries if len(e.en) > 1 or len(e.it) > 1)
    lines = [
        "# kb: EN<->IT lexicon of Magic terms, learned from parallel printed card texts. Do not edit:",
        "# regenerate it (kb/text/learn_lexicon.py explains how it is learned).",
        f"# command: {command}",
        f"# date: {date.today().isoformat()}",
        f"# corpus: {stats['cards']} cards, {stats['segments']} distinct aligned segments "
        f"({stats['lines']} lines), {stats['candidate pairs']} candidate pairs, "
        f"{stats['linked pairs']} linked pairs",
        f"# entries: {len(entries)} ({len(entries) - multi} single-term, {multi} multi-term); kept: "
        f"links in >= {MIN_LINKS} segments, score >= {MIN_SCORE}, top {KEEP} per unit",
        "# columns: analysed terms (kb.text.analysis) EN, IT; most frequent surface forms EN, IT;",
        "#          score 0..1 (the pair's share of the links of its more faithful side, lower when",
        "#          evidence is little); count: lines of evidence (linked segments, repeats counted)",
        "\t".join(HEADER_FIELDS),
    ]
    for e in sorted(entries, key=lambda x: (x.en, x.it)):
        lines.append("\t".join([
            " ".join(e.en), " ".join(e.it), _clean(e.en_form), _clean(e.it_form),
            f"{e.score:.3f}", str(e.count),
        ]))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _clean(form: str) -> str:
    return " ".join(form.replace("\t", " ").split())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.text.learn_lexicon",
                                     description="Learn the EN<->IT lexicon of Magic terms from card texts.")
    parser.add_argument("corpus", type=Path, help="folder with cards_it.jsonl and/or mtgjson/*.json.gz")
    parser.add_argument("--out", type=Path, default=Path("kb/vocab/lexicon.tsv"), help="the TSV to write")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    if not (args.corpus / "cards_it.jsonl").exists() and not list(args.corpus.glob("mtgjson/*.json*")):
        parser.error(f"{args.corpus}: no cards_it.jsonl nor mtgjson/*.json(.gz) there")
    log = None if args.quiet else (lambda msg: print(msg, file=sys.stderr))
    t0 = time.perf_counter()
    entries, stats = learn(read_corpus(args.corpus), log=log)
    write_tsv(entries, args.out, stats, f"python -m kb.text.learn_lexicon {args.corpus} --out {args.out}")
    if log:
        log(f"{len(entries)} entries -> {args.out} ({time.perf_counter() - t0:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
