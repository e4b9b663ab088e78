"""Permanents entering the battlefield (603.6a): lands played or put there, landfall, and
permanents that become a land without entering."""

from __future__ import annotations

import pytest

from kb.checks.claims.build import state
from kb.checks.model import entering, faces
from kb.checks.model import state as s
from kb.checks.model.errors import IllegalAction


def game(*objects, **given):
    return state({"objects": [{"card": "Akoum Hellhound", "zone": "battlefield"}, *objects], **given})


@pytest.mark.parametrize(
    "row, enter, waiting",
    [
        ({"card": "Forest", "zone": "library"}, None, ["landfall (Akoum Hellhound)"]),
        ({"card": "Forest", "zone": "library", "owner": "B"}, "A", ["landfall (Akoum Hellhound)"]),  # under A's control
        ({"card": "Forest", "zone": "library", "owner": "B"}, None, []),  # under B's
        ({"card": "Grizzly Bears", "zone": "hand"}, None, []),  # no land
    ],
)
def test_a_land_entering_under_ones_control_triggers_landfall(row, enter, waiting):
    st = entering.put_onto_battlefield(game(row), row["card"], enter)
    assert s.zone_of(st, row["card"]) == "battlefield"
    assert [a.id for a in st.pending] == waiting


@pytest.mark.parametrize(
    "row, enter, waiting",
    [
        ({"card": "Waste Not", "zone": "library"}, None, ["constellation (Eidolon of Blossoms)"]),
        ({"card": "Hopeful Eidolon", "zone": "library"}, None, ["constellation (Eidolon of Blossoms)"]),  # an enchantment creature
        ({"card": "Doomwake Giant", "zone": "library"}, None, ["constellation (Eidolon of Blossoms)", "constellation (Doomwake Giant)"]),
        ({"card": "Waste Not", "zone": "library", "owner": "B"}, None, []),  # under B's control
        ({"card": "Waste Not", "zone": "library", "owner": "B"}, "A", ["constellation (Eidolon of Blossoms)"]),
        ({"card": "Forest", "zone": "library"}, None, ["landfall (Akoum Hellhound)"]),  # a land, no enchantment
        ({"card": "Grizzly Bears", "zone": "library"}, None, []),
    ],
)
def test_an_enchantment_entering_under_ones_control_triggers_constellation(row, enter, waiting):
    st = entering.put_onto_battlefield(game({"card": "Eidolon of Blossoms", "zone": "battlefield"}, row), row["card"], enter)
    assert [a.id for a in st.pending] == waiting


def test_a_permanent_that_becomes_an_enchantment_triggers_no_constellation():
    st = entering.become(game({"card": "Eidolon of Blossoms", "zone": "battlefield"}, {"card": "Serra Angel", "zone": "battlefield"}),
                         "Serra Angel", "enchantment")
    assert s.get(st, "Serra Angel").types == ("creature", "enchantment") and st.pending == ()


def test_playing_a_land():
    st = entering.play_land(game({"card": "Forest"}, {"card": "Lotus Cobra", "zone": "battlefield", "owner": "B"}),
                            "A", "Forest")
    assert st.stack == ("landfall (Akoum Hellhound)",)
    trigger = s.get(st, "landfall (Akoum Hellhound)")
    assert (trigger.controller, trigger.source, s.get(st, "Forest").controller) == ("A", "Akoum Hellhound", "A")
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "special action")] == [("Forest", "A", "play land")]


@pytest.mark.parametrize(
    "row, given, message",
    [
        ({"card": "Grizzly Bears"}, {}, "^Grizzly Bears is not a land card in A's hand \\(305.1\\)$"),
        ({"card": "Forest", "owner": "B"}, {}, "^Forest is not a land card in A's hand \\(305.1\\)$"),
        ({"card": "Forest", "zone": "graveyard"}, {}, "^Forest is not a land card in A's hand"),
        ({"card": "Forest"}, {"active": "B"},
         "^A can't play a land now: only in their main phase with an empty stack \\(305.1\\)$"),
    ],
)
def test_play_land_errors(row, given, message):
    with pytest.raises(IllegalAction, match=message):
        entering.play_land(game(row, **given), "A", row["card"])


