"""Text analysis shared by tagging, indexing, querying and highlighting.

One analyser per language (tokens, lower case, stop words, accent folding, Snowball stemming)
and one for card names (no stemming). Tags, the index and queries all go through these, so
"abilita" meets "abilità" and "spronare" meets "spronata" everywhere in the same way.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from whoosh.analysis import Analyzer, Token
from whoosh.lang.stopwords import stoplists

LANGS = ("it", "en")

# Words of the stock stop lists that carry meaning in rulings: "a faccia in giù"/"face down"
# (faccia is also a form of "fare"), "face up", "tap down".
_KEEP = {"it": {"faccia"}, "en": {"up", "down", "off", "out", "over", "under"}}

TOKEN_PATTERN = r"\w+(?:\.\w+)*"


def fold(text: str) -> str:
    """Lower case without accents: ``fold("Abilità")`` → ``"abilita"``."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=None)
def stopwords(lang: str) -> frozenset[str]:
    """The stop words of a language, with and without their accents."""
    words = set(stoplists[lang]) - _KEEP[lang]
    return frozenset(words | {fold(w) for w in words})


_TOKEN = re.compile(r"\w+(?:\.\w+)*")


_SNOWBALL = {"en": "english", "it": "italian"}


def _stemmer(lang: str):
    import Stemmer  # PyStemmer: the Snowball stemmers compiled (Whoosh's pure-Python ones are 5x slower)

    stemmer = Stemmer.Stemmer(_SNOWBALL[lang])
    stemmer.maxCacheSize = 0  # ``term`` remembers its words; PyStemmer's own cache triples a stem's cost
    stem = stemmer.stemWord
    stops = stopwords(lang)

    @lru_cache(maxsize=None)
    def term(word: str) -> str:
        """The index term of one word ("" for a stop word): folded, then stemmed."""
        folded = fold(word)
        return "" if folded in stops else stem(folded)

    return term


_TERM = {lang: _stemmer(lang) for lang in LANGS}


def term(word: str, lang: str) -> str:
    """The index term of one word ("" for a stop word)."""
    return _TERM[lang](word)


def terms(text: str, lang: str) -> list[str]:
    """The index terms of ``text`` analysed as ``lang``, in order."""
    return [t for t in map(_TERM[lang], _TOKEN.findall(text)) if t]


def worded_terms(text: str, lang: str) -> list[tuple[str, str]]:
    """``terms``, each with the word it comes from: ``[("spronata", "spron"), ...]``."""
    return [(word, t) for word in _TOKEN.findall(text) if (t := _TERM[lang](word))]


class AnalysedText(str):
    """Text that carries its terms, already computed (ingest analyses rulings to tag them)."""

    def __new__(cls, text: str, terms: list[str]):
        value = super().__new__(cls, text)
        value.terms = terms
        return value


class LanguageAnalyzer(Analyzer):
    """The Whoosh analyser of one language: the same terms as ``terms()``, as Whoosh tokens."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, value: str, positions=False, chars=False, keeporiginal=False,
                 removestops=True, start_pos=0, start_char=0, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        known = getattr(value, "terms", None)
        if known is not None and not chars and not keeporiginal:
            for pos, text in enumerate(known, start_pos):
                token.text, token.boost, token.stopped, token.pos = text, 1.0, False, pos
                yield token
            return
        term = _TERM[self.lang]
        pos = start_pos
        for match in _TOKEN.finditer(value):
            text = term(match.group())
            if not text:
                continue
            token.text, token.boost, token.stopped = text, 1.0, False
            if keeporiginal:
                token.original = match.group()
            if positions:
                token.pos = pos
                pos += 1
            if chars:
                token.startchar, token.endchar = start_char + match.start(), start_char + match.end()
            yield token


ANALYZERS = {lang: LanguageAnalyzer(lang) for lang in LANGS}


@lru_cache(maxsize=4096)
def phrase_terms(text: str, lang: str) -> tuple[str, ...]:
    """Cached ``terms`` for short, often repeated strings (vocabulary forms, query words)."""
    return tuple(terms(text, lang))


_LETTERS = re.compile(r"[^\W\d_]{2,}")


def surface_words(text: str) -> set[str]:
    """The words of a text as typed, folded (no stemming, no digits): what typos are corrected to."""
    if text.isascii():  # most rulings: folding is lower-casing, once for the whole text
        return set(_LETTERS.findall(text.lower()))
    return {fold(word) for word in _LETTERS.findall(text)}


def name_terms(text: str) -> list[str]:
    """The terms of a card name: folded words, no stemming, no stop words."""
    return [fold(word) for word in _TOKEN.findall(text)]
