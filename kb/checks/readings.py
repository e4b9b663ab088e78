"""The readings of the claims' phrasings (``kb.checks.meaning.reading``), remembered between
runs: a linker is built in each ingest worker, in ``kb check`` and in the server, and reading its
3,000 phrasings took 0.16 s of each build."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

import Stemmer

from kb import __version__
from kb.checks.meaning import Sentence, reading
from kb.text import yaml_data

# What reading a phrasing depends on besides its text: the code and data of kb.checks.meaning.
READING_SOURCES = ("checks/meaning.py", "text/analysis.py", "text/lexicon.py", "text/thesaurus.py", "vocab/lexicon.tsv",
                   "vocab/glossary.yaml", "vocab/paraphrases.yaml")  # fmt: skip


def remembered(rows: Sequence[tuple]) -> Callable:
    """``reading`` of the phrasings of ``rows``, read from a JSON copy in the user's cache
    (kb.text.yaml_data.cache_dir) made by the very same phrasings, code and data (a checksum of
    them all names it), else read and the copy written: a linker is built in each ingest worker,
    and reading its 3,000 phrasings took 0.16 s of it. A missing or damaged copy is read again."""
    texts = sorted({(row[3], row[2]) for row in rows})

    def make() -> list:
        return [[lang, text, [[x.text, sorted(x.content), x.negations] for x in reading(text, lang)]] for lang, text in texts]

    def decode(data) -> dict | None:
        # a feature's string once, not once per phrasing that holds it (1.2 million strings: 70 MB),
        # and a phrasing's text the phrasing's own (a phrasing of one sentence, its sentence's)
        own = {text: text for _, text in texts}
        found = {}
        for lang, text, sentences in data:
            text, lang = own.get(text, text), sys.intern(lang)
            found[(lang, text)] = tuple(Sentence(text if t == text else t, frozenset(map(sys.intern, c)), n, lang=lang)
                                        for t, c, n in sentences)  # fmt: skip
        return found if len(found) == len(texts) else None

    found = cached(texts, "readings", make, decode)

    def read(text: str, lang: str) -> tuple[Sentence, ...]:
        known = found.get((lang, text))
        return known if known is not None else reading(text, lang)

    return read


def cached(texts: list, kind: str, make: Callable[[], Any], decode: Callable[[Any], Any]) -> Any:
    """``decode`` of the JSON copy in the user's cache made for ``texts`` (named by ``kind`` and a
    checksum of them and of the code and data that read them, ``copy_name``), else of ``make()``,
    the copy written; a missing copy, or a damaged one (``decode`` fails or gives None), is made
    again. No cache folder: made every time."""
    folder = yaml_data.cache_dir()
    copy = copy_name(folder, texts, kind) if folder is not None else None
    if copy is not None:
        try:
            found = decode(json.loads(copy.read_text(encoding="utf-8")))
            if found is not None:
                return found
        except (OSError, ValueError, KeyError, TypeError):
            pass
    data = make()
    if copy is not None:
        yaml_data.write_copy(copy, json.dumps(data, ensure_ascii=False))
    return decode(data)


def copy_name(folder: Path, texts: list, kind: str = "readings") -> Path | None:
    """The copy's path, named by ``kind`` and a checksum of the texts and of what reads them (None
    when a source can't be read: no copy then)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"1\n{__version__}\n{getattr(Stemmer, '__version__', '')}\n".encode())
    try:
        for name in READING_SOURCES:
            digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    except OSError:
        return None
    digest.update(json.dumps(texts, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    return folder / f"{kind}-{digest.hexdigest()[:40]}.json"
