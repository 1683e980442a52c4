"""The end of a game on Discord through the network-free harness: concede asks first,
a player out of a game that goes on may watch or leave, a finished game posts a final summary with Rematch,
and finished tables stay readable (status, log, replay file)."""

from __future__ import annotations

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import ANA, BEN, SPECTATOR, latest_dm, open_table, refusal

CAROL = 104


def buttons(w, msg) -> dict[str, str]:
    """label -> custom id of the buttons on a message."""
    return {c.get("label"): c["custom_id"] for c in w.fake.components(msg) if c.get("custom_id")}


def thread_messages(w, table_id):
    m = w.bot.front.tables[table_id]
    return w.fake.channel_messages(m.thread)


async def concede(w, user, table_id):
    """``/table concede`` then Concede on the confirmation; returns (confirmation reply, click reply)."""
    ask = await w.fake.slash(user, CHANNEL_ID, "table", {"table": table_id}, sub="concede")
    msg = ask.followups[0]
    click = await w.fake.click(user, msg, buttons(w, msg)["Concede"])
    await w.settle()
    return ask, click


async def test_concede_asks_for_confirmation_and_only_its_user_concedes(world):
    """`/table concede` changes nothing and asks (ephemeral) with Concede / Keep playing; another
    user's press is refused; Keep playing keeps the game; Concede concedes; a repeated press is told so."""
    w = world
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    ask = await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": table_id}, sub="concede")
    msg = ask.followups[0]
    assert msg.ephemeral and f"Concede MetaX table {table_id}? This cannot be undone." in msg.content
    assert set(buttons(w, msg)) == {"Concede", "Keep playing"}
    assert t.status == "playing"
    stranger = await w.fake.click(BEN, msg, buttons(w, msg)["Concede"], force=True)
    assert "another player" in refusal(stranger)
    assert t.status == "playing"
    keep = await w.fake.click(ANA, msg, buttons(w, msg)["Keep playing"])
    assert "keep playing" in w.fake.messages[msg.id].content and not w.fake.components(w.fake.messages[msg.id])
    assert keep.type == 6 and t.status == "playing"
    ask2 = await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": table_id}, sub="concede")
    msg2 = ask2.followups[0]
    yes = buttons(w, msg2)["Concede"]
    await w.fake.click(ANA, msg2, yes)
    await w.settle()
    assert t.status == "finished" and "You conceded" in w.fake.messages[msg2.id].content
    again = await w.fake.click(ANA, msg2, yes, force=True)
    assert "Already done" in refusal(again)


async def test_concede_refuses_a_user_who_is_not_seated(world):
    w = world
    table_id, _ = await open_table(w)
    reply = await w.fake.slash(SPECTATOR, CHANNEL_ID, "table", {"table": table_id}, sub="concede")
    assert "not seated" in refusal(reply)


async def test_a_finished_game_posts_a_summary_and_a_rematch_reseats_the_players(world):
    """The result in the thread names winner, reason, turns and each seat's end state (MetaX: VP)
    and carries Rematch; when both players pressed it, a new table with the same seats starts in the same
    channel. A second press and a stranger's press are refused."""
    w = world
    table_id, _ = await open_table(w)
    old = w.service.get(table_id)
    await concede(w, ANA, table_id)
    result = [m for m in thread_messages(w, table_id) if "game over" in w.fake.text_of(m)][-1]
    text = w.fake.text_of(result)
    res = old.game.result(old.state)  # the deciding rule in words and each seat's score
    assert res.rule and f"Why: {res.rule}" in text and all(line in text for line in res.scores)
    assert "Winner:" in text and "Turns: " in text and "Seats at the end" in text
    assert text.count("VP") == 2 + len(res.scores) and "🏆" in text  # the seats' end lines, then the scores
    rematch = buttons(w, result)["Rematch"]
    first = await w.fake.click(ANA, result, rematch)
    assert "It starts when" in first.followups[0].content and first.followups[0].ephemeral
    assert "Rematch (1/2 ready)" in buttons(w, w.fake.messages[result.id])
    assert "already asked" in refusal(await w.fake.click(ANA, w.fake.messages[result.id], rematch))
    assert "Only the players" in refusal(await w.fake.click(SPECTATOR, w.fake.messages[result.id], rematch))
    assert len(w.service.tables) == 0
    threads = len(w.fake.threads)
    done = await w.fake.click(BEN, w.fake.messages[result.id], rematch)
    await w.settle()
    assert len(w.service.tables) == 1
    new = next(iter(w.service.tables.values()))
    assert new.status == "playing" and new.place == old.place
    assert [(s.user_id, s.deck_id) for s in new.seats] == [(s.user_id, s.deck_id) for s in old.seats]
    assert "The rematch started" in done.followups[0].content
    assert f"Rematch: table {new.id}" in buttons(w, w.fake.messages[result.id])
    posted = [m for m in w.fake.channel_messages(CHANNEL_ID) if f"Rematch of table {table_id}" in m.content]
    assert len(posted) == 1 and f"<@{ANA}>" in posted[0].content
    assert len(w.fake.threads) == threads + 1  # the new table's thread, with its board
    dm = latest_dm(w, BEN)
    assert dm is not None and new.id in w.fake.text_of(dm)
    assert assert_all_within_limits(w.fake) > 0


