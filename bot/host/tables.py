"""The values of the table service: a hosted :class:`Table` and its seats (:class:`Seat`), a seat's decision
timer (:class:`Deadline`), a user's :class:`PlayPrefs`, the :class:`Listener` a front end implements, the
:class:`TableError` every refusal raises, the table option keys the host sets, and the decision tokens
(:func:`decision_token`, :func:`option_key`) that name a seat's open decision in a button.

Decision tokens: each seat's open decision has a token (``"<seat>.<own choices>.<hash of kind and option
ids>"``) that changes only when that seat's own decision changes: its options change, or the seat itself
decided. Other seats' moves leave it alone, so a button offered with it stays valid while others play.

Owns no behaviour of the service: these are plain values and pure functions of them. May import
:mod:`bot.store` (the row types) and ``games.core``; nothing of :mod:`bot.host`, whose every other module
builds on this one.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.core import teams as tm
from games.core.contract import Decision, Event, Game, Result, View
from games.core.search import LEVELS

from ..store import SeatRow, TableRow

DEFAULT_TIMEOUT = 300.0  # seconds per decision (default 5 minutes)
DEFAULT_RESPONSE = 30.0  # seconds per round of response windows (Decision.window, MEM-GAP-28)
MAX_TIMEOUTS = 3  # consecutive timeouts before a seat is conceded (response windows never count)
TEAMS = "teams"  # table option of a team game: the team number of each seat, in seat order
TEAM_FORMAT = "team_format"  # table option: the format chosen at /table new (``2v2``...), absent when free
CONCEDE = "!concede"  # log entry for a concession (replayed by the audit)
SAVED = "saved:"  # a seat's deck_id for a user's saved deck: ``saved:<deck id>``
TEAM_NAMES = "team_names"  # option of a game with team names: each seat's team name, in seat order (MO-SET-09)
COLOURS = "colours"  # option of a game with team names: each seat's colour, in seat order (MO-SET-10)
CO_MANAGERS = "co_managers"  # option of a Team Up table: per seat, its co-managers' [user id, name] (MO-OPT-06)
TEAMUP = "teamup"  # the game's table option that lets several users manage one seat (MO-OPT-06)
LEVEL = "level"  # option: how the table's computer seats play (games.core.search.LEVELS); absent: easy
PALETTE = tm.TEAM_COLOURS
"""The colours a seat of a game with team names may take (:data:`games.core.teams.TEAM_COLOURS`, MO-SET-10)."""
TEAM_NAME_MAX = 32  # characters of a team name (MO-SET-09)
SLOT = 100
"""A user's DM slot at a table: ``seat`` for the seat's first player, ``seat + SLOT * k`` for its k-th co-manager
(Team Up, MO-OPT-06); the Discord front keeps one private message per slot."""


@dataclass(frozen=True, slots=True)
class TableLimits:
    """How many open tables (in the lobby or playing) Discord places may hold:
    ``per_user`` tables one user hosts on one server, ``per_channel`` tables in one channel (a thread's
    tables count for its parent channel). Only places of the form ``"<guild id>:<channel id>"`` are
    limited: terminal play (``"local"``) never is. Settings ``MAX_TABLES_PER_USER`` and
    ``MAX_TABLES_PER_CHANNEL``."""

    per_user: int = 3
    per_channel: int = 10



class Clock(Protocol):
    def now(self) -> float: ...


class SystemClock:
    """Wall-clock time in seconds."""

    def now(self) -> float:
        return time.time()


class TableError(Exception):
    """A request the host refuses; ``message`` says what was wrong and what would be right."""

    def __init__(self, message: str, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(slots=True)
class Seat:
    """A seat at a table: its player (``user_id``, ``None`` for a computer seat), the deck it brings
    (``deck_id`` and its cards), its consecutive timeouts and its time bank."""

    seat: int
    user_id: str | None
    name: str
    computer: bool = False
    deck_id: str | None = None
    deck: list[str] = field(default_factory=list)
    timeouts: int = 0
    deck_name: str | None = None  # the display name of a saved deck (``deck_id`` is ``saved:<id>``)
    bank: float | None = None  # seconds in its time bank (bot.host.bank); None: full or none

    @property
    def deck_label(self) -> str | None:
        return self.deck_name or self.deck_id


@dataclass(slots=True)
class Deadline:
    """A seat's decision timer: ``deadline`` and ``remind_at`` in epoch seconds. ``token`` is the seat's
    decision token it runs for (other seats' moves do not restart it)."""

    seq: int
    deadline: float
    remind_at: float
    reminded: bool = False
    token: str | None = None
    banked: bool = False  # the timer is the seat's time bank (bot.host.bank), not a fixed limit


@dataclass(frozen=True, slots=True)
class PlayPrefs:
    """A user's play settings, stored per user and set with ``/notify``:

    * ``windows``: a response window (``Decision.window``) arrives as a new, notifying DM like a turn; off (the
      default), the DM is edited in place, which does not notify;
    * ``pass_windows``: the host passes the user's response windows at once with their default, every turn (the
      standing form of the DM button "Pass until my turn", which lasts until the seat's next decision that is not
      a window); off by default;
    * ``stop_aimed``: a window aimed at the user's seat (``Decision.aimed``: an attack or effect aimed at it) is
      asked even while they pass windows (MTG Arena's "always stop when I am attacked or targeted"); on by
      default.

    A stop applies to every window alike, whatever the hand, so passing by a stop tells the others nothing but
    that the player chose it."""

    windows: bool = False
    pass_windows: bool = False
    stop_aimed: bool = True



def option_key(option_id: str) -> str:
    """A short stable key (8 hex digits) naming an option in a custom id: the same option id always gives
    the same key, across versions and restarts."""
    return hashlib.sha1(option_id.encode("utf-8")).hexdigest()[:8]


def decision_signature(decision: Decision) -> str:
    """6 hex digits naming what a decision offers: its kind and option ids (not its labels or prompt)."""
    text = "\x1f".join([decision.kind, *(o.id for o in decision.options)])
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]


