"""The claim classifier (kb.checks.classifier), its learner (kb.checks.learn) and how the linker
uses it: a ruling worded unlike every known phrasing still links, with the polarity its nearest
phrasing reads."""

from __future__ import annotations

import io
import re
import zipfile

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.checks import fit as fitting
from kb.checks import learn as learner
from kb.checks import links as L
from kb.checks.classifier import (
    NEGATED,
    NONE,
    NOT,
    Classifier,
    features,
    load,
    save,
    shipped,
    sure,
)
from kb.checks.meaning import reading, windows
from kb.errors import ParseError


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


def test_a_saved_classifier_loads_with_the_same_probabilities_and_bytes(tmp_path):
    model = small()
    path = tmp_path / "claim_classifier.zip"
    save(model, path)
    again = load(path)
    (sentence,) = reading("The goaded creature's exchange doesn't happen.", "en")
    allowed = frozenset({"a.claim", "b.claim"})
    first, second = model.probabilities(sentence, allowed), again.probabilities(sentence, allowed)
    assert first.keys() == second.keys()
    assert np.allclose([first[k] for k in first], [second[k] for k in first])
    assert again.checksum == "x" and again.classes == model.classes and again.idf == model.idf
    assert {f: again.weights(f) for f in again.row} == {f: model.weights(f) for f in model.row}
    before = path.read_bytes()
    save(again, path)
    assert path.read_bytes() == before  # the same classifier, the same bytes


def _damaged(path, member, content):
    """Write the small classifier to ``path`` with one member replaced (None: left out)."""
    save(small(), path)
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    if content is None:
        del members[member]
    else:
        members[member] = content
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _npy(array) -> bytes:
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, np.asarray(array))
    return buffer.getvalue()


@pytest.mark.parametrize(
    "member, content, message",
    [
        ("meta.json", None, "KeyError"),  # a member left out
        ("meta.json", b'{"checksum": "x",', "JSONDecodeError"),
        ("meta.json", b'{"checksum": "x"}', "KeyError"),
        ("meta.json", b'{"classes": [["a.claim", 1]]}', "class of no claim"),
        ("meta.json", b'{"classes": 7}', "TypeError"),
        ("bias.npy", _npy([0.0]), "biases"),  # fewer biases than classes
        ("indptr.npy", _npy([0, 1]), "row starts"),
        ("indices.npy", _npy(np.full(0, 0, dtype=np.int32)), "don't add up"),
        ("indices.npy", _npy([9] * 1), "don't add up"),
        ("indices.npy", b"\x93NUMPY garbage", "ValueError"),
        ("data.npy", _npy(np.array(["a"], dtype=object)), "ValueError"),  # pickled objects are refused
        ("features.txt", b"\xff\xfe", "UnicodeDecodeError"),
    ],
)  # fmt: skip
def test_a_damaged_classifier_file_is_an_error_naming_it(tmp_path, member, content, message):
    path = tmp_path / "claim_classifier.zip"
    _damaged(path, member, content)
    with pytest.raises(ParseError) as caught:
        load(path)
    assert caught.value.path == str(path) and "not a claim classifier" in str(caught.value) and message in str(caught.value)


def test_a_weight_of_a_class_that_is_not_there_is_an_error(tmp_path):
    path = tmp_path / "claim_classifier.zip"
    save(small(), path)
    with zipfile.ZipFile(path) as archive:
        count = len(np.lib.format.read_array(io.BytesIO(archive.read("indices.npy"))))
    _damaged(path, "indices.npy", _npy(np.full(count, 99, dtype=np.int32)))
    with pytest.raises(ParseError, match="a class that isn't there"):
        load(path)


@pytest.mark.parametrize("content", [b"", b"PK\x03\x04 cut short", b'{"checksum": "x"}'])
def test_a_file_that_is_no_classifier_at_all_is_an_error(tmp_path, content):
    path = tmp_path / "claim_classifier.zip"
    path.write_bytes(content)
    with pytest.raises(ParseError) as caught:
        load(path)
    assert caught.value.path == str(path) and caught.value.line == 1 and "BadZipFile" in str(caught.value)


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


@pytest.mark.parametrize("text, lang", UNLIKE)
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
    """A classifier that reads one claim whatever the sentence: ``polarity`` at ``chance``, the
    other polarity at ``other``."""

    def __init__(self, polarity: int, chance: float, other: float = 0.0, claim: str = "goad.stays"):
        self.polarity, self.chance, self.other, self.claim = polarity, chance, other, claim

    def probabilities(self, sentence, claims):
        if self.claim not in claims:
            return {}
        return {(self.claim, self.polarity): self.chance, (self.claim, -self.polarity): self.other}

    def read(self, sentences):
        """As ``Classifier.read``: nothing to read (what it reads is the same in every sentence)."""
        return [None for _ in sentences]

    def best(self, sentences, claims, scored=None):
        """As ``Classifier.best``: what it reads is the same in every sentence."""
        found = self.probabilities(None, claims)
        return list(found), np.array(list(found.values()), dtype=float)


