"""Learn a tag for every keyword ability and keyword action from the rules and the printed cards.

    python -m kb.text.learn_mechanics /work/shared/corpus --out kb/vocab/mechanics.yaml

Sources (all under the corpus folder):

* ``comprules/MagicCompRules-*.json``: rules 701.N (keyword actions) and 702.N (keyword
  abilities) give each mechanic its number and English name; their sub-rules give variants
  ("Multikicker is a variant of the kicker ability"), old names ("printed with the ability
  “totem armor”") and the English words the rules use for it ("kicked", "foretold").
* ``cards_it.jsonl`` and ``mtgjson/*.json.gz``: the English and Italian printed texts of the
  same cards, aligned line by line. A line of keywords ("Flying, first strike" ↔ "Volare, attacco
  improvviso", "Kicker {2}{R}" ↔ "Potenziamento {2}{R}") gives a keyword ability its Italian label;
  clauses that open with a keyword action ("Destroy target creature." ↔ "Distruggi una creatura
  bersaglio.") give a keyword action its Italian verb. Words of the same family that occur on
  the lines of a mechanic and rarely elsewhere ("potenziata", "sacrificata") become forms too.
* ``names_it.tsv`` (and the cards of ``rulings_en.jsonl``): card names, English and Italian. A
  multi-word card name that holds a form of a tag ("Descent into Madness") becomes a ``not``
  context of that tag, so the name does not tag the mechanic; the lower-case words inside names ("into", "over") are written out as
  ``name_connectors`` for masking the card names of a ruling's text.

Then ``REVIEW`` (below) applies what a person decided after reading the results and the
rulings they tag: forms that are too ambiguous to tag by, forms that only some contexts make
precise, exact words, ``not`` contexts (the noun "counter" is not the keyword action counter),
``with`` words (create needs a token). Every such
decision says why in the entry's ``comment``. Nothing in REVIEW adds an Italian label: Italian
labels come only from the cards; a keyword never printed on an Italian card in the data has none.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from kb.text.analysis import fold, terms as analyse

# --- the rules -----------------------------------------------------------------------------------

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


# --- the cards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardText:
    card: str
    name_it: str
    en: str
    it: str
    keywords: tuple = ()  # MTGJSON's list of the card's keywords, when known


def read_cards(corpus: Path) -> list[CardText]:
    seen: set = set()
    out: list[CardText] = []
    with open(corpus / "cards_it.jsonl", encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row.get("text_it") and row.get("text_en"):
                key = (row["card"], row["text_en"], row["text_it"])
                if key not in seen:
                    seen.add(key)
                    out.append(CardText(row["card"], row.get("name_it") or "", row["text_en"], row["text_it"]))
    for path in sorted((corpus / "mtgjson").glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            data = json.load(handle)
        data = data.get("data", data)
        for card in data.get("cards", ()):
            italian = [f for f in card.get("foreignData", ()) if f.get("language") == "Italian" and f.get("text")]
            if not italian or not card.get("text"):
                continue
            key = (card["name"], card["text"], italian[0]["text"])
            if key in seen:
                continue
            seen.add(key)
            out.append(CardText(card["name"], italian[0].get("name") or "", card["text"], italian[0]["text"],
                                tuple(card.get("keywords") or ())))  # fmt: skip
    return out


def read_names(corpus: Path, cards: Iterable[CardText]) -> dict[str, set]:
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
        if card.name_it:
            names["it"].update(part.strip() for part in card.name_it.split("//"))
    rulings = corpus / "rulings_en.jsonl"
    if rulings.exists():  # the cards the rulings are about, Italian text or not ("Infinity Elemental")
        with open(rulings, encoding="utf-8") as lines:
            for line in lines:
                names["en"].update(part.strip() for part in json.loads(line)["card"].split("//"))
    names["en"].discard("")
    names["it"].discard("")
    return names


_REMINDER = re.compile(r"\s*\([^()]*\)")
_GLUED = re.compile(r"(?<=[.)])(?=[A-ZÀ-Ý])|(?<=[a-zà-ù])(?=[A-ZÀ-Ý][a-zà-ù])|(?<=[a-zà-ù])(?=\{)")


def aligned_lines(card: CardText) -> list[tuple[str, str]]:
    """The English and Italian lines of a card, paired, when both have as many lines (the
    Italian text sometimes lost its line breaks: "VolareLa creatura…" is split again)."""
    en = card.en.split("\n")
    it = card.it.split("\n")
    if len(en) != len(it):
        it = _GLUED.sub("\n", card.it).split("\n")
        if len(en) != len(it):
            return []
    return list(zip(en, it))


# --- keyword abilities: lines of keywords ---------------------------------------------------------

_PARAM = re.compile(r"^(?:\s*(?:\{[^}]*\}|\d+|X)+)?\s*(?:[—–-].*)?\.?$")  # costs, numbers, "—Pay 3 life."
_SYMBOLS = re.compile(r"\{[^}]*\}|\b\d+\b|(?<![\w])X(?![\w])")
_IT_FUNCTION = {"di", "da", "dal", "dai", "dalla", "dalle", "dallo", "degli", "per", "con", "a", "al",
                "alle", "ai", "il", "lo", "la", "le", "gli", "i", "un", "una", "uno", "nell", "nell'",
                "del", "della", "dei", "delle", "in", "tra", "fra", "su", "sul", "sulla", "nel", "nella"}  # fmt: skip


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
    line = _REMINDER.sub("", line).strip()
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
        card_names = [fold(n.strip()) for n in card.card.split("//")]
        for en, it in aligned_lines(card):
            if any(fold(en).startswith(n) for n in card_names if n):
                continue  # "Storm Entity enters…": a line that opens with the card's own name
            whole = names.ability(_REMINDER.sub("", en).strip())
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
        mechanic.it_labels = _common_labels(per_card)


def _common_labels(per_card: Counter, lang: str = "it") -> Counter:
    """The labels that stand for a mechanic: the top one, and any other printed on at least 10%
    as many cards (and on three). Spellings of one word ("assegna", "assegnala"; "Volare",
    "volare") count as one, under their commonest spelling. Labels of several words that share
    their first words and differ in the rest ("Obolo del Goblin", "Obolo della Volpe": the
    keyword takes a word) are that common part."""
    grouped: Counter = Counter()
    spelled: dict[tuple, Counter] = defaultdict(Counter)
    for label, count in per_card.items():
        key = tuple(analyse(label, lang)) or (fold(label),)
        grouped[key] += count
        spelled[key][label] += count
    if not grouped:
        return Counter()
    labels = Counter({spelled[key].most_common(1)[0][0]: n for key, n in grouped.items()})
    if len(labels) > 1 and all(" " in label for label in labels):
        common = _common_words(list(labels))
        if common:
            return Counter({common: sum(labels.values())})
    top = labels.most_common(1)[0][1]
    kept: Counter = Counter()
    for label, n in labels.most_common():
        if n != top and (n < 3 or n < 0.1 * top):
            continue
        if any(fold(label).startswith(fold(k)) for k in kept):
            continue  # "Assegnala" after "Assegna": a form of the same verb, not another label
        kept[label] = n
    return kept


def _common_words(labels: list[str]) -> str:
    words = [label.split() for label in labels]
    common = []
    for column in zip(*words):
        if len({fold(w) for w in column}) > 1:
            break
        common.append(column[0])
    while common and fold(common[-1]) in _IT_FUNCTION:
        common.pop()
    return " ".join(common)


# --- keyword actions: clauses that open with the verb ------------------------------------------

_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_CLAUSE = re.compile(r"(?<=[.:;])\s+|,\s+|\s*—\s*")


def english_inflections(word: str) -> set[str]:
    w = word.lower()
    out = {w, w + "s", w + "es", w + "ed", w + "d", w + "ing"}
    if w.endswith("e"):
        out |= {w[:-1] + "ing", w + "d"}
    if w.endswith("y"):
        out |= {w[:-1] + "ies", w[:-1] + "ied"}
    if re.search(r"[aeiou][bdgmnprt]$", w):
        out |= {w + w[-1] + "ed", w + w[-1] + "ing"}
    return out


def _action_phrases(mechanic: Mechanic) -> list[list[set[str]]]:
    """Each English name as a list of word slots; the first word inflects ("ventures into the
    dungeon")."""
    out = []
    for name in mechanic.english:
        words = name.split()
        out.append([english_inflections(words[0]), *({w} for w in words[1:])])
    return out


def _mentions(words: list[str], phrases: list[list[set[str]]]) -> int | None:
    """The index where one of ``phrases`` starts in ``words`` (lower case), or None."""
    for i in range(len(words)):
        for slots in phrases:
            if i + len(slots) <= len(words) and all(words[i + k] in slot for k, slot in enumerate(slots)):
                return i
    return None


def learn_actions(mechanics: list[Mechanic], cards: list[CardText], longer: dict[str, list[str]]) -> None:
    """Italian verbs of keyword actions: the first word(s) of an Italian clause whose English
    clause opens with the action, among the words that occur on the action's lines and rarely
    elsewhere (so "Metti in gioco una pedina", an old wording of create, gives no label).

    An English line counts for an action when it uses the verb: in lower case, or capitalised
    at the start of a clause (an inflected form followed by another capitalised word is a card
    name: "Abandoned Outpost"); a line that opens with the card's own name does not count.
    """
    actions = [m for m in mechanics if m.kind == "keyword_action"]
    lines = []
    for card in cards:
        card_names = [fold(n.strip()) for n in card.card.split("//")]
        for en, it in aligned_lines(card):
            if any(fold(en).startswith(n) for n in card_names if n):
                continue
            lines.append((_REMINDER.sub("", en), _REMINDER.sub("", it), card.card))
    it_words = [frozenset(fold(w) for w in _WORD.findall(it)) for _, it, _ in lines]
    it_total = Counter(w for ws in it_words for w in ws)
    for mechanic in actions:
        phrases = _action_phrases(mechanic)
        excluded = [n.split() for n in longer.get(mechanic.number, ())]  # "double strike" is not double
        hits = []
        for k, (en, it, card) in enumerate(lines):
            written = _WORD.findall(en)
            words = [w.lower() for w in written]
            at = _mentions(words, phrases)
            if at is None or any(words[at : at + len(x)] == x for x in excluded):
                continue
            base = any(words[at] == name.split()[0] for name in mechanic.english)
            if written[at][0].isupper() and not base and at + 1 < len(written) and written[at + 1][0].isupper():
                continue  # "Abandoned Outpost": a name ("Regenerate Drudge Skeletons" is not)
            hits.append(k)
            mechanic.cards.add(card)
        if not hits:
            continue
        share = Counter(w for k in hits for w in it_words[k])
        strong = {w for w, n in share.items() if n >= 2 and n / it_total[w] >= 0.5}
        openers: Counter = Counter()
        for k in hits:
            en, it, _ = lines[k]
            en_clauses, it_clauses = _CLAUSE.split(en), _CLAUSE.split(it)
            if len(en_clauses) != len(it_clauses):
                continue
            for a, b in zip(en_clauses, it_clauses):
                words = [w.lower() for w in _WORD.findall(a)]
                if not words or _mentions(words[: len(max(phrases, key=len))], phrases) != 0:
                    continue
                it_clause = _WORD.findall(b)
                if it_clause and fold(it_clause[0]) in strong:
                    openers[tuple(w.lower() for w in it_clause[:3])] += 1
        labels = _common_labels(_openers(openers, strong))
        labels = Counter({label: n for label, n in labels.items() if n >= 3})
        if not labels:
            # the verb never opens a clause ("Whenever a creature you control explores" ↔
            # "Ogniqualvolta una creatura che controlli esplora"): the word that most of the
            # action's lines have and that is mostly found on them
            scored = [(share[w] / it_total[w], share[w], w) for w in share
                      if share[w] >= 3 and share[w] / len(hits) >= 0.5 and share[w] / it_total[w] >= 0.2]
            if scored:
                *_score, word = max(scored)
                labels = Counter({word: share[word]})
        mechanic.it_labels = labels
        mechanic.it_seen = Counter({" ".join(k): n for k, n in openers.items()})


def _openers(openers: Counter, strong: set[str]) -> Counter:
    """Clause openers → the Italian verb they open with: one word, or the words up to a word of the
    action when nearly all clauses that open with that word go on the same way ("Passa in
    rassegna"; but "Crea una pedina" is "Crea")."""
    by_first: dict[str, Counter] = defaultdict(Counter)
    for words, n in openers.items():
        by_first[words[0]][words] += n
    out: Counter = Counter()
    for first, group in by_first.items():
        total = sum(group.values())
        label = first
        for size in (3, 2):
            heads = Counter()
            for words, n in group.items():
                if len(words) >= size:
                    heads[words[:size]] += n
            if not heads:
                continue
            words, n = heads.most_common(1)[0]
            if (n >= 0.9 * total and fold(words[-1]) in strong
                    and all(fold(w) in _IT_FUNCTION for w in words[1:-1])):
                label = " ".join(words)
                break
        out[label] += total
    return out


# --- word families ---------------------------------------------------------------------------------


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
            lines.append((card.card, [w.lower() for w in _WORD.findall(en)], [fold(w) for w in _WORD.findall(it)],
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
            for word in _WORD.findall(body):
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


# --- forms ---------------------------------------------------------------------------------------


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
    return {"en": _dedupe(en), "it": _dedupe(it)}


def _dedupe(forms: Iterable[str]) -> list[str]:
    out: list[str] = []
    for form in forms:
        if form.lower() not in (f.lower() for f in out):
            out.append(form)
    return out


@dataclass
class Review:
    """What a person decided about a mechanic's forms after reading the rulings they tag.

    ``en``/``it``: the forms to tag by instead of the learned ones (only the precise ones);
    ``add_en``/``add_it``: forms to add (rulings' wording, a phrase of a learned label);
    ``drop_en``/``drop_it``: learned forms to leave out; ``not_en``/``not_it``: contexts that
    cancel a match; ``with_en``/``with_it``: words one of which a text must have for the tag to
    count; ``comment``: why.
    """

    en: list | None = None
    it: list | None = None
    add_en: list = field(default_factory=list)
    add_it: list = field(default_factory=list)
    drop_en: list = field(default_factory=list)
    drop_it: list = field(default_factory=list)
    not_en: list = field(default_factory=list)
    not_it: list = field(default_factory=list)
    with_en: list = field(default_factory=list)
    with_it: list = field(default_factory=list)
    comment: str = ""


def R(**kwargs) -> Review:
    return Review(**kwargs)


# The review: read the rulings of /work/shared/corpus/rulings_en.jsonl each mechanic tags (and the
# words stemming joins to its forms), decide. "=word" is an exact word (see kb.text.vocabulary).
NOUN_COUNTER = ["1 1 counter", "loyalty counter", "poison counter", "time counter", "charge counter", "lore counter",
                "level counter", "age counter", "fade counter", "quest counter", "ki counter", "energy counter",
                "oil counter", "shield counter", "experience counter", "stun counter", "number counter",
                "kind counter", "type counter", *(f"{verb} {many}counter" for verb in ("put", "remove", "move", "get", "receiv")
                for many in ("", "one ", "two ", "three ", "four ", "five ", "x ", "anoth ", "addit ", "mani "))]  # fmt: skip
WORDING = "'{}' is an everyday word: only the wording of its rules tags it."


def numbered(word: str) -> list[str]:
    """"discover 1" … "discover 10", "discover X": a keyword action or ability written with N."""
    return [f"{word} {n}" for n in [*range(11), "X"]]


EXACT_ONLY = "Stemming joins its name to other words ({}), so only the exact words tag it (with the text)."
REVIEW: dict[str, Review] = {
    # --- keyword actions
    "activate": R(not_en=["active player", "=active", "=actively"], not_it=["giocatore attivo", "=attivo", "=attivi"],
                  comment="Not the active player ('active' and 'activate' share a stem; Italian 'attivo')."),
    "cast": R(comment="Every mention of casting counts: the keyword action is the game's word for it."),
    "counter": R(en=["=countered", "=countering", "=counterable", "=uncounterable", "counterspell", "counter target",
                     "counter spell", "counter abil", "counter trigger abil", "counter activ abil",
                     "counter creatur spell", "counter noncreatur spell", "counter instant spell",
                     "counter sorceri spell", "counter copi"],
                 not_en=NOUN_COUNTER, not_it=["segnalino", "segnalini"],
                 comment="The noun (+1/+1 counter, loyalty counter) is not the keyword action: 'counter' alone never "
                         "tags; 'countered'/'countering' (exact words, with the text) and 'counter [target] spell/"
                         "ability' do, the noun's contexts cancel. Italian: neutralizzare (the noun is segnalino)."),
    "create": R(with_en=["token", "food", "treasure", "clue", "gold", "blood", "map", "powerstone", "incubator",
                         "marit lage"],
                with_it=["pedina", "pedine", "cibo", "tesoro", "indizio", "oro"],
                not_en=["effect creat", "creat effect", "creat … continu effect", "creat … shot effect",
                        "creat … replac effect", "creat prevent effect", "one creat", "ones creat", "creat … shield",
                        "shield … creat", "creat delay", "delay trigger abil creat", "creat stack",
                        "creat copi … spell", "creat copi … abil", "creat anoth … abil", "creat … instanc",
                        "creat … permiss", "phase creat", "creat new phase", "creat addit … phase", "step creat",
                        "emblem creat", "creat emblem", "turn creat", "creat extra turn"],
                comment="Tokens: counts only in a ruling that names a token (or a token's name: Food, Treasure, "
                        "Clue…), and not for the effects, regeneration shields, delayed triggered abilities, copies "
                        "of spells, phases, steps, emblems or extra turns that a ruling says are 'created'."),
    "tap_and_untap": R(not_en=["untap step"], comment="Not the untap step (a step of the turn)."),
    "double": R(not_en=["double-faced", "double faced", "double strike", "double agenda", "double team"],
                comment="Not double-faced cards, double strike or double agenda."),
    "play": R(not_en=["play top card", "play … hand revealed", "play … game", "game play", "play … format", "play first",
                      "=plays first", "playtest", "=playing planechase", "play supplement", "=plays magic",
                      "=playing magic"],
              it=["=gioca", "=giocare", "=giocata", "=giocato", "=giocate", "=giocano"],
              comment="Not playing a game, or with a card revealed ('Play with the top card…'); Italian: the verb's own "
                      "words only ('gioco' is 'game', and 'in gioco' the old battlefield)."),
    "planeswalk": R(en=["=planeswalk", "=planeswalks", "=planeswalking", "=planeswalked"],
                    it=["=viaggia", "=viaggi"],
                    comment=EXACT_ONLY.format("planeswalker")),
    "explore": R(not_en=["=explorer", "=explorers", "=exploration"], not_it=["esplora … dungeon", "=esploratore",
                 "=esploratrice", "=esploratori"],  # fmt: skip
                 comment="Italian 'esplora' is also venture into the dungeon ('esplora il dungeon')."),
    "learn": R(not_it=["=apprendista"]),
    "assemble": R(not_en=["=assembly"]),
    "venture_into_the_dungeon": R(add_en=["venture into", "=ventures into", "=ventured into"],
                                  comment="Also 'venture into [quality]' (701.49d)."),
    # --- keyword abilities
    "defender": R(not_en=["defending player", "defending planeswalker", "=defending", "=defended", "=defends",
                          "=defend"],  # fmt: skip
                  comment="Not the defending player ('defending' shares the stem)."),
    "enchant": R(en=["=enchant", "=enchant creature", "=enchant player", "=enchant permanent"],
                 it=["=incanta", "=incantare"],
                 comment=EXACT_ONLY.format("enchantment, enchanted, enchants: an Aura's effects and what it is "
                                           "attached to are not the enchant keyword")),
    "equip": R(en=["=equip", "=equip cost", "=equip ability"],
               it=["=equipaggiare", "=equipaggia", "=equipaggialo", "=equipaggiala"],
               comment=EXACT_ONLY.format("Equipment, equipped, equips: an Equipment's effects and what it is "
                                         "attached to are not the equip ability")),
    "reach": R(it=["=raggiungere"],
               not_en=["=reaches", "=reaching", "=reached", "reach … life", "reach … graveyard", "reach … zone", "reach 0"],
               comment="Not the verb ('reaches 0 life', 'reaching a graveyard'); Italian: only 'raggiungere', "
                       "not 'raggiunge' (reaches)."),
    "phasing": R(en=["=phasing", "=phased", "phase out", "=phases out"],
                 comment=EXACT_ONLY.format("phase: beginning phase, combat phase")),
    "protection": R(not_en=["=protected", "=protect", "=protects", "=protecting", "=protector", "=protective",
                            "battl … protect"],  # fmt: skip
                    comment="Not the everyday verb, nor a battle's protector ('a battle protected by an opponent')."),
    "shadow": R(not_en=["Shadows over Innistrad"], comment="Not the set Shadows over Innistrad."),
    "offering": R(en=["=offering", "goblin offering", "fox offering", "moonfolk offering", "rat offering",
                      "snake offering"],  # fmt: skip
                  comment=EXACT_ONLY.format("offer, offered: 'tempting offer'")),
    "poisonous": R(en=["=poisonous"], comment=EXACT_ONLY.format("poison counters")),
    "eternalize": R(en=["=eternalize", "=eternalized", "=eternalizes", "=eternalizing"], it=["=eternare"],
                    comment=EXACT_ONLY.format("eternal, eternity; Italian eterno")),
    "reinforce": R(not_en=["reinforce … flavor"], comment="Not 'to reinforce the flavor'."),
    "dash": R(not_en=["dash … type line", "dash … type", "appear … dash"],
              comment="Not the dash of a type line."),
    "provoke": R(drop_it=["provocazione"],
                 comment="The Italian label 'Provocazione' is not a form: Italian rulings say 'provocazione' for "
                         "goad ('requisiti di provocazione')."),
    "bestow": R(it=["=conferire", "costo di conferire"],
                comment="Italian: only 'conferire' and 'costo di conferire' (the everyday verb: 'conferito il "
                        "controllo')."),
    "dredge": R(it=["=dragare"], comment="Italian: only 'dragare' ('drago', dragon, shares the stem)."),
    "improvise": R(it=["=improvvisare"], comment="Italian: only 'improvvisare' (attacco improvviso is first strike)."),
    "horsemanship": R(it=["=cavalierato"]),
    # Italian labels whose stem is an everyday word's: the label itself, exactly
    "evoke": R(it=["=apparire", "costo di apparire"], comment="Italian: not 'appare' (appears), same stem."),
    "menace": R(it=["=minacciare"], comment="Italian: not 'minaccia' (a threat), same stem."),
    "melee": R(it=["=mischia"], comment="Italian: not 'mischiare' (to mix), same stem."),
    "tribute": R(it=["=tributo"], comment="Italian: not 'tribù' (tribe), same stem."),
    "skulk": R(it=["=furtivo"], comment="Italian: not 'furto' (theft), same stem."),
    "recover": R(it=["=recupero"], comment="Italian: not 'recuperare' (to get back), same stem."),
    "shroud": R(it=["=velo"]),
    "companion": R(not_it=["=compagnia"]),
    "madness": R(not_it=["=folla", "=folle"], comment="Italian: not 'folla' (crowd), which shares the stem."),
    "foretell": R(it=["=predire", "costo di predire"], comment="Italian: not 'preda' (prey), which shares the stem."),
    "ascend": R(not_en=["=ascendant", "=ascendancy"]),
    "mutate": R(not_en=["=mutation"]),
    "awaken": R(not_en=["=awakening", "=awakener"]),
    "devour": R(not_en=["=devourer", "=devouring"]),
    "replicate": R(not_en=["=replicator", "=replication"]),
    "scavenge": R(not_en=["=scavenger", "=scavengers"]),
    "assist": R(not_en=["=assistant"]),
    "persist": R(not_en=["=persistent"]),
    # --- keywords newer than the rulings of the data, named with everyday words: only the wording
    # their rules use ("discover N", "gift a card", "the gift was promised") tags them
    "discover": R(en=[*numbered("discover"), "discovered card"], comment=WORDING.format("discover")),
    "toxic": R(en=[*numbered("toxic"), "total toxic value"], comment=WORDING.format("toxic")),
    "endure": R(en=numbered("endure"), comment=WORDING.format("endure")),
    "blight": R(en=[*numbered("blight"), "=blighted creature"], comment=WORDING.format("blight")),
    "incubate": R(en=[*numbered("incubate"), "incubator token"], comment=WORDING.format("incubate")),
    "convert": R(en=["convert … permanent", "convert … face"], not_en=["converted mana cost"],
                 comment=WORDING.format("convert") + " Not 'converted mana cost'."),
    "disguise": R(en=["disguise cost", "disguise abil"], comment=WORDING.format("disguise")),
    "gift": R(en=["gift cost", "gift … promis", "promis … gift", "gift a card", "gift a food", "gift a tapped fish",
                  "gift an extra turn", "gift a treasure", "gift an octopus"], comment=WORDING.format("gift")),
    "exhaust": R(en=["exhaust abil"], comment=WORDING.format("exhaust")),
    "visit": R(en=["visit abil"], comment=WORDING.format("visit")),
    "plot": R(en=["=plotted", "plot cost", "plot abil"], comment=WORDING.format("plot")),
    "craft": R(en=["craft abil", "craft cost"], comment=WORDING.format("craft")),
    "station": R(en=["station abil", "station card", "station symbol"], comment=WORDING.format("station")),
    "warp": R(en=["warp cost", "=warped", "warp abil"], comment=WORDING.format("warp")),
    "training": R(not_en=["training counter"], comment="Not a card's 'training counter'."),
    "triple": R(not_en=["triple strike", "tripl … face"], comment="Not an Un-card's 'triple strike' nor "
                                                               "'triple-faced'."),
    "enlist": R(en=["enlist abil", "enlist … attack", "attack … enlist"], comment=WORDING.format("enlist")),
    "time_travel": R(en=["time =travel", "time =travels", "time =traveled"], not_en=["travel prepar"],
                     comment="Not 'time traveling' in a joke: the keyword action's own words only."),
    "for_mirrodin": R(en=["mirrodin abil"], comment="'for' is a stop word, and Mirrodin a plane: only "
                                                   "'For Mirrodin! ability' tags it."),
}


def reviewed_forms(mechanic: Mechanic, learned: dict[str, list[str]]) -> tuple[dict, dict, dict, str]:
    review = REVIEW.get(mechanic.id, Review())
    forms = {}
    for lang in ("en", "it"):
        base = getattr(review, lang)
        base = list(learned[lang]) if base is None else list(base)
        drop = {tuple(analyse(f, lang)) for f in getattr(review, f"drop_{lang}")}
        base = [f for f in base if tuple(analyse(f, lang)) not in drop]
        forms[lang] = _dedupe([*base, *getattr(review, f"add_{lang}")])
    contexts = {lang: list(getattr(review, f"not_{lang}")) for lang in ("en", "it")}
    needs = {lang: list(getattr(review, f"with_{lang}")) for lang in ("en", "it") if getattr(review, f"with_{lang}")}
    return forms, contexts, needs, review.comment


# --- card names ------------------------------------------------------------------------------------

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


# --- output ----------------------------------------------------------------------------------------

HEADER = """\
# Keyword abilities (702.N) and keyword actions (701.N) of the Comprehensive Rules, with the
# labels printed on Italian cards. GENERATED: do not edit; regenerate with
#
#     python -m kb.text.learn_mechanics /work/shared/corpus --out kb/vocab/mechanics.yaml
#
# and put the decisions of a review in REVIEW (kb/text/learn_mechanics.py).
#
# Per tag: rules (its rule number), label (English name; Italian label as printed, when the
# Italian cards of the data print it), labels_it (every Italian label printed on at least 10%
# as many cards as the commonest), evidence (aligned English/Italian card lines or clauses that
# gave the Italian label; cards with the mechanic), forms (what rulings say, matched as in
# kb/vocab/tags.yaml), not (contexts that cancel a match over the same words: card names that
# hold a form, and the contexts a review found), with (words one of which a ruling must have for
# the tag to count), comment (what was decided and why).
# name_connectors: lower-case words found inside card names, for masking names in rulings.
"""


def _flow(values) -> str:
    return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in values) + "]"


def render(entries: list[dict], connectors: list[str], sources: dict) -> str:
    lines = [HEADER.rstrip("\n"), f"source: {json.dumps(sources, ensure_ascii=False)}",
             f"name_connectors: {_flow(connectors)}", "tags:"]  # fmt: skip
    for e in entries:
        lines.append(f"  - id: {e['id']}")
        lines.append(f"    kind: {e['kind']}")
        lines.append(f"    rules: {_flow(e['rules'])}")
        lines.append(f"    label: {json.dumps(e['label'], ensure_ascii=False)}")
        if e.get("labels_it"):
            lines.append(f"    labels_it: {_flow(e['labels_it'])}")
        lines.append(f"    evidence: {json.dumps(e['evidence'])}")
        lines.append("    forms:")
        for lang in ("en", "it"):
            lines.append(f"      {lang}: {_flow(e['forms'].get(lang, []))}")
        if any(e.get("with", {}).values()):
            lines.append("    with:")
            for lang in ("en", "it"):
                if e["with"].get(lang):
                    lines.append(f"      {lang}: {_flow(e['with'][lang])}")
        if any(e.get("not", {}).values()):
            lines.append("    not:")
            for lang in ("en", "it"):
                if e["not"].get(lang):
                    lines.append(f"      {lang}: {_flow(e['not'][lang])}")
        if e.get("comment"):
            lines.append(f"    comment: {json.dumps(e['comment'], ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def longer_names(mechanics: list[Mechanic]) -> dict[str, list[str]]:
    """For each action, the longer keyword names that start with its verb ("double strike",
    "double agenda" for double): those are not the action."""
    names = [n for m in mechanics for n in [*m.english, *m.variants] if " " in n]
    out: dict[str, list[str]] = {}
    for m in mechanics:
        if m.kind == "keyword_action":
            out[m.number] = [n for n in names if n.split()[0] == m.english[0] and n not in m.english]
    return out


def build(corpus: Path) -> tuple[list[dict], list[str], dict]:
    rules_path = sorted((corpus / "comprules").glob("MagicCompRules-*.json"))[-1]
    mechanics = read_rules(rules_path)
    cards = read_cards(corpus)
    learn_abilities(mechanics, cards)
    learn_actions(mechanics, cards, longer_names(mechanics))
    learn_families(mechanics, cards)
    entries = []
    for m in mechanics:
        forms, contexts, needs, comment = reviewed_forms(m, learned_forms(m))
        label = {"en": m.name}
        labels_it = list(m.it_labels)
        if labels_it:
            label["it"] = labels_it[0][0].upper() + labels_it[0][1:]
        else:
            never = "never printed on an Italian card in the data" if not m.cards else \
                "printed on cards without Italian text in the data, or not as a label that aligns"
            comment = f"No Italian label: {never}. " + comment
        entry = {"id": m.id, "kind": m.kind, "rules": [m.number], "label": label,
                 "labels_it": [lbl[0].upper() + lbl[1:] for lbl in labels_it],
                 "evidence": {"it": sum(m.it_labels.values()), "cards": len(m.cards)},
                 "forms": forms, "not": contexts, "with": needs, "comment": comment.strip()}  # fmt: skip
        entries.append(entry)
    names = read_names(corpus, cards)
    by_name = name_contexts(entries, names)
    for e in entries:
        for lang, found in by_name.get(e["id"], {}).items():
            e["not"][lang] = [*e["not"].get(lang, []), *(n for n in found if n not in e["not"].get(lang, []))]
    sources = {"rules": rules_path.name, "cards": "cards_it.jsonl + mtgjson/*.json.gz",
               "names": "names_it.tsv", "cards_read": len(cards)}  # fmt: skip
    return entries, learn_connectors(names), sources


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.text.learn_mechanics", description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path,
                        help="the corpus folder (comprules/, cards_it.jsonl, mtgjson/, names_it.tsv, rulings_en.jsonl)")
    parser.add_argument("--out", type=Path, help="where to write the YAML (default: standard output)")
    args = parser.parse_args(argv)
    entries, connectors, sources = build(args.corpus)
    text = render(entries, connectors, sources)
    from kb.text.vocabulary import load

    load(text)  # a form with no searchable word, a bad exact word: fail here, not when kb loads it
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        labelled = sum(1 for e in entries if e["label"].get("it"))
        print(f"{args.out}: {len(entries)} mechanics, {labelled} with an Italian label", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
