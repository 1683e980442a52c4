"""``/table …``: open, join, start, concede, cancel, resume, show, replay and list tables (:class:`TableCog`),
with the autocompletes of its options. May import :mod:`bot.host`, :mod:`bot.audit`, :mod:`games`, the
shell's :mod:`~bot.shell.common`, :mod:`~bot.shell.render`, :mod:`~bot.shell.decks`, :mod:`~bot.shell.front`
and :mod:`bot.shell.cogs.base`.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.audit import public_log, replay_export
from bot.host import SAVED, SURROUNDINGS, Table, TableError, option_word
from games import get_game
from games.core import teams as tm

from .. import render
from ..common import Host, acknowledge, bot_of, find_table, place_of, reply
from ..decks import deck_choices
from ..front import BOARD_PNG, picture_file
from .base import CLOCK_CHOICES, COLOUR_CHOICES, GAME_CHOICES, LEVEL_CHOICES, board_file

LIST_ROOM = render.CONTENT_MAX - 120  # /table list: what the lines may take, leaving room for "… and N more"


def missing_permissions(interaction: discord.Interaction, threads: bool) -> list[str]:
    """Names of the channel permissions the bot lacks to host a table here (threads: also the thread ones)."""
    perms = interaction.app_permissions
    need = {"View Channel": perms.view_channel, "Send Messages": perms.send_messages,
            "Embed Links": perms.embed_links}
    if threads:
        need["Create Public Threads"] = perms.create_public_threads
        need["Send Messages in Threads"] = perms.send_messages_in_threads
    return [name for name, ok in need.items() if not ok]



def require_permissions(interaction: discord.Interaction, threads: bool) -> None:
    """:class:`TableError` ``permissions`` naming what :func:`missing_permissions` finds, if anything."""
    missing = missing_permissions(interaction, threads)
    if missing:
        raise TableError("I can't host a table in this channel: I need the permission(s) "
                         + ", ".join(missing) + ". Ask a server admin to grant them here.", "permissions")


def channel_admin(interaction: discord.Interaction) -> bool:
    """Whether the user may cancel or move any table here (Manage Channels or Administrator)."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_channels or perms.administrator))

async def readable_table(interaction: discord.Interaction, table_id: str | None) -> Table:
    """The table a reading command (status, log, replay) means: like :func:`find_table`, but a finished or
    cancelled table is found too, by its id or in its thread."""
    bot = bot_of(interaction)
    if table_id and table_id.strip():
        return await bot.service.lookup(table_id.strip())
    by_thread = await bot.store.table_by_channel(interaction.channel_id or 0)
    if by_thread:
        return await bot.service.lookup(by_thread)
    return await find_table(interaction, None)


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
                           colour="Meta Olympia: your team's colour (default: the first free one)",
                           computers="How the computers you add play: easy (rules of thumb, default), normal "
                                     "(thinks ~0.3 s), hard (thinks ~2 s)")
    @app_commands.choices(game=GAME_CHOICES, surroundings=[app_commands.Choice(name=m, value=m)
                                                           for m in SURROUNDINGS],
                          series=[app_commands.Choice(name=str(n), value=n) for n in (1, 3, 5)],
                          teams=[app_commands.Choice(name=f, value=f) for f in tm.FORMATS], colour=COLOUR_CHOICES,
                          clock=CLOCK_CHOICES, computers=LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  seats: app_commands.Range[int, 2, 8] | None = None,
                  timeout: app_commands.Range[int, 30, 86400] | None = None, pictures: bool = True,
                  surroundings: app_commands.Choice[str] | None = None,
                  series: app_commands.Choice[int] | None = None,
                  teams: app_commands.Choice[str] | None = None,
                  response: app_commands.Range[int, 10, 3600] | None = None,
                  stealth: bool | None = None, options: str | None = None, team_name: str | None = None,
                  colour: app_commands.Choice[str] | None = None,
                  clock: app_commands.Choice[str] | None = None,
                  computers: app_commands.Choice[str] | None = None) -> None:
        require_permissions(interaction, self.bot.front.threads)
        await acknowledge(interaction, ephemeral=False)  # the lobby is public; a refusal still comes privately
        t = await self.bot.service.create(
            game.value, place_of(interaction), str(interaction.user.id), interaction.user.display_name,
            seats=seats, timeout=float(timeout if timeout is not None else self.bot.settings.decision_timeout),
            pictures=pictures, surroundings=surroundings.value if surroundings else None,
            series=series.value if series else None, teams=teams.value if teams else None,
            response=float(response if response is not None else self.bot.settings.response_timeout),
            stealth=stealth, table_options=options, team_name=team_name, colour=colour.value if colour else None,
            bank="on" if clock is not None and clock.value == "bank" else None,
            level=computers.value if computers else None)
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
        """MEM-GAP-03: the seat's team in a team game's lobby; the lobby message shows it."""
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
        """Nothing is conceded here; the user gets Concede / Keep playing (:class:`ConcedeButton`)."""
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
        admin = channel_admin(interaction)
        await self.bot.service.abort(t.id, str(interaction.user.id), admin=admin)
        await reply(interaction, f"Table {t.id} was cancelled.", ephemeral=False)

    @table.command(name="resume", description="Continue a paused table here (its host, or anyone with Manage Channels)")
    @app_commands.describe(table="The paused table's id (the pause message names it)")
    async def resume(self, interaction: discord.Interaction, table: str) -> None:
        """A table paused because its thread or channel was deleted continues in this channel."""
        await acknowledge(interaction)
        require_permissions(interaction, self.bot.front.threads)
        admin = channel_admin(interaction)
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
        note = self.bot.front.blocked_note(t)  # why the board stopped, if Discord refuses it
        embed, files = render.board_embed(t, view, m.log, [note] if note else []), []
        if render.text_overflows(t.game.board_text(view)):
            files.append(board_file(t))  # the board message shows what fits; the file has it all
        _, png = await self.bot.front.board_picture(t, m, view)  # the board's own picture
        if png is not None:
            embed.set_image(url=f"attachment://{BOARD_PNG}")
            files.append(picture_file(png))
        await reply(interaction, embed=embed, **({"files": files} if files else {}))

    async def _final_status(self, interaction: discord.Interaction, t: Table) -> None:
        """A finished (or cancelled) table: its result with the final summary, then its final board; the
        whole board comes as a file whenever the two embeds could not show every line."""
        view = t.game.view(t.state, None)
        result = t.game.result(t.state)
        summary = render.result_embed(t, result, [], view if result is not None else None,
                                      link=self.bot.front.web_link(t.id))
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
        """Public information only (:func:`bot.audit.replay_export`)."""
        await acknowledge(interaction)
        t = await readable_table(interaction, table)
        row, log_ = await self._stored(t)
        text = replay_export(row, log_, await self.bot.store.result(t.id))
        data = io.BytesIO(text.encode("utf-8"))
        link = self.bot.front.web_link(t.id)
        await reply(interaction, f"Replay of {t.game.name} table {t.id} ({len(log_)} choices)."
                    + (f" On the web: {link}" if link else ""),
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
        """The chosen game's table options: what is typed so far, completed with one more
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
        """Tables of this channel, finished ones too, newest first."""
        rows = await self.bot.store.list_tables(place_of(interaction))
        return [app_commands.Choice(name=render.clip(f"{tid} · {get_game(game).name} · {status}", 100), value=tid)
                for tid, game, _place, status, _updated in rows if tid.startswith(current.strip())][:25]
