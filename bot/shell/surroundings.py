"""``/surroundings`` and ``/settings location``: the real surroundings that games reading the real world
(MetaZoo's *derived* tables, MZ-WALL-04, MZ-TERRA-02) take from their players.

A player's profile (places, weather and objects around them, and optionally where they play) is stored per
user (store migration 9) and read at every game start; a server's location (name, latitude, longitude,
timezone) is stored in the kv table. Both are parsed by :mod:`games.core.surroundings` (its messages say what
is wrong and what would be right); bad input changes nothing. ``show`` asks each game that reads
surroundings what it derives right now from the bot's clock (:meth:`games.core.contract.Game.survey`: for
MetaZoo the 24 Terra Bonuses), each with its basis ("Nighttime: sunset at 16:42 in Oslo").
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.host import TableError
from games import game_ids, get_game
from games.core.contract import Game
from games.core.surroundings import PROFILE_WEATHER, Place, Surroundings

from . import render
from .common import Host, acknowledge, reply

BASIS_MAX = 330  # characters of one sky feature's line in the survey: 8 of them stay well under an embed
EXAMPLE_PLACE = "Oslo, 59.91, 10.75, Europe/Oslo"


def _listed(text: str | None) -> list[str]:
    """``"Forest, lake"`` -> ``["Forest", "lake"]`` (commas separate; blanks dropped)."""
    return [p.strip() for p in (text or "").split(",") if p.strip()]


def parse_place(text: str, what: str) -> Place:
    """A place from ``"name, latitude, longitude, timezone"``; :class:`TableError` (``bad_place``) saying
    what is wrong, with an example, and that nothing was changed."""
    try:
        return Place.parse(text)
    except ValueError as exc:
        raise TableError(f"That {what} is not one I can use: {exc}. Write it as `{EXAMPLE_PLACE}` (name, "
                         "latitude, longitude, IANA timezone). Nothing was changed.", "bad_place") from None


def place_line(place: dict[str, Any] | None) -> str:
    """``"Oslo (59.91, 10.75, Europe/Oslo)"`` or ``"none"``."""
    if not place:
        return "none"
    return f"{place['name']} ({place['latitude']:g}, {place['longitude']:g}, {place['timezone']})"


def profile_lines(profile: dict[str, Any] | None) -> list[str]:
    """The profile in words, one line per part."""
    if not profile:
        return ["You have no surroundings profile: in derived mode every place and weather condition "
                "counts as absent for you, and objects are asked."]
    return [f"**Places nearby:** {', '.join(profile.get('places') or []) or 'none'}",
            f"**Weather:** {', '.join(profile.get('weather') or []) or 'none'}",
            f"**Objects nearby:** {', '.join(profile.get('objects') or []) or 'none'}",
            f"**Your place:** {place_line(profile.get('place'))}"]


def surveyors() -> list[Game]:
    """The registered games that read their players' surroundings (:attr:`Game.reads_surroundings`)."""
    return [g for g in map(get_game, game_ids()) if g.reads_surroundings]


def survey_lines(place: Place, profile: Surroundings | None, instant: dt.datetime, caster: str) -> list[str]:
    """What each game that reads surroundings derives right now (:meth:`Game.survey`): each sky feature
    (Daytime … Winter) on its own line with its basis (``"✅ **Nighttime** — sunset at 15:12 …"``), then the
    places and weather of the profile in two lines: those listed around the player and those not (``❔``:
    asked when checked)."""
    out: list[str] = []
    for game in surveyors():
        answers = game.survey(place, profile, instant, caster)
        for line in (a for a in answers if a.sky):
            mark = "❔" if line.holds is None else "✅" if line.holds else "▫️"
            out.append(render.clip(f"{mark} **{line.name}** — {line.basis}", BASIS_MAX))
        rest = [a for a in answers if not a.sky]
        around = [a.name for a in rest if a.holds]
        absent = [a.name for a in rest if a.holds is False]
        asked = [a.name for a in rest if a.holds is None]
        out.append(f"✅ **Around you:** {', '.join(around) or 'nothing listed'}")
        if absent:
            out.append(f"▫️ **Not around you:** {', '.join(absent)}")
        if asked:
            out.append(f"❔ **Asked when checked:** {', '.join(asked)}")
    return out


