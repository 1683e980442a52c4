"""``/help`` on Discord: a game's quick start (``data/help/<game>.md``, :mod:`bot.help`) and
how play works on Discord (``data/help/discord.md``), as one embed within Discord's limits by construction:
every section is a field clipped to 1,024 characters, the whole embed fitted (:func:`render.fit_embed`);
tests/discord_shell/test_help_bot.py checks that no section of the shipped files needs clipping."""

from __future__ import annotations

import discord

from bot import help as quick
from games import GAME_NAMES

from . import render

DISCORD = "discord"  # data/help/discord.md: playing on Discord, whatever the game


def _add_sections(e: discord.Embed, name: str) -> None:
    for heading, body in quick.sections(name):
        if heading:
            e.add_field(name=render.clip(heading, render.FIELD_NAME_MAX),
                        value=render.clip(body, render.FIELD_VALUE_MAX) or "-", inline=False)


def help_embed(game_id: str | None) -> discord.Embed:
    """The ``/help`` answer: with ``game_id``, that game's quick start (its intro as the description, its
    sections as fields), then how play works on Discord; without, the games there are and how to ask for
    one's quick start, then how play works on Discord."""
    if game_id is not None:
        e = discord.Embed(title=render.clip(quick.title(game_id), render.TITLE_MAX), colour=render.COLOUR)
        intro = next((body for heading, body in quick.sections(game_id) if not heading), "")
        e.description = render.clip(intro, render.DESC_MAX) or None
        _add_sections(e, game_id)
        e.set_footer(text="/help with another game: its quick start · /rules: the whole rules by topic")
    else:
        e = discord.Embed(title="metahost — help", colour=render.COLOUR)
        games = ", ".join(GAME_NAMES.values())
        e.description = (f"This bot hosts {games}. Add `game:` to `/help` for a game's quick start (in a table's "
                         "thread it is that table's game).")
        e.set_footer(text="/rules: a game's whole rules by topic")
    _add_sections(e, DISCORD)
    return render.fit_embed(e)
