"""The claim classifier (kb.checks.classifier), its learner (kb.checks.learn) and how the linker
uses it: a ruling worded unlike every known phrasing still links, with the polarity its nearest
phrasing reads."""

from __future__ import annotations

import numpy as np
import pytest

from kb.checks import links as L
from kb.checks.classifier import NEGATED, NONE, NOT, Classifier, features, load, shipped, sure
from kb.errors import ParseError
from kb.checks.meaning import reading, windows
from kb.checks import learn as learner


@pytest.mark.parametrize(
    "text, lang, negated, not_terms",
    [
        ("The exchange ends at end of turn.", "en", False, set()),
        ("The exchange doesn't end at end of turn.", "en", True, {NOT + "exchang", NOT + "end"}),
        ("Lo scambio non finisce alla fine del turno.", "it", True, {NOT + "exchang"}),
        # two negations in one clause cancel out: the sentence says it, nothing is negated
        ("A goaded creature doesn't stop being goaded.", "en", False, set()),
    ],
)  # fmt: skip
def test_features_mark_negations_and_what_they_negate(text, lang, negated, not_terms):
    (sentence,) = reading(text, lang)
    found = features(sentence)
    assert (NEGATED in found) is negated
    assert not_terms <= found
    assert bool({f for f in found if f.startswith(NOT)}) is bool(not_terms)
    assert sentence.content <= found


def small() -> Classifier:
    classes = [("a.claim", 1), ("a.claim", -1), ("b.claim", 1), NONE]
    weights = {"goad": {"0": 2.0, "1": 1.5}, NEGATED: {"1": 3.0, "0": -1.0}, "exchang": {"2": 2.5}}
    return Classifier(classes, {"goad": 1.0, NEGATED: 2.0, "exchang": 1.5}, weights, [0.0, 0.0, 0.0, 0.5], "x")


def test_probabilities_are_over_the_allowed_claims_and_none():
    model = small()
    (sentence,) = reading("A goaded creature is goaded.", "en")
    both = model.probabilities(sentence, frozenset({"a.claim", "b.claim"}))
    only_a = model.probabilities(sentence, frozenset({"a.claim"}))
    assert set(both) == {("a.claim", 1), ("a.claim", -1), ("b.claim", 1)}
    assert set(only_a) == {("a.claim", 1), ("a.claim", -1)}
    assert 0 < sum(both.values()) < 1 and 0 < sum(only_a.values()) < 1  # the rest is none's
    assert only_a[("a.claim", 1)] > only_a[("a.claim", -1)]
    (negated,) = reading("A goaded creature isn't goaded.", "en")
    turned = model.probabilities(negated, frozenset({"a.claim"}))
    assert turned[("a.claim", -1)] > turned[("a.claim", 1)]
    assert model.probabilities(sentence, frozenset({"unknown.claim"})) == {}


def test_json_round_trip_keeps_the_probabilities():
    model = small()
    again = Classifier.from_json(model.to_json())
    (sentence,) = reading("The goaded creature's exchange doesn't happen.", "en")
    allowed = frozenset({"a.claim", "b.claim"})
    first, second = model.probabilities(sentence, allowed), again.probabilities(sentence, allowed)
    assert first.keys() == second.keys()
    assert np.allclose([first[k] for k in first], [second[k] for k in first])
    assert again.checksum == "x" and again.classes == model.classes


@pytest.mark.parametrize(
    "text, line, message",
    [
        ('{"checksum": "x",\n"classes": [', 2, "not JSON"),
        ('{"checksum": "x"}', 1, "not a claim classifier (KeyError"),
        ('{"classes": [["a.claim", 1]], "idf": {}, "weights": {}, "bias": [0]}', 1, "class of no claim"),
        ('{"classes": [["", 0]], "idf": {"goad": 1}, "weights": {"attack": {"0": 1}}, "bias": [0]}', 1, "KeyError"),
        ('[1, 2]', 1, "not a claim classifier (TypeError"),
    ],
)  # fmt: skip
def test_a_damaged_classifier_file_is_an_error_naming_it(tmp_path, text, line, message):
    path = tmp_path / "claim_classifier.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        load(path)
    assert caught.value.path == str(path) and caught.value.line == line and message in str(caught.value)


def test_a_classifier_needs_the_class_of_no_claim():
    with pytest.raises(ValueError, match="no claim"):
        Classifier([("a.claim", 1)], {}, {}, [0.0])


