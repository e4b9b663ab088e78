"""Questions asked of the rulings: a question worded like one a person would ask when a ruling is
the answer ranks that ruling up, whichever language either is written in.

``kb/vocab/asked/*.yaml`` holds, for the official ruling texts printed on three cards or more in
the real corpus (the rules people meet most), questions written in English and in Italian the way
players and judges type them, each answered by its ruling: a short search-box query, a question
asked at the table, and one from another angle. They were written from the rulings alone, never
from the relevance benchmark's questions (bench/relevance.py).

Every written question is read once into its language-neutral content (kb.checks.meaning: an
Italian word carried into English by the lexicon), and so is the user's question (the query
without its fields); they are compared by the cosine of their features, each weighted by its
rarity among the written questions. A ruling text whose best written question reaches ``LEAST``
(at most ``MOST`` texts) adds that cosine × ``WEIGHT`` × the best score so far to every ruling with
its text; one that no typed word matched joins the results if it passes the query's strict part.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from kb.checks.meaning import reading
from kb.checks.readings import cached
from kb.errors import ParseError
from kb.records import text_key
from kb.search.execute import Executor, Match
from kb.search.feedback import MIN_CONCEPTS
from kb.text import language, yaml_data

FOLDER = "vocab/asked"
LEAST = 0.6  # the least cosine of a written question that ranks its ruling up (dev half of bench/relevance.py)
MOST = 2  # ruling texts ranked up by one question, at most
WEIGHT = 0.5  # a question asked in the very same words adds this share of the best score
LANGS = ("en", "it")


@dataclass(frozen=True)
class Asked:
    """A ruling text that a written question resembles: its text, that question, the cosine."""

    text: str
    question: str
    similarity: float

    def __str__(self) -> str:
        return f"{self.similarity:.2f} asked as {self.question!r}: {self.text[:80]}"


class Questions:
    """The written questions: their features as an inverted index, each with its ruling text."""

    def __init__(self, entries: list[tuple[str, str, str]]):
        """``entries``: (ruling text, language, question)."""
        self.entries = list(entries)
        self.texts = sorted({text for text, _, _ in entries})
        number = {text: k for k, text in enumerate(self.texts)}
        self.owner = np.array([number[text] for text, _, _ in entries], dtype=np.int64)
        self.questions = [question for _, _, question in entries]
        # the (question, feature) pairs, by feature: a compressed inverted index
        self.feature: dict[str, int] = {}
        rows: list[int] = []
        cols: list[int] = []
        for k, found in enumerate(contents([(lang, question) for _, lang, question in entries])):
            for feature in found:
                rows.append(k)
                cols.append(self.feature.setdefault(feature, len(self.feature)))
        row, col = np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64)
        df = np.bincount(col, minlength=len(self.feature))
        self.idf = np.log(max(len(entries), 1) / np.maximum(df, 1))
        order = np.argsort(col, kind="stable")
        self.holders, self.starts = row[order], np.concatenate(([0], np.cumsum(df)))
        norm = np.sqrt(np.bincount(row, weights=self.idf[col] ** 2, minlength=len(entries)))
        self.norm = np.where(norm > 0, norm, 1.0)

    def cosines(self, words: str) -> np.ndarray:
        """The cosine of ``words`` (a question in either language) with every written question."""
        lang = language.detect(words, None).lang
        found = [self.feature[f] for f in frozenset().union(*(s.content for s in reading(words, lang))) if f in self.feature]
        dots = np.zeros(len(self.questions))
        for f in found:
            dots[self.holders[self.starts[f] : self.starts[f + 1]]] += self.idf[f] ** 2
        norm = math.sqrt(sum(self.idf[f] ** 2 for f in found)) or 1.0
        return dots / (self.norm * norm)

    def similar(self, words: str) -> tuple[Asked, ...]:
        """The ruling texts whose written questions ``words`` resembles (LEAST, at most MOST), best first."""
        cosines = self.cosines(words)
        best = np.full(len(self.texts), -1.0)
        np.maximum.at(best, self.owner, cosines)
        chosen = [int(t) for t in np.argsort(-best, kind="stable")[:MOST] if best[t] >= LEAST]
        asked = []
        for t in chosen:
            mine = np.flatnonzero(self.owner == t)
            question = self.questions[int(mine[np.argmax(cosines[mine])])]
            asked.append(Asked(self.texts[t], question, round(float(best[t]), 3)))
        return tuple(asked)


def contents(questions: list[tuple[str, str]]) -> list[list[str]]:
    """The language-neutral features of each (language, question), remembered between runs in
    the user's cache as the claims' readings are (kb.checks.readings.cached)."""

    def make() -> list:
        return [sorted(frozenset().union(*(s.content for s in reading(question, lang)))) for lang, question in questions]

    def decode(data):
        return data if isinstance(data, list) and len(data) == len(questions) and all(isinstance(f, list) for f in data) else None

    return cached(questions, "asked", make, decode)


def entries(data: object, name: str, source: str = "") -> list[tuple[str, str, str]]:
    """(ruling text, language, question) of one file's data (``source``: its text, for line
    numbers); ParseError naming the file and the entry's line when it is not a list of
    {text, en, it} with lists of questions."""
    if not isinstance(data, list):
        raise ParseError(name, 1, "expected a list of rulings, each with its text and its questions in en and it")
    starts = [k for k, line in enumerate(source.splitlines(), 1) if line.startswith("- ")]
    found = []
    for number, item in enumerate(data, 1):
        line = starts[number - 1] if number <= len(starts) else 1
        if not isinstance(item, dict) or not isinstance(item.get("text"), str) or not item["text"].strip():
            raise ParseError(name, line, f"entry {number}: expected a ruling's text and its questions in en and it")
        for lang in LANGS:
            questions = item.get(lang, [])
            if not isinstance(questions, list) or not all(isinstance(q, str) and q.strip() for q in questions):
                raise ParseError(name, line, f"entry {number}: {lang} must be a list of questions")
            found += [(item["text"], lang, question) for question in questions]
    return found


@lru_cache(maxsize=1)
def written() -> Questions:
    """The shipped questions (read once per process; none when the folder is missing)."""
    folder = resources.files("kb").joinpath(FOLDER)
    found: list[tuple[str, str, str]] = []
    files = [p for p in folder.iterdir() if p.name.endswith(".yaml")] if folder.is_dir() else []
    for path in sorted(files, key=lambda p: p.name):
        name = f"kb/{FOLDER}/{path.name}"
        source = path.read_text(encoding="utf-8")
        try:
            data = yaml_data.load(source)
        except yaml_data.NotYAML as err:
            raise ParseError(name, err.line, err.message) from None
        found += entries(data, name, source)
    return Questions(found)


def boost(executor: Executor, match: Match, strict: Match | None, words: str, count: int) -> tuple[Match, tuple[Asked, ...]]:
    """``match`` with the rulings whose written questions resemble ``words`` ranked up (see the
    module doc), and those; ``strict``: the query's strict part (None: none); ``count``: its free words."""
    if match.score is None or count < MIN_CONCEPTS or not words.strip():
        return match, ()
    best = float(match.score.max(initial=0.0))
    found = written().similar(words) if best > 0 else ()
    if not found:
        return match, ()
    mask, score = match.mask.copy(), match.score.copy()
    allowed = executor.alive if strict is None else strict.mask
    for each in found:
        ids = np.flatnonzero((executor.reader.text == text_key(each.text)) & allowed)
        mask[ids] = True
        score[ids] += np.float32(WEIGHT * each.similarity * best)
    return Match(mask, score), found
