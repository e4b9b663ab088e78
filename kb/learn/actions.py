"""Keyword actions learned from the cards: the Italian verb of an action is how the Italian clauses
open whose English clauses open with the action ("Destroy target creature." ↔ "Distruggi una
creatura bersaglio."), among the words found on the action's lines and rarely elsewhere."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from kb.learn.cards import REMINDER, WORD, CardText, lines_not_naming_itself
from kb.learn.labels import IT_FUNCTION, common_labels
from kb.learn.rules import Mechanic
from kb.text.analysis import fold

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
        for en, it in lines_not_naming_itself(card):
            lines.append((REMINDER.sub("", en), REMINDER.sub("", it), card.card))
    it_words = [frozenset(fold(w) for w in WORD.findall(it)) for _, it, _ in lines]
    it_total = Counter(w for ws in it_words for w in ws)
    for mechanic in actions:
        phrases = _action_phrases(mechanic)
        excluded = [n.split() for n in longer.get(mechanic.number, ())]  # "double strike" is not double
        hits = []
        for k, (en, it, card) in enumerate(lines):
            written = WORD.findall(en)
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
                words = [w.lower() for w in WORD.findall(a)]
                if not words or _mentions(words[: len(max(phrases, key=len))], phrases) != 0:
                    continue
                it_clause = WORD.findall(b)
                if it_clause and fold(it_clause[0]) in strong:
                    openers[tuple(w.lower() for w in it_clause[:3])] += 1
        labels = common_labels(_openers(openers, strong))
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
                    and all(fold(w) in IT_FUNCTION for w in words[1:-1])):
                label = " ".join(words)
                break
        out[label] += total
    return out


def longer_names(mechanics: list[Mechanic]) -> dict[str, list[str]]:
    """For each action, the longer keyword names that start with its verb ("double strike",
    "double agenda" for double): those are not the action."""
    names = [n for m in mechanics for n in [*m.english, *m.variants] if " " in n]
    out: dict[str, list[str]] = {}
    for m in mechanics:
        if m.kind == "keyword_action":
            out[m.number] = [n for n in names if n.split()[0] == m.english[0] and n not in m.english]
    return out
