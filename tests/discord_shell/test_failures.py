"""Discord failures mid-game (third bullet), through the network-free harness: the edit limit
of old messages (30046), a missing permission (50013), and a deleted thread or channel (THREAD_DELETE,
CHANNEL_DELETE, or 10003 Unknown Channel), which pauses the table until `/table resume` in another channel."""

from __future__ import annotations

import pytest

from bot.shell.front import BLOCK_FIRST
from games.core.rng import Rng

from .harness import CHANNEL_ID, GUILD_ID
from .test_bot import (
    ANA,
    BEN,
    click_decision,
    decision_buttons,
    latest_dm,
    open_table,
    play_to_the_end,
    refusal,
)
from .world import World

OTHER_CHANNEL = 3_000
EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
POST = ("POST", "/channels/{channel_id}/messages")


class FakeClock:
    def __init__(self):
        self.t = 1_000_000.0

    def now(self) -> float:
        return self.t


def board_of(w: World, channel_id: int):
    boards = [m for m in w.fake.channel_messages(channel_id) if m.embeds and "spectators see only this board" in w.fake.text_of(m)]
    return boards[-1] if boards else None


def notices(w: World, user: int, word: str) -> list[str]:
    """The plain-text DMs (no embed) the bot sent ``user`` that contain ``word``."""
    return [m.content for m in w.fake.dm_messages(user) if not m.embeds and word in m.content]


# -- 30046: too many edits of a message older than an hour


async def test_dm_edit_limit_30046_posts_a_new_dm_with_the_buttons_and_later_edits_go_there(world):
    w = world
    for user in (ANA, BEN):  # notices off: a new decision edits the DM instead of posting one
        await w.bot.front.set_notices(str(user), False)
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    rng = Rng.from_seed(4)
    dms = {w.fake.dm_channels[u]: u for u in (ANA, BEN)}
    # The first REST edit of a DM that brings decision buttons (a player's turn comes while the other
    # clicks) is refused with 30046.
    inj = w.fake.inject(30046, method=EDIT[0], path=EDIT[1],
                        when=lambda c: c.channel_id in dms and bool(c.json.get("components")))
    clicks = 0
    while not inj.hits and clicks < 30:
        await play_to_the_end(w, table_id, rng, max_clicks=1)
        clicks += 1
    assert len(inj.hits) == 1, "a DM was edited with new decision buttons"
    other = dms[inj.hits[0].channel_id]
    old = w.fake.messages[inj.hits[0].message_id]
    new = latest_dm(w, other)
    assert new.id != old.id, "a fresh DM was posted"
    assert w.fake.messages[old.id].deleted, "the old DM is gone, so only the new one carries live buttons"
    wanted = inj.hits[0].json  # what the refused edit would have shown
    assert new.embeds == wanted["embeds"] and new.components == wanted["components"]
    assert decision_buttons(w, new), "the new DM carries the decision buttons"
    rows = {(kind, seat): mid for kind, seat, _, mid, _, _ in await w.store.messages_of(table_id)}
    assert rows[("dm", t.seat_of(str(other)).seat)] == new.id, "the store keeps the new DM (for a restart)"
    # Later edits of the player's private view go to the new DM, and the game plays on through it.
    before = len(w.fake.rest)
    await play_to_the_end(w, table_id, rng)
    edits = [c for c in w.fake.rest[before:] if (c.method, c.path) == EDIT and c.channel_id == new.channel_id]
    assert edits and {c.message_id for c in edits} == {new.id}
    assert t.status == "finished"


async def test_board_edit_limit_30046_posts_a_new_board_and_later_edits_go_there(world):
    """The board already re-posted after any failed edit; this guards that 30046 keeps doing so."""
    w = world
    table_id, _ = await open_table(w)
    thread_id = next(iter(w.fake.threads))
    old = board_of(w, thread_id)
    inj = w.fake.inject(30046, method=EDIT[0], path=EDIT[1], message_id=old.id)
    rng = Rng.from_seed(6)
    await play_to_the_end(w, table_id, rng, max_clicks=1)
    assert len(inj.hits) == 1
    new = board_of(w, thread_id)
    assert new.id != old.id and "spectators see only this board" in w.fake.text_of(new)
    before = len(w.fake.rest)
    await play_to_the_end(w, table_id, rng, max_clicks=3)
    edits = [c for c in w.fake.rest[before:] if (c.method, c.path) == EDIT and c.channel_id == thread_id]
    assert edits and {c.message_id for c in edits} == {new.id}


