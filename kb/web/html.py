"""A tiny safe-HTML kit: every value is escaped unless it is ``Html`` built here.

    el("a", "<b>", href="/?q=x&y", class_="chip")  ->  <a href="/?q=x&amp;y" class="chip">&lt;b&gt;</a>

Data never becomes markup by accident: ``esc`` turns any non-``Html`` value into text, and
``template`` fills the ``$names`` of a template file with escaped values.
"""

from __future__ import annotations

import html
from functools import lru_cache
from importlib import resources
from string import Template
from typing import Iterable

VOID = frozenset({"input", "meta", "link", "br", "hr", "img"})


class Html(str):
    """Markup safe to emit as it is: built by ``el``, ``join`` or ``template``, never from data."""

    __slots__ = ()


def esc(value) -> Html:
    """``value`` as HTML text (``Html`` passes through unchanged)."""
    if isinstance(value, Html):
        return value
    return Html(html.escape(str(value), quote=True))


def _flatten(children) -> Iterable:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (list, tuple)) or hasattr(child, "__next__"):
            yield from _flatten(child)
        else:
            yield child


def join(*children) -> Html:
    """Children (strings, ``Html``, nested lists; None skipped) as one piece of HTML."""
    return Html("".join(esc(child) for child in _flatten(children)))


def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def el(tag: str, /, *children, **attrs) -> Html:
    """An element: ``class_`` → class, ``data_id`` → data-id; None or False drops an attribute,
    True writes it bare."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        parts.append(_attr_name(key) if value is True else f'{_attr_name(key)}="{esc(value)}"')
    start = f"<{' '.join(parts)}>"
    if tag in VOID:
        return Html(start)
    return Html(f"{start}{join(children)}</{tag}>")


@lru_cache(maxsize=None)
def _template(name: str) -> Template:
    text = resources.files("kb.web").joinpath(f"templates/{name}").read_text(encoding="utf-8")
    return Template(text)


def template(name: str, **values) -> Html:
    """The template file ``kb/web/templates/<name>`` with its ``$names`` filled, escaped."""
    return Html(_template(name).substitute({key: esc(value) for key, value in values.items()}))
