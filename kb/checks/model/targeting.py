"""Choosing a spell's targets as it is cast (601.2c): each must be what the spell's "target: kind"
keyword asks for (115.1), and a target the spell requires only if it was kicked ("kicked target:
kind") is chosen only then (702.33g): unkicked, the spell is cast as though it did not require it;
kicked, it must be chosen, so a spell can't be kicked when nothing can be chosen for it. A spell
with a kicked target has one target of the kinds it always asks for (Orim's Thunder), or none
(Probe), and the kicked one last. A split spell whose halves have targets has one target for each
word "target" of each half cast, in order (kb.checks.model.halves): the same object may be each
half's (115.3). "creature you control" asks for one its caster controls, "creature you don't
control" for one it doesn't. A permanent with shroud, hexproof against an opponent's spell, or
protection from one of the spell's colors can't be chosen (kb.checks.model.protection). A spell
cast for its overload cost has no targets: its every "target" reads "each" (702.96a-b). A spell
that text was spliced onto has its own targets, then one for each word "target" of each spliced
card's text (702.47d, kb.checks.model.splice).
"""

from __future__ import annotations

from typing import Sequence

from kb.checks.model import halves, protection, splice
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import STACK, Obj, State

TARGET, KICKED_TARGET = "target:", "kicked target:"
YOURS, THEIRS = " you control", " you don't control"
OVERLOAD = "overload"  # the alternative cost that changes "target" to "each" in a spell's text (702.96a)


def is_kind(obj: Obj, kind: str, player: str | None = None) -> bool:
    """Whether ``obj`` is what "target: ``kind``" asks for: a spell, an ability, or a permanent of
    that type (one ``player`` controls, for "... you control")."""
    if kind.endswith(THEIRS):
        return obj.controller != player and is_kind(obj, kind[: -len(THEIRS)])
    if kind.endswith(YOURS):
        return obj.controller == player and is_kind(obj, kind[: -len(YOURS)])  # a permanent's controller is set
    if kind == "spell":
        return obj.zone == STACK and obj.kind != s.ABILITY
    if kind == "ability":
        return obj.zone == STACK and obj.kind == s.ABILITY
    return obj.zone == s.BATTLEFIELD and kind in obj.types


def kinds(spell: Obj, prefix: str) -> list[str]:
    """The kinds of target the spell's keywords starting with ``prefix`` ask for."""
    return sorted(k[len(prefix):].strip() for k in spell.keywords if k.startswith(prefix))


def choose(state: State, oid: str, targets: Sequence[str | None], kept: Sequence[int] = ()) -> State:
    """601.2c, 702.33g: ``targets`` become the spell's, each checked against what it asks for;
    ``kept``: the places of targets a copy keeps unchanged (None there), not checked again (707.10c, 115.7d)."""
    spell = s.get(state, oid)
    if overloaded(spell):
        if targets:
            raise IllegalAction(f"{oid} is cast for its overload cost: it has no targets, its every \"target\" reads \"each\" (702.96a, 702.96b)")
        return state  # cast, it has none (the move to the stack clears them)
    added = splice.target_kinds(spell)
    if len(targets) < len(added):
        raise IllegalAction(f"{oid} needs a target for each word \"target\" of the text spliced onto it: {len(added)}, "
                            f"not {len(targets)} (702.47b, 702.47d)")
    own, spliced_targets = tuple(targets[: len(targets) - len(added)]), tuple(targets[len(targets) - len(added):])
    if added and halves.instances(spell) is None and not kinds(spell, KICKED_TARGET) and len(own) != len(kinds(spell, TARGET)):
        raise IllegalAction(f"{oid} has {len(kinds(spell, TARGET))} target(s) of its own before those of the text spliced onto it, "
                            f"not {len(own)} (601.2c, 702.47d)")
    checked = _own(spell, own) + [(t, [kind]) for t, kind in zip(spliced_targets, added)]
    return _checked(state, [pair for place, pair in enumerate(checked) if place not in kept], spell, targets, tuple(kept))


def _own(spell: Obj, targets: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The spell's own targets, each with the kinds it may be (601.2c, 702.33g, 115.3)."""
    oid = spell.id
    asked, kicked_kinds = kinds(spell, TARGET), kinds(spell, KICKED_TARGET)
    checked = [(t, asked) for t in targets]
    per_half = halves.instances(spell)
    if per_half is not None:
        if len(targets) != len(per_half):
            raise IllegalAction(f"{oid} has {len(per_half)} target{'s' if len(per_half) > 1 else ''}, one for each word "
                                f"\"target\" of the half or halves cast, not {len(targets)} (601.2c, 115.3)")
        checked = [(t, [kind]) for t, kind in zip(targets, per_half)]
    elif kicked_kinds:  # one target of the kinds it always asks for (if any), then the kicked one
        base = 1 if asked else 0
        if not spell.kicked and len(targets) > base:
            raise IllegalAction(f"{oid} isn't kicked: it is cast as though it did not require its kicked target (702.33g, 601.2c)")
        if spell.kicked and len(targets) != base + 1:
            raise IllegalAction(f"{oid} is kicked: it requires {base + 1} target{'s' if base else ''}, one for what its kicker does, "
                                f"and can't be kicked without it (702.33g, 601.2c)")
        checked = [(t, asked) for t in targets[:base]] + [(t, kicked_kinds) for t in targets[base:]]
    return checked


def _checked(state: State, checked: list, spell: Obj, targets: Sequence[str], kept: tuple = ()) -> State:
    """``targets`` become the spell's, each checked against the kinds it may be and what keeps it from being targeted
    (those in the places ``kept`` stay the spell's own, unchecked)."""
    oid = spell.id
    for t, wanted in checked:
        if wanted and not any(is_kind(s.get(state, t), kind, spell.controller) for kind in wanted):
            raise IllegalAction(f"{t} is not a legal target for {oid}: it targets {' or '.join(wanted)} (115.1, 601.2c)")
        shielded = protection.untargetable(state, t, oid) if s.get(state, t).zone == s.BATTLEFIELD else None
        if shielded:
            raise IllegalAction(f"{t} can't be the target of {oid}: it has {shielded}")
    return s.update(state, oid, targets=tuple(spell.targets[place] if place in kept else (t, s.get(state, t).number)
                                              for place, t in enumerate(targets)))


def overloaded(spell: Obj) -> bool:
    """Whether a spell was cast for its overload cost (702.96a)."""
    return spell.spell is not None and spell.spell.alternative == OVERLOAD
