"""Several processes on one PostgreSQL store (issue 30, "Several processes"; bot/host/owner.py): each table has
exactly one owner (an advisory lock on the owner's dedicated connection), a dead owner's tables are taken over
with their timers, and a click that reaches another process is forwarded to the owner, applied once and answered.

Each "process" here is a :class:`TableService` with its own store (its own pool) and its own :class:`Owner`
(its own lock connection) on one schema of the run's PostgreSQL; polls are driven by hand (``poll`` is long), so
every step is deterministic. One test kills a real child process holding locks with SIGKILL."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from clock_game import register

from bot.host import TableError, TableService, decision_token, option_key
from bot.host.owner import Answerer, Click, Outcome, Owner, OwnerError
from bot.host.service import ADOPT_ONE_BY_ONE
from bot.shards import shard_of
from bot.store import Store, StoreError

HERE = Path(__file__).parent
ROOT = HERE.parent.parent


@pytest.fixture
def backend() -> str:
    """These tests are PostgreSQL's only (advisory locks, LISTEN/NOTIFY); on SQLite one process owns everything."""
    return "postgresql"


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    register(monkeypatch)


def place(shard: int, count: int = 2, n: int = 1) -> str:
    """A Discord place ``guild:channel`` whose guild is on ``shard`` of ``count``."""
    guild = ((1000 + n) * count + shard) << 22
    assert shard_of(f"{guild}:5", count) == shard
    return f"{guild}:5"


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def now(self) -> float:
        return self.t


@dataclass
class Proc:
    """One bot process: its store, table service, owner, and the forwarded clicks it answered."""

    store: Store
    svc: TableService
    owner: Owner
    answered: list[tuple[Click, Outcome]]

    async def die(self) -> None:
        """As a killed process: the poll stops and the lock connection closes (every lock released)."""
        self.owner.task.cancel()
        await self.owner.connection.close()

    async def close(self) -> None:
        if self.owner.connection is not None:
            await self.owner.close()
        await self.svc.settle()
        await self.store.close()


async def start(url: str, shards: tuple[int, ...], count: int = 2, clock: Clock | None = None) -> Proc:
    store = await Store.open(url, busy_timeout_ms=500)
    svc = TableService(store, clock=clock or Clock(), computer_delay=0)
    answered: list[tuple[Click, Outcome]] = []

    class Record(Answerer):
        async def answer(self, click, table, outcome):
            answered.append((click, outcome))

        async def changed(self, table_id):
            answered.append((table_id, None))

    try:
        owner = await Owner.start(svc, url, shards, count, poll=3600, answer=Record())
    except BaseException:
        await store.close()
        raise
    return Proc(store, svc, owner, answered)


@pytest.fixture
async def procs(db_url):
    made: list[Proc] = []

    async def make(shards, count=2, clock=None):
        p = await start(db_url, shards, count, clock)
        made.append(p)
        return p

    yield make
    for p in made:
        await p.close()


async def playing(p: Proc, where: str) -> str:
    """A started two-player table of the stand-in game at ``where``, created by ``p``: u0 decides first."""
    t = await p.svc.create("clocktest", where, "u0", "Ana", timeout=60)
    await p.svc.join(t.id, "u1", "Ben")
    await p.svc.start(t.id, "u0")
    return t.id


async def stored_actions(store: Store, table_id: str) -> list[tuple]:
    return await store.actions(table_id)


async def test_two_owners_never_both_own_a_table(procs):
    """Each process hosts exactly the tables whose lock it holds, the locks split the live tables between the two
    with no table in both, a process cannot take the lock of a table another holds, and a second process for a
    shard already run is refused at start."""
    a = await procs((0,))
    b = await procs((1,))
    ids = [await playing(a, place(0, n=n)) for n in range(3)] + [await playing(b, place(1, n=n)) for n in range(3)]
    for p in (a, b, a, b):
        await p.owner.poll()
    assert set(a.owner.held) == set(a.svc.tables) == set(ids[:3])
    assert set(b.owner.held) == set(b.svc.tables) == set(ids[3:])
    assert not set(a.owner.held) & set(b.owner.held)
    assert b.owner.others == {i: a.owner.pid for i in ids[:3]} and b.owner.elsewhere(ids[0])
    with pytest.raises(StoreError):
        await b.owner.hold_new(ids[0])  # the lock is a's: b cannot hold it too
    with pytest.raises(TableError) as err:
        await b.svc.act_option(ids[0], "u0", "0.0.x", "k")  # b does not host it, and says where it is
    assert err.value.code == "elsewhere"
    copy = await b.svc.read(ids[0])  # b may show a's table as stored: same state and tokens, never changed there
    t = a.svc.get(ids[0])
    assert copy is not t and copy.released and copy.seq == t.seq and decision_token(copy, 0) == decision_token(t, 0)
    assert ids[0] not in b.svc.tables
    with pytest.raises(OwnerError, match="shard 0 of 2 is already run by another process"):
        await procs((0,))


