"""Unwritable storage: every ``metahost`` command that touches the database, run against a
read-only database file, a read-only folder, a path under a regular file and a full disk, prints one
line naming the file and what is wrong, exits 3, never shows a traceback and loses nothing stored. A
reading command (``tables``, ``audit``, ``deck list/show/export/validate``) still does its job when the
fault only stops writes (read-only file, full disk).

File-system faults are real: the test runs the commands in a child process; as root, whom ``chmod``
does not stop, the child runs without the capabilities that let root ignore file permissions
(``setpriv``). The full disk is SQLite's own ``database or disk is full`` error raised by a connection
that refuses every write, in process.

SQLite only (``sqlite`` marker): every fault here is one of the SQLite file, its folder or its disk. PostgreSQL's
own refusals (a read-only server, a lock held by another process) are the host's tests on both back ends
(tests/host/test_service.py, tests/host/test_lobby.py); its bad URLs, tests/host/test_store_backends.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bot import store as store_module
from bot.cli import main
from bot.local import play
from bot.store import Store
from games import get_game

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.sqlite

# (id, argv after "metahost", True when the command must write). DB, TABLE, LIST and OUT are filled in.
COMMANDS = [
    ("play", ["play", "metax", "--seed", "1", "--db", "DB"], True),
    ("play-saved-deck", ["play", "metax", "--seed", "1", "--deck", "Mine", "--db", "DB"], True),
    ("resume", ["resume", "TABLE", "--db", "DB"], True),
    ("deck-import", ["deck", "import", "LIST", "--game", "metax", "--name", "New", "--db", "DB"], True),
    ("deck-list", ["deck", "list", "--db", "DB"], False),
    ("deck-show", ["deck", "show", "Mine", "--db", "DB"], False),
    ("deck-export", ["deck", "export", "Mine", "--db", "DB"], False),
    ("deck-export-out", ["deck", "export", "Mine", "--out", "OUT", "--db", "DB"], False),
    ("deck-validate", ["deck", "validate", "Mine", "--db", "DB"], False),
    ("tables", ["tables", "--db", "DB"], False),
    ("audit", ["audit", "--db", "DB"], False),
    ("selfplay", ["selfplay", "metax", "--db", "DB"], True),
    ("bot", ["bot"], True),  # METAHOST_DB=DB, a dummy token: it must stop before reaching Discord
]
IDS = [c[0] for c in COMMANDS]

# What the one line must say, per fault.
REASONS = {
    "readonly-file": "the file is read-only",
    "readonly-folder": "is read-only",
    "new-in-readonly-folder": "is read-only, so the file cannot be created",
    "new-folder-in-readonly-folder": "cannot be created there (permission denied)",
    "under-a-file": "is a file, not a folder",
    "disk-full": "the disk is full",
}


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> tuple[Path, str, str]:
    """A database holding a saved MetaX deck "Mine" (a starter deck's cards) and a terminal game in play
    (two moves made, then quit); returns (path, table id, the deck as a list file's text)."""
    d = tmp_path_factory.mktemp("template")
    db = d / "m.db"

    async def build() -> str:
        store = await Store.open(db)
        try:
            cards = sorted(Counter(get_game("metax").starter_decks()["heroes-rush"]).items())
            await store.create_deck("local", "metax", "Mine", cards, 1.0)
        finally:
            await store.close()
        out = io.StringIO()
        assert await play("metax", db, 3, "Tess", out=out, inp=io.StringIO("1\n1\nq\n")) == 0
        return re.search(r"metahost resume (\w+)", out.getvalue()).group(1)

    table = asyncio.run(build())
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["deck", "export", "Mine", "--db", str(db)]) == 0
    return db, table, buf.getvalue()


def contents(db: Path) -> dict[str, list]:
    """Everything a user would miss: tables, seats, the choice log, snapshots, decks."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {t: con.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
                for t in ("tables", "seats", "actions", "snapshots", "decks")}
    finally:
        con.close()


def prepare(template, tmp_path: Path, fault: str) -> tuple[Path, Path, dict[str, str]]:
    """A copy of the template under ``tmp_path`` with ``fault`` applied; returns (the real file, the path
    given to the command, the placeholders)."""
    src, table, listing = template
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "m.db"
    shutil.copy(src, db)
    (tmp_path / "list.txt").write_text(listing, encoding="utf-8")
    given = db
    if fault == "readonly-file":
        db.chmod(0o444)
    elif fault == "readonly-folder":
        folder.chmod(0o555)
    elif fault == "new-in-readonly-folder":
        db.unlink()
        folder.chmod(0o555)
    elif fault == "new-folder-in-readonly-folder":
        folder.chmod(0o555)
        given = folder / "var" / "m.db"  # its folder var must be created first
    elif fault == "under-a-file":
        given = tmp_path / "list.txt" / "m.db"  # a real path nobody can open, root included
    return db, given, {"DB": str(given), "TABLE": table, "LIST": str(tmp_path / "list.txt"),
                       "OUT": str(tmp_path / "out.txt")}


def fill(argv: list[str], places: dict[str, str]) -> list[str]:
    return [places.get(a, a) for a in argv]


def check(name: str, writes: bool, fault: str, given: Path, code: int, out: str, err: str) -> None:
    assert "Traceback" not in out + err, err
    if writes or fault not in ("readonly-file", "disk-full"):
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1, f"{name}: expected one line, got {err!r}"
        assert code == 3, (name, code, err)
        assert lines[0].startswith("metahost") and str(given) in lines[0] and REASONS[fault] in lines[0], lines[0]
        assert "METAHOST_DB" in lines[0]  # says how to choose another file
        assert out == "", out
    else:  # a reading command on a database that still reads: it does its job
        assert code == 0 and err == "", (name, code, err)
        assert out.strip()


RUNNER = """
import contextlib, io, json, os, sys, traceback
from bot.cli import main
results = []
for argv, env in json.loads(sys.argv[1]):
    os.environ.update(env)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
        except BaseException:
            traceback.print_exc()
            code = 1
    results.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(results))
