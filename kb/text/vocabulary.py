"""The tag vocabulary (``kb/vocab/tags.yaml``) and matching its surface forms on analysed text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterable, Sequence


from kb.text.analysis import LANGS, fold, phrase_terms
from kb.errors import UnknownTag


@dataclass(frozen=True)
class Tag:
    id: str
    kind: str
    rules: tuple[str, ...]
    label: dict
    forms: dict  # lang -> tuple of surface forms

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "rules": list(self.rules),
            "label": dict(self.label),
            "forms": {lang: list(forms) for lang, forms in self.forms.items()},
        }


@dataclass(frozen=True)
class Match:
    """A form of ``tag`` found at term positions ``start``..``end`` (exclusive)."""

    tag: str
    start: int
    end: int


GAP = "…"  # in a form: up to MAX_GAP words of any kind ("turn … face up")
MAX_GAP = 3


def _analyse_form(form: str, lang: str) -> tuple[str, ...]:
    parts = [part.strip() for part in form.split(GAP)]
    out: list[str] = []
    for k, part in enumerate(parts):
        if k:
            out.append(GAP)
        out.extend(phrase_terms(part, lang))
    return tuple(out)


def _match_at(terms: Sequence[str], i: int, form: tuple[str, ...]) -> int | None:
    """The end of ``form`` matched at ``terms[i:]``, or None."""
    if not form:
        return i
    if form[0] == GAP:
        for skip in range(MAX_GAP + 1):
            end = _match_at(terms, i + skip, form[1:])
            if end is not None:
                return end
        return None
    if i < len(terms) and terms[i] == form[0]:
        return _match_at(terms, i + 1, form[1:])
    return None


class Vocabulary:
    def __init__(self, tags: Sequence[Tag]):
        self.tags = tuple(tags)
        self.by_id = {tag.id: tag for tag in self.tags}
        # per language: first term -> [(terms, tag id)], longest forms first
        self._forms: dict[str, dict[str, list[tuple[tuple[str, ...], str]]]] = {}
        for lang in LANGS:
            table: dict[str, list[tuple[tuple[str, ...], str]]] = {}
            for tag in self.tags:
                for form in tag.forms.get(lang, ()):
                    analysed = _analyse_form(form, lang)
                    if not analysed or analysed[0] == GAP or analysed[-1] == GAP:
                        raise ValueError(f"tag {tag.id}: form {form!r} ({lang}) has no searchable word")
                    table.setdefault(analysed[0], []).append((analysed, tag.id))
            for entries in table.values():
                entries.sort(key=lambda e: -len(e[0]))
            self._forms[lang] = table

    def __iter__(self):
        return iter(self.tags)

    def __contains__(self, tag_id: str) -> bool:
        return tag_id in self.by_id

    def find(self, terms: Sequence[str], lang: str) -> list[Match]:
        """Every form of ``lang`` occurring in ``terms`` (analysed text), longest first at a position."""
        table = self._forms[lang]
        found = []
        for i, term in enumerate(terms):
            for form, tag_id in table.get(term, ()):
                end = _match_at(terms, i, form)
                if end is not None:
                    found.append(Match(tag_id, i, end))
        return found

    def tags_in(self, terms_by_lang: dict[str, Sequence[str]]) -> tuple[str, ...]:
        """The tag ids whose forms occur in a text, given its terms in each language."""
        ids = {m.tag for lang, terms in terms_by_lang.items() for m in self.find(terms, lang)}
        return tuple(tag.id for tag in self.tags if tag.id in ids)

    def rules_of(self, tag_ids: Iterable[str]) -> tuple[str, ...]:
        return tuple(rule for tag_id in tag_ids for rule in self.by_id[tag_id].rules)

    def resolve(self, name: str) -> str:
        """A tag id from its id or any of its surface forms: ``battibaleno`` → ``split_second``."""
        key = fold(name).replace("-", "_").replace(" ", "_")
        if key in self.by_id:
            return key
        for lang in LANGS:
            analysed = _analyse_form(name, lang)
            for form, tag_id in self._forms[lang].get(analysed[0] if analysed else "", ()):
                if form == analysed:
                    return tag_id
        raise UnknownTag(f"unknown tag {name!r}; tags are: {', '.join(self.by_id)}")


def load(text: str) -> Vocabulary:
    """A vocabulary from its YAML text."""
    import yaml

    return from_data(yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


def from_data(data: dict) -> Vocabulary:
    """A vocabulary from its data (the parsed YAML, or the JSON copy an index keeps)."""
    return Vocabulary(
        [
            Tag(
                id=entry["id"],
                kind=entry["kind"],
                rules=tuple(str(r) for r in entry.get("rules", ())),
                label=dict(entry.get("label", {})),
                forms={lang: tuple(entry.get("forms", {}).get(lang, ())) for lang in LANGS},
            )
            for entry in data["tags"]
        ]
    )


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The bundled vocabulary."""
    return load(resources.files("kb").joinpath("vocab/tags.yaml").read_text(encoding="utf-8"))
