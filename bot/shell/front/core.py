"""The front's state and plumbing: the Discord error codes and limits it acts on, what it knows of each
table's messages (:class:`TableMessages`) and of the channels Discord refused it in (:class:`Blocked`), the
keys that say whether a message must change, and :class:`FrontCore`: the registry of those messages (loaded
from the store after a restart), the DM channels, and the flushing task of each table. The other modules of
:mod:`bot.shell.front` build on it; :class:`FrontCore` calls their methods (``flush``, ``_safe``…) through
``self``, as :class:`bot.shell.front.DiscordFront` puts them together. May import :mod:`bot.store`,
:mod:`bot.host`, :mod:`games.core.contract` and :mod:`bot.shell.render`.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import time
from dataclasses import dataclass, field

import discord

from bot.host import SLOT, Listener, Table, TableService
from bot.store import Store, StoreError
from games.core.contract import View

from .. import render

log = logging.getLogger("metahost.front")
BOARD_MAX_AGE = 3600.0
HAND_TOKEN_LIFE = 14 * 60.0  # interaction tokens last 15 minutes
CANNOT_DM = 50007
UNKNOWN_CHANNEL = 10003
EDIT_LIMIT = 30046  # "Maximum number of edits to messages older than 1 hour reached"
MISSING_PERMISSIONS = 50013
MISSING_ACCESS = 50001
REFUSED_HERE = (MISSING_PERMISSIONS, MISSING_ACCESS)  # codes that block a channel
BLOCK_FIRST = 60.0  # seconds before a blocked channel is tried again without an event
BLOCK_MAX = 3600.0  # the longest wait between two tries (doubling from BLOCK_FIRST)
THREAD_ACTION = "open the thread"
BOARD_PNG = "board.png"  # the board picture's attachment name (the embed shows attachment://board.png)
PICTURE_MAX = 8 * 1024 * 1024  # bytes: the smallest upload limit Discord gives any server


@dataclass
class TableMessages:
    """What the front knows of one table's messages."""

    loaded: bool = False
    lobby: tuple[int, int] | None = None  # (channel id, message id)
    thread: int | None = None
    board: tuple[int, int, float] | None = None  # (channel id, message id, created)
    dms: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (dm channel id, message id)
    closed: set[int] = field(default_factory=set)  # seats whose DMs are closed
    sent: dict[str, str] = field(default_factory=dict)  # message key -> last payload sent
    log: list[str] = field(default_factory=list)
    views: dict[int | None, View] = field(default_factory=dict)
    views_of: tuple[object, int] | None = None  # (state, version) the views were made of (game_changed)
    dirty: bool = False
    last_board_edit: float = 0.0
    board_deciders: frozenset[int] | None = None  # the seats waited for when the board was last edited
    board_shown_at: float = 0.0  # front.now() of that edit (BOARD_HOLD)
    task: asyncio.Task | None = None
    claimed: set[int] = field(default_factory=set)
    hands: dict[int, tuple[discord.Interaction, float]] = field(default_factory=dict)  # seat -> ephemeral
    notified: set[str] = field(default_factory=set)  # permission problems the host was told about
    left: set[int] = field(default_factory=set)  # seats out of the game that chose Leave: no more DMs
    live: set[int] = field(default_factory=set)  # seats whose DM or notice shows an open decision
    quiet: set[int] = field(default_factory=set)  # of those, seats shown a response window without a notice
    dm_sent_at: dict[int, float] = field(default_factory=dict)  # seat -> monotonic time of its last DM write
    refresh: asyncio.TimerHandle | None = None  # the coalesced refresh of DMs whose context alone changed
    shown_picture: str | None = None  # fingerprint of the public view the board message's picture shows
    png: tuple[str, bytes | None] | None = None  # (fingerprint, picture or None) last rendered
    picture_failed: bool = False  # a render failure of this table was logged (once per table)


@dataclass
class Blocked:
    """A channel or thread where Discord refused the bot (``code``: 50013 or 50001) for ``kind`` of call
    (``"send"``: posting and editing there; ``"thread"``: opening a thread from it), in server ``guild``
    (``None``: unknown) under ``parent`` (a thread's channel). No call goes there before ``due`` (the
    front's clock); then one may try, and if it is refused the next wait is twice ``delay`` (the last
    wait; at most :data:`BLOCK_MAX`). ``skipped`` counts the calls not made meanwhile."""

    code: int
    guild: int | None
    parent: int | None
    due: float
    delay: float = BLOCK_FIRST
    skipped: int = 0


def payload_key(embed: discord.Embed | None, view: discord.ui.View | None, content: str | None = None) -> str:
    """What a message shows, as a string to compare: its content, embed and components."""
    return json.dumps([embed.to_dict() if embed else None, view.to_components() if view else None, content],
                      sort_keys=True)


