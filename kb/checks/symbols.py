"""The mana value a ruling states for what it names by no card name (a mana symbol, a printed cost,
a face-down spell or permanent), against the one the model computes.

"Each {2/R} counts as two" and "{2/R} conta 1" differ by one number, as "Flame Javelin's mana value
is 6" and "... is 3" do (kb.checks.stated), but name no card: the fact is the symbol's share of a
mana value (CR 202.3), and the model computes it from the symbols as it does from a card's printed
cost. Read where a ruling speaks of mana value (it says "mana value", "valore di mana", or carries
that tag):

- a symbol's share: "{2/R} counts as two", "every {S} adds 1", "{C} and {S} add 0 to mana value",
  "{G/W} vale uno", "un {S} stampato nel costo vale zero", "ogni {C} aggiunge uno";
- a printed cost's value: "a {3}{C} card has mana value 3", "una magia che costa {2}{S} ha valore di
  mana 3";
- a face-down spell or permanent's (``read_face_down``): "a face-down creature has mana value 0",
  "morphs sitting face down count as 0 for mana value", "una creatura coperta ha valore di mana 3":
  the model's face-down object (CR 708.2a).

A cost with X is not read (its value depends on where the card is). What is read is a Stated of a
card that is the cost itself (or the face-down object), so the verdict, the claim of its feature
(hybrid, Phyrexian, {C}/{S}, face down) and the evidence are kb.checks.stated's.

    read_symbols("Each {2/R} counts as one for mana value.")  -> [Stated(<{2/R}>, value=1, possible={2})]: denied
"""

from __future__ import annotations

import re

from kb.checks.card_table import FACE_DOWN, Card
from kb.checks.model import casting
from kb.checks.model.cards import Face
from kb.checks.model.state import BATTLEFIELD, Obj
from kb.checks.stated import ADVERB, COMPARED, CONDITION, NOT_A_COUNT, NUM, NUMBERS, SENTENCE, VALUE, Stated, possible

COST = r"((?:\{[^{}\s]{1,6}\}){1,8})"  # a printed cost or a single symbol, captured
OTHER_COST = r"(?:\{[^{}\s]{1,6}\}){1,8}"
SYMBOLS = COST + r"(?: symbols?| simboli?)?(?: (?:and|or|e|o) " + OTHER_COST + r"(?: symbols?| simboli?)?)?"
BETWEEN = r"(?: [^,;:.!?{}\d]{0,40}?)?"  # a few words between the symbol and what it counts: "stampato nel costo", "in its cost"
SHARE = (
    r"(?:counts?|is counted|are counted|adds?|contributes?|is worth|are worth|chips? in|vale|valgono|contano|conta|aggiunge|aggiungono|pesa|pesano|contribuisce)"
    r"(?: (?:as|for|come|per|con))? " + ADVERB + r"(?:as |come )?"
)
NOT_A_COLOR = r"(?! (?:colorless|generic|colou?red|white|blue|black|red|green|incolor[ei]|generic[oi]|colorat[oi]|bianc[oi]|blu|ner[oi]|ross[oi]|verd[ei])\b)"  # "{C} adds one colorless mana": what it pays, not what it counts
STATEMENTS = tuple(re.compile(p, re.I) for p in (
    r"(?<![\w}])" + SYMBOLS + BETWEEN + r" " + SHARE + NUM + NOT_A_COUNT + NOT_A_COLOR,
    r"\b(?:an?|any|every|each|una?|ogni|qualsiasi) (?:(?:card|spell|creature|permanent|object|carta|magia|creatura|permanente|oggetto)"
    r"(?: (?:that costs|costing|with (?:a )?(?:mana )?cost(?: of)?|che costa|dal costo(?: di mana)?|con costo(?: di mana)?))? )?" + COST
    + r"(?: (?:card|spell|creature|permanent|carta|magia|creatura|permanente))? (?:has|will have|ha|avrà) (?:a |un )?" + VALUE
    + r" (?:of |equal to |di |pari a |uguale a )?" + ADVERB + NUM,
))
X = re.compile(r"\{[^}]*X[^}]*\}", re.I)


def read_symbols(text: str, about_value: bool = False) -> list[Stated]:
    """The mana values ``text`` states for mana symbols and printed costs (see the module doc);
    ``about_value``: the ruling carries the tag of mana value (else it must say "mana value")."""
    if not (about_value or re.search(VALUE, text, re.I)) or "{" not in text:
        return []
    found: list[Stated] = []
    for sentence in SENTENCE.split(text.replace("’", "'")):
        for pattern in STATEMENTS:
            for match in pattern.finditer(sentence):
                cost, word = match.group(1), match.group(2)
                if X.search(cost) or COMPARED.match(sentence[match.end():]) or CONDITION.search(sentence[: match.start()]):
                    continue
                card = Card(cost, "normal", (Face(cost, cost),))
                values = possible(card, "")
                if values and -1 not in values:
                    found.append(Stated(card, cost, int(word) if word.isdigit() else NUMBERS[word.lower()], values))
    return found


FACE_DOWN_WORDS = r"(?:face[- ]down|a faccia in gi[uù]|(?:creatur[ae]|magi[ae]|cart[ae]|permanent[ei]|morph|metamorfosi|(?-i:[A-Z])\w+) copert[aoie])"
FACE_DOWN_STATEMENT = re.compile(
    r"(?:\b" + FACE_DOWN_WORDS + r"\b[^,;:.!?]{0,60}?\b(?:"
    + VALUE + r"(?: (?:is|of|equal to|è|di|pari a|uguale a))? " + ADVERB + NUM
    + r"|(?:valore|value) " + ADVERB + NUM
    + r"|" + SHARE + NUM + r"(?= for mana value| per il valore di mana| ai fini del valore di mana)"
    + r")|" + VALUE + r" (?:of|di) (?:an? |the |una? |la |il )?(?:\w+ )?" + FACE_DOWN_WORDS + r"[^,;:.!?]{0,30}? (?:is|è) " + ADVERB + NUM
    + r")" + NOT_A_COUNT, re.I)
FACE_DOWN_SAID = re.compile(FACE_DOWN_WORDS, re.I)
TURNED = re.compile(r"face[- ]up|a faccia in su|scopr|scopert|unmorph|\bturn(?:s|ed)? (?:it |them )?up|\bnot\b|n't\b|\bnon\b|\bnever\b|\bmai\b|\bno longer\b", re.I)  # turned face up, or said not to be


def read_face_down(text: str) -> list[Stated]:
    """The mana value ``text`` states for a face-down spell or permanent, in the clause that says
    it is face down (the first number: "its mana value is 0; turned face up, 5" is read 0)."""
    low = text.lower()
    if not ("face" in low or "faccia" in low or "copert" in low) or not ("valore" in low or "value" in low or "converted" in low) or not FACE_DOWN_SAID.search(text):
        return []
    hidden = Obj("face-down", "you", BATTLEFIELD, face_down=True, types=("creature",))
    value = casting.spell_mana_value(hidden)  # 708.2a: no mana cost, so 0
    card = Card("a face-down spell or permanent", FACE_DOWN, (Face("face down", None),))
    found = []
    for sentence in SENTENCE.split(text.replace("’", "'")):
        match = FACE_DOWN_STATEMENT.search(sentence)
        if match and not TURNED.search(match.group(0)) and not CONDITION.search(sentence[: match.start()]) and not COMPARED.match(sentence[match.end():]):
            word = next(group for group in match.groups() if group)
            found.append(Stated(card, "a face-down spell or permanent", int(word) if word.isdigit() else NUMBERS[word.lower()], frozenset({value})))
    return found
