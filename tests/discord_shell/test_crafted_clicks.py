"""Crafted and out-of-place clicks, through the network-free harness: a component custom id the
bot never made is answered at once with an ephemeral "not one of this bot's, or no longer works" (never
Discord's "This interaction failed"), and the Leave of a player who is out works only for a seat that is out.
Each refused click changes nothing: the table, its store and the messages already posted."""

from __future__ import annotations

import asyncio

import pytest

from bot.shell.common import STRAY_HEAD

from .limits import assert_all_within_limits
from .test_bad_input import snapshot, unchanged
from .test_bot import ANA, BEN, SPECTATOR, decision_buttons, latest_dm, open_table, refusal
from .test_endgame_bot import CAROL, buttons, concede, open_meta3, out_notices


async def decider(w):
    """A player whose newest DM holds decision components, that DM and its first component."""
    for user in (ANA, BEN):
        msg = latest_dm(w, user)
        if msg is not None and decision_buttons(w, msg):
            return user, msg, decision_buttons(w, msg)[0]
    raise AssertionError("nobody has a decision")


def crafted(kind: str, table_id: str, real: str) -> str:
    """A custom id of ``kind`` the bot never made, built from a real one (``real``) of table ``table_id``."""
    return {
        "wrong prefix": "xx" + real[2:],
        "another bot's": f"ticket:open:{table_id}",
        "empty": "",
        "malformed": "mh:d:::",
        "no table": "mh:h:",
        "truncated": real[:-3],
        "cut at a colon": real.rsplit(":", 1)[0],
        "wrong case": real.upper(),
        "upper-case table": f"mh:h:{table_id.upper()}" if table_id.upper() != table_id else f"MH:h:{table_id}",
        "extra fields": real + ":0",
        "extra hand field": f"mh:h:{table_id}:1",
        "unknown kind": f"mh:z:{table_id}",
        "too long": "mh:h:" + "a" * 95,
        "unknown table": "mh:h:0badc0ffee",
        "unknown table's decision": "mh:d:0badc0ffee:0.1.abcdef:0123abcd",
    }[kind]


def stray_answer(reply) -> str:
    """The answer to a stray click: the interaction's own first response (sent at once, no defer), private."""
    assert reply.acknowledged, "the click was never answered: Discord shows 'This interaction failed'"
    return refusal(reply)


KINDS = ["wrong prefix", "another bot's", "empty", "malformed", "no table", "truncated", "cut at a colon",
         "wrong case", "upper-case table", "extra fields", "extra hand field", "unknown kind", "too long",
         "unknown table", "unknown table's decision"]


@pytest.mark.parametrize("kind", KINDS)
async def test_a_custom_id_the_bot_never_made_is_answered_at_once_and_changes_nothing(world, kind):
    """A click whose custom id the bot never made (a wrong prefix, malformed, truncated, in the
    wrong case, with extra fields, naming an unknown table) gets an ephemeral "not one of this bot's, or no
    longer works" as the interaction's response within Discord's 3 seconds, and changes nothing."""
    w = world
    table_id, _ = await open_table(w)
    user, msg, comp = await decider(w)
    custom_id = crafted(kind, table_id, comp["custom_id"])
    before = await snapshot(w, table_id)
    loop = asyncio.get_running_loop()
    start = loop.time()
    reply = await w.fake.click(user, msg, custom_id, force=True)
    took = loop.time() - start
    text = stray_answer(reply)
    assert STRAY_HEAD in text and "Nothing was changed" in text, text
    assert took < 3.0
    assert await unchanged(w, table_id, before)
    assert assert_all_within_limits(w.fake) >= 1


@pytest.mark.parametrize("where", ["dm", "board"])
async def test_a_real_id_not_on_the_clicked_message_is_answered(world, where):
    """A crafted click naming one of the bot's own ids that the clicked message does not hold
    (discord.py then runs nothing for it) is answered as stray, on a DM and on the public board."""
    w = world
    table_id, _ = await open_table(w)
    user, msg, comp = await decider(w)
    if where == "board":
        thread_id = next(iter(w.fake.threads))
        msg = [m for m in w.fake.channel_messages(thread_id) if m.embeds][-1]
    custom_id = comp["custom_id"] if where == "board" else f"mh:h:{table_id}"
    before = await snapshot(w, table_id)
    reply = await w.fake.click(user, msg, custom_id, bare=True)
    assert STRAY_HEAD in stray_answer(reply)
    assert await unchanged(w, table_id, before)


