"""What spells and abilities do as they resolve: a small vocabulary of effect steps.

An effect is data, ``(verb, {args})``, so a scenario can write it: ``("discard", {"player": "A",
"card": "Vampire"})``, ``("look", {"label": "graveyard", "zone": "graveyard", "player": "A"})``
(records what the effect sees now), ``("goad_each", {"controller": "B"})``, ``("madness",
{"card": ...})``, ``("storm", {"spell": ..., "count": n})``, ``("counter", {"spell": ...})``...
``choices`` carry the resolving player's decisions (cast the madness card or not, X, kicker).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Mapping

from kb.checks.model import bodies, cascade, casting, colors, combat, control, copies, dungeon, dying, entering, evolve, leaving, library, life
from kb.checks.model import cumulative_upkeep, designations, end_step, exalted, face_down, halves, overload, proliferate, splice, spent, untapping, vehicles
from kb.checks.model import discard as dis
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.origins import COPY_CARD
from kb.checks.model.state import EXILE, GRAVEYARD, STACK, Event, Obj, State

Effect = Callable[[State, Obj, Mapping, Mapping], State]
VERBS: dict[str, Effect] = {}


def verb(name: str):
    def register(func: Effect) -> Effect:
        VERBS[name] = func
        return func

    return register


def run(state: State, item: Obj, choices: Mapping) -> State:
    """Follow the instructions in order (608.2c); ``choices["between"]``, if given, is shown the
    state after the first one, midway, when nobody has priority (117.2e)."""
    between = choices.get("between")
    for number, (name, args) in enumerate(splice.instructions(item)):
        if name not in VERBS:
            raise IllegalAction(f"unknown effect {name!r} (known: {', '.join(sorted(VERBS))})")
        state = VERBS[name](state, item, args, choices)
        if number == 0 and callable(between):
            between(state)
    return state


@verb("draw")
def _draw(state, item, args, choices):
    return dis.draw(state, args.get("player", item.controller), int(args.get("count", 1)))


@verb("scry")
def _scry(state, item, args, choices):
    """The resolving player's choices: ``top`` and ``bottom`` (else every card back on top)."""
    return library.scry(state, item.controller, int(args.get("count", 1)), choices.get("top"), choices.get("bottom", ()))


@verb("discard")
def _discard(state, item, args, choices):
    return dis.discard(state, args.get("player", item.controller), args["card"], dis.EFFECT,
                       other=args.get("other"), choose_madness=bool(choices.get("madness", True)))


@verb("discard_chosen")
def _discard_chosen(state, item, args, choices):
    """Discard ``count`` cards the player chooses as it resolves (``choices["discarded"]``), or
    their whole hand if it holds fewer (608.2d)."""
    player, count = args.get("player", item.controller), int(args.get("count", 1))
    chosen, hand = tuple(choices.get("discarded", ())), {o.id for o in s.in_zone(state, s.HAND, player)}
    if len(set(chosen)) != len(chosen) or len(chosen) != min(count, len(hand)) or not set(chosen) <= hand:
        raise IllegalAction(f"{player} discards {min(count, len(hand))} cards from their hand; chosen: {list(chosen)}")
    for card in chosen:
        state = dis.discard(state, player, card, dis.EFFECT, choose_madness=bool(choices.get("madness", True)))
    return state


@verb("look")
def _look(state, item, args, choices):
    """Record what an effect would see now: the ids in a zone, or the stack."""
    zone = args["zone"]
    seen = list(state.stack) if zone == STACK else sorted(o.id for o in s.in_zone(state, zone, args.get("player")))
    return replace(state, seen=state.seen + ((args["label"], seen),))


@verb("goad")
def _goad(state, item, args, choices):
    return combat.goad(state, args["target"], item.controller)


@verb("goad_each")
def _goad_each(state, item, args, choices):
    return combat.goad_each(state, item.controller, args["controller"])


@verb("exchange")
def _exchange(state, item, args, choices):
    """Exchange control of two targets (701.12): only if both are still legal (608.2b)."""
    legal = [control.target_legal(state, t, n, s.get(state, t).zone) if s.find(state, t) else False
             for t, n in item.targets]
    if len(item.targets) == 2 and all(legal):
        state, _ = control.exchange(state, item.targets[0][0], item.targets[1][0], item.id)
        return state
    return s.log(state, Event("no exchange", item.id, item.controller, "a target is illegal"))


@verb("exchange_life")
def _exchange_life(state, item, args, choices):
    """Two target players exchange life totals (701.12c): nothing if one is no longer a legal
    target (a player who left the game), since the whole exchange can't happen (701.12a)."""
    players = [str(p) for p in args.get("players", ())]
    if len(players) != 2 or any(p in state.left or p not in state.players for p in players):
        return s.log(state, Event("no exchange", item.id, item.controller, "a target is illegal"))
    state, _ = life.exchange_life(state, players[0], players[1], item.id)
    return state


