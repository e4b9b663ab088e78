"""The mana value a ruling states for a card it names, against the one the model computes.

"Flame Javelin's mana value is 3" reads like its true twin ("... is 6") to any reader of words; the
number is the fact. Where a ruling names a card (by its English or Italian name, or a face's) and
says, of that card, that its mana value (converted mana cost; valore di mana, costo di mana
convertito) is a number, the model computes the card's mana value from its printed mana cost
(kb.checks.model.cards, CR 202.3) in every zone and face the sentence allows: on the stack, with X
as the sentence says ("X=3") or any X; cast as a face it names; on the battlefield; elsewhere. A
number it can't take there denies the claims of mana value the ruling links to; the only number it
can take asserts them. Anything else says nothing: a comparison ("mana value 3 or less"), a
condition ("if Flame Javelin's mana value is 3"), a face-down card, a token or a copy, a number the
card takes in one zone and not in another the sentence doesn't rule out.
"Of that card" is said by its name, by "it", "that spell" or "quella magia" after it (nothing else
it may mean said between: "six cards" are no "it"), or by "the" and a word of its name ("the
Seer") in a ruling that names no other card.

The card costs come from kb.checks.card_table.

    read_values("Flame Javelin's mana value is 3.")  # the Flame Javelin row: {2/R}{2/R}{2/R}
        -> [Stated(card=<Flame Javelin>, value=3, possible=frozenset({6}), ...)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.checks.card_table import FACE_DOWN, Card, shipped
from kb.checks.model import cards
from kb.checks.model.cards import BOTH
from kb.checks.model.errors import ModelError

MOST_X = 99  # an X the sentence doesn't give: any value up to this many (a number said has two digits at most)

NUMBERS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen".split())}
NUMBERS.update({w: n for n, w in enumerate("zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici".split())})
NUMBER = r"(?:\d{1,2}|" + "|".join(sorted(NUMBERS, key=len, reverse=True)) + r")\b"  # a number, in digits or words
NUM = "(" + NUMBER + ")"  # the same, captured
VALUE = r"(?:converted mana cost|mana value|valore di mana|costo di mana convertito)"
IS = r"(?:is|was|remains|stays|becomes|equals|will be|would be|(?:isn't|is not|is no longer|wasn't|was not) " + NUMBER + r",? but)"  # "is no longer 8 but 2": 2
E = r"(?:è|resta|rimane|diventa|sarà|sarebbe|non è(?: più)? " + NUMBER + r",? ma)"
CARD = r"§(\d+)§"  # a card name the sentence holds, by its number among them
WHERE = r"(?: (?:(?:lying |sitting |resting )?in (?:your |a |the |someone's |an opponent's |its owner's )?(?:hand|library|graveyard|yard)|on the (?:stack|battlefield)|in mano|in pila|sulla pila|nel (?:cimitero|grimorio)|sul campo di battaglia))?"
# what may stand between a card's name and what is said of it: where it is, how it was cast
# ("Fireball lying in someone's yard has", "Treasure Cruise cast for {U} has", "Scopritore di
# Segreti già trasformato vale", "la Visione Ancestrale lanciata dalla sospensione")
ASIDE = ("(?:" + WHERE[3:-2] + r"| cast (?:with|for|using|by|from|as) [^,;.§]{1,30}?| (?:transformed|flipped)"
         r"| (?:già |ancora )?\w+(?:at|ut|it)[oaie](?: (?:con|per|da|dal|dalla|dallo|col|come) [^,;.§]{1,30}?)?)?")
NOT_A_COUNT = r"(?![\w/+-])(?! ?(?:/|\+|damage|life|cards?|counters?|times|creatures?|mana|spells?|poison|players?|points?|power|toughness|of|danni|vite|vita|punti|carte|segnalini|volte|creature|magie|giocatori|forza|costituzione|di)\b)"
ADVERB = r"(?:still |only |just |always |actually |also |ancora |sempre |solo |soltanto |pure |anche )?"
STATEMENTS = tuple(re.compile(p, re.I) for p in (
    CARD + r"'s? " + VALUE + " " + IS + " " + ADVERB + NUM,
    CARD + ASIDE + r" (?:has|had|will have|keeps) " + ADVERB + r"(?:a |an )?" + VALUE + r" (?:of |equal to )?" + NUM,
    VALUE + r" of " + CARD + " " + IS + " " + ADVERB + NUM,
    CARD + ASIDE + r" is " + ADVERB + r"(?:an? )?" + VALUE + r" " + NUM,  # "Dismember is still mana value 3"
    CARD + ASIDE + r" is " + ADVERB + r"(?:an? )?(?:\w+ ){0,2}(?:card|spell|permanent|creature|object) with (?:an? )?" + VALUE + r" (?:of )?" + NUM,  # "is a creature card with mana value 3"
    CARD + r" is (?:[^,;.§]{0,40} )?whose " + VALUE + " " + IS + " " + ADVERB + NUM,  # "Giant Killer is a white creature card whose mana value is 1"
    CARD + r" è (?:[^,;.§]{0,40} )?il cui " + VALUE + " " + E + " " + ADVERB + NUM,
    r"(?:il )?" + VALUE + r" (?:di|del|della|dello|dell'|dei|degli) ?" + CARD + " " + E + " " + ADVERB + NUM,
    CARD + ASIDE + r" (?:ha|aveva|avrà|mantiene|conserva) " + ADVERB + r"(?:un )?" + VALUE + r" (?:di |pari a |uguale a )?" + NUM,
    CARD + r" è " + ADVERB + r"(?:una? )?(?:magia |carta |creatura |permanente )?(?:con |di )" + VALUE + r" (?:pari a |di )?" + NUM,
    # players' words, no "mana value" said: "Flame Javelin totals 3", "Treasure Cruise stays an 8",
    # "is a three-drop", "Sonda Gitaxian vale 0", "pesa comunque 8", "ha valore 6"
    CARD + ASIDE + r" (?:is|stays|remains|becomes|counts as) " + ADVERB + r"an? " + NUM + r"(?:[- ]drop\b)?" + NOT_A_COUNT,
    CARD + ASIDE + r" (?:totals|is worth|checks in at|clocks in at|comes in at|sits at|sit at) " + ADVERB + r"(?:" + VALUE + " )?" + NUM + NOT_A_COUNT,
    CARD + ASIDE + r" (?:vale|pesa|conta come|ha valore|resta una?|rimane una?|diventa una?) " + ADVERB + r"(?:comunque |sempre |soltanto |solo |ancora )?" + NUM + NOT_A_COUNT,
))
# the same said of "it", or in Italian of no subject, meaning the one card the sentence names before
# it: "Walking Ballista was cast with X=3, so on the battlefield its mana value is 6"
PRONOUNS = tuple(re.compile(p, re.I) for p in (
    r"\bits " + VALUE + " " + IS + " " + ADVERB + NUM,
    r"\bit(?:'s| is| was| remains| stays) " + ADVERB + r"(?:an? )?" + VALUE + r" " + NUM,
    r"\b(?:that|this) (?:permanent|spell|card|creature) (?:has|had|keeps|will have) " + ADVERB + r"(?:a |an )?" + VALUE + r" (?:of |equal to )?" + NUM,
    r"\b(?:quel|quella|quello|questo|questa) (?:permanente|magia|carta|creatura) (?:vale|pesa|ha valore di mana|ha un valore di mana (?:di |pari a )?) ?" + ADVERB + NUM + NOT_A_COUNT,
    r"\bit (?:has|had|keeps|will have) " + ADVERB + r"(?:a |an )?" + VALUE + r" (?:of |equal to )?" + NUM,
    r"\b(?:il )?suo " + VALUE + " " + E + " " + ADVERB + NUM,
    r"(?<![§\w] )\b(?:ha|aveva|avrà|mantiene) " + ADVERB + r"(?:un )?" + VALUE + r" (?:di |pari a |uguale a )?" + NUM,
    r"(?<![§\w] )\bè " + ADVERB + r"(?:una? )?(?:magia |carta |creatura |permanente )?(?:con |di )" + VALUE + r" (?:pari a |di )?" + NUM,
))
OTHER = re.compile(r"\b(?:reveal|target|another|other|rivel|bersagli|altr[aoie]|(?:card|creature|spell|permanent|token|land|object|carta|creatura|magia|permanente|terra|oggetto)\b)", re.I)  # something else "it" may be: one thing ("six cards" are no "it", "sei carte" no "suo")
COMPARED = re.compile(r"^\s*(?:or (?:less|greater|more|fewer|lower|higher)|o (?:meno|più|inferiore|superiore|minore|maggiore)|\+|or below|or above)", re.I)
CONDITION = re.compile(r"(?:^|[,;:(]|\b(?:and|or|e|o)\b)\s*(?:if|whether|unless|when|whenever|se|qualora|quando|nel caso)\b[^,;:]*$", re.I)
UNSURE = re.compile(r"\b(?:face[- ]down|morph|manifest|disguise|cloak|token|copy|copies|copia|copie|pedina|pedine|faccia in giù|megamorph|meld|emblem)\w*", re.I)
ZONES = {
    "stack": re.compile(r"\b(?:on the stack|as a spell|(?:it's|it is|è) (?:still )?(?:a|una) (?:spell|magia)|while (?:you're )?casting|cast as|cast it as|sulla pila|in pila|sullo stack|nella pila|lanciat[oa] come)\b", re.I),
    "battlefield": re.compile(r"\b(?:on the battlefield|onto the battlefield|in play|sul campo di battaglia|in gioco)\b", re.I),
    "hand": re.compile(r"\b(?:in (?:your|a|their|his|her|its owner's|the) hand|in mano|nella (?:tua |sua )?mano)\b", re.I),
    "graveyard": re.compile(r"\b(?:graveyard|yard|cimitero)\b", re.I),
    "library": re.compile(r"\b(?:library|grimorio)\b", re.I),
    "exile": re.compile(r"\b(?:in exile|exiled|in esilio|esiliat[oa])\b", re.I),
}
NOT_IN = re.compile(r"\b(?:not|non|isn't|never|mai)\s+$", re.I)  # "while not on the stack": every zone but that one
X_GIVEN = re.compile(r"\bX\s*(?:=|is|was|of|equal to|pari a|uguale a|è|vale)\s*(\d{1,2})\b|\b(?:chooses?|chose|chosen|scegli|sceglie|scelto) (\d{1,2}) (?:for|as|per|come) X\b")
FUSED = re.compile(r"\b(?:fused|fuse|fusa|fusi|fusione)\b", re.I)
ADVENTURE = re.compile(r"\b(?:as an adventure|come avventura|come un'avventura)\b", re.I)
MENTIONS = re.compile(VALUE + r"|\b(?:is|stays|remains|becomes|counts as|totals|is worth|vale|pesa|conta come|ha valore|resta|rimane|diventa) " + ADVERB + r"(?:comunque |an? |una? )?" + NUM, re.I)  # what a ruling must say for any of this to be read
SENTENCE = re.compile(r"(?<=[.!?])\s+")
ALIAS = re.compile(r"\b(?:[Tt]he|[Ii]l|[Ll]a|[Ll]o|[Ll]')\s?([A-Z][a-zà-ÿ]{3,})\b(?!\s+[A-Z])")  # "the Seer", "il Temperamento": a card named once before, by one word of its name


@dataclass(frozen=True)
class Stated:
    """A mana value a ruling states for a card, and those the model computes where the sentence allows."""

    card: Card
    said: str  # the card's name as the ruling says it
    value: int
    possible: frozenset[int]  # every value the card takes where the sentence allows (X up to MOST_X)

    @property
    def holds(self) -> bool | None:
        """True: the only value it can take; False: one it can't take; None: one of several."""
        if self.value not in self.possible:
            return False
        return True if self.possible == {self.value} else None

    @property
    def evidence(self) -> str:
        costs = " // ".join(f.mana_cost or "no mana cost" for f in self.card.faces)
        computed = ", ".join(str(v) for v in sorted(self.possible)[:4]) + ("…" if len(self.possible) > 4 else "")
        rule = "CR 708.2a" if self.card.layout == FACE_DOWN else "CR 202.3"
        return f"{self.said}'s mana value stated: {self.value}; computed from {costs} ({self.card.layout}, {rule}): {computed}"


