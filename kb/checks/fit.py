"""The claim classifier's fit: multinomial logistic regression, the objective of scikit-learn's
LogisticRegression, minimised by an L-BFGS of its own keeping MAXCOR corrections over arrays made
once (kb.checks.learn builds the examples). scikit-learn's lbfgs (SciPy's L-BFGS-B, ten
corrections) peaked at 23.2 GiB of the machine's 24 at 571 classes and spent as much time in the
kernel as in the products.
"""

from __future__ import annotations

import itertools
import os
import time

import numpy as np

try:  # SciPy's own routines, which write into arrays given them (the ``learn`` extra)
    from scipy.linalg.blas import daxpy
except ImportError:  # pragma: no cover - SciPy without BLAS bindings
    daxpy = None
try:
    from scipy.sparse._sparsetools import csr_matvecs
except ImportError:  # pragma: no cover - a SciPy that moved its private routine: the public product
    csr_matvecs = None

MAXCOR = 5  # corrections the fit keeps: 2 * MAXCOR + 5 arrays the size of the weights (at 571 classes × 127,683 features, 583 MB each)
BLOCKS = 4  # runs of rows the fit's products are split in, for as many threads (the same on any machine)
TOL = 1e-4  # the largest gradient component at which the fit stops (scikit-learn's ``tol``)
STOPS = ("gradient below tol", "value lowered by 64 ε or less", "no step lowers the value", "max_iter reached")  # why minimise stops


def fit(matrix, labels: np.ndarray, weights: np.ndarray, classes: int, c: float,
        maxcor: int = MAXCOR, tol: float = TOL, max_iter: int = 3000, log=None,
        start: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray, int, str]:
    """The weights (features × classes), biases, iterations and why the fit stopped (STOPS) of the multinomial logistic regression
    of ``matrix`` (examples × features, sparse) with ``labels`` (0 … classes - 1) weighing ``weights``:
    the minimum of (1 / Σw) Σ w_i · cross-entropy_i + ‖W‖² / (2 · c · Σw), biases unpenalised, as
    scikit-learn's LogisticRegression(C=c) has it, found by L-BFGS (``minimise``) with ``maxcor``
    corrections (``log``: told every hundredth iteration how far the fit is). ``start``: weights
    and biases to start from (zeros otherwise): the problem is strictly convex, so it has one
    minimum whatever the start (a test: the same weights from zeros and from others).

    Every array the size of the weights or of the examples × classes is made once: in a virtual
    machine that hands freed memory back to its host, each fresh page costs a fault, and SciPy's
    L-BFGS-B, which copies the weights several times an evaluation, spent more time in the kernel
    than in the products. The products with the matrix run in BLOCKS blocks of rows on as many
    threads as there are cores (the sparse products let go of the interpreter); the blocks are the
    same on any machine, so the products' sums do not depend on how many cores it has (a test fits
    with one and with four: the same bytes)."""
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
        if start is not None:
            x[:size], x[size:] = np.asarray(start[0], dtype=float).ravel(), start[1]
        iterations, stopped = minimise(objective, x, maxcor, tol, max_iter, log)
    bias = x[size:] - x[size:].mean()  # biases are known up to a constant: their mean is 0
    return x[:size].reshape(width, classes), bias, iterations, stopped


def minimise(objective, x: np.ndarray, maxcor: int, tol: float, max_iter: int, log=None) -> tuple[int, str]:
    """L-BFGS from ``x`` (changed in place to the minimum) of ``objective(x, gradient)``, which
    returns the value at ``x`` and writes the gradient there into ``gradient``; stops when no
    gradient component is above ``tol`` or an iteration lowers the value by a relative 64 ε or
    less (as scikit-learn has SciPy's L-BFGS-B stop), after ``max_iter`` at most. Steps back
    from the quasi-Newton step by halves until the value falls enough (Armijo). Its iterations, and
    why it stopped (one of STOPS)."""
    n = len(x)
    steps, changes = np.zeros((maxcor, n)), np.zeros((maxcor, n))  # s and y of the last corrections
    rho = np.zeros(maxcor)
    gradient, trial, trial_gradient, direction = np.empty(n), np.empty(n), np.empty(n), np.empty(n)
    value = objective(x, gradient)
    kept, newest, start = 0, -1, time.perf_counter()
    for iteration in range(1, max_iter + 1):
        if max(float(gradient.max()), -float(gradient.min())) <= tol:
            return iteration - 1, STOPS[0]
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
            return iteration, STOPS[2]  # no step lowers the value: as low as it goes
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
            return iteration, STOPS[1]
    return max_iter, STOPS[3]


def product(part, dense: np.ndarray, out: np.ndarray) -> None:
    """``out`` = ``part`` (sparse, CSR) @ ``dense``, into ``out``: with SciPy's own routine where
    it has it (no new memory), else a new array copied. ``out`` must be C-contiguous float64, as the
    routine writes through a flat view of it."""
    if not out.flags.c_contiguous or out.dtype != np.float64:
        raise ValueError(f"product: out must be C-contiguous float64, not {out.dtype} with strides {out.strides}")
    out.fill(0.0)
    if csr_matvecs is None:
        np.copyto(out, part @ dense)
        return
    csr_matvecs(part.shape[0], part.shape[1], dense.shape[1], part.indptr, part.indices, part.data,
                np.ascontiguousarray(dense, dtype=np.float64).ravel(), out.ravel())


def axpy(x: np.ndarray, y: np.ndarray, a: float) -> None:
    """y += a · x, in place, with no array made (BLAS)."""
    if daxpy is None:
        y += a * x
        return
    daxpy(x, y, a=a)


def blocks(matrix) -> list[tuple[int, int]]:
    """BLOCKS runs of rows of a sparse matrix with about as many cells each."""
    ends = np.searchsorted(matrix.indptr, np.linspace(0, matrix.nnz, BLOCKS + 1)[1:-1])
    bounds = [0, *sorted({int(e) for e in ends}), matrix.shape[0]]
    return [(a, b) for a, b in itertools.pairwise(bounds) if b > a]
