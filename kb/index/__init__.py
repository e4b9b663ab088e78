"""The index: records → Whoosh shards in atomic generations, and reading them back.

``schema`` (what a record becomes), ``shards``, ``generations`` (locations, atomic swap),
``parts`` (parallel building), ``build`` (ingest into a location; refresh), ``update``
(incremental), ``manifest``, ``freshness``, ``summary``, ``catalog`` (cards by any name),
``pairing`` (translations), ``reader`` and ``store`` (an open index).
"""
