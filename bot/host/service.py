"""The table service: the transport-agnostic host between the games and the people (DESIGN.md, The host).

A table's life is lobby → playing → finished or aborted. The Discord shell and the terminal both call
:class:`TableService`; neither holds game logic, and neither reads game state: the service tells them what
changed through a :class:`~bot.host.tables.Listener` (boards, private views, log lines with their audience,
reminders, results). Identity: users are strings (a Discord user id, or ``"local"``).

This module owns the service itself: its state, the registry of live tables (loading them from the store at
:meth:`TableService.open`, finding one by id, reading a finished one back), and telling the listeners. Every
other concern is a mixin it combines, each in its own module: the lobby (:mod:`bot.host.lobby`), teams
(:mod:`bot.host.teams`), play and commits (:mod:`bot.host.play`), the choices taken at once
(:mod:`bot.host.auto`), pausing (:mod:`bot.host.pause`), series (:mod:`bot.host.series`), rematches
(:mod:`bot.host.rematch`) and the clock and computers (:mod:`bot.host.clock`). May import every module of
:mod:`bot.host` (never the package itself), :mod:`bot.store` and ``games``.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable

from games import get_game
from games.core.contract import Event, View

from ..store import Store, TableRow
from . import bank as cb
from .auto import AutoMixin
from .clock import COMPUTER_SLOTS, PG_COMPUTER_SLOTS, ClockMixin
from .lobby import LobbyMixin
from .pause import PauseMixin
from .play import PlayMixin
from .rematch import RematchMixin
from .series import SeriesMixin
from .tables import (
    Clock,
    Deadline,
    Listener,
    PlayPrefs,
    Seat,
    SystemClock,
    Table,
    TableError,
    TableLimits,
    decision_token,
    replay_one,
)
from .teams import TeamsMixin
from .think import THINKERS, Thinker

#: Up to this many tables are adopted by reading each one; more by reading every live table once.
ADOPT_ONE_BY_ONE = 8


class TableService(LobbyMixin, TeamsMixin, PlayMixin, AutoMixin, PauseMixin, SeriesMixin, RematchMixin,
                   ClockMixin):
    """Hosts tables. Create with :meth:`open` (loads every active table from the store)."""

    def __init__(self, store: Store, clock: Clock | None = None, computer_delay: float = 1.0,
                 new_id: Callable[[], str] | None = None, limits: TableLimits | None = None,
                 computer_slots: int | None = None, new_seed: Callable[[], int] | None = None,
                 thinkers: int = THINKERS):
        """``computer_delay``: seconds a computer seat pauses before each move (jittered, see
        :meth:`_computers`); ``computer_slots``: computer moves decided or being stored at once across all
        tables, at least 1 (default: :data:`bot.host.clock.COMPUTER_SLOTS` on SQLite, ``PG_COMPUTER_SLOTS`` on
        PostgreSQL); ``new_seed``: the seed of a table created without one (a rematch, the
        next game of a series), unpredictable by default (tests pass a fixed sequence); ``thinkers``: processes
        that run searching computers (:mod:`bot.host.think`; 0: a thread)."""
        self.store = store
        self.limits = limits or TableLimits()
        self._creating = asyncio.Lock()  # limited creates run one at a time: two at once cannot pass a limit
        self.clock = clock or SystemClock()
        self.computer_delay = computer_delay
        self.tables: dict[str, Table] = {}
        self.listeners: list[Listener] = []
        self.new_id = new_id or (lambda: secrets.token_hex(4))
        self.new_seed = new_seed or (lambda: secrets.randbits(48))
        self._tasks: dict[str, asyncio.Task] = {}
        # Computers take turns: with every table's computers acting at once, a committed choice
        # would resume behind all their work; a few at a time keep each act short, people's acts too.
        if computer_slots is None:
            computer_slots = PG_COMPUTER_SLOTS if getattr(store, "dialect", "sqlite") == "postgresql" else COMPUTER_SLOTS
        self._computer_slots = asyncio.Semaphore(max(1, computer_slots))
        self.thinker = Thinker(thinkers)
        self._votes: dict[str, list[str]] = {}  # finished table -> users who asked for its rematch
        self._rematched: dict[str, str] = {}  # finished table -> its rematch table
        self.prefs: dict[str, PlayPrefs] = {}  # user -> play settings (/notify), cached from the store
        #: The owner of this process's tables among several processes (:class:`bot.host.owner.Owner`); ``None``:
        #: this process owns every table (SQLite, or one process).
        self.owner = None

    @classmethod
    async def open(cls, store: Store, **kwargs) -> TableService:
        svc = cls(store, **kwargs)
        await svc.load()
        return svc

    async def load(self) -> int:
        """Load every table in lobby or play from its snapshot; returns how many were loaded."""
        rows = await self.store.load_tables()
        await self._resume([self._from_row(row) for row in rows])
        return len(rows)

    async def _resume(self, tables: list[Table]) -> None:
        """Register tables read from the store and bring each playing one up to its log: the choices logged
        after its snapshot, its decision tokens, timers and computers (after a restart, or a take-over)."""
        for t in tables:
            self.tables[t.id] = t
        playing = [t for t in tables if t.status == "playing"]
        logs = await self.store.log_summaries([t.id for t in playing])
        for t in playing:
            log = logs[t.id]
            self._catch_up(t, log.tail)
            t.acts, t.last_choice = log.acts, log.last_choice
            for seat, dl in t.deadlines.items():
                dl.token = decision_token(t, seat)
            cb.mark_loaded(t)  # which loaded timers are time banks
            self._restore_round(t)
            await self._load_prefs(t)
            t.auto_due = True  # a forced decision left open (a table stored by an older version) is taken at tick()
            self._schedule(t)

    async def adopt(self, table_id: str) -> Table | None:
        """Load one table in lobby or play from the store and host it here, as :meth:`load` does at start-up:
        the table this process now owns (:mod:`bot.host.owner`, a take-over). ``None`` when the store holds no
        such live table. Raises :class:`bot.store.StoreError`."""
        tables = await self.adopt_many([table_id])
        return tables[0] if tables else None

    async def adopt_many(self, table_ids: list[str]) -> list[Table]:
        """:meth:`adopt` for several tables at once, in a few queries for them all (a take-over of a dead
        process's tables, a process's start); returns those the store holds live (never one hosted here
        already: its live state is ahead of the store's)."""
        wanted = set(table_ids)
        if len(wanted) <= ADOPT_ONE_BY_ONE:
            rows = [r for tid in table_ids for r in await self.store.load_tables(table_id=tid)]
        else:  # one read of every live table beats one per table
            rows = [r for r in await self.store.load_tables() if r.id in wanted]
        tables = [self._from_row(r) for r in rows
                  if r.status in ("lobby", "playing") and r.id in wanted and r.id not in self.tables]
        await self._resume(tables)
        return tables

    async def release(self, table_id: str) -> Table | None:
        """Stop hosting ``table_id`` here (another process owns it now, :mod:`bot.host.owner`): wait for the act
        under way, then forget the table; an act that was waiting for it is refused (``moved``), its computers
        stop, and the listeners are told (:meth:`Listener.released`). The store keeps everything. Returns the
        table, or ``None`` when it was not hosted here."""
        t = self.tables.get(table_id)
        if t is None:
            return None
        async with t.lock:
            t.released = True
        task = self._tasks.pop(table_id, None)
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        for lst in self.listeners:  # while the table is still listed: a front finishes its edit under way
            await lst.released(t)
        if self.tables.get(table_id) is t:
            del self.tables[table_id]
        return t

    @staticmethod
    def _catch_up(t: Table, tail: list[tuple[int, int, str, float]]) -> None:
        """Apply to ``t``'s snapshot state the logged choices ``[(seq, seat, choice, at)]`` stored after it
        (a snapshot may lag behind the log; ``at`` the logged instant); then ``t.seq``
        counts the whole log."""
        for _seq, seat, choice, at in tail:
            replay_one(t.game, t.state, seat, choice, at)
            t.tail.append((seat, choice, at))
        t.seq = t.snap_seq + len(t.tail)
        t.out = set(t.game.out_seats(t.state))  # told before the restart (told right after the commit)

    def _from_row(self, row: TableRow) -> Table:
        game = get_game(row.game)
        t = Table(row.id, game, row.place, row.host_user, row.status, row.options, row.seed,
                  [Seat(s.seat, s.user_id, s.name, s.computer, s.deck_id, s.deck, s.timeouts, s.deck_name, s.bank)
                   for s in row.seats],
                  row.created, row.updated)
        t.seq = t.snap_seq = row.seq
        t.paused, t.pause_reason = row.paused, row.pause_reason
        if row.snapshot is not None:
            t.state = game.from_snapshot(row.snapshot, row.static)
            t.committed, t.static = row.snapshot, row.static
            t.out = set(game.out_seats(t.state))  # told before the restart (told right after the commit)
        for seat, seq, deadline, remind_at, reminded in row.deadlines or []:
            t.deadlines[seat] = Deadline(seq, deadline, remind_at, reminded)
        return t

    def get(self, table_id: str) -> Table:
        """The table with this id; :class:`TableError` if there is none."""
        t = self.tables.get(table_id)
        if t is None:
            if self.owner is not None and self.owner.elsewhere(table_id):
                raise TableError(f"Table {table_id} is hosted by another process of this bot just now; try again "
                                 "in a moment. Nothing was changed.", "elsewhere")
            raise TableError(f"There is no open table '{table_id}'. `/table list` shows the open tables here.",
                             "unknown_table")
        return t

    async def lookup(self, table_id: str) -> Table:
        """Any table by id: an open one, else a finished or cancelled one loaded from the store (not kept
        open: it is read-only). :class:`TableError` (``unknown_table``) when none has that id."""
        table_id = table_id.strip()
        t = self.tables.get(table_id)
        if t is not None:
            return t
        rows = await self.store.load_tables(table_id=table_id) if table_id else []
        if not rows:
            raise TableError(f"There is no table '{table_id}'. `/table list` shows the open tables here; a "
                             "finished table's id is in its result message.", "unknown_table")
        t = self._from_row(rows[0])
        if t.state is not None:
            self._catch_up(t, [a for a in await self.store.actions(t.id, timed=True) if a[0] >= t.snap_seq])
        return t

    async def read(self, table_id: str) -> Table:
        """A table to show, not to change: the one hosted here, else (several processes, :mod:`bot.host.owner`)
        the live table another process owns, as the store holds it (its snapshot and log: the state its owner has
        committed, with the decision tokens it offers; also one made since the last look), marked ``released``
        so nothing is applied to it.
        :class:`TableError` (``unknown_table``) when there is no such live table. Raises
        :class:`bot.store.StoreError`."""
        t = self.tables.get(table_id)
        if t is not None or self.owner is None:
            return self.get(table_id)
        rows = await self.store.load_tables(table_id=table_id)
        if not rows or rows[0].status not in ("lobby", "playing"):
            return self.get(table_id)
        t = self._from_row(rows[0])
        if t.status == "playing":
            log = (await self.store.log_summaries([t.id]))[t.id]
            self._catch_up(t, log.tail)
            t.acts, t.last_choice = log.acts, log.last_choice
        t.released = True
        return t

    def tables_in(self, place: str) -> list[Table]:
        return [t for t in self.tables.values() if t.place == place]

    async def _tell_out(self, t: Table) -> None:
        """Tell the listeners once of each human seat the game has newly put out for good."""
        fresh = sorted(s for s in t.game.out_seats(t.state) if s not in t.out)
        t.out.update(fresh)
        for s in fresh:
            if t.seats[s].computer:
                continue
            for lst in self.listeners:
                await lst.seat_out(t, s)

    def view(self, table_id: str, user_id: str | None) -> View:
        """The user's view of a playing table: their seat's private view, or a spectator's."""
        t = self.get(table_id)
        if t.state is None:
            raise TableError("The game has not started yet.", "not_playing")
        seat = t.seat_of(user_id) if user_id is not None else None
        return t.game.view(t.state, None if seat is None else t.answers_for(seat.seat))

    async def _tell_lobby(self, t: Table) -> None:
        for lst in self.listeners:
            await lst.lobby_changed(t)

    async def _tell_game(self, t: Table, events: list[Event]) -> None:
        if not self.listeners:
            return
        views: dict[int | None, View] = {None: t.game.view(t.state, None)}
        for s in t.seats:
            if not s.computer:
                views[s.seat] = t.game.view(t.state, s.seat)
        for s in t.seats:  # MO-OPT-08: a merged team's player sees the acquiring team's view
            m = t.answers_for(s.seat)
            if not s.computer and m not in views:
                views[m] = t.game.view(t.state, m)
        for lst in self.listeners:
            await lst.game_changed(t, events, views)
