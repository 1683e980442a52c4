"""The choices the host takes at once (:mod:`bot.host.auto`) through the table service, on the stand-in game
``pingtest`` (tests/pings_game.py): publicly forced decisions are taken at once (never told, timed nor
reminded), consecutive response windows share one round timer, windows never concede a seat, and the stops a
player sets ("Pass until my turn", the standing ``pass_windows`` and ``stop_aimed`` settings) pass their
windows at once."""

from __future__ import annotations

import asyncio
import io
import sys

import pytest
from host_stops import kill_after_acks, stored
from store_places import rows

from bot.audit import audit
from bot.host import DEFAULT_RESPONSE, MAX_TIMEOUTS, Listener, PlayPrefs, TableError, TableService
from bot.local import selfplay
from tests import pings_game


class Recorder(Listener):
    """Every event told, and every open decision any told view showed (``(seat, kind, forced)``)."""

    def __init__(self):
        self.events: list[str] = []
        self.shown: list[tuple[int, str, bool]] = []
        self.reminded: list[tuple[int, str]] = []
        self.changes = 0

    async def game_changed(self, table, events, views):
        self.changes += 1
        self.events += [e.text for e in events]
        self.shown += [(d.seat, d.kind, d.forced) for v in views.values() for d in v.decisions]

    async def reminder(self, table, seat, decision, deadline):
        self.reminded.append((seat, decision.kind))


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    pings_game.register(monkeypatch)


async def table(svc, n=2, computers=0, **kw):
    """A started pingtest table: u1 (Ana) hosts, u2.. (Ben, Cara, Dan) join, then ``computers`` computer seats."""
    t = await svc.create("pingtest", "chan-1", "u1", "Ana", seed=3, seats=n + computers, **kw)
    for k, name in enumerate(["Ben", "Cara", "Dan"][:n - 1]):
        await svc.join(t.id, f"u{k + 2}", name)
    for _ in range(computers):
        await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    return t


def deciding(t):
    return [(d.seat, d.kind) for d in t.game.decisions(t.state)]


# -- §1: publicly forced decisions


async def test_a_forced_decision_is_taken_at_once_and_never_told_timed_or_reminded(svc, clock):
    """The game opens with Ana's forced draw: taken at the start; after Ana's "go", Ben's forced draw is taken in
    the same commit: one change told, no view ever shows a forced decision, no timer or reminder runs for one."""
    t = await table(svc)
    assert deciding(t) == [(0, "turn")] and "Ana draws a card." in svc.rec.events
    assert t.game.version(t.state) == 1 and t.seq == 1  # the forced draw is an ordinary logged choice
    changes = svc.rec.changes
    await svc.act(t.id, "u1", t.version, "go")
    assert svc.rec.changes == changes + 1
    assert svc.rec.events[-2:] == ["Ana ends the turn.", "Ben draws a card."]
    assert deciding(t) == [(1, "turn")] and t.seq == 3
    assert not any(forced for *_, forced in svc.rec.shown) and svc.rec.shown
    assert set(t.deadlines) == {1} and t.deadlines[1].deadline == pytest.approx(clock.t + t.timeout)
    clock.t += t.timeout / 2 + 1
    await svc.tick()
    assert svc.rec.reminded == [(1, "turn")]  # the turn is reminded, never a draw


async def test_a_forced_decision_the_game_does_not_log_gets_a_short_host_line(svc):
    t = await table(svc, table_options="silent=on")
    assert svc.rec.events == ["Ana: Draw a card (the only option)."]
    await svc.act(t.id, "u1", t.version, "go")
    assert svc.rec.events[-1] == "Ben: Draw a card (the only option)."


async def test_a_computers_forced_decision_is_taken_at_once_too(svc):
    """The computer's forced draw is taken in the commit of Ana's "go", before the computer's own move."""
    t = await table(svc, n=1, computers=1)
    svc.computer_delay = 60  # the computer's own move waits: only the host's automatic choice is in this commit
    changes = svc.rec.changes
    await svc.act(t.id, "u1", t.version, "go")
    assert svc.rec.changes == changes + 1 and t.state.drawn == 2 and deciding(t) == [(1, "turn")]
    assert svc.rec.events[-1].endswith("draws a card.")
    svc._tasks.pop(t.id).cancel()


