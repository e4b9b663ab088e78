"""Pairing translations: each Italian ruling with its English counterpart.

Candidates are the rulings of the same card (its Italian and English names meet through the names
table), of the same date, in the other language. Among them a ruling and its translation are
told apart by content, scored per candidate pair:

- the same executable checks and the same tags (what the ruling claims and is about);
- the same numbers and mana symbols, and the same names of cards quoted in the text;
- shared character trigrams of the longer words (cognates: priorità/priority, controllore/
  controller, and the English fragments an Italian ruling keeps);
- a similar position among that day's rulings of the card, and a similar length.

Pairs are then chosen best score first, one partner each, above a floor below which two rulings
have too little in common to be called a translation.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import groupby
from typing import Iterable

from kb.records import Ruling
from kb.text.analysis import fold
from kb.text.language import _name_spans

FLOOR = 3.0
WEIGHTS = {"checks": 3.0, "tags": 2.0, "numbers": 2.0, "names": 2.0, "trigrams": 4.0, "position": 2.0, "length": 1.0}
_NUMBER = re.compile(r"\{[^}]*\}|\d+(?:[.,]\d+)?")
_LONG_WORD = re.compile(r"[^\W\d_]{4,}")


@dataclass(frozen=True)
class Features:
    ruling: Ruling
    position: float  # 0..1 among the day's rulings of the card in its language
    numbers: frozenset
    names: frozenset
    trigrams: frozenset


def features(ruling: Ruling, position: float) -> Features:
    text = ruling.text
    names = frozenset(fold(text[a:b]) for a, b in _name_spans(text))
    grams = frozenset(
        word[k : k + 3] for word in map(fold, _LONG_WORD.findall(text)) for k in range(len(word) - 2)
    )
    return Features(ruling, position, frozenset(_NUMBER.findall(text)), names, grams)


def _jaccard(a: Iterable, b: Iterable, empty: float = 0.0) -> float:
    a, b = set(a), set(b)
    if not a and not b:
        return empty  # no evidence for the pair
    return len(a & b) / len(a | b)


def score(it: Features, en: Features) -> float:
    """How likely ``en`` is the English counterpart of ``it`` (higher is likelier)."""
    ratio = len(it.ruling.text) / max(1, len(en.ruling.text))
    parts = {
        "checks": _jaccard(it.ruling.checks, en.ruling.checks),
        "tags": _jaccard(it.ruling.tags, en.ruling.tags),
        "numbers": _jaccard(it.numbers, en.numbers),
        "names": _jaccard(it.names, en.names),
        "trigrams": _jaccard(it.trigrams, en.trigrams),
        "position": 1.0 - abs(it.position - en.position),
        # Italian runs some 10% longer than English
        "length": max(0.0, 1.0 - abs(math.log(max(ratio, 1e-6)) - 0.1)),
    }
    return sum(WEIGHTS[name] * value for name, value in parts.items())


def _positions(rulings: list[Ruling]) -> list[Features]:
    ordered = sorted(rulings, key=lambda r: (r.source_file, _line(r), r.id))
    last = max(1, len(ordered) - 1)
    return [features(r, k / last if len(ordered) > 1 else 0.5) for k, r in enumerate(ordered)]


def _line(ruling: Ruling) -> int:
    tail = ruling.source.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def pair_day(italian: list[Ruling], english: list[Ruling]) -> list[tuple[str, str, float]]:
    """(Italian id, English id, score) for one card and date, best pairs first."""
    if not italian or not english:
        return []
    its, ens = _positions(italian), _positions(english)
    scored = sorted(
        ((score(i, e), i.ruling.id, e.ruling.id) for i in its for e in ens),
        key=lambda item: (-item[0], item[1], item[2]),
    )
    taken_it, taken_en, pairs = set(), set(), []
    for value, it_id, en_id in scored:
        if value < FLOOR or it_id in taken_it or en_id in taken_en:
            continue
        taken_it.add(it_id)
        taken_en.add(en_id)
        pairs.append((it_id, en_id, round(value, 3)))
    return pairs


def pair_translations(records: Iterable[Ruling]) -> dict[str, str]:
    """Italian ruling id → English ruling id, over all cards and dates."""
    by_day = sorted(records, key=lambda r: (r.key, r.date, r.lang))
    pairs: dict[str, str] = {}
    for _, group in groupby(by_day, key=lambda r: (r.key, r.date)):
        day = list(group)
        italian = [r for r in day if r.lang == "it"]
        english = [r for r in day if r.lang == "en"]
        for it_id, en_id, _ in pair_day(italian, english):
            pairs[it_id] = en_id
    return pairs
