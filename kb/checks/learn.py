"""Learn the claim classifier (kb.checks.classifier) from the claims' phrasings and real rulings.

    python -m kb.checks.learn /work/shared/corpus --out kb/vocab/claim_classifier.zip
    python -m kb.checks.learn /work/shared/corpus --start kb/vocab/claim_classifier.zip  # from the weights before

Needs the ``learn`` extra (SciPy). Examples:

* every known phrasing of every registered claim (its statements, phrasings, paraphrases, the
  official rulings labelled as stating it, and its denials), read into sentences and windows of
  two as the linker reads them, each of class (claim, polarity);
* ``none``: single sentences of real English rulings (``rulings_en.jsonl`` of the corpus, distinct
  texts in a fixed shuffled order) that carry the tag of some claim's mechanic and that are near no
  known phrasing (cosine below NEAR with every one): what the rulings of those mechanics say
  besides the claims. Up to NEGATIVES of them.

Multinomial logistic regression (C below; tuned on the dev half of bench/claims_set.yaml, never on
its test half) over the features of kb.checks.classifier; the labelled official rulings of a claim
weigh LABELLED windows at most together (labelled_weights); kb.checks.fit fits it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from kb.checks.classifier import BEFORE, GRAM, NONE, Classifier, features, load, save
from kb.checks.fit import fit
from kb.checks.links import Linker
from kb.checks.meaning import reading, windows
from kb.checks.registration import gates, phrasings_of

C = 10.0  # inverse regularisation (dev half: 5 links less; 20 and 40 misread more polarities for the same recall)
NEAR = 0.65  # a sentence this near a phrasing may state a claim: no ``none`` example (0.55: 10 more wrong corpus links)
NEGATIVES = 6000  # none examples at most (3,000 until the token claim: set 2 dev precision 0.92 to 0.95, the rest the same)
SEED = 1
LEAST = 0.15  # weights smaller than this are left out: they change no link of the dev halves, and the file is four times smaller
DIGITS = 3  # weights, biases and idf to three decimals: the file compresses, and a relearning on another machine changes no link
LABELLED = 50  # windows: the most a claim's labelled official rulings weigh together as examples (dev halves: in full, 705 rulings of one claim took search's answered@3 from 0.964 to 0.927; at 100, 0.955; at 50, 0.964, and links set 1 recall 0.65, precision 0.96, passing 1)


def checksum(rows: Sequence[tuple]) -> str:
    """A checksum of the claims' phrasings (claim, polarity, text, language): the classifier
    says which phrasings it was learned from."""
    digest = hashlib.sha256()
    for row in sorted((str(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows):
        digest.update(json.dumps(row, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:40]


def registered_phrasings() -> tuple[list[tuple], dict[str, str]]:
    """The known phrasings of the registered claims, and each claim's tag."""
    from kb.checks.registration import registry

    claims = list(registry().values())
    return phrasings_of(claims), gates(claims)


def negatives(texts: Sequence[str], linker: Linker, limit: int = NEGATIVES) -> list:
    """Sentences of real English rulings of the claims' mechanics near no known phrasing."""
    from kb.text.vocabulary import vocabulary

    mechanics = {tag for tag in linker.tags.values() if tag}
    order = sorted(set(texts))
    random.Random(SEED).shuffle(order)
    found = []
    for text in order:
        if not mechanics & set(vocabulary().tags_of(text, ("en",))):
            continue
        for window in windows(reading(text, "en")):
            if window.single and window.content and float(linker._cosines(window.content).max()) < NEAR:
                found.append(window)
        if len(found) >= limit:
            break
    return found[:limit]


def labelled_weights(rows: Sequence[tuple], known: Sequence) -> list[float]:
    """The weight of each known phrasing's window as an example: 1, but the windows of the official
    rulings labelled as stating (or, outdated, denying) one claim weigh LABELLED together when they
    are more, as the linker doesn't let them weigh features either: 705 labelled rulings of one
    claim made it the likeliest reading of questions about other things."""
    labelled = {(r[0], r[2]) for r in rows if len(r) > 4 and not r[4] and r[0]}
    per_claim: dict[str, int] = {}
    for k in known:
        if (k.claim, k.text) in labelled:
            per_claim[k.claim] = per_claim.get(k.claim, 0) + 1
    return [min(1.0, LABELLED / per_claim[k.claim]) if (k.claim, k.text) in labelled else 1.0 for k in known]


