"""The data of kb's YAML files (vocabularies, glossary, paraphrases, question words), parsed once
per text: a JSON copy of what a text parsed to is kept in the user's cache, under the text's
checksum, so that a later start reads it without importing the YAML parser (a one-off ``kb
search`` spends most of its time starting). The copy is used only for the very text it was made
from, only when JSON gives back exactly what YAML gave, and a missing, unreadable or damaged copy
is parsed again; the cache folder is ``KB_CACHE_DIR`` (empty: no cache), else
``$XDG_CACHE_HOME/kb`` or ``~/.cache/kb``."""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

VERSION = "2"  # of the copies' form: a change here makes new names, never misreads old copies (2: a key given twice is refused, so no copy of such a text is read back)


def cache_dir() -> Path | None:
    """Where the copies go, or None (``KB_CACHE_DIR`` set empty)."""
    chosen = os.environ.get("KB_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kb"


class NotYAML(ValueError):
    """A text that doesn't parse as YAML: ``line`` (from 1) and the parser's ``message``; the
    callers name the file."""

    def __init__(self, line: int, message: str):
        self.line, self.message = line, message
        super().__init__(f"line {line}: {message}")


def load(text: str) -> Any:
    """What the YAML ``text`` parses to (safe loading); NotYAML if it doesn't parse."""
    folder = cache_dir()
    copy = None
    if folder is not None:
        digest = hashlib.sha256(f"{VERSION}\n{text}".encode("utf-8", "surrogatepass")).hexdigest()
        copy = folder / f"yaml-{digest[:40]}.json"
        try:
            return json.loads(copy.read_text(encoding="utf-8"))["data"]
        except (OSError, ValueError, KeyError, TypeError):
            pass  # no copy yet, or a damaged one: parse the text
    import yaml

    try:
        data = yaml.load(text, Loader=_strict_loader())
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise NotYAML(mark.line + 1 if mark else 1, str(err)) from None
    if copy is not None:
        _keep(copy, data)
    return data


@lru_cache(maxsize=1)
def _strict_loader() -> type:
    """The safe loader, refusing a key given twice in one mapping (YAML's parsers keep the last
    one silently: a claim's second ``rulings:`` once dropped its 319 labelled official rulings
    without a word)."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Strict(base):  # type: ignore[misc, valid-type]
        pass

    def mapping(loader, node):
        seen = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = loader.construct_object(key_node)
            if not isinstance(key, (str, int, float, bool)):
                continue  # an unhashable key: the constructor itself says so, with its line
            if key in seen:
                raise yaml.constructor.ConstructorError("while reading a mapping", node.start_mark,
                                                        f"the key {key!r} is given twice", key_node.start_mark)
            seen.add(key)
        return loader.construct_mapping(node)

    Strict.add_constructor("tag:yaml.org,2002:map", mapping)
    return Strict


def _keep(copy: Path, data: Any) -> None:
    """Write the JSON copy if JSON round-trips ``data`` exactly (no dates, tuples or number keys)."""
    try:
        encoded = json.dumps({"data": data}, ensure_ascii=False)
        if json.loads(encoded)["data"] != data:
            return
    except (TypeError, ValueError):
        return
    write_copy(copy, encoded)


def write_copy(copy: Path, text: str) -> None:
    """Write a copy in the cache, atomically (a reader sees the whole copy or none); a folder that
    can't be written is no error: the next start makes it again."""
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        temporary = copy.with_name(f"{copy.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, copy)
        finally:
            temporary.unlink(missing_ok=True)
    except OSError:
        return
