"""Team games and response windows through the table service: MEM-GAP-03 (teams chosen in
the lobby, allies seated apart: A1, B1, A2, B2) and MEM-GAP-28 (a response window has the table's shorter
response deadline and its timeouts never count towards conceding a seat). The game is the stand-in
tests/team_game.py, not Memesis."""

from __future__ import annotations

import pytest
import team_game

from bot.audit import audit
from bot.host import DEFAULT_RESPONSE, MAX_TIMEOUTS, Listener, TableError, TableService
from bot.store import Store, StoreError
from games.core import teams as tm


class Recorder(Listener):
    def __init__(self):
        self.events: list[str] = []

    async def game_changed(self, table, events, views):
        self.events += [e.text for e in events]


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    team_game.register(monkeypatch)


async def four(svc, fmt="2v2", **kw):
    """A teamtest lobby: u1 (host), u2, then two computers; returns the table (still in its lobby)."""
    t = await svc.create("teamtest", "chan-1", "u1", "Ana", seed=5, teams=fmt, **kw)
    await svc.join(t.id, "u2", "Ben")
    await svc.add_computer(t.id, "u1")
    await svc.add_computer(t.id, "u1")
    return t


def names(t):
    return [s.name for s in t.seats]


# -- the pure helpers (games/core/teams.py)


@pytest.mark.parametrize("teams, pattern", [
    ([0, 0, 1, 1], [0, 1, 0, 1]),  # 2v2: A1, B1, A2, B2
    ([1, 1, 0, 0], [0, 1, 0, 1]),
    ([0, 1, 1, 1], [0, 1, 1, 1]),  # 1v3: A, B, B, B (no seating keeps all three apart)
    ([0, 1, 2, 2], [0, 2, 1, 2]),  # 1v1v2: the pair sits apart (A, C, B, C)
    ([0, 1, 2, 3], [0, 1, 2, 3]),  # free-for-all: lobby order
    ([0, 1], [0, 1]),
])
def test_MEM_GAP_03_seating_puts_allies_apart(teams, pattern):
    order = tm.seating(tm.normalise(teams))
    assert sorted(order) == list(range(len(teams)))
    assert [tm.normalise(teams)[p] for p in order] == pattern
    assert tm.arranged(teams) == pattern


def test_MEM_GAP_03_seating_keeps_lobby_order_within_a_team():
    assert tm.seating([0, 0, 1, 1]) == [0, 2, 1, 3]  # A1 (lobby 0), B1 (lobby 2), A2 (lobby 1), B2 (lobby 3)


@pytest.mark.parametrize("fmt, seats, message", [
    ("2v2", 3, "2v2 seats 4 players, but the table has 3 seats"),
    ("5x", 4, "Unknown team format '5x'"),
    ("ffa", None, "needs the seat count"),
])
def test_team_formats_refuse_what_does_not_fit(fmt, seats, message):
    with pytest.raises(ValueError, match=message):
        tm.format_sizes(fmt, seats)


# -- lobby, start, options["teams"]


async def test_MEM_GAP_03_lobby_fills_a_2v2_and_the_start_seats_allies_apart(svc):
    t = await four(svc)
    assert t.options["teams"] == [0, 0, 1, 1] and t.options["team_format"] == "2v2"
    assert [t.team_of(s) for s in range(4)] == ["A", "A", "B", "B"]
    await svc.start(t.id, "u1")
    assert names(t) == ["Ana", "Computer 1", "Ben", "Computer 2"]
    assert [s.seat for s in t.seats] == [0, 1, 2, 3]
    assert t.options["teams"] == [0, 1, 0, 1]
    assert team_game.RECEIVED[-1]["teams"] == [0, 1, 0, 1]  # what new_game got
    assert t.state.teams == [0, 1, 0, 1]
    assert t.seat_of("u2").seat == 2 and t.team_of(2) == "A"


async def test_MEM_GAP_03_players_choose_teams_and_a_computer_seat_too(svc):
    t = await four(svc, fmt=None)
    assert t.options["teams"] == [0, 1, 2, 3]  # free: a team of its own each, until players choose
    await svc.choose_team(t.id, "u2", "a")
    seat = await svc.choose_team(t.id, "u2", "B", seat=3)  # any seated player picks a computer's team
    assert seat.name == "Computer 2"
    await svc.choose_team(t.id, "u1", "B", seat=2)
    assert t.options["teams"] == [0, 0, 1, 1]
    await svc.start(t.id, "u1")
    assert names(t) == ["Ana", "Computer 1", "Ben", "Computer 2"] and t.options["teams"] == [0, 1, 0, 1]


