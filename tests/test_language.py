"""Language per ruling, and fragments of the other language inside it."""

from __future__ import annotations

import pytest

from kb.text.language import detect


@pytest.mark.parametrize(
    "text, lang, fragments",
    [
        ("Essere provocata non è un'abilità che la creatura possiede.", "it", []),
        ("To determine the total cost of a spell, start with the mana cost.", "en", []),
        ("Parti dal costo alternativo (such as a madness cost) che stai pagando.", "it", ["such as a madness cost"]),
        ("Mentre una carta con split second è in pila, le opzioni sono limitate.", "it", ["split second"]),
        ("Se scarti una carta con follia per pagare il costo, l'abilità innescata di quella carta (and the "
         "spell that card becomes, if you choose to cast it) si risolverà prima della magia.",
         "it", ["and the spell that card becomes, if you choose to cast it"]),
        # card names are not language evidence
        ("Battibaleno non impedisce alle abilità di innescarsi, come quella di Chalice of the Void.", "it", []),
        ("Se la magia è un bersaglio illegale mentre Sudden Substitution si risolve, non avviene nulla.", "it", []),
        ("If Sostituzione Improvvisa resolves, the exchange happens.", "en", []),
        # English words that are Italian stop words, and abbreviations
        ("You can play only one land per turn, e.g. a non-Human creature.", "en", []),
        ("The bonus is +1/+1 per creature (see rule 702.61a).", "en", []),
        ("If you cast it (come un costo di follia), it resolves.", "en", ["un costo di follia"]),
        ("{T}: Aggiungi {G}.", "it", []),
        ("Ciascun giocatore sceglie una carta.", "it", []),
    ],
)
def test_detect(text, lang, fragments):
    verdict = detect(text)
    assert verdict.lang == lang
    assert [text[a:b] for a, b in verdict.fragments] == fragments
    assert verdict.mixed is bool(fragments)


@pytest.mark.parametrize("text, hint", [("X.", "it"), ("X.", "en"), ("", "it")])
def test_hint_decides_when_there_is_no_evidence(text, hint):
    assert detect(text, hint).lang == hint
