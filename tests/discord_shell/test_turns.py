"""Turns on Discord (§4 and "Done when"): each new decision of a seat reaches its player
as exactly one notifying message (a new DM, or a thread mention when DMs are closed; ``/notify off``
silences it), clicks on still-offered options are never refused as stale while others play, every DM
shows the decision's context, and deadlines read as Discord timestamps, never as game versions."""

from __future__ import annotations

import pytest

from bot.host import option_key
from games.core.rng import Rng

from .harness import CHANNEL_ID
from .test_bot import click_decision, decision_buttons, latest_dm, refusal
from .world import World, open_seeded_table


def seat_of(t, user: int) -> int:
    return t.seat_of(str(user)).seat


def deciding(t, user: int) -> bool:
    return t.status == "playing" and any(d.seat == seat_of(t, user) for d in t.game.decisions(t.state))


def notices_to(w: World, user: int, since: int) -> list:
    """New DMs carrying decision components posted to ``user`` (REST POSTs) since ``w.fake.rest[since]``."""
    dm = w.fake.dm_channels.get(user)
    return [c for c in w.fake.rest[since:] if c.method == "POST" and c.channel_id == dm and dm is not None
            and any(comp.get("custom_id", "").startswith(("mh:d:", "mh:m:"))
                    for row in (c.json or {}).get("components") or [] for comp in row.get("components") or [])]


def first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


async def play_checking_turns(w: World, table_id: str, users: tuple[int, ...], seed: int, max_clicks: int = 3000):
    """Play to the end by clicks, every third one on a button the player was offered some moves ago (an
    older state of their DM), and check after every click: each seat that gets a decision after having
    none gets exactly one notice (a new DM), no other seat gets one (a response window is no notice;
    a decision after a quiet window the player did not answer is one); a click on an option still offered
    to a seat that has not decided since is applied, never refused as stale; and each deciding seat's
    DM shows its decision's context (the first line of ``Game.context_text`` of a view since its buttons
    last changed). Returns ``(clicks, notices, old clicks applied)``."""
    t = w.service.get(table_id)
    rng = Rng.from_seed(seed)
    had = {u: deciding(t, u) for u in users}
    quiet = {u: False for u in users}  # the seat's DM shows a response window
    offered: dict[int, list[tuple[int, list[dict]]]] = {u: [] for u in users}  # user -> [(own acts, comps)]
    contexts: dict[int, set[str]] = {u: set() for u in users}
    last_ids: dict[int, list[str]] = {u: [] for u in users}
    clicks = notices = old_applied = 0
    for u in users:  # the start: each seat deciding got its first DM, with buttons
        assert decision_buttons(w, latest_dm(w, u)) if had[u] else True
    while t.status == "playing" and clicks < max_clicks:
        for u in users:  # what each DM shows now; only the newest DM has live buttons
            msg = latest_dm(w, u)
            live = [m for m in w.fake.dm_messages(u) if decision_buttons(w, m)]
            assert live in ([], [msg]), f"{u} has {len(live)} DMs with buttons"
            ids = [c["custom_id"] for c in decision_buttons(w, msg)] if msg is not None else []
            if ids != last_ids[u]:
                contexts[u] = set()
                last_ids[u] = ids
            if ids:
                assert "Your decision" in w.fake.text_of(msg), "a DM shows buttons under another view"
                seat = seat_of(t, u)
                offered[u].append((t.acts.get(seat, 0), [dict(c) for c in decision_buttons(w, msg)]))
                view = t.game.view(t.state, seat)
                contexts[u].add(first_line(t.game.context_text(view)))
                assert any(line in w.fake.text_of(msg) for line in contexts[u]), \
                    f"the DM of {u} does not show its decision's context"
            elif deciding(t, u):
                raise AssertionError(f"seat of {u} decides but its newest DM has no buttons")
        open_now = [u for u in users if last_ids[u]]
        assert open_now, "nobody has a decision to click but the game is not over"
        user = open_now[rng.below(len(open_now))]
        seat = seat_of(t, user)
        since = len(w.fake.rest)
        version, acts = t.version, t.acts.get(seat, 0)
        older = [comps for made, comps in offered[user][:-1]
                 if made == acts and [c["custom_id"] for c in comps] != last_ids[user]]
        if clicks % 3 == 2 and older:
            # a button or menu pick from an older state of this DM: the seat has not decided since
            comp = older[0][rng.below(len(older[0]))]
            custom_id = comp["custom_id"]
            if custom_id.startswith("mh:m:"):
                values = [o["value"] for o in comp["options"]]
                key, kw = values[rng.below(len(values))], {"component_type": 3}
                args = [[key]]
            else:
                key, kw, args = custom_id.rsplit(":", 1)[1], {}, []
            still = any(option_key(o.id) == key for d in t.game.decisions(t.state) if d.seat == seat
                        for o in d.options)
            reply = await w.fake.click(user, latest_dm(w, user), custom_id, *args, force=True, **kw)
            await w.settle()
            if still:
                assert t.version == version + 1 and not reply.followups, (custom_id, args, last_ids[user], \
                    f"a click on a still-offered option was refused: {refusal(reply)}")
                old_applied += 1
            else:
                assert t.version == version and "no longer offered" in refusal(reply)
        else:
            await click_decision(w, user, latest_dm(w, user), rng)
            await w.settle()
        clicks += 1
        for u in users:
            now = deciding(t, u)
            got = len(notices_to(w, u, since))
            # a response window is quiet (an edit); a decision after none, or after a quiet window the
            # player did not click away, is a notice
            d = next((d for d in t.game.decisions(t.state) if d.seat == seat_of(t, u)), None)
            fresh = not had[u] or (quiet[u] and u != user)
            expected = 1 if now and not d.window and fresh else 0
            assert got == expected, f"seat of {u}: {got} notices for {'a new' if expected else 'no new'} decision"
            notices += got
            had[u] = now
            quiet[u] = now and d.window
        if any(not had[u] for u in users):
            offered = {u: offered[u] if had[u] else [] for u in users}
    assert t.status == "finished", f"not finished after {clicks} clicks"
    for u in users:  # the end is shown at once in every DM, whatever the refresh interval
        assert "Game over" in w.fake.text_of(latest_dm(w, u)) and not decision_buttons(w, latest_dm(w, u))
    return clicks, notices, old_applied


