"""Forced decisions, response windows and stops on Discord, on the stand-in game ``pingtest``
(tests/pings_game.py, registered for these tests
only): a publicly forced decision never reaches a DM (no notice, no button); a response window edits the DM in
place without a notice unless the player turned window pings on (``/notify windows:on``); a turn after a quiet
window is a notice and the window's old buttons go; the window's **Pass until my turn** button; ``/notify``
stores the stops; and the REST calls per action of a whole four-player game stay within the budget."""

from __future__ import annotations

import pings_game
import pytest

from bot.shell.render import STOP_LABEL
from games.core.rng import Rng

from .harness import CHANNEL_ID
from .test_bot import decision_buttons, latest_dm
from .test_turns import notices_to
from .world import World, stand_in_game

ANA, BEN, CY, DEE = 101, 102, 103, 104


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    with stand_in_game(monkeypatch, pings_game, "Ping test", "pingtest"):
        yield


async def start(w: World, users=(ANA, BEN)):
    reply = await w.fake.slash(users[0], CHANNEL_ID, "table", {"game": "pingtest", "seats": len(users)}, sub="new")
    tid = next(iter(w.service.tables))
    for user in users[1:]:
        await w.fake.click(user, reply.message, f"mh:l:{tid}:join")
    await w.fake.click(users[0], reply.message, f"mh:l:{tid}:start")
    await w.settle()
    return w.service.get(tid)


def button(w: World, msg, label: str) -> str:
    return next(c["custom_id"] for c in w.fake.components(msg) if c.get("label") == label)


async def press(w: World, user: int, label: str):
    msg = latest_dm(w, user)
    reply = await w.fake.click(user, msg, button(w, msg, label))
    await w.settle()
    return reply


def labels_sent(w: World) -> list[str]:
    """The label of every button any REST call or interaction reply put in a message."""
    out = []
    for c in w.fake.rest:
        for row in (c.json or {}).get("components") or []:
            out += [comp.get("label") for comp in row.get("components") or []]
    return out


def dm_posts(w: World, user: int, since: int) -> list:
    dm = w.fake.dm_channels.get(user)
    return [c for c in w.fake.rest[since:] if c.method == "POST" and c.channel_id == dm]


async def test_a_forced_decision_is_never_shown_and_a_window_edits_the_dm_quietly(world):
    """Ana's and Ben's forced draws never reach a DM (no "Draw a card" button, no notice for them); Ben's window
    after Ana's poke is an edit of his DM (no new DM: no notification), with a Pass until my turn button; his turn
    after Ana's "go" is a notice."""
    w = world
    t = await start(w)
    assert t.state.drawn == 1 and decision_buttons(w, latest_dm(w, ANA))
    since = len(w.fake.rest)
    await press(w, ANA, "Poke")
    assert notices_to(w, BEN, since) == [] and dm_posts(w, BEN, since) == []
    ben = latest_dm(w, BEN)
    # the stop sits in the last row, beside "Look up a card"
    assert STOP_LABEL in [c["label"] for c in w.fake.components(ben)][-2:] and "Respond?" in w.fake.text_of(ben)
    assert any(c.method == "PATCH" and c.channel_id == w.fake.dm_channels[BEN] for c in w.fake.rest[since:])
    await press(w, BEN, "Pass")
    since = len(w.fake.rest)
    await press(w, ANA, "Go")  # Ben's forced draw is taken at once: his turn is the notice
    assert len(notices_to(w, BEN, since)) == 1 and t.state.drawn == 2
    assert "Draw a card" not in labels_sent(w) and w.bot.front.notices >= 2


async def test_window_pings_on_make_a_window_a_notice(world):
    w = world
    r = await w.fake.slash(BEN, CHANNEL_ID, "notify", {"windows": "on"})
    assert r.ephemeral and "notify** you like a turn" in w.fake.text_of(r)
    assert await w.store.play_prefs_of(str(BEN)) == {"windows": True, "pass_windows": False, "stop_aimed": True}
    await start(w)
    since = len(w.fake.rest)
    await press(w, ANA, "Poke")
    assert len(notices_to(w, BEN, since)) == 1


async def test_a_turn_after_a_quiet_window_is_a_notice_and_the_window_loses_its_buttons(world, monkeypatch):
    """Ana rushes: Ben's window is shown quietly; it times out and Ben's turn begins at once (his forced draw
    taken): a new DM notifies him, and the DM that showed the window keeps no live buttons."""
    w = world
    t = await start(w)
    await press(w, ANA, "Rush")
    window_dm = latest_dm(w, BEN)
    assert "Respond?" in w.fake.text_of(window_dm)
    since = len(w.fake.rest)
    due = t.deadlines[1].deadline
    clock = type("C", (), {"now": staticmethod(lambda: due + 1)})()
    monkeypatch.setattr(w.service, "clock", clock)
    await w.service.tick()
    await w.settle()
    assert len(notices_to(w, BEN, since)) == 1 and "Your turn" in w.fake.text_of(latest_dm(w, BEN))
    assert not decision_buttons(w, w.fake.messages[window_dm.id])
    assert [m for m in w.fake.dm_messages(BEN) if decision_buttons(w, m)] == [latest_dm(w, BEN)]


