"""Shared by the bench scripts: stop at once, quietly, when the reader of stdout goes away early
(``python bench/bench_host.py | head -1``).

Python ignores SIGPIPE, so a write to a closed pipe raises :class:`BrokenPipeError`; the scripts close
their stores in ``finally`` blocks (an open aiosqlite connection is a thread that would keep the process
alive), and :func:`run_main` turns the error into a quiet exit instead of a traceback. SIGPIPE is left
ignored on purpose: killing the process by the signal would skip those ``finally`` blocks and leave
temporary databases behind.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

#: The exit status after the reader went away (128 + SIGPIPE, as a shell reports a process killed by it).
CLOSED = 141


def run_main(main: Callable[[], None]) -> None:
    """Run a bench script's ``main``; exit with :data:`CLOSED` if stdout was closed under it."""
    try:
        main()
        sys.stdout.flush()  # a last buffered line may be the one that meets the closed pipe
    except BrokenPipeError:
        # Nothing more can be shown; point stdout at /dev/null so that the interpreter's own final
        # flush does not fail a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(CLOSED)
