"""Computer levels at a table (``create(level=...)``, ``/table new computers:``, ``metahost play --level``): the
level is a table option a rematch keeps, a wrong word is refused with the levels named, and a searching computer
(``normal``) plays a whole MetaX game through the host, thinking off the event loop (bot.host.think), with its
choices logged and replayed like anyone's."""

from __future__ import annotations

import pytest

from bot.audit import audit
from bot.host import TableError, TableService
from bot.store import Store
from games import get_game


async def test_a_normal_computer_plays_a_whole_game_through_the_host_and_the_audit_replays_it(new_db, monkeypatch):
    """Two ``normal`` MetaX computers (a small search budget, so the test stays quick) finish a game through
    the host; each of their choices was a search's (the search ran for every decision with more than one
    option), and the audit rebuilds the stored game from its log."""
    mx = get_game("metax")
    monkeypatch.setattr(mx, "search_budget", lambda level: {"easy": 0, "normal": 8, "hard": 16}[level])
    searched = []
    real = mx.search_choice

    def counted(state, seat, level, seed):
        searched.append(level)
        return real(state, seat, level, seed)

    monkeypatch.setattr(mx, "search_choice", counted)
    store = await Store.open(new_db("levels"))
    try:
        svc = TableService(store, computer_delay=0, thinkers=0)
        t = await svc.create("metax", "local", "host", "C0", seed=5, computer=True, level="normal")
        await svc.add_computer(t.id, "host")
        assert t.level == "normal" and t.options["level"] == "normal"
        await svc.start(t.id, "host")
        await svc.settle()
        assert t.status == "finished" and mx.result(t.state) is not None
        assert searched and set(searched) == {"normal"}
        findings = await audit(store)
        assert [f.ok for f in findings] == [True], findings
    finally:
        await store.close()


async def test_an_unknown_level_is_refused_naming_the_levels_and_nothing_is_created(new_db):
    store = await Store.open(new_db("levels"))
    try:
        svc = TableService(store, computer_delay=0, thinkers=0)
        with pytest.raises(TableError) as err:
            await svc.create("metax", "local", "host", "Ana", level="genius")
        assert err.value.code == "bad_option"
        assert all(word in err.value.message for word in ("easy", "normal", "hard", "Nothing was changed"))
        assert svc.tables == {}
        t = await svc.create("metax", "local", "host", "Ana")
        assert t.level == "easy" and "level" not in t.options  # easy is the default and is not stored
    finally:
        await store.close()


async def test_a_searching_computer_on_a_paced_host_answers_a_forced_decision_no_faster_than_a_choice(
        new_db, monkeypatch):
    """On a paced host (a computer delay, as on Discord) a ``normal`` computer takes at least its level's pace
    (``bot.host.think.PACE``) for every decision, one-option ones included: a search takes time only where
    there is a choice, and whether there is one can follow from the computer's hidden cards, so how long it
    takes must not tell. Measured from the start of each decision to its commit, on the loop's clock."""
    import asyncio

    from bot.host import think

    mx = get_game("metax")
    monkeypatch.setattr(mx, "search_budget", lambda level: {"easy": 0, "normal": 4, "hard": 8}[level])
    monkeypatch.setitem(think.PACE, "normal", 0.01)
    store = await Store.open(new_db("paced"))
    try:
        svc = TableService(store, computer_delay=0.0005, thinkers=0)
        t = await svc.create("metax", "local", "host", "C0", seed=5, computer=True, level="normal")
        await svc.add_computer(t.id, "host")
        loop = asyncio.get_running_loop()
        started: list[float] = []
        took: dict[bool, list[float]] = {True: [], False: []}  # one option? -> seconds to commit
        observe, act = svc._observe, svc._act

        def observed(table, at):
            started.append(loop.time())
            return observe(table, at)

        async def acted(table, seat, version, choice, by_player=True, at=None):
            d = next(x for x in mx.decisions(table.state) if x.seat == seat)
            took[len(d.options) == 1].append(loop.time() - started[-1])
            return await act(table, seat, version, choice, by_player=by_player, at=at)

        monkeypatch.setattr(svc, "_observe", observed)
        monkeypatch.setattr(svc, "_act", acted)
        await svc.start(t.id, "host")
        await svc.settle()
        assert t.status == "finished"
        assert took[True] and took[False], "the game had forced decisions and choices"
        assert min(took[True] + took[False]) >= 0.01
    finally:
        await store.close()
