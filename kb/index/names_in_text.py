"""Card names inside free text (a question naming a card): the names as the index spells
them ("angel s grace"), found exactly or by spelling. A mixin of kb.index.catalog.Catalog,
over its ``names.tsv`` text; a warmed catalog (a server) keeps a table of them all, a one-off
search looks them up by substring search."""

from __future__ import annotations

from typing import Callable


SEP = "\x1f"  # between the card keys of one name
SCANS = 50  # substring searches of the names (about 0.8 ms each) before a table of them all (about 45 ms) pays for itself


class NamesInText:
    _names_text: str
    _spelled: tuple[dict, dict] | None
    _lines_holding: Callable  # kb.index.catalog.Catalog's substring search of the names
    _scans: int = 0  # substring searches made so far
    # --- card names inside free text ------------------------------------------------------------

    def spelled(self, words: str) -> tuple[str, ...]:
        """Keys of the cards whose whole name is these words (folded, as name_terms spells them:
        "angel s grace"), else ()."""
        if self._spelled is not None or self._scanned():
            return self._spelled_table()[0].get(words, ())
        # not warmed (a one-off search): a substring search of the names, not a table of them all
        rows = self._lines_holding(words, 1, whole_words=False)
        return tuple(dict.fromkeys(k for spelled, keys in rows if spelled == words for k in keys))

    def closest_spelled(self, words: str, cutoff: float) -> tuple[str, tuple[str, ...]] | None:
        """The name most alike ``words`` by spelling (ratio ≥ ``cutoff``, 0–100) among the names
        that share one of its longer words, with its card keys; None when none is close."""
        longer = [word for word in words.split() if len(word) > 3]
        if self._spelled is not None or self._scanned():
            table, by_word = self._spelled_table()
            candidates = sorted({name for word in longer for name in by_word.get(word, ())})
        else:
            table = {}
            for word in longer:
                for spelled, keys in self._lines_holding(word, 1, whole_words=True):
                    table[spelled] = tuple(dict.fromkeys([*table.get(spelled, ()), *keys]))
            candidates = sorted(table)
        if not candidates:
            return None
        from rapidfuzz import fuzz, process  # imported when needed: most searches name no card

        found = process.extractOne(words, candidates, scorer=fuzz.ratio, score_cutoff=cutoff)
        return (found[0], table[found[0]]) if found else None

    def _scanned(self) -> bool:
        """One more substring search; True once they have been so many that a table is cheaper."""
        self._scans += 1
        return self._scans > SCANS

    def _spelled_table(self) -> tuple[dict, dict]:
        """Names as index words → card keys, and each word of a name → those names (built once)."""
        if self._spelled is None:
            table: dict[str, tuple[str, ...]] = {}
            by_word: dict[str, list[str]] = {}
            for line in self._names_text.splitlines():
                _, spelled, keys = line.split("\t")
                if spelled not in table:
                    table[spelled] = tuple(keys.split(SEP))
                    for word in set(spelled.split()):
                        by_word.setdefault(word, []).append(spelled)
                else:
                    table[spelled] = tuple(dict.fromkeys([*table[spelled], *keys.split(SEP)]))
            self._spelled = (table, by_word)
        return self._spelled

    def _named_by(self, words: tuple[str, ...]) -> tuple[str, ...]:
        """Keys of the cards whose name holds these index words in this order ("krosan grip")."""
        if not words:
            return ()
        rows = self._lines_holding(" ".join(words), 1, whole_words=True)
        return tuple(dict.fromkeys(k for _, keys in rows for k in keys))

