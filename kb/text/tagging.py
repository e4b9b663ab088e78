"""Matching the vocabulary's forms on analysed text: ``Tagger.find`` (every match, with its term
positions) and ``Tagger.tags_in`` (which tags a text has: the same tags, mostly by set operations
on the compiled forms of ``kb.text.form_table``). A match is cancelled by a ``not`` context of its
tag over the same words, by a missing ``with`` word, and by a multi-word card name around it
(``kb.text.card_names``); see ``kb.text.vocabulary`` for the format."""

from __future__ import annotations

from typing import Iterable, Sequence

from kb.text.analysis import LANGS
from kb.text.card_names import may_hold_names, name_positions, name_terms, outside_names
from kb.text.form_table import Table
from kb.text.tagged_text import TaggedText


class Tagger:
    """The forms of ``tags`` (``vocabulary.Tag``), compiled for each language; a tag is known by
    its number in ``tags``. ``connectors``: lower-case words inside card names ("into")."""

    def __init__(self, tags: Sequence, connectors: frozenset = frozenset(), known: dict | None = None):
        self.connectors = connectors
        known = known or {}  # lang -> form -> Form already analysed (see Table)
        self.tables = {lang: Table(tags, lang, known.get(lang)) for lang in LANGS}
        self.ids = tuple(tag.id for tag in tags)

    def matches(self, text: TaggedText, table: Table, present: Iterable[str],
                numbers: set | None = None) -> list[tuple[int, int, int]]:
        """(tag number, start, end) of the forms whose first term is in ``present`` (of the tags
        in ``numbers``, if given), cancelled matches and, given the text, matches inside a card
        name left out."""
        found: list[tuple[int, int, int]] = []
        kept: list[tuple[int, int, int]] = []  # matches of forms of exact words: no context cancels them
        for term in present:
            entries = table.all.get(term, ())
            if numbers is not None:
                entries = [(f, n) for f, n in entries if n in numbers]
            if not entries:
                continue
            for i in text.positions(term):
                for form, number in entries:
                    end = text.end(i, form)
                    if end is not None:
                        (kept if form.exact_only else found).append((number, i, end))
        if table.required and (found or kept):
            found = [m for m in found if self._allowed(m[0], text, table)]
            kept = [m for m in kept if self._allowed(m[0], text, table)]
        if table.cancel and found:
            found = self._uncancelled(found, text, table)
        if table.cancel and kept:
            kept = self._uncancelled(kept, text, table, exact=True)
        found += kept
        if text.text is not None and found and text.capitalised({text.terms[s] for _, s, _ in found}):
            names = self._names(text)
            if names:
                found = outside_names(found, names)
        found.sort(key=lambda m: (m[1], m[1] - m[2]))
        return found

    @staticmethod
    def _allowed(number: int, text: TaggedText, table: Table) -> bool:
        """Whether the text has one of the words the tag needs besides its form (``with``)."""
        required = table.required.get(number)
        return required is None or not required.isdisjoint(text.set)

    @staticmethod
    def _uncancelled(found, text: TaggedText, table: Table, exact: bool = False) -> list[tuple[int, int, int]]:
        """``found`` without the matches a context of their tag covers; matches of exact words only
        (``exact``) are cancelled only by contexts with exact words ("=warped =physique")."""
        spans: dict[int, list[tuple[int, int]]] = {}
        for number in {n for n, _, _ in found}:
            contexts = table.cancel.get(number)
            if not contexts:
                continue
            for first in text.set.intersection(contexts):
                for i in text.positions(first):
                    for context in contexts[first]:
                        if exact and context.words is None:
                            continue
                        end = text.end(i, context)
                        if end is not None:
                            spans.setdefault(number, []).append((i, end))
        if not spans:
            return found
        return [(n, s, e) for n, s, e in found
                if not any(s < ce and cs < e for cs, ce in spans.get(n, ()))]  # fmt: skip

    def _names(self, text: TaggedText) -> list[tuple[int, int, int]]:
        """Term positions ``(start, name_start, end)`` of the multi-word card names of the text;
        ``start`` is -1 when the run has stop words (it cannot be a keyword in capitals)."""
        if text.names is None:
            text.names = name_positions(text.text, text.terms, text.lang, self.connectors)
        return text.names

    def _name_terms(self, text: TaggedText) -> frozenset:
        """The terms inside the card names of the text (their positions are not needed yet)."""
        inside = name_terms(text.text, text.lang, self.connectors)
        if inside is None:
            text.names = []
            return frozenset()
        return inside

    def find(self, terms: Sequence[str], lang: str, text: str | None = None) -> list[tuple[int, int, int]]:
        """``(tag number, start, end)`` of every form of ``lang`` occurring in ``terms`` (analysed
        text), longest first at a position, without the matches a ``not`` context cancels; given
        the ``text`` the terms come from, exact words are checked and matches inside a card name
        left out."""
        table = self.tables[lang]
        present = table.keys.intersection(terms)
        if not present:
            return []
        return self.matches(TaggedText(terms, text, lang), table, present)

    def tags_in(self, terms_by_lang: dict[str, Sequence[str]], text: str | None = None) -> tuple[str, ...]:
        """The tag ids whose forms occur in a text, given its terms in each language and, for
        exact words and card names, the text itself (see ``kb.text.vocabulary``). The same tags
        as ``find`` finds, mostly with set operations: the positions of the words are looked at
        only for a form with a gap or with an exact word among several, a tag with a ``not``
        context that occurs, or a word that may be inside a card name of the text."""
        numbers: set[int] = set()
        for lang, terms in terms_by_lang.items():
            table = self.tables[lang]
            present = table.keys.intersection(terms)
            if not present:
                continue
            plan = table.plan(present)
            if plan.one_word and plan.context_keys.isdisjoint(terms) and plan.required.isdisjoint(
                    plan.checked) and (text is None or not may_hold_names(text, plan.capitals)):
                # the common case: one-word forms only, none of their contexts' words in the text
                numbers |= plan.base
                numbers |= plan.checked
            else:
                numbers |= self._tag_numbers(TaggedText(terms, text, lang), table, present)
        if not numbers:
            return ()
        ids = self.ids
        return tuple([ids[n] for n in sorted(numbers)])

    def _tag_numbers(self, text: TaggedText, table: Table, present: frozenset) -> set[int]:
        """The tags of ``text`` in one language, by its ``Plan``: positions only where needed."""
        plan = table.plan(present)
        sure = set(plan.checked)
        if plan.grams or plan.grams3:
            pairs = text.pairs()
            for gram, numbers in plan.grams:
                if gram in pairs:
                    sure.update(numbers)
            for gram, numbers in plan.grams3:
                if gram[:2] in pairs and gram[1:] in pairs and text.has_run(gram):
                    sure.update(numbers)
        exact: set[int] = set()  # found by an exact word: only contexts with exact words cancel those
        if plan.exact1 and text.text is not None:
            for word, number in plan.exact1:
                if number not in exact and text.has_words((word,)):
                    exact.add(number)
        slow: set[int] = set()  # tags whose matches need the positions of the words
        for needed, words, number in plan.positional:
            if number not in slow and needed <= text.set and (not words or text.has_words(words)):
                slow.add(number)
        if table.required_keys:
            for numbers in (sure, exact, slow):
                needy = numbers & table.required_keys
                if needy:
                    numbers.difference_update([n for n in needy if table.required[n].isdisjoint(text.set)])
        doubtful = ((sure - exact) & table.with_contexts) | (exact & table.with_exact_contexts)
        sure |= exact
        if doubtful:
            have = text.set
            for number in doubtful:
                keys = table.context_keys[number]
                if not keys.isdisjoint(have) and any(
                        text.may_occur(context) for key in keys & have for context in table.contexts[number][key]):
                    sure.discard(number)  # a context occurs: positions tell
                    slow.add(number)
        sure |= plan.base
        slow -= sure
        if sure and text.text is not None and may_hold_names(text.text, plan.capitals):
            inside = self._name_terms(text)
            if inside:
                risky = {n for n in sure if not table.form_terms[n].isdisjoint(inside)}
                slow |= risky
                sure -= risky
        if slow:
            sure.update(n for n, _, _ in self.matches(text, table, present, slow))
        return sure