def test_a_permanent_that_becomes_a_land_enters_nothing():
    st = entering.become(game({"card": "Grizzly Bears", "zone": "battlefield"}), "Grizzly Bears", "land")
    assert s.get(st, "Grizzly Bears").types == ("creature", "land") and st.pending == ()
    with pytest.raises(IllegalAction, match="^Forest is not a permanent$"):
        entering.become(game({"card": "Forest"}), "Forest", "creature")


@pytest.mark.parametrize(
    "row, triggered",
    [
        ({"card": "Mulldrifter", "zone": "graveyard"}, ["draw two (Mulldrifter)"]),
        ({"card": "Ponyback Brigade", "zone": "hand"}, ["Ponyback Brigade enters (Ponyback Brigade)"]),
        ({"card": "Grizzly Bears", "zone": "hand"}, []),
    ],
)  # fmt: skip
def test_a_permanent_entering_triggers_its_own_enters_abilities(row, triggered):
    st = entering.put_onto_battlefield(state({"objects": [row], "players": ["A", "B"]}), row["card"], "B")
    assert [a.id for a in st.pending] == triggered
    for waiting in st.pending:  # its controller's, from it, doing what the card says
        assert (waiting.owner, waiting.controller, waiting.source, waiting.effect) == ("B", "B", row["card"], (("nothing", {}),))


@pytest.mark.parametrize("face_down, triggered", [(False, ["draw two (Mulldrifter)"]), (True, [])])
def test_a_permanent_spell_resolving_enters(face_down, triggered):
    from kb.checks.model import stack

    st = stack.resolve(state({"objects": [{"card": "Mulldrifter", "zone": "stack", "face_down": face_down}]}))
    assert s.zone_of(st, "Mulldrifter") == "battlefield"
    assert list(st.stack) == triggered  # put on the stack as a player receives priority


JACE = {"id": "D", "types": ["creature"], "mana_cost": "{1}{U}", "layout": "transform", "zone": "graveyard",
        "faces": [{"name": "Jace, Vryn's Prodigy", "mana_cost": "{1}{U}", "types": ["creature"]},
                  {"name": "Jace, Telepath Unbound", "types": ["planeswalker"]}]}  # fmt: skip


@pytest.mark.parametrize(
    "row, transformed, zone, face, types, stays",
    [
        ({"id": "D", "card": "Delver of Secrets", "zone": "graveyard"}, False, "battlefield", 0, ["creature"], None),  # 712.14
        ({"id": "D", "card": "Delver of Secrets", "zone": "graveyard"}, True, "battlefield", 1, ["creature"], None),  # 712.14a
        (JACE, True, "battlefield", 1, ["planeswalker"], None),  # the back face's characteristics (712.8e)
        (JACE, False, "battlefield", 0, ["creature"], None),
        ({"id": "D", "card": "Kazandu Mammoth", "zone": "hand"}, False, "battlefield", 0, ["creature"], None),  # modal
        ({"id": "D", "card": "Kazandu Mammoth", "zone": "hand"}, True, "battlefield", 1, ["land"], None),  # modal: 712.14a too
        ({"id": "D", "card": "Agadeem's Awakening", "zone": "hand"}, True, "hand", 0, ["sorcery"],
         "712.14b: its front face isn't a permanent"),  # transformed or not: 712.14b says so of any instruction
        ({"id": "D", "card": "Jwari Disruption", "zone": "hand"}, True, "hand", 0, ["instant"],
         "712.14b: its front face isn't a permanent"),
        ({"id": "D", "card": "Agadeem's Awakening", "zone": "hand"}, False, "hand", 0, ["sorcery"],
         "712.14b: its front face isn't a permanent"),
        ({"id": "D", "card": "Turn // Burn", "zone": "graveyard"}, False, "graveyard", 0, ["instant"],
         "400.4a: not a permanent card"),  # a split card: not double-faced
        ({"id": "D", "card": "Shock", "zone": "graveyard"}, False, "graveyard", 0, ["instant"], "400.4a: not a permanent card"),
        ({"id": "D", "card": "Grizzly Bears", "zone": "graveyard"}, True, "graveyard", 0, ["creature"],
         "712.14a: not a double-faced card"),
        ({"id": "D", "kind": "token", "types": ["creature"], "zone": "exile"}, False, "exile", 0, ["creature"],
         "111.8: a token that has left the battlefield"),
    ],
)  # fmt: skip
def test_what_enters_the_battlefield_and_with_which_face(row, transformed, zone, face, types, stays):
    st = entering.put_onto_battlefield(game(row), "D", transformed=transformed)
    obj = s.get(st, "D")
    assert (s.zone_of(st, "D"), obj.face, list(obj.types)) == (zone, face, types)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "stays")] == ([("D", "A", stays)] if stays else [])


