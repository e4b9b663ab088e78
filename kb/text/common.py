"""Common words of each language (``kb/vocab/common_{it,en}.txt``, from kb.learn.common_words):
a word people use, as opposed to a card's name or a misspelling.

    >>> is_common("sempre"), is_common("batibaleno")
    (True, False)
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from kb.text.analysis import LANGS


@lru_cache(maxsize=None)
def common_words(lang: str) -> frozenset[str]:
    text = resources.files("kb").joinpath(f"vocab/common_{lang}.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def is_common(folded: str, langs=LANGS) -> bool:
    """``folded`` (lower case, no accents) is a common word of one of ``langs``."""
    return any(folded in common_words(lang) for lang in langs)
