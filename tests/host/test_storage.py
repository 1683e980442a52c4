"""The store's side of unwritable storage (docs/troubleshooting.md): :class:`StoreError` names the file and what is
wrong for each way a database can fail to open; migration 5 (the key/value table); and the benchmark
that hung when its stdout was closed early."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import SCHEMA_VERSION, Store, StoreError

ROOT = Path(__file__).resolve().parents[2]


# -- StoreError: one line naming the path and the problem


@pytest.mark.sqlite
async def test_a_file_that_is_not_a_database_is_named_as_such_and_left_alone(tmp_path):
    """SQLite only: a file that is not a SQLite database."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a database\n" * 100)
    with pytest.raises(StoreError) as err:
        await Store.open(notes)
    assert err.value.problem == "not_db" and not err.value.transient
    assert str(err.value).startswith(f"cannot open {notes}: it is not a metahost database")
    assert "\n" not in err.value.line()
    assert notes.read_text() == "my notes, not a database\n" * 100


@pytest.mark.sqlite
async def test_a_folder_given_as_the_database_is_named_as_such(tmp_path):
    """SQLite only: a folder given as the SQLite file."""
    with pytest.raises(StoreError) as err:
        await Store.open(tmp_path)
    assert err.value.problem == "cannot_open" and "it is a folder, not a database file" in str(err.value)
    assert err.value.line() == (f"metahost: cannot open {tmp_path}: it is a folder, not a database file (SQLite: "
                                "unable to open database file); choose another database file with --db or "
                                "METAHOST_DB.")


@pytest.mark.sqlite
async def test_a_database_locked_by_another_process_is_transient_and_says_so(tmp_path):
    """SQLite only: SQLite's file lock (PostgreSQL's locks: test_service.py, locked_by_another)."""
    path = tmp_path / "m.db"
    await (await Store.open(path)).close()  # an up-to-date database
    other = sqlite3.connect(path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError) as err:
            await Store.open(path, busy_timeout_ms=50)
    finally:
        other.rollback()
        other.close()
    assert err.value.problem == "locked" and err.value.transient
    assert f"cannot write {path}: the database file is locked by another process" in str(err.value)
    assert "try again" in err.value.advice()
    store = await Store.open(path)  # free again: opens
    await store.close()


@pytest.mark.sqlite
async def test_bot_advice_names_the_setting_not_the_command_line_option(tmp_path):
    """SQLite only: the SQLite file's folder."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(StoreError) as err:
        await Store.open(blocker / "var" / "m.db")
    line = err.value.line("metahost bot", "METAHOST_DB")
    assert line.startswith(f"metahost bot: cannot open {blocker / 'var' / 'm.db'}: {blocker} is a file, not a folder")
    assert "--db" not in line and line.endswith("choose another database file with METAHOST_DB.")


# -- migration 5: the key/value table


@pytest.mark.backends
async def test_schema_4_database_migrates_to_5_keeping_its_tables_and_decks(db_url):
    old = await Store.open(db_url, upto=4, check_writable=False)
    assert await old.schema_version() == 4
    await old._tx("seed", [
        ("INSERT INTO tables (id, game, place, host_user, status, options, seed, created, updated) "
         "VALUES ('t1', 'metax', 'chan', 'u1', 'lobby', '{}', 7, 1.0, 1.0)", ()),
        ("INSERT INTO decks (user_id, game, name, cards, created, updated) "
         "VALUES ('u1', 'metax', 'Mine', '[[\"hercules\", 2]]', 1.0, 1.0)", ())])
    await old.close()

    store = await Store.open(db_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION >= 5
        [row] = await store.load_tables()
        assert row.id == "t1"
        [deck] = await store.decks_of("u1")
        assert deck.cards == [("hercules", 2)]
        assert await store.get_kv("command_tree:global") is None
        await store.put_kv("command_tree:global", "abc")
        await store.put_kv("command_tree:global", "def")  # replaces
        assert await store.get_kv("command_tree:global") == "def"
    finally:
        await store.close()
    store = await Store.open(db_url)  # kept across a restart
    try:
        assert await store.get_kv("command_tree:global") == "def"
    finally:
        await store.close()


# -- the benchmark and a closed stdout


@pytest.mark.sqlite
def test_bench_host_exits_when_its_stdout_is_closed_after_the_first_line(tmp_path):
    """``python bench/bench_host.py | head -1`` hung: the print that met the closed pipe raised before
    the store was closed, and the connection's thread kept the process alive. It must exit, quietly. SQLite
    only: the bench makes SQLite files of its own (it takes no database)."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "bench_host.py"), "--tables", "1", "--load", "30"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().startswith("1 concurrent tables")
        proc.stdout.close()  # the reader goes away, as `head -1` does; the load run prints next
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read()
    proc.stderr.close()
    assert code == 141, err  # met the closed pipe and stopped (128 + SIGPIPE), no hang
    assert "Traceback" not in err
