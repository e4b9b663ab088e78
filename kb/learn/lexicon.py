"""Learn a bilingual lexicon of Magic terms from the English and Italian printed texts of cards.

    python -m kb.learn.lexicon /work/shared/corpus --out kb/vocab/lexicon.tsv

The corpus folder holds ``cards_it.jsonl`` (``{card, name_it, type_it, text_it, text_en, set}``)
and, optionally, MTGJSON set files ``mtgjson/*.json(.gz)``, streamed with ijson (their Italian
``foreignData`` give type lines too). The two texts of a card are a small parallel corpus; the
English one is the current Oracle text, the Italian one as printed (older cards: older wording).

1. Segments. The lines of a card's two texts are paired when both have as many lines (and the
   type lines, cut at the dash); a pair is cut further into its reminder text (the parenthesised
   parts), its cost and effect (around ":") and its sentences when both sides have as many of
   each. Each text's own card name (and its short form before a comma: "Tymna" for "Tymna the
   Weaver") is blanked first, so that names are not learned. Pairs whose term counts differ
   wildly (MAX_RATIO, SLACK) are skipped. A reprint with the same texts counts once; a segment
   met again on another card ("Flying" / "Volare" on a thousand cards) is kept once with weight
   1 + ln(times seen): repeats count, but boilerplate does not drown the rest.
2. Units. Each side is analysed with ``kb.text.analysis.terms`` (stop words out, Snowball stems;
   a few meaningless leftovers, WEAK, count as stop words); units are runs of 1..MAX_N
   consecutive terms that cross no punctuation, number or symbol, nor an English "non-" word
   (Italian writes "non terra" for "nonland", and "non" is a stop word: the translation would
   lose the negation). A unit that is a piece of a longer phrase ("campo" of "campo di
   battaglia": FRAGMENT) is no candidate.
3. Association. For each EN/IT unit pair seen together in ≥ MIN_COUNT segments, the Dice
   coefficient of the (weighted) segments holding each, with a PRIOR so that little evidence
   means less association. A multi-term pair is a candidate only if it is *atomic*: it cannot be
   cut into two smaller pairs that are each about as associated (ATOMIC) and each live outside
   it (BOUND). "first strike" / "attacco improvviso" and "face down" / "a faccia in giù" are
   atomic; "flying until end of turn" / "volare fino alla fine" is two pairs.
4. Competitive linking (Melamed 2000) over spans. In each segment the candidate pairs are linked
   best Dice first (the longer pair wins a near tie: TIE), each term in at most one link. A new
   link at once absorbs unlinked neighbouring terms when the longer pair is a candidate at least
   ABSORB as associated and those terms have no better link of their own to make: "enters the
   battlefield" / "entra" + "nel campo di battaglia"; "face" + "up" / "faccia".
5. Selection. A pair linked in ≥ MIN_LINKS segments (MIN_LINKS_MULTI for multi-term pairs) that
   takes ≥ MINOR of the links of each of its sides is scored: the larger of the two shares, times
   links / (links + SHRINK). Pairs scoring ≥ MIN_SCORE, with a Dice ≥ MIN_ASSOC (words that
   seldom have a counterpart, like "would", end up linked to leftovers), are kept, the best KEEP
   for each unit on both sides; so polysemous words keep each sense (counter / segnalino,
   counter / neutralizzare). Snowball gives some words two stems ("sacrifice" → sacrific,
   "sacrificed" → sacrif; "sacrifica" → sacrif, "sacrificare" → sacrific): a pair of stems of
   kept words (FAMILY) is kept on the share of links going to the word's stems. Dropped: pairs that are
   exactly a combination of shorter kept pairs ("target creature" = "target" + "creature"), and,
   of two kept pairs sharing a side where one is inside the other, the one padded with words
   that translate nothing ("shuffle" / "poi rimescola" beside "shuffle" / "rimescola") or else
   the one leaving words untranslated ("enters the battlefield" / "entra").

Each entry keeps both units as analysed terms, the most frequent surface form of each in its
linked segments (framed by a locution's prepositions when nearly always there: "a faccia in su"),
the score and the number of lines of evidence (linked segments, counting repeats).

Where each step lives, with the settings it uses (MAX_N, MIN_COUNT…): the cards are read by
``kb.learn.cards``; steps 1 and 2 are ``kb.learn.segments`` and ``kb.learn.corpus``, steps 3 and 4
``kb.learn.align``, step 5 ``kb.learn.selection``; this module runs them and writes the TSV.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Iterable, Sequence

from kb.learn.align import association, run_linking
from kb.learn.cards import CardText, read_corpus
from kb.learn.corpus import build_corpus
from kb.learn.selection import KEEP, MIN_LINKS, MIN_SCORE, Entry, select

HEADER_FIELDS = ("en_terms", "it_terms", "en_form", "it_form", "score", "count")


def learn(cards: Iterable[CardText], log=None) -> tuple[list[Entry], Counter]:
    """The lexicon entries learned from ``cards``, and counts describing the run."""
    say = log or (lambda _: None)
    t0 = time.perf_counter()
    corpus = build_corpus(cards)
    stats = corpus.stats
    say(f"{stats['segments']} segments ({stats['lines']} lines) from {stats['cards']} cards "
        f"({time.perf_counter() - t0:.1f}s)")
    assoc = association(corpus)
    stats["candidate pairs"] = sum(len(row) for row in assoc.values())
    say(f"{stats['candidate pairs']} candidate pairs ({time.perf_counter() - t0:.1f}s)")
    found = run_linking(corpus, assoc)
    stats["linked pairs"] = len(found)
    say(f"{len(found)} linked pairs ({time.perf_counter() - t0:.1f}s)")
    entries = select(found, corpus, assoc)
    stats["entries"] = len(entries)
    return entries, stats


# --- output --------------------------------------------------------------------------------------


def write_tsv(entries: Sequence[Entry], out: Path, stats: Counter, command: str) -> None:
    multi = sum(1 for e in entries if len(e.en) > 1 or len(e.it) > 1)
    lines = [
        "# kb: EN<->IT lexicon of Magic terms, learned from parallel printed card texts. Do not edit:",
        "# regenerate it (kb/learn/lexicon.py explains how it is learned).",
        f"# command: {command}",
        f"# date: {date.today().isoformat()}",
        f"# corpus: {stats['cards']} cards, {stats['segments']} distinct aligned segments "
        f"({stats['lines']} lines), {stats['candidate pairs']} candidate pairs, "
        f"{stats['linked pairs']} linked pairs",
        f"# entries: {len(entries)} ({len(entries) - multi} single-term, {multi} multi-term); kept: "
        f"links in >= {MIN_LINKS} segments, score >= {MIN_SCORE}, top {KEEP} per unit",
        "# columns: analysed terms (kb.text.analysis) EN, IT; most frequent surface forms EN, IT;",
        "#          score 0..1 (the pair's share of the links of its more faithful side, lower when",
        "#          evidence is little); count: lines of evidence (linked segments, repeats counted)",
        "\t".join(HEADER_FIELDS),
    ]
    for e in sorted(entries, key=lambda x: (x.en, x.it)):
        lines.append("\t".join([
            " ".join(e.en), " ".join(e.it), _clean(e.en_form), _clean(e.it_form),
            f"{e.score:.3f}", str(e.count),
        ]))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _clean(form: str) -> str:
    return " ".join(form.replace("\t", " ").split())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.learn.lexicon",
                                     description="Learn the EN<->IT lexicon of Magic terms from card texts.")
    parser.add_argument("corpus", type=Path, help="folder with cards_it.jsonl and/or mtgjson/*.json.gz")
    parser.add_argument("--out", type=Path, default=Path("kb/vocab/lexicon.tsv"), help="the TSV to write")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    if not (args.corpus / "cards_it.jsonl").exists() and not list(args.corpus.glob("mtgjson/*.json*")):
        parser.error(f"{args.corpus}: no cards_it.jsonl nor mtgjson/*.json(.gz) there")
    log = None if args.quiet else (lambda msg: print(msg, file=sys.stderr))
    t0 = time.perf_counter()
    entries, stats = learn(read_corpus(args.corpus), log=log)
    write_tsv(entries, args.out, stats, f"python -m kb.learn.lexicon {args.corpus} --out {args.out}")
    if log:
        log(f"{len(entries)} entries -> {args.out} ({time.perf_counter() - t0:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
