"""Text for the terminal: what the CLI prints for results, cards, rulings, tags and check runs.

Each function returns lines; ``mark`` renders a highlighted piece of a snippet (bold on a
terminal, ``*word*`` in a pipe). The CLI only echoes them.
"""

from __future__ import annotations

from typing import Callable, Iterable

from kb.index.catalog import Card
from kb.records import UNDETERMINED, Ruling
from kb.search.snippet import render as render_snippet


def header(record: Ruling) -> str:
    tags = ", ".join(record.tags) or "-"
    mixed = "+" + ("en" if record.lang == "it" else "it") if record.mixed else ""
    return f"{record.label} · {record.date.isoformat()} · {record.lang}{mixed} · {tags} · {record.id}"


def search_lines(results, mark: Callable[[str], str]) -> list[str]:
    shown = len(results.hits)
    what = "text(s)" if results.collapsed else "ruling(s)"
    lines = [f"{results.total} {what} match {results.query!r}" + (f"; showing {shown}" if shown < results.total else "")]
    lines += [f"note: {note}" for note in results.built.notes]
    if results.built.suggestion:
        lines.append(f"did you mean: {results.built.suggestion}")
    for hit in results.hits:
        lines += ["", header(hit.record), "  " + render_snippet(hit.snippet, mark)]
        if hit.translation is not None:
            lines.append(f"  ↔ {hit.translation.lang}: {hit.translation.text}")
        if hit.also:
            names = ", ".join(hit.also_cards[:5])
            more = hit.also - min(5, len(hit.also_cards))
            lines.append(f"  also on {names}" + (f" and {more} more card(s)" if more > 0 else ""))
    return lines


def card_title(card: Card) -> str:
    names = [card.names.get("en"), card.names.get("it")]
    known = [n for n in names if n] or card.written[:1]
    return " — ".join(known)


def card_facts(card: Card) -> list[str]:
    """The card's mana cost, type line and text, in English and Italian where known."""
    lines = []
    cost = card.facts.get("mana_cost")
    for lang in ("en", "it"):
        type_line, text = card.facts.get("type", {}).get(lang), card.facts.get("text", {}).get(lang)
        if not (type_line or text):
            continue
        head = " · ".join(part for part in (type_line, cost if lang == "en" else None) if part)
        lines += ["", f"[{lang}] {head}" if head else f"[{lang}]"]
        lines += [f"  {line}" for line in (text or "").splitlines()]
    return lines


def card_lines(card: Card, records: list[Ruling], pairs, others: list[Card]) -> list[str]:
    counts = {lang: sum(r.lang == lang for r in records) for lang in ("it", "en")}
    paired = sum(1 for it, en in pairs if it and en)
    facts = card_facts(card)
    lines = [card_title(card), *facts, *([""] if facts else [])]
    lines.append(f"{len(records)} rulings: {counts['it']} in Italian, {counts['en']} in English; {paired} paired")
    if others:
        lines.append("also matching: " + ", ".join(c.display for c in others[:5]))
    for it, en in sorted(pairs, key=lambda pair: (pair[0] or pair[1]).date):
        for record, arrow in ((it, ""), (en, "  ↔ " if it else "")):
            if record is None:
                continue
            lines.append(f"\n{arrow}{record.date.isoformat()} · {record.lang} · {', '.join(record.tags) or '-'} · {record.id}")
            lines.append(f"{' ' * (len(arrow) + 2)}{record.text}")
    return lines


def ruling_lines(record: Ruling, shared: list[str], translation: Ruling | None, checks: Iterable, rule_text: dict,
                 links: Iterable = ()) -> list[str]:
    """``kb show``: the facts of a ruling, its text, its translation, the claims it links to
    (``checks``, with their ``links``: polarity, score, evidence) and the rules cited."""
    names = ", ".join(f"{lang}: {n}" for lang, n in record.card_names.items()) or "not in the names table"
    rows = [
        ("id", record.id),
        ("card", f"{record.card} ({names})"),
        ("date", record.date.isoformat()),
        ("lang", record.lang + (" (mixed: carries the other language)" if record.mixed else "")),
        ("tags", ", ".join(record.tags) or "-"),
        ("rules", ", ".join(record.rules) or "-"),
        ("checks", ", ".join(record.checks) or "-"),
        ("source", record.source),
    ]
    if record.no_check:
        rows.append(("no check", record.no_check))
    if shared:
        listed = ", ".join(shared[:5]) + (", ..." if len(shared) > 5 else "")
        rows.append(("shared", f"also on {len(shared)} card(s): {listed}"))
    if translation:
        rows.append(("paired", f"{translation.id} ({translation.lang}, {translation.card})"))
    lines = [f"{key + ':':8} {value}" for key, value in rows]
    lines += ["", record.text]
    if translation:
        lines += ["", f"{translation.lang}: {translation.text}"]
    checks = list(checks)
    for found, link in zip(checks, links):
        lines += ["", f"check {found.id} [{', '.join(found.rules)}]: {found.title}", f"  claim: {found.claim}"]
        lines.append(f"  this ruling {reads(link.polarity)} (score {link.score:.2f}; matched \"{link.evidence}\")")
    if rule_text:
        cited = dict.fromkeys([*record.rules, *(r for c in checks for r in c.rules)])
        lines += ["", "rules:"]
        lines += [f"  {number} {rule_text.get(number.split('-')[0], '(not in this rules file)')}" for number in cited]
    return lines


def reads(polarity: str) -> str:
    """How a link's polarity reads after "this ruling": asserts it, denies it, or is about it (undetermined)."""
    return "is about it (whether it states or denies it is undetermined)" if polarity == UNDETERMINED else f"{polarity} it"


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


def tag_lines(rows: list[dict], stats: dict) -> list[str]:
    lines = [f"{'tag':18} {'kind':8} {'CR':7} {'it':>5} {'en':>6}  {'linked to a check it / en':27} labels"]
    for row in rows:
        label = f"{row['label'].get('it', '')} / {row['label'].get('en', '')}"
        coverage = " / ".join(share(row["linked"][lang], row["counts"][lang]) for lang in ("it", "en"))
        lines.append(
            f"{row['id']:18} {row['kind']:8} {', '.join(row['rules']):7} "
            f"{row['counts']['it']:>5} {row['counts']['en']:>6}  {coverage:27} {label}"
        )
    total = " / ".join(share(stats["linked"].get(lang, 0), stats["rulings"].get(lang, 0)) for lang in ("it", "en"))
    return [*lines, "", f"all rulings linked to a check (it / en): {total}"]


def check_lines(runs) -> list[str]:
    lines, shown = [], None
    for item in runs:
        if item.ruling is not None and item.ruling.id != shown:
            shown = item.ruling.id
            lines += ["", header(item.ruling)]
        indent = "  " if item.ruling is not None else ""
        if item.result is None:
            lines.append(f"{indent}no check: {item.reason}")
            continue
        result, link = item.result, item.link
        how = f" ({link.polarity}, score {link.score:.2f})" if link else ""
        status = "UNDETERMINED" if item.passed is None else "PASS" if item.passed else "FAIL"
        lines.append(f"{indent}{status} {result.id}{how} [{', '.join(result.rules)}] {result.title}")
        if not item.passed:
            lines.append(f"{indent}     {item.message}")
    return lines
