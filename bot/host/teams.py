"""Teams at a table: the team of each seat in a team game's lobby (``Game.has_teams``, option ``teams``;
a format such as ``2v2`` in option ``team_format``), the team names and colours of a game with team names
(MO-SET-09/10), the per-seat options that follow the seats (co-managers, MO-OPT-06), and the seating of
allies apart at the start (MEM-GAP-03).

A mixin of :class:`bot.host.service.TableService`: it calls through ``self`` the registry's ``get``
(:mod:`bot.host.service`) and the lobby's ``_check_lobby``, ``_save_lobby`` and ``_renumber``
(:mod:`bot.host.lobby`). May import :mod:`bot.host.tables` and ``games.core``.
"""

from __future__ import annotations

from games.core import teams as tm
from games.core.contract import Game

from .tables import (
    CO_MANAGERS,
    COLOURS,
    PALETTE,
    TEAM_FORMAT,
    TEAM_NAME_MAX,
    TEAM_NAMES,
    TEAMS,
    Seat,
    Table,
    TableError,
    copy_seats,
)


class TeamsMixin:
    """Teams, team names and colours in the lobby, and allies seated apart at the start."""

    @staticmethod
    def _team_sizes(t: Table) -> tuple[int, ...] | None:
        """The team sizes of ``t``'s format (option ``team_format``), or ``None`` when teams are free."""
        fmt = t.options.get(TEAM_FORMAT)
        return tm.format_sizes(fmt, t.max_seats) if isinstance(fmt, str) else None

    def _seat_teams(self, t: Table, removed: int | None = None) -> None:
        """Keep option ``teams`` one team number per seat of a team game's lobby, in seat order: drop the
        seat at ``removed`` (a seat that left), give every new seat :func:`games.core.teams.fill_team`'s
        team (with a format: the first team with room; free: a team of its own). Replaces the list, so a
        copy of the options taken before is intact. Nothing for a game without teams. The other per-seat
        options (team names, colours, co-managers) follow the seats the same way (:meth:`_seat_extras`)."""
        self._seat_extras(t, removed)
        if not t.game.has_teams:
            return
        teams = [int(x) for x in t.options.get(TEAMS) or []]
        if removed is not None and removed < len(teams):
            del teams[removed]
        sizes = self._team_sizes(t)
        while len(teams) < len(t.seats):
            teams.append(tm.fill_team(teams, sizes))
        t.options[TEAMS] = teams[:len(t.seats)]

    @staticmethod
    def _seat_extras(t: Table, removed: int | None = None) -> None:
        """Keep the per-seat options one entry per seat, in seat order, dropping the seat at ``removed``: at a
        game with team names (MO-SET-09/10) ``team_names`` (a new seat gets ``Game.team_name``) and
        ``colours`` (a new seat gets the first :data:`PALETTE` colour no seat has); at a Team Up table
        ``co_managers`` (a new seat has none). Replaces the lists, so a copy of the options is intact."""
        n = len(t.seats)
        keys = [TEAM_NAMES, COLOURS] if t.game.has_team_names else []
        keys += [CO_MANAGERS] if isinstance(t.options.get(CO_MANAGERS), list) else []
        for key in keys:
            items = [[list(pair) for pair in x] if key == CO_MANAGERS else x for x in t.options.get(key) or []]
            if removed is not None and removed < len(items):
                del items[removed]
            while len(items) < n:
                if key == TEAM_NAMES:
                    items.append(t.game.team_name(t.seed, len(items), items))
                elif key == COLOURS:
                    items.append(next((c for c in PALETTE if c not in items), PALETTE[len(items) % len(PALETTE)]))
                else:
                    items.append([])
            t.options[key] = items[:n]

    @staticmethod
    def _check_team_names(game: Game, team_name: str | None, colour: str | None) -> None:
        if (team_name is not None or colour is not None) and not game.has_team_names:
            raise TableError(f"{game.name} has no team names or colours: leave team_name and colour out. Nothing "
                             "was changed.", "bad_option")

    def _set_team_name(self, t: Table, seat: int, team_name: str | None, colour: str | None) -> None:
        """Give ``seat`` (already in ``t.seats``) the team name and colour chosen (MO-SET-09/10), the others'
        left alone. :class:`TableError`, nothing changed: a game without team names (``bad_option``), a name
        that is not 1–:data:`TEAM_NAME_MAX` printable characters or is another seat's (``bad_team_name``), a
        colour not in :data:`PALETTE` (``bad_colour``) or another seat's (``colour_taken``), naming the free
        colours."""
        self._check_team_names(t.game, team_name, colour)
        if team_name is None and colour is None:
            return
        names, colours = list(t.options.get(TEAM_NAMES) or []), list(t.options.get(COLOURS) or [])
        if team_name is not None:
            name = " ".join(team_name.split())
            if not 1 <= len(name) <= TEAM_NAME_MAX or not name.isprintable():
                raise TableError(f"A team name is 1 to {TEAM_NAME_MAX} printable characters, not {team_name!r}. "
                                 "Nothing was changed.", "bad_team_name")
            if any(n.casefold() == name.casefold() for i, n in enumerate(names) if i != seat):
                raise TableError(f"Another team at table {t.id} is already called {name}: choose another name. "
                                 "Nothing was changed.", "bad_team_name")
            names[seat] = name
        if colour is not None:
            wanted = colour.strip().lower()
            others = {c: i for i, c in enumerate(colours) if i != seat}
            free = ", ".join(c for c in PALETTE if c not in others)
            if wanted not in PALETTE:
                raise TableError(f"{colour!r} is not a team colour: choose one of the free ones: {free}. Nothing was "
                                 "changed.", "bad_colour")
            if wanted in others:
                raise TableError(f"{wanted.capitalize()} is taken by {names[others[wanted]]}: choose one of the free "
                                 f"colours: {free}. Nothing was changed.", "colour_taken")
            colours[seat] = wanted
        t.options[TEAM_NAMES], t.options[COLOURS] = names, colours

    async def choose_team_name(self, table_id: str, user_id: str, team_name: str | None = None,
                               colour: str | None = None) -> Seat:
        """Change the team name and/or colour of the user's seat in the lobby of a game with team names
        (MO-SET-09/10; ``/table join team_name: colour:`` when seated). Returns the seat. :class:`TableError`
        as :meth:`_set_team_name`, and not in the lobby or not seated (``not_seated``)."""
        t = self.get(table_id)
        async with t.lock:
            self._check_team_names(t.game, team_name, colour)
            self._check_lobby(t)
            mine = t.seat_of(user_id)
            if mine is None:
                raise TableError(f"You are not seated at table {t.id}: join it first.", "not_seated")
            before, old = copy_seats(t), dict(t.options)
            self._set_team_name(t, mine.seat, team_name, colour)
            await self._save_lobby(t, before, old)
            return mine

    async def choose_team(self, table_id: str, user_id: str, team: str, seat: int | None = None) -> Seat:
        """Put the user's own seat, or with ``seat`` (0-based) a computer seat (any seated player may), in
        team ``team`` (a letter, A to the seat count's letter) at a team game's lobby.
        Teams are checked when the game starts (:meth:`start`), not here, so players may regroup freely.
        Returns the seat. :class:`TableError`, nothing changed: a game without teams (``no_teams``), not in
        the lobby, not seated (``not_seated``), a seat that is not a computer's (``forbidden``), an unknown
        team letter (``bad_team``)."""
        t = self.get(table_id)
        async with t.lock:
            if not t.game.has_teams:
                raise TableError(f"{t.game.name} has no teams: every player plays for themselves. Nothing was "
                                 "changed.", "no_teams")
            self._check_lobby(t)
            mine = t.seat_of(user_id)
            if mine is None:
                raise TableError(f"You are not seated at table {t.id}: join it first, then choose your team.",
                                 "not_seated")
            target = mine
            if seat is not None:
                if not 0 <= seat < len(t.seats) or not t.seats[seat].computer:
                    raise TableError(f"Seat {seat + 1} is not a computer seat; players choose their own teams. "
                                     "Nothing was changed.", "forbidden")
                target = t.seats[seat]
            try:
                number = tm.team_number(team, t.team_count)  # a 2v2 table has teams A and B
            except ValueError as exc:
                raise TableError(f"{exc} Nothing was changed.", "bad_team") from None
            before, old = copy_seats(t), dict(t.options)
            teams = list(t.options.get(TEAMS) or [])
            teams[target.seat] = number
            t.options[TEAMS] = teams
            await self._save_lobby(t, before, old)
            return target

    def _arrange_teams(self, t: Table) -> None:
        """At a team game's start: check the teams (at least two; the format's sizes when one was chosen),
        then seat allies apart (MEM-GAP-03, :func:`games.core.teams.seating`: A1, B1, A2, B2; 1v3 seats
        A, B, B, B) and set option ``teams`` to the arranged, renumbered teams. :class:`TableError`
        (``bad_teams``) saying what to change; the caller restores seats and options on any refusal."""
        if not t.game.has_teams:
            return
        t.options = dict(t.options)  # the lobby's options stay as they were if the start is refused
        self._seat_teams(t)
        teams = list(t.options[TEAMS])
        problem = tm.problems(teams, self._team_sizes(t))
        if problem is not None:
            raise TableError(f"Cannot start: {problem} Choose teams with `/table team` (letters A to "
                             f"{tm.letter(t.team_count - 1)}); nothing was changed.", "bad_teams")
        norm = tm.normalise(teams)
        order = tm.seating(norm)
        t.seats[:] = [t.seats[pos] for pos in order]
        for key in (TEAM_NAMES, COLOURS, CO_MANAGERS):  # the per-seat options move with their seats
            if isinstance(t.options.get(key), list):
                t.options[key] = [t.options[key][pos] for pos in order]
        self._renumber(t)
        t.options = dict(t.options, **{TEAMS: [norm[pos] for pos in order]})
