"""Casting (601): permissions, alternative and additional costs, delve, convoke, targets, copies,
storm and cast triggers; spells leaving the stack (608, 701.6, 702.34, 702.88)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kb.checks.claims.build import state
from kb.checks.model import casting, copies, leaving, origins, stack, targeting
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction


def game(*objects, **given):
    return state({"objects": list(objects), **given})


def card(name, zone="hand", **kw):
    return {"card": name, "zone": zone, **kw}


@pytest.mark.parametrize(
    "objects, kw, message",
    [
        ([card("Shock", "graveyard")], {}, "Shock can't be cast from the graveyard this way"),
        ([card("Shock", "library")], {}, "can't be cast from the library"),
        ([card("Shock")], {"alternative": "flashback"}, "can't be cast from the hand this way"),
        ([card("Shock")], {"alternative": "surge"}, "unknown alternative cost 'surge'"),
        ([card("Shock")], {"alternative": "overload"}, "Shock has no overload cost"),
        ([card("Shock")], {"alternative": "madness"}, "Shock has no madness cost"),
        ([card("Ancestral Vision")], {}, "has no mana cost: it can be cast only for an alternative cost"),
        ([card("Shock")], {"kicker": True}, "Shock has no kicker"),
        ([card("Shock"), card("Sudden Shock", "stack", owner="B")], {}, "a spell with split second is on the stack"),
        ([card("Grizzly Bears"), card("Shock", "stack", owner="B")], {}, "only in its controller's main phase"),
        ([card("Shock", owner="B")], {}, "A doesn't own Shock"),
        ([card("Fire // Ice")], {"half": "both"}, "only a split card with fuse, from its owner's hand \\(702.102a\\)"),
        ([card("Turn // Burn", "graveyard")], {"half": "both"}, "Turn // Burn can't be cast with both halves"),
        ([card("Shock"), card("Grizzly Bears", "graveyard")], {"delve": ["Grizzly Bears"]}, "Shock has no delve"),
        ([card("Shock"), card("Grizzly Bears", "battlefield")], {"convoke": ["Grizzly Bears"]}, "Shock has no convoke"),
        ([card("Treasure Cruise"), card("Grizzly Bears", "battlefield")], {"delve": ["Grizzly Bears"]},
         "Grizzly Bears is not a card in A's graveyard"),
        ([card("Hour of Reckoning"), card("Grizzly Bears", "graveyard")], {"convoke": ["Grizzly Bears"]},
         "Grizzly Bears is not a creature A controls"),
        ([card("Hour of Reckoning"), card("Serra Angel", "battlefield", owner="B")], {"convoke": ["Serra Angel"]},
         "is not a creature A controls"),
        ([card("Hour of Reckoning"), card("Jace Beleren", "battlefield")], {"convoke": ["Jace Beleren"]},
         "is not a creature A controls"),
        ([card("Chord of Calling"), card("Ruination Guide", "battlefield")], {"convoke": ["Ruination Guide"]},
         "Ruination Guide can pay for nothing left in {G}{G}{G}"),  # devoid: colorless, generic only
        ([card("Cancel"), card("Grizzly Bears", "battlefield")], {"targets": ["Grizzly Bears"]},
         "Grizzly Bears is not a legal target for Cancel: it targets spell"),
        ([card("Forest")], {}, "Forest can't be cast: a land is played, never cast"),
        ([card("Fire // Ice")], {"half": 2}, "Fire // Ice has no part 2 to cast"),
        ([card("Shock")], {"half": 1}, "Shock has no part 1 to cast"),
        ([card("Voidmage Apprentice")], {"alternative": ["without paying its mana cost", "face down"]},
         "only one alternative cost can be applied to a spell, not without paying its mana cost and face down \\(118.9a"),
        ([card("Shock")], {"alternative": ["without paying its mana cost", "surge"]}, "unknown alternative cost 'surge'"),
        ([card("Fiery Temper", "exile")], {"permission": "suspend", "alternative": "madness"},
         "not madness and without paying its mana cost"),
        ([card("Tormenting Voice")], {"alternative": "without paying its mana cost"},
         "Tormenting Voice's additional cost \\(discard a card\\) must be paid"),
        ([card("Tormenting Voice", costs={"additional": "exile a creature card from your graveyard"})], {"discard": "Tormenting Voice"},
         "additional cost 'exile a creature card from your graveyard' is not modelled"),
        ([card("Giant Killer")], {"half": -1}, "Giant Killer has no part -1 to cast"),
        ([card("Agadeem's Awakening")], {"half": 1}, "Agadeem's Awakening can't be cast: a land is played"),  # its land face (712.11b)
        ([card("Kazandu Mammoth")], {"half": 1}, "Kazandu Mammoth can't be cast: a land is played"),
        ([card("Agadeem's Awakening"), card("Shock", "stack", owner="B")], {}, "only in its controller's main phase"),  # a sorcery face
        ([card("Cut // Ribbons")], {"half": 1, "x": 1}, "Cut // Ribbons's half with aftermath can be cast only from a graveyard \\(702.127a\\)"),
        ([card("Cut // Ribbons", "exile")], {"half": 1, "x": 1}, "can be cast only from a graveyard"),
        ([card("Cut // Ribbons", "graveyard")], {"half": 0}, "Cut // Ribbons can't be cast from the graveyard this way"),
        ([card("Satyr's Cunning", "graveyard"), card("Shock", "graveyard")], {"alternative": "escape", "exile": ["Shock"]},
         "escape cost exiles 2 other cards from its owner's graveyard, not 1 \\(702.138a\\)"),
        ([card("Satyr's Cunning", "graveyard"), card("Shock", "graveyard")], {"alternative": "escape", "exile": ["Shock", "Shock"]},
         "exiles 2 other cards .* not 1"),  # the same card twice is one card
        ([card("Satyr's Cunning", "graveyard"), card("Shock", "graveyard")], {"alternative": "escape", "exile": ["Shock", "Satyr's Cunning"]},
         "Satyr's Cunning is not another card in A's graveyard"),
        ([card("Satyr's Cunning", "graveyard"), card("Shock", "graveyard"), card("Lightning Bolt", "hand")],
         {"alternative": "escape", "exile": ["Shock", "Lightning Bolt"]}, "Lightning Bolt is not another card in A's graveyard"),
        ([card("Satyr's Cunning", "graveyard"), card("Shock", "graveyard"), card("Lightning Bolt", "graveyard", owner="B")],
         {"alternative": "escape", "exile": ["Shock", "Lightning Bolt"]}, "Lightning Bolt is not another card in A's graveyard"),
        ([card("Satyr's Cunning"), card("Shock", "graveyard"), card("Lightning Bolt", "graveyard")],
         {"alternative": "escape", "exile": ["Shock", "Lightning Bolt"]}, "can't be cast from the hand this way"),
        ([card("Satyr's Cunning"), card("Shock", "graveyard")], {"exile": ["Shock"]},
         "Satyr's Cunning isn't cast with escape: no card is exiled to pay for it"),
        ([card("Shock", "graveyard")], {"alternative": "escape"}, "Shock can't be cast from the graveyard this way"),
        ([card("Village Rites")], {}, "Village Rites's additional cost sacrifices exactly one creature, not 0 \\(118.8, 601.2h\\)"),
        ([card("Village Rites"), card("Grizzly Bears", "battlefield"), card("Serra Angel", "battlefield")],
         {"sacrifice": ["Grizzly Bears", "Serra Angel"]}, "exactly one creature, not 2"),
        ([card("Village Rites"), card("Serra Angel", "battlefield", owner="B")], {"sacrifice": ["Serra Angel"]},
         "Serra Angel is not a creature A controls, to sacrifice for Village Rites \\(701.21a\\)"),
        ([card("Village Rites"), card("Forest", "battlefield")], {"sacrifice": ["Forest"]}, "Forest is not a creature A controls"),
        ([card("Village Rites"), card("Grizzly Bears", "graveyard")], {"sacrifice": ["Grizzly Bears"]}, "Grizzly Bears is not a creature A controls"),
        ([card("Shock"), card("Grizzly Bears", "battlefield")], {"sacrifice": ["Grizzly Bears"]},
         "Shock has no cost that sacrifices a permanent: nothing is sacrificed to cast it"),
        ([card("Tormenting Voice"), card("Grizzly Bears", "battlefield")], {"discard": "Tormenting Voice", "sacrifice": ["Grizzly Bears"]},
         "Tormenting Voice has no cost that sacrifices a permanent"),
    ],
)
def test_cast_errors(objects, kw, message):
    st = game(*objects)
    first = objects[0].get("id", objects[0]["card"])
    with pytest.raises(IllegalAction, match=message):
        casting.cast(st, "A", first, **kw)


@pytest.mark.parametrize(
    "obj, kw, legal",
    [
        (card("Molten Disaster"), {"alternative": "without paying its mana cost", "x": 2}, False),  # 107.3b
        (card("Molten Disaster"), {"alternative": "without paying its mana cost"}, True),
        (card("Molten Disaster"), {"x": 2}, True),
        (card("Molten Disaster", "graveyard", costs={"flashback": "{R}{R}"}), {"alternative": "flashback", "x": 2}, False),
        (card("Molten Disaster", "graveyard", costs={"flashback": "{X}{R}"}), {"alternative": "flashback", "x": 2}, True),
        (card("Avacyn's Judgment"), {"alternative": "without paying its mana cost", "x": 2}, True),  # no {X} in its mana cost
    ],
)  # fmt: skip
def test_x_is_0_when_neither_the_mana_cost_nor_a_cost_with_x_is_paid(obj, kw, legal):
    st = game(obj)
    if legal:
        assert s.get(casting.cast(st, "A", obj["card"], **kw), obj["card"]).spell.x == kw.get("x", 0)
    else:
        with pytest.raises(IllegalAction, match="X can only be 0 \\(107.3b\\)"):
            casting.cast(st, "A", obj["card"], **kw)


@pytest.mark.parametrize(
    "keywords, times, total",
    [((), 0, "{1}{G}"), ((), 1, "{3}{G}{G}"), ((), 2, None), (("multikicker",), 3, "{7}{G}{G}{G}{G}")],
)
def test_a_kicker_cost_is_paid_once_unless_multikicker(keywords, times, total):
    st = game(card("Kavu Titan", keywords=list(keywords)))
    if total:
        spell = s.get(casting.cast(st, "A", "Kavu Titan", kicker=times), "Kavu Titan")
        assert (spell.kicked, spell.spell.total) == (times > 0, total)
    else:
        with pytest.raises(IllegalAction, match="kicker cost can be paid only once"):
            casting.cast(st, "A", "Kavu Titan", kicker=times)


COPIABLE = ("types", "mana_cost", "layout", "faces", "face", "colors", "keywords", "keyword_costs", "abilities")


@pytest.mark.parametrize("name", ["Kavu Titan", "Delver of Secrets", "Bloodstone Goblin", "Dust Stalker"])
def test_a_permanent_copy_copies_what_is_printed_not_how_it_was_cast(name):
    st = game(card(name, "battlefield", tapped=True, counters={"+1/+1": 1}))
    original = s.get(st, name)
    st = copies.copy_permanent(replace(st, counter=40), name, "B")
    copy = s.get(st, f"copy of {name}")
    assert [getattr(copy, field) for field in COPIABLE] == [getattr(original, field) for field in COPIABLE]
    assert (copy.owner, copy.controller, copy.kind, copy.zone, copy.tapped, copy.counters, copy.sick, copy.number,
            copy.spell, st.counter) == ("B", "B", "token", "battlefield", False, (), True, 40, None, 41)
    assert [(e.kind, e.obj, e.player) for e in st.events[-1:]] == [("copy", f"copy of {name}", "B")]
    assert s.get(copies.copy_permanent(st, name, "A"), f"copy of {name} (2)").controller == "A"


def test_a_copy_of_a_kicked_permanent_is_not_kicked():
    st = stack.resolve(casting.cast(game(card("Kavu Titan")), "A", "Kavu Titan", kicker=True))
    st = copies.copy_permanent(st, "Kavu Titan", "A")
    assert s.get(st, "Kavu Titan").kicked and not s.get(st, "copy of Kavu Titan").kicked
    with pytest.raises(IllegalAction, match="^Kavu Titan is not a permanent to copy$"):
        copies.copy_permanent(game(card("Kavu Titan")), "Kavu Titan", "A")


def test_delve_cannot_exile_itself():
    st = game(card("Treasure Cruise", "graveyard", costs={"flashback": "{7}{U}"}))
    with pytest.raises(IllegalAction, match="Treasure Cruise is not a card in A's graveyard"):
        casting.cast(st, "A", "Treasure Cruise", alternative="flashback", delve=["Treasure Cruise"])


def test_a_cast_spell():
    st = game(card("Tormenting Voice"), card("Shock"), card("Grizzly Bears", "battlefield", owner="B"))
    st = casting.cast(st, "A", "Tormenting Voice", discard="Shock")
    spell = s.get(st, "Tormenting Voice")
    assert (spell.zone, spell.controller, spell.spell.cast_from, spell.spell.total, spell.spell.cast) == (
        "stack", "A", "hand", "{1}{R}", True)
    assert st.stack == ("Tormenting Voice",) and s.zone_of(st, "Shock") == "graveyard"
    assert [(e.kind, e.obj) for e in st.events if e.kind in ("cast", "discard")] == [
        ("discard", "Shock"), ("cast", "Tormenting Voice")]


def test_modifiers_for():
    st = game(card("Grizzly Bears"), modifiers=[
        {"kind": "increase", "amount": "{1}"}, {"kind": "reduction", "amount": "{2}", "player": "A"},
        {"kind": "reduction", "amount": "{1}", "player": "B"}, {"kind": "increase", "amount": "{3}", "types": ["instant"]},
        {"kind": "reduction", "amount": "{R}", "types": ["creature"]}])
    assert casting.modifiers_for(st, "A", s.get(st, "Grizzly Bears")) == (["{1}"], ["{2}", "{R}"])


def test_convoke_and_delve_payment():
    st = game(card("Chord of Calling"), card("Llanowar Elves", "battlefield"), card("Raging Goblin", "battlefield"),
              {"id": "G1", "card": "Shock", "zone": "graveyard"})
    st = casting.cast(st, "A", "Chord of Calling", x=2, convoke=["Llanowar Elves", "Raging Goblin"])
    spell = s.get(st, "Chord of Calling").spell
    assert (spell.total, spell.mana_paid, spell.convoked, spell.x) == ("{2}{G}{G}{G}", "{1}{G}{G}", ("Llanowar Elves", "Raging Goblin"), 2)
    assert s.get(st, "Raging Goblin").tapped and s.get(st, "Llanowar Elves").tapped


def test_spells_cast_before_and_storm_trigger():
    st = game(card("Shock"), card("Lightning Bolt"), card("Grapeshot", keywords=["storm", "flash"]))
    st = casting.cast(casting.cast(st, "A", "Shock"), "A", "Lightning Bolt")
    st = casting.cast(st, "A", "Grapeshot")
    trigger = s.get(st, "storm trigger of Grapeshot")
    assert trigger.effect == (("storm", {"spell": "Grapeshot", "count": 2}),)
    assert casting.spells_cast_before(st) == 2


def test_cast_trigger_conditions():
    bishop = card("Bygone Bishop", "battlefield", owner="B")
    st = casting.cast(game(card("Grizzly Bears"), bishop), "A", "Grizzly Bears")
    assert st.stack == ("Grizzly Bears", "investigate (Grizzly Bears)")
    big = casting.cast(game(card("Serra Angel"), bishop), "A", "Serra Angel")
    assert big.stack == ("Serra Angel",)
    spell = casting.cast(game(card("Shock"), bishop), "A", "Shock")
    assert spell.stack == ("Shock",)
    with pytest.raises(IllegalAction, match="unknown trigger condition 'colour'"):
        casting.condition_holds(s.get(st, "Bygone Bishop"), ("colour", "red"), s.get(st, "Grizzly Bears"))
    assert casting.condition_holds(s.get(st, "Bygone Bishop"), (), s.get(st, "Grizzly Bears"))
    three = casting.cast(game(card("Anje's Ravager"), bishop), "A", "Anje's Ravager")
    assert three.stack == ("Anje's Ravager", "investigate (Anje's Ravager)")  # mana value 3: "3 or less"


@pytest.mark.parametrize(
    "spell, triggers",
    [
        ("Sol Ring", True),  # an artifact spell is a noncreature spell
        ("Shock", True),
        ("Nameless Inversion", True),  # kindred instant: one trigger for its two types
        ("Ornithopter", False),  # artifact creature: a creature spell
        ("Grizzly Bears", False),
    ],
)  # fmt: skip
def test_prowess_triggers_for_noncreature_spells_once(spell, triggers):
    st = casting.cast(game(card(spell), card("Monastery Swiftspear", "battlefield")), "A", spell)
    assert st.stack == ((spell, f"prowess ({spell})") if triggers else (spell,))


def test_copies():
    st = casting.cast(game(card("Shock")), "A", "Shock")
    before = st.counter
    numbered = copies.copy_spell(st, "Shock", "A")
    assert s.get(numbered, "copy of Shock").number == before and numbered.counter == before + 1
    assert [e.obj + " by " + e.player for e in s.events(numbered, "copy")] == ["copy of Shock by A"]
    st = copies.copy_spell(st, "Shock", "B")
    copy = s.get(st, "copy of Shock")
    assert (copy.kind, copy.controller, copy.owner, copy.spell.cast, st.stack) == ("copy", "B", "B", False, ("Shock", "copy of Shock"))
    with pytest.raises(IllegalAction, match="Grizzly Bears is not a spell on the stack"):
        copies.copy_spell(game(card("Grizzly Bears", "battlefield")), "Grizzly Bears", "A")
    ability = game({"id": "x", "kind": "ability", "zone": "stack"})
    with pytest.raises(IllegalAction, match="x is not a spell on the stack"):
        copies.copy_spell(ability, "x", "A")


@pytest.mark.parametrize(
    "objects, resolved, zone",
    [
        ([card("Shock", "stack")], True, "graveyard"),
        ([card("Shock", "stack")], False, "graveyard"),
        ([card("Grizzly Bears", "stack")], True, "battlefield"),
        ([card("Grizzly Bears", "stack")], False, "graveyard"),
        ([card("Think Twice", "stack", cast={"alternative": "flashback", "from": "graveyard"})], True, "exile"),
        ([card("Think Twice", "stack", cast={"alternative": "flashback", "from": "graveyard"})], False, "exile"),
        ([card("Staggershock", "stack")], True, "exile"),
        ([card("Staggershock", "stack")], False, "graveyard"),
        ([card("Staggershock", "stack", cast={"from": "exile"})], True, "graveyard"),
        ([card("Chromeshell Crab", "stack", face_down=True, types=[])], True, "battlefield"),
    ],
)
def test_leave_stack(objects, resolved, zone):
    st = game(*objects)
    oid = objects[0]["card"]
    assert s.zone_of(leaving.leave_stack(st, oid, resolved), oid) == zone


def test_leave_stack_details():
    st = game(card("Staggershock", "stack"), card("Grizzly Bears", "stack", controller="B"))
    st = leaving.leave_stack(st, "Staggershock", True)
    assert [(d.name, d.player, d.obj) for d in st.delayed] == [("rebound trigger of Staggershock", "A", "Staggershock")]
    st = leaving.leave_stack(st, "Grizzly Bears", True)
    assert s.controller_of(st, "Grizzly Bears") == "B" and s.get(st, "Grizzly Bears").sick
    assert s.get(st, "Grizzly Bears").face_down is False
    with pytest.raises(IllegalAction, match="Grizzly Bears is not on the stack"):
        leaving.leave_stack(st, "Grizzly Bears", True)
    with pytest.raises(IllegalAction, match="Grizzly Bears is not on the stack"):
        leaving.counter(st, "Grizzly Bears")
    copy = game({"id": "Token", "kind": "copy", "types": ["creature"], "zone": "stack", "owner": "B"})
    made = leaving.leave_stack(copy, "Token", True)
    assert (s.zone_of(made, "Token"), s.get(made, "Token").kind, s.controller_of(made, "Token")) == ("battlefield", "token", "B")
    assert s.find(leaving.leave_stack(copy, "Token", False), "Token") is None


def test_face_down_spell_stays_face_down():
    st = casting.cast(game(card("Chromeshell Crab")), "A", "Chromeshell Crab", alternative="face down")
    assert s.get(st, "Chromeshell Crab").face_down and casting.spell_mana_value(s.get(st, "Chromeshell Crab")) == 0
    st = stack.resolve(st)
    assert s.get(st, "Chromeshell Crab").face_down and s.zone_of(st, "Chromeshell Crab") == "battlefield"


def test_split_and_modal_casting():
    st = casting.cast(game(card("Fire // Ice", keywords=[])), "A", "Fire // Ice")  # the first half by default
    spell = s.get(st, "Fire // Ice")
    assert (casting.spell_mana_value(spell), spell.spell.total) == (2, "{1}{R}")
    awakening = casting.cast(game(card("Agadeem's Awakening")), "A", "Agadeem's Awakening", x=2)
    assert casting.spell_mana_value(s.get(awakening, "Agadeem's Awakening")) == 5
    # the face chosen alone counts: Jwari Disruption's instant face is cast with a spell on the stack
    jwari = casting.cast(game(card("Jwari Disruption"), card("Shock", "stack", owner="B")), "A", "Jwari Disruption", half=0)
    assert s.get(jwari, "Jwari Disruption").zone == "stack" and s.get(jwari, "Jwari Disruption").types == ("instant",)
    # an Adventure is cast as what it is, an instant, with a spell on the stack (715.3); its creature can't be
    chop = casting.cast(game(card("Giant Killer"), card("Shock", "stack", owner="B")), "A", "Giant Killer", half=1)
    assert s.get(chop, "Giant Killer").types == ("instant",)
    with pytest.raises(IllegalAction, match="only in its controller's main phase"):
        casting.cast(game(card("Giant Killer"), card("Shock", "stack", owner="B")), "A", "Giant Killer", half=0)


@pytest.mark.parametrize("obj, kind, expected", [
    ({"card": "Shock", "zone": "stack"}, "spell", True),
    ({"card": "Shock", "zone": "hand"}, "spell", False),
    ({"id": "x", "kind": "ability", "zone": "stack"}, "spell", False),
    ({"id": "x", "kind": "ability", "zone": "stack"}, "ability", True),
    ({"card": "Shock", "zone": "stack"}, "ability", False),
    ({"id": "x", "kind": "ability", "zone": "graveyard"}, "ability", False),
    ({"card": "Grizzly Bears", "zone": "battlefield"}, "creature", True),
    ({"card": "Grizzly Bears", "zone": "graveyard"}, "creature", False),
    ({"card": "Jace Beleren", "zone": "battlefield"}, "creature", False),
])
def test_target_kinds(obj, kind, expected):
    st = game(obj)
    assert targeting.is_kind(st.objects[0], kind) is expected


def test_declare_skips_noncreatures():
    from kb.checks.model import combat

    st = game({"card": "Chalice of the Void", "zone": "battlefield"}, card("Grizzly Bears", "battlefield", goaded_by=["B"]))
    with pytest.raises(IllegalAction, match="can't not attack"):
        combat.declare_attackers(st, {})


def test_a_copy_of_a_permanent_spell_becomes_a_token_under_its_controller():
    from kb.checks.model import control

    st = casting.cast(game(card("Grizzly Bears")), "A", "Grizzly Bears")
    st = copies.copy_spell(st, "Grizzly Bears", "A")
    st = control.gain_control(st, "copy of Grizzly Bears", "B", "steal")
    st = leaving.leave_stack(st, "copy of Grizzly Bears", True)
    assert s.controller_of(st, "copy of Grizzly Bears") == "B" and s.get(st, "copy of Grizzly Bears").kind == "token"


def test_activating_twice_makes_two_abilities():
    from kb.checks.model import actions

    st = game(card("Nantuko Shade", "battlefield"))
    st = actions.activate(actions.activate(st, "A", "Nantuko Shade", "pump"), "A", "Nantuko Shade", "pump")
    assert st.stack == ("pump of Nantuko Shade", "pump of Nantuko Shade (2)")


def _gone_on_adventure(**given):
    """Chop Down cast in A's main phase and resolved: Giant Killer in exile (715.3d)."""
    st = casting.cast(game(card("Giant Killer"), **given), "A", "Giant Killer", half=1)
    return stack.resolve(st)


