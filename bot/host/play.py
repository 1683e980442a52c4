"""Play at a table: a player's choice (:meth:`PlayMixin.act`, by option number, by a button's token and
option key), a concession, ending a table without a result (abort), and the commit that stores every applied
choice before any listener is told.

Every choice (a player's, a computer's, a timeout's default, a concession) is committed to the store: log
row, deadlines, result and stats, and the snapshot when one is due, in one transaction. The log row is the
durable record: between computers a snapshot is stored only every :data:`SNAPSHOT_EVERY` choices, and
loading applies the choices logged after it. If the store refuses, the in-memory state is restored to the
committed one (last snapshot plus the choices logged after it) and the player gets the error; the table stays
playable.

Identity: only the user seated in a seat (or a co-manager of it) may act for it, only on its current
decision; a repeated or stale submission changes nothing and says so. :meth:`PlayMixin.act_option` applies
an option named by its short stable key (:func:`~bot.host.tables.option_key`): with an outdated token the
option is still applied when the seat has not decided since and it is still offered; a token the seat
already answered is "already decided". The terminal uses :meth:`PlayMixin.act` against the game version.

A mixin of :class:`bot.host.service.TableService`: it uses the service's ``store``, ``clock``, ``tables`` and
``listeners``, and calls through ``self`` the registry's ``get``, the choices taken at once
(:mod:`bot.host.auto`: ``_auto``), the timers (:mod:`bot.host.clock`: ``_set_deadlines``, ``_deadline_rows``,
``_schedule``), the series (:mod:`bot.host.series`: ``_series_end``), the lobby's ``_check_lobby`` and the
listeners (:mod:`bot.host.service`: ``_tell_game``, ``_tell_out``). May import :mod:`bot.host.tables`,
:mod:`bot.host.bank`, :mod:`bot.host.series` (its pure helpers), :mod:`bot.store` and ``games.core``.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Event

from ..store import StoreError
from . import bank as cb
from . import series as sr
from .tables import CONCEDE, MOVED, Table, TableError, option_key, paused_text, replay_one

SNAPSHOT_EVERY = 32  # at most this many choices of computers in a row are stored without a new snapshot


class PlayMixin:
    """Acting, conceding, aborting, and committing a choice (see the module docstring)."""

    async def act(self, table_id: str, user_id: str, version: int, choice: str) -> list[Event]:
        """Apply ``user_id``'s ``choice`` made against game ``version``.

        Exactly one of several concurrent or repeated submissions for the same decision is applied;
        the others get "already decided" or "this decision has passed". Raises :class:`TableError`
        (unknown table, not seated, stale, game over) or :class:`RulesError` (illegal choice); in every
        refusal nothing changes."""
        t = self.get(table_id)
        seat = t.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table; only its players can act.", "not_seated")
        async with t.lock:
            return await self._act(t, t.answers_for(seat.seat), version, choice, by_player=True)

    async def act_index(self, table_id: str, user_id: str, version: int, index: int) -> list[Event]:
        """Apply option number ``index`` of the user's decision as offered at ``version`` (what a button
        carries). The same guarantees and refusals as :meth:`act`, all checked under the table's lock."""
        t = self.get(table_id)
        seat = t.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table; only its players can decide.", "not_seated")
        async with t.lock:
            self._check_current(t, seat.seat, version, None)
            acting = t.answers_for(seat.seat)  # MO-OPT-08: a merged team's player answers for the acquirer
            decision = next((d for d in t.game.decisions(t.state) if d.seat == acting), None)
            if decision is None:
                raise TableError("It is not your decision now.", "not_yours")
            if not 0 <= index < len(decision.options):
                raise TableError("That option does not exist.", "stale")
            return await self._act(t, acting, version, decision.options[index].id, by_player=True)

    async def act_option(self, table_id: str, user_id: str, token: str, key: str) -> list[Event]:
        """Apply the option whose :func:`option_key` is ``key``, pressed on a component offered with the
        decision ``token`` (what a Discord button or menu carries).

        The press is applied when the token is the seat's current one, or when it is outdated only by other
        seats' moves and the option is still offered. Refused (:class:`TableError`, nothing changes) with
        code ``duplicate`` ("Already decided") when the seat has decided since and this repeats its last
        choice, ``decided`` when it answered that decision otherwise, ``gone`` when the option is no longer
        offered, ``not_yours`` when the seat has no decision or the token is another seat's, ``bad_token``
        for a token this host never made, and the refusals of :meth:`act`."""
        t = self.get(table_id)
        seat = t.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table; only its players can decide.", "not_seated")
        parts = token.split(".")
        if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
            raise TableError("That button is not one this table offered; use the buttons of your newest DM. "
                             "Nothing was changed.", "bad_token")
        async with t.lock:
            self._check_current(t, seat.seat, t.version, None)
            acting = t.answers_for(seat.seat)  # MO-OPT-08: a merged team's player answers for the acquirer
            if int(parts[0]) != acting:
                raise TableError("That button belongs to another player's decision: it is not your decision now.",
                                 "not_yours")
            made, now_made = int(parts[1]), t.acts.get(acting, 0)
            if made < now_made:
                last = t.last_choice.get(acting)
                if made == now_made - 1 and last is not None and option_key(last) == key:
                    raise TableError("Already decided: that choice was applied.", "duplicate")
                who = "your team answered" if len(t.deciders(acting)) > 1 else "you answered"  # MO-OPT-06
                raise TableError(f"Already decided: {who} that decision before; your current one is in "
                                 "your newest message. Nothing was changed.", "decided")
            if made > now_made:
                raise TableError("That button is not one this table offered; use the buttons of your newest "
                                 "DM. Nothing was changed.", "bad_token")
            decision = next((d for d in t.game.decisions(t.state) if d.seat == acting), None)
            if decision is None:
                raise TableError("It is not your decision now.", "not_yours")
            option = next((o for o in decision.options if option_key(o.id) == key), None)
            if option is None:
                raise TableError("That option is no longer offered; your current decision is shown. "
                                 "Nothing was changed.", "gone")
            return await self._act(t, acting, t.version, option.id, by_player=True)

    @staticmethod
    def _check_current(t: Table, seat: int, version: int, choice: str | None) -> None:
        """Refuse a submission for a table not playing, or made against another version: "already
        decided" when it repeats the seat's last applied choice (any choice if ``choice`` is None)."""
        if t.released:
            raise TableError(MOVED.format(id=t.id), "moved")
        if t.status != "playing":
            raise TableError("This game is over." if t.status == "finished" else "This table is not playing.",
                             "not_playing")
        if t.paused is not None:
            raise TableError(paused_text(t), "paused")
        if version != t.version:
            if t.last is not None and t.last[0] == version and t.last[1] == seat and choice in (None, t.last[2]):
                raise TableError("Already decided: that choice was applied.", "duplicate")
            raise TableError("This decision has passed; look at your current one.", "stale")

    async def _act(self, t: Table, seat: int, version: int, choice: str, *, by_player: bool,
                   at: float | None = None) -> list[Event]:
        """Apply and commit ``seat``'s ``choice``; ``at`` the instant to log with it (default: now), which a
        game that reads the clock observes right before the choice is applied."""
        self._check_current(t, seat, version, choice)
        at = self.clock.now() if at is None else at
        self._observe(t, at)
        events = t.game.apply(t.state, seat, choice)  # RulesError: nothing changed
        timeouts = {seat: 0} if by_player and t.seats[seat].timeouts else {}
        await self._commit(t, seat, version, choice, events, timeouts, at)
        return events

    @staticmethod
    def _observe(t: Table, at: float) -> None:
        """Tell a game that reads the clock the instant ``at`` (epoch seconds) of the choice about to be
        applied: the one its log row stores, so every replay observes it again."""
        if t.game.observes_clock:
            t.game.observe(t.state, at)

    async def concede(self, table_id: str, user_id: str) -> None:
        t = self.get(table_id)
        seat = t.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table.", "not_seated")
        async with t.lock:
            if t.released:
                raise TableError(MOVED.format(id=t.id), "moved")
            if t.status != "playing":
                raise TableError("This table is not playing.", "not_playing")
            if t.paused is not None:
                raise TableError(paused_text(t), "paused")
            if seat.seat in t.game.out_seats(t.state):
                raise TableError(f"You are already out of table {t.id}: nothing was changed. The game goes on "
                                 "without you.", "duplicate")
            at = self.clock.now()
            self._observe(t, at)
            events = t.game.concede(t.state, seat.seat)
            await self._commit(t, seat.seat, t.version - 1, CONCEDE, events, {}, at)

    async def abort(self, table_id: str, user_id: str, admin: bool = False, lobby_only: bool = False) -> None:
        """End a table without a result (its host, or an admin such as Manage Channels). ``lobby_only``
        (the lobby's Cancel button): only a table still in the lobby; once the game has started it is
        refused like every lobby change, and ``/table abort`` ends the game instead."""
        t = self.get(table_id)
        if user_id != t.host_user and not admin:
            raise TableError("Only the table's host or a channel manager can abort it.", "forbidden")
        async with t.lock:
            if t.released:
                raise TableError(MOVED.format(id=t.id), "moved")
            if lobby_only:
                self._check_lobby(t)
            if t.status not in ("lobby", "playing"):
                raise TableError("That table has already ended.", "not_playing")
            await self.store.set_status(t.id, "aborted", self.clock.now())
            t.status = "aborted"
            t.deadlines.clear()
        self.tables.pop(t.id, None)
        for lst in self.listeners:
            await lst.finished(t, None, "aborted")

    async def _commit(self, t: Table, seat: int, version: int, choice: str, events: list[Event],
                      timeouts: dict[int, int], at: float) -> None:
        """Store the applied choice with the seats' new consecutive-timeout counts (one transaction), then
        tell the listeners. ``at``: the epoch seconds logged with the choice, the instant the game observed
        before it was applied. The choices the host then takes at once (:meth:`_auto`: forced
        decisions, windows passed) are applied and stored in the same transaction, and told with it. On a
        store failure the state goes back to the last committed snapshot and the error reaches the caller."""
        await self._commit_rows(t, [(seat, choice)], version, events, timeouts, at)

    async def _commit_rows(self, t: Table, rows: list[tuple[int, str]], version: int, events: list[Event],
                           timeouts: dict[int, int], at: float, tell: bool = True) -> None:
        """:meth:`_commit` of the applied choices ``rows`` (``(seat, choice)``, logged in order at ``at``; the first
        is the one made against ``version``), followed by the automatic choices of :meth:`_auto`. With no row at
        all, only the listeners are told of ``events`` (a game's start), or nobody when ``tell`` is false."""
        now = at
        old_deadlines = dict(t.deadlines)
        old_acts, old_last = dict(t.acts), dict(t.last_choice)
        old_banks = cb.saved(t)
        old_auto = (t.round, t.round_over, dict(t.windows), set(t.passing), t.auto_due)
        events = list(events) + self._auto(t, rows, at)
        t.auto_due = False
        if not rows:
            if tell:
                await self._tell_game(t, events)
                self._schedule(t)
            return
        for seat, choice in rows:
            t.acts[seat] = t.acts.get(seat, 0) + 1  # the seat decided: its decision token changes
            t.last_choice[seat] = choice
        seat, choice = rows[0]
        result = t.game.result(t.state)
        humans_next = self._set_deadlines(t)
        # The log row is the durable record; a snapshot is stored with it when the game ends, when
        # a person acted or decides next (the table may then wait long), and every SNAPSHOT_EVERY choices
        # otherwise, so computers playing each other do not serialise the state at every move.
        snap = (result is not None or humans_next or not t.seats[seat].computer
                or t.seq + len(rows) - t.snap_seq >= SNAPSHOT_EVERY)
        state_json = t.snapshot() if snap else None
        finished = None
        if result is not None:
            outcomes = []
            for s in t.seats:
                if s.computer or s.user_id is None:
                    continue
                outcome = "draw" if result.draw else "win" if s.seat in result.winners else "loss"
                outcomes += [(u, outcome) for u in t.managers(s.seat)]  # co-managers too (MO-OPT-06)
            finished = (t.game.id, result.to_dict(), outcomes)
        try:
            await self.store.record(t.id, t.seq, seat, choice, now, state_json, self._deadline_rows(t),
                                    timeouts, finished, more=rows[1:], banks=cb.changed(t, old_banks))
        except StoreError as exc:
            if exc.problem == "conflict" and self.owner is not None:
                self.owner.conflict(t.id)  # another writer stored this seq first: reload the table from the store
            t.state = self._committed_state(t)
            t.deadlines = old_deadlines
            cb.restore(t, old_banks)
            t.acts, t.last_choice = old_acts, old_last
            t.round, t.round_over, t.windows, t.passing, t.auto_due = old_auto
            raise
        t.seq += len(rows)
        if state_json is not None:
            t.committed, t.snap_seq = state_json, t.seq
            t.tail.clear()
        else:
            t.tail.extend((s, c, at) for s, c in rows)
        t.updated = now
        t.last = (version, seat, choice)
        for s, n in timeouts.items():
            t.seats[s].timeouts = n
        await self._tell_game(t, events)
        if result is None:
            await self._tell_out(t)
        if result is not None:
            t.status = "finished"
            self.tables.pop(t.id, None)
            for lst in self.listeners:
                await lst.finished(t, result, result.reason)
            if sr.state_of(t.options) is not None:
                await self._series_end(t, result)
        else:
            self._schedule(t)

    @staticmethod
    def _committed_state(t: Table) -> Any:
        """The state as stored: the last snapshot with the choices logged after it applied again."""
        state = t.game.from_snapshot(t.committed, t.static)
        for seat, choice, at in t.tail:
            replay_one(t.game, state, seat, choice, at)
        return state
