"""Slash commands (``/table …``, ``/stats``, ``/leaderboard``) and the components of tables (lobby buttons,
decision buttons and selects, "My hand", "Full board"), registered as dynamic items so that components on
messages posted before a restart still work. Each handler takes an interaction, acknowledges it before any
slow work, calls the table service and renders the reply; every refusal goes through the one error path
of :mod:`bot.shell.common` (an ephemeral message saying what was wrong; nothing changes)."""

from __future__ import annotations

import io
import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.audit import public_log, replay_export
from bot.host import PALETTE, SAVED, SURROUNDINGS, Seat, Table, TableError, option_word, token_for
from games import game_ids, get_game
from games.core import teams as tm

from . import ids, render
from .common import (
    Guarded,
    Host,
    acknowledge,
    acknowledge_update,
    bot_of,
    components_of,
    find_table,
    on_board,
    place_of,
    reply,
)
from .decks import deck_choices, deck_select
from .front import BOARD_PNG, payload_key, picture_file
from .surroundings import location_command

log = logging.getLogger("metahost.shell")
GAME_CHOICES = [app_commands.Choice(name=get_game(g).name, value=g) for g in game_ids()]
ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
COLOUR_CHOICES = [app_commands.Choice(name=c, value=c) for c in PALETTE]  # MO-SET-10
CLOCK_CHOICES = [app_commands.Choice(name="a limit per decision (timeout)", value="decision"),
                 app_commands.Choice(name="a time bank per player (10 min + 20 s a decision)", value="bank")]
"""``/table new clock:`` (issue 27 §4): a fixed limit per decision (default), or a chess-clock time bank."""
LIST_ROOM = render.CONTENT_MAX - 120  # /table list: what the lines may take, leaving room for "… and N more"
APPLIED_NOT_SHOWN = "Your choice was applied, but Discord did not let me update this message; {next}."


def missing_permissions(interaction: discord.Interaction, threads: bool) -> list[str]:
    """Names of the channel permissions the bot lacks to host a table here (threads: also the thread ones)."""
    perms = interaction.app_permissions
    need = {"View Channel": perms.view_channel, "Send Messages": perms.send_messages,
            "Embed Links": perms.embed_links}
    if threads:
        need["Create Public Threads"] = perms.create_public_threads
        need["Send Messages in Threads"] = perms.send_messages_in_threads
    return [name for name, ok in need.items() if not ok]


async def readable_table(interaction: discord.Interaction, table_id: str | None) -> Table:
    """The table a reading command (status, log, replay) means: like :func:`find_table`, but a finished or
    cancelled table is found too, by its id or in its thread (issue 13 §8)."""
    bot = bot_of(interaction)
    if table_id and table_id.strip():
        return await bot.service.lookup(table_id.strip())
    by_thread = await bot.store.table_by_channel(interaction.channel_id or 0)
    if by_thread:
        return await bot.service.lookup(by_thread)
    return await find_table(interaction, None)


def board_file(t: Table) -> discord.File:
    """The whole public board of a started table as a text file (for boards too big for a message)."""
    text = t.game.board_text(t.game.view(t.state, None))
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=f"table-{t.id}-board.txt")