def test_the_shipped_classifier_is_learned_from_the_registered_phrasings():
    """A claim's phrasings changed since the classifier was learned: learn it again with
    ``python -m kb.checks.learn ../shared/corpus`` (README, "Checks")."""
    rows, _ = learner.registered_phrasings()
    assert shipped() is not None
    assert shipped().checksum == learner.checksum(rows)


UNLIKE = [  # worded unlike every phrasing of exchange.lasts_indefinitely
    ("The exchange of control doesn't end at end of turn; it lasts for the rest of the game.", "en"),
    ("Lo scambio di controllo non finisce alla fine del turno: dura per il resto della partita.", "it"),
]


@pytest.mark.parametrize("text, lang", UNLIKE)
def test_the_classifier_reads_the_claim_and_its_polarity_in_other_words(text, lang):
    linker = L.linker()
    allowed = frozenset(claim for claim, tag in linker.tags.items() if tag == "exchange_control")
    found = sure(linker.classifier, list(windows(reading(text, lang))), allowed, L.CLASSIFIED)
    assert found is not None and found[:2] == ("exchange.lasts_indefinitely", 1)


@pytest.mark.parametrize("text, lang", UNLIKE[1:])  # the English one reads 0.69: under ASSERTING, no link
def test_a_ruling_unlike_every_phrasing_links_by_the_classifier(text, lang):
    linker = L.linker()
    tags = frozenset({"exchange_control"})
    found = {link.claim: link for link in linker.match(text, lang, tags)}
    assert found["exchange.lasts_indefinitely"].polarity == "asserts"
    assert found["exchange.lasts_indefinitely"].score >= L.CLASSIFIED
    assert found["exchange.lasts_indefinitely"].evidence  # the nearest phrasing
    without = L.Linker(L.phrasings_of(_claims()), dict(linker.tags))
    assert "exchange.lasts_indefinitely" not in {link.claim for link in without.match(text, lang, tags)}


def _claims():
    from kb.checks.registration import registry

    return list(registry().values())


class Sure:
    """A classifier that reads one claim, mostly with one polarity, whatever the sentence: sure
    enough of the claim to link it either way (CLASSIFIED, ASSERTING: the two polarities
    summed), not sure enough of the polarity to overrule the nearest phrasing (ALONE), unless
    ``alone``."""

    def __init__(self, polarity: int, alone: bool = False):
        self.polarity = polarity
        self.chance = min(0.95, max(L.ALONE, L.ASSERTING, L.CLASSIFIED) + 0.1) if alone else L.ALONE - 0.05
        self.other = max(0.0, max(L.ASSERTING, L.CLASSIFIED) - self.chance + 0.05)

    def probabilities(self, sentence, claims):
        if "goad.stays" not in claims:
            return {}
        return {("goad.stays", self.polarity): self.chance, ("goad.stays", -self.polarity): self.other}


@pytest.mark.parametrize(
    "text, classified, linked",
    [
        # the nearest phrasing reads the ruling as the classifier does: linked so
        ("A goaded creature remains goaded once it has attacked.", 1, True),
        ("Once it has attacked, a goaded creature is no longer goaded.", -1, True),
        # it reads it the other way round: never linked the classifier's way
        ("Once it has attacked, a goaded creature is no longer goaded.", 1, False),
        ("A goaded creature remains goaded once it has attacked.", -1, False),
    ],
)  # fmt: skip
def test_the_classifier_links_only_with_the_polarity_its_nearest_phrasing_reads(text, classified, linked):
    phrasings = [("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")]
    linker = L.Linker(phrasings, {"goad.stays": ""}, classifier=Sure(classified))
    polarities = {link.polarity for link in linker.match(text, "en", frozenset())}
    assert (("asserts" if classified == 1 else "denies") in polarities) is linked
    # unless the classifier is sure of its polarity by itself
    sure = L.Linker(phrasings, {"goad.stays": ""}, classifier=Sure(classified, alone=True))
    assert ("asserts" if classified == 1 else "denies") in {link.polarity for link in sure.match(text, "en", frozenset())}


def test_no_classifier_link_when_no_phrasing_of_the_claim_shares_a_word():
    linker = L.Linker([("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")],
                      {"goad.stays": ""}, classifier=Sure(1, alone=True))
    assert linker.match("Mana abilities don't use the stack.", "en", frozenset()) == ()


