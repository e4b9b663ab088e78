"""Deciding a ruling's language, and finding fragments of the other language inside it.

Evidence, per word: stop words of one language only are strong evidence; other words are weak
evidence by their ending (Italian words end in a vowel); runs of capitalised words are card names
and count for nothing ("Chalice of the Void" inside an Italian ruling is not English text). A ruling
is *mixed* when it holds a run of two or more words of the other language: "(such as a madness
cost)" inside an Italian ruling, or "una carta con split second".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available

from .analysis import fold, stopwords

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_ACCENTED = re.compile(r"[àèéìíòóùú]")
_SENTENCE_END = set(".!?:;(\"«“")
# Abbreviations ("e.g." is not the Italian "e") and symbols ({T}, {2}{R}) carry no evidence.
_MASKED = re.compile(r"\b(?:e\.g|i\.e|etc|vs|ecc)\.|\{[^}]*\}|&\w+;", re.IGNORECASE)
_CONTRACTIONS = {"t", "s", "re", "ll", "ve", "d", "m"}  # don't, it's, you're, ...

IT, EN, NEUTRAL = "it", "en", None


@dataclass(frozen=True)
class Verdict:
    lang: str
    mixed: bool
    fragments: tuple[tuple[int, int], ...] = ()  # character spans of the other language


@lru_cache(maxsize=1)
def _evidence_data():
    text = resources.files("kb").joinpath("vocab/language.yaml").read_text("utf-8")
    data = yaml.load(text, Loader=LOADER)
    it_stop, en_stop = stopwords("it"), stopwords("en")
    return {
        "it": (it_stop - en_stop - set(data["shared"])) | set(data["italian"]),
        "en": en_stop - it_stop - set(data["shared"]),
        "shared": frozenset(data["shared"]),
        "all_it_stop": it_stop,
        "loan": frozenset(data["loanwords"]),
        "connectors": frozenset(data["name_connectors"]),
    }


def _is_capitalised(word: str) -> bool:
    return word[0].isupper()


def _at_sentence_start(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i].isspace():
        i -= 1
    return i < 0 or text[i] in _SENTENCE_END


def _name_mask(text: str, words: list[str], starts: list[int]) -> set[int]:
    """Indexes of words that belong to card names: runs of capitalised words (with connectors)."""
    connectors = _evidence_data()["connectors"]
    masked: set[int] = set()
    i, n = 0, len(words)
    while i < n:
        if not words[i][0].isupper():
            i += 1
            continue
        run, j = [i], i + 1
        while j < n:
            if words[j][0].isupper():
                run.append(j)
                j += 1
                continue
            k = j
            while k < n and words[k].lower() in connectors:
                k += 1
            if k == j or k == n or not words[k][0].isupper():
                break
            run.extend(range(j, k + 1))
            j = k + 1
        capitals = sum(1 for k in run if words[k][0].isupper())
        if capitals >= 2 or not _at_sentence_start(text, starts[i]):
            masked.update(run)
        i = j
    return masked


@lru_cache(maxsize=100_000)
def _classify(word: str) -> tuple[str | None, bool]:
    data = _evidence_data()
    if "'" in word or "’" in word:
        head, _, tail = word.replace("’", "'").partition("'")
        if tail.lower() in _CONTRACTIONS:
            return EN, True
        word = head if len(head) > 1 else tail  # Italian elision: l'abilità, dell'avversario
    lower = word.lower()
    if len(lower) < 2 and lower != "e":
        return NEUTRAL, False
    folded = fold(lower)
    if lower in data["it"] or folded in data["it"]:
        return IT, True
    if lower in data["en"]:
        return EN, True
    if lower in data["loan"] or lower in data["shared"] or lower.isupper():
        return NEUTRAL, False
    if folded in data["all_it_stop"]:
        return NEUTRAL, False
    if word[1:] != word[1:].lower():  # TAPpata, CMC: abbreviations, no evidence
        return NEUTRAL, False
    if _ACCENTED.search(lower):
        return IT, True
    return (IT if folded[-1] in "aeiou" else EN), False


# Evidence codes: strong and weak evidence for each language.
STRONG_IT, WEAK_IT, NONE, WEAK_EN, STRONG_EN = 2, 1, 0, -1, -2
_WEIGHT = {STRONG_IT: 2.0, WEAK_IT: 0.5, NONE: 0.0, WEAK_EN: -0.5, STRONG_EN: -2.0}
_CODE = {(IT, True): STRONG_IT, (IT, False): WEAK_IT, (EN, False): WEAK_EN, (EN, True): STRONG_EN}


@lru_cache(maxsize=100_000)
def _code(word: str) -> int:
    return _CODE.get(_classify(word), NONE)


def _fragments(codes: list[int], spans: list[tuple[int, int]], other: str) -> list[tuple[int, int]]:
    """Runs holding two or more words of the ``other`` language.

    A run ends at strong evidence of the ruling's own language; weak evidence ("choose" looks
    Italian by its ending) may sit inside a run but not at its ends. Vowel endings are common in
    English, so an Italian fragment needs two strong words.
    """
    sign = 1 if other == IT else -1
    need_strong = 2 if other == IT else 0
    found, run = [], []

    def close():
        evidence = [k for k in run if codes[k] * sign > 0]
        strong = sum(1 for k in evidence if codes[k] * sign == 2)
        if len(evidence) >= 2 and strong >= need_strong:
            found.append((spans[evidence[0]][0], spans[evidence[-1]][1]))

    for k, code in enumerate(codes):
        if code * sign > 0 or (run and code * sign != -2):
            run.append(k)
        elif run:
            close()
            run = []
    if run:
        close()
    return found


def detect(text: str, hint: str | None = None) -> Verdict:
    """The language of ``text`` ("it" or "en") and whether it carries the other language.

    ``hint`` decides when the text holds no evidence either way (a bare card name, "X.").
    """
    clean = _MASKED.sub(lambda m: " " * len(m.group()), text)
    matches = list(_WORD.finditer(clean))
    words = [m.group() for m in matches]
    spans = [m.span() for m in matches]
    masked = _name_mask(clean, words, [s for s, _ in spans]) if any(
        w[0].isupper() for w in words
    ) else ()
    codes = [NONE if i in masked else _code(w) for i, w in enumerate(words)]
    score = sum(_WEIGHT[c] for c in codes)
    lang = (hint or EN) if score == 0 else (IT if score > 0 else EN)
    other = EN if lang == IT else IT
    sign = 1 if other == IT else -1
    enough = sum(1 for c in codes if c * sign == 2) >= 2 if other == IT else (
        sum(1 for c in codes if c * sign > 0) >= 2
    )
    fragments = _fragments(codes, spans, other) if enough else []
    return Verdict(lang, bool(fragments), tuple(fragments))
