"""Damage and what it does, by who is dealt it and what deals it (120.3): infect, wither, lifelink,
and damage prevented, by an effect or by protection from the source's color (702.90, 702.80,
702.15, 615.6, 702.16e).

Damage dealt to a player makes them lose that much life (120.3a), or, from a source with infect,
gives them that many poison counters instead (120.3b, 702.90b); dealt to a planeswalker, it
removes that many loyalty counters, whatever the source (120.3c); dealt to a creature, it is
marked on it (120.3e), or, from a source with wither or infect, puts that many -1/-1 counters on
it instead (120.3d, 702.80a, 702.90c): counters that stay when damage is removed in the cleanup
step (514.2). A source with lifelink also makes its controller gain that much life (120.3f).
It is damage in all respects, combat damage or not, from whatever zone the source deals it
(702.90e): the damage event happens and what triggers on it triggers. Damage prevented never
happens (615.6): none of its results, and no event::

    deal(state, "Glistener Elf", "B", 2)              -> B gets 2 poison counters, loses no life
    deal(state, "Glistener Elf", "B", 2, prevent=2)   -> nothing happens

A player with ten or more poison counters, or 0 or less life, loses the game (704.5a, 704.5c):
``losers`` says who, for the state-based actions (kb.checks.model.leaving).
"""

from __future__ import annotations

from kb.checks.model import abilities, bodies, cipher, colors, designations, life, player_counters, protection, saga
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import BATTLEFIELD, Event, State

INFECT, WITHER, LIFELINK = "infect", "wither", "lifelink"
POISON, LOYALTY = "poison", "loyalty"
DAMAGE = "damage"  # the event of damage dealt (kb.checks.model.dying logs it too, for damage marked by no source)
LETHAL_POISON = 10  # 704.5c


def has(state: State, oid: str, keyword: str) -> bool:
    """Whether the object has ``keyword``, printed or given by an effect (none once it lost all its abilities)."""
    obj = s.get(state, oid)
    return keyword in colors.keywords_of(state, oid) or abilities.named(colors.abilities_of(state, obj), keyword) is not None


def deal(state: State, source: str, recipient: str, amount: int, prevent: int = 0, combat: bool = False) -> State:
    """``source`` deals ``amount`` damage to ``recipient`` (a player, or a creature or planeswalker
    on the battlefield), ``prevent`` of it prevented (615.6)."""
    if amount < 0 or prevent < 0:
        raise IllegalAction(f"{amount} damage with {prevent} prevented is no amount of damage")
    if s.find(state, source) is None:
        raise IllegalAction(f"{source} is no object that can deal damage")
    if recipient in state.left:
        raise IllegalAction(f"{recipient} has left the game (800.4a)")
    is_player, target = recipient in state.players, None
    if not is_player:
        target = s.find(state, recipient)
        if target is None or target.zone != BATTLEFIELD or not {"creature", "planeswalker"} & set(target.types):
            raise IllegalAction(f"{recipient} is no player, creature or planeswalker on the battlefield (120.1)")
    if not amount:
        return state  # 120.8: a source that would deal 0 damage deals no damage at all
    dealt = 0 if protection.prevented(state, source, recipient) else max(0, amount - prevent)  # 702.16e
    if not dealt:
        return s.log(state, Event("prevented", recipient, detail=f"615.6: {amount} damage by {source}"))
    infect = has(state, source, INFECT)
    if is_player:
        state = (player_counters.gain(state, recipient, POISON, dealt, source) if infect
                 else life.change(state, recipient, -dealt, source))
    elif "planeswalker" in target.types:
        state = saga.remove_counters(state, recipient, LOYALTY, dealt)  # 120.3c: infect or not
    if not is_player and "creature" in target.types:
        if infect or has(state, source, WITHER):
            state = saga.add_counters(state, recipient, bodies.MINUS, dealt)
        else:
            state = s.update(state, recipient, damage=s.get(state, recipient).damage + dealt)
    dealer = s.controller_of(state, source)  # a permanent's or spell's controller, else its owner (702.15b)
    state = s.log(state, Event(DAMAGE, recipient, dealer, f"{dealt} from {source}{' (combat)' if combat else ''}"))
    if has(state, source, LIFELINK):
        state = life.change(state, dealer, dealt, source)
    if combat and is_player:  # renown (702.112a)
        state = designations.combat_damage(state, source)
        state = cipher.combat_damage(state, source)  # 702.99a
    return state


def losers(state: State) -> tuple[str, ...]:
    """704.5a, 704.5c: the players in the game with 0 or less life, or ten or more poison counters."""
    return tuple(p for p in s.in_game(state)
                 if life.life_of(state, p) <= 0 or player_counters.count(state, p, POISON) >= LETHAL_POISON)
