"""The store's connection: opening the database file (creating it, applying the migrations of
:mod:`bot.store.schema`, proving it takes writes), the group commit that runs every write as one
transaction, and the read helper. :class:`Connection` is the base of :class:`bot.store.Store`; the query
modules build on it. May import :mod:`bot.store.schema`, :mod:`bot.store.errors`, :mod:`bot.store.rows`.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Self

import aiosqlite

from .errors import StoreError, wrap
from .rows import Recorded
from .schema import MIGRATIONS, SCHEMA_VERSION


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

    def __init__(self, store: Connection, loop: asyncio.AbstractEventLoop, batch: list):
        self.store, self.loop, self.batch = store, loop, batch

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self.loop

    def done(self) -> bool:
        return False

    def set_result(self, errors: list[Exception | None]) -> None:
        self.store._batch_done(self.loop, self.batch, errors)

    def set_exception(self, exc: BaseException) -> None:  # BEGIN or COMMIT failed: every write failed
        self.store._batch_done(self.loop, self.batch, [exc] * len(self.batch))


class Connection:
    """The database connection under :class:`bot.store.Store`: opening, migrations, atomic writes, reads.
    This one is SQLite's; :class:`bot.store.postgres.PgConnection` is PostgreSQL's, with the same methods.
    The query modules write SQL both run, with ``?`` placeholders; where the dialects differ they ask
    the connection (:meth:`nocase_equals`)."""

    #: The back end's name: ``sqlite`` or ``postgresql``.
    dialect = "sqlite"

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

    @staticmethod
    def nocase_equals(column: str) -> str:
        """SQL true when ``column`` equals the next ``?`` up to ASCII case (SQLite's ``NOCASE``)."""
        return f"{column} = ? COLLATE NOCASE"

    @classmethod
    async def open(cls, path: str | Path, busy_timeout_ms: int = 2000, *, check_writable: bool = True,
                   upto: int | None = None) -> Self:
        """Open (creating it and its folder if needed) the database at ``path``, apply pending migrations
        (those up to ``upto`` only, for tests of a migration) and, with ``check_writable``, prove that it
        takes writes (so that a command that must write fails here, before it starts, and not half-way;
        reading commands pass ``False`` and still work on a read-only file).

        Raises :class:`StoreError` naming the path and what is wrong: the folder cannot be
        created, the file or its folder is read-only, the disk is full, it is not a database…"""
        path = str(path)
        what = f"open {path}"
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise wrap(exc, what, path) from None
        conn = aiosqlite.connect(path, isolation_level=None)
        try:
            db = await conn
        except (sqlite3.Error, OSError) as exc:
            # aiosqlite stops its worker thread without waiting for it; wait here, or the thread outlives
            # the event loop of a short command and prints a traceback of its own.
            conn._thread.join(timeout=5)
            raise wrap(exc, what, path) from None
        store = cls(db, path)
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await db.execute("PRAGMA foreign_keys = ON")
            if path != ":memory:":
                await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            version = await store.schema_version()
            target = SCHEMA_VERSION if upto is None else upto
            if version < target:
                what = f"upgrade {path} to schema {target}"
                await store.migrate(upto)
            if check_writable:
                what = f"write {path}"
                await store._probe_write()
        except (sqlite3.Error, OSError) as exc:
            await db.close()
            raise wrap(exc, what, path) from None
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
        never waits for the event loop to get round to a task (it kept the p99 latency of an act down)."""
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

    async def _tx_record(self, what: str, statements: list[tuple[str, tuple]], recorded: Recorded) -> None:
        """Commit a choice of :meth:`bot.store.tables.TableQueries.record`: ``statements`` are its writes,
        ``recorded`` the same as values, for a back end with a cheaper way to store them (PostgreSQL's
        ``metahost_record``); SQLite runs the statements (:meth:`_tx`)."""
        await self._tx(what, statements)

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
                self.last_error = wrap(err, f"{what} in {self.path}", self.path)
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
            self.last_error = wrap(exc, f"{what} in {self.path}", self.path)
            raise self.last_error from None


    async def table_names(self) -> list[str]:
        """The names of the store's own tables (not the database's bookkeeping), sorted."""
        rows = await self._fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        return sorted(r[0] for r in rows)

    async def fetch_named(self, sql: str) -> tuple[list[str], list[tuple]]:
        """``(column names, rows)`` of a query without parameters (``metahost db copy``)."""
        try:
            async with self.db.execute(sql) as cur:
                rows = list(await cur.fetchall())
                return [d[0] for d in cur.description], [tuple(r) for r in rows]
        except sqlite3.Error as exc:
            raise wrap(exc, f"read {self.path}", self.path) from None

    async def after_copy(self) -> None:
        """Set what follows rows written with their own ids (``metahost db copy``): nothing on SQLite, whose
        ``AUTOINCREMENT`` follows the largest id written."""

    async def _fetchall(self, sql: str, params: tuple = ()) -> list[tuple]:
        try:
            async with self.db.execute(sql, params) as cur:
                return list(await cur.fetchall())
        except sqlite3.Error as exc:
            raise wrap(exc, f"read {self.path}", self.path) from None
