"""``metahost db copy`` (docs/hosting.md): a whole store moved from SQLite into PostgreSQL and back, every row
read back equal, every game replayed clean, a restarted host going on with the copied tables; refused into a
database that is not empty; a copy whose games do not replay is reported."""

from __future__ import annotations

import asyncio
import random

import pytest
from conftest import FakeClock

from bot.cli import main
from bot.dbcopy import COPY_ORDER
from bot.host import Listener, TableService
from bot.store import Store, redact


class Recorder(Listener):
    """The host fixture ``svc`` wants one; nothing here reads it."""


async def fill(path: str) -> dict[str, str]:
    """A store with a bit of everything; returns each table's state JSON."""
    store = await Store.open(path)
    try:
        svc = TableService(store, clock=FakeClock(), computer_delay=0)
        done = await svc.create("metax", "guild:1/chan:1", "u1", "C0", seed=5, computer=True)
        await svc.add_computer(done.id, "u1")
        await svc.start(done.id, "u1")
        await svc.settle()
        assert done.status == "finished"
        lost = await svc.create("metax", "guild:1/chan:1", "u1", "Ana", seed=6)
        await svc.add_computer(lost.id, "u1")
        await svc.start(lost.id, "u1")
        await svc.concede(lost.id, "u1")  # a result with a person in it: stats
        await svc.settle()
        live = await svc.create("meta", "guild:1/chan:2", "u1", "Ana", seed=7)
        await svc.join(live.id, "u2", "Ben")
        await svc.join(live.id, "u3", "Cy")
        await svc.start(live.id, "u1")
        rng = random.Random(7)
        for _ in range(12):
            d = rng.choice(live.game.decisions(live.state))
            await svc.act(live.id, live.seats[d.seat].user_id, live.version, rng.choice(d.options).id)
        await svc.create("metax", "guild:1/chan:3", "u4", "Dee")  # a lobby
        await store.create_deck("u1", "metax", "Mine", [("hercules", 2)], 10.0)
        await store.create_deck("u2", "meta", "Theirs", [], 11.0)
        await store.set_notify("u1", False)
        await store.set_location("1", {"name": "Oslo"})
        await store.put_message(live.id, "board", -1, 2**60, 2**61, 12.0)
        return {t.id: t.game.to_json(t.state) for t in (done, lost, live)}
    finally:
        await store.close()


async def rows_of(url: str) -> dict[str, list[tuple]]:
    store = await Store.open(url, check_writable=False)
    try:
        return {t: sorted((await store.fetch_named(f"SELECT * FROM {t}"))[1], key=repr) for t in COPY_ORDER}
    finally:
        await store.close()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_sqlite_store_copies_into_postgresql_and_back_row_for_row(db_url, tmp_path, capsys):
    src, back = str(tmp_path / "src.db"), f"sqlite:///{tmp_path / 'back.db'}"
    states = asyncio.run(fill(src))
    assert main(["db", "copy", "--from", src, "--to", db_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"copied {src} to {redact(db_url)}: ") and " 4 tables, " in out[0]
    assert out[-1] == "verified: every row read back; 3 games replayed, 0 differ from their snapshot"
    assert main(["db", "copy", "--from", db_url, "--to", back]) == 0
    capsys.readouterr()
    original = asyncio.run(rows_of(src))
    assert original["actions"] and original["stats"] and original["deadlines"] and len(original["decks"]) == 2
    assert asyncio.run(rows_of(back)) == original

    async def go_on():
        store = await Store.open(db_url)
        try:
            svc = TableService(store, clock=FakeClock(), computer_delay=0)
            await svc.load()
            [(live, state)] = [(tid, s) for tid, s in states.items() if tid in svc.tables]  # the one in play
            assert svc.get(live).game.to_json(svc.get(live).state) == state and len(svc.tables) == 2  # and the lobby
            made = await store.create_deck("u1", "meta", "New", [], 20.0)  # the next id follows the copied ones
            assert made.id == max(r[0] for r in original["decks"]) + 1
            assert (await store.stats("u1", "metax"))[0][1:] == (1, 0, 1, 0)
        finally:
            await store.close()

    asyncio.run(go_on())


@pytest.mark.backends
def test_a_copy_into_a_database_that_is_not_empty_is_refused_and_writes_nothing(db_url, tmp_path, capsys):
    src = str(tmp_path / "src.db")

    async def prepare():
        for url in (src, db_url):
            store = await Store.open(url)
            await store.set_notify(f"u-{url == src}", False)
            await store.close()

    asyncio.run(prepare())
    assert main(["db", "copy", "--from", src, "--to", db_url]) == 2
    err = capsys.readouterr().err
    assert "is not empty (it has rows in user_settings): copy into a new, empty database." in err
    assert asyncio.run(rows_of(db_url))["user_settings"] == [("u-False", 0, None, 0, 0, 1)]


def test_a_copy_whose_games_do_not_replay_says_which(new_db, capsys):
    src, dst = new_db("src"), new_db("dst")
    asyncio.run(fill(src))

    async def spoil():
        store = await Store.open(src)
        await store._tx("spoil", [("UPDATE actions SET choice = 'nonsense' WHERE seq = 3", ())])
        await store.close()

    asyncio.run(spoil())
    assert main(["db", "copy", "--from", src, "--to", dst]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH " in out and "choice refused on replay" in out and " differ from their snapshot" in out


async def test_the_copy_knows_every_table_of_the_schema(new_db):
    store = await Store.open(new_db())
    try:
        assert await store.table_names() == sorted(COPY_ORDER)
    finally:
        await store.close()