@pytest.mark.slow
async def test_done_when_four_player_meta_notices_clicks_and_context(world):
    """Turn notices (Meta, META-PSH-05: all players decide at once in the pushing stage): each new
    decision gives its seat exactly one notice, clicks on buttons of older DM states are applied when the
    option is still offered, every deciding DM shows its context."""
    users = (101, 102, 103, 104)
    table_id = await open_seeded_table(world, "meta", users, 102)
    clicks, notices, old_applied = await play_checking_turns(world, table_id, users, 5)
    assert clicks > 20 and notices > 4 and old_applied > 0


async def test_done_when_metax_notices_clicks_and_context(world):
    """Turn notices (MetaX): the same checks through a whole two-player game."""
    users = (101, 102)
    table_id = await open_seeded_table(world, "metax", users, 7)
    clicks, notices, _ = await play_checking_turns(world, table_id, users, 3)
    assert clicks > 10 and notices > 2


@pytest.mark.slow
@pytest.mark.parametrize(("game", "users"), [
    ("metazoo", (101, 102)), ("memesis", (101, 102)), ("metaolympia", (101, 102, 103, 104))])
async def test_the_later_games_give_one_notice_per_new_decision_and_show_its_context(world, game, users):
    """Turn notices for the games built after Meta and MetaX (MetaZoo, Memesis, Meta Olympia; one seat
    decides at a time in
    each): a whole game of people only, where each seat that gets a decision after having none gets exactly
    one notice, nobody else gets one, and every deciding DM shows the decision's context. A
    response window (MetaZoo's priority offers) edits the DM quietly, so a game has fewer notices than
    clicks (more than 20 notices in each game here)."""
    table_id = await open_seeded_table(world, game, users, 3)
    clicks, notices, _ = await play_checking_turns(world, table_id, users, 5)
    assert clicks > 100 and notices > 20


