"""The ``kb`` command: a thin shell over the library.

Each command is a few library calls and some printing (the text comes from kb.export.terminal).
``KbGroup.invoke`` is the one place where kb's exceptions become messages on stderr and exit
codes (each exception carries its own: 1 for a failure, 2 for bad usage).
"""

from __future__ import annotations

import difflib
import json
import os
import sys
from pathlib import Path

import click

from kb import __version__
from kb.errors import KbError, QueryError, StrictFailure
from kb.export import terminal
from kb.export.formats import FORMATS
from kb.index.generations import Location
from kb.index.store import Store, open_store
from kb.search.fields import field_names
from kb.search.run import card_rulings, option_filters, select
from kb.search.run import search as run_search


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


def _echo(lines: list[str]) -> None:
    click.echo("\n".join(lines))


def _print_problems(report) -> None:
    for problem in report.problems:
        click.echo(str(problem), err=True)


def _open(index_dir) -> Store:
    """Bring the index up to date (building it from data/ when there is none), then open it."""
    from kb.index.refresh import refresh

    location = Location(index_dir)
    freshness = refresh(location)
    if freshness.built:
        click.echo(f"kb: {freshness.reason} ({freshness.report.summary()})", err=True)
        _print_problems(freshness.report)
    for notice in freshness.notices:
        click.echo(f"kb: {notice}", err=True)
    return open_store(location)


def _words(parts: tuple[str, ...], command: click.Command) -> str:
    """Arguments given as several words, joined; a stray ``--option`` is an unknown option
    (with the closest ones), not a word."""
    for part in parts:
        if part.startswith("--"):
            name = part.split("=")[0]
            options = [o for param in command.params for o in getattr(param, "opts", []) if o.startswith("--")]
            raise click.NoSuchOption(name, possibilities=difflib.get_close_matches(name, options, n=3, cutoff=0.6))
    return " ".join(parts)


# --- ingest -----------------------------------------------------------------------------------


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@index_option
@click.option("--names", "names", multiple=True, type=click.Path(dir_okay=False),
              help="A card-names table (TSV: English<TAB>Italian); default data/card_names.tsv.")
@click.option("--strict", is_flag=True, help="Any error: exit 1 and leave the index as it was.")
@click.option("--full", is_flag=True, help="Rebuild everything, even what has not changed.")
@click.option("--no-wait", is_flag=True, help="If another ingest is writing the index, exit 1 instead of waiting.")
@json_option
def ingest(paths, index_dir, names, strict, full, no_wait, as_json):
    """Ingest ruling files and folders into the index.

    PATHS: dated ruling files (.txt), JSON Lines (.jsonl), MTGJSON set files or AllPrintings
    (.json, .json.gz), Scryfall bulk rulings with a Scryfall cards file, name tables (.tsv), or
    folders of them; each file's kind is told by its content. Default: data/rulings_it
    data/rulings_en. Afterwards the index holds exactly these rulings; when it was built from
    the same paths, only the files that changed are read again.
    """
    from kb.index.build import ingest_into

    location = Location(index_dir)
    show_bar = sys.stderr.isatty() and not as_json
    with click.progressbar(length=1, label="ingesting", file=sys.stderr) if show_bar else _NoBar() as bar:

        def progress(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)

        report = ingest_into(location, list(paths) or None, list(names) or None, strict, progress, full,
                             wait=not no_wait, on_wait=lambda message: click.echo(f"kb: {message}", err=True))
    _print_problems(report)
    if report.updated:
        what = f"{len(report.changed)} changed file(s) re-indexed" if report.changed else "nothing changed"
        click.echo(f"kb: index up to date: {what}", err=True)
    if as_json:
        _echo_json({**report.to_dict(), "index": str(location.path), "changed": list(report.changed),
                    "updated": report.updated})  # fmt: skip
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


def _mark(text: str) -> str:
    return click.style(text, bold=True, fg="yellow") if sys.stdout.isatty() else f"*{text}*"


SEARCH_HELP = f"""Search rulings: a question in Italian or English, or the query syntax: words, "phrases",
    {field_names()} -not, OR.

    Free words are preferred, not required: the rulings with more of them, near each other,
    rank first. The words may be given as one argument or several: kb search goad -tag:madness
    """