async def test_pass_until_my_turn_button_passes_the_window_and_the_next_ones(world):
    w = world
    t = await start(w, (ANA, BEN, CY))
    await press(w, ANA, "Poke")
    reply = await press(w, BEN, STOP_LABEL)
    assert reply.type == 6 and not reply.followups and 1 in t.passing
    assert [(d.seat, d.kind) for d in t.game.decisions(t.state)] == [(2, "window")]
    await press(w, CY, "Pass")
    await press(w, ANA, "Attack")  # aimed at Ben: asked, he stops when attacked by default
    assert [(d.seat, d.kind) for d in t.game.decisions(t.state)] == [(1, "window")]
    await press(w, BEN, "Pass")
    await press(w, CY, "Pass")
    await press(w, ANA, "Poke")  # not aimed: passed for Ben at once
    assert [(d.seat, d.kind) for d in t.game.decisions(t.state)] == [(2, "window")]


async def test_notify_sets_the_stops(world):
    w = world
    r = await w.fake.slash(CY, CHANNEL_ID, "notify", {"pass_windows": "on", "stop_when_attacked": "off"})
    text = w.fake.text_of(r)
    assert r.ephemeral and "pass at once" in text and "windows aimed at you pass like the others" in text
    assert await w.store.play_prefs_of(str(CY)) == {"windows": False, "pass_windows": True, "stop_aimed": False}
    r = await w.fake.slash(CY, CHANNEL_ID, "notify", {})
    assert "pass at once" in w.fake.text_of(r) and "are **quiet**" in w.fake.text_of(r)


async def play_seeded(w: World, seed: int) -> tuple[list, int]:
    """A seeded four-player game by random clicks ("Win" only after 60 clicks): ``(REST calls, clicks)``."""
    users = (ANA, BEN, CY, DEE)
    t = await start(w, users)
    rng = Rng.from_seed(seed)
    before, clicks = len(w.fake.rest), 0
    pace = [0.0]
    w.bot.front.now = lambda: pace[0]  # 10 s of the front's clock a click, as the REST bench plays
    while t.status == "playing" and clicks < 300:
        pace[0] += 10
        open_now = [u for u in users if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        user = open_now[rng.below(len(open_now))]
        msg = latest_dm(w, user)
        comps = [c for c in decision_buttons(w, msg) if c.get("label") != "Win" or clicks > 60]
        await w.fake.click(user, msg, comps[rng.below(len(comps))]["custom_id"])
        await w.settle()
        clicks += 1
    assert t.status == "finished" and clicks > 40
    return w.fake.rest[before:], clicks


@pytest.mark.parametrize("pings", [False, True])
async def test_rest_calls_per_action_of_a_four_player_game_with_windows(world, pings):
    """A seeded four-player game by random clicks, where nearly every action opens the next response window:
    no DM ever offers the single forced option (S = 0) and no call fails. Every action costs its board edit and
    one DM write for the seat asked next (an edit for a quiet window: no new DM ever shows a window, every notice is
    a turn), so at most 2 calls per action and the game's end (its result and each DM showing it), and the forced
    draws cost none (Discord REST budget). With everyone's window pings on, windows come as notices
    instead."""
    w = world
    if pings:
        for user in (ANA, BEN, CY, DEE):
            await w.fake.slash(user, CHANNEL_ID, "notify", {"windows": "on"})
    calls, clicks = await play_seeded(w, 4)
    dms = set(w.fake.dm_channels.values())
    posts = [c for c in calls if c.method == "POST" and c.channel_id in dms]
    windows = [c for c in posts if "Respond?" in str(c.json)]
    assert "Draw a card" not in labels_sent(w)
    assert not [c for c in calls if getattr(c, "error", None) is not None]
    assert len(calls) <= 2 * clicks + 1 + 4, (len(calls), clicks)
    assert bool(windows) == pings and posts


@pytest.mark.parametrize(("game", "seats"), [("metax", 2), ("meta", 4), ("metazoo", 4), ("memesis", 4),
                                             ("metaolympia", 4)])
async def test_every_game_no_notice_for_a_forced_decision_and_quiet_windows(world, game, seats):
    """For the marks the games carry (``Decision.forced``, ``Decision.window``): 150 clicks of
    a seeded game of every game with four people (MetaX: two) through the Discord fakes. After every click no open
    decision is publicly forced (the host took it), and every new DM with decision buttons (a notice) shows a
    decision that is neither forced nor a window (nobody asked for window pings)."""
    from .test_bot import click_decision
    from .test_turns import open_seeded_table, seat_of

    w = world
    users = (ANA, BEN, CY, DEE)[:seats]
    tid = await open_seeded_table(w, game, users, 11)
    t = w.service.get(tid)
    rng = Rng.from_seed(11)
    notices = 0
    for _ in range(150):
        if t.status != "playing":
            break
        open_now = [u for u in users if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        user = open_now[rng.below(len(open_now))]
        since = len(w.fake.rest)
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        assert not [d for d in t.game.decisions(t.state) if d.forced and len(d.options) == 1]
        for u in users:
            if notices_to(w, u, since):
                notices += 1
                d = next(d for d in t.game.decisions(t.state) if d.seat == t.answers_for(seat_of(t, u)))
                assert not d.forced and not d.window, (u, d)
    # turns were notified (the check above has teeth); in Meta most decisions are quiet windows (a play or a
    # pass out of turn), so its 150 clicks hold fewer turns
    assert notices >= 4
