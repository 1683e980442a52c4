"""What the shell's command groups and components share: the choice lists of the slash commands
(:data:`GAME_CHOICES` is one list: tests add a game to it) and the whole board as a file. May import
:mod:`bot.host` and :mod:`games`.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.host import PALETTE, Table
from games import game_ids, get_game

GAME_CHOICES = [app_commands.Choice(name=get_game(g).name, value=g) for g in game_ids()]
ON_OFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
COLOUR_CHOICES = [app_commands.Choice(name=c, value=c) for c in PALETTE]  # MO-SET-10
CLOCK_CHOICES = [app_commands.Choice(name="a limit per decision (timeout)", value="decision"),
                 app_commands.Choice(name="a time bank per player (10 min + 20 s a decision)", value="bank")]
"""``/table new clock:``: a fixed limit per decision (default), or a chess-clock time bank."""
LEVEL_CHOICES = [app_commands.Choice(name="easy: rules of thumb, answers at once", value="easy"),
                 app_commands.Choice(name="normal: searches about 0.3 s a move", value="normal"),
                 app_commands.Choice(name="hard: searches about 2 s a move", value="hard")]
"""``/table new computers:``: the level of the computer seats the table adds (games.core.search.LEVELS)."""


def board_file(t: Table) -> discord.File:
    """The whole public board of a started table as a text file (for boards too big for a message)."""
    text = t.game.board_text(t.game.view(t.state, None))
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=f"table-{t.id}-board.txt")