@verb("drain_devotion")
def _drain_devotion(state, item, args, choices):
    """Each opponent loses X life, X the controller's devotion to ``colors`` counted now, as the
    ability resolves (608.2h, 700.5: Gray Merchant of Asphodel); the controller gains the life lost."""
    amount = colors.devotion(state, item.controller, tuple(args.get("colors", ())))
    lost = 0
    for opponent in s.opponents(state, item.controller):
        before = life.life_of(state, opponent)
        state = life.change(state, opponent, -amount, item.id)
        lost += before - life.life_of(state, opponent)
    return life.change(state, item.controller, lost, item.id)


@verb("sudden_substitution")
def _sudden(state, item, args, choices):
    if len(item.targets) != 2:
        return state
    return control.sudden_substitution(state, item.id, item.targets[0], item.targets[1])


@verb("counter")
def _counter(state, item, args, choices):
    """Counter the spell the trigger named (Chalice of the Void), if it is still on the stack."""
    spell = args.get("spell") or item.targets[0][0]
    return leaving.counter(state, spell) if s.zone_of(state, spell) == STACK else state


@verb("cast")
def _cast(state, item, args, choices):
    """An instruction to cast a card while resolving (cascade, "you may cast"): allowed only if
    casting is allowed now; split second still forbids it (608.2g, 702.61a)."""
    card = args["card"]
    if not casting.priority.may_cast(state, item.controller, s.get(state, card), ignore_timing=True):
        return s.log(state, Event("can't cast", card, item.controller, "split second"))
    return casting.cast(state, item.controller, card, alternative=(casting.FREE, choices.get("alternative")),
                        permission="rebound" if s.zone_of(state, card) == EXILE else None, instructed=True, **_paying(choices))


def _paying(choices) -> dict:
    """The costs a player chooses to add as they cast a card while something resolves: kicker, a discard."""
    return {"kicker": int(choices.get("kicker", 0)), "discard": choices.get("discard")}


@verb("madness")
def _madness(state, item, args, choices):
    """702.35a: the owner may cast the card from exile for its madness cost; if not, it goes to
    their graveyard. Nothing happens if the card has left exile."""
    card = s.find(state, args["card"])
    if card is None or card.zone != EXILE:
        return state
    if choices.get("cast", True):
        return casting.cast(state, card.owner, card.id, permission="madness", x=int(choices.get("x", 0)),
                            kicker=bool(choices.get("kicker", False)))
    return s.move(state, card.id, GRAVEYARD)


@verb("copy_card")
def _copy_card(state, item, args, choices):
    """707.12: copy a card in a zone other than the stack (Isochron Scepter's exiled card); its
    controller may cast the copy at once, without paying its mana cost (and the copy is cast)."""
    state, copy = copies.copy_card(state, args["card"], item.controller)
    if not choices.get("cast", True):
        return state
    return casting.cast(state, item.controller, copy, alternative=casting.FREE, permission=COPY_CARD, instructed=True)


@verb("suspend_tick")
def _tick(state, item, args, choices):
    """702.62a: remove a time counter; when the last is removed, the cast trigger triggers."""
    card = s.find(state, args["card"])
    if card is None or card.zone != EXILE or card.counter("time") == 0:
        return state
    left = card.counter("time") - 1
    state = s.update(state, card.id, counters=(("time", left),) if left else ())
    if left == 0:
        state = s.trigger(state, s.ability(f"suspend cast trigger of {card.id}", card.owner, card.id,
                                           (("suspend_cast", {"card": card.id}),)))
    return state


@verb("suspend_cast")
def _suspend_cast(state, item, args, choices):
    """Its owner may cast it without paying its mana cost if able (702.62a), its targets chosen
    now (601.2c: suspending it chose none); a creature cast so gains haste. If they don't, or it
    can't be cast, it stays exiled with no time counters (702.62b: no longer suspended)."""
    card = s.find(state, args["card"])
    if card is None or card.zone != EXILE:
        return state
    if not choices.get("cast", True):
        return s.log(state, Event("declined to cast", card.id, card.owner, "702.62a: may"))
    targets = choices.get("targets", ())
    try:
        state = casting.cast(state, card.owner, card.id, permission="suspend", alternative=choices.get("alternative"),
                             targets=(targets,) if isinstance(targets, str) else tuple(targets), **_paying(choices))
    except IllegalAction as err:
        return s.log(state, Event("can't cast", card.id, card.owner, str(err)))
    if "creature" in card.types:
        state = s.update(state, card.id, keywords=card.keywords | {"haste"}, gained=card.gained | {"haste"})
    return state