def unsure_denial(claim: str = "goad.stays") -> Sure:
    """Sure enough of the claim to deny it (CLASSIFIED: the two polarities summed; the denial the
    likelier), not of the polarity by itself (under ALONE)."""
    chance = L.ALONE - 0.02
    other = L.CLASSIFIED - chance + 0.02
    if not other < chance < L.ALONE:
        raise ValueError("no unsure denial under these thresholds")
    return Sure(-1, chance, other, claim)


REMAINS = "A goaded creature remains goaded once it has attacked."
NO_LONGER = "Once it has attacked, a goaded creature is no longer goaded."


@pytest.mark.parametrize(
    "text, classifier, polarity",
    [
        # the nearest phrasing reads the ruling as the classifier does: linked so
        (REMAINS, lambda: Sure(1, L.ASSERTING), "asserts"),
        (NO_LONGER, unsure_denial, "denies"),
        # it reads it the other way round: a polarity the classifier is not sure of by itself is not linked
        (REMAINS, unsure_denial, None),
        # ... one it is sure of (ALONE) is: asserting against a phrasing that reads a denial takes
        # OVERRULING to link, ALONE_ASSERTS to link asserted (under it: about the claim, undetermined)
        (NO_LONGER, lambda: Sure(1, max(L.ASSERTING, L.ALONE_ASSERTS)), "asserts"),
        (NO_LONGER, lambda: Sure(1, max(L.ASSERTING, L.OVERRULING, L.ALONE_ASSERTS - 0.02)), "undetermined"),
        # (sure of the claim, ABOUT: linked undetermined, whichever way round)
        (NO_LONGER, lambda: Sure(1, max(L.ASSERTING, L.ALONE, L.OVERRULING - 0.05, L.ABOUT)), "undetermined"),
        (REMAINS, lambda: Sure(-1, max(L.ALONE, L.CLASSIFIED)), "denies"),
    ],
)  # fmt: skip
def test_the_classifier_links_with_the_polarity_its_nearest_phrasing_reads_unless_sure_of_its_own(text, classifier, polarity):
    phrasings = [("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")]
    linker = L.Linker(phrasings, {"goad.stays": ""}, classifier=classifier())
    assert [link.polarity for link in linker.match(text, "en", frozenset())] == ([polarity] if polarity else [])


def test_the_classifier_weighs_every_claim_but_links_only_those_the_tags_allow():
    """A claim the ruling's tags don't allow is weighed (it takes probability from the others)
    but never linked; and a claim is linked only CLAIM_MARGIN ahead of the next one."""

    class Two(Sure):
        def __init__(self, first: float, second: float):
            super().__init__(1, first)
            self.second = second

        def probabilities(self, sentence, claims):
            found = {("goad.stays", 1): self.chance}
            if "madness.any" in claims:
                found[("madness.any", 1)] = self.second
            return found

    phrasings = [("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en"),
                 ("madness.any", 1, "A goaded creature discarded with madness stays goaded.", "en")]
    tags = {"goad.stays": "goad", "madness.any": "madness"}
    sure_of_goad = L.Linker(phrasings, tags, classifier=Two(0.95, 0.0))
    assert [link.claim for link in sure_of_goad.match(REMAINS, "en", frozenset({"goad"}))] == ["goad.stays"]
    untagged = L.Linker(phrasings, tags, classifier=Two(0.0, 0.95))
    assert untagged.match(REMAINS, "en", frozenset({"goad"})) == ()  # madness is likelier, but not allowed
    close = L.Linker(phrasings, tags, classifier=Two(0.95, 0.95 - L.CLAIM_MARGIN / 2))
    assert close.match(REMAINS, "en", frozenset({"goad", "madness"})) == ()


def test_no_classifier_link_when_no_phrasing_of_the_claim_shares_a_word():
    linker = L.Linker([("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")],
                      {"goad.stays": ""}, classifier=Sure(1, 0.99))
    assert linker.match("Mana abilities don't use the stack.", "en", frozenset()) == ()


@pytest.mark.parametrize("polarity, linked", [(-1, True), (1, False)])
def test_a_classifier_link_that_asserts_needs_more_certainty(polarity, linked):
    """Between CLASSIFIED and ASSERTING the classifier links a denial, never an assertion (a
    wrong one would let a false ruling pass)."""

    phrasings = [("goad.stays", polarity, "A goaded creature stays goaded after it attacks.", "en")]
    linker = L.Linker(phrasings, {"goad.stays": ""}, classifier=Sure(polarity, (L.CLASSIFIED + L.ASSERTING) / 2))
    found = linker.match("A goaded creature remains goaded once it has attacked.", "en", frozenset())
    assert bool(found) is linked


