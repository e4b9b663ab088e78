"""Multi-word units of a question, found before single words, longest first: card names (exact,
or misspelled when a word of the span is unknown), tag forms, lexicon entries and paraphrases;
and single words that name a card. A mixin of kb.search.interpret.Reader."""

from __future__ import annotations

from typing import Callable

from kb.search.concepts import (
    CARD,
    CARD_AT,
    COMMON_NAME_WORD,
    FIELD,
    LANGS,
    MAX_UNIT,
    NAME_WORD_CARDS,
    TAG,
    Alternative,
    Concept,
    Token,
    vocabulary_terms,
)
from kb.text.common import is_common


class Units:
    # --- multi-word units ---------------------------------------------------------------------

    def _units(self, tokens: list[Token]) -> list[tuple[int, int, Callable[[], Concept]]]:
        """Non-overlapping spans of tokens that form one concept, longest first: card names,
        tag forms, lexicon entries (each with the maker of its concept)."""
        found: list[tuple[int, int, int, Callable[[], Concept]]] = []  # (length, priority, start, end, make)
        found += [(e - s, 3, s, e, m) for s, e, m in self._cards(tokens)]
        found += [(e - s, 2, s, e, m) for s, e, m in self._tags(tokens)]
        found += [(e - s, 1, s, e, m) for s, e, m in self._lexicon(tokens)]
        found += [(e - s, 1, s, e, m) for s, e, m in self._paraphrases(tokens)]
        chosen, taken = [], set()
        for length, _, start, end, make in sorted(found, key=lambda f: (-f[0], -f[1], f[2])):
            if taken.isdisjoint(range(start, end)):
                taken.update(range(start, end))
                chosen.append((start, end, make))
        return chosen

    def _positions(self, tokens: list[Token], lang: str) -> tuple[list[str], list[int]]:
        """The analysed terms of ``lang`` (question words left out) and each one's token."""
        terms, owner = [], []
        for k, token in enumerate(tokens):
            if token.terms[lang] and not token.quiet:
                terms.append(token.terms[lang])
                owner.append(k)
        return terms, owner

    def _tags(self, tokens: list[Token]):
        for lang in LANGS:
            terms, owner = self._positions(tokens, lang)
            for match in self.vocab.find(terms, lang):
                start, end = owner[match.start], owner[match.end - 1] + 1
                yield start, end, self._tag_maker(tokens[start:end], match.tag, lang)

    def _tag_maker(self, tokens, tag_id: str, lang: str):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            concept.add(Alternative("tag", "tags", (tag_id,), TAG, f"tag form ({lang})"))
            for lang_ in LANGS:
                self._translate(concept, tuple(t.terms[lang_] for t in tokens if t.terms[lang_] and not t.quiet), lang_)
            return concept

        return make

    def _lexicon(self, tokens: list[Token]):
        for lang in LANGS:
            terms, owner = self._positions(tokens, lang)
            for expansion in self.lexicon.expand(terms, lang):
                if expansion.end - expansion.start < 2:
                    continue  # single words are translated on their own
                start, end = owner[expansion.start], owner[expansion.end - 1] + 1
                yield start, end, self._lexicon_maker(tokens[start:end], terms[expansion.start : expansion.end],
                                                      lang, expansion.translations)  # fmt: skip

    def _lexicon_maker(self, tokens, terms, lang: str, translations):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            self._translate(concept, tuple(terms), lang, translations)
            return concept

        return make

    def _paraphrases(self, tokens: list[Token]):
        for lang in LANGS:
            terms, owner = self._positions(tokens, lang)
            for found in self.thesaurus.expand(terms, lang):
                if found.end - found.start < 2:
                    continue  # single words are paraphrased on their own
                start, end = owner[found.start], owner[found.end - 1] + 1
                yield start, end, self._paraphrase_maker(tokens[start:end], found.others, lang)

    def _paraphrase_maker(self, tokens, others, lang: str):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            self._paraphrase(concept, others, lang)
            for lang_ in LANGS:
                self._translate(concept, tuple(t.terms[lang_] for t in tokens if t.terms[lang_] and not t.quiet), lang_)
            return concept

        return make

    def _cards(self, tokens: list[Token]):
        """Card names in the free words: exact (two words or more; one word when capitalised or
        rare in the texts), or misspelled when a word of the span is unknown."""
        words = [t.folded for t in tokens]
        for start in range(len(tokens)):
            for end in range(min(len(tokens), start + MAX_UNIT), start, -1):
                span = tokens[start:end]
                if span[0].quiet or span[-1].quiet:
                    continue
                spelled = " ".join(words[start:end])
                keys = self.catalog.spelled(spelled)
                if keys and (end - start > 1 or self._name_like(span[0])):
                    yield start, end, self._card_maker(span, keys, "card name")
                    break
                if end - start > 1 and any(self._unknown(t) for t in span):
                    close = self.catalog.closest_spelled(spelled, CARD_AT)
                    if close:
                        yield start, end, self._card_maker(span, close[1], f"card name ≈ {close[0]}")
                        break

    def _name_word(self, concept: Concept, token: Token) -> None:
        """A word no text holds but a few card names do ("sostituzione") finds those cards' rulings."""
        if len(token.folded) < 4 or concept.alternatives or not self._name_like(token):
            return
        keys = self.catalog.named_by((token.folded,))
        if 0 < len(keys) <= NAME_WORD_CARDS:
            if is_common(token.folded) and not token.capitalised:  # "sostituzione", "ibrido": a word first
                concept.add(Alternative("card", "card_key", tuple(keys), CARD * COMMON_NAME_WORD, "a common word of card names"))
            else:
                concept.add(Alternative("card", "card_key", tuple(keys), CARD * 0.5, "a word of card names"))

    def _name_like(self, token: Token) -> bool:
        """A single word that may be a card's whole name: capitalised, or a word the texts
        rarely hold and no vocabulary knows ("sacrificio" is Sacrifice's Italian name, but a word)."""
        if len(token.folded) < 3:
            return False
        if token.capitalised:
            return True
        if self._known_word(token):
            return False
        return all(self.df(FIELD[lang], token.terms[lang]) < 20 for lang in LANGS if token.terms[lang])

    def _known_word(self, token: Token) -> bool:
        """A vocabulary (lexicon, paraphrases, tag forms) knows the word, by its terms."""
        return any(
            term and (self.lexicon.translations((term,), lang) or self.thesaurus.others((term,), lang)
                      or term in vocabulary_terms(self.vocab, lang))
            for lang, term in token.terms.items()
        )  # fmt: skip

    def _card_maker(self, tokens, keys, origin: str):
        def make() -> Concept:
            concept = Concept(" ".join(t.typed for t in tokens))
            concept.add(Alternative("card", "card_key", tuple(keys), CARD, origin))
            return concept

        return make
