"""The claim classifier's fit (kb.checks.fit) on the real examples, a few iterations timed:
each evaluation of the objective (wall, user and kernel time), then the iterations' total and the
peak resident memory. Not the learning itself (``python -m kb.checks.learn``), which runs the fit
to its end; this says how fast and how big it is, in minutes rather than hours.

    .venv/bin/python bench/fit.py ../shared/corpus --iterations 5

Alone on the machine: the fit uses every core, and a second process of its size would not fit
beside it on 24 GiB.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.checks import fit, learn


def usage() -> tuple[float, float, float]:
    """Wall clock, user and kernel seconds so far."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return time.perf_counter(), used.ru_utime, used.ru_stime


def since(start: tuple[float, float, float]) -> str:
    now = usage()
    return "wall {:.1f} s, user {:.1f} s, kernel {:.1f} s".format(*(b - a for a, b in zip(start, now)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="folder with rulings_en.jsonl")
    parser.add_argument("--iterations", type=int, default=5)
    args = parser.parse_args(argv)
    source = args.corpus / "rulings_en.jsonl"
    if not source.is_file():
        parser.error(f"{source}: not found")
    start = usage()
    texts = [json.loads(line)["text"] for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows, tags = learn.registered_phrasings()
    model, matrix, labels, weights = learn.examples_of(rows, tags, texts, log=print)
    print(f"examples: {matrix.shape[0]:,} × {matrix.shape[1]:,} features, {matrix.nnz:,} cells, "
          f"{len(model.classes)} classes; {since(start)}", flush=True)  # fmt: skip
    minimise = fit.minimise

    def timed(objective, x, maxcor, tol, max_iter, log=None):
        def evaluation(point, gradient):
            begun = usage()
            value = objective(point, gradient)
            print(f"evaluation: {since(begun)}, value {value:.6f}", flush=True)
            return value

        begun = usage()
        done = minimise(evaluation, x, maxcor, tol, max_iter, log)
        print(f"{done[0]} iterations ({done[1]}): {since(begun)}", flush=True)
        return done

    fit.minimise = timed
    fit.fit(matrix, labels, weights, len(model.classes), learn.C, max_iter=args.iterations)
    print(f"peak resident: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
