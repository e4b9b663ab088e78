"""Splice onto Arcane (702.47): cards revealed from the hand as an Arcane spell is cast, whose
rules text the spell gains while it is on the stack.

As a player casts an Arcane spell they may reveal cards with "splice onto Arcane" from their hand,
all at once, and pay each one's splice cost as an additional cost (702.47a, 601.2b, 601.2f). A
card can't be spliced onto itself: by then the spell is on the stack, not in the hand; and no card
can be spliced onto the same spell twice, though two cards of the same name can (702.47b). The
cards stay in the hand, whatever happens to the spell (they were only revealed). The spell gains
their instructions, after its own in the order the player chose (702.47b), and their targets, each
word "target" its own target chosen after the cards are revealed (702.47d, 601.2c): the spell's
targets are its own followed by the spliced cards', each card's in order. A splice that can't have
its targets chosen can't be made (702.47b). Once the spell leaves the stack it loses them (702.47e)::

    cast Reach Through Mists splicing Glacial Ray at Grizzly Bears -> draw a card, then 2 damage to the Bears
"""

from __future__ import annotations

from typing import Sequence

from kb.checks.model import halves
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction
from kb.checks.model.state import HAND, Event, Obj, State

SPLICE, ARCANE = "splice", "arcane"  # the keyword cost ("splice onto Arcane [cost]") and the subtype it splices onto
REVEAL = "reveal"


def spliced(state: State, player: str, spell: Obj, cards: Sequence[str]) -> tuple[tuple, tuple[str, ...]]:
    """What splicing ``cards`` onto ``spell`` (an Arcane card ``player`` is casting) adds: for
    each card, (card, its instructions, the kinds its targets ask for), and the splice costs to pay."""
    if not cards:
        return (), ()
    if len(set(cards)) < len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise IllegalAction(f"{twice} can be spliced onto {spell.id} only once (702.47b)")
    if spell.id in cards:
        raise IllegalAction(f"{spell.id} can't be spliced onto itself: as its splices are revealed, it is on the stack, "
                            f"not in its owner's hand (702.47a)")
    if ARCANE not in spell.types:
        raise IllegalAction(f"{spell.id} is not an Arcane spell: nothing can be spliced onto it (702.47a)")
    added, paid = [], []
    for oid in cards:
        card = s.get(state, oid)
        cost = card.keyword_cost(SPLICE)
        if card.zone != HAND or card.owner != player:
            raise IllegalAction(f"{oid} is not in {player}'s hand: only a card in its owner's hand can be spliced (702.47a)")
        if cost is None:
            raise IllegalAction(f"{oid} has no splice onto Arcane")
        added.append((oid, tuple(card.effect), tuple(halves.target_kinds(card))))
        paid.append(cost)
    return tuple(added), tuple(paid)


def target_kinds(spell: Obj) -> list[str]:
    """The kinds the targets of the text spliced onto a spell ask for, in order (its last targets)."""
    return [kind for _, _, kinds in spell.spell.spliced for kind in kinds] if spell.spell is not None else []


def instructions(spell: Obj) -> tuple:
    """What a spell does as it resolves: its own instructions (kb.checks.model.halves), then each
    spliced card's, in order (702.47b), their targets' places shifted past the spell's own and the
    cards' before."""
    found = list(halves.instructions(spell))
    added = spell.spell.spliced if spell.spell is not None else ()
    before = len(spell.targets) - len(target_kinds(spell))
    for _, effect, kinds in added:
        found.extend((name, {**args, "target": int(args["target"]) + before} if "target" in args else args) for name, args in effect)
        before += len(kinds)
    return tuple(found)


def revealed(state: State, player: str, added: tuple) -> State:
    """The spliced cards are revealed, and stay in the hand."""
    for oid, _, _ in added:
        state = s.log(state, Event(REVEAL, oid, player, "spliced (702.47a)"))
    return state
