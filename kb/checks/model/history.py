"""What the turn so far and a graveyard say, as ability words ask (207.2c): raid (its controller
attacked with a creature this turn), revolt (a permanent they controlled left the battlefield this
turn) and delirium (four or more card types among the cards in their graveyard).

Raid and revolt read the event log, the whole turn: the attacking creature, or the permanent that
left, needn't be anywhere now, and how many, why or to where doesn't matter. Delirium counts card
types (205.2a) among cards, never the cards themselves, supertypes or subtypes, nor a token or a
copy there for a moment (no card); a double-faced card in a graveyard has only its front face's
(712.8a: ``state.move`` turns it front face up as it leaves the battlefield).
"""

from __future__ import annotations

from kb.checks.model import state as s
from kb.checks.model.state import GRAVEYARD, LEFT_BATTLEFIELD, Obj, State

CARD_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
                        "sorcery", "tribal"})  # 205.2a (tribal: kindred's older name), the types a card in a graveyard can have
DELIRIUM = 4  # card types among the cards in a graveyard that delirium needs


def attacked_this_turn(state: State, player: str) -> bool:
    """Raid: ``player`` attacked with a creature at some time this turn (508.1), whatever became of it."""
    return any(e.player == player and e.turn == state.turn for e in s.events(state, "attack"))


def permanent_left_this_turn(state: State, player: str) -> bool:
    """Revolt: a permanent ``player`` controlled left the battlefield this turn, for any reason, to any zone, a token too."""
    return any(e.player == player and e.turn == state.turn for e in s.events(state, LEFT_BATTLEFIELD))


def card_types(card: Obj) -> frozenset[str]:
    """The card types of a card (205.2a), of the face it has up: in a graveyard, a double-faced card's front face."""
    return frozenset(card.types) & CARD_TYPES


def types_in_graveyard(state: State, player: str) -> int:
    """The number of card types among the cards in ``player``'s graveyard (a token there isn't one)."""
    return len(frozenset().union(*(card_types(o) for o in s.in_zone(state, GRAVEYARD, player) if o.kind == s.CARD)))


def delirium(state: State, player: str) -> bool:
    return types_in_graveyard(state, player) >= DELIRIUM
