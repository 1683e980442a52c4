"""The store: one SQLite file through aiosqlite (DESIGN.md, The host), or a PostgreSQL database through
asyncpg, chosen by ``DATABASE_URL`` (:mod:`bot.store.address`; :meth:`Store.open` takes either).

A table is its setup row (game, seed, options, seats and their decks) plus an append-only log of
choices, with a snapshot of the state for fast loading. A choice, its log row and, when one is due, the
new snapshot commit in one transaction (:meth:`Store.record`) before any listener is told; a snapshot may
lag behind the log, whose rows after ``snapshots.seq`` rebuild the rest (docs/performance.md). Schema
changes are the numbered migrations in :data:`MIGRATIONS`, applied at start-up, the same on both back
ends (but for PostgreSQL-only steps, ``bot.store.schema.PG_MIGRATIONS``: the function that stores a group
commit's choices in one round trip); ``PRAGMA user_version`` holds the number applied on SQLite, the table
``schema_version`` on PostgreSQL.
Exactly once, by the database: the log ``actions`` has the primary key ``(table_id, seq)``, so a second
writer of the same sequence fails, and nothing of its transaction is written.

Errors: every failure of the database (locked, read-only file or folder, disk full, not a database) is
raised as :class:`StoreError`, one line naming the file and what is wrong; a failed write leaves nothing
half-written (transactions roll back). :meth:`Store.open` proves by default that the file takes writes,
so that a command fails before it starts rather than half-way.

The package, by concern (each module imports only those above it):

- ``schema.py``: the migrations and :data:`SCHEMA_VERSION`;
- ``errors.py``: :class:`StoreError`;
- ``rows.py``: the values read and written (:class:`TableRow`, :class:`SeatRow`, :class:`DeckRow`,
  :class:`LogSummary`);
- ``address.py``: ``DATABASE_URL`` read as a back end and a place, and said without its password;
- ``connection.py``: opening, migrating, the group commit of writes, reads, on SQLite;
- ``postgres.py``: the same on PostgreSQL, and the translation of the SQL and the migrations;
- ``tables.py``, ``user.py``, ``stats.py``, ``decks.py``: the queries, by concern;
- this module: :class:`Store` (on SQLite) and :class:`PgStore`, all of them together, and the names the
  rest of the project imports.
"""

from __future__ import annotations

from pathlib import Path
from typing import Self

import aiosqlite  # noqa: F401 - tests patch bot.store.aiosqlite.connect

from .address import is_postgres, parse, redact
from .decks import DeckQueries
from .errors import StoreError
from .postgres import PgConnection
from .rows import DeckRow, LogSummary, SeatRow, TableRow
from .schema import MIGRATIONS, SCHEMA_VERSION
from .stats import StatsQueries
from .tables import TableQueries
from .user import UserQueries

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "DeckRow", "LogSummary", "PgStore", "SeatRow", "Store", "StoreError",
           "TableRow", "is_postgres", "redact"]


class Store(TableQueries, UserQueries, StatsQueries, DeckQueries):
    """Async access to the metahost database. Use :meth:`open`; close with :meth:`close`."""

    @classmethod
    async def open(cls, location: str | Path, busy_timeout_ms: int = 2000, *, check_writable: bool = True,
                   upto: int | None = None) -> Self:
        """Open the database at ``location``: a ``DATABASE_URL`` (``sqlite:///PATH``, ``postgresql://…``) or a
        file path; a :class:`PgStore` for PostgreSQL. See :meth:`bot.store.connection.Connection.open` and
        :meth:`bot.store.postgres.PgConnection.open`. Raises :class:`StoreError`, also for a URL of another
        kind of database."""
        try:
            kind, where = parse(location)
        except ValueError as exc:
            text = redact(str(location))
            raise StoreError(f"cannot open {text}: {exc}".replace(f": {text} is", ": it is"), text,
                             "cannot_open") from None
        if kind == "postgresql":
            return await PgStore.open(where, busy_timeout_ms, check_writable=check_writable,  # type: ignore[return-value]
                                      upto=upto)
        return await super().open(where, busy_timeout_ms, check_writable=check_writable, upto=upto)


class PgStore(PgConnection, Store):
    """The store on PostgreSQL: :class:`Store`'s queries on a :class:`PgConnection`."""
