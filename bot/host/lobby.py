"""The lobby of a table: opening it (:meth:`LobbyMixin.create`, with the table limits of a Discord place),
seats (join, co-managing a Team Up seat, leave, computer seats), the deck each seat brings (a starter deck or
the user's saved deck), and the start of the game (:meth:`LobbyMixin.start`: decks read again, teams
arranged, a series opened, the options ``new_game`` gets).

A mixin of :class:`bot.host.service.TableService`: it uses the service's ``store``, ``clock``, ``tables``,
``limits``, ``new_id``, ``new_seed`` and ``_creating``, and calls the other concerns through ``self``: the
registry's ``get`` (:mod:`bot.host.service`), the teams (:mod:`bot.host.teams`), the series
(:mod:`bot.host.series`: ``_check_series_seats``, ``_first_of_series``, ``_open_series``, ``_series_intro``),
the choices taken at once at the start (:mod:`bot.host.auto`, :mod:`bot.host.play`: ``_auto``,
``_load_prefs``, ``_commit_rows``), the timers (:mod:`bot.host.clock`: ``_set_deadlines``, ``_deadline_rows``,
``_schedule``) and the listeners (:mod:`bot.host.service`: ``_tell_lobby``, ``_tell_game``). May import
:mod:`bot.host.tables`, :mod:`bot.host.options`, :mod:`bot.host.bank`, :mod:`bot.host.series` (its pure
helpers), :mod:`bot.store` and ``games``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import get_game
from games.core import teams as tm
from games.core.contract import Game, RulesError, SeatSetup

from ..store import StoreError
from . import bank as cb
from . import series as sr
from .options import bank_words, option_word, parse_table_options
from .tables import (
    CO_MANAGERS,
    LEVEL,
    MOVED,
    SAVED,
    TEAM_FORMAT,
    TEAMS,
    TEAMUP,
    Seat,
    Table,
    TableError,
    check_level,
    copy_seats,
)

SURROUNDINGS = ("virtual", "derived", "declared")
"""The table option ``surroundings`` of a game that reads the clock (MZ-WALL-04): how its
4th Wall effects are settled. ``virtual`` (default): only Pages count; ``derived``: the real sky at the
location and each Caster's ``/surroundings`` profile; ``declared``: the affected Caster confirms."""
NO_PLACE = ("This table's surroundings are derived from the real sky, so it needs a place: a server admin can "
            "set one with `/settings location`, or each player with `/surroundings` (place:). Or open the "
            "table with surroundings: virtual or declared.")
LIMIT_LISTED = 5  # tables named in a limit refusal; more are counted, so the message stays short