def decision_token(t: Table, seat: int) -> str | None:
    """``seat``'s decision token at table ``t`` (``"<seat>.<own choices>.<signature>"``, at most ~20
    characters), or ``None`` when it has no open decision. It changes only when the seat's own decision
    changes: its kind or options, or the seat made a choice."""
    if t.state is None or t.status != "playing":
        return None
    decision = next((d for d in t.game.decisions(t.state) if d.seat == seat), None)
    return None if decision is None else token_for(t, decision)


def token_for(t: Table, decision: Decision) -> str:
    """The token of ``decision`` (an open decision of ``decision.seat`` at ``t``), as :func:`decision_token`
    gives for the current one; renderers use it so a component's token and option keys come from one
    decision."""
    return f"{decision.seat}.{t.acts.get(decision.seat, 0)}.{decision_signature(decision)}"


@dataclass(eq=False)
class Table:
    """A hosted table. ``state`` is the live game state (``None`` in the lobby); ``committed`` the last
    stored snapshot (``Game.snapshot`` text, or a whole ``to_json`` text when ``static`` is ``None``), taken
    after ``snap_seq`` choices; ``static`` the ``Game.static_json`` stored once when the game started;
    ``tail`` the ``(seat, choice)`` committed since (a snapshot may lag behind the log by up to
    :data:`~bot.host.play.SNAPSHOT_EVERY` computer choices; the committed state is the snapshot with ``tail`` applied)."""

    id: str
    game: Game
    place: str
    host_user: str
    status: str
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    created: float
    updated: float
    state: Any = None
    committed: str | None = None
    static: str | None = None
    deadlines: dict[int, Deadline] = field(default_factory=dict)
    seq: int = 0  # number of choices in the stored log
    snap_seq: int = 0  # number of choices the stored snapshot includes (<= seq)
    tail: list[tuple[int, str, float]] = field(default_factory=list)  # (seat, choice, at) logged after the snapshot
    last: tuple[int, int, str] | None = None  # (version, seat, choice) of the last applied choice
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    paused: float | None = None  # epoch seconds since which a playing table is paused
    pause_reason: str | None = None
    out: set[int] = field(default_factory=set)  # seats already told they are out
    acts: dict[int, int] = field(default_factory=dict)  # seat -> choices it made (its own, timeouts too)
    last_choice: dict[int, str] = field(default_factory=dict)  # seat -> its last applied choice
    # Response windows (see bot.host.auto): the deadline of the round of response windows under way, the
    # default of each seat's open window, and the seats that pass windows until their turn.
    round: float | None = None
    round_over: bool = False  # a window of the round under way timed out: the round's other windows pass at once
    windows: dict[int, str] = field(default_factory=dict)
    passing: set[int] = field(default_factory=set)
    auto_due: bool = False  # an automatic choice may be pending (after a restart or a refused store): tick() tries
    released: bool = False  # another process owns the table now (bot.host.owner): nothing more is applied here

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.game.version(self.state)

    @property
    def timeout(self) -> float:
        return float(self.options.get("timeout", DEFAULT_TIMEOUT))

    @property
    def level(self) -> str:
        """How the table's computer seats play: ``easy``, ``normal`` or ``hard`` (option ``"level"``)."""
        return str(self.options.get(LEVEL, "easy"))

    @property
    def response(self) -> float:
        """Seconds a response window (``Decision.window``, MEM-GAP-28) may stay open: option ``response``
        (default :data:`DEFAULT_RESPONSE`), never more than :attr:`timeout`."""
        return min(float(self.options.get("response", DEFAULT_RESPONSE)), self.timeout)

    def deck_title(self, seat: int) -> str | None:
        """The name of the deck ``seat`` brings, as players read it: a saved deck's name, a
        starter deck's display name (``Game.starter_names``), never its id; ``None`` when it brings none."""
        s = self.seats[seat]
        if s.deck_name or not s.deck_id:
            return s.deck_name or None
        return self.game.starter_names().get(s.deck_id, s.deck_id) if self.game.has_decks else s.deck_id

    @property
    def team_count(self) -> int:
        """How many teams a team game's lobby offers: its format's (``2v2``: two), else one per
        seat (free teams)."""
        fmt = self.options.get(TEAM_FORMAT)
        if isinstance(fmt, str):
            try:
                return len(tm.format_sizes(fmt, self.max_seats))
            except ValueError:
                pass
        return self.max_seats

    def team_of(self, seat: int) -> str | None:
        """The letter of ``seat``'s team at a team game (``Game.has_teams``), else ``None``."""
        teams = self.options.get(TEAMS)
        if not self.game.has_teams or not isinstance(teams, list) or not 0 <= seat < len(teams):
            return None
        return tm.letter(int(teams[seat]))

    @property
    def game_options(self) -> dict[str, Any]:
        """This table's values of its game's table options (``Game.table_options``): only those that
        differ from the default, as ``new_game`` gets them."""
        return {o.key: self.options[o.key] for o in self.game.table_options if o.key in self.options}

    @property
    def max_seats(self) -> int:
        return int(self.options.get("seats", self.game.seat_limit(self.game_options)))

    @property
    def teamup(self) -> bool:
        """Whether several users may manage one seat here (the game's table option ``teamup``, MO-OPT-06)."""
        return any(o.key == TEAMUP for o in self.game.table_options) and self.options.get(TEAMUP) is True

    def managers(self, seat: int) -> list[str]:
        """The users attached to ``seat``: its player first, then its co-managers (Team Up, MO-OPT-06) in the
        order they joined; empty for a computer seat."""
        s = self.seats[seat]
        users = [s.user_id] if s.user_id and not s.computer else []
        co = self.options.get(CO_MANAGERS)
        if users and isinstance(co, list) and seat < len(co):
            users += [str(u) for u, _name in co[seat]]
        return users

    def slots(self) -> list[tuple[int, str]]:
        """``(slot, user id)`` of every user seated here (co-managers too), in seat order; a slot is
        ``seat + SLOT * k`` for the seat's k-th user (:data:`SLOT`)."""
        return [(s.seat + SLOT * k, u) for s in self.seats for k, u in enumerate(self.managers(s.seat))]

    def slot_of(self, user_id: str) -> int | None:
        """The DM slot of ``user_id`` (:meth:`slots`), or ``None`` when they are not seated."""
        return next((slot for slot, u in self.slots() if u == user_id), None)

    def slot_user(self, slot: int) -> str | None:
        """The user of DM slot ``slot``, or ``None`` when there is none."""
        seat, k = slot % SLOT, slot // SLOT
        users = self.managers(seat) if 0 <= seat < len(self.seats) else []
        return users[k] if k < len(users) else None

    def answers_for(self, seat: int) -> int:
        """The seat whose decisions ``seat``'s users answer and whose private view they get: the game's
        ``managed_by`` once the game is on (a merged team's player co-manages the acquiring team, MO-OPT-08),
        else ``seat``."""
        return seat if self.state is None else self.game.managed_by(self.state, seat)

    def deciders(self, seat: int) -> list[str]:
        """Every user who may answer ``seat``'s decisions: its own users while it manages itself, and the users
        of every seat managed by it (Team Up, MO-OPT-06; a merger, MO-OPT-08)."""
        return [u for s in self.seats if self.answers_for(s.seat) == seat for u in self.managers(s.seat)]

    @property
    def stealth(self) -> bool:
        """Whether this table's game plays with Stealth (option ``stealth``, default on; MEM-STL-11)."""
        return self.game.has_stealth and self.options.get("stealth", True) is not False

    @property
    def pictures(self) -> bool:
        """Whether this table's board may carry a picture (option ``pictures``, default on)."""
        return self.options.get("pictures", True) is not False

    def seat_of(self, user_id: str) -> Seat | None:
        """The seat ``user_id`` plays, as its player or one of its co-managers (Team Up, MO-OPT-06)."""
        for s in self.seats:
            if s.user_id == user_id and not s.computer:
                return s
        co = self.options.get(CO_MANAGERS)
        for seat, users in enumerate(co if isinstance(co, list) else []):
            if seat < len(self.seats) and any(u == user_id for u, _name in users):
                return self.seats[seat]
        return None

    def team_name(self, seat: int) -> str | None:
        """``seat``'s team name at a game with team names (MO-SET-09), else ``None``."""
        names = self.options.get(TEAM_NAMES)
        return str(names[seat]) if self.game.has_team_names and isinstance(names, list) and seat < len(names) else None

    def colour(self, seat: int) -> str | None:
        """``seat``'s colour at a game with team names (MO-SET-10), else ``None``."""
        colours = self.options.get(COLOURS)
        return str(colours[seat]) if self.game.has_team_names and isinstance(colours, list) and seat < len(colours) \
            else None

    def snapshot(self) -> str:
        """The text to store for the live state: ``Game.snapshot`` when the table's static part is
        stored, else (a game started before migration 8) the whole ``Game.to_json``, as its row holds."""
        if self.static is None:
            return self.game.to_json(self.state)
        return self.game.snapshot(self.state)

    def row(self) -> TableRow:
        return TableRow(self.id, self.game.id, self.place, self.host_user, self.status, self.options, self.seed,
                        self.created, self.updated,
                        [SeatRow(s.seat, s.user_id, s.name, s.computer, s.deck_id, s.deck, s.timeouts, s.deck_name,
                                 s.bank) for s in self.seats],
                        self.committed, self.snap_seq, paused=self.paused, pause_reason=self.pause_reason,
                        static=self.static)


