"""Running checks: a failing or crashing check gives ``passed=False`` and a message, never raises."""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass
from typing import Iterable

from kb.checks.registration import get, registry


@dataclass(frozen=True)
class CheckResult:
    id: str
    passed: bool
    message: str
    rules: tuple[str, ...]
    title: str

    def to_dict(self) -> dict:
        data = asdict(self)
        data["rules"] = list(self.rules)
        return data


def run(check_id: str) -> CheckResult:
    """Run one check (UnknownCheck for an id no check has)."""
    found = get(check_id)
    try:
        outcome = found.func()
    except AssertionError as err:
        return CheckResult(found.id, False, _failure(err), found.rules, found.title)
    except Exception as err:  # a model error or a bug: the check fails, the run goes on
        return CheckResult(found.id, False, f"error: {type(err).__name__}: {err}", found.rules, found.title)
    message = outcome if isinstance(outcome, str) and outcome else "passed"
    return CheckResult(found.id, True, message, found.rules, found.title)


def run_all(ids: Iterable[str] | None = None) -> list[CheckResult]:
    """Run every registered check (or those of ``ids``), in registry order."""
    return [run(check_id) for check_id in (registry() if ids is None else ids)]


def _failure(err: AssertionError) -> str:
    if str(err):
        return str(err)
    frame = traceback.extract_tb(err.__traceback__)[-1]
    return f"assertion failed: {frame.line} (line {frame.lineno})"