@verb("rebound_cast")
def _rebound_cast(state, item, args, choices):
    """702.88a: at the beginning of the next upkeep, its owner may cast it from exile without
    paying its mana cost, ignoring the timing of its type (608.2g)."""
    card = s.find(state, args["card"])
    if card is None or card.zone != EXILE or not choices.get("cast", True):
        return state
    return casting.cast(state, card.owner, card.id, permission="rebound")


@verb("blink")
def _blink(state, item, args, choices):
    """Exile a permanent (its first target, or ``object``), then return it to the battlefield
    under its owner's control: a new object (400.7); a token doesn't come back (111.8)."""
    oid = args.get("object") or (item.targets[0][0] if item.targets else None)
    if oid is None or s.zone_of(state, oid) != s.BATTLEFIELD:
        return state
    return entering.put_onto_battlefield(s.move(state, oid, EXILE), oid)


@verb("gain_control")
def _gain_control(state, item, args, choices):
    return control.gain_control(state, args["target"], args.get("player", item.controller), item.id)


@verb("venture")
def _venture(state, item, args, choices):
    """701.49: the resolving player's choices: ``dungeon`` (to bring one in) and ``room``."""
    return dungeon.venture(state, item.controller, choices.get("dungeon"), choices.get("room"))


@verb("evolve")
def _evolve(state, item, args, choices):
    return evolve.resolve(state, args)


@verb("crewed")
def _crewed(state, item, args, choices):
    return vehicles.crewed(state, args["vehicle"], int(args["number"]))


@verb("return_with_counter")
def _return_with_counter(state, item, args, choices):
    return dying.returned(state, args)


@verb("exalted")
def _exalted(state, item, args, choices):
    return exalted.bonus(state, args)


@verb("untap_creatures")
def _untap_creatures(state, item, args, choices):
    """Untap all creatures its controller controls (Vitalize), ``others``: but its source (Ahn-Crop Champion)."""
    mine = s.in_zone(state, s.BATTLEFIELD, item.controller)
    return untapping.untap_all(state, [o.id for o in mine if "creature" in o.types and not (args.get("others") and o.id == item.source)])


VERBS[end_step.UNEARTH] = lambda state, item, args, choices: end_step.unearth(state, item, args["card"], int(args["number"]))
VERBS[end_step.PUT] = lambda state, item, args, choices: end_step.put(state, args)  # a delayed trigger's (603.7c)
VERBS["put_counters"] = lambda state, item, args, choices: halves.put_counters(state, item, args)  # Give
VERBS["take_counters"] = lambda state, item, args, choices: halves.take_counters(state, item, args)  # Take
VERBS["destroy"] = lambda state, item, args, choices: overload.destroy(state, item, args)  # its target, or each (702.96a)
VERBS["deal_damage"] = lambda state, item, args, choices: overload.deal_damage(state, item, args)
VERBS["storm"] = lambda state, item, args, choices: copies.storm(state, item, args)  # a copy for each spell cast before
VERBS[cascade.CASCADE] = lambda state, item, args, choices: cascade.resolve(state, item, args, choices)  # 702.85a
VERBS["copy_spell"] = lambda state, item, args, choices: copies.copy_target(state, item, choices)  # Twincast
VERBS["pump"] = lambda state, item, args, choices: bodies.modify(state, item.source, int(args["power"]), int(args["toughness"]))  # it gets +N/+N (Kragma Butcher)
VERBS["pump_for_each"] = lambda state, item, args, choices: bodies.modify_for_each(  # Might of the Masses
    state, overload.affected(state, item, args), item.controller, args["each"], int(args.get("power", 1)), int(args.get("toughness", 1)))
VERBS[designations.MONSTROSITY] = lambda state, item, args, choices: designations.monstrosity(state, item, args)
VERBS[designations.RENOWN] = lambda state, item, args, choices: designations.renown(state, args)
VERBS[designations.ASCEND] = lambda state, item, args, choices: designations.ascend_spell(state, item)
VERBS["turn_face_up"] = lambda state, item, args, choices: face_down.turned_face_up(state, args.get("object") or item.targets[0][0])  # Break Open
VERBS["converge_damage"] = lambda state, item, args, choices: spent.converge_damage(state, item, args)  # Radiant Flames
VERBS.update({cumulative_upkeep.CUMULATIVE_UPKEEP: cumulative_upkeep.resolve, proliferate.PROLIFERATE: proliferate.resolve})  # 702.24a, 701.34a


@verb("nothing")
def _nothing(state, item, args, choices):
    return state
