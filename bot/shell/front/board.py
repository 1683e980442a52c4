"""The front's public messages: the lobby, the table's thread and its board (edited in place, held while
the same people decide, posted anew when it is too old to edit), with the board's picture. May import
:mod:`bot.picture`, :mod:`bot.store`, :mod:`bot.host`, :mod:`games.core.contract`,
:mod:`bot.shell.render` and :mod:`bot.shell.front.core`.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord

from bot import picture
from bot.host import Table
from bot.store import StoreError
from games.core.contract import View

from .. import render
from .core import (
    BOARD_MAX_AGE,
    BOARD_PNG,
    PICTURE_MAX,
    REFUSED_HERE,
    THREAD_ACTION,
    FrontCore,
    TableMessages,
    log,
    payload_key,
    picture_file,
    view_fingerprint,
)


class Boards(FrontCore):
    """Posting and editing the lobby, the thread and the board, with its picture."""

    async def guild_pictures(self, guild_id: str) -> bool:
        """Whether boards on server ``guild_id`` carry pictures (``/settings pictures``, default on); read
        from the store once (key ``pictures:<guild id>``), then cached."""
        if guild_id not in self._guild_pictures:
            try:
                self._guild_pictures[guild_id] = await self.store.get_kv(f"pictures:{guild_id}") != "off"
            except StoreError as exc:
                log.warning("picture setting of server %s unreadable: %s", guild_id, exc)
                return True
        return self._guild_pictures[guild_id]

    async def set_guild_pictures(self, guild_id: str, on: bool) -> None:
        """Store server ``guild_id``'s picture setting and bring its boards in play up to date (a board
        whose picture goes or comes is edited once). Raises :class:`StoreError` (nothing changed)."""
        await self.store.put_kv(f"pictures:{guild_id}", "on" if on else "off")
        self._guild_pictures[guild_id] = on
        for t in list(self.service.tables.values()):
            if t.status == "playing" and t.place.partition(":")[0] == guild_id:
                m = await self.messages(t.id)
                m.dirty = True
                self._schedule(t.id)

    async def pictures_on(self, t: Table) -> bool:
        """Whether ``t``'s board carries a picture: ``BOARD_PICTURES``, the table's option and its server's
        setting all allow it."""
        if not self.pictures or not t.pictures:
            return False
        guild, sep, _ = t.place.partition(":")
        return await self.guild_pictures(guild) if sep else True

    async def board_picture(self, t: Table, m: TableMessages, view: View) -> tuple[str | None, bytes | None]:
        """``(fingerprint, PNG)`` of the public ``view``'s picture, rendered only when the view changed
        since the last render (off the event loop: it takes tens of milliseconds). ``(None, None)`` when
        the table shows none: pictures off, a game without a picture, a render that raised (logged once
        per table) or a picture over :data:`PICTURE_MAX`."""
        if not await self.pictures_on(t):
            return None, None
        key = view_fingerprint(view)
        if m.png is None or m.png[0] != key:
            try:
                png = await asyncio.to_thread(picture.board_png, t.game, view)
                if png is not None and len(png) > PICTURE_MAX:
                    raise ValueError(f"the picture has {len(png):,} bytes, over Discord's {PICTURE_MAX:,}")
            except Exception:  # noqa: BLE001 - any painter failure: the board goes out as text
                png = None
                if not m.picture_failed:
                    m.picture_failed = True
                    log.exception("board picture of table %s failed; its board goes on without one", t.id)
            m.png = (key, png)
        png = m.png[1]
        return (key, png) if png is not None else (None, None)

    async def _flush_lobby(self, t: Table, m: TableMessages) -> None:
        if m.lobby is None:
            return
        embed, view = render.lobby_embed(t), render.lobby_view(t)
        key = payload_key(embed, view)
        if m.sent.get("lobby") == key:
            return
        channel = self.client.get_channel(m.lobby[0]) or self.client.get_partial_messageable(m.lobby[0])
        if await self._safe(channel.get_partial_message(m.lobby[1]).edit(embed=embed, view=view),
                            channel=channel) is not None:
            m.sent["lobby"] = key

    async def _ensure_thread(self, t: Table, m: TableMessages) -> None:
        if not self.threads or m.thread is not None or m.lobby is None:
            return
        channel = self.client.get_channel(m.lobby[0])
        if not isinstance(channel, discord.TextChannel) or self._held("thread", channel.id):
            return
        try:
            thread = await channel.get_partial_message(m.lobby[1]).create_thread(
                name=render.clip(f"{t.game.name} table {t.id}", 100), auto_archive_duration=1440)
        except discord.Forbidden as exc:
            m.log.append("(No thread: the bot lacks the Create Public Threads permission; the board stays here.)")
            if exc.code in REFUSED_HERE:
                self._block("thread", channel.id, exc.code, t, channel)
                await self._missing_permission(t, channel, THREAD_ACTION, exc.code)
            return
        except discord.HTTPException as exc:
            log.warning("thread for table %s failed: %s", t.id, exc)
            return
        self.blocked.pop(("thread", channel.id), None)
        m.thread = thread.id
        await self.remember(t.id, "thread", -1, thread.id, 0)

    async def _flush_board(self, t: Table, m: TableMessages, views: dict[int | None, View]) -> None:
        if t.paused is not None:  # its place is gone; /table resume gives it a new one
            return
        notes = [f"{render.slot_line(t, s)} has DMs closed: use **My hand** below." for s in sorted(m.closed)]
        text = t.game.board_text(views[None])  # written once for the embed and the Full board button
        embed = render.board_embed(t, views[None], m.log, notes, text)
        view = render.board_view(t, bool(m.closed), views[None], text)
        shown, png = await self.board_picture(t, m, views[None])
        if png is not None:
            embed.set_image(url=f"attachment://{BOARD_PNG}")
        key = payload_key(embed, view) + f"|{shown}"
        if m.sent.get("board") == key:
            return
        hold = self._board_hold(t, m, views[None])
        if hold > 0:  # the same people go on deciding: their choices are shown together a little later
            self._refresh_later(t.id, m, hold)
            return
        m.board_deciders = frozenset(s for s, _ in views[None].waiting)
        m.board_shown_at = self.now()
        m.last_board_edit = time.monotonic()
        if m.board is not None and time.time() - m.board[2] < BOARD_MAX_AGE:
            channel = self.client.get_channel(m.board[0]) or self.client.get_partial_messageable(m.board[0])
            extra: dict[str, Any] = {}
            if shown != m.shown_picture or "board" not in m.sent:
                # a new picture, or none (or unknown since a restart): replaces the old one in this same edit
                extra["attachments"] = [picture_file(png)] if png is not None else []
            edited = await self._safe(channel.get_partial_message(m.board[1]).edit(embed=embed, view=view, **extra),
                                      t, "edit the board", channel)
            if edited is not None:
                m.sent["board"] = key
                m.shown_picture = shown
                return
            if t.paused is not None:
                return
            # any other failure (30046 edit limit, a deleted board message): post a new board
        await self._ensure_thread(t, m)
        channel = self._board_channel(m)
        if channel is None:
            return
        extra = {"file": picture_file(png)} if png is not None else {}
        msg = await self._safe(channel.send(embed=embed, view=view, **extra), t, "post the board", channel)
        if msg is not None:
            m.board = (msg.channel.id, msg.id, time.time())
            m.sent["board"] = key
            m.shown_picture = shown
            await self.remember(t.id, "board", -1, msg.channel.id, msg.id)

    def _board_hold(self, t: Table, m: TableMessages, view: View) -> float:
        """Seconds the board edit may wait (``BOARD_HOLD``, the Discord REST budget, docs/performance.md): while the
        seats waited for are the same people as at the board's last edit (one player making several choices
        in a row), their choices are shown together when the decision passes to someone else, when the game
        ends or pauses, or ``board_hold`` seconds after that edit. 0: edit now. Who is waited for is public (the
        board says it), so holding tells nobody anything the board will not."""
        if (not self.board_hold or view.result is not None or t.status != "playing" or m.board is None
                or "board" not in m.sent or not view.waiting):
            return 0.0
        deciders = frozenset(s for s, _ in view.waiting)
        if deciders != m.board_deciders or any(t.seats[s].computer for s in deciders if s < len(t.seats)):
            return 0.0
        return m.board_shown_at + self.board_hold - self.now()