async def test_notify_off_edits_the_dm_instead_of_notifying_and_is_stored(world):
    """`/notify state:off` (an ephemeral answer) stops the notices of that player: a new
    decision edits their DM, no new DM is posted; the setting is stored per user; `/notify state:on`
    brings them back. The other player still gets notices."""
    w = world
    users = (101, 102)
    r = await w.fake.slash(102, CHANNEL_ID, "notify", {"state": "off"})
    assert "off" in refusal(r)  # an ephemeral answer
    assert await w.store.notify_of("102") is False and await w.store.notify_of("101") is True
    table_id = await open_seeded_table(w, "metax", users, 7)
    t = w.service.get(table_id)
    rng = Rng.from_seed(2)
    since = len(w.fake.rest)
    had = {u: deciding(t, u) for u in users}
    new_decisions = {u: 0 for u in users}
    for _ in range(40):
        user = next(u for u in users if decision_buttons(w, latest_dm(w, u)))
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        for u in users:
            new_decisions[u] += deciding(t, u) and not had[u]
            had[u] = deciding(t, u)
        if t.status != "playing":
            break
    assert new_decisions[102] > 0 and new_decisions[101] > 0
    assert not notices_to(w, 102, since), "a player with notices off got a new DM"
    assert len(notices_to(w, 101, since)) == new_decisions[101]
    r = await w.fake.slash(102, CHANNEL_ID, "notify", {})
    assert "off" in refusal(r)
    r = await w.fake.slash(102, CHANNEL_ID, "notify", {"state": "on"})
    assert "on" in refusal(r) and await w.store.notify_of("102") is True


async def test_closed_dms_get_one_thread_mention_per_new_decision(world):
    """A player whose DMs are closed is told of each new decision by one mention in the
    table's thread pointing to My hand, and never otherwise."""
    w = world
    ana, ben = 101, 102
    w.fake.closed_dms.add(ben)
    table_id = await open_seeded_table(w, "metax", (ana, ben), 7)
    t = w.service.get(table_id)
    thread_id = next(iter(w.fake.threads))
    board = next(m for m in w.fake.channel_messages(thread_id) if m.embeds)

    def mentions() -> int:
        return sum(1 for m in w.fake.channel_messages(thread_id) if f"<@{ben}>" in m.content and "My hand" in m.content)

    rng = Rng.from_seed(4)
    expected = 1 if deciding(t, ben) else 0
    assert mentions() == expected
    hand = None
    for _ in range(60):
        if t.status != "playing":
            break
        before, had = mentions(), deciding(t, ben)
        if deciding(t, ben):
            hand = (await w.fake.click(ben, w.fake.messages[board.id], f"mh:h:{table_id}")).message
            await click_decision(w, ben, hand, rng)
        else:
            await click_decision(w, ana, latest_dm(w, ana), rng)
        await w.settle()
        assert mentions() - before == (1 if deciding(t, ben) and not had else 0)
        expected += 1 if deciding(t, ben) and not had else 0
    assert expected > 1 and mentions() == expected
    assert not w.fake.dm_messages(ben)


async def test_a_decision_button_from_before_the_upgrade_is_refused_clearly(world):
    """A DM posted before the upgrade carries ``mh:o:<table>:<version>:<index>`` (and menus
    ``mh:s:``, pages ``mh:p:``); a press says the button is old and where the current decision is, and
    changes nothing."""
    w = world
    table_id = await open_seeded_table(w, "metax", (101, 102), 7)
    t = w.service.get(table_id)
    user = next(u for u in (101, 102) if decision_buttons(w, latest_dm(w, u)))
    version = t.version
    for custom_id, kind, values in ((f"mh:o:{table_id}:{t.version}:0", 2, None),
                                    (f"mh:s:{table_id}:{t.version}:0", 3, ["0"]),
                                    (f"mh:p:{table_id}:{t.version}:1", 2, None)):
        r = await w.fake.click(user, latest_dm(w, user), custom_id, values, component_type=kind, force=True)
        await w.settle()
        assert "from before the bot was updated" in refusal(r) and "newest DM" in refusal(r)
    assert t.version == version and not w.fake.failures


async def test_deadlines_are_discord_timestamps_and_no_version_is_shown(world):
    """A deciding player's DM and the board show the deadline as a live Discord timestamp
    (``<t:…:R>``, the seat's real deadline); no message, reply or refusal a player reads names a game
    version."""
    import re

    w = world
    users = (101, 102)
    table_id = await open_seeded_table(w, "metax", users, 7)
    t = w.service.get(table_id)
    rng = Rng.from_seed(6)
    replies = []
    for _ in range(30):
        user = next(u for u in users if decision_buttons(w, latest_dm(w, u)))
        seat = seat_of(t, user)
        msg = latest_dm(w, user)
        assert f"<t:{int(t.deadlines[seat].deadline)}:R>" in msg.content
        board = [m for m in w.fake.channel_messages(next(iter(w.fake.threads))) if m.embeds][-1]
        assert f"<t:{int(t.deadlines[seat].deadline)}:R>" in w.fake.text_of(board)
        replies.append(await click_decision(w, user, msg, rng))
        replies.append(await w.fake.click(user, msg, decision_buttons(w, msg)[0]["custom_id"], force=True)
                       if decision_buttons(w, msg) else None)
        await w.settle()
        if t.status != "playing":
            break
    r = await w.fake.click(users[0], board, f"mh:b:{table_id}", force=True)
    texts = [w.fake.text_of(m) for m in w.fake.messages.values()]
    texts += [m.content or "" for rep in replies + [r] if rep is not None for m in rep.followups]
    shown = [x for x in texts if re.search(r"\bversion\b", x, re.IGNORECASE)]
    assert not shown, shown[:3]


