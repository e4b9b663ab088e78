"""Claims give the same verdicts under ``python -O`` (which drops ``assert`` statements): every
claim is run in a ``python -O`` subprocess and the results compared with a normal run, once with
the model as it is and once with a deliberately wrong model (so failures are compared too)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kb.checks import run_all

REPO = Path(__file__).resolve().parents[1]
SCRIPT = """
import json, sys
from kb.checks import run_all
from kb.checks.model import costs
if sys.argv[1] == "wrong":
    original = costs.symbol_value
    costs.symbol_value = lambda symbol, x=0: 1 if symbol.kind == costs.MONO_HYBRID else original(symbol, 0)
print(json.dumps({"optimized": sys.flags.optimize, "results": [r.to_dict() for r in run_all()]}))
"""


def verdicts(*flags: str, model: str = "right") -> dict:
    done = subprocess.run([sys.executable, *flags, "-c", SCRIPT, model], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("model", ["right", "wrong"])
def test_same_verdicts_under_python_O(model):
    normal, optimized = verdicts(model=model), verdicts("-O", model=model)
    assert (normal["optimized"], optimized["optimized"]) == (0, 1)
    assert optimized["results"] == normal["results"]
    failed = [r["id"] for r in normal["results"] if not r["passed"]]
    assert (failed == []) is (model == "right")
    if model == "wrong":
        assert {"mana_value.hybrid_largest_part", "mana_value.x_is_zero_off_the_stack"} <= set(failed)


def test_subprocess_matches_this_process():
    assert verdicts()["results"] == [r.to_dict() for r in run_all()]