def _denial_keeping(chance: float, share: float) -> float:
    """The probability of the denial that leaves an assertion at ``chance`` ``share`` of the two."""
    return chance * (1 - share) / share


@pytest.mark.parametrize(
    "chance, other, linked",
    [
        (lambda: L.ASSERTING, lambda: 0.0, True),
        # the denial keeps more than 1 - SHARE of the two: the assertion is in doubt, no asserting
        # link (sure of the claim, ABOUT: undetermined)
        (lambda: L.ASSERTING, lambda: _denial_keeping(L.ASSERTING, L.SHARE) * 2, False),
        (lambda: L.ASSERTING, lambda: _denial_keeping(L.ASSERTING, L.SHARE) / 2, True),
        # ... unless the assertion is SURER, and keeps SURER_SHARE of the two
        (lambda: L.SURER, lambda: _denial_keeping(L.SURER, (L.SURER_SHARE + L.SHARE) / 2), True),
        (lambda: L.SURER - 0.02, lambda: _denial_keeping(L.SURER - 0.02, (L.SURER_SHARE + L.SHARE) / 2), False),
        (lambda: L.SURER, lambda: _denial_keeping(L.SURER, L.SURER_SHARE - 0.05), False),
    ],
)  # fmt: skip
def test_an_asserting_link_needs_its_polarity_to_outweigh_the_other_by_far(chance, other, linked):
    phrasings = [("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")]
    linker = L.Linker(phrasings, {"goad.stays": ""}, classifier=Sure(1, chance(), other()))
    found = linker.match("A goaded creature remains goaded once it has attacked.", "en", frozenset())
    assert [link.polarity for link in found] == (["asserts"] if linked else ["undetermined"] if chance() + other() >= L.ABOUT else [])


def test_a_classifier_link_scores_the_probability_of_its_polarity():
    """Its two polarities, each at its best sentence, may sum past 1: the score is the one linked."""
    linker = L.Linker([("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")],
                      {"goad.stays": ""}, classifier=Sure(-1, 0.72, 0.45))
    found = linker.match("Once it has attacked, a goaded creature is no longer goaded.", "en", frozenset())
    assert [(link.polarity, link.score) for link in found] == [("denies", 0.72)]


def test_no_classifier_link_when_the_nearest_phrasing_leaves_the_polarity_in_doubt():
    """The ruling lacks the phrasing's negated clause ("not when an effect forces the discard"):
    that is no evidence of either polarity, so the classifier's reading is not taken on it."""
    denial = "Madness only works when the card is discarded to pay a cost, not when an effect forces the discard."

    linker = L.Linker([("madness.any_reason", -1, denial, "en")], {"madness.any_reason": ""},
                      classifier=unsure_denial("madness.any_reason"))
    assert linker.match("Madness only works if you discard the card to pay a cost.", "en", frozenset()) == ()
    agreed = "Madness works only when the card is discarded to pay a cost, never when an effect forces the discard."
    assert [link.polarity for link in linker.match(agreed, "en", frozenset())] == ["denies"]  # without the doubt, linked


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
    logged = []
    model = learner.learn(rows, {"goad.stays": "goad", "exchange.lasts": "exchange"}, texts, log=logged.append)
    assert model.checksum == learner.checksum(rows)
    assert logged[0] == "8 phrasing windows, 2 none examples" and re.fullmatch(r"fitted in [1-9]\d* iterations of L-BFGS: (gradient below tol|value lowered by 64 ε or less)", logged[1])
    assert set(model.classes) == {("goad.stays", 1), ("goad.stays", -1), ("exchange.lasts", 1), NONE}
    (sentence,) = reading("The exchange of control lasts for the rest of the game.", "en")
    chances = model.probabilities(sentence, frozenset({"goad.stays", "exchange.lasts"}))
    assert max(chances, key=chances.get) == ("exchange.lasts", 1)


@pytest.mark.parametrize("cores", [1, 2, 3])
def test_the_fit_gives_the_same_weights_on_any_number_of_cores(cores, monkeypatch):
    """The products run in BLOCKS fixed blocks of rows, one thread each as far as there are cores:
    the weights are the same bytes with one core as with several."""
    from scipy.sparse import random as sparse_random

    matrix = sparse_random(400, 60, density=0.1, format="csr", random_state=5)
    labels, weights = np.arange(400) % 5, np.random.default_rng(6).uniform(0.5, 2.0, 400)
    monkeypatch.setattr(fitting.os, "cpu_count", lambda: 4)
    coef, bias, iterations, _ = fitting.fit(matrix, labels, weights, 5, 10.0, max_iter=40)
    monkeypatch.setattr(fitting.os, "cpu_count", lambda: cores)
    again = fitting.fit(matrix, labels, weights, 5, 10.0, max_iter=40)
    assert len(fitting.blocks(matrix)) == fitting.BLOCKS and iterations == again[2]
    assert coef.tobytes() == again[0].tobytes() and bias.tobytes() == again[1].tobytes()


