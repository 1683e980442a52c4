"""What every handler of the Discord shell shares: finding the bot, the place and the table an interaction
means, acknowledging it in time, replying within Discord's limits, and the one error path.

Dependencies point one way: ``app`` imports ``cogs``, ``decks`` and this module; ``cogs``
and ``decks`` import this module; nothing imports ``app``. Handlers reach the bot only through
:class:`Host`.

The one error path: handlers raise; nothing else catches. Slash commands end in
:class:`ShellTree`'s ``on_error``, components in :class:`Guarded`'s ``callback`` (discord.py only logs what a
``DynamicItem`` callback raises, see ``ViewStore.schedule_dynamic_item_call`` in ``discord/ui/view.py``, so
the wrapper is needed), modals in their ``on_error``; all three call :func:`refuse`.

Acknowledging: Discord fails an interaction not answered within 3 seconds. Handlers that
await the store or the table lock call :func:`acknowledge` (slash commands and modals: "thinking") or
:func:`acknowledge_update` (components: a deferred update of the clicked message) first, then
:func:`reply` follows up or the handler edits the original response.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

from bot.decks import DeckError
from bot.help import pointer, pointers
from bot.host import Table, TableError
from bot.store import StoreError
from games.core.contract import RulesError

from . import render

if TYPE_CHECKING:
    from bot.decks import DeckService
    from bot.host import TableService
    from bot.settings import Settings
    from bot.store import Store

    from .front import DiscordFront

log = logging.getLogger("metahost.shell")
PUBLIC_PENDING = "metahost_public_pending"  # interaction.extras key: a public "thinking" not yet answered


class Host(Protocol):
    """What handlers need from the bot (implemented by :class:`bot.shell.app.MetaBot`)."""

    service: TableService
    store: Store
    decks: DeckService
    front: DiscordFront
    settings: Settings


def bot_of(interaction: discord.Interaction) -> Host:
    """The bot that received ``interaction``."""
    return interaction.client  # type: ignore[return-value]


def place_of(interaction: discord.Interaction) -> str:
    """A table's place: ``<guild id>:<channel id>`` (the parent channel for a thread)."""
    channel = interaction.channel
    channel_id = getattr(channel, "parent_id", None) or interaction.channel_id
    return f"{interaction.guild_id}:{channel_id}"


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
    listing = render.clip(", ".join(t.id for t in here), 1000)
    raise TableError(f"Several tables are open here ({listing}); name one with the `table` option.", "ambiguous")


# -- acknowledging and replying


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge a slash command or modal submission at once ("thinking"), before any slow work.
    ``ephemeral`` must be what the answer will be: Discord fixes it here. Does nothing if already done."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        interaction.extras[PUBLIC_PENDING] = not ephemeral


async def acknowledge_update(interaction: discord.Interaction) -> None:
    """Acknowledge a component click at once as a deferred update of the clicked message; the handler
    then edits it with ``edit_original_response``. Does nothing if already done."""
    if not interaction.response.is_done():
        await interaction.response.defer()


async def reply(interaction: discord.Interaction, text: str = "", *, ephemeral: bool = True,
                embed: discord.Embed | None = None, embeds: list[discord.Embed] | None = None,
                wait: bool = False, **kwargs: Any) -> discord.Message | None:
    """Answer ``interaction`` (a first response, or a followup once acknowledged) with ``text`` and
    embeds brought within Discord's limits (:func:`render.fit_message`). ``kwargs``: ``view``, ``file``,
    ``allowed_mentions``; a ``view`` of ``None`` is left out. Returns the message with ``wait`` (the first
    response's message, or the followup), else ``None``. Raises ``discord.HTTPException``."""
    content, fitted = render.fit_message(text, ([embed] if embed is not None else []) + list(embeds or []))
    if kwargs.get("view", ...) is None:
        kwargs.pop("view")
    if not interaction.response.is_done():
        await interaction.response.send_message(content or None, embeds=fitted, ephemeral=ephemeral, **kwargs)
        return await interaction.original_response() if wait else None
    msg = await interaction.followup.send(content or "", embeds=fitted, ephemeral=ephemeral, wait=wait, **kwargs)
    interaction.extras[PUBLIC_PENDING] = False
    return msg


