"""The pages: the same library calls as the API, rendered on the server (kb.web.pages)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from kb.index.store import Store
from kb.search.run import card_rulings, search
from kb.text.vocabulary import vocabulary
from kb.web import components, pages
from kb.web import params as P
from kb.web.api import _filters, check_run, ruling_detail
from kb.web.live import shared
from kb.web.responses import html_response


def page_search(request: Request) -> Response:
    values = P.parse(P.PAGE_SEARCH, request.query_params)
    form = components.form_from(request.query_params)
    if not values["q"]:
        _filters(values)  # a bad filter is reported even before a query is typed
        return html_response(pages.search_page(form, vocabulary()))
    results = shared(request).call(search, values["q"], _filters(values), components.PAGE_SIZE, values["offset"],
                                   values["all_cards"])  # fmt: skip
    return html_response(pages.search_page(form, vocabulary(), results, values["offset"]))


def page_card(request: Request) -> Response:
    name = P.parse(P.CARD, {}, request.path_params)["name"]
    found, records, others = shared(request).call(card_rulings, name)
    return html_response(pages.card_page(found, records, others, vocabulary()))


def page_ruling(request: Request) -> Response:
    values = P.parse(P.PAGE_RULING, request.query_params, request.path_params)
    detail = shared(request).call(ruling_detail, values["id"])
    run = check_run(detail) if values["run"] == "checks" else None
    return html_response(pages.ruling_page(detail, vocabulary(), run))


def page_tags(request: Request) -> Response:
    rows = shared(request).call(Store.tag_rows)
    return html_response(pages.tags_page(rows, vocabulary()))
