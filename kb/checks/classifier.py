"""Which claim a sentence states, and which way round, by a linear classifier of its meaning.

Nearest-phrasing similarity (kb.checks.links) links a ruling worded like one of a claim's known
phrasings; a ruling that says the same in other words shares only some of them. The classifier
learns, from all the phrasings of all the claims at once, which features tell one claim from the
others and from the ordinary rulings of the same mechanics ("goad" + "attack" + "each combat" is
``goad.must_attack``; "goad" + "control" + "change" is ``goad.survives_control_change``).

Its features are a sentence's language-neutral content (kb.checks.meaning: English terms, the
lexicon's translations of Italian words, paraphrase groups), ``#neg`` when the sentence holds an
odd number of negations, ``¬term`` for the terms of each negated clause (what the negation
is about), and ``a<b`` for a term said before an order word and one said after it ("the
trigger resolves before the draw": ``trigger<draw``; "after" and "dopo" the other way round),
which tells "the trigger resolves before the draw" from "the draw resolves before the trigger". Each
of these weighs its idf, together a vector of length 1. Beside them, ``~abc`` for each character
3- to 5-gram of the sentence's own words (lowercased, each word between spaces): what the neutral
form leaves out, a number, a color, an Italian ending, the very words a false ruling turns ("non è
più", "won't"); they weigh alike, together a second vector of length 1. The classes are every
(claim, polarity) pair (asserting it, or denying it as a false ruling would) and ``none``;
probabilities are a softmax over the classes of the claims a ruling's tags allow, and ``none``.

The weights are learned by ``python -m kb.checks.learn`` (multinomial logistic regression over the
claims' phrasings, and sentences of real rulings of the same mechanics that are near no phrasing
as ``none``) and shipped as kb/vocab/claim_classifier.zip (its arrays, ``save``), with a checksum of the phrasings
they were learned from (a test says when a claim's phrasings changed since).
"""

from __future__ import annotations

import io
import json
import math
import re
import zipfile
from functools import lru_cache
from importlib import resources
from typing import Iterable

import numpy as np

from kb.checks.meaning import BEFORE, Sentence, order
from kb.errors import ParseError

NEGATED = "#neg"  # the feature of a sentence with an odd number of negations
NOT = "¬"  # the mark of a term in a negated clause
NONE = ("", 0)  # the class of a sentence that states no claim
GRAM = "~"  # the mark of a character n-gram of a sentence's own words
GRAMS = (3, 5)  # their shortest and longest (dev halves and set 3, against none: recall 0.66 / 0.51 / 0.38 to 0.65 / 0.55 / 0.43, contradictions passing 3 / 0 / 3 to 2 / 0 / 1; words and pairs of words did less)
_WORD = re.compile(r"\{[^{}\s]{1,8}\}|\w+(?:'\w+)*")  # a word, or a symbol: {R} says a color
FILE = "vocab/claim_classifier.zip"
DENSE = 200  # a feature with weights for this many classes or more (a common gram: 3% of the features, 43% of the weights) is held as a dense row too, summed as one product: a sentence's scores in 0.25 ms instead of 0.55, for 11 MB


@lru_cache(maxsize=32_768)
def _word_grams(word: str) -> tuple[str, ...]:
    """The character n-grams (GRAMS) of one word, each marked GRAM (remembered by word: a text's
    grams share their strings with every other text's, which holding them by text did not: about
    150 MB in each ingest worker)."""
    low, high = GRAMS
    padded = f" {word} "
    found: dict[str, None] = {}
    for n in range(low, high + 1):
        if len(padded) <= n:
            found[GRAM + padded] = None
            break
        found.update((GRAM + padded[k : k + n], None) for k in range(len(padded) - n + 1))
    return tuple(found)


@lru_cache(maxsize=1024)
def grams(text: str, *more: str) -> frozenset[str]:
    """The character n-grams (GRAMS) of the words of ``text`` (and of ``more`` texts: a window of two
    sentences has the words of each, a word never spans the space between them), each marked GRAM."""
    if more:
        return frozenset().union(grams(text), *(grams(other) for other in more))
    return frozenset(gram for word in _WORD.findall(text.lower()) for gram in _word_grams(word))


