"""One text being tagged in one language: its terms and what tagging asks of them (their set, their
pairs, where a term occurs, whether a form ends at a position), each worked out once and only
when asked; its words (for exact words) and its card names likewise."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Sequence

from kb.text.analysis import fold
from kb.text.card_names import capital, may_hold_names
from kb.text.forms import GAP, Form, exact_end, match_at, words_of

_ACCENTED = re.compile(r"[À-ÖØ-öø-ɏ]")


@lru_cache(maxsize=None)
def _whole_word(word: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")


class TaggedText:
    """One text being tagged in one language: its terms, their set, and (worked out only when a
    form needs them) its words and the positions of its card names (``names``, filled in by the
    tagger)."""

    __slots__ = ("terms", "text", "lang", "_set", "_words", "names", "_folded", "_grams")

    def __init__(self, terms: Sequence[str], text: str | None, lang: str):
        self.terms, self.text, self.lang = terms, text, lang
        self._set: frozenset | None = None
        self._words: list[str] | None | bool = False
        self.names = None
        self._folded: str | None = None
        self._grams: frozenset | None = None

    @property
    def set(self) -> frozenset:
        if self._set is None:
            self._set = frozenset(self.terms)
        return self._set

    def pairs(self) -> frozenset:
        """The pairs of consecutive terms of the text (computed once)."""
        if self._grams is None:
            terms = self.terms
            self._grams = frozenset(zip(terms, terms[1:]))
        return self._grams

    def has_run(self, run: tuple) -> bool:
        """Whether the terms ``run`` occur one after the other."""
        n = len(run)
        terms = self.terms
        return any(tuple(terms[i : i + n]) == run for i in self.positions(run[0]))

    def may_occur(self, form: Form) -> bool:
        """Whether ``form`` may occur: its words are all there (and its exact words), and a pair
        or three of terms without a gap are there one after the other."""
        terms = form.terms
        if not self.set.issuperset(t for t in terms if t != GAP):
            return False
        if form.words is not None and not self.has_words(tuple(w for w in form.words if w is not None)):
            return False
        if len(terms) == 2 and GAP not in terms:
            return terms in self.pairs()
        return True

    def has_words(self, words: tuple[str, ...]) -> bool:
        """Whether the exact ``words`` may occur (a substring test on the folded text)."""
        if not words:
            return True
        if self.text is None:
            return False
        if self._folded is None:  # lower case is enough unless a letter has an accent to fold
            self._folded = fold(self.text) if _ACCENTED.search(self.text) else self.text.lower()
        folded = self._folded
        return all(word in folded and _whole_word(word).search(folded) for word in words)

    def capitalised(self, terms: Iterable[str]) -> bool:
        """Whether a word with one of these stems may be inside a card name of the text."""
        return self.text is not None and may_hold_names(self.text, map(capital, terms))

    @property
    def words(self) -> list[str] | None:
        if self._words is False:
            self._words = None if self.text is None else words_of(self.text, self.lang, len(self.terms))
        return self._words  # type: ignore[return-value]

    def end(self, i: int, form: Form) -> int | None:
        if form.words is None:
            n = len(form.terms)
            if n == 1:
                return i + 1
            if form.gapless:
                return i + n if tuple(self.terms[i : i + n]) == form.terms else None
            return match_at(self.terms, i, form.terms)
        return exact_end(self.terms, self.words, i, form)  # the words are worked out only now

    def positions(self, term: str) -> list[int]:
        terms, out, i = self.terms, [], -1
        index = terms.index if isinstance(terms, list) else list(terms).index
        while True:
            try:
                i = index(term, i + 1)
            except ValueError:
                return out
            out.append(i)
