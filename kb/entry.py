"""The ``kb`` command's entry point (and ``python -m kb``'s): the collector tuned for a
short-lived command, then the click shell (kb.cli).

A command allocates a few hundred thousand objects while it imports its modules and reads the
index's tables, nearly none of them garbage, so the cyclic collector's default pace (a pass every
700 allocations) only walks them again and again: a tenth of a one-off search. A pass every
100,000 allocations keeps cyclic garbage to a few megabytes, and a one-off search (about 80,000
objects) makes none: at 50,000 its one pass took 22 ms, walking the index's tables just read.
``kb serve`` goes back to the interpreter's default pace once its tables are built (kb.web.app).
At exit every object is frozen out of the collector (``gc.freeze``): the interpreter's last,
full pass would walk them all only to hand their memory back to the system, which the process's
end does anyway (30 ms of a one-off search's 250). Files are closed by the commands themselves
(``with`` blocks, atomic writes), never left to the collector.

NumPy's BLAS gets one thread (unless ``OPENBLAS_NUM_THREADS`` says otherwise): kb does no large
matrix products, and the pool's idle threads spin on the cores the ingest workers and the
server's threads need (a third of a one-off search's CPU time; ingest 2–5% faster without them).
"""

from __future__ import annotations

import atexit
import gc
import os

COMMAND_THRESHOLD = (100_000, 20, 100)


def configure() -> None:
    """The process set-up of a kb command (the module's doc); bench/benchmark.py uses it too, so
    that it measures what the command does."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # read when NumPy is first imported
    gc.set_threshold(*COMMAND_THRESHOLD)
    atexit.register(gc.freeze)  # runs before the interpreter's last collection, which then skips them


def run() -> None:
    configure()
    from kb.cli import main

    main(prog_name="kb")
