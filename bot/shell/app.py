"""The bot process: :class:`MetaBot` (cogs, dynamic items, the timer loop) and :func:`run` for
``metahost bot``. The top of the shell: it imports ``cogs``, ``decks`` and ``common``; none of them imports
it."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sys
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot.decks import DeckService
from bot.host import TableLimits, TableService
from bot.host.owner import Owner, OwnerError
from bot.settings import Settings, apply_game_settings
from bot.shards import parse_shards
from bot.store import Store, StoreError

from .cogs import DYNAMIC_ITEMS, SettingsCog, StatsCog, TableCog
from .common import ShellTree, answer_stray
from .decks import DECK_ITEMS, DeckCog, answer_card_box
from .forward import DiscordAnswerer
from .front import DiscordFront
from .surroundings import SurroundingsCog

log = logging.getLogger("metahost.bot")

#: The exit status of ``metahost bot`` when Discord cannot be reached.
NO_DISCORD = 4


class MetaBot(commands.Bot):
    """The metahost bot over one :class:`TableService`. ``sync`` syncs the slash commands at start-up (to
    ``settings.dev_guild_id`` instantly when set, else globally); ``tick`` is the timer period in seconds
    (``None``: no timer loop, for tests that call ``service.tick()`` themselves). Implements
    :class:`bot.shell.common.Host`; its command tree sends every slash command error to the one error
    path (:class:`bot.shell.common.ShellTree`)."""

    def __init__(self, service: TableService, store: Store, settings: Settings, *, sync: bool = True,
                 tick: float | None = 1.0, **client_options: Any):
        """``client_options``: more of discord.py's client options (:class:`ShardedMetaBot`: ``shard_ids``,
        ``shard_count``)."""
        intents = discord.Intents.default()  # no privileged intents: slash commands and components only
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=ShellTree, **client_options)
        self.service = service
        self.store = store
        self.settings = settings
        self.decks = DeckService(store)
        apply_game_settings(settings)  # MetaZoo's Spellbook maximum (MZ-GAP-76)
        # The limits on open tables are settings of the bot; terminal play has none.
        service.limits = TableLimits(settings.max_tables_per_user, settings.max_tables_per_channel)
        self.front = DiscordFront(self, service, store, threads=settings.table_threads,
                                  board_interval=settings.board_edit_interval, board_hold=settings.board_hold,
                                  context_interval=settings.dm_context_interval,
                                  pictures=settings.board_pictures, web_links=settings.web_links,
                                  link_days=settings.web_link_days)
        service.listeners.append(self.front)
        # The whole-id templates of the shell's components (discord.py compiles each dynamic item's
        # template in DynamicItem.__init_subclass__): a click matching none is answered as stray.
        self.component_patterns = tuple(item.__discord_ui_compiled_template__ for item in (*DYNAMIC_ITEMS, *DECK_ITEMS))
        self._sync = sync
        self._tick = tick
        self._ticker: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        await self.add_cog(TableCog(self))
        await self.add_cog(StatsCog(self))
        await self.add_cog(SettingsCog(self))
        await self.add_cog(DeckCog(self))
        await self.add_cog(SurroundingsCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS, *DECK_ITEMS)
        if self._tick:
            self._ticker = asyncio.get_running_loop().create_task(self._tick_loop(), name="metahost-tick")
        if self._sync:
            await self.sync_commands()

    async def sync_commands(self) -> bool:
        """Sync the slash commands (to ``settings.dev_guild_id`` when set, else globally) only when they
        changed since the last successful sync: a hash of the commands' payload, the application and the
        target is kept in the store (key ``command_tree:<target>``), written only after Discord accepted
        the sync. Returns whether it synced. A refused sync is logged and retried at the
        next start; the bot runs on with the commands Discord already has."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        target = f"guild {guild.id}" if guild is not None else "global"
        payload = sorted((c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)),
                         key=lambda c: (c.get("type", 1), c["name"]))
        digest = hashlib.sha256(json.dumps({"application": self.application_id, "target": target,
                                            "commands": payload}, sort_keys=True).encode()).hexdigest()
        key = f"command_tree:{target}"
        if await self.store.get_kv(key) == digest:
            log.info("slash commands unchanged (%s): not synced", target)
            return False
        try:
            await self.tree.sync(guild=guild)
        except discord.HTTPException as exc:
            log.error("could not sync the slash commands (%s): %s; will try again at the next start", target, exc)
            return False
        try:
            await self.store.put_kv(key, digest)
        except StoreError as exc:  # synced; the next start syncs once more
            log.warning("synced the slash commands but could not remember it: %s", exc)
        log.info("slash commands synced (%s, %d commands)", target, len(payload))
        return True

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self._tick or 1.0)
            try:
                await self.service.tick()
            except Exception:  # noqa: BLE001 - the loop must survive any one table's failure
                log.exception("timer tick failed")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction, after discord.py dispatched it: a component click no component of the shell
        runs for (a custom id the bot never made, or not on the clicked message) is answered here, since
        discord.py drops it silently."""
        if await answer_card_box(interaction):  # a card box, live or from before a restart
            return
        await answer_stray(interaction, self.component_patterns)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers; %d tables loaded", self.user, len(self.guilds), len(self.service.tables))

    async def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        await self.front.drain()
        await super().close()


class ShardedMetaBot(MetaBot, commands.AutoShardedBot):
    """:class:`MetaBot` running a range of Discord's shards in one process (``metahost bot --shards 0-3
    --shard-count 8``; discord.py's :class:`~discord.AutoShardedClient` with ``shard_ids`` and ``shard_count``)."""


