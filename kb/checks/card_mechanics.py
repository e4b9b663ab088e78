"""Write the table of kb.checks.named: the cards whose printed text carries a claim's mechanic.

    python -m kb.checks.card_mechanics /work/shared/corpus --out kb/vocab/card_mechanics.tsv

Reads the corpus's ``cards_it.jsonl`` (``{card, name_it, text_en, ...}``, one row per printing)
and tags each card's English printed text as a ruling is tagged. The mechanics kept are the
claims' gates (kb.checks.registration.gates) that are keyword abilities, keyword actions or ability
words ("Lotus Cobra triggers for a fetched land" never says "landfall", but Lotus Cobra has it), or
cast triggers, snow and devotion (PRINTED: "Young Pyromancer's token comes even if the instant is countered";
"with plain Islands Graven Lore scries 0"), or what the text does (DOES: a permanent that becomes a
creature raises summoning sickness), and
that less than COMMON of the cards print: a card that discards says nothing of a ruling about
discarding (7% of the corpus's 20,488 cards; searching 3%, cycling 1.3%). Other concepts (mana
value, total cost, tokens) are not kept: "Flame Javelin is red" names a card whose cost is hybrid,
and is no ruling on mana value.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Iterable, Sequence

from kb.checks.named import TABLE
from kb.checks.registration import gates, registry
from kb.text.analysis import fold
from kb.text.common import is_common
from kb.text.vocabulary import vocabulary

KINDS = ("keyword_ability", "keyword_action", "ability_word")  # what a card has: an ability word (landfall, heroic; CR 207.2c) is printed on it
PRINTED = ("cast_trigger", "snow", "devotion")  # concepts a card prints as its own: "whenever you cast" (Young Pyromancer has a cast trigger); {S}, "snow mana" (corpus: Blood on the Snow's and Graven Lore's "no snow mana spent" rulings linked, one modes ruling read as undetermined; no dev item moved); "devotion to black" (Gray Merchant of Asphodel: dev halves, set 3 recall 0.813 to 0.815, the rest the same; corpus: no verdict changed)
COMMON = 0.04  # the share of the cards printing a mechanic from which it says nothing of a card (dev halves, with cast triggers and searching (3% of cards) against 0.02 and neither: set 3 recall 0.758 to 0.772, set 4 0.837 to 0.849, precision and contradictions the same; corpus: 62 more passing rulings, all "an ability that triggers when a player casts a spell resolves before that spell", no verdict changed)


# what a card's text does that raises a mechanic's rulings, though it names no such mechanic: a
# land that becomes a creature (a man-land) raises CR 302.6 ("a Mutavault you've had since last
# turn can attack right after you animate it"; every artifact or enchantment that does too, 1.5% of
# the cards in all, let "an animated Chimeric Staff" named in a ruling on attacking be read as one
# on summoning sickness: a true ruling failed)
DOES = {"summoning_sickness": re.compile(r"^(?=[\s\S]*\bIt's still a land\b)[\s\S]*\bbecomes? an? (?:\d+/\d+ )?[^.]{0,80}?\bcreature\b", re.I)}
# a mechanic a card has only by a keyword that makes a card face down (CR 708: morph, megamorph,
# disguise, manifest, cloak; "turning Akroma, Angel of Fury face up"), not by the words "face down"
# (foretell's reminder exiles a card face down: a foretell card is no morph)
ONLY = {"face_down": re.compile(r"\b(?:morph|megamorph|disguise|manifest|cloak)\b", re.I)}


def mechanics() -> set[str]:
    """The claims' mechanics a card can print: keyword abilities and actions, ability words, cast triggers, snow, devotion, face-down keywords."""
    vocab = vocabulary()
    return {tag for tag in set(gates(list(registry().values())).values())
            if tag and (vocab.by_id[tag].kind in KINDS or tag in PRINTED or tag in DOES or tag in ONLY)}


