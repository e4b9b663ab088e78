"""What the index holds of a ruling: the Whoosh schema, its codec, and a record as a document.

The id and the card are not indexed terms: they are lookups, kept as per-document arrays
beside the index (``docs.npz``, kb.index.shards), which saves a posting list per ruling and per card.
"""

from __future__ import annotations

from datetime import date

from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import TEXT, Schema

from kb.records import Ruling
from kb.text.analysis import ANALYZERS, LANGS, AnalysedText
from kb.text.analysis import terms as analysis_terms

LANG_CODES = {lang: code for code, lang in enumerate(LANGS)}
KEYWORD_FIELDS = ("tags", "rules", "claims")  # kept as (document, term) arrays beside Whoosh, not in it
EPOCH = date(1970, 1, 1)


class LeanCodec(W3Codec):
    """Whoosh's codec without the per-block length statistics and postings compression.

    The statistics serve the block-skipping of Whoosh's own searcher, which kb does not use
    (kb/execute.py reads whole postings lists); compression saves disk at the cost of CPU on
    both writing and reading. Together: indexing a third faster, postings read faster, an index
    about twice as large (tens of MB for the official rulings).
    """

    length_stats = False

    def __init__(self, blocklimit: int = 128, compression: int = 0, inlinelimit: int = 1):
        super().__init__(blocklimit, compression, inlinelimit)


def schema() -> Schema:
    """The searchable fields of a ruling (the record is stored whole beside the index).

    The id, the card, the language, the date, the tags and the rule numbers are not indexed
    terms: they are lookups, kept as arrays beside the index (``docs.npz``; tags and rule
    numbers as document/term pairs), which saves a posting list per ruling and per card, and
    Whoosh's writing of several terms per ruling.
    """
    return Schema(
        text_it=TEXT(analyzer=ANALYZERS["it"], phrase=True),
        text_en=TEXT(analyzer=ANALYZERS["en"], phrase=True),
    )


def keyword_values(record: Ruling) -> dict[str, tuple[str, ...]]:
    """A record's values of each keyword field: its tags, its rule numbers, and the claims it
    links to (either polarity: a ruling denying a claim is about it too)."""
    return {"tags": record.tags, "rules": record.rules, "claims": tuple(link.claim for link in record.links)}


def indexed_langs(record: Ruling) -> tuple[str, ...]:
    """The text fields a ruling is indexed in: its language, and both when it is mixed."""
    return LANGS if record.mixed else (record.lang,)


def document(record: Ruling, terms: dict | None = None, with_text: bool = True) -> dict:
    """The Whoosh fields of a record: its text (``terms``: analysed, when already computed;
    ``with_text`` False: none, an earlier document of the shard carries it). The record itself
    is stored beside the index (kb.index.shards)."""
    doc = {}
    for lang in indexed_langs(record) if with_text else ():
        known = (terms or {}).get(lang)
        doc[f"text_{lang}"] = AnalysedText(record.text, known if known is not None else analysis_terms(record.text, lang))
    return doc
