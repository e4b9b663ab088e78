"""The bundled data: 28 seed rulings and their English translations, each with the right card,
date, language and tags (reviewed by hand against the text of each ruling).

With the generated mechanics (kb/vocab/mechanics.yaml) the rulings also carry the keyword actions
and abilities they speak of, each reviewed: casting ("Lanciare una magia", "players can't cast
spells"), activating abilities, exile ("messa in esilio"), counter ("Può essere neutralizzata",
"It can be countered, copied"), a tapped creature and haste ("TAPpata", "non ha rapidità"). Not
tagged, rightly: bestow for "l'effetto che gli ha conferito il controllo" (the everyday verb, not
"Conferire"), protection for "a battle protected by an opponent"."""

from __future__ import annotations

import pytest

from kb.ingest.collect import ingest
from kb.text import analysis
from kb.text.vocabulary import vocabulary

from .conftest import DATA, NAMES, SOURCES

# (file, line, card, date, lang, mixed, tags, first words)
EXPECTED = [
    ("rulings_it/fast-forward.txt", 5, "Fast Forward", "2026-01-27", "it", False, 'goad, attack', 'Attaccare con una creatura'),
    ("rulings_it/fast-forward.txt", 9, "Fast Forward", "2026-01-27", "it", False, 'goad, attack', 'Essere provocata non è'),
    ("rulings_it/fast-forward.txt", 13, "Fast Forward", "2026-01-27", "it", False, 'goad, attack', 'Se una creatura che'),
    ("rulings_it/fast-forward.txt", 17, "Fast Forward", "2026-01-27", "it", False, 'goad, attack', 'Se la creatura non'),
    ("rulings_it/fast-forward.txt", 21, "Fast Forward", "2026-01-27", "it", False, 'goad, attack, tap_and_untap, haste', 'Se, durante la sottofase'),
    ("rulings_it/fast-forward.txt", 25, "Fast Forward", "2026-01-27", "en", False, 'total_cost, mana_value, cast', 'To determine the total'),
    ("rulings_it/sostituzione-improvvisa.txt", 5, "Sostituzione Improvvisa", "2021-03-19", "it", False, 'split_second, activate, cast', 'Dopo che una magia'),
    ("rulings_it/sostituzione-improvvisa.txt", 9, "Sostituzione Improvvisa", "2021-03-19", "it", False, 'split_second, cast', 'Lanciare una magia con'),
    ("rulings_it/sostituzione-improvvisa.txt", 13, "Sostituzione Improvvisa", "2021-03-19", "it", False, 'split_second, triggered_ability, cast', 'Se la risoluzione di'),
    ("rulings_it/sostituzione-improvvisa.txt", 17, "Sostituzione Improvvisa", "2021-03-19", "it", False, 'split_second, special_action, face_down', 'I giocatori possono girare'),
    ("rulings_it/sostituzione-improvvisa.txt", 21, "Sostituzione Improvvisa", "2021-03-19", "it", True, 'split_second, mana_ability, special_action', 'I giocatori ricevono comunque'),
    ("rulings_it/sostituzione-improvvisa.txt", 25, "Sostituzione Improvvisa", "2021-03-19", "it", False, 'split_second, triggered_ability', 'Battibaleno non impedisce alle'),
    ("rulings_it/sostituzione-improvvisa.txt", 29, "Sostituzione Improvvisa", "2019-08-23", "it", False, 'mana_ability', "Un'abilità di mana è"),
    ("rulings_it/sostituzione-improvvisa.txt", 33, "Sostituzione Improvvisa", "2019-08-23", "it", False, 'exchange_control', 'Se una magia permanente'),
    ("rulings_it/sostituzione-improvvisa.txt", 37, "Sostituzione Improvvisa", "2019-08-23", "it", False, 'exchange_control', 'Se lo scambio non'),
    ("rulings_it/sostituzione-improvvisa.txt", 41, "Sostituzione Improvvisa", "2019-08-23", "it", False, 'exchange_control, illegal_target', 'Se la magia bersaglio'),
    ("rulings_it/sostituzione-improvvisa.txt", 45, "Sostituzione Improvvisa", "2019-08-23", "it", False, 'leave_game', 'In una partita multiplayer,'),
    ("rulings_it/sostituzione-improvvisa.txt", 49, "Sostituzione Improvvisa", "2019-08-23", "it", False, 'exchange_control, leave_game', 'Lo scambio dura indefinitamente.'),
    ("rulings_it/sostituzione-improvvisa.txt", 53, "Sostituzione Improvvisa", "2019-08-23", "it", False, 'exchange_control', 'La magia non creatura'),
    ("rulings_it/vampira-mutata.txt", 5, "Vampira Mutata", "2022-12-08", "it", False, 'madness, triggered_ability, discard, exile', 'Una carta con follia'),
    ("rulings_it/vampira-mutata.txt", 9, "Vampira Mutata", "2022-12-08", "it", False, 'madness, copy_spell, cast, counter', 'Una magia lanciata pagando'),
    ("rulings_it/vampira-mutata.txt", 13, "Vampira Mutata", "2022-12-08", "it", False, 'discard', 'In una partita di'),
    ("rulings_it/vampira-mutata.txt", 17, "Vampira Mutata", "2022-12-08", "it", False, 'madness, discard, timing, cast', 'Lanciare una magia con'),
    ("rulings_it/vampira-mutata.txt", 21, "Vampira Mutata", "2022-12-08", "it", False, 'madness, triggered_ability, cast', 'Se scegli di non'),
    ("rulings_it/vampira-mutata.txt", 25, "Vampira Mutata", "2022-12-08", "it", True, 'madness, triggered_ability, discard, activate, cast', 'Se scarti una carta'),
    ("rulings_it/vampira-mutata.txt", 29, "Vampira Mutata", "2022-12-08", "it", False, 'madness, triggered_ability, discard, exile', 'Se scarti una carta'),
    ("rulings_it/vampira-mutata.txt", 33, "Vampira Mutata", "2022-12-08", "it", False, 'madness, discard', 'La follia funziona indipendentemente'),
    ("rulings_it/vampira-mutata.txt", 37, "Vampira Mutata", "2022-12-08", "it", True, 'madness, total_cost, mana_value, cast', 'Per determinare il costo'),
    ("rulings_en/fast-forward.txt", 5, "Fast Forward", "2026-01-27", "en", False, 'goad, attack', 'Attacking with a goaded'),
    ("rulings_en/fast-forward.txt", 9, "Fast Forward", "2026-01-27", "en", False, 'goad, attack', "Being goaded isn't an"),
    ("rulings_en/fast-forward.txt", 13, "Fast Forward", "2026-01-27", "en", False, 'goad, attack', 'If a creature you'),
    ("rulings_en/fast-forward.txt", 17, "Fast Forward", "2026-01-27", "en", False, 'goad, attack', 'If the creature meets'),
    ("rulings_en/fast-forward.txt", 21, "Fast Forward", "2026-01-27", "en", False, 'goad, attack, tap_and_untap, haste', "If, during a player's"),
    ("rulings_en/sudden-substitution.txt", 5, "Sudden Substitution", "2021-03-19", "en", False, 'split_second, activate, cast', 'After a spell with'),
    ("rulings_en/sudden-substitution.txt", 9, "Sudden Substitution", "2021-03-19", "en", False, 'split_second, cast', 'Casting a spell with'),
    ("rulings_en/sudden-substitution.txt", 13, "Sudden Substitution", "2021-03-19", "en", False, 'split_second, triggered_ability, cast', 'If resolving a triggered'),
    ("rulings_en/sudden-substitution.txt", 17, "Sudden Substitution", "2021-03-19", "en", False, 'split_second, special_action, face_down', 'Players may turn face-down'),
    ("rulings_en/sudden-substitution.txt", 21, "Sudden Substitution", "2021-03-19", "en", False, 'split_second, mana_ability, special_action', 'Players still receive priority'),
    ("rulings_en/sudden-substitution.txt", 25, "Sudden Substitution", "2021-03-19", "en", False, 'split_second, triggered_ability', "Split second doesn't stop"),
    ("rulings_en/sudden-substitution.txt", 29, "Sudden Substitution", "2019-08-23", "en", False, 'mana_ability', 'A mana ability is'),
    ("rulings_en/sudden-substitution.txt", 33, "Sudden Substitution", "2019-08-23", "en", False, 'exchange_control', 'If control of a'),
    ("rulings_en/sudden-substitution.txt", 37, "Sudden Substitution", "2019-08-23", "en", False, 'exchange_control', "If the exchange doesn't"),
    ("rulings_en/sudden-substitution.txt", 41, "Sudden Substitution", "2019-08-23", "en", False, 'exchange_control, illegal_target', 'If the target spell'),
    ("rulings_en/sudden-substitution.txt", 45, "Sudden Substitution", "2019-08-23", "en", False, 'leave_game', 'In a multiplayer game,'),
    ("rulings_en/sudden-substitution.txt", 49, "Sudden Substitution", "2019-08-23", "en", False, 'exchange_control, leave_game', 'The exchange lasts indefinitely.'),
    ("rulings_en/sudden-substitution.txt", 53, "Sudden Substitution", "2019-08-23", "en", False, 'exchange_control', 'The noncreature spell is'),
    ("rulings_en/vampira-mutata.txt", 5, "Vampira Mutata", "2022-12-08", "en", False, 'madness, triggered_ability, discard, exile', 'A card with madness'),
    ("rulings_en/vampira-mutata.txt", 9, "Vampira Mutata", "2022-12-08", "en", False, 'madness, copy_spell, cast, counter', 'A spell cast by'),
    ("rulings_en/vampira-mutata.txt", 13, "Vampira Mutata", "2022-12-08", "en", False, 'discard', 'In a game of'),
    ("rulings_en/vampira-mutata.txt", 17, "Vampira Mutata", "2022-12-08", "en", False, 'madness, discard, timing, cast', 'Casting a spell with'),
    ("rulings_en/vampira-mutata.txt", 21, "Vampira Mutata", "2022-12-08", "en", False, 'madness, triggered_ability, cast', 'If you choose not'),
    ("rulings_en/vampira-mutata.txt", 25, "Vampira Mutata", "2022-12-08", "en", False, 'madness, triggered_ability, discard, activate, cast', 'If you discard a'),
    ("rulings_en/vampira-mutata.txt", 29, "Vampira Mutata", "2022-12-08", "en", False, 'madness, triggered_ability, discard, exile', 'If you discard a'),
    ("rulings_en/vampira-mutata.txt", 33, "Vampira Mutata", "2022-12-08", "en", False, 'madness, discard', 'Madness works no matter'),
    ("rulings_en/vampira-mutata.txt", 37, "Vampira Mutata", "2022-12-08", "en", False, 'madness, total_cost, mana_value, cast', 'To determine the total'),
]


