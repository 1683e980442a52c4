"""A rematch of a finished table: once every human player of it accepts, a new table opens at the same place
with the same seats, decks and options and a new seed, then starts. Also :meth:`RematchMixin._reseat`, the
new lobby holding an old table's seats, which the next game of a series opens too.

A mixin of :class:`bot.host.service.TableService`: it uses the service's ``_votes`` and ``_rematched``, and
calls through ``self`` the registry's ``lookup`` (:mod:`bot.host.service`), the lobby's ``create``,
``start`` and ``_save_lobby`` (:mod:`bot.host.lobby`), the teams' ``_seat_teams`` (:mod:`bot.host.teams`)
and ``abort`` (:mod:`bot.host.play`). May import :mod:`bot.host.tables`, :mod:`bot.host.options`,
:mod:`bot.host.bank`, :mod:`bot.host.series` (its pure helpers) and :mod:`bot.store`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..store import StoreError
from . import bank as cb
from . import series as sr
from .options import option_word
from .tables import CO_MANAGERS, COLOURS, TEAM_FORMAT, TEAM_NAMES, TEAMS, Seat, Table, TableError, copy_seats


@dataclass(slots=True)
class Rematch:
    """Where a rematch of the finished table ``old`` stands (:meth:`TableService.rematch`): the players
    (user ids) who ``accepted`` and those still ``waiting``; once nobody is waiting, ``table`` is the new
    table, ``started`` when it is playing, else ``problem`` says why it waits in its lobby."""

    old: Table
    accepted: list[str]
    waiting: list[str]
    table: Table | None = None
    started: bool = False
    problem: str | None = None


class RematchMixin:
    """Rematches (see the module docstring)."""

    async def rematch(self, table_id: str, user_id: str,
                      prepare: Callable[[Table], Awaitable[None]] | None = None) -> Rematch:
        """``user_id`` accepts a rematch of finished table ``table_id``. Once every human player of it has
        accepted (the host alone for a table without human players), a new table opens at the same place
        with the same host, the same seats in the same order with the same decks (a saved deck is read
        again, as at every start) and the same options, and a new unpredictable seed; ``prepare`` is
        awaited with it in its lobby (the Discord shell posts its message there), then it starts. A start
        that fails (a saved deck deleted or made illegal meanwhile) leaves it in its lobby with ``problem``.

        :class:`TableError`: the table is unknown, not finished (``not_finished``), the user did not play
        at it (``not_seated``), already accepted or the rematch exists (``duplicate``), or the new table
        breaks the table limits (``too_many_tables``; the user's acceptance is withdrawn so they can press
        again once a table is closed)."""
        old = await self.lookup(table_id)
        if old.status != "finished":
            what = "was cancelled, so there is no result to play again" if old.status == "aborted" else "is not over yet"
            raise TableError(f"Table {old.id} {what}.", "not_finished")
        voters = list(dict.fromkeys(s.user_id for s in old.seats if not s.computer and s.user_id)) or [old.host_user]
        if user_id not in voters:
            raise TableError(f"Only the players of table {old.id} can ask for its rematch.", "not_seated")
        done = self._rematched.get(old.id)
        if done is not None:
            raise TableError(f"The rematch of table {old.id} is already on: table {done}.", "duplicate")
        votes = self._votes.setdefault(old.id, [])
        if user_id in votes:
            waiting = [v for v in voters if v not in votes]
            raise TableError(f"You already asked for a rematch of table {old.id}; it starts when "
                             f"{len(waiting)} more player(s) press Rematch.", "duplicate")
        votes.append(user_id)  # no await between this and the check below: exactly one voter completes it
        waiting = [v for v in voters if v not in votes]
        if waiting:
            return Rematch(old, list(votes), waiting)
        self._rematched[old.id] = "(opening)"
        try:
            new = await self._reseat(old)
        except TableError as exc:
            votes.remove(user_id)
            self._rematched.pop(old.id, None)
            raise TableError(f"The rematch of table {old.id} could not open: {exc.message} Press Rematch again "
                             "once that is fixed.", exc.code) from None
        self._rematched[old.id] = new.id
        self._votes.pop(old.id, None)
        out = Rematch(old, list(votes), [], new)
        if prepare is not None:
            try:
                await prepare(new)
            except Exception:  # the front could not show it: cancel it, so pressing again opens another
                self._rematched.pop(old.id, None)
                self._votes[old.id] = [v for v in votes if v != user_id]
                try:
                    await self.abort(new.id, new.host_user, admin=True)
                except (TableError, StoreError):
                    pass
                raise
        try:
            await self.start(new.id, new.host_user)
            out.started = True
        except (TableError, StoreError) as exc:
            out.problem = exc.message if isinstance(exc, TableError) else str(exc)
        return out

    async def _reseat(self, old: Table) -> Table:
        """A new lobby at ``old``'s place, hosted by ``old``'s host (table limits apply), holding copies of
        ``old``'s seats (users, names, computers, decks) and options, with a new seed."""
        timeout = old.options.get("timeout")
        t = await self.create(old.game.id, old.place, old.host_user, old.seats[0].name if old.seats else "host",
                              seats=old.max_seats, timeout=None if timeout is None else float(timeout),
                              computer=True, pictures=old.pictures, surroundings=old.options.get("surroundings"),
                              location=old.options.get("location"),
                              series=(sr.state_of(old.options) or {}).get("length"),
                              response=old.options.get("response"), teams=old.options.get(TEAM_FORMAT),
                              stealth=old.options.get("stealth"), bank=old.options.get(cb.BANK), level=old.level,
                              table_options=[option_word(o, v) for o in old.game.table_options
                                             for k, v in old.game_options.items() if k == o.key])
        async with t.lock:
            before, options = copy_seats(t), dict(t.options)
            t.seats[:] = [Seat(s.seat, s.user_id, s.name, s.computer, s.deck_id, list(s.deck), 0, s.deck_name)
                          for s in old.seats]
            for key in (TEAM_NAMES, COLOURS, CO_MANAGERS):  # the same team names, colours and co-managers
                if isinstance(old.options.get(key), list):
                    t.options[key] = json.loads(json.dumps(old.options[key]))
            if t.game.has_teams:  # the same teams, seated as they were (already allies apart)
                t.options[TEAMS] = list(old.options.get(TEAMS) or [])
            self._seat_teams(t)
            await self._save_lobby(t, before, options)
        return t
