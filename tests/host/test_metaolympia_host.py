"""Meta Olympia through the table service, without Discord (docs/hosting.md): the table options reach
``new_game`` and the board (MO-BRK-04, MO-OPT-01/05), the teams' names and colours reach the game and the board
(MO-SET-09/10), a restart resumes a match where it stood, a team conceding mid-Tournament leaves the others
playing (MO-STR-01), stale answers are refused and change nothing, a timed-out decision gets the documented
default (MO-GAP-24) and the audit replays a finished game to the same state.

The people's choices come from a seeded random policy over their own decision's options; computers play the
other seats. Every game here is about a hundred decisions of the people: the seeds matter only where a test
says so."""

from __future__ import annotations

import pytest

from bot.audit import audit
from bot.host import MAX_TIMEOUTS, Listener, TableError, TableService, option_key, token_for
from bot.store import Store
from games.core.rng import Rng


class Recorder(Listener):
    def __init__(self):
        self.events: list[str] = []

    async def game_changed(self, table, events, views):
        self.events += [e.text for e in events if e.audience is None]


async def table(svc, seed: int = 7, people: int = 2, computers: int = 0, options: str | None = None, **kw):
    """A started Meta Olympia table: users ``u1``.. (Ana, Ben, Cy) then ``computers`` computers."""
    names = ["Ana", "Ben", "Cy", "Dee"]
    t = await svc.create("metaolympia", "chan-1", "u1", names[0], seed=seed, table_options=options,
                         seats=people + computers, **kw)
    for i in range(1, people):
        await svc.join(t.id, f"u{i + 1}", names[i])
    for _ in range(computers):
        await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    await svc.settle()
    return t


def people(t) -> dict[int, str]:
    """seat -> user id of the human seats."""
    return {s.seat: s.user_id for s in t.seats if not s.computer}


async def drive(svc, t, rng: Rng, until=lambda t: False, limit: int = 3000) -> int:
    """Answer the people's decisions with random options until the game ends or ``until(t)``; the computers
    answer theirs. Returns the decisions made."""
    made = 0
    humans = people(t)
    while t.status == "playing" and not until(t) and made < limit:
        d = next(d for d in t.game.decisions(t.state))
        assert d.seat in humans, f"a computer seat {d.seat} has a decision left open: {d.kind}"
        await svc.act(t.id, humans[d.seat], t.version, d.options[rng.below(len(d.options))].id)
        await svc.settle()
        made += 1
    return made


async def test_MO_BRK_04_options_are_stored_passed_to_the_game_and_shown_on_the_board(svc):
    """MO-BRK-04, MO-FIN-01, MO-OPT-01: ``bestof=5 final=7 gambling=on`` is stored without the defaults, reaches
    ``new_game`` (the state's options) and the public board; the defaults are not stored."""
    t = await table(svc, options="bestof=5 final=7 gambling=on")
    assert t.game_options == {"bestof": 5, "final": 7, "gambling": True}
    opts = t.state.options
    assert (opts["bestof"], opts["final"], opts["gambling"], opts["trades"]) == (5, 7, True, False)
    assert t.game.view(t.state, None).board["options"] == {"bestof": 5, "final": 7, "gambling": True}
    plain = await table(svc)
    assert plain.game_options == {} and plain.game.view(plain.state, None).board["options"] == {}


async def test_MO_OPT_05_the_mega_league_seats_up_to_eight_teams(svc):
    """MO-CMP-06, MO-OPT-05: without ``mega`` a fifth seat is refused; with it eight teams start, each with its
    own name and colour."""
    with pytest.raises(TableError, match="mega"):
        await svc.create("metaolympia", "chan-1", "u1", "Ana", seats=5)
    t = await table(svc, people=1, computers=7, options="mega=on")
    board = t.game.view(t.state, None).board
    assert len(board["players"]) == 8 and len(board["tracks"][0]) == 6
    assert len({p["team"] for p in board["players"]}) == 8 and len({p["colour"] for p in board["players"]}) == 8


