"""Chess-clock time banks (:mod:`bot.host.bank`): the table option ``bank`` gives each human seat a
bank (here 10 minutes plus 20 s a decision) instead of a fixed limit per decision. Its deadline counts the bank
down, the seat is charged the time it took (never above the start), the reminder comes at half, a bank that
runs out applies the game's default (and three in a row concede, as for any timeout), response windows keep
their own short timer, a paused table stands still, and the banks survive a restart and a refused write.

The game is the stand-in tests/team_game.py: the active seat pokes (the next seat then has a response window)
or wins; the clock is the fake one of conftest.py."""

from __future__ import annotations

import pytest
import team_game
from conftest import refuse_writes

from bot.host import (
    DEFAULT_RESPONSE,
    MAX_TIMEOUTS,
    Listener,
    TableError,
    TableService,
    bank,
    parse_table_options,
)
from bot.host.options import bank_words
from bot.store import Store, StoreError
from games import get_game

START, ADD = 600.0, 20.0
WINDOW = DEFAULT_RESPONSE  # a response window's own timer (30 s)


class Recorder(Listener):
    """The reminders and the default answers the host applied."""

    def __init__(self) -> None:
        self.reminders: list[tuple[int, float]] = []
        self.defaults = 0

    async def reminder(self, table, seat, decision, deadline) -> None:
        self.reminders.append((seat, deadline))

    async def game_changed(self, table, events, views) -> None:
        self.defaults += sum("the default was applied" in e.text for e in events)


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    team_game.register(monkeypatch)


async def banked_table(svc, **kw):
    """Ana (seat 0) and Ben (seat 1) at a started teamtest table with a 10m+20s bank: Ana has the turn."""
    t = await svc.create("teamtest", "chan-1", "u1", "Ana", seats=2, seed=1,
                         table_options=kw.pop("table_options", "bank=10m+20s"), **kw)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    return t


def decision(t, seat: int):
    return next((d for d in t.game.decisions(t.state) if d.seat == seat), None)


async def test_the_deadline_counts_the_bank_down_and_the_seat_is_charged_what_it_took(svc, clock):
    t0 = clock.t
    t = await banked_table(svc)
    assert t.options["bank"] == [START, ADD]
    assert t.deadlines[0].deadline == t0 + START + ADD and t.deadlines[0].banked  # the bank plus one addition
    assert t.deadlines[0].remind_at == t0 + (START + ADD) / 2  # reminded at half of what the seat has
    clock.t += 100
    await svc.act(t.id, "u1", t.version, "poke")
    assert t.seats[0].bank == START + ADD - 100  # 8:40 left: charged the 100 s it took, less its 20 s
    assert bank.clocks_line(t, clock.t) == "⏱ Ana 8:40 left · Ben 10:00 left"
    clock.t += 30  # Ben's response window: its own short timer, the bank untouched
    assert not t.deadlines[1].banked and t.deadlines[1].deadline == clock.t - 30 + WINDOW
    await svc.act(t.id, "u2", t.version, "pass")
    assert t.seats[1].bank is None and bank.bank_of(t, 1) == START
    assert t.deadlines[1].banked and t.deadlines[1].deadline == clock.t + START + ADD  # Ben's turn
    clock.t += 5  # a quick answer never banks more than the start
    await svc.act(t.id, "u2", t.version, "poke")
    assert t.seats[1].bank == START
    clock.t += 10
    await svc.act(t.id, "u1", t.version, "pass")  # Ana's window
    assert t.seats[0].bank == START + ADD - 100
    await svc.act(t.id, "u1", t.version, "poke")
    assert t.seats[0].bank == START + 2 * ADD - 100


