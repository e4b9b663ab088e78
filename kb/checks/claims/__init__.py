"""Claims: what rulings state, as data the rules model evaluates.

One YAML file per mechanic (``goad.yaml``, ``split_second.yaml``, ...) holds a list of claims::

    - id: goad.multiple_goaders              # mechanic.name
      title: Goaded by several opponents: attack an opponent who didn't goad it
      statement: {en: "...", it: "..."}      # the claim, one sentence or two, in each language
      rules: ["701.15c", "508.1d"]           # Comprehensive Rules numbers (2026-01-16)
      tags: [goad, attack]                   # ids of kb/vocab/tags.yaml and mechanics.yaml
      phrasings: {en: [...], it: [...]}      # how official rulings state it (for the linker)
      paraphrases: {en: [...], it: [...]}    # true restatements written for the linker, worded
                                             # unlike the statement and the official rulings
      denials: {en: [...], it: [...]}        # false statements saying its opposite: a ruling
                                             # worded like one of them denies the claim
      rulings: [...]                         # official English rulings that state it, each
                                             # labelled by two reviewers (matched by the linker)
      near_misses: [...]                     # official English rulings worded like it that state
                                             # something else (a ruling matching one best links nothing)
      outdated: [...]                        # official English rulings that state its opposite, as
                                             # the rules once had it (linked as denying it wherever printed)
      scenarios: [{name, given, do, expect}] # see kb.checks.claims.scenario

``load()`` reads them all; ``evaluate(claim)`` runs its scenarios into a ``Verdict``. Card
templates for scenarios (real cards as printed) are in ``cards.yaml``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping

from kb.checks.claims import build, scenario
from kb.checks.model.errors import ModelError, ScenarioError
from kb.text import yaml_data

FILES = ("goad", "split_second", "madness", "exchange", "cost", "mana_value", "mana_ability", "flashback",
         "storm", "cycling", "delve", "convoke", "suspend", "rebound", "kicker", "heroic", "energy", "devoid", "devotion",
         "summoning_sickness", "face_down", "landfall", "foretell", "scry", "search", "double_faced", "token",
         "snow", "targets", "triggered", "adventure", "aftermath", "phyrexian", "casting", "escape", "priority", "bestow", "saga", "dungeon",
         "improvise", "magecraft", "delirium", "raid", "revolt", "constellation", "crew", "evolve", "persist", "exert", "umbra_armor", "exalted",
         "dash", "unearth", "infect", "fuse", "overload", "splice", "copy", "damage", "leave_game", "resolution", "monstrosity",
         "renown", "ascend", "cipher", "cascade", "attach", "inspired", "counters", "proliferate", "cumulative_upkeep")
ID = re.compile(r"^[a-z][a-z_]*\.[a-z][a-z0-9_]*$")
KEYS = {"id", "title", "statement", "rules", "tags", "phrasings", "paraphrases", "denials", "rulings", "near_misses",
        "outdated", "scenarios"}
WORDINGS = ("phrasings", "paraphrases", "denials")  # {lang: [text, ...]} each


@dataclass(frozen=True)
class Scenario:
    name: str
    given: dict
    do: tuple
    expect: tuple

    def to_dict(self) -> dict:
        return {"name": self.name, "given": self.given, "do": list(self.do), "expect": list(self.expect)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=False)


@dataclass(frozen=True)
class Claim:
    id: str
    title: str
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    statement: dict = field(default_factory=dict)  # {"en": ..., "it": ...}
    phrasings: dict = field(default_factory=dict)  # {"en": [...], "it": [...]}
    scenarios: tuple[Scenario, ...] = ()
    rulings: tuple[str, ...] = ()  # official English rulings that state it (see the module doc)
    paraphrases: dict = field(default_factory=dict)  # {"en": [...], "it": [...]}: true, written for the linker
    denials: dict = field(default_factory=dict)  # {"en": [...], "it": [...]}: false, its opposite
    near_misses: tuple[str, ...] = ()  # official English rulings worded like it that state something else
    outdated: tuple[str, ...] = ()  # official English rulings that state its opposite (older rules)

    @property
    def claim(self) -> str:
        """The English statement, on one line."""
        return " ".join(self.statement.get("en", "").split())

    @property
    def mechanic(self) -> str:
        return self.id.split(".", 1)[0]


@dataclass(frozen=True)
class Verdict:
    """Whether a claim holds in the model; for a failure, a message naming the claim, what the
    model found and what the claim expects."""

    claim: str
    holds: bool
    message: str
    failures: tuple = ()


def evaluate(claim: Claim) -> Verdict:
    """Run every scenario of the claim; it holds if every expectation is met."""
    failures: list[scenario.Failure] = []
    for case in claim.scenarios:
        try:
            failures += scenario.run(case.to_dict())
        except ModelError as err:  # a scenario the model can't read: the claim doesn't hold
            failures.append(scenario.Failure(case.name, "scenario", f"an error ({err})", "a run"))
    if not failures:
        count = len(claim.scenarios)
        return Verdict(claim.id, True, f"holds in {count} scenario{'s' if count != 1 else ''}")
    head = f"{claim.id}: CR {', '.join(claim.rules)} as modelled, " + failures[0].describe()
    more = f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""
    return Verdict(claim.id, False, head + more, tuple(failures))


def parse(data: Mapping, source: str = "claims") -> Claim:
    """One claim from its YAML mapping (ScenarioError for a malformed one)."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{source}: a claim is a mapping, not {data!r}")
    claim_id = str(data.get("id", ""))
    unknown = set(data) - KEYS
    if unknown:
        raise ScenarioError(f"{source}: {claim_id}: unknown keys {sorted(unknown)}")
    if not ID.match(claim_id):
        raise ScenarioError(f"{source}: claim id {claim_id!r} must be 'mechanic.name' (lower case, underscores)")
    if not data.get("rules"):
        raise ScenarioError(f"{source}: {claim_id} cites no Comprehensive Rules number")
    wordings = {key: _wordings(data, key, f"{source}: {claim_id}") for key in WORDINGS}
    rulings, near_misses, outdated = (_texts(data, key, f"{source}: {claim_id}") for key in ("rulings", "near_misses", "outdated"))
    cases = []
    for n, case in enumerate(data.get("scenarios") or (), start=1):
        cases.append(Scenario(str(case.get("name", f"scenario {n}")), build.expand_given(case.get("given") or {}),
                              tuple(case.get("do") or ()), tuple(case.get("expect") or ())))
    return Claim(claim_id, str(data.get("title", "")), tuple(str(r) for r in data["rules"]),
                 tuple(data.get("tags") or ()), dict(data.get("statement") or {}), wordings["phrasings"],
                 tuple(cases), rulings, wordings["paraphrases"], wordings["denials"], near_misses, outdated)


