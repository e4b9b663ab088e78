"""Checks on total cost (601.2f) and mana value (202.3)."""

from __future__ import annotations

from kb.checks.model import costs, discard, game, spells
from kb.checks.registration import check


@check(
    id="cost.total_cost",
    title="Total cost: mana cost or alternative cost, plus increases, then reductions",
    rules=("601.2f", "118.9d", "118.7a"),
    tags=("total_cost", "madness"),
)
def total_cost():
    """The total cost of a spell starts from the mana cost or the alternative cost paid (such as a
    madness cost), adds additional costs (kicker, buyback) and every cost increase, then applies
    every cost reduction; so effects that make a spell cost more or less change its madness cost
    by as much, and a spell cast with madness can be kicked. A generic reduction can't reduce
    colored mana nor go below {0}."""
    table = [
        # (mana cost, alternative, additional costs, increases, reductions, expected total)
        ("{3}{B}", None, (), (), (), "{3}{B}"),
        ("{3}{B}", "{2}{B}", (), (), (), "{2}{B}"),  # madness cost instead of the mana cost
        ("{3}{B}", "{2}{B}", (), ("{1}",), (), "{3}{B}"),  # an increase applies to the madness cost
        ("{3}{B}", "{2}{B}", (), (), (1,), "{1}{B}"),  # so does a reduction
        ("{2}{R}", "{R}", ("{1}{R}",), (), (), "{1}{R}{R}"),  # madness cost plus a kicker cost
        ("{R}", None, (), ("{2}",), (2,), "{R}"),  # increases first, then reductions
        ("{1}{U}", None, (), ("{1}",), (3,), "{U}"),  # a reduction only takes off generic mana
        ("{R}{R}", None, (), (), (2,), "{R}{R}"),  # generic reduction can't reduce colored mana
        ("{1}", None, (), (), (3,), "{0}"),  # never below {0}
        ("{X}{R}", None, (), ("{1}",), (2,), "{1}{R}"),  # X as announced (X=2 below)
    ]
    for mana_cost, alternative, additional, increases, reductions, expected in table:
        x = 2 if "X" in mana_cost else 0
        paid = costs.total_cost(
            mana_cost, alternative=alternative, additional=additional, increases=increases, reductions=reductions, x=x
        )
        case = f"{mana_cost} (alternative {alternative}, +{additional}{increases}, -{reductions})"
        assert str(paid) == expected, f"{case}: total {paid}, expected {expected}"
    # In a game: a static "spells cost {1} more" applies to a spell cast for its madness cost.
    after = _madness_cast(increases=("{1}",))
    assert str(spells.spell(after, "Vampire").casting.total) == "{3}{B}", "the increase must apply to the madness cost"
    return f"{len(table) + 1} scenarios"


@check(
    id="cost.mana_value_unchanged",
    title="The mana value comes from the mana cost only, whatever total cost is paid",
    rules=("202.3", "118.9c", "601.2f"),
    tags=("mana_value", "total_cost", "madness"),
)
def mana_value_unchanged():
    """A spell's mana value is determined by its mana cost only, no matter what total cost was
    paid to cast it: casting it for an alternative cost (a madness cost), with cost increases or
    with cost reductions doesn't change its mana cost or its mana value."""
    table = [
        # (mana cost, alternative, increases, reductions, x, expected mana value)
        ("{3}{B}", None, (), (), 0, 4),
        ("{3}{B}", "{2}{B}", (), (), 0, 4),  # madness cost {2}{B}: still 4
        ("{3}{B}", "{B}", ("{2}",), (), 0, 4),
        ("{4}{R}", None, (), (4,), 0, 5),  # reduced to {R}: still 5
        ("{2}{W}", None, (), (9,), 0, 3),
        ("{X}{R}", None, (), (1,), 3, 4),  # on the stack X is the announced value (202.3e)
    ]
    for mana_cost, alternative, increases, reductions, x, expected in table:
        casting = costs.cast_cost(mana_cost, alternative=alternative, increases=increases, reductions=reductions, x=x)
        assert casting.mana_value == expected, (
            f"{mana_cost} paid as {casting.total}: mana value {casting.mana_value}, expected {expected}"
        )
    cast = spells.spell(_madness_cast(), "Vampire")
    paid, value = cast.casting.total, cast.casting.mana_value
    assert str(paid) == "{2}{B}" and value == 4, f"a {{3}}{{B}} card cast for madness: paid {paid}, mana value {value}"
    return f"{len(table) + 1} scenarios"


@check(
    id="cost.changed_cost_still_paid",
    title="A cost changed by an effect still counts as that cost paid",
    rules=("118.7", "702.35b"),
    tags=("total_cost", "madness"),
)
def changed_cost_still_paid():
    """A spell cast with its madness ability had its madness cost paid even if an effect changed
    the amount of mana paid for it: paying a cost changed or reduced by an effect counts as paying
    the original cost."""
    for increases, reductions in (((), ()), (("{2}",), ()), ((), (2,)), ((), (5,))):
        casting = costs.cast_cost(
            "{3}{B}", alternative="{2}{B}", alternative_name="madness", increases=increases, reductions=reductions
        )
        assert costs.pays_for(casting, "madness"), f"paid {casting.total} for madness {{2}}{{B}}: madness cost not paid"
        assert not costs.pays_for(casting, "mana cost")
    return "4 scenarios"


def _madness_cast(increases: tuple = ()) -> game.Game:
    """A {3}{B} creature with madness {2}{B} discarded by an effect and cast for its madness cost."""
    vampire = game.Card("Vampire", "A", ("creature",), "{3}{B}", madness="{2}{B}")
    state = game.new_game(("A", "B"), "A", {game.HAND: (vampire,)}, increases=increases)
    state = game.to_priority(discard.discard(state, "A", vampire, discard.EFFECT))
    return spells.resolve(state, cast_madness=True)
