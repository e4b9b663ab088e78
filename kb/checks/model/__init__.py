"""One small game model, deep enough to decide what rulings claim. Pure Python, no engine.

Every module works on the one frozen ``state.State``; each action returns a new state. Modules,
from the bottom up (each imports only those above it):

- ``errors``: ModelError, ManaCostError, IllegalAction, ScenarioError
- ``costs``: mana symbols, mana value of a mana cost, total cost (107.4, 202.3, 601.2f, 118.7)
- ``cards``: faces and parts of cards: split, adventure, double-faced, meld (202.3, 709, 712)
- ``lasting``: control effects, cost modifiers, delayed triggers, as the state holds them (613.1b, 601.2f, 603.7)
- ``state``: the state, objects, zones, steps, the event log, triggers waiting, Auras attached (400-405, 603.3, 303.4)
- ``colors``: colors, layer-5 and layer-6 effects, devoid, devotion (105, 613, 702.114, 700.5)
- ``protection``: shroud, hexproof, protection from a color: what can't be targeted, what damage is prevented (702.18, 702.11, 702.16)
- ``cipher``: a spell card exiled encoded on a creature as it resolves, while it stays encoded, and the trigger it grants (702.99)
- ``bodies``: power and toughness (layers 7b-c, counters), last known information, effects until end of turn, bonuses "for each" counted once (208, 613.4, 113.7a, 514.2, 608.2h)
- ``player_counters``: energy and other counters on players (122.1, 107.14)
- ``library``: a library's order, scry (401.1, 701.22)
- ``life``: life totals, gaining and losing life, exchanging them (119, 701.12c)
- ``abilities``: abilities, mana abilities (602, 605)
- ``exert``: exerting, and permanents kept from untapping in their player's next untap step (701.43, 502.3)
- ``saga``: lore counters, chapter abilities, the sacrifice after the last chapter (714, 122.6)
- ``dungeon``: dungeon cards, venturing, room abilities, completing a dungeon (309, 701.49)
- ``priority``: timing, split second, and nobody acting midway through casting or resolving (117, 307, 702.61, 116.2)
- ``bestow``: bestowed Aura spells and Auras attached, unattached or illegal (702.103, 303.4, 704.5m)
- ``evolve``: evolve's intervening "if", at trigger and at resolution (702.100, 603.4)
- ``designations``: monstrosity, renown and ascend: becoming monstrous or renowned once, only the object still on the battlefield; designations no ability; the city's blessing for the game, from ten permanents and ascend, no stack (701.37, 702.112, 702.131, 603.4)
- ``entering``: lands played or put onto the battlefield, landfall, evolve, "becomes a land" (305, 603.6a)
- ``end_step``: until the next end step: dash's return, unearth's exile and its replacement, delayed triggers that refer to an object (702.109, 702.84, 603.7c)
- ``destruction``: what stops or replaces destruction: indestructible, regeneration, umbra armor (702.12b, 701.19, 702.89)
- ``dying``: destroying, sacrificing, damage, the state-based actions that kill or cancel counters, persist and undying (700.4, 701.8, 704.5f-g, 704.5q, 702.79, 702.93)
- ``damage``: damage by recipient and source: life, poison, loyalty, marked damage or -1/-1 counters; infect, wither, lifelink, prevention; losing the game (120.3, 702.90, 702.80, 702.15, 615.6, 704.5a, 704.5c)
- ``spent``: the mana spent to cast a spell, converge and adamant; none for a copy (601.2h, 207.2c, 707.10)
- ``history``: what the turn so far and a graveyard say: raid, revolt, delirium (207.2c, 205.2a, 712.8a)
- ``discard``: discarding, madness's replacement, mill, draw (701.9, 702.35a)
- ``halves``: split cards' halves as spells: their instructions, left half first, and their targets; Give // Take (709.3, 702.102, 115.3)
- ``splice``: splice onto Arcane: cards revealed from the hand, their text and targets added after the spell's own (702.47)
- ``targeting``: choosing a spell's targets: kicked targets, each half's, shroud, hexproof, protection, none when overloaded (601.2c, 115.1, 115.3, 702.33g, 702.96b)
- ``overload``: what instructions naming a target act on: the target, or, overloaded, each permanent it describes (702.96, 115.10)
- ``origins``: where a card may be cast from: permissions, escape, aftermath, an Adventure's creature, a copy of a card (601.2a, 702.138a, 702.127a, 715.3d, 707.12)
- ``paying``: paying part of a total cost by delve, convoke and improvise, keywords given to spells (702.66, 702.51, 702.126)
- ``modal``: the modes chosen for a modal spell (700.2)
- ``casting``: casting with alternative/additional costs, X, escape's exiled cards; storm, cast and magecraft triggers (601, 702.138a, 207.2c)
- ``cascade``: exiling to a nonland card of lesser mana value, casting it free, the rest to the bottom in a random order (702.85)
- ``copies``: copies of spells (the original's choices and targets, or new legal ones; no cost paid), of cards outside the stack, and of permanents (707, 115.7)
- ``actions``: activating abilities, cycling, special actions (602, 702.29, 116)
- ``vehicles``: crew: tapping creatures to make a Vehicle an artifact creature (702.122, 301.7)
- ``exalted``: a creature attacking alone, exalted's triggers and bonus (702.83, 506.5)
- ``combat``: goad, declaring attackers, exerting as they attack, removing from combat (701.15, 508.1, 506.4)
- ``control``: gaining and exchanging control, leaving the game (701.12, 800.4a)
- ``leaving``: where a spell goes off the stack; countering (608, 701.6, 702.34, 702.88, 702.127a, 715.3d)
- ``effects``: the effect steps spells and abilities perform as they resolve
- ``stack``: resolving, passing priority, steps and turns (608, 117, 500-514)
"""

from kb.checks.model.errors import IllegalAction, ManaCostError, ModelError, ScenarioError  # noqa: F401