def learn(rows: Sequence[tuple], tags: dict[str, str], texts: Sequence[str], log=None, start: Classifier | None = None) -> Classifier:
    """The classifier of the claims of ``rows`` (see the module doc); ``texts``: real rulings;
    ``start``: a classifier learned before, whose weights the fit starts from (``starting``)."""
    model, matrix, labels, sample_weight = examples_of(rows, tags, texts, log)
    begin = starting(start, model) if start is not None else None
    coef, intercept, iterations, stopped = fit(matrix, labels, sample_weight, len(model.classes), C, log=log, start=begin)
    if log:
        log(f"fitted in {iterations} iterations of L-BFGS: {stopped}")
    features_ = list(model.row)
    kept: dict[str, dict[int, float]] = {}
    for row, col in zip(*np.nonzero(np.abs(coef) >= LEAST)):
        kept.setdefault(features_[row], {})[int(col)] = round(float(coef[row, col]), DIGITS)
    bias = [round(float(b), DIGITS) for b in intercept]
    model = Classifier(model.classes, {f: round(v, DIGITS) for f, v in model.idf.items()}, kept, bias)
    model.checksum = checksum(rows)
    return model


def starting(before: Classifier, model: Classifier) -> tuple[np.ndarray, np.ndarray]:
    """The weights (``model``'s features × classes) and biases of a classifier learned before, to
    start a fit from: its weights where it has the feature and the class, 0 elsewhere (it kept only
    the weights LEAST or more, to DIGITS)."""
    column = {label: k for k, label in enumerate(model.classes)}
    moved = [column.get(label) for label in before.classes]
    coef = np.zeros((len(model.row), len(model.classes)))
    for row, feature in enumerate(model.row):
        for k, weight in before.weights(feature).items():
            if moved[k] is not None:
                coef[row, moved[k]] = weight
    bias = np.zeros(len(model.classes))
    for k, value in enumerate(before.bias):
        if moved[k] is not None:
            bias[moved[k]] = value
    return coef, bias


def examples_of(rows: Sequence[tuple], tags: dict[str, str], texts: Sequence[str], log=None) -> tuple:
    """The examples (see the module doc): an unweighted classifier of their classes and features,
    the examples × features matrix (sparse), each example's class and weight. The linker and the
    examples' features, which the fit doesn't need, are freed when this returns."""
    from scipy.sparse import csr_matrix

    linker = Linker(rows, tags, questions=True)  # a search asks in questions: the classifier learns them
    examples = [(features(k.sentence), (k.claim, k.polarity) if k.claim else NONE) for k in linker.known]  # near misses: none
    sample_weight = labelled_weights(rows, linker.known)
    none_windows = negatives(texts, linker)
    examples += [(features(window), NONE) for window in none_windows]
    sample_weight += [1.0] * len(none_windows)
    if log:
        log(f"{len(linker.known)} phrasing windows, {len(examples) - len(linker.known)} none examples")
    classes = sorted({label for _, label in examples if label != NONE}) + [NONE]
    column = {label: k for k, label in enumerate(classes)}
    counts: dict[str, int] = {}
    for found, _ in examples:
        for feature in found:
            counts[feature] = counts.get(feature, 0) + 1
    # an order of two terms (``a<b``) that one example alone says is that sentence's, not a pattern; a gram too
    idf = {f: math.log(len(examples) / (1 + n)) + 1.0 for f, n in sorted(counts.items())
           if not f.startswith(GRAM) and (n > 1 or BEFORE not in f)}  # fmt: skip
    grams = {f: {} for f, n in sorted(counts.items()) if f.startswith(GRAM) and n > 1}
    model = Classifier(classes, idf, grams, [0.0] * len(classes))
    # a sparse matrix (a dense one took 5 GB at 20,000 examples), built from arrays freed before the
    # fit: Python lists of every cell, kept through it, had the learning of 246 claims killed for
    # memory at 21 GB beside a mutation run; so, alone, it peaked at 19 GB
    vectors = [model.vector(found) for found, _ in examples]
    cells = np.repeat(np.arange(len(vectors), dtype=np.int32), [len(rows_) for rows_, _ in vectors])
    columns = np.concatenate([rows_ for rows_, _ in vectors]).astype(np.int32)
    values = np.concatenate([weights for _, weights in vectors])
    del vectors
    matrix = csr_matrix((values, (cells, columns)), shape=(len(examples), len(model.row)))
    del cells, columns, values
    labels = np.array([column[label] for _, label in examples])
    return model, matrix, labels, np.array(sample_weight)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.checks.learn", description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="folder with rulings_en.jsonl")
    parser.add_argument("--out", type=Path, default=Path("kb/vocab/claim_classifier.zip"),
                        help="the file to write (kb.checks.classifier.save)")
    parser.add_argument("--start", type=Path, help="a classifier file learned before, to start the fit from "
                        "(the same minimum; after one label changed, 6 iterations instead of 143)")
    args = parser.parse_args(argv)
    source = args.corpus / "rulings_en.jsonl"
    if not source.is_file():
        parser.error(f"{source}: not found")
    start = time.perf_counter()
    texts = [json.loads(line)["text"] for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows, tags = registered_phrasings()
    start_ = load(args.start) if args.start else None
    model = learn(rows, tags, texts, log=lambda msg: print(msg, file=sys.stderr), start=start_)
    save(model, args.out)
    print(f"{len(model.classes)} classes, {len(model.idf)} features -> {args.out} "
          f"({time.perf_counter() - start:.1f} s)", file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
