"""Every answer of the API matches its OpenAPI description: real responses, for success and
error statuses, validated with jsonschema against the schemas the server publishes (which
forbid keys they do not describe)."""

from __future__ import annotations

import re
import warnings

import pytest
from jsonschema import Draft202012Validator

from kb.web import openapi
from kb.web.app import create_app

from .conftest import FIXTURES

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

LOCAL = "http://localhost"  # a Host the server answers (loopback names only)

DOCUMENT = openapi.describe()


@pytest.fixture(scope="module")
def client(bundled_index):
    with TestClient(create_app(bundled_index), base_url=LOCAL) as test_client:
        yield test_client


def operation(path: str) -> dict:
    for template, item in DOCUMENT["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", "[^/?]+", template) + "$"
        if re.match(pattern, path):
            return item["get"]
    raise AssertionError(f"{path} is not described")


def schema_for(path: str, status: int, media: str) -> dict:
    responses = operation(path)["responses"]
    assert str(status) in responses, f"{path}: status {status} is not described"
    content = responses[str(status)]["content"]
    assert media in content, f"{path} {status}: {media} is not described"
    return {**content[media]["schema"], "components": DOCUMENT["components"]}


def first_ruling(client) -> str:
    return client.get("/api/search?q=goad&limit=1").json()["results"][0]["id"]


URLS = [
    "/api/search?q=split+second",
    "/api/search?q=goad&lang=it&limit=3&offset=1",
    "/api/search?q=tag:madness",
    "/api/search?q=split+%22second",
    "/api/search?q=card:zzzzzz",
    "/api/search?q=x&limit=0",
    "/api/cards/Sostituzione%20Improvvisa",
    "/api/cards/sostituzone",
    "/api/cards/zzzz",
    "/api/rulings/{ruling}",
    "/api/rulings/{ruling}/check",
    "/api/rulings/zzzzzzzzzzzz",
    "/api/tags",
    "/api/export?tag=madness&format=xml",
]


@pytest.mark.parametrize("url", URLS)
def test_responses_match_the_description(client, url):
    url = url.replace("{ruling}", first_ruling(client))
    response = client.get(url)
    path = url.split("?")[0]
    media = response.headers["content-type"].split(";")[0]
    schema = schema_for(path, response.status_code, media)
    errors = sorted(Draft202012Validator(schema).iter_errors(response.json()), key=str)
    assert not errors, f"{url} ({response.status_code}): " + "; ".join(e.message for e in errors[:3])


def test_a_ruling_with_a_translation_and_a_card_with_printed_text(tmp_path):
    """The optional parts (a paired translation, a card's facts) match their schemas too."""
    from kb.index.build import ingest_into
    from kb.index.generations import Location

    from .conftest import DATA

    location = Location(tmp_path / "index")
    ingest_into(location, [DATA / "rulings_it", FIXTURES / "mtgjson" / "sudden_substitution.json"], [])
    with TestClient(create_app(location), base_url=LOCAL) as client:
        card = client.get("/api/cards/Sudden%20Substitution")
        assert card.status_code == 200 and card.json()["card"]["facts"]["text"]["en"]
        Draft202012Validator(schema_for("/api/cards/x", 200, "application/json")).validate(card.json())
        italian = [r for r in card.json()["results"] if r["lang"] == "it"]
        details = [client.get(f"/api/rulings/{r['id']}").json() for r in italian]
        assert any(d["translation"] for d in details)
        for detail in details:
            Draft202012Validator(schema_for("/api/rulings/x", 200, "application/json")).validate(detail)


def test_the_record_schema_is_the_dataclass():
    from dataclasses import fields

    from kb.records import Ruling

    record = DOCUMENT["components"]["schemas"]["Record"]
    assert list(record["properties"]) == [f.name for f in fields(Ruling)]
