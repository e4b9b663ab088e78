"""Card names inside a text being tagged, so that a form inside a multi-word card name is no match
(``Descent into Madness`` is not madness): telling cheaply whether a word may be inside a name
(``capital``, ``may_hold_names``), and where the names are, in term positions.

The names themselves are found by ``kb.text.language.card_name_spans`` (runs of capitalised words,
joined by the vocabulary's ``name_connectors``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Sequence

from kb.text.analysis import terms as analyse
from kb.text.forms import TOKEN


@lru_cache(maxsize=None)
def capital(term: str) -> str:
    """What a word with this stem starts with, capitalised ("Cast" for cast; "Fl" for "fli", the
    stem of flying)."""
    key = term[:-1] if term.endswith("i") and len(term) > 2 else term
    return key[:4].capitalize()


@lru_cache(maxsize=None)
def _capital_pattern(key: str) -> re.Pattern:
    """A word starting with ``key`` (a ``capital``) inside a sentence or before another
    capitalised word (a sentence that opens with a card name: "Cast Out exiles…"); compiled only
    for the keys met in a text that may hold names."""
    escaped = re.escape(key)
    return re.compile(rf"[^\s.!?:;(\"“«]\s+{escaped}|{escaped}[\w'’-]*\s+(?:[a-zà-ÿ'’]{{1,4}}\s+){{0,2}}[A-ZÀ-Þ]")


def may_hold_names(text: str, capitals: Iterable[str]) -> bool:
    """Whether a word with one of these stems (their ``capital`` keys) may be inside a card name
    of ``text``: written with a capital inside a sentence, or followed by another capitalised word."""
    keys = [key for key in capitals if key in text]
    if not keys or not _RUN.search(text):
        return False  # no such word with a capital, or no two capitalised words in a row
    return any(_capital_pattern(key).search(text) for key in keys)


# Two capitalised words in a row (perhaps joined by a few lower-case ones): a text without any has
# no multi-word card name to mask.
_RUN = re.compile(r"[A-ZÀ-Þ][\w'’-]*\s+(?:[a-zà-ÿ'’]{1,4}\s+){0,2}[A-ZÀ-Þ]")


def name_terms(text: str, lang: str, connectors: frozenset) -> frozenset | None:
    """The terms inside the card names of ``text`` (their positions are not needed yet), or None
    when it has no card name."""
    from kb.text.language import card_name_spans

    spans = card_name_spans(text, connectors)
    if not spans:
        return None
    return frozenset(t for _, start, end in spans for t in analyse(text[start:end], lang))


def name_positions(text: str, terms: Sequence[str], lang: str, connectors: frozenset) -> list[tuple[int, int, int]]:
    """Term positions ``(start, name_start, end)`` of the multi-word card names of ``text``, whose
    terms in ``lang`` are ``terms``; ``start`` is -1 when the run has stop words (it cannot be a
    keyword in capitals)."""
    from kb.text.language import card_name_spans

    spans = card_name_spans(text, connectors)
    if not spans:
        return []
    out, at, count = [], 0, 0
    for start, name_start, end in spans:
        run_start = count + len(analyse(text[at:start], lang))
        name_at = run_start + len(analyse(text[start:name_start], lang))
        name_end = name_at + len(analyse(text[name_start:end], lang))
        # a run every word of which is a term may be a keyword written with capitals
        whole = run_start if len(TOKEN.findall(text[start:end])) == name_end - run_start else -1
        out.append((whole, name_at, name_end))
        count, at = name_end, end
    if count + len(analyse(text[at:], lang)) != len(terms):
        return []  # a token straddles a name's edge: no masking rather than wrong positions
    return [span for span in out if span[2] > span[1]]


def outside_names(found, names) -> list[tuple[int, int, int]]:
    """Matches ``(tag, start, end)`` that are not inside a card name; a match that is the whole run
    of capitalised words, stop words none ("Split Second" written with capitals, not "Intimidate
    Them"), stays."""
    return [(n, s, e) for n, s, e in found
            if not any(s < ne and ns < e and (s, e) != (rs, ne) for rs, ns, ne in names)]  # fmt: skip
