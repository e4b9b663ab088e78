"""Casting spells (601), with alternative and additional costs, X, delve and convoke; what
triggers on a cast (storm 702.40, "whenever a player casts" abilities).

A spell is cast from its owner's hand unless a permission or a rule of its parts says otherwise
(kb.checks.model.origins: flashback, escape, madness, suspend, rebound, foretell, aftermath, an
Adventure's creature); whatever lets it be cast, its card type's timing applies (601.3, 117.1a,
307.1), unless a permission casts it while something resolves (608.2g: madness, suspend,
rebound). Escape exiles other cards from the caster's graveyard as it is paid (702.138a). Only one alternative cost can be paid (118.9a, 601.2b), and a permission
that casts a card for one (madness; suspend and rebound: without paying its mana cost) allows no
other; additional costs apply to any (118.9d): kicker may be paid, and a card's mandatory
additional cost (a discard, a creature sacrificed) must be, exactly as stated (118.8, 601.2h). The total cost is locked in
(601.2f), then delve and convoke pay part of it (702.66b, 702.51b), and the mana value stays that
of the mana cost (118.9c). Casting under split second is never allowed (702.61a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional, Sequence

from kb.checks.model import bestow, cards, costs, end_step, modal, paying, priority, spent, targeting
from kb.checks.model import splice as splicing
from kb.checks.model import discard as dis
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.origins import ESCAPE, FLASHBACK, FORETELL, MADNESS, escape_exiled, origin_allowed, part_allowed
from kb.checks.model.state import EXILE, GRAVEYARD, HAND, STACK, Cast, Event, Obj, State

MAGECRAFT = "cast_or_copy"  # what a magecraft ability triggers on (207.2c)
CASCADE = "cascade"  # its instances: "cascade", "cascade 2", ... among a spell's keywords (702.85c; kb.checks.model.cascade)

FREE, FACE_DOWN = "without paying its mana cost", "face down"
ALTERNATIVES = (MADNESS, FLASHBACK, FREE, FACE_DOWN, FORETELL, ESCAPE, bestow.BESTOW, end_step.DASH, targeting.OVERLOAD)
IMPLIED = {MADNESS: MADNESS, "suspend": FREE, "rebound": FREE, CASCADE: FREE}  # the alternative cost a permission casts a card for
REQUIRED, DISCARD_A_CARD, SACRIFICE_A_CREATURE = "additional", "discard a card", "sacrifice a creature"  # a card's mandatory additional cost (costs: {additional: ...})


def one_alternative(alternative, permission: Optional[str]) -> Optional[str]:
    """The one alternative cost a spell is cast for (None: its mana cost). ``alternative``: one, or
    several asked for at once; a permission adds the one it casts the card for. Two are never
    allowed (118.9a, 601.2b): a card cast without paying its mana cost can't also be cast for
    its madness, flashback or face-down cost."""
    asked = tuple(alternative) if isinstance(alternative, (list, tuple)) else (alternative,)
    chosen = tuple(dict.fromkeys(a for a in asked + (IMPLIED.get(permission),) if a is not None))
    for each in chosen:
        if each not in ALTERNATIVES:
            raise IllegalAction(f"unknown alternative cost {each!r}")
    if len(chosen) > 1:
        raise IllegalAction(f"only one alternative cost can be applied to a spell, not {' and '.join(chosen)} (118.9a, 601.2b)")
    return chosen[0] if chosen else None


def required_paid(state: State, player: str, card: Obj, discard: Optional[str], sacrifice: tuple) -> tuple:
    """A card's mandatory additional cost is paid whatever else is, and exactly as stated (118.8,
    601.2b, 601.2h, 118.9d): this model knows two, discarding a card and sacrificing a creature
    (701.21a: one its caster controls). Returns what is sacrificed."""
    required = card.keyword_cost(REQUIRED)
    if sacrifice and required != SACRIFICE_A_CREATURE:
        raise IllegalAction(f"{card.id} has no cost that sacrifices a permanent: nothing is sacrificed to cast it")
    if required is None:
        return ()
    if required not in (DISCARD_A_CARD, SACRIFICE_A_CREATURE):
        raise IllegalAction(f"{card.id}'s additional cost {required!r} is not modelled")
    if required == DISCARD_A_CARD and discard is None:
        raise IllegalAction(f"{card.id}'s additional cost (discard a card) must be paid, whatever else is (601.2b, 118.9d)")
    if required == SACRIFICE_A_CREATURE:
        if len(set(sacrifice)) != 1:
            raise IllegalAction(f"{card.id}'s additional cost sacrifices exactly one creature, not {len(set(sacrifice))} (118.8, 601.2h)")
        victim = s.get(state, sacrifice[0])
        if victim.zone != s.BATTLEFIELD or "creature" not in victim.types or s.controller_of(state, victim.id) != player:
            raise IllegalAction(f"{victim.id} is not a creature {player} controls, to sacrifice for {card.id} (701.21a)")
    return tuple(dict.fromkeys(sacrifice))


def cast_mana_cost(card: Obj, half) -> tuple:
    """The mana cost(s) of the spell as cast: a split card's half (or both, fused), an
    Adventure, a modal double-faced card's face; else the mana cost (709.3, 715.3, 712.12)."""
    if card.faces:
        return cards.card_mana_cost(card.layout, card.faces, half, zone=STACK)
    return (card.mana_cost,)


