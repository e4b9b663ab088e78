"""Untapping (701.26b) and "whenever this becomes untapped" (inspired): however it untaps, never
as it enters; in the untap step its trigger waits for the upkeep (502.4, 503.1a):
kb.checks.model.untapping."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import bodies, casting, colors, effects, entering, stack, untapping
from kb.checks.model import state as s

BUTCHER = "Kragma Butcher"
TRIGGER = f"{BUTCHER} becomes untapped ({BUTCHER})"


def board(*rows, **given):
    """``rows``: (card, zone[, more given]); A's unless said."""
    return state({**given, "objects": [{"card": r[0], "owner": r[2].get("owner", "A") if len(r) > 2 else "A", "zone": r[1],
                                        **(r[2] if len(r) > 2 else {})} for r in rows]})


def waiting(st):
    return list(st.stack) + [item.id for item in st.pending]


@pytest.mark.parametrize("tapped, lost, controller, triggered", [
    (True, False, "A", [TRIGGER]),
    (True, False, "B", [TRIGGER]),   # the trigger is its controller's, not its owner's
    (False, False, "A", []),         # only a tapped permanent can be untapped (701.26b)
    (True, True, "A", []),           # no abilities, no trigger (613.1f)
])
def test_untapping_triggers_becomes_untapped_abilities(tapped, lost, controller, triggered):
    st = board((BUTCHER, "battlefield", {"tapped": tapped, "controller": controller}))
    if lost:
        st = colors.add(st, colors.LOSE_ABILITIES, BUTCHER)
    st = untapping.untap(st, BUTCHER)
    assert not s.get(st, BUTCHER).tapped
    assert waiting(st) == triggered
    assert [item.controller for item in st.pending] == [controller] * len(triggered)
    assert [e.kind for e in st.events if e.obj == BUTCHER].count("untap") == int(tapped)


@pytest.mark.parametrize("how", ["cast", "put"])
def test_entering_untapped_is_not_becoming_untapped(how):
    if how == "cast":
        st = stack.resolve(casting.cast(board((BUTCHER, "hand")), "A", BUTCHER))
    else:
        st = s.to_priority(entering.put_onto_battlefield(board((BUTCHER, "graveyard")), BUTCHER))
    assert s.get(st, BUTCHER).zone == s.BATTLEFIELD and not s.get(st, BUTCHER).tapped
    assert waiting(st) == []


@pytest.mark.parametrize("active, passes, step, triggered", [
    ("B", 1, s.UPKEEP, [TRIGGER]),   # A's untap step: held, then on the stack as A's upkeep begins
    ("A", 1, s.UPKEEP, []),          # B's untap step leaves A's permanents tapped
    ("A", 2, s.UPKEEP, [TRIGGER]),
])
def test_the_untap_steps_trigger_waits_for_the_upkeep(active, passes, step, triggered):
    st = board((BUTCHER, "battlefield", {"tapped": True}), active=active)
    for _ in range(passes):
        st = stack.pass_turn(st)
    assert (st.step, list(st.stack), st.pending) == (step, triggered, ())
    assert bodies.power(st, BUTCHER) == 2  # nothing resolved in the untap step
    if triggered:
        assert bodies.power(stack.resolve(st), BUTCHER) == 4


@pytest.mark.parametrize("others, untapped", [(False, ["Kragma Butcher", "Grizzly Bears"]), (True, ["Grizzly Bears"])])
def test_an_effect_that_untaps_creatures_triggers_each(others, untapped):
    st = board((BUTCHER, "battlefield", {"tapped": True}), ("Grizzly Bears", "battlefield", {"tapped": True}))
    item = s.ability("untap", "A", BUTCHER, (("untap_creatures", {"others": others}),))
    st = effects.run(st, item, {})
    assert sorted(o.id for o in s.in_zone(st, s.BATTLEFIELD) if not o.tapped) == sorted(untapped)
    assert waiting(st) == ([TRIGGER] if BUTCHER in untapped else [])
