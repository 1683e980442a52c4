"""Deck building and lookups on Discord: ``/deck …``, ``/card``, ``/rules``, ``/help``, the deck
choice of ``/table join`` and the lobby's deck select. Handlers call :class:`bot.decks.DeckService` and the
game's card catalog; replies about a user's decks are ephemeral. Autocomplete answers at most 25 choices,
best first, and never fails (an error gives no choices).

``/card``, ``/rules`` and ``/help`` take their ``game`` from where they are used when it is
left out (a table's thread or channel, the user's game in play from a DM, a rule ID's prefix:
:func:`game_here`); every built game's cards can be looked up, Meta Olympia's athletes, tactics, sponsors,
scrimmage cards and Stage Tiles included; a decision's DM has **Look up a card** (:class:`CardButton`), which
opens a box for a name (:class:`CardModal`) and answers privately: three REST calls per lookup (the box, the
acknowledgement before the card is painted, the answer), none per game action (the button is part of every
decision's message, the same on each)."""

from __future__ import annotations

import asyncio
import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import help as quick
from bot import picture
from bot.decks import (
    STARTER,
    Checked,
    DeckError,
    archive_lines,
    check_name,
    deck_game,
    grouped,
    problem_lines,
    size_text,
)
from bot.host import SAVED, TableError
from bot.rulebook import RuleBook
from games import GAME_MODULES, GAME_NAMES, NO_PERSONAL_DECKS, get_game
from games.core.catalog import CardInfo, Catalog
from games.core.contract import Game
from games.core.textsearch import rank

from . import ids, render
from .common import (
    Component,
    Host,
    acknowledge,
    acknowledge_update,
    bot_of,
    find_table,
    place_of,
    refuse,
    reply,
)
from .front import PICTURE_MAX
from .help import help_embed

log = logging.getLogger("metahost.shell")
ALL_GAMES = [app_commands.Choice(name=name, value=g) for g, name in GAME_NAMES.items()]
"""Every game, built or not: ``/deck`` refuses the ones without decks with a reason, ``/rules`` has all."""
CHOICES_MAX = 25
EXPORT_INLINE = 1800  # an export shorter than this is also shown in the reply, not only attached
QUERY_MAX = 200  # a /card name or /rules topic longer than this is refused before any search
CARD_PNG = "card.png"  # /card's picture attachment (the embed shows attachment://card.png)


def check_query(what: str, text: str, hint: str) -> str:
    """``text`` stripped, or :class:`TableError` when it is empty or longer than :data:`QUERY_MAX`."""
    text = text.strip()
    if not text or len(text) > QUERY_MAX:
        raise TableError(f"A {what} is 1 to {QUERY_MAX} characters; you sent {len(text):,}. {hint}", "bad_input")
    return text


def load_lookups() -> None:
    """Load every game's card catalog and rules checklist once, at start-up (errors surface here)."""
    for g in GAME_MODULES:
        if has_cards(g):
            get_game(g).card_catalog()
    for g in GAME_NAMES:
        RuleBook.load(g)


def has_cards(game_id: str) -> bool:
    """Whether a built game has a card catalog to look up (every built game does; Meta Olympia's holds its
    athletes, tactics, sponsors, scrimmage cards and Stage Tiles)."""
    if game_id not in GAME_MODULES:
        return False
    try:
        get_game(game_id).card_catalog()
    except NotImplementedError:
        return False
    return True


async def game_here(interaction: discord.Interaction) -> str | None:
    """The game a lookup without ``game:`` means where it is used: the game of the table whose
    thread this is; in a server channel, the game of the user's open tables here, else of all open tables
    here, when they all play one game; in a DM, the game the user is playing, when one. ``None`` otherwise."""
    bot = bot_of(interaction)
    svc = bot.service
    by_thread = await bot.store.table_by_channel(interaction.channel_id or 0)
    if by_thread and by_thread in svc.tables:
        return svc.tables[by_thread].game.id
    user = str(interaction.user.id)
    if interaction.guild_id is not None:
        here = [t for t in svc.tables_in(place_of(interaction)) if t.status in ("lobby", "playing")]
    else:
        here = [t for t in svc.tables.values() if t.status == "playing"]
    mine = [t for t in here if t.seat_of(user) is not None]
    for group in (mine, here if interaction.guild_id is not None else []):
        games = {t.game.id for t in group}
        if len(games) == 1:
            return games.pop()
    return None


