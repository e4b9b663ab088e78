"""Write the table of kb.checks.stated: every card's layout and its faces' mana costs, by name.

    python -m kb.checks.card_costs <MTGJSON set files or folders of them> --out kb/vocab/card_costs.tsv.gz

Reads MTGJSON v5 set files (``*.json`` or ``*.json.gz``; cards under "cards" or "data"/"cards")
and writes one row per card: ``layout<TAB>face costs<TAB>face names<TAB>names``, the faces' mana costs
and names in side order joined by `` // `` (``-`` for a face with no mana cost), and the names a ruling may call it by:
its English name, each face's, and the Italian ones of its ``foreignData``, joined by ``|``. A
name two cards with different costs share is dropped (a ruling naming it names neither for sure).
The shipped table was written from the 578 set files of the MTGJSON snapshot the corpus comes from
(github.com/Azord8/MTG-time-machine-draft ``sets/`` at 2a663b67), tokens and art cards left out.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Iterable, Sequence

from kb.checks.card_table import TABLE
from kb.errors import ParseError

SKIPPED = ("token", "double_faced_token", "art_series", "emblem", "planar", "scheme", "vanguard")  # no card a ruling is about by name


def set_cards(path: Path) -> list[dict]:
    """The card entries of one set file; a file that isn't one is a ParseError naming it."""
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ParseError(str(path), getattr(err, "lineno", 1), f"not an MTGJSON set file ({err})") from None
    body = data.get("data", data) if isinstance(data, dict) else None
    if not isinstance(body, dict) or not isinstance(body.get("cards"), list):
        raise ParseError(str(path), 1, "not an MTGJSON set file (no cards)")
    for number, card in enumerate(body["cards"], 1):
        fields = card if isinstance(card, dict) else {}
        if not isinstance(fields.get("name"), str) or not all(isinstance(fields.get(k), (str, type(None))) for k in ("manaCost", "faceName", "side", "layout", "number")):
            raise ParseError(str(path), 1, f"card {number} of the set file: expected an object with a name and text fields")
    return body["cards"]


def rows(entries: Iterable[dict]) -> dict[tuple[str, str, str, str], set[str]]:
    """(English name, layout, face costs, face names) → the names of that card (see the module doc)."""
    faces: dict[tuple[str, str, str], dict[str, dict]] = {}
    for entry in entries:
        layout = entry.get("layout", "normal")
        if layout in SKIPPED or not entry.get("name"):
            continue
        key = (entry["name"], entry.get("setCode", ""), entry.get("number", "").rstrip("ab"))
        faces.setdefault(key, {})[entry.get("side") or "a"] = entry
    found: dict[tuple[str, str, str], set[str]] = {}
    for (name, _, _), sides in faces.items():
        ordered = [sides[side] for side in sorted(sides)]
        layout = ordered[0].get("layout", "normal")
        cost = " // ".join(face.get("manaCost") or "-" for face in ordered)
        face_names = " // ".join(face.get("faceName") or face["name"] for face in ordered)
        names = found.setdefault((name, layout, cost, face_names), set())
        names.add(name)
        for face in ordered:
            names.add(face.get("faceName") or face["name"])
            for foreign in face.get("foreignData") or ():
                if foreign.get("language") == "Italian":
                    names.update(n for n in (foreign.get("name"), foreign.get("faceName")) if n)
    return found


def table(found: dict[tuple[str, str, str, str], set[str]]) -> list[str]:
    """The table's lines: a card's printings agree, and a name of two cards with different costs is dropped."""
    by_name: dict[str, set[str]] = {}
    for (_, _, cost, _), names in found.items():
        for name in names:
            by_name.setdefault(name.strip(), set()).add(cost)  # a card printed with two layouts (Start // Fire: aftermath, and split in a playtest set) is one card
    lines = {}
    for (english, layout, cost, face_names), names in found.items():
        kept = sorted(n.strip() for n in names if len(by_name[n.strip()]) == 1 and len(n.strip()) >= 3)
        if kept:
            lines[english] = f"{layout}\t{cost}\t{face_names}\t{'|'.join(kept)}"
    return [lines[name] for name in sorted(lines)]


def files(given: Sequence[Path]) -> list[Path]:
    found: list[Path] = []
    for path in given:
        found += sorted(path.glob("*.json*")) if path.is_dir() else [path]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.checks.card_costs", description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", type=Path, nargs="+", help="MTGJSON set files, or folders of them")
    parser.add_argument("--out", type=Path, default=TABLE)
    args = parser.parse_args(argv)
    paths = files(args.sources)
    if not paths:
        parser.error("no MTGJSON set files found")
    try:
        entries = [entry for path in paths for entry in set_cards(path)]
    except ParseError as err:
        parser.error(str(err))
    lines = table(rows(entries))
    head = f"# Generated by python -m kb.checks.card_costs from {len(paths)} MTGJSON set files: layout<TAB>face costs<TAB>face names<TAB>names"
    with open(args.out, "wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as out:  # the same bytes from the same files
        out.write(("\n".join([head, *lines]) + "\n").encode("utf-8"))
    print(f"{len(lines)} cards -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
