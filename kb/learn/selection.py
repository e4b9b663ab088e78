"""The lexicon learner's selection: the linked pairs kept as entries of the lexicon, and the surface
form shown for each side; see ``kb.learn.lexicon``, step 5."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import permutations
from typing import Iterator, Sequence

from kb.learn.align import Evidence, Table
from kb.learn.corpus import Corpus

MIN_LINKS = 3  # distinct segments of evidence of a kept pair of one term each ...
MIN_LINKS_MULTI = 10  # ... and of one with more terms
MINOR = 0.05  # a kept pair takes at least this share of the links of each of its sides
SHRINK = 1.0  # score = the larger share x links / (links + SHRINK)
MIN_SCORE = 0.5  # score of a kept pair ...
MIN_ASSOC = 0.08  # ... and its Dice (words with no counterpart, "would", get linked to leftovers)
KEEP = 3  # translations kept per unit
FAMILY = 6  # one-term units are stems of one word if the shorter, this long at least, starts the other
FORM_SHARE = 0.8  # a locution's frame is part of a form if it is there this often
FORM_MIN = 5  # ... in at least this many linked lines
# Stop words that frame a form when nearly always around it (per language: before, after):
# the prepositions of locutions ("a faccia in su", "a faccia in giù").
LOCUTION_FRAMES = {"it": ((("a",),), (("in", "su"),))}



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