def features(sentence: Sentence) -> frozenset[str]:
    """The classifier's features of one sentence, or of a window of two (see the module doc)."""
    found = set(sentence.content) | (grams(*sentence.parts) if sentence.parts else grams(sentence.text))
    if sentence.negations % 2:
        found.add(NEGATED)
    if sentence.single:
        for clause in sentence.clauses:
            if clause.negated:
                found.update(NOT + term for term in clause.content)
        found.update(order(sentence.text, sentence.lang))
    return frozenset(found)


class Classifier:
    """Weights (feature → class), a bias per class, and each feature's idf (a gram has none: GRAM)."""

    def __init__(self, classes: list[tuple[str, int]], idf: dict[str, float], weights: dict[str, dict[int, float]],
                 bias: list[float], checksum: str = ""):  # fmt: skip
        names = list(idf)
        seen = set(names)
        for feature in weights:
            if feature not in seen:
                if not feature.startswith(GRAM):
                    raise KeyError(feature)  # a weight of a feature that has no idf
                names.append(feature)
                seen.add(feature)
        rows = [weights.get(f, {}) for f in names]
        count = sum(len(r) for r in rows)
        self._arrays(classes, names, np.array(list(idf.values()), dtype=np.float64),
                     np.cumsum([0] + [len(r) for r in rows], dtype=np.int64),
                     np.fromiter((int(c) for r in rows for c in r), dtype=np.int32, count=count),
                     np.fromiter((w for r in rows for w in r.values()), dtype=np.float32, count=count),
                     np.asarray(bias, dtype=np.float64), checksum)  # fmt: skip

    @classmethod
    def from_arrays(cls, classes, names, idf, indptr, indices, data, bias, checksum="") -> "Classifier":
        """The classifier of its arrays as ``save`` writes them (checked: a ValueError says what is wrong)."""
        model = cls.__new__(cls)
        model._arrays(classes, names, idf, indptr, indices, data, bias, checksum)
        return model

    def _arrays(self, classes, names, idf, indptr, indices, data, bias, checksum) -> None:
        self.classes = [(str(c), int(p)) for c, p in classes]
        if NONE not in self.classes:
            raise ValueError("a claim classifier needs the class of no claim")
        if len(idf) > len(names) or len(indptr) != len(names) + 1 or len(bias) != len(self.classes):
            raise ValueError(f"{len(names)} features, {len(idf)} idf, {len(indptr)} row starts, {len(bias)} biases "
                             f"for {len(self.classes)} classes")  # fmt: skip
        if indptr[0] != 0 or np.any(np.diff(indptr) < 0) or indptr[-1] != len(indices) or len(indices) != len(data):
            raise ValueError("the weights' rows don't add up")
        if len(indices) and (indices.min() < 0 or indices.max() >= len(self.classes)):
            raise ValueError("a weight of a class that isn't there")
        self.none = self.classes.index(NONE)
        self.idf = dict(zip(names, idf.tolist()))
        self.row = {feature: k for k, feature in enumerate(names)}
        if len(self.row) != len(names):
            raise ValueError("a feature named twice")
        self.idf_array = np.asarray(idf, dtype=np.float64)
        # the weights by row, sparse (the small ones are left out: kb.checks.learn); dense, the grams took 70 MB in each ingest worker
        self.indptr, self.indices, self.data = indptr.astype(np.int64), indices, data.astype(np.float32)
        self.bias = np.asarray(bias, dtype=np.float64)
        dense = np.flatnonzero(np.diff(self.indptr) >= DENSE)
        self._dense_of, self._dense = np.full(len(names), -1, dtype=np.int64), np.zeros((len(dense), len(self.classes)))
        self._dense_of[dense] = np.arange(len(dense))
        taken, held = self._cells(dense)
        self._dense[np.repeat(np.arange(len(dense)), held), self.indices[taken]] = self.data[taken]
        self.checksum = checksum
        self.claims = frozenset(claim for claim, _ in self.classes if claim)  # the claims it learned
        self._columns: dict[frozenset, tuple[list[tuple[str, int]], np.ndarray]] = {}

    def weights(self, feature: str) -> dict[int, float]:
        """Class → weight of one feature (none when the classifier doesn't know it)."""
        row = self.row.get(feature)
        if row is None:
            return {}
        start, end = self.indptr[row], self.indptr[row + 1]
        return dict(zip(self.indices[start:end].tolist(), self.data[start:end].tolist()))

    def vector(self, found: Iterable[str]) -> tuple[np.ndarray, np.ndarray]:
        """The rows of the features the classifier knows, and their weights: the idf of the
        neutral ones, length 1 together; the grams' alike, length 1 together (rows in one order:
        the same sums on every run)."""
        row, neutral = self.row.get, len(self.idf_array)  # the features with an idf come first
        rows: list[int] = []
        known: list[int] = []
        count = 0  # the grams, known or not
        for feature in found:
            number = row(feature)
            if number is not None and number < neutral:
                rows.append(number)
            if feature[:1] == GRAM:
                count += 1
                if number is not None:
                    known.append(number)
        rows.sort()
        known.sort()
        values = self.idf_array[rows]
        values = values / (math.sqrt(float((values**2).sum())) or 1.0)
        return np.array(rows + known, dtype=np.int64), np.concatenate([values, np.full(len(known), 1.0 / math.sqrt(count or 1))])

    def scores(self, found: Iterable[str]) -> np.ndarray:
        """Each class's score (before the softmax) of a sentence's features."""
        rows, values = self.vector(found)
        place = self._dense_of[rows]
        held = place >= 0
        scores = values[held] @ self._dense[place[held]] + self.bias
        taken, counts = self._cells(rows[~held])
        if len(taken):
            scores += np.bincount(self.indices[taken], weights=self.data[taken] * np.repeat(values[~held], counts), minlength=len(self.classes))
        return scores

    def _cells(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The positions of every weight of ``rows`` (row by row), and how many each row has."""
        starts = self.indptr[rows]
        counts = self.indptr[rows + 1] - starts
        return np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum())), counts

    def probabilities(self, sentence: Sentence, claims: frozenset[str]) -> dict[tuple[str, int], float]:
        """(claim, polarity) → probability that ``sentence`` states it so, among the classes of
        ``claims`` and none (a claim the classifier never learned has none)."""
        chosen, found = self.best((sentence,), claims)
        return {c: float(p) for c, p in zip(chosen, found)}

    def read(self, sentences: Iterable[Sentence]) -> list[np.ndarray]:
        """Each sentence's class scores (``best`` of them, over any claims, costs no second reading)."""
        return [self.scores(features(sentence)) for sentence in sentences]

    def best(self, sentences: Iterable[Sentence], claims: frozenset[str], scored: list | None = None) -> tuple[list, np.ndarray]:
        """The classes of ``claims``, and the probability of each at the sentence that reads it
        likeliest (``probabilities`` of every sentence at once; ``scored``: the sentences' scores, ``read``, when known)."""
        if claims not in self._columns:
            chosen = [c for c in self.classes if c[0] in claims]
            self._columns[claims] = (chosen, np.array([self.classes.index(c) for c in chosen] + [self.none]))
        chosen, columns = self._columns[claims]
        found = np.zeros(len(chosen))
        for each in (scored if scored is not None else self.read(sentences)) if chosen else ():
            scores = each[columns]
            scores = np.exp(scores - scores.max())
            np.maximum(found, scores[:-1] / scores.sum(), out=found)
        return chosen, found


def chances(classifier, windows: Iterable[Sentence], claims: frozenset[str], scored: list | None = None) -> tuple[dict, dict[str, float]]:
    """What ``classifier`` reads in a text's windows: (claim, polarity) → its probability at its
    best window, and claim → its two polarities' summed (``scored``: the windows' scores, when known)."""
    chosen, found = classifier.best(windows, claims, scored)
    best = dict(zip(chosen, found.tolist()))
    total: dict[str, float] = {}
    for (claim, _), chance in best.items():
        total[claim] = total.get(claim, 0.0) + chance
    return best, total


def sure(classifier, windows: Iterable[Sentence], claims: frozenset[str], least: float,
         margin: float = 0.0, scored: list | None = None) -> tuple[str, int, float, float, float] | None:  # fmt: skip
    """(claim, polarity, probability, probability of that polarity alone, of the other polarity)
    of the claim ``classifier`` reads in a ruling's windows when it is sure of it: the
    probabilities of its two polarities, each at its best window, sum to ``least`` or more, and to
    ``margin`` more than any other claim's; the polarity is the likelier of the two. None otherwise."""
    best, total = chances(classifier, windows, claims, scored)
    if not total:
        return None
    ranked = sorted(sorted(total), key=total.__getitem__, reverse=True)
    claim = ranked[0]
    if total[claim] < least or len(ranked) > 1 and total[claim] - total[ranked[1]] < margin:
        return None
    polarity = max((1, -1), key=lambda p: best.get((claim, p), 0.0))
    return claim, polarity, total[claim], best[(claim, polarity)], best.get((claim, -polarity), 0.0)


def save(model: Classifier, path) -> None:
    """Write ``model`` as a zip of its arrays (.npy) beside its classes and checksum (meta.json)
    and its features (features.txt, one a line): the same bytes for the same classifier (no time
    in it), read back in a tenth of the time its JSON took."""
    names = list(model.row)
    if any("\n" in name for name in names):
        raise ValueError("a feature with a line break can't be saved one a line")
    indices = model.indices.astype(np.uint16 if len(model.classes) <= 1 << 16 else np.int32)
    members = {
        "meta.json": json.dumps({"checksum": model.checksum, "classes": [list(c) for c in model.classes]},
                                ensure_ascii=False).encode("utf-8"),
        "features.txt": "\n".join(names).encode("utf-8"),
    }  # fmt: skip
    for name, array in (("idf", model.idf_array), ("indptr", model.indptr), ("indices", indices),
                        ("data", model.data), ("bias", model.bias)):  # fmt: skip
        buffer = io.BytesIO()
        np.lib.format.write_array(buffer, np.ascontiguousarray(array), allow_pickle=False)
        members[name + ".npy"] = buffer.getvalue()
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in members.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content, compresslevel=9)


