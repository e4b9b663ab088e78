"""The claim registry: every claim of ``kb/checks/claims/*.yaml``, by id, in file order.

A claim is data (see ``kb.checks.claims``); ``register`` adds one more (ids are unique);
``phrasings_of`` lists the known phrasings the linker matches, ``gates`` the tag each claim needs::

    registry()["goad.multiple_goaders"].statement["it"]
    get("goad.multiple_goadr")  -> UnknownCheck, "did you mean 'goad.multiple_goaders'?"

``Check`` is the old name of ``Claim``, kept for the code that imports it.
"""

from __future__ import annotations

import difflib

from kb.checks.claims import ID, Claim, load
from kb.errors import UnknownCheck

Check = Claim
ASSERTED, DENIED = 1, -1  # how a known phrasing, or a ruling matched with it, reads: the claim or its opposite
NO_CLAIM = ""  # the claim of known phrasings that state none (near misses): matching them best links nothing
_REGISTRY: dict[str, Claim] = {}
_LOADED: list[bool] = []


def register(claim: Claim) -> Claim:
    """Add a claim to the registry (ValueError for a bad or repeated id, or no rule cited)."""
    if not ID.match(claim.id):
        raise ValueError(f"claim id {claim.id!r} must be 'mechanic.name' (lower case, underscores)")
    if claim.id in _REGISTRY and _REGISTRY[claim.id] != claim:
        raise ValueError(f"claim id {claim.id!r} is registered twice")
    if not claim.rules:
        raise ValueError(f"claim {claim.id!r} cites no Comprehensive Rules number")
    _REGISTRY[claim.id] = claim
    return claim


def registry() -> dict[str, Claim]:
    """Every registered claim by id, in registration order (the bundled claims loaded first)."""
    if not _LOADED:
        for claim in load():
            register(claim)
        _LOADED.append(True)
    return dict(_REGISTRY)


def get(claim_id: str) -> Claim:
    claims = registry()
    if claim_id not in claims:
        raise UnknownCheck(claim_id, difflib.get_close_matches(claim_id, list(claims), n=3, cutoff=0.5))
    return claims[claim_id]


def phrasings_of(claims) -> list[tuple]:
    """(claim, polarity, text, lang[, weighs[, near miss of]]) of every known phrasing of ``claims``: statements,
    phrasings, paraphrases and the official rulings that state them assert (the rulings don't
    weigh), denials and the outdated official rulings deny (those don't weigh either); their
    near misses, official rulings worded alike that state something else, are phrasings of no
    claim (NO_CLAIM; they don't weigh either), each with the claim it is a near miss of."""
    rows = []
    for claim in claims:
        for lang, text in claim.statement.items():
            rows.append((claim.id, ASSERTED, text, lang))
        for key, polarity in (("phrasings", ASSERTED), ("paraphrases", ASSERTED), ("denials", DENIED)):
            for lang, texts in (getattr(claim, key, None) or {}).items():
                rows.extend((claim.id, polarity, text, lang) for text in texts)
        rows.extend((claim.id, ASSERTED, text, "en", False) for text in getattr(claim, "rulings", None) or ())
        rows.extend((claim.id, DENIED, text, "en", False) for text in getattr(claim, "outdated", None) or ())
        rows.extend((NO_CLAIM, ASSERTED, text, "en", False, claim.id) for text in getattr(claim, "near_misses", None) or ())
    return rows


def gates(claims) -> dict[str, str]:
    """Claim id → the tag a ruling must carry for the claim to be read in it: its first, its mechanic."""
    return {claim.id: (claim.tags[0] if claim.tags else "") for claim in claims}


OPENING = ("keyword_ability", "ability_word")  # the kinds of a claim's later tags that open it too (see ``keywords``)


def keywords(claims) -> dict[str, frozenset[str]]:
    """Claim id → the keyword abilities and ability words among its later tags that are some
    claim's mechanic (suspend, kicker, flashback; not haste, which no claim is about): a ruling carrying
    one may state the claim though it carries not its mechanic ("Ancestral Vision has no mana
    cost, so you can't cast it from your hand" is a suspend ruling that states
    ``cost.no_mana_cost_needs_alternative``, whose mechanic is total cost). Dev halves, against the
    mechanic alone: recall 0.841 / 0.830 / 0.772 / 0.849 to 0.858 / 0.851 / 0.780 / 0.857,
    contradictions failing 0.750 / 0.851 / 0.667 / 0.721 to 0.750 / 0.872 / 0.675 / 0.721,
    precision 0.938 / 0.942 / 0.969 / 0.963 to 0.939 / 0.943 / 0.965 / 0.959; set 4 one
    contradiction more with an asserting link (its true half: "Ancestral Vision can't be cast
    normally (no mana cost)"). Keyword actions too (discard, scry): 3 more dev links, 1 right and
    2 wrong, and Harness Infinity's "cards put into your graveyard this way are not discarded" read
    as denying ``madness.counts_as_discarded``, a false FAIL; concepts too (total cost): the
    reminder of how to total a cost linked to flashback's claim on 164 corpus cards; keywords no
    claim is about too (haste, morph) read two haste rulings as about
    ``suspend.last_counter_cast``, the dev halves the same without them."""
    from kb.text.vocabulary import vocabulary

    vocab = vocabulary()
    mechanics = {claim.tags[0] for claim in claims if claim.tags}
    opening = {tag for tag in mechanics if tag in vocab.by_id and vocab.by_id[tag].kind in OPENING}
    return {claim.id: frozenset(tag for tag in claim.tags[1:] if tag in opening) for claim in claims}
