"""The claim classifier's second opinion on the links read from phrasings (kb.checks.links).

A link read from a phrasing has the phrasing's words; the classifier (kb.checks.classifier) reads
the ruling's meaning from all the phrasings at once. Where they disagree, the link gives way:

- ``outweighed``: the classifier reads the sentence the link was read in as another claim
  (OUTWEIGHED, by OUTWEIGHED_MARGIN): "split second never prevents you from suspending a card"
  has the words of "split second never prevents an ability from triggering", and says
  something else;
- ``vetoed``: it reads the claim the other way round, sure (VETO): "the spell resolves first;
  the trigger waits" has the phrasing's words in the opposite order;
- ``doubted``: it reads an asserted claim denied likelier than DOUBT: the link is undetermined,
  or the classifier's own denial; it reads a denied claim asserted likelier than DENIAL_DOUBT (and
  than denied), or hardly reads the claim at all (UNSEEN) that the phrasing matched only faintly
  (FAINT): the denial is undetermined ("Equipment
  attached to the creature become unattached but remain on the battlefield" against a phrasing
  whose "stops being a creature" is the only negation).

A link worded as a known phrasing (score 1) stays as it is; one worded nearly so (KEPT) is not
outweighed.
"""

from __future__ import annotations

from kb.checks.classifier import chances
from kb.checks.registration import ASSERTED, DENIED
from kb.records import ASSERTS, DENIES, UNDETERMINED, Link

VETO = 0.8  # a link read from a phrasing gives way when the classifier reads the other polarity this sure, and surer than its own (dev halves: set 1 one contradiction fewer passing, set 2 one true link fewer; 0.4 one more fewer passing, and a true link fewer)
DOUBT = 0.2  # an asserting link is undetermined when the classifier reads the claim denied likelier than this (dev halves of sets 1 to 4: 9 contradictions passing to 5, recall with the right polarity 0.637 / 0.628 / 0.488 / 0.571 to 0.637 / 0.617 / 0.486 / 0.551; 0.1: the same passing, 1 to 3 points less; the assertion less likely than 0.5 as well: no fewer passing, and 143 corpus rulings of claims other claims outweigh undetermined)
OUTWEIGHED = 0.5  # the least probability of another claim (both polarities, in the window a phrasing was matched in) that unlinks the phrasing's claim (dev halves of sets 1 to 4, against none: precision 0.924 / 0.944 / 0.976 / 0.982 to 0.940 / 0.955 / 0.981 / 0.982, recall the same, contradictions passing 5 to 4, true sentences failing 39 to 38; 0.3 to 0.5 alike, 0.7 as none; corpus: 73 rulings of 14 texts lose one of two or three links, none its last, and a link judged "none" in bench/corpus_judged.yaml goes)
OUTWEIGHED_MARGIN = 0.3  # ... and by how much more than the phrasing's claim (0.1 to 0.3 alike; 0.5 as none)
DENIAL_DOUBT = 0.3  # a denying link is undetermined when the classifier reads the claim asserted this likely, and likelier than denied (dev halves of sets 1 to 4, against none: true sentences failing 0.146 / 0.085 / 0.077 / 0.041 to 0.135 / 0.068 / 0.073 / 0.041, no contradiction failing fewer, none passing more; 0.2 to 0.3 alike, 0.5 changes no dev item; corpus: Otherworldly Journey's true Equipment ruling, read as denying `attach.equipment_stays_unattached` by turning over a phrasing whose only negation is "stops being a creature", no longer fails)
UNSEEN = 0.2  # ... or matched its phrasing below FAINT and the classifier reads the claim, both polarities together, less likely than this: two weak readings (corpus: Singing Bell Strike's "Only the creature's controller can activate this ability", matched at the threshold, 0.8, to an Italian denial of `attach.control_separate` the classifier gives 0.1, no longer fails; "Attacking with a goaded creature causes it to stop being goaded", matched at 0.9 and read 0.18 by the classifier, still fails, as it must)
FAINT = 0.85
KEPT = 0.95  # ... unless the phrasing matched this near: its words nearly word for word ("To determine the total cost of a Dinosaur spell, start with the mana cost…" lost `cost.total_cost` to the claim of its second sentence; dev halves of sets 1 to 4, against 1 only: one true link more on set 2, nothing else changed; corpus: 37 rulings of 15 texts gain a link, none lost, 25 of them "Equipment attached to the exiled creature will become unattached…"; 0.97: 11 rulings of 8 texts)


def outweighed(classifier, near: tuple, allowed: frozenset, class_scores: list) -> tuple:
    """The links read from phrasings (each with the window it was read in) but those whose
    window the classifier reads as another claim (OUTWEIGHED, by OUTWEIGHED_MARGIN more than
    this one): "split second never prevents you from suspending a card" words "split second
    never prevents an ability from triggering" closely, and says something else; a link worded
    as a known phrasing, or nearly (KEPT), stays."""
    kept = []
    for link, place in near:
        if link.score < KEPT:
            total = chances(classifier, (), allowed, [class_scores[place]])[1]
            least = total.get(link.claim, 0.0) + OUTWEIGHED_MARGIN
            if any(claim != link.claim and chance >= max(OUTWEIGHED, least) for claim, chance in total.items()):
                continue
        kept.append((link, place))
    return tuple(kept)


def vetoed(near: tuple[Link, ...], best: dict) -> tuple[Link, ...]:
    """The links read from phrasings but those the classifier reads the other way (VETO, and surer;
    ``best``: (claim, polarity) → the classifier's probability at its best window)."""
    kept = []
    for link in near:
        own, other = (ASSERTED, DENIED) if link.polarity == ASSERTS else (DENIED, ASSERTED)
        against = best.get((link.claim, other), 0.0)
        if not (against >= VETO and against > best.get((link.claim, own), 0.0)):
            kept.append(link)  # else "resolves first; the trigger waits": the phrasing's words, the order reversed
    return tuple(kept)


def doubted(found: dict[str, Link], best: dict, classified: Link | None = None) -> dict[str, Link]:
    """The links, those asserting a claim the classifier reads denied likelier than DOUBT
    (``best``, as for ``vetoed``) made undetermined (a false ruling that words a true one's
    words the other way round passes no check), or the classifier's own denial of that claim
    (``classified``: "Madness only works if you discard the card to pay a cost" against "any
    discard works"; dev halves: 3 more contradictions failing, no true sentence failing, no
    corpus verdict changed); a link worded as a known phrasing (score 1) stays as it is. A denying
    link the classifier reads asserted likelier than DENIAL_DOUBT (and than denied), or whose
    claim it hardly reads at all (UNSEEN) when its phrasing matched faintly (FAINT), is undetermined too: a true ruling fails no check on
    a reading the classifier doesn't share."""
    kept = {}
    for claim, link in found.items():
        asserted, denied = best.get((claim, ASSERTED), 0.0), best.get((claim, DENIED), 0.0)
        if link.polarity == ASSERTS and link.score < 1.0 and denied > DOUBT:
            own = classified is not None and classified.claim == claim and classified.polarity == DENIES
            link = classified if own else Link(claim, UNDETERMINED, link.score, link.evidence)
        elif link.polarity == DENIES and (asserted >= DENIAL_DOUBT and asserted > denied or link.score < FAINT and asserted + denied < UNSEEN):
            link = Link(claim, UNDETERMINED, link.score, link.evidence)
        kept[claim] = link
    return kept
