"""Spelling: a word no text or vocabulary holds, or far rarer than a close neighbour, is
searched as the closest word of the texts and vocabularies (rapidfuzz), with a note. A mixin of
kb.search.interpret.Reader."""

from __future__ import annotations

import math

import numpy as np

from kb.search.concepts import (
    CARD_AT,
    CORRECT_AT,
    FIELD,
    LANGS,
    MAX_UNIT,
    RARER,
    Reading,
    Token,
    vocabulary_words,
)
from kb.text.common import is_common
from kb.text.lexicon import lexicon


CORRECTIONS_KEPT = 10_000  # words remembered with their correction (or none)


class Spelling:
    def _unknown(self, token: Token) -> bool:
        """No text holds the word in either language, no vocabulary knows it (by its terms)."""
        if token.quiet:
            return False
        if any(self.df(FIELD[lang], token.terms[lang]) for lang in LANGS if token.terms[lang]) or self._known_word(token):
            return False
        if is_common(token.folded):  # a word of the language the texts lack ("scomparire"), not a typo
            return False
        return token.folded not in self.lexicon.words() and token.folded not in vocabulary_words(self.vocab)

    def _correct(self, tokens: list[Token], reading: Reading) -> list[Token]:
        out = []
        for k, token in enumerate(tokens):
            better = self._better(token) if token.folded.isalpha() and len(token.folded) >= 4 else None
            if better and not self._starts_card(tokens, k):
                reading.corrections[token.typed] = better
                reading.notes.append(f"searched for {better!r} instead of {token.typed!r}")
                token = Token.of(better)
            out.append(token)
        return out

    def _starts_card(self, tokens: list[Token], k: int) -> bool:
        """The word belongs to a card name typed nearly right (it is not a typo of a word)."""
        for start in range(max(0, k - MAX_UNIT + 1), k + 1):
            for end in range(k + 1, min(len(tokens), start + MAX_UNIT) + 1):
                if end - start > 1 and self.catalog.closest_spelled(" ".join(t.folded for t in tokens[start:end]), CARD_AT):
                    return True
        return False

    def _better(self, token: Token) -> str | None:
        """The word to search instead of a misspelled one, or None (remembered per word)."""
        memo = self.corrections
        if token.folded not in memo:
            if len(memo) >= CORRECTIONS_KEPT:
                memo.clear()
            memo[token.folded] = self._closest_word(token)
        return memo[token.folded]

    def _closest_word(self, token: Token) -> str | None:
        unknown = self._unknown(token)
        if not unknown:
            rare = sum(self.df(FIELD[lang], token.terms[lang]) for lang in LANGS if token.terms[lang])
            if rare > 2:
                return None  # a word the texts hold: decided before the words of the texts are read
        words, counts = self.words()
        if not words:
            return None
        from rapidfuzz import fuzz, process  # imported when a word needs correcting

        found = process.extract(token.folded, words, scorer=fuzz.ratio, limit=5,
                                score_cutoff=CORRECT_AT if unknown else 90)  # fmt: skip
        found = [(word, score, at) for word, score, at in found if word != token.folded]
        if not found:
            return None
        word, score, at = max(found, key=lambda f: (f[1] + 4 * math.log10(1 + counts[f[2]]), -f[2]))
        if not unknown and counts[at] < RARER * max(1, rare):
            return None
        return word


def correction_words(store) -> tuple[list[str], np.ndarray]:
    """What misspelled words are corrected to: the words of the texts (held by at least two),
    and the words of the tag vocabulary and the lexicon; with how many texts hold each."""
    cached = getattr(store, "_correction_words", None)
    if cached is None:
        counts = {word: count for word, count in store.words().items() if count >= 2}
        for word in (*vocabulary_words(store.vocabulary), *lexicon().words()):
            counts.setdefault(word, 2)
        words = sorted(counts)
        cached = (words, np.array([counts[w] for w in words], dtype=np.int64))
        store._correction_words = cached
    return cached