STARTLED = {"id": "D", "types": ["sorcery"], "mana_cost": "{2}{U}{U}", "layout": "transform", "zone": "graveyard",
            "faces": [{"name": "Startled Awake", "mana_cost": "{2}{U}{U}", "types": ["sorcery"]},
                      {"name": "Persistent Nightmare", "types": ["creature"]}]}  # fmt: skip


@pytest.mark.parametrize(
    "row, transformed, zone, face, types, mana_cost, stays",
    [
        (STARTLED, False, "graveyard", 0, ["sorcery"], "{2}{U}{U}", "400.4a: its face up wouldn't be a permanent"),
        (STARTLED, True, "battlefield", 1, ["creature"], None, None),  # 712.14a: its back face, a creature
        (JACE, True, "battlefield", 1, ["planeswalker"], None, None),  # the back face has no mana cost
        ({"id": "D", "card": "Kazandu Mammoth", "zone": "hand"}, True, "battlefield", 1, ["land"], None, None),
        ({"id": "D", "card": "Kazandu Mammoth", "zone": "hand"}, False, "battlefield", 0, ["creature"], "{1}{G}{G}", None),
    ],
)  # fmt: skip
def test_the_face_up_brings_its_types_and_mana_cost(row, transformed, zone, face, types, mana_cost, stays):
    st = entering.put_onto_battlefield(game(row), "D", transformed=transformed)
    obj = s.get(st, "D")
    assert (s.zone_of(st, "D"), obj.face, list(obj.types), obj.mana_cost) == (zone, face, types, mana_cost)
    assert [(e.obj, e.player, e.detail) for e in s.events(st, "stays")] == ([("D", "A", stays)] if stays else [])
    if zone == "battlefield":  # and back to the front face as it leaves (712.8a)
        gone = s.get(s.move(st, "D", "graveyard"), "D")
        front = row.get("faces", [{}])[0] if "faces" in row else None
        expected = (list(front["types"]), front["mana_cost"]) if front else (["creature"], "{1}{G}{G}")
        assert (gone.face, list(gone.types), gone.mana_cost) == (0, *expected)


@pytest.mark.parametrize("card", ["Delver of Secrets", "Grizzly Bears"])
def test_a_card_put_onto_the_battlefield_under_another_players_control(card):
    st = entering.put_onto_battlefield(game({"id": "D", "card": card, "zone": "graveyard", "owner": "B"}), "D", "A")
    assert (s.zone_of(st, "D"), s.controller_of(st, "D"), s.get(st, "D").owner) == ("battlefield", "A", "B")