class TableCog(commands.Cog):
    """``/table new|join|start|concede|abort|resume|status|list|log``."""

    table = app_commands.Group(name="table", description="Play a game at a table in this channel", guild_only=True)

    def __init__(self, bot: Host):
        self.bot = bot

    @table.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", seats="Number of seats", timeout="Seconds per decision (30 to 86400)",
                           pictures="Show a picture of the board on the board message (default: yes; the text stays)",
                           surroundings="MetaZoo 4th Wall: virtual (Pages only, default), derived (real sky), "
                                        "declared (players confirm)",
                           series="MetaZoo: a series of 1, 3 or 5 games (Archive swaps between games)",
                           teams="Team games (Memesis): ffa, 1v1, 1v2, 2v2, 1v3, 1v1v2 (default: players choose)",
                           response="Seconds to answer a response window (10 to 3600; never above timeout)",
                           stealth="Memesis: False plays without Stealth, no face-down cards (default: with it)",
                           options="The game's own options as key=value words, e.g. gambling=on bestof=5 "
                                   "(Meta Olympia; a wrong one lists them); bank=5m+10s sets a time bank",
                           clock="bank: each player has a time bank (10 min + 20 s a decision) instead of a "
                                 "limit per decision",
                           team_name="Meta Olympia: your team's name, 1-32 characters (default: a generated one)",
                           colour="Meta Olympia: your team's colour (default: the first free one)")
    @app_commands.choices(game=GAME_CHOICES, surroundings=[app_commands.Choice(name=m, value=m)
                                                           for m in SURROUNDINGS],
                          series=[app_commands.Choice(name=str(n), value=n) for n in (1, 3, 5)],
                          teams=[app_commands.Choice(name=f, value=f) for f in tm.FORMATS], colour=COLOUR_CHOICES,
                          clock=CLOCK_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  seats: app_commands.Range[int, 2, 8] | None = None,
                  timeout: app_commands.Range[int, 30, 86400] | None = None, pictures: bool = True,
                  surroundings: app_commands.Choice[str] | None = None,
                  series: app_commands.Choice[int] | None = None,
                  teams: app_commands.Choice[str] | None = None,
                  response: app_commands.Range[int, 10, 3600] | None = None,
                  stealth: bool | None = None, options: str | None = None, team_name: str | None = None,
                  colour: app_commands.Choice[str] | None = None,
                  clock: app_commands.Choice[str] | None = None) -> None:
        missing = missing_permissions(interaction, self.bot.front.threads)
        if missing:
            raise TableError("I can't host a table in this channel: I need the permission(s) "
                             + ", ".join(missing) + ". Ask a server admin to grant them here.", "permissions")
        await acknowledge(interaction, ephemeral=False)  # the lobby is public; a refusal still comes privately
        t = await self.bot.service.create(
            game.value, place_of(interaction), str(interaction.user.id), interaction.user.display_name,
            seats=seats, timeout=float(timeout if timeout is not None else self.bot.settings.decision_timeout),
            pictures=pictures, surroundings=surroundings.value if surroundings else None,
            series=series.value if series else None, teams=teams.value if teams else None,
            response=float(response if response is not None else self.bot.settings.response_timeout),
            stealth=stealth, table_options=options, team_name=team_name, colour=colour.value if colour else None,
            bank="on" if clock is not None and clock.value == "bank" else None)
        message = await reply(interaction, embed=render.lobby_embed(t), view=render.lobby_view(t),
                              ephemeral=False, wait=True)
        await self.bot.front.lobby_posted(t, message)

    @table.command(name="join", description="Take a seat here with one of your decks, or change the deck you bring")
    @app_commands.describe(deck="Your legal deck or a starter deck (default: a starter deck)",
                           table="Which table (default: the one in this channel)",
                           seat="Team Up tables: a taken seat's number, to manage that team together with its player",
                           team_name="Meta Olympia: your team's name, 1-32 characters (default: a generated one)",
                           colour="Meta Olympia: your team's colour (default: the first free one)")
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def join(self, interaction: discord.Interaction, deck: str | None = None, table: str | None = None,
                   seat: app_commands.Range[int, 1, 8] | None = None, team_name: str | None = None,
                   colour: app_commands.Choice[str] | None = None) -> None:
        await acknowledge(interaction)
        t = await find_table(interaction, table, lobby=True)
        ref = await self._deck_ref(interaction, t, deck)
        user = str(interaction.user.id)
        seated = t.seat_of(user)
        hue = colour.value if colour else None
        if seated is not None and seat is None and t.status == "lobby" and (ref is not None or team_name or hue):
            # Already seated (the host always is): `/table join deck:` changes the deck the seat brings, and
            # `team_name:`/`colour:` its team's name and colour (MO-SET-09/10).
            said = []
            if team_name is not None or hue is not None:
                await self.bot.service.choose_team_name(t.id, user, team_name, hue)
                said.append(f"your team is **{t.team_name(seated.seat)}** ({t.colour(seated.seat)})")
            if ref is not None:
                await self.bot.service.choose_deck(t.id, user, ref)
                said.append(f"you now bring **{t.deck_title(seated.seat)}**")
            await reply(interaction, f"At table {t.id} {' and '.join(said)}.")
            return
        taken = seat is not None and seat <= len(t.seats)
        got = await self.bot.service.join(t.id, user, interaction.user.display_name, ref,
                                          seat=None if seat is None else seat - 1, team_name=team_name, colour=hue)
        if taken:  # Team Up (MO-OPT-06): a co-manager of a taken seat
            await reply(interaction, f"You now manage seat {got.seat + 1} ({render.team_label(t, got.seat)}) at table "
                        f"{t.id} together with its player: any of you may answer its decisions, the first answer "
                        "counts. Its decisions come to you by DM too.", allowed_mentions=discord.AllowedMentions.none())
            return
        team = f" as **{t.team_name(got.seat)}** ({t.colour(got.seat)})" if t.game.has_team_names else ""
        await reply(interaction, f"You took seat {got.seat + 1} at table {t.id}{team}"
                    + (f" with deck **{t.deck_title(got.seat)}**." if got.deck_label else "."))

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

    @table.command(name="team", description="Team games: choose your team (or a computer seat's) in the lobby")
    @app_commands.describe(team="The team letter", seat="A computer seat's number, to choose its team instead",
                           table="Which table (default: the one in this channel)")
    @app_commands.choices(team=[app_commands.Choice(name=f"Team {x}", value=x) for x in tm.LETTERS])
    async def team(self, interaction: discord.Interaction, team: app_commands.Choice[str],
                   seat: app_commands.Range[int, 1, 8] | None = None, table: str | None = None) -> None:
        """Issue 17 item 4 (MEM-GAP-03): the seat's team in a team game's lobby; the lobby message shows it."""
        await acknowledge(interaction)
        t = await find_table(interaction, table, lobby=True)
        chosen = await self.bot.service.choose_team(t.id, str(interaction.user.id), team.value,
                                                    None if seat is None else seat - 1)
        who = "You are" if not chosen.computer else f"{chosen.name} (seat {chosen.seat + 1}) is"
        await reply(interaction, f"{who} in team {t.team_of(chosen.seat)} at table {t.id}.")

    @table.command(name="start", description="Start the table (seats and decks are checked)")
    async def start(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await acknowledge(interaction)
        t = await find_table(interaction, table, lobby=True)
        await self.bot.service.start(t.id, str(interaction.user.id))
        await reply(interaction, f"Table {t.id} started.")

    @table.command(name="concede", description="Concede your game at this table (asks first)")
    async def concede(self, interaction: discord.Interaction, table: str | None = None) -> None:
        """Issue 13 §5: nothing is conceded here; the user gets Concede / Keep playing (:class:`ConcedeButton`)."""
        await acknowledge(interaction)
        t = await find_table(interaction, table)
        user = str(interaction.user.id)
        seat = t.seat_of(user)
        if seat is None:
            raise TableError(f"You are not seated at table {t.id}, so there is nothing to concede.", "not_seated")
        if t.status != "playing":
            raise TableError(f"Table {t.id} is not playing (it is still in the lobby): use the lobby's **Leave** "
                             "button instead.", "not_playing")
        if seat.seat in t.game.out_seats(t.state):
            raise TableError(f"You are already out of table {t.id}: nothing to concede.", "duplicate")
        await reply(interaction, f"Concede {t.game.name} table {t.id}? This cannot be undone.",
                    view=render.concede_view(t, user))

    @table.command(name="abort", description="Cancel a table (its host, or anyone with Manage Channels)")
    async def abort(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await acknowledge(interaction, ephemeral=False)
        t = await find_table(interaction, table)
        perms = getattr(interaction.user, "guild_permissions", None)
        admin = bool(perms and (perms.manage_channels or perms.administrator))
        await self.bot.service.abort(t.id, str(interaction.user.id), admin=admin)
        await reply(interaction, f"Table {t.id} was cancelled.", ephemeral=False)

    @table.command(name="resume", description="Continue a paused table here (its host, or anyone with Manage Channels)")
    @app_commands.describe(table="The paused table's id (the pause message names it)")
    async def resume(self, interaction: discord.Interaction, table: str) -> None:
        """Issue 12 §4: a table paused because its thread or channel was deleted continues in this channel."""
        await acknowledge(interaction)
        missing = missing_permissions(interaction, self.bot.front.threads)
        if missing:
            raise TableError("I can't host a table in this channel: I need the permission(s) "
                             + ", ".join(missing) + ". Ask a server admin to grant them here.", "permissions")
        perms = getattr(interaction.user, "guild_permissions", None)
        admin = bool(perms and (perms.manage_channels or perms.administrator))
        t = await self.bot.service.resume(table.strip(), str(interaction.user.id), place_of(interaction), admin)
        await reply(interaction, f"Table {t.id} continues in this channel: its board is posted here.")

    @table.command(name="status", description="Show a table's board")
    async def status(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await acknowledge(interaction)
        t = await readable_table(interaction, table)
        if t.state is None:
            await reply(interaction, embed=render.lobby_embed(t))
            return
        if t.status in ("finished", "aborted"):
            await self._final_status(interaction, t)
            return
        m = await self.bot.front.messages(t.id)
        view = t.game.view(t.state, None)
        note = self.bot.front.blocked_note(t)  # why the board stopped, if Discord refuses it (issue 26 §5)
        embed, files = render.board_embed(t, view, m.log, [note] if note else []), []
        if render.text_overflows(t.game.board_text(view)):
            files.append(board_file(t))  # the board message shows what fits; the file has it all
        _, png = await self.bot.front.board_picture(t, m, view)  # the board's own picture (issue 15 §3)
        if png is not None:
            embed.set_image(url=f"attachment://{BOARD_PNG}")
            files.append(picture_file(png))
        await reply(interaction, embed=embed, **({"files": files} if files else {}))

    async def _final_status(self, interaction: discord.Interaction, t: Table) -> None:
        """A finished (or cancelled) table: its result with the final summary, then its final board; the
        whole board comes as a file whenever the two embeds could not show every line (issue 13 §8)."""
        view = t.game.view(t.state, None)
        result = t.game.result(t.state)
        summary = render.result_embed(t, result, [], view if result is not None else None)
        lines = public_log(*await self._stored(t))[-8:]
        board = render.board_embed(t, view, lines, [])
        extra = {}
        if render.text_overflows(t.game.board_text(view)) or \
                render.embed_size(summary) + render.embed_size(board) > render.EMBED_MAX:
            extra["file"] = board_file(t)
        await reply(interaction, embeds=[summary, board], **extra)

    async def _stored(self, t: Table) -> tuple:
        """``(row, choice log)`` of a started table, from the store."""
        rows = await self.bot.store.load_tables(table_id=t.id)
        if not rows or rows[0].snapshot is None:
            raise TableError(f"Table {t.id} has not started: it has no log yet.", "not_started")
        return rows[0], await self.bot.store.actions(t.id, timed=True)

    @table.command(name="replay", description="A table's replay as a file: public log, and seed and choices once over")
    @app_commands.describe(table="Which table (default: the one here); finished tables too")
    async def replay(self, interaction: discord.Interaction, table: str | None = None) -> None:
        """Issue 13 §8: public information only (:func:`bot.audit.replay_export`)."""
        await acknowledge(interaction)
        t = await readable_table(interaction, table)
        row, log_ = await self._stored(t)
        text = replay_export(row, log_, await self.bot.store.result(t.id))
        data = io.BytesIO(text.encode("utf-8"))
        await reply(interaction, f"Replay of {t.game.name} table {t.id} ({len(log_)} choices).",
                    file=discord.File(data, filename=f"table-{t.id}-replay.txt"))

    @table.command(name="list", description="Open tables in this channel")
    async def list_(self, interaction: discord.Interaction) -> None:
        here = self.bot.service.tables_in(place_of(interaction))
        if not here:
            await reply(interaction, "No open tables here. `/table new` opens one.")
            return
        user = str(interaction.user.id)
        here.sort(key=lambda t: (t.seat_of(user) is None, t.status != "lobby"))  # mine, then lobbies, first
        lines: list[str] = []
        for t in here:
            line = render.clip(f"`{t.id}` {t.game.name} · {t.status} · {len(t.seats)}/{t.max_seats} seats · "
                               + ", ".join(render.seat_line(t, s.seat)
                                         + (f" ({t.deck_title(s.seat)})" if t.deck_title(s.seat) else "")
                                         for s in t.seats), 300)
            if sum(len(x) + 1 for x in lines) + len(line) > LIST_ROOM:
                break
            lines.append(line)
        if len(lines) < len(here):
            lines.append(f"… and {len(here) - len(lines)} more. `/table status table:<id>` shows one table.")
        await reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @table.command(name="log", description="The full public log of a table, as a file")
    async def log_(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await acknowledge(interaction)
        t = await readable_table(interaction, table)
        rows = await self.bot.store.load_tables(table_id=t.id)
        lines = public_log(rows[0], await self.bot.store.actions(t.id, timed=True)) if rows and rows[0].snapshot else []
        data = io.BytesIO(("\n".join(lines) or "(no moves yet)").encode("utf-8"))
        await reply(interaction, f"Public log of table {t.id}: {len(lines)} lines.",
                    file=discord.File(data, filename=f"table-{t.id}-log.txt"))

    @new.autocomplete("options")
    async def _option_words(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's table options (issue 18): what is typed so far, completed with one more
        ``key=value`` word for each option not named yet."""
        try:
            g = get_game(str(getattr(interaction.namespace, "game", "") or ""))
        except KeyError:
            return []
        done, _, last = current.rpartition(" ")
        named = {w.partition("=")[0].lower() for w in done.split()}
        out = []
        for o in g.table_options:
            if o.key in named:
                continue
            for v in (True, False) if o.kind == "bool" else o.choices:
                word = option_word(o, v)
                if word.startswith(last.lower()):
                    out.append((f"{done} {word}".strip(), o.help))
        return [app_commands.Choice(name=render.clip(f"{text} · {help_}", 100), value=text[:100])
                for text, help_ in out][:25]

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
    @team.autocomplete("table")
    @start.autocomplete("table")
    @concede.autocomplete("table")
    @abort.autocomplete("table")
    async def _table_ids(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        here = self.bot.service.tables_in(place_of(interaction))
        return [app_commands.Choice(name=render.clip(f"{t.id} · {t.game.name} · {t.status}", 100), value=t.id)
                for t in here if t.id.startswith(current.strip())][:25]

    @status.autocomplete("table")
    @log_.autocomplete("table")
    @replay.autocomplete("table")
    async def _any_table_ids(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Tables of this channel, finished ones too, newest first (issue 13 §8)."""
        rows = await self.bot.store.list_tables(place_of(interaction))
        return [app_commands.Choice(name=render.clip(f"{tid} · {get_game(game).name} · {status}", 100), value=tid)
                for tid, game, _place, status, _updated in rows if tid.startswith(current.strip())][:25]


class SettingsCog(commands.Cog):
    """``/settings pictures`` and ``/settings location``: a server's settings, changed by its admins (issue 15
    §3, issue 16 item 2)."""

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
        """Issue 16 item 2: the location derived MetaZoo tables here read (Manage Server to change)."""
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
        """Issue 13 §1: the per-user turn-notice setting (stored); issue 27 §2, §3: window pings and the stops
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


# -- components ------------------------------------------------------------------------------------


def private_target(interaction: discord.Interaction, table_id: str) -> tuple[Host, Table, Seat]:
    """The bot, table and seat of a click on a private component (a decision, a page of one): the table
    exists and has started, the user is seated, and the message is theirs (a DM or an ephemeral message,
    never a public one such as the board). :class:`TableError` otherwise."""
    bot = bot_of(interaction)
    t = bot.service.get(table_id)
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
    """A click on the option with key ``key`` of the decision offered with ``token`` (issue 13 §3):
    acknowledged at once (deferred update), applied for the clicking user's seat
    (:meth:`TableService.act_option`: an outdated token still applies an option that is still offered),
    then their updated private view is put in the clicked message. A refusal because the option is gone
    also puts the current decision in the clicked message. If that edit fails once the choice is applied,
    the player is told so and the front re-sends the view (the DM is not recorded as updated; issue 12
    §4.2). ``key`` ``None``: "Pass until my turn" on a response window (issue 27 §3,
    :meth:`TableService.pass_until_turn`)."""
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


class OptionButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.OPTION.pattern):
    """A decision button: the option with key ``key`` of the decision offered with ``token``."""

    def __init__(self, table: str, token: str, key: str):
        super().__init__(discord.ui.Button(custom_id=ids.option(table, token, key)))
        self.table, self.token, self.key = table, token, key

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], match["token"], match["key"])

    async def handle(self, interaction: discord.Interaction) -> None:
        await answer_decision(interaction, self.table, self.token, self.key)


class StopButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.STOP.pattern):
    """"Pass until my turn" on a response window offered with ``token`` (issue 27 §3): this window and the
    seat's next ones pass at once until it has a decision of its own."""

    def __init__(self, table: str, token: str):
        super().__init__(discord.ui.Button(custom_id=ids.stop(table, token)))
        self.table, self.token = table, token

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], match["token"])

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


class OptionSelect(Guarded, discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT.pattern):
    """A decision select menu (page ``page``): its values are option keys, 25 a page."""

    def __init__(self, table: str, token: str, page: int):
        super().__init__(discord.ui.Select(custom_id=ids.select(table, token, page)))
        self.table, self.token, self.page = table, token, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], match["token"], int(match["page"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        offered = menu_values(interaction, ids.select(self.table, self.token, self.page))
        if len(values) != 1 or not re.fullmatch(r"[0-9a-f]{8}", str(values[0])) \
                or (offered and values[0] not in offered):
            raise TableError("That choice was not offered in this menu; pick one of its options. "
                             "Nothing was changed.", "bad_choice")
        await answer_decision(interaction, self.table, self.token, str(values[0]))


class PageButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.PAGE.pattern):
    """Shows page ``page`` of a long decision's select menu, in the message that holds the menu."""

    def __init__(self, table: str, token: str, page: int):
        super().__init__(discord.ui.Button(custom_id=ids.page(table, token, page)))
        self.table, self.token, self.page = table, token, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], match["token"], int(match["page"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        _bot, t, seat = private_target(interaction, self.table)
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


class LegacyDecision(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.LEGACY.pattern):
    """A decision button, menu or page button on a message posted before issue 13 (its id names a game
    version and an option index): refused with what to use instead, never an error."""

    def __init__(self, kind: str, table: str, rest: str):
        super().__init__(discord.ui.Button(custom_id=f"mh:{kind}:{table}:{rest}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["kind"], match["table"], match["rest"])

    async def handle(self, interaction: discord.Interaction) -> None:
        bot_of(interaction).service.get(self.table)  # an unknown table says so first
        private_target(interaction, self.table)
        raise TableError("This button is from before the bot was updated and no longer works. Your current "
                         "decision is in your newest DM, or press **My hand** on the table's board. Nothing "
                         "was changed.", "old_button")


class HandButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.HAND.pattern):
    """"My hand" on the board: the clicking player's private view and decision, as an ephemeral message."""

    def __init__(self, table: str):
        super().__init__(discord.ui.Button(custom_id=ids.hand(table)))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"])

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        t = bot.service.get(self.table)
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
        bot.front.hand_shown(t.id, slot, interaction, embed, comps, content)


class BoardButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.BOARD.pattern):
    """"Full board" on a board too big for its message: the whole board text as an ephemeral file."""

    def __init__(self, table: str):
        super().__init__(discord.ui.Button(custom_id=ids.board(table)))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"])

    async def handle(self, interaction: discord.Interaction) -> None:
        t = bot_of(interaction).service.get(self.table)
        if t.state is None:
            raise TableError(f"Table {t.id} has not started yet: there is no board.", "not_started")
        await acknowledge(interaction)
        await reply(interaction, f"The whole board of table {t.id}, as it is now:", file=board_file(t))


class LobbyButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY.pattern):
    """Join, Leave, Add computer, Start, Cancel on a lobby message."""

    def __init__(self, table: str, action: str):
        super().__init__(discord.ui.Button(custom_id=ids.lobby(table, action)))
        self.table, self.action = table, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], match["action"])

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        svc = bot.service
        user = str(interaction.user.id)
        # Acknowledge first (a deferred update of the lobby): the change may wait for the table's lock
        # behind a Start reading saved decks, and for the store; Discord allows 3 s (issue 12 §2).
        await acknowledge_update(interaction)
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
            await reply(interaction, f"You took seat {seat.seat + 1} with **{t.deck_title(seat.seat)}**. "
                        "Bring another deck?",
                        view=deck_select(t.id, choices))


class TeamSelect(Guarded, discord.ui.DynamicItem[discord.ui.Select], template=ids.TEAM.pattern):
    """The team select of a team game's lobby (issue 17 item 4): the clicking player's seat joins the chosen
    team; the lobby message is edited to show it."""

    def __init__(self, table: str):
        super().__init__(discord.ui.Select(custom_id=ids.team(table)))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"])

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await acknowledge_update(interaction)  # the change waits for the table's lock and the store
        values = (interaction.data or {}).get("values") or []
        if len(values) != 1:
            raise TableError("Pick one team in the menu. Nothing was changed.", "bad_team")
        t = bot.service.get(self.table)
        await bot.service.choose_team(t.id, str(interaction.user.id), str(values[0]))
        m = await bot.front.messages(t.id)
        embed, view = render.lobby_embed(t), render.lobby_view(t)
        await interaction.edit_original_response(embed=embed, view=view)
        m.sent["lobby"] = payload_key(embed, view)
        if m.sent["lobby"] != payload_key(render.lobby_embed(t), render.lobby_view(t)):
            await bot.front.lobby_changed(t)  # another click changed it meanwhile: the front edits again


class ConcedeButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.CONCEDE.pattern):
    """Concede / Keep playing under ``/table concede`` (issue 13 §5): only the user it was shown to may
    answer; Concede concedes once, a repeated press is told it was done."""

    def __init__(self, table: str, user: str, action: str):
        super().__init__(discord.ui.Button(custom_id=ids.concede(table, user, action)))
        self.table, self.user, self.action = table, user, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], match["user"], match["action"])

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


class RematchButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.REMATCH.pattern):
    """Rematch under a finished table's result (issue 13 §7). Every human player of it presses it (the
    label counts them); with the last press a new table with the same seats and decks opens in the same
    channel and starts at once (:meth:`TableService.rematch`)."""

    def __init__(self, table: str):
        super().__init__(discord.ui.Button(custom_id=ids.rematch(table)))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"])

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


class OutButton(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=ids.OUT.pattern):
    """Watch / Leave for a player who is out of a game that goes on (issue 13 §7); refused for another
    player's seat and for a seat still playing (issue 26 §5)."""

    def __init__(self, table: str, seat: int, action: str):
        super().__init__(discord.ui.Button(custom_id=ids.out(table, seat, action)))
        self.table, self.seat, self.action = table, seat, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["table"], int(match["seat"]), match["action"])

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await acknowledge_update(interaction)  # lookup may read a finished table from the store
        t = await bot.service.lookup(self.table)
        if not 0 <= self.seat < len(t.seats) or str(interaction.user.id) not in t.managers(self.seat):
            raise TableError("This choice belongs to another player. Nothing was changed.", "forbidden")
        if t.state is None or self.seat not in t.game.out_seats(t.state):
            # only the seat the game put out gets Watch / Leave (issue 26 §5: a crafted one changes nothing)
            raise TableError(f"You are still playing at {t.game.name} table {t.id}: Watch and Leave are for a "
                             "player who is out of the game. Nothing was changed.", "not_out")
        who = render.seat_line(t, self.seat)
        if self.action == "watch":
            also = " and this DM keep" if interaction.guild_id is None else " keeps"
            text = f"👀 {who} is watching {t.game.name} table {t.id}: the board in its thread{also} updating until the end."
        else:
            slot = t.slot_of(str(interaction.user.id))
            await bot.front.leave_dms(t.id, self.seat if slot is None else slot)
            text = (f"👋 {who} left {t.game.name} table {t.id}: no more DMs from it; the game goes on. "
                    f"`/table status table:{t.id}` shows it any time.")
        await interaction.edit_original_response(content=text, view=None,
                                                 allowed_mentions=discord.AllowedMentions.none())


DYNAMIC_ITEMS = (OptionButton, OptionSelect, PageButton, LegacyDecision, HandButton, BoardButton, LobbyButton, TeamSelect,
                 ConcedeButton, RematchButton, OutButton, StopButton)
