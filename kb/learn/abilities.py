"""Keyword abilities learned from the cards: a line of keywords ("Flying, first strike" ↔ "Volare,
attacco improvviso", "Kicker {2}{R}" ↔ "Potenziamento {2}{R}") gives each keyword ability on it the
Italian label printed in its place, and the cards that have it."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from kb.learn.cards import REMINDER, CardText, lines_not_naming_itself
from kb.learn.labels import common_labels
from kb.learn.rules import Mechanic

_PARAM = re.compile(r"^(?:\s*(?:\{[^}]*\}|\d+|X)+)?\s*(?:[—–-].*)?\.?$")  # costs, numbers, "—Pay 3 life."
_SYMBOLS = re.compile(r"\{[^}]*\}|\b\d+\b|(?<![\w])X(?![\w])")


class Names:
    """English keyword names (and variants, old names) → mechanic, longest first."""

    def __init__(self, mechanics: list[Mechanic]):
        self.by_name: dict[str, Mechanic] = {}
        for m in mechanics:
            if m.kind != "keyword_ability":
                continue
            for name in [*m.english, *m.variants, *m.old_names]:
                self.by_name.setdefault(name, m)
        self.ordered = sorted(self.by_name, key=len, reverse=True)
        self.landwalk = next((m for m in mechanics if m.number == "702.14"), None)
        self.cycling = next((m for m in mechanics if m.number == "702.29"), None)
        self.offering = next((m for m in mechanics if m.number == "702.48"), None)

    def ability(self, item: str) -> tuple[Mechanic, str, str] | None:
        """(mechanic, the keyword as written, the rest) when ``item`` is one keyword ability."""
        low = item.lower()
        for name in self.ordered:
            if low == name or (low.startswith(name) and not low[len(name)].isalpha()):
                return self.by_name[name], item[: len(name)], item[len(name) :]
        special = [(self.landwalk, r"((?:[a-z]+ )?[a-z]*walk)\b"), (self.cycling, r"((?:basic )?[a-z]+cycling)\b"),
                   (self.offering, r"([a-z]+ offering)\b")]  # fmt: skip
        for mechanic, pattern in special:
            found = re.match(pattern, low)
            if mechanic and found:
                return mechanic, item[: found.end()], item[found.end() :]
        return None


def _split_items(line: str, dashed: bool = False) -> list[str]:
    """The keywords of a line: "Flying, first strike" → two items; a keyword whose cost follows a
    dash ("Escape—{3}{B}, Exile five other cards…") is one item, commas and all."""
    line = REMINDER.sub("", line).strip()
    if dashed:
        return [line]
    return [s.strip() for s in re.split(r"[,;]\s+", line) if s.strip()]


def _label_of(item_it: str, words: int, has_param: bool) -> str:
    """The Italian keyword in one Italian item: costs, numbers and "—…" dropped; when the English
    keyword takes words ("Protection from red"), the Italian item keeps as many leading words as
    the English keyword has, plus the function words that follow them, trimmed."""
    text = _SYMBOLS.sub(" ", item_it.split("—")[0]).strip(" .:")
    text = re.sub(r"\s+", " ", text)
    if has_param:
        parts = text.split(" ")
        text = " ".join(parts[:words])
    return text


def learn_abilities(mechanics: list[Mechanic], cards: list[CardText]) -> None:
    names = Names(mechanics)
    by_card_lines: dict[str, Counter] = defaultdict(Counter)
    for card in cards:
        for en, it in lines_not_naming_itself(card):
            whole = names.ability(REMINDER.sub("", en).strip())
            dashed = bool(whole and re.match(r"\s*(?:\d+\s*)?—", whole[2]))
            en_items, it_items = _split_items(en, dashed), _split_items(it, dashed)
            found = [names.ability(item) for item in en_items]
            if not found or any(f is None for f in found):
                continue
            for mechanic, written, rest in found:
                mechanic.cards.add(card.card)
                mechanic.en_seen[written.lower()] += 1
            if len(en_items) != len(it_items):
                continue
            for (mechanic, written, rest), it_item in zip(found, it_items):
                has_param = not _PARAM.match(rest)
                label = _label_of(it_item, len(written.split()), has_param)
                if not label or len(label.split()) > 4:
                    continue
                label = label[0].upper() + label[1:]
                by_card_lines[mechanic.number][(label, card.card)] += 1
                mechanic.it_seen[label] += 1
        for keyword in card.keywords:
            mechanic = names.by_name.get(keyword.lower())
            if mechanic:
                mechanic.cards.add(card.card)
    for mechanic in mechanics:
        per_card = Counter(label for (label, _card) in by_card_lines.get(mechanic.number, ()))
        mechanic.it_labels = common_labels(per_card)
