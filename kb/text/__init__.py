"""Text: what every stage shares about language.

``analysis`` (tokens, folding, stems), ``language`` (Italian or English, and fragments of the
other), ``vocabulary`` (tags and their forms), ``dates`` and ``rules`` (the one grammar of dates
and rule numbers).
"""
