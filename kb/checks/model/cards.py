"""Cards with more than one face or part, and which mana cost their mana value comes from.

The layouts are MTGJSON's. By example (202.3, 709, 712, 715)::

    split / aftermath / fuse   Fire // Ice {1}{R} and {1}{U}: the card 4; on the stack a half 2,
                               a fused split spell 4 (202.3d)
    adventure                  Giant Killer {W} // Chop Down {2}{W}: 1, except on the stack cast as
                               an Adventure: 3 (715.4)
    modal_dfc                  the front face's, except on the stack or the battlefield: the face
                               up (712.8a, 712.8f)
    transform                  the back face up: the front face's mana cost (202.3b, 712.8e)
    meld                       the melded permanent: both front faces' (202.3c)
    flip                       the mana cost in the upper right corner, flipped or not (710.2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence, Union

from kb.checks.model import costs

SPLIT_LAYOUTS = ("split", "aftermath", "fuse")
NORMAL = "normal"
ADVENTURE, ADVENTURE_PART = "adventure", 1  # an adventurer card's layout, and its Adventure's part (715.2)
AFTERMATH, AFTERMATH_PART = "aftermath", 1  # a split card whose second half has aftermath (702.127a)
MODAL = "modal_dfc"  # a modal double-faced card: each face is played or cast by itself (712.11b, 712.12)
BOTH = "both"  # a fused split spell (702.102)


@dataclass(frozen=True)
class Face:
    name: str
    mana_cost: Optional[str] = None  # None: no mana cost (202.3a)
    types: tuple[str, ...] = ()
    keywords: frozenset = frozenset()  # a split card's half's own: "target: creature" (see kb.checks.model.halves)
    effect: tuple = ()  # ... and what it does: ((verb, {args}), ...)


def card_mana_cost(layout: str, faces: Sequence[Face], face: Union[int, str], *, zone: str) -> tuple:
    """The mana costs whose mana values add up to the object's mana value, as (cost, ...)."""
    if not faces:
        return (None,)
    on_stack, in_play = zone == "stack", zone in ("stack", "battlefield")
    if layout in SPLIT_LAYOUTS:
        if on_stack and face != BOTH:
            return (faces[int(face)].mana_cost,)
        return tuple(f.mana_cost for f in faces)
    if layout == ADVENTURE:
        return (faces[int(face)].mana_cost if on_stack else faces[0].mana_cost,)
    if layout in (MODAL, "reversible_card"):
        return (faces[int(face)].mana_cost if in_play else faces[0].mana_cost,)
    if layout == "meld":
        return tuple(f.mana_cost for f in faces[:-1]) if face == len(faces) - 1 and in_play else (faces[0].mana_cost,)
    return (faces[0].mana_cost,)  # normal, transform (202.3b), flip, and the rest: the front face's


def card_mana_value(layout: str, faces: Sequence[Face], face: Union[int, str], *, zone: str, x: int):
    """The mana value of a card with these faces, the given face up or cast, in ``zone`` (202.3)."""
    value = sum(costs.mana_value(c, x if zone == "stack" else 0) for c in card_mana_cost(layout, faces, face, zone=zone))
    return int(value) if value == int(value) else value