@pytest.mark.slow
async def test_the_rest_bench_gives_the_same_count_for_the_same_seed():
    """REST budget (docs/performance.md): the bench is reproducible: the same seed gives the same
    actions, REST calls
    and notices twice (a table seed per game, simulated pace)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "bench_discord_rest.py"
    spec = importlib.util.spec_from_file_location("bench_discord_rest", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    first = await bench.one_game(2, "metax")
    assert first == await bench.one_game(2, "metax")
    assert first[0] > 10 and first[2] > 0


async def test_a_reminder_shows_the_deadline_as_a_discord_timestamp(fake, new_db):
    """The half-time reminder gives the deadline as ``<t:…:R>`` (a live countdown), not a
    number of minutes counted when it was sent."""
    from .test_bot import FakeClock

    clock = FakeClock()
    w = await World(fake, new_db("bot"), clock=clock).start()
    try:
        table_id = await open_seeded_table(w, "metax", (101, 102), 7)
        t = w.service.get(table_id)
        seat = t.game.decisions(t.state)[0].seat
        decider = int(t.seats[seat].user_id)
        deadline = t.deadlines[seat].deadline
        clock.t += t.timeout / 2 + 1
        await w.service.tick()
        await w.settle()
        reminders = [m for m in fake.dm_messages(decider) if "⏰" in m.content]
        assert reminders and f"<t:{int(deadline)}:R>" in reminders[-1].content
        assert "min" not in reminders[-1].content
    finally:
        await w.stop()


async def test_a_dm_whose_context_alone_changed_waits_for_the_refresh_interval(world):
    """REST budget: in the Meta pushing stage another player's move that leaves a player's
    buttons as they were (only the board context changed) never edits that player's DM at once while
    ``DM_CONTEXT_INTERVAL`` has not passed since it was last written; once it has, the next change brings
    such a DM up to date."""
    w = world
    users = (101, 102, 103, 104)
    now = [0.0]
    w.bot.front.now = lambda: now[0]  # the interval's clock, from before the first DM is written
    table_id = await open_seeded_table(w, "meta", users, 102)
    t = w.service.get(table_id)
    interval = w.bot.front.context_interval
    rng = Rng.from_seed(1)
    waited = refreshed = 0

    def shown(u):
        msg = latest_dm(w, u)
        return msg.id, msg.edits, [c["custom_id"] for c in decision_buttons(w, msg)]

    def context(u):
        return t.game.context_text(t.game.view(t.state, seat_of(t, u)))

    written = {u: (shown(u)[:2], now[0]) for u in users}  # user -> ((DM id, edits), when last written)
    for _ in range(400):
        if t.status != "playing" or (waited > 3 and refreshed > 3):
            break
        open_now = [u for u in users if decision_buttons(w, latest_dm(w, u))]
        user = open_now[rng.below(len(open_now))]
        before = {u: (shown(u), context(u)) for u in users if u != user}
        if rng.below(4) == 0:
            now[0] += interval + 1
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        if t.status != "playing":
            break
        for u, ((mid, edits, ids), ctx) in before.items():
            msg_id, edits_now, ids_now = shown(u)
            due = now[0] - written[u][1] > interval
            if not (msg_id != mid or ids_now != ids or not ids or context(u) == ctx):
                if due:
                    assert edits_now == edits + 1, "a DM out of date past the interval was not refreshed"
                    refreshed += 1
                else:
                    assert edits_now == edits, "a DM whose context alone changed was edited at once"
                    waited += 1
        for u in users:
            if shown(u)[:2] != written[u][0]:
                written[u] = (shown(u)[:2], now[0])
    assert waited > 3 and refreshed > 3, (waited, refreshed)
