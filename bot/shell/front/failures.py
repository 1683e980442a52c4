"""What the front does when Discord refuses it: every call goes through ``_safe``, which logs a failure
instead of raising; a channel refused with 50013 or 50001 is blocked until its permissions may have changed
(and the table's creator is told once what is missing); a deleted channel or thread pauses its tables.
May import :mod:`bot.store`, :mod:`bot.host` and :mod:`bot.shell.front.core`.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.host import Table, TableError
from bot.store import StoreError

from .core import (
    BLOCK_FIRST,
    BLOCK_MAX,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    REFUSED_HERE,
    THREAD_ACTION,
    UNKNOWN_CHANNEL,
    Blocked,
    FrontCore,
    log,
)


class Failures(FrontCore):
    """Discord's refusals: blocked channels, missing permissions, deleted places."""

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.place_deleted(payload.thread_id, "its thread was deleted")

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.place_deleted(channel.id, f"its channel #{channel.name} was deleted")

    async def place_deleted(self, channel_id: int, reason: str) -> None:
        """Pause every table in play whose channel, thread or board lived in ``channel_id``."""
        for t in list(self.service.tables.values()):
            if t.status != "playing" or t.paused is not None:
                continue
            m = await self.messages(t.id)
            _, _, place = t.place.partition(":")
            if channel_id in (m.thread, m.board[0] if m.board else None) or str(channel_id) == place:
                await self._pause(t, reason)

    async def _pause(self, t: Table, reason: str) -> None:
        if self.service.tables.get(t.id) is not t or t.status != "playing" or t.paused is not None:
            return
        try:
            await self.service.pause(t.id, reason)
        except (TableError, StoreError) as exc:
            log.warning("could not pause table %s (%s): %s", t.id, reason, exc)

    async def _missing_permission(self, t: Table, channel: Any, action: str, code: int = MISSING_PERMISSIONS) -> None:
        """Tell the table's creator, once per table and problem, which permission the bot lacks."""
        m = await self.messages(t.id)
        missing = self._lacking(channel, action)
        key = ",".join(missing) or action
        if key in m.notified:
            return
        m.notified.add(key)
        await self.remember(t.id, f"notice:{key}", -1, 0, 0)
        cid = getattr(channel, "id", None)
        where = f"<#{cid}>" if cid else "its channel"
        if missing:
            what = (f"I lack {' and '.join(missing)} there. Ask a server admin to grant "
                    f"{'it' if len(missing) == 1 else 'them'} to me in that channel")
        else:
            refusal = "Missing Access" if code == MISSING_ACCESS else "Missing Permissions"
            what = (f"Discord says I lack a permission there ({refusal}). Ask a server admin to check that "
                    "I have View Channel, Send Messages, Send Messages in Threads, Create Public Threads and Embed "
                    "Links in that channel")
        text = f"⚠️ I can't {action} of {t.game.name} table {t.id} in {where}: {what} (channel settings → Permissions)."
        if t.status == "playing":
            text += (" The game goes on: players still get their DMs. I make no more attempts there until the "
                     "channel's permissions change; then the board catches up by itself.")
        await self._notice(t.host_user, text)

    def _lacking(self, channel: Any, action: str) -> list[str]:
        """The permissions the bot needs for ``action`` in ``channel`` and lacks ([] when unknown)."""
        me = getattr(getattr(channel, "guild", None), "me", None)
        if me is None or not hasattr(channel, "permissions_for"):
            return []
        perms = channel.permissions_for(me)
        if not perms.view_channel:
            return ["View Channel"]
        if action == THREAD_ACTION:
            return [] if perms.create_public_threads else ["Create Public Threads"]
        if isinstance(channel, discord.Thread):
            send = ("Send Messages in Threads", perms.send_messages_in_threads)
        else:
            send = ("Send Messages", perms.send_messages)
        if not send[1]:  # discord.py then reports Embed Links as lacking too: name only the cause
            return [send[0]]
        return [] if perms.embed_links else ["Embed Links"]

    async def _safe(self, coro, t: Table | None = None, action: str = "", channel: Any = None) -> Any:
        """Await a Discord call; log a failure instead of raising (a table never breaks on Discord errors).

        With the table ``t``, the ``action`` ("post the board") and the ``channel``: 50013 or 50001 tells
        the table's creator which permission is missing, and blocks the channel (no call is made there,
        :class:`Blocked`, until its permissions may have changed: ``coro`` is then closed unawaited and
        ``None`` returned); 10003 (the channel or thread is gone) pauses the table."""
        cid = getattr(channel, "id", None)
        if cid is not None and self._held("send", cid):
            coro.close()
            return None
        try:
            result = await coro
        except discord.Forbidden as exc:
            log.warning("Discord refused (missing permission?): %s", exc)
            if cid is not None and exc.code in REFUSED_HERE:
                self._block("send", cid, exc.code, t, channel)
            if t is not None and exc.code in REFUSED_HERE:
                await self._missing_permission(t, channel, action, exc.code)
        except discord.NotFound as exc:
            log.warning("Discord call failed: %s", exc)
            if t is not None and exc.code == UNKNOWN_CHANNEL:
                m = self.tables.get(t.id)
                gone = "thread" if m is not None and getattr(channel, "id", None) == m.thread else "channel"
                await self._pause(t, f"its {gone} was deleted")
        except discord.HTTPException as exc:
            log.warning("Discord call failed: %s", exc)
        else:
            lifted = self.blocked.pop(("send", cid), None) if cid is not None else None
            if lifted is not None:
                log.info("Discord accepts calls in channel %s again (%d were not made meanwhile)", cid, lifted.skipped)
            return result
        return None

    def _held(self, kind: str, channel_id: int) -> bool:
        """Whether a ``kind`` call in ``channel_id`` must not be made now (blocked, not due). A due block
        lets this one call through and sets the next due time, so that a refusal waits twice as long."""
        b = self.blocked.get((kind, channel_id))
        if b is None:
            return False
        now = self.now()
        if now < b.due:
            b.skipped += 1
            return True
        b.delay = min(b.delay * 2, BLOCK_MAX)
        b.due = now + b.delay
        return False

    def _block(self, kind: str, channel_id: int, code: int, t: Table | None, channel: Any) -> None:
        """Discord refused a ``kind`` call in ``channel_id`` with ``code``: make no more until it may work."""
        b = self.blocked.get((kind, channel_id))
        if b is not None:  # a try that was refused again: _held already set the longer wait
            b.code = code
            return
        guild = getattr(getattr(channel, "guild", None), "id", None)
        if guild is None and t is not None and t.place.partition(":")[0].isdigit():
            guild = int(t.place.partition(":")[0])
        parent = getattr(channel, "parent_id", None)
        m = self.tables.get(t.id) if t is not None else None
        if parent is None and m is not None and channel_id == m.thread and m.lobby is not None:
            parent = m.lobby[0]  # the table's thread opens from its lobby message
        self.blocked[(kind, channel_id)] = Blocked(code, guild, parent, self.now() + BLOCK_FIRST)
        log.warning("Discord refused the bot in channel %s (%s): no more calls there until its permissions "
                    "change", channel_id, code)

    def _retry(self, which) -> None:
        """Let one call try again at once in every blocked channel for which ``which(key, block)`` holds, and
        bring the boards of the tables there up to date (an event said the permissions may have changed)."""
        hit = {key[1] for key, b in self.blocked.items() if which(key, b)}
        if not hit:
            return
        now = self.now()
        for key, b in self.blocked.items():
            if key[1] in hit:
                b.due = now
        for t in list(self.service.tables.values()):
            m = self.tables.get(t.id)
            if m is None or t.status != "playing":
                continue
            if hit & {m.thread, m.board[0] if m.board else None, m.lobby[0] if m.lobby else None}:
                m.dirty = True
                self._schedule(t.id)

    def blocked_note(self, t: Table) -> str | None:
        """Why ``t``'s board stopped, for its players and admins (``/table status``), or ``None``."""
        m = self.tables.get(t.id)
        if m is None:
            return None
        board = self._board_channel(m)  # where the board is, or would be posted
        for cid in (m.board[0] if m.board else None, getattr(board, "id", None)):
            if cid is not None and ("send", cid) in self.blocked:
                channel = self.client.get_channel(cid)
                missing = self._lacking(channel, "post the board") if channel is not None else []
                why = f"I lack {' and '.join(missing)} there" if missing else "Discord refuses me there"
                return (f"⚠️ The board in <#{cid}> has stopped updating: {why}. A server admin can grant it in the "
                        "channel's settings → Permissions; the board catches up by itself. Your DMs and "
                        "**My hand** work meanwhile.")
        return None

    async def on_guild_channel_update(self, before: Any, after: Any) -> None:
        self._retry(lambda key, b: after.id in (key[1], b.parent))

    async def on_thread_update(self, before: Any, after: Any) -> None:
        self._retry(lambda key, b: after.id in (key[1], b.parent))

    async def on_guild_role_update(self, before: Any, after: Any) -> None:
        self._retry(lambda key, b: b.guild in (None, after.guild.id))

    async def on_guild_role_delete(self, role: Any) -> None:
        self._retry(lambda key, b: b.guild in (None, role.guild.id))

    async def on_member_update(self, before: Any, after: Any) -> None:
        me = getattr(self.client, "user", None)
        if me is not None and after.id == me.id:  # the bot's own roles changed
            self._retry(lambda key, b: b.guild in (None, after.guild.id))
