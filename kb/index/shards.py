"""Shards: a Whoosh index of part of the rulings, with its per-document arrays (``docs.npz``:
id, card, source file, text hash, text carrier, date, language, field lengths, liveness).

Shards let several processes build one index at once; a search reads them all as one.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import numpy as np
from whoosh import index as whoosh_index

from kb.errors import IndexDamaged
from kb.index.schema import (
    EPOCH,
    KEYWORD_FIELDS,
    LANG_CODES,
    LeanCodec,
    document,
    indexed_langs,
    keyword_values,
    schema,
)
from kb.records import Ruling, text_key
from kb.text.analysis import LANGS


RECORDS = "records.jsonl"  # each document's record, one JSON line each, found by ``record_at``


def write_shard(path: Path, items: Iterable[tuple[Ruling, dict | None]]) -> int:
    """Write a Whoosh index of ``(record, terms)`` items and its per-document arrays.

    The same text is often the ruling of many cards (half of the official rulings repeat
    another's). Only the first ruling of a text in each source file carries the text's terms
    in the index; the others point to it (``owner``), and a search that finds the text finds
    them all. A file's rulings are deleted together, so an owner never outlives its file's
    other rulings of that text; a duplicate deleted from a shard stays there as the text's
    carrier, alive only in name (see ``delete_from_shard``).
    """
    path.mkdir(parents=True)
    ix = whoosh_index.create_in(str(path), schema())
    writer = ix.writer(limitmb=256, codec=LeanCodec(), compound=False)
    ids, cards, files, texts, owners, days, langs = [], [], [], [], [], [], []
    card_codes: dict[str, int] = {}
    file_codes: dict[str, int] = {}
    first: dict[tuple, int] = {}  # (file, text, languages) -> the document carrying the text
    lengths: dict[str, list[int]] = {lang: [] for lang in LANGS}
    keywords = {field: ([], [], {}) for field in KEYWORD_FIELDS}  # documents, term codes, term → code
    records = (path / RECORDS).open("wb")
    starts = [0]  # where each record starts in the records file, and where the last ends
    for docnum, (record, terms) in enumerate(items):
        line = json.dumps(record.to_dict(), ensure_ascii=False).encode("utf-8") + b"\n"
        records.write(line)
        starts.append(starts[-1] + len(line))
        for field, values in keyword_values(record).items():
            docs, codes, names = keywords[field]
            for value in dict.fromkeys(values):
                docs.append(docnum)
                codes.append(names.setdefault(value, len(names)))
        file = file_codes.setdefault(record.source_file, len(file_codes))
        key = text_key(record.text)
        owner = first.setdefault((file, key, indexed_langs(record)), docnum)
        doc = document(record, terms, with_text=owner == docnum)
        writer.add_document(**doc)
        ids.append(record.id)
        cards.append(card_codes.setdefault(record.key, len(card_codes)))
        files.append(file)
        texts.append(key)
        owners.append(owner)
        days.append((record.date - EPOCH).days)
        langs.append(LANG_CODES[record.lang])
        for lang in LANGS:
            text = doc.get(f"text_{lang}")
            lengths[lang].append(len(text.terms) if text is not None else lengths[lang][owner] if owner < docnum else 0)
    writer.commit()
    records.close()
    _save_arrays(
        path,
        id=np.array(ids, dtype="S12"),
        card=np.array(cards, dtype=np.int32),
        card_keys=np.array(list(card_codes), dtype=str),
        source=np.array(files, dtype=np.int32),
        source_names=np.array(list(file_codes), dtype=str),
        text=np.array(texts, dtype=np.int64),
        owner=np.array(owners, dtype=np.int32),
        date=np.array(days, dtype=np.int32),
        lang=np.array(langs, dtype=np.int8),
        alive=np.ones(len(days), dtype=bool),
        record_at=np.array(starts, dtype=np.int64),
        **{f"len_{lang}": np.array(values, dtype=np.int32) for lang, values in lengths.items()},
        **{name: array for field, (docs, codes, names) in keywords.items() for name, array in (
            (f"{field}_doc", np.array(docs, dtype=np.int32)), (f"{field}_code", np.array(codes, dtype=np.int32)),
            (f"{field}_names", np.array(list(names), dtype=str)))},
    )
    return len(days)


def delete_from_shard(path: Path, ids: Iterable[str]) -> list[Ruling]:
    """Delete rulings by id from a shard (a duplicate of a ruling in an earlier shard, or the
    rulings of a file that changed); returns the records deleted."""
    wanted = {ruling.encode("ascii") for ruling in ids}
    if not wanted:
        return []
    shard = Shard(path)
    arrays = shard.arrays()
    docnums = [int(d) for d in np.flatnonzero(np.isin(arrays["id"], list(wanted)) & arrays["alive"])]
    deleted = shard.records_at(docnums)
    arrays["alive"][docnums] = False
    # a document that carries its text for other live rulings stays in Whoosh as the carrier
    carriers = set(np.unique(arrays["owner"][arrays["alive"]]).tolist())
    writer = whoosh_index.open_dir(str(path)).writer()
    for docnum in docnums:
        if docnum not in carriers:
            writer.delete_document(docnum)
    writer.commit(merge=False)
    _save_arrays(path, **arrays)
    return deleted


def read_record(handle, starts: np.ndarray, docnum: int, path: Path) -> dict:
    """The record of a document of a shard, read from its records file (IndexDamaged when the
    bytes there are not one)."""
    start, end = int(starts[docnum]), int(starts[docnum + 1])
    handle.seek(start)
    try:
        return json.loads(handle.read(end - start))
    except ValueError:
        raise IndexDamaged(f"{path}: the record of document {docnum} is damaged; "
                           f"check the index with kb verify, rebuild it with kb ingest --full") from None


def _save_arrays(path: Path, **arrays: np.ndarray) -> None:
    """Write docs.npz as a new file (never in place: a later generation may share the old one
    through a hard link)."""
    temporary = path / "docs.tmp.npz"
    np.savez(temporary, **arrays)
    os.replace(temporary, path / "docs.npz")


@dataclass(frozen=True)
class Shard:
    path: Path

    def link_into(self, folder: Path) -> "Shard":
        """The same shard in ``folder``, its files hard-linked (Whoosh never rewrites a file,
        and kb replaces docs.npz rather than writing into it)."""
        target = folder / self.path.name
        shutil.copytree(self.path, target, copy_function=os.link)
        return Shard(target)

    def open(self):
        return whoosh_index.open_dir(str(self.path))

    def records(self) -> list[Ruling]:
        """The rulings the shard holds (deleted ones left out)."""
        return self.records_at(int(d) for d in np.flatnonzero(self.arrays()["alive"]))

    def records_at(self, docnums: Iterable[int]) -> list[Ruling]:
        starts = self.arrays().get("record_at")
        if starts is None:  # written before the records file: stored in Whoosh
            reader = self.open().reader()
            try:
                return [Ruling.from_dict(json.loads(reader.stored_fields(d)["record"])) for d in docnums]
            finally:
                reader.close()
        with (self.path / RECORDS).open("rb") as handle:
            return [Ruling.from_dict(read_record(handle, starts, d, self.path / RECORDS)) for d in docnums]

    def records_of_cards(self, keys: set[str]) -> list[Ruling]:
        """The live rulings of these cards (by card key)."""
        arrays = self.arrays()
        codes = [code for code, key in enumerate(arrays["card_keys"].tolist()) if key in keys]
        wanted = np.flatnonzero(np.isin(arrays["card"], codes) & arrays["alive"])
        return self.records_at(int(d) for d in wanted)

    def arrays(self) -> dict:
        with np.load(self.path / "docs.npz") as data:
            return {name: data[name] for name in data.files}