async def test_a_finished_table_stays_readable(world):
    """`/table status`, `/table log` and `/table replay` of a finished table work by id and in
    its thread; status shows the result and the final board; the replay file has the log and the seed."""
    w = world
    table_id, _ = await open_table(w)
    await concede(w, BEN, table_id)
    assert table_id not in w.service.tables
    status = await w.fake.slash(SPECTATOR, CHANNEL_ID, "table", {"table": table_id}, sub="status")
    text = w.fake.text_of(status)
    assert status.ephemeral and "game over" in text and "Game over" in text and "Seats at the end" in text
    thread = w.bot.front.tables[table_id].thread
    here = await w.fake.slash(ANA, thread, "table", {}, sub="status")
    assert "game over" in w.fake.text_of(here)
    log = await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": table_id}, sub="log")
    lines = w.fake.cdn[log.message.attachments[0]["url"]].decode("utf-8")
    assert "concedes" in lines
    replay = await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": table_id}, sub="replay")
    assert replay.ephemeral and replay.message.attachments[0]["filename"] == f"table-{table_id}-replay.txt"
    data = w.fake.cdn[replay.message.attachments[0]["url"]].decode("utf-8")
    seed = (await w.store.load_tables(table_id=table_id))[0].seed
    assert "concedes" in data and f"seed {seed}" in data
    choices = await w.fake.autocomplete(ANA, CHANNEL_ID, "table", {"table": ""}, sub="replay")
    assert table_id in [c["value"] for c in choices]
    unknown = await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": "abcdef12"}, sub="replay")
    assert "There is no table 'abcdef12'" in refusal(unknown)
    assert assert_all_within_limits(w.fake) > 0


async def open_meta3(w, closed=()):
    """Ana, Ben and Carol at a three-seat Meta table."""
    for user in closed:
        w.fake.closed_dms.add(user)
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "meta", "seats": 3}, sub="new")
    lobby = reply.message
    table_id = next(iter(w.service.tables))
    for user in (BEN, CAROL):
        await w.fake.click(user, lobby, f"mh:l:{table_id}:join")
    await w.fake.click(ANA, lobby, f"mh:l:{table_id}:start")
    await w.settle()
    return table_id


def out_notices(w, user):
    return [m for m in w.fake.dm_messages(user) if "You are out of" in m.content]


async def test_a_player_who_is_out_is_told_once_and_may_leave(world):
    """META-WIN-03: Ana concedes a three-player Meta game that goes on: one DM tells her she is
    out, with Watch and Leave; after Leave her DMs are no longer edited while the others play."""
    w = world
    table_id = await open_meta3(w)
    t = w.service.get(table_id)
    await concede(w, ANA, table_id)
    assert t.status == "playing"
    notices = out_notices(w, ANA)
    assert len(notices) == 1 and set(buttons(w, notices[0])) == {"Watch", "Leave"}
    assert not out_notices(w, BEN)
    assert "another player" in refusal(await w.fake.click(BEN, notices[0], buttons(w, notices[0])["Leave"],
                                                          force=True))
    await w.fake.click(ANA, notices[0], buttons(w, notices[0])["Leave"])
    await w.settle()
    assert "left" in w.fake.messages[notices[0].id].content
    ana_dms = {m.id: m.edits for m in w.fake.dm_messages(ANA)}
    version = t.version
    for _ in range(6):  # the others play on
        d = t.game.decisions(t.state)
        if not d or t.status != "playing":
            break
        user = t.seats[d[0].seat].user_id
        await w.service.act(t.id, user, t.version, d[0].options[0].id)
        await w.settle()
    assert t.version > version
    assert {m.id: m.edits for m in w.fake.dm_messages(ANA)} == ana_dms  # no edit, no new DM


async def test_a_player_who_is_out_with_closed_dms_is_mentioned_in_the_thread_and_may_watch(world):
    """DMs closed: the out notice is a mention in the table's thread; Watch says they are watching."""
    w = world
    table_id = await open_meta3(w, closed=(ANA,))
    await concede(w, ANA, table_id)
    notes = [m for m in thread_messages(w, table_id) if "You are out of" in m.content]
    assert len(notes) == 1 and f"<@{ANA}>" in notes[0].content
    await w.fake.click(ANA, notes[0], buttons(w, notes[0])["Watch"])
    assert "is watching" in w.fake.messages[notes[0].id].content
