"""Learn a tag for every keyword ability and keyword action from the rules and the printed cards.

    python -m kb.learn.mechanics /work/shared/corpus --out kb/vocab/mechanics.yaml

Sources (all under the corpus folder):

* ``comprules/MagicCompRules-*.json``: rules 701.N (keyword actions) and 702.N (keyword
  abilities) give each mechanic its number and English name; their sub-rules give variants
  ("Multikicker is a variant of the kicker ability"), old names ("printed with the ability
  “totem armor”") and the English words the rules use for it ("kicked", "foretold").
* ``cards_it.jsonl`` and ``mtgjson/*.json(.gz)``: the English and Italian printed texts of the
  same cards, aligned line by line. A line of keywords ("Flying, first strike" ↔ "Volare, attacco
  improvviso", "Kicker {2}{R}" ↔ "Potenziamento {2}{R}") gives a keyword ability its Italian label;
  clauses that open with a keyword action ("Destroy target creature." ↔ "Distruggi una creatura
  bersaglio.") give a keyword action its Italian verb. Words of the same family that occur on
  the lines of a mechanic and rarely elsewhere ("potenziata", "sacrificata") become forms too.
* ``names_it.tsv`` (and the cards of ``rulings_en.jsonl``): card names, English and Italian. A
  multi-word card name that holds a form of a tag ("Descent into Madness") becomes a ``not``
  context of that tag, so the name does not tag the mechanic; the lower-case words inside names
  ("into", "over") are written out as ``name_connectors`` for masking the card names of a
  ruling's text.

Then ``REVIEW`` (kb/learn/review.py) applies what a person decided after reading the results and
the rulings they tag: forms that are too ambiguous to tag by, forms that only some contexts make
precise, exact words, ``not`` contexts (the noun "counter" is not the keyword action counter),
``with`` words (create needs a token). Every such decision says why in the entry's ``comment``. Nothing in REVIEW adds an Italian label: Italian
labels come only from the cards; a keyword never printed on an Italian card in the data has none.

Where each part lives: the rules in ``kb.learn.rules``, the cards in ``kb.learn.cards``, keyword
abilities in ``kb.learn.abilities``, keyword actions in ``kb.learn.actions`` (their Italian labels
chosen by ``kb.learn.labels``), word families in ``kb.learn.families``, the forms in
``kb.learn.mechanic_forms``, card names in ``kb.learn.names``; this module runs them and writes
the YAML.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kb.learn.abilities import learn_abilities
from kb.learn.actions import learn_actions, longer_names
from kb.learn.cards import CardText, read_corpus
from kb.learn.families import learn_families
from kb.learn.mechanic_forms import learned_forms, reviewed_forms
from kb.learn.names import learn_connectors, name_contexts, read_names
from kb.learn.rules import read_rules


def read_cards(corpus: Path) -> list[CardText]:
    """The cards of the corpus with both texts, each distinct card (name and texts) once."""
    seen: set = set()
    out: list[CardText] = []
    for card in read_corpus(corpus):
        if not (card.text_en and card.text_it):
            continue
        key = (card.card, card.text_en, card.text_it)
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


HEADER = """\
# Keyword abilities (702.N) and keyword actions (701.N) of the Comprehensive Rules, with the
# labels printed on Italian cards. GENERATED: do not edit; regenerate with
#
#     python -m kb.learn.mechanics /work/shared/corpus --out kb/vocab/mechanics.yaml
#
# and put the decisions of a review in REVIEW (kb/learn/review.py).
#
# Per tag: rules (its rule number), label (English name; Italian label as printed, when the
# Italian cards of the data print it), labels_it (every Italian label printed on at least 10%
# as many cards as the commonest), evidence (aligned English/Italian card lines or clauses that
# gave the Italian label; cards with the mechanic), forms (what rulings say, matched as in
# kb/vocab/tags.yaml), not (contexts that cancel a match over the same words: card names that
# hold a form, and the contexts a review found), with (words one of which a ruling must have for
# the tag to count), comment (what was decided and why).
# name_connectors: lower-case words found inside card names, for masking names in rulings.
"""


def _flow(values) -> str:
    return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in values) + "]"


def render(entries: list[dict], connectors: list[str], sources: dict) -> str:
    lines = [HEADER.rstrip("\n"), f"source: {json.dumps(sources, ensure_ascii=False)}",
             f"name_connectors: {_flow(connectors)}", "tags:"]  # fmt: skip
    for e in entries:
        lines.append(f"  - id: {e['id']}")
        lines.append(f"    kind: {e['kind']}")
        lines.append(f"    rules: {_flow(e['rules'])}")
        lines.append(f"    label: {json.dumps(e['label'], ensure_ascii=False)}")
        if e.get("labels_it"):
            lines.append(f"    labels_it: {_flow(e['labels_it'])}")
        lines.append(f"    evidence: {json.dumps(e['evidence'])}")
        lines.append("    forms:")
        for lang in ("en", "it"):
            lines.append(f"      {lang}: {_flow(e['forms'].get(lang, []))}")
        if any(e.get("with", {}).values()):
            lines.append("    with:")
            for lang in ("en", "it"):
                if e["with"].get(lang):
                    lines.append(f"      {lang}: {_flow(e['with'][lang])}")
        if any(e.get("not", {}).values()):
            lines.append("    not:")
            for lang in ("en", "it"):
                if e["not"].get(lang):
                    lines.append(f"      {lang}: {_flow(e['not'][lang])}")
        if e.get("comment"):
            lines.append(f"    comment: {json.dumps(e['comment'], ensure_ascii=False)}")
    return "\n".join(lines) + "\n"



def build(corpus: Path) -> tuple[list[dict], list[str], dict]:
    rules_path = sorted((corpus / "comprules").glob("MagicCompRules-*.json"))[-1]
    mechanics = read_rules(rules_path)
    cards = read_cards(corpus)
    learn_abilities(mechanics, cards)
    learn_actions(mechanics, cards, longer_names(mechanics))
    learn_families(mechanics, cards)
    entries = []
    for m in mechanics:
        forms, contexts, needs, comment = reviewed_forms(m, learned_forms(m))
        label = {"en": m.name}
        labels_it = list(m.it_labels)
        if labels_it:
            label["it"] = labels_it[0][0].upper() + labels_it[0][1:]
        else:
            never = "never printed on an Italian card in the data" if not m.cards else \
                "printed on cards without Italian text in the data, or not as a label that aligns"
            comment = f"No Italian label: {never}. " + comment
        entry = {"id": m.id, "kind": m.kind, "rules": [m.number], "label": label,
                 "labels_it": [lbl[0].upper() + lbl[1:] for lbl in labels_it],
                 "evidence": {"it": sum(m.it_labels.values()), "cards": len(m.cards)},
                 "forms": forms, "not": contexts, "with": needs, "comment": comment.strip()}  # fmt: skip
        entries.append(entry)
    names = read_names(corpus, cards)
    by_name = name_contexts(entries, names)
    for e in entries:
        for lang, found in by_name.get(e["id"], {}).items():
            e["not"][lang] = [*e["not"].get(lang, []), *(n for n in found if n not in e["not"].get(lang, []))]
    sources = {"rules": rules_path.name, "cards": "cards_it.jsonl + mtgjson/*.json.gz",
               "names": "names_it.tsv", "cards_read": len(cards)}  # fmt: skip
    return entries, learn_connectors(names), sources


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.learn.mechanics", description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path,
                        help="the corpus folder (comprules/, cards_it.jsonl, mtgjson/, names_it.tsv, rulings_en.jsonl)")
    parser.add_argument("--out", type=Path, help="where to write the YAML (default: standard output)")
    args = parser.parse_args(argv)
    entries, connectors, sources = build(args.corpus)
    text = render(entries, connectors, sources)
    from kb.text.vocabulary import load

    load(text)  # a form with no searchable word, a bad exact word: fail here, not when kb loads it
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        labelled = sum(1 for e in entries if e["label"].get("it"))
        print(f"{args.out}: {len(entries)} mechanics, {labelled} with an Italian label", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
