"""A scenario's ``given`` -> a model State; card templates (``cards.yaml``) -> object fields.

``given`` keys: players (turn order; default [A, B]), active (default the first), turn, step,
priority, left, objects, modifiers, attack_costs, life ({player: total}; 20 if not given),
cant_gain_life and cant_lose_life (players). An object: id (default: its card's name),
card (a template of cards.yaml: real cards' types, mana costs, keywords), owner (default A),
zone (default hand), controller, types, mana_cost, colors (default: its mana cost's), layout,
faces [{name, mana_cost, types, keywords, effect}], face, keywords, costs {keyword: cost; additional: a mandatory
additional cost, "discard a card"}, abilities
[{name, kind, cost, adds_mana, targets, loyalty, when (what it triggers on), condition, effect, zone}], counters
{kind: n}, power and toughness (printed), damage (marked), attached_to (an Aura's or Equipment's object), tapped, face_down, sick, goaded_by, designations (monstrous, renowned), cant_attack, protector, effect [[verb, {args}]],
targets, kind, and on the stack: cast {from, alternative, x, additional}.
Objects in the stack zone go on the stack in the order listed (bottom first).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from kb.checks.model import abilities, cards, costs
from kb.checks.model import state as s
from kb.checks.model.errors import ScenarioError
from kb.text import yaml_data

OBJECT_KEYS = {
    "id", "card", "owner", "zone", "controller", "types", "mana_cost", "colors", "layout", "faces", "face",
    "keywords", "costs", "abilities", "counters", "tapped", "face_down", "sick", "goaded_by", "cant_attack",
    "protector", "effect", "targets", "kind", "cast", "power", "toughness", "damage", "attached_to", "designations",
}
GIVEN_KEYS = {"players", "active", "turn", "step", "priority", "left", "objects", "modifiers", "attack_costs",
              "life", "cant_gain_life", "cant_lose_life", "player_counters"}


@lru_cache(maxsize=1)
def templates() -> dict[str, dict]:
    """The card templates: real cards as printed (``kb/checks/claims/cards.yaml``)."""
    text = resources.files("kb.checks.claims").joinpath("cards.yaml").read_text(encoding="utf-8")
    return yaml_data.load(text)["cards"]


def expand(obj: Mapping) -> dict:
    """An object row with its card template's fields filled in (the row's own fields win)."""
    unknown = set(obj) - OBJECT_KEYS
    if unknown:
        raise ScenarioError(f"unknown object fields {sorted(unknown)} in {dict(obj)!r}")
    if "card" not in obj:
        return dict(obj)
    if obj["card"] not in templates():
        raise ScenarioError(f"no card template {obj['card']!r} in cards.yaml")
    return {"id": obj["card"], **templates()[obj["card"]], **obj}


def expand_given(given: Mapping) -> dict:
    unknown = set(given) - GIVEN_KEYS
    if unknown:
        raise ScenarioError(f"unknown given fields {sorted(unknown)}")
    return {**given, **({"objects": [expand(o) for o in given["objects"]]} if "objects" in given else {})}


def ability(row: Mapping) -> abilities.Ability:
    return abilities.Ability(
        name=row["name"], kind=row.get("kind", abilities.ACTIVATED), cost=row.get("cost", ""),
        adds_mana=bool(row.get("adds_mana", False)), targets=bool(row.get("targets", False)),
        loyalty=bool(row.get("loyalty", False)), on=row.get("when", ""), condition=tuple(row.get("condition", ())),
        effect=effect(row.get("effect", ())), zone=row.get("zone", s.BATTLEFIELD),
    )


def effect(rows: Any) -> tuple:
    return tuple((verb, dict(args or {})) for verb, args in (rows or ()))


def obj(row: Mapping, number: int) -> s.Obj:
    row = expand(row)
    mana_cost = row.get("mana_cost")
    faces = tuple(cards.Face(f["name"], f.get("mana_cost"), tuple(f.get("types", ())), frozenset(f.get("keywords", ())),
                             effect(f.get("effect"))) for f in row.get("faces", ()))
    zone = row.get("zone", s.HAND)
    cast = row.get("cast")
    spell = None
    if zone == s.STACK and row.get("kind", s.CARD) != s.ABILITY:
        cast = cast or {}
        spell = s.Cast(cast_from=cast.get("from", s.HAND), alternative=cast.get("alternative"), x=int(cast.get("x", 0)),
                       additional=tuple(cast.get("additional", ())))
    owner = row.get("owner", "A")
    return s.Obj(
        id=str(row["id"]), owner=owner, zone=zone,
        controller=row.get("controller", owner) if zone in (s.BATTLEFIELD, s.STACK) else None,
        kind=row.get("kind", s.CARD), types=tuple(row.get("types", ())), mana_cost=mana_cost,
        layout=row.get("layout", "normal"), faces=faces, face=row.get("face", 0),
        colors=tuple(row.get("colors", costs.colors_of(mana_cost))), keywords=frozenset(row.get("keywords", ())),
        keyword_costs=tuple(sorted((k, str(v)) for k, v in (row.get("costs") or {}).items())),
        abilities=tuple(ability(a) for a in row.get("abilities", ())),
        counters=tuple(sorted((row.get("counters") or {}).items())), tapped=bool(row.get("tapped", False)),
        face_down=bool(row.get("face_down", False)), sick=bool(row.get("sick", False)),
        goaded_by=tuple(row.get("goaded_by", ())), designations=frozenset(row.get("designations", ())), cant_attack=bool(row.get("cant_attack", False)),
        protector=row.get("protector"), power=_number(row.get("power")), toughness=_number(row.get("toughness")),
        damage=_damage(row.get("damage")),
        number=number, spell=spell, effect=effect(row.get("effect")),
    )


def _number(value: Any):
    """A printed power or toughness: a whole number, or none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"power and toughness are whole numbers, not {value!r}")
    return value


