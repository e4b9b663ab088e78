"""Mutation testing of the rules model (kb/checks/model/) with mutmut, the claims' tests as judge.

mutmut (3.x, installed with ``pip install -e '.[bench]'``) changes the model one small edit at a
time (an operator, a constant, a string, a dropped argument...) and runs the tests that reach the
changed function: ``tests/test_claims.py`` (every claim's scenarios) and the model's unit tests
``tests/test_model_*.py``. A mutant the tests notice is killed; one they don't is a survivor.
Survivors listed in ``bench/mutation_equivalent.txt`` (``mutant name<TAB>why it is equivalent``)
were judged equivalent (no observable change) and are left out of the kill rate of the others.

The run happens in a scratch copy of the repository, so nothing is written into the work tree::

    python bench/mutation.py                 # run, print the kill rate and the survivors
    python bench/mutation.py --max-children 2 --keep   # keep the scratch copy (mutmut browse there)
    python bench/mutation.py --tests tests/test_claims.py   # another test selection

It exits 1 if the kill rate of non-equivalent mutants is below ``--target`` (default 90%).
Not for CI: a full run takes tens of minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EQUIVALENT = REPO / "bench" / "mutation_equivalent.txt"
DEFAULT_TESTS = ["tests/test_claims.py", *sorted(str(p.relative_to(REPO)) for p in (REPO / "tests").glob("test_model_*.py"))]
CONFIG = """[mutmut]
source_paths=kb/
only_mutate=kb/checks/model/*
also_copy=
    data/
pytest_add_cli_args_test_selection={tests}
pytest_add_cli_args=
    -p
    no:cacheprovider
    -n
    0
    -x
    -k
    {skip}
"""
# Tests that read the model's source text (its size, its imports, no assert) see mutmut's
# rewritten copy, not the model: they are left out of the mutation run.
SOURCE_TESTS = ("test_model_modules_are_small", "test_no_assert_in_kb", "test_model_has_no_import_cycles",
                "test_rules_cited_in_the_model_and_claims_exist")


def equivalent() -> dict[str, str]:
    """The survivors judged equivalent: name -> why."""
    found = {}
    if EQUIVALENT.is_file():
        for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                name, _, why = line.partition("\t")
                found[name.strip()] = why.strip()
    return found


def scratch_copy(where: Path, tests: list[str]) -> None:
    for folder in ("kb", "tests", "data"):
        shutil.copytree(REPO / folder, where / folder, ignore=shutil.ignore_patterns("__pycache__", "artifacts"))
    (where / "setup.cfg").write_text(CONFIG.format(tests="\n    ".join(["", *tests]), skip=" and ".join(f"not {t}" for t in SOURCE_TESTS)), encoding="utf-8")


def results(where: Path) -> dict[str, int | None]:
    """mutant name -> exit code of its test run (None: not run), from mutmut's meta files."""
    found: dict[str, int | None] = {}
    for meta in (where / "mutants").rglob("*.meta"):
        found.update(json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {}))
    return found


def status(code: int | None) -> str:
    if code is None:
        return "not checked"
    if code in (1, 3):
        return "killed"  # 1: a test failed; 3: the mutant broke the test session (an error at import)
    if code == 0:
        return "survived"
    if code in (5, 33):
        return "no tests"
    if code in (-24, 24, 36, 152, 255):
        return "timeout"
    return "suspicious" if code != -11 else "segfault"


def show(where: Path, name: str, env: dict) -> str:
    done = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=where, env=env, capture_output=True,
                          text=True, check=False)
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tests", nargs="+", default=DEFAULT_TESTS, help="the test files mutmut runs")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--target", type=float, default=90.0, help="the kill rate to reach, in percent")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copy and print where it is")
    parser.add_argument("--no-diffs", action="store_true", help="list survivors without their diffs")
    args = parser.parse_args(argv)

    where = Path(tempfile.mkdtemp(prefix="kb-mutation-"))
    env = {**os.environ, "KB_CORPUS": os.environ.get("KB_CORPUS") or str(REPO.parent / "shared" / "corpus")}
    try:
        scratch_copy(where, args.tests)
        command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children)]
        subprocess.run(command, cwd=where, env=env, check=False, stdout=subprocess.DEVNULL)
        found = results(where)
        if not found:
            print(f"mutmut produced no results (see {where})", file=sys.stderr)
            return 2
        known = equivalent()
        by_status: dict[str, list[str]] = {}
        for name, code in sorted(found.items()):
            by_status.setdefault(status(code), []).append(name)
        survivors = by_status.get("survived", [])
        judged = [n for n in survivors if n in known]
        open_ = [n for n in survivors if n not in known]
        killed = len(by_status.get("killed", [])) + len(by_status.get("timeout", []))
        counted = len(found) - len(judged) - len(by_status.get("not checked", []))
        rate = 100.0 * killed / counted if counted else 0.0
        print(f"mutmut over kb/checks/model/, tests: {' '.join(args.tests)}")
        print("mutants: " + ", ".join(f"{k} {len(v)}" for k, v in sorted(by_status.items())) + f" (total {len(found)})")
        print(f"equivalent survivors (bench/mutation_equivalent.txt): {len(judged)}")
        print(f"kill rate of non-equivalent mutants: {killed}/{counted} = {rate:.2f}%")
        for name in judged:
            print(f"  equivalent: {name}: {known[name]}")
        for name in open_ + by_status.get("no tests", []) + by_status.get("suspicious", []):
            print(f"\nSURVIVED {name}" if name in open_ else f"\n{status(found[name]).upper()} {name}")
            if not args.no_diffs:
                print(show(where, name, env))
        stale = sorted(set(known) - set(survivors))
        if stale:
            print(f"\n(listed as equivalent but not surviving now: {', '.join(stale)})")
        return 0 if rate >= args.target else 1
    finally:
        if args.keep:
            print(f"\nscratch copy kept at {where}")
        else:
            shutil.rmtree(where, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
