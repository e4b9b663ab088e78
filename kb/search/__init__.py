"""Search: a query → ranked rulings.

``query`` parses text into a tree (the grammar is its docstring), ``fields`` is the one table
of query fields, ``compile`` builds the Whoosh query, ``execute`` evaluates it on arrays,
``snippet`` highlights, ``run`` puts it together.
"""