async def test_MEM_GAP_03_1v3_and_1v1v2_seating(svc):
    t = await four(svc, fmt="1v3")
    assert t.options["teams"] == [0, 1, 1, 1]
    await svc.start(t.id, "u1")
    assert names(t) == ["Ana", "Ben", "Computer 1", "Computer 2"] and t.options["teams"] == [0, 1, 1, 1]
    t = await four(svc, fmt="1v1v2")
    assert t.options["teams"] == [0, 1, 2, 2]
    await svc.start(t.id, "u1")
    assert names(t) == ["Ana", "Computer 1", "Ben", "Computer 2"] and t.options["teams"] == [0, 2, 1, 2]


async def test_teams_follow_seats_that_leave_and_computers_removed(svc):
    t = await four(svc, fmt=None)
    await svc.choose_team(t.id, "u2", "D")
    await svc.leave(t.id, "u2")
    assert names(t) == ["Ana", "Computer 1", "Computer 2"] and t.options["teams"] == [0, 2, 3]
    await svc.remove_computer(t.id, "u1")
    assert t.options["teams"] == [0, 2]
    await svc.join(t.id, "u3", "Cy")
    assert t.options["teams"] == [0, 2, 1]  # the lowest team nobody is in


@pytest.mark.parametrize("kwargs, code, text", [
    ({"teams": "2v2", "seats": 3}, "bad_option", "2v2 seats 4 players, but the table has 3 seats"),
    ({"teams": "3v3"}, "bad_seats", "played by 2–4 players, not 6"),
    ({"teams": "1-3"}, "bad_option", "Unknown team format"),
])
async def test_a_team_format_that_does_not_fit_is_refused_and_nothing_is_created(svc, store, kwargs, code, text):
    with pytest.raises(TableError, match=text) as err:
        await svc.create("teamtest", "chan-1", "u1", "Ana", **kwargs)
    assert err.value.code == code and not svc.tables and not await store.load_tables()


async def test_a_format_sets_the_seat_count(svc):
    t = await svc.create("teamtest", "chan-1", "u1", "Ana", teams="1v1")
    assert t.max_seats == 2


async def test_a_bad_team_letter_or_seat_is_refused_and_nothing_changes(svc, store):
    t = await four(svc)
    before = list(t.options["teams"])
    with pytest.raises(TableError, match="'E' is not a team: choose one of A, B[.]") as err:
        await svc.choose_team(t.id, "u2", "E")
    assert err.value.code == "bad_team"
    with pytest.raises(TableError, match="'C' is not a team: choose one of A, B[.]") as err:
        await svc.choose_team(t.id, "u2", "C")  # a 2v2 table has two teams, not four
    with pytest.raises(TableError, match="Seat 2 is not a computer seat") as err:
        await svc.choose_team(t.id, "u1", "B", seat=1)
    with pytest.raises(TableError, match="not seated") as err:
        await svc.choose_team(t.id, "u9", "B")
    assert t.options["teams"] == before
    assert (await store.load_tables(table_id=t.id))[0].options["teams"] == before


async def test_a_game_without_teams_has_no_team_commands(svc):
    with pytest.raises(TableError, match="MetaX has no teams: leave the teams option out") as err:
        await svc.create("metax", "chan-1", "u1", "Ana", teams="1v1")
    assert err.value.code == "bad_option"
    t = await svc.create("metax", "chan-1", "u1", "Ana")
    assert "teams" not in t.options and t.team_of(0) is None
    with pytest.raises(TableError, match="MetaX has no teams") as err:
        await svc.choose_team(t.id, "u1", "A")
    assert err.value.code == "no_teams"


@pytest.mark.parametrize("fmt, choose, text", [
    (None, [("u2", "A", None), ("u1", "A", 2), ("u1", "A", 3)], "at least two teams, and everyone is in team A"),
    ("2v2", [("u1", "A", 2)], "this table plays 2v2, but the teams are A: 3, B: 1"),
])
async def test_MEM_GAP_03_bad_teams_refuse_the_start_and_change_nothing(svc, store, fmt, choose, text):
    t = await four(svc, fmt=fmt)
    for user, team, seat in choose:
        await svc.choose_team(t.id, user, team, seat=seat)
    seats, teams = names(t), list(t.options["teams"])
    with pytest.raises(TableError, match=text) as err:
        await svc.start(t.id, "u1")
    assert err.value.code == "bad_teams" and "/table team" in err.value.message
    assert t.status == "lobby" and names(t) == seats and t.options["teams"] == teams
    assert not team_game.RECEIVED
    assert (await store.load_tables(table_id=t.id))[0].status == "lobby"


@pytest.mark.backends
async def test_teams_survive_a_restart_in_the_lobby_and_in_play(store, clock, db_url):
    svc = TableService(store, clock=clock, computer_delay=0)
    lobby = await four(svc, fmt=None)
    await svc.choose_team(lobby.id, "u2", "C")
    played = await four(svc)
    await svc.start(played.id, "u1")
    await store.close()
    store2 = await Store.open(db_url)
    try:
        svc2 = TableService(store2, clock=clock, computer_delay=0)
        await svc2.load()
        assert svc2.get(lobby.id).options["teams"] == [0, 2, 2, 3]
        again = svc2.get(played.id)
        assert names(again) == ["Ana", "Computer 1", "Ben", "Computer 2"]
        assert again.options["teams"] == [0, 1, 0, 1] and again.state.teams == [0, 1, 0, 1]
        await svc2.start(lobby.id, "u1")
        assert svc2.get(lobby.id).options["teams"] == [0, 1, 2, 1]  # A, C, C, D renumbered A, B, B, C
    finally:
        await store2.close()