async def test_a_button_id_sent_as_a_select_is_answered(world):
    """A decision button's id sent as a select menu pick (the wrong component type) is answered
    and changes nothing."""
    w = world
    table_id, _ = await open_table(w)
    user, msg, comp = await decider(w)
    before = await snapshot(w, table_id)
    reply = await w.fake.click(user, msg, comp["custom_id"], ["0123abcd"], component_type=3, bare=True)
    assert STRAY_HEAD in stray_answer(reply)
    assert await unchanged(w, table_id, before)


async def test_a_stray_click_in_a_lobby_by_a_spectator_is_answered(world):
    """A spectator's crafted lobby action on the public lobby message is answered privately; the
    lobby is not edited."""
    w = world
    reply = await w.fake.slash(ANA, 2_000, "table", {"game": "metax"}, sub="new")
    lobby = reply.message
    table_id = next(iter(w.service.tables))
    edits = lobby.edits
    for custom_id in (f"mh:l:{table_id}:kick", f"mh:l:{table_id}:JOIN", f"mh:l:{table_id}"):
        r = await w.fake.click(SPECTATOR, lobby, custom_id, force=True)
        assert STRAY_HEAD in stray_answer(r)
    assert w.fake.messages[lobby.id].edits == edits and w.service.get(table_id).seat_of(str(SPECTATOR)) is None


# -- Leave only for a seat that is out ---------------------------------------------------------------------


async def stored_rows(w, table_id):
    return sorted(await w.store.messages_of(table_id))


@pytest.mark.parametrize("action", ["leave", "watch"])
async def test_a_crafted_leave_from_a_seat_still_playing_is_refused_and_changes_nothing(world, action):
    """Ben and Carol still play; a crafted Leave (or Watch) for their own seat is refused with a
    clear message, and nothing changes: no "left" row in the store, their DMs still follow the game, the
    table's version is the same."""
    w = world
    table_id = await open_meta3(w)
    t = w.service.get(table_id)
    await concede(w, ANA, table_id)
    assert t.status == "playing"
    ana_notice = out_notices(w, ANA)[0]
    for user in (BEN, CAROL):
        seat = t.seat_of(str(user)).seat
        dm = latest_dm(w, user)
        rows, version = await stored_rows(w, table_id), t.version
        reply = await w.fake.click(user, dm, f"mh:u:{table_id}:{seat}:{action}", force=True)
        await w.settle()
        text = refusal(reply)
        assert "still playing" in text and "Nothing was changed" in text, text
        assert await stored_rows(w, table_id) == rows and t.version == version
        assert seat not in w.bot.front.tables[table_id].left
        assert "left" not in w.fake.messages[dm.id].content and "watching" not in w.fake.messages[dm.id].content
        # a crafted Leave for Ana's seat (out) from a player still playing: not theirs
        other = await w.fake.click(user, ana_notice, buttons(w, ana_notice)["Leave"], force=True)
        assert "another player" in refusal(other)
    # a user not seated at all
    stranger = await w.fake.click(SPECTATOR, ana_notice, buttons(w, ana_notice)["Leave"], force=True)
    assert "another player" in refusal(stranger)
    assert not w.bot.front.tables[table_id].left
    # Ben's DM still follows the game after his refused Leave (every change edited at once here)
    w.bot.front.context_interval = 0
    ben_dm = latest_dm(w, BEN)
    seen = (ben_dm.id, w.fake.messages[ben_dm.id].edits, len(w.fake.dm_messages(BEN)))
    version = t.version
    for _ in range(8):
        d = t.game.decisions(t.state)
        if not d or t.status != "playing":
            break
        await w.service.act(t.id, t.seats[d[0].seat].user_id, t.version, d[0].options[0].id)
        await w.settle()
    assert t.version > version
    now = latest_dm(w, BEN)
    assert (now.id, w.fake.messages[now.id].edits, len(w.fake.dm_messages(BEN))) != seen
    # Ana, who is out, still leaves
    await w.fake.click(ANA, ana_notice, buttons(w, ana_notice)["Leave"])
    await w.settle()
    assert "left" in w.fake.messages[ana_notice.id].content
