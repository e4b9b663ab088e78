"""Translations for translators: Italian rulings beside their English counterparts, and the
Italian rulings that keep untranslated English fragments."""

from __future__ import annotations

from typing import Iterable

from kb.export.formats import ordered
from kb.index.store import Store
from kb.records import Ruling
from kb.text.language import detect


def pairs_of(store: Store, records: Iterable[Ruling]) -> list[tuple[Ruling | None, Ruling | None]]:
    """(Italian, English) for the given rulings: paired where a translation is known, alone
    otherwise; each ruling appears once."""
    seen: set[str] = set()
    out: list[tuple[Ruling | None, Ruling | None]] = []
    for record in ordered(records):
        if record.id in seen:
            continue
        other = store.translation(record)
        seen.update(r.id for r in (record, other) if r)
        it, en = (record, other) if record.lang == "it" else (other, record)
        out.append((it, en))
    return out


def pair_rows(pairs: list[tuple[Ruling | None, Ruling | None]]) -> list[dict]:
    rows = []
    for it, en in pairs:
        first = it or en
        rows.append({
            "card_it": first.card_names.get("it", it.card if it else ""),
            "card_en": first.card_names.get("en", en.card if en else ""),
            "date": first.date.isoformat(),
            "id_it": it.id if it else None,
            "text_it": it.text if it else None,
            "id_en": en.id if en else None,
            "text_en": en.text if en else None,
        })
    return rows


def fragments(text: str) -> list[str]:
    """The English fragments of an Italian ruling (or Italian ones of an English ruling)."""
    verdict = detect(text)
    return [text[a:b] for a, b in verdict.fragments]


def fragment_rows(store: Store, records: Iterable[Ruling]) -> list[dict]:
    """Italian rulings that carry untranslated English, with the fragments and the English
    ruling they were translated from, when known."""
    rows = []
    for record in ordered(records):
        if record.lang != "it" or not record.mixed:
            continue
        original = store.translation(record)
        rows.append({
            "id": record.id,
            "card": record.card,
            "date": record.date.isoformat(),
            "fragments": fragments(record.text),
            "text": record.text,
            "id_en": original.id if original else None,
            "text_en": original.text if original else None,
        })
    return rows
