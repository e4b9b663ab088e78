"""The shipped table of the cards' printed costs and layouts, and what a named card's layout says of a ruling.

``kb/vocab/card_costs.tsv.gz`` (written by ``python -m kb.checks.card_costs`` from MTGJSON set
files): ``layout<TAB>face costs<TAB>face names<TAB>names``, one row per card. kb.checks.stated reads
the costs; ``layout_mechanics`` the layouts: "Flicker Delver of Secrets and it comes back front face
up" never says "double-faced", but Delver of Secrets is one.

    >>> sorted(layout_mechanics("Flicker Delver of Secrets and it comes back front face up."))
    ['double_faced']
"""

from __future__ import annotations

import gzip
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from kb.checks.model import cards
from kb.checks.model.cards import Face
from kb.checks.named import Names
from kb.errors import ParseError

TABLE = Path(__file__).resolve().parent.parent / "vocab" / "card_costs.tsv.gz"
FACE_DOWN = "face_down"  # the layout of no card: a face-down spell or permanent (kb.checks.symbols)
LAYOUTS = {cards.MODAL: "double_faced", "transform": "double_faced", "meld": "double_faced", cards.ADVENTURE: "adventure"}  # a layout → the mechanic a ruling naming such a card is under


@dataclass(frozen=True)
class Card:
    name: str  # English
    layout: str
    faces: tuple[Face, ...]


class Cards(Mapping):
    """Name → card, each card read from its row when first asked for (a worker that links the
    corpus asks for a few dozen of the 22,252: the table weighs 11 MB so, 21.5 MB with every card made)."""

    def __init__(self, rows: list[str], index: dict[str, int]):
        self.rows, self.index, self._made = rows, index, {}
        self._faces: dict[int, list[str]] | None = None  # row → its names that name each face, made when first asked for

    def __getitem__(self, name: str) -> Card:
        row = self.index[name]
        if row not in self._made:
            layout, costs, face_names = self.rows[row].split("\t")
            faces = tuple(Face(face, None if cost == "-" else cost) for cost, face in zip(costs.split(" // "), face_names.split(" // ")))
            self._made[row] = Card(" // ".join(face.name for face in faces), layout, faces)
        return self._made[row]

    def face_names(self, card: Card) -> tuple[frozenset[str], ...]:
        """Each face's names in every language the table has ("Stomp", "Schiacciare"), from the
        names that hold " // " as the card's own does."""
        if self._faces is None:
            self._faces = {}
            for name, row in self.index.items():
                if " // " in name:
                    self._faces.setdefault(row, []).append(name)
        row = self.index.get(card.name)
        found = [{face.name} for face in card.faces]
        for name in self._faces.get(row, ()) if row is not None else ():
            parts = name.split(" // ")
            if len(parts) == len(found):
                for names, part in zip(found, parts):
                    names.add(part)
        return tuple(frozenset(names) for names in found)

    def __iter__(self):
        return iter(self.index)

    def __len__(self) -> int:
        return len(self.index)


def read(path: Path) -> tuple[Names, Cards]:
    """The table at ``path``: the names, and name → card; a malformed row is a ParseError naming the file and line."""
    rows: list[str] = []
    index: dict[str, int] = {}
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, EOFError, UnicodeDecodeError) as err:
        raise ParseError(str(path), 1, f"unreadable card cost table ({err})") from None
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 4 or not all(parts) or parts[1].count(" // ") != parts[2].count(" // "):
            raise ParseError(str(path), number, "expected 'layout<TAB>face costs<TAB>face names<TAB>name|name...', as many costs as faces")
        rows.append("\t".join(parts[:3]))
        index.update((name.replace("’", "'"), len(rows) - 1) for name in parts[3].split("|"))
    return Names(dict.fromkeys(index, frozenset())), Cards(rows, index)


@lru_cache(maxsize=1)
def shipped() -> tuple[Names, Cards]:
    """The shipped table (no cards when it is absent: no ruling's numbers are read)."""
    return read(TABLE) if TABLE.is_file() else (Names({}), Cards([], {}))


def layout_mechanics(text: str) -> frozenset[str]:
    """The mechanics the layouts of the cards ``text`` names carry (LAYOUTS)."""
    names, by_name = shipped()
    return frozenset(LAYOUTS[by_name[name].layout] for _, _, name in names.spans(text.replace("’", "'")) if by_name[name].layout in LAYOUTS)
