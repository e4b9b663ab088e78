"""kb serve's pages, rendered on the server: search without JavaScript, card, ruling, tags, errors;
everything shown is escaped; every link on the pages leads somewhere."""

from __future__ import annotations

import json
import re
import warnings
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from kb.export.formats import FORMATS
from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.text.vocabulary import vocabulary
from kb.web.app import create_app
from kb.web.html import Html, el, esc, join

from .conftest import NAMES, SOURCES

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LOCAL = "http://localhost"  # a Host the server answers (loopback names only)

PAGE = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
WEB = Path(__file__).resolve().parent.parent / "kb" / "web"

# Rulings whose card names and texts try to inject markup (the page and browser tests search them).
HOSTILE_RULINGS = [
    {"card": "<script>alert('card')</script>", "date": "2021-03-19", "lang": "en",
     "text": "Alert: a ruling with <script>alert(1)</script> and <img src=x onerror=\"alert(2)\"> & \"quotes\" 'too'."},
    {"card": "Vampira \"><img src=x onerror=alert(3)>", "date": "2020-01-02", "lang": "it",
     "text": "Allerta alert </textarea></p><b>grassetto</b> <a href=\"javascript:alert(4)\">link</a>"},
]  # fmt: skip
INJECTED = re.compile(r"<(script|img|b|textarea|a href=\"javascript)[\s>]", re.IGNORECASE)


def build_hostile_index(folder: Path) -> Location:
    """An index of the bundled data plus HOSTILE_RULINGS."""
    source = folder / "hostile.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in HOSTILE_RULINGS), encoding="utf-8")
    location = Location(folder / "index")
    ingest_into(location, [*SOURCES, source], NAMES)
    return location


@pytest.fixture(scope="module")
def client(bundled_index):
    with TestClient(create_app(bundled_index), base_url=LOCAL) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    with TestClient(create_app(build_hostile_index(tmp_path_factory.mktemp("hostile"))), base_url=LOCAL) as test_client:
        yield test_client


def page(client, url: str, status: int = 200) -> str:
    response = client.get(url, headers=PAGE)
    assert response.status_code == status, response.text[:500]
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert "default-src 'self'" in response.headers["content-security-policy"]
    return response.text


def section(html: str, start: str, end: str = "</section>") -> str:
    return html[html.index(start) : html.index(end, html.index(start))]


# --- search ---------------------------------------------------------------------------------------


def test_search_page_renders_results_without_javascript(client):
    html = page(client, "/?q=split+second")
    results = section(html, '<section id="results"')
    assert 'class="badge lang-it"' in results and 'class="badge lang-en"' in results
    assert "<mark>frazione</mark> di <mark>secondo</mark>" in results  # Italian, found by the English name
    assert "<mark>split</mark> <mark>second</mark> won&#x27;t affect" in results
    assert 'class="badge mixed"' in results
    assert '<a href="/?q=tag%3Asplit_second" class="chip">split_second</a>' in results
    assert re.search(r"12 text\(s\) match &#x27;split second&#x27;", results)
    assert 'value="split second"' in html  # the box keeps the query


def test_search_page_filters_and_pages(client):
    html = page(client, "/?q=split+second&lang=en&tag=split_second")
    results = section(html, '<section id="results"')
    metas = re.findall(r'<div class="meta">.*?</div>', results)
    assert metas and not any('class="badge lang-it"' in meta for meta in metas)  # translations aside
    assert '<option value="en" selected>' in html and '<option value="split_second" selected>' in html
    assert "<details class=\"filters-box\" open>" in html
    for fmt in FORMATS:  # export links for the filters in use
        assert f'href="/api/export?lang=en&amp;tag=split_second&amp;format={fmt}"' in results
    first = page(client, "/?q=card:sostituzione")
    assert 'rel="next"' in first and "showing 1–20" in first
    second = page(client, "/?q=card:sostituzione&offset=20")
    assert 'rel="prev"' in second and "showing 21–26" in second


def test_front_page_has_the_form_and_the_query_help(client):
    html = page(client, "/")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert '<input type="search" name="q" id="q" value=""' in html
    for example in ("split second", '"frazione di secondo"', "card:", "tag:", "lang:", "rule:",
                    "date:2019..2021", "-lang:en", "goad OR madness"):  # fmt: skip
        assert example in html, example
    assert "<li class=\"result\">" not in html
    assert "Type a query" in page(client, "/?tag=goad")


def test_query_help_examples_all_find_rulings(client):
    help_html = (WEB / "templates" / "help.html").read_text(encoding="utf-8")
    for href in re.findall(r'href="(/\?q=[^"]+)"', help_html):
        assert "<li class=\"result\">" in page(client, href), href


