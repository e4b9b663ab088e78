"""The check registry: every rule check is a function registered with ``@check``.

Built-in checks (``kb.checks.builtin``) are registered the same way an addition would be::

    @check(id="goad.multiple_goaders", title="...", rules=("701.15c", "508.1d"), tags=("goad",))
    def multiple_goaders():
        \"\"\"A creature goaded by several opponents must attack an opponent who didn't goad it.\"\"\"
        assert ...

An id starts with its mechanic or concept (``goad.``, ``split_second.``, ``madness.``,
``cost.``, ``exchange.``, ``mana_ability.``); the docstring states the claim the check encodes.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Callable

from kb.errors import UnknownCheck

_ID = re.compile(r"^[a-z][a-z_]*\.[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Check:
    id: str
    title: str
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    func: Callable[[], object]

    @property
    def claim(self) -> str:
        """The claim the check encodes: its docstring, on one line."""
        return " ".join((self.func.__doc__ or "").split())

    @property
    def mechanic(self) -> str:
        return self.id.split(".", 1)[0]


_REGISTRY: dict[str, Check] = {}


def check(*, id: str, title: str, rules: tuple[str, ...], tags: tuple[str, ...] = ()) -> Callable:
    """Register the decorated function as the check ``id`` (ids are unique)."""

    def register(func: Callable) -> Callable:
        if not _ID.match(id):
            raise ValueError(f"check id {id!r} must be 'mechanic.name' (lower case, underscores)")
        if id in _REGISTRY and _REGISTRY[id].func is not func:
            raise ValueError(f"check id {id!r} is registered twice")
        if not rules:
            raise ValueError(f"check {id!r} cites no Comprehensive Rules number")
        _REGISTRY[id] = Check(id, title, tuple(rules), tuple(tags), func)
        return func

    return register


def registry() -> dict[str, Check]:
    """Every registered check by id, in registration order (the built-ins loaded)."""
    from kb.checks import builtin  # noqa: F401  (registers the built-in checks)

    return dict(_REGISTRY)


def get(check_id: str) -> Check:
    checks = registry()
    if check_id not in checks:
        raise UnknownCheck(check_id, difflib.get_close_matches(check_id, list(checks), n=3, cutoff=0.5))
    return checks[check_id]