def _face(card: Card, sentence: str) -> set:
    """The faces the sentence may mean: a face it names (and cast as), fused halves, an Adventure."""
    if card.layout in cards.SPLIT_LAYOUTS and FUSED.search(sentence):
        return {BOTH}
    if card.layout == "adventure" and ADVENTURE.search(sentence):
        return {1}
    if len(card.faces) < 2:
        return {0}
    names = shipped()[1].face_names(card)  # each face's, English and Italian: "Stomp", "Schiacciare"
    cast_as = {k for k, said in enumerate(names) for name in said if re.search(r"\b(?:as|come) " + re.escape(name) + r"\b", sentence)}
    if len(cast_as) == 1:
        return cast_as
    named = {k for k, said in enumerate(names) for name in said if name and name in sentence}
    return named if len(named) == 1 else set(range(len(card.faces))) | ({BOTH} if card.layout == "fuse" else set())


def possible(card: Card, sentence: str, where: str | None = None) -> frozenset[int]:
    """Every mana value ``card`` takes in the faces ``sentence`` allows, and the zones and X that
    ``where`` (the part of it that says them; else the whole) allows."""
    where = sentence if where is None else where
    named, outside = set(), set()
    for zone, words in ZONES.items():
        for match in words.finditer(where):
            (outside if NOT_IN.search(where[max(0, match.start() - 8) : match.start()]) else named).add(zone)
    zones = sorted(named - outside) or [zone for zone in ("stack", "battlefield", "hand") if zone not in outside]
    given = X_GIVEN.search(where)
    xs = [int(given.group(1) or given.group(2))] if given else range(MOST_X + 1)
    faces = _face(card, sentence)
    found: set[int] = set()
    for zone in zones:
        for face in faces:
            for x in xs if zone == "stack" else (0,):
                try:
                    value = cards.card_mana_value(card.layout, card.faces, face, zone=zone, x=x)
                except (ModelError, IndexError, ValueError):
                    return frozenset()
                found.add(int(value) if value == int(value) else -1)
    return frozenset(found)


