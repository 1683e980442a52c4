"""Pausing and resuming a table (a deleted thread or channel: the table pauses, its timers
stop, and `/table resume` in another channel continues it), through :class:`TableService` over the real
store: timers, computers and choices stand still while paused, deadlines move on by the paused time, only
the host or an admin resumes, and a pause survives a restart."""

from __future__ import annotations

import pytest

from bot.host import Listener, TableError, TableService
from bot.store import MIGRATIONS, Store


class Recorder(Listener):
    def __init__(self):
        self.calls: list[tuple] = []

    async def game_changed(self, table, events, views):
        self.calls.append(("game", table.version))

    async def reminder(self, table, seat, decision, deadline):
        self.calls.append(("reminder", seat))

    async def paused(self, table, reason):
        self.calls.append(("paused", table.id, reason))

    async def resumed(self, table):
        self.calls.append(("resumed", table.id, table.place))


async def two_players(svc, timeout=300.0):
    t = await svc.create("metax", "g:1", "u1", "Ana", seed=11, timeout=timeout)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    return t


def decider(t):
    d = t.game.decisions(t.state)[0]
    return t.seats[d.seat].user_id, d


async def test_a_paused_table_applies_no_timeout_no_reminder_and_refuses_every_choice(svc, clock):
    t = await two_players(svc)
    user, d = decider(t)
    version = t.version
    assert await svc.pause(t.id, "its thread was deleted") is True
    assert ("paused", t.id, "its thread was deleted") in svc.rec.calls
    assert await svc.pause(t.id, "again") is False  # idempotent: one pause, one notification
    assert sum(1 for c in svc.rec.calls if c[0] == "paused") == 1
    svc.rec.calls.clear()
    for _ in range(4):  # far past the reminder and the deadline, repeatedly
        clock.t += t.timeout
        await svc.tick()
    assert t.version == version and svc.rec.calls == []
    with pytest.raises(TableError, match="paused.*`/table resume table:") as exc:
        await svc.act(t.id, user, version, d.options[0].id)
    assert exc.value.code == "paused"
    with pytest.raises(TableError, match="paused"):
        await svc.act_index(t.id, user, version, 0)
    with pytest.raises(TableError, match="paused"):
        await svc.concede(t.id, user)
    assert t.version == version and t.status == "playing"


async def test_resume_moves_deadlines_on_by_the_paused_time_so_nobody_loses_time(svc, clock, store):
    t = await two_players(svc, timeout=300.0)
    user, d = decider(t)
    clock.t += 100  # 200 s left
    await svc.pause(t.id, "its channel was deleted")
    clock.t += 5000
    await svc.resume(t.id, "u1", "g:2")
    assert t.place == "g:2" and t.paused is None
    assert ("resumed", t.id, "g:2") in svc.rec.calls
    version = t.version
    clock.t += 140  # 60 s left: the reminder (half time) has passed, the deadline not
    await svc.tick()
    assert ("reminder", d.seat) in svc.rec.calls and t.version == version
    clock.t += 59
    await svc.tick()
    assert t.version == version
    clock.t += 2
    await svc.tick()
    assert t.version == version + 1  # the default was applied 200 s of running time after the pause
    [row] = await store.load_tables(table_id=t.id)
    assert row.place == "g:2" and row.paused is None


async def test_only_the_host_or_an_admin_resumes_and_only_a_paused_table(svc, clock):
    t = await two_players(svc)
    with pytest.raises(TableError, match="not paused"):
        await svc.resume(t.id, "u1", "g:2")
    await svc.pause(t.id, "its thread was deleted")
    with pytest.raises(TableError, match="Only the host") as exc:
        await svc.resume(t.id, "u2", "g:2")
    assert exc.value.code == "forbidden" and t.paused is not None and t.place == "g:1"
    await svc.resume(t.id, "u2", "g:3", admin=True)
    assert t.paused is None and t.place == "g:3"
    with pytest.raises(TableError, match="unknown|no open table"):
        await svc.resume("nope", "u1", "g:3")


async def test_a_pause_survives_a_restart_and_resumes_after_it(svc, store, clock):
    t = await two_players(svc)
    dl_before = {s: (d.deadline, d.remind_at) for s, d in t.deadlines.items()}
    await svc.pause(t.id, "its thread was deleted")
    version = t.version

    svc2 = await TableService.open(store, clock=clock, computer_delay=0)
    t2 = svc2.get(t.id)
    assert t2.paused == t.paused and t2.pause_reason == "its thread was deleted"
    clock.t += 10 * t.timeout
    await svc2.tick()
    assert t2.version == version
    user, _ = decider(t2)
    with pytest.raises(TableError, match="paused"):
        await svc2.act_index(t.id, user, version, 0)
    await svc2.resume(t.id, "u1", "g:9")

    svc3 = await TableService.open(store, clock=clock, computer_delay=0)
    t3 = svc3.get(t.id)
    assert t3.paused is None and t3.place == "g:9"
    assert {s: (d.deadline, d.remind_at) for s, d in t3.deadlines.items()} == {
        s: (a + 10 * t.timeout, b + 10 * t.timeout) for s, (a, b) in dl_before.items()}


async def test_computers_stand_still_while_paused_and_play_on_after_resume(svc):
    t = await svc.create("metax", "g:1", "h", "C0", seed=4, computer=True)
    await svc.add_computer(t.id, "h")
    await svc.start(t.id, "h")
    await svc.pause(t.id, "its thread was deleted")
    version = t.version
    await svc.settle()
    await svc.tick()
    await svc.settle()
    assert t.version == version and t.status == "playing"
    await svc.resume(t.id, "h", "g:2")
    await svc.settle()
    assert t.status == "finished"


async def test_pause_refused_for_a_table_not_in_play(svc):
    t = await svc.create("metax", "g:1", "u1", "Ana", seed=1)
    with pytest.raises(TableError, match="in play"):
        await svc.pause(t.id, "its channel was deleted")
    assert t.paused is None


@pytest.mark.backends
async def test_the_pause_migration_keeps_tables_of_the_schema_before_it(db_url):
    """The migration that adds the pause columns (its number is its place in MIGRATIONS) upgrades a
    database of the schema just before it: tables are kept, not paused, and can be paused."""
    number = next(i for i, m in enumerate(MIGRATIONS, 1) if "pause_reason" in m)
    old = await Store.open(db_url, upto=number - 1, check_writable=False)
    assert await old.schema_version() == number - 1
    await old._tx("seed", [("INSERT INTO tables (id, game, place, host_user, status, options, seed, created, "
                            "updated) VALUES ('t1', 'metax', 'g:1', 'u1', 'lobby', '{}', 7, 1.0, 1.0)", ())])
    await old.close()
    store = await Store.open(db_url)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        [row] = await store.load_tables()
        assert row.id == "t1" and row.paused is None and row.pause_reason is None
        await store.pause_table("t1", 5.0, "its channel was deleted")
        [row] = await store.load_tables()
        assert (row.paused, row.pause_reason) == (5.0, "its channel was deleted")
    finally:
        await store.close()
