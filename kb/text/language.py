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


from kb.text import yaml_data
from kb.text.analysis import fold, stopwords


_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_ACCENTED = re.compile(r"[àèéìíòóùú]")
# Abbreviations ("e.g." is not the Italian "e") and symbols ({T}, {2}{R}) carry no evidence.
_MASKED = re.compile(r"\b(?:e\.g|i\.e|etc|vs|ecc)\.|\{[^}]*\}|&\w+;", re.IGNORECASE)
_ABBREVIATION_HINT = re.compile(r"[gecsGECS]\.")
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
    data = yaml_data.load(text)
    it_stop, en_stop = stopwords("it"), stopwords("en")
    return {
        "it": (it_stop - en_stop - set(data["shared"])) | set(data["italian"]),
        "en": en_stop - it_stop - set(data["shared"]),
        "shared": frozenset(data["shared"]),
        "all_it_stop": it_stop,
        "loan": frozenset(data["loanwords"]),
        "connectors": frozenset(data["name_connectors"]),
    }


_CAPITAL = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:['’][^\W\d_]+)*")
_SENTENCE_END = frozenset(".!?:;(\"«“")
# Two capitalised words in a row, perhaps joined by connectors: a quick test before the scan.
_HAS_RUN = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_]*['’]?\w*\s+(?:[a-zà-ÿ]+\s+){0,3}[A-ZÀ-ÖØ-Þ]")


def _capital_runs(text: str, connectors: frozenset | None = None) -> list[list[re.Match]]:
    """Runs of capitalised words joined by spaces and lower-case connectors ("of the", "di")."""
    if connectors is None:
        connectors = _evidence_data()["connectors"]
    runs: list[list[re.Match]] = []
    for match in _CAPITAL.finditer(text):
        if match.start() and text[match.start() - 1].isalnum():
            continue  # inside a word: "nonHuman", "en-Kor" is handled below
        between = text[runs[-1][-1].end() : match.start()] if runs else ""
        if between[:1].isspace() and all(w in connectors for w in between.split()):
            runs[-1].append(match)
        else:
            runs.append([match])
    return runs


def _name_spans(text: str) -> list[tuple[int, int]]:
    """Card names: runs of two or more capitalised words (joined by spaces and lower-case
    connectors such as "of the", "di"), and single capitalised words that open no sentence."""
    spans: list[tuple[int, int]] = []
    for run in _capital_runs(text):
        start = run[0].start()
        if len(run) > 1 or not _opens_sentence(text, start):
            spans.append((start, run[-1].end()))
    return spans


def card_name_spans(text: str, connectors: frozenset = frozenset()) -> list[tuple[int, int, int]]:
    """Multi-word card names ("Descent into Madness"), for tagging: ``(start, name_start, end)``.

    Only runs of two or more capitalised words count (a single capitalised word inside a sentence
    is as often a keyword written with a capital). A run that opens a sentence may begin with an
    ordinary capitalised word ("If Descent into Madness", "Sacrifice Llanowar Elves"), so its name
    starts at the second word, unless the same run is a name inside a sentence elsewhere in the
    text; ``start`` is the start of the whole run. ``connectors`` are more
    lower-case words that may join the words of a name ("into", "over"), besides those of
    ``kb/vocab/language.yaml``.
    """
    if not _HAS_RUN.search(text):
        return []
    runs = [run for run in _capital_runs(text, _connectors_with(connectors)) if len(run) > 1]
    inside = {text[run[0].start() : run[-1].end()] for run in runs if not _opens_sentence(text, run[0].start())}
    spans = []
    for run in runs:
        start, end = run[0].start(), run[-1].end()
        # the first word of a run that opens a sentence is the name's too if the run is a name
        # elsewhere in the text ("…as Warped Physique resolves. Warped Physique won't…")
        first = 1 if _opens_sentence(text, start) and text[start:end] not in inside else 0
        if len(run) - first > 1:  # one capitalised word left is as often a keyword ("Each Vehicle is…")
            spans.append((start, run[first].start(), end))
    return spans


@lru_cache(maxsize=8)
def _connectors_with(extra: frozenset) -> frozenset:
    return _evidence_data()["connectors"] | extra


def _opens_sentence(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i].isspace():
        i -= 1
    return i < 0 or text[i] in _SENTENCE_END


def _blank(match: re.Match) -> str:
    return " " * len(match.group())


def _without_names(text: str) -> str:
    """The text with card names blanked out (same length, so offsets stay valid)."""
    spans = _name_spans(text)
    if not spans:
        return text
    parts, at = [], 0
    for start, end in spans:
        parts += [text[at:start], " " * (end - start)]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def _without_symbols(text: str) -> str:
    """Abbreviations ("e.g." is not the Italian "e"), {T} symbols and &entities; blanked out."""
    if "{" in text or "&" in text or _ABBREVIATION_HINT.search(text):
        return _MASKED.sub(_blank, text)
    return text


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


# Evidence weights: strong and weak evidence for each language (Italian positive).
STRONG, WEAK = 2.0, 0.5
_WEIGHT = {(IT, True): STRONG, (IT, False): WEAK, (EN, False): -WEAK, (EN, True): -STRONG}


@lru_cache(maxsize=100_000)
def _weight(word: str) -> float:
    return _WEIGHT.get(_classify(word), 0.0)


def _fragments(weights: list[float], spans: list[tuple[int, int]], other: str) -> list[tuple[int, int]]:
    """Runs holding two or more words of the ``other`` language.

    A run ends at strong evidence of the ruling's own language; weak evidence ("choose" looks
    Italian by its ending) may sit inside a run but not at its ends. Vowel endings are common in
    English, so an Italian fragment needs two strong words.
    """
    sign = 1.0 if other == IT else -1.0
    need_strong = 2 if other == IT else 0
    found, run = [], []

    def close():
        evidence = [k for k in run if weights[k] * sign > 0]
        strong = sum(1 for k in evidence if weights[k] * sign == STRONG)
        if len(evidence) >= 2 and strong >= need_strong:
            found.append((spans[evidence[0]][0], spans[evidence[-1]][1]))

    for k, weight in enumerate(weights):
        if weight * sign > 0 or (run and weight * sign != -STRONG):
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
    clean = _without_names(_without_symbols(text))
    weights = list(map(_weight, _WORD.findall(clean)))
    score = sum(weights)
    lang = (hint or EN) if score == 0 else (IT if score > 0 else EN)
    other = EN if lang == IT else IT
    if other == IT:
        enough = weights.count(STRONG) >= 2
    else:
        enough = len(weights) - sum(1 for w in weights if w >= 0) >= 2
    if not enough:
        return Verdict(lang, False)
    spans = [m.span() for m in _WORD.finditer(clean)]
    fragments = _fragments(weights, spans, other)
    return Verdict(lang, bool(fragments), tuple(fragments))