def view_fingerprint(view: View) -> str:
    """What a board picture depends on: the public board, who is deciding and the result, as a digest
    (equal public views give equal pictures, :func:`bot.picture.board_png`)."""
    result = view.result.to_dict() if view.result is not None else None
    text = json.dumps([view.board, list(view.waiting), result], sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def picture_file(png: bytes, filename: str = BOARD_PNG) -> discord.File:
    """A PNG as an upload (a new File for each request: a sent File is consumed)."""
    return discord.File(io.BytesIO(png), filename=filename)


def private_key(t: Table, view: View) -> str:
    """The part of a waiting DM (no decision) that is worth an edit: the seat's own hidden information as the game
    writes it (``Game.private_text``: the hand). Who is being waited for is on the board (REST
    budget)."""
    return hashlib.blake2b(t.game.private_text(view).encode(), digest_size=12).hexdigest()


def buttons_key(view: discord.ui.View | None, content: str | None) -> str:
    """The part of a private message that is edited at once when it changes: what its components do (their
    custom ids: the seat's decision token and option keys) and its content line (the deadline). A label or
    a menu's placeholder that changed with the same ids (a card now "2nd from top", a prompt naming what a
    descriptive target points at now) is context: refreshed with it, or when the player clicks."""
    ids = [getattr(item, "custom_id", None) for item in view.children] if view else None
    return json.dumps([ids, content])


class FrontCore(Listener):
    """The state of the Discord front end and the plumbing every part of it uses."""

    def __init__(self, client: discord.Client, service: TableService, store: Store, *, threads: bool = True,
                 board_interval: float = 1.0, context_interval: float = 30.0, pictures: bool = True,
                 board_hold: float = 0.0, web_links: tuple[str, str] | None = None, link_days: float = 365.0):
        self.client = client
        self.web_links = web_links  # (WEB_URL, WEB_SECRET): results and replays give a table's web link
        self.link_days = link_days  # WEB_LINK_DAYS
        self.board_hold = board_hold  # BOARD_HOLD: seconds the board waits while the same people decide
        self.pictures = pictures  # BOARD_PICTURES: boards may carry a picture
        self._guild_pictures: dict[str, bool] = {}  # guild id -> its /settings pictures (cached from the store)
        self.context_interval = context_interval
        self.now = time.monotonic  # seconds, for the DM refresh interval (the REST bench paces it: bench/)
        self.notices = 0  # turn notices sent since start (new DMs and thread mentions; the REST bench reads it)
        self.dm_writes: dict[str, int] = {}  # DM writes since start by why they were made (the REST bench reads it)
        self._notify: dict[str, bool] = {}  # user -> wants notices (cached from the store)
        self.service = service
        self.store = store
        self.threads = threads
        self.board_interval = board_interval
        self.tables: dict[str, TableMessages] = {}
        self._dm_ids: dict[str, int] = {}
        self._loading = asyncio.Lock()  # one table's messages load at a time (rare: once per table a run)
        self.blocked: dict[tuple[str, int], Blocked] = {}  # (kind, channel id) Discord refused us in
        add_listener = getattr(client, "add_listener", None)  # commands.Bot: gateway events reach the front
        if add_listener is not None:
            add_listener(self.on_raw_thread_delete, "on_raw_thread_delete")
            add_listener(self.on_guild_channel_delete, "on_guild_channel_delete")
            add_listener(self.on_guild_channel_update, "on_guild_channel_update")
            add_listener(self.on_thread_update, "on_thread_update")
            add_listener(self.on_guild_role_update, "on_guild_role_update")
            add_listener(self.on_guild_role_delete, "on_guild_role_delete")
            add_listener(self.on_member_update, "on_member_update")

    async def dm_channel(self, user_id: str) -> discord.abc.Messageable:
        """The bot's DM channel with a user: opened once (one REST call), then cached."""
        cached = self._dm_ids.get(user_id)
        if cached is None:
            data = await self.client.http.start_private_message(int(user_id))
            cached = self._dm_ids[user_id] = int(data["id"])
        return self.client.get_partial_messageable(cached, type=discord.ChannelType.private)

    async def messages(self, table_id: str) -> TableMessages:
        """What the front knows of a table's messages, loaded from the store on first use (after a
        restart). Callers arriving while it loads wait for it, so none sees the table without them."""
        m = self.tables.setdefault(table_id, TableMessages())
        if m.loaded:
            return m
        async with self._loading:
            if m.loaded:
                return m
            rows = await self.store.messages_of(table_id)
            m.loaded = True
            for kind, seat, channel_id, message_id, created, flag in rows:
                if kind == "lobby":
                    m.lobby = (channel_id, message_id)
                elif kind == "thread":
                    m.thread = channel_id
                elif kind == "board":
                    m.board = (channel_id, message_id, created)
                elif kind == "dm":
                    if flag:
                        m.closed.add(seat)
                    elif message_id:
                        m.dms[seat] = (channel_id, message_id)
                elif kind.startswith("notice:"):
                    m.notified.add(kind[len("notice:"):])
                elif kind == "left":
                    m.left.add(seat)
            t = self.service.tables.get(table_id)
            if t is not None and t.state is not None and t.status == "playing":
                # after a restart: a DM of a seat deciding now showed that decision (it was kept up to date),
                # so it is edited, not posted anew as a notice
                deciding = {d.seat for d in t.game.decisions(t.state)}
                m.live.update(slot for slot in list(m.dms) + list(m.closed)
                              if slot % SLOT < len(t.seats) and t.answers_for(slot % SLOT) in deciding)
        return m

    async def remember(self, table_id: str, kind: str, seat: int, channel_id: int, message_id: int,
                       flag: bool = False) -> None:
        try:
            await self.store.put_message(table_id, kind, seat, channel_id, message_id, time.time(), flag)
        except StoreError as exc:  # the message still works; only a restart would lose track of it
            log.warning("could not remember %s message of table %s: %s", kind, table_id, exc)

    async def lobby_posted(self, t: Table, message: discord.Message | discord.InteractionMessage) -> None:
        m = await self.messages(t.id)
        m.lobby = (message.channel.id, message.id)
        m.sent["lobby"] = payload_key(render.lobby_embed(t), render.lobby_view(t))
        await self.remember(t.id, "lobby", -1, message.channel.id, message.id)

    def web_link(self, table_id: str) -> str | None:
        """The signed link of ``table_id``'s public web page (docs/web.md), or ``None`` when ``WEB_URL`` and
        ``WEB_SECRET`` are not both set. Costs no REST call: it goes into messages the bot sends anyway."""
        if self.web_links is None:
            return None
        from bot.web.links import table_link

        return table_link(*self.web_links, table_id, time.time(), self.link_days)

    def _schedule(self, table_id: str) -> None:
        m = self.tables[table_id]
        if m.task is None or m.task.done():
            m.task = asyncio.get_running_loop().create_task(self._flush_later(table_id), name=f"metahost-flush-{table_id}")

    async def _flush_later(self, table_id: str) -> None:
        m = self.tables[table_id]
        while m.dirty:
            wait = m.last_board_edit + self.board_interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            t = self.service.tables.get(table_id)
            if t is None:
                return
            await self.flush(table_id, t)

    async def drain(self) -> None:
        """Wait until every pending edit is done (tests, shutdown)."""
        while True:
            tasks = [m.task for m in self.tables.values() if m.task is not None and not m.task.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    def _refresh_later(self, table_id: str, m: TableMessages, wait: float) -> None:
        """Flush the table again in ``wait`` seconds (a timer, not a task: draining never waits for it)."""
        if m.refresh is not None and not m.refresh.cancelled() and m.refresh.when() <= \
                asyncio.get_running_loop().time() + wait:
            return
        if m.refresh is not None:
            m.refresh.cancel()

        def due() -> None:
            m.refresh = None
            if table_id in self.service.tables:
                m.dirty = True
                self._schedule(table_id)

        m.refresh = asyncio.get_running_loop().call_later(wait, due)

    def _board_channel(self, m: TableMessages):
        cid = m.thread or (m.board[0] if m.board else None) or (m.lobby[0] if m.lobby else None)
        if cid is None:
            return None
        return self.client.get_channel(cid) or self.client.get_partial_messageable(cid)

    def _place_channel(self, table: Table):
        """The channel of a table's place ``<guild id>:<channel id>`` (None for another kind of place)."""
        _, _, cid = table.place.partition(":")
        if not cid.isdigit():
            return None
        return self.client.get_channel(int(cid)) or self.client.get_partial_messageable(int(cid))

    def where(self, t: Table, m: TableMessages) -> str:
        channel = self.client.get_channel(m.lobby[0]) if m.lobby else None
        guild = getattr(channel, "guild", None)
        place = f"{guild.name} · #{channel.name}" if guild and channel else "this server"
        return f"{place} · table {t.id}"

    async def _notice(self, user_id: str, text: str) -> None:
        """A plain DM to a user (best effort: closed DMs or a failure are only logged)."""
        if not user_id or not user_id.isdigit():
            return
        try:
            await (await self.dm_channel(user_id)).send(render.clip(text, render.CONTENT_MAX))
        except discord.HTTPException as exc:
            log.warning("notice to user %s failed: %s", user_id, exc)