# -- 50013: missing permissions mid-game


async def test_missing_send_in_threads_tells_the_creator_once_naming_the_permission(fake, new_db):
    w = await World(fake, new_db("bot")).start()
    try:
        fake.deny(CHANNEL_ID, send_messages_in_threads=True)  # an admin changed the channel after the bot joined
        table_id, _ = await open_table(w)
        thread_id = next(iter(fake.threads))
        assert board_of(w, thread_id) is None  # Discord refused the board (50013)
        told = notices(w, ANA, "Send Messages in Threads")
        assert len(told) == 1 and table_id in told[0] and f"<#{thread_id}>" in told[0], told
        assert "Embed Links" not in told[0]  # only what is really missing
        assert not notices(w, BEN, "⚠️")  # only the table's creator is told
        await play_to_the_end(w, table_id, Rng.from_seed(8), max_clicks=6)  # the game goes on through DMs
        assert len(notices(w, ANA, "⚠️")) == 1, "told once per table and problem, not on every edit"
    finally:
        await w.stop()
    w2 = await World(fake, new_db("bot")).start()  # not told again after a restart either
    try:
        await play_to_the_end(w2, table_id, Rng.from_seed(9), max_clicks=2)
        assert len(notices(w2, ANA, "⚠️")) == 1
    finally:
        await w2.stop()