async def which_game(interaction: discord.Interaction, chosen: app_commands.Choice[str] | None,
                     topic: str = "", *, share: bool = False) -> str:
    """The game a lookup means: ``chosen``, else a rule ID's game (``MZ-TURN-10`` is MetaZoo's), else
    :func:`game_here` (which reads the store: the interaction is acknowledged first, publicly with
    ``share``). :class:`TableError` naming the option when none is known."""
    if chosen is not None:
        return chosen.value
    found = quick.game_of_rule(topic)
    if found is None:
        await acknowledge(interaction, ephemeral=not share)
        found = await game_here(interaction)
    if found is None:
        raise TableError("Which game? Add the `game` option (outside a table's thread the game is not known).",
                         "no_game")
    return found


def card_choice(card: CardInfo, value: str | None = None) -> app_commands.Choice[str]:
    return app_commands.Choice(name=render.clip(f"{card.label} · {card.type}", 100), value=value or card.id)


def page_names(text: str) -> list[str]:
    """``"2 Ember Imp, Kappa"`` -> ``["Ember Imp", "Ember Imp", "Kappa"]`` (a count up to 15 before a name,
    the Archive's size, MZ-BOOK-04); empty parts are skipped."""
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        head, _, rest = part.partition(" ")
        if head.rstrip("x×").isdecimal() and rest.strip() and 1 <= int(head.rstrip("x×")) <= 15:
            out += [rest.strip()] * int(head.rstrip("x×"))
        elif part:
            out.append(part)
    return out


def deck_line(checked: Checked) -> str:
    """A ``/deck list`` line: name, game, size against the legal size (:func:`bot.decks.size_text`), legality."""
    d = checked.deck
    mark = "✅ legal" if checked.legal else "✏️ " + ", ".join(sorted({p.rule for p in checked.problems}))
    return f"**{d.name}** · {GAME_NAMES.get(d.game, d.game)} · {size_text(get_game(d.game), d.total)} · {mark}"


def deck_embed(checked: Checked) -> discord.Embed:
    """``/deck show``: the list grouped by type with counts, then the validation result by rule ID."""
    deck = checked.deck
    game = get_game(deck.game)
    catalog = game.card_catalog()
    have = dict(deck.cards)
    e = discord.Embed(title=render.clip(f"{deck.name} — {game.name} deck", 256), colour=render.COLOUR)
    for kind, cards in grouped(deck, catalog):
        lines = [f"{have[c.id]}× {c.label}" for c in cards]
        body = "\n".join(lines)
        e.add_field(name=f"{kind} ({sum(have[c.id] for c in cards)})", value=render.clip(body, 1024) or "-",
                    inline=False)
    if deck.archive:  # MZ-BOOK-04: used only between games of a series (MZ-BOOK-05/06)
        e.add_field(name=f"Archive ({sum(n for _, n in deck.archive)})",
                    value=render.clip("\n".join(archive_lines(deck, catalog)), 1024) or "-", inline=False)
    if checked.legal:
        verdict = (f"✅ **Legal** — {size_text(game, deck.total, of=False)}. "
                   f"Bring it with `/table join deck:{deck.name}`.")
    else:
        verdict = "❌ **Not legal yet** (you can keep building):\n" + "\n".join(
            f"• {line}" for line in problem_lines(checked.problems))
    footer = f"deck id {deck.id} · only you can see and use your decks"
    e.set_footer(text=footer)
    # The description gets what the title, fields and footer leave of the embed's 6,000 characters.
    used = len(e.title or "") + len(footer) + sum(len(f.name or "") + len(f.value or "") for f in e.fields)
    e.description = render.clip(f"{size_text(game, deck.total, of=False)}\n{verdict}",
                                min(render.DESC_MAX, render.EMBED_MAX - used))
    return render.fit_embed(e)


