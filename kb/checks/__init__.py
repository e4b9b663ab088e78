"""Executable claims: what rulings state, as data the rules model evaluates.

- ``registry()`` lists the claims (``kb/checks/claims/*.yaml``), ``get(id)`` finds one
  (``UnknownCheck`` with close ids); a ``Claim`` has ``id title rules tags statement claim
  phrasings scenarios``
- ``run(id)`` / ``run_all()`` evaluate them into ``CheckResult`` values (never raising for a
  failure); ``verdict(id)`` gives the ``Verdict`` with every failure
- ``link(text, lang, tags)`` finds the claims a ruling's text states (``kb.checks.links``)
- ``kb.checks.model``: the one game model the scenarios run on
"""

from kb.checks.claims import Claim, Scenario, Verdict, as_data, evaluate
from kb.checks.links import Link, link
from kb.checks.registration import Check, get, register, registry
from kb.checks.runner import CheckResult, run, run_all, verdict
from kb.errors import UnknownCheck

__all__ = [
    "Check", "CheckResult", "Claim", "Link", "Scenario", "UnknownCheck", "Verdict", "as_data", "evaluate", "get",
    "link", "register", "registry", "run", "run_all", "verdict",
]
