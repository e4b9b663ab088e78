"""Italian labels from how often each rendering is printed: the labels that stand for a mechanic
(``common_labels``), for keyword abilities and keyword actions alike."""

from __future__ import annotations

from collections import Counter, defaultdict

from kb.text.analysis import fold, terms as analyse

# Italian function words: not the end of a label ("Obolo del …"), and what may join the words of one.
IT_FUNCTION = {"di", "da", "dal", "dai", "dalla", "dalle", "dallo", "degli", "per", "con", "a", "al",
               "alle", "ai", "il", "lo", "la", "le", "gli", "i", "un", "una", "uno", "nell", "nell'",
               "del", "della", "dei", "delle", "in", "tra", "fra", "su", "sul", "sulla", "nel", "nella"}  # fmt: skip


def common_labels(per_card: Counter, lang: str = "it") -> Counter:
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
    while common and fold(common[-1]) in IT_FUNCTION:
        common.pop()
    return " ".join(common)
