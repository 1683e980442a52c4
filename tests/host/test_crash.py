"""Crash safety: a game played in a subprocess is killed with SIGKILL at a chosen point; a
new host on the same database file resumes it and finishes it; the log and the final state equal those
of an uninterrupted run with the same seed, and no acknowledged choice is lost."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

import pytest
from host_stops import kill_after_acks, stored

from bot.local import selfplay


def uninterrupted(tmp_path: Path, seed: int):
    db = tmp_path / "clean.db"
    asyncio.run(selfplay("metax", db, seed, out=io.StringIO()))
    return stored(db)


@pytest.mark.parametrize(("seed", "kill_after"), [(1, 1), (2, 6), (3, 13), (4, 22), (5, 31), (6, 40)])
def test_sigkill_mid_game_then_resume_equals_an_uninterrupted_run(tmp_path, seed, kill_after):
    db = tmp_path / "crash.db"
    table_id, acked = kill_after_acks(
        [sys.executable, "-m", "bot.cli", "selfplay", "metax", "--db", str(db), "--seed", str(seed)], kill_after)
    assert table_id is not None and acked >= 1
    log_at_kill, _, status_at_kill = stored(db)
    assert status_at_kill == "playing", "the kill must land mid-game"
    assert len(log_at_kill) >= acked, "an acknowledged choice was lost"

    asyncio.run(selfplay("metax", db, seed, out=io.StringIO(), table_id=table_id))
    log, state, status = stored(db)
    clean_log, clean_state, clean_status = uninterrupted(tmp_path, seed)
    assert status == clean_status == "finished"
    assert log[: len(log_at_kill)] == log_at_kill
    assert log == clean_log
    assert state == clean_state
