"""MetaZoo through the table service: computer seats play a whole game to its end, every
choice logged with the instant the game observed, the stored game audits clean, and a restart in the middle
goes on to the same end."""

from __future__ import annotations

from host_stops import StopWrites
from store_places import refuse_writes

from bot.audit import audit
from bot.host import TableService
from bot.store import Store


class StepClock:
    """Fake epoch seconds, one minute on per reading (a game spread over time, no real time passes)."""

    def __init__(self, t: float = 1_790_000_000.0):
        self.t = t

    def now(self) -> float:
        self.t += 60
        return self.t


async def computers_game(svc: TableService, seed: int):
    t = await svc.create("metazoo", "local", "host", "Computer 0", seed=seed, computer=True)
    await svc.add_computer(t.id, "host")
    await svc.start(t.id, "host")
    return t


async def test_computer_seats_play_a_metazoo_game_to_its_end_and_it_audits_clean(new_db):
    """MZ-WIN-05: the game ends with a result; stats and the log are stored; the audit's replay (with the
    logged instants) rebuilds the final snapshot; the logged instants move on with the clock (a choice the host
    takes at once, a publicly forced one, is logged at the instant of the choice that opened it)."""
    store = await Store.open(new_db("zoo"), busy_timeout_ms=100)
    try:
        svc = TableService(store, clock=StepClock(), computer_delay=0)
        t = await computers_game(svc, seed=11)
        await svc.settle()
        assert t.status == "finished"
        result = await store.result(t.id)
        assert result is not None and result["reason"]
        log = await store.actions(t.id, timed=True)
        instants = [r[3] for r in log]
        assert len(log) > 50 and instants == sorted(instants) and len(set(instants)) > len(log) // 2
        assert t.options["surroundings"] == "virtual" and "clock" in t.options
        assert [f.ok for f in await audit(store)] == [True]
    finally:
        await store.close()


async def test_a_metazoo_table_reloaded_mid_game_finishes_like_an_uninterrupted_one(new_db):
    """A host stopped mid-game and a new host loading the file (the snapshot plus the logged choices, each
    replayed with its logged instant) finish the MetaZoo game exactly as an uninterrupted host does: the
    same log and result."""
    ends = []
    for name, stop_after in (("whole", None), ("restarted", 45)):
        path = new_db(name)
        store = await Store.open(path, busy_timeout_ms=100)
        clock = StepClock()
        try:
            svc = TableService(store, clock=clock, computer_delay=0)
            if stop_after is not None:
                svc.listeners.append(StopWrites(store, stop_after))
            t = await computers_game(svc, seed=7)
            await svc.settle()
            if stop_after is not None:
                assert t.status == "playing" and t.seq == stop_after
                await refuse_writes(store, False)  # the disk has room again (PostgreSQL's refusal outlives a store)
                await store.close()
                store = await Store.open(path, busy_timeout_ms=100)
                svc = TableService(store, clock=clock, computer_delay=0)
                await svc.load()
                await svc.settle()
                assert [f.ok for f in await audit(store)] == [True]
            log = [(r[1], r[2]) for r in await store.actions(t.id)]
            ends.append((log, (await store.result(t.id))["text"]))
        finally:
            await store.close()
    assert ends[0] == ends[1] and len(ends[0][0]) > 45


async def test_MZ_GAP_12_three_computer_seats_play_a_metazoo_game_to_its_end(new_db):
    """MZ-GAP-12, MZ-WIN-05: a table of 3 Casters (max_seats 4) starts through the host; the computer seats
    play to the end, the Casters who left are reported by ``out_seats`` while it goes on, and the stored game
    audits clean."""
    store = await Store.open(new_db("zoo3"), busy_timeout_ms=100)
    try:
        svc = TableService(store, clock=StepClock(), computer_delay=0)
        t = await svc.create("metazoo", "local", "host", "Computer 0", seats=3, seed=5, computer=True)
        await svc.add_computer(t.id, "host")
        await svc.add_computer(t.id, "host")
        await svc.start(t.id, "host")
        assert len(t.state.casters) == 3
        await svc.settle()
        assert t.status == "finished"
        result = await store.result(t.id)
        assert result is not None and len(result["winners"]) <= 1
        assert [f.ok for f in await audit(store)] == [True]
    finally:
        await store.close()