async def test_a_refused_team_change_store_write_leaves_the_teams_as_they_were(svc, store, monkeypatch):
    t = await four(svc)

    async def refuse(*a, **k):
        raise StoreError("disk full", store.path)

    monkeypatch.setattr(store, "save_table", refuse)
    with pytest.raises(StoreError):
        await svc.choose_team(t.id, "u2", "B")
    assert t.options["teams"] == [0, 0, 1, 1]


async def test_a_rematch_keeps_the_teams(svc):
    t = await four(svc)
    await svc.start(t.id, "u1")
    await svc.act(t.id, "u1", t.version, "win")  # Ana wins for team A
    res = t.game.result(t.state)
    assert res.winners == (0, 2) and t.status == "finished"
    await svc.rematch(t.id, "u1")
    r = await svc.rematch(t.id, "u2")
    assert r.started and names(r.table) == names(t) and r.table.options["teams"] == [0, 1, 0, 1]
    assert r.table.options["team_format"] == "2v2"


# -- response windows (MEM-GAP-28)


async def two(svc, **kw):
    t = await svc.create("teamtest", "chan-1", "u1", "Ana", seed=1, seats=2, **kw)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    return t


async def test_MEM_GAP_28_a_window_gets_the_response_deadline_a_turn_the_turn_deadline(svc, clock):
    t = await two(svc, timeout=300, response=40)
    assert t.deadlines[0].deadline == pytest.approx(clock.t + 300)
    clock.t += 10
    await svc.act(t.id, "u1", t.version, "poke")
    d = t.game.decisions(t.state)[0]
    assert d.window and d.seat == 1
    assert t.deadlines[1].deadline == pytest.approx(clock.t + 40)
    assert t.deadlines[1].remind_at == t.deadlines[1].deadline  # a quiet window is never reminded
    await svc.act(t.id, "u2", t.version, "pass")
    assert t.deadlines[1].deadline == pytest.approx(clock.t + 300)  # Ben's own turn


async def test_MEM_GAP_28_the_response_deadline_defaults_and_never_exceeds_the_timeout(svc, clock):
    t = await two(svc)
    await svc.act(t.id, "u1", t.version, "poke")
    assert t.deadlines[1].deadline == pytest.approx(clock.t + DEFAULT_RESPONSE)
    short = await two(svc, timeout=30, response=60)
    await svc.act(short.id, "u1", short.version, "poke")
    assert short.deadlines[1].deadline == pytest.approx(clock.t + 30)
    with pytest.raises(TableError, match="between 10 seconds and 24 hours"):
        await svc.create("teamtest", "chan-1", "u1", "Ana", response=5)


async def test_MEM_GAP_28_timed_out_windows_never_concede_a_seat(svc, clock):
    """Ben lets many more than MAX_TIMEOUTS windows time out in a row: each applies the default (pass),
    his count of timeouts stays 0 and he is never conceded; turn timeouts still count."""
    t = await two(svc, timeout=300, response=45)
    for _ in range(MAX_TIMEOUTS + 2):
        await svc.act(t.id, "u1", t.version, "poke")  # Ana acts: Ben's window opens
        clock.t += 46
        await svc.tick()
        assert t.status == "playing" and t.seats[1].timeouts == 0
        # Ben's turn now; he answers it, Ana's turn again
        await svc.act(t.id, "u2", t.version, "poke")
        await svc.act(t.id, "u1", t.version, "pass")
    assert sum("did not respond in time" in e for e in svc.rec.events) == MAX_TIMEOUTS + 2
    assert "Ben passes" in svc.rec.events
    # a turn that times out still counts
    await svc.act(t.id, "u1", t.version, "poke")
    await svc.act(t.id, "u2", t.version, "pass")
    clock.t += 301
    await svc.tick()
    assert t.seats[1].timeouts == 1


async def test_a_team_game_replays_from_its_stored_seats_and_options(svc, store, clock):
    """The audit rebuilds the game from the stored (arranged) seats and options["teams"] and the log."""
    t = await four(svc)
    await svc.start(t.id, "u1")
    await svc.act(t.id, "u1", t.version, "poke")
    await svc.settle()  # the computers answer at once
    clock.t += 301
    await svc.tick()  # whatever a person has open now times out (a window or a turn)
    await svc.settle()
    assert t.seq >= 3
    findings = await audit(store)
    assert findings and all(f.ok for f in findings), [f.message for f in findings]
