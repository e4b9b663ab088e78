"""The ``kb`` command: a thin shell over the library.

Each command is a few library calls and some printing. ``KbGroup.invoke`` is the one place where
kb's exceptions become messages on stderr and exit codes (1 for a failure, 2 for bad usage).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import __version__
from .errors import KbError, QueryError, StrictFailure
from .index import Location
from .names import Card
from .records import Ruling
from .search import card_rulings, option_filters, search as run_search, select
from .snippet import render as render_snippet
from .store import open_store
from .vocabulary import vocabulary

FORMATS = ("jsonl", "json", "yaml", "csv", "md")  # kb.export.FORMATS, without importing it


class KbGroup(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except QueryError as err:
            click.echo(f"Error: {err.message} (at position {err.position}):", err=True)
            click.echo(err.pointer(), err=True)
            raise click.exceptions.Exit(err.exit_code) from None
        except StrictFailure as err:
            _print_problems(err.report)
            click.echo(f"Error: {err}", err=True)
            raise click.exceptions.Exit(err.exit_code) from None
        except KbError as err:
            click.echo(f"Error: {err}", err=True)
            raise click.exceptions.Exit(err.exit_code) from None
        except BrokenPipeError:
            # the reader went away (kb search ... | head): stop quietly
            sys.stdout = open(os.devnull, "w")
            raise click.exceptions.Exit(1) from None
        except OSError as err:
            click.echo(f"Error: {err.strerror}: {err.filename}", err=True)
            raise click.exceptions.Exit(1) from None


index_option = click.option(
    "--index",
    "index_dir",
    type=click.Path(file_okay=False),
    envvar="KB_INDEX",
    help="Index location (default .kb/index; or KB_INDEX).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (the JSON contract).")


@click.group(cls=KbGroup)
@click.version_option(__version__, prog_name="kb")
def main():
    """kb: search Magic: The Gathering card rulings in Italian and English."""


def _echo_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _print_problems(report) -> None:
    for problem in report.problems:
        click.echo(str(problem), err=True)


def _open(index_dir):
    store, freshness = open_store(Location(index_dir))
    if freshness.built:
        click.echo(f"kb: {freshness.reason} ({freshness.report.summary()})", err=True)
        _print_problems(freshness.report)
    for notice in freshness.notices:
        click.echo(f"kb: {notice}", err=True)
    return store


# --- ingest -----------------------------------------------------------------------------------


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@index_option
@click.option("--names", "names", multiple=True, type=click.Path(dir_okay=False),
              help="A card-names table (TSV: English<TAB>Italian); default data/card_names.tsv.")
@click.option("--strict", is_flag=True, help="Any error: exit 1 and leave the index as it was.")
@click.option("--full", is_flag=True, help="Rebuild everything, even what has not changed.")
@json_option
def ingest(paths, index_dir, names, strict, full, as_json):
    """Ingest ruling files and folders into the index.

    PATHS: dated ruling files (.txt), JSON Lines (.jsonl), name tables (.tsv), or folders of them.
    Default: data/rulings_it data/rulings_en. Afterwards the index holds exactly these rulings;
    when it was built from the same paths, only the files that changed are read again.
    """
    from .build import ingest_into

    location = Location(index_dir)
    show_bar = sys.stderr.isatty() and not as_json
    with click.progressbar(length=1, label="ingesting", file=sys.stderr) if show_bar else _NoBar() as bar:

        def progress(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)

        report = ingest_into(location, list(paths) or None, list(names) or None, strict, progress, full)
    _print_problems(report)
    if report.updated:
        what = f"{len(report.changed)} changed file(s) re-indexed" if report.changed else "nothing changed"
        click.echo(f"kb: index up to date: {what}", err=True)
    if as_json:
        _echo_json({**report.to_dict(), "index": str(location.path), "changed": list(report.changed),
                    "updated": report.updated})
    else:
        click.echo(report.summary())


class _NoBar:
    pos = length = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n):
        pass


# --- search, card, show -----------------------------------------------------------------------


def _card_label(record: Ruling) -> str:
    others = [n for n in dict.fromkeys(record.card_names.values()) if n != record.card]
    return record.card + (f" ({' / '.join(others)})" if others else "")


def _header(record: Ruling) -> str:
    tags = ", ".join(record.tags) or "-"
    mixed = "+" + ("en" if record.lang == "it" else "it") if record.mixed else ""
    return f"{_card_label(record)} · {record.date.isoformat()} · {record.lang}{mixed} · {tags} · {record.id}"


def _mark(text: str) -> str:
    return click.style(text, bold=True, fg="yellow") if sys.stdout.isatty() else f"*{text}*"


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=0), help="At most N results (0: all).")
@click.option("--lang", help="Only rulings in this language (it, en).")
@click.option("--tag", help="Only rulings with this tag (see kb tags).")
@click.option("--card", help="Only rulings of this card (Italian or English name).")
@click.option("--since", help="Only rulings from this date (YYYY, YYYY-MM, YYYY-MM-DD).")
@click.option("--until", help="Only rulings up to this date.")
@click.option("--collapse", is_flag=True, help="One result per text when the same ruling is on many cards.")
@index_option
@json_option
@click.option("--explain", is_flag=True, help="Also print the parsed query.")
def search(query, limit, lang, tag, card, since, until, collapse, index_dir, as_json, explain):
    """Search rulings. QUERY syntax: words, "phrases", card:, tag:, lang:, rule:, date:, -not, OR.

    The words of QUERY may be given as one argument or several: kb search goad -tag:madness
    """
    for part in query:
        if part.startswith("--"):
            raise click.UsageError(f"no such option: {part.split('=')[0]}")
    query = " ".join(query)
    with _open(index_dir) as store:
        filters = option_filters(lang=lang, tag=tag, card=card, since=since, until=until, vocab=store.vocabulary)
        results = run_search(store, query, filters, limit=limit, collapse=collapse)
    if as_json:
        data = results.to_dict()
        if explain:
            data["explain"] = results.built.explain()
        _echo_json(data)
        return
    if explain:
        click.echo(results.built.explain() + "\n")
    shown = len(results.hits)
    click.echo(f"{results.total} ruling(s) match {query!r}" + (f"; showing {shown}" if shown < results.total else ""))
    for hit in results.hits:
        also = f" · and {hit.also} more with this text" if hit.also else ""
        click.echo("\n" + _header(hit.record) + also)
        click.echo("  " + render_snippet(hit.snippet, _mark))


@main.command()
@click.argument("name")
@index_option
@json_option
def card(name, index_dir, as_json):
    """All rulings of a card in both languages, by Italian or English name (typos forgiven)."""
    from .translations import pairs_of

    with _open(index_dir) as store:
        found, records, others = card_rulings(store, name)
        pairs = pairs_of(store, records)
    if as_json:
        _echo_json({"query": name, "card": found.to_dict(), "total": len(records),
                    "results": [r.to_dict() for r in records],
                    "pairs": [[it.id, en.id] for it, en in pairs if it and en]})
        return
    click.echo(_card_title(found))
    counts = {lang: sum(r.lang == lang for r in records) for lang in ("it", "en")}
    paired = sum(1 for it, en in pairs if it and en)
    click.echo(f"{len(records)} rulings: {counts['it']} in Italian, {counts['en']} in English; {paired} paired")
    if others:
        click.echo("also matching: " + ", ".join(c.display for c in others[:5]))
    for it, en in sorted(pairs, key=lambda pair: (pair[0] or pair[1]).date):
        for record, mark in ((it, ""), (en, "  ↔ " if it else "")):
            if record is None:
                continue
            click.echo(f"\n{mark}{record.date.isoformat()} · {record.lang} · {', '.join(record.tags) or '-'} · {record.id}")
            click.echo(f"{' ' * (len(mark) + 2)}{record.text}")


def _card_title(card: Card) -> str:
    names = [card.names.get("en"), card.names.get("it")]
    known = [n for n in names if n] or card.written[:1]
    return " — ".join(known)


@main.command()
@click.argument("ruling_id")
@index_option
@json_option
@click.option("--rules", "rules_file", type=click.Path(dir_okay=False), envvar="KB_RULES",
              help="The Comprehensive Rules text file, to show the rules cited (or KB_RULES).")
def show(ruling_id, index_dir, as_json, rules_file):
    """One ruling by its id (or a unique prefix of at least 4 characters), with its checks."""
    from .checks import get as get_check
    from .comprules import load_rules

    with _open(index_dir) as store:
        record = store.get(ruling_id)
        shared = store.shared_with(record)
        translation = store.translation(record)
    rule_text = load_rules(rules_file) if rules_file else {}
    if as_json:
        _echo_json({**record.to_dict(), **({"translation": translation.to_dict()} if translation else {})})
        return
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
    for key, value in rows:
        click.echo(f"{key + ':':8} {value}")
    click.echo("\n" + record.text)
    if translation:
        click.echo(f"\n{translation.lang}: {translation.text}")
    for check_id in record.checks:
        found = get_check(check_id)
        click.echo(f"\ncheck {found.id} [{', '.join(found.rules)}]: {found.title}")
        click.echo(f"  claim: {found.claim}")
    cited = dict.fromkeys([*record.rules, *(r for c in record.checks for r in get_check(c).rules)])
    if rule_text:
        click.echo("\nrules:")
        for number in cited:
            click.echo(f"  {number} {rule_text.get(number.split('-')[0], '(not in this rules file)')}")


# --- tags, export -----------------------------------------------------------------------------


@main.command()
@index_option
@json_option
def tags(index_dir, as_json):
    """The tag vocabulary, with the number of rulings per language."""
    with _open(index_dir) as store:
        stats = store.stats
    rows = []
    for tag in vocabulary():
        counts, linked = stats["tags"].get(tag.id, {}), stats["tags_linked"].get(tag.id, {})
        rows.append({
            **tag.to_dict(),
            "counts": {lang: counts.get(lang, 0) for lang in ("it", "en")},
            "linked": {lang: linked.get(lang, 0) for lang in ("it", "en")},
        })
    if as_json:
        _echo_json(rows)
        return
    click.echo(f"{'tag':18} {'kind':8} {'CR':7} {'it':>5} {'en':>6}  {'linked to a check it / en':27} labels")
    for row in rows:
        label = f"{row['label'].get('it', '')} / {row['label'].get('en', '')}"
        coverage = " / ".join(_share(row["linked"][lang], row["counts"][lang]) for lang in ("it", "en"))
        click.echo(
            f"{row['id']:18} {row['kind']:8} {', '.join(row['rules']):7} "
            f"{row['counts']['it']:>5} {row['counts']['en']:>6}  {coverage:27} {label}"
        )
    total = " / ".join(_share(stats["linked"].get(lang, 0), stats["rulings"].get(lang, 0)) for lang in ("it", "en"))
    click.echo(f"\nall rulings linked to a check (it / en): {total}")


@main.command()
@click.option("--card", help="Only rulings of this card.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="yaml", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="Write to this file.")
@index_option
def fragments(card, fmt, out, index_dir):
    """Italian rulings that keep untranslated English fragments, for translators.

    Each with its fragments and the English ruling it was translated from, when paired.
    """
    from .export import render_rows
    from .translations import fragment_rows

    filters = option_filters(card=card, lang="it")
    with _open(index_dir) as store:
        rows = fragment_rows(store, select(store, filters))
    text = render_rows(rows, fmt, "fragments", {"filters": {"card": card} if card else {}})
    if out:
        Path(out).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@index_option
def serve(host, port, index_dir):
    """Serve the JSON API and the search page over HTTP (see /openapi.json).

    The index is opened once and shared; a rebuilt index is picked up without a restart.
    """
    from .serve import run

    run(host=host, port=port, index_dir=index_dir)


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


@main.command()
@click.argument("ids", nargs=-1)
@click.option("--tag", help="Run the checks of every ruling with this tag.")
@click.option("--all", "everything", is_flag=True, help="Run every registered check.")
@index_option
@json_option
def check(ids, tag, everything, index_dir, as_json):
    """Run the executable rule checks linked to rulings.

    IDS are ruling ids (or check ids such as goad.multiple_goaders). Prints each ruling, check,
    CR numbers and pass or fail; exit status 1 when a check fails.
    """
    from .verification import verify

    if not (ids or tag or everything):
        raise click.UsageError("give ruling ids, --tag T or --all")
    if tag:
        tag = option_filters(tag=tag)[0].value
    with _open(index_dir) as store:
        runs = verify(store, ids, tag, everything)
    failed = sum(1 for r in runs if r.result is not None and not r.result.passed)
    passed = sum(1 for r in runs if r.result is not None and r.result.passed)
    if as_json:
        _echo_json({"passed": passed, "failed": failed, "results": [r.to_dict() for r in runs]})
    else:
        shown = None
        for item in runs:
            if item.ruling is not None and item.ruling.id != shown:
                shown = item.ruling.id
                click.echo(f"\n{_header(item.ruling)}")
            indent = "  " if item.ruling is not None else ""
            if item.result is None:
                click.echo(f"{indent}no check: {item.reason}")
                continue
            result = item.result
            status = "PASS" if result.passed else "FAIL"
            click.echo(f"{indent}{status} {result.id} [{', '.join(result.rules)}] {result.title}")
            if not result.passed:
                click.echo(f"{indent}     {result.message}")
        click.echo(f"\n{passed} check run(s) passed, {failed} failed")
    if failed:
        raise click.exceptions.Exit(1)


@main.command()
@click.option("--tag", help="Only rulings with this tag.")
@click.option("--lang", help="Only rulings in this language (it, en).")
@click.option("--card", help="Only rulings of this card.")
@click.option("--since", help="Only rulings from this date.")
@click.option("--until", help="Only rulings up to this date.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="yaml", show_default=True)
@click.option("--out", type=click.Path(), help="Write to this file (a folder with --all-tags).")
@click.option("--all-tags", is_flag=True, help="One file per tag, plus an index file, in --out DIR.")
@click.option("--pairs", is_flag=True, help="Italian rulings beside their English counterparts.")
@index_option
def export(tag, lang, card, since, until, fmt, out, all_tags, pairs, index_dir):
    """Export a ruling set in a stable order (card, date, id). JSON Lines re-ingests."""
    from .export import render as render_export, write_all_tags

    if all_tags and not out:
        raise click.UsageError("--all-tags writes one file per tag: give the folder with --out DIR")
    filters = option_filters(lang=lang, tag=tag, card=card, since=since, until=until)
    described = {k: v for k, v in dict(tag=tag, lang=lang, card=card, since=since, until=until).items() if v}
    with _open(index_dir) as store:
        if all_tags:
            by_tag = {
                t.id: select(store, [*filters, *option_filters(tag=t.id)]) for t in vocabulary()
            }
            index = write_all_tags(by_tag, fmt, Path(out))
            click.echo(f"wrote {len(index)} tag files and an index to {out}", err=True)
            return
        if pairs:
            from .export import render_rows
            from .translations import pair_rows, pairs_of

            rows = pair_rows(pairs_of(store, select(store, filters)))
            text = render_rows(rows, fmt, "pairs", {"filters": described})
        else:
            text = render_export(select(store, filters), fmt, described)
    if out:
        Path(out).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)
