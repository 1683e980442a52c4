"""Ways the host tests stop a host mid-game: :class:`StopWrites` (the store refuses writes, as a full disk
would) and :func:`kill_after_acks` (SIGKILL of a game played in a subprocess), and :func:`stored`, what the
database then holds, on either back end. Imports the host's ``Listener``, the store and tests/store_places.py
only."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from store_places import refuse_writes, rows

from bot.host import Listener
from bot.store import Store

ROOT = Path(__file__).resolve().parents[2]


class StopWrites(Listener):
    """Makes the store refuse writes once ``after`` choices were told (as a full or read-only disk would), so
    the computers stop mid-game with the last snapshot behind the log."""

    def __init__(self, store: Store, after: int):
        self.store, self.after, self.told = store, after, 0

    async def game_changed(self, table, events, views) -> None:
        self.told += 1
        if self.told == self.after + 1:  # +1: the start's intro is told too
            await refuse_writes(self.store, True)


class FreezeAfter:
    """The ``out`` stream of a self-playing host run in a subprocess (:func:`bot.local.selfplay`): passes each
    line on to stdout and, once it has passed ``ack <n>`` with ``n >= after``, blocks the whole process (a
    synchronous sleep inside the listener that printed the line), so no later choice is stored before the
    parent's SIGKILL lands, however busy the machine. Without it a short game could finish between the ack
    and the kill."""

    def __init__(self, after: int):
        self.after, self.buffer, self.stdout = after, "", sys.stdout  # stdout now: it may be replaced by this

    def write(self, text: str) -> int:
        self.buffer += text
        while "\n" in self.buffer:
            line, self.buffer = self.buffer.split("\n", 1)
            self.stdout.write(line + "\n")
            self.stdout.flush()
            if line.startswith("ack ") and int(line.split()[1]) >= self.after:
                time.sleep(600)
        return len(text)

    def flush(self) -> None:
        self.stdout.flush()


def kill_after_acks(argv: list[str], kill_after: int) -> tuple[str | None, int]:
    """Run ``argv`` (a self-playing host printing ``table <id>`` and ``ack <n>`` lines) from the repository root
    and SIGKILL it once ``kill_after`` choices were acknowledged. Returns (table id, last acknowledged count);
    the id is None if the host never printed one."""
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    table_id, acked = None, 0
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("table "):
            table_id = line.split()[1]
        elif line.startswith("ack "):
            acked = int(line.split()[1])
            if acked >= kill_after:
                proc.send_signal(signal.SIGKILL)
                break
    proc.wait(timeout=30)
    return table_id, acked


def stored(db: str | Path) -> tuple[list[tuple[int, str]], str, str]:
    """The database's (choice log as (seat, choice) rows, snapshot state JSON, table status); one table. ``db``:
    a path or a test's PostgreSQL URL (tests/store_places.py)."""
    log = rows(db, "SELECT seat, choice FROM actions ORDER BY seq")
    ((state,),) = rows(db, "SELECT state FROM snapshots")
    ((status,),) = rows(db, "SELECT status FROM tables")
    return log, state, status
