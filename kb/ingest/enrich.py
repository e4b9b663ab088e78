"""Enrichment: a raw ruling → a record, with its language, tags, rule numbers, card names, id
and the checks it links to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from kb.ingest.names import Names
from kb.ingest.readers import RawRuling
from kb.records import Ruling, ruling_id
from kb.text import analysis, language
from kb.text.rules import rule_numbers
from kb.text.vocabulary import Vocabulary, vocabulary


@dataclass(frozen=True)
class Prepared:
    """A record and the analysed terms of its text, which the index reuses."""

    record: Ruling
    terms: dict


@dataclass(frozen=True)
class Reading:
    """What the text of a ruling says, whatever card it is about."""

    lang: str
    mixed: bool
    terms: dict
    tags: tuple[str, ...]
    rules: tuple[str, ...]
    links: tuple  # of kb.records.Link


class Enricher:
    """Raw ruling → record: language, mixed, tags, rule numbers, card names, id, linked checks.

    The same text often rules on many cards (half of the official rulings repeat another's
    text), so what a text says is worked out once and remembered.
    """

    MEMO = 50_000

    def __init__(self, names: Names, vocab: Vocabulary | None = None, linker: Callable | None = None):
        from kb.checks.links import link

        self.names = names
        self.vocab = vocab or vocabulary()
        self.linker = linker or link
        self._memo: dict[tuple, Reading] = {}

    def read(self, text: str, given: str | None, hint: str | None) -> Reading:
        key = (text, given, hint)
        reading = self._memo.get(key)
        if reading is None:
            if len(self._memo) >= self.MEMO:
                self._memo.clear()
            reading = self._memo[key] = self._read(text, given, hint)
        return reading

    def _read(self, text: str, given: str | None, hint: str | None) -> Reading:
        verdict = language.detect(text, hint)
        lang = given or verdict.lang
        mixed = verdict.mixed if lang == verdict.lang else True
        # Italian rulings often keep English words, so they are matched in both languages;
        # English rulings in Italian only when they carry Italian.
        both = lang == "it" or mixed
        terms = {code: analysis.terms(text, code) for code in analysis.LANGS if both or code == lang}
        tags = self.vocab.tags_in(terms, text=text)
        rules = tuple(dict.fromkeys([*self.vocab.rules_of(tags), *rule_numbers(text)]))
        return Reading(lang, mixed, terms, tags, rules, tuple(self.linker(text, lang, tags)))

    def __call__(self, raw: RawRuling, hint: str | None = None) -> Prepared:
        reading = self.read(raw.text, raw.lang, hint)
        record = Ruling(
            id=ruling_id(raw.card, raw.date, raw.text),
            card=raw.card,
            card_names=self.names.lookup(raw.card),
            date=raw.date,
            lang=reading.lang,
            mixed=reading.mixed,
            text=raw.text,
            tags=reading.tags,
            rules=reading.rules,
            links=reading.links,
            source=f"{raw.path}:{raw.line}",
            origin=raw.origin,
        )
        return Prepared(record, reading.terms)