async def test_forced_choices_replay_exactly_after_a_restart(svc, store, clock):
    """The forced draws are logged rows: a new host on the same store loads the same state (the snapshot and the
    rows after it), the log holds every draw, and the audit replays the game from its start to the same state."""
    t = await table(svc, n=3)
    for user in ("u1", "u2"):
        await svc.act(t.id, user, t.version, "poke")
        for _ in range(2):
            d = t.game.decisions(t.state)[0]
            await svc.act(t.id, f"u{d.seat + 1}", t.version, "pass")
        await svc.act(t.id, user, t.version, "go")
    actions = await store.actions(t.id)
    assert [a[-1] for a in actions].count("draw") == 3
    again = await TableService.open(store, clock=clock, computer_delay=0)
    t2 = again.get(t.id)
    assert t2.game.to_json(t2.state) == t.game.to_json(t.state) and t2.seq == t.seq == len(actions)
    findings = await audit(store)
    assert findings and all(f.ok for f in findings), [f.message for f in findings]


async def test_a_refused_store_takes_back_the_choice_and_its_forced_choices(svc, store, monkeypatch):
    """The choice and the forced choices after it are one transaction: refused, neither is applied."""
    t = await table(svc)
    before = t.game.to_json(t.state)

    async def refuse(*a, **k):
        from bot.store import StoreError
        raise StoreError("cannot write: disk full", store.path)

    monkeypatch.setattr(store, "record", refuse)
    from bot.store import StoreError
    with pytest.raises(StoreError):
        await svc.act(t.id, "u1", t.version, "go")
    assert t.game.to_json(t.state) == before and deciding(t) == [(0, "turn")]


# -- §2: rounds of response windows


async def test_a_round_of_passes_costs_one_window_timer_not_one_per_player(svc, clock):
    """Ana pokes: Ben, Cara and Dan are asked one after another. Ben passes after 10 s; Cara's window keeps the
    round's deadline (30 s after Ben's window opened), and when it runs out Cara's and Dan's windows both pass
    at once: the round cost one timer. The timeouts never count towards conceding."""
    t = await table(svc, n=4)
    assert t.response == DEFAULT_RESPONSE == 30
    start = clock.t
    await svc.act(t.id, "u1", t.version, "poke")
    assert deciding(t) == [(1, "window")] and t.deadlines[1].deadline == pytest.approx(start + 30)
    clock.t += 10
    await svc.act(t.id, "u2", t.version, "pass")
    assert deciding(t) == [(2, "window")] and t.deadlines[2].deadline == pytest.approx(start + 30)
    clock.t = start + 31
    await svc.tick()
    assert deciding(t) == [(0, "turn")]
    assert svc.rec.events[-3:] == ["Cara did not respond in time: the default was applied.", "Cara passes.",
                                   "Dan passes."]
    assert [t.seats[s].timeouts for s in range(4)] == [0, 0, 0, 0]
    assert t.round is None  # Ana's turn ended the round


async def test_a_round_ends_by_its_timer_not_by_a_late_answer(svc, clock):
    """A window answered after the round's deadline but before the timer fired (terminal play never fires it)
    passes only itself: the next window of the round is still asked, and times out when tick() runs."""
    t = await table(svc, n=3)
    await svc.act(t.id, "u1", t.version, "poke")
    clock.t += 31
    await svc.act(t.id, "u2", t.version, "pass")
    assert deciding(t) == [(2, "window")]
    await svc.tick()
    assert deciding(t) == [(0, "turn")]


async def test_a_response_that_is_not_a_pass_starts_a_new_round(svc, clock):
    t = await table(svc, n=3)
    start = clock.t
    await svc.act(t.id, "u1", t.version, "poke")
    clock.t += 20
    await svc.act(t.id, "u2", t.version, "react")  # Ben responds: Cara and Ana get a new round
    assert deciding(t) == [(2, "window")] and t.deadlines[2].deadline == pytest.approx(start + 20 + 30)
    clock.t += 5
    await svc.act(t.id, "u3", t.version, "pass")
    assert deciding(t) == [(0, "window")] and t.deadlines[0].deadline == pytest.approx(start + 50)


