"""The server-rendered pages: search, card (Italian and English side by side, with the card's
text), ruling, tags, errors.

Each page is a function from library values to ``Html`` (built from kb.web.components, where
every value is escaped). ``static/kb.js`` renders nothing: it asks for the same page and swaps in
the part that changed (``#results``, ``#check-results``), so this module is the one home of the markup.
"""

from __future__ import annotations

from typing import Mapping

from kb.errors import QueryError
from kb.export.formats import FORMATS
from kb.export.terminal import reads
from kb.index.catalog import Card
from kb.records import Ruling
from kb.search.run import Hit, Results
from kb.text.vocabulary import Vocabulary
from kb.web.components import (
    FILTER_NAMES,
    LANG_NAMES,
    PAGE_SIZE,
    badges,
    card_url,
    chips,
    export_url,
    layout,
    meta,
    rule_links,
    ruling_link,
    ruling_url,
    search_form,
    search_url,
    snippet_html,
)
from kb.web.html import Html, el, join

ERROR_TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed"}


# --- search -----------------------------------------------------------------------------------


def result_item(hit: Hit) -> Html:
    record, translation = hit.record, hit.translation
    also = None
    if hit.also:
        shown = [el("a", name, href=card_url(name)) for name in hit.also_cards[:5]]
        more = hit.also - len(shown)
        also = el("p", "Also on ", _commas(shown), f" and {more} more card(s)" if more > 0 else "", class_="also")
    return el(
        "li",
        meta(record),
        el("p", snippet_html(hit.snippet), class_="snippet", lang=record.lang),
        el("p", badges(translation.lang, translation.mixed), " ", translation.text, class_="translation",
           lang=translation.lang) if translation else None,  # fmt: skip
        also,
        el("div", chips(record.tags), ruling_link(record.id), class_="foot"),
        class_="result",
    )


def _pager(form: Mapping[str, str], offset: int, shown: int, total: int) -> Html:
    links = []
    if offset > 0:
        links.append(el("a", "← previous", href=search_url(**form, offset=max(0, offset - PAGE_SIZE) or None), rel="prev"))
    if offset + shown < total:
        links.append(el("a", "next →", href=search_url(**form, offset=offset + PAGE_SIZE), rel="next"))
    return el("nav", links, class_="pager") if links else Html("")


def _exports(filters: Mapping[str, str]) -> Html:
    chosen = {k: filters.get(k) for k in FILTER_NAMES if filters.get(k)}
    if not chosen:
        return Html("")
    links = [el("a", fmt, href=export_url(fmt, **chosen), download=True) for fmt in FORMATS]
    return el("p", "Export every ruling with these filters: ", links, class_="exports")


def results_section(form: Mapping[str, str], results: Results, offset: int) -> Html:
    """The results of a search (the JavaScript swaps this section in from the page it asks for)."""
    shown = len(results.hits)
    what = "text(s)" if results.collapsed else "ruling(s)"
    summary = f"{results.total} {what} match {results.query!r}"
    if results.total and shown < results.total:
        summary += f"; showing {offset + 1}–{offset + shown}"
    return el(
        "section",
        el("p", summary, class_="summary"),
        el("ol", [result_item(hit) for hit in results.hits], class_="results", start=offset + 1),
        _pager(form, offset, shown, results.total),
        _exports(form),
        id="results",
        aria_live="polite",
    )


def search_page(form: Mapping[str, str], vocab: Vocabulary, results: Results | None = None, offset: int = 0) -> Html:
    if results is not None:
        main = results_section(form, results, offset)
    else:
        hint = "Type a query to search with these filters." if any(form.get(k) for k in FILTER_NAMES) else None
        main = el("section", el("p", hint, class_="summary") if hint else None, id="results", aria_live="polite")
    title = f"{form['q']} – search" if form.get("q") else "Search"
    return layout(title, main, search_form(form, vocab, with_help=True))


# --- card -------------------------------------------------------------------------------------


