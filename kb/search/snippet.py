"""Highlighted snippets: the part of a ruling around the words a query matched.

A snippet is a list of ``(text, marked)`` pieces; the CLI prints marks in bold, the JSON API
and the web page render them their own way. Matching uses the same analysis as the index, so a
search for "spronare" marks "spronata".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from kb.text.analysis import ANALYZERS, LANGS

Snippet = list  # of (str, bool)
WIDTH = 240
MAX_SCANNED = 50_000  # characters of a text looked at for marks (rulings are far shorter)


def _marked_spans(text: str, langs: tuple, marks: dict) -> list[tuple[int, int]]:
    """Spans of the words whose analysed form (in the languages of the text) is among ``marks``."""
    spans = []
    for code in langs:
        wanted = marks.get(code)
        if wanted:
            spans.extend((start, end) for term, start, end in _words(text, code) if term in wanted)
    return _merge(sorted(spans))


@lru_cache(maxsize=4096)
def _words(text: str, lang: str) -> tuple[tuple[str, int, int], ...]:
    """Each word of ``text`` as its analysed term and span (remembered: results repeat)."""
    return tuple((token.text, token.startchar, token.endchar) for token in ANALYZERS[lang](text, chars=True, mode="query"))


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _window(text: str, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    """The ``width`` characters holding the most marks, cut at word boundaries (one pass over
    the sorted spans: linear in their number)."""
    if len(text) <= width:
        return 0, len(text)
    best, best_start, last = -1, 0, 0
    for first, (start, _) in enumerate(spans or [(0, 0)]):
        begin = max(0, start - width // 4)
        last = max(last, first)
        while last < len(spans) and spans[last][1] <= begin + width:
            last += 1
        count = last - first  # spans first..last-1 start at or after ``start`` and end in the window
        if count > best:
            best, best_start = count, begin
    begin = best_start
    if begin:
        space = text.rfind(" ", 0, begin + 1)
        begin = space + 1 if space >= 0 else begin
    end = min(len(text), begin + width)
    if end < len(text):
        space = text.rfind(" ", begin, end)
        end = space if space > begin else end
    return begin, end


def make_snippet(text: str, marks: dict, lang: str, mixed: bool = False, width: int = WIDTH) -> Snippet:
    """The best window of ``text`` with the words of ``marks`` marked.

    ``marks`` holds analysed terms per language; a ruling is matched in its own language, and in
    both when it is mixed.
    """
    spans = _marked_spans(text[:MAX_SCANNED], LANGS if mixed else (lang,), marks)
    begin, end = _window(text, spans, width)
    pieces: Snippet = []
    if begin:
        pieces.append(("…", False))
    at = begin
    for start, stop in spans:
        if start < begin or stop > end:
            continue
        if start > at:
            pieces.append((text[at:start], False))
        pieces.append((text[start:stop], True))
        at = stop
    if at < end:
        pieces.append((text[at:end], False))
    if end < len(text):
        pieces.append(("…", False))
    return pieces


def render(snippet: Snippet, mark: Callable[[str], str] = lambda s: f"*{s}*") -> str:
    return "".join(mark(text) if marked else text for text, marked in snippet)
