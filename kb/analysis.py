"""Text analysis shared by tagging, indexing, querying and highlighting.

One analyser per language (tokens, lower case, stop words, accent folding, Snowball stemming)
and one for card names (no stemming). Tags, the index and queries all go through these, so
"abilita" meets "abilità" and "spronare" meets "spronata" everywhere in the same way.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from whoosh.analysis import (
    CharsetFilter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
)
from whoosh.lang.stopwords import stoplists
from whoosh.support.charset import accent_map

LANGS = ("it", "en")

# Words of the stock stop lists that carry meaning in rulings: "a faccia in giù"/"face down"
# (faccia is also a form of "fare"), "face up", "tap down".
_KEEP = {"it": {"faccia"}, "en": {"up", "down", "off", "out", "over", "under"}}

TOKEN_PATTERN = r"\w+(\.\w+)*"


def fold(text: str) -> str:
    """Lower case without accents: ``fold("Abilità")`` → ``"abilita"``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=None)
def stopwords(lang: str) -> frozenset[str]:
    """The stop words of a language, with and without their accents."""
    words = set(stoplists[lang]) - _KEEP[lang]
    return frozenset(words | {fold(w) for w in words})


def _text_analyzer(lang: str):
    return (
        RegexTokenizer(TOKEN_PATTERN)
        | LowercaseFilter()
        | CharsetFilter(accent_map)
        | StopFilter(stoplist=stopwords(lang), minsize=1)
        | StemFilter(lang=lang, cachesize=200_000)
    )


ANALYZERS = {lang: _text_analyzer(lang) for lang in LANGS}
NAME_ANALYZER = RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)


def terms(text: str, lang: str) -> list[str]:
    """The index terms of ``text`` analysed as ``lang``, in order."""
    return [t.text for t in ANALYZERS[lang](text)]


@lru_cache(maxsize=4096)
def phrase_terms(text: str, lang: str) -> tuple[str, ...]:
    """Cached ``terms`` for short, often repeated strings (vocabulary forms, query words)."""
    return tuple(terms(text, lang))


def name_terms(text: str) -> list[str]:
    """The terms of a card name: folded words, no stemming, no stop words."""
    return [t.text for t in NAME_ANALYZER(text)]
