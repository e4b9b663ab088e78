"""Running claims: a claim that doesn't hold in the model gives ``passed=False`` and a message
naming the claim and what the model found; nothing raises for a failure (and nothing uses
``assert``, so ``python -O`` runs give the same verdicts)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Iterable, Optional

from kb.checks.claims import Verdict, evaluate
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


def verdict(claim_id: str) -> Verdict:
    """The verdict on one claim (UnknownCheck for an id no claim has)."""
    return evaluate(get(claim_id))


def run(claim_id: str) -> CheckResult:
    """Run one claim's scenarios (UnknownCheck for an id no claim has)."""
    found = get(claim_id)
    result = evaluate(found)
    return CheckResult(found.id, result.holds, result.message, found.rules, found.title)


def run_all(ids: Optional[Iterable[str]] = None) -> list[CheckResult]:
    """Run every registered claim (or those of ``ids``), in registry order."""
    return [run(claim_id) for claim_id in (registry() if ids is None else ids)]