async def test_windows_are_never_reminded_and_never_concede_a_seat(svc, clock):
    """Many rounds time out in a row: each passes, nobody's timeout count moves, no reminder is sent; a turn that
    times out still counts."""
    t = await table(svc, n=2, timeout=300, response=40)
    for _ in range(MAX_TIMEOUTS + 2):
        await svc.act(t.id, "u1", t.version, "poke")
        clock.t += 41
        await svc.tick()
        assert t.status == "playing" and t.seats[1].timeouts == 0 and deciding(t) == [(0, "turn")]
    assert svc.rec.reminded == []
    await svc.act(t.id, "u1", t.version, "go")
    clock.t += 301
    await svc.tick()
    assert t.seats[1].timeouts == 1


async def test_the_round_survives_a_restart(svc, store, clock):
    t = await table(svc, n=3)
    start = clock.t
    await svc.act(t.id, "u1", t.version, "poke")
    clock.t += 10
    await svc.act(t.id, "u2", t.version, "pass")
    again = await TableService.open(store, clock=clock, computer_delay=0)
    t2 = again.get(t.id)
    assert t2.round == pytest.approx(start + 30) and t2.deadlines[2].deadline == pytest.approx(start + 30)
    clock.t = start + 31
    await again.tick()
    assert deciding(t2) == [(0, "turn")]


# -- §3: stops


async def test_pass_until_my_turn_passes_this_window_and_the_next_until_the_seats_turn(svc):
    t = await table(svc, n=3)
    await svc.act(t.id, "u1", t.version, "poke")
    assert deciding(t) == [(1, "window")]
    with pytest.raises(TableError) as err:
        await svc.pass_until_turn(t.id, "u3")  # Cara has no window open
    assert err.value.code == "not_window"
    await svc.pass_until_turn(t.id, "u2")
    assert deciding(t) == [(2, "window")] and 1 in t.passing
    await svc.act(t.id, "u3", t.version, "react")  # Cara responds: Ana's window, then Ben's, passed at once
    assert deciding(t) == [(0, "window")]
    await svc.act(t.id, "u1", t.version, "pass")
    assert deciding(t) == [(0, "turn")] and svc.rec.events[-1] == "Ben passes."
    await svc.act(t.id, "u1", t.version, "go")  # Ben's turn: the stop ends
    assert deciding(t) == [(1, "turn")] and 1 not in t.passing
    await svc.act(t.id, "u2", t.version, "poke")
    await svc.act(t.id, "u3", t.version, "pass")
    await svc.act(t.id, "u1", t.version, "pass")
    await svc.act(t.id, "u2", t.version, "go")
    await svc.act(t.id, "u3", t.version, "poke")
    await svc.act(t.id, "u1", t.version, "pass")
    assert deciding(t) == [(1, "window")]  # asked again


async def test_pass_until_my_turn_refuses_an_outdated_token(svc):
    t = await table(svc, n=2)
    await svc.act(t.id, "u1", t.version, "poke")
    with pytest.raises(TableError) as err:
        await svc.pass_until_turn(t.id, "u2", "1.0.abcdef")
    assert err.value.code == "decided" and deciding(t) == [(1, "window")]


async def test_the_standing_stops_pass_windows_but_stop_when_attacked(svc, store):
    """Ben turns ``pass_windows`` on: his windows pass at once every turn, except a window aimed at him (an
    attack on him), since ``stop_aimed`` is on by default; with it off, that one passes too. Stored per user."""
    t = await table(svc, n=3)
    prefs = await svc.set_play_prefs("u2", pass_windows=True)
    assert prefs == PlayPrefs(windows=False, pass_windows=True, stop_aimed=True)
    assert await store.play_prefs_of("u2") == {"windows": False, "pass_windows": True, "stop_aimed": True}
    await svc.act(t.id, "u1", t.version, "poke")
    assert deciding(t) == [(2, "window")] and "Ben passes." in svc.rec.events
    await svc.act(t.id, "u3", t.version, "pass")
    await svc.act(t.id, "u1", t.version, "attack")  # aimed at Ben
    assert deciding(t) == [(1, "window")]
    await svc.set_play_prefs("u2", stop_aimed=False)
    await svc.tick()  # a window open when the stops change passes at the next tick
    assert deciding(t) == [(2, "window")]
    again = await TableService.open(store, computer_delay=0)
    assert await again.play_prefs("u2") == PlayPrefs(windows=False, pass_windows=True, stop_aimed=False)
    assert await again.play_prefs("u9") == PlayPrefs()


