"""Checks on madness (702.35) and discarding (701.9).

Scenarios: players A and B; A owns "Vampire", a {3}{B} creature card with madness {2}{B}, and
"Rites", a {2}{R} sorcery card with madness {R}.
"""

from __future__ import annotations

from kb.checks.model import discard as dis
from kb.checks.model import game as g
from kb.checks.model import spells
from kb.checks.model.errors import IllegalAction
from kb.checks.registration import check

VAMPIRE = g.Card("Vampire", "A", ("creature",), "{3}{B}", madness="{2}{B}")
RITES = g.Card("Rites", "A", ("sorcery",), "{2}{R}", madness="{R}")
BEAR = g.Card("Bear", "A", ("creature",), "{1}{G}")
OUTLET = g.Card("Outlet", "A", ("sorcery",), "{1}{R}")  # "As an additional cost, discard a card."


def start(*hand: g.Card, active: str = "A", **kw) -> g.Game:
    return g.new_game(("A", "B"), active, {g.HAND: hand}, **kw)


def madness_names(state: g.Game) -> list[str]:
    return [item.name for item in state.stack if isinstance(item, g.Ability) and item.kind == "madness"]


def raises(action, *args, **kw) -> bool:
    try:
        action(*args, **kw)
    except IllegalAction:
        return True
    return False


@check(
    id="madness.counts_as_discarded",
    title="A discarded madness card counts as discarded though exiled: costs paid, discard triggers trigger",
    rules=("702.35a", "701.9a", "603.2"),
    tags=("madness", "discard", "triggered_ability"),
)
def counts_as_discarded():
    """A card with madness that is discarded counts as discarded even though it's put into exile
    rather than into a graveyard: if it was discarded to pay a cost, that cost is still paid, and
    abilities that trigger when a card is discarded still trigger."""
    state = start(OUTLET, VAMPIRE, watchers=(("Waste Not", "B"),))
    state = spells.cast(state, "A", OUTLET, discard_for_cost="Vampire")
    assert g.zone_of(state, VAMPIRE) == g.EXILE, f"the madness card is in {g.zone_of(state, VAMPIRE)}"
    assert g.discarded(state) == ("Vampire",), "the madness card doesn't count as discarded"
    assert spells.spell(state, "Outlet"), "the spell whose cost was a discard wasn't cast"
    names = [item.name for item in state.stack]
    assert any(n.startswith("Waste Not") for n in names), f"the discard trigger didn't trigger: {names}"
    assert madness_names(state), "the madness trigger didn't trigger"
    return "1 scenario"


@check(
    id="madness.spell_on_stack",
    title="A spell cast for its madness cost is an ordinary spell: countered, copied, resolved as usual",
    rules=("702.35a", "608.3a", "608.2n", "701.6a", "707.10"),
    tags=("madness",),
)
def spell_on_stack():
    """A spell cast for its madness cost is put on the stack like any other spell: it can be
    countered, copied and so on; as it resolves it's put onto the battlefield if it's a permanent
    card, or into its owner's graveyard if it's an instant or sorcery card."""
    creature = spells.resolve(_madness_cast(VAMPIRE))
    assert g.zone_of(creature, VAMPIRE) == g.BATTLEFIELD and g.controller_of(creature, "Vampire") == "A"
    sorcery = spells.resolve(_madness_cast(RITES, active="B"))
    assert g.zone_of(sorcery, RITES) == g.GRAVEYARD, f"the sorcery went to {g.zone_of(sorcery, RITES)}"
    countered = spells.counter(_madness_cast(VAMPIRE), "Vampire")
    assert g.zone_of(countered, VAMPIRE) == g.GRAVEYARD, f"countered, it went to {g.zone_of(countered, VAMPIRE)}"
    copied = spells.copy_spell(_madness_cast(RITES, active="B"), "Rites", "B")
    assert [item.name for item in copied.stack][-2:] == ["Rites", "copy of Rites"]
    return "4 scenarios"


