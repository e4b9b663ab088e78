"""The links a ruling's numbers set: the mana values it states, judged by the model.

kb.checks.stated reads the mana value a ruling states for a card it names, kb.checks.symbols the
one it states for a mana symbol, a printed cost or a face-down object; the model computes each.
What the numbers say sets the ruling's links of mana value, whatever its words matched:

- of a named card: a number it can't take denies the claims of mana value linked (those of a
  feature of a cost, kept only where the card has it: "Deep Analysis has mana value 4" is no ruling
  on Phyrexian mana); its only number asserts them; with none linked, the claim of note of the
  card's cost (``claim_of``) is, or, with nothing of note, the claim that the ruling's mechanic
  leaves the mana value unchanged (UNCHANGED: "Traversata Sfarzosa pagata con {U} pesa comunque
  8" in a ruling of delve), or, of a ruling saying the card was paid for otherwise than by its mana
  cost (PAID: cast by exiling a card, for free, kicked, discounted), that paying otherwise leaves
  it unchanged;
- naming no card, of a symbol, a printed cost or a face-down object: only the claims of what it
  holds of note: "{2/R} conta 1" denies the hybrid claim; "a card with mana cost {1}{U}{U} has mana
  value 3", an example, sets none.

Each link so set scores 1 and carries the computation as its evidence.
"""

from __future__ import annotations

import re
from typing import Collection

from kb.checks.stated import bears_on, claim_of, fits, notable, read_values, verdict
from kb.checks.symbols import read_face_down, read_symbols
from kb.records import ASSERTS, DENIES, Link

PAID = re.compile(r"\bcast (?:it |them )?(?:for|by|using|without paying|paying|with (?!X\b))|\b(?:paying|paid|pitch(?:ed|ing)?|for free|evoked?|kicked|discount(?:ed)?|tax(?:ed)?)\b"
                  r"|\blanciat[oaie] (?:per|pagando|esiliando|senza pagare|con (?!X\b))|\b(?:pagando|pagat[oaie]|gratis|senza pagare|sconto|scontat[oaie]|tassa)\b", re.I)
PAID_CLAIM = "cost.mana_value_unchanged"  # ... and of a ruling saying how a card was paid for, another way than its mana cost (PAID): "a Force of Will cast by exiling a blue card has mana value 0"
UNCHANGED = {"delve": "delve.mana_value_unchanged", "convoke": "convoke.mana_value_unchanged", "madness": "madness.mana_value_unchanged"}  # a ruling of this mechanic stating a card's mana value: what the mechanic's payment leaves of it


def counted(text: str, found: dict[str, Link], tags: Collection[str], claims: Collection[str]) -> dict[str, Link]:
    """The links ``found`` for ``text`` (carrying ``tags``), as its numbers set them (see the module
    doc); ``claims``: the registered claims."""
    named = read_values(text)
    decided = verdict(named) if named else verdict(read_symbols(text, "mana_value" in tags) + read_face_down(text))
    if decided is None:
        return found
    holds, stated = decided
    found = {claim: link for claim, link in found.items() if not named or fits(claim, named)}
    set_by = [claim for claim in found if (bears_on(claim) if named else claim in notable(stated.card))]
    unchanged = [UNCHANGED[tag] for tag in sorted(tags) if tag in UNCHANGED] if named else []
    unchanged += [PAID_CLAIM] if named and PAID.search(text) else []
    set_by = set_by or [claim for claim in (claim_of(stated.card), *unchanged[:1]) if claim in claims][:1]
    polarity = ASSERTS if holds else DENIES
    return {**found, **{claim: Link(claim, polarity, 1.0, stated.evidence) for claim in set_by}}