async def test_a_dead_owners_table_is_taken_over_and_its_deadline_resumed(procs):
    """a owns a table and stores a choice; a dies (its lock connection closes): a stops applying at once, b
    adopts the table from the store at its next poll (nothing acknowledged lost), and b's clock then times out
    the open decision, which a stored before dying."""
    clock = Clock()
    a = await procs((0,), clock=clock)
    b = await procs((1,), clock=clock)
    tid = await playing(a, place(0))
    t = a.svc.get(tid)
    await a.svc.act_option(tid, "u0", decision_token(t, 0), option_key("b"))  # acknowledged
    assert t.seq == 1 and 1 in t.deadlines
    await b.owner.poll()
    assert tid in b.owner.others and tid not in b.svc.tables

    await a.die()
    await asyncio.sleep(0.05)  # the termination listener runs: a forgets the table
    assert tid not in a.svc.tables and not a.owner.held
    with pytest.raises(TableError) as err:
        await a.svc.act_option(tid, "u1", decision_token(t, 1), option_key("a"))
    assert err.value.code in ("moved", "unknown_table", "elsewhere")

    await b.owner.poll()
    assert b.owner.owns(tid) and tid in b.svc.tables
    bt = b.svc.get(tid)
    assert bt.seq == 1 and bt.state.turn == 1 and bt.deadlines[1].token == decision_token(bt, 1)
    clock.t += 61
    await b.svc.tick()  # the deadline a set is b's now: the default is applied once
    assert [r[1:] for r in await stored_actions(b.store, tid)] == [(0, "b"), (1, "a")]
    assert bt.seq == 2 and bt.state.active == 0


async def test_a_forwarded_click_is_applied_once_and_answered_by_the_owner(procs):
    """b receives a click on a's table: a applies it and answers it (once), b gets the outcome. The same click
    sent again (its id) is neither applied nor answered again; the player's second click on the same button
    (another id) is refused as "already decided" and answered so, and changes nothing."""
    a = await procs((0,))
    b = await procs((1,))
    tid = await playing(a, place(0))
    t = a.svc.get(tid)
    await b.owner.poll()
    click = Click(tid, "u0", decision_token(t, 0), option_key("b"), reply={"token": "interaction-token"})
    outcome = await b.owner.forward(click)
    assert outcome == Outcome("applied")
    assert a.answered == [(click, Outcome("applied"))] and not b.answered
    assert [r[1:] for r in await stored_actions(a.store, tid)] == [(0, "b")]

    await b.owner.tell_owner(tid)  # b changed what the store keeps of the table (a player left its DMs)
    for _ in range(100):
        if len(a.answered) == 2:
            break
        await asyncio.sleep(0.01)
    assert a.answered.pop() == (tid, None) and not b.answered
    again = await b.owner.forward(click)  # the same click sent twice (a lost acknowledgement)
    assert again == Outcome("applied") and len(a.answered) == 1
    repeat = Click(tid, "u0", click.token, click.key)  # the player clicks the same button again
    outcome = await b.owner.forward(repeat)
    assert outcome.status == "refused" and outcome.code == "duplicate"
    assert a.answered[-1] == (repeat, outcome) and len(a.answered) == 2
    assert [r[1:] for r in await stored_actions(a.store, tid)] == [(0, "b")] and t.seq == 1


async def test_a_click_forwarded_while_the_owner_is_dead_waits_for_the_take_over(procs):
    """a dies holding a table; a click arrives at b: b takes the table over (its home shard has no process) and
    applies the click itself, once. When a process for the home shard starts again, b hands the table back and
    the new process adopts it; at no poll do two processes host it."""
    a = await procs((0,))
    b = await procs((1,))
    tid = await playing(a, place(0))
    token = decision_token(a.svc.get(tid), 0)
    await a.die()
    outcome = await b.owner.forward(Click(tid, "u0", token, option_key("a")), wait=5)
    assert outcome == Outcome("applied") and b.owner.owns(tid) and len(b.answered) == 1
    assert [r[1:] for r in await stored_actions(b.store, tid)] == [(0, "a")]

    a2 = await procs((0,))  # the home process is back
    assert tid not in a2.svc.tables
    await b.owner.poll()  # b hands it back: released, then unlocked
    assert tid not in b.svc.tables and not b.owner.owns(tid)
    await a2.owner.poll()
    assert a2.owner.owns(tid) and a2.svc.get(tid).seq == 1
    await b.owner.poll()
    assert not b.owner.owns(tid) and b.owner.others.get(tid) == a2.owner.pid