def alternative_cost(card: Obj, alternative: Optional[str]) -> Optional[str]:
    if alternative is None:
        return None
    if alternative == FREE:
        return ""
    if alternative == FACE_DOWN:
        return "{3}"  # 702.37c
    found = card.keyword_cost(alternative)
    if found is None:
        raise IllegalAction(f"{card.id} has no {alternative} cost")
    return found.partition("|")[0]  # escape's: its mana, then how many other cards it exiles


def modifiers_for(state: State, player: str, card: Obj) -> tuple[list, list]:
    """The static cost increases and reductions that apply to this spell (601.2f)."""
    increases, reductions = [], []
    for m in state.modifiers:
        if (m.player in (None, player)) and (not m.types or set(m.types) & set(card.types)):
            (increases if m.kind == "increase" else reductions).append(m.amount)
    return increases, reductions


def x_must_be_zero(mana_cost: str, alternative: Optional[str], paid_instead: Optional[str]) -> bool:
    """107.3b: a spell with {X} in its mana cost cast paying neither that cost nor an alternative
    cost with X in it (without paying its mana cost: suspend, rebound...) can only have X = 0; a
    cost reduction, even to nothing, is no such case (the mana cost is still what is paid)."""
    return "{X}" in mana_cost and alternative not in (None, FACE_DOWN) and "X" not in (paid_instead or "")


def kicker_times(card: Obj) -> int:
    """How many times a spell's kicker cost may be paid as it is cast: once (702.33a), any number with multikicker."""
    return 99 if "multikicker" in card.keywords else 1


def spell_total(state: State, player: str, card: Obj, alternative: Optional[str], kicker: bool, x: int, half,
                spliced: tuple = ()) -> costs.ManaCost:
    """601.2f for this spell: mana cost or the alternative cost, kicker and splice costs, increases, reductions."""
    parts = cast_mana_cost(card, half)
    if alternative is None and all(p is None for p in parts):
        raise IllegalAction(f"{card.id} has no mana cost: it can be cast only for an alternative cost (118.6)")
    mana_cost = "".join(p or "" for p in parts)
    paid_instead = alternative_cost(card, alternative)
    if x and x_must_be_zero(mana_cost, alternative, paid_instead):
        raise IllegalAction(f"{card.id} is cast paying neither its mana cost nor a cost with X: X can only be 0 (107.3b)")
    additional = [card.keyword_cost("kicker")] * int(kicker) + list(spliced)
    if kicker and additional[0] is None:
        raise IllegalAction(f"{card.id} has no kicker")
    if kicker > kicker_times(card):
        raise IllegalAction(f"{card.id}'s kicker cost can be paid only once (702.33a; multikicker: any number, 702.33c)")
    increases, reductions = modifiers_for(state, player, card)
    return costs.total_cost(mana_cost, alternative=paid_instead, additional=additional,
                            increases=increases, reductions=reductions, x=x)


