"""Word families of the mechanics: the words of the same family as a mechanic's name, English and
Italian, that occur on the lines of the cards with the mechanic and rarely elsewhere ("kicked",
"potenziata", "sacrificata"), to become forms."""

from __future__ import annotations

import re
from collections import Counter

from kb.learn.cards import WORD, CardText, aligned_lines
from kb.learn.rules import Mechanic
from kb.text.analysis import fold, terms as analyse


def _prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


_SUFFIXES = ("", "s", "es", "ed", "d", "ing")


def _inflects(word: str, names: list[str]) -> bool:
    """``word`` is an inflection of one of the one-word ``names``: "kicked" of "kicker",
    "sacrificed" of "sacrifice", "foretold" of "foretell" (the rules use it), not "player" of
    "play" nor "with" of "wither"."""
    for name in names:
        if word == name:
            return True
        for cut in (0, 1, 2):  # kicker → kick, sacrifice → sacrific, foretell → foret(old)
            root = name[: len(name) - cut] if cut else name
            if len(root) < 4 or not word.startswith(root):
                continue
            rest = word[len(root) :]
            if rest in _SUFFIXES or (cut and root + rest[:cut] != name and rest in ("old", "ought")):
                if len(word) >= len(name) - 1:
                    return True
    return False


_INNER_CAPITAL = re.compile(r"(?<=[\w,] )[A-ZÀ-Ý][^\W\d_]+")  # "la Sfinge Profetica"


def learn_families(mechanics: list[Mechanic], cards: list[CardText]) -> None:
    """Words of the same family as a mechanic's name, English and Italian, that occur on the
    lines of cards with the mechanic and rarely elsewhere: "kicked", "potenziata", "sacrificata".

    English: words starting with the name's root and at most three letters longer, seen in the
    mechanic's own rules or on its cards (most of their occurrences on cards that have it).
    Italian: words sharing five letters or more with a one-word Italian label, most of whose
    occurrences are on the lines that mention the mechanic.
    """
    lines = []
    for card in cards:
        for en, it in aligned_lines(card):
            lines.append((card.card, [w.lower() for w in WORD.findall(en)], [fold(w) for w in WORD.findall(it)],
                          it))  # fmt: skip
    en_total: Counter = Counter()
    it_total: Counter = Counter()
    names_words: Counter = Counter()  # lines where an Italian word is capitalised inside a sentence
    for _card, en_words, it_words, it in lines:
        en_total.update(set(en_words))
        it_total.update(set(it_words))
        names_words.update({fold(m.group()) for m in _INNER_CAPITAL.finditer(it)})
    for mechanic in mechanics:
        single = [n for n in [*mechanic.english, *mechanic.variants] if " " not in n]
        # English, from the rules: "kicked" (702.33), "foretold" (702.143)
        for body in mechanic.body:
            for word in WORD.findall(body):
                if _inflects(word.lower(), single):
                    mechanic.en_family[word.lower()] += 1
        # lines of the mechanic's cards, in both languages
        en_on: Counter = Counter()
        it_on: Counter = Counter()
        for card, en_words, it_words, it in lines:
            if card not in mechanic.cards:
                continue
            en_on.update(set(en_words))
            it_on.update(set(it_words))
            if mechanic.kind == "keyword_ability":
                for label in mechanic.it_labels:
                    if re.search(rf"\bcosto di {re.escape(fold(label))}\b", fold(it)):
                        mechanic.it_cost += 1
        for word, n in en_on.items():
            if n >= 2 and n / en_total[word] >= 0.5 and _inflects(word, single):
                mechanic.en_family[word] += n
        heads = [fold(label) for label in mechanic.it_labels if " " not in label]
        for word, n in it_on.items():
            if n >= 2 and n / it_total[word] >= 0.5 and not names_words[word] * 2 > it_total[word] and any(
                    _same_family(word, h) for h in heads):
                mechanic.it_family[word] += n


def _same_family(word: str, head: str) -> bool:
    """An Italian word of the family of a one-word label: the same stem, or five letters in
    common and at most four more ("distrutto" for "distruggi", "potenziata" for
    "potenziamento"; not "creativo" for "crea")."""
    if analyse(word, "it") == analyse(head, "it"):
        return True
    return _prefix(word, head) >= 5 and abs(len(word) - len(head)) <= 4
