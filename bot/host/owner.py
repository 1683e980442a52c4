"""Several bot processes sharing one PostgreSQL store (docs/hosting.md, "Several processes"): which process owns
which table, take-over when one dies, and clicks forwarded to a table's owner.

Ownership, by the database: a process holds each table it hosts with a PostgreSQL advisory lock
(``pg_try_advisory_lock(<the schema's table space>, <the table's key>)``) taken on ONE dedicated connection
(:attr:`Owner.connection`, never a pooled one: a pool's reset releases advisory locks), and each Discord shard it
runs with another lock of the same kind. Only the owner applies choices, runs deadlines, computer seats and
board refreshes: the :class:`~bot.host.service.TableService` of a process hosts (``service.tables``) exactly the
tables it holds. A process that dies releases its locks with its connection; every ``poll`` seconds the others
look for live tables nobody holds (``pg_locks``) and adopt them (:meth:`TableService.adopt`: loaded from the store
with their timers and computers, as after a restart):

- a table's home is the process running its guild's shard (:func:`bot.shards.shard_of`); it adopts its own
  tables at once;
- another process adopts a table only while no process runs its home shard (the home process is down), and hands
  it back (:meth:`TableService.release`, then the lock) once one does: the lock moves, never two owners at once.

The log's primary key ``(table_id, seq)`` is the fence behind the locks: an owner that lost its lock without
knowing it (its connection cut) fails to store its next choice (``StoreError`` ``conflict``), forgets the
table and reloads it only if it can lock it again (:meth:`conflict`). A process whose lock connection closes
forgets every table at once and connects again.

Forwarding: a click on a decision of a table another process owns (a DM: DMs arrive on shard 0 only; a guild
interaction after a take-over) is deferred by the receiving process, then sent as a :class:`Click` to the owner
with ``NOTIFY metahost_owner_<pid>`` (``<pid>``: the server pid of the owner's lock connection, which holds the
table's lock, read from ``pg_locks``). The owner applies it through the same path as a local click
(:meth:`TableService.act_option`: a repeated or outdated click is refused as ever, so it is applied once), answers
the user through ``answer`` (the Discord shell edits the interaction's message with its webhook token, which any
process may use), and acknowledges with a ``NOTIFY`` back to the sender, who waits for it (:meth:`forward`) and
sends again to whoever owns the table after a take-over. Click ids seen recently are answered from memory, so a
click sent twice is applied and answered once.

May import :mod:`bot.host.tables`, :mod:`bot.shards`, :mod:`bot.store` and ``games.core``; asyncpg is imported
when an :class:`Owner` starts. The service holds its owner as ``service.owner``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from collections import OrderedDict
from dataclasses import asdict, dataclass, field
from typing import Any

from games.core.values import RulesError

from ..shards import shard_of
from ..store import StoreError
from .tables import Table, TableError

log = logging.getLogger("metahost.owner")

#: Seconds between two looks for tables nobody holds (a take-over happens within about this long).
POLL = 1.0
#: Seconds a forwarded click waits for its owner's answer before it is sent again (to the table's owner then).
REPLY_WAIT = 2.0
#: Seconds a forwarded click may wait in all for a table to have an owner (a take-over under way).
FORWARD_WAIT = 15.0
#: Click ids remembered with their outcome, so that a click sent twice is applied and answered once.
RECENT = 2048
CHANNEL = "metahost_owner_{pid}"


def lock_key(name: str) -> int:
    """A 32-bit signed key of an advisory lock for ``name`` (a table id, or a namespace), stable across processes
    and versions (the first 4 bytes of its SHA-1)."""
    return int.from_bytes(hashlib.sha1(name.encode("utf-8")).digest()[:4], "big", signed=True)


class OwnerError(RuntimeError):
    """A process cannot take its place among several: a shard it should run is run by another process, or the
    store is not PostgreSQL. ``str(err)`` says which, in one line."""


@dataclass
class Click:
    """A click on a decision, sent to the table's owner: ``table``, the clicking ``user``, the decision ``token``
    and option ``key`` it carries (``key`` ``None``: "Pass until my turn"), ``id`` the click's own id (the Discord
    interaction's), ``reply`` what the owner needs to answer the user (the Discord shell: application id,
    interaction token, clicked message, DM or not), opaque here."""

    table: str
    user: str
    token: str
    key: str | None
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    reply: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    """What became of a click: ``status`` ``applied``, ``refused`` (``code`` and ``message``: the host's refusal,
    nothing changed) or ``unanswered`` (no owner answered in time; nothing is known to have changed)."""

    status: str
    code: str = ""
    message: str = ""

    @property
    def applied(self) -> bool:
        return self.status == "applied"


class Answerer:
    """How the owner answers the user of a click it applied for another process (the Discord shell edits the
    clicked message through the interaction's webhook token, :mod:`bot.shell.forward`)."""

    def claim(self, click: Click, table: Table) -> None:
        """Right before ``click`` is applied at ``table`` (a Discord front holds the seat's DM meanwhile)."""

    async def answer(self, click: Click, table: Table | None, outcome: Outcome) -> None:
        """Tell the user what became of ``click`` (``table`` ``None`` when it is not hosted here any more)."""

    async def changed(self, table_id: str) -> None:
        """Another process changed what the store keeps for ``table_id`` beside its game (a player out of it left
        its DMs): read it again (:meth:`Owner.tell_owner`)."""


class Owner:
    """The ownership of one process's tables and the forwarding of clicks (see the module docstring). Create with
    :meth:`start`; stop with :meth:`close`. ``shards``: the Discord shards this process runs, of ``shard_count``;
    ``answer``: how the owner answers a forwarded click's user (:class:`Answerer`; the Discord shell's, or
    ``None``: not answered)."""

    def __init__(self, service: Any, url: str, shards: tuple[int, ...] = (0,), shard_count: int = 1, *,
                 poll: float = POLL, answer: Answerer | None = None):
        self.service = service
        self.url = url
        self.shards = tuple(shards)
        self.shard_count = shard_count
        self.poll_every = poll
        self.answer = answer
        self.connection: Any = None  #: the dedicated asyncpg connection holding the locks (and listening)
        self.pid = 0  #: its server process id: the address other processes send clicks to
        self.held: set[str] = set()  #: tables whose lock this process holds
        self._creating: set[str] = set()  # held, being stored by a create: not hosted yet, not to let go
        self.others: dict[str, int] = {}  #: live tables another process holds -> its pid (last poll)
        self.free: set[str] = set()  #: live tables nobody held at the last poll
        self.task: asyncio.Task | None = None
        self.adopted = 0  #: tables adopted from another process (take-overs and hand-backs), for the bench
        self._space = self._shard_space = 0
        self._db_oid = 0
        self._conn_lock = asyncio.Lock()  # one operation at a time on the lock connection
        self._poll_lock = asyncio.Lock()
        self._waiting: dict[str, asyncio.Future] = {}
        self._recent: OrderedDict[str, Outcome] = OrderedDict()
        self._serving: set[asyncio.Task] = set()
        self._closing = False

    # -- start and stop

    @classmethod
    async def start(cls, service: Any, url: str, shards: tuple[int, ...] = (0,), shard_count: int = 1,
                    **kwargs: Any) -> Owner:
        """Connect the lock connection, take the locks of ``shards`` (:class:`OwnerError` when another process
        runs one of them), listen for clicks, adopt this process's tables and start polling."""
        if getattr(service.store, "dialect", "sqlite") != "postgresql":
            raise OwnerError("several processes need a PostgreSQL store (DATABASE_URL=postgresql://…); on SQLite "
                             "one process owns every table")
        owner = cls(service, url, shards, shard_count, **kwargs)
        await owner._connect()
        service.owner = owner
        await owner.poll()
        owner.task = asyncio.get_running_loop().create_task(owner._loop(), name="metahost-owner")
        return owner

    async def _connect(self) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url, server_settings={"application_name": "metahost-owner"})
        try:
            schema, self._db_oid = await conn.fetchrow(
                "SELECT current_schema(), (SELECT oid::int8 FROM pg_database WHERE datname = current_database())")
            self._space, self._shard_space = lock_key(f"{schema}:table"), lock_key(f"{schema}:shard")
            taken = []
            for shard in self.shards:
                if not await conn.fetchval("SELECT pg_try_advisory_lock($1::int4, $2::int4)", self._shard_space,
                                           shard):
                    taken.append(shard)
            if taken:
                raise OwnerError(f"shard {taken[0]} of {self.shard_count} is already run by another process on this "
                                 "database: give each process its own --shards")
            self.pid = conn.get_server_pid()
            await conn.add_listener(CHANNEL.format(pid=self.pid), self._notified)
        except BaseException:
            await conn.close()
            raise
        conn.add_termination_listener(self._lost)
        self.connection = conn

    async def close(self) -> None:
        """Stop: hand every table over (each is forgotten after its act under way, then its lock is released, so
        that another process adopts it at once) and close the lock connection. The store stays open."""
        self._closing = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for task in list(self._serving):
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await task
        for table_id in list(self.held):
            await self.service.release(table_id)
        if self.connection is not None and not self.connection.is_closed():
            await self.connection.close()
        self.held.clear()
        if self.service.owner is self:
            self.service.owner = None

    def _lost(self, _conn: Any) -> None:
        """The lock connection closed (the server restarted, the network dropped): every lock is gone, so another
        process may own any of these tables now: forget them all at once, and connect again at the next poll."""
        self.connection = None
        if self._closing:
            return
        gone = list(self.held)
        self.held.clear()
        log.warning("the lock connection closed: %d tables are left to other processes; connecting again", len(gone))
        for table_id in gone:
            t = self.service.tables.get(table_id)
            if t is not None:
                t.released = True  # at once: nothing more is applied here, even by an act already waiting
        loop = asyncio.get_running_loop()
        for table_id in gone:
            loop.create_task(self.service.release(table_id))

    # -- locks

    async def _lock(self, table_id: str) -> bool:
        """Try to take ``table_id``'s lock; ``False`` when another process holds it or the lock connection is
        down (its termination is handled by :meth:`_lost`)."""
        import asyncpg

        async with self._conn_lock:
            conn = self.connection
            if conn is None:
                return False
            try:
                return bool(await conn.fetchval("SELECT pg_try_advisory_lock($1::int4, $2::int4)", self._space,
                                                lock_key(table_id)))
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
                log.warning("could not lock table %s: %s", table_id, exc)
                return False

    async def _unlock(self, table_id: str) -> None:
        self.held.discard(table_id)
        async with self._conn_lock:
            conn = self.connection
            if conn is not None and not conn.is_closed():
                with contextlib.suppress(Exception):
                    await conn.execute("SELECT pg_advisory_unlock($1::int4, $2::int4)", self._space, lock_key(table_id))

    async def hold_new(self, table_id: str) -> None:
        """Take the lock of a table this process is creating (before it is stored, so no other process adopts
        it meanwhile). Raises :class:`bot.store.StoreError` when the lock connection is down."""
        if self.connection is None:
            raise StoreError("cannot create the table: the connection holding this process's tables is down "
                             "(it connects again within a second or two; try again)", "", "unavailable")
        if not await self._lock(table_id):
            raise StoreError("cannot create the table: its lock could not be taken (try again)", "", "locked")
        self.held.add(table_id)
        self._creating.add(table_id)

    def created(self, table_id: str) -> None:
        """The table :meth:`hold_new` locked is stored and hosted now (until then a poll must not let it go)."""
        self._creating.discard(table_id)

    async def let_go(self, table_id: str) -> None:
        """Release the lock of a table this process does not host (a create that failed to store)."""
        self._creating.discard(table_id)
        if table_id not in self.service.tables:
            await self._unlock(table_id)

    def owns(self, table_id: str) -> bool:
        """Whether this process holds ``table_id``."""
        return table_id in self.held

    def elsewhere(self, table_id: str) -> bool:
        """Whether ``table_id`` was live at the last poll and not hosted here (another process holds it, or it
        waits for a take-over)."""
        return table_id not in self.service.tables and (table_id in self.others or table_id in self.free)

    def home(self, place: str) -> int:
        """The shard of a table at ``place``."""
        return shard_of(place, self.shard_count)

    def conflict(self, table_id: str) -> None:
        """Another writer stored a choice of ``table_id`` first (the log's fence): this process may have lost the
        table without knowing it. Forget it now; the next poll adopts it again, from the store, if its lock is
        still ours to take."""
        log.warning("table %s: another process stored its next choice first; reloading it", table_id)
        t = self.service.tables.get(table_id)
        if t is not None:
            t.released = True
        asyncio.get_running_loop().create_task(self._drop(table_id))

    async def _drop(self, table_id: str) -> None:
        await self.service.release(table_id)
        await self._unlock(table_id)

    # -- the poll

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.poll_every)
            try:
                await self.poll()
            except Exception:  # noqa: BLE001 - the loop survives a store or server fault; the next poll tries again
                log.exception("ownership poll failed")

    async def _read(self) -> tuple[list[tuple[str, str]], dict[int, int], dict[int, int]]:
        """``(live tables [(id, place)], table lock key -> holder pid, shard -> holder pid)``, read on the store's
        pool (not the lock connection)."""
        async with self.service.store.pool.acquire() as conn:
            live = [(r[0], r[1]) for r in await conn.fetch(
                "SELECT id, place FROM tables WHERE status IN ('lobby', 'playing')")]
            locks = await conn.fetch(
                "SELECT classid::int8, objid::int8, pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND "
                "objsubid = 2 AND database = $1::int8::oid AND classid IN ($2::int8::oid, $3::int8::oid)",
                self._db_oid, self._space & 0xFFFFFFFF, self._shard_space & 0xFFFFFFFF)
        tables, shards = {}, {}
        for space, key, pid in locks:
            (tables if space == self._space & 0xFFFFFFFF else shards)[key] = pid
        return live, tables, shards

    async def poll(self) -> None:
        """One look at who holds what: adopt this process's free tables, and other processes' free ones while
        their home shard has no process; hand back tables whose home process is up; let go of tables that ended
        here. Connects the lock connection again first when it was lost."""
        async with self._poll_lock:
            if self.connection is None:
                try:
                    await self._connect()
                except OwnerError as exc:
                    log.error("%s", exc)
                    return
                except (OSError, TimeoutError, Exception) as exc:  # noqa: BLE001 - no server: the next poll tries
                    log.warning("cannot connect the lock connection again: %s", exc)
                    return
            live, tables, shards = await self._read()
            mine = set(self.shards)
            others, free, claimed = {}, set(), []
            for table_id, place in live:
                pid = tables.get(lock_key(table_id) & 0xFFFFFFFF)
                if table_id in self.held or pid == self.pid or table_id in self.service.tables:
                    continue
                if pid is not None:
                    others[table_id] = pid
                    continue
                home = self.home(place)
                if (home in mine or shards.get(home) is None) and await self._lock(table_id):
                    self.held.add(table_id)
                    claimed.append(table_id)
                else:
                    free.add(table_id)
            if claimed:  # loaded together: a take-over of many tables is a few queries
                try:
                    adopted = {t.id for t in await self.service.adopt_many(claimed)}
                except StoreError as exc:
                    log.warning("could not adopt %d tables: %s", len(claimed), exc)
                    adopted = set()
                self.adopted += len(adopted)
                for table_id in claimed:
                    if table_id not in adopted:
                        await self._unlock(table_id)
            self.others, self.free = others, free
            places = dict(live)
            for table_id in list(self.held):
                if table_id not in self.service.tables:  # it ended (finished, aborted) or failed to load
                    if table_id not in self._creating:  # (a create stores it meanwhile: kept)
                        await self._unlock(table_id)
                    continue
                home = self.home(places.get(table_id, ""))
                pid = shards.get(home)
                if home not in mine and pid is not None and pid != self.pid:  # its home process is up: hand it back
                    await self.service.release(table_id)
                    await self._unlock(table_id)

    # -- forwarding

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            return
        if message.get("kind") == "done":
            fut = self._waiting.get(message.get("id", ""))
            if fut is not None and not fut.done():
                fut.set_result(Outcome(message["status"], message.get("code", ""), message.get("message", "")))
        elif message.get("kind") == "changed" and self.answer is not None:
            task = asyncio.get_running_loop().create_task(self.answer.changed(str(message.get("table"))))
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)
        elif message.get("kind") == "click":
            task = asyncio.get_running_loop().create_task(self._serve(message))
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)

    async def _notify(self, pid: int, message: dict[str, Any]) -> None:
        async with self.service.store.pool.acquire() as conn:
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL.format(pid=pid), json.dumps(message))

    async def _serve(self, message: dict[str, Any]) -> None:
        """On the owner: apply a forwarded click (once), answer its user, and tell the sender."""
        sender = int(message.pop("from"))
        message.pop("kind")
        click = Click(**message)
        if click.table in self.service.tables:
            outcome = await self.apply(click)
        else:  # not ours (any more): the sender asks the table's owner again at once
            outcome = Outcome("elsewhere")
        with contextlib.suppress(Exception):
            await self._notify(sender, {"kind": "done", "id": click.id, **asdict(outcome)})

    async def apply(self, click: Click) -> Outcome:
        """Apply ``click`` here (this process owns its table) as a local click is, answer its user through
        :attr:`answer`, and return the outcome; a click id applied before gets its first outcome, without
        being applied or answered again."""
        done = self._recent.get(click.id)
        if done is not None:
            return done
        svc = self.service
        t = svc.tables.get(click.table)
        if t is not None and self.answer is not None:
            self.answer.claim(click, t)
        try:
            if click.key is None:
                await svc.pass_until_turn(click.table, click.user, click.token)
            else:
                await svc.act_option(click.table, click.user, click.token, click.key)
            outcome = Outcome("applied")
        except TableError as exc:
            outcome = Outcome("refused", exc.code, exc.message)
        except RulesError as exc:
            outcome = Outcome("refused", "rules", str(exc))
        except StoreError as exc:
            outcome = Outcome("refused", "store", f"Nothing was changed: {exc}. Try again in a moment.")
        if outcome.code in ("moved", "elsewhere"):
            return outcome  # not answered: the sender sends it to the new owner
        self._recent[click.id] = outcome
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        if self.answer is not None:
            try:
                await self.answer.answer(click, svc.tables.get(click.table) or t, outcome)
            except Exception:  # noqa: BLE001 - the choice stands; only its answer failed
                log.exception("table %s: could not answer a forwarded click", click.table)
        return outcome

    async def tell_owner(self, table_id: str) -> None:
        """Tell the owner of ``table_id`` (this process, or the one holding its lock) that this process changed
        what the store keeps for it beside its game (:meth:`Answerer.changed`); nobody is told while it has no
        owner (its next owner reads the store anyway)."""
        if table_id in self.service.tables:
            if self.answer is not None:
                await self.answer.changed(table_id)
            return
        pid, _live = await self._holder(table_id)
        if pid is not None:
            await self._notify(pid, {"kind": "changed", "table": table_id})

    async def forward(self, click: Click, wait: float = FORWARD_WAIT) -> Outcome:
        """Have ``click`` applied by its table's owner, wherever it is: here when this process owns the table,
        else sent to the process holding its lock, again after :data:`REPLY_WAIT` seconds without an answer
        (to whoever owns the table then, after a take-over), for at most ``wait`` seconds in all. Returns the
        owner's :class:`Outcome` (the user was answered there), ``refused`` (``unknown_table``) for a table that
        is not live, or ``unanswered``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + wait
        while True:
            if click.table in self.service.tables:
                outcome = await self.apply(click)
                if outcome.code not in ("moved", "elsewhere"):
                    return outcome
            else:
                pid, live = await self._holder(click.table)
                if not live:
                    return Outcome("refused", "unknown_table", f"There is no open table '{click.table}'. Nothing "
                                   "was changed.")
                if pid is not None and pid != self.pid:
                    outcome = await self._send(pid, click, min(REPLY_WAIT, max(0.1, end - loop.time())))
                    if outcome is not None and outcome.status != "elsewhere":
                        return outcome
                elif pid is None:
                    await self.poll()  # nobody holds it: a take-over is due (perhaps by this process)
                    if click.table in self.service.tables:
                        continue
            if loop.time() >= end:
                return Outcome("unanswered", "unanswered", "The table's host process did not answer in time; "
                               "look at your newest DM before trying again.")
            await asyncio.sleep(min(0.2, self.poll_every))

    async def _holder(self, table_id: str) -> tuple[int | None, bool]:
        """``(pid holding table_id's lock or None, whether the table is live)``."""
        async with self.service.store.pool.acquire() as conn:
            row = await conn.fetchrow(
                "SELECT (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND "
                "database = $1::int8::oid AND classid = $2::int8::oid AND objid = $3::int8::oid LIMIT 1), "
                "EXISTS (SELECT 1 FROM tables WHERE id = $4 AND status IN ('lobby', 'playing'))",
                self._db_oid, self._space & 0xFFFFFFFF, lock_key(table_id) & 0xFFFFFFFF, table_id)
        return row[0], bool(row[1])

    async def _send(self, pid: int, click: Click, wait: float) -> Outcome | None:
        fut = asyncio.get_running_loop().create_future()
        self._waiting[click.id] = fut
        try:
            await self._notify(pid, {"kind": "click", "from": self.pid, **asdict(click)})
            return await asyncio.wait_for(fut, wait)
        except TimeoutError:
            return None
        finally:
            self._waiting.pop(click.id, None)
