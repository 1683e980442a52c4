"""Crash safety: a game played in a subprocess (``metahost selfplay --db``) is killed with SIGKILL at a chosen
point; a new host on the same database resumes it and finishes it; the log and the final state equal those of
an uninterrupted run with the same seed, and no acknowledged choice is lost. On the run's back end (``new_db``):
a SQLite file, or a PostgreSQL schema whose URL the subprocess gets as ``--db``."""

from __future__ import annotations

import asyncio
import io
import sys

import pytest
from host_stops import kill_after_acks, stored

from bot.local import selfplay

#: ``metahost selfplay ARGS…`` whose output freezes the process once ``ack AFTER`` is printed (host_stops'
#: FreezeAfter): argv ``AFTER ARGS…``.
FROZEN_CLI = ("import sys; sys.path[:0] = ['tests', 'tests/host']; from host_stops import FreezeAfter; "
              "sys.stdout = FreezeAfter(int(sys.argv[1])); from bot.cli import main; sys.exit(main(sys.argv[2:]))")


def uninterrupted(new_db, seed: int):
    db = new_db("clean")
    asyncio.run(selfplay("metax", db, seed, out=io.StringIO()))
    return stored(db)


@pytest.mark.parametrize(("seed", "kill_after"), [(1, 1), (2, 6), (3, 13), (4, 22), (5, 31), (6, 40)])
def test_sigkill_mid_game_then_resume_equals_an_uninterrupted_run(new_db, seed, kill_after):
    """The kill lands after the ``kill_after``-th acknowledged choice, anywhere up to the storing of the next one
    (its transaction included); the self-playing process freezes once that next one is acknowledged, so that on
    a slow machine it cannot play the game to its end before the kill lands (every seed's game is longer)."""
    db = new_db("crash")
    table_id, acked = kill_after_acks(
        [sys.executable, "-c", FROZEN_CLI, str(kill_after + 1), "selfplay", "metax", "--db", db, "--seed", str(seed)],
        kill_after)
    assert table_id is not None and acked >= 1
    log_at_kill, _, status_at_kill = stored(db)
    assert status_at_kill == "playing", "the kill must land mid-game"
    assert len(log_at_kill) >= acked, "an acknowledged choice was lost"

    asyncio.run(selfplay("metax", db, seed, out=io.StringIO(), table_id=table_id))
    log, state, status = stored(db)
    clean_log, clean_state, clean_status = uninterrupted(new_db, seed)
    assert status == clean_status == "finished"
    assert log[: len(log_at_kill)] == log_at_kill
    assert log == clean_log
    assert state == clean_state
