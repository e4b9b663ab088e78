"""Paraphrases (``kb/vocab/paraphrases.yaml``): groups of expressions that say the same thing in
Magic, in either language ("comes into play" = "enters the battlefield" = "entra nel campo di
battaglia"). Expressions are analysed once (kb.text.analysis), so they match inflections.

    >>> [e.start for e in thesaurus().expand(terms("it comes into play tapped", "en"), "en")]
    [0]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Sequence

from kb.errors import ParseError
from kb.text.analysis import LANGS, phrase_terms

FILE = "vocab/paraphrases.yaml"


@dataclass(frozen=True)
class Expression:
    lang: str
    terms: tuple[str, ...]  # analysed
    form: str  # as written in the data


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
        for number, group in enumerate(groups):
            for expression in group:
                self._by_terms[expression.lang].setdefault(expression.terms, []).append(number)
                first = expression.terms[0]
                reach = self._reach[expression.lang]
                reach[first] = max(reach.get(first, 0), len(expression.terms))

    def __len__(self) -> int:
        return len(self._groups)

    def others(self, terms: Sequence[str], lang: str) -> tuple[Expression, ...]:
        """The other expressions of every group holding ``terms`` (analysed, in ``lang``)."""
        terms = tuple(terms)
        found: dict[tuple[str, tuple[str, ...]], Expression] = {}
        for number in self._by_terms[lang].get(terms, ()):
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
    import yaml

    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    groups = []
    for number, group in enumerate(data.get("groups") or (), 1):
        if not isinstance(group, dict) or not set(group) <= set(LANGS):
            raise ParseError(path, number, f"group {number} must map it and en to lists of expressions")
        expressions = []
        for lang in LANGS:
            for form in group.get(lang) or ():
                terms = phrase_terms(str(form), lang)
                if not terms:
                    raise ParseError(path, number, f"group {number}: {form!r} ({lang}) has no searchable word")
                expressions.append(Expression(lang, terms, str(form)))
        groups.append(expressions)
    return Thesaurus(groups)


@lru_cache(maxsize=1)
def thesaurus() -> Thesaurus:
    """The bundled paraphrases."""
    return load(resources.files("kb").joinpath(FILE).read_text(encoding="utf-8"))
