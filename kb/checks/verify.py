"""Running the checks linked to rulings: which checks, for which rulings, with what outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from kb.checks.registration import get, registry
from kb.checks.runner import CheckResult, run
from kb.records import Ruling


@dataclass(frozen=True)
class RulingCheck:
    """One check run for one ruling (``ruling`` is None when a check was asked for by its id);
    ``result`` is None when the ruling links to no check, and ``reason`` says why."""

    ruling: Ruling | None
    result: CheckResult | None
    reason: str | None = None

    def to_dict(self) -> dict:
        ruling = self.ruling
        data = {
            "ruling": ruling.id if ruling else None,
            "card": ruling.card if ruling else None,
            "lang": ruling.lang if ruling else None,
        }
        if self.result is None:
            return {**data, "check": None, "passed": None, "reason": self.reason}
        return {**data, "check": self.result.id, **{k: v for k, v in self.result.to_dict().items() if k != "id"}}


def resolve_ids(ids: Iterable[str], get_ruling: Callable[[str], Ruling]) -> tuple[list[str], list[Ruling]]:
    """Split what a user typed into check ids and rulings. A registered check id is a check; an
    id with a dot is meant as one (UnknownCheck, with the closest ids); anything else is a
    ruling id or prefix, looked up with ``get_ruling`` (UnknownRuling)."""
    checks = registry()
    check_ids, rulings = [], []
    for given in ids:
        if given in checks:
            check_ids.append(given)
        elif "." in given:
            get(given)  # raises UnknownCheck with suggestions
        else:
            rulings.append(get_ruling(given))
    return check_ids, rulings


def verify(rulings: Iterable[Ruling] = (), check_ids: Iterable[str] = (), everything: bool = False) -> list[RulingCheck]:
    """Run every registered check (``everything``), the checks ``check_ids``, and the checks of
    ``rulings``; each check runs once and its result is shared."""
    checks = registry()
    results: dict[str, CheckResult] = {}

    def result(check_id: str) -> CheckResult:
        if check_id not in results:
            results[check_id] = run(check_id)
        return results[check_id]

    runs = [RulingCheck(None, result(check_id)) for check_id in (checks if everything else ())]
    runs += [RulingCheck(None, result(check_id)) for check_id in check_ids]
    for ruling in rulings:
        if not ruling.checks:
            runs.append(RulingCheck(ruling, None, ruling.no_check or "no check encodes this ruling's claim yet"))
        runs += [RulingCheck(ruling, result(check_id)) for check_id in ruling.checks]
    return runs
