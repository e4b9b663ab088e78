"""Executable rule checks: each ruling's claim as code, with its Comprehensive Rules numbers.

- ``check`` registers a check; ``registry()`` lists them, ``get(id)`` finds one
- ``run(id)`` / ``run_all()`` run them into ``CheckResult`` values (never raising for a failure)
- ``link(text, lang, tags)`` finds the checks a ruling's text states (``kb.checks.links``)
- ``kb.checks.model``: the rules model the checks build their scenarios on
"""

from kb.checks.links import Links, link
from kb.checks.registration import Check, check, get, registry
from kb.checks.runner import CheckResult, run, run_all
from kb.errors import UnknownCheck

__all__ = ["Check", "CheckResult", "Links", "UnknownCheck", "check", "get", "link", "registry", "run", "run_all"]
