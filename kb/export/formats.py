"""Exports: ruling sets as JSON Lines, JSON, YAML, CSV or Markdown, in a stable order.

Order: card name, date, id. JSON Lines holds one record per line and re-ingests as it is;
JSON and YAML hold ``{"filters", "count", "rulings"}``; CSV flattens lists with ``"; "``;
``vectors`` holds the linked rulings as rule-check test vectors (kb.export.vectors).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from kb.export import vectors
from kb.records import Ruling
from kb.text.analysis import fold
from kb.text.vocabulary import Vocabulary


def ordered(records: Iterable[Ruling]) -> list[Ruling]:
    return sorted(records, key=lambda r: (fold(r.card), r.card, r.date, r.id))


def _jsonl(records: list[Ruling], meta: dict, safe: bool = True) -> str:
    return "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in records)


def _json(records: list[Ruling], meta: dict, safe: bool = True) -> str:
    data = {**meta, "count": len(records), "rulings": [r.to_dict() for r in records]}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _yaml_dump(data) -> str:
    """YAML with block scalars for multi-line strings (PyYAML imported only when used)."""
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def string(dumper, value: str):
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, string)
    return yaml.dump(data, Dumper=Dumper, allow_unicode=True, sort_keys=False, width=100)


def _yaml(records: list[Ruling], meta: dict, safe: bool = True) -> str:
    """The readable ruling set: each ruling's checks with their titles and CR numbers."""
    from kb.checks import registry

    claims = registry()

    def readable(record: Ruling) -> dict:
        data = record.to_dict()
        data["links"] = [{**link.to_dict(), "title": claims[link.claim].title, "rules": list(claims[link.claim].rules)}
                         if link.claim in claims else link.to_dict() for link in record.links]  # fmt: skip
        return data

    data = {**meta, "count": len(records), "rulings": [readable(r) for r in records]}
    return _yaml_dump(data)


CSV_COLUMNS = ("id", "card", "card_it", "card_en", "date", "lang", "mixed", "text", "tags", "rules", "checks", "source")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet may run as a formula (OWASP)


def neutral(cell: str) -> str:
    """A CSV cell a spreadsheet will not run: one that starts like a formula gets a leading
    apostrophe, as OWASP recommends ("=cmd|' /C calc'!A0" → "'=cmd|' /C calc'!A0")."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def _csv(records: list[Ruling], meta: dict, safe: bool = True) -> str:
    import csv  # only an export needs it: not imported by every command

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for record in records:
        row = record.to_dict()
        names = row.pop("card_names")
        row.update(card_it=names.get("it", ""), card_en=names.get("en", ""))
        row["checks"] = "; ".join(f"{link.claim} ({link.polarity})" for link in record.links)
        for name in ("tags", "rules"):
            row[name] = "; ".join(row[name])
        row["mixed"] = "yes" if row["mixed"] else "no"
        writer.writerow({k: neutral(str(row[k])) if safe else row[k] for k in CSV_COLUMNS})
    return out.getvalue()


def md_text(text: str) -> str:
    """Text as Markdown shows it: HTML escaped, so a ruling holding markup shows it as text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")  # html.escape(quote=False)


def _md(records: list[Ruling], meta: dict, safe: bool = True) -> str:
    title = md_text(", ".join(f"{k} {v}" for k, v in meta.get("filters", {}).items()) or "all")
    lines = [f"# Rulings: {title} ({len(records)})", ""]
    card = None
    for r in records:
        if r.card != card:
            card = r.card
            lines += [f"## {md_text(r.label)}", ""]
        tags = f" · {', '.join(r.tags)}" if r.tags else ""
        lines += [f"- **{r.date.isoformat()}** · {r.lang}{tags} · `{r.id}`", "", f"  {md_text(r.text)}", ""]
    return "\n".join(lines)


@dataclass(frozen=True)
class Format:
    """One export format: how ruling sets are written in it, its media type and file extension."""

    name: str
    write: Callable[[list[Ruling], dict, bool], str]  # (records, meta, safe) -> text
    media_type: str
    extension: str


# The export formats, in the order they are offered (CLI choices, API enum, page links).
FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("jsonl", _jsonl, "application/jsonl", "jsonl"),
        Format("json", _json, "application/json", "json"),
        Format("yaml", _yaml, "application/yaml", "yaml"),
        Format("csv", _csv, "text/csv", "csv"),
        Format("md", _md, "text/markdown", "md"),
        Format("vectors", vectors.write, "application/json", "vectors.json"),
    )
}


def render(records: Iterable[Ruling], fmt: str, filters: dict | None = None, safe: bool = True) -> str:
    """The text of an export of ``records`` in ``fmt`` (``safe``: CSV cells that start like a
    formula are neutralised)."""
    return FORMATS[fmt].write(ordered(records), {"filters": dict(filters or {})}, safe)


def write_all_tags(by_tag: dict[str, list[Ruling]], fmt: str, out_dir: Path, vocab: Vocabulary, safe: bool = True) -> list[dict]:
    """One file per tag in ``out_dir`` plus an index file listing them; returns the index."""
    out_dir.mkdir(parents=True, exist_ok=True)
    index = []
    for tag_id, records in by_tag.items():
        name = f"{tag_id}.{FORMATS[fmt].extension}"
        (out_dir / name).write_text(render(records, fmt, {"tag": tag_id}, safe), encoding="utf-8")
        tag = vocab.by_id[tag_id]
        index.append({"tag": tag_id, "label": tag.label, "rules": list(tag.rules), "count": len(records), "file": name})
    (out_dir / f"index.{FORMATS[fmt].extension}").write_text(render_rows(index, fmt, "tags", safe=safe), encoding="utf-8")
    return index


def render_rows(rows: list[dict], fmt: str, name: str, meta: dict | None = None, safe: bool = True) -> str:
    """Flat rows (a report, an index) in any format: ``{**meta, "count", name: rows}`` for JSON
    and YAML, one row per line for JSON Lines, a table for CSV (formula-like cells neutralised
    unless ``safe`` is False) and Markdown (HTML escaped)."""
    if fmt == "jsonl":
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    data = {**(meta or {}), "count": len(rows), name: rows}
    if fmt in ("json", "vectors"):  # rows are no rulings: vectors of them are plain JSON
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "yaml":
        return _yaml_dump(data)
    columns = list(dict.fromkeys(key for row in rows for key in row))
    cells = [[_cell(row.get(key)) for key in columns] for row in rows]
    if fmt == "csv":
        import csv

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([[neutral(c) for c in row] if safe else row for row in cells])
        return out.getvalue()
    escape = lambda text: md_text(text).replace("|", "\\|").replace("\n", " ")  # noqa: E731
    lines = [f"# {name} ({len(rows)})", "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(escape(c) for c in row) + " |" for row in cells]
    return "\n".join(lines) + "\n"


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return "; ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "; ".join(map(str, value))
    return str(value)
