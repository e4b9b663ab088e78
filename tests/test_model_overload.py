"""Overload, shroud, hexproof and protection (kb.checks.model.overload, protection, targeting,
damage): an overloaded spell has no targets and acts on each permanent its text describes; what
can't be targeted; what damage protection prevents."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, damage, life, overload, protection, stack, targeting
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction

BLAST, MORTARS, OVERLOAD = "Vandalblast", "Mizzium Mortars", targeting.OVERLOAD


def table(*more):
    """A's Vandalblast and Mizzium Mortars in hand; A's Sol Ring and Hill Giant; B's Sol Ring,
    Hill Giant, Paladin en-Vec (protection from black and red) and Slippery Bogle (hexproof)."""
    objects = [{"card": BLAST}, {"card": MORTARS},
               {"card": "Sol Ring", "zone": "battlefield"}, {"card": "Hill Giant", "zone": "battlefield"},
               {"id": "B's Sol Ring", "card": "Sol Ring", "zone": "battlefield", "owner": "B"},
               {"id": "B's Giant", "card": "Hill Giant", "zone": "battlefield", "owner": "B"},
               {"card": "Paladin en-Vec", "zone": "battlefield", "owner": "B"},
               {"card": "Slippery Bogle", "zone": "battlefield", "owner": "B"}]
    return state({"objects": objects + list(more)})


def on_battlefield(st) -> list[str]:
    return sorted(o.id for o in s.in_zone(st, "battlefield"))


@pytest.mark.parametrize("card, alternative, targets, gone", [
    (BLAST, OVERLOAD, (), ["B's Sol Ring"]),                                   # each artifact A doesn't control
    (BLAST, None, ("B's Sol Ring",), ["B's Sol Ring"]),                         # its one target
    (MORTARS, OVERLOAD, (), ["B's Giant", "Slippery Bogle"]),                  # Paladin en-Vec: its damage prevented
    (MORTARS, None, ("B's Giant",), ["B's Giant"]),
])  # fmt: skip
def test_an_overloaded_spell_acts_on_each_permanent_its_text_describes(card, alternative, targets, gone):
    before = table()
    st = stack.resolve(casting.cast(before, "A", card, alternative=alternative, targets=targets))
    assert sorted(set(on_battlefield(before)) - set(on_battlefield(st))) == gone
    assert s.zone_of(st, card) == "graveyard"


def test_overloaded_it_has_no_targets_and_costs_its_overload_cost_with_the_same_mana_value():
    st = casting.cast(table(), "A", MORTARS, alternative=OVERLOAD)
    spell = s.get(st, MORTARS)
    assert (spell.targets, spell.spell.total, casting.spell_mana_value(spell)) == ((), "{3}{R}{R}{R}", 2)
    assert targeting.overloaded(spell) and not targeting.overloaded(s.get(casting.cast(table(), "A", BLAST, targets=("B's Sol Ring",)), BLAST))


@pytest.mark.parametrize("card, alternative, targets, message", [
    (BLAST, OVERLOAD, ("B's Sol Ring",), "Vandalblast is cast for its overload cost: it has no targets"),
    (BLAST, None, ("Sol Ring",), "Sol Ring is not a legal target for Vandalblast: it targets artifact you don't control"),
    (MORTARS, None, ("Paladin en-Vec",), "Paladin en-Vec can't be the target of Mizzium Mortars: it has protection from red \\(702.16b\\)"),
    (MORTARS, None, ("Slippery Bogle",), "Slippery Bogle can't be the target of Mizzium Mortars: it has hexproof"),
    (MORTARS, None, ("Hill Giant",), "Hill Giant is not a legal target"),
    ("Shock", OVERLOAD, (), "Shock has no overload cost"),
])  # fmt: skip
def test_what_can_be_targeted(card, alternative, targets, message):
    st = table({"card": "Shock"})
    with pytest.raises(IllegalAction, match=message):
        casting.cast(st, "A", card, alternative=alternative, targets=targets)


@pytest.mark.parametrize("keywords, caster, reason", [
    (["shroud"], "A", "shroud (702.18a)"),
    (["shroud"], "B", "shroud (702.18a)"),                       # its own controller's spells too
    (["hexproof"], "A", "hexproof, and an opponent controls the spell (702.11b)"),
    (["hexproof"], "B", None),                                    # its controller's own spell may
    (["protection from red"], "B", "protection from red (702.16b)"),
    (["protection from black", "protection from green"], "A", None),
    (["protection from artifacts"], "A", None),                   # a quality other than a color: not modelled
    ([], "A", None),
])  # fmt: skip
def test_untargetable(keywords, caster, reason):
    st = table({"id": "Target", "types": ["creature"], "zone": "battlefield", "owner": "B", "keywords": keywords},
               {"id": "Spell", "types": ["instant"], "mana_cost": "{R}", "zone": "stack", "owner": caster, "controller": caster})
    assert protection.untargetable(st, "Target", "Spell") == reason


@pytest.mark.parametrize("source_cost, recipient, prevented", [
    ("{R}", "Paladin en-Vec", True),
    ("{B}", "Paladin en-Vec", True),
    ("{G}", "Paladin en-Vec", False),
    ("{2}", "Paladin en-Vec", False),       # colorless: no color to be protected from
    ("{R/G}", "Paladin en-Vec", True),     # red and green: red is enough
    ("{R}", "Hill Giant", False),
    ("{R}", "B", False),                   # a player's protection: not modelled
])  # fmt: skip
def test_protection_from_a_color_prevents_its_damage(source_cost, recipient, prevented):
    st = table({"id": "Source", "types": ["instant"], "mana_cost": source_cost, "zone": "stack", "owner": "A", "controller": "A"})
    assert protection.prevented(st, "Source", recipient) is prevented
    after = damage.deal(st, "Source", recipient, 2)
    hurt = life.life_of(st, recipient) - life.life_of(after, recipient) if recipient in st.players else s.get(after, recipient).damage
    assert hurt == (0 if prevented else 2)
    assert [e.obj for e in s.events(after, "prevented")] == ([recipient] if prevented else [])


@pytest.mark.parametrize("effect, message", [
    ([["deal_damage", {"target": 0}]], "Spell's instruction lacks 'amount'"),
    ([["destroy", {}]], "Spell's instruction lacks 'target'"),
])  # fmt: skip
def test_an_instruction_lacking_what_it_needs_is_refused(effect, message):
    st = table({"id": "Spell", "types": ["sorcery"], "mana_cost": "{R}", "keywords": ["target: creature"], "effect": effect})
    st = casting.cast(st, "A", "Spell", targets=("B's Giant",))
    with pytest.raises(IllegalAction, match=message):
        stack.resolve(st)


def test_overload_needs_a_target_in_the_text_to_change():
    st = table({"id": "Spell", "types": ["sorcery"], "mana_cost": "{R}", "costs": {"overload": "{2}{R}"},
                "effect": [["destroy", {"target": 0}]]})
    st = casting.cast(st, "A", "Spell", alternative=OVERLOAD)
    with pytest.raises(IllegalAction, match="Spell has no \"target\" in its text for overload to change"):
        stack.resolve(st)


def test_a_target_gone_leaves_the_spell_nothing_to_act_on():
    """Vandalblast at B's Sol Ring, which leaves and comes back as a new object (400.7): the spell
    doesn't resolve (608.2b); an instruction finding no permanent logs that it affects nothing."""
    st = casting.cast(table(), "A", BLAST, targets=("B's Sol Ring",))
    item = s.get(st, BLAST)
    gone = s.move(s.move(st, "B's Sol Ring", "graveyard"), "B's Sol Ring", "battlefield")
    assert overload.affected(gone, item, {"target": 0}) == ()
    after = overload.destroy(gone, item, {"target": 0})
    assert [e.obj for e in s.events(after, overload.NOTHING)] == [BLAST] and s.zone_of(after, "B's Sol Ring") == "battlefield"