@pytest.mark.parametrize(
    "change, half, permission, refusal, why",
    [
        (lambda st: st, 0, True, None, "its controller, as the creature"),
        (lambda st: st, 1, True, "it may be cast as the creature only (715.3d)", "as the Adventure again"),
        (lambda st: s.move(s.move(st, "Giant Killer", s.HAND), "Giant Killer", s.EXILE), 0, False,
         "can't be cast from the exile", "exiled again some other way: another object (400.7)"),
        (lambda st: s.move(st, "Giant Killer", s.GRAVEYARD), 0, False, "can't be cast from the graveyard", "no longer in exile"),
    ],
)
def test_an_adventure_resolved_leaves_its_card_castable_as_the_creature(change, half, permission, refusal, why):
    st = change(_gone_on_adventure())
    assert origins.gone_on_adventure(st, s.get(st, "Giant Killer"), "A") is permission, why
    assert origins.gone_on_adventure(st, s.get(st, "Giant Killer"), "B") is False, "only the Adventure's controller"
    if refusal is None:
        assert s.zone_of(casting.cast(st, "A", "Giant Killer", half=half), "Giant Killer") == s.STACK, why
    else:
        with pytest.raises(IllegalAction, match=refusal.replace("(", r"\(").replace(")", r"\)")):
            casting.cast(st, "A", "Giant Killer", half=half)