def test_query_is_escaped(client):
    html = page(client, "/?q=%3Cscript%3Ealert(1)%3C/script%3E+%22%3E%3Cimg+src%3Dx%3E%22")
    assert "<script>alert(1)" not in html and "<img src=x>" not in html
    assert 'value="&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x&gt;&quot;"' in html
    assert "0 text(s) match &#x27;&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_bad_query_shows_where_on_the_page(client):
    html = page(client, "/?q=split+%22second", 400)
    assert "unbalanced quote: this quote is never closed" in html
    assert '<pre class="pointer">  split &quot;second\n        ^</pre>' in html
    assert 'value="split &quot;second"' in html  # the form keeps the query to fix it
    assert "lang: unknown language" in page(client, "/?q=x&lang=xx", 400)


# --- hostile rulings ------------------------------------------------------------------------------


def test_hostile_rulings_show_as_text(hostile):
    html = page(hostile, "/?q=alert")
    results = section(html, '<section id="results"')
    assert "2 text(s) match" in results
    assert not INJECTED.search(results), INJECTED.search(results)
    assert "&lt;script&gt;alert(&#x27;card&#x27;)&lt;/script&gt;" in results
    assert "&lt;img src=x onerror=&quot;<mark>alert</mark>(2)&quot;&gt;" in results


def test_hostile_card_and_ruling_pages(hostile):
    data = hostile.get("/api/search?q=alert").json()["results"]
    for record in data:
        card = page(hostile, "/cards/" + _quote(record["card"]))
        ruling = page(hostile, "/rulings/" + record["id"])
        for html in (card, ruling):
            main = section(html, "<main>", "</main>")
            assert not INJECTED.search(main), INJECTED.search(main)
        assert "no check" in ruling.lower() or "No check" in ruling


