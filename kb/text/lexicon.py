"""The bilingual EN<->IT lexicon of Magic terms: translations of analysed terms, for queries.

Two sources, loaded once by ``lexicon()``:

- ``kb/vocab/lexicon.tsv``: pairs learned from the parallel card texts by
  ``python -m kb.learn.lexicon`` (already analysed: loading needs no analysis);
- ``kb/vocab/glossary.yaml``: a small reviewed glossary of rules words that cards rarely print
  (stack / pila, priority / priorità); its surface forms are analysed on load.

Both are keyed by analysed terms (``kb.text.analysis.terms``), so a query's terms look up directly:

    >>> lexicon().translations(("graveyard",), "en")[0].form
    'cimitero'
    >>> [(e.start, e.end) for e in expand(terms("first strike until end of turn", "en"), "en")]
    [(0, 2), (2, 4)]

Glossary translations rank above learned ones; learned ones by score, then evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from kb.text import yaml_data

LANGS = ("it", "en")  # as kb.text.analysis.LANGS, without importing it for the learned part
VOCAB = Path(__file__).resolve().parent.parent / "vocab"
LEXICON_TSV = VOCAB / "lexicon.tsv"
GLOSSARY_YAML = VOCAB / "glossary.yaml"
COLUMNS = ("en_terms", "it_terms", "en_form", "it_form", "score", "count")

Terms = tuple[str, ...]


class LexiconError(ValueError):
    """A malformed lexicon or glossary file, located at ``path:line``."""

    def __init__(self, path, line: int, message: str):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{path}:{line}: {message}")


@dataclass(frozen=True, slots=True)
class Translation:
    """A translation of a unit of analysed terms into the other language."""

    terms: Terms  # analysed terms, in the other language
    form: str  # the most frequent surface form (learned) or the glossary's form
    score: float  # 0..1; 1.0 for the glossary
    count: int  # lines of evidence in the card texts (0: none learned)
    source: str  # "glossary" or "learned"


@dataclass(frozen=True, slots=True)
class Expansion:
    """The translations of the query terms at positions ``start``..``end`` (exclusive)."""

    start: int
    end: int
    terms: Terms  # the query's terms there
    translations: tuple[Translation, ...]


class Lexicon:
    """Translations by language and unit: ``{lang: {terms: [Translation, ...]}}``, best first."""

    def __init__(self, table: dict[str, dict[Terms, list[Translation]]]):
        self._table = table
        self._words: frozenset[str] | None = None
        # the longest unit starting with each term, per language: how far ``expand`` looks
        self._reach = {
            lang: _reach(units) for lang, units in table.items()
        }

    def __len__(self) -> int:
        return sum(len(rows) for rows in self._table["en"].values())

    def words(self) -> frozenset[str]:
        """Every word of every surface form, folded: words the lexicon knows, in either language."""
        if self._words is None:
            from kb.text.analysis import fold

            self._words = frozenset(fold(word) for rows in (*self._table["en"].values(), *self._table["it"].values())
                                    for row in rows for word in row.form.replace("'", " ").split())  # fmt: skip
        return self._words

    def units(self, lang: str) -> Iterable[Terms]:
        return self._table[_lang(lang)].keys()

    def entries(self) -> Iterable[tuple[Terms, Translation]]:
        """Every (EN terms, translation into Italian) pair."""
        for en, rows in self._table["en"].items():
            for row in rows:
                yield en, row

    def translations(self, terms: Sequence[str], lang: str) -> list[Translation]:
        """The translations of the unit ``terms`` (analysed, in ``lang``) into the other language."""
        return list(self._table[_lang(lang)].get(tuple(terms), ()))

    def expand(self, terms: Sequence[str], lang: str) -> list[Expansion]:
        """The translations of the units of a sequence of analysed query terms, in order of
        position: the longest units first (glossary ones first among equals), each term in one
        unit at most; terms with no translation are left out."""
        table, reach = self._table[_lang(lang)], self._reach[_lang(lang)]
        terms = tuple(terms)
        found = []
        for start, term in enumerate(terms):
            for end in range(min(len(terms), start + reach.get(term, 0)), start, -1):
                rows = table.get(terms[start:end])
                if rows:
                    found.append((end - start, rows[0].source == "glossary", start, end, rows))
        found.sort(key=lambda f: (-f[0], not f[1], f[2]))
        taken = [False] * len(terms)
        out = []
        for _, _, start, end, rows in found:
            if not any(taken[start:end]):
                taken[start:end] = [True] * (end - start)
                out.append(Expansion(start, end, terms[start:end], tuple(rows)))
        out.sort(key=lambda e: e.start)
        return out


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    return lang


def _reach(units: Iterable[Terms]) -> dict[str, int]:
    reach: dict[str, int] = {}
    for unit in units:
        if len(unit) > reach.get(unit[0], 0):
            reach[unit[0]] = len(unit)
    return reach


# --- loading ---------------------------------------------------------------------------------------


def read_tsv(path: Path) -> list[tuple[Terms, Terms, str, str, float, int]]:
    """The rows of a learned lexicon file; a malformed line is a LexiconError naming it."""
    path = Path(path)
    rows = []
    header = False
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if not header:
                if tuple(fields) != COLUMNS:
                    raise LexiconError(path, number, f"expected the header {' '.join(COLUMNS)!r}")
                header = True
                continue
            if len(fields) != len(COLUMNS):
                raise LexiconError(path, number, f"expected {len(COLUMNS)} tab-separated fields "
                                                 f"({', '.join(COLUMNS)}), got {len(fields)}")
            en, it = tuple(fields[0].split()), tuple(fields[1].split())
            if not en or not it:
                raise LexiconError(path, number, "empty en_terms or it_terms")
            try:
                score = float(fields[4])
                count = int(fields[5])
            except ValueError:
                raise LexiconError(path, number, f"score {fields[4]!r} and count {fields[5]!r} "
                                                 "must be a number and an integer") from None
            if not 0.0 <= score <= 1.0 or count < 0:
                raise LexiconError(path, number, f"score {score} must be in 0..1 and count {count} ≥ 0")
            rows.append((en, it, fields[2], fields[3], score, count))
    if not header:
        raise LexiconError(path, 1, f"no header line {' '.join(COLUMNS)!r}")
    return rows


def read_glossary(path: Path) -> list[tuple[Terms, Terms, str, str]]:
    """The (EN terms, IT terms, EN form, IT form) pairs of a glossary file: each English form of
    an entry with each Italian form. A malformed entry is a LexiconError naming it."""
    from kb.text.analysis import phrase_terms

    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml_data.load(text)
    except yaml_data.NotYAML as err:
        raise LexiconError(path, err.line, f"not YAML: {err.message}") from None
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise LexiconError(path, 1, "expected a mapping with a list 'entries'")
    pairs = []
    for k, entry in enumerate(data["entries"]):
        if not isinstance(entry, dict):
            raise LexiconError(path, _line(text, k), "an entry must be a mapping with 'en' and 'it'")
        forms = {}
        for lang in ("en", "it"):
            values = entry.get(lang)
            if isinstance(values, str):
                values = [values]
            if not values or not all(isinstance(v, str) and v.strip() for v in values):
                raise LexiconError(path, _line(text, k), f"entry needs a list of {lang} forms")
            analysed = []
            for form in values:
                unit = phrase_terms(form, lang)
                if not unit:
                    raise LexiconError(path, _line(text, k), f"{lang} form {form!r} has no searchable word")
                analysed.append((unit, form))
            forms[lang] = analysed
        for en, en_form in forms["en"]:
            for it, it_form in forms["it"]:
                pairs.append((en, it, en_form, it_form))
    return pairs


def _line(text: str, k: int) -> int:
    """The line of entry ``k`` of a glossary's text, for an error message: found by parsing the
    text again with the YAML nodes' marks."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        lines = [node.start_mark.line + 1 for node in _entries_node(loader.get_single_node())]
    finally:
        loader.dispose()
    return lines[k] if k < len(lines) else 1


