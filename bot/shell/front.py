"""The Discord front end of the table service: a :class:`bot.host.Listener` that keeps each table's
messages up to date.

* One board message per table (in the table's thread when threads are on), edited in place, at most one
  edit per board per ``board_interval`` seconds (a burst of actions becomes one edit). A board older than
  an hour is posted anew rather than edited (Discord limits edits of old messages).
* One DM per human seat with its private view and decision components, edited only when what it shows
  changes. The DMs are kept per *slot* (:data:`bot.host.SLOT`): a Team Up seat (MO-OPT-06) has one slot per
  user managing it, each with its own DM (one more notice per co-manager per new decision), and a seat
  managed by another (a merger, MO-OPT-08, ``Game.managed_by``) shows the managing seat's view and decision. When a DM fails with 50007 (DMs closed) the board says so and the seat uses the board's
  "My hand" button (an ephemeral view) instead.
* The message ids live in the store (``front_messages``), so a restarted bot edits the same messages.

Discord failures mid-game (issue 12 §4), none of which costs a REST call while things work:

* 30046 (too many edits of a message older than an hour) on a DM: the private view is posted as a new DM,
  which becomes the seat's message, and the old one is deleted so that only one set of decision buttons
  is live. On the board: a new board is posted (as after an hour).
* 50013 (Missing Permissions) or 50001 (Missing Access) on the board, thread, reminder or result: the
  table's creator gets one DM per table and problem naming the permission the bot lacks there (read from
  the channel's permissions for the bot), or the action that failed when they do not show it, and
  ``/table status`` says why the board stopped. The front then makes no more calls there (issue 26 §5:
  Discord bans a client after 10,000 refused requests in 10 minutes; before, every action cost two):
  the channel or thread is *blocked* (:class:`Blocked`) until a gateway event says its permissions may
  have changed (CHANNEL_UPDATE of it or its parent channel, THREAD_UPDATE, GUILD_ROLE_UPDATE and
  GUILD_ROLE_DELETE in its server, the bot's own GUILD_MEMBER_UPDATE when Discord sends it), which lets
  one call try again at once and brings the board up to date; as a safety net for a change no event
  shows, one call tries again after :data:`BLOCK_FIRST` seconds, then after twice as long each time it
  is refused again, up to :data:`BLOCK_MAX` (the front's clock, ``now``). A call that succeeds lifts the
  block. DMs are never blocked: players keep getting theirs. ``/table resume`` elsewhere gives the table
  a new place (and lifts a block of the place it resumes in: someone chose it).
* 10003 (Unknown Channel) on the board, or the gateway's CHANNEL_DELETE / THREAD_DELETE for the table's
  channel or thread: the table is paused (:meth:`TableService.pause`) and its players are told by DM;
  ``/table resume`` in another channel calls :meth:`TableService.resume`, and :meth:`resumed` posts the
  table there with a new thread and board.

A seat whose click is being answered through its interaction (the reply edits the clicked message) is
*claimed*: the front does not spend a REST call editing that DM meanwhile.

Turn notices and the REST budget (issue 13 §1, §3):

* When a seat gets a decision while its DM shows none, the private view goes out as a NEW DM (edits do
  not notify): that DM is the notice, one REST call, and becomes the seat's DM. The old DM needs no
  retiring: it showed no buttons. A player whose DMs are closed gets a mention in the table's thread
  instead, pointing to **My hand**. ``/notify off`` (per user, stored) turns both off: the DM is edited.
* A response window (``Decision.window``, issue 27 §2) is quiet: it is shown by editing the seat's DM in place,
  which does not notify, and closed DMs get no mention for it, unless the player turned window pings on
  (``/notify windows:on``, :attr:`bot.host.PlayPrefs.windows`). A decision that is not a window arriving while
  the DM shows a quiet window is a turn notice as usual (a new DM); the old DM's window buttons are then removed
  in one edit, so only one message has live buttons. Windows are never reminded (:mod:`bot.host.clock`).
* A DM whose buttons or content line (the deadline) changed is edited at once. A DM whose only change is
  the board context or the hand (other seats played, its own decision is the same) is refreshed at most
  once per ``context_interval`` seconds (``DM_CONTEXT_INTERVAL``), and at once when its player clicks (the
  click's reply is free). The decision's buttons stay valid meanwhile: their token changes only with the
  seat's own decision. A DM without a decision (its player waits) is refreshed that way only when the
  player's own hidden information in it changed (``Game.private_text``: the hand); who is being waited for and
  the board context are on the board (issue 27, REST budget: these refreshes were a third of a four-seat
  game's calls), and the next decision comes as a new DM with everything fresh.

Board pictures (issue 15 §3): the board message carries a picture of the public board
(:func:`bot.picture.board_png`) as an embed image from its attachment ``board.png``. It is rendered only
when the public view changed (after every interaction was acknowledged: the front runs in its own task)
and goes up inside the board's usual edit or post (``attachments=[file]`` replaces the old picture in the
same call), so a picture costs no REST call of its own; an edit whose picture is unchanged names the
attachment already there. ``BOARD_PICTURES``, the server's ``/settings pictures`` and the table's
``pictures`` option turn it off (the next board edit drops the picture); the text board always stays. A
picture that fails to render, or is larger than :data:`PICTURE_MAX`, is left out and logged once per
table: the board goes out without it.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import picture
from bot.host import SLOT, Listener, Table, TableError, TableService
from bot.store import Store, StoreError
from games.core.contract import Decision, Event, Result, View

from . import render

log = logging.getLogger("metahost.front")
BOARD_MAX_AGE = 3600.0
HAND_TOKEN_LIFE = 14 * 60.0  # interaction tokens last 15 minutes
CANNOT_DM = 50007
UNKNOWN_CHANNEL = 10003
EDIT_LIMIT = 30046  # "Maximum number of edits to messages older than 1 hour reached"
MISSING_PERMISSIONS = 50013
MISSING_ACCESS = 50001
REFUSED_HERE = (MISSING_PERMISSIONS, MISSING_ACCESS)  # codes that block a channel (issue 26 §5)
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
    dirty: bool = False
    last_board_edit: float = 0.0
    board_deciders: frozenset[int] | None = None  # the seats waited for when the board was last edited
    board_shown_at: float = 0.0  # front.now() of that edit (BOARD_HOLD)
    task: asyncio.Task | None = None
    claimed: set[int] = field(default_factory=set)
    hands: dict[int, tuple[discord.Interaction, float]] = field(default_factory=dict)  # seat -> ephemeral
    notified: set[str] = field(default_factory=set)  # permission problems the host was told about
    left: set[int] = field(default_factory=set)  # seats out of the game that chose Leave: no more DMs (issue 13 §7)
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
    writes it (``Game.private_text``: the hand). Who is being waited for is on the board (issue 27, REST
    budget)."""
    return hashlib.blake2b(t.game.private_text(view).encode(), digest_size=12).hexdigest()


