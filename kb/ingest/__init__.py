"""Ingest: source files → ruling records.

``sources`` lists what paths hold; ``readers`` (dated text, JSON Lines) and ``importers``
(MTGJSON, Scryfall) read files into raw rulings and located problems; ``names`` is the English ↔
Italian names table; ``enrich`` gives each ruling its language, tags, rules, id and checks;
``collect`` reads it all and keeps the ``report`` whose counts add up.
"""
