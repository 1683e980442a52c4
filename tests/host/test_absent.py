"""An absent player at a table of every game (the host's timers: nobody gets stuck):
a person who never acts has every decision answered with the game's documented default when its deadline
passes (``Game.timeout_choice``), and after ``MAX_TIMEOUTS`` turn timeouts in a row (response windows do not
count, MEM-GAP-28) the seat is conceded; the others play on to the end, and the stored log audits clean. Three
seats where the game allows them (one person who plays, one absent, computers in the rest), else two."""

from __future__ import annotations

import pytest

from bot.audit import audit
from bot.host import MAX_TIMEOUTS, Listener, TableService
from games import game_ids, get_game
from games.core.rng import Rng


class Recorder(Listener):
    """Counts the default answers the host applied."""

    def __init__(self) -> None:
        self.timeouts = 0

    async def game_changed(self, table, events, views) -> None:
        self.timeouts += sum("the default was applied" in e.text for e in events)


@pytest.mark.parametrize("game_id", game_ids())
async def test_an_absent_player_times_out_is_conceded_and_the_game_ends(store, clock, game_id):
    rec = Recorder()
    svc = TableService(store, clock=clock, computer_delay=0)
    svc.listeners.append(rec)
    game = get_game(game_id)
    seats = min(3, game.max_seats)
    t = await svc.create(game_id, "chan-1", "u1", "Ana", seats=seats, seed=4, timeout=60)
    await svc.join(t.id, "u2", "Ben")
    while len(t.seats) < seats:
        await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    await svc.settle()
    rng = Rng.from_seed(4)
    absent = t.seat_of("u2").seat
    for _ in range(20_000):
        if t.status != "playing":
            break
        mine = [d for d in t.game.decisions(t.state) if d.seat == t.seat_of("u1").seat]
        if mine:  # Ana plays at once
            d = mine[0]
            await svc.act(t.id, "u1", t.version, d.options[rng.below(len(d.options))].id)
        else:  # nobody else acts: Ben's deadline passes
            assert any(d.seat == absent for d in t.game.decisions(t.state)), "nobody can act: the table is stuck"
            clock.t += 61
            await svc.tick()
        await svc.settle()
    assert t.status == "finished", "the game did not end"
    assert rec.timeouts >= MAX_TIMEOUTS - 1
    result = t.game.result(t.state)
    assert t.seats[absent].timeouts == MAX_TIMEOUTS and absent in result.losers, (result, t.seats[absent])
    findings = await audit(store)
    assert findings and all(f.ok for f in findings), findings
