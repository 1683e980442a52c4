"""Fixtures of the host tests: ``store`` (a fresh store at ``db_url``: SQLite in tmp_path, or PostgreSQL in a test
marked ``backends``, tests/conftest.py), ``clock`` (a
:class:`FakeClock`) and ``svc`` (a table service on both, recording with the test module's ``Recorder``); and the
database's own refusals on either back end: :func:`refuse_writes` (tests/store_places.py), :func:`locked_by_another`."""

from __future__ import annotations

import contextlib
import sqlite3

import pytest
from store_places import refuse_writes  # noqa: F401 - the host tests import it from here

from bot.host import TableService
from bot.store import Store


class FakeClock:
    """Epoch seconds set by hand (``clock.t += 60``). ``now()`` reads it, for the table service; calling
    the clock moves it on by one second first, for the deck service, so that "most recently changed"
    is well defined."""

    def __init__(self, t: float = 1_000_000.0):
        self.t = t

    def now(self) -> float:
        return self.t

    def __call__(self) -> float:
        self.t += 1
        return self.t


@pytest.fixture
async def store(db_url):
    s = await Store.open(db_url, busy_timeout_ms=100)
    yield s
    await s.close()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def svc(store, clock, request):
    """A :class:`TableService` on ``store`` and ``clock`` whose computers act at once, with an instance of
    the test module's ``Recorder`` listener as ``svc.rec``; computers are settled at the end. Modules
    without a ``Recorder`` define their own ``svc``."""
    s = TableService(store, clock=clock, computer_delay=0)
    s.rec = request.module.Recorder()
    s.listeners.append(s.rec)
    yield s
    await s.settle()


@contextlib.asynccontextmanager
async def locked_by_another(db_url: str):
    """Another process holds the database's write lock while the block runs: a SQLite ``BEGIN EXCLUSIVE``, or a
    PostgreSQL transaction holding every table in ``EXCLUSIVE`` mode (reads go on, writes wait)."""
    if "://" not in db_url:
        other = sqlite3.connect(db_url, timeout=0.1)
        other.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            other.rollback()
            other.close()
        return
    import asyncpg

    other = await asyncpg.connect(db_url)
    try:
        tables = [r[0] for r in await other.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
        async with other.transaction():
            await other.execute(f"LOCK TABLE {', '.join(tables)} IN EXCLUSIVE MODE")
            yield
    finally:
        await other.close()
