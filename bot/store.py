"""The store: one SQLite file through aiosqlite (DESIGN.md, The host).

A table is its setup row (game, seed, options, seats and their decks) plus an append-only log of
choices, with a snapshot of the state for fast loading. A choice, its log row and, when one is due, the
new snapshot commit in one transaction (:meth:`Store.record`) before any listener is told; a snapshot may
lag behind the log (issue 14), whose rows after ``snapshots.seq`` rebuild the rest. Schema changes are the
numbered migrations in :data:`MIGRATIONS`, applied at start-up; ``PRAGMA user_version`` holds the
number applied.

Errors: every failure of the database (locked, read-only file or folder, disk full, not a database) is
raised as :class:`StoreError`, one line naming the file and what is wrong (issue 12 §5); a failed write
leaves nothing half-written (transactions roll back). :meth:`Store.open` proves by default that the file
takes writes, so that a command fails before it starts rather than half-way.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS: list[str] = [
    # 1: tables, seats, the choice log, snapshots, results, per-user stats.
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        place TEXT NOT NULL,
        host_user TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX tables_by_place ON tables (place, status);
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id TEXT,
        name TEXT NOT NULL,
        computer INTEGER NOT NULL DEFAULT 0,
        deck_id TEXT,
        deck TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        choice TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE snapshots (
        table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE results (
        table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        result TEXT NOT NULL,
        finished REAL NOT NULL
    );
    CREATE TABLE stats (
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, game)
    );
    """,
    # 2: decision deadlines (timers survive a restart) and consecutive timeouts per seat.
    """
    CREATE TABLE deadlines (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        deadline REAL NOT NULL,
        remind_at REAL NOT NULL,
        reminded INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: the Discord messages of a table (lobby, board, thread, each seat's DM), so that a restarted bot
    # edits them in place; ``flag`` marks a seat whose DMs are closed.
    """
    CREATE TABLE front_messages (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL DEFAULT -1,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL DEFAULT 0,
        created REAL NOT NULL,
        flag INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, kind, seat)
    );
    """,
    # 4: personal decks, per user and game (issue 6); ``cards`` is a JSON list of [card id, count] in the
    # order the user built it. A seat remembers the name of the deck it brings.
    """
    CREATE TABLE decks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        cards TEXT NOT NULL DEFAULT '[]',
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE UNIQUE INDEX decks_by_name ON decks (user_id, game, name COLLATE NOCASE);
    ALTER TABLE seats ADD COLUMN deck_name TEXT;
    """,
    # 5: small named values of the host (issue 12 §4: the hash of the last synced slash-command tree).
    """
    CREATE TABLE kv (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 6: a table paused because its Discord place is gone
    # (issue 12 §4) keeps ``status = 'playing'`` and holds the epoch second it paused and why; NULL when not
    # paused. Its deadlines are shifted by the paused time when it resumes.
    """
    ALTER TABLE tables ADD COLUMN paused REAL;
    ALTER TABLE tables ADD COLUMN pause_reason TEXT;
    """,
    # 7: per-user settings (issue 13 §1); ``notify`` 1 (default) when the player wants a notifying message for
    # each new decision (a new DM, or a mention in the table's thread when DMs are closed), 0 when not.
    """
    CREATE TABLE user_settings (
        user_id TEXT PRIMARY KEY,
        notify INTEGER NOT NULL DEFAULT 1
    );
    """,
    # 8: the part of a game's state that never changes (issue 14, Snapshots: card lists, owners, names…),
    # written once when the game starts (``Game.static_json``); ``state`` then holds ``Game.snapshot`` text
    # without it. NULL for a game started before: its ``state`` is a whole ``Game.to_json`` text.
    """
    ALTER TABLE snapshots ADD COLUMN static TEXT;
    """,
    # 9: a player's declared surroundings (issue 16 item 2, ``/surroundings``; MetaZoo's derived mode reads
    # them): JSON of ``games.metazoo.sky.Surroundings.to_json()``, NULL when the player has none.
    """
    ALTER TABLE user_settings ADD COLUMN surroundings TEXT;
    """,
    # 10: a saved deck's Archive (issue 16 item 4, MZ-BOOK-04: MetaZoo's side-deck of at most 15 Pages), a JSON
    # list of [card id, count] like ``cards``; empty for every deck of a game without Archives.
    """
    ALTER TABLE decks ADD COLUMN archive TEXT NOT NULL DEFAULT '[]';
    """,
    # 11: a seat's chess-clock time bank in seconds (issue 27 §4, bot.host.bank), written with the choice that
    # charged it; NULL while the bank is full or the table has none.
    """
    ALTER TABLE seats ADD COLUMN bank REAL;
    """,
    # 12: a player's play settings (issue 27 §2, §3; ``/notify``, ``bot.host.PlayPrefs``): ``windows`` 1 when a
    # response window should notify like a turn (default 0: the DM is edited quietly), ``pass_windows`` 1 when the
    # host passes their windows at once every turn (default 0), ``stop_aimed`` 1 when a window aimed at them is
    # still asked (default 1).
    """
    ALTER TABLE user_settings ADD COLUMN windows INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE user_settings ADD COLUMN pass_windows INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE user_settings ADD COLUMN stop_aimed INTEGER NOT NULL DEFAULT 1;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(RuntimeError):
    """The database refused an operation (locked, read-only, full, not a database). Nothing was written.

    ``str(err)`` is one line naming the file and what is wrong, e.g. ``cannot write var/metahost.db: its
    folder var is read-only (…)``. ``path`` is the database file; ``problem`` one of ``locked``,
    ``full``, ``readonly_file``, ``readonly_folder``, ``readonly``, ``no_folder``, ``cannot_open``,
    ``not_db``, ``io``, ``other`` (issue 12 §5); :meth:`advice` says what the user can do."""

    #: The exit status of a command stopped by the database (``metahost …``, issue 12 §5).
    exit_code = 3

    def __init__(self, message: str, path: str = "", problem: str = "other"):
        super().__init__(message)
        self.path = path
        self.problem = problem

    @property
    def transient(self) -> bool:
        """True when trying again later may succeed (another process holds the file)."""
        return self.problem == "locked"

    @property
    def remedy(self) -> str | None:
        """What fixes the problem in place (``None`` when only another file helps)."""
        return {
            "locked": "wait until the other process using it (another metahost?) is done",
            "full": "free some disk space",
            "readonly_file": f"make the file writable (chmod u+w {self.path})",
            "readonly_folder": "make its folder writable",
            "not_db": "restore it from a backup",
            "io": "check the disk",
        }.get(self.problem)

    def advice(self, choose: str = "--db or METAHOST_DB") -> str:
        """What to do, as a clause: ``choose`` names how to pick another database file."""
        if self.transient:
            return f"{self.remedy}, then try again"
        other = f"choose another database file with {choose}"
        return f"{self.remedy}, or {other}" if self.remedy else other

    def line(self, prog: str = "metahost", choose: str = "--db or METAHOST_DB") -> str:
        """The one line a command prints: ``<prog>: <what is wrong>; <what to do>.``"""
        return f"{prog}: {self}; {self.advice(choose)}."


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _not_a_folder(path: Path) -> Path | None:
    """The first ancestor of ``path`` that exists but is not a folder (a file in the way), if any."""
    for anc in reversed(path.parents):
        if anc.exists() and not anc.is_dir():
            return anc
    return None


def _problem(exc: BaseException, path: str) -> tuple[str, str]:
    """``(problem, reason)`` for a failure on the database at ``path``: SQLite's error code, checked
    against the file system so that the reason names the file or folder at fault."""
    p = Path(path)
    folder = _folder(p)
    if not isinstance(exc, sqlite3.Error):  # OSError: creating the folder failed
        blocker = _not_a_folder(p)
        if blocker is not None:
            return "no_folder", f"{blocker} is a file, not a folder"
        if isinstance(exc, PermissionError):
            return "readonly_folder", f"its folder {folder} cannot be created there (permission denied)"
        return "no_folder", f"its folder {folder} cannot be created ({getattr(exc, 'strerror', None) or exc})"
    name = getattr(exc, "sqlite_errorname", "") or ""
    msg = str(exc)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in msg or "busy" in msg:
        return "locked", "the database file is locked by another process"
    if name.startswith("SQLITE_FULL") or "full" in msg:
        return "full", "the disk is full"
    if name == "SQLITE_READONLY_DIRECTORY":
        return "readonly_folder", f"its folder {folder} is read-only, and SQLite must create its -wal file there"
    if name.startswith("SQLITE_READONLY") or "readonly" in msg:
        if p.exists() and not os.access(p, os.W_OK):
            return "readonly_file", "the file is read-only"
        if not os.access(folder, os.W_OK | os.X_OK):
            return "readonly_folder", f"its folder {folder} is read-only, and SQLite must create its -wal file there"
        return "readonly", "the database is read-only (a read-only disk or mount?)"
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in msg:
        blocker = _not_a_folder(p)
        if blocker is not None:
            return "no_folder", f"{blocker} is a file, not a folder"
        if p.is_dir():
            return "cannot_open", "it is a folder, not a database file"
        if not folder.is_dir():
            return "no_folder", f"its folder {folder} does not exist"
        if p.exists() and not os.access(p, os.R_OK):
            return "cannot_open", "the file cannot be read (permission denied)"
        if not os.access(folder, os.W_OK | os.X_OK):
            state = "the file cannot be created" if not p.exists() else "SQLite cannot create its -wal file"
            return "readonly_folder", f"its folder {folder} is read-only, so {state}"
        return "cannot_open", "it cannot be opened"
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "not a database" in msg or "malformed" in msg:
        return "not_db", "it is not a metahost database, or it is damaged"
    if name.startswith("SQLITE_IOERR") or "I/O" in msg:
        return "io", "the disk reported an error: it may be full, removed or failing"
    return "other", msg


def _wrap(exc: BaseException, what: str, path: str) -> StoreError:
    """A :class:`StoreError` ``cannot <what>: <reason> (<the system's words>)``."""
    problem, reason = _problem(exc, path)
    detail = str(exc) if isinstance(exc, sqlite3.Error) else (getattr(exc, "strerror", None) or str(exc))
    tail = f" (SQLite: {detail})" if isinstance(exc, sqlite3.Error) and detail != reason else ""
    return StoreError(f"cannot {what}: {reason}{tail}", path, problem)


@dataclass(slots=True)
class SeatRow:
    seat: int
    user_id: str | None
    name: str
    computer: bool
    deck_id: str | None
    deck: list[str]
    timeouts: int = 0
    deck_name: str | None = None
    bank: float | None = None  # seconds in the seat's time bank (migration 11); None: full, or no bank


@dataclass(slots=True)
class DeckRow:
    """A user's saved deck: ``cards`` is ``[(card id, count)]`` in build order; times in epoch seconds."""

    id: int
    user_id: str
    game: str
    name: str
    cards: list[tuple[str, int]]
    created: float
    updated: float
    archive: list[tuple[str, int]] = field(default_factory=list)
    """MetaZoo's Archive (MZ-BOOK-04): ``[(card id, count)]``; empty for other games (migration 10)."""

    @property
    def total(self) -> int:
        return sum(n for _, n in self.cards)

    def archive_list(self) -> list[str]:
        """The Archive as a flat list of card ids."""
        return [cid for cid, n in self.archive for _ in range(n)]

    def card_list(self) -> list[str]:
        """The deck as a flat list of card ids (what a table's seat carries)."""
        return [cid for cid, n in self.cards for _ in range(n)]


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    place: str
    host_user: str
    status: str
    options: dict[str, Any]
    seed: int
    created: float
    updated: float
    seats: list[SeatRow]
    snapshot: str | None = None
    seq: int = 0
    deadlines: list[tuple[int, int, float, float, bool]] | None = None
    paused: float | None = None  # epoch seconds the table paused at (issue 12 §4); None: not paused
    pause_reason: str | None = None
    static: str | None = None  # Game.static_json of a started game (issue 14); None: snapshot is whole


@dataclass(slots=True)
class LogSummary:
    """What loading a table needs from its choice log (:meth:`Store.log_summaries`): ``acts`` seat -> how
    many choices it made, ``last_choice`` seat -> its last choice, ``tail`` the rows ``(seq, seat,
    choice, at)`` logged after the snapshot, in order (``at``: the epoch seconds logged with the choice, the
    instant a game that reads the clock observed; issue 16)."""

    acts: dict[int, int]
    last_choice: dict[int, str]
    tail: list[tuple[int, int, str, float]]


def _run_batch(db: aiosqlite.Connection, batch: list[list[tuple[str, tuple]]]) -> list[Exception | None]:
    """Runs on aiosqlite's worker thread: one transaction for a batch of writes (group commit), each
    write in its own savepoint so that one failing write fails alone. Returns an error or ``None`` per
    write; raises if BEGIN or COMMIT fails (then every write of the batch failed)."""
    conn = db._conn
    conn.execute("BEGIN IMMEDIATE")
    errors: list[Exception | None] = []
    try:
        for statements in batch:
            conn.execute("SAVEPOINT w")
            try:
                for sql, params in statements:
                    conn.execute(sql, params)
            except sqlite3.Error as exc:
                conn.execute("ROLLBACK TO w")
                errors.append(exc)
            else:
                errors.append(None)
            conn.execute("RELEASE w")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return errors


class _BatchDone:
    """What aiosqlite's worker thread completes when a batch of writes ends, in place of a future (it calls
    ``get_loop``, ``done`` and ``set_result``/``set_exception`` through ``call_soon_threadsafe``): the outcome
    is handled in that one loop callback, instead of waking a task that then wakes the writers."""

    __slots__ = ("store", "loop", "batch")

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop, batch: list):
        self.store, self.loop, self.batch = store, loop, batch

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self.loop

    def done(self) -> bool:
        return False

    def set_result(self, errors: list[Exception | None]) -> None:
        self.store._batch_done(self.loop, self.batch, errors)

    def set_exception(self, exc: BaseException) -> None:  # BEGIN or COMMIT failed: every write failed
        self.store._batch_done(self.loop, self.batch, [exc] * len(self.batch))


class Store:
    """Async access to the metahost database. Use :meth:`open`; close with :meth:`close`."""

    def __init__(self, db: aiosqlite.Connection, path: str):
        self.db = db
        self.path = path
        # One connection is shared by every table: write transactions must not interleave on it.
        self._write = asyncio.Lock()
        self._pending: list[tuple[str, list[tuple[str, tuple]], asyncio.Future]] = []
        self._idle = asyncio.Event()  # set while no batch of writes is on the database thread
        self._idle.set()
        #: The last write that failed (for a front end whose computer seats stopped on it), else None.
        self.last_error: StoreError | None = None

    @classmethod
    async def open(cls, path: str | Path, busy_timeout_ms: int = 2000, *, check_writable: bool = True) -> Store:
        """Open (creating it and its folder if needed) the database at ``path``, apply pending migrations
        and, with ``check_writable``, prove that it takes writes (so that a command that must write fails
        here, before it starts, and not half-way; reading commands pass ``False`` and still work on a
        read-only file).

        Raises :class:`StoreError` naming the path and what is wrong (issue 12 §5): the folder cannot be
        created, the file or its folder is read-only, the disk is full, it is not a database…"""
        path = str(path)
        what = f"open {path}"
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _wrap(exc, what, path) from None
        conn = aiosqlite.connect(path, isolation_level=None)
        try:
            db = await conn
        except (sqlite3.Error, OSError) as exc:
            # aiosqlite stops its worker thread without waiting for it; wait here, or the thread outlives
            # the event loop of a short command and prints a traceback of its own.
            conn._thread.join(timeout=5)
            raise _wrap(exc, what, path) from None
        store = cls(db, path)
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await db.execute("PRAGMA foreign_keys = ON")
            if path != ":memory:":
                await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            version = await store.schema_version()
            if version < SCHEMA_VERSION:
                what = f"upgrade {path} to schema {SCHEMA_VERSION}"
                await store.migrate()
            if check_writable:
                what = f"write {path}"
                await store._probe_write()
        except (sqlite3.Error, OSError) as exc:
            await db.close()
            raise _wrap(exc, what, path) from None
        return store

    async def _probe_write(self) -> None:
        """One real write that changes nothing: the schema version rewritten in a transaction."""
        version = await self.schema_version()
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            await self.db.execute(f"PRAGMA user_version = {version}")
            await self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                await self.db.execute("ROLLBACK")
            raise

    async def close(self) -> None:
        await self._idle.wait()
        await self.db.close()

    async def get_kv(self, key: str) -> str | None:
        """The value stored under ``key`` (migration 5), else ``None``."""
        rows = await self._fetchall("SELECT value FROM kv WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    async def put_kv(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing any earlier one. :class:`StoreError` on failure."""
        await self._tx("remember a setting", [(
            "INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value))])

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def migrate(self, upto: int | None = None) -> int:
        """Apply migrations after the current ``user_version`` (up to ``upto``); returns the version."""
        current = await self.schema_version()
        target = SCHEMA_VERSION if upto is None else upto
        for number in range(current + 1, target + 1):
            script = MIGRATIONS[number - 1]
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in (s.strip() for s in script.split(";")):
                    if statement:
                        await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")
                await self.db.execute("COMMIT")
            except Exception:
                if self.db.in_transaction:
                    await self.db.execute("ROLLBACK")
                raise
        return target

    async def _tx(self, what: str, statements: Iterable[tuple[str, tuple]]) -> None:
        """Run ``statements`` as one atomic write; raises :class:`StoreError` (nothing written) on failure.

        Writes from every table queue up and are committed together (group commit): one transaction
        and one hop to the database thread for all writes waiting, instead of one each. While a batch
        commits, the next one gathers; it is sent from the callback that ends the batch, so the thread
        never waits for the event loop to get round to a task (issue 14: act p99)."""
        if getattr(self.db, "_tx", None) is None:  # pragma: no cover - an aiosqlite without its queue
            async with self._write:
                await self._tx_plain(what, list(statements))
            return
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._pending.append((what, list(statements), fut))
        if self._idle.is_set():
            self._send(loop)
        await fut

    def _send(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hand every pending write to aiosqlite's thread as one batch (one transaction)."""
        batch, self._pending = self._pending, []
        self._idle.clear()
        if not self.db._running or self.db._connection is None:
            self._batch_done(loop, batch, [ValueError("Connection closed")] * len(batch))
            return
        done = _BatchDone(self, loop, batch)
        self.db._tx.put_nowait((done, partial(_run_batch, self.db, [stmts for _, stmts, _ in batch])))

    def _batch_done(self, loop: asyncio.AbstractEventLoop, batch: list, errors: list[BaseException | None]) -> None:
        """On the event loop, once a batch ended: send the next batch first, then settle the writers."""
        if self._pending:
            self._send(loop)
        else:
            self._idle.set()
        for (what, _, fut), err in zip(batch, errors, strict=True):
            if fut.done():
                continue
            if err is None:
                fut.set_result(None)
            elif isinstance(err, sqlite3.Error | OSError):
                self.last_error = _wrap(err, f"{what} in {self.path}", self.path)
                fut.set_exception(self.last_error)
            else:
                fut.set_exception(err)

    async def _tx_plain(self, what: str, statements: list[tuple[str, tuple]]) -> None:
        try:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    await self.db.execute(sql, params)
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        except (sqlite3.Error, OSError) as exc:
            self.last_error = _wrap(exc, f"{what} in {self.path}", self.path)
            raise self.last_error from None

    # -- writes

    async def save_table(self, t: TableRow, deadlines: list[tuple[int, float, float]] | None = None) -> None:
        """Insert or replace a table's setup row, all its seats, its snapshot and the static part of its state
        if any (lobby changes, start; issue 14) and, when given, its decision deadlines ``[(seat, deadline, remind_at)]``."""
        stmts: list[tuple[str, tuple]] = [(
            "INSERT INTO tables (id, game, place, host_user, status, options, seed, created, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET status = excluded.status, "
            "options = excluded.options, seed = excluded.seed, updated = excluded.updated, "
            "host_user = excluded.host_user",
            (t.id, t.game, t.place, t.host_user, t.status, json.dumps(t.options), t.seed, t.created, t.updated),
        ), ("DELETE FROM seats WHERE table_id = ?", (t.id,))]
        for s in t.seats:
            stmts.append((
                "INSERT INTO seats (table_id, seat, user_id, name, computer, deck_id, deck, timeouts, deck_name, bank) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (t.id, s.seat, s.user_id, s.name, int(s.computer), s.deck_id, json.dumps(s.deck), s.timeouts,
                 s.deck_name, s.bank),
            ))
        if t.snapshot is not None:
            stmts.append((
                "INSERT INTO snapshots (table_id, seq, state, static) VALUES (?, ?, ?, ?) ON CONFLICT (table_id) "
                "DO UPDATE SET seq = excluded.seq, state = excluded.state, static = excluded.static",
                (t.id, t.seq, t.snapshot, t.static),
            ))
        if deadlines is not None:
            stmts.append(("DELETE FROM deadlines WHERE table_id = ?", (t.id,)))
            for s, deadline, remind_at in deadlines:
                stmts.append(("INSERT INTO deadlines (table_id, seat, seq, deadline, remind_at) VALUES (?, ?, ?, ?, ?)",
                              (t.id, s, t.seq, deadline, remind_at)))
        await self._tx("save the table", stmts)

    async def record(
        self,
        table_id: str,
        seq: int,
        seat: int,
        choice: str,
        at: float,
        state: str | None,
        deadlines: list[tuple[int, float, float]],
        timeouts: dict[int, int] | None = None,
        finished: tuple[str, dict[str, Any], list[tuple[str, str]]] | None = None,
        banks: dict[int, float] | None = None,
        more: Sequence[tuple[int, str]] = (),
    ) -> None:
        """Commit one choice atomically: its log row (``seq`` = number of choices logged before it), the
        new snapshot ``state`` (``None``: keep the older snapshot; the log rows after its ``seq`` rebuild
        the state, issue 14), the new deadlines ``[(seat, deadline, remind_at)]``, timeout counters, and,
        when the game ended, the result, the table status and the stats ``(game, result, [(user_id,
        outcome)])``; ``banks``: seat -> its time bank in seconds, for the seats whose bank the choice
        charged (issue 27 §4). ``more``: the ``(seat, choice)`` applied right after it (the host's automatic
        choices, issue 27 §1), logged after it at the same instant in the same transaction; ``state`` and
        ``deadlines`` are then those after the last of them. Raises :class:`StoreError` (nothing written)."""
        rows = [(seat, choice), *more]
        stmts: list[tuple[str, tuple]] = [
            ("INSERT INTO actions (table_id, seq, seat, choice, at) VALUES (?, ?, ?, ?, ?)",
             (table_id, seq + k, s, c, at)) for k, (s, c) in enumerate(rows)]
        stmts += [
            ("UPDATE tables SET updated = ? WHERE id = ?", (at, table_id)),
            ("DELETE FROM deadlines WHERE table_id = ?", (table_id,)),
        ]
        end = seq + len(rows)
        if state is not None:
            stmts.insert(len(rows), ("UPDATE snapshots SET seq = ?, state = ? WHERE table_id = ?", (end, state, table_id)))
        for s, deadline, remind_at in deadlines:
            stmts.append(("INSERT INTO deadlines (table_id, seat, seq, deadline, remind_at) VALUES (?, ?, ?, ?, ?)",
                          (table_id, s, end, deadline, remind_at)))
        for s, n in (timeouts or {}).items():
            stmts.append(("UPDATE seats SET timeouts = ? WHERE table_id = ? AND seat = ?", (n, table_id, s)))
        for s, left in (banks or {}).items():
            stmts.append(("UPDATE seats SET bank = ? WHERE table_id = ? AND seat = ?", (left, table_id, s)))
        if finished is not None:
            game, result, outcomes = finished
            stmts += self._finish_statements(table_id, game, result, outcomes, at)
        await self._tx("record the choice", stmts)

    def _finish_statements(self, table_id, game, result, outcomes, at) -> list[tuple[str, tuple]]:
        stmts: list[tuple[str, tuple]] = [
            ("INSERT INTO results (table_id, result, finished) VALUES (?, ?, ?)", (table_id, json.dumps(result), at)),
            ("UPDATE tables SET status = 'finished', updated = ? WHERE id = ?", (at, table_id)),
            ("DELETE FROM deadlines WHERE table_id = ?", (table_id,)),
        ]
        for user, outcome in outcomes:
            col = {"win": "wins", "loss": "losses", "draw": "draws"}[outcome]
            stmts.append((
                f"INSERT INTO stats (user_id, game, games, {col}) VALUES (?, ?, 1, 1) ON CONFLICT (user_id, game) "
                f"DO UPDATE SET games = games + 1, {col} = {col} + 1",
                (user, game),
            ))
        return stmts

    async def set_status(self, table_id: str, status: str, at: float) -> None:
        await self._tx("update the table", [
            ("UPDATE tables SET status = ?, updated = ? WHERE id = ?", (status, at, table_id)),
            ("DELETE FROM deadlines WHERE table_id = ?", (table_id,)),
        ])

    async def pause_table(self, table_id: str, at: float, reason: str) -> None:
        """Mark a playing table paused since ``at`` (epoch seconds) because of ``reason`` (issue 12 §4)."""
        await self._tx("pause the table", [
            ("UPDATE tables SET paused = ?, pause_reason = ?, updated = ? WHERE id = ?", (at, reason, at, table_id)),
        ])

    async def resume_table(self, table_id: str, at: float, place: str, shift: float) -> None:
        """Un-pause a table at ``at`` in its new ``place``, moving its deadlines (and reminder times) on by
        ``shift`` seconds, the time it spent paused; one transaction."""
        await self._tx("resume the table", [
            ("UPDATE tables SET paused = NULL, pause_reason = NULL, place = ?, updated = ? WHERE id = ?",
             (place, at, table_id)),
            ("UPDATE deadlines SET deadline = deadline + ?, remind_at = remind_at + ? WHERE table_id = ?",
             (shift, shift, table_id)),
        ])

    async def mark_reminded(self, table_id: str, seat: int) -> None:
        await self._tx("mark the reminder", [
            ("UPDATE deadlines SET reminded = 1 WHERE table_id = ? AND seat = ?", (table_id, seat)),
        ])

    async def put_message(self, table_id: str, kind: str, seat: int, channel_id: int, message_id: int,
                          created: float, flag: bool = False) -> None:
        """Remember a front end's message for a table (``kind``: lobby, board, thread, dm)."""
        await self._tx("remember the message", [(
            "INSERT INTO front_messages (table_id, kind, seat, channel_id, message_id, created, flag) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, kind, seat) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, created = excluded.created, "
            "flag = excluded.flag",
            (table_id, kind, seat, channel_id, message_id, created, int(flag)),
        )])

    async def notify_of(self, user_id: str) -> bool:
        """Whether ``user_id`` wants turn notices (issue 13 §1); ``True`` when never set."""
        rows = await self._fetchall("SELECT notify FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else True

    async def set_notify(self, user_id: str, on: bool) -> None:
        """Store ``user_id``'s turn-notice setting (``/notify``). Raises :class:`StoreError`."""
        await self._tx("store the notice setting", [(
            "INSERT INTO user_settings (user_id, notify) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", (user_id, int(on)))])

    async def play_prefs_of(self, user_id: str) -> dict[str, bool]:
        """``user_id``'s play settings (migration 12, issue 27 §2, §3) as ``{"windows", "pass_windows",
        "stop_aimed"}`` booleans, the defaults (off, off, on) when never set."""
        rows = await self._fetchall("SELECT windows, pass_windows, stop_aimed FROM user_settings WHERE user_id = ?",
                                    (user_id,))
        windows, pass_windows, stop_aimed = rows[0] if rows else (0, 0, 1)
        return {"windows": bool(windows), "pass_windows": bool(pass_windows), "stop_aimed": bool(stop_aimed)}

    async def set_play_prefs(self, user_id: str, **values: bool) -> None:
        """Store some of ``user_id``'s play settings (keys ``windows``, ``pass_windows``, ``stop_aimed``); the
        others and their other settings stay. Raises :class:`StoreError`; ``ValueError`` for another key."""
        cols = sorted(values)
        if not cols or not set(cols) <= {"windows", "pass_windows", "stop_aimed"}:
            raise ValueError(f"unknown play settings: {cols}")
        names = ", ".join(cols)
        await self._tx("store the play settings", [(
            f"INSERT INTO user_settings (user_id, {names}) VALUES (?{', ?' * len(cols)}) ON CONFLICT (user_id) DO "
            f"UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in cols),
            (user_id, *(int(values[c]) for c in cols)))])

    async def surroundings_of(self, user_id: str) -> dict[str, Any] | None:
        """``user_id``'s surroundings profile (migration 9, ``/surroundings``): the JSON object they declared
        (places, weather, objects, place), or ``None`` when they have none."""
        rows = await self._fetchall("SELECT surroundings FROM user_settings WHERE user_id = ?", (user_id,))
        return json.loads(rows[0][0]) if rows and rows[0][0] else None

    async def set_surroundings(self, user_id: str, profile: dict[str, Any] | None) -> None:
        """Store ``user_id``'s surroundings profile (a JSON object), or clear it with ``None``; their other
        settings stay. Raises :class:`StoreError`."""
        value = None if profile is None else json.dumps(profile, sort_keys=True)
        await self._tx("store the surroundings", [(
            "INSERT INTO user_settings (user_id, surroundings) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET surroundings = excluded.surroundings", (user_id, value))])

    async def location_of(self, server: str) -> dict[str, Any] | None:
        """The location set for ``server`` (a Discord guild id; ``/settings location``, issue 16 item 2) as
        ``games.metazoo.sky.Place.to_json()`` data, or ``None`` when none is set. Kept in the kv table."""
        value = await self.get_kv(f"location:{server}")
        return json.loads(value) if value else None

    async def set_location(self, server: str, place: dict[str, Any] | None) -> None:
        """Set ``server``'s location (a Place's JSON object), or clear it with ``None``. :class:`StoreError`."""
        key = f"location:{server}"
        if place is None:
            await self._tx("clear the location", [("DELETE FROM kv WHERE key = ?", (key,))])
        else:
            await self.put_kv(key, json.dumps(place, sort_keys=True))

    async def messages_of(self, table_id: str) -> list[tuple[str, int, int, int, float, bool]]:
        """``[(kind, seat, channel_id, message_id, created, flag)]`` remembered for a table."""
        return [(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in await self._fetchall(
            "SELECT kind, seat, channel_id, message_id, created, flag FROM front_messages WHERE table_id = ?",
            (table_id,))]

    async def table_by_channel(self, channel_id: int) -> str | None:
        """The table whose thread or board lives in ``channel_id``."""
        rows = await self._fetchall(
            "SELECT table_id FROM front_messages WHERE kind = 'thread' AND channel_id = ?", (channel_id,))
        return rows[0][0] if rows else None

    async def leaderboard(self, game: str, place_prefix: str, limit: int = 10) -> list[tuple[str, int, int, int, int]]:
        """``[(user_id, games, wins, losses, draws)]`` from finished tables whose place starts with
        ``place_prefix`` (a server), best win count first."""
        rows = await self._fetchall(
            "SELECT r.result, s.seat, s.user_id FROM results r JOIN tables t ON t.id = r.table_id "
            "JOIN seats s ON s.table_id = t.id WHERE t.game = ? AND t.place LIKE ? AND s.computer = 0 "
            "AND s.user_id IS NOT NULL", (game, place_prefix + "%"))
        board: dict[str, list[int]] = {}
        for result_json, seat, user in rows:
            result = json.loads(result_json)
            row = board.setdefault(user, [0, 0, 0, 0])
            row[0] += 1
            if result.get("draw"):
                row[3] += 1
            elif seat in result["winners"]:
                row[1] += 1
            else:
                row[2] += 1
        ranked = sorted(board.items(), key=lambda kv: (-kv[1][1], kv[1][2], kv[0]))
        return [(u, *v) for u, v in ranked[:limit]]  # type: ignore[misc]

    # -- reads

    async def _fetchall(self, sql: str, params: tuple = ()) -> list[tuple]:
        try:
            async with self.db.execute(sql, params) as cur:
                return list(await cur.fetchall())
        except sqlite3.Error as exc:
            raise _wrap(exc, f"read {self.path}", self.path) from None

    async def load_tables(self, statuses: tuple[str, ...] = ("lobby", "playing"), table_id: str | None = None
                          ) -> list[TableRow]:
        """Tables in ``statuses`` (or the one ``table_id``), with seats, snapshot (and its static part, issue
        14) and deadlines."""
        cols = "id, game, place, host_user, status, options, seed, created, updated, paused, pause_reason"
        if table_id is not None:
            rows = await self._fetchall(f"SELECT {cols} FROM tables WHERE id = ?", (table_id,))
        else:
            marks = ",".join("?" * len(statuses))
            rows = await self._fetchall(f"SELECT {cols} FROM tables WHERE status IN ({marks}) ORDER BY created",
                                        statuses)
        if not rows:
            return []
        ids = [r[0] for r in rows]
        seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
        snaps: dict[str, tuple[int, str, str | None]] = {}
        dls: dict[str, list] = {i: [] for i in ids}
        chunk = 500
        for k in range(0, len(ids), chunk):
            part = ids[k:k + chunk]
            marks = ",".join("?" * len(part))
            for r in await self._fetchall(
                f"SELECT table_id, seat, user_id, name, computer, deck_id, deck, timeouts, deck_name, bank FROM seats "
                f"WHERE table_id IN ({marks}) ORDER BY table_id, seat", tuple(part)):
                seats[r[0]].append(SeatRow(r[1], r[2], r[3], bool(r[4]), r[5], json.loads(r[6]), r[7], r[8], r[9]))
            for r in await self._fetchall(
                f"SELECT table_id, seq, state, static FROM snapshots WHERE table_id IN ({marks})", tuple(part)):
                snaps[r[0]] = (r[1], r[2], r[3])
            for r in await self._fetchall(
                f"SELECT table_id, seat, seq, deadline, remind_at, reminded FROM deadlines WHERE table_id IN ({marks})",
                tuple(part)):
                dls[r[0]].append((r[1], r[2], r[3], r[4], bool(r[5])))
        out = []
        for r in rows:
            seq, snap, static = snaps.get(r[0], (0, None, None))
            out.append(TableRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], r[7], r[8],
                                seats[r[0]], snap, seq, dls[r[0]], r[9], r[10], static))
        return out

    async def actions(self, table_id: str, timed: bool = False) -> list[tuple]:
        """The choice log of a table: ``[(seq, seat, choice)]`` in order; with ``timed``, ``[(seq, seat,
        choice, at)]``, ``at`` the epoch seconds logged with each choice (issue 16: a game that reads the
        clock is replayed with them, :meth:`games.core.contract.Game.observe`)."""
        rows = await self._fetchall(
            "SELECT seq, seat, choice, at FROM actions WHERE table_id = ? ORDER BY seq", (table_id,))
        return [tuple(r) if timed else (r[0], r[1], r[2]) for r in rows]

    async def log_summaries(self, table_ids: list[str]) -> dict[str, LogSummary]:
        """For each of ``table_ids`` (tables with a snapshot): how many choices each seat made, each seat's
        last choice, and the log rows after the snapshot's ``seq`` (a snapshot may lag behind the log,
        issue 14), in a few queries for all tables instead of one per table. Raises :class:`StoreError`."""
        out = {i: LogSummary({}, {}, []) for i in table_ids}
        chunk = 500
        for k in range(0, len(table_ids), chunk):
            part = tuple(table_ids[k:k + chunk])
            marks = ",".join("?" * len(part))
            # SQLite gives the bare column ``choice`` from the row holding MAX(seq): the seat's last choice.
            for tid, seat, count, _last, choice in await self._fetchall(
                    f"SELECT table_id, seat, COUNT(*), MAX(seq), choice FROM actions WHERE table_id IN ({marks}) "
                    "GROUP BY table_id, seat", part):
                out[tid].acts[seat] = count
                out[tid].last_choice[seat] = choice
            for tid, seq, seat, choice, at in await self._fetchall(
                    "SELECT a.table_id, a.seq, a.seat, a.choice, a.at FROM actions a JOIN snapshots s "
                    f"ON s.table_id = a.table_id WHERE a.table_id IN ({marks}) AND a.seq >= s.seq "
                    "ORDER BY a.table_id, a.seq", part):
                out[tid].tail.append((seq, seat, choice, at))
        return out

    async def result(self, table_id: str) -> dict[str, Any] | None:
        rows = await self._fetchall("SELECT result FROM results WHERE table_id = ?", (table_id,))
        return json.loads(rows[0][0]) if rows else None

    async def stats(self, user_id: str, game: str | None = None) -> list[tuple[str, int, int, int, int]]:
        """``[(game, games, wins, losses, draws)]`` for a user (one game or all)."""
        if game is None:
            rows = await self._fetchall(
                "SELECT game, games, wins, losses, draws FROM stats WHERE user_id = ? ORDER BY game", (user_id,))
        else:
            rows = await self._fetchall(
                "SELECT game, games, wins, losses, draws FROM stats WHERE user_id = ? AND game = ?", (user_id, game))
        return [tuple(r) for r in rows]  # type: ignore[misc]

    async def list_tables(self, place: str | None = None) -> list[tuple[str, str, str, str, float]]:
        """``[(id, game, place, status, updated)]``, newest first."""
        if place is None:
            rows = await self._fetchall("SELECT id, game, place, status, updated FROM tables ORDER BY updated DESC")
        else:
            rows = await self._fetchall(
                "SELECT id, game, place, status, updated FROM tables WHERE place = ? ORDER BY updated DESC", (place,))
        return [tuple(r) for r in rows]  # type: ignore[misc]

    # -- personal decks (issue 6). Every query names the owner: a deck is only ever found for its user.

    @staticmethod
    def _deck(r: tuple) -> DeckRow:
        return DeckRow(r[0], r[1], r[2], r[3], [(c, int(n)) for c, n in json.loads(r[4])], r[5], r[6],
                       [(c, int(n)) for c, n in json.loads(r[7])])

    async def decks_of(self, user_id: str, game: str | None = None) -> list[DeckRow]:
        """The user's decks (of one game, or all), most recently changed first."""
        cols = "id, user_id, game, name, cards, created, updated, archive"
        if game is None:
            rows = await self._fetchall(
                f"SELECT {cols} FROM decks WHERE user_id = ? ORDER BY updated DESC, id DESC", (user_id,))
        else:
            rows = await self._fetchall(
                f"SELECT {cols} FROM decks WHERE user_id = ? AND game = ? ORDER BY updated DESC, id DESC",
                (user_id, game))
        return [self._deck(r) for r in rows]

    async def deck(self, user_id: str, deck_id: int) -> DeckRow | None:
        """The deck ``deck_id`` if ``user_id`` owns it, else ``None``."""
        if not 0 < deck_id < 2**63:  # beyond SQLite's INTEGER (a typed id): no such deck, not OverflowError
            return None
        rows = await self._fetchall(
            "SELECT id, user_id, game, name, cards, created, updated, archive FROM decks WHERE id = ? AND user_id = ?",
            (deck_id, user_id))
        return self._deck(rows[0]) if rows else None

    async def deck_named(self, user_id: str, game: str, name: str) -> DeckRow | None:
        """The user's deck of ``game`` called ``name`` (case-insensitive), else ``None``."""
        rows = await self._fetchall(
            "SELECT id, user_id, game, name, cards, created, updated, archive FROM decks "
            "WHERE user_id = ? AND game = ? AND name = ? COLLATE NOCASE", (user_id, game, name))
        return self._deck(rows[0]) if rows else None

    async def create_deck(self, user_id: str, game: str, name: str, cards: list[tuple[str, int]], at: float,
                          archive: list[tuple[str, int]] | None = None) -> DeckRow:
        """A new deck (``archive``: MetaZoo's Archive, MZ-BOOK-04); :class:`StoreError` when the user already has
        a deck of that name for the game."""
        await self._tx("save the deck", [(
            "INSERT INTO decks (user_id, game, name, cards, created, updated, archive) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (user_id, game, name, json.dumps([list(e) for e in cards]), at, at,
             json.dumps([list(e) for e in archive or []])))])
        row = await self.deck_named(user_id, game, name)
        assert row is not None
        return row

    async def update_deck(self, user_id: str, deck_id: int, at: float, *, name: str | None = None,
                          cards: list[tuple[str, int]] | None = None,
                          archive: list[tuple[str, int]] | None = None) -> None:
        """Rename and/or replace the cards (and/or the Archive) of the user's deck (nothing happens to another
        user's deck)."""
        sets, params = ["updated = ?"], [at]
        if name is not None:
            sets.append("name = ?")
            params.append(name)
        if cards is not None:
            sets.append("cards = ?")
            params.append(json.dumps([list(e) for e in cards]))
        if archive is not None:
            sets.append("archive = ?")
            params.append(json.dumps([list(e) for e in archive]))
        await self._tx("save the deck", [(
            f"UPDATE decks SET {', '.join(sets)} WHERE id = ? AND user_id = ?", (*params, deck_id, user_id))])

    async def delete_deck(self, user_id: str, deck_id: int) -> None:
        await self._tx("delete the deck", [("DELETE FROM decks WHERE id = ? AND user_id = ?", (deck_id, user_id))])
