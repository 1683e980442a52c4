"""Snapshots that lag behind the choice log (to keep the host's act p99 low, docs/performance.md): between computers a snapshot is
stored only every ``SNAPSHOT_EVERY`` choices; the log row is the durable record, and loading, a store
failure and the audit rebuild the state from the snapshot plus the choices logged after it."""

from __future__ import annotations

from host_stops import StopWrites
from store_places import refuse_writes, rows

from bot.audit import audit
from bot.host import TableService
from bot.host.play import SNAPSHOT_EVERY
from bot.store import Store

SEED = 5
STOP_AFTER = 7  # computer choices stored before the store refuses writes: fewer than SNAPSHOT_EVERY


async def computers(svc: TableService, seed: int = SEED):
    t = await svc.create("metax", "local", "host", "C0", seed=seed, computer=True)
    await svc.add_computer(t.id, "host")
    await svc.start(t.id, "host")
    return t


def stored(path) -> tuple[int, int, str, list[tuple[int, str]]]:
    ((seq, state),) = rows(path, "SELECT seq, state FROM snapshots")
    log = rows(path, "SELECT seat, choice FROM actions ORDER BY seq")
    ((status,),) = rows(path, "SELECT status FROM tables")
    return seq, len(log), state, log if status else []


async def uninterrupted(path, seed: int = SEED) -> tuple[str, list[tuple[int, str]]]:
    store = await Store.open(path)
    try:
        svc = TableService(store, computer_delay=0)
        await computers(svc, seed)
        await svc.settle()
    finally:
        await store.close()
    _, _, state, log = stored(path)
    return state, log


async def test_computers_store_snapshots_behind_the_log_and_a_new_host_replays_the_rest(new_db):
    """Computers stopped mid-game (the store refuses a write): the snapshot lags behind the log; the table
    keeps the committed state (snapshot + logged choices), a new host loading the file rebuilds exactly
    that state, the audit finds the stored game consistent, and the game finishes as an uninterrupted one."""
    path = new_db("lag")
    store = await Store.open(path, busy_timeout_ms=100)
    try:
        svc = TableService(store, computer_delay=0)
        svc.listeners.append(StopWrites(store, STOP_AFTER))
        t = await computers(svc)
        await svc.settle()  # the computers stop at the refused write
        await refuse_writes(store, False)
        snap_seq, logged, _, _ = stored(path)
        assert logged == STOP_AFTER == t.seq and snap_seq < logged < SNAPSHOT_EVERY
        assert t.status == "playing"
        held = t.game.to_json(t.state)  # restored after the refused write: what the store holds

        store2 = await Store.open(path, busy_timeout_ms=100)
        try:
            assert [f.ok for f in await audit(store2)] == [True]
            svc2 = TableService(store2, computer_delay=0)
            assert await svc2.load() == 1
            t2 = svc2.get(t.id)
            assert (t2.seq, t2.game.to_json(t2.state)) == (STOP_AFTER, held)
            assert t2.acts == t.acts and t2.last_choice == t.last_choice  # decision tokens carry on
            await svc2.settle()
            assert t2.status == "finished"
        finally:
            await store2.close()
    finally:
        await store.close()
    _, _, state, log = stored(path)
    clean_state, clean_log = await uninterrupted(new_db("clean"))
    assert log == clean_log and state == clean_state


async def test_a_finished_game_has_its_final_snapshot_and_audits_clean(new_db):
    """The last choice always stores the snapshot with it: a finished table's snapshot counts every
    choice, so the audit replays it exactly."""
    path = new_db("done")
    state, log = await uninterrupted(path)
    snap_seq, logged, _, _ = stored(path)
    assert snap_seq == logged == len(log) > SNAPSHOT_EVERY
    store = await Store.open(path)
    try:
        assert [f.ok for f in await audit(store)] == [True]
    finally:
        await store.close()


async def test_a_cancelled_table_looked_up_later_shows_its_last_committed_state(new_db):
    """A table cancelled while its snapshot lags behind the log: looking it up later (read-only)
    rebuilds the state from the snapshot and the choices logged after it, not the older snapshot."""
    path = new_db("cancelled")
    store = await Store.open(path, busy_timeout_ms=100)
    try:
        svc = TableService(store, computer_delay=0)
        svc.listeners.append(StopWrites(store, STOP_AFTER))
        t = await computers(svc)
        await svc.settle()
        await refuse_writes(store, False)
        held = t.game.to_json(t.state)
        await svc.abort(t.id, "host")
        snap_seq, logged, _, _ = stored(path)
        assert snap_seq < logged == STOP_AFTER
        again = await TableService(store, computer_delay=0).lookup(t.id)
        assert again.status == "aborted" and again.seq == STOP_AFTER
        assert again.game.to_json(again.state) == held
    finally:
        await store.close()