@pytest.mark.parametrize("instruction", [overload.destroy, overload.deal_damage])
def test_an_instruction_whose_target_is_gone_logs_that_it_affects_nothing(instruction):
    st = casting.cast(table({"id": "Spell", "types": ["sorcery"], "mana_cost": "{R}", "keywords": ["target: creature"]}),
                      "A", "Spell", targets=("B's Giant",))
    gone = s.move(s.move(st, "B's Giant", "graveyard"), "B's Giant", "battlefield")
    after = instruction(gone, s.get(gone, "Spell"), {"target": 0, "amount": 3})
    assert [(e.obj, e.player) for e in s.events(after, overload.NOTHING)] == [("Spell", "A")]
    assert s.get(after, "B's Giant").damage == 0 and s.zone_of(after, "B's Giant") == "battlefield"


def test_a_refusal_names_the_spell_and_what_its_instruction_has():
    st = casting.cast(table({"id": "Spell", "types": ["sorcery"], "mana_cost": "{R}", "keywords": ["target: creature"],
                             "effect": [["deal_damage", {"target": 0}]]}), "A", "Spell", targets=("B's Giant",))
    with pytest.raises(IllegalAction, match=r"^Spell's instruction lacks 'amount' \(it has \['target'\]\)$"):
        stack.resolve(st)


def test_hexproof_and_protection_work_on_the_battlefield_only():
    """A spell that targets a spell may target Slippery Bogle or Paladin en-Vec as a spell on the
    stack: hexproof and protection are abilities of permanents (702.11b, 702.16b)."""
    st = table({"id": "Counter", "types": ["instant"], "mana_cost": "{U}{R}", "keywords": ["target: spell"]},
               {"id": "Bogle spell", "card": "Slippery Bogle", "zone": "stack", "owner": "B", "controller": "B"},
               {"id": "Paladin spell", "card": "Paladin en-Vec", "zone": "stack", "owner": "B", "controller": "B"})
    for spell in ("Bogle spell", "Paladin spell"):
        assert [t for t, _ in s.get(casting.cast(st, "A", "Counter", targets=(spell,)), "Counter").targets] == [spell]
