"""Crash safety: a game played in a subprocess is killed with SIGKILL at a chosen point; a
new host on the same database file resumes it and finishes it; the log and the final state equal those
of an uninterrupted run with the same seed, and no acknowledged choice is lost."""

from __future__ import annotations

import asyncio
import io
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.local import selfplay

ROOT = Path(__file__).resolve().parents[2]


def stored(db: Path) -> tuple[list[tuple[int, str]], str, str]:
    con = sqlite3.connect(db)
    try:
        log = con.execute("SELECT seat, choice FROM actions ORDER BY seq").fetchall()
        (state,) = con.execute("SELECT state FROM snapshots").fetchone()
        (status,) = con.execute("SELECT status FROM tables").fetchone()
    finally:
        con.close()
    return log, state, status


def uninterrupted(tmp_path: Path, seed: int):
    db = tmp_path / "clean.db"
    asyncio.run(selfplay("metax", db, seed, out=io.StringIO()))
    return stored(db)


@pytest.mark.parametrize(("seed", "kill_after"), [(1, 1), (2, 6), (3, 13), (4, 22), (5, 31), (6, 40)])
def test_sigkill_mid_game_then_resume_equals_an_uninterrupted_run(tmp_path, seed, kill_after):
    db = tmp_path / "crash.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "selfplay", "metax", "--db", str(db), "--seed", str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
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