def _clause(marked: str, at: int, spans: list) -> str | None:
    """The part of a sentence between semicolons that holds ``at``, its names put back, when it says
    where the card is or what X is ("Fireball in hand has mana value 1; on the stack with X=4, 5"):
    else None, and the whole sentence says it."""
    start = marked.rfind(";", 0, at) + 1
    end = marked.find(";", at)
    part = re.sub(r"§(\d+)§", lambda m: spans[int(m.group(1))][2], marked[start : end if end >= 0 else len(marked)])
    said = any(words.search(part) for words in ZONES.values()) or X_GIVEN.search(part)
    return part if said and part != marked else None


def _with_aliases(sentence: str, spans: list, only: str | None) -> list:
    """``spans`` of the card names in ``sentence``, and, when the ruling names one card only
    (``only``), "the" and one word of its name (ALIAS) where it names none: "the Seer" is the
    Thought-Knot Seer the ruling named before."""
    if only is None:
        return spans
    words = {w for w in re.findall(r"[A-Z][a-zà-ÿ]{3,}", only)}
    taken = [(start, end) for start, end, _ in spans]
    for match in ALIAS.finditer(sentence):
        if match.group(1) in words and not any(start <= match.start(1) < end for start, end in taken):
            spans.append((match.start(1), match.end(1), only))
    return sorted(spans)