def _card_column(lang: str, records: list[Ruling]) -> Html:
    items = [
        el("li", meta(r, with_card=False), el("p", r.text, lang=r.lang), el("div", chips(r.tags), ruling_link(r.id), class_="foot"),
           class_="ruling")  # fmt: skip
        for r in records
    ]
    return el(
        "section",
        el("h2", f"{LANG_NAMES[lang]} ({len(records)})"),
        el("ol", items, class_="rulings") if items else el("p", "No rulings in this language.", class_="empty"),
        class_=f"column col-{lang}",
        lang=lang,
    )


def card_text(card: Card) -> Html | None:
    """The card as printed, English and Italian side by side: mana cost, type line, text."""
    facts = card.facts
    columns = []
    for lang in LANG_NAMES:
        type_line, text = facts.get("type", {}).get(lang), facts.get("text", {}).get(lang)
        if not (type_line or text):
            continue
        lines = (text or "").splitlines()
        columns.append(el("div", el("p", type_line, class_="type-line") if type_line else None,
                          [el("p", line) for line in lines], class_=f"card-text col-{lang}", lang=lang))  # fmt: skip
    if not columns:
        return None
    cost = el("p", facts["mana_cost"], class_="mana-cost") if facts.get("mana_cost") else None
    return el("section", cost, el("div", columns, class_="columns"), class_="card-facts", aria_label="Card text")


def card_page(card: Card, records: list[Ruling], others: list[Card], vocab: Vocabulary) -> Html:
    """A card's rulings in two columns: Italian on the left, English on the right."""
    names = [card.names.get("it"), card.names.get("en")]
    title = " / ".join(n for n in names if n) or card.display
    by_lang = {lang: [r for r in records if r.lang == lang] for lang in LANG_NAMES}
    also = [el("a", other.display, href=card_url(other.display)) for other in others[:5]]
    main = join(
        el("h1", title),
        card_text(card),
        el("p", "Also matching: ", also, class_="also") if also else None,
        el("div", [_card_column(lang, rs) for lang, rs in by_lang.items()], class_="columns"),
    )
    return layout(title, main, search_form({}, vocab))


# --- ruling -----------------------------------------------------------------------------------


def _check_info(info: dict) -> Html:
    if info.get("error"):
        return el("li", el("code", info["id"]), " – ", info["error"], class_="check missing")
    return el(
        "li",
        el("strong", info["title"]),
        " ",
        el("code", info["id"]),
        el("div", "CR ", el("span", ", ".join(info["rules"]), class_="cr-numbers"), class_="cr"),
        el("p", info["claim"], class_="claim"),
        el("p", f"This ruling {reads(info.get('polarity', 'asserts'))} (score {info.get('score', 0):.2f}; matched: ",
           el("q", info.get("evidence", "")), ")", class_="link-evidence"),
        class_="check",
    )


def _status(passed: bool | None) -> str:
    return "undetermined" if passed is None else "passed" if passed else "failed"


def check_results(run: dict) -> Html:
    """The outcome of running a ruling's checks (the JavaScript swaps it in from the page)."""
    if not run["results"]:
        return el("p", "This ruling has no check to run.", class_="outcome")
    items = [
        el("li", el("span", _status(r["passed"]), class_="status"), " ", r["title"], " – ", r["message"],
           class_=_status(r["passed"]))  # fmt: skip
        for r in run["results"]
    ]
    failed = sum(r["passed"] is False for r in run["results"])
    outcome = ("No check decided: this ruling is about its claims, which way round is undetermined." if run["passed"] is None
               else "All checks passed." if run["passed"] else f"{failed} check(s) failed.")
    return join(el("p", outcome, class_="outcome " + _status(run["passed"])), el("ul", items, class_="runs"))