def table(cards: Iterable[dict], kept: set[str], common: float = COMMON) -> dict[str, set[str]]:
    """Card name (English, Italian, and each face's) → the kept mechanics its text prints; the
    names players shorten such a card to (``short_names``); and the names that hold such a name,
    with none."""
    vocab = vocabulary()
    by_card: dict[str, set[str]] = {}
    names: dict[str, set[str]] = {}
    for card in cards:
        text = card.get("text_en") or ""
        found = ((set(vocab.tags_of(text, ("en",))) - set(ONLY)) | {tag for tag, does in {**DOES, **ONLY}.items() if does.search(text)}) & kept if text else set()
        by_card.setdefault(card["card"], set()).update(found)
        names.setdefault(card["card"], set()).update(n for n in (card["card"], card.get("name_it")) if n)
    printing = Counter(tag for found in by_card.values() for tag in found)
    rows: dict[str, set[str]] = {}
    for card, found in by_card.items():
        found = {tag for tag in found if printing[tag] < common * len(by_card)}
        for name in names[card]:
            for part in {name, *name.split(" // ")}:
                if len(part.strip()) >= 3:
                    rows.setdefault(part.strip(), set()).update(found)
    kept_names = {name for name, found in rows.items() if found}
    named = {name: found for name, found in rows.items() if found or _holds(name, kept_names)}
    return {**short_names(named, set(rows)), **named}


def short_names(rows: dict[str, set[str]], every: set[str]) -> dict[str, set[str]]:
    """The names players shorten cards to ("Thalia" for "Thalia, Guardian of Thraben", "Gray
    Merchant" for "Gray Merchant of Asphodel", "Mercante Grigio" for "Mercante Grigio di
    Asfodelo"), with the mechanics of the cards of ``rows`` that have them: a name before a comma,
    or two words or more before "of" or "di"; none that is some card's name (``every``) or a
    common word, or that cards of ``rows`` of other mechanics shorten to as well ("Emrakul"). A
    card of no kept mechanic that shares a short name doesn't take it away: the name can only
    open a mechanic's claims to a ruling, never judge one."""
    found: dict[str, set[str]] = {}
    clash: set[str] = set()
    for name, tags in rows.items():
        if not tags:
            continue
        for short in _shortened(name):
            if short in every or " " not in short and is_common(fold(short)):
                continue
            if short in found and found[short] != tags:
                clash.add(short)
            found.setdefault(short, set(tags))
    return {short: tags for short, tags in found.items() if short not in clash}


def _shortened(name: str) -> list[str]:
    """The short forms of ``name`` (see ``short_names``)."""
    forms: list[str] = []
    if " // " in name:
        return forms  # its faces are names of their own
    head, comma, _ = name.partition(", ")
    if comma and len(head) >= 4 and head[0].isupper():
        forms.append(head)
    of = re.match(r"^(\S+(?: \S+)+?) (?:of|di|del|della|dello|dei|degli|delle|dell')\b", name)
    if of and of.group(1)[0].isupper() and "," not in of.group(1):
        forms.append(of.group(1))
    return forms


def _holds(name: str, names: set[str]) -> bool:
    """Whether ``name`` holds one of ``names`` as whole words ("Memory Plunder": "Plunder")."""
    words = name.split()
    return any(" ".join(words[i:j]) in names for i in range(len(words)) for j in range(i + 1, len(words) + 1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.checks.card_mechanics", description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="folder with cards_it.jsonl")
    parser.add_argument("--out", type=Path, default=TABLE)
    args = parser.parse_args(argv)
    source = args.corpus / "cards_it.jsonl"
    if not source.is_file():
        parser.error(f"{source}: not found")
    cards = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    kept = mechanics()
    rows = table(cards, kept)
    head = [f"# Generated by python -m kb.checks.card_mechanics from {len(cards)} printings: card name<TAB>mechanics.",
            f"# mechanics: {' '.join(sorted(kept))}"]  # fmt: skip
    body = [f"{name}\t{' '.join(sorted(tags)) or '-'}" for name, tags in sorted(rows.items())]
    args.out.write_text("\n".join(head + body) + "\n", encoding="utf-8")
    print(f"{len(rows)} names -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
