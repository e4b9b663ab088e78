"""Linking a ruling to the checks that encode its claim, from cue phrases in data.

The cues live in ``kb/vocab/check_links.yaml`` (its header describes the format). They are
analysed once and indexed by their first term; a ruling costs a set intersection with that index,
and a positional match only for the few phrases whose words all occur in it::

    link("Being goaded isn't an ability the creature has.", "en", ("goad",))
        -> Links(checks=("goad.not_an_ability",), no_check=None)

An Italian ruling is matched against the Italian cues and the English ones (Italian rulings quote
English passages and keyword names); an English ruling against the English cues. Pass ``terms``
(``{lang: kb.analysis.terms(text, lang)}``, as ingest computes them) to skip the analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterator, Mapping, Optional, Sequence

import yaml

from kb.text.analysis import LANGS, phrase_terms
from kb.text.analysis import terms as analyse

GAP = "…"
MEMO_SIZE = 100_000  # remembered links; the memo starts afresh when full
CUE_LANGS = {"it": ("it", "en"), "en": ("en",)}

Slot = frozenset  # the terms one position of a phrase accepts; GAP_SLOT for a gap
GAP_SLOT: Slot = frozenset({GAP})


@dataclass(frozen=True)
class Links:
    """The checks a ruling links to, or why it links to none (``no_check``)."""

    checks: tuple[str, ...] = ()
    no_check: Optional[str] = None

    def __iter__(self) -> Iterator[str]:
        return iter(self.checks)


@dataclass(frozen=True)
class Cue:
    target: str  # a check id, or the reason of a no_check entry
    phrases: tuple[int, ...]  # indexes into the linker's phrases of that language
    tags: frozenset
    is_check: bool = True


class LinkDataError(ValueError):
    """The link data is malformed (a phrase with no searchable word, an unknown key)."""


@dataclass(frozen=True)
class _Group:
    """The cues that require the same tags, with their phrases indexed by first term."""

    tags: frozenset
    index: dict  # first term -> phrase numbers
    cues: dict  # phrase number -> cues whose first phrase it is


class Linker:
    """Cues of every language, analysed, grouped by the tags they require, indexed by first term.

    A ruling is matched only against the groups whose tags it has (merged once per set of tags),
    and a phrase is tried only if its first term and a term of each of its slots occur in the
    ruling: most rulings cost a set intersection or two.
    """

    def __init__(self, data: Mapping):
        checks = data.get("checks", {}) or {}
        self.gap = int(data.get("gap", 5))
        self.check_ids: tuple[str, ...] = tuple(checks)
        self.corpus_checks = frozenset(k for k, v in checks.items() if v.get("origin") == "corpus")
        self.examples = {k: v.get("examples", {}) for k, v in checks.items()}
        self.reasons: tuple[str, ...] = tuple(entry["reason"] for entry in data.get("no_check", ()) or ())
        self._phrases: dict[str, list[tuple[Slot, ...]]] = {lang: [] for lang in LANGS}
        self._known: dict[str, dict[tuple[Slot, ...], int]] = {lang: {} for lang in LANGS}
        cues: dict[str, list[Cue]] = {lang: [] for lang in LANGS}
        for check_id, entry in checks.items():
            self._add_entry(cues, check_id, entry, True)
        for entry in data.get("no_check", ()) or ():
            self._add_entry(cues, entry["reason"], entry, False)
        self._need = {lang: [_needs(p) for p in self._phrases[lang]] for lang in LANGS}
        self._groups = {lang: self._group(lang, cues[lang]) for lang in LANGS}
        self._views: dict[tuple[str, frozenset], _Group] = {}
        self._memo: dict[tuple[str, str, frozenset], Links] = {}

    # -- building

    def _add_entry(self, cues: dict, target: str, entry: Mapping, is_check: bool) -> None:
        unknown = set(entry) - {"tags", "origin", "examples", "reason", *LANGS}
        if unknown:
            raise LinkDataError(f"{target}: unknown keys {sorted(unknown)}")
        default_tags = frozenset(entry.get("tags", ()))
        for lang in LANGS:
            for raw in entry.get(lang, ()) or ():
                phrases, tags = _cue_parts(raw, default_tags, target)
                indexes = tuple(self._phrase_index(lang, p, target) for p in phrases)
                cues[lang].append(Cue(target, indexes, tags, is_check))

    def _phrase_index(self, lang: str, phrase: str, target: str) -> int:
        slots = analyse_phrase(phrase, lang)
        if not slots or GAP_SLOT in (slots[0], slots[-1]):
            raise LinkDataError(f"{target}: phrase {phrase!r} ({lang}) has no searchable word at one end")
        known = self._known[lang]
        if slots not in known:
            known[slots] = len(self._phrases[lang])
            self._phrases[lang].append(slots)
        return known[slots]

    def _group(self, lang: str, cues: list[Cue]) -> tuple[_Group, ...]:
        groups: dict[frozenset, _Group] = {}
        for cue in cues:
            group = groups.setdefault(cue.tags, _Group(cue.tags, {}, {}))
            for number in cue.phrases:
                for term in self._phrases[lang][number][0]:
                    numbers = group.index.setdefault(term, [])
                    if number not in numbers:
                        numbers.append(number)
            group.cues.setdefault(cue.phrases[0], []).append(cue)
        return tuple(groups.values())

    # -- matching

    def _view(self, lang: str, tags: frozenset) -> _Group:
        """The groups ``tags`` allows, merged (built once per language and set of tags)."""
        key = (lang, tags)
        view = self._views.get(key)
        if view is None:
            index: dict[str, list[int]] = {}
            cues: dict[int, list[Cue]] = {}
            for group in self._groups[lang]:
                if group.tags <= tags:
                    for term, numbers in group.index.items():
                        index.setdefault(term, []).extend(n for n in numbers if n not in index.get(term, ()))
                    for number, found in group.cues.items():
                        cues.setdefault(number, []).extend(found)
            view = self._views[key] = _Group(tags, index, cues)
        return view

    def phrases_in(self, terms: Sequence[str], lang: str, tags: frozenset = frozenset()) -> set[int]:
        """The numbers of the phrases of ``lang`` (of cues ``tags`` allows) occurring in ``terms``."""
        index = self._view(lang, tags).index
        phrases, needs, present = self._phrases[lang], self._need[lang], set(terms)
        found: set[int] = set()
        for first in present.intersection(index):
            for number in index[first]:
                words, choices = needs[number]
                if number in found or not words <= present or any(c.isdisjoint(present) for c in choices):
                    continue
                slots = phrases[number]
                if any(_match_at(terms, i, slots, self.gap) for t in slots[0] for i in _occurrences(terms, t)):
                    found.add(number)
        return found

    def cues_in(self, terms: Sequence[str], lang: str, tags: frozenset = frozenset()) -> list[Cue]:
        """The cues of ``lang`` whose phrases all occur in ``terms`` and whose tags ``tags`` has."""
        found = self.phrases_in(terms, lang, tags)
        cues = self._view(lang, tags).cues
        return [cue for number in found for cue in cues.get(number, ()) if all(p in found for p in cue.phrases)]

    def link(
        self,
        text: str,
        lang: str,
        tags: Sequence[str] = (),
        terms: Optional[Mapping[str, Sequence[str]]] = None,
    ) -> Links:
        """The checks whose cues occur in a ruling (in data order), else its no-check reason.

        Results are remembered by text, language and tags: the same ruling text often comes
        with many cards (half of the 42,708 English rulings repeat another's text)."""
        tag_set = frozenset(tags)
        key = (text, lang, tag_set)
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            found = self._memo[key] = self.match(text, lang, tag_set, terms)
        return found

    def match(
        self,
        text: str,
        lang: str,
        tags: frozenset = frozenset(),
        terms: Optional[Mapping[str, Sequence[str]]] = None,
    ) -> Links:
        """``link`` without remembering: the cues of the ruling's languages matched on its terms."""
        if lang not in CUE_LANGS:
            raise ValueError(f"unknown language {lang!r}; rulings are 'it' or 'en'")
        matched: list[Cue] = []
        for cue_lang in CUE_LANGS.get(lang, (lang,)):
            words = terms.get(cue_lang) if terms else None
            if words is None:
                words = analyse(text, cue_lang)
            matched += self.cues_in(words, cue_lang, tags)
        checks = {cue.target for cue in matched if cue.is_check}
        if checks:
            return Links(tuple(c for c in self.check_ids if c in checks))
        reasons = {cue.target for cue in matched}
        return Links((), next((r for r in self.reasons if r in reasons), None))


def _cue_parts(raw, default_tags: frozenset, target: str) -> tuple[tuple[str, ...], frozenset]:
    """A cue as written (phrase, list of phrases, or {all, tags}) → its phrases and tags."""
    if isinstance(raw, str):
        return (raw,), default_tags
    if isinstance(raw, list):
        return tuple(raw), default_tags
    if isinstance(raw, dict) and set(raw) <= {"all", "tags"} and raw.get("all"):
        return tuple(raw["all"]), default_tags | frozenset(raw.get("tags", ()))
    raise LinkDataError(f"{target}: a cue is a phrase, a list of phrases or {{all: [...], tags: [...]}}, not {raw!r}")


def analyse_phrase(phrase: str, lang: str) -> tuple[Slot, ...]:
    """A cue phrase → slots: each word's analysed term(s), "a|b" alternatives, "…" gaps."""
    slots: list[Slot] = []
    for k, part in enumerate(phrase.split(GAP)):
        if k:
            slots.append(GAP_SLOT)
        for word in part.split():
            if "|" not in word:
                slots.extend(frozenset({t}) for t in phrase_terms(word, lang))
                continue
            options = [phrase_terms(w, lang) for w in word.split("|")]
            if any(len(o) > 1 for o in options):
                raise LinkDataError(f"alternative {word!r} ({lang}): each option must be one word")
            kept = frozenset(o[0] for o in options if o)
            if kept:
                slots.append(kept)
    return tuple(slots)


def _needs(slots: tuple[Slot, ...]) -> tuple[frozenset, tuple[Slot, ...]]:
    """What a text must hold for a phrase to occur: its one-word slots, its alternative slots."""
    words = frozenset(next(iter(s)) for s in slots if len(s) == 1 and s is not GAP_SLOT)
    return words, tuple(s for s in slots if len(s) > 1)


def _occurrences(terms: Sequence[str], term: str) -> Iterator[int]:
    """The positions of ``term`` in ``terms`` (list.index does the scanning)."""
    i = -1
    while True:
        try:
            i = terms.index(term, i + 1)
        except ValueError:
            return
        yield i


def _match_at(terms: Sequence[str], i: int, slots: tuple[Slot, ...], gap: int) -> bool:
    """Whether ``slots`` match ``terms`` from position ``i``."""
    if GAP_SLOT not in slots:  # the common case, without recursion
        return i + len(slots) <= len(terms) and all(terms[i + k] in slot for k, slot in enumerate(slots))
    if not slots:
        return True
    if slots[0] == GAP_SLOT:
        return any(_match_at(terms, i + skip, slots[1:], gap) for skip in range(gap + 1))
    return i < len(terms) and terms[i] in slots[0] and _match_at(terms, i + 1, slots[1:], gap)


@lru_cache(maxsize=1)
def linker() -> Linker:
    """The linker of the bundled link data (``kb/vocab/check_links.yaml``), built once."""
    return Linker(load_data())


def load_data() -> dict:
    text = resources.files("kb").joinpath("vocab/check_links.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def link(
    text: str,
    lang: str,
    tags: tuple[str, ...] = (),
    terms: Optional[Mapping[str, Sequence[str]]] = None,
) -> Links:
    """The checks a ruling links to (see ``Linker.link``), with the bundled link data."""
    return linker().link(text, lang, tags, terms)
