"""The bot's start-up: ``metahost bot`` without network access prints one line saying
Discord could not be reached, exits 4 and closes its store; the slash commands are synced only when
they changed (a hash kept in the store), not on every start."""

from __future__ import annotations

import asyncio
import logging
import types
from pathlib import Path

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.host import TableService
from bot.shell.app import NO_DISCORD, MetaBot, run
from bot.store import PgStore, Store, is_postgres

from .harness import APP_ID, GUILD_ID
from .world import settings


def no_network() -> Exception:
    key = types.SimpleNamespace(host="discord.com", port=443, ssl=True)
    return aiohttp.ClientConnectorError(key, OSError(-2, "Name or service not known"))


def server_error() -> Exception:
    return discord.DiscordServerError(types.SimpleNamespace(status=503, reason="Service Unavailable"), "down")


@pytest.mark.parametrize(("failure", "words"), [
    (no_network, "Cannot connect to host discord.com:443"),
    (lambda: TimeoutError(), "timed out"),
    (lambda: OSError(101, "Network is unreachable"), "Network is unreachable"),
    (lambda: discord.GatewayNotFound(), "gateway"),
    (server_error, "answered 503"),
], ids=["dns", "timeout", "unreachable", "gateway", "server-error"])
async def test_bot_without_network_says_one_line_and_closes_its_store(new_db, monkeypatch, capsys, failure, words):
    closed: list[str] = []

    def recorded(real_close):
        async def close(self):
            closed.append(self.path)
            await real_close(self)

        return close

    async def static_login(self, token):
        raise failure()

    for kind in (Store, PgStore):  # PgStore's close is PostgreSQL's own
        monkeypatch.setattr(kind, "close", recorded(kind.close))
    monkeypatch.setattr(discord.http.HTTPClient, "static_login", static_login)
    db = new_db("bot")
    setting = "DATABASE_URL" if is_postgres(db) else "METAHOST_DB"  # the older setting of the file, as before
    code = await run(settings(DISCORD_TOKEN="dummy.token.value", **{setting: db}))
    got = capsys.readouterr()
    assert code == NO_DISCORD == 4
    assert "Traceback" not in got.out + got.err and got.out == ""
    [line] = got.err.splitlines()
    assert line.startswith("metahost bot: Discord could not be reached") and words in line
    assert "dummy.token" not in line
    assert closed == [db] and not Path(f"{db}-wal").exists()  # closed cleanly
    assert not [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]


# -- syncing the command tree only when it changed


def syncs(fake) -> list[str]:
    """The command-sync REST calls made so far (``PUT …/commands``), as concrete paths."""
    return [c.url for c in fake.rest if c.method == "PUT" and c.path.endswith("/commands")]


async def boot(fake, path, extra: str | None = None, **over) -> MetaBot:
    """Start a bot on the store at ``path`` with ``sync=True`` (what ``metahost bot`` does); ``extra``
    adds one more slash command, as a new version of the bot would."""
    store = await Store.open(path)
    service = TableService(store, computer_delay=0)
    await service.load()
    bot = MetaBot(service, store, settings(**over), sync=True, tick=None)
    if extra:
        async def callback(interaction: discord.Interaction) -> None:  # pragma: no cover - never invoked
            await interaction.response.send_message("hi")

        bot.tree.add_command(app_commands.Command(name=extra, description="a new command", callback=callback))
    await fake.boot(bot)
    return bot


async def stop(bot: MetaBot) -> None:
    await bot.close()
    await bot.store.close()


async def test_commands_are_synced_on_the_first_start_then_only_when_they_change(fake, new_db, caplog):
    caplog.set_level(logging.INFO, logger="metahost.bot")
    path = new_db("bot")
    bot = await boot(fake, path)
    assert syncs(fake) == [f"/applications/{APP_ID}/commands"]
    synced = {c["name"] for c in next(c for c in fake.rest if c.method == "PUT").json}
    assert {"table", "deck"} <= synced
    assert "slash commands synced (global" in caplog.text
    await stop(bot)

    caplog.clear()
    bot = await boot(fake, path)  # a restart with the same commands
    assert len(syncs(fake)) == 1
    assert "slash commands unchanged (global): not synced" in caplog.text
    await stop(bot)

    bot = await boot(fake, path, extra="ping")  # a new version of the bot: one more command
    assert len(syncs(fake)) == 2
    assert "ping" in {c["name"] for c in [c for c in fake.rest if c.method == "PUT"][-1].json}
    await stop(bot)
    bot = await boot(fake, path, extra="ping")
    assert len(syncs(fake)) == 2
    await stop(bot)


async def test_a_dev_guild_is_synced_apart_from_the_global_commands(fake, new_db):
    path = new_db("bot")
    bot = await boot(fake, path, DEV_GUILD_ID=str(GUILD_ID))
    await stop(bot)
    bot = await boot(fake, path, DEV_GUILD_ID=str(GUILD_ID))
    await stop(bot)
    assert syncs(fake) == [f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"]
    bot = await boot(fake, path)  # back to global commands: they were never synced from this store
    await stop(bot)
    assert syncs(fake)[1:] == [f"/applications/{APP_ID}/commands"]


async def test_a_refused_sync_is_not_remembered_and_is_tried_again_at_the_next_start(fake, new_db, monkeypatch, caplog):
    real_sync = app_commands.CommandTree.sync

    async def refused(self, *, guild=None):
        raise discord.HTTPException(types.SimpleNamespace(status=500, reason="Internal Server Error"), "boom")

    monkeypatch.setattr(app_commands.CommandTree, "sync", refused)
    path = new_db("bot")
    bot = await boot(fake, path)  # the bot still starts
    assert "could not sync the slash commands (global)" in caplog.text
    await stop(bot)
    monkeypatch.setattr(app_commands.CommandTree, "sync", real_sync)
    bot = await boot(fake, path)
    assert syncs(fake) == [f"/applications/{APP_ID}/commands"]
    await stop(bot)