def load(path) -> Classifier:
    """The classifier of a file ``save`` wrote (a path, or a package resource); a damaged one is a
    ParseError naming the file."""
    try:
        with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
            meta = json.loads(archive.read("meta.json").decode("utf-8"))
            names = archive.read("features.txt").decode("utf-8").split("\n")
            arrays = {name: np.lib.format.read_array(io.BytesIO(archive.read(name + ".npy")), allow_pickle=False)
                      for name in ("idf", "indptr", "indices", "data", "bias")}  # fmt: skip
    except OSError as err:
        raise ParseError(str(path), 1, f"cannot read the claim classifier ({err})") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, KeyError, UnicodeDecodeError, ValueError) as err:
        raise ParseError(str(path), 1, f"not a claim classifier ({type(err).__name__}: {err})") from None
    try:
        if not np.issubdtype(arrays["indices"].dtype, np.integer) or not np.issubdtype(arrays["indptr"].dtype, np.integer):
            raise ValueError("the weights' classes and rows must be integers")
        return Classifier.from_arrays(meta["classes"], names if names != [""] else [], arrays["idf"], arrays["indptr"],
                                      arrays["indices"], arrays["data"], arrays["bias"], str(meta.get("checksum", "")))
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise ParseError(str(path), 1, f"not a claim classifier ({type(err).__name__}: {err})") from None


@lru_cache(maxsize=1)
def shipped() -> Classifier | None:
    """The classifier learned for the registered claims (None when kb has none)."""
    source = resources.files("kb").joinpath(FILE)
    return load(source) if source.is_file() else None