@pytest.mark.parametrize("polarity, linked", [(-1, True), (1, False)])
def test_a_classifier_link_that_asserts_needs_more_certainty(polarity, linked):
    """Between CLASSIFIED and ASSERTING the classifier links a denial, never an assertion (a
    wrong one would let a false ruling pass)."""

    class Between(Sure):
        def probabilities(self, sentence, claims):
            return {("goad.stays", polarity): (L.CLASSIFIED + L.ASSERTING) / 2}

    phrasings = [("goad.stays", polarity, "A goaded creature stays goaded after it attacks.", "en")]
    linker = L.Linker(phrasings, {"goad.stays": ""}, classifier=Between(polarity))
    found = linker.match("A goaded creature remains goaded once it has attacked.", "en", frozenset())
    assert bool(found) is linked


def test_no_classifier_link_when_the_nearest_phrasing_leaves_the_polarity_in_doubt():
    """The ruling lacks the phrasing's negated clause ("not when an effect forces the discard"):
    that is no evidence of either polarity, so the classifier's reading is not taken on it."""
    denial = "Madness only works when the card is discarded to pay a cost, not when an effect forces the discard."

    class Asserting(Sure):
        def probabilities(self, sentence, claims):
            return {("madness.any_reason", 1): self.chance, ("madness.any_reason", -1): self.other}

    linker = L.Linker([("madness.any_reason", -1, denial, "en")], {"madness.any_reason": ""}, classifier=Asserting(1))
    assert linker.match("Madness only works if you discard the card to pay a cost.", "en", frozenset()) == ()


def test_the_learner_learns_claims_from_their_phrasings_and_none_from_other_rulings():
    pytest.importorskip("sklearn", reason="scikit-learn is not installed (pip install -e '.[test]')")
    rows = [("goad.stays", 1, text, "en") for text in (
        "A goaded creature stays goaded after it attacks.", "Attacking doesn't end goad.",
        "Goad lasts until your next turn, even after the creature attacks.")]
    rows += [("goad.stays", -1, text, "en") for text in (
        "A goaded creature stops being goaded after it attacks.", "Once it has attacked, a creature is no longer goaded.")]
    rows += [("exchange.lasts", 1, text, "en") for text in (
        "The exchange of control lasts indefinitely.", "Exchanged permanents stay under their new controllers for good.",
        "An exchange of control doesn't end at end of turn.")]
    texts = ["Goad counts each opponent of the goading player.", "A goaded creature with defender can't attack.",
             "You choose which player a goaded creature attacks.", "The exchange happens only if both targets are legal."]  # fmt: skip
    model = learner.learn(rows, {"goad.stays": "goad", "exchange.lasts": "exchange"}, texts)
    assert model.checksum == learner.checksum(rows)
    assert set(model.classes) == {("goad.stays", 1), ("goad.stays", -1), ("exchange.lasts", 1), NONE}
    (sentence,) = reading("The exchange of control lasts for the rest of the game.", "en")
    chances = model.probabilities(sentence, frozenset({"goad.stays", "exchange.lasts"}))
    assert max(chances, key=chances.get) == ("exchange.lasts", 1)


@pytest.mark.parametrize(
    "text, lang, has, lacks",
    [
        ("The triggered ability resolves before you draw from the cycling ability.", "en", "trigger<draw", "draw<trigger"),
        ("Renewed Faith's cycling draw resolves before its 2-life trigger.", "en", "draw<trigger", "trigger<draw"),
        ("You draw after the trigger resolves.", "en", "trigger<draw", "draw<trigger"),  # "after": the other way round
        ("Le abilità innescate si risolvono prima che tu peschi.", "it", "trigger<draw", "draw<trigger"),
        ("Peschi dopo che l'abilità innescata si è risolta.", "it", "trigger<draw", "draw<trigger"),
        ("The trigger resolves and you draw a card.", "en", None, "trigger<draw"),  # no order word: no order
    ],
)  # fmt: skip
def test_what_comes_first_is_a_feature(text, lang, has, lacks):
    from kb.checks.classifier import order
    from kb.checks.meaning import reading

    found = set(features(reading(text, lang)[0]))
    assert lacks not in found and found >= order(text, lang)
    if has:
        assert has in found


def test_a_gzipped_classifier_loads_as_its_json_and_a_damaged_one_is_an_error(tmp_path):
    from kb.checks.classifier import compress

    text = shipped().to_json()
    path = tmp_path / "claim_classifier.json.gz"
    path.write_bytes(compress(text))
    assert compress(text) == path.read_bytes()  # the same JSON, the same bytes
    assert load(path).to_json() == text
    path.write_bytes(compress(text)[:200])  # cut short
    with pytest.raises(ParseError) as caught:
        load(path)
    assert caught.value.path == str(path) and caught.value.line == 1 and "not a gzipped claim classifier" in str(caught.value)