def _damage(value: Any) -> int:
    """Damage marked on an object: a whole number, 0 or more (none given: 0)."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScenarioError(f"damage is a whole number, 0 or more, not {value!r}")
    return value


def state(given: Mapping) -> s.State:
    given = expand_given(given)
    players = tuple(given.get("players", ("A", "B")))
    st = s.State(players=players, active=given.get("active", players[0]), turn=int(given.get("turn", 1)),
                 step=given.get("step", s.MAIN1), priority=given.get("priority"), left=tuple(given.get("left", ())),
                 attack_costs=tuple((given.get("attack_costs") or {}).items()),
                 modifiers=tuple(s.Modifier(m["kind"], str(m["amount"]), m.get("player"), tuple(m.get("types", ())))
                                 for m in given.get("modifiers", ())),
                 life=tuple(sorted((str(p), int(n)) for p, n in (given.get("life") or {}).items())),
                 player_counters=tuple(sorted((str(p), str(k), int(n)) for p, kinds in (given.get("player_counters") or {}).items()
                                              for k, n in kinds.items())),
                 life_locked=tuple((str(p), kind) for kind in ("gain", "lose") for p in given.get(f"cant_{kind}_life", ())))
    rows = given.get("objects", ())
    for number, row in enumerate(rows, start=1):
        made = obj(row, number)
        st = s.push(st, made) if made.zone == s.STACK else s.put(st, made)
    st = replace(st, counter=len(rows) + 1)
    for row in rows:  # targets refer to objects listed anywhere
        if row.get("targets"):
            st = s.update(st, str(row.get("id", row.get("card"))),
                          targets=tuple((t, s.get(st, t).number) for t in row["targets"]))
        if row.get("attached_to"):
            st = s.update(st, str(row.get("id", row.get("card"))), attached_to=(row["attached_to"], s.get(st, row["attached_to"]).number))
    return st
