"""Several bot processes on one PostgreSQL store, through the network-free harness (issue 30, "Several
processes"): a DM click that reaches a process not owning its table is acknowledged there and applied and answered
by the owner through the interaction's webhook, with no REST call added; ``metahost bot --shards`` refuses a
shard another process runs, and a shard range on SQLite."""

from __future__ import annotations

import discord
import pytest

from bot.host import TableService
from bot.host.owner import Owner
from bot.shards import shard_of
from bot.shell import ids
from bot.shell.app import MetaBot, run
from bot.shell.forward import DiscordAnswerer
from bot.store import Store

from .harness import GUILD_ID
from .world import World, open_seeded_table, paint_pictures_later, settings

ANA, BEN = 101, 102


@pytest.fixture
def backend() -> str:
    return "postgresql"


def decision_buttons(fake, msg) -> list[dict]:
    return [c for c in fake.components(msg) if c.get("custom_id", "").startswith("mh:d:")]


async def test_a_dm_click_on_a_table_another_process_owns_is_applied_and_answered_by_the_owner(fake, db_url):
    """Process A runs the guild's shard and owns the table; process B (the other shard) receives the next DM
    click (DMs arrive on shard 0, which B may run): B defers it, A applies it once and edits the clicked DM through
    the interaction's token. The click costs the two interaction calls of a local click (the deferral and the
    edit), and B hosts nothing."""
    assert shard_of(f"{GUILD_ID}:1", 2) == 0
    a = await World(fake, db_url).start()
    owner_a = await Owner.start(a.service, db_url, (0,), 2, poll=3600, answer=DiscordAnswerer(a.bot))
    store_b = await Store.open(db_url)
    svc_b = TableService(store_b, computer_delay=0)
    bot_b = MetaBot(svc_b, store_b, settings(), sync=False, tick=None)
    owner_b = await Owner.start(svc_b, db_url, (1,), 2, poll=3600, answer=DiscordAnswerer(bot_b))
    try:
        table_id = await open_seeded_table(a, "metax", (ANA, BEN), seed=3)
        t = a.service.get(table_id)
        decider = next(u for u in (ANA, BEN) if any(d.seat == t.seat_of(str(u)).seat
                                                     for d in t.game.decisions(t.state)))
        msg = [m for m in fake.dm_messages(decider) if decision_buttons(fake, m)][-1]
        button = decision_buttons(fake, msg)[0]["custom_id"]
        seq = t.seq
        paint_pictures_later(fake)
        await fake.boot(bot_b)  # later interactions reach B
        await owner_b.poll()
        assert table_id not in svc_b.tables and owner_b.elsewhere(table_id)

        reply = await fake.click(decider, msg, button)
        await a.settle()
        assert reply.type == 6  # deferred at once by B
        assert [c.kind for c in reply.calls] == ["callback", "edit"]  # A's edit through the token: nothing more
        assert any(c.kind == "edit" and c.message_id == msg.id for c in reply.calls)
        assert t.seq == seq + 1 and len(await store_b.actions(table_id)) == seq + 1
        assert not svc_b.tables

        board = fake.messages[a.bot.front.tables[table_id].board[1]]
        hand = await fake.click(BEN, board, ids.hand(table_id))  # read-only: B shows the table as stored
        assert hand.ephemeral and hand.embeds and not svc_b.tables and "Nothing was changed" not in hand.text
        again = await fake.click(decider, msg, button, force=True)  # a second press from the old message: refused
        await a.settle()
        assert again.type == 6 and again.followups and "Already decided" in again.followups[-1].text
        assert t.seq == seq + 1
    finally:
        await owner_b.close()
        await owner_a.close()
        await a.stop()
        await store_b.close()


async def test_a_shard_run_by_another_process_is_refused_at_start(db_url, capsys):
    """``metahost bot --shards 0-1 --shard-count 4`` while another process runs shard 1: one line, exit 2."""
    store = await Store.open(db_url)
    other = await Owner.start(TableService(store), db_url, (1,), 4, poll=3600)
    try:
        code = await run(settings(DISCORD_TOKEN="dummy.token.value", DATABASE_URL=db_url), "0-1", 4)
    finally:
        await other.close()
        await store.close()
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == ("metahost bot: shard 1 of 4 is already run by another process on this "
                                         "database: give each process its own --shards.")


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_a_shard_range_on_sqlite_is_refused(db_url, capsys):
    code = await run(settings(DISCORD_TOKEN="dummy.token.value", DATABASE_URL=db_url), "0-1", 4)
    err = capsys.readouterr().err
    assert code == 2 and "several processes need a PostgreSQL store" in err


async def test_a_sharded_bot_without_network_exits_4_and_lets_its_shards_go(db_url, monkeypatch, capsys):
    """``metahost bot --shards 0-1 --shard-count 4`` on PostgreSQL, Discord unreachable: the sharded client is
    built and fails to log in (one line, exit 4), and its shard locks are released (another process takes them)."""
    async def static_login(self, token):
        raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", static_login)
    code = await run(settings(DISCORD_TOKEN="dummy.token.value", DATABASE_URL=db_url), "0-1", 4)
    assert code == 4 and "Network is unreachable" in capsys.readouterr().err
    store = await Store.open(db_url)
    try:
        other = await Owner.start(TableService(store), db_url, (0, 1), 4, poll=3600)
        await other.close()
    finally:
        await store.close()


@pytest.mark.parametrize(("argv", "env", "words"), [
    (["--shards", "0-9", "--shard-count", "8"], {}, "shard 8 does not exist with a shard count of 8: shards are "
                                                    "numbered 0 to 7"),
    (["--shards", "3-1"], {}, "the shard range 3-1 runs backwards: write 1-3"),
    (["--shards", "0-x"], {}, "shards are numbers or ranges such as 0-3 or 0,2,4-5, not '0-x'"),
    (["--shard-count", "0"], {}, "the shard count must be 1 to 4096, not 0"),
    ([], {"SHARDS": "4-7", "SHARD_COUNT": "4"},  # the settings are checked when read
     "bad settings (SHARDS/SHARD_COUNT: shard 4 does not exist with a shard count of 4: shards are numbered 0 to 3)"),
])
def test_metahost_bot_refuses_a_bad_shard_range_in_one_line(argv, env, words, monkeypatch, capsys):
    from bot.cli import main

    for key in ("SHARDS", "SHARD_COUNT"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert main(["bot", *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err