@pytest.mark.parametrize("resolved, zone", [(True, s.EXILE), (False, s.GRAVEYARD)])
def test_an_adventure_is_exiled_only_as_it_resolves(resolved, zone):
    st = casting.cast(game(card("Giant Killer")), "A", "Giant Killer", half=1)
    st = leaving.leave_stack(st, "Giant Killer", resolved=resolved)
    assert s.zone_of(st, "Giant Killer") == zone
    assert [e.obj for e in s.events(st, origins.ADVENTURE_EXILE)] == (["Giant Killer"] if resolved else [])


def test_a_creature_cast_from_its_card_goes_to_the_battlefield_not_exile():
    st = stack.resolve(casting.cast(game(card("Giant Killer")), "A", "Giant Killer", half=0))
    assert s.zone_of(st, "Giant Killer") == s.BATTLEFIELD and not s.events(st, origins.ADVENTURE_EXILE)


@pytest.mark.parametrize("zone, half, resolved, to", [
    (s.GRAVEYARD, 1, True, s.EXILE), (s.GRAVEYARD, 1, False, s.EXILE),  # 702.127a: however it leaves the stack
    (s.HAND, 0, True, s.GRAVEYARD), (s.HAND, 0, False, s.GRAVEYARD),  # the first half, cast from the hand
])
def test_an_aftermath_card_cast_from_a_graveyard_is_exiled(zone, half, resolved, to):
    st = casting.cast(game(card("Cut // Ribbons", zone)), "A", "Cut // Ribbons", half=half, x=1 if half else 0)
    assert s.zone_of(leaving.leave_stack(st, "Cut // Ribbons", resolved=resolved), "Cut // Ribbons") == to


