"""Rulings as test vectors: engine-neutral JSON, one object per (ruling, linked claim).

Each vector holds the ruling (id, card and its names, date, language, text), the claim it states
or denies (id, polarity, link score and evidence, CR numbers, English and Italian statement), the
claim's scenarios as data (``given``: the game state; ``do``: the actions in order; ``expect``:
what the rules say follows, see kb.checks.claims.scenario) and the verdict of kb's own model.
An engine author (XMage, Forge, ...) turns a vector into a test by building ``given`` in the
engine, playing ``do`` and comparing with ``expect``; for a vector whose ``polarity`` is
``denies``, the ruling states the opposite of the claim, so the engine should agree with the
claim and the ruling is flagged as contradicting the rules (``verdict.ruling_agrees`` false).

``SCHEMA`` is the format's JSON Schema (also at docs/vectors.schema.json).
"""

from __future__ import annotations

import json

from kb.records import ASSERTS, DENIES, UNDETERMINED, Ruling

VERSION = "kb-vectors/1"

_STR = {"type": "string"}
_STRS = {"type": "array", "items": _STR}
SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "kb rule-check test vectors",
    "type": "object",
    "required": ["format", "filters", "count", "vectors"],
    "properties": {
        "format": {"const": VERSION},
        "filters": {"type": "object"},
        "count": {"type": "integer", "minimum": 0},
        "vectors": {"type": "array", "items": {
            "type": "object",
            "required": ["ruling", "card", "card_names", "date", "lang", "text", "claim", "polarity", "score",
                         "evidence", "rules", "statement", "scenarios", "verdict"],
            "additionalProperties": False,
            "properties": {
                "ruling": {"type": "string", "description": "The ruling's id."},
                "card": _STR,
                "card_names": {"type": "object", "additionalProperties": _STR},
                "date": {"type": "string", "format": "date"},
                "lang": {"enum": ["it", "en"]},
                "text": _STR,
                "claim": {"type": "string", "description": "The claim's id (kb check CLAIM runs it)."},
                "polarity": {"enum": [ASSERTS, DENIES], "description": "Whether the ruling states the claim or its negation (a link whose polarity the linker can't tell, undetermined, is no vector)."},
                "score": {"type": "number"},
                "evidence": _STR,
                "rules": _STRS,
                "statement": {"type": "object", "additionalProperties": _STR},
                "scenarios": {"type": "array", "items": {
                    "type": "object",
                    "required": ["name", "given", "do", "expect"],
                    "properties": {"name": _STR, "given": {"type": "object"}, "do": {"type": "array"},
                                   "expect": {"type": "array"}},
                }},
                "verdict": {
                    "type": "object",
                    "required": ["model_holds", "ruling_agrees", "message"],
                    "properties": {
                        "model_holds": {"type": "boolean", "description": "The claim holds in kb's model."},
                        "ruling_agrees": {"type": "boolean", "description": "The ruling says what the model says."},
                        "message": _STR,
                    },
                },
            },
        }},
    },
}  # fmt: skip


def vectors(records: list[Ruling]) -> list[dict]:
    """One vector per linked claim of each ruling (claims the registry lacks are left out, and
    undetermined links: which way round the ruling reads is not known, so it tests nothing)."""
    from kb.checks import registry, run

    claims = registry()
    verdicts: dict[str, object] = {}
    out = []
    for record in records:
        for link in record.links:
            claim = claims.get(link.claim)
            if claim is None or link.polarity == UNDETERMINED:
                continue
            if claim.id not in verdicts:
                verdicts[claim.id] = run(claim.id)
            result = verdicts[claim.id]
            agrees = result.passed if link.polarity == ASSERTS else not result.passed
            out.append({
                "ruling": record.id, "card": record.card, "card_names": dict(record.card_names),
                "date": record.date.isoformat(), "lang": record.lang, "text": record.text,
                "claim": claim.id, "polarity": link.polarity, "score": link.score, "evidence": link.evidence,
                "rules": list(claim.rules), "statement": dict(claim.statement),
                "scenarios": [case.to_dict() for case in claim.scenarios],
                "verdict": {"model_holds": result.passed, "ruling_agrees": agrees, "message": result.message},
            })  # fmt: skip
    return out


def write(records: list[Ruling], meta: dict, safe: bool = True) -> str:
    found = vectors(records)
    return json.dumps({"format": VERSION, **meta, "count": len(found), "vectors": found}, ensure_ascii=False, indent=2) + "\n"
