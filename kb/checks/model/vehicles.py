"""Vehicles and crew (301.7, 702.122).

"Crew N" is an activated ability: "Tap any number of other untapped creatures you control with
total power N or greater: this permanent becomes an artifact creature until end of turn." Its
cost taps creatures, not its own {T}, so a creature that came under its controller's control this
turn may crew (302.6 asks only about {T} abilities and attacking); more creatures than needed
may be tapped. The creatures that crew are tied to the Vehicle in no other way (702.122b). The
ability uses the stack; as it resolves, the Vehicle becomes an artifact creature (it enters
nothing: 603.6a) with its printed power and toughness unless an effect set others (301.7b);
crewing one that is an artifact creature already changes nothing::

    crew(state, "A", "Smuggler's Copter", ["Grizzly Bears"])  -> the crew ability on the stack, the Bears tapped
"""

from __future__ import annotations

from typing import Sequence

from kb.checks.model import abilities, actions, bodies, priority
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, State

CREW = "crew"


def crew(state: State, player: str, vehicle: str, crew_with: Sequence[str]) -> State:
    """``player`` activates ``vehicle``'s crew ability, tapping the creatures ``crew_with`` (602.2):
    on the stack first, then the cost paid; the creatures "crew" it (702.122b)."""
    obj = s.get(state, vehicle)
    needed = obj.keyword_cost(CREW)
    if obj.zone != BATTLEFIELD or needed is None:
        raise IllegalAction(f"{vehicle} is no permanent with a crew ability (702.122a)")
    if s.controller_of(state, vehicle) != player:
        raise IllegalAction(f"{player} can't activate the crew ability of {vehicle}: they don't control it (602.2)")
    if not priority.may_activate(state, abilities.Ability(CREW)):
        raise IllegalAction(f"{player} can't activate crew now: it isn't a mana ability")
    crew_with, total = tuple(dict.fromkeys(crew_with)), 0
    for oid in crew_with:
        creature = s.get(state, oid)
        if oid == vehicle or creature.zone != BATTLEFIELD or "creature" not in creature.types \
                or s.controller_of(state, oid) != player or creature.tapped:
            raise IllegalAction(f"{oid} is no other untapped creature {player} controls: it can't crew {vehicle} (702.122a)")
        total += bodies.power(state, oid) or 0
    if total < int(needed):
        raise IllegalAction(f"the creatures tapped to crew {vehicle} have total power {total}, less than {needed} (702.122a)")
    item = actions.numbered(state, s.ability(f"crew of {vehicle}", player, vehicle, (("crewed", {"vehicle": vehicle, "number": obj.number}),)))
    state = s.push(state, item)
    for oid in crew_with:
        state = s.log(s.update(state, oid, tapped=True), Event("crew", oid, player, vehicle))
    return s.to_priority(s.log(state, Event("activate", item.id, player, CREW)))


def crewed(state: State, vehicle: str, number: int) -> State:
    """The crew ability resolves: the Vehicle (the same object still) is an artifact creature until end of turn."""
    obj = s.find(state, vehicle)
    if obj is None or obj.number != number or obj.zone != BATTLEFIELD:
        return state
    for card_type in ("artifact", "creature"):
        state = bodies.become_until_end_of_turn(state, vehicle, card_type)
    return s.log(state, Event("crewed", vehicle, s.controller_of(state, vehicle)))
