"""Paying part of a spell's total cost with other things than mana, once that total is determined:
delve exiles cards from its caster's graveyard (702.66a), convoke taps their creatures (702.51a),
improvise taps their artifacts (702.126a). A spell has these keywords of its own or given to the
spells its caster casts by a permanent they control (Inspiring Statuary: "Nonartifact spells you
cast have improvise": a static ability ``grant``, its ``keyword`` and the card type it ``skips``).
"""

from __future__ import annotations

from typing import Sequence

from kb.checks.model import colors, costs
from kb.checks.model import state as s
from kb.checks.model.abilities import STATIC
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import GRAVEYARD, Obj, State

CONVOKE, IMPROVISE = "convoke", "improvise"


def has_keyword(state: State, player: str, card: Obj, keyword: str) -> bool:
    """The spell ``player`` casts has ``keyword``: its own, or given by a permanent they control."""
    if keyword in card.keywords:
        return True
    for permanent in s.in_zone(state, s.BATTLEFIELD):
        if s.controller_of(state, permanent.id) != player:
            continue
        for ability in permanent.abilities:
            for verb, args in ability.effect if ability.kind == STATIC else ():
                if verb == "grant" and args.get("keyword") == keyword and args.get("skips") not in card.types:
                    return True
    return False


def pay_delve(state: State, player: str, card: Obj, total: costs.ManaCost, delve: Sequence[str]) -> costs.ManaCost:
    """702.66a: each card exiled from the graveyard pays {1} of the total cost's generic mana."""
    if delve and not has_keyword(state, player, card, "delve"):
        raise IllegalAction(f"{card.id} has no delve")
    if len(delve) > total.generic:
        raise IllegalAction(f"can't exile {len(delve)} cards: delve pays only generic mana, {total.generic} here (702.66a)")
    for oid in delve:
        found = s.get(state, oid)
        if found.zone != GRAVEYARD or found.owner != player or oid == card.id:
            raise IllegalAction(f"{oid} is not a card in {player}'s graveyard (702.66a)")
    return costs.reduce_generic(total, len(delve))


def pay_tapping(state: State, player: str, card: Obj, total: costs.ManaCost, tapped: Sequence[str], keyword: str) -> costs.ManaCost:
    """Convoke (702.51a): each untapped creature the caster controls tapped pays {1} or one mana of
    its color, whether or not it came under their control this turn. Improvise (702.126a): each
    untapped artifact they control tapped pays {1}, never a colored mana. Both apply once the total
    cost is determined (702.51b, 702.126b); what was tapped for mana is tapped already (601.2g, 118.3)."""
    rule, kind = ("702.51a", "creature") if keyword == CONVOKE else ("702.126a", "artifact")
    if tapped and not has_keyword(state, player, card, keyword):
        raise IllegalAction(f"{card.id} has no {keyword}")
    for place, oid in enumerate(tapped):
        found = s.get(state, oid)
        if found.zone != s.BATTLEFIELD or kind not in found.types or s.controller_of(state, oid) != player:
            raise IllegalAction(f"{oid} is not {'an' if kind == 'artifact' else 'a'} {kind} {player} controls ({rule})")
        if found.tapped or oid in tapped[:place]:
            raise IllegalAction(f"{oid} is tapped: only untapped {kind}s {keyword} ({rule}, 118.3)")
        # a creature with devoid pays generic only; an artifact pays generic only, whatever its color
        paid = costs.pay_with(total, colors.color_of(state, oid) if kind == "creature" else ())
        if paid is None:
            raise IllegalAction(f"{oid} can pay for nothing left in {total} ({rule})")
        total = paid
    return total
