"""The choices the host takes for a seat at once, without asking: a publicly forced decision, a response
window passed with its default when its round timed out or its seat passes windows ("Pass until my turn",
the players' :class:`~bot.host.tables.PlayPrefs`), and the rounds of response windows that share one
deadline. Also the players' play settings (``/notify``), read from the store and cached.

A mixin of :class:`bot.host.service.TableService`: it uses the service's ``store``, ``tables`` and ``prefs``,
and calls through ``self`` the registry's ``get`` (:mod:`bot.host.service`) and the play
(:mod:`bot.host.play`: ``_check_current``, ``_act``, ``_observe``). May import :mod:`bot.host.tables`,
:mod:`bot.store` and ``games.core``.
"""

from __future__ import annotations

import dataclasses
import logging

from games.core.contract import Decision, Event, RulesError

from ..store import StoreError
from .tables import PlayPrefs, Table, TableError, token_for

log = logging.getLogger("metahost.tables")

AUTO_MAX = 10_000  # automatic choices at most in one commit: a guard against a game that forces forever


class AutoMixin:
    """Forced decisions, windows passed and their rounds, and the play settings (see the module docstring)."""

    def _auto(self, t: Table, rows: list[tuple[int, str]], at: float) -> list[Event]:
        """Apply, after the choices ``rows`` (``(seat, choice)``, already applied; extended with each choice made
        here), every choice the host takes for a seat at once, and return their events:

        * a publicly forced decision (``Decision.forced`` with its one option) is taken for its seat, a person's
          or a computer's (§1): it is never notified, reminded nor timed;
        * a response window (``Decision.window``) passes with its default (``Game.timeout_choice``) when a
          window of its round timed out (§2, :attr:`Table.round_over`), or when its seat passes windows by a stop (§3: "Pass until my turn",
          :attr:`Table.passing`, or the setting :attr:`PlayPrefs.pass_windows` of every user answering for the
          seat), unless the window is ``aimed`` at the seat and one of them stops when attacked or targeted
          (:attr:`PlayPrefs.stop_aimed`).

        Rounds of windows (§2): consecutive windows (no decision that is not a window open in between, at any
        seat) share one deadline, :attr:`Table.round`, ``response`` seconds after the first of them opened; when
        it passes (:meth:`tick` times the first window out), every window of the round still open or opening
        passes at once, so a round of passes costs at most one window timer, not one per player. A window answered with anything but its default is a
        response: the windows after it form a new round with a new timer. "Pass until my turn" ends when the seat
        gets a decision that is not a window.

        The game's events log each choice; a host line is added only when the game says nothing. Every choice
        made here is an ordinary logged choice (replayed like any other); which ones are made depends on the
        clock and the players' stops, never on hidden information beyond what the stops themselves say."""
        events: list[Event] = []
        seen = 0
        for _ in range(AUTO_MAX):
            for seat, choice in rows[seen:]:
                if t.windows.get(seat, choice) != choice:
                    t.round = None  # a response, not a pass: the windows it opens form a new round
            seen = len(rows)
            open_ = t.game.decisions(t.state)
            t.windows = {d.seat: t.game.timeout_choice(t.state, d) for d in open_ if d.window}
            for d in open_:
                if not d.window:
                    t.passing.discard(d.seat)  # "until my turn": the seat has a decision of its own
            if len(t.windows) < len(open_):
                t.round = None
            elif open_ and t.round is None:
                t.round = at + t.response
            if t.round is None:
                t.round_over = False
            pick = next(((d, c) for d in open_ if (c := self._automatic(t, d, at)) is not None), None)
            if pick is None:
                break
            d, choice = pick
            self._observe(t, at)
            try:
                told = t.game.apply(t.state, d.seat, choice)
            except RulesError as exc:  # a game's mark that does not hold: ask the seat instead
                log.warning("table %s: automatic choice %r of seat %s refused: %s", t.id, choice, d.seat, exc)
                break
            rows.append((d.seat, choice))
            events += told or [self._auto_line(t, d, choice)]
        return events

    def _automatic(self, t: Table, d: Decision, at: float) -> str | None:
        """The choice the host takes at once for the open decision ``d`` (see :meth:`_auto`), or ``None`` when
        its seat is asked."""
        if d.forced and len(d.options) == 1:
            return d.options[0].id
        if not d.window or t.seats[d.seat].computer:
            return None
        if t.round_over:  # the round's timer ran out (tick(); terminal play never times out)
            return t.game.timeout_choice(t.state, d)
        prefs = [self.prefs.get(u, PlayPrefs()) for u in t.deciders(d.seat)]
        if d.aimed and any(p.stop_aimed for p in prefs):
            return None
        if d.seat in t.passing or (prefs and all(p.pass_windows for p in prefs)):
            return t.game.timeout_choice(t.state, d)
        return None

    @staticmethod
    def _auto_line(t: Table, d: Decision, choice: str) -> Event:
        """The host's log line for an automatic choice the game's events do not mention."""
        option = d.option(choice)
        what = option.label if option is not None else choice
        return Event(f"{t.seats[d.seat].name}: {what}" + (" (the only option)." if d.forced else "."))

    def _restore_round(self, t: Table) -> None:
        """After a restart: each open window's default and the round's deadline, the earliest deadline of the
        windows open when no other decision is (their stored timers are the round's)."""
        if t.state is None or t.status != "playing":
            return
        open_ = t.game.decisions(t.state)
        t.windows = {d.seat: t.game.timeout_choice(t.state, d) for d in open_ if d.window}
        dues = [t.deadlines[s].deadline for s in t.windows if s in t.deadlines]
        t.round = min(dues) if dues and len(t.windows) == len(open_) else None

    async def _load_prefs(self, t: Table) -> None:
        """Read the play settings of every user seated at ``t`` into :attr:`prefs` (once per user)."""
        for _slot, user in t.slots():
            await self.play_prefs(user)

    async def play_prefs(self, user_id: str) -> PlayPrefs:
        """``user_id``'s play settings (:class:`PlayPrefs`, ``/notify``), read from the store once, then
        cached. The defaults when the store cannot be read (not cached: read again next time)."""
        if user_id not in self.prefs:
            try:
                self.prefs[user_id] = PlayPrefs(**await self.store.play_prefs_of(user_id))
            except StoreError as exc:
                log.warning("play settings of %s unreadable: %s", user_id, exc)
                return PlayPrefs()
        return self.prefs[user_id]

    async def set_play_prefs(self, user_id: str, *, windows: bool | None = None, pass_windows: bool | None = None,
                             stop_aimed: bool | None = None) -> PlayPrefs:
        """Store the settings given (``None``: unchanged) of ``user_id``'s :class:`PlayPrefs` and return them all.
        A window of theirs open now is passed at the next :meth:`tick` when the new stops say so. Raises
        :class:`StoreError` (nothing changed)."""
        changes = {k: v for k, v in (("windows", windows), ("pass_windows", pass_windows),
                                      ("stop_aimed", stop_aimed)) if v is not None}
        prefs = dataclasses.replace(await self.play_prefs(user_id), **changes)
        if changes:
            await self.store.set_play_prefs(user_id, **changes)
            self.prefs[user_id] = prefs
            for t in self.tables.values():
                if t.status == "playing" and t.seat_of(user_id) is not None:
                    t.auto_due = True
        return prefs

    async def pass_until_turn(self, table_id: str, user_id: str, token: str | None = None) -> list[Event]:
        """"Pass until my turn" (MTG Arena's stop), pressed on a response window offered with
        ``token`` (``None``: the seat's current one): the user's seat passes this window and every later one with
        its default at once until it gets a decision that is not a window; windows aimed at it still stop when
        one of its users keeps :attr:`PlayPrefs.stop_aimed` on. Returns the events. :class:`TableError`, nothing
        changed: not seated, not playing or paused, no open window (``not_window``), a token that is not the
        seat's current one (``decided``)."""
        t = self.get(table_id)
        seat = t.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table; only its players can decide.", "not_seated")
        async with t.lock:
            self._check_current(t, seat.seat, t.version, None)
            acting = t.answers_for(seat.seat)
            decision = next((d for d in t.game.decisions(t.state) if d.seat == acting), None)
            if decision is None or not decision.window:
                raise TableError("Pass until my turn applies to response windows, and you have none open now: "
                                 "your current decision is in your newest message. Nothing was changed.",
                                 "not_window")
            if token is not None and token != token_for(t, decision):
                raise TableError("Already decided: that window is over; your current decision is in your newest "
                                 "message. Nothing was changed.", "decided")
            t.passing.add(acting)
            try:
                return await self._act(t, acting, t.version, t.game.timeout_choice(t.state, decision),
                                       by_player=True)
            except BaseException:
                t.passing.discard(acting)
                raise