def _quote(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


# --- card, ruling, tags ---------------------------------------------------------------------------


def test_card_page_has_both_languages_side_by_side(client):
    html = page(client, "/cards/sostituzone")
    assert "<h1>Sostituzione Improvvisa / Sudden Substitution</h1>" in html
    italian = section(html, '<section class="column col-it" lang="it">')
    english = section(html, '<section class="column col-en" lang="en">')
    assert html.index("col-it") < html.index("col-en")  # Italian on the left
    assert "<h2>Italiano (13)</h2>" in italian and "<h2>English (13)</h2>" in english
    assert "frazione di secondo" in italian and "split second" in english
    assert 'class="badge lang-en"' not in italian and 'class="badge lang-it"' not in english


def test_card_page_without_an_english_name(client):
    html = page(client, "/cards/Vampira%20Mutata")
    assert "<h1>Vampira Mutata</h1>" in html
    assert "No rulings in this language." not in section(html, 'class="column col-it"')


def test_ruling_page_shows_checks_and_runs_them_without_javascript(client):
    record = client.get("/api/search?q=split+second&lang=en&limit=1").json()["results"][0]
    html = page(client, f"/rulings/{record['id']}")
    detail = client.get(f"/api/rulings/{record['id']}").json()
    for check in detail["check_details"]:
        assert esc(check["title"]) in html and esc(check["claim"]) in html
        assert f"This ruling {check['polarity']} it (score {check['score']:.2f}" in html
        assert f'<span class="cr-numbers">{", ".join(check["rules"])}</span>' in html
    for rule in record["rules"]:
        assert f'href="/?q=rule%3A{rule}" class="rule">{rule}</a>' in html
    assert f'<form id="run-checks" action="/rulings/{record["id"]}" method="get" data-ruling="{record["id"]}">' in html
    assert 'id="check-results" aria-live="polite"></div>' in html
    ran = page(client, f"/rulings/{record['id']}?run=checks")
    assert '<p class="outcome passed">All checks passed.</p>' in ran
    assert ran.count('<span class="status">passed</span>') == len(detail["check_details"]) > 0
    page(client, f"/rulings/{record['id']}?run=everything", 400)


def test_ruling_page_shows_its_translation(client):
    record = client.get("/api/search?q=battibaleno&lang=it&limit=1").json()["results"][0]
    translation = client.get(f"/api/rulings/{record['id']}").json()["translation"]
    html = page(client, f"/rulings/{record['id']}")
    assert f'class="ruling-text translation" lang="en">{esc(translation["text"])}</blockquote>' in html
    assert f'href="/rulings/{translation["id"]}"' in html


def test_tags_page_has_export_links_per_tag(client):
    html = page(client, "/tags")
    rows = {row["id"]: sum(row["counts"].values()) for row in client.get("/api/tags").json()}
    assert len(rows) == len(vocabulary().tags) and sum(1 for n in rows.values() if n) >= 12
    for tag, count in rows.items():
        link = f'<a href="/?q=tag%3A{tag}" class="chip">{tag}</a>'
        assert (link in html) == bool(count), tag  # a tag no ruling has is listed, not linked
        for fmt in FORMATS:
            assert (f'<a href="/api/export?tag={tag}&amp;format={fmt}" download>{fmt}</a>' in html) == bool(count)


# --- errors ---------------------------------------------------------------------------------------


def test_unknown_card_page_suggests_names(client):
    html = page(client, "/cards/Fast%20Rewind", 404)
    assert "<h1>Not found (404)</h1>" in html
    assert 'Did you mean: <a href="/cards/Fast%20Forward">Fast Forward</a>?' in html
    assert html.lower().count("did you mean") == 1


def test_unknown_pages_and_rulings(client):
    assert "Not found (404)" in page(client, "/nope", 404)
    assert "no ruling with id" in page(client, "/rulings/zzzzzzzz", 404)
    assert client.get("/nope").headers["content-type"] == "application/json"  # not a browser
    assert client.get("/api/nope", headers=PAGE).headers["content-type"] == "application/json"  # the API


# --- static files and the safe-HTML kit -----------------------------------------------------------


def test_static_files(client):
    js = client.get("/static/kb.js")
    assert js.status_code == 200 and "javascript" in js.headers["content-type"]
    assert client.get("/static/kb.css").headers["content-type"].startswith("text/css")
    assert client.get("/static/favicon.svg").status_code == 200


def test_javascript_never_parses_data_as_html():
    js = (WEB / "static" / "kb.js").read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in js, sink


def test_no_inline_scripts_or_styles(client):
    """The Content-Security-Policy allows no inline code, so the pages carry none."""
    for url in ("/", "/?q=goad", "/cards/fast%20forward", "/tags"):
        html = page(client, url)
        assert "<script>" not in html and "<style" not in html and " style=" not in html
        assert not re.search(r"\son[a-z]+=", html)


def test_html_kit_escapes_data():
    assert el("a", "<b>", href='/?q="x"&y', class_="chip") == '<a href="/?q=&quot;x&quot;&amp;y" class="chip">&lt;b&gt;</a>'
    assert el("input", name="q", value="'", disabled=True, hidden=False) == '<input name="q" value="&#x27;" disabled>'
    assert join("<", el("b", "x"), None, ["&", Html("<i>")]) == "&lt;<b>x</b>&amp;<i>"
    assert el("div", data_ruling="a b", aria_live="polite") == '<div data-ruling="a b" aria-live="polite"></div>'


# --- every link on the pages leads somewhere ------------------------------------------------------


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src", "action"):
            if attrs.get(name, "").startswith("/"):
                self.links.append(attrs[name])


def test_every_link_on_the_pages_works(client):
    record = client.get("/api/search?q=goad&limit=1").json()["results"][0]
    seen: set[str] = set()
    for url in ("/", "/?q=split+second", "/cards/sostituzone", f"/rulings/{record['id']}", "/tags", "/?q=card:fast"):
        parser = _Links()
        parser.feed(page(client, url))
        for link in parser.links:
            if link in seen:
                continue
            seen.add(link)
            response = client.get(link, headers=PAGE)
            assert response.status_code == 200, (url, link, response.text[:200])
            assert urlsplit(link).path != "/" or "<li class=\"result\">" in response.text or "q=" not in link, link
    assert len(seen) > 50


@pytest.mark.parametrize("status", [400, 404, 500, 503])
def test_every_error_page_escapes_what_it_prints(status):
    """Whatever an error says (a query, a name, a path) shows as text on the page, whatever the status."""
    import asyncio

    from starlette.requests import Request

    from kb.errors import KbError
    from kb.web.errors import handle_exception

    class Hostile(KbError):
        http_status = status

    scope = {"type": "http", "method": "GET", "path": "/cards/x", "query_string": b"q=%3Cb%3E",
             "headers": [(b"accept", b"text/html")]}  # fmt: skip
    response = asyncio.run(handle_exception(Request(scope), Hostile('<script>alert("x")</script>')))
    body = response.body.decode()
    assert response.status_code == status
    assert "<script>alert" not in body and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in body
    assert "<b>" not in body


def test_card_page_shows_the_printed_text_in_both_languages(tmp_path):
    from .conftest import DATA, FIXTURES

    location = Location(tmp_path / "index")
    ingest_into(location, [DATA / "rulings_it", FIXTURES / "mtgjson" / "sudden_substitution.json"], [])
    with TestClient(create_app(location), base_url=LOCAL) as client:
        html = page(client, "/cards/Sudden%20Substitution")
    assert '<p class="mana-cost">{2}{U}{U}</p>' in html
    assert '<div class="card-text col-en" lang="en"><p class="type-line">Instant</p>' in html
    assert '<div class="card-text col-it" lang="it"><p class="type-line">Istantaneo</p>' in html
    assert "<p>Scambia il controllo di una magia non creatura bersaglio" in html