def cast(
    state: State,
    player: str,
    oid: str,
    *,
    alternative=None,
    kicker: int = 0,
    x: int = 0,
    half=0,
    delve: Sequence[str] = (),
    convoke: Sequence[str] = (),
    improvise: Sequence[str] = (),
    discard: Optional[str] = None,
    targets: Sequence[str] = (),
    permission: Optional[str] = None,
    exile: Sequence[str] = (),
    sacrifice: Sequence[str] = (),
    splice: Sequence[str] = (),
    modes: Sequence[int] = (),
    spend: Sequence[str] = (),
    instructed: bool = False,
    between: Optional[Callable[[State], None]] = None,
) -> State:
    """``player`` casts the card ``oid`` (601.2a-i); ``modes``: those chosen for a modal spell
    (kb.checks.model.modal); ``spend``: the mana spent, if said (kb.checks.model.spent);
    ``instructed``: a resolving effect tells them to (608.2g); ``between``: shown the state midway, once the spell is on the stack and before its
    costs are paid, when nobody has priority (601.2, 117.2e)."""
    card = s.get(state, oid)
    alternative = one_alternative(alternative, permission)
    if card.owner != player:
        raise IllegalAction(f"{player} doesn't own {oid}: this model casts one's own cards")
    if isinstance(half, int) and half and not 0 <= half < len(card.faces):
        raise IllegalAction(f"{oid} has no part {half} to cast (709.3, 715.3, 712.11b)")
    if card.faces and isinstance(half, int):
        # the part cast alone counts, its timing too: a split card's half, an Adventure, a modal
        # double-faced card's face (709.3, 715.3, 712.11b)
        card = replace(card, types=card.faces[half].types or card.types)
    if "land" in card.types:
        raise IllegalAction(f"{oid} can't be cast: a land is played, never cast (305.1, 305.9, 712.11b)")
    if half == cards.BOTH and ("fuse" not in card.keywords or card.zone != HAND):
        raise IllegalAction(f"{oid} can't be cast with both halves: only a split card with fuse, from its owner's hand (702.102a)")
    if not part_allowed(state, card, player, half) and not origin_allowed(state, card, alternative, permission):
        raise IllegalAction(f"{oid} can't be cast from the {card.zone} this way (601.2a, 702.34a, 702.35a, 702.143a)")
    if not priority.may_cast(state, player, card, ignore_timing=permission is not None or instructed):
        why = "a spell with split second is on the stack (702.61a)" if priority.locked(state) else \
            f"{priority.MIDWAY} (117.2e)" if priority.midway(state) else \
            "its card type allows it only in its controller's main phase with an empty stack (307.1)"
        raise IllegalAction(f"{player} can't cast {oid} now: {why}")
    added, splice_costs = splicing.spliced(state, player, card, tuple(splice))
    total = spell_total(state, player, card, alternative, kicker, x, half, splice_costs)
    sacrificed = required_paid(state, player, card, discard, tuple(sacrifice))
    exiled = escape_exiled(state, card, alternative, tuple(exile))
    if set(convoke) & set(improvise):
        raise IllegalAction(f"{sorted(set(convoke) & set(improvise))[0]} can be tapped once: for convoke or for improvise (118.3)")
    left = paying.pay_delve(state, player, card, total, delve)
    left = paying.pay_tapping(state, player, card, paying.pay_tapping(state, player, card, left, tuple(convoke), paying.CONVOKE),
                              tuple(improvise), paying.IMPROVISE)
    info = Cast(cast_from=card.zone, alternative=alternative, total=str(total), mana_paid=str(left), x=x,
                additional=("kicker",) if kicker else (), delved=tuple(delve), convoked=tuple(convoke), spliced=added,
                modes=modal.chosen(card, tuple(modes)), spent=spent.spend(card, str(left), tuple(spend)))
    state = s.move(state, oid, STACK, controller=player, spell=info, face=half, face_down=alternative == FACE_DOWN, types=card.types)
    state = s.push(state, s.get(state, oid))
    if alternative == bestow.BESTOW:
        state = bestow.as_aura(state, oid, tuple(targets))  # 702.103b
    state = targeting.choose(splicing.revealed(state, player, added), oid, targets)
    if between is not None:
        between(replace(state, casting=oid))
    for paid in (*delve, *exiled):
        state = s.move(state, paid, EXILE)
    for victim in sacrificed:
        state = s.move(state, victim, GRAVEYARD)
    for tapped in (*convoke, *improvise):
        state = s.update(state, tapped, tapped=True)
    if discard is not None:
        state = dis.discard(state, player, discard, dis.COST)
    state = s.log(state, Event("cast", oid, player, alternative or ""))
    return s.to_priority(cast_triggers(state, player, s.get(state, oid)))


