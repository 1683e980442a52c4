"""The components of play: a decision's buttons and select menus (and their pages), "Pass until my turn",
"My hand" and "Full board" on the board, and the refusal of a decision button from an older version of
the bot. Each click is answered for the clicking player's seat only, in their own (private) message. May
import :mod:`bot.host`, the shell's :mod:`~bot.shell.common`, :mod:`~bot.shell.ids`,
:mod:`~bot.shell.render` and :mod:`bot.shell.cogs.base`.
"""

from __future__ import annotations

import logging
import re

import discord

from bot.host import Seat, Table, TableError, token_for

from .. import ids, render
from ..common import Component, Host, acknowledge, acknowledge_update, bot_of, components_of, on_board, reply
from ..forward import forward_decision
from .base import board_file

log = logging.getLogger("metahost.shell")
APPLIED_NOT_SHOWN = "Your choice was applied, but Discord did not let me update this message; {next}."


def private_target(interaction: discord.Interaction, table_id: str, table: Table | None = None
                   ) -> tuple[Host, Table, Seat]:
    """The bot, table and seat of a click on a private component (a decision, a page of one): the table
    exists and has started, the user is seated, and the message is theirs (a DM or an ephemeral message,
    never a public one such as the board). :class:`TableError` otherwise. ``table``: the table already read
    (:meth:`TableService.read`), else the one hosted here."""
    bot = bot_of(interaction)
    t = table if table is not None else bot.service.get(table_id)
    seat = t.seat_of(str(interaction.user.id))
    if seat is None:
        raise TableError("You are not seated at this table; only its players can decide.", "not_seated")
    if t.state is None:
        raise TableError(f"Table {t.id} has not started yet: its host presses Start in the lobby.", "not_started")
    if on_board(interaction):
        raise TableError("Decisions are made in your DM or your **My hand** message, not on the table's "
                         "public messages. Nothing was changed.", "wrong_message")
    return bot, t, seat


async def answer_decision(interaction: discord.Interaction, table_id: str, token: str, key: str | None) -> None:
    """A click on the option with key ``key`` of the decision offered with ``token``:
    acknowledged at once (deferred update), applied for the clicking user's seat
    (:meth:`TableService.act_option`: an outdated token still applies an option that is still offered),
    then their updated private view is put in the clicked message. A refusal because the option is gone
    also puts the current decision in the clicked message. If that edit fails once the choice is applied,
    the player is told so and the front re-sends the view (the DM is not recorded as updated).
    ``key`` ``None``: "Pass until my turn" on a response window (:meth:`TableService.pass_until_turn`).
    A table another process of the bot owns (several processes, docs/hosting.md) gets the click forwarded
    (:func:`bot.shell.forward.forward_decision`): its owner applies and answers it."""
    host = bot_of(interaction)
    if host.service.owner is not None and table_id not in host.service.tables:
        await forward_decision(interaction, host, table_id, token, key)
        return
    bot, t, seat = private_target(interaction, table_id)
    in_dm = interaction.guild_id is None
    await acknowledge_update(interaction)
    slot = t.slot_of(str(interaction.user.id))  # the user's own DM (Team Up: one per co-manager, MO-OPT-06)
    slot = seat.seat if slot is None else slot
    bot.front.claim(t.id, slot)
    applied = shown = False
    content = embed = comps = None
    try:
        try:
            if key is None:
                await bot.service.pass_until_turn(t.id, str(interaction.user.id), token)
            else:
                await bot.service.act_option(t.id, str(interaction.user.id), token, key)
        except TableError as exc:
            if exc.code == "gone":  # show the current decision in place of the outdated one
                content, embed, comps = await bot.front.private_payload(t, slot)
                await interaction.edit_original_response(content=content, embed=embed, view=comps)
                shown = True
            raise
        applied = True
        content, embed, comps = await bot.front.private_payload(t, slot)
        await interaction.edit_original_response(content=content, embed=embed, view=comps)
        shown = True
    except Exception as exc:
        if not applied:
            raise  # a refusal: nothing changed
        log.warning("table %s: a choice was applied but the clicked message was not updated: %r", t.id, exc)
        m = bot.front.tables.get(t.id)
        if m is not None:
            m.dirty = True  # the front brings the seat's DM or hand up to date
    finally:
        bot.front.release(t.id, slot, embed if shown else None, comps if shown else None, in_dm=in_dm,
                          content=content, message=getattr(interaction.message, "id", None))
    if shown and not in_dm:
        bot.front.hand_shown(t.id, slot, interaction, embed, comps, content)
    if applied and not shown:
        nxt = "your DM is being re-sent" if in_dm else "press **My hand** on the board for your hand and next decision"
        try:
            await reply(interaction, APPLIED_NOT_SHOWN.format(next=nxt))
        except discord.HTTPException as exc:
            log.warning("table %s: could not say the choice was applied: %s", t.id, exc)


class OptionButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.OPTION.pattern):
    """A decision button: the option with key ``key`` of the decision offered with ``token``."""

    fields = ("table", "token", "key")
    make_id = staticmethod(ids.option)

    async def handle(self, interaction: discord.Interaction) -> None:
        await answer_decision(interaction, self.table, self.token, self.key)


class StopButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.STOP.pattern):
    """"Pass until my turn" on a response window offered with ``token``: this window and the
    seat's next ones pass at once until it has a decision of its own."""

    fields = ("table", "token")
    make_id = staticmethod(ids.stop)

    async def handle(self, interaction: discord.Interaction) -> None:
        await answer_decision(interaction, self.table, self.token, None)


def menu_values(interaction: discord.Interaction, custom_id: str) -> set[str]:
    """The values the select menu ``custom_id`` of the clicked message offered, as Discord sent it (empty
    when the message does not show it)."""
    out: set[str] = set()
    for row in getattr(interaction.message, "components", None) or []:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                out.update(str(o.value) for o in getattr(child, "options", None) or [])
    return out


class OptionSelect(Component, discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT.pattern):
    """A decision select menu (page ``page``): its values are option keys, 25 a page."""

    fields = ("table", "token", "page")
    widget = discord.ui.Select
    make_id = staticmethod(ids.select)

    async def handle(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        offered = menu_values(interaction, ids.select(self.table, self.token, self.page))
        if len(values) != 1 or not re.fullmatch(r"[0-9a-f]{8}", str(values[0])) \
                or (offered and values[0] not in offered):
            raise TableError("That choice was not offered in this menu; pick one of its options. "
                             "Nothing was changed.", "bad_choice")
        await answer_decision(interaction, self.table, self.token, str(values[0]))


class PageButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.PAGE.pattern):
    """Shows page ``page`` of a long decision's select menu, in the message that holds the menu."""

    fields = ("table", "token", "page")
    make_id = staticmethod(ids.page)

    async def handle(self, interaction: discord.Interaction) -> None:
        # read only: a table another process owns is shown as stored (a DM's pages arrive on shard 0)
        _bot, t, seat = private_target(interaction, self.table, await bot_of(interaction).service.read(self.table))
        menu = ids.select(t.id, self.token, 0).rsplit(":", 1)[0] + ":"
        if not any(cid.startswith(menu) for cid in components_of(interaction)):
            raise TableError("This button pages a decision menu, and this message has none of that table's "
                             "menus. Nothing was changed.", "wrong_message")
        acting = t.answers_for(seat.seat)  # MO-OPT-08: a merged team's player answers for the acquirer
        decision = next((d for d in t.game.decisions(t.state) if d.seat == acting), None)
        if decision is None:
            raise TableError("It is not your decision now.", "not_yours")
        if token_for(t, decision) != self.token:
            raise TableError("This decision has passed; look at your current one in your newest message.", "stale")
        if not 0 <= self.page < render.page_count(decision):
            raise TableError(f"That decision has {render.page_count(decision)} pages; there is no page "
                             f"{self.page + 1}.", "bad_page")
        await interaction.response.edit_message(view=render.decision_view(t, decision, self.page))


class LegacyDecision(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.LEGACY.pattern):
    """A decision button, menu or page button on a message posted by the bot's first versions (its id names a game
    version and an option index): refused with what to use instead, never an error."""

    fields = ("kind", "table", "rest")
    make_id = staticmethod(ids.legacy)

    async def handle(self, interaction: discord.Interaction) -> None:
        bot_of(interaction).service.get(self.table)  # an unknown table says so first
        private_target(interaction, self.table)
        raise TableError("This button is from before the bot was updated and no longer works. Your current "
                         "decision is in your newest DM, or press **My hand** on the table's board. Nothing "
                         "was changed.", "old_button")


class HandButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.HAND.pattern):
    """"My hand" on the board: the clicking player's private view and decision, as an ephemeral message."""

    make_id = staticmethod(ids.hand)

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        t = await bot.service.read(self.table)  # read only: shown as stored when another process owns it
        seat = t.seat_of(str(interaction.user.id))
        if seat is None:
            raise TableError("You are not seated at this table: spectators see the board only.", "not_seated")
        if t.state is None:
            raise TableError(f"Table {t.id} has not started yet, so there is no hand to show: its host "
                             f"presses Start in the lobby.", "not_started")
        await acknowledge(interaction)
        slot = t.slot_of(str(interaction.user.id))
        slot = seat.seat if slot is None else slot
        content, embed, comps = await bot.front.private_payload(t, slot)
        await reply(interaction, content or "", embed=embed, view=comps)
        if not t.released:  # kept up to date by the front of the process that owns the table only
            bot.front.hand_shown(t.id, slot, interaction, embed, comps, content)


class BoardButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.BOARD.pattern):
    """"Full board" on a board too big for its message: the whole board text as an ephemeral file."""

    make_id = staticmethod(ids.board)

    async def handle(self, interaction: discord.Interaction) -> None:
        t = await bot_of(interaction).service.read(self.table)
        if t.state is None:
            raise TableError(f"Table {t.id} has not started yet: there is no board.", "not_started")
        await acknowledge(interaction)
        await reply(interaction, f"The whole board of table {t.id}, as it is now:", file=board_file(t))