@pytest.mark.parametrize(
    "card, face, face_down, after, types, detail",
    [
        ("Kazandu Mammoth", 0, False, 1, ["land"], None),  # modal: it can transform (712.9)
        ("Kazandu Mammoth", 1, False, 0, ["creature"], None),  # and back
        ("Delver of Secrets", 0, False, 1, ["creature"], None),
        ("Jwari Disruption", 1, False, 1, ["land"], "712.10: its other face is an instant or sorcery"),
        ("Grizzly Bears", 0, False, 0, ["creature"], "701.27c: not a double-faced card"),
        ("Giant Killer", 0, False, 0, ["creature"], "701.27c: not a double-faced card"),  # two faces, an Adventure
        ("Brisela, Voice of Nightmares", 0, False, 0, ["creature"], "712.4c: a meld card"),
        ("Delver of Secrets", 0, True, 0, ["creature"], "712.15a: face down"),
    ],
)  # fmt: skip
def test_transform_turns_a_double_faced_permanent_over(card, face, face_down, after, types, detail):
    st = game({"id": "D", "card": card, "zone": "battlefield", "face": face, "face_down": face_down})
    obj = s.get(st, "D")
    st = s.update(st, "D", types=obj.faces[face].types or obj.types) if obj.faces else st  # the face up's types
    st = faces.transform(st, "D")
    assert (s.get(st, "D").face, list(s.get(st, "D").types)) == (after, types)
    assert [(e.obj, e.detail) for e in s.events(st, "no transform")] == ([("D", detail)] if detail else [])
    turned = [("D", s.get(st, "D").faces[after].name)] if after != face else []
    assert [(e.obj, e.detail) for e in s.events(st, "transform")] == turned
    if after != face:  # that face's mana cost: a land face has none, so it adds nothing to devotion (700.5)
        assert s.get(st, "D").mana_cost == s.get(st, "D").faces[after].mana_cost


def test_a_transformed_permanent_leaves_front_face_up():
    st = faces.transform(game({"id": "D", "card": "Kazandu Mammoth", "zone": "battlefield"}), "D")
    assert (list(s.get(st, "D").types), s.get(st, "D").mana_cost) == (["land"], None)
    st = s.move(st, "D", "graveyard")
    obj = s.get(st, "D")
    assert (obj.face, list(obj.types), obj.mana_cost) == (0, ["creature"], "{1}{G}{G}")  # 712.8a


def test_only_a_permanent_transforms():
    with pytest.raises(IllegalAction, match="only permanents transform"):
        faces.transform(game({"id": "D", "card": "Delver of Secrets", "zone": "graveyard"}), "D")


def test_a_fused_split_spell_leaving_the_stack_keeps_the_whole_card():
    st = game({"id": "D", "card": "Turn // Burn", "zone": "stack", "face": "both"})
    gone = s.get(s.move(st, "D", "graveyard"), "D")
    assert (gone.face, list(gone.types), gone.mana_cost) == (0, ["instant"], None)  # both halves, no face up to undo


@pytest.mark.parametrize(
    "card, face, up, types",
    [
        ("Kazandu Mammoth", 1, "Kazandu Valley", ("land",)),  # a creature // land, played as its land face (712.12)
        ("Agadeem's Awakening", 1, "Agadeem, the Undercrypt", ("land",)),  # a sorcery on its front: only the face chosen counts
        ("Forest", None, None, ("land",)),
    ],
)  # fmt: skip
def test_a_modal_double_faced_card_is_played_as_the_land_face_chosen(card, face, up, types):
    st = entering.play_land(game({"card": card}), "A", card, face)
    played = s.get(st, card)
    assert played.zone == "battlefield" and played.types == types
    assert (played.faces[played.face].name if played.faces else None) == up


@pytest.mark.parametrize(
    "card, face, message",
    [
        ("Kazandu Mammoth", None, "Kazandu Mammoth, the face of Kazandu Mammoth chosen, is not a land"),  # its front face
        ("Agadeem's Awakening", 0, "Agadeem's Awakening, the face of Agadeem's Awakening chosen, is not a land"),
        ("Forest", 1, "Forest is no modal double-faced card"),
        ("Delver of Secrets", 1, "Delver of Secrets is no modal double-faced card"),  # a transforming card is played front up, if a land
        ("Delver of Secrets", None, "Delver of Secrets is not a land card in A's hand"),
        ("Kazandu Mammoth", 2, "Kazandu Mammoth has no face 2 to play"),  # a modal card has two
        ("Kazandu Mammoth", -1, "Kazandu Mammoth has no face -1 to play"),
        ("Grizzly Bears", None, "Grizzly Bears is not a land card in A's hand"),
    ],
)  # fmt: skip
def test_a_face_that_is_no_land_is_not_played_as_one(card, face, message):
    with pytest.raises(IllegalAction) as caught:
        entering.play_land(game({"card": card}), "A", card, face)
    assert str(caught.value).startswith(message)