def buttons_key(view: discord.ui.View | None, content: str | None) -> str:
    """The part of a private message that is edited at once when it changes: what its components do (their
    custom ids: the seat's decision token and option keys) and its content line (the deadline). A label or
    a menu's placeholder that changed with the same ids (a card now "2nd from top", a prompt naming what a
    descriptive target points at now) is context: refreshed with it, or when the player clicks."""
    ids = [getattr(item, "custom_id", None) for item in view.children] if view else None
    return json.dumps([ids, content])


class DiscordFront(Listener):
    """Renders table changes to Discord. ``client`` is the bot; ``board_interval`` seconds between edits."""

    def __init__(self, client: discord.Client, service: TableService, store: Store, *, threads: bool = True,
                 board_interval: float = 1.0, context_interval: float = 30.0, pictures: bool = True,
                 board_hold: float = 0.0):
        self.client = client
        self.board_hold = board_hold  # BOARD_HOLD: seconds the board waits while the same people decide
        self.pictures = pictures  # BOARD_PICTURES: boards may carry a picture (issue 15 §3)
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
        self.blocked: dict[tuple[str, int], Blocked] = {}  # (kind, channel id) Discord refused us in (issue 26 §5)
        add_listener = getattr(client, "add_listener", None)  # commands.Bot: gateway events reach the front
        if add_listener is not None:
            add_listener(self.on_raw_thread_delete, "on_raw_thread_delete")
            add_listener(self.on_guild_channel_delete, "on_guild_channel_delete")
            add_listener(self.on_guild_channel_update, "on_guild_channel_update")
            add_listener(self.on_thread_update, "on_thread_update")
            add_listener(self.on_guild_role_update, "on_guild_role_update")
            add_listener(self.on_guild_role_delete, "on_guild_role_delete")
            add_listener(self.on_member_update, "on_member_update")

    # -- DMs

    async def dm_channel(self, user_id: str) -> discord.abc.Messageable:
        """The bot's DM channel with a user: opened once (one REST call), then cached."""
        cached = self._dm_ids.get(user_id)
        if cached is None:
            data = await self.client.http.start_private_message(int(user_id))
            cached = self._dm_ids[user_id] = int(data["id"])
        return self.client.get_partial_messageable(cached, type=discord.ChannelType.private)

    # -- the private view of a seat

    async def private_payload(self, t: Table, slot: int) -> tuple[str | None, discord.Embed, discord.ui.View | None]:
        """``(content, embed, components)`` of the private view DM slot ``slot`` shows now (its seat's, or the
        seat that manages it, ``Table.answers_for``): the content line names the table and the live deadline
        while the seat decides (issue 13 §4), the embed is the private view with its context, the components
        its decision's (with the seat's decision token, issue 13 §3)."""
        m = await self.messages(t.id)
        seat = t.answers_for(slot % SLOT)
        view = t.game.view(t.state, seat)
        m.sent[f"dmq:{slot}"] = private_key(t, view)  # what the click's reply shows (release() keeps it)
        user_id = t.slot_user(slot)
        m.sent[f"dmw:{slot}"] = "quiet" if user_id and await self._quiet(t, view, user_id) else ""
        return self._private(t, m, seat, view)

    def _private(self, t: Table, m: TableMessages, seat: int, view: View):
        embed = render.private_embed(t, view, self.where(t, m))
        decision = view.decisions[0] if view.decisions else None
        return render.turn_content(t, seat, decision is not None), embed, render.decision_view(t, decision)

    # -- turn notices (issue 13 §1)

    async def wants_notices(self, user_id: str) -> bool:
        """Whether ``user_id`` gets turn notices (``/notify``); read from the store once, then cached."""
        if user_id not in self._notify:
            try:
                self._notify[user_id] = await self.store.notify_of(user_id)
            except StoreError as exc:
                log.warning("notice setting of %s unreadable: %s", user_id, exc)
                return True
        return self._notify[user_id]

    async def wants_window_pings(self, user_id: str) -> bool:
        """Whether a response window notifies ``user_id`` like a turn (``/notify windows:on``, issue 27 §2)."""
        return (await self.service.play_prefs(user_id)).windows

    async def _quiet(self, t: Table, view: View, user_id: str) -> bool:
        """Whether ``view``'s open decision is a response window shown to ``user_id`` without a notice."""
        return bool(view.decisions) and view.decisions[0].window and not await self.wants_window_pings(user_id)

    async def set_notices(self, user_id: str, on: bool) -> None:
        """Store ``user_id``'s turn-notice setting. Raises :class:`StoreError` (nothing changed)."""
        await self.store.set_notify(user_id, on)
        self._notify[user_id] = on

    # -- board pictures (issue 15 §3)

    async def guild_pictures(self, guild_id: str) -> bool:
        """Whether boards on server ``guild_id`` carry pictures (``/settings pictures``, default on); read
        from the store once (key ``pictures:<guild id>``), then cached."""
        if guild_id not in self._guild_pictures:
            try:
                self._guild_pictures[guild_id] = await self.store.get_kv(f"pictures:{guild_id}") != "off"
            except StoreError as exc:
                log.warning("picture setting of server %s unreadable: %s", guild_id, exc)
                return True
        return self._guild_pictures[guild_id]

    async def set_guild_pictures(self, guild_id: str, on: bool) -> None:
        """Store server ``guild_id``'s picture setting and bring its boards in play up to date (a board
        whose picture goes or comes is edited once). Raises :class:`StoreError` (nothing changed)."""
        await self.store.put_kv(f"pictures:{guild_id}", "on" if on else "off")
        self._guild_pictures[guild_id] = on
        for t in list(self.service.tables.values()):
            if t.status == "playing" and t.place.partition(":")[0] == guild_id:
                m = await self.messages(t.id)
                m.dirty = True
                self._schedule(t.id)

    async def pictures_on(self, t: Table) -> bool:
        """Whether ``t``'s board carries a picture: ``BOARD_PICTURES``, the table's option and its server's
        setting all allow it."""
        if not self.pictures or not t.pictures:
            return False
        guild, sep, _ = t.place.partition(":")
        return await self.guild_pictures(guild) if sep else True

    async def board_picture(self, t: Table, m: TableMessages, view: View) -> tuple[str | None, bytes | None]:
        """``(fingerprint, PNG)`` of the public ``view``'s picture, rendered only when the view changed
        since the last render (off the event loop: it takes tens of milliseconds). ``(None, None)`` when
        the table shows none: pictures off, a game without a picture, a render that raised (logged once
        per table) or a picture over :data:`PICTURE_MAX`."""
        if not await self.pictures_on(t):
            return None, None
        key = view_fingerprint(view)
        if m.png is None or m.png[0] != key:
            try:
                png = await asyncio.to_thread(picture.board_png, t.game, view)
                if png is not None and len(png) > PICTURE_MAX:
                    raise ValueError(f"the picture has {len(png):,} bytes, over Discord's {PICTURE_MAX:,}")
            except Exception:  # noqa: BLE001 - any painter failure: the board goes out as text
                png = None
                if not m.picture_failed:
                    m.picture_failed = True
                    log.exception("board picture of table %s failed; its board goes on without one", t.id)
            m.png = (key, png)
        png = m.png[1]
        return (key, png) if png is not None else (None, None)

    # -- registry

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

    async def series_next(self, old: Table, new: Table) -> None:
        """The next game of a series (MZ-GAP-75) opened in its lobby: post its lobby in the channel, naming
        the score and ``/deck swap`` (MZ-BOOK-06); a failure is logged, never raised (the finished game stands)."""
        _, _, cid = new.place.partition(":")
        if not cid.isdigit():
            return
        info = new.options.get("series") or {}
        players = " ".join(render.seat_line(new, s.seat) for s in new.seats if not s.computer)
        text = render.clip(f"🔁 Game {info.get('game')} of the series (table {old.id} → {new.id}): {players}. "
                           "Before it starts, each Caster may swap Pages one for one with their Archive: "
                           "`/deck swap out:<Pages> in:<Pages>` (MZ-BOOK-06), then **Start**.", 2000)
        channel = self.client.get_channel(int(cid)) or self.client.get_partial_messageable(int(cid))
        try:
            message = await channel.send(text, embed=render.lobby_embed(new), view=render.lobby_view(new),
                                         allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException:
            log.exception("could not post the lobby of series table %s", new.id)
            return
        await self.lobby_posted(new, message)

    async def lobby_posted(self, t: Table, message: discord.Message | discord.InteractionMessage) -> None:
        m = await self.messages(t.id)
        m.lobby = (message.channel.id, message.id)
        m.sent["lobby"] = payload_key(render.lobby_embed(t), render.lobby_view(t))
        await self.remember(t.id, "lobby", -1, message.channel.id, message.id)

    # -- ephemeral hands (closed DMs)

    def hand_shown(self, table_id: str, seat: int, interaction: discord.Interaction,
                   embed: discord.Embed, view: discord.ui.View | None, content: str | None = None) -> None:
        """A seat's private view went out as an ephemeral message: keep that message up to date through
        the interaction's token (valid 15 minutes) as the game moves, like a DM."""
        m = self.tables.setdefault(table_id, TableMessages())
        m.hands[seat] = (interaction, time.monotonic())
        m.sent[f"hand:{seat}"] = payload_key(embed, view, content)
        (m.live.add if view is not None else m.live.discard)(seat)

    async def _flush_hand(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        held = m.hands.get(seat)  # ``seat``: a DM slot (bot.host.SLOT)
        if held is None:
            return
        interaction, since = held
        if time.monotonic() - since > HAND_TOKEN_LIFE:
            m.hands.pop(seat, None)
            return
        content, embed, comps = self._private(t, m, t.answers_for(seat % SLOT), view)
        key = payload_key(embed, comps, content)
        if m.sent.get(f"hand:{seat}") == key:
            return
        try:
            await interaction.edit_original_response(content=content, embed=embed, view=comps)
            m.sent[f"hand:{seat}"] = key
        except discord.HTTPException:
            m.hands.pop(seat, None)  # the token expired or the message is gone: "My hand" gives a new one

    # -- claims: a click answered through its own interaction

    def claim(self, table_id: str, seat: int) -> None:
        self.tables.setdefault(table_id, TableMessages()).claimed.add(seat)

    def release(self, table_id: str, seat: int, embed: discord.Embed | None = None,
                view: discord.ui.View | None = None, in_dm: bool = False, content: str | None = None,
                message: int | None = None) -> None:
        """The click of ``seat`` was answered; ``embed``/``view``/``content``: what the clicked message
        ``message`` now shows (``embed`` None when it was not updated). A clicked DM that is not the
        seat's newest becomes its DM (it shows the current view now). A click in an ephemeral **My hand**
        brings the seat's DM, if it has one, up to date (its buttons changed: one edit), so that a player who
        goes back to their DM never finds the decision they answered."""
        m = self.tables.setdefault(table_id, TableMessages())
        m.claimed.discard(seat)
        if embed is not None:
            (m.live.add if view is not None else m.live.discard)(seat)
        if not in_dm and seat in m.dms:
            m.dirty = True  # answered from "My hand": the seat's DM still shows the decision it answered
        shown, quiet = m.sent.pop(f"dmq:{seat}", None), m.sent.pop(f"dmw:{seat}", "")
        if embed is not None:  # a quiet window shown by the reply: a turn after it is a notice (issue 27 §2)
            (m.quiet.add if quiet and view is not None else m.quiet.discard)(seat)
        if in_dm and embed is not None:
            if shown is not None:
                m.sent[f"dmp:{seat}"] = shown
            m.sent[f"dm:{seat}"] = payload_key(embed, view, content)
            m.sent[f"dmb:{seat}"] = buttons_key(view, content)
            m.dm_sent_at[seat] = self.now()
            old = m.dms.get(seat)
            if message is not None and old is not None and old[1] != message:
                m.dms[seat] = (old[0], message)
                asyncio.get_running_loop().create_task(self.remember(table_id, "dm", seat, old[0], message))
        if m.dirty or in_dm:
            self._schedule(table_id)

    # -- listener

    async def lobby_changed(self, table: Table) -> None:
        m = await self.messages(table.id)
        m.dirty = True
        self._schedule(table.id)

    async def game_changed(self, table: Table, events: list[Event], views: dict[int | None, View]) -> None:
        m = await self.messages(table.id)
        m.log.extend(e.text for e in events if e.audience is None)
        del m.log[:-30]
        m.views = views
        m.dirty = True
        self._schedule(table.id)

    async def reminder(self, table: Table, seat: int, decision: Decision, deadline: float) -> None:
        """Remind every user who may answer ``seat``'s decision (its co-managers too, MO-OPT-06/08)."""
        for slot, _user in table.slots():
            if table.answers_for(slot % SLOT) == seat:
                await self._remind(table, slot, decision, deadline)

    async def _remind(self, table: Table, slot: int, decision: Decision, deadline: float) -> None:
        m = await self.messages(table.id)
        user_id = table.slot_user(slot)
        text = (f"⏰ Your decision on {table.game.name} table {table.id} is waiting: {decision.prompt} "
                f"(time runs out {render.when(deadline)}; then the default is applied).")
        if slot not in m.closed and user_id and user_id.isdigit():
            try:
                await (await self.dm_channel(user_id)).send(text)
                return
            except discord.Forbidden as exc:
                if exc.code == CANNOT_DM:
                    await self._mark_closed(table, m, slot)
            except discord.HTTPException as exc:
                log.warning("reminder DM failed on table %s: %s", table.id, exc)
        channel = self._board_channel(m)
        if channel is not None:
            await self._safe(channel.send(f"<@{user_id}> {text}", allowed_mentions=discord.AllowedMentions(users=True)),
                             table, "post a reminder", channel)

    async def finished(self, table: Table, result: Result | None, reason: str) -> None:
        m = await self.messages(table.id)
        if m.refresh is not None:
            m.refresh.cancel()
        m.dirty = True
        await self.flush(table.id, table)
        stats: list[str] = []
        for s in table.seats:
            if s.computer or not s.user_id:
                continue
            for _game, games, wins, losses, draws in await self.store.stats(s.user_id, table.game.id):
                stats.append(f"{render.seat_line(table, s.seat)}: {games} games, {wins} W / {losses} L / {draws} D")
        channel = self._board_channel(m) if table.paused is None else None  # a paused table has no place
        if channel is not None:
            # The final summary (issue 13 §7) from the final public view, with Rematch for a finished game.
            final = table.game.view(table.state, None) if result is not None and table.state is not None else None
            embed = render.result_embed(table, result, stats, final)
            await self._safe(channel.send(embed=embed, view=render.rematch_view(table) if result is not None else None),
                             table, "post the result", channel)

    async def seat_out(self, table: Table, seat: int) -> None:
        """Tell a player once that they are out of a game that goes on (issue 13 §7), with Watch and Leave:
        a new DM (it notifies), or, when their DMs are closed, a mention in the table's thread. Every user
        of a Team Up seat (MO-OPT-06) is told."""
        for k, _user in enumerate(table.managers(seat)):
            await self._tell_out(table, seat, seat + SLOT * k)

    async def _tell_out(self, table: Table, seat: int, slot: int) -> None:
        m = await self.messages(table.id)
        user_id = table.slot_user(slot)
        if not user_id or not user_id.isdigit():
            return
        text, view = render.out_text(table, seat), render.out_view(table, seat)
        if slot not in m.closed:
            try:
                await (await self.dm_channel(user_id)).send(text, view=view)
                return
            except discord.Forbidden as exc:
                if exc.code == CANNOT_DM:
                    await self._mark_closed(table, m, slot)
                else:
                    log.warning("out notice to seat %s of table %s refused: %s", seat, table.id, exc)
            except discord.HTTPException as exc:
                log.warning("out notice to seat %s of table %s failed: %s", seat, table.id, exc)
        channel = self._board_channel(m)
        if channel is not None:
            await self._safe(channel.send(f"<@{user_id}> {text}", view=view,
                                          allowed_mentions=discord.AllowedMentions(users=True)),
                             table, "tell a player they are out", channel)

    async def leave_dms(self, table_id: str, seat: int) -> None:
        """A player who is out chose Leave: no more DM edits or notices from this table (remembered across
        restarts); the game goes on."""
        m = await self.messages(table_id)
        if seat in m.left:
            return
        m.left.add(seat)
        m.hands.pop(seat, None)
        await self.remember(table_id, "left", seat, 0, 0)

    async def paused(self, table: Table, reason: str) -> None:
        """The table's place is gone: forget its thread and board, and tell each player (and the host) by
        DM that it waits and how it continues."""
        m = await self.messages(table.id)
        m.thread = m.board = None
        m.sent.pop("board", None)
        resume = f"`/table resume table:{table.id}`"
        base = (f"⏸️ {table.game.name} table {table.id} is paused: {reason}. Nothing is lost and no time runs out "
                "while it waits.")
        told = set()
        for slot, user_id in table.slots():
            if slot in m.closed:
                continue
            told.add(user_id)
            await self._notice(user_id, base + " " + self._resume_hint(table, user_id, resume))
        if table.host_user not in told:
            await self._notice(table.host_user, base + " " + self._resume_hint(table, table.host_user, resume))

    @staticmethod
    def _resume_hint(table: Table, user_id: str, resume: str) -> str:
        if user_id == table.host_user:
            return (f"You are its host: run {resume} in the channel where it should continue (anyone with "
                    "Manage Channels may too).")
        return f"Its host <@{table.host_user}> can continue it with {resume} in another channel."

    async def resumed(self, table: Table) -> None:
        """A paused table continues at ``table.place``: post the table there (the new thread opens from
        that message), then a new board; players hear of it by DM."""
        m = await self.messages(table.id)
        m.thread = m.board = None
        m.sent.pop("board", None)
        channel = self._place_channel(table)
        if channel is not None:
            self._retry(lambda key, b: key[1] == channel.id)  # someone chose this place: try it now
            embed = render.lobby_embed(table)
            text = f"▶️ {table.game.name} table {table.id} continues here."
            anchor = await self._safe(channel.send(text, embed=embed, allowed_mentions=discord.AllowedMentions.none()),
                                      table, "post the table", channel)
            if anchor is not None:
                m.lobby = (anchor.channel.id, anchor.id)
                m.sent["lobby"] = payload_key(embed, render.lobby_view(table))
                await self.remember(table.id, "lobby", -1, anchor.channel.id, anchor.id)
                where = f"<#{anchor.channel.id}>"
                for slot, user_id in table.slots():
                    if slot not in m.closed:
                        await self._notice(user_id, f"▶️ {table.game.name} table {table.id} continues in {where}; "
                                                    "your time runs again.")
        m.dirty = True
        self._schedule(table.id)

    def _place_channel(self, table: Table):
        """The channel of a table's place ``<guild id>:<channel id>`` (None for another kind of place)."""
        _, _, cid = table.place.partition(":")
        if not cid.isdigit():
            return None
        return self.client.get_channel(int(cid)) or self.client.get_partial_messageable(int(cid))

    async def _notice(self, user_id: str, text: str) -> None:
        """A plain DM to a user (best effort: closed DMs or a failure are only logged)."""
        if not user_id or not user_id.isdigit():
            return
        try:
            await (await self.dm_channel(user_id)).send(render.clip(text, render.CONTENT_MAX))
        except discord.HTTPException as exc:
            log.warning("notice to user %s failed: %s", user_id, exc)

    # -- a deleted place (gateway events)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.place_deleted(payload.thread_id, "its thread was deleted")

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.place_deleted(channel.id, f"its channel #{channel.name} was deleted")

    async def place_deleted(self, channel_id: int, reason: str) -> None:
        """Pause every table in play whose channel, thread or board lived in ``channel_id``."""
        for t in list(self.service.tables.values()):
            if t.status != "playing" or t.paused is not None:
                continue
            m = await self.messages(t.id)
            _, _, place = t.place.partition(":")
            if channel_id in (m.thread, m.board[0] if m.board else None) or str(channel_id) == place:
                await self._pause(t, reason)

    async def _pause(self, t: Table, reason: str) -> None:
        if self.service.tables.get(t.id) is not t or t.status != "playing" or t.paused is not None:
            return
        try:
            await self.service.pause(t.id, reason)
        except (TableError, StoreError) as exc:
            log.warning("could not pause table %s (%s): %s", t.id, reason, exc)

    # -- missing permissions

    async def _missing_permission(self, t: Table, channel: Any, action: str, code: int = MISSING_PERMISSIONS) -> None:
        """Tell the table's creator, once per table and problem, which permission the bot lacks."""
        m = await self.messages(t.id)
        missing = self._lacking(channel, action)
        key = ",".join(missing) or action
        if key in m.notified:
            return
        m.notified.add(key)
        await self.remember(t.id, f"notice:{key}", -1, 0, 0)
        cid = getattr(channel, "id", None)
        where = f"<#{cid}>" if cid else "its channel"
        if missing:
            what = (f"I lack {' and '.join(missing)} there. Ask a server admin to grant "
                    f"{'it' if len(missing) == 1 else 'them'} to me in that channel")
        else:
            refusal = "Missing Access" if code == MISSING_ACCESS else "Missing Permissions"
            what = (f"Discord says I lack a permission there ({refusal}). Ask a server admin to check that "
                    "I have View Channel, Send Messages, Send Messages in Threads, Create Public Threads and Embed "
                    "Links in that channel")
        text = f"⚠️ I can't {action} of {t.game.name} table {t.id} in {where}: {what} (channel settings → Permissions)."
        if t.status == "playing":
            text += (" The game goes on: players still get their DMs. I make no more attempts there until the "
                     "channel's permissions change; then the board catches up by itself.")
        await self._notice(t.host_user, text)

    def _lacking(self, channel: Any, action: str) -> list[str]:
        """The permissions the bot needs for ``action`` in ``channel`` and lacks ([] when unknown)."""
        me = getattr(getattr(channel, "guild", None), "me", None)
        if me is None or not hasattr(channel, "permissions_for"):
            return []
        perms = channel.permissions_for(me)
        if not perms.view_channel:
            return ["View Channel"]
        if action == THREAD_ACTION:
            return [] if perms.create_public_threads else ["Create Public Threads"]
        if isinstance(channel, discord.Thread):
            send = ("Send Messages in Threads", perms.send_messages_in_threads)
        else:
            send = ("Send Messages", perms.send_messages)
        if not send[1]:  # discord.py then reports Embed Links as lacking too: name only the cause
            return [send[0]]
        return [] if perms.embed_links else ["Embed Links"]

    # -- flushing

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

    async def flush(self, table_id: str, t: Table) -> None:
        """Bring the lobby, board and DMs of ``t`` up to date with the latest views."""
        m = await self.messages(table_id)
        m.dirty = False
        await self._flush_lobby(t, m)
        if t.state is None:
            return
        views = m.views or self._views(t)
        await self._flush_board(t, m, views)
        for slot, _user in t.slots():  # every user of every human seat (Team Up: several per seat, MO-OPT-06)
            if slot in m.claimed or slot in m.left:
                continue
            seat = t.answers_for(slot % SLOT)  # MO-OPT-08: a merged team's player sees the acquiring team
            view = views.get(seat) or t.game.view(t.state, seat)
            if slot in m.closed:
                await self._mention(t, m, slot, view)
                await self._flush_hand(t, m, slot, view)
            else:
                await self._flush_dm(t, m, slot, view)

    def _views(self, t: Table) -> dict[int | None, View]:
        views: dict[int | None, View] = {None: t.game.view(t.state, None)}
        for s in t.seats:
            if not s.computer:
                views[s.seat] = t.game.view(t.state, s.seat)
        return views

    async def _flush_lobby(self, t: Table, m: TableMessages) -> None:
        if m.lobby is None:
            return
        embed, view = render.lobby_embed(t), render.lobby_view(t)
        key = payload_key(embed, view)
        if m.sent.get("lobby") == key:
            return
        channel = self.client.get_channel(m.lobby[0]) or self.client.get_partial_messageable(m.lobby[0])
        if await self._safe(channel.get_partial_message(m.lobby[1]).edit(embed=embed, view=view),
                            channel=channel) is not None:
            m.sent["lobby"] = key

    def _board_channel(self, m: TableMessages):
        cid = m.thread or (m.board[0] if m.board else None) or (m.lobby[0] if m.lobby else None)
        if cid is None:
            return None
        return self.client.get_channel(cid) or self.client.get_partial_messageable(cid)

    async def _ensure_thread(self, t: Table, m: TableMessages) -> None:
        if not self.threads or m.thread is not None or m.lobby is None:
            return
        channel = self.client.get_channel(m.lobby[0])
        if not isinstance(channel, discord.TextChannel) or self._held("thread", channel.id):
            return
        try:
            thread = await channel.get_partial_message(m.lobby[1]).create_thread(
                name=render.clip(f"{t.game.name} table {t.id}", 100), auto_archive_duration=1440)
        except discord.Forbidden as exc:
            m.log.append("(No thread: the bot lacks the Create Public Threads permission; the board stays here.)")
            if exc.code in REFUSED_HERE:
                self._block("thread", channel.id, exc.code, t, channel)
                await self._missing_permission(t, channel, THREAD_ACTION, exc.code)
            return
        except discord.HTTPException as exc:
            log.warning("thread for table %s failed: %s", t.id, exc)
            return
        self.blocked.pop(("thread", channel.id), None)
        m.thread = thread.id
        await self.remember(t.id, "thread", -1, thread.id, 0)

    async def _flush_board(self, t: Table, m: TableMessages, views: dict[int | None, View]) -> None:
        if t.paused is not None:  # its place is gone; /table resume gives it a new one
            return
        notes = [f"{render.slot_line(t, s)} has DMs closed: use **My hand** below." for s in sorted(m.closed)]
        embed = render.board_embed(t, views[None], m.log, notes)
        view = render.board_view(t, bool(m.closed))
        shown, png = await self.board_picture(t, m, views[None])
        if png is not None:
            embed.set_image(url=f"attachment://{BOARD_PNG}")
        key = payload_key(embed, view) + f"|{shown}"
        if m.sent.get("board") == key:
            return
        hold = self._board_hold(t, m, views[None])
        if hold > 0:  # the same people go on deciding: their choices are shown together a little later
            self._refresh_later(t.id, m, hold)
            return
        m.board_deciders = frozenset(s for s, _ in views[None].waiting)
        m.board_shown_at = self.now()
        m.last_board_edit = time.monotonic()
        if m.board is not None and time.time() - m.board[2] < BOARD_MAX_AGE:
            channel = self.client.get_channel(m.board[0]) or self.client.get_partial_messageable(m.board[0])
            extra: dict[str, Any] = {}
            if shown != m.shown_picture or "board" not in m.sent:
                # a new picture, or none (or unknown since a restart): replaces the old one in this same edit
                extra["attachments"] = [picture_file(png)] if png is not None else []
            edited = await self._safe(channel.get_partial_message(m.board[1]).edit(embed=embed, view=view, **extra),
                                      t, "edit the board", channel)
            if edited is not None:
                m.sent["board"] = key
                m.shown_picture = shown
                return
            if t.paused is not None:
                return
            # any other failure (30046 edit limit, a deleted board message): post a new board
        await self._ensure_thread(t, m)
        channel = self._board_channel(m)
        if channel is None:
            return
        extra = {"file": picture_file(png)} if png is not None else {}
        msg = await self._safe(channel.send(embed=embed, view=view, **extra), t, "post the board", channel)
        if msg is not None:
            m.board = (msg.channel.id, msg.id, time.time())
            m.sent["board"] = key
            m.shown_picture = shown
            await self.remember(t.id, "board", -1, msg.channel.id, msg.id)

    def _board_hold(self, t: Table, m: TableMessages, view: View) -> float:
        """Seconds the board edit may wait (``BOARD_HOLD``, the Discord REST budget of issue 27): while the
        seats waited for are the same people as at the board's last edit (one player making several choices
        in a row), their choices are shown together when the decision passes to someone else, when the game
        ends or pauses, or ``board_hold`` seconds after that edit. 0: edit now. Who is waited for is public (the
        board says it), so holding tells nobody anything the board will not."""
        if (not self.board_hold or view.result is not None or t.status != "playing" or m.board is None
                or "board" not in m.sent or not view.waiting):
            return 0.0
        deciders = frozenset(s for s, _ in view.waiting)
        if deciders != m.board_deciders or any(t.seats[s].computer for s in deciders if s < len(t.seats)):
            return 0.0
        return m.board_shown_at + self.board_hold - self.now()

    def where(self, t: Table, m: TableMessages) -> str:
        channel = self.client.get_channel(m.lobby[0]) if m.lobby else None
        guild = getattr(channel, "guild", None)
        place = f"{guild.name} · #{channel.name}" if guild and channel else "this server"
        return f"{place} · table {t.id}"

    async def _mention(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        """The turn notice of a seat whose DMs are closed: one mention in the table's thread when it gets
        a decision after having none, pointing to **My hand** (issue 13 §1)."""
        if not view.decisions or t.status != "playing":
            m.live.discard(seat)
            m.quiet.discard(seat)
            return
        user_id = t.slot_user(seat)  # ``seat``: a DM slot (bot.host.SLOT)
        quiet = bool(user_id) and await self._quiet(t, view, user_id)
        if seat in m.live and (quiet or seat not in m.quiet):
            return
        m.live.add(seat)
        (m.quiet.add if quiet else m.quiet.discard)(seat)  # a quiet window gets no mention (issue 27 §2)
        channel = self._board_channel(m)
        if quiet or channel is None or not user_id or not await self.wants_notices(user_id):
            return
        due = render.deadline_of(t, t.answers_for(seat % SLOT))
        text = (f"<@{user_id}> your decision at table {t.id}: press **My hand** on the board"
                + (f" (decide {render.when(due)})." if due is not None else "."))
        if await self._safe(channel.send(text, allowed_mentions=discord.AllowedMentions(users=True)), t,
                            "post a turn notice", channel) is not None:
            self.notices += 1

    async def _flush_dm(self, t: Table, m: TableMessages, seat: int, view: View) -> None:
        """Bring ``seat``'s DM up to date: a new DM as the turn notice when a decision arrives while the DM
        shows none, an edit at once when its buttons or deadline changed, a coalesced edit (every
        ``context_interval`` seconds) when only the context or hand did (issue 13 §1, §3)."""
        content, embed, comps = self._private(t, m, t.answers_for(seat % SLOT), view)
        key = payload_key(embed, comps, content)
        if m.sent.get(f"dm:{seat}") == key:
            return
        user_id = t.slot_user(seat)  # ``seat``: a DM slot (bot.host.SLOT)
        if not user_id or not user_id.isdigit():
            return
        quiet = comps is not None and await self._quiet(t, view, user_id)  # issue 27 §2: a window edits in place
        fresh = seat not in m.live or (seat in m.quiet and not quiet)  # a decision after none, or after a quiet window
        notice = comps is not None and fresh and (seat not in m.dms or not quiet and await self.wants_notices(user_id))
        over = view.result is not None or t.status != "playing"  # the game's end is shown at once
        mine = private_key(t, view)
        if not notice and not over and seat in m.dms and m.sent.get(f"dmb:{seat}") == buttons_key(comps, content):
            if comps is None and m.sent.get(f"dmp:{seat}") == mine:
                return  # a waiting DM whose hand is the same: the rest (who decides, the context) is on the board
            wait = m.dm_sent_at.get(seat, float('-inf')) + self.context_interval - self.now()
            if wait > 0:  # only the context changed: refreshed later, or when the player clicks
                self._refresh_later(t.id, m, wait)
                return
        why = ("notice" if notice else "end" if over else "first" if seat not in m.dms else
               ("context" if comps is not None else "context, waiting") if m.sent.get(f"dmb:{seat}") ==
               buttons_key(comps, content) else
               "window" if quiet else "buttons")
        self.dm_writes[why] = self.dm_writes.get(why, 0) + 1
        try:
            if seat in m.dms and not notice:
                channel_id, message_id = m.dms[seat]
                channel = self.client.get_channel(channel_id) or self.client.get_partial_messageable(channel_id)
                try:
                    await channel.get_partial_message(message_id).edit(content=content, embed=embed, view=comps)
                except discord.HTTPException as exc:
                    if exc.code != EDIT_LIMIT:
                        raise
                    await self._repost_dm(t, m, seat, channel.get_partial_message(message_id), embed, comps,
                                          content)
            else:
                old = m.dms.get(seat) if seat in m.quiet else None  # its quiet window's buttons are still live
                msg = await (await self.dm_channel(user_id)).send(content, embed=embed, view=comps)
                m.dms[seat] = (msg.channel.id, msg.id)
                if notice:
                    self.notices += 1
                await self.remember(t.id, "dm", seat, msg.channel.id, msg.id)
                if old is not None:
                    await self._retire_dm(t, seat, old)
            m.sent[f"dm:{seat}"] = key
            m.sent[f"dmb:{seat}"] = buttons_key(comps, content)
            m.sent[f"dmp:{seat}"] = mine
            m.dm_sent_at[seat] = self.now()
            (m.live.add if comps is not None else m.live.discard)(seat)
            (m.quiet.add if quiet else m.quiet.discard)(seat)
        except discord.Forbidden as exc:
            if exc.code == CANNOT_DM:
                await self._mark_closed(t, m, seat)
            else:
                log.warning("DM to seat %s of table %s refused: %s", seat, t.id, exc)
        except discord.NotFound:
            m.dms.pop(seat, None)  # the DM was deleted: send a new one next time
            m.dirty = True
        except discord.HTTPException as exc:
            log.warning("DM to seat %s of table %s failed: %s", seat, t.id, exc)

    async def _retire_dm(self, t: Table, seat: int, old: tuple[int, int]) -> None:
        """Remove the buttons of ``seat``'s previous DM ``(channel id, message id)``, which showed a quiet window
        when a turn notice replaced it (one edit; a failure is only logged: its buttons are then refused as
        already decided)."""
        channel = self.client.get_channel(old[0]) or self.client.get_partial_messageable(old[0])
        try:
            await channel.get_partial_message(old[1]).edit(view=None)
        except discord.HTTPException as exc:
            log.warning("old DM of seat %s of table %s kept its buttons: %s", seat, t.id, exc)

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

    async def _repost_dm(self, t: Table, m: TableMessages, seat: int, old: discord.PartialMessage,
                         embed: discord.Embed, comps: discord.ui.View | None, content: str | None = None) -> None:
        """The DM can be edited no more (30046): post the view as a new DM, keep that one, delete the old
        one so that its buttons are not live beside the new ones (a failed delete is only logged)."""
        msg = await old.channel.send(content, embed=embed, view=comps)
        m.dms[seat] = (msg.channel.id, msg.id)
        await self.remember(t.id, "dm", seat, msg.channel.id, msg.id)
        try:
            await old.delete()
        except discord.HTTPException as exc:
            log.warning("old DM of seat %s of table %s not deleted: %s", seat, t.id, exc)

    async def _mark_closed(self, t: Table, m: TableMessages, seat: int) -> None:
        if seat in m.closed:
            return
        m.closed.add(seat)
        m.dms.pop(seat, None)
        await self.remember(t.id, "dm", seat, 0, 0, flag=True)
        m.dirty = True
        self._schedule(t.id)

    async def _safe(self, coro, t: Table | None = None, action: str = "", channel: Any = None) -> Any:
        """Await a Discord call; log a failure instead of raising (a table never breaks on Discord errors).

        With the table ``t``, the ``action`` ("post the board") and the ``channel``: 50013 or 50001 tells
        the table's creator which permission is missing, and blocks the channel (no call is made there,
        :class:`Blocked`, until its permissions may have changed: ``coro`` is then closed unawaited and
        ``None`` returned); 10003 (the channel or thread is gone) pauses the table."""
        cid = getattr(channel, "id", None)
        if cid is not None and self._held("send", cid):
            coro.close()
            return None
        try:
            result = await coro
        except discord.Forbidden as exc:
            log.warning("Discord refused (missing permission?): %s", exc)
            if cid is not None and exc.code in REFUSED_HERE:
                self._block("send", cid, exc.code, t, channel)
            if t is not None and exc.code in REFUSED_HERE:
                await self._missing_permission(t, channel, action, exc.code)
        except discord.NotFound as exc:
            log.warning("Discord call failed: %s", exc)
            if t is not None and exc.code == UNKNOWN_CHANNEL:
                m = self.tables.get(t.id)
                gone = "thread" if m is not None and getattr(channel, "id", None) == m.thread else "channel"
                await self._pause(t, f"its {gone} was deleted")
        except discord.HTTPException as exc:
            log.warning("Discord call failed: %s", exc)
        else:
            lifted = self.blocked.pop(("send", cid), None) if cid is not None else None
            if lifted is not None:
                log.info("Discord accepts calls in channel %s again (%d were not made meanwhile)", cid, lifted.skipped)
            return result
        return None

    # -- channels Discord refused us in (issue 26 §5)

    def _held(self, kind: str, channel_id: int) -> bool:
        """Whether a ``kind`` call in ``channel_id`` must not be made now (blocked, not due). A due block
        lets this one call through and sets the next due time, so that a refusal waits twice as long."""
        b = self.blocked.get((kind, channel_id))
        if b is None:
            return False
        now = self.now()
        if now < b.due:
            b.skipped += 1
            return True
        b.delay = min(b.delay * 2, BLOCK_MAX)
        b.due = now + b.delay
        return False

    def _block(self, kind: str, channel_id: int, code: int, t: Table | None, channel: Any) -> None:
        """Discord refused a ``kind`` call in ``channel_id`` with ``code``: make no more until it may work."""
        b = self.blocked.get((kind, channel_id))
        if b is not None:  # a try that was refused again: _held already set the longer wait
            b.code = code
            return
        guild = getattr(getattr(channel, "guild", None), "id", None)
        if guild is None and t is not None and t.place.partition(":")[0].isdigit():
            guild = int(t.place.partition(":")[0])
        parent = getattr(channel, "parent_id", None)
        m = self.tables.get(t.id) if t is not None else None
        if parent is None and m is not None and channel_id == m.thread and m.lobby is not None:
            parent = m.lobby[0]  # the table's thread opens from its lobby message
        self.blocked[(kind, channel_id)] = Blocked(code, guild, parent, self.now() + BLOCK_FIRST)
        log.warning("Discord refused the bot in channel %s (%s): no more calls there until its permissions "
                    "change", channel_id, code)

    def _retry(self, which) -> None:
        """Let one call try again at once in every blocked channel for which ``which(key, block)`` holds, and
        bring the boards of the tables there up to date (an event said the permissions may have changed)."""
        hit = {key[1] for key, b in self.blocked.items() if which(key, b)}
        if not hit:
            return
        now = self.now()
        for key, b in self.blocked.items():
            if key[1] in hit:
                b.due = now
        for t in list(self.service.tables.values()):
            m = self.tables.get(t.id)
            if m is None or t.status != "playing":
                continue
            if hit & {m.thread, m.board[0] if m.board else None, m.lobby[0] if m.lobby else None}:
                m.dirty = True
                self._schedule(t.id)

    def blocked_note(self, t: Table) -> str | None:
        """Why ``t``'s board stopped, for its players and admins (``/table status``), or ``None``."""
        m = self.tables.get(t.id)
        if m is None:
            return None
        board = self._board_channel(m)  # where the board is, or would be posted
        for cid in (m.board[0] if m.board else None, getattr(board, "id", None)):
            if cid is not None and ("send", cid) in self.blocked:
                channel = self.client.get_channel(cid)
                missing = self._lacking(channel, "post the board") if channel is not None else []
                why = f"I lack {' and '.join(missing)} there" if missing else "Discord refuses me there"
                return (f"⚠️ The board in <#{cid}> has stopped updating: {why}. A server admin can grant it in the "
                        "channel's settings → Permissions; the board catches up by itself. Your DMs and "
                        "**My hand** work meanwhile.")
        return None

    async def on_guild_channel_update(self, before: Any, after: Any) -> None:
        self._retry(lambda key, b: after.id in (key[1], b.parent))

    async def on_thread_update(self, before: Any, after: Any) -> None:
        self._retry(lambda key, b: after.id in (key[1], b.parent))

    async def on_guild_role_update(self, before: Any, after: Any) -> None:
        self._retry(lambda key, b: b.guild in (None, after.guild.id))

    async def on_guild_role_delete(self, role: Any) -> None:
        self._retry(lambda key, b: b.guild in (None, role.guild.id))

    async def on_member_update(self, before: Any, after: Any) -> None:
        me = getattr(self.client, "user", None)
        if me is not None and after.id == me.id:  # the bot's own roles changed
            self._retry(lambda key, b: b.guild in (None, after.guild.id))
