"""The lexicon learner's alignment: how associated each EN/IT unit pair is (Dice, atomic pairs
only), and competitive linking of the units of each segment; see ``kb.learn.lexicon``, steps 3
and 4."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

import numpy as np

from kb.learn.corpus import MIN_COUNT, Corpus, Segment
from kb.learn.segments import MAX_N

MIN_DICE = 0.05  # association of a candidate pair
PRIOR = 20.0  # Dice = 2 together / (segments of one + of the other + PRIOR): little evidence, less sure
ATOMIC = 0.7  # a pair is cut if both parts have at least this share of its Dice ...
BOUND = 1.5  # ... and each part occurs at least this many times as often as the whole
TIE = 0.02  # linking: each term beyond two raises a pair's Dice by this share (longer wins ties)
ABSORB = 0.5  # a link takes unlinked neighbours if the longer pair's Dice is ≥ this share of its


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