@pytest.mark.parametrize("name, half, to", [
    ("Fire // Ice", 1, s.GRAVEYARD),  # a split card's second half: no Adventure
    ("Fire // Ice", 0, s.GRAVEYARD),
    ("Giant Killer", 1, s.EXILE),  # its Adventure (715.3d)
    ("Giant Killer", 0, s.BATTLEFIELD),
])
def test_only_an_adventure_resolves_into_exile(name, half, to):
    st = stack.resolve(casting.cast(game(card(name)), "A", name, half=half))
    assert s.zone_of(st, name) == to
    assert bool(s.events(st, origins.ADVENTURE_EXILE)) is (to == s.EXILE)


def test_no_permission_to_cast_from_elsewhere_reaches_an_aftermath_half():
    st = game(card("Cut // Ribbons", "exile"))
    with pytest.raises(IllegalAction, match="can be cast only from a graveyard"):
        casting.cast(st, "A", "Cut // Ribbons", half=1, x=1, permission="rebound")
    assert s.zone_of(casting.cast(st, "A", "Cut // Ribbons", half=0, permission="rebound"), "Cut // Ribbons") == s.STACK


def test_the_creature_gone_on_its_adventure_may_be_cast_for_an_alternative_cost():
    st = casting.cast(_gone_on_adventure(), "A", "Giant Killer", alternative=casting.FREE)
    assert s.get(st, "Giant Killer").spell.total == "{0}" and s.get(st, "Giant Killer").spell.cast_from == s.EXILE


