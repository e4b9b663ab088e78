"""The surface forms of tags, analysed: reading a form ("kicker cost", "turn … face up",
"=countered") into terms, and matching one at a position of analysed text.

A form is matched on analysed text (folded, stop words dropped, stemmed), so it covers its
inflections; ``GAP`` stands for up to MAX_GAP words of any kind; a word written ``=word`` must
occur as that very word (folded, not stemmed), which needs the words the terms come from
(``words_of``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from kb.text.analysis import TOKEN_PATTERN, fold, phrase_terms, stopwords

EXACT = "="  # "=defender": this word, not any word with its stem ("defending")
GAP = "…"  # in a form: up to MAX_GAP words of any kind ("turn … face up")
MAX_GAP = 3

TOKEN = re.compile(TOKEN_PATTERN)


@dataclass(frozen=True)
class Form:
    """An analysed form: its terms (GAP for a gap) and, where a word must be exact, that word."""

    terms: tuple[str, ...]
    words: tuple[str | None, ...] | None = None  # None: no exact word

    def __len__(self) -> int:
        return len(self.terms)

    @property
    def gapless(self) -> bool:
        return GAP not in self.terms

    @property
    def exact_only(self) -> bool:
        """Every word is exact ("=countered"): only a ``not`` context with exact words cancels it."""
        return self.words is not None and all(w is not None for t, w in zip(self.terms, self.words) if t != GAP)


def analyse_form(form: str, lang: str) -> Form:
    out: list[str] = []
    words: list[str | None] = []
    for k, part in enumerate(p.strip() for p in form.split(GAP)):
        if k:
            out.append(GAP)
            words.append(None)
        for token in part.split():
            if token.startswith(EXACT) and len(token) > 1:
                stops = stopwords(lang)
                kept = [w for w in map(fold, TOKEN.findall(token[1:])) if w not in stops]
                if len(kept) != 1:
                    raise ValueError(f"form {form!r} ({lang}): {token!r} must be one word that is not a stop word")
                out.append(phrase_terms(kept[0], lang)[0])
                words.append(kept[0])  # "=Urza's" is the word "urza" ("s" is a stop word)
            else:
                found = phrase_terms(token, lang)
                out.extend(found)
                words.extend([None] * len(found))
    exact = tuple(words) if any(w is not None for w in words) else None
    return Form(tuple(out), exact)


def checked_form(tag_id: str, form: str, lang: str, what: str = "form") -> Form:
    """``form`` of the tag ``tag_id`` analysed; an error if it has no word to search by."""
    analysed = analyse_form(form, lang)
    if not analysed.terms or analysed.terms[0] == GAP or analysed.terms[-1] == GAP:
        raise ValueError(f"tag {tag_id}: {what} {form!r} ({lang}) has no searchable word")
    return analysed


def match_at(terms: Sequence[str], i: int, form: Sequence[str], at: list | None = None) -> int | None:
    """The end of ``form`` matched at ``terms[i:]``, or None; ``at`` collects the positions of
    its words when given."""
    if not form:
        return i
    if form[0] == GAP:
        for skip in range(MAX_GAP + 1):
            end = match_at(terms, i + skip, form[1:], at)
            if end is not None:
                return end
        return None
    if i < len(terms) and terms[i] == form[0]:
        end = match_at(terms, i + 1, form[1:], at)
        if end is not None and at is not None:
            at.append(i)
        return end
    return None


def exact_end(terms: Sequence[str], words: Sequence[str] | None, i: int, form: Form) -> int | None:
    """The end of ``form`` at ``i`` with its exact words checked against ``words`` (the folded
    words the terms come from); without the words, a form with exact words does not match."""
    if words is None:
        return None
    at: list[int] = []
    end = match_at(terms, i, form.terms, at)
    if end is None:
        return None
    wanted = [w for t, w in zip(form.terms, form.words or ()) if t != GAP]
    for position, word in zip(sorted(at), wanted):
        if word is not None and words[position] != word:
            return None
    return end


def words_of(text: str, lang: str, count: int) -> list[str] | None:
    """The folded words of ``text`` that its ``count`` terms in ``lang`` come from (stop words
    left out, as ``analysis.terms`` does), or None if they do not line up."""
    stops = stopwords(lang)
    words = [w if w.isascii() else fold(w) for w in TOKEN.findall(text.lower())]
    words = [w for w in words if w not in stops]
    return words if len(words) == count else None