@pytest.fixture(scope="module")
def bundled():
    records, report = ingest(SOURCES, name_files=NAMES)
    return {r.source: r for r in records}, report


def test_bundled_counts(bundled):
    records, report = bundled
    assert len(records) == 55
    assert report.summary() == (
        "files: 6 read, 0 rejected; rulings: 56 read = 55 ingested + 0 rejected + 1 duplicates"
    )
    italian_files = [r for r in records.values() if "rulings_it/" in r.source]
    assert len(italian_files) == 28


@pytest.mark.parametrize("path, line, card, day, lang, mixed, tags, words", EXPECTED)
def test_seed_ruling(bundled, path, line, card, day, lang, mixed, tags, words):
    records, _ = bundled
    record = records[f"{DATA / path}:{line}"]
    assert record.card == card
    assert record.date.isoformat() == day
    assert record.lang == lang
    assert record.mixed is mixed
    assert ", ".join(record.tags) == tags
    assert record.text.startswith(words)


@pytest.mark.parametrize("path, line, card, day, lang, mixed, tags, words", EXPECTED)
def test_seed_ruling_tags_with_its_text(bundled, path, line, card, day, lang, mixed, tags, words):
    """Given the text too (exact words, card names), the vocabulary tags the seeds the same way."""
    records, _ = bundled
    record = records[f"{DATA / path}:{line}"]
    both = record.lang == "it" or record.mixed
    terms = {code: analysis.terms(record.text, code) for code in analysis.LANGS if both or code == record.lang}
    assert ", ".join(vocabulary().tags_in(terms, text=record.text)) == tags