class Listener:
    """What the host tells a front end. Override what you render; every method is a no-op here."""

    async def lobby_changed(self, table: Table) -> None:
        """Seats, decks or status of a table in the lobby changed (also: started, aborted)."""

    async def game_changed(self, table: Table, events: list[Event], views: dict[int | None, View]) -> None:
        """A choice was applied: ``events`` with their audiences, ``views[None]`` the public board and
        ``views[seat]`` each human seat's private view with its open decisions, and the view of every seat a
        human seat answers for (``Table.answers_for``, a merger, MO-OPT-08)."""

    async def reminder(self, table: Table, seat: int, decision: Decision, deadline: float) -> None:
        """Half of ``seat``'s decision time has passed."""

    async def finished(self, table: Table, result: Result | None, reason: str) -> None:
        """The table ended: ``result`` for a finished game, ``None`` when aborted."""

    async def paused(self, table: Table, reason: str) -> None:
        """The table was paused (:meth:`TableService.pause`): its timers and computers stand still."""

    async def resumed(self, table: Table) -> None:
        """A paused table continues at ``table.place``, its deadlines moved on by the paused time."""

    async def series_next(self, old: Table, new: Table) -> None:
        """The next game of ``old``'s series opened as ``new`` (in its lobby: the Casters may swap Pages with
        their Archives, MZ-BOOK-06, then start it; a table without human players starts at once)."""

    async def seat_out(self, table: Table, seat: int) -> None:
        """Human ``seat`` is out of the game for good (``Game.out_seats``: conceded, removed) while the game
        goes on; told once per seat and table, after the choice that put it out."""

    async def released(self, table: Table) -> None:
        """Another process of the bot owns ``table`` now (:meth:`TableService.release`): forget what is kept
        of it here; the table goes on there."""