class LobbyMixin:
    """Opening a table, its seats and decks, and its start (see the module docstring)."""

    async def create(self, game_id: str, place: str, user_id: str, name: str, *, seats: int | None = None,
                     timeout: float | None = None, seed: int | None = None, computer: bool = False,
                     pictures: bool = True, surroundings: str | None = None,
                     location: dict[str, Any] | None = None, series: int | None = None,
                     response: float | None = None, teams: str | None = None,
                     stealth: bool | None = None, table_options: str | Sequence[str] | None = None,
                     team_name: str | None = None, colour: str | None = None,
                     bank: str | Sequence[float] | None = None, level: str | None = None) -> Table:
        """A new table in the lobby, with its creator in seat 0 (``computer``: seat 0 is a computer seat
        that ``user_id`` hosts without playing, for demonstrations and tests; ``pictures`` False: its board
        shows no picture, kept in the options so a rematch keeps it).

        For a game that reads the clock (``Game.observes_clock``): ``surroundings`` one of
        :data:`SURROUNDINGS` (default ``virtual``), stored as option ``"surroundings"``; ``location`` the
        table's own place (``games.core.surroundings.Place.to_json()`` data, terminal play's ``--place``), stored
        as option ``"location"`` and used instead of the server's location. Raises :class:`TableError`
        for an unknown game, a seat count the game does not allow, a surroundings mode that is unknown or
        given for a game that does not read the clock (``bad_option``), a ``series`` length the game does not
        offer (``bad_option``; MetaZoo plays series of 1, 3 or 5 games, MZ-GAP-75, stored as option
        ``"series"``, :mod:`bot.host.series`), or a full server or channel
        (:class:`TableLimits`, code ``too_many_tables``); a refused create stores nothing.

        ``response``: seconds of a response window (``Decision.window``, MEM-GAP-28; 10–86400, stored as option
        ``"response"``; default :data:`DEFAULT_RESPONSE`). ``teams``: for a game with teams
        (``Game.has_teams``) a format of :func:`games.core.teams.format_sizes` (``"2v2"``,
        ``"1v3"``, ``"ffa"``…), stored as option ``"team_format"``; without ``seats`` the format sets the
        seat count. A team game's seats carry their team in option ``"teams"`` (:meth:`choose_team`).
        ``bad_option`` for teams given to a game without teams or a format that does not fit the seats.

        ``stealth``: for a game with Stealth (``Game.has_stealth``, Memesis' MEM-STL-11) ``False`` plays without
        it, stored as option ``"stealth"`` (only when off, so ``new_game`` gets ``options["stealth"] = False``;
        a rematch keeps it); ``True`` or ``None`` is the game's default. ``bad_option`` when given to a game
        without Stealth.

        ``table_options``: ``key=value`` words for the game's own table options (``Game.table_options``;
        :func:`parse_table_options`, whose refusals are ``bad_option``); the values that differ from the default
        are stored under their keys in the options (a rematch keeps them) and set the seat limit
        (``Game.seat_limit``). ``team_name`` and ``colour``: the creator's team at a game with team names
        (``Game.has_team_names``, MO-SET-09/10; defaults generated, see :meth:`join`).

        ``bank``: a chess-clock time bank per seat instead of a fixed limit per decision
        (:mod:`bot.host.bank`): words as :func:`bot.host.bank.parse_bank` reads them (``"on"``, ``"10m+20s"``) or
        ``[start, add]`` seconds; a ``bank=…`` word among ``table_options`` counts too (and wins). Stored as option
        ``"bank"`` (``[start, add]``); ``bad_option`` for a value it refuses.

        ``level``: how its computer seats play (:data:`games.core.search.LEVELS`: ``easy`` the game's heuristic,
        the default; ``normal`` and ``hard`` search, :mod:`bot.host.think`), stored as option ``"level"`` when
        not ``easy`` (a rematch keeps it); ``bad_option`` for another word."""
        try:
            game = get_game(game_id)
        except KeyError as exc:
            raise TableError(str(exc.args[0]), "unknown_game") from None
        if (surroundings is not None or location is not None) and not game.observes_clock:
            raise TableError(f"{game.name} has no 4th Wall effects, so it takes no surroundings or place: leave "
                             "those options out.", "bad_option")
        chosen = parse_table_options(game, table_options)
        clock = self._bank_choice(bank, table_options)
        self._check_team_names(game, team_name, colour)
        if stealth is not None and not game.has_stealth:
            raise TableError(f"{game.name} has no Stealth (face-down play), so it takes no stealth option: leave "
                             "it out (only Memesis tables can turn Stealth off). Nothing was created.", "bad_option")
        if surroundings is not None and surroundings not in SURROUNDINGS:
            raise TableError(f"Unknown surroundings {surroundings!r}: choose virtual (only Pages count), derived "
                             "(the real sky and your /surroundings) or declared (you confirm).", "bad_option")
        if series is not None and series not in game.series_lengths:
            lengths = ", ".join(str(n) for n in game.series_lengths)
            raise TableError(f"A {game.name} table plays a series of {lengths} game(s), not {series}." if
                             len(game.series_lengths) > 1 else f"{game.name} plays single games: leave series out.",
                             "bad_option")
        if teams is not None:
            if not game.has_teams:
                raise TableError(f"{game.name} has no teams: leave the teams option out.", "bad_option")
            try:
                if seats is None and teams.strip().lower() != "ffa":
                    seats = sum(tm.format_sizes(teams, None))  # the format sets the seat count
                tm.format_sizes(teams, seats or game.seat_limit(chosen))
            except ValueError as exc:
                raise TableError(f"{exc} Nothing was created.", "bad_option") from None
        limit = game.seat_limit(chosen)
        count = seats or limit
        if not game.min_seats <= count <= limit:
            raising = [option_word(o, v) for o in game.table_options
                       for v in ((True, False) if o.kind == "bool" else o.choices)
                       if game.seat_limit(dict(chosen, **{o.key: v})) > limit]
            more = f" (more with the table option {' or '.join(raising)})" if raising else ""
            raise TableError(f"{game.name} is played by {game.min_seats}–{limit} players{more}, not {count}.",
                             "bad_seats")
        level = check_level(level)
        if timeout is not None and not 30 <= timeout <= 86400:
            raise TableError("A decision timeout is between 30 seconds and 24 hours.", "bad_timeout")
        if response is not None and not 10 <= response <= 86400:
            raise TableError("A response window lasts between 10 seconds and 24 hours.", "bad_timeout")
        now = self.clock.now()
        options: dict[str, Any] = {"seats": count}
        if timeout is not None:
            options["timeout"] = timeout
        if response is not None:
            options["response"] = response
        if clock is not None:
            options[cb.BANK] = list(clock)
        if game.has_teams:
            options[TEAMS] = []
            if teams is not None:
                options[TEAM_FORMAT] = teams.strip().lower()
        if not pictures:
            options["pictures"] = False
        if stealth is False:
            options["stealth"] = False
        if level != "easy":
            options[LEVEL] = level
        options.update(chosen)
        if any(o.key == TEAMUP for o in game.table_options) and chosen.get(TEAMUP) is True:
            options[CO_MANAGERS] = []  # MO-OPT-06: per seat, the users who co-manage it
        if game.observes_clock:
            options["surroundings"] = surroundings or "virtual"
            if location is not None:
                options["location"] = dict(location)
        t = Table(self.new_id(), game, place, user_id, "lobby", options,
                  seed if seed is not None else self.new_seed(), [], now, now)
        if series is not None and series > 1:
            options[sr.SERIES] = sr.new_series(t.id, series)
        t.seats.append(Seat(0, None if computer else user_id, name, computer=computer,
                            deck_id=self._default_deck(game, 0)))
        self._seat_teams(t)
        self._set_team_name(t, 0, team_name, colour)
        self._fill_decks(t)
        if ":" in place:  # a Discord place: limited, so creates there run one at a time
            async with self._creating:
                self._check_limits(place, user_id)
                await self._save_new(t)
        else:
            await self._save_new(t)
        await self._tell_lobby(t)
        return t

    async def _save_new(self, t: Table) -> None:
        """Store a new table and host it here; among several processes (:mod:`bot.host.owner`) its advisory lock
        is taken first, so that no other process adopts it between the two."""
        if self.owner is not None:
            await self.owner.hold_new(t.id)
        try:
            await self.store.save_table(t.row())
        except BaseException:
            if self.owner is not None:
                await self.owner.let_go(t.id)
            raise
        self.tables[t.id] = t
        if self.owner is not None:
            self.owner.created(t.id)

    @staticmethod
    def _bank_choice(bank: str | Sequence[float] | None, words: str | Sequence[str] | None
                     ) -> tuple[float, float] | None:
        """The time bank :meth:`create` stores: a ``bank=…`` word of the table options, else
        ``bank``; :class:`TableError` (``bad_option``) for a value :func:`bot.host.bank.parse_bank` refuses."""
        chosen = bank_words(words)
        if chosen is not False:
            return chosen
        if bank is None:
            return None
        if not isinstance(bank, str):
            return (float(bank[0]), float(bank[1]))
        try:
            return cb.parse_bank(bank)
        except ValueError as exc:
            raise TableError(f"Table options: {exc}. Nothing was created.", "bad_option") from None

    def _check_limits(self, place: str, user_id: str) -> None:
        """Refuse a new table at a Discord ``place`` (``"<guild>:<channel>"``; other places, such as
        terminal play's ``"local"``, are never limited) when ``user_id`` already
        hosts ``limits.per_user`` open tables on that server or the channel holds
        ``limits.per_channel``; the refusal names the tables to finish or cancel."""
        server = place.partition(":")[0]
        mine = [t for t in self.tables.values()
                if t.host_user == user_id and t.place.partition(":")[0] == server]
        if len(mine) >= self.limits.per_user:
            raise TableError(f"You already host {len(mine)} open tables on this server ({self._listing(mine)}), "
                             f"the most one player may. Finish or cancel one with `/table abort table:<id>` "
                             "first.", "too_many_tables")
        here = [t for t in self.tables.values() if t.place == place]
        if len(here) >= self.limits.per_channel:
            raise TableError(f"This channel already has {len(here)} open tables ({self._listing(here)}), the "
                             "most it may hold. Finish or cancel one with `/table abort table:<id>` (its host "
                             "or a channel manager), or open the table in another channel.", "too_many_tables")

    @staticmethod
    def _listing(tables: list[Table]) -> str:
        """``a1b2c3d4 (MetaX, playing) in <#2000>, …``: the oldest first, at most LIMIT_LISTED named."""
        tables = sorted(tables, key=lambda t: t.created)
        parts = []
        for t in tables[:LIMIT_LISTED]:
            channel = t.place.partition(":")[2]
            state = "waiting for players" if t.status == "lobby" else "playing"
            parts.append(f"{t.id} ({t.game.name}, {state}) in <#{channel}>")
        if len(tables) > LIMIT_LISTED:
            parts.append(f"and {len(tables) - LIMIT_LISTED} more")
        return ", ".join(parts)

    def _default_deck(self, game: Game, seat: int) -> str | None:
        if not game.has_decks:
            return None
        names = sorted(game.starter_decks())
        return names[seat % len(names)]

    def _fill_decks(self, t: Table) -> None:
        starters = t.game.starter_decks() if t.game.has_decks else {}
        for s in t.seats:
            if s.deck_id in starters and not s.deck:
                s.deck = list(starters[s.deck_id])

    @staticmethod
    def _check_lobby(t: Table) -> None:
        """Refuse a lobby change or Start once the table has left the lobby. Called with ``t.lock`` held,
        so a Start that won the lock before is seen (exactly one start)."""
        if t.released:
            raise TableError(MOVED.format(id=t.id), "moved")
        if t.status == "playing":
            raise TableError(f"The game has started at table {t.id}: the lobby is closed and nothing was "
                             "changed. Follow the game on its board.", "not_lobby")
        if t.status != "lobby":
            what = "was cancelled" if t.status == "aborted" else "is over"
            raise TableError(f"Table {t.id} {what}: nothing was changed. `/table new` opens a new one.",
                             "not_lobby")

    async def _save_lobby(self, t: Table, before: list[Seat], options: dict[str, Any] | None = None) -> None:
        """Store a lobby change, then tell the listeners. When the store refuses, the seats go back to
        ``before`` (taken with :func:`copy_seats` before the change), and the options to ``options`` when
        given (a copy taken before a change of teams), so memory matches the store."""
        updated, t.updated = t.updated, self.clock.now()
        try:
            await self.store.save_table(t.row())
        except StoreError:
            t.seats[:], t.updated = before, updated
            if options is not None:
                t.options = options
            raise
        await self._tell_lobby(t)

    async def join(self, table_id: str, user_id: str, name: str, deck_id: str | None = None, *,
                   seat: int | None = None, team_name: str | None = None, colour: str | None = None) -> Seat:
        """Take the first free seat, with starter deck ``deck_id`` or the user's saved deck ``saved:<id>``
        (which must be legal; it is copied again at start). Refused when seated already, the table is full,
        or the deck is unknown, someone else's, or illegal.

        ``seat`` (0-based): a taken seat to co-manage at a Team Up table (MO-OPT-06, :meth:`_co_manage`); a
        free seat number takes the first free seat (seats fill in joining order). ``team_name``/``colour``:
        the new seat's team at a game with team names (MO-SET-09/10; see :meth:`_set_team_name`), generated
        when left out."""
        t = self.get(table_id)
        async with t.lock:
            self._check_team_names(t.game, team_name, colour)
            self._check_lobby(t)
            if seat is not None and 0 <= seat < len(t.seats):
                return await self._co_manage(t, user_id, name, seat, team_name, colour)
            if t.seat_of(user_id) is not None:
                raise TableError("You are already seated at this table.", "already_seated")
            if seat is not None and not 0 <= seat < t.max_seats:
                raise TableError(f"Table {t.id} has seats 1 to {t.max_seats}, not {seat + 1}. Nothing was changed.",
                                 "bad_seat")
            self._check_series_seats(t)
            if len(t.seats) >= t.max_seats:
                raise TableError(f"The table is full ({t.max_seats} seats).", "full")
            seat = Seat(len(t.seats), user_id, name, deck_id=deck_id or self._default_deck(t.game, len(t.seats)))
            if seat.deck_id and seat.deck_id.startswith(SAVED):
                seat.deck_name, seat.deck = await self._saved_deck(t, user_id, seat.deck_id)
            else:
                self._check_deck_id(t, seat.deck_id)
            before, old = copy_seats(t), dict(t.options)
            t.seats.append(seat)
            self._seat_teams(t)
            try:
                self._set_team_name(t, seat.seat, team_name, colour)
            except TableError:
                t.seats[:], t.options = before, old
                raise
            self._fill_decks(t)
            await self._save_lobby(t, before, old)
            return seat

    async def _co_manage(self, t: Table, user_id: str, name: str, seat: int, team_name: str | None,
                         colour: str | None) -> Seat:
        """``user_id`` joins taken ``seat`` as its co-manager (Team Up, MO-OPT-06): stored in option
        ``co_managers`` (it survives a restart and a rematch); they may answer its decisions and get its DMs.
        Called with ``t.lock`` held in the lobby. :class:`TableError`, nothing changed: the table has no Team
        Up (``seat_taken``), the user is seated already, the seat is a computer's (``forbidden``), a team name
        or colour given (``bad_option``: the seat keeps its team)."""
        target = t.seats[seat]
        if not t.teamup:
            free = "" if len(t.seats) >= t.max_seats else " Join a free seat instead (leave seat out)."
            raise TableError(f"Seat {seat + 1} is taken by {target.name}. Only a table opened with Team Up "
                             f"(`options:{TEAMUP}=on`) lets several players manage one team.{free} Nothing was "
                             "changed.", "seat_taken")
        if t.seat_of(user_id) is not None:
            raise TableError("You are already seated at this table: leave your seat first to co-manage another. "
                             "Nothing was changed.", "already_seated")
        if target.computer:
            raise TableError(f"Seat {seat + 1} is a computer seat: only a player's seat can be co-managed. Nothing "
                             "was changed.", "forbidden")
        if team_name is not None or colour is not None:
            raise TableError(f"A co-manager joins seat {seat + 1}'s team as it is: leave team_name and colour out "
                             "(any of its managers may change them once seated). Nothing was changed.", "bad_option")
        before, old = copy_seats(t), dict(t.options)
        self._seat_extras(t)
        co = t.options[CO_MANAGERS]
        co[seat] = co[seat] + [[user_id, name]]
        await self._save_lobby(t, before, old)
        return target

    def _renumber(self, t: Table) -> None:
        for i, s in enumerate(t.seats):
            s.seat = i

    async def leave(self, table_id: str, user_id: str) -> None:
        t = self.get(table_id)
        async with t.lock:
            self._check_lobby(t)
            seat = t.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table.", "not_seated")
            before, old = copy_seats(t), dict(t.options)
            co = t.options.get(CO_MANAGERS)
            others = [list(p) for p in co[seat.seat]] if isinstance(co, list) and seat.seat < len(co) else []
            if seat.user_id != user_id or others:  # Team Up (MO-OPT-06): the seat stays with its other managers
                if seat.user_id == user_id:  # its first co-manager takes it over, with a starter deck
                    seat.user_id, seat.name = others[0][0], others[0][1]
                    if seat.deck_id and seat.deck_id.startswith(SAVED):
                        seat.deck_id, seat.deck, seat.deck_name = self._default_deck(t.game, seat.seat), [], None
                        self._fill_decks(t)
                others = [p for p in others if p[0] not in (user_id, seat.user_id)]
                t.options[CO_MANAGERS] = [others if i == seat.seat else x for i, x in enumerate(co)]
                await self._save_lobby(t, before, old)
                return
            t.seats.remove(seat)
            self._seat_teams(t, removed=seat.seat)
            self._renumber(t)
            await self._save_lobby(t, before, old)

    async def add_computer(self, table_id: str, user_id: str) -> Seat:
        t = self.get(table_id)
        async with t.lock:
            self._check_lobby(t)
            if len(t.seats) >= t.max_seats:
                raise TableError(f"The table is full ({t.max_seats} seats).", "full")
            n = sum(1 for s in t.seats if s.computer) + 1
            seat = Seat(len(t.seats), None, f"Computer {n}", computer=True,
                        deck_id=self._default_deck(t.game, len(t.seats)))
            before, old = copy_seats(t), dict(t.options)
            t.seats.append(seat)
            self._seat_teams(t)
            self._fill_decks(t)
            await self._save_lobby(t, before, old)
            return seat

    async def remove_computer(self, table_id: str, user_id: str) -> None:
        t = self.get(table_id)
        async with t.lock:
            self._check_lobby(t)
            comps = [s for s in t.seats if s.computer]
            if not comps:
                raise TableError("There is no computer seat to remove.", "no_computer")
            before, old = copy_seats(t), dict(t.options)
            t.seats.remove(comps[-1])
            self._seat_teams(t, removed=comps[-1].seat)
            self._renumber(t)
            await self._save_lobby(t, before, old)

    def _check_deck_id(self, t: Table, deck_id: str | None) -> None:
        if t.game.has_decks and deck_id not in t.game.starter_decks():
            names = ", ".join(sorted(t.game.starter_decks()))
            raise TableError(f"Unknown deck '{deck_id}'. Starter decks: {names}.", "unknown_deck")

    async def choose_deck(self, table_id: str, user_id: str, deck_id: str, cards: list[str] | None = None,
                          seat: int | None = None) -> None:
        """Choose a starter deck (or, with ``cards``, a saved deck's card list) for the user's own seat,
        or, with ``seat``, for a computer seat (any seated player may)."""
        t = self.get(table_id)
        async with t.lock:
            self._check_lobby(t)
            mine = t.seat_of(user_id)
            if mine is None:
                raise TableError("You are not seated at this table.", "not_seated")
            target = mine
            self._check_series_seats(t)
            if seat is not None:
                if not 0 <= seat < len(t.seats) or not t.seats[seat].computer:
                    raise TableError(f"Seat {seat + 1} is not a computer seat; players choose their own decks.",
                                     "forbidden")
                target = t.seats[seat]
            deck_name = None
            if deck_id.startswith(SAVED):
                if target is not mine:
                    raise TableError("A computer seat plays a starter deck.", "forbidden")
                deck_name, cards = await self._saved_deck(t, user_id, deck_id)
            elif cards is None:
                self._check_deck_id(t, deck_id)
                cards = list(t.game.starter_decks()[deck_id])
            before = copy_seats(t)
            target.deck_id, target.deck, target.deck_name = deck_id, list(cards), deck_name
            await self._save_lobby(t, before)

    async def _saved_deck(self, t: Table, user_id: str, deck_id: str) -> tuple[str, list[str]]:
        """The name and cards of ``user_id``'s saved deck ``saved:<id>`` for this table's game.
        :class:`TableError` when it is missing, not the user's, of another game, or illegal."""
        number = deck_id[len(SAVED):]
        row = await self.store.deck(user_id, int(number)) if number.isdecimal() else None
        if row is None or row.game != t.game.id:
            raise TableError(f"You have no saved {t.game.name} deck with that id; `/deck list` shows yours.",
                             "unknown_deck")
        problems = t.game.validate_deck(row.card_list())
        if problems:
            # The first three rules broken keep the refusal readable; /deck show lists every one.
            detail = "; ".join(f"{p.rule}: {p.message}" for p in problems[:3])
            more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
            raise TableError(f"Your deck '{row.name}' is not legal, so it cannot be brought to a table. "
                             f"`/deck show` lists what to fix: {detail}{more}", "illegal_deck")
        return row.name, row.card_list()

    async def start(self, table_id: str, user_id: str) -> Table:
        """Start the game: checks the seat count and every deck (MX-DCK-06 and the like).

        Everything runs under the table's lock, the status checked first: of several
        Starts pressed at once exactly one starts the game, the others, like every lobby change after
        it, get "The game has started" (code ``not_lobby``) and change nothing."""
        t = self.get(table_id)
        async with t.lock:
            self._check_lobby(t)
            if user_id != t.host_user and t.seat_of(user_id) is None:
                raise TableError("Only a seated player can start the table.", "not_seated")
            if len(t.seats) < t.game.min_seats:
                raise TableError(f"{t.game.name} needs at least {t.game.min_seats} players; "
                                 f"{len(t.seats)} seated. Invite someone or add a computer.", "too_few")
            if len(t.seats) > t.max_seats:  # never reached while every change holds the lock; a guard
                raise TableError(f"The table has {len(t.seats)} seats for {t.max_seats} players; "
                                 "someone must leave first.", "full")
            before, options = copy_seats(t), t.options
            await self._load_prefs(t)  # read now: no await may come between the start and its forced choices
            try:
                state = await self._new_game(t)
            except Exception:
                t.seats[:], t.options = before, options  # a refused start changes nothing
                raise
            t.state, t.status = state, "playing"
            t.static = t.game.static_json(state)
            t.committed = t.snapshot()
            t.updated = self.clock.now()
            intro = self._series_intro(t) + t.game.intro(t.state)
            # Decisions forced at the start are taken before anything can show them (a front's
            # flush may run at any await); they are logged right after the start is stored.
            rows: list[tuple[int, str]] = []
            forced = self._auto(t, rows, t.updated)
            self._set_deadlines(t)
            try:
                await self.store.save_table(t.row(), self._deadline_rows(t))
            except StoreError:
                t.state, t.status, t.committed, t.static = None, "lobby", None, None
                t.deadlines.clear()
                t.round, t.windows, t.passing = None, {}, set()
                t.seats[:], t.options = before, options
                raise
            # Told under the lock, so no choice can be applied (and told) before the intro.
            await self._tell_lobby(t)
            try:
                await self._commit_rows(t, rows, t.version, intro + forced, {}, t.updated)
            except StoreError:
                t.auto_due = True  # the game has started as stored; tick() takes the forced decisions again
                await self._tell_game(t, intro)
                self._schedule(t)
        return t

    async def _new_game(self, t: Table) -> Any:
        """The starting state for ``t``'s seats, with the saved decks copied now (edits made in the lobby
        count, edits after the start do not). :class:`TableError` for a deck that cannot be played."""
        for s in t.seats:
            if s.deck_id and s.deck_id.startswith(SAVED) and s.user_id is not None and self._first_of_series(t):
                try:
                    s.deck_name, s.deck = await self._saved_deck(t, s.user_id, s.deck_id)
                except TableError as exc:
                    raise TableError(f"Seat {s.seat + 1} ({s.name}) cannot start with its deck: {exc.message}",
                                     exc.code) from None
        self._arrange_teams(t)  # seats reordered allies apart: before anything reads seat numbers
        options = await self._start_options(t)
        info = sr.state_of(options)
        if info is not None and int(info.get("game", 1)) == 1:
            options[sr.SERIES] = await self._open_series(t, info)
        setups = [SeatSetup(s.name, list(s.deck)) for s in t.seats]
        try:
            state = t.game.new_game(setups, options, t.seed)
        except RulesError as exc:
            raise TableError(exc.message, "illegal_deck") from None
        t.options = options  # stored with the table: the audit's new_game gets the same inputs
        return state

    async def _start_options(self, t: Table) -> dict[str, Any]:
        """The options ``new_game`` gets. For a game that reads the clock (MZ-WALL-04), read again at
        every start (a rematch too): ``"place"`` the table's ``location`` option, else the server's location
        (``/settings location``), left out when neither is set; ``"profiles"`` ``{"<seat>": profile}`` for
        each human seat whose user declared ``/surroundings``; ``"clock"`` the start instant (epoch seconds).
        :class:`TableError` (``no_place``) for a derived table that has no place at all."""
        options = dict(t.options)
        if not t.game.observes_clock:
            return options
        for key in ("place", "profiles", "clock"):
            options.pop(key, None)
        place = options.get("location") or await self.store.location_of(t.place.partition(":")[0])
        profiles: dict[str, Any] = {}
        for s in t.seats:
            if s.user_id is not None and not s.computer:
                profile = await self.store.surroundings_of(s.user_id)
                if profile is not None:
                    profiles[str(s.seat)] = profile
        if options.get("surroundings") == "derived" and place is None \
                and not any(p.get("place") for p in profiles.values()):
            raise TableError(NO_PLACE, "no_place")
        if place is not None:
            options["place"] = place
        options["profiles"] = profiles
        options["clock"] = self.clock.now()
        return options