@main.command(help=SEARCH_HELP, context_settings={"ignore_unknown_options": True})
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", default=10, show_default=True, type=click.IntRange(min=0), help="At most N results (0: all).")
@click.option("--lang", help="Only rulings in this language (it, en).")
@click.option("--tag", help="Only rulings with this tag (see kb tags).")
@click.option("--card", help="Only rulings of this card (Italian or English name).")
@click.option("--since", help="Only rulings from this date (YYYY, YYYY-MM, YYYY-MM-DD).")
@click.option("--until", help="Only rulings up to this date.")
@click.option("--all-cards", is_flag=True, help="Every ruling, not one per text (the same ruling is often on many cards).")
@index_option
@json_option
@click.option("--explain", is_flag=True, help="Also print the parsed query.")
@click.pass_context
def search(ctx, query, limit, lang, tag, card, since, until, all_cards, index_dir, as_json, explain):
    query = _words(query, ctx.command)
    with _open(index_dir) as store:
        filters = option_filters(lang=lang, tag=tag, card=card, since=since, until=until, vocab=store.vocabulary)
        results = run_search(store, query, filters, limit=limit, all_cards=all_cards)
    if as_json:
        data = results.to_dict()
        if explain:
            data["explain"] = results.built.explain()
        _echo_json(data)
        return
    if explain:
        click.echo(results.built.explain() + "\n")
    _echo(terminal.search_lines(results, _mark))


@main.command()
@click.argument("name", nargs=-1, required=True)
@index_option
@json_option
@click.pass_context
def card(ctx, name, index_dir, as_json):
    """All rulings of a card in both languages, by Italian or English name (typos forgiven).

    The name may be given as one argument or several: kb card Vampira Mutata
    """
    from kb.export.translations import pairs_of

    name = _words(name, ctx.command)
    with _open(index_dir) as store:
        found, records, others = card_rulings(store, name)
        pairs = pairs_of(store, records)
    if as_json:
        _echo_json({"query": name, "card": found.to_dict(), "total": len(records),
                    "results": [r.to_dict() for r in records],
                    "pairs": [[it.id, en.id] for it, en in pairs if it and en]})  # fmt: skip
        return
    _echo(terminal.card_lines(found, records, pairs, others))


@main.command()
@click.argument("ruling_id")
@index_option
@json_option
@click.option("--rules", "rules_file", type=click.Path(dir_okay=False), envvar="KB_RULES",
              help="The Comprehensive Rules text file, to show the rules cited (or KB_RULES).")
def show(ruling_id, index_dir, as_json, rules_file):
    """One ruling by its id (or a unique prefix of at least 4 characters), with its checks."""
    from kb.checks import get as get_check
    from kb.checks import registry
    from kb.checks.comprules import load_rules

    with _open(index_dir) as store:
        record = store.get(ruling_id)
        shared = store.shared_with(record)
        translation = store.translation(record)
        links = [link for link in store.links(record) if link.claim in registry()]
    rule_text = load_rules(rules_file) if rules_file else {}
    if as_json:
        _echo_json({**record.to_dict(), "links": [link.to_dict() for link in links],
                    **({"translation": translation.to_dict()} if translation else {})})  # fmt: skip
        return
    checks = [get_check(link.claim) for link in links]
    _echo(terminal.ruling_lines(record, shared, translation, checks, rule_text, links))


@main.command()
@index_option
def verify(index_dir):
    """Check the index's every file against its checksums; exit 1 naming what is damaged."""
    location = Location(index_dir)
    gen = location.require()
    for notice in location.notices:
        click.echo(f"kb: {notice}", err=True)
    problems = gen.problems(checksums=True)
    for problem in problems:
        click.echo(problem, err=True)
    if problems:
        raise click.exceptions.Exit(1)
    click.echo(f"{gen.path}: {len(gen.files())} files, all whole")


# --- tags, export, serve, check ----------------------------------------------------------------


@main.command()
@index_option
@json_option
def tags(index_dir, as_json):
    """The tag vocabulary, with the number of rulings per language."""
    with _open(index_dir) as store:
        rows, stats = store.tag_rows(), store.stats
    if as_json:
        _echo_json(rows)
    else:
        _echo(terminal.tag_lines(rows, stats))


@main.command()
@click.option("--card", help="Only rulings of this card.")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="yaml", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="Write to this file.")
@index_option
def fragments(card, fmt, out, index_dir):
    """Italian rulings that keep untranslated English fragments, for translators.

    Each with its fragments and the English ruling it was translated from, when paired.
    """
    from kb.export.formats import render_rows
    from kb.export.translations import fragment_rows

    filters = option_filters(card=card, lang="it")
    with _open(index_dir) as store:
        rows = fragment_rows(store, select(store, filters))
    _write(render_rows(rows, fmt, "fragments", {"filters": {"card": card} if card else {}}), out)


def _write(text: str, out: str | None) -> None:
    if out:
        Path(out).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--allow-host", "allowed", multiple=True,
              help="A Host name to answer besides the loopback ones (behind a proxy); repeatable.")