async def card_picture(game: Game, card: CardInfo) -> bytes | None:
    """The face of ``card`` as PNG bytes (:func:`bot.picture.card_png`, painted off the event loop), or
    ``None`` when the game has no card picture, painting it raised (logged) or it is over
    :data:`bot.shell.front.PICTURE_MAX`: ``/card`` then shows the text alone."""
    try:
        png = await asyncio.to_thread(picture.card_png, game, card)
    except Exception:  # noqa: BLE001 - any painter failure: the card's text still answers
        log.exception("card picture of %s failed; /card answers with its text", card.id)
        return None
    if png is not None and len(png) > PICTURE_MAX:
        log.warning("card picture of %s has %d bytes, over %d: left out", card.id, len(png), PICTURE_MAX)
        return None
    return png


def card_embed(card: CardInfo, catalog: Catalog) -> discord.Embed:
    """``/card``: everything on the card, laid out for its game; rule IDs as pointers (``see /rules
    MX-DCK-02``) and no card id."""
    e = discord.Embed(title=render.clip(card.name, 256), colour=render.COLOUR)
    body = quick.pointers(card.text)
    if card.flavor:
        body += f"\n\n*{card.flavor}*"
    e.description = render.clip(body, render.DESC_MAX)
    # A card whose own fields have a "Type" (Meta Olympia's athletes: offensive, defensive) shows its kind apart.
    e.add_field(name="Card" if any(label == "Type" for label, _ in card.fields) else "Type", value=card.type)
    for label, value in card.fields:
        e.add_field(name=label, value=render.clip(quick.pointers(value), 1024) or "-")
    if card.limit:
        name = "Deck limit" if get_game(catalog.game).has_decks and catalog.game not in NO_PERSONAL_DECKS \
            else "Copies"
        e.add_field(name=name, value=render.clip(quick.pointers(card.limit), 1024), inline=False)
    e.set_footer(text=f"{catalog.game_name} · /card looks up any card, /rules any rule")
    return render.fit_embed(e)


async def answer_card(interaction: discord.Interaction, g: Game, name: str, share: bool = False) -> None:
    """Answer a card lookup of ``g`` with the card ``name`` means (``Catalog.lookup``: a typo close to one
    name finds it; several close names are refused with "did you mean"): its embed and, when the game paints
    cards, its picture; ephemeral unless ``share``."""
    name = check_query("card name", name, "Type part of the name.")
    catalog = g.card_catalog()
    # A typed name need not be picked from autocomplete: a typo close to one card finds it; an
    # ambiguous one is refused with "did you mean" (CardNotFound).
    info = catalog.get(name) or catalog.lookup(name)
    await acknowledge(interaction, ephemeral=not share)  # before painting the card
    embed, extra = card_embed(info, catalog), {}
    png = await card_picture(g, info)
    if png is not None:
        embed.set_image(url=f"attachment://{CARD_PNG}")
        extra["file"] = discord.File(io.BytesIO(png), filename=CARD_PNG)
    await reply(interaction, embed=embed, ephemeral=not share, **extra)


