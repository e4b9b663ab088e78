"""Running the checks linked to rulings: which checks, for which rulings, with what outcome."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from kb.checks.registration import get, registry
from kb.checks.runner import CheckResult, run
from kb.records import ASSERTS, DENIES, UNDETERMINED, Link, Ruling, normalize_text


@dataclass(frozen=True)
class RulingCheck:
    """One claim run for one ruling (``ruling`` is None when a claim was asked for by its id);
    ``result`` is None when the ruling links to no claim, and ``reason`` says why. For a ruling,
    ``passed`` is whether the model agrees with what the ruling says: the claim holds and the
    ruling asserts it, or the claim fails and the ruling denies it; None when the ruling is about
    the claim but which way round is undetermined (kb.checks.links: no verdict)."""

    ruling: Ruling | None
    result: CheckResult | None
    reason: str | None = None
    link: Link | None = None

    @property
    def passed(self) -> bool | None:
        if self.result is None or self.link is not None and self.link.polarity == UNDETERMINED:
            return None
        if self.link is None or self.link.polarity == ASSERTS:
            return self.result.passed
        return not self.result.passed

    @property
    def message(self) -> str:
        """What the ruling says against what the model says, when they disagree."""
        result = self.result
        if result is None:
            return self.reason or ""
        if self.passed or self.link is None:
            return result.message
        if self.link.polarity == UNDETERMINED:
            return (f"this ruling is about {result.id} (\"{get(result.id).claim}\"), but whether it states or denies it "
                    f"is undetermined (score {self.link.score:.2f}; nearest: \"{self.link.evidence}\"); CR "
                    f"{', '.join(result.rules) or 'the rules'} as modelled: {result.message}")
        rules = ", ".join(result.rules) or "the rules"
        statement = get(result.id).claim
        if self.link.polarity == DENIES:
            outdated = self.ruling is not None and normalize_text(self.ruling.text) in _outdated(result.id)
            return (f"this ruling denies {result.id} (\"{statement}\"); CR {rules} as modelled says it holds"
                    + ("; the rules have changed since this ruling was written (an outdated ruling of this claim)" if outdated else "")
                    + f" (matched: \"{self.link.evidence}\")")
        return f"this ruling states {result.id} (\"{statement}\"); CR {rules} as modelled disagrees: {result.message}"

    def to_dict(self) -> dict:
        ruling = self.ruling
        data = {
            "ruling": ruling.id if ruling else None,
            "card": ruling.card if ruling else None,
            "lang": ruling.lang if ruling else None,
        }
        if self.result is None:
            return {**data, "check": None, "passed": None, "reason": self.reason}
        link = {"polarity": self.link.polarity, "score": self.link.score, "evidence": self.link.evidence} if self.link else {}
        return {**data, "check": self.result.id, **link, "passed": self.passed, "message": self.message,
                "rules": list(self.result.rules), "title": self.result.title}


@lru_cache(maxsize=None)
def _outdated(claim_id: str) -> frozenset[str]:
    """The texts of a claim's outdated official rulings, as compared."""
    return frozenset(normalize_text(text) for text in getattr(get(claim_id), "outdated", None) or ())


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


def verify(rulings: Iterable[Ruling] = (), check_ids: Iterable[str] = (), everything: bool = False,
           links_of: Callable[[Ruling], tuple[Link, ...]] | None = None) -> list[RulingCheck]:
    """Run every registered claim (``everything``), the claims ``check_ids``, and the claims
    ``rulings`` link to (``links_of(ruling)``: its links, shared ones included; by default its
    own); each claim runs once and its result is shared."""
    links_of = links_of or (lambda ruling: ruling.links)
    checks = registry()
    results: dict[str, CheckResult] = {}

    def result(check_id: str) -> CheckResult:
        if check_id not in results:
            results[check_id] = run(check_id)
        return results[check_id]

    runs = [RulingCheck(None, result(check_id)) for check_id in (checks if everything else ())]
    runs += [RulingCheck(None, result(check_id)) for check_id in check_ids]
    for ruling in rulings:
        links = [link for link in links_of(ruling) if link.claim in checks]
        if not links:
            runs.append(RulingCheck(ruling, None, ruling.no_check or "no registered claim matches this ruling's text"))
        runs += [RulingCheck(ruling, result(link.claim), link=link) for link in links]
    return runs
