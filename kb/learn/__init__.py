"""Vocabularies learned from real data: developer tools that read the shared corpus (the rules, the
English and Italian printed texts of cards, card names) and write the generated files of
kb/vocab that kb.text loads.

    python -m kb.learn.lexicon /work/shared/corpus --out kb/vocab/lexicon.tsv
    python -m kb.learn.mechanics /work/shared/corpus --out kb/vocab/mechanics.yaml

A stage of the pipeline between kb.text and kb.checks: it uses kb.text, and nothing in kb imports it.
"""
