"""Shared fixtures: the bundled data, a store built from it in a temporary index, a CLI runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.index.build import ingest_into
from kb.index.generations import Location
from kb.index.store import Store

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SOURCES = [DATA / "rulings_it", DATA / "rulings_en"]
NAMES = [DATA / "card_names.tsv"]


CORPUS = Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")  # the shared real data


def corpus_dir() -> Path | None:
    """The shared real-data corpus, if this machine has it (KB_CORPUS or ../shared/corpus)."""
    return CORPUS if (CORPUS / "rulings_en.jsonl").exists() else None


@pytest.fixture(scope="session", autouse=True)
def yaml_copies(tmp_path_factory):
    """The parsed-YAML copies (kb.text.yaml_data) of this run go in a folder of its own, never
    in the user's cache; the processes the tests start inherit it."""
    os.environ["KB_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="session")
def bundled_index(tmp_path_factory) -> Location:
    location = Location(tmp_path_factory.mktemp("index"))
    ingest_into(location, SOURCES, NAMES)
    return location


@pytest.fixture
def store(bundled_index):
    with Store(bundled_index.require()) as opened:
        yield opened


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def write(tmp_path):
    """Write a file under tmp_path (text or bytes) and return its path."""

    def _write(name: str, content, encoding: str = "utf-8") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode(encoding))
        return path

    return _write


@pytest.fixture(scope="session")
def corpus_index(tmp_path_factory) -> Location:
    """The bundled data, the 42,708 real English rulings, the three real MTGJSON set files and
    both names tables, in one index built once per test session (skips without the corpus)."""
    root = corpus_dir()
    if root is None:
        pytest.skip("no corpus at ../shared/corpus (set KB_CORPUS to the corpus folder)")
    location = Location(tmp_path_factory.mktemp("corpus") / "index")
    sets = [root / "mtgjson" / f"{code}.json.gz" for code in ("C19", "C20", "SOI")]
    ingest_into(location, [*SOURCES, *sets, root / "rulings_en.jsonl"], [*NAMES, root / "names_it.tsv"])
    return location


@pytest.fixture(scope="session")
def corpus_store(corpus_index):
    with Store(corpus_index.require()) as opened:
        yield opened


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (--dist loadgroup), the tests on the corpus index run in one process,
    so the 42.7k-ruling index is built once rather than once per process."""
    for item in items:
        if "corpus_index" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("corpus"))
