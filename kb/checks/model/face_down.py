"""Face-down permanents turned face up (708.8, 702.37, 701.40): by the special action, or by an effect.

A face-down permanent's controller may turn it face up any time they have priority, a special
action that doesn't use the stack (116.2b): paying its morph cost, what that cost would be if it
were face up (702.37e; a megamorph cost is a morph cost, 702.37b), or, for a manifested permanent
(a designation it has while it stays face down, 701.40a), its card's mana cost if that card is a
creature card (701.40b; a manifested card with morph may be turned up either way, 701.40c). That
procedure is a rule, not an ability: a manifested creature card that lost all its abilities may still be
turned face up for its mana cost, while a permanent that lost them would have no morph cost face up
(702.37e). An
effect may turn a face-down permanent face up too ("turn target face-down creature face up"): no
cost, no special action.

However it is turned face up, it was on the battlefield already: its abilities that trigger when it
enters don't trigger (708.8), its "when this is turned face up" abilities do. A permanent with
megamorph gets a +1/+1 counter as it is turned face up if, and only if, its megamorph cost was
paid to turn it face up (702.37b), as part of the turning (708.11): nothing in between. A
face-down permanent that leaves the battlefield is revealed, not turned face up (708.9): nothing
triggers (kb.checks.model.state.move); so is one represented by an instant or sorcery card that
would be turned face up: it stays face down, and nothing triggers (701.40g).

    turn_face_up(state, "A", "Stratus Dancer")                     # megamorph paid: a +1/+1 counter, its trigger waits
    turn_face_up(state, "A", "Den Protector", paying=MANA_COST)    # manifested: its mana cost, no counter
    turned_face_up(state, "Icefeather Aven")                       # an effect (Break Open): its trigger waits
"""

from __future__ import annotations

from typing import Optional

from kb.checks.model import colors, priority
from kb.checks.model.bodies import PLUS
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, State

MORPH, MANA_COST = "morph", "mana cost"  # the costs that turn a face-down permanent face up as a special action
MEGAMORPH = "megamorph"
MANIFESTED = "manifested"  # a designation of a manifested permanent, for as long as it remains face down (701.40a)


def morph_cost(state: State, oid: str) -> Optional[str]:
    """The morph cost the permanent would have face up (its megamorph cost is one, 702.37b): none once
    an effect has removed all its abilities, as they would stay removed face up (702.37e, 613.1f)."""
    obj = s.get(state, oid)
    if colors.effects_on(state, obj, colors.LOSE_ABILITIES):
        return None
    return obj.keyword_cost(MEGAMORPH) or obj.keyword_cost(MORPH)


def turn_face_up(state: State, player: str, oid: str, paying: Optional[str] = None) -> State:
    """116.2b, 702.37e, 701.40b: the special action, ``paying`` MORPH (its morph cost) or MANA_COST
    (a manifested creature card's mana cost); by default the morph cost if it has one, else the mana cost."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD or not obj.face_down or s.controller_of(state, oid) != player:
        raise IllegalAction(f"{oid} is not a face-down permanent {player} controls (702.37e)")
    if not priority.may_special(state, player, priority.TURN_FACE_UP):
        raise IllegalAction(f"{player} can't turn {oid} face up now: {priority.MIDWAY} (116.2b, 117.2e)")
    paying = paying or (MORPH if morph_cost(state, oid) is not None else MANA_COST)
    if paying not in (MORPH, MANA_COST):
        raise IllegalAction(f"a face-down permanent is turned face up for its morph cost or its mana cost, not {paying!r} (702.37e, 701.40b)")
    if paying == MORPH and morph_cost(state, oid) is None:
        raise IllegalAction(f"{oid} would have no morph cost face up: it can't be turned face up for one (702.37e)")
    if paying == MANA_COST and (MANIFESTED not in obj.designations or "creature" not in obj.types or obj.mana_cost is None):
        raise IllegalAction(f"{oid} is not a manifested creature card with a mana cost: it can't be turned face up for its mana cost (701.40b)")
    state = s.log(state, Event("special action", oid, player, "turn face up"))
    megamorph = paying == MORPH and obj.keyword_cost(MEGAMORPH) is not None
    return s.to_priority(turned_face_up(state, oid, megamorph))


def turned_face_up(state: State, oid: str, megamorph: bool = False) -> State:
    """Turn a face-down permanent face up, by the special action or an effect: no longer
    manifested (701.40a); a +1/+1 counter as it turns if its megamorph cost was paid (``megamorph``:
    702.37b, 708.11); its "when turned face up" abilities trigger (708.8: not its enters abilities)."""
    obj = s.get(state, oid)
    if obj.zone != BATTLEFIELD or not obj.face_down:
        return state  # nothing to turn: an effect's target gone, or already face up
    if not obj.permanent_card:  # an instant or sorcery card: revealed, left face down, nothing triggers (701.40g)
        return s.log(state, Event("reveal", oid, s.controller_of(state, oid), "left face down (701.40g)"))
    counters = dict(obj.counters)
    if megamorph:
        counters[PLUS] = counters.get(PLUS, 0) + 1
    state = s.update(state, oid, face_down=False, designations=obj.designations - {MANIFESTED},
                     counters=tuple(sorted(counters.items())))
    controller = s.controller_of(state, oid)
    for ability in colors.abilities_of(state, s.get(state, oid)):  # none if an effect removed them all (613.1f)
        if ability.on == "face_up":
            state = s.trigger(state, s.ability(f"{ability.name} ({oid})", controller, oid, ability.effect))
    return state