@pytest.mark.parametrize(
    "card_, verb, choices, total",
    [
        (card("Burst Lightning", "exile", costs={"kicker": "{4}", "suspend": "1|{R}"}), "suspend_cast",
         {"kicker": 1, "targets": ["Grizzly Bears"]}, "{4}"),  # kicker is an additional cost (118.9d)
        (card("Tormenting Voice", "exile", costs={"additional": "discard a card", "suspend": "1|{1}{R}"}), "suspend_cast",
         {"discard": "Shock"}, "{0}"),
        (card("Burst Lightning", costs={"additional": "discard a card"}), "cast", {"discard": "Shock", "targets": ["Grizzly Bears"]},
         "{0}"),  # Electrodominance: from the hand, for free
        (card("Burst Lightning"), "cast", {"kicker": 1, "targets": ["Grizzly Bears"]}, "{4}"),
    ],
)
def test_a_card_cast_while_something_resolves_pays_its_additional_costs(card_, verb, choices, total):
    name = card_["card"]
    st = game(card_, card("Shock"), card("Grizzly Bears", "battlefield", owner="B"),
              {"id": "trigger", "kind": "ability", "zone": "stack", "effect": [[verb, {"card": name}]]})
    st = stack.resolve(st, choices)
    assert (s.zone_of(st, name), s.get(st, name).spell.total) == ("stack", total)
    assert s.zone_of(st, "Shock") == ("graveyard" if "discard" in choices else "hand")


