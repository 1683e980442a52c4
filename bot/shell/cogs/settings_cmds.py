"""A server's settings and a player's own commands: ``/settings pictures|location`` (:class:`SettingsCog`),
``/stats``, ``/notify`` and ``/leaderboard`` (:class:`StatsCog`). May import :mod:`bot.host`,
:mod:`games`, the shell's :mod:`~bot.shell.common`, :mod:`~bot.shell.render`,
:mod:`~bot.shell.surroundings` and :mod:`bot.shell.cogs.base`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.host import TableError
from games import get_game

from .. import render
from ..common import Host, acknowledge, reply
from ..surroundings import location_command
from .base import GAME_CHOICES, ON_OFF


class SettingsCog(commands.Cog):
    """``/settings pictures`` and ``/settings location``: a server's settings, changed by its admins."""

    settings = app_commands.Group(name="settings", description="This server's metahost settings (admins)",
                                  guild_only=True, default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, bot: Host):
        self.bot = bot

    @settings.command(name="pictures", description="Board pictures on this server: on or off (the text board stays)")
    @app_commands.describe(state="on: boards carry a picture; off: text only. Leave out to see the current setting")
    @app_commands.choices(state=[app_commands.Choice(name="on", value="on"),
                                 app_commands.Choice(name="off", value="off")])
    async def pictures(self, interaction: discord.Interaction, state: app_commands.Choice[str] | None = None) -> None:
        """Without ``state``: says the current setting (anyone). With it: Manage Server (or Administrator)
        only; stored per server, and the boards in play there follow at their next edit."""
        await acknowledge(interaction)
        guild = str(interaction.guild_id)
        if state is not None:
            perms = getattr(interaction.user, "guild_permissions", None)
            if not (perms and (perms.manage_guild or perms.administrator)):
                raise TableError("Only members with the Manage Server permission can change this server's "
                                 "settings. Nothing was changed.", "forbidden")
            await self.bot.front.set_guild_pictures(guild, state.value == "on")
        on = await self.bot.front.guild_pictures(guild)
        if not self.bot.settings.board_pictures:
            text = ("Board pictures are **off** for the whole bot (its BOARD_PICTURES setting), so boards here "
                    f"show text only; this server's own setting is **{'on' if on else 'off'}**.")
        elif on:
            text = ("Board pictures are **on** on this server: each board message shows a picture of the board "
                    "above its text (a table opened with `pictures:False` shows none). "
                    "`/settings pictures state:off` turns them off.")
        else:
            text = ("Board pictures are **off** on this server: boards show their text only. "
                    "`/settings pictures state:on` turns them on.")
        await reply(interaction, text)

    @settings.command(name="location", description="Where this server plays, for MetaZoo's real sky (derived mode)")
    @app_commands.describe(place="name, lat, lon, timezone, e.g. Oslo, 59.91, 10.75, Europe/Oslo (leave out: show it)",
                           clear="True: remove this server's location")
    async def location(self, interaction: discord.Interaction, place: str | None = None, clear: bool = False) -> None:
        """The location derived MetaZoo tables here read (Manage Server to change)."""
        await location_command(self.bot, interaction, place, clear)


class StatsCog(commands.Cog):
    """``/stats`` and ``/leaderboard``."""

    def __init__(self, bot: Host):
        self.bot = bot

    @app_commands.command(name="stats", description="Games, wins, losses and draws")
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: app_commands.Choice[str] | None = None) -> None:
        await acknowledge(interaction, ephemeral=False)
        who = user or interaction.user
        rows = await self.bot.store.stats(str(who.id), game.value if game else None)
        if not rows:
            await reply(interaction, f"{who.display_name} has no finished games yet.", ephemeral=False)
            return
        e = discord.Embed(title=f"Stats of {who.display_name}", colour=render.COLOUR)
        for g, games, wins, losses, draws in rows[:render.FIELDS_MAX]:
            e.add_field(name=get_game(g).name, value=f"{games} games · {wins} W · {losses} L · {draws} D")
        await reply(interaction, embed=e, ephemeral=False)

    @app_commands.command(name="notify", description="Notices of your turns, pings of response windows, and stops")
    @app_commands.describe(
        state="on: a notifying message for each new decision; off: none (your DM is edited)",
        windows="on: a response window notifies you like a turn; off (default): your DM is edited quietly",
        pass_windows="on: your response windows pass at once, every turn; off (default): you are asked",
        stop_when_attacked="on (default): a window opened by an attack or effect aimed at you is still asked")
    @app_commands.choices(state=ON_OFF, windows=ON_OFF, pass_windows=ON_OFF, stop_when_attacked=ON_OFF)
    async def notify(self, interaction: discord.Interaction, state: app_commands.Choice[str] | None = None,
                     windows: app_commands.Choice[str] | None = None,
                     pass_windows: app_commands.Choice[str] | None = None,
                     stop_when_attacked: app_commands.Choice[str] | None = None) -> None:
        """The per-user turn-notice setting (stored), window pings and the stops
        (:class:`bot.host.PlayPrefs`, stored). Without options, says the current settings."""
        await acknowledge(interaction)
        user = str(interaction.user.id)
        if state is None:
            on = await self.bot.front.wants_notices(user)
        else:
            on = state.value == "on"
            await self.bot.front.set_notices(user, on)

        def flag(choice: app_commands.Choice[str] | None) -> bool | None:
            return None if choice is None else choice.value == "on"

        prefs = await self.bot.service.set_play_prefs(user, windows=flag(windows), pass_windows=flag(pass_windows),
                                                      stop_aimed=flag(stop_when_attacked))
        if on:
            text = ("Turn notices are **on**: each new decision of yours arrives as a new DM (or, with DMs "
                    "closed, a mention in the table's thread). `/notify state:off` turns them off.")
        else:
            text = ("Turn notices are **off**: your DM is updated without notifying you, and no mention is "
                    "posted. `/notify state:on` turns them on.")
        text += ("\nResponse windows (a chance to answer another player's move) "
                 + ("**notify** you like a turn (`windows:off` makes them quiet)." if prefs.windows else
                    "are **quiet**: your DM is edited without a notification (`windows:on` pings you)."))
        text += ("\nStops: " + ("your windows **pass at once** every turn (`pass_windows:off` asks you again)"
                                if prefs.pass_windows else "you are asked in your windows (`pass_windows:on` passes "
                                "them at once; a window's **Pass until my turn** button does it until your turn)")
                 + ("; a window opened by an attack or effect aimed at you **is always asked**."
                    if prefs.stop_aimed else "; windows aimed at you pass like the others (`stop_when_attacked:on` "
                    "asks you in them)."))
        await reply(interaction, text)

    @app_commands.command(name="leaderboard", description="This server's best players of a game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await acknowledge(interaction, ephemeral=False)
        rows = await self.bot.store.leaderboard(game.value, f"{interaction.guild_id}:")
        if not rows:
            await reply(interaction, f"No finished {game.name} games on this server yet.", ephemeral=False)
            return
        lines = [f"{i}. <@{u}> — {w} wins, {lo} losses, {d} draws ({g} games)"
                 for i, (u, g, w, lo, d) in enumerate(rows, 1)]
        e = discord.Embed(title=f"{game.name} leaderboard", description="\n".join(lines), colour=render.COLOUR)
        await reply(interaction, embed=e, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())
