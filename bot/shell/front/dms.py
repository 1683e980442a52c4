"""The front's private messages: each seat's DM (one per Team Up co-manager) with its private view and
decision, turn notices (a new DM, or a mention in the table's thread when DMs are closed) and quiet response
windows, the ephemeral **My hand** kept up to date through its interaction, and the claim of a seat whose
click is being answered in the clicked message. May import :mod:`bot.store`, :mod:`bot.host`,
:mod:`games.core.contract`, :mod:`bot.shell.render` and :mod:`bot.shell.front.core`.
"""

from __future__ import annotations

import asyncio
import time

import discord

from bot.host import SLOT, Table
from bot.store import StoreError
from games.core.contract import View

from .. import render
from .core import (
    CANNOT_DM,
    EDIT_LIMIT,
    HAND_TOKEN_LIFE,
    FrontCore,
    TableMessages,
    buttons_key,
    log,
    payload_key,
    private_key,
)


class DMs(FrontCore):
    """Delivering private views: DMs, turn notices, ephemeral hands, claims."""

    async def private_payload(self, t: Table, slot: int) -> tuple[str | None, discord.Embed, discord.ui.View | None]:
        """``(content, embed, components)`` of the private view DM slot ``slot`` shows now (its seat's, or the
        seat that manages it, ``Table.answers_for``): the content line names the table and the live deadline
        while the seat decides, the embed is the private view with its context, the components
        its decision's (with the seat's decision token)."""
        m = await self.messages(t.id)
        seat = t.answers_for(slot % SLOT)
        fresh = m.views_of is not None and m.views_of[0] is t.state and m.views_of[1] == t.version
        view = (m.views.get(seat) if fresh else None) or t.game.view(t.state, seat)  # the one game_changed made
        m.sent[f"dmq:{slot}"] = private_key(t, view)  # what the click's reply shows (release() keeps it)
        user_id = t.slot_user(slot)
        m.sent[f"dmw:{slot}"] = "quiet" if user_id and await self._quiet(t, view, user_id) else ""
        return self._private(t, m, seat, view)

    def _private(self, t: Table, m: TableMessages, seat: int, view: View):
        embed = render.private_embed(t, view, self.where(t, m))
        decision = view.decisions[0] if view.decisions else None
        return render.turn_content(t, seat, decision is not None), embed, render.decision_view(t, decision)

    async def wants_notices(self, user_id: str) -> bool:
        """Whether ``user_id`` gets turn notices (``/notify``); read from the store once, then cached."""
        if user_id not in self._notify:
            try:
                self._notify[user_id] = await self.store.notify_of(user_id)
            except StoreError as exc:
                log.warning("notice setting of %s unreadable: %s", user_id, exc)
                return True
        return self._notify[user_id]

    async def wants_window_pings(self, user_id: str) -> bool:
        """Whether a response window notifies ``user_id`` like a turn (``/notify windows:on``)."""
        return (await self.service.play_prefs(user_id)).windows

    async def _quiet(self, t: Table, view: View, user_id: str) -> bool:
        """Whether ``view``'s open decision is a response window shown to ``user_id`` without a notice."""
        return bool(view.decisions) and view.decisions[0].window and not await self.wants_window_pings(user_id)

    async def set_notices(self, user_id: str, on: bool) -> None:
        """Store ``user_id``'s turn-notice setting. Raises :class:`StoreError` (nothing changed)."""
        await self.store.set_notify(user_id, on)
        self._notify[user_id] = on

    def hand_shown(self, table_id: str, seat: int, interaction: discord.Interaction,
                   embed: discord.Embed, view: discord.ui.View | None, content: str | None = None) -> None:
        """A seat's private view went out as an ephemeral message: keep that message up to date through
        the interaction's token (valid 15 minutes) as the game moves, like a DM."""
        m = self.tables.setdefault(table_id, TableMessages())
        m.hands[seat] = (interaction, time.monotonic())
        m.sent[f"hand:{seat}"] = payload_key(embed, view, content)
        (m.live.add if view is not None else m.live.discard)(seat)

    async def _flush_hand(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        held = m.hands.get(seat)  # ``seat``: a DM slot (bot.host.SLOT)
        if held is None:
            return
        interaction, since = held
        if time.monotonic() - since > HAND_TOKEN_LIFE:
            m.hands.pop(seat, None)
            return
        content, embed, comps = self._private(t, m, t.answers_for(seat % SLOT), view)
        key = payload_key(embed, comps, content)
        if m.sent.get(f"hand:{seat}") == key:
            return
        try:
            await interaction.edit_original_response(content=content, embed=embed, view=comps)
            m.sent[f"hand:{seat}"] = key
        except discord.HTTPException:
            m.hands.pop(seat, None)  # the token expired or the message is gone: "My hand" gives a new one

    def claim(self, table_id: str, seat: int) -> None:
        self.tables.setdefault(table_id, TableMessages()).claimed.add(seat)

    def release(self, table_id: str, seat: int, embed: discord.Embed | None = None,
                view: discord.ui.View | None = None, in_dm: bool = False, content: str | None = None,
                message: int | None = None) -> None:
        """The click of ``seat`` was answered; ``embed``/``view``/``content``: what the clicked message
        ``message`` now shows (``embed`` None when it was not updated). A clicked DM that is not the
        seat's newest becomes its DM (it shows the current view now). A click in an ephemeral **My hand**
        brings the seat's DM, if it has one, up to date (its buttons changed: one edit), so that a player who
        goes back to their DM never finds the decision they answered."""
        m = self.tables.setdefault(table_id, TableMessages())
        m.claimed.discard(seat)
        if embed is not None:
            (m.live.add if view is not None else m.live.discard)(seat)
        if not in_dm and seat in m.dms:
            m.dirty = True  # answered from "My hand": the seat's DM still shows the decision it answered
        shown, quiet = m.sent.pop(f"dmq:{seat}", None), m.sent.pop(f"dmw:{seat}", "")
        if embed is not None:  # a quiet window shown by the reply: a turn after it is a notice
            (m.quiet.add if quiet and view is not None else m.quiet.discard)(seat)
        if in_dm and embed is not None:
            if shown is not None:
                m.sent[f"dmp:{seat}"] = shown
            m.sent[f"dm:{seat}"] = payload_key(embed, view, content)
            m.sent[f"dmb:{seat}"] = buttons_key(view, content)
            m.dm_sent_at[seat] = self.now()
            old = m.dms.get(seat)
            if message is not None and old is not None and old[1] != message:
                m.dms[seat] = (old[0], message)
                asyncio.get_running_loop().create_task(self.remember(table_id, "dm", seat, old[0], message))
        if m.dirty or in_dm:
            self._schedule(table_id)

    async def _mention(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        """The turn notice of a seat whose DMs are closed: one mention in the table's thread when it gets
        a decision after having none, pointing to **My hand**."""
        if not view.decisions or t.status != "playing":
            m.live.discard(seat)
            m.quiet.discard(seat)
            return
        user_id = t.slot_user(seat)  # ``seat``: a DM slot (bot.host.SLOT)
        quiet = bool(user_id) and await self._quiet(t, view, user_id)
        if seat in m.live and (quiet or seat not in m.quiet):
            return
        m.live.add(seat)
        (m.quiet.add if quiet else m.quiet.discard)(seat)  # a quiet window gets no mention
        channel = self._board_channel(m)
        if quiet or channel is None or not user_id or not await self.wants_notices(user_id):
            return
        due = render.deadline_of(t, t.answers_for(seat % SLOT))
        text = (f"<@{user_id}> your decision at table {t.id}: press **My hand** on the board"
                + (f" (decide {render.when(due)})." if due is not None else "."))
        if await self._safe(channel.send(text, allowed_mentions=discord.AllowedMentions(users=True)), t,
                            "post a turn notice", channel) is not None:
            self.notices += 1

    async def _flush_dm(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        """Bring ``seat``'s DM up to date: a new DM as the turn notice when a decision arrives while the DM
        shows none, an edit at once when its buttons or deadline changed, a coalesced edit (every
        ``context_interval`` seconds) when only the context or hand did."""
        content, embed, comps = self._private(t, m, t.answers_for(seat % SLOT), view)
        key = payload_key(embed, comps, content)
        if m.sent.get(f"dm:{seat}") == key:
            return
        user_id = t.slot_user(seat)  # ``seat``: a DM slot (bot.host.SLOT)
        if not user_id or not user_id.isdigit():
            return
        quiet = comps is not None and await self._quiet(t, view, user_id)  # a window edits in place
        fresh = seat not in m.live or (seat in m.quiet and not quiet)  # a decision after none, or after a quiet window
        notice = comps is not None and fresh and (seat not in m.dms or not quiet and await self.wants_notices(user_id))
        over = view.result is not None or t.status != "playing"  # the game's end is shown at once
        mine = private_key(t, view)
        if not notice and not over and seat in m.dms and m.sent.get(f"dmb:{seat}") == buttons_key(comps, content):
            if comps is None and m.sent.get(f"dmp:{seat}") == mine:
                return  # a waiting DM whose hand is the same: the rest (who decides, the context) is on the board
            wait = m.dm_sent_at.get(seat, float('-inf')) + self.context_interval - self.now()
            if wait > 0:  # only the context changed: refreshed later, or when the player clicks
                self._refresh_later(t.id, m, wait)
                return
        why = ("notice" if notice else "end" if over else "first" if seat not in m.dms else
               ("context" if comps is not None else "context, waiting") if m.sent.get(f"dmb:{seat}") ==
               buttons_key(comps, content) else
               "window" if quiet else "buttons")
        self.dm_writes[why] = self.dm_writes.get(why, 0) + 1
        try:
            if seat in m.dms and not notice:
                channel_id, message_id = m.dms[seat]
                channel = self.client.get_channel(channel_id) or self.client.get_partial_messageable(channel_id)
                try:
                    await channel.get_partial_message(message_id).edit(content=content, embed=embed, view=comps)
                except discord.HTTPException as exc:
                    if exc.code != EDIT_LIMIT:
                        raise
                    await self._repost_dm(t, m, seat, channel.get_partial_message(message_id), embed, comps,
                                          content)
            else:
                old = m.dms.get(seat) if seat in m.quiet else None  # its quiet window's buttons are still live
                msg = await (await self.dm_channel(user_id)).send(content, embed=embed, view=comps)
                m.dms[seat] = (msg.channel.id, msg.id)
                if notice:
                    self.notices += 1
                await self.remember(t.id, "dm", seat, msg.channel.id, msg.id)
                if old is not None:
                    await self._retire_dm(t, seat, old)
            m.sent[f"dm:{seat}"] = key
            m.sent[f"dmb:{seat}"] = buttons_key(comps, content)
            m.sent[f"dmp:{seat}"] = mine
            m.dm_sent_at[seat] = self.now()
            (m.live.add if comps is not None else m.live.discard)(seat)
            (m.quiet.add if quiet else m.quiet.discard)(seat)
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

    async def _retire_dm(self, t: Table, seat: int, old: tuple[int, int]) -> None:
        """Remove the buttons of ``seat``'s previous DM ``(channel id, message id)``, which showed a quiet window
        when a turn notice replaced it (one edit; a failure is only logged: its buttons are then refused as
        already decided)."""
        channel = self.client.get_channel(old[0]) or self.client.get_partial_messageable(old[0])
        try:
            await channel.get_partial_message(old[1]).edit(view=None)
        except discord.HTTPException as exc:
            log.warning("old DM of seat %s of table %s kept its buttons: %s", seat, t.id, exc)

    async def _repost_dm(self, t: Table, m: TableMessages, seat: int, old: discord.PartialMessage,
                         embed: discord.Embed, comps: discord.ui.View | None, content: str | None = None) -> None:
        """The DM can be edited no more (30046): post the view as a new DM, keep that one, delete the old
        one so that its buttons are not live beside the new ones (a failed delete is only logged)."""
        msg = await old.channel.send(content, embed=embed, view=comps)
        m.dms[seat] = (msg.channel.id, msg.id)
        await self.remember(t.id, "dm", seat, msg.channel.id, msg.id)
        try:
            await old.delete()
        except discord.HTTPException as exc:
            log.warning("old DM of seat %s of table %s not deleted: %s", seat, t.id, exc)

    async def _mark_closed(self, t: Table, m: TableMessages, seat: int) -> None:
        if seat in m.closed:
            return
        m.closed.add(seat)
        m.dms.pop(seat, None)
        await self.remember(t.id, "dm", seat, 0, 0, flag=True)
        m.dirty = True
        self._schedule(t.id)
