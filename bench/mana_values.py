"""Mana values computed by the model (kb.checks.model.cards, CR 202.3) against MTGJSON's own, over
every card face of any number of MTGJSON set files.

    .venv/bin/python bench/mana_values.py ../shared/corpus/mtgjson       # the corpus's three set files
    .venv/bin/python bench/mana_values.py <folder of MTGJSON set files>   # a whole snapshot

For each card face: MTGJSON's ``manaValue`` (``convertedManaCost`` in older files) against the
model's value of the card as it is in a hand (202.3b-d, 712.8: a double-faced card's front face's),
a melded permanent's as it is on the battlefield (202.3c); and, where MTGJSON gives one,
``faceManaValue`` (``faceConvertedManaCost``) against the model's value of that face on the stack
(a split half, an Adventure) or up on the battlefield (a modal double-faced card's face, 712.8f). Prints the counts and every mismatch. Tokens, art cards and the rest of
kb.checks.card_costs.SKIPPED are left out.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.checks.card_costs import SKIPPED, set_cards, files  # noqa: E402
from kb.checks.model import cards, costs  # noqa: E402
from kb.checks.model.cards import Face  # noqa: E402
from kb.checks.model.errors import ModelError  # noqa: E402


def _value(entry: dict, *names: str):
    for name in names:
        if entry.get(name) is not None:
            return float(entry[name])
    return None


def _siblings(entry: dict, by_card: dict, by_uuid: dict) -> list[dict]:
    """The faces of the card ``entry`` is a face of, in side order; a melded face after the two
    cards that meld into it (their ``otherFaceIds``), a front face of a meld pair alone."""
    if entry.get("layout") == "meld":
        if entry.get("side") == "b":
            fronts = [by_uuid[u] for u in entry.get("otherFaceIds") or () if u in by_uuid]
            return sorted(fronts, key=lambda c: c.get("faceName") or c["name"]) + [entry]
        return [entry]
    return sorted(by_card[(entry["name"], entry.get("setCode"), entry.get("number", "").rstrip("ab"))], key=lambda c: c.get("side") or "a")


def compare(entries: list[dict]) -> dict:
    """Card faces checked, and the mismatches of the card's value and of the face's."""
    by_card = defaultdict(list)
    for entry in entries:
        by_card[(entry["name"], entry.get("setCode"), entry.get("number", "").rstrip("ab"))].append(entry)
    by_uuid = {entry["uuid"]: entry for entry in entries if entry.get("uuid")}
    checked = faces_checked = 0
    mismatches: list[str] = []
    for entry in entries:
        layout = entry.get("layout", "normal")
        if layout in SKIPPED:
            continue
        siblings = _siblings(entry, by_card, by_uuid)
        faces = [Face(c.get("faceName", c["name"]), c.get("manaCost")) for c in siblings]
        index = siblings.index(entry)
        try:
            if len(siblings) < 2:
                whole = face = costs.mana_value(entry.get("manaCost"))
            else:  # the card in a hand (a melded permanent: on the battlefield); the face cast or up
                whole = cards.card_mana_value(layout, faces, index, zone="battlefield" if layout == "meld" else "hand", x=0)
                face = cards.card_mana_value(layout, faces, index, zone="stack" if layout in (*cards.SPLIT_LAYOUTS, "adventure") else "battlefield", x=0)
        except ModelError as err:
            mismatches.append(f"{entry.get('setCode')} {entry['name']}: {err}")
            continue
        expected = _value(entry, "manaValue", "convertedManaCost")
        if expected is not None:
            checked += 1
            if float(whole) != expected:
                mismatches.append(f"{entry.get('setCode')} {entry['name']} ({layout}, side {entry.get('side')}, {entry.get('manaCost')}): model {whole}, MTGJSON {expected}")
        expected_face = _value(entry, "faceManaValue", "faceConvertedManaCost")
        if expected_face is not None and len(siblings) > 1 and layout not in ("transform", "meld", "flip"):
            faces_checked += 1
            if float(face) != expected_face:
                mismatches.append(f"{entry.get('setCode')} {entry['name']} face {entry.get('faceName')} ({layout}): model {face}, MTGJSON face value {expected_face}")
    return {"card_faces": checked, "face_values": faces_checked, "mismatches": mismatches}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", type=Path, nargs="+", help="MTGJSON set files, or folders of them")
    args = parser.parse_args()
    paths = files(args.sources)
    result = compare([entry for path in paths for entry in set_cards(path)])
    mismatches = result.pop("mismatches")
    print(json.dumps({"set_files": len(paths), **result, "mismatched": len(mismatches)}, indent=2))
    print("\n".join(mismatches[:200]))


if __name__ == "__main__":
    main()
