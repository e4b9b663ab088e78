"""Running a scenario: ``given`` builds a state, ``do`` acts on it, ``expect`` asks queries.

A scenario is plain data (it serialises to JSON as it is)::

    {"name": "goaded by B and C",
     "given": {"players": ["A", "B", "C", "D"],
               "objects": [{"id": "Bear", "owner": "A", "zone": "battlefield",
                            "types": ["creature"], "goaded_by": ["B", "C"]}]},
     "do": [{"declare_attackers": {"Bear": "D"}}],
     "expect": [{"legal_attacks": "Bear", "is": ["D"]}]}

Each row of ``do`` and ``expect`` is a mapping with one key naming the action or the query (its
value: the arguments, a mapping or a single value) and, in ``expect``, ``is`` (the value the
query must return) and an optional ``why``. ``{"check": {...expect row...}}`` in ``do`` checks a
value halfway; ``between: [...expect rows...]`` in the arguments of ``cast``, ``activate`` or ``resolve``
checks values midway, while the spell or ability is put on the stack and its costs not yet paid,
or after the first instruction of what resolves, when nobody has priority. ``run`` returns the failures, never raising for a failure of the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from kb.checks.claims import build
from kb.checks.claims.queries import QUERIES
from kb.checks.model import actions, casting, colors, combat, control, copies, entering, faces, leaving, library, player_counters
from kb.checks.model import attachments, bodies, damage, destruction, dungeon, dying, exert, face_down, saga, stack, untapping, vehicles
from kb.checks.model import discard as dis
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction, ModelError, ScenarioError
from kb.checks.model.state import State


@dataclass(frozen=True)
class Failure:
    scenario: str
    row: str  # the query or action, as written
    found: Any
    expected: Any
    why: str = ""

    def describe(self) -> str:
        text = f"in '{self.scenario}': {self.row} is {_show(self.found)}; expected: {_show(self.expected)}"
        return text + (f" ({self.why})" if self.why else "")


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return "none" if value is None else str(value)


def _args(value: Any, first: str) -> dict:
    if isinstance(value, Mapping):
        return dict(value)
    return {} if value is None else {first: value}


def _many(value: Any) -> tuple:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


def _owner(st: State, a: dict, key: str) -> str:
    """The acting player: as given, else the owner of the card (the controller of a permanent)."""
    if "player" in a:
        return a["player"]
    return s.controller_of(st, a[key]) if s.find(st, a[key]) is not None else st.active


def _cast(st: State, a: dict) -> State:
    return casting.cast(st, _owner(st, a, "card"), a["card"], alternative=a.get("alternative"),
                        kicker=int(a.get("kicker", 0)), x=int(a.get("x", 0)), half=a.get("half", 0),
                        delve=_many(a.get("delve")), convoke=_many(a.get("convoke")), improvise=_many(a.get("improvise")),
                        discard=a.get("discard"),
                        targets=_many(a.get("targets")), exile=_many(a.get("exile")),
                        sacrifice=_many(a.get("sacrifice")), splice=_many(a.get("splice")), modes=_many(a.get("modes")),
                        spend=_many(a.get("spend")), between=a.get("between"))


def _copy(st: State, a: dict) -> State:
    """Copy a spell (707.10); ``new_targets``: one per target of the original, null to leave it (707.10c)."""
    new = a.get("new_targets")
    return s.to_priority(copies.copy_spell(st, a["spell"], a.get("player", st.active), None if new is None else _many(new),
                                           None if a.get("modes") is None else _many(a["modes"]),
                                           None if a.get("x") is None else int(a["x"]), a.get("pay")))


def _resolve_all(st: State, a: dict) -> State:
    for _ in range(50):
        if not st.stack:
            return st
        st = stack.resolve(st, a)
    raise ScenarioError("the stack didn't empty in 50 resolutions")


def _pass_turns(st: State, a: dict) -> State:
    for _ in range(int(a.get("count", 1))):
        st = stack.pass_turn(_resolve_all(st, {}) if a.get("resolve", True) else st)
    return st


def _checked(st: State) -> State:
    """State-based actions, then waiting triggers onto the stack: as a player would receive priority (704.3)."""
    return s.to_priority(leaving.state_based(st))


def _lose_abilities(st: State, a: dict) -> State:
    return s.update(st, a["object"], keywords=frozenset(), abilities=(), keyword_costs=())


ACTIONS: dict[str, tuple[str, Callable[[State, dict], State]]] = {
    # name: (the argument a single value stands for, the action)
    "cast": ("card", _cast),
    "activate": ("object", lambda st, a: actions.activate(st, _owner(st, a, "object"), a["object"], a["ability"],
                                                          discard=a.get("discard"), between=a.get("between"))),
    "cycle": ("card", lambda st, a: actions.activate(st, _owner(st, a, "card"), a["card"], actions.CYCLING)),
    "resolve": ("cast", lambda st, a: stack.resolve(st, a)),
    "resolve_all": ("cast", _resolve_all),
    "pass_priority": ("cast", lambda st, a: stack.pass_priority(st, a)),
    "counter": ("object", lambda st, a: _checked(leaving.counter(st, a["object"]))),
    "copy": ("spell", _copy),
    "become": ("object", lambda st, a: entering.become(st, a["object"], a["type"])),
    "put_onto_battlefield": ("object", lambda st, a: s.to_priority(entering.put_onto_battlefield(
        st, a["object"], a.get("player"), bool(a.get("transformed", False)), a.get("counters"), a.get("attacking")))),
    "put_all_onto_battlefield": ("objects", lambda st, a: s.to_priority(entering.put_all(st, _many(a["objects"]), a.get("player")))),
    "crew": ("vehicle", lambda st, a: vehicles.crew(st, _owner(st, a, "vehicle"), a["vehicle"], _many(a.get("with", ())))),
    "set_base_pt": ("object", lambda st, a: _checked(bodies.set_base(st, a["object"], int(a["power"]), int(a["toughness"])))),
    "modify_pt": ("object", lambda st, a: _checked(bodies.modify(st, a["object"], int(a["power"]), int(a["toughness"])))),
    "transform": ("object", lambda st, a: faces.transform(st, a["object"])),
    "play_land": ("card", lambda st, a: entering.play_land(st, _owner(st, a, "card"), a["card"],
                                                          None if a.get("face") is None else int(a["face"]))),
    "set_color": ("object", lambda st, a: colors.add(st, colors.COLOR, a["object"], _many(a["colors"]))),
    "remove_abilities": ("object", lambda st, a: colors.add(st, colors.LOSE_ABILITIES, a["object"])),
    "copy_permanent": ("object", lambda st, a: copies.copy_permanent(st, a["object"], a.get("player", st.active))),
    "get_energy": ("count", lambda st, a: player_counters.gain(st, a.get("player", st.active), player_counters.ENERGY,
                                                                    int(a["count"]))),
    "pay_energy": ("count", lambda st, a: player_counters.pay(st, a.get("player", st.active), player_counters.ENERGY,
                                                                   int(a["count"]))),
    "discard": ("card", lambda st, a: dis.discard(st, _owner(st, a, "card"), a["card"], a.get("reason", "effect"),
                                                  other=a.get("other"), choose_madness=a.get("madness", True))),
    "cleanup_discard": ("cards", lambda st, a: dis.cleanup_discard(st, a.get("player", st.active), _many(a["cards"]))),
    "mill": ("player", lambda st, a: dis.mill(st, a["player"], int(a.get("count", 1)))),
    "move": ("object", lambda st, a: s.move(st, a["object"], a["to"], controller=a.get("controller"))),
    "to_priority": ("player", lambda st, a: s.to_priority(st)),
    "state_based_actions": ("player", lambda st, a: leaving.state_based(st)),
    "goad": ("object", lambda st, a: combat.goad(st, a["object"], a["by"])),
    "declare_attackers": ("attacks", lambda st, a: combat.declare_attackers(st, {k: v for k, v in a.items() if k != "exert"},
                                                                           _many(a.get("exert", ())))),
    "remove_from_combat": ("object", lambda st, a: combat.remove_from_combat(st, a["object"])),
    "freeze": ("object", lambda st, a: exert.freeze(st, a["object"])),
    "tap": ("object", lambda st, a: s.update(st, a["object"], tapped=True)),
    "untap": ("object", lambda st, a: s.to_priority(untapping.untap(st, a["object"]))),
    "attach": ("object", lambda st, a: attachments.attach(st, a["object"], a["to"])),
    "additional_combat": ("step", lambda st, a: stack.go_to(st, s.BEGIN_COMBAT)),
    "go_to": ("step", lambda st, a: stack.go_to(st, a["step"])),
    "pass_turn": ("count", _pass_turns),
    "gain_control": ("object", lambda st, a: control.gain_control(st, a["object"], a["player"], a.get("source", "effect"))),
    "exchange": ("first", lambda st, a: control.exchange(st, a["first"], a["second"], a.get("source", "effect"))[0]),
    "leave_game": ("player", lambda st, a: control.leave_game(st, a["player"])),
    "choose_new_targets": ("spell", lambda st, a: control.choose_new_targets(st, a["spell"], a["player"],
                                                                               _many(a["targets"]))),
    "turn_face_up": ("object", lambda st, a: face_down.turn_face_up(st, _owner(st, a, "object"), a["object"], a.get("paying"))),
    "suspend": ("card", lambda st, a: actions.suspend(st, _owner(st, a, "card"), a["card"])),
    "scry": ("count", lambda st, a: library.scry(st, a.get("player", st.active), int(a["count"]), _many(a["top"]) if "top" in a
                                                 else None, _many(a.get("bottom")))),
    "foretell": ("card", lambda st, a: actions.foretell(st, _owner(st, a, "card"), a["card"])),
    "search": ("player", lambda st, a: library.search(st, a["player"], _many(a.get("found", ())), a.get("quality"),
                                                     int(a.get("count", 1)))),
    "lose_abilities": ("object", _lose_abilities),
    "add_counters": ("object", lambda st, a: _checked(saga.add_counters(
        st, a["object"], a.get("kind", saga.LORE), int(a.get("count", 1)), _many(a["order"]) if "order" in a else None))),
    "destroy": ("objects", lambda st, a: _checked(dying.destroy(st, _many(a["objects"]), a.get("instead"),
                                                                not a.get("cant_regenerate", False)))),
    "regenerate": ("object", lambda st, a: destruction.regenerate(st, a["object"])),
    "sacrifice": ("object", lambda st, a: _checked(dying.sacrifice(st, _owner(st, a, "object"), a["object"]))),
    "deal_damage": ("object", lambda st, a: _checked(dying.deal_damage(st, a["object"], int(a.get("amount", 1))))),
    "damage": ("source", lambda st, a: _checked(damage.deal(st, a["source"], a["to"], int(a.get("amount", 1)), int(a.get("prevent", 0)),
                                                        bool(a.get("combat", False))))),
    "gain_ability": ("object", lambda st, a: colors.gain_ability(st, a["object"], build.ability(a["ability"]))),
    "venture": ("player", lambda st, a: s.to_priority(dungeon.venture(st, a.get("player", st.active), a.get("dungeon"),
                                                                     a.get("room")))),
    "remove_counters": ("object", lambda st, a: saga.remove_counters(st, a["object"], a.get("kind", saga.LORE),
                                                                     int(a.get("count", 1)))),
}


def act(st: State, row: Mapping) -> State:
    """Perform one ``do`` row."""
    name = _key(row, ACTIONS, "action")
    first, action = ACTIONS[name]
    return action(st, _args(row[name], first))


def ask(st: State, row: Mapping) -> Any:
    """Answer one query row; ``legal`` answers whether an action row would be allowed."""
    name = _key(row, {**QUERIES, "legal": None}, "query")
    if name == "legal":
        try:
            act(st, row[name])
        except IllegalAction:
            return False
        return True
    first, query = QUERIES[name]
    return query(st, _args(row[name], first))


def _key(row: Mapping, known: Mapping, what: str) -> str:
    if not isinstance(row, Mapping):
        raise ScenarioError(f"a {what} row is a mapping, not {row!r}")
    keys = [k for k in row if k not in ("is", "why")]
    if len(keys) != 1 or keys[0] not in known:
        raise ScenarioError(f"unknown {what} in {dict(row)!r}; known: {', '.join(sorted(known))}")
    return keys[0]


def run(scenario: Mapping) -> list[Failure]:
    """Run one scenario: every expectation that the model doesn't meet is a Failure."""
    name = scenario.get("name", "scenario")
    try:
        st = build.state(scenario.get("given", {}))
    except Exception as err:  # noqa: BLE001
        return [Failure(name, "given", f"an error ({type(err).__name__}: {err})", "a state")]
    failures: list[Failure] = []
    for row in scenario.get("do", ()) or ():
        if isinstance(row, Mapping) and "check" in row:
            failures += _check(name, st, row["check"])
            continue
        row, midway, seen = _midway(row if isinstance(row, Mapping) else {row: None})
        try:
            st = act(st, row)
        except ModelError as err:
            return failures + [Failure(name, _label(row), f"refused ({err})", "allowed")]
        except Exception as err:  # noqa: BLE001 (a bug in the model fails the claim, never the run)
            return failures + [Failure(name, _label(row), f"a crash ({type(err).__name__}: {err})", "allowed")]
        if midway and not seen:
            failures.append(Failure(name, _label(row), "never midway", "checks midway"))
        for check in midway if seen else ():
            failures += _check(name, seen[0], check)
    for row in scenario.get("expect", ()) or ():
        failures += _check(name, st, row)
    return failures