async def test_MO_SET_09_10_team_names_and_colours_reach_the_game_and_the_board(svc):
    """MO-SET-09/10: names and colours chosen in the lobby (on ``create`` and ``join``, or changed after) are
    the teams' in the game, on the public board and in the intro; a computer's are generated and distinct."""
    t = await svc.create("metaolympia", "chan-1", "u1", "Ana", seed=3, seats=3, team_name="Red Planet",
                         colour="gold")
    await svc.join(t.id, "u2", "Ben", team_name="Dust Bunnies")
    await svc.choose_team_name(t.id, "u2", colour="teal")
    await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    teams = [(p["team"], p["colour"]) for p in t.game.view(t.state, None).board["players"]]
    assert teams[:2] == [("Red Planet", "gold"), ("Dust Bunnies", "teal")]
    assert teams[2][0] not in ("Red Planet", "Dust Bunnies") and teams[2][1] not in ("gold", "teal")
    assert [p.team for p in t.state.players] == [name for name, _ in teams]
    assert any("Red Planet (gold, Ana)" in e and "Dust Bunnies (teal, Ben)" in e for e in svc.rec.events)


@pytest.mark.backends
async def test_a_restart_mid_match_resumes_from_the_store(store, clock, db_url):
    """A new service on the stored table has the game exactly where it stood, in the middle of a match, and
    the game goes on from there to its end on prestige."""
    svc = TableService(store, clock=clock, computer_delay=0)
    t = await table(svc, seed=11, computers=1)
    await drive(svc, t, Rng.from_seed(1), until=lambda t: t.state.contest is not None
                and t.state.contest["kind"] == "match" and t.state.contest["moment"] >= 1)
    assert t.status == "playing" and t.state.phase == "tournament"
    saved, version, decisions = t.game.to_json(t.state), t.version, t.game.decisions(t.state)
    await svc.settle()
    await store.close()
    store2 = await Store.open(db_url)
    try:
        svc2 = TableService(store2, clock=clock, computer_delay=0)
        await svc2.load()
        again = svc2.get(t.id)
        assert again.status == "playing" and again.version == version
        assert again.game.to_json(again.state) == saved and again.game.decisions(again.state) == decisions
        await drive(svc2, again, Rng.from_seed(2))
        assert again.status == "finished" and again.game.result(again.state).reason == "prestige"
        await svc2.settle()
    finally:
        await store2.close()


async def test_MO_STR_01_a_team_conceding_mid_tournament_leaves_the_others_playing(svc, store):
    """MO-STR-01: Ben concedes in the middle of his Tournament match (it is abandoned); the three other teams play on to the end on
    prestige, Ben's team is out and among the losers, and the audit replays the game with the concession."""
    t = await table(svc, seed=5, people=2, computers=2)
    await drive(svc, t, Rng.from_seed(3), until=lambda t: t.state.contest is not None
                and t.state.contest["kind"] == "match" and 1 in t.state.contest["seats"])
    assert t.state.phase == "tournament" and 1 in t.state.contest["seats"]
    await svc.concede(t.id, "u2")
    await svc.settle()
    assert t.status == "playing" and t.state.players[1].out and t.game.out_seats(t.state) == {1}
    assert "The contest is abandoned." in svc.rec.events
    assert all(d.seat != 1 for d in t.game.decisions(t.state))
    await drive(svc, t, Rng.from_seed(4))
    result = t.game.result(t.state)
    assert t.status == "finished" and result.reason == "prestige" and 1 in result.losers and 1 not in result.winners
    findings = await audit(store)
    assert findings and all(f.ok for f in findings), [f.message for f in findings]