def spells_cast_before(state: State) -> int:
    """The spells cast this turn before the one just cast (702.40a), whatever happened to them."""
    return sum(1 for event in s.events(state, "cast") if event.turn == state.turn) - 1


def cast_triggers(state: State, player: str, spell: Obj) -> State:
    """Storm (702.40a), each instance of cascade with the spell's mana value (702.85a, 702.85c) and
    the "whenever a player casts a spell" abilities on the battlefield."""
    if "storm" in spell.keywords:
        count = spells_cast_before(state)
        state = s.trigger(state, s.ability(f"storm trigger of {spell.id}", player, spell.id,
                                           (("storm", {"spell": spell.id, "count": count}),)))
    for number in range(sum(1 for k in spell.keywords if k == CASCADE or k.startswith(CASCADE + " "))):
        state = s.trigger(state, s.ability(f"cascade trigger {number + 1} of {spell.id}", player, spell.id,
                                           ((CASCADE, {"spell": spell.id, "mana_value": spell_mana_value(spell)}),)))
    return watchers(state, spell, ("cast", MAGECRAFT))


def watchers(state: State, spell: Obj, on: tuple[str, ...]) -> State:
    """The triggered abilities of permanents that trigger on a spell (603.2): cast (``on`` "cast"),
    or cast or copied (MAGECRAFT: "whenever you cast or copy an instant or sorcery spell", 207.2c)."""
    for watcher in s.in_zone(state, s.BATTLEFIELD):
        for ability in watcher.abilities:
            if ability.on in on and condition_holds(watcher, ability.condition, spell) and \
                    (ability.on != MAGECRAFT or _magecraft(state, watcher, spell)):
                effect = tuple((verb, {**args, "spell": spell.id}) for verb, args in ability.effect)
                state = s.trigger(state, s.ability(f"{ability.name} ({spell.id})", s.controller_of(state, watcher.id),
                                                   watcher.id, effect))
    return state


def _magecraft(state: State, watcher: Obj, spell: Obj) -> bool:
    """An instant or sorcery spell its controller cast or copied (707.10: a copy's controller copied it)."""
    return bool({"instant", "sorcery"} & set(spell.types)) and s.controller_of(state, spell.id) == s.controller_of(state, watcher.id)


def spell_mana_value(spell: Obj):
    """A spell's mana value (of a spell on the stack): its mana cost only (or the half, face or Adventure cast), X as
    announced (202.3, 202.3e, 118.9c); a face-down spell's is 0 (708.2a)."""
    if spell.face_down:
        return 0
    x = spell.spell.x if spell.spell is not None else 0
    if spell.faces:
        return cards.card_mana_value(spell.layout, spell.faces, spell.face, zone=spell.zone, x=x)
    return costs.mana_value(spell.mana_cost, x)  # on the stack: X as announced


def object_mana_value(obj: Obj):
    """An object's mana value where it is (202.3): a spell's as cast; elsewhere its mana cost (the face it shows),
    X as 0 (202.3e)."""
    if obj.zone == STACK or obj.face_down:
        return spell_mana_value(obj)
    if obj.faces:
        return cards.card_mana_value(obj.layout, obj.faces, obj.face, zone=obj.zone, x=0)
    return costs.mana_value(obj.mana_cost)


def condition_holds(watcher: Obj, condition: tuple, spell: Obj) -> bool:
    if not condition:
        return True
    kind, value = condition[0], condition[1]
    if kind == "mana_value_is_counters":  # Chalice of the Void
        return spell_mana_value(spell) == watcher.counter(value)
    if kind == "mana_value_at_most":  # Bygone Bishop
        return "creature" in spell.types and spell_mana_value(spell) <= int(value)
    if kind == "kicked":  # Bloodstone Goblin
        return spell.kicked
    if kind == "noncreature":  # prowess (702.108a): a spell without the card type creature
        return "creature" not in spell.types
    if kind == "targets_it":  # heroic: a spell that targets the watcher, however many times
        return any(target == watcher.id for target, _ in spell.targets)
    raise IllegalAction(f"unknown trigger condition {kind!r}")