async def test_an_owner_that_lost_its_lock_unnoticed_is_fenced_by_the_log(procs):
    """A stale owner (it still hosts a table another process took over: its connection was cut and it has not
    noticed) cannot store a choice the new owner stored first: the log's key (table_id, seq) refuses it, nothing
    of it is written, and the stale process forgets the table."""
    a = await procs((0,))
    b = await procs((1,))
    tid = await playing(a, place(0))
    t = a.svc.get(tid)
    a.owner.held.discard(tid)  # as if a's lock were gone and a had not noticed: unlock it behind a's back
    await a.owner.connection.execute("SELECT pg_advisory_unlock_all()")
    await a.owner.connection.execute("SELECT pg_try_advisory_lock($1::int4, $2::int4)", a.owner._shard_space, 0)
    await b.owner.poll()
    assert not b.owner.owns(tid)  # its home shard's process (a) is up: b leaves it
    await a.owner.connection.execute("SELECT pg_advisory_unlock_all()")
    await b.owner.poll()  # no process runs shard 0 now: b adopts it
    assert b.owner.owns(tid)
    await b.svc.act_option(tid, "u0", decision_token(b.svc.get(tid), 0), option_key("b"))
    with pytest.raises(StoreError) as err:
        await a.svc.act_option(tid, "u0", decision_token(t, 0), option_key("a"))
    assert err.value.problem == "conflict"
    await asyncio.sleep(0.05)
    assert tid not in a.svc.tables
    assert [r[1:] for r in await stored_actions(b.store, tid)] == [(0, "b")]


