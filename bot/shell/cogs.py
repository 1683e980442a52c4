"""Slash commands (``/table …``, ``/stats``, ``/leaderboard``) and the components of tables (lobby buttons,
decision buttons and selects, "My hand"), registered as dynamic items so that components on messages
posted before a restart still work. Each handler takes an interaction, calls the table service and
renders the reply; refusals are ephemeral messages that say what was wrong."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.audit import public_log
from bot.decks import DeckError
from bot.store import StoreError
from bot.tables import SAVED, Table, TableError
from games import game_ids, get_game
from games.core.contract import RulesError

from . import ids, render
from .decks import deck_choices, deck_select
from .front import payload_key

if TYPE_CHECKING:
    from .app import MetaBot

log = logging.getLogger("metahost.shell")
GAME_CHOICES = [app_commands.Choice(name=get_game(g).name, value=g) for g in game_ids()]


def place_of(interaction: discord.Interaction) -> str:
    """A table's place: ``<guild id>:<channel id>`` (the parent channel for a thread)."""
    channel = interaction.channel
    channel_id = getattr(channel, "parent_id", None) or interaction.channel_id
    return f"{interaction.guild_id}:{channel_id}"


async def reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **kwargs) -> None:
    """Answer the interaction, whether or not it was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral, **kwargs)


async def refuse(interaction: discord.Interaction, exc: Exception) -> None:
    """Turn a refusal into an ephemeral message (never Discord's "This interaction failed")."""
    if isinstance(exc, (TableError, DeckError)):
        text = exc.message
    elif isinstance(exc, RulesError):
        text = f"Not allowed: {exc.message} ({exc.rule})"
    elif isinstance(exc, StoreError):
        text = f"Nothing was changed: {exc}. Try again in a moment."
    elif isinstance(exc, discord.Forbidden):
        text = f"Discord refused: the bot lacks a permission here ({exc.text})."
    else:
        log.exception("interaction failed", exc_info=exc)
        text = "Something went wrong on our side; nothing was changed. Try again."
    try:
        await reply(interaction, render.clip(text, render.CONTENT_MAX))  # a longer one Discord refuses
    except discord.HTTPException:
        log.warning("could not send a refusal: %s", text)


def bot_of(interaction: discord.Interaction) -> MetaBot:
    return interaction.client  # type: ignore[return-value]


async def find_table(interaction: discord.Interaction, table_id: str | None, *, lobby: bool = False) -> Table:
    """The table a command means: the one named, the one whose thread this is, the user's table in this
    channel, or the only table here (``lobby``: only tables still in the lobby count, for join and start).
    :class:`TableError` when none or several match."""
    bot = bot_of(interaction)
    svc = bot.service
    if table_id:
        return svc.get(table_id.strip())
    by_thread = await bot.store.table_by_channel(interaction.channel_id or 0)
    if by_thread and by_thread in svc.tables:
        return svc.tables[by_thread]
    here = [t for t in svc.tables_in(place_of(interaction)) if not lobby or t.status == "lobby"]
    mine = [t for t in here if t.seat_of(str(interaction.user.id))]
    if len(mine) == 1:
        return mine[0]
    if len(here) == 1:
        return here[0]
    if not here:
        what = "table waiting for players" if lobby else "open table"
        raise TableError(f"There is no {what} in this channel. Start one with `/table new`.", "unknown_table")
    listing = ", ".join(t.id for t in here)
    raise TableError(f"Several tables are open here ({listing}); name one with the `table` option.", "ambiguous")


def missing_permissions(interaction: discord.Interaction, threads: bool) -> list[str]:
    perms = interaction.app_permissions
    need = {"View Channel": perms.view_channel, "Send Messages": perms.send_messages,
            "Embed Links": perms.embed_links}
    if threads:
        need["Create Public Threads"] = perms.create_public_threads
        need["Send Messages in Threads"] = perms.send_messages_in_threads
    return [name for name, ok in need.items() if not ok]


class TableCog(commands.Cog):
    """``/table new|join|start|concede|abort|resume|status|list|log``."""

    table = app_commands.Group(name="table", description="Play a game at a table in this channel", guild_only=True)

    def __init__(self, bot: MetaBot):
        self.bot = bot

    @table.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", seats="Number of seats", timeout="Seconds per decision (30 to 86400)")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  seats: app_commands.Range[int, 2, 6] | None = None,
                  timeout: app_commands.Range[int, 30, 86400] | None = None) -> None:
        try:
            missing = missing_permissions(interaction, self.bot.front.threads)
            if missing:
                raise TableError("I can't host a table in this channel: I need the permission(s) "
                                 + ", ".join(missing) + ". Ask a server admin to grant them here.", "permissions")
            t = await self.bot.service.create(
                game.value, place_of(interaction), str(interaction.user.id), interaction.user.display_name,
                seats=seats, timeout=float(timeout if timeout is not None else self.bot.settings.decision_timeout))
            await interaction.response.send_message(embed=render.lobby_embed(t), view=render.lobby_view(t))
            message = await interaction.original_response()
            await self.bot.front.lobby_posted(t, message)
        except Exception as exc:  # noqa: BLE001 - every failure becomes an ephemeral message
            await refuse(interaction, exc)

    @table.command(name="join", description="Take a seat here with one of your decks, or change the deck you bring")
    @app_commands.describe(deck="Your legal deck or a starter deck (default: a starter deck)",
                           table="Which table (default: the one in this channel)")
    async def join(self, interaction: discord.Interaction, deck: str | None = None, table: str | None = None) -> None:
        try:
            t = await find_table(interaction, table, lobby=True)
            ref = await self._deck_ref(interaction, t, deck)
            user = str(interaction.user.id)
            seated = t.seat_of(user)
            if seated is not None and ref is not None and t.status == "lobby":
                # Already seated (the host always is): `/table join deck:` changes the deck the seat brings.
                await self.bot.service.choose_deck(t.id, user, ref)
                await reply(interaction, f"You now bring **{seated.deck_label}** to table {t.id}.")
                return
            seat = await self.bot.service.join(t.id, user, interaction.user.display_name, ref)
            await reply(interaction, f"You took seat {seat.seat + 1} at table {t.id}"
                        + (f" with deck **{seat.deck_label}**." if seat.deck_label else "."))
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)

    async def _deck_ref(self, interaction: discord.Interaction, t: Table, deck: str | None) -> str | None:
        """What the ``deck`` option names: a value from autocomplete (``saved:<id>`` or a starter id), a
        starter deck's name, or the name of one of the user's decks for this game."""
        if not deck or not deck.strip() or not t.game.has_decks:
            return None
        deck = deck.strip()
        if deck.startswith(SAVED) or deck in t.game.starter_decks():
            return deck
        for sid, title in t.game.starter_names().items():
            if deck.casefold() == title.casefold():
                return sid
        row = await self.bot.decks.find(str(interaction.user.id), deck, t.game.id)
        return f"{SAVED}{row.id}"

    @table.command(name="start", description="Start the table (seats and decks are checked)")
    async def start(self, interaction: discord.Interaction, table: str | None = None) -> None:
        try:
            t = await find_table(interaction, table, lobby=True)
            await self.bot.service.start(t.id, str(interaction.user.id))
            await reply(interaction, f"Table {t.id} started.", ephemeral=True)
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)

    @table.command(name="concede", description="Concede your game at this table")
    async def concede(self, interaction: discord.Interaction, table: str | None = None) -> None:
        try:
            t = await find_table(interaction, table)
            await self.bot.service.concede(t.id, str(interaction.user.id))
            await reply(interaction, f"You conceded at table {t.id}.")
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)

    @table.command(name="abort", description="Cancel a table (its host, or anyone with Manage Channels)")
    async def abort(self, interaction: discord.Interaction, table: str | None = None) -> None:
        try:
            t = await find_table(interaction, table)
            perms = getattr(interaction.user, "guild_permissions", None)
            admin = bool(perms and (perms.manage_channels or perms.administrator))
            await self.bot.service.abort(t.id, str(interaction.user.id), admin=admin)
            await reply(interaction, f"Table {t.id} was cancelled.", ephemeral=False)
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)

    @table.command(name="resume", description="Continue a paused table here (its host, or anyone with Manage Channels)")
    @app_commands.describe(table="The paused table's id (the pause message names it)")
    async def resume(self, interaction: discord.Interaction, table: str) -> None:
        """Issue 12 §4: a table paused because its thread or channel was deleted continues in this channel."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            missing = missing_permissions(interaction, self.bot.front.threads)
            if missing:
                raise TableError("I can't host a table in this channel: I need the permission(s) "
                                 + ", ".join(missing) + ". Ask a server admin to grant them here.", "permissions")
            perms = getattr(interaction.user, "guild_permissions", None)
            admin = bool(perms and (perms.manage_channels or perms.administrator))
            t = await self.bot.service.resume(table.strip(), str(interaction.user.id), place_of(interaction), admin)
            await reply(interaction, f"Table {t.id} continues in this channel: its board is posted here.")
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)

    @table.command(name="status", description="Show a table's board")
    async def status(self, interaction: discord.Interaction, table: str | None = None) -> None:
        try:
            t = await find_table(interaction, table)
            if t.state is None:
                await reply(interaction, "", embed=render.lobby_embed(t))
                return
            m = await self.bot.front.messages(t.id)
            await reply(interaction, "", embed=render.board_embed(t, t.game.view(t.state, None), m.log, []))
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)

    @table.command(name="list", description="Open tables in this channel")
    async def list_(self, interaction: discord.Interaction) -> None:
        here = self.bot.service.tables_in(place_of(interaction))
        if not here:
            await reply(interaction, "No open tables here. `/table new` opens one.")
            return
        lines = [f"`{t.id}` {t.game.name} · {t.status} · {len(t.seats)}/{t.max_seats} seats · "
                 + ", ".join(render.seat_line(t, s.seat) for s in t.seats) for t in here]
        await reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @table.command(name="log", description="The full public log of a table, as a file")
    async def log_(self, interaction: discord.Interaction, table: str | None = None) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            t = await find_table(interaction, table)
            rows = await self.bot.store.load_tables(table_id=t.id)
            lines = public_log(rows[0], await self.bot.store.actions(t.id)) if rows and rows[0].snapshot else []
            data = io.BytesIO(("\n".join(lines) or "(no moves yet)").encode("utf-8"))
            await interaction.followup.send(f"Public log of table {t.id}: {len(lines)} lines.",
                                            file=discord.File(data, filename=f"table-{t.id}-log.txt"), ephemeral=True)
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)

    @join.autocomplete("deck")
    async def _join_decks(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            t = await find_table(interaction, getattr(interaction.namespace, "table", None), lobby=True)
            if not t.game.has_decks:
                return []
            choices = await deck_choices(self.bot, str(interaction.user.id), t.game.id, current)
        except Exception:  # noqa: BLE001 - no table here: nothing to offer
            return []
        return [app_commands.Choice(name=render.clip(label, 100), value=value) for label, value in choices]

    @join.autocomplete("table")
    @start.autocomplete("table")
    @concede.autocomplete("table")
    @abort.autocomplete("table")
    @status.autocomplete("table")
    @log_.autocomplete("table")
    async def _table_ids(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        here = self.bot.service.tables_in(place_of(interaction))
        return [app_commands.Choice(name=f"{t.id} · {t.game.name} · {t.status}", value=t.id)
                for t in here if t.id.startswith(current.strip())][:25]


class StatsCog(commands.Cog):
    """``/stats`` and ``/leaderboard``."""

    def __init__(self, bot: MetaBot):
        self.bot = bot

    @app_commands.command(name="stats", description="Games, wins, losses and draws")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: app_commands.Choice[str] | None = None) -> None:
        who = user or interaction.user
        rows = await self.bot.store.stats(str(who.id), game.value if game else None)
        if not rows:
            await reply(interaction, f"{who.display_name} has no finished games yet.")
            return
        e = discord.Embed(title=f"Stats of {who.display_name}", colour=render.COLOUR)
        for g, games, wins, losses, draws in rows:
            e.add_field(name=get_game(g).name, value=f"{games} games · {wins} W · {losses} L · {draws} D")
        await reply(interaction, "", embed=e, ephemeral=False)

    @app_commands.command(name="leaderboard", description="This server's best players of a game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        rows = await self.bot.store.leaderboard(game.value, f"{interaction.guild_id}:")
        if not rows:
            await reply(interaction, f"No finished {game.name} games on this server yet.", ephemeral=False)
            return
        lines = [f"{i}. <@{u}> — {w} wins, {lo} losses, {d} draws ({g} games)"
                 for i, (u, g, w, lo, d) in enumerate(rows, 1)]
        e = discord.Embed(title=f"{game.name} leaderboard", description="\n".join(lines), colour=render.COLOUR)
        await reply(interaction, "", embed=e, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())


# -- components ------------------------------------------------------------------------------------


async def answer_decision(interaction: discord.Interaction, table_id: str, version: int, index: int) -> None:
    """A click on option ``index`` of the decision offered at ``version``: apply it for the clicking
    user's seat, then show their updated private view in the clicked message."""
    bot = bot_of(interaction)
    user = str(interaction.user.id)
    try:
        t = bot.service.get(table_id)
        seat = t.seat_of(user)
        if seat is None:
            raise TableError("You are not seated at this table; only its players can decide.", "not_seated")
        in_dm = interaction.guild_id is None
        bot.front.claim(t.id, seat.seat)
        embed = comps = None
        try:
            await bot.service.act_index(t.id, user, version, index)
            view = t.game.view(t.state, seat.seat)
            m = await bot.front.messages(t.id)
            embed = render.private_embed(t, view, bot.front.where(t, m))
            comps = render.decision_view(t, view.decisions[0] if view.decisions else None)
            await interaction.response.edit_message(embed=embed, view=comps)
        finally:
            bot.front.release(t.id, seat.seat, embed, comps, in_dm=in_dm)
        if not in_dm and embed is not None:
            bot.front.hand_shown(t.id, seat.seat, interaction, embed, comps)
    except Exception as exc:  # noqa: BLE001
        await refuse(interaction, exc)


class OptionButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.OPTION.pattern):
    def __init__(self, table: str, version: int, index: int):
        super().__init__(discord.ui.Button(custom_id=ids.option(table, version, index)))
        self.table, self.version, self.index = table, version, index

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_decision(interaction, self.table, self.version, self.index)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT.pattern):
    def __init__(self, table: str, version: int, page: int):
        super().__init__(discord.ui.Select(custom_id=ids.select(table, version, page)))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["-1"]
        await answer_decision(interaction, self.table, self.version, int(values[0]))


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.PAGE.pattern):
    def __init__(self, table: str, version: int, page: int):
        super().__init__(discord.ui.Button(custom_id=ids.page(table, version, page)))
        self.table, self.version, self.page = table, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            t = bot.service.get(self.table)
            seat = t.seat_of(str(interaction.user.id))
            if seat is None or self.version != t.version:
                raise TableError("This decision has passed.", "stale")
            decision = next((d for d in t.game.decisions(t.state) if d.seat == seat.seat), None)
            await interaction.response.edit_message(view=render.decision_view(t, decision, self.page))
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.HAND.pattern):
    """"My hand" on the board: the clicking player's private view and decision, as an ephemeral message."""

    def __init__(self, table: str):
        super().__init__(discord.ui.Button(custom_id=ids.hand(table)))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        try:
            t = bot.service.get(self.table)
            seat = t.seat_of(str(interaction.user.id))
            if seat is None:
                raise TableError("You are not seated at this table: spectators see the board only.", "not_seated")
            view = t.game.view(t.state, seat.seat)
            m = await bot.front.messages(t.id)
            embed = render.private_embed(t, view, bot.front.where(t, m))
            comps = render.decision_view(t, view.decisions[0] if view.decisions else None)
            kwargs = {"view": comps} if comps is not None else {}
            await interaction.response.send_message(embed=embed, ephemeral=True, **kwargs)
            bot.front.hand_shown(t.id, seat.seat, interaction, embed, comps)
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY.pattern):
    """Join, Leave, Add computer, Start, Cancel on a lobby message."""

    def __init__(self, table: str, action: str):
        super().__init__(discord.ui.Button(custom_id=ids.lobby(table, action)))
        self.table, self.action = table, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        svc = bot.service
        user = str(interaction.user.id)
        try:
            # Acknowledge first (a deferred update of the lobby): the change may wait for the table's lock
            # behind a Start reading saved decks, and for the store; Discord allows 3 s (issue 12 §2).
            await interaction.response.defer()
            t = svc.get(self.table)
            m = await bot.front.messages(t.id)
            if m.lobby is None and interaction.message is not None and place_of(interaction) == t.place:
                # Never remembered (a refused store write): learn it from the click, before any change, so
                # the thread and board that Start opens have a place (issue 12 §2, restart).
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
            embed, view = render.lobby_embed(t), render.lobby_view(t)
            await interaction.edit_original_response(embed=embed, view=view)
            m.sent["lobby"] = payload_key(embed, view)
            if m.sent["lobby"] != payload_key(render.lobby_embed(t), render.lobby_view(t)):
                await bot.front.lobby_changed(t)  # another click changed it meanwhile: the front edits again
            if self.action == "join" and t.game.has_decks:
                choices = await deck_choices(bot, user, t.game.id)
                await interaction.followup.send(
                    f"You took seat {seat.seat + 1} with **{seat.deck_label}**. Bring another deck?",
                    view=deck_select(t.id, choices), ephemeral=True)
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)


DYNAMIC_ITEMS = (OptionButton, OptionSelect, PageButton, HandButton, LobbyButton)
