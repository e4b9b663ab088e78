"""The queries a scenario's ``expect`` rows may ask, each answering with plain data (JSON).

Lists whose order means nothing come sorted; ``stack`` is bottom first; ``resolved`` is in
resolution order. A name: (the argument a single value stands for, the query).
"""

from __future__ import annotations

from typing import Any, Callable

from kb.checks.model import abilities, actions, casting, cipher, colors, combat, control, costs, life, player_counters
from kb.checks.model import bodies, damage, designations, destruction, dungeon, exert, history, library, mana, priority, spent
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import State

NO_ATTACK = "no attack"


def legal_attacks(st: State, a: dict) -> list:
    return sorted(NO_ATTACK if c is None else c.name for c in combat.legal_attacks(st, a["object"]))


def mana_value(st: State, a: dict):
    """The mana value of an object where it is (202.3)."""
    return casting.object_mana_value(s.get(st, a["object"]))


def cast_info(st: State, oid: str) -> s.Cast:
    obj = s.get(st, oid)
    if obj.spell is None:
        raise IllegalAction(f"{oid} is not a spell on the stack")
    return obj.spell


def total_cost_of(st: State, a: dict) -> str:
    """The total cost of a spell with this mana cost (601.2f), without a game around it."""
    return str(costs.total_cost(a.get("mana_cost"), alternative=a.get("alternative"),
                                additional=a.get("additional", ()), increases=a.get("increases", ()),
                                reductions=a.get("reductions", ()), x=int(a.get("x", 0))))


def ability_of(st: State, a: dict) -> abilities.Ability:
    obj = s.get(st, a["object"])
    return abilities.named(obj.abilities, a["ability"]) or actions.ability_of(obj, a["ability"])


def _event_ids(st: State, kind: str) -> list:
    return [e.obj for e in s.events(st, kind)]


def face_up(st: State, a: dict) -> str:
    """The name of the face up of a card with several faces (712.8), else the object's card."""
    obj = s.get(st, a["object"])
    return obj.faces[int(obj.face)].name if obj.faces and obj.face != "both" else obj.id


def _life_to_pay(st: State, a: dict) -> int:
    """The life a payer may pay with: as given ("life"), else the life total of the "player" named, else none."""
    if "life" in a:
        return int(a["life"])
    return life.life_of(st, a["player"]) if "player" in a else 0


def log(st: State, a: dict) -> list:
    """The events of a kind as "object by player: detail" (the turn left out)."""
    return [f"{e.obj} by {e.player}" + (f": {e.detail}" if e.detail else "") for e in s.events(st, a["kind"])]