"""


def unprivileged() -> list[str]:
    """A command prefix under which chmod binds: nothing for a normal user; for root, setpriv without
    the capabilities that override file permissions."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: chmod cannot make a file read-only for root")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]


@pytest.mark.parametrize("fault", ["readonly-file", "readonly-folder", "new-in-readonly-folder",
                                   "new-folder-in-readonly-folder", "under-a-file"])
def test_every_command_on_an_unwritable_database_says_one_line_and_loses_nothing(template, tmp_path, fault):
    db, given, places = prepare(template, tmp_path, fault)
    before = contents(template[0])
    existed = db.exists()
    cases = [[fill(argv, places), {"METAHOST_DB": str(given), "DISCORD_TOKEN": "not-a-real-token"}]
             for _, argv, _ in COMMANDS]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("DISCORD_TOKEN", None)
    try:
        done = subprocess.run([*unprivileged(), sys.executable, "-c", RUNNER, json.dumps(cases)], cwd=tmp_path,
                              env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    finally:
        db.parent.chmod(0o755)
        if db.exists():
            db.chmod(0o644)
    # Nothing else on the process's stderr either (e.g. a database thread's traceback after a command ended).
    assert done.returncode == 0 and done.stderr == "", done.stderr
    for (name, _, writes), (code, out, err) in zip(COMMANDS, json.loads(done.stdout), strict=True):
        check(name, writes, fault, given, code, out, err)
    if existed:
        assert contents(db) == before
    else:
        assert not db.exists()
    assert not (db.parent / "var").exists()


def full(*_args):
    exc = sqlite3.OperationalError("database or disk is full")
    exc.sqlite_errorcode, exc.sqlite_errorname = sqlite3.SQLITE_FULL, "SQLITE_FULL"
    return exc


class DiskFull(sqlite3.Connection):
    """A connection to a database on a disk that fills up after ``budget`` writes: reads work; after
    that, every statement that writes fails with SQLite's own SQLITE_FULL error."""

    budget = 0
    WRITES = ("INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP", "REPLACE", "PRAGMA USER_VERSION =")

    def execute(self, sql, *params):
        if " ".join(sql.split()).upper().startswith(self.WRITES):
            if DiskFull.budget <= 0:
                raise full()
            DiskFull.budget -= 1
        return super().execute(sql, *params)


@pytest.fixture
def disk_full(monkeypatch):
    """Every store opened from now on is on a full disk (``DiskFull.budget`` writes still fit)."""
    monkeypatch.setattr(DiskFull, "budget", 0)
    monkeypatch.setattr(store_module.aiosqlite, "connect",
                        functools.partial(store_module.aiosqlite.connect, factory=DiskFull))
    return DiskFull


@pytest.mark.parametrize(("name", "argv", "writes"), COMMANDS, ids=IDS)
def test_every_command_on_a_full_disk_says_one_line_and_loses_nothing(template, tmp_path, monkeypatch, capsys,
                                                                      disk_full, name, argv, writes):
    db, given, places = prepare(template, tmp_path, "disk-full")
    before = contents(db)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("METAHOST_DB", str(given))
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    code = main(fill(argv, places))
    got = capsys.readouterr()
    check(name, writes, "disk-full", given, code, got.out, got.err)
    assert contents(db) == before


def test_disk_full_mid_game_stops_with_the_resume_command_and_keeps_every_committed_move(
        template, tmp_path, capsys, disk_full):
    """The disk fills up during a terminal game: one line says so and how to resume; the game is stored
    up to its last committed move; with space again, ``metahost resume`` finishes it and the audit
    replays it exactly."""
    db, _, _ = prepare(template, tmp_path, "none")
    disk_full.budget = 40  # the probe, the new table, its start and a few moves fit; then the disk is full
    out = io.StringIO()
    code = asyncio.run(play("metax", db, 8, "Tess", out=out, inp=io.StringIO("1\n" * 3000)))
    err = capsys.readouterr().err
    assert code == 3 and "Traceback" not in err
    [line] = err.splitlines()
    table = re.search(r"metahost resume (\w+) --db (\S+)$", line).group(1)
    assert str(db) in line and "the disk is full" in line and "stored up to its last committed move" in line
    # The game lives in this very file: the command names it (it is not the default one), no other file.
    assert "free some disk space, then continue it with" in line and line.endswith(f"--db {db}")
    con = sqlite3.connect(db)
    (seq,) = con.execute("SELECT seq FROM snapshots WHERE table_id = ?", (table,)).fetchone()
    (logged,) = con.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (table,)).fetchone()
    con.close()
    assert seq == logged > 0  # moves were committed, and nothing half-written

    disk_full.budget = 10**9  # space again
    out = io.StringIO()
    assert asyncio.run(play("", db, 0, "", resume=table, out=out, inp=io.StringIO("1\n" * 3000))) == 0
    assert "***" in out.getvalue()
    assert main(["audit", "--db", str(db)]) == 0
    assert "0 differ" in capsys.readouterr().out