def copy_seats(t: Table) -> list[Seat]:
    """The seats as they are now, to restore when a lobby change cannot be stored."""
    return [dataclasses.replace(s, deck=list(s.deck)) for s in t.seats]


def computer_choice(game: Game, state: Any, decision: Decision, seed: int) -> str:
    """An ``easy`` computer seat's choice: the game's heuristic player, seeded from (table seed, version), so a
    game replays identically after a restart. A searching computer decides in :mod:`bot.host.think`."""
    player = game.computer(computer_seed(game, state, seed))
    return player(decision, game.view(state, decision.seat))


def computer_seed(game: Game, state: Any, seed: int) -> int:
    """The seed of a computer's choice in ``state`` at a table seeded ``seed``."""
    return seed * 1_000_003 + game.version(state)


def check_level(level: str | None) -> str:
    """``level`` as a computer level (``None``: ``easy``), lower-cased. Raises :class:`TableError`
    (``bad_option``) naming the levels for another word."""
    word = (level or "easy").strip().lower()
    if word not in LEVELS:
        raise TableError(f"Unknown computer level {level!r}: choose easy (quick, plays by rules of thumb), normal "
                         "(thinks about a third of a second) or hard (thinks about two seconds). Nothing was changed.",
                         "bad_option")
    return word


def replay_one(game: Game, state: Any, seat: int, choice: str, at: float) -> None:
    """Apply one logged choice again (a concession is logged as :data:`CONCEDE`); a game that reads the clock
    first observes ``at``, the instant logged with the choice, so the replay reads the same clock."""
    if game.observes_clock:
        game.observe(state, at)
    if choice == CONCEDE:
        game.concede(state, seat)
    else:
        game.apply(state, seat, choice)


MOVED = ("Table {id} is now hosted by another process of this bot; nothing was changed here. Try again in a "
         "moment.")
"""The refusal of a choice that waited for a table this process no longer owns (:meth:`TableService.release`)."""


def paused_text(t: Table) -> str:
    """The refusal of a choice at paused table ``t``: why it is paused and how its host continues it."""
    why = f" ({t.pause_reason})" if t.pause_reason else ""
    return (f"Table {t.id} is paused{why}; nothing was changed. Its host can continue it with "
            f"`/table resume table:{t.id}` in another channel.")
