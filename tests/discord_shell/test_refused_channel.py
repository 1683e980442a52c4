"""A channel or thread where Discord refuses the bot: after a 50013 Missing Permissions or a
50001 Missing Access, the bot makes no more calls there (Discord bans a client after 10,000 refused requests
in 10 minutes; before this, every action cost two refused calls: the board's edit, then a new board), until
a gateway event says the permissions may have changed (CHANNEL_UPDATE, GUILD_ROLE_UPDATE) or, with no event,
one try after a wait that doubles (the front's clock). Players keep their DMs; the table's creator is told
once by DM and ``/table status`` says why the board stopped."""

from __future__ import annotations

import pytest

from bot.shell.front import BLOCK_FIRST
from games.core.rng import Rng

from .harness import CHANNEL_ID
from .test_bot import ANA, BEN, open_table, play_to_the_end
from .test_failures import EDIT, board_of, notices
from .test_turns import open_seeded_table


class Clock:
    """The front's clock (``front.now``), moved by hand."""

    def __init__(self):
        self.t = 1_000.0

    def __call__(self) -> float:
        return self.t


async def refused_table(w, code: int):
    """A MetaX table in play whose thread then refuses every call with ``code`` (an admin took the bot's
    permission away); the front's clock is a :class:`Clock`. Returns ``(table id, thread id, injection,
    clock)``."""
    clock = Clock()
    w.bot.front.now = clock
    w.bot.front.context_interval = 0  # every DM change goes out at once: DMs are counted below
    # A seeded table: with an unseeded deal, whether the first twelve clicks owed a DM call depended on the deal
    # (a DM without a decision is refreshed only when its hand changes); once none was due.
    table_id = await open_seeded_table(w, "metax", (ANA, BEN), 3)
    thread_id = w.bot.front.tables[table_id].thread
    assert board_of(w, thread_id) is not None
    inj = w.fake.inject(code, channel_id=thread_id, times=None)
    return table_id, thread_id, inj, clock


def in_thread(calls, thread_id):
    return [c for c in calls if c.channel_id == thread_id]


def dm_calls(w, calls):
    dms = set(w.fake.dm_channels.values())
    return [c for c in calls if c.channel_id in dms and c.error is None]


@pytest.mark.parametrize("code", [50013, 50001])
async def test_after_a_refusal_no_call_goes_to_the_thread_until_its_permissions_change(world, code):
    """After the first refused board edit, the next actions make no call in the thread (zero
    refused calls per action; before: two, the edit and a new board), the players' DMs keep coming, the
    creator is told once, and `/table status` says why the board stopped. CHANNEL_UPDATE of the thread's
    channel (the admin fixed it) brings the board up to date at once, and later actions edit it again."""
    w = world
    table_id, thread_id, inj, _clock = await refused_table(w, code)
    t = w.service.get(table_id)
    rng = Rng.from_seed(11)
    before = len(w.fake.rest)
    first = await play_to_the_end(w, table_id, rng, max_clicks=1)
    assert first == 1 and len(w.fake.failed(before)) == 1, w.fake.failed(before)  # the edit that found out
    start = len(w.fake.rest)
    clicks = await play_to_the_end(w, table_id, rng, max_clicks=12)
    assert clicks == 12 and t.status == "playing"
    calls = w.fake.rest[start:]
    assert w.fake.failed(start) == [], f"{len(w.fake.failed(start))} refused calls in {clicks} actions"
    assert in_thread(calls, thread_id) == []
    assert dm_calls(w, calls), "the players' DMs stopped too"
    told = notices(w, ANA, "⚠️")
    assert len(told) == 1 and f"<#{thread_id}>" in told[0] and "permissions change" in told[0], told
    assert ("(Missing Access)" if code == 50001 else "(Missing Permissions)") in told[0]
    status = await w.fake.slash(BEN, CHANNEL_ID, "table", {"table": table_id}, sub="status")
    assert status.ephemeral and "has stopped updating" in w.fake.text_of(status)
    assert f"<#{thread_id}>" in w.fake.text_of(status)
    # the admin fixes the channel: its CHANNEL_UPDATE lets the board catch up now, without an action
    w.fake.injections.remove(inj)
    version = t.version
    mark = len(w.fake.rest)
    w.fake.allow(CHANNEL_ID)
    await w.settle()
    board = board_of(w, thread_id)
    fixed = in_thread(w.fake.rest[mark:], thread_id)
    assert fixed and all(c.error is None for c in fixed) and t.version == version
    assert (await w.fake.slash(BEN, CHANNEL_ID, "table", {"table": table_id}, sub="status")).text.count(
        "has stopped updating") == 0
    mark = len(w.fake.rest)
    await play_to_the_end(w, table_id, rng, max_clicks=2)
    edits = [c for c in in_thread(w.fake.rest[mark:], thread_id) if (c.method, c.path) == EDIT]
    assert edits and all(c.error is None for c in edits) and board_of(w, thread_id).id == board.id


async def test_a_role_update_lets_the_bot_try_again(world):
    """GUILD_ROLE_UPDATE in the table's server (a role of the bot granted the permission) lets
    one call try again at once; refused again, the thread stays blocked; accepted, the board is back."""
    w = world
    table_id, thread_id, inj, _clock = await refused_table(w, 50013)
    rng = Rng.from_seed(12)
    await play_to_the_end(w, table_id, rng, max_clicks=3)
    assert len(inj.hits) == 1
    w.fake.update_role(embed_links=True)  # a role changed, but not what was missing
    await w.settle()
    assert len(inj.hits) == 2, "one try after the role changed"
    await play_to_the_end(w, table_id, rng, max_clicks=3)
    assert len(inj.hits) == 2, "refused again: blocked again"
    w.fake.injections.remove(inj)
    mark = len(w.fake.rest)
    w.fake.update_role(send_messages_in_threads=True)
    await w.settle()
    assert [c for c in in_thread(w.fake.rest[mark:], thread_id) if c.error is None]


