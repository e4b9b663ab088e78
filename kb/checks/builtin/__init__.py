"""The built-in checks, one module per mechanic; importing this package registers them."""

from kb.checks.builtin import costs, exchange, goad, madness, mana_ability, split_second  # noqa: F401
