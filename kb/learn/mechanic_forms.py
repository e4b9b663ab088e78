"""The forms of a mechanic's tag: those the data gives (``learned_forms``), then the review applied
(``reviewed_forms``, with ``kb.learn.review.REVIEW``)."""

from __future__ import annotations

from typing import Iterable

from kb.learn.review import REVIEW, Review
from kb.learn.rules import Mechanic
from kb.text.analysis import terms as analyse


def _unique(forms: Iterable[str], lang: str) -> list[str]:
    """Forms without those that analyse the same as an earlier one ("counters" after "counter")."""
    seen, out = set(), []
    for form in forms:
        form = form.strip()
        key = tuple(analyse(form, lang))
        if form and key and key not in seen:
            seen.add(key)
            out.append(form)
    return out


def learned_forms(mechanic: Mechanic) -> dict[str, list[str]]:
    """The forms the data gives: English names, variants, old names, the inflections the rules and
    cards use, "[name] cost" when the rules speak of it; Italian labels, their family, "costo di
    [label]" when Italian cards print it. Forms that analyse alike are kept once, except a few
    inflections of the family (they say what the stems cover: "potenziata", "kicked")."""
    seen = [w for w in mechanic.en_seen if " " not in w and w not in mechanic.english and mechanic.en_seen[w] >= 2]
    en = _unique([*mechanic.english, *mechanic.variants, *mechanic.old_names, *sorted(seen)], "en")
    en += [w for w, _ in mechanic.en_family.most_common(4) if w not in en]
    body = " ".join(mechanic.body).lower()
    en += [f"{name} cost" for name in mechanic.english if f"{name} cost" in body]
    it = _unique([label.lower() for label in mechanic.it_labels], "it")
    it += [w for w, _ in mechanic.it_family.most_common(4) if w not in it]
    if mechanic.it_cost:
        it += [f"costo di {label.lower()}" for label in mechanic.it_labels]
    return {"en": dedupe(en), "it": dedupe(it)}


def dedupe(forms: Iterable[str]) -> list[str]:
    out: list[str] = []
    for form in forms:
        if form.lower() not in (f.lower() for f in out):
            out.append(form)
    return out


def reviewed_forms(mechanic: Mechanic, learned: dict[str, list[str]]) -> tuple[dict, dict, dict, str]:
    review = REVIEW.get(mechanic.id, Review())
    forms = {}
    for lang in ("en", "it"):
        base = getattr(review, lang)
        base = list(learned[lang]) if base is None else list(base)
        drop = {tuple(analyse(f, lang)) for f in getattr(review, f"drop_{lang}")}
        base = [f for f in base if tuple(analyse(f, lang)) not in drop]
        forms[lang] = dedupe([*base, *getattr(review, f"add_{lang}")])
    contexts = {lang: list(getattr(review, f"not_{lang}")) for lang in ("en", "it")}
    needs = {lang: list(getattr(review, f"with_{lang}")) for lang in ("en", "it") if getattr(review, f"with_{lang}")}
    return forms, contexts, needs, review.comment