def read_values(text: str) -> list[Stated]:
    """The mana values ``text`` states for the cards it names (see the module doc)."""
    if not MENTIONS.search(text):
        return []
    names, by_name = shipped()
    found: list[Stated] = []
    named = names.spans(text.replace("’", "'"))
    only = named[0][2] if named and len({by_name[name] for _, _, name in named}) == 1 else None
    for sentence in SENTENCE.split(text.replace("’", "'")):
        if not MENTIONS.search(sentence) or UNSURE.search(sentence):
            continue
        plain = names.spans(sentence)
        spans = _with_aliases(sentence, names.spans(sentence, opening=True), only)  # "Fireball … has mana value 1"
        if not spans:
            continue
        marked, last = [], 0
        for k, (start, end, _) in enumerate(spans):
            marked += [sentence[last:start], f"§{k}§"]
            last = end
        marked_text = "".join(marked + [sentence[last:]])
        matches = [(m, int(m.group(1)), m.group(2)) for pattern in STATEMENTS for m in pattern.finditer(marked_text)]
        if len({by_name[name] for _, _, name in spans}) == 1 and len(plain) == len(spans):  # one card ("Domanda: …" none): "it" may be it, said after it and nothing else between
            end = marked_text.index("§0§") + 3
            matches += [(m, 0, m.group(1)) for pattern in PRONOUNS for m in pattern.finditer(marked_text)
                        if m.start() >= end and not OTHER.search(marked_text[end : m.start()])]
        for match, number, word in matches:
            if COMPARED.match(marked_text[match.end():]) or CONDITION.search(marked_text[: match.start()]):
                continue
            said = spans[number][2]
            card = by_name[said]
            value = int(word) if word.isdigit() else NUMBERS[word.lower()]
            values = possible(card, sentence, _clause(marked_text, match.start(), spans) or sentence)
            if values:
                found.append(Stated(card, said, value, values))
    return found