async def test_a_bank_that_runs_out_applies_the_default_and_three_in_a_row_concede(svc, clock):
    t = await banked_table(svc)
    clock.t += (START + ADD) / 2
    await svc.tick()
    assert svc.rec.reminders == [(0, t.deadlines[0].deadline)]  # half of the bank: reminded once
    clock.t += (START + ADD) / 2 - 1
    await svc.tick()
    assert svc.rec.defaults == 0 and t.seats[0].bank is None  # a second left
    clock.t += 1
    await svc.tick()
    assert svc.rec.defaults == 1 and t.seats[0].bank == 0.0 and t.seats[0].timeouts == 1
    for _ in range(2, MAX_TIMEOUTS + 1):  # an empty bank: each decision has only the addition
        await svc.act(t.id, "u2", t.version, "pass")
        await svc.act(t.id, "u2", t.version, "poke")
        clock.t += WINDOW  # Ana's response window runs out: it neither counts nor touches the bank
        await svc.tick()
        assert t.deadlines[0].banked and t.deadlines[0].deadline == clock.t + ADD
        clock.t += ADD
        await svc.tick()
        assert t.seats[0].bank == 0.0
    assert t.seats[0].timeouts == MAX_TIMEOUTS and svc.rec.defaults == 2 * MAX_TIMEOUTS - 2
    assert t.status == "finished" and 0 in t.game.result(t.state).losers  # conceded for absence


async def test_a_response_window_that_runs_out_never_spends_the_bank(svc, clock):
    t = await banked_table(svc)
    clock.t += 50
    await svc.act(t.id, "u1", t.version, "poke")
    assert decision(t, 1).window
    clock.t += WINDOW
    await svc.tick()
    assert svc.rec.defaults == 1 and t.seats[1].timeouts == 0 and t.seats[1].bank is None
    assert t.deadlines[1].deadline == clock.t + START + ADD  # Ben's turn: his whole bank


async def test_a_paused_table_stands_still(svc, clock):
    t = await banked_table(svc)
    clock.t += 100
    await svc.pause(t.id, "its thread was deleted")
    clock.t += 5 * START  # far past the deadline: nothing runs while paused
    await svc.tick()
    assert svc.rec.defaults == 0
    await svc.resume(t.id, "u1", "chan-2")
    clock.t += 50
    await svc.tick()
    await svc.act(t.id, "u1", t.version, "poke")
    assert t.seats[0].bank == START + ADD - 150  # only the 150 s it was not paused


@pytest.mark.backends
async def test_the_banks_and_a_running_bank_survive_a_restart(store, clock, db_url):
    svc = TableService(store, clock=clock, computer_delay=0)
    t = await banked_table(svc)
    clock.t += 100
    await svc.act(t.id, "u1", t.version, "poke")
    await svc.act(t.id, "u2", t.version, "pass")
    clock.t += 30
    await svc.act(t.id, "u2", t.version, "poke")  # Ben: 30 s charged, 20 s added
    await svc.act(t.id, "u1", t.version, "pass")
    clock.t += 200  # Ana's turn runs 200 s, then the host restarts
    due = t.deadlines[0].deadline
    store2 = await Store.open(db_url, busy_timeout_ms=100)
    try:
        svc2 = TableService(store2, clock=clock, computer_delay=0)
        await svc2.load()
        t2 = svc2.get(t.id)
        assert [s.bank for s in t2.seats] == [START + ADD - 100, START + ADD - 30]
        assert t2.deadlines[0].deadline == due and t2.deadlines[0].banked  # the running bank goes on
        assert bank.clocks_line(t2, clock.t) == "⏱ Ana 5:40 left (running) · Ben 9:50 left"
        clock.t += 10
        await svc2.act(t.id, "u1", t2.version, "poke")
        assert t2.seats[0].bank == START + 2 * ADD - 310
    finally:
        await store2.close()


@pytest.mark.backends
async def test_a_refused_write_leaves_the_banks_as_stored(svc, store, clock):
    t = await banked_table(svc)
    clock.t += 100
    await refuse_writes(store, True)
    with pytest.raises(StoreError):
        await svc.act(t.id, "u1", t.version, "poke")
    await refuse_writes(store, False)
    assert t.seats[0].bank is None and t.deadlines[0].banked
    clock.t += 10
    await svc.act(t.id, "u1", t.version, "poke")
    assert t.seats[0].bank == START + ADD - 110


