"""Where a test's stores live, on either back end, and what a test reads of them: the places the ``new_db`` and
``db_url`` fixtures (tests/conftest.py) hand out (a SQLite file in the test's folder, or a schema of its own on
the run's PostgreSQL server), :func:`rows`/:func:`execute` (SQL on a place, from a synchronous or an asynchronous
test alike), :func:`exists` (whether anything was stored there) and :func:`refuse_writes` (the database refusing
a store's writes, as a full disk or a standby server would).

A place is what ``Store.open`` and ``metahost … --db`` take: a path, or a ``postgresql://`` URL whose
``search_path`` is the test's schema. Imports nothing of pytest, so that a subprocess a test starts may import it
too."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import uuid
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from bot.store import Store, is_postgres
from bot.store.postgres import pg_sql


def with_options(url: str, **options: str) -> str:
    """``url`` with ``options`` in its query, in place of any of the same names it had."""
    base, _, query = url.partition("?")
    kept = [part for part in query.split("&") if part and part.split("=", 1)[0] not in options]
    return f"{base}?{'&'.join([*kept, *(f'{k}={v}' for k, v in options.items())])}"


def schema_of(url: str) -> str:
    """The schema a place's URL works in (its ``search_path``); ``ValueError`` for a URL without one."""
    for key, value in parse_qsl(urlsplit(url).query):
        if key == "search_path":
            return value
    raise ValueError(f"{url} names no schema of a test (search_path)")


class Admin:
    """One connection to the run's PostgreSQL server, as the user of its URL, kept on a thread of its own with
    its own event loop: a synchronous test and an asynchronous one (whose loop is busy running it) call it alike.
    One per process (:func:`admin`)."""

    def __init__(self, url: str):
        import asyncpg

        self.url = url
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="pg-admin", daemon=True).start()
        # A lock another connection forgot to release fails the statement instead of hanging the run.
        # No statement cache: one statement runs in many schemas.
        self.con = self.run(asyncpg.connect(url, statement_cache_size=0, server_settings={
            "lock_timeout": "10s", "application_name": "metahost-tests"}))

    def run(self, coro):
        """Run ``coro`` on the admin thread and return its result (or raise its error)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=120)

    def new_place(self) -> str:
        """A new, empty schema with a name no other test of any process uses; its place (URL)."""
        name = f"t_{uuid.uuid4().hex[:16]}"
        self.run(self.con.execute(f"CREATE SCHEMA {name}"))
        return with_options(self.url, search_path=name, application_name=name)

    def drop(self, place: str) -> None:
        """Remove the schema of ``place`` and everything in it."""
        self.run(self.con.execute(f"DROP SCHEMA IF EXISTS {schema_of(place)} CASCADE"))

    def fetch(self, place: str, sql: str, args: tuple) -> list[tuple]:
        async def go():
            async with self.con.transaction():
                await self.con.execute(f"SET LOCAL search_path TO {schema_of(place)}")
                return [tuple(r) for r in await self.con.fetch(pg_sql(sql), *args)]

        return self.run(go())


    def close(self) -> None:
        self.run(self.con.close())
        self.loop.call_soon_threadsafe(self.loop.stop)


ADMINS: dict[str, Admin] = {}


def close_admins() -> None:
    """Close this process's :class:`Admin` connections (at the end of its run)."""
    while ADMINS:
        ADMINS.popitem()[1].close()


def admin(url: str) -> Admin:
    """This process's :class:`Admin` of the server at ``url`` (made at the first call)."""
    if url not in ADMINS:
        ADMINS[url] = Admin(url)
    return ADMINS[url]


def _admin_of(place: str) -> Admin:
    query = [(k, v) for k, v in parse_qsl(urlsplit(place).query) if k not in ("search_path", "application_name")]
    base = place.split("?", 1)[0]
    url = base + ("?" + "&".join(f"{k}={v}" for k, v in query) if query else "")
    return admin(url)


def rows(place: str | Path, sql: str, *args) -> list[tuple]:
    """The rows of ``sql`` (SQLite's dialect: ``?`` placeholders) on the store at ``place``, as tuples."""
    if is_postgres(str(place)):
        return _admin_of(str(place)).fetch(str(place), sql, args)
    con = sqlite3.connect(place)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def execute(place: str | Path, sql: str, *args) -> None:
    """Run one write ``sql`` (SQLite's dialect) on the store at ``place``, committed."""
    if is_postgres(str(place)):
        _admin_of(str(place)).fetch(str(place), sql, args)
        return
    con = sqlite3.connect(place)
    try:
        con.execute(sql, args)
        con.commit()
    finally:
        con.close()


#: The places handed out again, emptied but migrated (tests/conftest.py): :func:`exists` cannot tell of them.
RECYCLED: set[str] = set()


def exists(place: str | Path) -> bool:
    """Whether anything was made at ``place``: the SQLite file, or a table in the test's schema. Raises
    ``AssertionError`` for a place handed out again (ask ``new_db(name, fresh=True)``)."""
    if is_postgres(str(place)):
        assert place not in RECYCLED, f"{place} was used before: ask new_db(name, fresh=True) to ask this"
        return bool(rows(place, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"))
    return Path(place).exists()


_REFUSE = """CREATE OR REPLACE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'cannot execute % in a read-only transaction', TG_OP USING ERRCODE = '25006'; END $$"""


async def refuse_writes(store: Store, on: bool) -> None:
    """Make the database refuse (``on``) or take again every write of ``store``, as a read-only file or a
    standby server would: SQLite's ``PRAGMA query_only``; on PostgreSQL a trigger on every table raising
    the read-only error (SQLSTATE 25006)."""
    if store.dialect == "sqlite":
        await store.db.execute(f"PRAGMA query_only = {'ON' if on else 'OFF'}")
        return
    # One statement, queued at once: a write already waiting (a computer's) must not slip in before it.
    make = ("CREATE TRIGGER refuse_writes BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT "
            "EXECUTE FUNCTION refuse_writes()") if on else "DROP TRIGGER refuse_writes ON %I"
    each = ("DO $$ DECLARE t text; BEGIN FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            f"LOOP EXECUTE format('{make}', t); END LOOP; END $$")
    await store._tx("refuse writes" if on else "take writes", [(_REFUSE, ()), (each, ())] if on else [(each, ())])