@check(
    id="madness.discard_only_from_hand",
    title="Cards are discarded only from hand; other zone to graveyard is not a discard",
    rules=("701.9a", "702.35a"),
    tags=("discard", "madness"),
)
def discard_only_from_hand():
    """Cards are discarded only from a player's hand: effects that put cards into a graveyard from
    any other zone (milling a library, for instance) don't cause them to be discarded, so madness
    doesn't apply."""
    state = g.new_game(("A", "B"), "A", {g.LIBRARY: (VAMPIRE,)})
    milled = dis.put_into_graveyard(state, VAMPIRE)
    assert g.zone_of(milled, VAMPIRE) == g.GRAVEYARD, "a milled madness card must reach the graveyard"
    assert not g.discarded(milled) and not milled.pending, "a milled card was treated as discarded"
    assert raises(dis.discard, state, "A", VAMPIRE, dis.EFFECT), "a card was discarded from the library"
    return "2 scenarios"


@check(
    id="madness.cast_ignoring_timing",
    title="Madness ignores card-type timing: a sorcery can be cast on an opponent's turn",
    rules=("702.35a", "608.2g", "307.1"),
    tags=("madness",),
)
def cast_ignoring_timing():
    """Casting a spell with madness ignores the timing rules based on the card's type: a sorcery
    with madness discarded during an opponent's turn can be cast then."""
    state = start(RITES, active="B")
    assert raises(spells.cast, state, "A", RITES), "a sorcery was cast from hand on the opponent's turn"
    cast = _madness_cast(RITES, active="B")
    assert spells.spell(cast, "Rites").cast_from == g.EXILE, "the sorcery wasn't cast with madness"
    combat = _madness_cast(RITES, active="A", step=g.COMBAT)
    assert spells.spell(combat, "Rites"), "a sorcery with madness couldn't be cast in combat"
    return "3 scenarios"


@check(
    id="madness.declined_goes_to_graveyard",
    title="Not cast when its trigger resolves, the madness card goes to the graveyard for good",
    rules=("702.35a",),
    tags=("madness",),
)
def declined_goes_to_graveyard():
    """If its owner chooses not to cast a card with madness when the madness triggered ability
    resolves, the card is put into their graveyard; madness gives no other chance to cast it."""
    state = g.to_priority(dis.discard(start(VAMPIRE), "A", VAMPIRE, dis.EFFECT))
    declined = spells.resolve(state, cast_madness=False)
    assert g.zone_of(declined, VAMPIRE) == g.GRAVEYARD, f"declined, the card is in {g.zone_of(declined, VAMPIRE)}"
    assert not declined.stack and not declined.pending, "another madness trigger is waiting"
    late = raises(spells.cast, declined, "A", VAMPIRE, alternative="{2}{B}", alternative_name="madness")
    assert late, "the card was cast for its madness cost later"
    return "2 scenarios"


@check(
    id="madness.resolves_before_paid_for",
    title="Discarded to pay a cost, the madness trigger and spell resolve before what was paid for",
    rules=("702.35a", "603.3", "601.2i", "117.3c"),
    tags=("madness", "discard", "triggered_ability"),
)
def resolves_before_paid_for():
    """If a card with madness is discarded to pay the cost of a spell or activated ability, its
    madness triggered ability (and the spell it becomes, if cast) resolves before the spell or
    ability it was discarded for."""
    state = spells.cast(start(OUTLET, VAMPIRE), "A", OUTLET, discard_for_cost="Vampire")
    state = spells.resolve(spells.resolve(spells.resolve(state, cast_madness=True)))
    expected = ("madness trigger of Vampire", "Vampire", "Outlet")
    assert state.resolved == expected, f"resolution order {state.resolved}, expected {expected}"
    state = spells.activate(start(VAMPIRE), "A", "cycling", discard_for_cost="Vampire")
    state = spells.resolve(spells.resolve(spells.resolve(state, cast_madness=True)))
    expected = ("madness trigger of Vampire", "Vampire", "cycling")
    assert state.resolved == expected, f"activated ability: order {state.resolved}, expected {expected}"
    return "2 scenarios"


