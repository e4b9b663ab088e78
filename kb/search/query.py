"""The query language: text → a small syntax tree. A pure function; no index needed.

Grammar, by example (``parse_query(text)`` → tree)::

    split second              And(Word split, Word second)       free words: preferred, not required
    posso rispondere?         And(Word posso, Word rispondere?)  punctuation is part of a word (and
                                                                 analysed away): never an error
    "frazione di secondo"     Phrase 'frazione di secondo'       words in this order
    goad OR madness           Or(Word goad, Word madness)        OR binds tighter than juxtaposition:
    goad OR madness discard   And(Or(goad, madness), discard)
    (goad discard) OR madness Or(And(goad, discard), madness)    parentheses group
    -battibaleno              Not(Word battibaleno)              negation of a word, phrase, field
    card:"Fast Forward"       Field card 'Fast Forward'          a card by Italian or English name
    card:sostituzone          Field card 'sostituzone'           ... partial or misspelled
    tag:goad  -tag:madness    Field tag 'goad', Not(Field tag)   a tag id or any of its forms
    lang:it                   Field lang 'it'                    it or en
    rule:702.61               Field rule '702.61'                a rule and its subrules
    date:2019..2021           Field date 2019-01-01..2021-12-31  a range of years
    date:2021-03              Field date 2021-03-01..2021-03-31  a month
    date:..2020               Field date ..2020-12-31            open ranges: ..B, A..
    date:2019-08-23           Field date 2019-08-23..2019-08-23  a day (or 23/08/2019, 19.03.2021)
    re:"can.t be countered"   Field re <regex>                   a regular expression over the text
    nota: -1/-1 - rule:       And(Word nota:, Word -1/-1, Word rule:)   an unknown field, a dash
                                                                 before a digit or alone, a field
                                                                 with no value: words

Errors are ``QueryError(query, position, message)``: an unbalanced quote or parenthesis, a lone
``OR``, a known field with a bad value (a date, a language, a rule number, a regular
expression), an empty quoted value, a query over ``MAX_LENGTH`` characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.errors import QueryError
from kb.search.fields import FIELDS

MAX_LENGTH = 1000
MAX_DEPTH = 20
_QUOTES = {'"': '"', "“": "”", "„": "”", "«": "»"}
_FIELD = re.compile(r"([A-Za-z]+):")


# --- the tree ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    text: str
    pos: int

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Phrase:
    text: str
    pos: int

    def __str__(self) -> str:
        return f'"{self.text}"'


@dataclass(frozen=True)
class Field:
    name: str
    value: object  # str; a (start, end) pair of dates for date:
    pos: int

    def __str__(self) -> str:
        show = FIELDS[self.name].show if self.name in FIELDS else None
        if show:
            return show(self.value)
        value = str(self.value)
        return f'{self.name}:"{value}"' if " " in value else f"{self.name}:{value}"


@dataclass(frozen=True)
class Not:
    node: object

    def __str__(self) -> str:
        return f"-{_grouped(self.node)}"


@dataclass(frozen=True)
class And:
    nodes: tuple

    def __str__(self) -> str:
        return " ".join(_grouped(n) if isinstance(n, And) else str(n) for n in self.nodes)


@dataclass(frozen=True)
class Or:
    nodes: tuple

    def __str__(self) -> str:
        return " OR ".join(_grouped(n) for n in self.nodes)


def _grouped(node) -> str:
    return f"({node})" if isinstance(node, (And, Or)) else str(node)


Node = object


# --- tokens -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tok:
    kind: str  # word phrase field or lparen rparen not end
    text: str
    pos: int
    value: str = ""  # a field's value
    vpos: int = 0  # where the value starts


def _tokens(query: str) -> list[_Tok]:
    toks, i, n = [], 0, len(query)
    while i < n:
        c = query[i]
        if c.isspace():
            i += 1
        elif c in "()":
            toks.append(_Tok("lparen" if c == "(" else "rparen", c, i))
            i += 1
        elif c == "-" and (i + 1 == n or query[i + 1].isspace()):
            i += 1  # a dash on its own is punctuation: "split second - what happens?"
        elif c == "-" and not query[i + 1].isdigit():
            toks.append(_Tok("not", c, i))
            i += 1
        elif c in _QUOTES:
            text, i = _quoted(query, i)
            toks.append(_Tok("phrase", text, i - len(text) - 2))
        else:
            tok, i = _word_or_field(query, i)
            toks.append(tok)
    toks.append(_Tok("end", "", n))
    return toks


def _quoted(query: str, start: int) -> tuple[str, int]:
    """The text of a quoted phrase opening at ``start``, and the index after its closing quote."""
    closers = {'"', _QUOTES[query[start]]}
    end = start + 1
    while end < len(query) and query[end] not in closers:
        end += 1
    if end >= len(query):
        raise QueryError(query, start, "unbalanced quote: this quote is never closed")
    return query[start + 1 : end], end + 1


def _word_or_field(query: str, i: int) -> tuple[_Tok, int]:
    """A word or a ``field:value`` (the value may be quoted), and the index after it."""
    end = i
    while end < len(query) and not query[end].isspace() and query[end] not in '()"“”«»':
        end += 1
    text = query[i:end]
    m = _FIELD.match(text)
    if not m or m.group(1).lower() not in FIELDS:
        return _Tok("word", text, i), end  # "nota:", "what:" — words, as a question writes them
    name, vpos = m.group(1).lower(), i + m.end()
    if vpos == end and (vpos >= len(query) or query[vpos] not in _QUOTES):
        return _Tok("word", text, i), end  # "rule: …", "lang:" alone — a word and a colon
    if vpos < len(query) and query[vpos] in _QUOTES:
        value, after = _quoted(query, vpos)
        return _Tok("qfield", name, i, value, vpos + 1), after
    return _Tok("field", name, i, query[vpos:end], vpos), end


# --- the parser -------------------------------------------------------------------------------


class _Parser:
    def __init__(self, query: str):
        self.query = query
        self.toks = _tokens(query)
        self.at = 0
        self.depth = 0

    def peek(self) -> _Tok:
        return self.toks[self.at]

    def take(self) -> _Tok:
        tok = self.toks[self.at]
        self.at += 1
        return tok

    def fail(self, pos: int, message: str):
        raise QueryError(self.query, pos, message)

    def parse(self) -> Node:
        node = self.conjunction()
        tok = self.peek()
        if tok.kind == "rparen":
            self.fail(tok.pos, "unmatched ')'")
        return node

    def conjunction(self) -> Node:
        nodes = []
        while self.peek().kind not in ("end", "rparen"):
            nodes.append(self.disjunction())
        if not nodes:
            tok = self.peek()
            self.fail(tok.pos, "empty query" if tok.kind == "end" and self.depth == 0 else "empty group")
        return nodes[0] if len(nodes) == 1 else And(tuple(nodes))

    def disjunction(self) -> Node:
        nodes = [self.unary()]
        while self.peek().kind == "word" and self.peek().text == "OR":
            op = self.take()
            if self.peek().kind in ("end", "rparen") or self.peek().text == "OR":
                self.fail(op.pos, "OR needs a word, phrase or field on each side")
            nodes.append(self.unary())
        return nodes[0] if len(nodes) == 1 else Or(tuple(nodes))

    def unary(self) -> Node:
        tok = self.take()
        if tok.kind == "not":
            if self.peek().kind in ("end", "rparen", "not"):
                self.fail(tok.pos, "'-' must be followed by a word, phrase or field")
            return Not(self.unary())
        if tok.kind == "word" and tok.text == "OR":
            self.fail(tok.pos, "OR needs a word, phrase or field on each side")
        if tok.kind == "word":
            return Word(tok.text, tok.pos)
        if tok.kind == "phrase":
            if not tok.text.strip():
                self.fail(tok.pos, "empty phrase")
            return Phrase(" ".join(tok.text.split()), tok.pos)
        if tok.kind in ("field", "qfield"):
            return self.field(tok)
        if tok.kind == "lparen":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                self.fail(tok.pos, f"too deeply nested (at most {MAX_DEPTH} parentheses)")
            node = self.conjunction()
            if self.take().kind != "rparen":
                self.fail(tok.pos, "unbalanced parenthesis: this '(' is never closed")
            self.depth -= 1
            return node
        if tok.kind == "rparen":
            self.fail(tok.pos, "unmatched ')'")
        self.fail(tok.pos, "unexpected end of query")

    def field(self, tok: _Tok) -> Field:
        if tok.text not in FIELDS:
            self.fail(tok.pos, f"unknown field '{tok.text}:'; fields are {', '.join(f + ':' for f in FIELDS)}")
        value = tok.value.strip()
        if not value:
            self.fail(tok.vpos if tok.kind == "field" else tok.vpos - 1, f"'{tok.text}:' needs a value")
        try:
            return Field(tok.text, FIELDS[tok.text].parse(value), tok.pos)
        except ValueError as err:
            self.fail(tok.vpos, str(err))


def parse_query(query: str) -> Node:
    """Parse a query into a tree (see the module docstring for the grammar)."""
    if len(query) > MAX_LENGTH:
        raise QueryError(
            query, MAX_LENGTH, f"query too long: {len(query)} characters (at most {MAX_LENGTH})"
        )
    if not query.strip():
        raise QueryError(query, 0, "empty query")
    return _Parser(query).parse()