@index_option
def serve(host, port, allowed, index_dir):
    """Serve the JSON API and the search page over HTTP (see /openapi.json).

    The index is opened once and shared; a rebuilt index is picked up without a restart.
    """
    from kb.web.app import run

    _open(index_dir).close()  # built or brought up to date first, as every command does
    run(Location(index_dir), host=host, port=port, allowed_hosts=tuple(allowed))


@main.command()
@click.argument("ids", nargs=-1)
@click.option("--tag", help="Run the checks of every ruling with this tag.")
@click.option("--all", "everything", is_flag=True, help="Run every registered claim and every linked ruling.")
@index_option
@json_option
def check(ids, tag, everything, index_dir, as_json):
    """Run the executable rule checks linked to rulings.

    IDS are ruling ids (or claim ids such as goad.multiple_goaders). Prints each ruling, the claim
    it states or denies, CR numbers and pass (the model agrees with the ruling) or fail (or
    undetermined: the ruling is about the claim, which way round is not clear); exit status 1
    when one fails. --all runs every claim and every linked ruling.
    """
    from kb.checks.verify import resolve_ids, verify

    if not (ids or tag or everything):
        raise click.UsageError("give ruling ids, --tag T or --all")
    with _open(index_dir) as store:
        check_ids, rulings = resolve_ids(ids, store.get)
        if tag:
            rulings += select(store, option_filters(tag=tag, vocab=store.vocabulary))
        if everything:
            rulings += [r for r in select(store, []) if store.links(r)]
        runs = verify(rulings, check_ids, everything, store.links)
    failed = sum(1 for r in runs if r.passed is False)
    passed = sum(1 for r in runs if r.passed)
    undetermined = sum(1 for r in runs if r.passed is None and r.result is not None)
    claims = sum(1 for r in runs if r.ruling is None)
    linked = len({r.ruling.id for r in runs if r.ruling is not None and r.result is not None})
    if as_json:
        _echo_json({"passed": passed, "failed": failed, "undetermined": undetermined, "claims": claims, "rulings": linked,
                    "results": [r.to_dict() for r in runs]})  # fmt: skip
    else:
        _echo([*terminal.check_lines(runs), "",
               f"{passed} check run(s) passed, {failed} failed, {undetermined} undetermined "
               f"({claims} claim(s), {linked} linked ruling(s))"])
    if failed:
        raise click.exceptions.Exit(1)


@main.command()
@click.option("--tag", help="Only rulings with this tag.")
@click.option("--lang", help="Only rulings in this language (it, en).")
@click.option("--card", help="Only rulings of this card.")
@click.option("--since", help="Only rulings from this date.")
@click.option("--until", help="Only rulings up to this date.")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="yaml", show_default=True)
@click.option("--out", type=click.Path(), help="Write to this file (a folder with --all-tags).")
@click.option("--all-tags", is_flag=True, help="One file per tag, plus an index file, in --out DIR.")
@click.option("--pairs", is_flag=True, help="Italian rulings beside their English counterparts.")
@click.option("--unique", is_flag=True, help="One ruling per text (the same ruling is often on many cards).")
@click.option("--raw-csv", is_flag=True, help="Write CSV cells as they are, even those a spreadsheet runs as formulas.")
@index_option
def export(tag, lang, card, since, until, fmt, out, all_tags, pairs, unique, raw_csv, index_dir):
    """Export a ruling set in a stable order (card, date, id). JSON Lines re-ingests."""
    from kb.export.formats import render as render_export
    from kb.export.formats import render_rows, write_all_tags
    from kb.export.translations import pair_rows, pairs_of

    if all_tags and not out:
        raise click.UsageError("--all-tags writes one file per tag: give the folder with --out DIR")
    filters = option_filters(lang=lang, tag=tag, card=card, since=since, until=until)
    described = {k: v for k, v in dict(tag=tag, lang=lang, card=card, since=since, until=until).items() if v}
    with _open(index_dir) as store:
        if all_tags:
            by_tag = {t.id: select(store, [*filters, *option_filters(tag=t.id)], unique) for t in store.vocabulary}
            index = write_all_tags(by_tag, fmt, Path(out), store.vocabulary, safe=not raw_csv)
            click.echo(f"wrote {len(index)} tag files and an index to {out}", err=True)
            return
        if pairs:
            text = render_rows(pair_rows(pairs_of(store, select(store, filters))), fmt, "pairs", {"filters": described},
                               safe=not raw_csv)  # fmt: skip
        else:
            text = render_export(select(store, filters, unique), fmt, described, safe=not raw_csv)
    _write(text, out)