def test_a_missing_database_folder_is_created(tmp_path, capsys):
    """The default var/ folder does not exist on a fresh clone: it is created, not an error."""
    db = tmp_path / "new" / "deeper" / "m.db"
    assert main(["tables", "--db", str(db)]) == 0
    assert "No stored tables." in capsys.readouterr().out and db.exists()


def test_a_read_only_database_that_needs_an_upgrade_says_so_and_stays_as_it_was(tmp_path):
    """Migrations on a read-only file: even a reading command must upgrade the schema first; it cannot,
    so one line says so, and the file keeps its old schema and its rows."""
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode = WAL")  # as every metahost database is
    for script in store_module.MIGRATIONS[:4]:
        con.executescript(script)
    con.execute("PRAGMA user_version = 4")
    con.execute("INSERT INTO tables VALUES ('t1', 'metax', 'c', 'u1', 'lobby', '{}', 5, 1.0, 1.0)")
    con.commit()
    con.close()
    db.chmod(0o444)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([*unprivileged(), sys.executable, "-m", "bot.cli", "tables", "--db", str(db)],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    finally:
        db.chmod(0o644)
    assert done.returncode == 3 and done.stdout == "" and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"metahost: cannot upgrade {db} to schema {store_module.SCHEMA_VERSION}: the file is "
                           "read-only")
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone() == (4,)
    assert con.execute("SELECT id FROM tables").fetchall() == [("t1",)]
    con.close()


def test_a_closed_stdout_ends_a_command_quietly(tmp_path):
    """``metahost rules meta drawing | head -0``: the reader is gone before the first write; the command
    stops with status 1, no traceback and no "Exception ignored" from the interpreter's last flush."""
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "rules", "meta", "drawing"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # before the interpreter has even started
    code = proc.wait(timeout=60)
    err = proc.stderr.read()
    proc.stderr.close()
    assert code == 1 and err == ""


def test_deck_export_to_an_unwritable_file_says_so_in_one_line(template, tmp_path, capsys):
    _, given, places = prepare(template, tmp_path, "none")
    out = tmp_path / "list.txt" / "mine.txt"  # under a file: cannot be written, root included
    assert main(["deck", "export", "Mine", "--out", str(out), "--db", str(given)]) == 2
    got = capsys.readouterr()
    [line] = got.err.splitlines()
    assert line.startswith(f"Cannot write {out}: Not a directory") and "--out" in line and got.out == ""
