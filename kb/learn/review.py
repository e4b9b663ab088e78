"""The review of the generated mechanics: what a person decided about each mechanic's forms after
reading the rulings they tag (forms too ambiguous to tag by, forms only some contexts make
precise, exact words, ``not`` contexts, ``with`` words), each decision with its reason in the
entry's ``comment``. Nothing here adds an Italian label: those come only from the cards."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Review:
    """What a person decided about a mechanic's forms after reading the rulings they tag.

    ``en``/``it``: the forms to tag by instead of the learned ones (only the precise ones);
    ``add_en``/``add_it``: forms to add (rulings' wording, a phrase of a learned label);
    ``drop_en``/``drop_it``: learned forms to leave out; ``not_en``/``not_it``: contexts that
    cancel a match; ``with_en``/``with_it``: words one of which a text must have for the tag to
    count; ``comment``: why.
    """

    en: list | None = None
    it: list | None = None
    add_en: list = field(default_factory=list)
    add_it: list = field(default_factory=list)
    drop_en: list = field(default_factory=list)
    drop_it: list = field(default_factory=list)
    not_en: list = field(default_factory=list)
    not_it: list = field(default_factory=list)
    with_en: list = field(default_factory=list)
    with_it: list = field(default_factory=list)
    comment: str = ""


def R(**kwargs) -> Review:
    return Review(**kwargs)


# The review: read the rulings of /work/shared/corpus/rulings_en.jsonl each mechanic tags (and the
# words stemming joins to its forms), decide. "=word" is an exact word (see kb.text.vocabulary).
NOUN_COUNTER = ["1 1 counter", "loyalty counter", "poison counter", "time counter", "charge counter", "lore counter",
                "level counter", "age counter", "fade counter", "quest counter", "ki counter", "energy counter",
                "oil counter", "shield counter", "experience counter", "stun counter", "number counter",
                "kind counter", "type counter", *(f"{verb} {many}counter" for verb in ("put", "remove", "move", "get", "receiv")
                for many in ("", "one ", "two ", "three ", "four ", "five ", "x ", "anoth ", "addit ", "mani "))]  # fmt: skip
WORDING = "'{}' is an everyday word: only the wording of its rules tags it."


def numbered(word: str) -> list[str]:
    """"discover 1" … "discover 10", "discover X": a keyword action or ability written with N."""
    return [f"{word} {n}" for n in [*range(11), "X"]]


EXACT_ONLY = "Stemming joins its name to other words ({}), so only the exact words tag it (with the text)."
REVIEW: dict[str, Review] = {
    # --- keyword actions
    "activate": R(not_en=["active player", "=active", "=actively"], not_it=["giocatore attivo", "=attivo", "=attivi"],
                  comment="Not the active player ('active' and 'activate' share a stem; Italian 'attivo')."),
    "cast": R(comment="Every mention of casting counts: the keyword action is the game's word for it."),
    "counter": R(en=["=countered", "=countering", "=counterable", "=uncounterable", "counterspell", "counter target",
                     "counter spell", "counter abil", "counter trigger abil", "counter activ abil",
                     "counter creatur spell", "counter noncreatur spell", "counter instant spell",
                     "counter sorceri spell", "counter copi"],
                 not_en=NOUN_COUNTER, not_it=["segnalino", "segnalini"],
                 comment="The noun (+1/+1 counter, loyalty counter) is not the keyword action: 'counter' alone never "
                         "tags; 'countered'/'countering' (exact words, with the text) and 'counter [target] spell/"
                         "ability' do, the noun's contexts cancel. Italian: neutralizzare (the noun is segnalino)."),
    "create": R(with_en=["token", "food", "treasure", "clue", "gold", "blood", "map", "powerstone", "incubator",
                         "marit lage"],
                with_it=["pedina", "pedine", "cibo", "tesoro", "indizio", "oro"],
                not_en=["effect creat", "creat effect", "creat … continu effect", "creat … shot effect",
                        "creat … replac effect", "creat prevent effect", "one creat", "ones creat", "creat … shield",
                        "shield … creat", "creat delay", "delay trigger abil creat", "creat stack",
                        "creat copi … spell", "creat copi … abil", "creat anoth … abil", "creat … instanc",
                        "creat … permiss", "phase creat", "creat new phase", "creat addit … phase", "step creat",
                        "emblem creat", "creat emblem", "turn creat", "creat extra turn"],
                comment="Tokens: counts only in a ruling that names a token (or a token's name: Food, Treasure, "
                        "Clue…), and not for the effects, regeneration shields, delayed triggered abilities, copies "
                        "of spells, phases, steps, emblems or extra turns that a ruling says are 'created'."),
    "tap_and_untap": R(not_en=["untap step"], comment="Not the untap step (a step of the turn)."),
    "double": R(not_en=["double-faced", "double faced", "double strike", "double agenda", "double team"],
                comment="Not double-faced cards, double strike or double agenda."),
    "play": R(not_en=["play top card", "play … hand revealed", "play … game", "game play", "play … format", "play first",
                      "=plays first", "playtest", "=playing planechase", "play supplement", "=plays magic",
                      "=playing magic"],
              it=["=gioca", "=giocare", "=giocata", "=giocato", "=giocate", "=giocano"],
              comment="Not playing a game, or with a card revealed ('Play with the top card…'); Italian: the verb's own "
                      "words only ('gioco' is 'game', and 'in gioco' the old battlefield)."),
    "planeswalk": R(en=["=planeswalk", "=planeswalks", "=planeswalking", "=planeswalked"],
                    it=["=viaggia", "=viaggi"],
                    comment=EXACT_ONLY.format("planeswalker")),
    "explore": R(not_en=["=explorer", "=explorers", "=exploration"], not_it=["esplora … dungeon", "=esploratore",
                 "=esploratrice", "=esploratori"],  # fmt: skip
                 comment="Italian 'esplora' is also venture into the dungeon ('esplora il dungeon')."),
    "learn": R(not_it=["=apprendista"]),
    "assemble": R(not_en=["=assembly"]),
    "venture_into_the_dungeon": R(add_en=["venture into", "=ventures into", "=ventured into"],
                                  comment="Also 'venture into [quality]' (701.49d)."),
    # --- keyword abilities
    "defender": R(not_en=["defending player", "defending planeswalker", "=defending", "=defended", "=defends",
                          "=defend"],  # fmt: skip
                  comment="Not the defending player ('defending' shares the stem)."),
    "enchant": R(en=["=enchant", "=enchant creature", "=enchant player", "=enchant permanent"],
                 it=["=incanta", "=incantare"],
                 comment=EXACT_ONLY.format("enchantment, enchanted, enchants: an Aura's effects and what it is "
                                           "attached to are not the enchant keyword")),
    "equip": R(en=["=equip", "=equip cost", "=equip ability"],
               it=["=equipaggiare", "=equipaggia", "=equipaggialo", "=equipaggiala"],
               comment=EXACT_ONLY.format("Equipment, equipped, equips: an Equipment's effects and what it is "
                                         "attached to are not the equip ability")),
    "reach": R(it=["=raggiungere"],
               not_en=["=reaches", "=reaching", "=reached", "reach … life", "reach … graveyard", "reach … zone", "reach 0"],
               comment="Not the verb ('reaches 0 life', 'reaching a graveyard'); Italian: only 'raggiungere', "
                       "not 'raggiunge' (reaches)."),
    "phasing": R(en=["=phasing", "=phased", "phase out", "=phases out"],
                 comment=EXACT_ONLY.format("phase: beginning phase, combat phase")),
    "protection": R(not_en=["=protected", "=protect", "=protects", "=protecting", "=protector", "=protective",
                            "battl … protect"],  # fmt: skip
                    comment="Not the everyday verb, nor a battle's protector ('a battle protected by an opponent')."),
    "shadow": R(not_en=["Shadows over Innistrad"], comment="Not the set Shadows over Innistrad."),
    "offering": R(en=["=offering", "goblin offering", "fox offering", "moonfolk offering", "rat offering",
                      "snake offering"],  # fmt: skip
                  comment=EXACT_ONLY.format("offer, offered: 'tempting offer'")),
    "poisonous": R(en=["=poisonous"], comment=EXACT_ONLY.format("poison counters")),
    "eternalize": R(en=["=eternalize", "=eternalized", "=eternalizes", "=eternalizing"], it=["=eternare"],
                    comment=EXACT_ONLY.format("eternal, eternity; Italian eterno")),
    "reinforce": R(not_en=["reinforce … flavor"], comment="Not 'to reinforce the flavor'."),
    "dash": R(not_en=["dash … type line", "dash … type", "appear … dash", "number … dash", "listed … dash"],
              comment="Not the dash of a type line, nor suspend's ('the number before the dash', 'listed after the dash')."),
    "provoke": R(drop_it=["provocazione"],
                 comment="The Italian label 'Provocazione' is not a form: Italian rulings say 'provocazione' for "
                         "goad ('requisiti di provocazione')."),
    "cipher": R(add_en=["=encoded", "=encode", "=encodes", "=encoding"],
                add_it=["=codificata", "=codificato", "=codificate", "=codificati", "=codificare", "=codificarla"],
                comment="A card encoded on a creature is cipher's own word (702.99b): a ruling that says 'the encoded card' is a cipher ruling."),
    "bestow": R(it=["=conferire", "costo di conferire"],
                comment="Italian: only 'conferire' and 'costo di conferire' (the everyday verb: 'conferito il "
                        "controllo')."),
    "dredge": R(it=["=dragare"], comment="Italian: only 'dragare' ('drago', dragon, shares the stem)."),
    "improvise": R(it=["=improvvisare"], comment="Italian: only 'improvvisare' (attacco improvviso is first strike)."),
    "horsemanship": R(it=["=cavalierato"]),
    # Italian labels whose stem is an everyday word's: the label itself, exactly
    "evoke": R(it=["=apparire", "costo di apparire"], comment="Italian: not 'appare' (appears), same stem."),
    "menace": R(it=["=minacciare"], comment="Italian: not 'minaccia' (a threat), same stem."),
    "melee": R(it=["=mischia"], comment="Italian: not 'mischiare' (to mix), same stem."),
    "tribute": R(it=["=tributo"], comment="Italian: not 'tribù' (tribe), same stem."),
    "skulk": R(it=["=furtivo"], comment="Italian: not 'furto' (theft), same stem."),
    "recover": R(it=["=recupero"], comment="Italian: not 'recuperare' (to get back), same stem."),
    "shroud": R(it=["=velo"]),
    "companion": R(not_it=["=compagnia"]),
    "madness": R(not_it=["=folla", "=folle"], comment="Italian: not 'folla' (crowd), which shares the stem."),
    "foretell": R(it=["=predire", "costo di predire"], comment="Italian: not 'preda' (prey), which shares the stem."),
    "ascend": R(not_en=["=ascendant", "=ascendancy"], add_en=["city's blessing"], add_it=["benedizione della città"],
                comment="The city's blessing is ascend's (702.131): a ruling about it is an ascend ruling."),
    "monstrosity": R(add_en=["monstrous"], comment="A creature 'monstrous' is monstrosity's designation (701.37b)."),
    "splice": R(add_it=["unisci", "unisce", "unita", "unendo", "unirla", "unirlo"],
                comment="Italian rulings say 'unisci/unita' for splicing, beside the label 'unire'."),
    "emerge": R(not_en=["Emergence Zone", "Emergency Powers", "Emergent Growth", "Emergent Sequence", "Emergent Ultimatum",
                        "Mighty Emergence", "Natural Emergence"], comment="Not the cards whose names hold 'emerge'."),
    "fuse": R(not_en=["fuse counter", "fuse counters"], comment="Not a fuse counter (a kind of counter)."),
    "mutate": R(not_en=["=mutation"]),
    "awaken": R(not_en=["=awakening", "=awakener"]),
    "devour": R(not_en=["=devourer", "=devouring"]),
    "replicate": R(not_en=["=replicator", "=replication"]),
    "scavenge": R(not_en=["=scavenger", "=scavengers"]),
    "assist": R(not_en=["=assistant"]),
    "persist": R(not_en=["=persistent"]),
    # --- keywords newer than the rulings of the data, named with everyday words: only the wording
    # their rules use ("discover N", "gift a card", "the gift was promised") tags them
    "discover": R(en=[*numbered("discover"), "discovered card"], comment=WORDING.format("discover")),
    "toxic": R(en=[*numbered("toxic"), "total toxic value"], comment=WORDING.format("toxic")),
    "endure": R(en=numbered("endure"), comment=WORDING.format("endure")),
    "blight": R(en=[*numbered("blight"), "=blighted creature"], comment=WORDING.format("blight")),
    "incubate": R(en=[*numbered("incubate"), "incubator token"], comment=WORDING.format("incubate")),
    "convert": R(en=["convert … permanent", "convert … face"], not_en=["converted mana cost"],
                 comment=WORDING.format("convert") + " Not 'converted mana cost'."),
    "disguise": R(en=["disguise cost", "disguise abil"], comment=WORDING.format("disguise")),
    "gift": R(en=["gift cost", "gift … promis", "promis … gift", "gift a card", "gift a food", "gift a tapped fish",
                  "gift an extra turn", "gift a treasure", "gift an octopus"], comment=WORDING.format("gift")),
    "exhaust": R(en=["exhaust abil"], comment=WORDING.format("exhaust")),
    "visit": R(en=["visit abil"], comment=WORDING.format("visit")),
    "plot": R(en=["=plotted", "plot cost", "plot abil"], comment=WORDING.format("plot")),
    "craft": R(en=["craft abil", "craft cost"], comment=WORDING.format("craft")),
    "station": R(en=["station abil", "station card", "station symbol"], comment=WORDING.format("station")),
    "warp": R(en=["warp cost", "=warped", "warp abil"], comment=WORDING.format("warp")),
    "training": R(not_en=["training counter"], comment="Not a card's 'training counter'."),
    "triple": R(not_en=["triple strike", "tripl … face"], comment="Not an Un-card's 'triple strike' nor "
                                                               "'triple-faced'."),
    "enlist": R(en=["enlist abil", "enlist … attack", "attack … enlist"], comment=WORDING.format("enlist")),
    "time_travel": R(en=["time =travel", "time =travels", "time =traveled"], not_en=["travel prepar"],
                     comment="Not 'time traveling' in a joke: the keyword action's own words only."),
    "for_mirrodin": R(en=["mirrodin abil"], comment="'for' is a stop word, and Mirrodin a plane: only "
                                                   "'For Mirrodin! ability' tags it."),
}