def _texts(data: Mapping, key: str, where: str) -> tuple[str, ...]:
    """A list of official rulings (``rulings``, ``near_misses``, ``outdated``), ScenarioError if malformed."""
    found = data.get(key) or []
    if not isinstance(found, list) or not all(isinstance(t, str) and t.strip() for t in found):
        raise ScenarioError(f"{where}: {key} must be a list of non-empty ruling texts")
    return tuple(found)


def _wordings(data: Mapping, key: str, where: str) -> dict[str, list[str]]:
    """``{lang: [text, ...]}`` of one of the claim's wordings (ScenarioError if malformed)."""
    found = data.get(key) or {}
    if not isinstance(found, Mapping) or not set(found) <= {"en", "it"}:
        raise ScenarioError(f"{where}: {key} is a mapping of 'en' and 'it' to lists of sentences")
    out = {}
    for lang, texts in found.items():
        if not isinstance(texts or [], list) or not all(isinstance(t, str) and t.strip() for t in texts or ()):
            raise ScenarioError(f"{where}: {key}.{lang} must be a list of non-empty sentences")
        out[lang] = list(texts or ())
    return out


def load() -> list[Claim]:
    """Every claim of the bundled files, in file order."""
    found: list[Claim] = []
    for name in FILES:
        text = resources.files("kb.checks.claims").joinpath(f"{name}.yaml").read_text(encoding="utf-8")
        try:
            datas = yaml_data.load(text)  # parsed once per text (a JSON copy in the user's cache)
        except yaml_data.NotYAML as err:
            raise ScenarioError(f"{name}.yaml:{err.line}: {err.message}") from None
        for data in datas or ():
            found.append(parse(data, f"{name}.yaml"))
    return found


def as_data(claim: Claim) -> dict[str, Any]:
    """The claim as plain data (what engine authors export as test vectors)."""
    return {"id": claim.id, "title": claim.title, "statement": claim.statement, "rules": list(claim.rules),
            "tags": list(claim.tags), "phrasings": claim.phrasings, "paraphrases": claim.paraphrases,
            "denials": claim.denials, "scenarios": [c.to_dict() for c in claim.scenarios]}
