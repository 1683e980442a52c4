"""The components of a table's life around play: the lobby's buttons (Join, Leave, Add computer, Start,
Cancel) and team select, Concede / Keep playing, Rematch, and Watch / Leave for a player who is out. May
import :mod:`bot.host`, the shell's :mod:`~bot.shell.common`, :mod:`~bot.shell.ids`,
:mod:`~bot.shell.render`, :mod:`~bot.shell.decks` and :mod:`~bot.shell.front`.
"""

from __future__ import annotations

import discord

from bot.host import Table, TableError

from .. import ids, render
from ..common import Component, Host, acknowledge_update, bot_of, place_of, reply
from ..decks import deck_choices, deck_select
from ..front import TableMessages, payload_key


async def show_lobby(interaction: discord.Interaction, bot: Host, t: Table, m: TableMessages) -> None:
    """Put table ``t``'s lobby in the clicked (lobby) message, and remember it as the lobby the front sent
    (``m``: the front's record of the table's messages); when another click changed the lobby meanwhile,
    the front edits it again."""
    embed, view = render.lobby_embed(t), render.lobby_view(t)
    await interaction.edit_original_response(embed=embed, view=view)
    m.sent["lobby"] = payload_key(embed, view)
    if m.sent["lobby"] != payload_key(render.lobby_embed(t), render.lobby_view(t)):
        await bot.front.lobby_changed(t)


class LobbyButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY.pattern):
    """Join, Leave, Add computer, Start, Cancel on a lobby message."""

    fields = ("table", "action")
    make_id = staticmethod(ids.lobby)

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        svc = bot.service
        user = str(interaction.user.id)
        # Acknowledge first (a deferred update of the lobby): the change may wait for the table's lock
        # behind a Start reading saved decks, and for the store; Discord allows 3 s.
        await acknowledge_update(interaction)
        t = svc.get(self.table)
        m = await bot.front.messages(t.id)
        if m.lobby is None and interaction.message is not None and place_of(interaction) == t.place:
            # Never remembered (a refused store write): learn it from the click, before any change, so
            # the thread and board that Start opens have a place (restart).
            await bot.front.lobby_posted(t, interaction.message)
        if self.action == "join":
            seat = await svc.join(t.id, user, interaction.user.display_name)
        elif self.action == "leave":
            await svc.leave(t.id, user)
        elif self.action == "computer":
            await svc.add_computer(t.id, user)
        elif self.action == "start":
            await svc.start(t.id, user)
        elif self.action == "cancel":
            perms = getattr(interaction.user, "guild_permissions", None)
            await svc.abort(t.id, user, admin=bool(perms and perms.manage_channels), lobby_only=True)
        await show_lobby(interaction, bot, t, m)
        if self.action == "join" and t.game.has_decks:
            choices = await deck_choices(bot, user, t.game.id)
            await reply(interaction, f"You took seat {seat.seat + 1} with **{t.deck_title(seat.seat)}**. "
                        "Bring another deck?",
                        view=deck_select(t.id, choices))


class TeamSelect(Component, discord.ui.DynamicItem[discord.ui.Select], template=ids.TEAM.pattern):
    """The team select of a team game's lobby: the clicking player's seat joins the chosen
    team; the lobby message is edited to show it."""

    widget = discord.ui.Select
    make_id = staticmethod(ids.team)

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await acknowledge_update(interaction)  # the change waits for the table's lock and the store
        values = (interaction.data or {}).get("values") or []
        if len(values) != 1:
            raise TableError("Pick one team in the menu. Nothing was changed.", "bad_team")
        t = bot.service.get(self.table)
        await bot.service.choose_team(t.id, str(interaction.user.id), str(values[0]))
        m = await bot.front.messages(t.id)
        await show_lobby(interaction, bot, t, m)


class ConcedeButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.CONCEDE.pattern):
    """Concede / Keep playing under ``/table concede``: only the user it was shown to may
    answer; Concede concedes once, a repeated press is told it was done."""

    fields = ("table", "user", "action")
    make_id = staticmethod(ids.concede)

    async def handle(self, interaction: discord.Interaction) -> None:
        if str(interaction.user.id) != self.user:
            raise TableError("This confirmation belongs to another player: only they can concede their seat. "
                             "Nothing was changed.", "forbidden")
        await acknowledge_update(interaction)
        if self.action == "no":
            await interaction.edit_original_response(content=f"You keep playing at table {self.table}.", view=None)
            return
        svc = bot_of(interaction).service
        t = await svc.lookup(self.table)
        if t.status != "playing":
            raise TableError(f"Already done: table {t.id} is over, so there is nothing to concede.", "not_playing")
        await svc.concede(t.id, self.user)
        await interaction.edit_original_response(content=f"You conceded at {t.game.name} table {t.id}.", view=None)


class RematchButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.REMATCH.pattern):
    """Rematch under a finished table's result. Every human player of it presses it (the
    label counts them); with the last press a new table with the same seats and decks opens in the same
    channel and starts at once (:meth:`TableService.rematch`)."""

    make_id = staticmethod(ids.rematch)

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await acknowledge_update(interaction)

        async def post_lobby(new: Table) -> None:
            _, _, cid = new.place.partition(":")
            channel = bot.get_channel(int(cid)) or bot.get_partial_messageable(int(cid))
            players = " ".join(render.seat_line(new, s.seat) for s in new.seats if not s.computer)
            message = await channel.send(f"🔁 Rematch of table {self.table}: {players}", embed=render.lobby_embed(new),
                                         allowed_mentions=discord.AllowedMentions(users=True))
            await bot.front.lobby_posted(new, message)

        r = await bot.service.rematch(self.table, str(interaction.user.id), post_lobby)
        if r.table is None:
            await interaction.edit_original_response(view=render.rematch_view(r.old, len(r.accepted)))
            waiting = ", ".join(f"<@{u}>" for u in r.waiting)
            await reply(interaction, f"You are ready for a rematch of table {r.old.id}. It starts when {waiting} "
                                     "press **Rematch** too.", allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.edit_original_response(view=render.rematch_view(r.old, len(r.accepted), r.table.id))
        if r.started:
            await reply(interaction, f"The rematch started: table {r.table.id}, with the same seats and decks. Your "
                                     "hand comes by DM.")
        else:
            await reply(interaction, f"The rematch opened as table {r.table.id} but could not start: {r.problem} Fix "
                                     "that, then press **Start** on its lobby.")


class OutButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.OUT.pattern):
    """Watch / Leave for a player who is out of a game that goes on; refused for another
    player's seat and for a seat still playing."""

    fields = ("table", "seat", "action")
    make_id = staticmethod(ids.out)

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await acknowledge_update(interaction)  # lookup may read a finished table from the store
        t = await bot.service.lookup(self.table)
        if not 0 <= self.seat < len(t.seats) or str(interaction.user.id) not in t.managers(self.seat):
            raise TableError("This choice belongs to another player. Nothing was changed.", "forbidden")
        if t.state is None or self.seat not in t.game.out_seats(t.state):
            # only the seat the game put out gets Watch / Leave (a crafted one changes nothing)
            raise TableError(f"You are still playing at {t.game.name} table {t.id}: Watch and Leave are for a "
                             "player who is out of the game. Nothing was changed.", "not_out")
        who = render.seat_line(t, self.seat)
        if self.action == "watch":
            also = " and this DM keep" if interaction.guild_id is None else " keeps"
            text = f"👀 {who} is watching {t.game.name} table {t.id}: the board in its thread{also} updating until the end."
        else:
            slot = t.slot_of(str(interaction.user.id))
            await bot.front.leave_dms(t.id, self.seat if slot is None else slot)
            if bot.service.owner is not None and t.id not in bot.service.tables:
                await bot.service.owner.tell_owner(t.id)  # its owner's front stops the DMs too
            text = (f"👋 {who} left {t.game.name} table {t.id}: no more DMs from it; the game goes on. "
                    f"`/table status table:{t.id}` shows it any time.")
        await interaction.edit_original_response(content=text, view=None,
                                                 allowed_mentions=discord.AllowedMentions.none())