@pytest.mark.parametrize("classes, weighed", [(4, False), (4, True), (3, True), (7, True)])
def test_the_fit_is_scikit_learns_logistic_regression_with_fewer_corrections(classes, weighed):
    """The learner's own fit minimises what scikit-learn's multinomial LogisticRegression does
    (three classes or more: with two, scikit-learn fits one column): same weights, same probabilities."""
    pytest.importorskip("sklearn", reason="scikit-learn is not installed (pip install -e '.[test]')")
    from scipy.sparse import random as sparse_random
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(classes)
    matrix = sparse_random(300, 40, density=0.15, format="lil", random_state=classes)
    labels = np.arange(300) % classes
    matrix[np.arange(300), labels * 3] = 1.0  # each class has a feature of its own
    matrix = matrix.tocsr()
    weights = rng.uniform(0.2, 3.0, 300) if weighed else np.ones(300)
    coef, bias, iterations, stopped = fitting.fit(matrix, labels, weights, classes, 10.0, maxcor=3, tol=1e-9)
    theirs = LogisticRegression(C=10.0, tol=1e-9, max_iter=5000).fit(matrix, labels, sample_weight=weights)
    np.testing.assert_allclose(coef, theirs.coef_.T, atol=1e-4)
    scores = matrix @ coef + bias
    mine = np.exp(scores - scores.max(axis=1, keepdims=True))
    np.testing.assert_allclose(mine / mine.sum(axis=1, keepdims=True), theirs.predict_proba(matrix), atol=1e-5)
    assert iterations > 1 and stopped in fitting.STOPS[:2] and abs(float(bias.sum())) < 1e-9


@pytest.mark.parametrize("shift", [0.0, 0.3, 3.0])
def test_a_fit_started_from_other_weights_finds_the_same_minimum(shift):
    """``start``: the problem is strictly convex, so a fit started anywhere finds the minimum a fit
    from zeros finds; started at it, or near it, in fewer iterations."""
    from scipy.sparse import random as sparse_random

    matrix = sparse_random(300, 40, density=0.15, format="csr", random_state=3)
    labels, weights = np.arange(300) % 4, np.ones(300)
    coef, bias, iterations, _ = fitting.fit(matrix, labels, weights, 4, 10.0, tol=1e-8)
    noise = np.random.default_rng(7).normal(0, shift, coef.shape)
    again, again_bias, again_iterations, stopped = fitting.fit(matrix, labels, weights, 4, 10.0, tol=1e-8, start=(coef + noise, bias))
    np.testing.assert_allclose(again, coef, atol=1e-4)  # weights near 1: the same minimum, to the fit's tolerance
    np.testing.assert_allclose(again_bias, bias, atol=1e-4)
    assert stopped in fitting.STOPS[:2] and (again_iterations < iterations if shift == 0 else again_iterations > 0)


def test_a_learning_starts_from_the_classifier_learned_before_where_it_has_the_feature_and_class():
    from kb.checks.classifier import Classifier
    from kb.checks.learn import starting

    before = Classifier([("a.x", 1), ("b.y", -1), ("", 0)], {"goad": 1.0, "gone": 1.0}, {"goad": {0: 1.5}, "gone": {1: -0.5, 2: 0.25}}, [0.1, 0.2, -0.3])
    model = Classifier([("a.x", 1), ("c.z", 1), ("b.y", -1), ("", 0)], {"goad": 1.0, "new": 1.0}, {}, [0.0] * 4)
    coef, bias = starting(before, model)
    rows = list(model.row)
    assert coef[rows.index("goad"), 0] == 1.5 and not coef[rows.index("new")].any() and not coef[:, 1].any()
    assert bias.tolist() == pytest.approx([0.1, 0.0, 0.2, -0.3])


@pytest.mark.parametrize("maxcor, spread", [(1, 10.0), (5, 100.0), (5, 1.0)])
def test_the_learners_lbfgs_finds_a_quadratics_minimum_in_place(maxcor, spread):
    rng = np.random.default_rng(maxcor)
    scale, centre = rng.uniform(1.0, spread, 200), rng.normal(0, 3, 200)

    def objective(x, gradient):
        np.multiply(scale, x - centre, out=gradient)
        return 0.5 * float(scale @ (x - centre) ** 2)

    x = np.zeros(200)
    iterations, stopped = fitting.minimise(objective, x, maxcor, 1e-8, 500)
    assert 0 < iterations < 500 and stopped in fitting.STOPS[:2]
    np.testing.assert_allclose(x, centre, atol=1e-5)  # it may stop on a value lowered by 64 ε, as L-BFGS-B does