QUERIES: dict[str, tuple[str, Callable[[State, dict], Any]]] = {
    "legal_attacks": ("object", legal_attacks),
    "must_attack": ("object", lambda st, a: NO_ATTACK not in legal_attacks(st, a)),
    "attacking": ("object", lambda st, a: s.get(st, a["object"]).attacking),
    "goaded_by": ("object", lambda st, a: sorted(s.get(st, a["object"]).goaded_by)),
    "zone": ("object", lambda st, a: s.zone_of(st, a["object"])),
    "attached_to": ("object", lambda st, a: (s.get(st, a["object"]).attached_to or (None,))[0]),
    "controller": ("object", lambda st, a: s.controller_of(st, a["object"])),
    "tapped": ("object", lambda st, a: s.get(st, a["object"]).tapped),
    "damage": ("object", lambda st, a: s.get(st, a["object"]).damage),
    "regeneration_shields": ("object", lambda st, a: len(destruction.shields(st, s.get(st, a["object"])))),
    "exerted": ("object", lambda st, a: exert.held(st, a["object"])),
    "face_down": ("object", lambda st, a: s.get(st, a["object"]).face_down),
    "face_up": ("object", face_up),
    "suspended": ("object", lambda st, a: actions.suspended(s.get(st, a["object"]))),
    "keywords": ("object", lambda st, a: sorted(colors.keywords_of(st, a["object"]))),
    "types": ("object", lambda st, a: list(s.get(st, a["object"]).types)),
    "colors": ("object", lambda st, a: list(colors.color_of(st, a["object"]))),
    "devotion": ("player", lambda st, a: colors.devotion(st, a["player"], tuple(a["colors"]))),
    "counters": ("object", lambda st, a: dict(s.get(st, a["object"]).counters).get(a.get("kind", "time"), 0)),
    "targets": ("object", lambda st, a: [t for t, _ in s.get(st, a["object"]).targets]),
    "exists": ("object", lambda st, a: s.find(st, a["object"]) is not None),
    "library_top": ("player", lambda st, a: list(library.library(st, a["player"])[:int(a.get("count", 1))])),
    "library_bottom": ("player", lambda st, a: sorted(library.library(st, a["player"])[-int(a.get("count", 1)):])),  # in no order
    "encoded_on": ("object", lambda st, a: sorted(cipher.encoded_on(st, a["object"]))),
    "encoded_where": ("object", lambda st, a: cipher.encoded_where(st, a["object"])),
    "mana_value": ("object", mana_value),
    "cast_from": ("object", lambda st, a: cast_info(st, a["object"]).cast_from),
    "alternative": ("object", lambda st, a: cast_info(st, a["object"]).alternative),
    "total_cost": ("object", lambda st, a: cast_info(st, a["object"]).total),
    "mana_paid": ("object", lambda st, a: cast_info(st, a["object"]).mana_paid),
    "x": ("object", lambda st, a: cast_info(st, a["object"]).x),
    "was_cast": ("object", lambda st, a: cast_info(st, a["object"]).cast),
    "kicked": ("object", lambda st, a: s.get(st, a["object"]).kicked),
    "delved": ("object", lambda st, a: list(cast_info(st, a["object"]).delved)),
    "convoked": ("object", lambda st, a: list(cast_info(st, a["object"]).convoked)),
    "modes": ("object", lambda st, a: list(cast_info(st, a["object"]).modes)),
    "mana_spent": ("object", lambda st, a: [str(u.type) for u in spent.units(s.get(st, a["object"]))]),
    "colors_spent": ("object", lambda st, a: spent.colors(s.get(st, a["object"]))),
    "adamant": ("object", lambda st, a: spent.adamant(s.get(st, a["object"]), a["color"])),
    "total_cost_of": ("mana_cost", total_cost_of),
    "mana_value_of": ("cost", lambda st, a: costs.mana_value(a["cost"], int(a.get("x", 0)))),
    "payable": ("cost", lambda st, a: mana.payable(a["cost"], a.get("with", ()), a.get("spend_as"), _life_to_pay(st, a))),
    "snow_spent": ("cost", lambda st, a: mana.snow_spent(a["cost"], a.get("with", ()), a.get("spend_as"))),
    "stack": ("player", lambda st, a: list(st.stack)),
    "stack_size": ("player", lambda st, a: len(st.stack)),
    "pending": ("player", lambda st, a: [p.id for p in st.pending]),
    "resolved": ("player", lambda st, a: _event_ids(st, "resolve")),
    "events": ("kind", lambda st, a: _event_ids(st, a["kind"])),
    "log": ("kind", log),
    "in_order": ("kinds", lambda st, a: [f"{e.kind} {e.obj}" for e in st.events if e.kind in a["kinds"]]),
    "source": ("object", lambda st, a: s.get(st, a["object"]).source),
    "owner": ("object", lambda st, a: s.get(st, a["object"]).owner),
    "discarded": ("player", lambda st, a: _event_ids(st, "discard")),
    "cast_count": ("player", lambda st, a: sum(1 for e in s.events(st, "cast") if e.turn == st.turn)),
    "in_zone": ("zone", lambda st, a: sorted(o.id for o in s.in_zone(st, a["zone"], a.get("player")))),
    "seen": ("label", lambda st, a: dict(st.seen).get(a["label"])),
    "active": ("player", lambda st, a: st.active),
    "life": ("player", lambda st, a: life.life_of(st, a["player"])),
    "library": ("player", lambda st, a: list(library.library(st, a["player"]))),
    "energy": ("player", lambda st, a: player_counters.count(st, a["player"])),
    "poison": ("player", lambda st, a: player_counters.count(st, a["player"], damage.POISON)),
    "in_game": ("player", lambda st, a: a["player"] in s.in_game(st)),
    "step": ("player", lambda st, a: st.step),
    "priority": ("player", lambda st, a: s.holder(st)),
    "options": ("player", lambda st, a: priority.options(st, a["player"])),
    "split_second_locks": ("player", lambda st, a: priority.locked(st)),
    "may_cast": ("card", lambda st, a: priority.may_cast(st, a.get("player", st.active), s.get(st, a["card"]))),
    "may_activate": ("object", lambda st, a: priority.may_activate(st, ability_of(st, a))),
    "may_turn_face_up": ("player", lambda st, a: priority.may_special(st, a["player"], priority.TURN_FACE_UP)),
    "may_suspend": ("card", lambda st, a: priority.may_special(st, a.get("player", st.active), priority.SUSPEND,
                                                               s.get(st, a["card"]))),
    "is_mana_ability": ("object", lambda st, a: abilities.is_mana_ability(ability_of(st, a))),
    "uses_stack": ("object", lambda st, a: abilities.uses_stack(ability_of(st, a))),
    "may_choose_new_targets": ("spell", lambda st, a: control.retarget_allowed(st, a["spell"], a["player"])),
    "delayed": ("player", lambda st, a: sorted(d.name for d in st.delayed)),
    "left": ("player", lambda st, a: list(st.left)),
    "raid": ("player", lambda st, a: history.attacked_this_turn(st, a["player"])),
    "revolt": ("player", lambda st, a: history.permanent_left_this_turn(st, a["player"])),
    "card_types_in_graveyard": ("player", lambda st, a: history.types_in_graveyard(st, a["player"])),
    "delirium": ("player", lambda st, a: history.delirium(st, a["player"])),
    "power": ("object", lambda st, a: bodies.power(st, a["object"])),
    "designations": ("object", lambda st, a: sorted(s.get(st, a["object"]).designations)),
    "blessed": ("player", lambda st, a: designations.blessed(st, a["player"])),
    "toughness": ("object", lambda st, a: bodies.toughness(st, a["object"])),
    "room": ("object", lambda st, a: getattr(dungeon.room_of(s.get(st, a["object"])), "name", None)),
}
