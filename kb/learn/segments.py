"""The lexicon learner's segments: the aligned (EN, IT) pieces of a card's two texts, their card
names blanked (``segment_pairs``), and each side analysed into terms and the units they form
(``analyse_side``); see ``kb.learn.lexicon``, steps 1 and 2."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

from kb.learn.cards import CardText, aligned_lines
from kb.text.analysis import terms as analyse

MAX_N = 3  # longest unit, in terms

# Terms the analysis keeps that mean nothing on their own: stubs of English contractions
# ("isn't" -> "isn") and Italian pronouns; the learner treats them as stop words.
WEAK = {
    "en": frozenset({"isn", "wasn", "doesn", "didn", "aren", "weren", "couldn", "hasn", "haven",
                     "hadn", "shouldn", "wouldn"}),
    "it": frozenset({"esso", "essa", "essi", "esse"}),
}


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
        for en, it in aligned_lines(card, unglue=False):
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

