"""Ingest: the dated format, JSON Lines, bad input, duplicates, and counts that add up."""

from __future__ import annotations

import json
from datetime import date

import pytest

from kb.errors import IngestError
from kb.ingest.collect import ingest
from kb.records import ruling_id
from kb.text.rules import rule_numbers

GOOD = "19/03/2021\n\nA good ruling about split second.\n"


def run(paths):
    records, report = ingest(paths)
    assert report.adds_up, report.summary()
    return records, report


# --- the format, and its tolerated variations ----------------------------------------------------


@pytest.mark.parametrize(
    "name, content, expected",
    [
        ("plain", "Fast Forward\n\n27/01/2026\n\nOne ruling.\n", [("Fast Forward", date(2026, 1, 27), "One ruling.")]),
        ("short date", "Card\n\n9/3/2021\n\nText.\n", [("Card", date(2021, 3, 9), "Text.")]),
        ("iso date", "Card\n\n2021-03-09\n\nText.\n", [("Card", date(2021, 3, 9), "Text.")]),
        ("crlf", "Card\r\n\r\n19/03/2021\r\n\r\nText.\r\n", [("Card", date(2021, 3, 19), "Text.")]),
        ("cr", "Card\r\r19/03/2021\r\rText.\r", [("Card", date(2021, 3, 19), "Text.")]),
        ("bom", "\ufeffCard\n\n19/03/2021\n\nText.\n", [("Card", date(2021, 3, 19), "Text.")]),
        ("trailing spaces", "Card  \n\n19/03/2021   \n\nText.   \n", [("Card", date(2021, 3, 19), "Text.")]),
        ("leading blank lines", "\n\n  \nCard\n19/03/2021\nText.", [("Card", date(2021, 3, 19), "Text.")]),
        (
            "wrapped paragraph",
            "Card\n\n19/03/2021\n\nFirst line of a ruling\nthat wraps onto a second line.\n",
            [("Card", date(2021, 3, 19), "First line of a ruling that wraps onto a second line.")],
        ),
        (
            "no blank line after date, several blank lines between",
            "Card\n19/03/2021\nOne.\n\n\n\n20/03/2021\n\n\nTwo.",
            [("Card", date(2021, 3, 19), "One."), ("Card", date(2021, 3, 20), "Two.")],
        ),
    ],
)
def test_dated_format(write, name, content, expected):
    records, report = run([write("card.txt", content)])
    assert [(r.card, r.date, r.text) for r in records] == expected
    assert not report.errors


def test_cp1252_file_is_decoded_with_a_warning(write):
    content = "Vampira Mutata\n\n08/12/2022\n\nUna carta con follia è scartata.\n"
    path = write("legacy.txt", content, encoding="cp1252")
    records, report = run([path])
    assert records[0].text == "Una carta con follia è scartata."
    assert "\ufffd" not in records[0].text
    (warning,) = report.problems
    assert warning.warning and str(warning).startswith(f"{path}:5: warning: not valid UTF-8")
    assert not report.errors


# --- bad input: located, only the bad block skipped, counts add up ------------------------------


@pytest.mark.parametrize(
    "content, line, message, kept, rejected",
    [
        ("Card\n\n31/02/2021\n\nBad date.\n\n" + GOOD, 3, "impossible date '31/02/2021'", 1, 1),
        ("Card\n\n19/03/2021\n\n20/03/2021\n\nText.\n", 3, "date with no ruling after it", 1, 1),
        ("Card\n\n" + GOOD + "\n19/04/2021\n", 7, "date with no ruling after it", 1, 1),
        ("Card\n\nA ruling with no date.\n\n" + GOOD, 3, "ruling with no date before it", 1, 1),
        ("Card\n\n" + GOOD + "\nA second paragraph with no date.\n", 7, "ruling with no date before it", 1, 1),
        ("Card\n\n19/03/21\n\nTwo-digit year.\n\n" + GOOD, 3, "unrecognised date '19/03/21'", 1, 1),
    ],
)
def test_bad_block_is_skipped_and_reported(write, content, line, message, kept, rejected):
    path = write("card.txt", content)
    other = write("other.txt", "Other Card\n\n" + GOOD)
    records, report = run([path, other])
    errors = report.errors
    assert len(errors) == 1
    assert str(errors[0]).startswith(f"{path}:{line}: ")
    assert message in errors[0].message
    assert sum(r.card == "Card" for r in records) == kept
    assert any(r.card == "Other Card" for r in records)  # other files go on
    assert report.rejected == rejected
    assert report.files_rejected == 0


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "empty file"),
        (b"  \n\n \r\n", "empty file"),
        (b"Lonely Card\n\n", "no rulings: the file holds only a card name"),
        (b"Card\n\x00\x01\x02binary\x00", "binary file"),
        (b"19/03/2021\n\nA ruling but no card name.\n", "the first line must be the card name"),
    ],
)
def test_bad_file_is_rejected_at_line_1_and_others_go_on(write, content, message):
    path = write("bad.txt", content)
    other = write("other.txt", "Other Card\n\n" + GOOD)
    records, report = run([path, other])
    assert [r.card for r in records] == ["Other Card"]
    first = report.errors[0]
    assert message in first.message
    assert first.path == str(path) and first.line == 1
    assert report.files_read == 2 and report.files_rejected == 1