def ruling_page(detail: dict, vocab: Vocabulary, run: dict | None = None) -> Html:
    """One ruling: text, card, date, language, tags, CR numbers, and its checks with a button
    that runs them (a form that works without JavaScript, sped up by it)."""
    record = Ruling.from_dict(detail)
    checks = detail["check_details"]
    if checks:
        button = el(
            "form",
            el("input", type="hidden", name="run", value="checks"),
            el("button", "Run checks", type="submit"),
            id="run-checks",
            action=ruling_url(record.id),
            method="get",
            data_ruling=record.id,
        )
        checks_part = join(el("ul", [_check_info(c) for c in checks], class_="checks"), button)
    else:
        checks_part = el("p", record.no_check or "No check encodes this ruling's claim yet.", class_="no-check")
    rows = [
        ("Card", el("a", record.label, href=card_url(record.display_name), class_="card-link")),
        ("Date", el("time", record.date.isoformat())),
        ("Language", badges(record.lang, record.mixed)),
        ("Tags", chips(record.tags) if record.tags else "-"),
        ("Rules", rule_links(record.rules)),
        ("Source", el("code", record.source)),
        ("Id", el("code", record.id)),
    ]
    translation = Ruling.from_dict(detail["translation"]) if detail.get("translation") else None
    if translation:
        rows.insert(3, ("Translation", join(badges(translation.lang, translation.mixed), " ", ruling_link(translation.id))))
    main = join(
        el("h1", record.label),
        el("blockquote", record.text, class_="ruling-text", lang=record.lang),
        el("blockquote", translation.text, class_="ruling-text translation", lang=translation.lang) if translation else None,
        el("dl", [(el("dt", k), el("dd", v)) for k, v in rows], class_="facts"),
        el("h2", "Checks"),
        checks_part,
        el("div", check_results(run) if run else None, id="check-results", aria_live="polite"),
    )
    return layout(f"{record.card} {record.date.isoformat()}", main, search_form({}, vocab))


# --- tags -------------------------------------------------------------------------------------


def tags_page(rows: list[dict], vocab: Vocabulary) -> Html:
    """The tag vocabulary with rulings per language and export links per tag."""
    body = []
    for row in rows:
        exports = [el("a", fmt, href=export_url(fmt, tag=row["id"]), download=True) for fmt in FORMATS
                   if sum(row["counts"].values())]  # fmt: skip
        body.append(
            el(
                "tr",
                el("td", el("a", row["id"], href=search_url(q=f"tag:{row['id']}"), class_="chip")
                   if sum(row["counts"].values()) else el("span", row["id"], class_="chip empty")),  # fmt: skip
                el("td", row["label"].get("it", ""), lang="it"),
                el("td", row["label"].get("en", ""), lang="en"),
                el("td", rule_links(row["rules"]) if sum(row["counts"].values()) else ", ".join(row["rules"])),
                el("td", str(row["counts"]["it"]), class_="num"),
                el("td", str(row["counts"]["en"]), class_="num"),
                el("td", exports, class_="exports"),
            )
        )
    head = el("tr", [el("th", h) for h in ("tag", "italiano", "English", "CR", "it", "en", "export")])
    main = join(el("h1", "Tags"), el("div", el("table", el("thead", head), el("tbody", body), class_="tags-table"), class_="scroll"))
    return layout("Tags", main, search_form({}, vocab))


# --- errors -----------------------------------------------------------------------------------


def _commas(items: list[Html]) -> Html:
    return join([(", " if i else "", item) for i, item in enumerate(items)])


def error_page(status: int, body: dict, form: Mapping[str, str], vocab: Vocabulary) -> Html:
    """An error as a page: the message, where a query went wrong, suggestions as links."""
    parts = [el("p", body["error"], class_="error-message")]
    if "position" in body and form.get("q"):
        pointer = QueryError(form["q"], body["position"], body["error"]).pointer(width=80)
        parts.append(el("pre", pointer, class_="pointer"))
    if body.get("suggestions"):
        links = [el("a", name, href=card_url(name)) for name in body["suggestions"]]
        parts.append(el("p", "Did you mean: ", _commas(links), "?", class_="suggestions"))
    heading = f"{ERROR_TITLES.get(status, 'Error')} ({status})"
    main = el("section", el("h1", heading), parts, id="results", class_="error", role="alert")
    return layout(f"Error {status}", main, search_form(form, vocab, with_help=True))
