"""The Discord front end of the table service: a :class:`bot.tables.Listener` that keeps each table's
messages up to date.

* One board message per table (in the table's thread when threads are on), edited in place, at most one
  edit per board per ``board_interval`` seconds (a burst of actions becomes one edit). A board older than
  an hour is posted anew rather than edited (Discord limits edits of old messages).
* One DM per human seat with its private view and decision components, edited only when what it shows
  changes. When a DM fails with 50007 (DMs closed) the board says so and the seat uses the board's
  "My hand" button (an ephemeral view) instead.
* The message ids live in the store (``front_messages``), so a restarted bot edits the same messages.

A seat whose click is being answered through its interaction (the reply edits the clicked message) is
*claimed*: the front does not spend a REST call editing that DM meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.store import Store, StoreError
from bot.tables import Listener, Table, TableService
from games.core.contract import Decision, Event, Result, View

from . import render

log = logging.getLogger("metahost.front")
BOARD_MAX_AGE = 3600.0
HAND_TOKEN_LIFE = 14 * 60.0  # interaction tokens last 15 minutes
CANNOT_DM = 50007


@dataclass
class TableMessages:
    """What the front knows of one table's messages."""

    loaded: bool = False
    lobby: tuple[int, int] | None = None  # (channel id, message id)
    thread: int | None = None
    board: tuple[int, int, float] | None = None  # (channel id, message id, created)
    dms: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (dm channel id, message id)
    closed: set[int] = field(default_factory=set)  # seats whose DMs are closed
    sent: dict[str, str] = field(default_factory=dict)  # message key -> last payload sent
    log: list[str] = field(default_factory=list)
    views: dict[int | None, View] = field(default_factory=dict)
    dirty: bool = False
    last_board_edit: float = 0.0
    task: asyncio.Task | None = None
    claimed: set[int] = field(default_factory=set)
    hands: dict[int, tuple[discord.Interaction, float]] = field(default_factory=dict)  # seat -> ephemeral


def payload_key(embed: discord.Embed | None, view: discord.ui.View | None) -> str:
    return json.dumps([embed.to_dict() if embed else None, view.to_components() if view else None], sort_keys=True)