async def test_a_stop_passes_whatever_the_window_offers(svc):
    """A stop looks at nothing but the window flag: a window with other options passes the same way (its
    default), so passing by a stop reveals only the stop."""
    t = await table(svc, n=2)
    await svc.set_play_prefs("u2", pass_windows=True)
    await svc.act(t.id, "u1", t.version, "poke")
    await svc.act(t.id, "u1", t.version, "attack")  # aimed at Ben, who stops when attacked
    assert deciding(t) == [(1, "window")]
    await svc.pass_until_turn(t.id, "u2")  # he chose to pass this one himself
    assert deciding(t) == [(0, "turn")]


# -- crash safety with forced choices (test_crash's kill -9 test on the stand-in game)

SELFPLAY = ("import asyncio, sys; import games; games.GAME_MODULES['pingtest'] = 'tests.pings_game'; "
            "sys.path[:0] = ['tests', 'tests/host']; from bot.local import selfplay; from host_stops import FreezeAfter; "
            "asyncio.run(selfplay('pingtest', sys.argv[1], int(sys.argv[2]), out=FreezeAfter(int(sys.argv[3]))))")


@pytest.mark.parametrize(("seed", "kill_after"), [(2, 3), (5, 6)])
def test_sigkill_with_forced_choices_then_resume_equals_an_uninterrupted_run(new_db, seed, kill_after):
    """Computers play the stand-in game (a forced draw opens every turn) in a subprocess killed with SIGKILL after
    ``kill_after`` acknowledged commits; a new host resumes it: the log and final state equal an uninterrupted
    run's, and every forced draw is a logged choice."""
    db = new_db("crash")
    table_id, acked = kill_after_acks([sys.executable, "-c", SELFPLAY, db, str(seed), str(kill_after)],
                                      kill_after)
    log_at_kill, _, status_at_kill = stored(db)
    assert table_id is not None and len(log_at_kill) >= acked >= kill_after
    assert status_at_kill == "playing", "the kill must land mid-game"
    asyncio.run(selfplay("pingtest", db, seed, out=io.StringIO(), table_id=table_id))
    log, state, status = stored(db)
    clean = new_db("clean")
    asyncio.run(selfplay("pingtest", clean, seed, out=io.StringIO()))
    clean_log, clean_state, clean_status = stored(clean)
    assert status == clean_status == "finished" and log[:len(log_at_kill)] == log_at_kill
    assert log == clean_log and state == clean_state
    turns = sum(1 for _s, c in log if c in ("go", "rush"))
    assert [c for _s, c in log].count("draw") == turns + 1


# -- terminal play


def test_terminal_play_takes_forced_draws_and_u_passes_windows_until_your_turn(new_db):
    """Terminal play (bot/local.py) goes through the same host: the forced draw is never offered, a window shows
    the ``u`` hint, and ``u`` passes it (a logged "pass")."""
    from bot.local import play
    from tests.test_terminal import Script

    out = io.StringIO()
    db = new_db()
    code = asyncio.run(play("pingtest", db, 1, "Tess", out=out, inp=Script("1\nu\n" * 12), seats=2))
    text = out.getvalue()
    assert code == 0 and "Draw a card" not in text and "Tess draws a card." in text
    assert "(u: pass response windows until your turn)" in text and "Passing response windows until your turn." in text
    log = rows(db, "SELECT seat, choice FROM actions ORDER BY seq")
    assert (0, "pass") in log and (0, "draw") in log
