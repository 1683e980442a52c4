"""Time banks on Discord: ``/table new clock:bank`` (or ``options:bank=5m+10s``) opens a table whose
lobby names its clock, whose board shows every player's bank ("Ana 8:40 left"), and whose DMs show the seat's
own bank: while it decides, when the bank runs out (a live timestamp); otherwise what is left. The game is the
stand-in tests/team_game.py; the table service runs on a fake clock."""

from __future__ import annotations

import pytest
import team_game

from games.core.rng import Rng

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import click_decision, decision_buttons, latest_dm, refusal
from .world import World, stand_in_game

ANA, BEN = 101, 102


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    with stand_in_game(monkeypatch, team_game, "Team test", "teamtest"):
        yield


class FakeClock:
    """Epoch seconds set by hand (``clock.t += 100``)."""

    def __init__(self, t: float = 1_000_000.0):
        self.t = t

    def now(self) -> float:
        return self.t


@pytest.fixture
async def timed(fake, new_db):
    clock = FakeClock()
    w = await World(fake, new_db("bank"), clock=clock).start()
    yield w, clock
    await w.stop()


async def board_text(w: World, tid: str) -> str:
    m = await w.bot.front.messages(tid)
    return w.fake.text_of(w.fake.messages[m.board[1]])


async def click(w: World, user: int, label: str) -> None:
    msg = latest_dm(w, user)
    comp = next(c for c in decision_buttons(w, msg) if c.get("label") == label)
    await w.fake.click(user, msg, comp["custom_id"])
    await w.settle()


async def test_a_bank_table_shows_each_players_bank_on_the_board_and_in_the_dm(timed):
    w, clock = timed
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "teamtest", "seats": 2, "clock": "bank"}, sub="new")
    tid = next(iter(w.service.tables))
    t = w.service.get(tid)
    assert t.options["bank"] == [600.0, 20.0]
    assert "Time bank 10:00 + 20 s a decision" in reply.message.embeds[0]["footer"]["text"]
    await w.fake.click(BEN, reply.message, f"mh:l:{tid}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{tid}:start")
    await w.settle()
    ana, ben = (t.seats[t.seat_of(str(u)).seat].name for u in (ANA, BEN))
    due = int(t.deadlines[t.seat_of(str(ANA)).seat].deadline)
    assert due == clock.t + 620  # Ana's bank and one addition, shown as a live countdown
    assert f"⏱ {ana}'s bank runs out <t:{due}:R> · {ben} 10:00 left" in await board_text(w, tid)
    assert f"your time bank runs out <t:{due}:R>" in latest_dm(w, ANA).content
    clock.t += 100
    await click(w, ANA, "Poke")
    assert latest_dm(w, ANA).content == "⏱ Your time bank: 8:40."
    assert f"⏱ {ana} 8:40 left · {ben} 10:00 left" in await board_text(w, tid)
    assert "your time bank" not in latest_dm(w, BEN).content  # a response window: its own short timer
    clock.t += 10
    await click(w, BEN, "Pass")
    due = int(t.deadlines[t.seat_of(str(BEN)).seat].deadline)
    assert f"⏱ {ana} 8:40 left · {ben}'s bank runs out <t:{due}:R>" in await board_text(w, tid)
    assert assert_all_within_limits(w.fake) > 0


async def test_a_bank_in_the_options_and_a_refused_one(timed):
    w, _clock = timed
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "teamtest", "seats": 2, "options": "bank=ever"},
                               sub="new")
    assert "time bank" in refusal(reply) and not w.service.tables
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "teamtest", "seats": 2, "options": "bank=5m+10s"},
                               sub="new")
    t = w.service.get(next(iter(w.service.tables)))
    assert t.options["bank"] == [300.0, 10.0]
    assert "Time bank 5:00 + 10 s a decision" in reply.message.embeds[0]["footer"]["text"]


async def test_a_metax_game_with_time_banks_plays_to_the_end(timed):
    """A whole seeded MetaX game by clicks at a bank table, the clock moving 7 s a click: the banks are charged
    and stored as it goes, every DM of a deciding seat names its bank, and every message fits Discord."""
    w, clock = timed
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax", "clock": "bank"}, sub="new")
    tid = next(iter(w.service.tables))
    t = w.service.get(tid)
    await w.fake.click(BEN, reply.message, f"mh:l:{tid}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{tid}:start")
    await w.settle()
    rng, clicks = Rng.from_seed(5), 0
    while t.status == "playing" and clicks < 3000:
        user = next(u for u in (ANA, BEN) if decision_buttons(w, latest_dm(w, u) or {}))
        assert "your time bank runs out <t:" in latest_dm(w, user).content
        clock.t += 7
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        clicks += 1
    assert t.status == "finished" and clicks > 10
    rows = await w.store.load_tables(("finished",), table_id=tid)
    assert all(s.bank is not None and 0 < s.bank <= 600 for s in rows[0].seats)  # charged and stored
    assert assert_all_within_limits(w.fake) > 0
