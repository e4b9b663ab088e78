"""Paraphrases (``kb/vocab/paraphrases.yaml``): groups of expressions that say the same thing in
Magic, in either language ("comes into play" = "enters the battlefield" = "entra nel campo di
battaglia"). Expressions are analysed once (kb.text.analysis), so they match inflections.
An expression written ``=word`` stands for that very word when a single word is looked up
(``others(..., word=)``): "=countered" is the verb, while "counters" (+1/+1 counters), which has
the same stem, is not; within longer text it counts by its stem like any other.

    >>> [e.start for e in thesaurus().expand(terms("it comes into play tapped", "en"), "en")]
    [0]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Sequence

from kb.errors import ParseError
from kb.text.analysis import LANGS, fold, phrase_terms
from kb.text import yaml_data
from kb.text.forms import EXACT

FILE = "vocab/paraphrases.yaml"


@dataclass(frozen=True)
class Expression:
    lang: str
    terms: tuple[str, ...]  # analysed
    form: str  # as written in the data
    word: str | None = None  # "=word": the folded word a single word looked up must be


@dataclass(frozen=True)
class Paraphrase:
    """Query terms at ``start``..``end`` (exclusive) and the other expressions of their group."""

    start: int
    end: int
    others: tuple[Expression, ...]
    groups: tuple[int, ...] = ()  # the numbers of the groups the expression belongs to


class Thesaurus:
    def __init__(self, groups: list[list[Expression]]):
        self._by_terms: dict[str, dict[tuple[str, ...], list[int]]] = {lang: {} for lang in LANGS}
        self._groups = groups
        self._reach: dict[str, dict[str, int]] = {lang: {} for lang in LANGS}
        # (terms, group) reached only through "=word" expressions -> those words
        self._exact: dict[str, dict[tuple, set[str]]] = {lang: {} for lang in LANGS}
        for number, group in enumerate(groups):
            for expression in group:
                numbers = self._by_terms[expression.lang].setdefault(expression.terms, [])
                if number not in numbers:
                    numbers.append(number)
                first = expression.terms[0]
                reach = self._reach[expression.lang]
                reach[first] = max(reach.get(first, 0), len(expression.terms))
            for lang in LANGS:
                for terms in {e.terms for e in group if e.lang == lang}:
                    same = [e for e in group if e.lang == lang and e.terms == terms]
                    if all(e.word is not None for e in same):
                        self._exact[lang][(terms, number)] = {e.word for e in same}

    def __len__(self) -> int:
        return len(self._groups)

    def others(self, terms: Sequence[str], lang: str, word: str | None = None) -> tuple[Expression, ...]:
        """The other expressions of every group holding ``terms`` (analysed, in ``lang``);
        given the ``word`` they come from, not of a group that holds them only as other words
        ("counters" is not "=countered")."""
        terms = tuple(terms)
        found: dict[tuple[str, tuple[str, ...]], Expression] = {}
        for number in self._by_terms[lang].get(terms, ()):
            exact = self._exact[lang].get((terms, number))
            if word is not None and exact is not None and fold(word) not in exact:
                continue
            for expression in self._groups[number]:
                if (expression.lang, expression.terms) != (lang, terms):
                    found.setdefault((expression.lang, expression.terms), expression)
        return tuple(found.values())

    def expand(self, terms: Sequence[str], lang: str) -> list[Paraphrase]:
        """The expressions found in a sequence of analysed terms, longest first, each term in
        one at most, in order of position."""
        terms = tuple(terms)
        table, reach = self._by_terms[lang], self._reach[lang]
        found = []
        for start, term in enumerate(terms):
            for end in range(min(len(terms), start + reach.get(term, 0)), start, -1):
                if terms[start:end] in table:
                    found.append((end - start, start, end))
                    break
        taken: set[int] = set()
        out = []
        for _, start, end in sorted(found, key=lambda f: (-f[0], f[1])):
            if taken.isdisjoint(range(start, end)):
                taken.update(range(start, end))
                groups = tuple(self._by_terms[lang][terms[start:end]])
                out.append(Paraphrase(start, end, self.others(terms[start:end], lang), groups))
        return sorted(out, key=lambda p: p.start)


def load(text: str, path: str = FILE) -> Thesaurus:
    """A thesaurus from the YAML text of its file; ParseError names a malformed group."""
    data = yaml_data.load(text) or {}
    groups = []
    for number, group in enumerate(data.get("groups") or (), 1):
        if not isinstance(group, dict) or not set(group) <= set(LANGS):
            raise ParseError(path, number, f"group {number} must map it and en to lists of expressions")
        expressions = []
        for lang in LANGS:
            for form in group.get(lang) or ():
                form = str(form)
                word = None
                if form.startswith(EXACT):
                    form = form[len(EXACT):].strip()
                    word = fold(form)
                    if len(form.split()) != 1:
                        raise ParseError(path, number, f"group {number}: {EXACT + form!r} ({lang}) must be one word")
                terms = phrase_terms(form, lang)
                if not terms:
                    raise ParseError(path, number, f"group {number}: {form!r} ({lang}) has no searchable word")
                expressions.append(Expression(lang, terms, form, word))
        groups.append(expressions)
    return Thesaurus(groups)


@lru_cache(maxsize=1)
def thesaurus() -> Thesaurus:
    """The bundled paraphrases."""
    return load(resources.files("kb").joinpath(FILE).read_text(encoding="utf-8"))