@pytest.mark.parametrize("max_iter, tol, stop", [(2, 1e-8, "max_iter reached"), (500, 1e3, "gradient below tol")])
def test_the_learners_minimiser_says_why_it_stopped(max_iter, tol, stop):
    def objective(x, gradient):
        np.multiply(x - 5.0, 3.0, out=gradient)
        return 1.5 * float((x - 5.0) @ (x - 5.0))

    assert fitting.minimise(objective, np.zeros(10), 3, tol, max_iter)[1] == stop


@pytest.mark.parametrize("rows, cols, density", [(50, 30, 0.2), (1, 5, 1.0), (40, 20, 0.0)])
def test_the_learners_product_writes_the_sparse_product_into_its_array(rows, cols, density):
    from scipy.sparse import random as sparse_random

    part = sparse_random(rows, cols, density=density, format="csr", random_state=rows)
    dense = np.random.default_rng(cols).normal(size=(cols, 7))
    out = np.full((rows, 7), 99.0)
    fitting.product(part, dense, out)
    np.testing.assert_allclose(out, part @ dense)


def test_the_learners_product_takes_a_dense_side_of_any_layout():
    from scipy.sparse import random as sparse_random

    part = sparse_random(30, 20, density=0.3, format="csr", random_state=3)
    dense = np.asfortranarray(np.random.default_rng(4).normal(size=(20, 6)))
    out = np.zeros((30, 6))
    fitting.product(part, dense, out)
    np.testing.assert_allclose(out, part @ dense)


@pytest.mark.parametrize("out", [np.zeros((6, 30)).T, np.zeros((30, 12))[:, ::2], np.zeros((30, 6), dtype=np.float32)])
def test_the_learners_product_refuses_an_array_it_cannot_write_through(out):
    from scipy.sparse import random as sparse_random

    part = sparse_random(30, 20, density=0.3, format="csr", random_state=3)
    with pytest.raises(ValueError, match="C-contiguous float64"):
        fitting.product(part, np.ones((20, 6)), out)


def test_the_learners_axpy_adds_in_place():
    x, y = np.arange(5.0), np.ones(5)
    fitting.axpy(x, y, 2.0)  # the caller's own array holds the sum: nothing is returned
    np.testing.assert_allclose(y, 1.0 + 2.0 * np.arange(5.0))


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


@pytest.mark.parametrize(
    "polarity, chance, linked",
    [
        (1, L.NEAR_MISS_SURE - 0.01, []),  # sure of the claim, less of its polarity: the near miss wins
        (-1, L.NEAR_MISS_SURE - 0.01, []),
        (1, L.NEAR_MISS_SURE, ["asserts"]),  # that sure, the classifier outranks a near miss
        (-1, 0.99, ["denies"]),
    ],
)  # fmt: skip
def test_no_classifier_link_when_a_near_miss_is_worded_more_like_the_ruling_unless_it_is_sure(polarity, chance, linked):
    """A near miss (an official ruling known to state something else) as near as the claim's
    nearest phrasing, or nearer, keeps the classifier from linking the claim, unless the
    classifier reads the polarity NEAR_MISS_SURE or surer."""
    claim = [("goad.stays", 1, "A goaded creature stays goaded after it attacks.", "en")]
    miss = [(L.NO_CLAIM, 1, "A goaded creature that attacks alone gets the exalted bonus.", "en")]
    ruling = "A goaded creature attacking alone gets the exalted bonus and stays goaded."
    classifier = Sure(polarity, chance, 0.0)
    alone = L.Linker(claim, {"goad.stays": ""}, classifier=classifier).match(ruling, "en", frozenset())
    assert [link.claim for link in alone] == ["goad.stays"]
    found = L.Linker(claim + miss, {"goad.stays": ""}, classifier=classifier).match(ruling, "en", frozenset())
    assert [link.polarity for link in found] == linked


MANA_ABILITY = "A mana ability is one that makes mana, not one that costs mana."


@pytest.mark.parametrize(
    "denial, linked",
    [
        # a sentence of a longer denial with FRAGMENT content features or fewer is no phrasing by itself
        ("A {1} in the cost? Mana ability.", []),
        ("Pay {1} to use it? A mana ability.", []),
        # a denial of one sentence that short is a phrasing like any other
        ("It is a mana ability.", ["denies"]),
    ],
)  # fmt: skip
def test_a_short_sentence_of_a_longer_phrasing_links_nothing_by_itself(denial, linked):
    phrasings = [("mana.makes", 1, MANA_ABILITY, "en"), ("mana.makes", -1, denial, "en")]
    linker = L.Linker(phrasings, {"mana.makes": ""})
    assert [link.polarity for link in linker.match("This ability is a mana ability.", "en", frozenset())] == linked


ANSWER = "Madness moves it into exile first, and the trigger lets its owner cast it from there for the madness price."