class SurroundingsCog(commands.Cog):
    """``/surroundings set|show|clear``: a player's declared surroundings (anywhere, DMs too)."""

    surroundings = app_commands.Group(name="surroundings",
                                      description="Your real surroundings, for MetaZoo tables in derived mode")

    def __init__(self, bot: Host):
        self.bot = bot

    @surroundings.command(name="set", description="Declare what is around you (what you leave out is kept)")
    @app_commands.describe(
        places="Places within 5 miles or in sight, comma-separated (Forest, Lake, City, Ocean, …)",
        weather=f"Weather around you, comma-separated: {', '.join(PROFILE_WEATHER)}",
        objects="Things near you that Pages may name, comma-separated (e.g. train, bridge)",
        place=f"Where you play: name, lat, lon, timezone ({EXAMPLE_PLACE}); none removes it")
    async def set_(self, interaction: discord.Interaction, places: str | None = None, weather: str | None = None,
                   objects: str | None = None, place: str | None = None) -> None:
        """Stores the new profile only when every part is valid."""
        await acknowledge(interaction)
        user = str(interaction.user.id)
        if places is None and weather is None and objects is None and place is None:
            raise TableError("Tell me at least one of places, weather, objects or place, e.g. "
                             "`/surroundings set places:Forest, Lake weather:Raining`. Nothing was changed.",
                             "bad_profile")
        old = await self.bot.store.surroundings_of(user) or {}
        if place is not None and place.strip().lower() in ("none", "-", ""):
            new_place = None
        elif place is not None:
            new_place = parse_place(place, "place")
        else:
            new_place = Place.from_json(old["place"]) if old.get("place") else None
        try:
            profile = Surroundings(
                frozenset(_listed(places) if places is not None else old.get("places", ())),
                frozenset(_listed(weather) if weather is not None else old.get("weather", ())),
                frozenset(_listed(objects) if objects is not None else old.get("objects", ())),
                new_place)
        except ValueError as exc:
            raise TableError(f"{exc}. Nothing was changed.", "bad_profile") from None
        await self.bot.store.set_surroundings(user, profile.to_json())
        await self._show(interaction, "Your surroundings are saved.")

    @surroundings.command(name="show", description="Your profile and what derived mode reads for you right now")
    async def show(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        await self._show(interaction, None)

    @surroundings.command(name="clear", description="Forget your surroundings profile")
    async def clear(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        user = str(interaction.user.id)
        had = await self.bot.store.surroundings_of(user)
        await self.bot.store.set_surroundings(user, None)
        await reply(interaction, "Your surroundings profile is cleared." if had else
                    "You had no surroundings profile; nothing to clear.")

    async def _show(self, interaction: discord.Interaction, head: str | None) -> None:
        """The profile and, when a place is known (the profile's, else this server's location), the survey
        of the 24 Terra Bonuses at the bot's clock now."""
        user = str(interaction.user.id)
        data = await self.bot.store.surroundings_of(user)
        lines = ([head] if head else []) + profile_lines(data)
        profile = Surroundings.from_json(data) if data else None
        place = profile.place if profile and profile.place else None
        if place is None and interaction.guild_id is not None:
            server = await self.bot.store.location_of(str(interaction.guild_id))
            place = Place.from_json(server) if server else None
        if place is None:
            lines.append("No place is known for you here, so I cannot read the sky: add yours with "
                         f"`/surroundings set place:{EXAMPLE_PLACE}`, or ask a server admin for "
                         "`/settings location`.")
            await reply(interaction, embed=discord.Embed(title="Your surroundings", colour=render.COLOUR,
                                                         description="\n".join(lines)))
            return
        instant = dt.datetime.fromtimestamp(self.bot.service.clock.now(), dt.UTC)
        lines.append(f"**In derived mode at {place.name} now** ({instant:%Y-%m-%d %H:%M} UTC):")
        body = "\n".join(lines + survey_lines(place, profile, instant, interaction.user.display_name))
        await reply(interaction, embed=discord.Embed(title="Your surroundings", colour=render.COLOUR,
                                                     description=render.clip(body, render.DESC_MAX)))


async def location_command(bot: Host, interaction: discord.Interaction, place: str | None, clear: bool) -> None:
    """``/settings location``: without arguments says the server's location (anyone); ``place`` sets it and
    ``clear`` removes it (Manage Server or Administrator). Bad input changes nothing."""
    await acknowledge(interaction)
    guild = str(interaction.guild_id)
    if place is not None or clear:
        perms = getattr(interaction.user, "guild_permissions", None)
        if not (perms and (perms.manage_guild or perms.administrator)):
            raise TableError("Only members with the Manage Server permission can change this server's "
                             "settings. Nothing was changed.", "forbidden")
        if place is not None and clear:
            raise TableError("Give either a place or clear:True, not both. Nothing was changed.", "bad_place")
        new = None if clear else parse_place(place or "", "location").to_json()
        await bot.store.set_location(guild, new)
    current = await bot.store.location_of(guild)
    if current is None:
        text = ("This server has no location: MetaZoo tables in derived mode here read each player's own "
                f"`/surroundings` place. A server admin can set one with `/settings location place:{EXAMPLE_PLACE}`.")
    else:
        text = (f"This server's location is **{place_line(current)}**: MetaZoo tables in derived mode here read "
                "the sky there (a player's own `/surroundings` place counts for their Pages). "
                "`/settings location clear:True` removes it.")
    await reply(interaction, text)