async def test_without_a_bank_every_decision_has_the_fixed_limit(svc, clock):
    t = await banked_table(svc, table_options=None, timeout=60)
    assert "bank" not in t.options and not t.deadlines[0].banked
    assert t.deadlines[0].deadline == clock.t + 60
    clock.t += 50
    await svc.act(t.id, "u1", t.version, "poke")
    assert t.seats[0].bank is None and bank.clocks_line(t, clock.t) == ""


@pytest.mark.parametrize(("word", "expected"), [("on", (600.0, 20.0)), ("10m+20s", (600.0, 20.0)),
                                            ("5m", (300.0, 20.0)), ("600+15", (600.0, 15.0)),
                                            ("1h30m+1m", (5400.0, 60.0)), ("off", None)])
def test_bank_words(word, expected):
    assert bank.parse_bank(word) == expected
    assert bank_words(f"gambling=on bank={word}") == expected


@pytest.mark.parametrize("word", ["soon", "10x", "30s", "25h", "10m+2s", "10m+2h", ""])
def test_a_bank_the_host_cannot_keep_is_refused_saying_what_is_right(word):
    with pytest.raises(ValueError) as err:
        bank.parse_bank(word)
    assert "time bank" in str(err.value)
    with pytest.raises(TableError) as refused:
        parse_table_options(get_game("metax"), [f"bank={word}"])
    assert refused.value.code == "bad_option" and "Nothing was changed" in refused.value.message


def test_the_bank_word_is_the_hosts_at_every_game():
    """``--option bank=…`` (the CLI) and ``options:bank=…`` (Discord) pass the game's own option check, at a
    game without table options too; the game's options are read as before."""
    assert parse_table_options(get_game("metax"), ["bank=5m+10s"]) == {}
    assert parse_table_options(get_game("metaolympia"), "bank=on gambling=on") == {"gambling": True}
    assert bank_words(["gambling=on"]) is False


async def test_create_takes_the_bank_as_a_word_or_a_value_and_a_rematch_keeps_it(svc, clock):
    t = await svc.create("teamtest", "chan-1", "u1", "Ana", seats=2, bank="on")
    assert t.options["bank"] == [START, ADD]
    with pytest.raises(TableError) as refused:
        await svc.create("teamtest", "chan-1", "u1", "Ana", seats=2, bank="ages")
    assert refused.value.code == "bad_option"
    old = await banked_table(svc, table_options="bank=5m+30s")
    await svc.act(old.id, "u1", old.version, "win")
    await svc.rematch(old.id, "u1")
    r = await svc.rematch(old.id, "u2")
    assert r.table.options["bank"] == [300.0, 30.0] and [s.bank for s in r.table.seats] == [None, None]


async def test_only_the_seats_own_decisions_add_time(svc, clock):
    """A timer that others' moves stop (the seat's decision changed without it deciding; here its token made
    stale by hand) gives its addition back: the decision that follows runs on to the same deadline."""
    t = await banked_table(svc)
    due = t.deadlines[0].deadline
    clock.t += 100
    t.deadlines[0].token = f"0.{t.acts.get(0, 0)}.000000"  # as if another seat's move changed Ana's options
    svc._set_deadlines(t)
    assert t.seats[0].bank == START - 100 and t.deadlines[0].deadline == due
    clock.t += 50
    await svc.act(t.id, "u1", t.version, "poke")
    assert t.seats[0].bank == START + ADD - 150


def test_the_cli_option_takes_a_bank_at_any_game(capsys):
    """``metahost play GAME --option bank=5m+10s`` passes the CLI's option check (the table then gets the bank
    through ``TableService.create``'s option words); a bad one is refused with what is right."""
    from bot.cli import _table_options

    assert _table_options(get_game("metax"), ["bank=5m+10s"]) == {}
    assert _table_options(get_game("metax"), ["bank=never"]) is None
    assert "10m+20s" in capsys.readouterr().err
