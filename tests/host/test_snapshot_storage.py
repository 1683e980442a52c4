"""The store keeps what never changes in a game once per table (docs/performance.md, Snapshots; migration 8): a game
started now stores ``Game.static_json`` once and ``Game.snapshot`` after each choice; a game stored at
schema 7 (whole ``to_json`` snapshots, no static part) still loads, plays on and audits clean. On SQLite and on
PostgreSQL (``backends``)."""

from __future__ import annotations

import json
import random

import pytest
from conftest import FakeClock

from bot.audit import audit
from bot.host import Listener, TableService
from bot.store import MIGRATIONS, SCHEMA_VERSION, Store
from games import get_game
from games.core.contract import SeatSetup

MIGRATION = next(i for i, m in enumerate(MIGRATIONS, 1) if "ADD COLUMN static" in m)
pytestmark = pytest.mark.backends


class Recorder(Listener):
    """The host fixture ``svc`` wants one; nothing here reads it."""


def pick(game, st, rng: random.Random) -> tuple[int, str]:
    d = rng.choice(game.decisions(st))
    return d.seat, rng.choice(d.options).id


async def act_randomly(svc: TableService, t, n: int, rng: random.Random) -> None:
    for _ in range(n):
        if t.game.result(t.state) is not None:
            return
        seat, choice = pick(t.game, t.state, rng)
        await svc.act(t.id, t.seats[seat].user_id, t.version, choice)


async def test_a_started_game_stores_its_static_part_once_and_small_snapshots(svc, store):
    """The row holds ``static_json`` (written at the start) and ``snapshot`` text; a service
    loading the store rebuilds the live state exactly, and the audit replays it clean."""
    t = await svc.create("meta", "chan-1", "u1", "Ana", seed=3)
    await svc.join(t.id, "u2", "Ben")
    await svc.join(t.id, "u3", "Cy")
    await svc.start(t.id, "u1")
    game = t.game
    static = game.static_json(t.state)
    (row,) = await store.load_tables()
    assert row.static == static and row.snapshot == game.snapshot(t.state)
    await act_randomly(svc, t, 25, random.Random(3))
    (row,) = await store.load_tables()
    assert row.static == static and row.seq == 25
    assert row.snapshot == game.snapshot(t.state) and 2 * len(row.snapshot) < len(game.to_json(t.state))
    again = TableService(store, clock=FakeClock(), computer_delay=0)
    await again.load()
    assert game.to_json(again.get(t.id).state) == game.to_json(t.state)
    assert [f.ok for f in await audit(store)] == [True]


async def test_a_schema_7_database_with_a_started_game_migrates_loads_and_plays_on(db_url):
    """A game stored before migration 8 (a whole ``to_json`` snapshot with sorted keys, as the codec
    wrote it before the static part was stored apart) loads after the upgrade, goes on with whole snapshots
    (its row has no static part), survives a restart and audits clean."""
    game = get_game("metax")
    decks = game.starter_decks()
    deck_a, deck_b = (decks[k] for k in sorted(decks)[:2])
    expected = game.new_game([SeatSetup("Ana", deck_a), SeatSetup("Ben", deck_b)], {"seats": 2}, 21)
    rng = random.Random(21)
    log: list[tuple[int, str]] = []
    for _ in range(8):
        log.append(pick(game, expected, rng))
        game.apply(expected, *log[-1])
    old_text = json.dumps(json.loads(game.to_json(expected)), sort_keys=True, separators=(",", ":"))

    old = await Store.open(db_url, upto=MIGRATION - 1, check_writable=False)
    assert await old.schema_version() == MIGRATION - 1 == 7
    stmts = [("INSERT INTO tables (id, game, place, host_user, status, options, seed, created, updated) "
              "VALUES ('t1', 'metax', 'chan', 'u1', 'playing', '{\"seats\": 2}', 21, 1.0, 1.0)", ())]
    for seat, (user, name, deck) in enumerate((("u1", "Ana", deck_a), ("u2", "Ben", deck_b))):
        stmts.append(("INSERT INTO seats (table_id, seat, user_id, name, computer, deck_id, deck, timeouts) "
                      "VALUES ('t1', ?, ?, ?, 0, NULL, ?, 0)", (seat, user, name, json.dumps(deck))))
    for seq, (seat, choice) in enumerate(log):
        stmts.append(("INSERT INTO actions (table_id, seq, seat, choice, at) VALUES ('t1', ?, ?, ?, 1.0)",
                      (seq, seat, choice)))
    stmts.append(("INSERT INTO snapshots (table_id, seq, state) VALUES ('t1', ?, ?)", (len(log), old_text)))
    await old._tx("seed", stmts)
    await old.close()

    store = await Store.open(db_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION >= MIGRATION
        (row,) = await store.load_tables()
        assert row.static is None and row.snapshot == old_text
        svc = TableService(store, clock=FakeClock(), computer_delay=0)
        await svc.load()
        t = svc.get("t1")
        assert game.to_json(t.state) == game.to_json(expected)
        for _ in range(3):
            seat, choice = pick(game, expected, rng)
            await svc.act("t1", t.seats[seat].user_id, t.version, choice)
            game.apply(expected, seat, choice)
        (row,) = await store.load_tables()
        assert row.static is None and row.seq == len(log) + 3
        assert row.snapshot == game.to_json(expected)  # still whole: nothing to join it to
        assert [f.ok for f in await audit(store)] == [True]
    finally:
        await store.close()
    store = await Store.open(db_url)  # a restart
    try:
        svc = TableService(store, clock=FakeClock(), computer_delay=0)
        await svc.load()
        assert game.to_json(svc.get("t1").state) == game.to_json(expected)
    finally:
        await store.close()