def _entries_node(root):
    """The YAML nodes of the glossary's entries (for their line numbers)."""
    if root is None or not hasattr(root, "value") or not isinstance(root.value, list):
        return []
    for key, value in root.value:
        if getattr(key, "value", None) == "entries" and isinstance(value.value, list):
            return value.value
    return []


def load(tsv: Path | None = LEXICON_TSV, glossary: Path | None = GLOSSARY_YAML) -> Lexicon:
    """A lexicon from a learned TSV and a glossary (either may be None)."""
    table: dict[str, dict[Terms, dict[Terms, Translation]]] = {lang: {} for lang in LANGS}
    learned: dict[tuple[Terms, Terms], int] = {}
    if tsv is not None:
        for en, it, en_form, it_form, score, count in read_tsv(tsv):
            learned[(en, it)] = count
            _add(table["en"], en, Translation(it, it_form, score, count, "learned"))
            _add(table["it"], it, Translation(en, en_form, score, count, "learned"))
    if glossary is not None:
        for en, it, en_form, it_form in read_glossary(glossary):
            count = learned.get((en, it), 0)
            _add(table["en"], en, Translation(it, it_form, 1.0, count, "glossary"))
            _add(table["it"], it, Translation(en, en_form, 1.0, count, "glossary"))
    return Lexicon({
        lang: {unit: sorted(rows.values(), key=_rank) for unit, rows in units.items()}
        for lang, units in table.items()
    })


def _add(units: dict[Terms, dict[Terms, Translation]], unit: Terms, row: Translation) -> None:
    """Add a translation of ``unit``; of two with the same terms, the glossary's (then the first
    glossary form, or the better learned one) stays."""
    rows = units.setdefault(unit, {})
    old = rows.get(row.terms)
    if old is None or (row.source == "glossary" and old.source == "learned") or \
            (row.source == old.source == "learned" and _rank(row) < _rank(old)):
        rows[row.terms] = row


def _rank(row: Translation):
    return (row.source != "glossary", -row.score, -row.count, row.terms)


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The bundled lexicon (learned pairs and glossary), loaded once."""
    return load(LEXICON_TSV, GLOSSARY_YAML)


def translations(terms: Sequence[str], lang: str) -> list[Translation]:
    """``lexicon().translations``: the translations of a unit of analysed terms in ``lang``."""
    return lexicon().translations(terms, lang)


def expand(terms: Sequence[str], lang: str) -> list[Expansion]:
    """``lexicon().expand``: the translations of the units of analysed query terms."""
    return lexicon().expand(terms, lang)