@pytest.mark.parametrize(
    "card_, verb, choices",
    [
        (card("Rift Bolt", "exile"), "suspend_cast", {"alternative": "face down"}),  # two alternative costs (118.9a)
        (card("Tormenting Voice", "exile", costs={"additional": "discard a card", "suspend": "1|{1}{R}"}), "suspend_cast", {}),
    ],
)
def test_a_suspended_card_that_cant_be_cast_so_stays_exiled(card_, verb, choices):
    name = card_["card"]
    st = stack.resolve(game(card_, {"id": "trigger", "kind": "ability", "zone": "stack", "effect": [[verb, {"card": name}]]}), choices)
    assert s.zone_of(st, name) == "exile" and [e.obj for e in s.events(st, "can't cast")] == [name]


def test_a_card_cast_while_something_resolves_is_cast_for_one_alternative_cost_only():
    st = game(card("Think Twice"), {"id": "trigger", "kind": "ability", "zone": "stack", "effect": [["cast", {"card": "Think Twice"}]]})
    with pytest.raises(IllegalAction, match="only one alternative cost"):
        stack.resolve(st, {"alternative": "flashback"})
    assert s.get(stack.resolve(st, {}), "Think Twice").spell.alternative == casting.FREE


@pytest.mark.parametrize("alternative, zone", [("escape", s.GRAVEYARD), ("flashback", s.EXILE)])
def test_an_escaped_spell_goes_to_the_graveyard_a_flashed_back_one_to_exile(alternative, zone):
    """702.138a against 702.34a: escape casts a card from a graveyard and doesn't exile it after."""
    name = "Satyr's Cunning" if alternative == "escape" else "Faithless Looting"
    st = game(card(name, "graveyard"), card("Shock", "graveyard"), card("Lightning Bolt", "graveyard"))
    exile = ["Shock", "Lightning Bolt"] if alternative == "escape" else []
    st = casting.cast(st, "A", name, alternative=alternative, exile=exile)
    assert s.get(st, "Shock").zone == (s.EXILE if exile else s.GRAVEYARD)
    assert s.get(st, name).spell.mana_paid == "{2}{R}"  # both costs' mana: escape's "{2}{R}|2" without its count
    assert s.zone_of(stack.resolve(st, {}), name) == zone