CHILD = """
import asyncio, sys
sys.path.insert(0, {tests!r})
import games
games.GAME_MODULES["clocktest"] = "clock_game"
from bot.host import TableService
from bot.host.owner import Owner
from bot.store import Store

async def main():
    store = await Store.open({url!r})
    svc = TableService(store, computer_delay=0)
    await Owner.start(svc, {url!r}, (0,), 2, poll=3600)
    t = await svc.create("clocktest", {place!r}, "u0", "Ana", timeout=60)
    await svc.join(t.id, "u1", "Ben")
    await svc.start(t.id, "u0")
    print(t.id, flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


async def test_kill_9_of_a_process_holding_locks_hands_its_tables_to_another(procs, db_url):
    """A real child process owns a table (lock held); SIGKILL; the PostgreSQL server drops its connection and
    with it the locks, and the surviving process adopts the table at its next poll, with its deadline."""
    b = await procs((1,))
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(tests=str(HERE), url=db_url, place=place(0))],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        tid = (await asyncio.wait_for(asyncio.to_thread(child.stdout.readline), 60)).strip()
        await b.owner.poll()
        assert tid and tid in b.owner.others and tid not in b.svc.tables
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        killed = time.monotonic()
        while not b.owner.owns(tid):
            assert time.monotonic() - killed < 10, "no take-over within 10 s of the kill"
            await asyncio.sleep(0.05)
            await b.owner.poll()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
    t = b.svc.get(tid)
    assert t.status == "playing" and 0 in t.deadlines and t.deadlines[0].token == decision_token(t, 0)


async def test_a_click_waiting_for_a_table_being_released_is_refused_and_changes_nothing(procs):
    """A hand-back (or a lost lock) releases a table while a click waits for its lock: the click is refused with
    ``moved`` once it gets the lock (the sender's forward then finds the new owner), and nothing is stored."""
    a = await procs((0,))
    tid = await playing(a, place(0))
    t = a.svc.get(tid)
    async with t.lock:
        release = asyncio.create_task(a.svc.release(tid))
        await asyncio.sleep(0)
        click = asyncio.create_task(a.svc.act_option(tid, "u0", decision_token(t, 0), option_key("a")))
        await asyncio.sleep(0)
    assert await release is t and tid not in a.svc.tables
    with pytest.raises(TableError) as err:
        await click
    assert err.value.code == "moved" and await stored_actions(a.store, tid) == [] and t.seq == 0


async def test_a_taken_over_tables_computer_seat_plays_on_in_its_new_owner(db_url):
    """a's computer seat waits (a slow pace) when a dies after its player's choice; b adopts the table and the
    computer seat, resumed there, answers at once: the next choice is b's."""
    clock = Clock()
    stores = [await Store.open(db_url), await Store.open(db_url)]
    a_svc = TableService(stores[0], clock=clock, computer_delay=3600)  # a's computer would wait an hour
    b_svc = TableService(stores[1], clock=clock, computer_delay=0)
    a = await Owner.start(a_svc, db_url, (0,), 2, poll=3600)
    b = await Owner.start(b_svc, db_url, (1,), 2, poll=3600)
    try:
        t = await a_svc.create("clocktest", place(0), "u0", "Ana", timeout=60)
        await a_svc.add_computer(t.id, "u0")
        await a_svc.start(t.id, "u0")
        await a_svc.act_option(t.id, "u0", decision_token(t, 0), option_key("b"))
        assert t.seq == 1 and t.state.active == 1  # the computer's turn; it waits in a
        a.task.cancel()
        await a.connection.close()
        await asyncio.sleep(0.05)
        await b.poll()
        await b_svc.settle(t.id)
        assert b.owns(t.id) and b_svc.get(t.id).seq == 2
        assert [r[1] for r in await stored_actions(stores[1], t.id)] == [0, 1]
    finally:
        await b.close()
        await a.close()  # a's waiting computer was stopped when a forgot the table
        for store in stores:
            await store.close()


async def test_a_dead_owners_many_tables_are_all_taken_over_at_one_poll(procs):
    """More tables than are read one by one (a whole process's share): one poll of the survivor adopts every one,
    each at its stored position; the tables of its own shard stay as they were."""
    a = await procs((0,))
    b = await procs((1,))
    ids = [await playing(a, place(0, n=n)) for n in range(ADOPT_ONE_BY_ONE + 2)]
    mine = await playing(b, place(1))
    for tid in ids[:3]:
        t = a.svc.get(tid)
        await a.svc.act_option(tid, "u0", decision_token(t, 0), option_key("a"))
    await a.die()
    await b.owner.poll()
    assert set(b.svc.tables) == {*ids, mine} and set(b.owner.held) == {*ids, mine}
    assert [b.svc.get(tid).seq for tid in ids] == [1, 1, 1] + [0] * (len(ids) - 3)
    assert b.owner.adopted == len(ids)


async def test_a_process_whose_lock_connection_is_cut_forgets_its_tables_then_takes_them_back(procs):
    """The server ends a's lock connection (a restart, a network cut): a forgets its tables at once (another
    process may own them now) and, at its next poll, connects again, takes its shard back and adopts them again from
    the store."""
    a = await procs((0,))
    tid = await playing(a, place(0))
    old_pid = a.owner.pid
    async with a.store.pool.acquire() as conn:
        assert await conn.fetchval("SELECT pg_terminate_backend($1)", old_pid)
    for _ in range(200):
        if tid not in a.svc.tables:
            break
        await asyncio.sleep(0.01)
    assert tid not in a.svc.tables and not a.owner.held and a.owner.connection is None
    await a.owner.poll()
    assert a.owner.pid not in (0, old_pid) and a.owner.owns(tid) and a.svc.get(tid).status == "playing"


async def test_a_poll_while_a_table_is_being_created_keeps_its_lock(procs):
    """The lock of a new table is taken before it is stored; a poll that runs while the store writes it (not
    hosted yet) must keep that lock, or the next poll would adopt the table a second time from the store, beside
    the live one, and the two would store the same positions (the bench found it)."""
    a = await procs((0,))
    gate = asyncio.Event()
    save = a.store.save_table

    async def slow_save(row, *args, **kwargs):
        await gate.wait()
        return await save(row, *args, **kwargs)

    a.store.save_table = slow_save
    creating = asyncio.create_task(a.svc.create("clocktest", place(0), "u0", "Ana", timeout=60))
    for _ in range(100):
        if a.owner.held:
            break
        await asyncio.sleep(0.01)
    await a.owner.poll()  # the table is locked, not yet stored nor hosted
    gate.set()
    t = await creating
    a.store.save_table = save
    await a.owner.poll()
    assert a.owner.owns(t.id) and a.svc.tables[t.id] is t and a.owner.adopted == 0