class DeckCog(commands.Cog):
    """``/deck new|add|remove|show|list|rename|delete|copy|import|export``, ``/card`` and ``/rules``. Every
    handler that awaits the store acknowledges first; refusals go through :func:`common.refuse`."""

    deck = app_commands.Group(name="deck", description="Build and keep your decks")

    def __init__(self, bot: Host):
        self.bot = bot
        load_lookups()

    @property
    def decks(self):
        return self.bot.decks

    # -- commands

    @deck.command(name="new", description="Start an empty deck")
    @app_commands.describe(game="Which game", name="A name for the deck (up to 64 characters)")
    @app_commands.choices(game=ALL_GAMES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str], name: str) -> None:
        await acknowledge(interaction)
        d = await self.decks.new(str(interaction.user.id), game.value, name)
        await reply(interaction, f"New {game.name} deck **{d.name}** (empty). Add cards with "
                                 f"`/deck add card:<name> count:<n>`, or paste a list with `/deck import`.")

    @deck.command(name="add", description="Add copies of a card to a deck")
    @app_commands.describe(card="The card (type to search)", count="How many copies (default 1)",
                           deck="Which of your decks (default: the one you changed last)")
    async def add(self, interaction: discord.Interaction, card: str, count: int = 1, deck: str | None = None) -> None:
        await acknowledge(interaction)
        d, info = await self.decks.add(str(interaction.user.id), deck, card, count)
        checked = self.decks.check(d)
        await reply(interaction, f"Added {count}× {info.label} to **{d.name}**: {dict(d.cards)[info.id]} now, "
                                 f"{size_text(get_game(d.game), d.total)}"
                                 + (" — legal ✅" if checked.legal else "."))

    @deck.command(name="remove", description="Remove copies of a card from a deck")
    @app_commands.describe(card="The card", count="How many copies (default: every copy)", deck="Which deck")
    async def remove(self, interaction: discord.Interaction, card: str, count: int | None = None,
                     deck: str | None = None) -> None:
        await acknowledge(interaction)
        d, info, gone = await self.decks.remove(str(interaction.user.id), deck, card, count)
        await reply(interaction, f"Removed {gone}× {info.label} from **{d.name}**: "
                                 f"{size_text(get_game(d.game), d.total)}.")

    @deck.command(name="show", description="A deck's cards by type, and whether it is legal")
    @app_commands.describe(deck="Which deck (default: the one you changed last)")
    async def show(self, interaction: discord.Interaction, deck: str | None = None) -> None:
        await acknowledge(interaction)
        d = await self.decks.find(str(interaction.user.id), deck)
        await reply(interaction, embed=deck_embed(self.decks.check(d)))

    @deck.command(name="swap", description="MetaZoo series: swap Pages with your Archive for the next game")
    @app_commands.describe(out="Pages leaving your Spellbook, comma-separated (e.g. 2 Ember Imp, Kappa)",
                           into="As many Pages from your Archive, comma-separated",
                           table="Which table (default: the one in this channel)")
    @app_commands.rename(into="in")
    async def swap(self, interaction: discord.Interaction, out: str, into: str, table: str | None = None) -> None:
        """MZ-BOOK-06: private (ephemeral) reply; the board only ever shows deck sizes."""
        await acknowledge(interaction)
        t = await find_table(interaction, table, lobby=True)
        gone, came = await self.bot.service.swap(t.id, str(interaction.user.id), page_names(out), page_names(into))
        await reply(interaction, render.clip(f"Swapped for game {t.options['series']['game']} of the series at "
                                             f"table {t.id}: out {', '.join(gone)}; in {', '.join(came)}. The "
                                             "Pages go back after this game (MZ-BOOK-06).", 2000))

    @deck.command(name="list", description="Your decks")
    @app_commands.describe(game="Only this game's decks")
    @app_commands.choices(game=ALL_GAMES)
    async def list_(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        if game is not None:
            deck_game(game.value)
        await acknowledge(interaction)
        rows = await self.decks.decks(str(interaction.user.id), game.value if game else None)
        if not rows:
            await reply(interaction, "You have no decks yet. `/deck new` starts one; `/deck copy` copies a "
                                     "starter deck; `/deck import` reads a list.")
            return
        lines = [deck_line(self.decks.check(d)) for d in rows]
        await reply(interaction, "\n".join(lines))

    @deck.command(name="rename", description="Rename one of your decks")
    @app_commands.describe(deck="Which deck", name="The new name (up to 64 characters)")
    async def rename(self, interaction: discord.Interaction, deck: str, name: str) -> None:
        await acknowledge(interaction)
        d = await self.decks.rename(str(interaction.user.id), deck, name)
        await reply(interaction, f"Renamed to **{d.name}**.")

    @deck.command(name="delete", description="Delete one of your decks")
    @app_commands.describe(deck="Which deck")
    async def delete(self, interaction: discord.Interaction, deck: str) -> None:
        await acknowledge(interaction)
        d = await self.decks.delete(str(interaction.user.id), deck)
        await reply(interaction, f"Deleted **{d.name}** ({d.total} cards). A running game keeps its copy.")

    @deck.command(name="copy", description="Copy a starter deck or one of your decks into a new deck")
    @app_commands.describe(source="A starter deck or one of your decks", name="The new deck's name")
    async def copy(self, interaction: discord.Interaction, source: str, name: str) -> None:
        await acknowledge(interaction)
        d = await self.decks.copy(str(interaction.user.id), source, name)
        await reply(interaction, f"Copied into **{d.name}** ({d.total} cards). `/deck show deck:{d.name}` "
                                 f"lists it.")

    @deck.command(name="import", description="Read a deck list: attach a .txt, or leave it out to paste")
    @app_commands.describe(game="Which game", name="The deck's name", file="A .txt deck list (up to 10 KB)",
                           replace="Overwrite your deck of this name if you have one")
    @app_commands.choices(game=ALL_GAMES)
    async def import_(self, interaction: discord.Interaction, game: app_commands.Choice[str], name: str,
                      file: discord.Attachment | None = None, replace: bool = False) -> None:
        deck_game(game.value)
        # Refuse a bad or taken name now, not after the user has pasted a whole list (and the modal's
        # 64-character name box would otherwise cut a longer name silently).
        name = check_name(name)
        if file is not None:
            if file.size > 10 * 1024:
                raise DeckError(f"A deck list file is at most 10 KB; '{file.filename}' is {file.size:,} bytes. "
                                f"Nothing was saved.", code="too_big")
            await acknowledge(interaction)  # the download and the commit may take a while
        # Without a file the modal must be the first answer, so this read (no commit) comes before it.
        taken = next((d for d in await self.decks.decks(str(interaction.user.id), game.value)
                      if d.name.casefold() == name.casefold()), None)
        if taken is not None and not replace:
            raise DeckError(f"You already have a {game.name} deck named '{taken.name}'. Choose another name, "
                            f"or import with replace to overwrite it.", code="name_taken")
        if file is None:
            await interaction.response.send_modal(ImportModal(self, interaction.user.id, game.value, name, replace))
            return
        raw = await file.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DeckError(f"'{file.filename}' is not UTF-8 text; attach a plain .txt deck list.",
                            code="bad_file") from None
        await self.finish_import(interaction, game.value, name, text, replace)

    async def finish_import(self, interaction: discord.Interaction, game: str, name: str, text: str,
                            replace: bool) -> None:
        await acknowledge(interaction)
        d = await self.decks.import_list(str(interaction.user.id), game, name, text, replace)
        checked = self.decks.check(d)
        await reply(interaction, f"Imported **{d.name}**: {d.total} cards.", embed=deck_embed(checked))

    @deck.command(name="export", description="A deck as a text list (imports back unchanged)")
    @app_commands.describe(deck="Which deck (default: the one you changed last)")
    async def export(self, interaction: discord.Interaction, deck: str | None = None) -> None:
        await acknowledge(interaction)
        d, text = await self.decks.export(str(interaction.user.id), deck)
        data = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{_file_name(d.name)}.txt")
        shown = f"```\n{text}```" if len(text) <= EXPORT_INLINE else "(attached)"
        await reply(interaction, f"**{d.name}** as a list:\n{shown}", file=data)

    @app_commands.command(name="card", description="Look up a card")
    @app_commands.describe(name="The card (type to search; filters like type:event work)",
                           game="Which game (in a table's thread: that table's game)",
                           share="Post it in the channel for everyone")
    @app_commands.choices(game=ALL_GAMES)
    async def card(self, interaction: discord.Interaction, name: str,
                   game: app_commands.Choice[str] | None = None, share: bool = False) -> None:
        game_id = await which_game(interaction, game, share=share)
        if not has_cards(game_id):
            raise DeckError(f"{GAME_NAMES.get(game_id, game_id)} is not playable here yet, so it has no cards "
                            "to look up.", code="no_cards")
        await answer_card(interaction, get_game(game_id), name, share)

    @app_commands.command(name="rules", description="The rules of a game on a topic, with their rule IDs")
    @app_commands.describe(topic="A section, a word or a rule ID (type to search)",
                           game="Which game (in a table's thread: that table's game; a rule ID names its own)",
                           share="Post it in the channel for everyone")
    @app_commands.choices(game=ALL_GAMES)
    async def rules(self, interaction: discord.Interaction, topic: str,
                    game: app_commands.Choice[str] | None = None, share: bool = False) -> None:
        topic = check_query("rules topic", topic, "Type a word, a section or a rule ID and pick from the list.")
        game_id = await which_game(interaction, game, topic, share=share)
        try:
            found = RuleBook.load(game_id).answer(topic, render.DESC_MAX)
        except LookupError as exc:
            raise TableError(str(exc.args[0]) if exc.args else "No such topic.", "no_topic") from None
        # Player words only: the footer says where the text comes from, never "checklist".
        if found.alone:
            where = f"From {found.section.heading}; ask for that topic to see all of it"
        else:
            where = f"the {GAME_NAMES[game_id]} rules with the bot's rulings"
        for i, page in enumerate(found.pages):
            e = discord.Embed(title=render.clip(found.title, 256), description=page, colour=render.COLOUR)
            part = f"part {i + 1} of {len(found.pages)} · " if len(found.pages) > 1 else ""
            e.set_footer(text=render.clip(part + where, 2048))
            await reply(interaction, embed=e, ephemeral=not share)

    @app_commands.command(name="help", description="How to play: a game's quick start, and how play works here")
    @app_commands.describe(game="Which game (in a table's thread: that table's game)",
                           share="Post it in the channel for everyone")
    @app_commands.choices(game=ALL_GAMES)
    async def help(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                   share: bool = False) -> None:
        """One embed, ephemeral unless ``share``; linked from every lobby."""
        if game is None:
            await acknowledge(interaction, ephemeral=not share)  # game_here reads the store
        game_id = game.value if game is not None else await game_here(interaction)
        await reply(interaction, embed=help_embed(game_id), ephemeral=not share)

    # -- autocomplete

    @add.autocomplete("card")
    async def _add_cards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            d = await self.decks.find(str(interaction.user.id), getattr(interaction.namespace, "deck", None))
            return [card_choice(c) for c in get_game(d.game).card_catalog().search(current, CHOICES_MAX)]
        except Exception:  # noqa: BLE001 - no deck yet: nothing to offer
            return []

    @remove.autocomplete("card")
    async def _deck_cards(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            d = await self.decks.find(str(interaction.user.id), getattr(interaction.namespace, "deck", None))
            catalog = get_game(d.game).card_catalog()
            have = dict(d.cards)
            found = [c for c in catalog.search(current, None) if c.id in have]
            return [card_choice(c) for c in found[:CHOICES_MAX]]
        except Exception:  # noqa: BLE001
            return []

    @card.autocomplete("name")
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or await game_here(interaction)
        if game is None or not has_cards(game):
            return []
        return [card_choice(c) for c in get_game(game).card_catalog().search(current, CHOICES_MAX)]

    @rules.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = (getattr(interaction.namespace, "game", None) or quick.game_of_rule(current)
                or await game_here(interaction))
        if game not in GAME_NAMES:
            return []
        book = RuleBook.load(game)
        rules = book.rules_like(current, CHOICES_MAX)
        if rules:  # an ID typed: offer the rules themselves, so a pick answers with that one rule
            return [app_commands.Choice(name=render.clip(f"{r.id} · {r.text}", 100), value=r.id) for r in rules]
        return [app_commands.Choice(name=render.clip(s.heading, 100), value=render.clip(s.heading, 100))
                for s in book.topics(current, CHOICES_MAX)]

    @add.autocomplete("deck")
    @remove.autocomplete("deck")
    @show.autocomplete("deck")
    @rename.autocomplete("deck")
    @delete.autocomplete("deck")
    @export.autocomplete("deck")
    async def _my_decks(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        rows = await self.decks.decks(str(interaction.user.id))
        return [app_commands.Choice(name=render.clip(f"{d.name} · {GAME_NAMES[d.game]} · {d.total} cards", 100),
                                    value=str(d.id))
                for d in _rank_decks(current, rows)][:CHOICES_MAX]

    @copy.autocomplete("source")
    async def _sources(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = []
        for g in sorted(GAME_MODULES):
            if g in NO_PERSONAL_DECKS or not get_game(g).has_decks:
                continue
            for sid, title in get_game(g).starter_names().items():
                choices.append((f"Starter · {GAME_NAMES[g]} · {title}", f"{STARTER}{g}:{sid}", title))
        for d in await self.decks.decks(str(interaction.user.id)):
            choices.append((f"{d.name} · {GAME_NAMES[d.game]} · your deck", str(d.id), d.name))
        # Ranked on the bare name too, so that typing a deck's whole name puts it first.
        return [app_commands.Choice(name=render.clip(n, 100), value=v)
                for n, v, _ in rank(current, choices, lambda c: (c[2], c[0]), CHOICES_MAX)]


def _rank_decks(current: str, rows):
    return rank(current, rows, lambda d: (d.name,), None)


def _file_name(name: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-")
    return safe or "deck"


class ImportModal(discord.ui.Modal):
    """The paste box of ``/deck import`` without a file (Discord's slash options hold one line only)."""

    def __init__(self, cog: DeckCog, user: int, game: str, name: str, replace: bool):
        super().__init__(title=render.clip(f"Import a {GAME_NAMES[game]} deck", 45), timeout=900)
        self.cog, self.user, self.game, self.replace = cog, user, game, replace
        self.name_input = discord.ui.TextInput(label="Deck name", default=name[:64], max_length=64)
        self.text = discord.ui.TextInput(label="Deck list: one card a line, like 3 Name",
                                         style=discord.TextStyle.paragraph, max_length=4000,
                                         placeholder="3 Spark of Ruin\n2x Kindling (e018.2)\n# comments are ignored")
        self.add_item(self.name_input)
        self.add_item(self.text)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # discord.py finds a modal by custom id alone; only the user who opened it may submit it.
        return interaction.user.id == self.user

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.finish_import(interaction, self.game, self.name_input.value, self.text.value, self.replace)

    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:
        await refuse(interaction, error)


# -- bringing a deck to a table --------------------------------------------------------------------


async def deck_choices(bot: Host, user: str, game_id: str, current: str = "") -> list[tuple[str, str]]:
    """``[(label, value)]`` a user may bring to a ``game_id`` table: their legal saved decks
    (``saved:<id>``) first, then the starter decks."""
    game = get_game(game_id)
    out = [(f"{d.name} · your deck · {d.total} cards", f"{SAVED}{d.id}", d.name)
           for d in await bot.decks.legal_decks(user, game_id)]
    out += [(f"Starter · {title}", sid, title) for sid, title in game.starter_names().items()]
    # Ranked on the bare name too, so that typing a deck's whole name puts it first.
    return [(label, value) for label, value, _ in rank(current, out, lambda c: (c[2], c[0]), CHOICES_MAX)]


def deck_select(table_id: str, choices: list[tuple[str, str]]) -> discord.ui.View:
    v = discord.ui.View(timeout=None)
    v.add_item(discord.ui.Select(custom_id=ids.deck(table_id), placeholder="Choose the deck you bring",
                                 options=[discord.SelectOption(label=render.clip(label, 100), value=value)
                                          for label, value in choices[:CHOICES_MAX]]))
    return v


class DeckSelect(Component, discord.ui.DynamicItem[discord.ui.Select], template=ids.DECK.pattern):
    """The deck select sent to a player who joined a lobby: picks the deck their seat brings."""

    widget = discord.ui.Select
    make_id = staticmethod(ids.deck)

    async def handle(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        values = (interaction.data or {}).get("values") or []
        if not values:
            raise TableError("Pick a deck from the list.", "bad_choice")
        # Acknowledge first: the choice may wait for the table's lock behind a Start.
        await acknowledge_update(interaction)
        t = bot.service.get(self.table)
        await bot.service.choose_deck(t.id, str(interaction.user.id), values[0])
        seat = t.seat_of(str(interaction.user.id))
        label = (t.deck_title(seat.seat) or seat.deck_label) if seat else values[0]  # a name, not an id
        await interaction.edit_original_response(content=f"You bring **{label}** to table {t.id}.", view=None)


# -- looking a card up from a decision's DM ---------------------------------------------------


class CardButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=ids.CARD.pattern):
    """**Look up a card** under a decision (:func:`render.lookup_button`): opens :class:`CardModal` for the
    table's game. Works in a DM and in an ephemeral **My hand**; it changes nothing at the table."""

    make_id = staticmethod(ids.card)

    async def handle(self, interaction: discord.Interaction) -> None:
        t = await bot_of(interaction).service.read(self.table)  # read only: any process answers it
        await interaction.response.send_modal(CardModal(t.game.id))


class CardModal(discord.ui.Modal):
    """The box **Look up a card** opens: a card's name (a close spelling is enough), answered privately with
    the card in full, as ``/card`` answers. Its custom id names the game (``mh:cm:<game>``) and its submission
    is answered by :func:`answer_card_box` from the bot's ``on_interaction``, with no state kept here, so a
    box submitted after a restart (or however late) is answered too, never "This interaction failed"."""

    def __init__(self, game: str):
        super().__init__(title=render.clip(f"Look up a {GAME_NAMES[game]} card", 45), timeout=None,
                         custom_id=ids.card_box(game))
        self.add_item(discord.ui.TextInput(label="Card name (a close spelling is enough)", max_length=QUERY_MAX,
                                           placeholder="Type the card's name", custom_id=ids.CARD_NAME))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Nothing: :func:`answer_card_box` answers every submission of a card box."""


def _box_value(components: list, custom_id: str) -> str:
    for comp in components or []:
        if comp.get("custom_id") == custom_id:
            return str(comp.get("value") or "")
        found = _box_value(comp.get("components") or ([comp["component"]] if comp.get("component") else []),
                           custom_id)
        if found:
            return found
    return ""


async def answer_card_box(interaction: discord.Interaction) -> bool:
    """Answer a submitted **Look up a card** box (:class:`CardModal`, ``mh:cm:<game>``) with the card, privately
    (:func:`answer_card`; a refusal says what was wrong). Returns whether ``interaction`` was one."""
    if interaction.type != discord.InteractionType.modal_submit:
        return False
    data: dict = interaction.data or {}  # type: ignore[assignment]
    match = ids.CARD_BOX.fullmatch(str(data.get("custom_id", "")))
    if match is None or match["game"] not in GAME_NAMES:
        return False
    try:
        await answer_card(interaction, get_game(match["game"]), _box_value(data.get("components"), ids.CARD_NAME))
    except Exception as exc:  # noqa: BLE001 - every failure is answered in words
        await refuse(interaction, exc)
    return True


DECK_ITEMS = (DeckSelect, CardButton)
"""The dynamic items of this module, for :meth:`discord.Client.add_dynamic_items`."""
