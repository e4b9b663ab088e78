"""The common words of Italian and English: words people use, not card names and not typos.

    python -m kb.learn.common_words --out kb/vocab     # needs: pip install -e '.[learn]'

Read from wordfreq (https://github.com/rspeer/wordfreq; its data is CC BY-SA 4.0): every word
whose Zipf frequency in the language is at least MIN_ZIPF (about once per 100 million words
and up: "sempre", "ibrido", "scomparire", "travolgere"; not "batibaleno" nor "sostituzone"),
folded as the index folds (lower case, accents off), letters only. Searching uses the lists to
tell a word of the language from a card's name and from a misspelling (kb.search.units,
kb.search.spelling): a common word is never "corrected" into a neighbour of the texts, nor taken
for a word of a card name.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.text.analysis import LANGS, fold

MIN_ZIPF = 3.0
CANDIDATES = 200_000  # the most frequent words of each language looked at


def common_words(lang: str) -> list[str]:
    try:
        from wordfreq import top_n_list, zipf_frequency
    except ImportError:
        raise SystemExit("kb.learn.common_words needs wordfreq: pip install -e '.[learn]'") from None
    words = {fold(w.lower()) for w in top_n_list(lang, CANDIDATES) if zipf_frequency(w, lang) >= MIN_ZIPF}
    return sorted(w for w in words if w.isalpha() and len(w) >= 2)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "vocab")
    args = parser.parse_args(argv)
    for lang in LANGS:
        words = common_words(lang)
        header = (f"# kb: common {lang} words (wordfreq Zipf frequency >= {MIN_ZIPF}; data CC BY-SA 4.0), folded.\n"
                  "# Do not edit: python -m kb.learn.common_words --out kb/vocab\n")  # fmt: skip
        path = args.out / f"common_{lang}.txt"
        path.write_text(header + "\n".join(words) + "\n", encoding="utf-8")
        print(f"{len(words)} words -> {path}")


if __name__ == "__main__":
    main()