async def test_stale_answers_are_refused_and_change_nothing(svc):
    """An answer made against an older version, a second press of a decided option and an option no longer
    offered are refused with their codes; the game is unchanged."""
    t = await table(svc, seed=7)
    d = t.game.decisions(t.state)[0]
    user = people(t)[d.seat]
    token, version = token_for(t, d), t.version
    await svc.act_option(t.id, user, token, option_key(d.options[0].id))
    await svc.settle()
    assert t.status == "playing" and t.version > version
    saved, now = t.game.to_json(t.state), t.version
    with pytest.raises(TableError) as err:
        await svc.act(t.id, user, version, d.options[0].id)
    assert err.value.code in ("stale", "duplicate")
    with pytest.raises(TableError) as err:
        await svc.act_option(t.id, user, token, option_key(d.options[0].id))
    assert err.value.code == "duplicate" and "Already decided" in err.value.message
    if len(d.options) > 1:
        with pytest.raises(TableError) as err:
            await svc.act_option(t.id, user, token, option_key(d.options[1].id))
        assert err.value.code == "decided"
    nxt = t.game.decisions(t.state)[0]
    with pytest.raises(TableError) as err:
        await svc.act_option(t.id, people(t)[nxt.seat], token_for(t, nxt), "no-such-option")
    assert err.value.code == "gone"
    assert t.game.to_json(t.state) == saved and t.version == now


DEFAULTS = {"fundraise": "credits", "recruit": "decline", "tactic": "pass", "dice": "pop:0",
            "recover_dice": "extra:0", "react": "accept", "bet": "none", "wager": "none", "wager_ok": "decline",
            "merger": "none", "merger_accept": "decline", "merger_approve": "reject", "trade_reply": "decline",
            "trade_final": "decline"}
"""MO-GAP-24: the default of each decision kind that names one; every other kind takes its first listed
option (the nearest tile, the first free spot, the first listed athlete, card or die)."""


async def test_MO_GAP_24_timeouts_apply_the_documented_defaults(svc, clock, store):
    """MO-GAP-24: Ana lets her decisions time out (answering one herself after two in a row, so that she is
    never conceded for absence); each timed-out decision applies its documented default; the game ends. Seeded
    games are played until the timeouts have met every kind of decision with a documented default (the
    host takes publicly forced decisions itself, so one game no longer meets them all)."""
    kinds = {"move", "spot", "athlete", "dice", "recover_dice", "keep", "tactic", "fundraise", "recruit", "bet"}
    timed_out: dict[str, int] = {}
    for seed in (19, 3, 8, 11, 14, 23):
        t = await table(svc, seed=seed, people=1, computers=1, options="gambling=on", timeout=60)
        rng = Rng.from_seed(6)
        while t.status == "playing":
            d = t.game.decisions(t.state)[0]
            assert d.seat == 0 and not d.forced  # the host took every forced decision at once
            if t.seats[0].timeouts >= MAX_TIMEOUTS - 1:
                await svc.act(t.id, "u1", t.version, d.options[rng.below(len(d.options))].id)
            else:
                seq = t.seq
                clock.t += 61
                await svc.tick()
                assert t.seq > seq, "the timeout applied nothing"
                # the choice logged at the timeout (the host may take forced decisions right after it)
                logged = (await store.actions(t.id))[seq]
                expected = DEFAULTS.get(d.kind, d.options[0].id)
                assert logged[1:3] == (0, expected), (d.kind, logged, expected)
                timed_out[d.kind] = timed_out.get(d.kind, 0) + 1
            await svc.settle()
        assert t.game.result(t.state).reason == "prestige"
        if kinds <= set(timed_out):
            break
    assert kinds <= set(timed_out), str(sorted(timed_out.items()))
    assert any("ran out of time: the default was applied" in e for e in svc.rec.events)


async def test_the_audit_replays_a_finished_four_team_game_identically(svc, store):
    """A whole four-team game (two people, two computers, trades and wagers on) replays from its stored seed,
    seats, options and choices to exactly the stored final state."""
    t = await table(svc, seed=5, people=2, computers=2, options="trades=on wagers=on")
    await drive(svc, t, Rng.from_seed(8))
    assert t.status == "finished"
    findings = await audit(store)
    assert [f.ok for f in findings] == [True], [f.message for f in findings]
