"""What the table service tells the front (:class:`bot.host.Listener`) turned into Discord messages: a
lobby or game that changed, reminders, the result, a player who is out, a table paused or resumed, the next
game of a series. May import :mod:`bot.host`, :mod:`games.core.contract`, :mod:`bot.shell.render` and
:mod:`bot.shell.front.core`.
"""

from __future__ import annotations

import asyncio

import discord

from bot.host import SLOT, Table
from games.core.contract import Decision, Event, Result, View

from .. import render
from .core import (
    CANNOT_DM,
    FrontCore,
    log,
    payload_key,
)


class TableEvents(FrontCore):
    """The listener's events, as messages."""

    async def lobby_changed(self, table: Table) -> None:
        m = await self.messages(table.id)
        m.dirty = True
        self._schedule(table.id)

    async def game_changed(self, table: Table, events: list[Event], views: dict[int | None, View]) -> None:
        m = await self.messages(table.id)
        m.log.extend(e.text for e in events if e.audience is None)
        del m.log[:-30]
        m.views, m.views_of = views, (table.state, table.version)
        m.dirty = True
        self._schedule(table.id)

    async def reminder(self, table: Table, seat: int, decision: Decision, deadline: float) -> None:
        """Remind every user who may answer ``seat``'s decision (its co-managers too, MO-OPT-06/08)."""
        for slot, _user in table.slots():
            if table.answers_for(slot % SLOT) == seat:
                await self._remind(table, slot, decision, deadline)

    async def _remind(self, table: Table, slot: int, decision: Decision, deadline: float) -> None:
        m = await self.messages(table.id)
        user_id = table.slot_user(slot)
        text = (f"⏰ Your decision on {table.game.name} table {table.id} is waiting: {decision.prompt} "
                f"(time runs out {render.when(deadline)}; then the default is applied).")
        if slot not in m.closed and user_id and user_id.isdigit():
            try:
                await (await self.dm_channel(user_id)).send(text)
                return
            except discord.Forbidden as exc:
                if exc.code == CANNOT_DM:
                    await self._mark_closed(table, m, slot)
            except discord.HTTPException as exc:
                log.warning("reminder DM failed on table %s: %s", table.id, exc)
        channel = self._board_channel(m)
        if channel is not None:
            await self._safe(channel.send(f"<@{user_id}> {text}", allowed_mentions=discord.AllowedMentions(users=True)),
                             table, "post a reminder", channel)

    async def finished(self, table: Table, result: Result | None, reason: str) -> None:
        m = await self.messages(table.id)
        if m.refresh is not None:
            m.refresh.cancel()
        m.dirty = True
        await self.flush(table.id, table)
        stats: list[str] = []
        for s in table.seats:
            if s.computer or not s.user_id:
                continue
            for _game, games, wins, losses, draws in await self.store.stats(s.user_id, table.game.id):
                stats.append(f"{render.seat_line(table, s.seat)}: {games} games, {wins} W / {losses} L / {draws} D")
        channel = self._board_channel(m) if table.paused is None else None  # a paused table has no place
        if channel is not None:
            # The final summary from the final public view, with Rematch for a finished game.
            final = table.game.view(table.state, None) if result is not None and table.state is not None else None
            embed = render.result_embed(table, result, stats, final, link=self.web_link(table.id))
            await self._safe(channel.send(embed=embed, view=render.rematch_view(table) if result is not None else None),
                             table, "post the result", channel)

    async def released(self, table: Table) -> None:
        """Another process owns ``table`` now: finish the edit under way, then forget its messages (the owner
        reads them from the store)."""
        m = self.tables.get(table.id)
        if m is None:
            return
        if m.task is not None and not m.task.done() and m.task is not asyncio.current_task():
            await asyncio.gather(m.task, return_exceptions=True)
        if m.refresh is not None:
            m.refresh.cancel()
        self.tables.pop(table.id, None)

    async def seat_out(self, table: Table, seat: int) -> None:
        """Tell a player once that they are out of a game that goes on, with Watch and Leave:
        a new DM (it notifies), or, when their DMs are closed, a mention in the table's thread. Every user
        of a Team Up seat (MO-OPT-06) is told."""
        for k, _user in enumerate(table.managers(seat)):
            await self._tell_out(table, seat, seat + SLOT * k)

    async def _tell_out(self, table: Table, seat: int, slot: int) -> None:
        m = await self.messages(table.id)
        user_id = table.slot_user(slot)
        if not user_id or not user_id.isdigit():
            return
        text, view = render.out_text(table, seat), render.out_view(table, seat)
        if slot not in m.closed:
            try:
                await (await self.dm_channel(user_id)).send(text, view=view)
                return
            except discord.Forbidden as exc:
                if exc.code == CANNOT_DM:
                    await self._mark_closed(table, m, slot)
                else:
                    log.warning("out notice to seat %s of table %s refused: %s", seat, table.id, exc)
            except discord.HTTPException as exc:
                log.warning("out notice to seat %s of table %s failed: %s", seat, table.id, exc)
        channel = self._board_channel(m)
        if channel is not None:
            await self._safe(channel.send(f"<@{user_id}> {text}", view=view,
                                          allowed_mentions=discord.AllowedMentions(users=True)),
                             table, "tell a player they are out", channel)

    async def leave_dms(self, table_id: str, seat: int) -> None:
        """A player who is out chose Leave: no more DM edits or notices from this table (remembered across
        restarts); the game goes on."""
        m = await self.messages(table_id)
        if seat in m.left:
            return
        m.left.add(seat)
        m.hands.pop(seat, None)
        await self.remember(table_id, "left", seat, 0, 0)

    async def paused(self, table: Table, reason: str) -> None:
        """The table's place is gone: forget its thread and board, and tell each player (and the host) by
        DM that it waits and how it continues."""
        m = await self.messages(table.id)
        m.thread = m.board = None
        m.sent.pop("board", None)
        resume = f"`/table resume table:{table.id}`"
        base = (f"⏸️ {table.game.name} table {table.id} is paused: {reason}. Nothing is lost and no time runs out "
                "while it waits.")
        told = set()
        for slot, user_id in table.slots():
            if slot in m.closed:
                continue
            told.add(user_id)
            await self._notice(user_id, base + " " + self._resume_hint(table, user_id, resume))
        if table.host_user not in told:
            await self._notice(table.host_user, base + " " + self._resume_hint(table, table.host_user, resume))

    @staticmethod
    def _resume_hint(table: Table, user_id: str, resume: str) -> str:
        if user_id == table.host_user:
            return (f"You are its host: run {resume} in the channel where it should continue (anyone with "
                    "Manage Channels may too).")
        return f"Its host <@{table.host_user}> can continue it with {resume} in another channel."

    async def resumed(self, table: Table) -> None:
        """A paused table continues at ``table.place``: post the table there (the new thread opens from
        that message), then a new board; players hear of it by DM."""
        m = await self.messages(table.id)
        m.thread = m.board = None
        m.sent.pop("board", None)
        channel = self._place_channel(table)
        if channel is not None:
            self._retry(lambda key, b: key[1] == channel.id)  # someone chose this place: try it now
            embed = render.lobby_embed(table)
            text = f"▶️ {table.game.name} table {table.id} continues here."
            anchor = await self._safe(channel.send(text, embed=embed, allowed_mentions=discord.AllowedMentions.none()),
                                      table, "post the table", channel)
            if anchor is not None:
                m.lobby = (anchor.channel.id, anchor.id)
                m.sent["lobby"] = payload_key(embed, render.lobby_view(table))
                await self.remember(table.id, "lobby", -1, anchor.channel.id, anchor.id)
                where = f"<#{anchor.channel.id}>"
                for slot, user_id in table.slots():
                    if slot not in m.closed:
                        await self._notice(user_id, f"▶️ {table.game.name} table {table.id} continues in {where}; "
                                                    "your time runs again.")
        m.dirty = True
        self._schedule(table.id)

    async def series_next(self, old: Table, new: Table) -> None:
        """The next game of a series (MZ-GAP-75) opened in its lobby: post its lobby in the channel, naming
        the score and ``/deck swap`` (MZ-BOOK-06); a failure is logged, never raised (the finished game stands)."""
        _, _, cid = new.place.partition(":")
        if not cid.isdigit():
            return
        info = new.options.get("series") or {}
        players = " ".join(render.seat_line(new, s.seat) for s in new.seats if not s.computer)
        text = render.clip(f"🔁 Game {info.get('game')} of the series (table {old.id} → {new.id}): {players}. "
                           "Before it starts, each Caster may swap Pages one for one with their Archive: "
                           "`/deck swap out:<Pages> in:<Pages>` (MZ-BOOK-06), then **Start**.", 2000)
        channel = self.client.get_channel(int(cid)) or self.client.get_partial_messageable(int(cid))
        try:
            message = await channel.send(text, embed=render.lobby_embed(new), view=render.lobby_view(new),
                                         allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException:
            log.exception("could not post the lobby of series table %s", new.id)
            return
        await self.lobby_posted(new, message)