@check(
    id="madness.discard_during_resolution",
    title="Discarded during a resolution: exiled at once, trigger on the stack after the resolution",
    rules=("702.35a", "603.3", "608.2"),
    tags=("madness", "discard", "triggered_ability"),
)
def discard_during_resolution():
    """If a card with madness is discarded while a spell or ability is resolving, it moves to exile
    right away and isn't in the graveyard for the rest of that resolution; its madness triggered
    ability is put on the stack once that spell or ability has finished resolving."""
    effect = (
        lambda s: dis.discard(s, "A", "Vampire", dis.EFFECT),
        g.see("graveyard", lambda s: g.cards_in(s, g.GRAVEYARD, "A")),
        g.see("exile", lambda s: g.cards_in(s, g.EXILE, "A")),
        g.see("stack", lambda s: [i.name for i in s.stack]),
    )
    looter = g.Card("Looter", "A", ("sorcery",), "{U}")
    state = spells.cast(start(looter, VAMPIRE), "A", looter, effect=effect)
    state = spells.resolve(state)
    assert g.seen(state, "graveyard") == (), f"mid-resolution graveyard: {g.seen(state, 'graveyard')}"
    assert g.seen(state, "exile") == ("Vampire",), "the card wasn't exiled at once"
    assert g.seen(state, "stack") == [], "the madness trigger went on the stack during the resolution"
    assert madness_names(state) == ["madness trigger of Vampire"], "the trigger isn't on the stack afterwards"
    return "1 scenario"


@check(
    id="madness.any_discard_reason",
    title="Madness works whatever the reason for the discard, but a player can't just discard a card",
    rules=("702.35a", "701.9", "514.1"),
    tags=("madness", "discard"),
)
def any_discard_reason():
    """Madness works no matter why the card is discarded: to pay a cost, because a spell or ability
    says so, or because its owner has too many cards in hand during the cleanup step. But a player
    can't discard a card with madness just because they want to."""
    paid = spells.cast(start(OUTLET, VAMPIRE), "A", OUTLET, discard_for_cost="Vampire")
    told = g.to_priority(dis.discard(start(VAMPIRE), "A", VAMPIRE, dis.EFFECT))
    full_hand = start(VAMPIRE, *(g.Card(f"Land {i}", "A", ("land",)) for i in range(7)), step=g.CLEANUP)
    cleanup = g.to_priority(dis.cleanup_discard(full_hand, "A", ("Vampire",)))
    for reason, state in (("cost", paid), ("effect", told), ("cleanup", cleanup)):
        assert madness_names(state) == ["madness trigger of Vampire"], f"{reason}: no madness trigger"
    assert raises(dis.discard, start(VAMPIRE), "A", VAMPIRE, "choice"), "a card was discarded at will"
    return "4 scenarios"


@check(
    id="madness.cast_from_exile",
    title="A spell cast with madness is cast from exile, not from hand or graveyard",
    rules=("702.35a", "702.88a"),
    tags=("madness",),
)
def cast_from_exile():
    """A card cast using its madness ability is cast from exile, not from its owner's hand or
    graveyard; so abilities that care about casting from hand, such as rebound, have no effect."""
    cast = _madness_cast(RITES, active="B")
    assert spells.spell(cast, "Rites").cast_from == g.EXILE, f"cast from {spells.spell(cast, 'Rites').cast_from}"
    bounding = g.Card("Echo", "A", ("sorcery",), "{2}{R}", madness="{R}", rebound=True)
    done = spells.resolve(_madness_cast(bounding, active="B"))
    assert g.zone_of(done, bounding) == g.GRAVEYARD, "rebound worked for a spell cast with madness"
    return "2 scenarios"


