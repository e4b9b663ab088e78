"""A small rules model, just deep enough to decide what rulings claim. Pure Python, no engine.

- ``costs``: mana symbols, mana value, total cost (107.4, 202.3, 601.2f, 118.7, 118.9)
- ``combat``: goad and attack requirements (701.15, 508.1)
- ``abilities``: mana abilities (605)
- ``priority``: what players may do while split second is on the stack (702.61, 116, 117)
- ``game``, ``discard``, ``spells``: zones, discarding, madness, casting (701.9, 702.35, 601, 608)
- ``control``: exchanging control of a spell and a creature (701.12, 800.4a)
"""

from kb.checks.model import (  # noqa: F401
    abilities,
    combat,
    control,
    costs,
    discard,
    game,
    priority,
    spells,
)
from kb.checks.model.errors import IllegalAction, ManaCostError, ModelError  # noqa: F401