@pytest.mark.parametrize(
    "paraphrase, linked",
    [
        # the question of a question and its answer is no phrasing by itself: it has the claim's words, not its polarity
        (f"Is a madness card cast from the graveyard? {ANSWER}", []),
        # the same words stated are a phrasing like any other
        (f"A madness card is cast from the graveyard. {ANSWER}", ["asserts"]),
    ],
)  # fmt: skip
def test_a_question_of_a_longer_phrasing_links_nothing_by_itself(paraphrase, linked):
    linker = L.Linker([("madness.exile", 1, paraphrase, "en")], {"madness.exile": ""})
    assert [link.polarity for link in linker.match("Cards cast with madness are cast from the graveyard.", "en", frozenset())] == linked


WAITS = "The spell you discarded the card for waits: the madness trigger resolves before it."


@pytest.mark.parametrize(
    "classifier, polarities",
    [
        (lambda: None, ["asserts"]),  # no classifier: the phrasing's reading
        # the classifier reads the other polarity, sure enough: the phrasing's reading gives way to the classifier's
        (lambda: Sure(-1, L.VETO, 0.1, "madness.waits"), ["denies"]),
        # not sure enough, or surer of the phrasing's own polarity: the phrasing's reading stands,
        # undetermined when the denial is likelier than DOUBT
        (lambda: Sure(-1, L.DOUBT, 0.0, "madness.waits"), ["asserts"]),
        (lambda: Sure(-1, (L.DOUBT + L.ALONE) / 2, 0.0, "madness.waits"), ["undetermined"]),
        # under VETO, but sure enough to deny the claim by itself (ALONE): the classifier's denial
        (lambda: Sure(-1, L.VETO - 0.05, 0.0, "madness.waits"), ["denies"]),
        (lambda: Sure(-1, L.VETO, L.VETO + 0.05, "madness.waits"), ["undetermined"]),
    ],
)  # fmt: skip
def test_a_link_read_from_a_phrasing_gives_way_to_a_classifier_sure_of_the_other_polarity(classifier, polarities):
    linker = L.Linker([("madness.waits", 1, WAITS, "en")], {"madness.waits": ""}, classifier=classifier())
    found = linker.match("The spell you discarded the card for resolves first: the madness trigger waits.", "en", frozenset())
    assert [link.polarity for link in found] == polarities


STOPS = "A goaded creature stops being goaded once it has attacked."
DOESNT_STOP = "A goaded creature doesn't stop being goaded once it has attacked."


@pytest.mark.parametrize(
    "chance, polarity",
    [
        (lambda: max(L.ASSERTING, L.ALONE_ASSERTS), "asserts"),
        (lambda: max(L.ASSERTING, L.OVERRULING, L.ALONE_ASSERTS - 0.02), "undetermined"),  # sure enough to link it, not to assert it
        # sure enough against a phrasing that reads it so, not against one in doubt: sure of the claim, undetermined
        (lambda: max(L.ASSERTING, L.ALONE, L.OVERRULING - 0.05, L.ABOUT), "undetermined"),
    ],
)  # fmt: skip
def test_asserting_where_the_nearest_phrasing_is_in_doubt_takes_overruling(chance, polarity):
    # a denial turned over by a negation is no assertion: the phrasing reads the ruling in doubt
    phrasings = [("goad.stays", -1, STOPS, "en")]
    linker = L.Linker(phrasings, {"goad.stays": ""}, classifier=Sure(1, chance()))
    assert [link.polarity for link in linker.match(DOESNT_STOP, "en", frozenset())] == ([polarity] if polarity else [])


_FEATURE = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n"), min_size=1, max_size=8)


@st.composite
def classifiers(draw) -> Classifier:
    """A small classifier: some claims, neutral features with an idf, grams without, sparse weights."""
    claims = draw(st.lists(st.from_regex(r"[a-z]{1,6}\.[a-z]{1,6}", fullmatch=True), min_size=1, max_size=4, unique=True))
    classes = [(c, p) for c in claims for p in (1, -1)] + [NONE]
    names = draw(st.lists(_FEATURE, min_size=1, max_size=12, unique=True))
    neutral = [n for n in names if not n.startswith("~")]
    idf = {n: draw(st.floats(0.5, 9.0)) for n in neutral}
    grams = draw(st.lists(_FEATURE.map(lambda f: "~" + f), max_size=6, unique=True))
    weights = {f: draw(st.dictionaries(st.integers(0, len(classes) - 1), st.floats(-5, 5, width=32), max_size=len(classes)))
               for f in neutral + grams}  # fmt: skip
    bias = draw(st.lists(st.floats(-3, 3), min_size=len(classes), max_size=len(classes)))
    return Classifier(classes, idf, weights, bias, draw(st.text(max_size=10)))


