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


async def test_a_normal_computer_plays_a_whole_game_through_the_host_and_the_audit_replays_it(tmp_path, monkeypatch):
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
    store = await Store.open(tmp_path / "levels.db")
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


async def test_an_unknown_level_is_refused_naming_the_levels_and_nothing_is_created(tmp_path):
    store = await Store.open(tmp_path / "levels.db")
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
