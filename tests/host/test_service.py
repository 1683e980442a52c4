"""The table service over the real SQLite store: lobby, refusals, concurrency, timers, storage faults,
migrations, audit and stats."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest
from conftest import locked_by_another, refuse_writes

from bot.audit import audit
from bot.host import Listener, TableError, TableService
from bot.store import SCHEMA_VERSION, Store, StoreError
from games.core.contract import RulesError
from games.core.players import RandomPlayer


class Recorder(Listener):
    def __init__(self):
        self.calls: list[tuple] = []

    async def lobby_changed(self, table):
        self.calls.append(("lobby", table.id, table.status))

    async def game_changed(self, table, events, views):
        self.calls.append(("game", table.id, table.version, [e.text for e in events], views))

    async def reminder(self, table, seat, decision, deadline):
        self.calls.append(("reminder", table.id, seat, decision.kind))

    async def finished(self, table, result, reason):
        self.calls.append(("finished", table.id, reason))


async def two_players(svc, seed=11, timeout=None):
    t = await svc.create("metax", "chan-1", "u1", "Ana", seed=seed, timeout=timeout)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    return t


def user_of(t, seat):
    return t.seats[seat].user_id


async def current(svc, t):
    """(user, decision) of the open decision."""
    d = t.game.decisions(t.state)[0]
    return user_of(t, d.seat), d


# -- lobby


async def test_lobby_join_leave_computers_decks_and_start(svc, store):
    t = await svc.create("metax", "chan-1", "u1", "Ana", seed=3)
    assert t.status == "lobby" and [s.name for s in t.seats] == ["Ana"]
    await svc.add_computer(t.id, "u1")
    with pytest.raises(TableError, match="full"):
        await svc.join(t.id, "u2", "Ben")
    await svc.remove_computer(t.id, "u1")
    await svc.join(t.id, "u2", "Ben")
    with pytest.raises(TableError, match="already seated"):
        await svc.join(t.id, "u2", "Ben")
    await svc.choose_deck(t.id, "u2", "legends-teamwork")
    with pytest.raises(TableError, match="Unknown deck 'nope'"):
        await svc.choose_deck(t.id, "u2", "nope")
    await svc.leave(t.id, "u2")
    await svc.join(t.id, "u2", "Ben", deck_id="monsters-smash")
    await svc.start(t.id, "u1")
    assert t.status == "playing" and t.seats[1].deck_id == "monsters-smash"
    rows = await store.load_tables()
    assert rows[0].status == "playing" and rows[0].snapshot == t.committed
    assert [s.deck_id for s in rows[0].seats] == [t.seats[0].deck_id, "monsters-smash"]


async def test_start_refuses_too_few_seats_and_an_illegal_deck(svc):
    t = await svc.create("metax", "chan-1", "u1", "Ana")
    with pytest.raises(TableError, match="needs at least 2 players"):
        await svc.start(t.id, "u1")
    await svc.join(t.id, "u2", "Ben")
    await svc.choose_deck(t.id, "u2", "my-deck", cards=["b-str-1"] * 41)
    with pytest.raises(TableError) as exc:
        await svc.start(t.id, "u1")
    assert "MX-DCK-01" in exc.value.message and "MX-DCK-04" in exc.value.message
    assert t.status == "lobby" and t.state is None


async def test_create_refuses_unknown_game_bad_seats_and_bad_timeout(svc):
    with pytest.raises(TableError, match="known games"):
        await svc.create("chess", "c", "u1", "Ana")
    with pytest.raises(TableError, match="2–2 players, not 3"):
        await svc.create("metax", "c", "u1", "Ana", seats=3)
    with pytest.raises(TableError, match="timeout"):
        await svc.create("metax", "c", "u1", "Ana", timeout=1)


# -- refusals, each changing nothing


async def test_refusals_are_clear_and_change_nothing(svc):
    t = await two_players(svc)
    before = t.game.to_json(t.state)
    user, d = await current(svc, t)
    other = "u2" if user == "u1" else "u1"
    with pytest.raises(TableError, match="no open table 'zzz'"):
        await svc.act("zzz", user, t.version, d.options[0].id)
    with pytest.raises(TableError, match="not seated"):
        await svc.act(t.id, "stranger", t.version, d.options[0].id)
    with pytest.raises(RulesError) as exc:
        await svc.act(t.id, other, t.version, d.options[0].id)
    assert exc.value.rule == "MX-SET-06"  # the first player decides on the mulligan first
    with pytest.raises(TableError, match="has passed"):
        await svc.act(t.id, user, t.version + 5, d.options[0].id)
    with pytest.raises(RulesError):
        await svc.act(t.id, user, t.version, "not-an-option")
    assert t.game.to_json(t.state) == before and t.seq == 0


async def test_repeated_click_is_already_decided_and_finished_game_refuses(svc):
    t = await two_players(svc)
    user, d = await current(svc, t)
    v = t.version
    await svc.act(t.id, user, v, "keep")
    with pytest.raises(TableError, match="Already decided") as exc:
        await svc.act(t.id, user, v, "keep")
    assert exc.value.code == "duplicate"
    await svc.concede(t.id, "u1")
    assert t.status == "finished"
    with pytest.raises(TableError):
        await svc.act(t.id, "u2", t.version, "keep")


# -- concurrency


async def test_100_concurrent_submissions_of_one_choice_apply_exactly_once(svc, store):
    t = await two_players(svc)
    user, d = await current(svc, t)
    v = t.version
    outcomes = await asyncio.gather(*(svc.act(t.id, user, v, "keep") for _ in range(100)), return_exceptions=True)
    applied = [o for o in outcomes if isinstance(o, list)]
    refused = [o for o in outcomes if isinstance(o, TableError)]
    assert len(applied) == 1 and len(refused) == 99
    assert {r.code for r in refused} == {"duplicate"}
    assert len(await store.actions(t.id)) == 1 and t.version == v + 1


async def test_tables_do_not_block_each_other(svc):
    a = await two_players(svc, seed=1)
    b = await two_players(svc, seed=2)
    user, d = await current(svc, b)
    async with a.lock:  # table a is busy
        await asyncio.wait_for(svc.act(b.id, user, b.version, "keep"), timeout=2)
    assert b.seq == 1 and a.seq == 0


# -- timers


async def test_reminder_then_default_fire_in_order_with_an_injected_clock(svc, clock):
    t = await two_players(svc, timeout=120)
    user, d = await current(svc, t)
    seat = d.seat
    await svc.tick()
    assert not [c for c in svc.rec.calls if c[0] == "reminder"]
    clock.t += 61
    await svc.tick()
    await svc.tick()  # a reminder fires once
    reminders = [c for c in svc.rec.calls if c[0] == "reminder"]
    assert reminders == [("reminder", t.id, seat, "mulligan")]
    assert t.version == 0
    clock.t += 60
    await svc.tick()
    assert t.version == 1 and t.seats[seat].timeouts == 1
    last_game = [c for c in svc.rec.calls if c[0] == "game"][-1]
    assert "ran out of time" in last_game[3][0] and "keeps their hand" in " ".join(last_game[3])
    order = [c[0] for c in svc.rec.calls if c[0] in ("reminder", "game")][-2:]
    assert order == ["reminder", "game"]


async def test_three_timeouts_in_a_row_concede_and_acting_resets_the_count(svc, clock, store):
    t = await two_players(svc, timeout=60)
    for _ in range(20):
        if t.status != "playing":
            break
        clock.t += 61
        await svc.tick()
    assert t.status == "finished"
    res = t.game.result(t.state)
    assert res.reason == "concede"
    loser = res.losers[0]
    assert t.seats[loser].timeouts == 3
    assert (await store.result(t.id))["reason"] == "concede"


@pytest.mark.backends
async def test_deadlines_survive_a_restart(store, clock, db_url):
    svc1 = TableService(store, clock=clock, computer_delay=0)
    t = await two_players(svc1, timeout=100)
    _, d = await current(svc1, t)
    await store.close()
    store2 = await Store.open(db_url)
    try:
        svc2 = TableService(store2, clock=clock, computer_delay=0)
        assert await svc2.load() == 1
        t2 = svc2.get(t.id)
        assert t2.deadlines[d.seat].deadline == pytest.approx(clock.t + 100)
        clock.t += 101
        await svc2.tick()
        assert t2.version == 1
        assert (await store2.actions(t.id))[0][1:] == (d.seat, "keep")
    finally:
        await store2.close()


# -- computers, results, stats, audit


async def test_computer_seat_plays_a_whole_game_and_stats_are_stored(svc, store):
    t = await svc.create("metax", "chan-1", "u1", "Ana", seed=21)
    await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    rp = RandomPlayer(4)
    while t.status == "playing":
        await svc.settle(t.id)
        if t.status != "playing":
            break
        v = svc.view(t.id, "u1")
        if v.decisions:
            await svc.act(t.id, "u1", t.version, rp(v.decisions[0]))
    res = t.game.result(t.state)
    stats = await store.stats("u1", "metax")
    won = 0 in res.winners
    assert stats == [("metax", 1, int(won), int(not won), 0)]
    assert ("finished", t.id, res.reason) in svc.rec.calls
    findings = await audit(store)
    assert [f.ok for f in findings] == [True]


async def test_listeners_get_public_and_private_views_only_for_humans(svc):
    t = await svc.create("metax", "chan-1", "u1", "Ana", seed=8)
    await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    await svc.settle(t.id)
    game_calls = [c for c in svc.rec.calls if c[0] == "game"]
    views = game_calls[-1][4]
    assert set(views) == {None, 0}
    assert views[None].private is None and views[0].private is not None


@pytest.mark.backends
async def test_audit_reports_a_snapshot_that_differs_from_its_replay(svc, store):
    t = await two_players(svc)
    user, _ = await current(svc, t)
    await svc.act(t.id, user, t.version, "keep")
    state = json.loads(t.committed)
    state["players"][0]["mp"] = 9
    await store._tx("spoil", [("UPDATE snapshots SET state = ? WHERE table_id = ?", (json.dumps(state), t.id))])
    findings = await audit(store)
    assert [(f.table_id, f.ok) for f in findings] == [(t.id, False)]


async def test_abort_by_host_or_admin_only(svc, store):
    t = await two_players(svc)
    with pytest.raises(TableError, match="host"):
        await svc.abort(t.id, "u2")
    await svc.abort(t.id, "u2", admin=True)
    assert ("finished", t.id, "aborted") in svc.rec.calls
    assert (await store.list_tables())[0][3] == "aborted"
    with pytest.raises(TableError):
        svc.get(t.id)


# -- storage faults


@pytest.mark.backends
async def test_locked_database_gives_a_clear_error_and_the_table_stays_playable(svc, store, db_url):
    t = await two_players(svc)
    user, _ = await current(svc, t)
    before = t.game.to_json(t.state)
    async with locked_by_another(db_url):
        with pytest.raises(StoreError, match="locked"):
            await svc.act(t.id, user, t.version, "keep")
        assert t.game.to_json(t.state) == before and t.seq == 0
    await svc.act(t.id, user, t.version, "keep")
    assert t.seq == 1 and len(await store.actions(t.id)) == 1


@pytest.mark.backends
async def test_read_only_database_gives_a_clear_error_and_nothing_half_written(svc, store):
    t = await two_players(svc)
    user, _ = await current(svc, t)
    before = t.game.to_json(t.state)
    await refuse_writes(store, True)  # the database refuses writes, as a read-only file would
    with pytest.raises(StoreError, match="read-only"):
        await svc.act(t.id, user, t.version, "keep")
    assert t.game.to_json(t.state) == before
    await refuse_writes(store, False)
    assert await store.actions(t.id) == []
    (row,) = await store.load_tables()
    # the row holds the snapshot without the static part; with it, the state is the one before
    assert t.game.to_json(t.game.from_snapshot(row.snapshot, row.static)) == before and row.seq == 0
    await svc.act(t.id, user, t.version, "keep")
    assert len(await store.actions(t.id)) == 1


# -- migrations


@pytest.mark.sqlite
async def test_migrations_apply_to_an_empty_database(tmp_path):
    """SQLite only: the file's pragmas (WAL, foreign keys) and ``sqlite_master``; PostgreSQL's new store:
    test_store_backends.py."""
    s = await Store.open(tmp_path / "new.db")
    try:
        assert await s.schema_version() == SCHEMA_VERSION
        async with s.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
            names = {r[0] for r in await cur.fetchall()}
        assert {"tables", "seats", "actions", "snapshots", "results", "stats", "deadlines"} <= names
        async with s.db.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
        async with s.db.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone())[0] == 1
    finally:
        await s.close()


@pytest.mark.sqlite
@pytest.mark.parametrize("old_version", range(1, SCHEMA_VERSION))
async def test_migrations_apply_to_a_database_from_each_earlier_version(tmp_path, old_version):
    """SQLite only: the old file is written by hand with SQLite's own scripts and ``user_version``; on both back
    ends an older store is made by ``Store.open(upto=…)`` (test_storage.py, test_decks.py, test_pause.py, …)."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    from bot.store import MIGRATIONS

    for n in range(old_version):
        db.executescript(MIGRATIONS[n])
    db.execute(f"PRAGMA user_version = {old_version}")
    db.execute("INSERT INTO tables (id, game, place, host_user, status, options, seed, created, updated) "
               "VALUES ('t1', 'metax', 'c', 'u1', 'lobby', '{}', 5, 1.0, 1.0)")  # columns named: later ones added
    db.execute("INSERT INTO seats (table_id, seat, user_id, name, computer, deck_id, deck) "
               "VALUES ('t1', 0, 'u1', 'Ana', 0, 'heroes-rush', '[]')")
    db.commit()
    db.close()
    s = await Store.open(path)
    try:
        assert await s.schema_version() == SCHEMA_VERSION
        (row,) = await s.load_tables()
        assert row.id == "t1" and row.seats[0].name == "Ana" and row.seats[0].timeouts == 0
    finally:
        await s.close()


async def test_many_computer_tables_play_concurrently_to_the_end(svc, store):
    """Concurrent tables share one connection: their transactions must not interleave (regression)."""
    tables = []
    for s in range(12):
        t = await svc.create("metax", "c", f"h{s}", "C0", seed=s, computer=True)
        await svc.add_computer(t.id, f"h{s}")
        tables.append(t)
    for t in tables:
        await svc.start(t.id, t.host_user)
    await svc.settle()
    assert [t.status for t in tables] == ["finished"] * 12
    assert all(f.ok for f in await audit(store))


@pytest.mark.backends
async def test_a_computer_stopped_by_a_store_fault_resumes_on_tick(svc, store):
    t = await svc.create("metax", "c", "h", "C0", seed=4, computer=True)
    await svc.add_computer(t.id, "h")
    await svc.start(t.id, "h")
    await refuse_writes(store, True)  # the computer's first write fails
    await svc.settle()
    assert t.status == "playing" and t.seq == 0
    await refuse_writes(store, False)
    await svc.tick()
    await svc.settle()
    assert t.status == "finished"