@settings(max_examples=60, deadline=None)
@given(model=classifiers())
def test_any_classifier_saved_loads_the_same(tmp_path_factory, model):
    path = tmp_path_factory.mktemp("saved") / "claim_classifier.zip"
    save(model, path)
    again = load(path)
    assert (again.classes, again.checksum, again.idf) == (model.classes, model.checksum, model.idf)
    assert {f: again.weights(f) for f in again.row} == {f: model.weights(f) for f in model.row}
    assert np.array_equal(again.bias, model.bias)


@settings(max_examples=60, deadline=None)
@given(model=classifiers(), data=st.data())
def test_scores_are_the_weighted_sum_whichever_rows_are_held_dense(model, data):
    """A sentence's scores are its features' values times their weights, plus the bias, whether a
    feature's weights are held as a dense row (DENSE) or sparse."""
    import kb.checks.classifier as module

    names = list(model.row)
    found = data.draw(st.sets(st.sampled_from(names)))
    rows, values = model.vector(found)
    expected = model.bias.copy()
    for row, value in zip(rows.tolist(), values.tolist()):
        for column, weight in model.weights(names[row]).items():
            expected[column] += value * weight
    for dense in (1, 2, 10**9):
        kept, module.DENSE = module.DENSE, dense
        try:
            again = Classifier.from_arrays(model.classes, names, model.idf_array, model.indptr, model.indices, model.data,
                                           model.bias, model.checksum)  # fmt: skip
        finally:
            module.DENSE = kept
        assert np.allclose(again.scores(found), expected, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize(
    "labelled, polarity",
    [
        # no label: the denial it is worded like reads it
        ((), "denies"),
        # labelled as stating the claim (its very text, read by reviewers): that reading wins
        ((("goad.stays", 1, "A goaded creature stays goaded, not only until it attacks; it isn't freed.", "en", False),), "asserts"),
        # labelled as outdated (denying it): so it links, however a phrasing reads it
        ((("goad.stays", -1, "A goaded creature stays goaded, not only until it attacks; it isn't freed.", "en", False),), "denies"),
    ],
)  # fmt: skip
def test_a_labelled_ruling_links_as_labelled_whatever_a_phrasing_reads(labelled, polarity):
    phrasings = [("goad.stays", -1, "A goaded creature stays goaded, not only until it attacks; it isn't freed.", "en"),
                 *labelled]
    # a classifier sure of the denial: with the label, its own text ties with the denial, and the classifier reads on
    linker = L.Linker(phrasings, {"goad.stays": ""}, classifier=Sure(-1, 0.95))
    found = linker.match("A goaded creature stays goaded, not only until it attacks; it isn't freed.", "en", frozenset())
    assert [link.polarity for link in found] == [polarity]


class Reads:
    """A classifier that reads the same (claim, polarity) → probability in every sentence."""

    def __init__(self, chances: dict):
        self.chances = chances

    def read(self, sentences):
        return [None for _ in sentences]

    def best(self, sentences, claims, scored=None):
        found = {c: p for c, p in self.chances.items() if c[0] in claims}
        return list(found), np.array(list(found.values()), dtype=float)


TRIGGERS = "Split second never prevents an ability from triggering."


@pytest.mark.parametrize(
    "ruling, chances, claims",
    [
        # the phrasing's words (0.93), and no other claim read: the phrasing's claim
        ("Split second never prevents a card's ability from triggering.", dict, ["split.triggers"]),
        # the classifier reads the sentence as another claim, sure (OUTWEIGHED) and surer by the
        # margin: the phrasing's claim goes, the classifier's own is linked
        ("Split second never prevents a card's ability from triggering.",
         lambda: {("split.suspend", -1): L.OUTWEIGHED}, ["split.suspend"]),
        ("Split second never prevents a card's ability from triggering.",
         lambda: {("split.suspend", -1): L.OUTWEIGHED, ("split.triggers", 1): L.OUTWEIGHED - L.OUTWEIGHED_MARGIN - 0.02},
         ["split.suspend"]),
        # not sure enough of the other claim, or not by the margin: both stand
        ("Split second never prevents a card's ability from triggering.",
         lambda: {("split.suspend", -1): L.OUTWEIGHED - 0.05}, ["split.triggers", "split.suspend"]),
        ("Split second never prevents a card's ability from triggering.",
         lambda: {("split.suspend", -1): L.OUTWEIGHED, ("split.triggers", 1): L.OUTWEIGHED - L.OUTWEIGHED_MARGIN + 0.05},
         ["split.triggers", "split.suspend"]),
        # a ruling worded as a known phrasing keeps its link, whatever the classifier reads
        (TRIGGERS, lambda: {("split.suspend", -1): 0.9}, ["split.triggers", "split.suspend"]),
    ],
)  # fmt: skip
def test_a_link_read_from_a_phrasing_gives_way_when_the_classifier_reads_its_sentence_as_another_claim(ruling, chances, claims):
    phrasings = [("split.triggers", 1, TRIGGERS, "en"), ("split.suspend", -1, "Split second stops you from suspending a card.", "en")]
    linker = L.Linker(phrasings, {"split.triggers": "", "split.suspend": ""}, classifier=Reads(chances()))
    assert [link.claim for link in linker.match(ruling, "en", frozenset())] == claims


NEARLY = ("Split second never prevents an ability from triggering: the ability is put on the stack the next time a player "
          "would receive priority, after the spell with split second has left the stack, even during combat on an opponent's "
          "turn, and its controller chooses its targets then.")


@pytest.mark.parametrize(
    "ruling, claims",
    [
        # one word more than the phrasing (cosine 0.957, KEPT or more): its link stays, whatever the classifier reads
        (NEARLY[:-1] + ", as with any creature.", ["a.nearly", "b.other"]),
        # the phrasing's words with a clause dropped (below KEPT): the classifier's other claim outweighs it
        (("Split second never prevents an ability from triggering: the ability is put on the stack the next time a player "
          "would receive priority, after the spell with split second has left the stack."), ["b.other"]),
    ],
)  # fmt: skip
def test_a_link_worded_nearly_as_its_phrasing_is_not_outweighed(ruling, claims):
    phrasings = [("a.nearly", 1, NEARLY, "en"), ("b.other", -1, "Split second stops you from suspending a card.", "en")]
    linker = L.Linker(phrasings, {"a.nearly": "", "b.other": ""}, classifier=Reads({("b.other", -1): 0.9}))
    found = linker.match(ruling, "en", frozenset())
    assert [link.claim for link in found] == claims
    assert all(link.score < 1.0 for link in found if link.claim == "a.nearly")  # near, not word for word


SHARED_SENTENCE = [("a.counter", 1, "Turning it face up puts a counter on it. It doesn't use the stack and can't be responded to.", "en"),
                   ("b.special", 1, "Turning it face up is a special action. It doesn't use the stack and can't be responded to.", "en")]


@pytest.mark.parametrize("tags, claims", [
    ({"x", "y"}, []),              # both claims allowed hold the sentence: it says neither alone
    ({"x"}, ["a.counter"]),        # one allowed claim holds it: its
    ({"y"}, ["b.special"]),
])
def test_a_short_sentence_several_allowed_claims_share_links_none_of_them(tags, claims):
    linker = L.Linker(SHARED_SENTENCE, {"a.counter": "x", "b.special": "y"})
    found = linker.match("Cast it any time you have priority. It doesn't use the stack and can't be responded to.", "en", frozenset(tags))
    assert [link.claim for link in found] == claims


STAYS = "A goaded creature stays goaded after it attacks."


@pytest.mark.parametrize(
    "chances, faint, polarity",
    [
        # the classifier reads the denial too: the denial read from the phrasing (0.894) stands
        ({("goad.stays", -1): 0.6, ("goad.stays", 1): 0.1}, None, "denies"),
        # it reads the claim asserted (DENIAL_DOUBT or more, and likelier than denied): in doubt
        ({("goad.stays", -1): 0.1, ("goad.stays", 1): L.DENIAL_DOUBT}, None, "undetermined"),
        ({("goad.stays", -1): 0.2, ("goad.stays", 1): L.DENIAL_DOUBT + 0.2}, None, "undetermined"),
        # asserted likely, denied likelier: the denial stands
        ({("goad.stays", -1): 0.6, ("goad.stays", 1): L.DENIAL_DOUBT + 0.05}, None, "denies"),
        # it hardly reads the claim (under UNSEEN), and the phrasing matched under FAINT: in doubt
        ({("goad.stays", -1): L.UNSEEN / 2, ("goad.stays", 1): 0.0}, 0.9, "undetermined"),
        ({("goad.stays", -1): L.UNSEEN, ("goad.stays", 1): 0.0}, 0.9, "denies"),
        # ... matched at FAINT or more (0.894 against 0.85): the phrasing's reading stands
        ({("goad.stays", -1): L.UNSEEN / 2, ("goad.stays", 1): 0.0}, None, "denies"),
    ],
)  # fmt: skip
def test_a_denial_the_classifier_reads_asserted_or_not_at_all_is_undetermined(monkeypatch, chances, faint, polarity):
    from kb.checks import second_opinion

    if faint is not None:
        monkeypatch.setattr(second_opinion, "FAINT", faint)
    linker = L.Linker([("goad.stays", 1, STAYS, "en")], {"goad.stays": ""}, classifier=Reads(chances))
    found = linker.match("A goaded creature stops being goaded after it attacks.", "en", frozenset())  # the phrasing turned over
    assert [(link.claim, link.polarity) for link in found] == [("goad.stays", polarity)]