async def test_with_no_event_one_call_tries_again_after_a_wait_that_doubles(world):
    """A refusal no event undoes (a one-off, or a change the bot cannot see) is tried again
    once after BLOCK_FIRST seconds of the front's clock, then after twice that; once Discord accepts, the
    board is posted again and the thread is no longer blocked."""
    w = world
    table_id, thread_id, inj, clock = await refused_table(w, 50013)
    rng = Rng.from_seed(13)
    await play_to_the_end(w, table_id, rng, max_clicks=3)
    assert len(inj.hits) == 1
    clock.t += BLOCK_FIRST - 1
    await play_to_the_end(w, table_id, rng, max_clicks=2)
    assert len(inj.hits) == 1, "not before the wait"
    clock.t += 1
    await play_to_the_end(w, table_id, rng, max_clicks=3)
    assert len(inj.hits) == 2, "one try after BLOCK_FIRST seconds"
    clock.t += BLOCK_FIRST
    await play_to_the_end(w, table_id, rng, max_clicks=2)
    assert len(inj.hits) == 2, "the next wait is twice as long"
    clock.t += BLOCK_FIRST
    w.fake.injections.remove(inj)
    mark = len(w.fake.rest)
    await play_to_the_end(w, table_id, rng, max_clicks=3)
    ok = in_thread(w.fake.rest[mark:], thread_id)
    assert len(ok) >= 2 and all(c.error is None for c in ok), "accepted: every later action edits the board"
    assert not w.bot.front.blocked


async def test_a_denied_thread_send_blocks_turn_notices_and_the_board_post(fake, new_db):
    """A refused channel, with the fake's own 50013 (Send Messages in Threads denied on the channel):
    a player whose
    DMs are closed is mentioned in the thread at each new decision; after the first refusal those mentions
    and the board's post are no longer tried, and the player still plays from **My hand**. Allowing the
    permission again (CHANNEL_UPDATE) posts the board."""
    from .world import World

    w = await World(fake, new_db("bot")).start()
    try:
        w.bot.front.now = Clock()
        fake.closed_dms.add(BEN)
        fake.deny(CHANNEL_ID, send_messages_in_threads=True)
        table_id, _ = await open_table(w)
        thread_id = w.bot.front.tables[table_id].thread
        assert board_of(w, thread_id) is None
        assert len(in_thread(fake.failed(), thread_id)) == 1, fake.failed()  # the board's post alone
        mark = len(fake.rest)
        board_less = await play_ben_from_my_hand(w, table_id, clicks=10)
        assert board_less >= 3
        assert in_thread(fake.rest[mark:], thread_id) == [], "no turn notice, board or reminder tried there"
        assert [c for c in fake.failed(mark) if c.error != 50007] == []  # Ben's closed DMs aside
        fake.allow(CHANNEL_ID)
        await w.settle()
        assert board_of(w, thread_id) is not None
    finally:
        await w.stop()


async def play_ben_from_my_hand(w, table_id, clicks):
    """Ana clicks in her DMs; Ben (DMs closed, no board to press My hand on) acts through the table service,
    as his My hand click would. Returns the actions made (at most ``clicks``)."""
    from .test_bot import click_decision, decision_buttons, latest_dm

    t = w.service.get(table_id)
    rng = Rng.from_seed(14)
    done = 0
    for _ in range(clicks * 3):
        if done >= clicks or t.status != "playing":
            break
        msg = latest_dm(w, ANA)
        if msg is not None and decision_buttons(w, msg):
            await click_decision(w, ANA, msg, rng)
            await w.settle()
            done += 1
            continue
        seat = t.seat_of(str(BEN)).seat
        mine = next((d for d in t.game.decisions(t.state) if d.seat == seat), None)
        if mine is None:
            break
        await w.service.act(t.id, str(BEN), t.version, mine.options[0].id)
        await w.settle()
        done += 1
    return done



async def test_a_refused_thread_is_not_asked_for_again_at_each_new_board(world):
    """Discord refuses to open the table's thread (50013: no Create Public Threads), so the board
    goes in the channel; when that board must be posted anew (30046 on its edit), the thread is not asked for
    again until the channel's permissions change."""
    w = world
    w.bot.front.now = Clock()
    thread_route = ("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    refused = w.fake.inject(50013, method=thread_route[0], path=thread_route[1], times=None)
    table_id, _ = await open_table(w)
    assert len(refused.hits) == 1 and w.bot.front.tables[table_id].thread is None
    board = board_of(w, CHANNEL_ID)
    assert board is not None
    w.fake.inject(30046, method=EDIT[0], path=EDIT[1], message_id=board.id)
    await play_to_the_end(w, table_id, Rng.from_seed(15), max_clicks=2)
    assert board_of(w, CHANNEL_ID).id != board.id, "a new board was posted"
    assert len(refused.hits) == 1, "the thread was asked for again"
    w.fake.injections.remove(refused)
    w.fake.allow(CHANNEL_ID)  # CHANNEL_UPDATE: the next new board may open the thread
    board = board_of(w, CHANNEL_ID)
    w.fake.inject(30046, method=EDIT[0], path=EDIT[1], message_id=board.id)
    await play_to_the_end(w, table_id, Rng.from_seed(16), max_clicks=2)
    assert w.bot.front.tables[table_id].thread is not None
