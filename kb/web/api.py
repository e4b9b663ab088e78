"""The JSON API: each endpoint a few library calls, its answer the CLI's JSON contract."""

from __future__ import annotations

import threading

from starlette.requests import Request
from starlette.responses import Response

from kb import checks
from kb.checks.verify import RulingCheck
from kb.errors import UnknownCheck
from kb.export.formats import FORMATS
from kb.export.formats import render as render_export
from kb.index.store import Store
from kb.records import Link, Ruling
from kb.search.run import Results, card_rulings, option_filters, search, select
from kb.web import components, openapi
from kb.web import params as P
from kb.web.live import shared
from kb.web.responses import HEADERS, export_filename, json_response


def public(store: Store, item: dict) -> dict:
    """A record as the server shows it: its source relative to what was ingested (and its
    translation's, when it carries one)."""
    item["source"] = store.relative_source(item["source"])
    if isinstance(item.get("translation"), dict):
        public(store, item["translation"])
    return item


def search_payload(store: Store, results: Results) -> dict:
    """``Results.to_dict()`` plus each result's snippet as escaped HTML with ``<mark>``."""
    data = results.to_dict()
    for item, hit in zip(data["results"], results.hits):
        public(store, item)["snippet"] = str(components.snippet_html(hit.snippet))
    return data


def card_payload(store: Store, name: str, found, records: list[Ruling], others) -> dict:
    return {
        "query": name,
        "card": found.to_dict(),
        "total": len(records),
        "results": [public(store, r.to_dict()) for r in records],
        "others": [card.display for card in others],
    }


def check_info(link: Link) -> dict:
    """A linked claim as the API shows it, with the link's polarity, score and evidence (an id
    the registry lacks says so, never a 500)."""
    try:
        found = checks.get(link.claim)
    except UnknownCheck as err:
        return {"id": link.claim, **link.to_dict(), "error": str(err)}
    return {"id": found.id, "title": found.title, "rules": list(found.rules), "claim": found.claim,
            "polarity": link.polarity, "score": link.score, "evidence": link.evidence}


def ruling_detail(store: Store, ruling_id: str) -> dict:
    """A ruling (by id or unique prefix) with its checks expanded; its rule numbers are in
    ``rules`` and the reason it has no check in ``no_check``."""
    record = store.get(ruling_id)
    return public(store, {
        **record.to_dict(),
        "check_details": [check_info(link) for link in store.links(record)],
        "translation": (lambda t: t.to_dict() if t else None)(store.translation(record)),
    })  # fmt: skip


_CHECKS_LOCK = threading.Lock()  # checks build rules-model scenarios; run them one at a time


def _run_check(info: dict) -> dict:
    """Run a linked claim: ``passed`` is whether the model agrees with what the ruling says."""
    link = Link.from_dict({**info, "claim": info["id"]})
    try:
        result = checks.run(link.claim)
    except UnknownCheck as err:
        return {"id": link.claim, "polarity": link.polarity, "passed": False, "message": str(err), "rules": [],
                "title": link.claim}  # fmt: skip
    item = RulingCheck(None, result, link=link)
    return {**result.to_dict(), "polarity": link.polarity, "passed": item.passed, "message": item.message}


def check_run(detail: dict) -> dict:
    """Run a ruling's linked claims: ``passed`` is whether the model agrees with the ruling on
    all of them (null when it links to none, or only undetermined)."""
    with _CHECKS_LOCK:
        results = [_run_check(info) for info in detail["check_details"]]
    decided = [r["passed"] for r in results if r["passed"] is not None]  # an undetermined link has no verdict
    run = {"id": detail["id"], "passed": all(decided) if decided else None, "results": results}
    if detail.get("no_check"):
        run["no_check"] = detail["no_check"]
    return run


def _filters(values: dict) -> list:
    return option_filters(**{name: values[name] for name in P.FILTER_NAMES})


def api_search(request: Request) -> Response:
    values = P.parse(P.SEARCH, request.query_params)
    filters = _filters(values)
    data = shared(request).call(lambda store: search_payload(store, search(
        store, values["q"], filters, values["limit"], values["offset"], values["all_cards"])))  # fmt: skip
    return json_response(data)


def api_card(request: Request) -> Response:
    name = P.parse(P.CARD, {}, request.path_params)["name"]
    return json_response(shared(request).call(lambda store: card_payload(store, name, *card_rulings(store, name))))


def api_ruling(request: Request) -> Response:
    ruling_id = P.parse(P.RULING, {}, request.path_params)["id"]
    return json_response(shared(request).call(ruling_detail, ruling_id))


def api_ruling_check(request: Request) -> Response:
    ruling_id = P.parse(P.RULING, {}, request.path_params)["id"]
    return json_response(check_run(shared(request).call(ruling_detail, ruling_id)))


def api_tags(request: Request) -> Response:
    return json_response(shared(request).call(Store.tag_rows))


def api_export(request: Request) -> Response:
    values = P.parse(P.EXPORT, request.query_params)
    filters = _filters(values)
    described = {name: values[name] for name in P.EXPORT_FILTERS if values[name]}  # as `kb export`
    fmt = values["format"]
    headers = {**HEADERS, "Content-Disposition": f'attachment; filename="{export_filename(described, fmt)}"'}
    if request.method == "HEAD":  # the headers, without computing the file
        return Response(b"", media_type=FORMATS[fmt].media_type, headers=headers)
    records = shared(request).call(select, filters, values["unique"])
    return Response(render_export(records, fmt, described, values["safe"]), media_type=FORMATS[fmt].media_type,
                    headers=headers)  # fmt: skip


def api_openapi(request: Request) -> Response:
    return json_response(openapi.describe())
