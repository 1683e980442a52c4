"""The store: one SQLite file through aiosqlite (DESIGN.md, The host).

A table is its setup row (game, seed, options, seats and their decks) plus an append-only log of
choices, with a snapshot of the state for fast loading. A choice, its log row and, when one is due, the
new snapshot commit in one transaction (:meth:`Store.record`) before any listener is told; a snapshot may
lag behind the log, whose rows after ``snapshots.seq`` rebuild the rest (docs/performance.md). Schema
changes are the numbered migrations in :data:`MIGRATIONS`, applied at start-up; ``PRAGMA user_version``
holds the number applied.

Errors: every failure of the database (locked, read-only file or folder, disk full, not a database) is
raised as :class:`StoreError`, one line naming the file and what is wrong; a failed write leaves nothing
half-written (transactions roll back). :meth:`Store.open` proves by default that the file takes writes,
so that a command fails before it starts rather than half-way.

The package, by concern (each module imports only those above it):

- ``schema.py``: the migrations and :data:`SCHEMA_VERSION`;
- ``errors.py``: :class:`StoreError`;
- ``rows.py``: the values read and written (:class:`TableRow`, :class:`SeatRow`, :class:`DeckRow`,
  :class:`LogSummary`);
- ``connection.py``: opening, migrating, the group commit of writes, reads;
- ``tables.py``, ``user.py``, ``stats.py``, ``decks.py``: the queries, by concern;
- this module: :class:`Store`, all of them together, and the names the rest of the project imports.
"""

from __future__ import annotations

import aiosqlite  # noqa: F401 - tests patch bot.store.aiosqlite.connect

from .decks import DeckQueries
from .errors import StoreError
from .rows import DeckRow, LogSummary, SeatRow, TableRow
from .schema import MIGRATIONS, SCHEMA_VERSION
from .stats import StatsQueries
from .tables import TableQueries
from .user import UserQueries

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "DeckRow", "LogSummary", "SeatRow", "Store", "StoreError", "TableRow"]


class Store(TableQueries, UserQueries, StatsQueries, DeckQueries):
    """Async access to the metahost database. Use :meth:`open`; close with :meth:`close`."""
