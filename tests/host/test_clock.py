"""The clock as a logged input (``Game.observes_clock`` / ``Game.observe``): the host tells
a game that reads the clock the instant of every choice right before applying it (players, computers,
timeouts, concessions), stores exactly that instant in the choice's log row, and every replay (loading a
table whose snapshot lags, a store failure's rollback, looking up a finished table, the audit) observes the
logged instant again, so the replay reads the same clock.

The game here is a stand-in whose score depends on the clock it observed: a replay that read the real clock,
or none, would rebuild another state."""

from __future__ import annotations

import pytest
from clock_game import GAME, MOVES, ClockGame, TickClock, register
from host_stops import StopWrites
from store_places import refuse_writes, rows

from bot.audit import audit
from bot.host import CONCEDE, TableService
from bot.store import Store


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    register(monkeypatch)


def logged_instants(path) -> list[float]:
    return [r[0] for r in rows(path, "SELECT at FROM actions ORDER BY seq")]


async def test_each_computer_choice_observes_the_instant_its_log_row_stores_and_a_reload_replays_them(new_db):
    """Computers stopped mid-game (store refuses a write; the rollback replays the tail), a new host loading
    the file (snapshot plus logged choices), and the audit all rebuild the state the live game had: the
    instants observed are exactly the logged ones, each distinct."""
    path = new_db("clock")
    store = await Store.open(path, busy_timeout_ms=100)
    clock = TickClock()
    try:
        svc = TableService(store, clock=clock, computer_delay=0)
        svc.listeners.append(StopWrites(store, 5))
        t = await svc.create("clocktest", "local", "host", "C0", seed=3, computer=True)
        await svc.add_computer(t.id, "host")
        await svc.start(t.id, "host")
        await svc.settle()
        await refuse_writes(store, False)
        logged = logged_instants(path)
        assert len(logged) == 5 == t.seq and len(set(logged)) == 5
        assert t.state.seen == logged  # the rollback after the refused write replayed with logged instants
        held = GAME.to_json(t.state)

        store2 = await Store.open(path, busy_timeout_ms=100)
        try:
            clock.t += 10_000  # a later clock: a replay reading it instead of the log would differ
            svc2 = TableService(store2, clock=clock, computer_delay=0)
            await svc2.load()
            t2 = svc2.get(t.id)
            assert t2.snap_seq < t2.seq == 5  # the snapshot lags: the load replayed logged choices
            assert GAME.to_json(t2.state) == held
            await svc2.settle()
            assert t2.status == "finished"
            assert t2.state.seen == logged_instants(path) and len(t2.state.seen) == MOVES
            assert [f.ok for f in await audit(store2)] == [True]
            looked = await svc2.lookup(t.id)  # a finished table read back from the store
            assert looked.state.seen == t2.state.seen
        finally:
            await store2.close()
    finally:
        await store.close()


async def test_player_timeout_and_concession_each_log_the_instant_the_game_observed(new_db):
    """A player's choice, a timeout's default and a concession each observe one instant and log exactly
    it; the audit replays the stored game with those instants."""
    path = new_db("people")
    store = await Store.open(path, busy_timeout_ms=100)
    try:
        clock = TickClock(step=0.0)
        svc = TableService(store, clock=clock, computer_delay=0)
        t = await svc.create("clocktest", "local", "ann", "Ann", timeout=60, seed=1)
        await svc.join(t.id, "bob", "Bob")
        clock.t = 1_700_000_003.0
        await svc.start(t.id, "ann")
        assert t.options["clock"] == 1_700_000_003.0 == t.state.now  # the start instant, an input of new_game
        clock.t = 1_700_000_011.0
        await svc.act(t.id, "ann", t.version, "b")
        clock.t += 61  # Bob's time runs out: the default is applied at the tick's instant
        await svc.tick()
        clock.t = 1_700_000_555.0
        await svc.concede(t.id, "ann")
        rows = await store.actions(t.id, timed=True)
        assert [r[2] for r in rows] == ["b", "a", CONCEDE]
        assert [r[3] for r in rows] == [1_700_000_011.0, 1_700_000_072.0, 1_700_000_555.0]
        assert t.state.seen == [r[3] for r in rows]
        assert t.status == "finished"
        assert [f.ok for f in await audit(store)] == [True]
    finally:
        await store.close()


async def test_a_game_that_ignores_the_clock_is_never_told_it(new_db, monkeypatch):
    """``observe`` is called only for a game whose ``observes_clock`` is true (the contract's default does
    nothing, but a game that does not read the clock must not depend on it)."""
    calls: list[float] = []
    monkeypatch.setattr(ClockGame, "observes_clock", False)
    monkeypatch.setattr(ClockGame, "observe", lambda self, state, at: calls.append(at))
    store = await Store.open(new_db("plain"), busy_timeout_ms=100)
    try:
        svc = TableService(store, clock=TickClock(), computer_delay=0)
        t = await svc.create("clocktest", "local", "host", "C0", seed=2, computer=True)
        await svc.add_computer(t.id, "host")
        await svc.start(t.id, "host")
        await svc.settle()
        assert t.status == "finished" and calls == []
        assert t.state.seen == [0.0] * MOVES
    finally:
        await store.close()

