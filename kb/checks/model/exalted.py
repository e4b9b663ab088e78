"""Exalted (702.83): a creature attacking alone gets +1/+1 until end of turn for each instance.

"Exalted" means "whenever a creature you control attacks alone, that creature gets +1/+1 until
end of turn" (702.83a). A creature attacks alone if it is the only creature declared as an
attacker in that combat (702.83b, 506.5): the declaration decides, so a creature removed from
combat later (506.4) makes no other attack alone, and a creature put onto the battlefield
attacking was never declared (508.4): it triggers nothing and undoes no trigger. Each instance
of exalted of each permanent of the attacker's controller triggers (the attacker's own too) and
gives the bonus to the attacker, not to its own permanent; the triggers go on the stack in the
declare attackers step, so they resolve before blockers are declared (508.2). The bonus lasts
until end of turn (514.2), through an additional combat; attacking alone again triggers them
all again::

    declare_attackers(state, {"Akrasan Squire": "B"})   -> each exalted of A's permanents waits to go on the stack
"""

from __future__ import annotations

from kb.checks.model import bodies, colors
from kb.checks.model import state as s
from kb.checks.model.abilities import TRIGGERED
from kb.checks.model.state import BATTLEFIELD, Event, State

ATTACKS_ALONE = "attacks alone"  # ``on`` of a triggered ability: exalted


def declared(state: State, attackers: tuple[str, ...]) -> State:
    """Attackers were declared: if exactly one, each exalted ability of its controller's permanents triggers."""
    if len(attackers) != 1:
        return state
    alone = s.get(state, attackers[0])
    player = s.controller_of(state, alone.id)
    args = {"creature": alone.id, "number": alone.number}
    for permanent in s.in_zone(state, BATTLEFIELD, player):
        for ability in colors.abilities_of(state, permanent):  # none face down or stripped (708.2, 613.1f)
            if ability.kind == TRIGGERED and ability.on == ATTACKS_ALONE:
                state = s.trigger(state, s.ability(f"{ability.name} ({permanent.id})", player, permanent.id,
                                                   (("exalted", args),)))
    return state


def bonus(state: State, args: dict) -> State:
    """An exalted ability resolves: the creature that attacked alone gets +1/+1 until end of turn,
    if it is the same object on the battlefield still (400.7); else nothing."""
    creature = s.find(state, args["creature"])
    if creature is None or creature.number != args["number"] or creature.zone != BATTLEFIELD:
        return s.log(state, Event("does nothing", args["creature"], detail="400.7: that creature left the battlefield"))
    return bodies.modify(state, creature.id, 1, 1)