def _midway(row: Mapping) -> tuple[Mapping, list, list]:
    """A ``do`` row without its ``between`` checks, those checks, and where the state midway will
    be kept (the model shows it to the row's action)."""
    name = next((k for k in row if k not in ("is", "why")), None)
    args = row.get(name) if name is not None else None
    if not isinstance(args, Mapping) or "between" not in args:
        return row, [], []
    midway, seen = list(args["between"] or ()), []
    return {**row, name: {**args, "between": seen.append}}, midway, seen


def _check(name: str, st: State, row: Mapping) -> list[Failure]:
    try:
        found = ask(st, row)
    except ModelError as err:
        return [Failure(name, _label(row), f"an error ({err})", row.get("is"), row.get("why", ""))]
    except Exception as err:  # noqa: BLE001
        return [Failure(name, _label(row), f"a crash ({type(err).__name__}: {err})", row.get("is"), row.get("why", ""))]
    expected = row.get("is")
    if found != expected:
        return [Failure(name, _label(row), found, expected, row.get("why", ""))]
    return []


def _label(row: Any) -> str:
    if not isinstance(row, Mapping):
        return str(row)
    key = next((k for k in row if k not in ("is", "why")), "?")
    value = row.get(key)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{k}={v}" for k, v in value.items())
        return f"{key}({inner})"
    return f"{key}({value})" if value is not None else key


def first_failure(failures: list[Failure]) -> Optional[Failure]:
    return failures[0] if failures else None