async def test_missing_permissions_unreadable_names_the_action_that_failed(world):
    """50013 while the channel's permissions show nothing missing: the DM names what could not be done. The
    thread is then left alone until the front's clock passes BLOCK_FIRST with no event: then
    the board is posted, since Discord allows it again."""
    w = world
    clock = FakeClock()
    w.bot.front.now = clock.now
    lobby = (await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new")).message
    table_id = next(iter(w.service.tables))
    thread_id = lobby.id  # Discord gives a thread opened from a message that message's id
    inj = w.fake.inject(50013, method=POST[0], path=POST[1], channel_id=thread_id)  # the first board post
    await w.fake.click(BEN, lobby, f"mh:l:{table_id}:join")
    await w.fake.click(ANA, lobby, f"mh:l:{table_id}:start")
    await w.settle()
    assert len(inj.hits) == 1 and thread_id in w.fake.threads
    told = notices(w, ANA, "⚠️")
    assert len(told) == 1 and "post the board" in told[0] and "Missing Permissions" in told[0], told
    await play_to_the_end(w, table_id, Rng.from_seed(3), max_clicks=2)
    assert board_of(w, thread_id) is None and len(inj.hits) == 1  # not tried again at every action
    clock.t += BLOCK_FIRST
    await play_to_the_end(w, table_id, Rng.from_seed(3), max_clicks=1)
    assert board_of(w, thread_id) is not None  # posted once Discord allowed it
    assert len(notices(w, ANA, "⚠️")) == 1


# -- a deleted thread or channel: pause, then /table resume elsewhere


async def _lose_the_place(w: World, how: str, table_id: str, thread_id: int) -> None:
    if how == "thread deleted":
        w.fake.delete_channel(thread_id)
    elif how == "channel deleted":
        w.fake.delete_channel(CHANNEL_ID)
    else:  # deleted while the bot was away (no gateway event): the next board edit answers 10003
        w.fake.inject(10003, method=EDIT[0], path=EDIT[1], channel_id=thread_id, times=None)
        await play_to_the_end(w, table_id, Rng.from_seed(1), max_clicks=1)
    await w.settle()


@pytest.mark.parametrize("how", ["thread deleted", "channel deleted", "unknown channel"])
async def test_a_deleted_place_pauses_the_table_until_resume_in_another_channel(fake, new_db, how):
    clock = FakeClock()
    w = await World(fake, new_db("bot"), clock=clock).start()
    try:
        fake.add_channel(OTHER_CHANNEL, "elsewhere")
        table_id, _ = await open_table(w)
        t = w.service.get(table_id)
        thread_id = next(iter(fake.threads))
        await _lose_the_place(w, how, table_id, thread_id)
        assert t.paused is not None and t.status == "playing"
        for user in (ANA, BEN):  # each player is told, with how to continue
            told = notices(w, user, "paused")
            assert len(told) == 1 and f"/table resume table:{table_id}" in told[0], (user, told)
        assert "You are its host" in notices(w, ANA, "paused")[0]

        # Timers stand still: far past the deadline nothing is applied and nobody is reminded.
        version, rest = t.version, len(fake.rest)
        clock.t += 10 * t.timeout
        await w.service.tick()
        await w.settle()
        assert t.version == version and len(fake.rest) == rest
        # Clicks are refused clearly and change nothing.
        decider = int(t.seats[t.game.decisions(t.state)[0].seat].user_id)
        reply = await click_decision(w, decider, latest_dm(w, decider), Rng.from_seed(2))
        told = refusal(reply)
        assert "paused" in told and "/table resume" in told
        assert t.version == version
        # Only the host (or a channel manager) resumes.
        reply = await fake.slash(BEN, OTHER_CHANNEL, "table", {"table": table_id}, sub="resume")
        assert reply.ephemeral and "Only the host" in w.fake.text_of(reply) and t.paused is not None

        reply = await fake.slash(ANA, OTHER_CHANNEL, "table", {"table": table_id}, sub="resume")
        await w.settle()
        assert reply.ephemeral and "continues in this channel" in w.fake.text_of(reply)
        assert t.paused is None and t.place == f"{GUILD_ID}:{OTHER_CHANNEL}"
        new_thread = max(tid for tid, th in fake.threads.items() if int(th["parent_id"]) == OTHER_CHANNEL)
        assert board_of(w, new_thread) is not None, "a new board in a new thread of the new channel"
        assert any("continues here" in m.content for m in fake.channel_messages(OTHER_CHANNEL))
        for user in (ANA, BEN):
            assert notices(w, user, "continues in")
        # The timer runs again with the time that was left, and the game plays on to its end there.
        assert all(d.deadline > clock.t + t.timeout / 2 for d in t.deadlines.values())
        await play_to_the_end(w, table_id, Rng.from_seed(7))
        assert t.status == "finished"
        assert any("game over" in fake.text_of(m) for m in fake.channel_messages(new_thread))
    finally:
        await w.stop()


async def test_a_paused_table_stays_paused_after_a_restart(fake, new_db):
    clock = FakeClock()
    w = await World(fake, new_db("bot"), clock=clock).start()
    fake.add_channel(OTHER_CHANNEL, "elsewhere")
    table_id, _ = await open_table(w)
    fake.delete_channel(next(iter(fake.threads)))
    await w.settle()
    version = w.service.get(table_id).version
    await w.stop()

    w2 = await World(fake, new_db("bot"), clock=clock).start()
    try:
        t = w2.service.get(table_id)
        assert t.paused is not None and "thread was deleted" in t.pause_reason
        clock.t += 10 * t.timeout
        await w2.service.tick()
        await w2.settle()
        decider = int(t.seats[t.game.decisions(t.state)[0].seat].user_id)
        reply = await click_decision(w2, decider, latest_dm(w2, decider), Rng.from_seed(2))
        assert "paused" in refusal(reply) and t.version == version
        reply = await fake.slash(ANA, OTHER_CHANNEL, "table", {"table": table_id}, sub="resume")
        await w2.settle()
        assert t.paused is None
        await play_to_the_end(w2, table_id, Rng.from_seed(5))
        assert t.status == "finished"
    finally:
        await w2.stop()