# -- the one error path


def refusal_text(exc: BaseException) -> str:
    """What the user is told for ``exc``: the refusal's own message for the host's refusals, Discord's
    argument and check errors in words, and for anything unexpected an honest "went wrong" (logged)."""
    if isinstance(exc, app_commands.CommandInvokeError):
        exc = exc.original
    if isinstance(exc, (TableError, DeckError)):
        return exc.message
    if isinstance(exc, RulesError):  # the rule as a pointer a player can follow
        return f"Not allowed: {pointers(exc.message)} ({pointer(exc.rule)})"
    if isinstance(exc, StoreError):
        return f"Nothing was changed: {exc}. Try again in a moment."
    if isinstance(exc, LookupError) and isinstance(getattr(exc, "message", None), str):
        return exc.message  # CardNotFound: the closest names
    if isinstance(exc, app_commands.TransformerError):
        return (f"'{render.clip(str(exc.value), 100)}' is not a valid {exc.type.name.replace('_', ' ')} "
                f"here; pick one of the offered values.")
    if isinstance(exc, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
        return ("This command has changed since Discord last loaded it; wait a minute for Discord to update "
                "the command list, then try again.")
    if isinstance(exc, app_commands.NoPrivateMessage):
        return "This command works in a server channel, not in direct messages."
    if isinstance(exc, app_commands.CheckFailure):
        return "You can't use this command here."
    if isinstance(exc, discord.Forbidden):
        return f"Discord refused: the bot lacks a permission here ({exc.text})."
    if isinstance(exc, discord.HTTPException):  # 10062 (too late), a 5xx: the answer may not arrive either
        log.warning("Discord refused an answer: %s", exc)
        return ("Discord did not take my answer just now. Look at the table (`/table status`) before trying "
                "again.")
    log.error("interaction failed", exc_info=exc)
    return ("Something went wrong on our side (it was logged). Check the table with `/table status` "
            "before trying again.")


async def refuse(interaction: discord.Interaction, exc: BaseException) -> None:
    """The one error path: tell the user what was wrong, ephemerally, however far the interaction got (not
    acknowledged: the response; a public "thinking" not answered yet: that is removed and the refusal
    follows privately; otherwise a followup). Never raises; a refusal Discord does not take is logged."""
    text = render.clip(refusal_text(exc), render.CONTENT_MAX)
    if interaction.type == discord.InteractionType.autocomplete:
        return  # autocomplete has no message to refuse with; no choices is the answer
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)
            return
        if interaction.extras.get(PUBLIC_PENDING):
            interaction.extras[PUBLIC_PENDING] = False
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                pass  # the refusal below still says what happened
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException as http:
        log.warning("could not send a refusal (%s): %s", http, text)


