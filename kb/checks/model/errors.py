"""The errors of the rules model (and of the scenarios written for it)."""

from __future__ import annotations

from kb.errors import KbError


class ModelError(KbError):
    """Base of the rules model's errors."""


class ManaCostError(ModelError, ValueError):
    """A mana cost string that is not a sequence of mana symbols (rule 107.4)."""

    def __init__(self, cost: str, position: int, message: str):
        self.cost, self.position, self.message = cost, position, message
        super().__init__(f"bad mana cost {cost!r} at position {position}: {message}")


class IllegalAction(ModelError):
    """An action the rules do not allow in the modelled situation; the message says which rule."""


class ScenarioError(ModelError):
    """A scenario the model can't read: an unknown action, query or field (a mistake in the data)."""