def test_rulings_of_a_file_without_card_name_are_counted_as_rejected(write):
    path = write("bad.txt", "19/03/2021\n\nOne.\n\n20/03/2021\n\nTwo.\n")
    records, report = run([path])
    assert records == []
    assert (report.rulings_read, report.rejected) == (2, 2)


def test_identical_rulings_are_one_record(write):
    a = write("a.txt", "Card\n\n" + GOOD)
    b = write("b.txt", "Card\n\n" + GOOD.replace("split second.", "split  second. "))
    records, report = run([a, b])
    assert len(records) == 1
    assert (report.rulings_read, report.ingested, report.duplicates) == (2, 1, 1)


def test_missing_path_is_an_error(tmp_path):
    with pytest.raises(IngestError, match="no such file or folder"):
        ingest([tmp_path / "nowhere"])


def test_folders_are_walked_and_unknown_files_reported(write, tmp_path):
    write("rulings/a.txt", "A\n\n" + GOOD)
    write("rulings/sub/b.jsonl", json.dumps({"card": "B", "date": "2021-03-19", "text": "Text."}) + "\n")
    write("rulings/notes.pdf", b"%PDF")
    write("rulings/.hidden.txt", "Hidden\n\n" + GOOD)
    records, report = run([tmp_path / "rulings"])
    assert sorted(r.card for r in records) == ["A", "B"]
    assert report.files_skipped == [str(tmp_path / "rulings" / "notes.pdf")]


# --- JSON Lines ---------------------------------------------------------------------------------


def test_jsonl_good_and_bad_lines(write):
    lines = [
        json.dumps({"card": "Krosan Grip", "date": "2021-03-19", "text": "Split second ruling."}),
        "{not json",
        json.dumps({"card": "Krosan Grip", "date": "2021-02-31", "text": "Bad date."}),
        json.dumps({"card": "", "date": "2021-03-19", "text": "No card."}),
        json.dumps(["a", "list"]),
        json.dumps({"card": "X", "date": "2021-03-19", "text": "Lang.", "lang": "fr"}),
        "",
        json.dumps({"card": "Krosan Grip", "date": "2021-03-20", "text": "Una regola.", "lang": "it"}),
    ]
    path = write("rulings.jsonl", "\n".join(lines) + "\n")
    records, report = run([path])
    assert [r.date.day for r in records] == [19, 20]
    assert records[1].lang == "it"
    assert [(p.line, p.message.split(" ")[0]) for p in report.errors] == [
        (2, "invalid"),
        (3, "impossible"),
        (4, "missing"),
        (5, "expected"),
        (6, "unknown"),
    ]
    assert (report.rulings_read, report.ingested, report.rejected) == (7, 2, 5)


# --- records ------------------------------------------------------------------------------------


def test_ids_are_stable_short_and_url_safe():
    first = ruling_id("Fast Forward", date(2026, 1, 27), "Some   ruling text.")
    assert first == ruling_id("fast forward", date(2026, 1, 27), "Some ruling text.")
    assert first != ruling_id("Fast Forward", date(2026, 1, 28), "Some ruling text.")
    assert len(first) == 12 and first.isalnum() and first.islower()
    # the same on every machine: pinned
    assert first == "x77n3xht6bso"


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("See rule 702.61a for split second.", ["702.61a"]),
        ("Regola 601.2f e regola 116.", ["601.2f", "116"]),
        ("It costs {2} and deals 3.5 damage in 2021.", []),
        ("(CR 508.1d)", ["508.1d"]),
    ],
)
def test_rule_numbers_in_text(text, numbers):
    assert rule_numbers(text) == numbers


def test_any_file_is_rulings_or_located_problems(tmp_path):
    """Random files made of the format's own pieces (and some bytes it does not expect): ingest
    never raises, and every ruling read is accounted for."""
    import random

    pieces = [b"Card\n", b"\n", b"\r\n", b"\r", b"19/03/2021\n", b"31/02/2021\n", b"2021-03-19\n", b"1/1/2021",
              b"A ruling.", b" text ", b"\xc3\xa0", b"\xe0", b"\xff", b"{\"card\": \"X\"}\n", b"\x00", b"\xef\xbb\xbf"]
    chance = random.Random(7)
    for k in range(300):
        suffix = ".jsonl" if k % 3 == 0 else ".txt"
        path = tmp_path / f"f{k}{suffix}"
        path.write_bytes(b"".join(chance.choice(pieces) for _ in range(chance.randint(0, 30))))
        records, report = ingest([path])
        assert report.adds_up and len(records) == report.ingested
        assert all(p.line >= 1 and p.path == str(path) for p in report.problems)
        assert all("\ufffd" not in r.text for r in records)