async def run(settings: Settings, shard_range: str | None = None, shard_count: int | None = None) -> int:
    """Run the bot until it is stopped. ``shard_range`` of ``shard_count`` (``--shards 0-3 --shard-count 8``;
    each ``None``: ``SHARDS``/``SHARD_COUNT``, else every shard of 1): the Discord shards this process runs; on
    PostgreSQL the process owns the tables of their guilds through the database (:class:`bot.host.owner.Owner`;
    docs/hosting.md, "Several processes"), on SQLite it must run every shard. Returns an exit code: 0 stopped,
    2 a missing or rejected token, a bad shard range, or a shard another process runs, 3 the database cannot be
    used (one line naming the file), 4 Discord cannot be reached (one line). Never a traceback for these, the
    store is closed cleanly, and the token never appears in a log."""
    try:
        shards, shard_count = parse_shards(settings.shards if shard_range is None else shard_range,
                                           settings.shard_count if shard_count is None else shard_count)
    except ValueError as exc:
        print(f"metahost bot: bad --shards/--shard-count: {exc}.", file=sys.stderr)
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print("metahost bot: DISCORD_TOKEN is not set. Put it in .env (see .env.example) or the environment.\n"
              "Create one at https://discord.com/developers/applications (your app > Bot > Reset Token).")
        return 2
    try:
        store = await Store.open(settings.database)
    except StoreError as exc:
        print(exc.line("metahost bot", settings.database_setting), file=sys.stderr)
        return StoreError.exit_code
    if store.dialect != "postgresql" and len(shards) < shard_count:
        await store.close()
        print(f"metahost bot: running shards {shards[0]}-{shards[-1]} of {shard_count} needs several processes, "
              "and several processes need a PostgreSQL store (DATABASE_URL=postgresql://…; docs/hosting.md, "
              "\"Several processes\"). On SQLite, run one process with every shard.", file=sys.stderr)
        return 2
    service = TableService(store, computer_delay=settings.computer_delay)
    bot: MetaBot | None = None
    web = web_task = None
    if settings.web_port is not None:  # the web front beside the bot (docs/web.md), on the same store
        from bot.web.serve import server

        try:
            web = server(settings)
        except ValueError as exc:
            print(f"metahost bot: WEB_PORT is set but {exc}", file=sys.stderr)
            await store.close()
            return 2
    owner: Owner | None = None
    try:
        answerer = DiscordAnswerer(None)
        if store.dialect == "postgresql":  # ownership by the database: this process adopts its shards' tables
            owner = await Owner.start(service, settings.database, shards, shard_count, answer=answerer)
        else:
            await service.load()
        if shard_count > 1:
            bot = ShardedMetaBot(service, store, settings, shard_ids=list(shards), shard_count=shard_count)
        else:
            bot = MetaBot(service, store, settings)
        answerer.host = bot
        if web is not None:
            web_task = asyncio.create_task(web.serve())
        await bot.start(settings.discord_token.get_secret_value())
    except OwnerError as exc:
        print(f"metahost bot: {exc}.", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("metahost bot: Discord rejected DISCORD_TOKEN. Check it in the Developer Portal (Bot > Reset Token).")
        return 2
    except discord.PrivilegedIntentsRequired:
        print("metahost bot: the bot asked for a privileged intent it is not allowed; none should be needed.")
        return 2
    except StoreError as exc:
        print(exc.line("metahost bot", settings.database_setting), file=sys.stderr)
        return StoreError.exit_code
    except discord.DiscordServerError as exc:
        print(f"metahost bot: Discord could not be reached: it answered {exc.status} (a Discord outage?); "
              "try again later.", file=sys.stderr)
        return NO_DISCORD
    except (TimeoutError, aiohttp.ClientError, OSError, discord.GatewayNotFound) as exc:
        # No network, DNS, proxy or firewall: aiohttp's error, never a traceback.
        print(f"metahost bot: Discord could not be reached ({type(exc).__name__}: {str(exc) or 'timed out'}); "
              "check this machine's network connection, DNS, proxy or firewall, then start again.", file=sys.stderr)
        return NO_DISCORD
    finally:
        if web is not None and web_task is not None:
            web.should_exit = True
            await asyncio.gather(web_task, return_exceptions=True)
        if bot is not None and not bot.is_closed():
            await bot.close()
        if owner is not None:
            await owner.close()  # every table handed over to the other processes at once
        await service.settle()
        service.thinker.close()  # the searching computers' processes, if any started
        await store.close()
    return 0
