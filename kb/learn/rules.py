"""The keyword abilities (702.N) and keyword actions (701.N) of the Comprehensive Rules: each
mechanic's number, English name and kind, and what its sub-rules say of it (variants, old names,
the words the rules use); the mechanics learner fills in what the cards teach."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kb.text.analysis import fold

KINDS = {"701": "keyword_action", "702": "keyword_ability"}
# Ids the hand-written vocabulary (kb/vocab/tags.yaml) already gives these mechanics.
KNOWN_IDS = {"701.12": "exchange_control"}


@dataclass
class Mechanic:
    number: str  # "702.33"
    name: str  # "Kicker", as the rules spell it
    kind: str
    body: list[str] = field(default_factory=list)  # the text of its sub-rules
    variants: list[str] = field(default_factory=list)  # "multikicker"
    old_names: list[str] = field(default_factory=list)  # "totem armor"
    # learned from the cards
    it_labels: Counter = field(default_factory=Counter)  # Italian label -> aligned card lines
    it_seen: Counter = field(default_factory=Counter)  # every Italian rendering seen, for the record
    en_seen: Counter = field(default_factory=Counter)  # English surface names seen ("Swampwalk")
    cards: set = field(default_factory=set)  # cards that have it (English name)
    it_family: Counter = field(default_factory=Counter)
    en_family: Counter = field(default_factory=Counter)
    it_cost: int = 0  # "costo di potenziamento" seen on Italian cards

    @property
    def id(self) -> str:
        if self.number in KNOWN_IDS:
            return KNOWN_IDS[self.number]
        name = re.sub(r"\(.*?\)", "", self.name).strip() or self.name
        return re.sub(r"[^a-z0-9]+", "_", fold(name)).strip("_") or "infinity"

    @property
    def english(self) -> list[str]:
        """The English names: "Tap and Untap" is two actions' worth of words; so is "Daybound
        and Nightbound"; "∞ (Infinity)" is spelled out."""
        name = re.sub(r"[!]", "", self.name)
        if "(" in name:
            name = re.sub(r".*\((.*)\).*", r"\1", name)
        parts = [p.strip() for p in re.split(r"\s+and\s+", name)] if self.number in SPLIT_NAMES else [name]
        return [p.lower() for p in parts if p]


SPLIT_NAMES = {"701.26", "702.145"}  # "Tap and Untap", "Daybound and Nightbound"

_VARIANT = re.compile(r"^“?([A-Z][a-z]+(?:[ -][a-z]+)?)”? is a variant of (?:the )?([a-z ]+?)(?: ability)?\.")
_OLD_NAME = re.compile(r"printed with the ability “([^”]+)”")


def read_rules(path: Path) -> list[Mechanic]:
    data = json.loads(path.read_text(encoding="utf-8-sig"))
    mechanics: dict[str, Mechanic] = {}
    for rule in data["Rules"]:
        number = rule["Number"]
        head = re.fullmatch(r"(70[12])\.(\d+)\.", number)
        if head and head.group(2) != "1":
            key = f"{head.group(1)}.{head.group(2)}"
            mechanics[key] = Mechanic(key, rule["Body"][0].strip(), KINDS[head.group(1)])
            continue
        sub = re.fullmatch(r"(70[12]\.\d+)[a-z]+", number)
        if sub and sub.group(1) in mechanics:
            mechanic = mechanics[sub.group(1)]
            for body in rule["Body"]:
                mechanic.body.append(body)
                for sentence in re.split(r"(?<=\.)\s+", body):
                    found = _VARIANT.match(sentence)
                    if found and "[" not in found.group(1):
                        mechanic.variants.append(found.group(1).lower())
                mechanic.old_names += [m.lower() for m in _OLD_NAME.findall(body)]
    return list(mechanics.values())
