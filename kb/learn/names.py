"""Card names, English and Italian, for the generated mechanics: a multi-word card name that holds a
form of a tag ("Descent into Madness") becomes a ``not`` context of that tag, and the lower-case
words inside names ("into", "over") become ``name_connectors``, for masking the card names of a
ruling's text."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable

from kb.learn.cards import CardText
from kb.text.analysis import terms as analyse


def read_names(corpus: Path, cards: Iterable[CardText]) -> dict[str, set]:
    """The card names, by language, of ``names_it.tsv``, of ``cards`` and of the cards that
    ``rulings_en.jsonl`` rules on (faces apart)."""
    names = {"en": set(), "it": set()}
    path = corpus / "names_it.tsv"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            en, _, it = line.partition("\t")
            names["en"].add(en.strip())
            if it.strip():
                names["it"].add(it.strip())
    for card in cards:
        names["en"].update(part.strip() for part in card.card.split("//"))
        if card.card_it:
            names["it"].update(part.strip() for part in card.card_it.split("//"))
    rulings = corpus / "rulings_en.jsonl"
    if rulings.exists():  # the cards the rulings are about, Italian text or not ("Infinity Elemental")
        with open(rulings, encoding="utf-8") as lines:
            for line in lines:
                names["en"].update(part.strip() for part in json.loads(line)["card"].split("//"))
    names["en"].discard("")
    names["it"].discard("")
    return names


_CAPITAL_WORD = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:['’][^\W\d_]+)*")


def learn_connectors(names: dict[str, set], minimum: int = 5) -> list[str]:
    """Lower-case words that join the capitalised words of card names ("Descent into Madness",
    "Sfera dell'Apprendista"), seen in at least ``minimum`` names."""
    counts: Counter = Counter()
    for lang_names in names.values():
        for name in lang_names:
            words = list(_CAPITAL_WORD.finditer(name))
            for a, b in zip(words, words[1:]):
                between = name[a.end() : b.start()]
                if not between[:1].isspace():
                    continue
                parts = between.split()
                if parts and all(p.islower() for p in parts):
                    counts.update(parts)
    return sorted(w for w, n in counts.items() if n >= minimum)


def name_contexts(entries: list[dict], names: dict[str, set]) -> dict[str, dict[str, list[str]]]:
    """For each tag, the card names (of two words or more) in which one of its forms occurs
    without being the whole name: "Descent into Madness" for madness, "Fight or Flight" for
    fight. As ``not`` contexts they keep a name from tagging the mechanic."""
    from kb.text.vocabulary import from_data

    vocab = from_data({"tags": [{**e, "not": {}} for e in entries]})
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for lang in ("en", "it"):
        for name in sorted(names[lang]):
            if not name[:1].isupper():
                continue
            terms = analyse(name, lang)
            if len(terms) < 2:
                continue
            exact = vocab.find(terms, lang, name.lower())  # exact words checked; no capitals, no masking
            for match in vocab.find(terms, lang) + exact:
                if match.end - match.start >= len(terms):
                    continue
                # a name that holds an exact word of a form cancels it only written with exact words
                context = name if match in vocab.find(terms, lang) else _exact_name(name, lang)
                if context and context not in out[match.tag][lang]:
                    out[match.tag][lang].append(context)
    return out


def _exact_name(name: str, lang: str) -> str:
    """A card name as a context of exact words: "Warped Physique" → "=warped =physique"."""
    return " ".join(f"={w.lower()}" for w in re.findall(r"\w+", name) if analyse(w, lang))