@check(
    id="madness.competing_replacement",
    title="With another replacement for the discard, madness triggers only if it exiled the card",
    rules=("616.1", "702.35a", "701.9a"),
    tags=("madness", "discard"),
)
def competing_replacement():
    """If another effect would also replace where a discarded card with madness goes (it would be
    exiled or put on top of a library instead of into the graveyard), its owner chooses which
    applies: madness still works, although the card never reaches a graveyard, only if the card is
    exiled by madness; put elsewhere, it can't be cast with madness. Either way it was discarded."""
    for other in (g.EXILE, g.LIBRARY):
        chosen = dis.discard(start(VAMPIRE), "A", VAMPIRE, dis.EFFECT, other_replacement=other)
        assert chosen.pending and g.discarded(chosen) == ("Vampire",), f"with {other} too: madness didn't work"
        spurned = dis.discard(start(VAMPIRE), "A", VAMPIRE, dis.EFFECT, other_replacement=other, choose_madness=False)
        assert g.zone_of(spurned, VAMPIRE) == other and not spurned.pending, f"{other} chosen: madness triggered"
        assert g.discarded(spurned) == ("Vampire",), "the card no longer counts as discarded"
    return "4 scenarios"


@check(
    id="madness.copy_keeps_choices",
    title="A copy of a spell cast for its madness cost has the same alternative cost paid and X",
    rules=("707.10",),
    tags=("madness",),
)
def copy_keeps_choices():
    """If an alternative cost such as a madness cost was paid for a spell, the same alternative cost
    is considered paid for a copy of it, and the copy has the same value of X."""
    judgment = g.Card("Judgment", "A", ("sorcery",), "{1}{W}{W}", madness="{X}{W}")
    state = g.to_priority(dis.discard(start(judgment, active="B"), "A", judgment, dis.EFFECT))
    state = spells.resolve(state, cast_madness=True, x=3)
    copied = spells.copy_spell(state, "Judgment", "A")
    original, copy = copied.stack[-2], copied.stack[-1]
    assert copy.casting.alternative == "madness", "the copy doesn't count as cast for its madness cost"
    assert copy.casting.x == original.casting.x == 3, f"X of the copy: {copy.casting.x}"
    return "1 scenario"


@check(
    id="madness.apnap_order",
    title="Madness triggers of several players go on the stack in APNAP order",
    rules=("603.3b", "101.4", "702.35a"),
    tags=("madness", "triggered_ability"),
)
def apnap_order():
    """If several players discard cards with madness at the same time, the active player puts their
    madness triggers on the stack first, then the others in turn order; the last one put on the
    stack resolves first, and a spell cast that way resolves before the next madness trigger."""
    theirs = g.Card("Ghoul", "B", ("creature",), "{2}{B}", madness="{B}")
    state = g.new_game(("A", "B"), "A", {g.HAND: (VAMPIRE, theirs)})
    state = dis.discard(dis.discard(state, "A", VAMPIRE, dis.EFFECT), "B", theirs, dis.EFFECT)
    state = g.to_priority(state)
    assert madness_names(state) == ["madness trigger of Vampire", "madness trigger of Ghoul"], madness_names(state)
    for _ in range(4):
        state = spells.resolve(state, cast_madness=True)
    expected = ("madness trigger of Ghoul", "Ghoul", "madness trigger of Vampire", "Vampire")
    assert state.resolved == expected, f"order {state.resolved}"
    return "1 scenario"


@check(
    id="madness.trigger_countered",
    title="If the madness trigger is countered, the card stays in exile",
    rules=("702.35a", "701.6a"),
    tags=("madness", "triggered_ability"),
)
def trigger_countered():
    """If the madness triggered ability is countered, the card can't be cast and stays in exile:
    it goes to the graveyard only as the trigger resolves without being cast."""
    state = g.to_priority(dis.discard(start(VAMPIRE), "A", VAMPIRE, dis.EFFECT))
    countered = spells.counter(state, "madness trigger of Vampire")
    assert g.zone_of(countered, VAMPIRE) == g.EXILE, f"the card went to {g.zone_of(countered, VAMPIRE)}"
    assert not countered.stack and not countered.pending
    return "1 scenario"


def _madness_cast(card: g.Card, active: str = "A", step: str = g.MAIN, x: int = 0) -> g.Game:
    """``card`` (owned by A) discarded by an effect and cast for its madness cost."""
    state = g.to_priority(dis.discard(start(card, active=active, step=step), "A", card, dis.EFFECT))
    return spells.resolve(state, cast_madness=True, x=x)