class DiscordFront(Listener):
    """Renders table changes to Discord. ``client`` is the bot; ``board_interval`` seconds between edits."""

    def __init__(self, client: discord.Client, service: TableService, store: Store, *, threads: bool = True,
                 board_interval: float = 1.0):
        self.client = client
        self.service = service
        self.store = store
        self.threads = threads
        self.board_interval = board_interval
        self.tables: dict[str, TableMessages] = {}
        self._dm_ids: dict[str, int] = {}
        self._loading = asyncio.Lock()  # one table's messages load at a time (rare: once per table a run)

    # -- DMs

    async def dm_channel(self, user_id: str) -> discord.abc.Messageable:
        """The bot's DM channel with a user: opened once (one REST call), then cached."""
        cached = self._dm_ids.get(user_id)
        if cached is None:
            data = await self.client.http.start_private_message(int(user_id))
            cached = self._dm_ids[user_id] = int(data["id"])
        return self.client.get_partial_messageable(cached, type=discord.ChannelType.private)

    # -- registry

    async def messages(self, table_id: str) -> TableMessages:
        """What the front knows of a table's messages, loaded from the store on first use (after a
        restart). Callers arriving while it loads wait for it, so none sees the table without them."""
        m = self.tables.setdefault(table_id, TableMessages())
        if m.loaded:
            return m
        async with self._loading:
            if m.loaded:
                return m
            rows = await self.store.messages_of(table_id)
            m.loaded = True
            for kind, seat, channel_id, message_id, created, flag in rows:
                if kind == "lobby":
                    m.lobby = (channel_id, message_id)
                elif kind == "thread":
                    m.thread = channel_id
                elif kind == "board":
                    m.board = (channel_id, message_id, created)
                elif kind == "dm":
                    if flag:
                        m.closed.add(seat)
                    elif message_id:
                        m.dms[seat] = (channel_id, message_id)
        return m

    async def remember(self, table_id: str, kind: str, seat: int, channel_id: int, message_id: int,
                       flag: bool = False) -> None:
        try:
            await self.store.put_message(table_id, kind, seat, channel_id, message_id, time.time(), flag)
        except StoreError as exc:  # the message still works; only a restart would lose track of it
            log.warning("could not remember %s message of table %s: %s", kind, table_id, exc)

    async def lobby_posted(self, t: Table, message: discord.Message | discord.InteractionMessage) -> None:
        m = await self.messages(t.id)
        m.lobby = (message.channel.id, message.id)
        m.sent["lobby"] = payload_key(render.lobby_embed(t), render.lobby_view(t))
        await self.remember(t.id, "lobby", -1, message.channel.id, message.id)

    # -- ephemeral hands (closed DMs)

    def hand_shown(self, table_id: str, seat: int, interaction: discord.Interaction,
                   embed: discord.Embed, view: discord.ui.View | None) -> None:
        """A seat's private view went out as an ephemeral message: keep that message up to date through
        the interaction's token (valid 15 minutes) as the game moves, like a DM."""
        m = self.tables.setdefault(table_id, TableMessages())
        m.hands[seat] = (interaction, time.monotonic())
        m.sent[f"hand:{seat}"] = payload_key(embed, view)

    async def _flush_hand(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        held = m.hands.get(seat)
        if held is None:
            return
        interaction, since = held
        if time.monotonic() - since > HAND_TOKEN_LIFE:
            m.hands.pop(seat, None)
            return
        embed = render.private_embed(t, view, self.where(t, m))
        comps = render.decision_view(t, view.decisions[0] if view.decisions else None)
        key = payload_key(embed, comps)
        if m.sent.get(f"hand:{seat}") == key:
            return
        try:
            await interaction.edit_original_response(embed=embed, view=comps)
            m.sent[f"hand:{seat}"] = key
        except discord.HTTPException:
            m.hands.pop(seat, None)  # the token expired or the message is gone: "My hand" gives a new one

    # -- claims: a click answered through its own interaction

    def claim(self, table_id: str, seat: int) -> None:
        self.tables.setdefault(table_id, TableMessages()).claimed.add(seat)

    def release(self, table_id: str, seat: int, embed: discord.Embed | None = None,
                view: discord.ui.View | None = None, in_dm: bool = False) -> None:
        m = self.tables.setdefault(table_id, TableMessages())
        m.claimed.discard(seat)
        if in_dm and embed is not None:
            m.sent[f"dm:{seat}"] = payload_key(embed, view)
        if m.dirty or in_dm:
            self._schedule(table_id)

    # -- listener

    async def lobby_changed(self, table: Table) -> None:
        m = await self.messages(table.id)
        m.dirty = True
        self._schedule(table.id)

    async def game_changed(self, table: Table, events: list[Event], views: dict[int | None, View]) -> None:
        m = await self.messages(table.id)
        m.log.extend(e.text for e in events if e.audience is None)
        del m.log[:-30]
        m.views = views
        m.dirty = True
        self._schedule(table.id)

    async def reminder(self, table: Table, seat: int, decision: Decision, deadline: float) -> None:
        m = await self.messages(table.id)
        user_id = table.seats[seat].user_id
        left = max(0, int(deadline - time.time()))
        text = (f"⏰ Your decision on {table.game.name} table {table.id} is waiting: {decision.prompt} "
                f"(about {left // 60} min {left % 60} s left; then the default is applied).")
        if seat not in m.closed and user_id and user_id.isdigit():
            try:
                await (await self.dm_channel(user_id)).send(text)
                return
            except discord.Forbidden as exc:
                if exc.code == CANNOT_DM:
                    await self._mark_closed(table, m, seat)
            except discord.HTTPException as exc:
                log.warning("reminder DM failed on table %s: %s", table.id, exc)
        channel = self._board_channel(m)
        if channel is not None:
            await self._safe(channel.send(f"<@{user_id}> {text}", allowed_mentions=discord.AllowedMentions(users=True)))

    async def finished(self, table: Table, result: Result | None, reason: str) -> None:
        m = await self.messages(table.id)
        m.dirty = True
        await self.flush(table.id, table)
        stats: list[str] = []
        for s in table.seats:
            if s.computer or not s.user_id:
                continue
            for _game, games, wins, losses, draws in await self.store.stats(s.user_id, table.game.id):
                stats.append(f"{render.seat_line(table, s.seat)}: {games} games, {wins} W / {losses} L / {draws} D")
        channel = self._board_channel(m)
        if channel is not None:
            await self._safe(channel.send(embed=render.result_embed(table, result, stats)))

    # -- flushing

    def _schedule(self, table_id: str) -> None:
        m = self.tables[table_id]
        if m.task is None or m.task.done():
            m.task = asyncio.get_running_loop().create_task(self._flush_later(table_id), name=f"metahost-flush-{table_id}")

    async def _flush_later(self, table_id: str) -> None:
        m = self.tables[table_id]
        while m.dirty:
            wait = m.last_board_edit + self.board_interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            t = self.service.tables.get(table_id)
            if t is None:
                return
            await self.flush(table_id, t)

    async def drain(self) -> None:
        """Wait until every pending edit is done (tests, shutdown)."""
        while True:
            tasks = [m.task for m in self.tables.values() if m.task is not None and not m.task.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def flush(self, table_id: str, t: Table) -> None:
        """Bring the lobby, board and DMs of ``t`` up to date with the latest views."""
        m = await self.messages(table_id)
        m.dirty = False
        await self._flush_lobby(t, m)
        if t.state is None:
            return
        views = m.views or self._views(t)
        await self._flush_board(t, m, views)
        for s in t.seats:
            if s.computer or s.seat in m.claimed:
                continue
            view = views.get(s.seat) or t.game.view(t.state, s.seat)
            if s.seat in m.closed:
                await self._flush_hand(t, m, s.seat, view)
            else:
                await self._flush_dm(t, m, s.seat, view)

    def _views(self, t: Table) -> dict[int | None, View]:
        views: dict[int | None, View] = {None: t.game.view(t.state, None)}
        for s in t.seats:
            if not s.computer:
                views[s.seat] = t.game.view(t.state, s.seat)
        return views

    async def _flush_lobby(self, t: Table, m: TableMessages) -> None:
        if m.lobby is None:
            return
        embed, view = render.lobby_embed(t), render.lobby_view(t)
        key = payload_key(embed, view)
        if m.sent.get("lobby") == key:
            return
        channel = self.client.get_channel(m.lobby[0]) or self.client.get_partial_messageable(m.lobby[0])
        if await self._safe(channel.get_partial_message(m.lobby[1]).edit(embed=embed, view=view)) is not None:
            m.sent["lobby"] = key

    def _board_channel(self, m: TableMessages):
        cid = m.thread or (m.board[0] if m.board else None) or (m.lobby[0] if m.lobby else None)
        if cid is None:
            return None
        return self.client.get_channel(cid) or self.client.get_partial_messageable(cid)

    async def _ensure_thread(self, t: Table, m: TableMessages) -> None:
        if not self.threads or m.thread is not None or m.lobby is None:
            return
        channel = self.client.get_channel(m.lobby[0])
        if not isinstance(channel, discord.TextChannel):
            return
        try:
            thread = await channel.get_partial_message(m.lobby[1]).create_thread(
                name=render.clip(f"{t.game.name} table {t.id}", 100), auto_archive_duration=1440)
        except discord.Forbidden:
            m.log.append("(No thread: the bot lacks the Create Public Threads permission; the board stays here.)")
            return
        except discord.HTTPException as exc:
            log.warning("thread for table %s failed: %s", t.id, exc)
            return
        m.thread = thread.id
        await self.remember(t.id, "thread", -1, thread.id, 0)

    async def _flush_board(self, t: Table, m: TableMessages, views: dict[int | None, View]) -> None:
        notes = [f"{render.seat_line(t, s)} has DMs closed: use **My hand** below." for s in sorted(m.closed)]
        embed = render.board_embed(t, views[None], m.log, notes)
        view = render.board_view(t, bool(m.closed))
        key = payload_key(embed, view)
        if m.sent.get("board") == key:
            return
        m.last_board_edit = time.monotonic()
        if m.board is not None and time.time() - m.board[2] < BOARD_MAX_AGE:
            channel = self.client.get_channel(m.board[0]) or self.client.get_partial_messageable(m.board[0])
            if await self._safe(channel.get_partial_message(m.board[1]).edit(embed=embed, view=view)) is not None:
                m.sent["board"] = key
                return
        await self._ensure_thread(t, m)
        channel = self._board_channel(m)
        if channel is None:
            return
        msg = await self._safe(channel.send(embed=embed, view=view))
        if msg is not None:
            m.board = (msg.channel.id, msg.id, time.time())
            m.sent["board"] = key
            await self.remember(t.id, "board", -1, msg.channel.id, msg.id)

    def where(self, t: Table, m: TableMessages) -> str:
        channel = self.client.get_channel(m.lobby[0]) if m.lobby else None
        guild = getattr(channel, "guild", None)
        place = f"{guild.name} · #{channel.name}" if guild and channel else "this server"
        return f"{place} · table {t.id}"

    async def _flush_dm(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        embed = render.private_embed(t, view, self.where(t, m))
        comps = render.decision_view(t, view.decisions[0] if view.decisions else None)
        key = payload_key(embed, comps)
        if m.sent.get(f"dm:{seat}") == key:
            return
        user_id = t.seats[seat].user_id
        if not user_id or not user_id.isdigit():
            return
        try:
            if seat in m.dms:
                channel_id, message_id = m.dms[seat]
                channel = self.client.get_channel(channel_id) or self.client.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).edit(embed=embed, view=comps)
            else:
                msg = await (await self.dm_channel(user_id)).send(embed=embed, view=comps)
                m.dms[seat] = (msg.channel.id, msg.id)
                await self.remember(t.id, "dm", seat, msg.channel.id, msg.id)
            m.sent[f"dm:{seat}"] = key
        except discord.Forbidden as exc:
            if exc.code == CANNOT_DM:
                await self._mark_closed(t, m, seat)
            else:
                log.warning("DM to seat %s of table %s refused: %s", seat, t.id, exc)
        except discord.NotFound:
            m.dms.pop(seat, None)  # the DM was deleted: send a new one next time
            m.dirty = True
        except discord.HTTPException as exc:
            log.warning("DM to seat %s of table %s failed: %s", seat, t.id, exc)

    async def _mark_closed(self, t: Table, m: TableMessages, seat: int) -> None:
        if seat in m.closed:
            return
        m.closed.add(seat)
        m.dms.pop(seat, None)
        await self.remember(t.id, "dm", seat, 0, 0, flag=True)
        m.dirty = True
        self._schedule(t.id)

    async def _safe(self, coro) -> Any:
        """Await a Discord call; log a failure instead of raising (a table never breaks on Discord errors)."""
        try:
            return await coro
        except discord.Forbidden as exc:
            log.warning("Discord refused (missing permission?): %s", exc)
        except discord.HTTPException as exc:
            log.warning("Discord call failed: %s", exc)
        return None