def bears_on(claim: str) -> bool:
    """Whether a card's mana value computed from its mana cost says whether ``claim`` holds: the
    claims of mana value but a face-down object's, and those that a cost paid leaves it unchanged."""
    return claim.startswith("mana_value.") and claim != "mana_value.face_down_zero" or claim.endswith(".mana_value_unchanged")


FEATURES = (  # the claims of mana value a cost or layout makes worth a ruling, in the order they are told apart
    ("mana_value.face_down_zero", lambda card, costs: card.layout == FACE_DOWN),
    ("mana_value.x_is_zero_off_the_stack", lambda card, costs: "{X}" in costs),
    ("mana_value.split_card", lambda card, costs: card.layout in cards.SPLIT_LAYOUTS),
    ("mana_value.adventure", lambda card, costs: card.layout == "adventure"),
    ("mana_value.double_faced", lambda card, costs: card.layout in (cards.MODAL, "transform", "meld")),
    ("mana_value.phyrexian_counts_one", lambda card, costs: re.search(r"\{[^}]*P[^}]*\}", costs) is not None),
    ("mana_value.hybrid_largest_part", lambda card, costs: re.search(r"\{[^}P]*/[^}P]*\}", costs) is not None),
    ("mana_value.no_mana_cost_zero", lambda card, costs: card.faces[0].mana_cost is None and card.layout != FACE_DOWN),
    ("mana_value.colorless_snow_half", lambda card, costs: re.search(r"\{[CS]\}|\{H", costs) is not None),
)
FEATURED = frozenset(claim for claim, _ in FEATURES)


def notable(card: Card) -> tuple[str, ...]:
    """The claims of mana value that ``card``'s mana cost or layout makes worth a ruling (FEATURES)."""
    costs = " ".join(face.mana_cost or "" for face in card.faces)
    return tuple(claim for claim, has in FEATURES if has(card, costs))


def claim_of(card: Card) -> str | None:
    """The claim of mana value a ruling stating ``card``'s is about when no other links: the first
    that its mana cost or layout makes worth a ruling (None: nothing of note)."""
    return next(iter(notable(card)), None)


def fits(claim: str, stated: list[Stated]) -> bool:
    """Whether ``claim`` can be what a ruling stating these cards' mana values is about: a claim of
    a cost's or layout's feature (FEATURED) only when one of the cards has it ("Deep Analysis has
    mana value 4" is no ruling on Phyrexian mana)."""
    return claim not in FEATURED or any(claim in notable(s.card) for s in stated)


def verdict(stated: list[Stated]) -> tuple[bool, Stated] | None:
    """What the numbers a ruling states say of its claims of mana value: (False, the first number
    the model can't give) denies them, (True, the first) asserts them when the model gives each
    number and no other; None when a number is one of several the card may take."""
    wrong = [s for s in stated if s.holds is False]
    if wrong:
        return False, wrong[0]
    if stated and all(s.holds for s in stated):
        return True, stated[0]
    return None
