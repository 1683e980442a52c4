"""Memesis through the table service (docs/hosting.md): the Stealth table option (MEM-STL-11)
reaches ``new_game``, survives a rematch and the audit's replay, and is refused for a game without Stealth."""

from __future__ import annotations

import pytest

from bot.audit import audit
from bot.host import Listener, TableError


class Recorder(Listener):
    def __init__(self):
        self.events: list[str] = []

    async def game_changed(self, table, events, views):
        self.events += [e.text for e in events]


async def duel(svc, **kw):
    t = await svc.create("memesis", "chan-1", "u1", "Ana", seed=7, seats=2, **kw)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    return t


def face_down_offered(t) -> bool:
    """Whether the first open decision's things, explored one step into their drafts on copies of the
    state, offer a face-down (Stealth) play."""
    game = t.game
    decision = game.decisions(t.state)[0]
    for option in decision.options:
        st = game.from_json(game.to_json(t.state))
        try:
            game.apply(st, decision.seat, option.id)
        except Exception:  # noqa: BLE001 - a thing with nothing to do
            continue
        todo = [(st, 0)]
        while todo:
            state, depth = todo.pop()
            for d in game.decisions(state):
                if d.seat != decision.seat or d.kind != "act" or depth > 3:
                    continue
                for o in d.options:
                    if o.id == "down":
                        return True
                    if o.id != "back":
                        nxt = game.from_json(game.to_json(state))
                        game.apply(nxt, d.seat, o.id)
                        todo.append((nxt, depth + 1))
    return False


async def test_MEM_STL_11_stealth_off_reaches_the_game_and_a_rematch_keeps_it(svc, store):
    t = await duel(svc, stealth=False)
    assert t.options["stealth"] is False
    assert t.state.stealth is False and t.game.view(t.state, None).board["stealth"] is False
    assert any("Stealth is off for this table" in e for e in svc.rec.events)
    assert not face_down_offered(t)
    await svc.concede(t.id, "u2")
    assert t.status == "finished"
    await svc.rematch(t.id, "u1")
    r = await svc.rematch(t.id, "u2")
    assert r.started and r.table.options["stealth"] is False and r.table.state.stealth is False
    findings = await audit(store)
    assert findings and all(f.ok for f in findings), [f.message for f in findings]


async def test_MEM_STL_11_stealth_is_on_by_default(svc):
    t = await duel(svc)
    assert "stealth" not in t.options and t.state.stealth is True
    assert face_down_offered(t)
    on = await duel(svc, stealth=True)  # the default said out loud stores nothing either
    assert "stealth" not in on.options and on.state.stealth is True


async def test_MEM_STL_11_a_game_without_stealth_refuses_the_option_and_stores_nothing(svc, store):
    with pytest.raises(TableError, match="MetaX has no Stealth") as err:
        await svc.create("metax", "chan-1", "u1", "Ana", stealth=False)
    assert err.value.code == "bad_option" and "leave it out" in err.value.message
    assert not svc.tables and not await store.load_tables(("lobby", "playing", "finished", "aborted"))
