"""The pieces every page is built of: addresses, snippets, badges, tag chips, rule links, a
ruling's meta line, the layout and the search form. Every value goes through ``esc`` (by way
of ``el``), so a query or a ruling holding ``<script>`` shows as text."""

from __future__ import annotations

from typing import Mapping
from urllib.parse import quote, urlencode

from kb.records import Ruling
from kb.search.snippet import Snippet
from kb.text.vocabulary import Vocabulary
from kb.web.html import Html, el, join, template
from kb.web.params import FILTER_NAMES

PAGE_SIZE = 20
LANG_NAMES = {"it": "Italiano", "en": "English"}
FORM_FIELDS = ("q", *FILTER_NAMES)


# --- addresses --------------------------------------------------------------------------------


def search_url(**params) -> str:
    return "/?" + urlencode({k: v for k, v in params.items() if v not in (None, "")})


def card_url(name: str) -> str:
    return "/cards/" + quote(name, safe="")


def ruling_url(ruling_id: str) -> str:
    return "/rulings/" + quote(ruling_id, safe="")


def export_url(fmt: str, **filters) -> str:
    return "/api/export?" + urlencode({**{k: v for k, v in filters.items() if v}, "format": fmt})


# --- pieces -----------------------------------------------------------------------------------


def snippet_html(snippet: Snippet) -> Html:
    """A snippet as escaped text with ``<mark>`` around its marked pieces (the API sends this)."""
    return join(el("mark", text) if marked else text for text, marked in snippet)


def badges(lang: str, mixed: bool) -> Html:
    other = "en" if lang == "it" else "it"
    return join(
        el("span", lang, class_=f"badge lang-{lang}", title=LANG_NAMES.get(lang, lang)),
        el("span", "mixed", class_="badge mixed", title=f"carries {other} terms too") if mixed else None,
    )


def chips(tags) -> Html:
    return el("span", [el("a", tag, href=search_url(q=f"tag:{tag}"), class_="chip") for tag in tags], class_="tags")


def rule_links(rules) -> Html:
    links = [el("a", rule, href=search_url(q=f"rule:{rule}"), class_="rule") for rule in rules]
    return el("span", links, class_="rules") if links else el("span", "-", class_="rules")


def meta(record: Ruling, with_card: bool = True) -> Html:
    card = el("a", record.label, href=card_url(record.display_name), class_="card-link")
    return el(
        "div",
        card if with_card else None,
        badges(record.lang, record.mixed),
        el("time", record.date.isoformat(), datetime=record.date.isoformat()),
        class_="meta",
    )


def ruling_link(ruling_id: str) -> Html:
    return el("a", "ruling " + ruling_id, href=ruling_url(ruling_id), class_="ruling-link")


# --- layout and form --------------------------------------------------------------------------


def layout(title: str, main: Html, form: Html | str = "") -> Html:
    return template("layout.html", title=title, main=main, form=Html(form))


def _select(name: str, label: str, options: list[tuple[str, str]], chosen: str) -> Html:
    items = [el("option", text, value=value, selected=value == chosen) for value, text in options]
    return el("label", label, el("select", items, name=name, id=f"f-{name}"))


def _text(name: str, label: str, value: str, placeholder: str) -> Html:
    return el("label", label, el("input", type="text", name=name, id=f"f-{name}", value=value, placeholder=placeholder))


def search_form(form: Mapping[str, str], vocab: Vocabulary, with_help: bool = False) -> Html:
    """The search box, its filters (open when one is set) and, on the search page, the help."""
    value = {name: form.get(name) or "" for name in FORM_FIELDS}
    langs = [("", "any"), ("it", "Italiano"), ("en", "English")]
    tags = [("", "any"), *((tag.id, tag.id) for tag in vocab)]
    filters = el(
        "details",
        el("summary", "Filters"),
        el(
            "div",
            _select("lang", "Language", langs, value["lang"]),
            _select("tag", "Tag", tags, value["tag"]),
            _text("card", "Card", value["card"], "Sudden Substitution"),
            _text("since", "Since", value["since"], "2019 or 2019-08"),
            _text("until", "Until", value["until"], "2021-03-19"),
            class_="filters",
        ),
        class_="filters-box",
        open=any(value[name] for name in FILTER_NAMES),
    )
    box = el(
        "div",
        el("input", type="search", name="q", id="q", value=value["q"], placeholder="split second, battibaleno, card:…",
           aria_label="Query", autocomplete="off", autocapitalize="off", spellcheck="false"),  # fmt: skip
        el("button", "Search", type="submit"),
        class_="box",
    )
    form_html = el("form", box, filters, id="search", action="/", method="get", role="search", data_page_size=PAGE_SIZE)
    return join(form_html, template("help.html") if with_help else None)


def form_from(query: Mapping[str, str]) -> dict:
    """The search form's values from a request's query string."""
    return {name: query.get(name, "") for name in FORM_FIELDS}
