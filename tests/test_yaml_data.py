"""The parsed-YAML copies: the same data as the parser gives, read back without parsing, never
used for another text, and no error when the cache is damaged, unwritable or turned off."""

from __future__ import annotations

import datetime

import pytest
import yaml

from kb.text import yaml_data

TEXT = "entries:\n  - en: stack\n    it: [pila]\n  - en: 'yes'\n    it: sì\nflag: yes\n"


def no_parser(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the YAML parser was called")

    monkeypatch.setattr(yaml, "load", refuse)


def test_a_copy_is_read_back_without_the_parser(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    first = yaml_data.load(TEXT)
    assert first == yaml.safe_load(TEXT) and first["flag"] is True
    assert len(list(tmp_path.glob("yaml-*.json"))) == 1
    no_parser(monkeypatch)
    assert yaml_data.load(TEXT) == first


def test_another_text_never_reads_the_copy(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    yaml_data.load(TEXT)
    assert yaml_data.load(TEXT.replace("pila", "catasta"))["entries"][0]["it"] == ["catasta"]
    assert len(list(tmp_path.glob("yaml-*.json"))) == 2


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"other": 1}', b"\xff\xfe", b'{"data": ['])
def test_a_damaged_copy_is_parsed_again_and_replaced(tmp_path, monkeypatch, damage):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    yaml_data.load(TEXT)
    (copy,) = tmp_path.glob("yaml-*.json")
    copy.write_bytes(damage)
    expected = yaml.safe_load(TEXT)
    assert yaml_data.load(TEXT) == expected
    no_parser(monkeypatch)
    assert yaml_data.load(TEXT) == expected  # the copy was written again


@pytest.mark.parametrize("text, value", [
    ("when: 2021-03-19\n", {"when": datetime.date(2021, 3, 19)}),  # JSON has no dates
    ("1: one\n", {1: "one"}),  # nor number keys
])
def test_data_json_cannot_hold_is_not_copied(tmp_path, monkeypatch, text, value):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    assert yaml_data.load(text) == value
    assert yaml_data.load(text) == value
    assert list(tmp_path.iterdir()) == []


def test_no_cache_and_an_unwritable_one(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", "")
    assert yaml_data.load(TEXT) == yaml.safe_load(TEXT)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("KB_CACHE_DIR", str(blocker / "cache"))
    assert yaml_data.load(TEXT) == yaml.safe_load(TEXT)


def test_not_yaml_says_the_line(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    with pytest.raises(yaml_data.NotYAML) as caught:
        yaml_data.load("a: 1\nb: [unclosed\nc: 2\n")
    assert caught.value.line >= 2 and "flow sequence" in caught.value.message
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("text, line", [
    ("flag: yes\nflag: no\n", 2),
    ("- id: a\n  rulings: [x]\n  tags: [t]\n  rulings: [y]\n", 4),  # a second list would replace the first
    ("outer:\n  inner: {a: 1, a: 2}\n", 2),
])  # fmt: skip
def test_a_key_given_twice_is_refused_with_its_line(tmp_path, monkeypatch, text, line):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    with pytest.raises(yaml_data.NotYAML, match="given twice") as caught:
        yaml_data.load(text)
    assert caught.value.line == line
    assert list(tmp_path.iterdir()) == []  # nothing kept of it


def test_the_same_key_in_different_mappings_is_no_repeat(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    assert yaml_data.load("- {id: a, n: 1}\n- {id: b, n: 2}\n") == [{"id": "a", "n": 1}, {"id": "b", "n": 2}]


def test_an_unhashable_key_is_refused_with_its_line_not_a_traceback(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path))
    with pytest.raises(yaml_data.NotYAML) as caught:
        yaml_data.load("a: 1\n? [x, y]\n: 2\n")
    assert caught.value.line == 2 and "unhashable" in caught.value.message