@pytest.mark.parametrize("alternative", [None, "without paying its mana cost"])
def test_a_mandatory_sacrifice_is_paid_whatever_else_is(alternative):
    """118.8, 118.9d: the creature goes to its owner's graveyard as the spell is cast, for free or not."""
    st = casting.cast(game(card("Village Rites"), card("Grizzly Bears", "battlefield")), "A", "Village Rites",
                      alternative=alternative, sacrifice=["Grizzly Bears"])
    assert s.get(st, "Grizzly Bears").zone == s.GRAVEYARD and s.get(st, "Village Rites").zone == s.STACK


@pytest.mark.parametrize("exile, refusal", [((), None), (("Shock",), "exiles 0 other cards from its owner's graveyard, not 1")])
def test_an_escape_cost_without_cards_to_exile_exiles_none(exile, refusal):
    """702.138a: an escape cost of mana alone ("{1}{R}", no "|N") exiles no other card."""
    st = game(card("Satyr's Cunning", "graveyard", costs={"escape": "{1}{R}"}), card("Shock", "graveyard"))
    if refusal:
        with pytest.raises(IllegalAction, match=refusal):
            casting.cast(st, "A", "Satyr's Cunning", alternative="escape", exile=list(exile))
    else:
        assert s.get(casting.cast(st, "A", "Satyr's Cunning", alternative="escape"), "Satyr's Cunning").zone == s.STACK
