"""Running the checks linked to rulings: which checks, for which rulings, with what outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .checks import CheckResult, registry, run
from .records import Ruling
from .search import option_filters, select
from .store import Store


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


def verify(store: Store, ids: Iterable[str] = (), tag: str | None = None, everything: bool = False) -> list[RulingCheck]:
    """Run the checks of the rulings ``ids`` (a check id runs that check), of a tag's rulings,
    or every registered check; each check runs once and its result is shared."""
    checks = registry()
    results: dict[str, CheckResult] = {}

    def result(check_id: str) -> CheckResult:
        if check_id not in results:
            results[check_id] = run(check_id)
        return results[check_id]

    runs: list[RulingCheck] = []
    if everything:
        runs += [RulingCheck(None, result(check_id)) for check_id in checks]
    rulings: list[Ruling] = []
    for given in ids:
        if given in checks:
            runs.append(RulingCheck(None, result(given)))
        else:
            rulings.append(store.get(given))
    if tag:
        rulings += select(store, option_filters(tag=tag))
    for ruling in rulings:
        if not ruling.checks:
            runs.append(RulingCheck(ruling, None, ruling.no_check or "no check encodes this ruling's claim yet"))
        runs += [RulingCheck(ruling, result(check_id)) for check_id in ruling.checks]
    return runs
