"""Learn the claim classifier (kb.checks.classifier) from the claims' phrasings and real rulings.

    python -m kb.checks.learn /work/shared/corpus --out kb/vocab/claim_classifier.zip

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
weigh LABELLED windows at most together (labelled_weights). ``fit`` minimises the objective of
scikit-learn's LogisticRegression with its own L-BFGS (``minimise``) keeping MAXCOR corrections,
over arrays made once: scikit-learn's lbfgs (SciPy's L-BFGS-B, ten corrections) peaked at 23.2 GiB
of the machine's 24 at 571 classes and spent as much time in the kernel as in the products.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from kb.checks.classifier import BEFORE, GRAM, NONE, Classifier, features, save
from kb.checks.links import Linker
from kb.checks.meaning import reading, windows
from kb.checks.registration import gates, phrasings_of

C = 10.0  # inverse regularisation (dev half: 5 links less; 20 and 40 misread more polarities for the same recall)
NEAR = 0.65  # a sentence this near a phrasing may state a claim: no ``none`` example (0.55: 10 more wrong corpus links)
NEGATIVES = 6000  # none examples at most (3,000 until the token claim: set 2 dev precision 0.92 to 0.95, the rest the same)
SEED = 1
LEAST = 0.15  # weights smaller than this are left out: they change no link of the dev halves, and the file is four times smaller
DIGITS = 3  # weights, biases and idf to three decimals: the file compresses, and a relearning on another machine changes no link
MAXCOR = 5  # corrections the fit keeps: 2 * MAXCOR + 5 arrays the size of the weights (at 571 classes × 127,683 features, 583 MB each)
BLOCKS = 4  # runs of rows the fit's products are split in, for as many threads (the same on any machine)
TOL = 1e-4  # the largest gradient component at which the fit stops (scikit-learn's ``tol``)
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


def learn(rows: Sequence[tuple], tags: dict[str, str], texts: Sequence[str], log=None) -> Classifier:
    """The classifier of the claims of ``rows`` (see the module doc); ``texts``: real rulings."""
    model, matrix, labels, sample_weight = examples_of(rows, tags, texts, log)
    coef, intercept, iterations = fit(matrix, labels, sample_weight, len(model.classes), C, log=log)
    if log:
        log(f"fitted in {iterations} iterations of L-BFGS-B")
    features_ = list(model.row)
    kept: dict[str, dict[int, float]] = {}
    for row, col in zip(*np.nonzero(np.abs(coef) >= LEAST)):
        kept.setdefault(features_[row], {})[int(col)] = round(float(coef[row, col]), DIGITS)
    bias = [round(float(b), DIGITS) for b in intercept]
    model = Classifier(model.classes, {f: round(v, DIGITS) for f, v in model.idf.items()}, kept, bias)
    model.checksum = checksum(rows)
    return model


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


def fit(matrix, labels: np.ndarray, weights: np.ndarray, classes: int, c: float,
        maxcor: int = MAXCOR, tol: float = TOL, max_iter: int = 3000, log=None) -> tuple[np.ndarray, np.ndarray, int]:
    """The weights (features × classes), biases and iterations of the multinomial logistic regression
    of ``matrix`` (examples × features, sparse) with ``labels`` (0 … classes - 1) weighing ``weights``:
    the minimum of (1 / Σw) Σ w_i · cross-entropy_i + ‖W‖² / (2 · c · Σw), biases unpenalised, as
    scikit-learn's LogisticRegression(C=c) has it, found by L-BFGS (``minimise``) with ``maxcor``
    corrections (``log``: told every hundredth iteration how far the fit is).

    Every array the size of the weights or of the examples × classes is made once: in a virtual
    machine that hands freed memory back to its host, each fresh page costs a fault, and SciPy's
    L-BFGS-B, which copies the weights several times an evaluation, spent more time in the kernel
    than in the products. The products with the matrix run in BLOCKS blocks of rows on as many
    threads as there are cores (the sparse products let go of the interpreter); the blocks are the
    same on any machine, and so is every sum: the same examples give the same weights anywhere."""
    from concurrent.futures import ThreadPoolExecutor

    examples, width = matrix.shape
    share = weights / weights.sum()
    l2 = 1.0 / (c * weights.sum())
    size = width * classes
    forward = [(a, b, matrix[a:b]) for a, b in blocks(matrix)]
    across = matrix.T.tocsr()
    backward = [(a, b, across[a:b]) for a, b in blocks(across)]
    gradients = np.empty((examples, classes))  # of the loss at each example: its probabilities less its label, weighed
    state = {}

    def loss_of(block) -> float:
        a, b, part = block
        raw = gradients[a:b]
        product(part, state["x"][:size].reshape(width, classes), raw)
        raw += state["x"][size:]
        raw -= raw.max(axis=1, keepdims=True)
        picked = raw[np.arange(b - a), labels[a:b]]
        np.exp(raw, out=raw)
        total = raw.sum(axis=1)
        raw /= total[:, None]
        raw[np.arange(b - a), labels[a:b]] -= 1.0
        raw *= share[a:b, None]
        return float(share[a:b] @ (np.log(total) - picked))

    def gradient_of(block) -> None:
        a, b, part = block
        here = state["gradient"][a * classes : b * classes]
        product(part, gradients, here.reshape(b - a, classes))
        axpy(state["x"][a * classes : b * classes], here, l2)

    with ThreadPoolExecutor(max_workers=min(BLOCKS, os.cpu_count() or 1)) as pool:

        def objective(x: np.ndarray, gradient: np.ndarray) -> float:
            state.update(x=x, gradient=gradient)
            loss = sum(pool.map(loss_of, forward)) + 0.5 * l2 * float(x[:size] @ x[:size])
            list(pool.map(gradient_of, backward))
            gradient[size:] = gradients.sum(axis=0)
            return loss

        x = np.zeros(size + classes)
        iterations = minimise(objective, x, maxcor, tol, max_iter, log)
    bias = x[size:] - x[size:].mean()  # biases are known up to a constant: their mean is 0
    return x[:size].reshape(width, classes), bias, iterations


def minimise(objective, x: np.ndarray, maxcor: int, tol: float, max_iter: int, log=None) -> int:
    """L-BFGS from ``x`` (changed in place to the minimum) of ``objective(x, gradient)``, which
    returns the value at ``x`` and writes the gradient there into ``gradient``; stops when no
    gradient component is above ``tol`` or an iteration lowers the value by a relative 64 ε or
    less (as scikit-learn has SciPy's L-BFGS-B stop), after ``max_iter`` at most. Steps back
    from the quasi-Newton step by halves until the value falls enough (Armijo). Its iterations."""
    n = len(x)
    steps, changes = np.zeros((maxcor, n)), np.zeros((maxcor, n))  # s and y of the last corrections
    rho = np.zeros(maxcor)
    gradient, trial, trial_gradient, direction = np.empty(n), np.empty(n), np.empty(n), np.empty(n)
    value = objective(x, gradient)
    kept, newest, start = 0, -1, time.perf_counter()
    for iteration in range(1, max_iter + 1):
        if max(float(gradient.max()), -float(gradient.min())) <= tol:
            return iteration - 1
        np.copyto(direction, gradient)  # the two-loop recursion: direction = H · gradient
        alphas = np.zeros(maxcor)
        order = [(newest - k) % maxcor for k in range(kept)]
        for k in order:
            alphas[k] = rho[k] * float(steps[k] @ direction)
            axpy(changes[k], direction, -alphas[k])
        if kept:
            direction *= float(steps[newest] @ changes[newest]) / float(changes[newest] @ changes[newest])
        else:
            direction /= max(1.0, float(np.sqrt(gradient @ gradient)))
        for k in reversed(order):
            axpy(steps[k], direction, alphas[k] - rho[k] * float(changes[k] @ direction))
        direction *= -1.0
        slope = float(gradient @ direction)
        if slope >= 0:  # not a descent direction (rounding): start again from the gradient
            kept = 0
            np.multiply(gradient, -1.0 / max(1.0, float(np.sqrt(gradient @ gradient))), out=direction)
            slope = float(gradient @ direction)
        size = 1.0
        for _ in range(50):
            np.multiply(direction, size, out=trial)
            trial += x
            found = objective(trial, trial_gradient)
            if found <= value + 1e-4 * size * slope:
                break
            size /= 2
        else:
            return iteration  # no step lowers the value: as low as it goes
        newest = (newest + 1) % maxcor
        np.multiply(direction, size, out=steps[newest])
        np.subtract(trial_gradient, gradient, out=changes[newest])
        curvature = float(steps[newest] @ changes[newest])
        if curvature > 1e-10:
            rho[newest] = 1.0 / curvature
            kept = min(kept + 1, maxcor)
        else:
            newest = (newest - 1) % maxcor
        x[:], gradient[:] = trial, trial_gradient
        lowered = (value - found) / max(abs(value), abs(found), 1.0)
        value = found
        if log and iteration % 100 == 0:
            log(f"iteration {iteration}: loss {value:.6f}, {time.perf_counter() - start:.0f} s")
        if lowered <= 64 * np.finfo(float).eps:
            return iteration
    return max_iter


def product(part, dense: np.ndarray, out: np.ndarray) -> None:
    """``out`` = ``part`` (sparse, CSR) @ ``dense``, into ``out``: with SciPy's own routine where
    it has it (no new memory), else a new array copied."""
    out.fill(0.0)
    try:
        from scipy.sparse._sparsetools import csr_matvecs
    except ImportError:  # a SciPy without it: the public product
        np.copyto(out, part @ dense)
        return
    csr_matvecs(part.shape[0], part.shape[1], dense.shape[1], part.indptr, part.indices, part.data, dense.ravel(), out.ravel())


def axpy(x: np.ndarray, y: np.ndarray, a: float) -> None:
    """y += a · x, in place, with no array made (BLAS)."""
    from scipy.linalg.blas import daxpy

    daxpy(x, y, a=a)


def blocks(matrix) -> list[tuple[int, int]]:
    """BLOCKS runs of rows of a sparse matrix with about as many cells each."""
    ends = np.searchsorted(matrix.indptr, np.linspace(0, matrix.nnz, BLOCKS + 1)[1:-1])
    bounds = [0, *sorted({int(e) for e in ends}), matrix.shape[0]]
    return [(a, b) for a, b in itertools.pairwise(bounds) if b > a]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.checks.learn", description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="folder with rulings_en.jsonl")
    parser.add_argument("--out", type=Path, default=Path("kb/vocab/claim_classifier.zip"),
                        help="the file to write (kb.checks.classifier.save)")
    args = parser.parse_args(argv)
    source = args.corpus / "rulings_en.jsonl"
    if not source.is_file():
        parser.error(f"{source}: not found")
    start = time.perf_counter()
    texts = [json.loads(line)["text"] for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows, tags = registered_phrasings()
    model = learn(rows, tags, texts, log=lambda msg: print(msg, file=sys.stderr))
    save(model, args.out)
    print(f"{len(model.classes)} classes, {len(model.idf)} features -> {args.out} "
          f"({time.perf_counter() - start:.1f} s)", file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