class ShellTree(app_commands.CommandTree):
    """The command tree of the bot: every slash command error ends in :func:`refuse`."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await refuse(interaction, error)


class Guarded:
    """Mixin for every component (``DynamicItem``) of the shell: ``callback`` runs :meth:`handle` and
    turns whatever it raises into :func:`refuse`; a table that does not exist (any more) is told as a
    button that no longer works (:data:`STRAY`). Put it first in the bases."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.handle(interaction)
        except TableError as exc:
            if exc.code == "unknown_table":
                exc = TableError(f"{STRAY_HEAD} {exc.message} Nothing was changed.", exc.code)
            await refuse(interaction, exc)
        except Exception as exc:  # noqa: BLE001 - the one error path of components
            await refuse(interaction, exc)

    async def handle(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


NUMBER_FIELDS = frozenset({"page", "seat"})
"""The fields of a component's custom id that are numbers (the rest are text)."""


class Component(Guarded):
    """Base of the shell's components (``DynamicItem``): the custom id and its parsing, written once.

    A subclass sets :attr:`fields`, the groups of its ``template`` in the order :attr:`make_id` (a function of
    :mod:`bot.shell.ids`, as a ``staticmethod``) takes them, and :attr:`widget` (a button unless set); each
    field is kept as an attribute of the item (those in :data:`NUMBER_FIELDS` as ``int``). It writes
    :meth:`handle`. Put it first in the bases, before ``discord.ui.DynamicItem[...]``."""

    fields: tuple[str, ...] = ("table",)
    widget: type[discord.ui.Button | discord.ui.Select] = discord.ui.Button
    make_id: Any

    def __init__(self, *values: Any):
        super().__init__(self.widget(custom_id=self.make_id(*values)))  # type: ignore[call-arg]
        for name, value in zip(self.fields, values, strict=True):
            setattr(self, name, value)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        """The item a click's custom id (``match``: its ``template`` matched) names."""
        return cls(*(int(match[f]) if f in NUMBER_FIELDS else match[f] for f in cls.fields))


# -- components no handler answers

STRAY_HEAD = "This button or menu is not one of this bot's, or it no longer works."
STRAY = (f"{STRAY_HEAD} Nothing was changed. Your current decision is in your newest DM from me, or press "
         "**My hand** on the table's board; `/table list` shows the open tables here.")
"""What a click on a component the bot never made (or no longer knows) is told, ephemerally."""


def on_message(message: discord.Message | None, custom_id: str, component_type: int | None) -> bool:
    """Whether ``message`` (as Discord sent it with the click) holds a component ``custom_id`` of type
    ``component_type``: discord.py only runs a dynamic item for a component it finds on the clicked
    message (``ViewStore.schedule_dynamic_item_call``), and drops the click silently otherwise."""
    todo = list(getattr(message, "components", None) or [])
    while todo:
        comp = todo.pop()
        todo.extend(getattr(comp, "children", None) or [])
        kind = getattr(getattr(comp, "type", None), "value", None)
        if getattr(comp, "custom_id", None) == custom_id and kind == component_type:
            return True
    return False


def stray(interaction: discord.Interaction, patterns: Sequence[re.Pattern[str]]) -> bool:
    """Whether ``interaction`` is a component click no component of the shell will run for: its custom id
    matches none of ``patterns`` (the dynamic items' templates, whole id: a wrong prefix or case, a
    truncated id, extra fields), or the clicked message is missing or does not hold that component (so
    discord.py drops it). Such a click would end in "This interaction failed" if nothing answered it."""
    if interaction.type != discord.InteractionType.component:
        return False
    data: Any = interaction.data or {}
    custom_id, kind = data.get("custom_id"), data.get("component_type")
    if not isinstance(custom_id, str) or not any(p.fullmatch(custom_id) for p in patterns):
        return True
    return not on_message(interaction.message, custom_id, kind)


async def answer_stray(interaction: discord.Interaction, patterns: Sequence[re.Pattern[str]]) -> bool:
    """Answer a :func:`stray` click at once (an ephemeral :data:`STRAY`, well within Discord's 3 s).
    Returns whether it was one."""
    if not stray(interaction, patterns):
        return False
    data: Any = interaction.data or {}
    log.info("component %r answered as stray", render.clip(str(data.get("custom_id")), 120))
    await refuse(interaction, TableError(STRAY, "stray_component"))
    return True


def on_board(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is public (a channel message such as the board or the lobby), not a
    DM or an ephemeral message. Private components are refused there: answering them would edit a
    public message with a private view."""
    msg = interaction.message
    return interaction.guild_id is not None and not (msg is not None and msg.flags.ephemeral)


def components_of(interaction: discord.Interaction) -> list[str]:
    """The custom ids of the components on the clicked message, as Discord sent it."""
    msg = interaction.message
    out: list[str] = []
    for row in getattr(msg, "components", None) or []:
        for child in getattr(row, "children", [row]):
            cid = getattr(child, "custom_id", None)
            if cid:
                out.append(cid)
    return out
