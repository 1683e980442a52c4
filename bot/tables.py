"""The table service: the transport-agnostic host between the games and the people (DESIGN.md, The host).

A table's life is lobby → playing → finished or aborted. The Discord shell and the terminal both call
this service; neither holds game logic, and neither reads game state: the service tells them what
changed through a :class:`Listener` (boards, private views, log lines with their audience, reminders,
results).

Every choice (a player's, a computer's, a timeout's default, a concession) is committed to the store —
log row, deadlines, result and stats, and the snapshot when one is due, in one transaction — before any
listener is told. The log row is the durable record: between computers a snapshot is stored only every
:data:`SNAPSHOT_EVERY` choices (issue 14), and loading applies the choices logged after it. If the store
refuses, the in-memory state is restored to the committed one (last snapshot plus the choices logged after
it) and the player gets a :class:`TableError`; the table stays playable.

Identity: users are strings (a Discord user id, or ``"local"``). Only the user seated in a seat may act
for it, only on its current decision; a repeated or stale submission changes nothing and says so.

Decision tokens (issue 13 §3): each seat's open decision has a token (:func:`decision_token`,
``"<seat>.<own choices>.<hash of kind and option ids>"``) that changes only when that seat's own decision
changes: its options change, or the seat itself decided. Other seats' moves leave it alone, so a button
offered with it stays valid while others play. :meth:`TableService.act_option` applies an option named by
its short stable key (:func:`option_key`): with an outdated token the option is still applied when the seat
has not decided since and it is still offered; a token the seat already answered is "already decided".
The terminal keeps using :meth:`TableService.act` against the game version.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
import random
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games import get_game
from games.core import teams as tm
from games.core.contract import Decision, Event, Game, Result, RulesError, SeatSetup, TableOption, View

from . import clockbank as cb
from . import series as sr
from .store import SeatRow, Store, StoreError, TableRow

log = logging.getLogger("metahost.tables")

DEFAULT_TIMEOUT = 300.0  # seconds per decision (issue 3: default 5 minutes)
DEFAULT_RESPONSE = 30.0  # seconds per round of response windows (Decision.window, MEM-GAP-28, issue 27 §2)
MAX_TIMEOUTS = 3  # consecutive timeouts before a seat is conceded (response windows never count)
TEAMS = "teams"  # table option of a team game: the team number of each seat, in seat order (issue 17 item 4)
TEAM_FORMAT = "team_format"  # table option: the format chosen at /table new (``2v2``...), absent when free
CONCEDE = "!concede"  # log entry for a concession (replayed by the audit)
COMPUTER_JITTER = 0.25  # a computer's pause is computer_delay times 1 ± this, so tables do not act in lock-step
# Computer moves being decided or stored at once; more wait their turn (issue 14). Measured with bench_host at
# 50 saturated tables: 8 gave act p99 4.3–6 ms, 4 gave 2.2–4 ms at 3,100–3,300 actions/s, 2 lost a quarter of those.
COMPUTER_SLOTS = 4
SNAPSHOT_EVERY = 32  # at most this many choices of computers in a row are stored without a new snapshot
SAVED = "saved:"  # a seat's deck_id for a user's saved deck: ``saved:<deck id>``
SURROUNDINGS = ("virtual", "derived", "declared")
"""The table option ``surroundings`` of a game that reads the clock (issue 16 item 2, MZ-WALL-04): how its
4th Wall effects are settled. ``virtual`` (default): only Pages count; ``derived``: the real sky at the
location and each Caster's ``/surroundings`` profile; ``declared``: the affected Caster confirms."""
TEAM_NAMES = "team_names"  # option of a game with team names: each seat's team name, in seat order (MO-SET-09)
COLOURS = "colours"  # option of a game with team names: each seat's colour, in seat order (MO-SET-10)
CO_MANAGERS = "co_managers"  # option of a Team Up table: per seat, its co-managers' [user id, name] (MO-OPT-06)
TEAMUP = "teamup"  # the game's table option that lets several users manage one seat (MO-OPT-06)
PALETTE = tm.TEAM_COLOURS
"""The colours a seat of a game with team names may take (:data:`games.core.teams.TEAM_COLOURS`, MO-SET-10)."""
TEAM_NAME_MAX = 32  # characters of a team name (MO-SET-09)
SLOT = 100
"""A user's DM slot at a table: ``seat`` for the seat's first player, ``seat + SLOT * k`` for its k-th co-manager
(Team Up, MO-OPT-06); the Discord front keeps one private message per slot."""
HOST_OPTIONS = frozenset({"seats", "timeout", "response", cb.BANK, sr.SERIES, TEAMS, TEAM_FORMAT, "pictures", "stealth", "surroundings",
                          "location", "place", "profiles", "clock", TEAM_NAMES, COLOURS, CO_MANAGERS})
"""Option keys the host itself sets: a game's :class:`~games.core.values.TableOption` must not use them."""
NO_PLACE = ("This table's surroundings are derived from the real sky, so it needs a place: a server admin can "
            "set one with `/settings location`, or each player with `/surroundings` (place:). Or open the "
            "table with surroundings: virtual or declared.")


@dataclass(frozen=True, slots=True)
class TableLimits:
    """How many open tables (in the lobby or playing) Discord places may hold (issue 12 §3):
    ``per_user`` tables one user hosts on one server, ``per_channel`` tables in one channel (a thread's
    tables count for its parent channel). Only places of the form ``"<guild id>:<channel id>"`` are
    limited: terminal play (``"local"``) never is. Settings ``MAX_TABLES_PER_USER`` and
    ``MAX_TABLES_PER_CHANNEL``."""

    per_user: int = 3
    per_channel: int = 10


LIMIT_LISTED = 5  # tables named in a limit refusal; more are counted, so the message stays short


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
    seat: int
    user_id: str | None
    name: str
    computer: bool = False
    deck_id: str | None = None
    deck: list[str] = field(default_factory=list)
    timeouts: int = 0
    deck_name: str | None = None  # the display name of a saved deck (``deck_id`` is ``saved:<id>``)
    bank: float | None = None  # seconds in its time bank (issue 27 §4, bot.clockbank); None: full or none

    @property
    def deck_label(self) -> str | None:
        return self.deck_name or self.deck_id


@dataclass(slots=True)
class Deadline:
    """A seat's decision timer: ``deadline`` and ``remind_at`` in epoch seconds. ``token`` is the seat's
    decision token it runs for (issue 13 §3: other seats' moves no longer restart it)."""

    seq: int
    deadline: float
    remind_at: float
    reminded: bool = False
    token: str | None = None
    banked: bool = False  # the timer is the seat's time bank (issue 27 §4, bot.clockbank), not a fixed limit


@dataclass(frozen=True, slots=True)
class PlayPrefs:
    """A user's play settings (issue 27 §2, §3), stored per user and set with ``/notify``:

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


AUTO_MAX = 10_000  # automatic choices at most in one commit: a guard against a game that forces forever


def option_key(option_id: str) -> str:
    """A short stable key (8 hex digits) naming an option in a custom id: the same option id always gives
    the same key, across versions and restarts (issue 13 §3)."""
    return hashlib.sha1(option_id.encode("utf-8")).hexdigest()[:8]


def decision_signature(decision: Decision) -> str:
    """6 hex digits naming what a decision offers: its kind and option ids (not its labels or prompt)."""
    text = "\x1f".join([decision.kind, *(o.id for o in decision.options)])
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]


def decision_token(t: Table, seat: int) -> str | None:
    """``seat``'s decision token at table ``t`` (``"<seat>.<own choices>.<signature>"``, at most ~20
    characters), or ``None`` when it has no open decision. It changes only when the seat's own decision
    changes: its kind or options, or the seat made a choice (issue 13 §3)."""
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
    ``tail`` the ``(seat, choice)`` committed since (issue 14: a snapshot may lag behind the log by up to
    :data:`SNAPSHOT_EVERY` computer choices; the committed state is the snapshot with ``tail`` applied)."""

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
    paused: float | None = None  # epoch seconds since which a playing table is paused (issue 12 §4)
    pause_reason: str | None = None
    out: set[int] = field(default_factory=set)  # seats already told they are out (issue 13 §7)
    acts: dict[int, int] = field(default_factory=dict)  # seat -> choices it made (its own, timeouts too)
    last_choice: dict[int, str] = field(default_factory=dict)  # seat -> its last applied choice
    # issue 27 §2, §3 (see TableService._auto): the deadline of the round of response windows under way, the
    # default of each seat's open window, and the seats that pass windows until their turn.
    round: float | None = None
    round_over: bool = False  # a window of the round under way timed out: the round's other windows pass at once
    windows: dict[int, str] = field(default_factory=dict)
    passing: set[int] = field(default_factory=set)
    auto_due: bool = False  # an automatic choice may be pending (after a restart or a refused store): tick() tries

    @property
    def version(self) -> int:
        return 0 if self.state is None else self.game.version(self.state)

    @property
    def timeout(self) -> float:
        return float(self.options.get("timeout", DEFAULT_TIMEOUT))

    @property
    def response(self) -> float:
        """Seconds a response window (``Decision.window``, MEM-GAP-28) may stay open: option ``response``
        (default :data:`DEFAULT_RESPONSE`), never more than :attr:`timeout`."""
        return min(float(self.options.get("response", DEFAULT_RESPONSE)), self.timeout)

    def deck_title(self, seat: int) -> str | None:
        """The name of the deck ``seat`` brings, as players read it (issue 27 §13): a saved deck's name, a
        starter deck's display name (``Game.starter_names``), never its id; ``None`` when it brings none."""
        s = self.seats[seat]
        if s.deck_name or not s.deck_id:
            return s.deck_name or None
        return self.game.starter_names().get(s.deck_id, s.deck_id) if self.game.has_decks else s.deck_id

    @property
    def team_count(self) -> int:
        """How many teams a team game's lobby offers (issue 27 §13): its format's (``2v2``: two), else one per
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
        """This table's values of its game's table options (``Game.table_options``, issue 18): only those that
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
        """Whether this table's board may carry a picture (option ``pictures``, default on; issue 15 §3)."""
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
        """The text to store for the live state (issue 14): ``Game.snapshot`` when the table's static part is
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
        goes on; told once per seat and table (issue 13 §7), after the choice that put it out."""


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


def _copy_seats(t: Table) -> list[Seat]:
    """The seats as they are now, to restore when a lobby change cannot be stored."""
    return [dataclasses.replace(s, deck=list(s.deck)) for s in t.seats]


def computer_choice(game: Game, state: Any, decision: Decision, seed: int) -> str:
    """A computer seat's choice: the game's computer player, seeded from (table seed, version), so a
    game replays identically after a restart."""
    player = game.computer(seed * 1_000_003 + game.version(state))
    return player(decision, game.view(state, decision.seat))


def _replay_one(game: Game, state: Any, seat: int, choice: str, at: float) -> None:
    """Apply one logged choice again (a concession is logged as :data:`CONCEDE`); a game that reads the clock
    first observes ``at``, the instant logged with the choice (issue 16), so the replay reads the same clock."""
    if game.observes_clock:
        game.observe(state, at)
    if choice == CONCEDE:
        game.concede(state, seat)
    else:
        game.apply(state, seat, choice)


def _paused_text(t: Table) -> str:
    why = f" ({t.pause_reason})" if t.pause_reason else ""
    return (f"Table {t.id} is paused{why}; nothing was changed. Its host can continue it with "
            f"`/table resume table:{t.id}` in another channel.")


def option_word(option: TableOption, value: Any) -> str:
    """The ``key=value`` word standing for ``value`` of ``option`` (``gambling=on``, ``bestof=5``)."""
    if option.kind == "bool":
        return f"{option.key}={'on' if value else 'off'}"
    return f"{option.key}={value}"


def options_help(game: Game) -> str:
    """``game``'s table options (issue 18), one line each: ``key=on|off`` (its values), its default and its
    help; empty when it takes none."""
    lines = []
    for o in game.table_options:
        values = "on|off" if o.kind == "bool" else "|".join(str(c) for c in o.choices)
        default = option_word(o, o.default).partition("=")[2]
        lines.append(f"`{o.key}={values}` (default {default}): {o.help}")
    return "\n".join(lines)


def options_text(game: Game, values: dict[str, Any]) -> str:
    """The chosen table options, briefly, for a lobby or board footer (``gambling=on bestof=5``); empty for
    none."""
    return " ".join(option_word(o, values[o.key]) for o in game.table_options if o.key in values)


def _words(words: str | Sequence[str] | None) -> list[str]:
    texts = [words] if isinstance(words, str) else list(words or [])
    return [w for text in texts for w in re.split(r"[\s,]+", text.strip()) if w]


def bank_words(words: str | Sequence[str] | None) -> tuple[float, float] | None | bool:
    """The time bank (issue 27 §4, :mod:`bot.clockbank`) that the ``bank=…`` words among a table's option words
    choose: ``(start, add)`` seconds, ``None`` for ``bank=off``, ``False`` when no word names it.
    :class:`TableError` (``bad_option``) for a value :func:`bot.clockbank.parse_bank` refuses."""
    try:
        return cb.from_words(_words(words))
    except ValueError as exc:
        raise TableError(f"Table options: {exc}. Nothing was changed.", "bad_option") from None


def parse_table_options(game: Game, words: str | Sequence[str] | None) -> dict[str, Any]:
    """The values ``words`` give ``game``'s table options (``Game.table_options``, issue 18): ``words`` is
    ``"gambling=on bestof=5"`` (words apart by spaces or commas) or a list of such texts (the CLI's repeated
    ``--option``); the host's ``bank=…`` word (a time bank at any game, issue 27 §4) is checked
    (:func:`bank_words`) and left out; each value is read by its option's
    :meth:`~games.core.values.TableOption.parse`. Returns only the values that differ from the option's default. :class:`TableError` (``bad_option``) saying what was
    wrong and listing the game's options with their values and help: options for a game that takes none, a
    word that is not ``key=value``, a key the game does not have or given twice, a value the option refuses."""
    parts = _words(words)
    bank_words(parts)  # issue 27 §4: ``bank=10m+20s`` is the host's option at every game, checked here too
    parts = [w for w in parts if not cb.is_bank_word(w)]
    if not parts:
        return {}
    if not game.table_options:
        raise TableError(f"{game.name} takes no table options, so {' '.join(parts)!r} does not apply: leave the "
                         "options out. Nothing was changed.", "bad_option")
    declared = {o.key: o for o in game.table_options}
    values: dict[str, Any] = {}
    for word in parts:
        key, eq, text = word.partition("=")
        key = key.strip().lower()
        option = declared.get(key)
        if not eq:
            what = f"{word!r} is not key=value"
        elif option is None:
            what = f"{game.name} has no option {key!r}"
        elif key in values:
            what = f"option {key} is given twice"
        else:
            try:
                values[key] = option.parse(text)
                continue
            except ValueError as exc:
                what = str(exc)
        raise TableError(f"Table options: {what}. Nothing was changed. {game.name} takes these options "
                         f"(`key=value`, apart by spaces):\n{options_help(game)}", "bad_option")
    return {k: v for k, v in values.items() if v != declared[k].default}


class TableService:
    """Hosts tables. Create with :meth:`open` (loads every active table from the store)."""

    def __init__(self, store: Store, clock: Clock | None = None, computer_delay: float = 1.0,
                 new_id: Callable[[], str] | None = None, limits: TableLimits | None = None,
                 computer_slots: int = COMPUTER_SLOTS, new_seed: Callable[[], int] | None = None):
        """``computer_delay``: seconds a computer seat pauses before each move (jittered, see
        :meth:`_computers`); ``computer_slots``: computer moves decided or being stored at once across all
        tables (issue 14), at least 1; ``new_seed``: the seed of a table created without one (a rematch, the
        next game of a series), unpredictable by default (tests pass a fixed sequence)."""
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
        # Computers take turns (issue 14): with every table's computers acting at once, a committed choice
        # would resume behind all their work; a few at a time keep each act short, people's acts too.
        self._computer_slots = asyncio.Semaphore(max(1, computer_slots))
        self._votes: dict[str, list[str]] = {}  # finished table -> users who asked for its rematch
        self._rematched: dict[str, str] = {}  # finished table -> its rematch table
        self.prefs: dict[str, PlayPrefs] = {}  # user -> play settings (issue 27 §2, §3), cached from the store

    @classmethod
    async def open(cls, store: Store, **kwargs) -> TableService:
        svc = cls(store, **kwargs)
        await svc.load()
        return svc

    # -- loading

    async def load(self) -> int:
        """Load every table in lobby or play from its snapshot; returns how many were loaded."""
        rows = await self.store.load_tables()
        for row in rows:
            self.tables[row.id] = self._from_row(row)
        playing = [t for t in self.tables.values() if t.status == "playing"]
        logs = await self.store.log_summaries([t.id for t in playing])
        for t in playing:
            log = logs[t.id]
            self._catch_up(t, log.tail)
            t.acts, t.last_choice = log.acts, log.last_choice
            for seat, dl in t.deadlines.items():
                dl.token = decision_token(t, seat)
            cb.mark_loaded(t)  # issue 27 §4: which loaded timers are time banks
            self._restore_round(t)
            await self._load_prefs(t)
            t.auto_due = True  # a forced decision left open (a table stored before issue 27) is taken at tick()
            self._schedule(t)
        return len(rows)

    @staticmethod
    def _catch_up(t: Table, tail: list[tuple[int, int, str, float]]) -> None:
        """Apply to ``t``'s snapshot state the logged choices ``[(seq, seat, choice, at)]`` stored after it
        (issue 14: a snapshot may lag behind the log; ``at`` the logged instant, issue 16); then ``t.seq``
        counts the whole log."""
        for _seq, seat, choice, at in tail:
            _replay_one(t.game, t.state, seat, choice, at)
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
            raise TableError(f"There is no open table '{table_id}'. `/table list` shows the open tables here.",
                             "unknown_table")
        return t

    async def lookup(self, table_id: str) -> Table:
        """Any table by id: an open one, else a finished or cancelled one loaded from the store (not kept
        open: it is read-only; issue 13 §8). :class:`TableError` (``unknown_table``) when none has that id."""
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

    def tables_in(self, place: str) -> list[Table]:
        return [t for t in self.tables.values() if t.place == place]

    # -- lobby

    async def create(self, game_id: str, place: str, user_id: str, name: str, *, seats: int | None = None,
                     timeout: float | None = None, seed: int | None = None, computer: bool = False,
                     pictures: bool = True, surroundings: str | None = None,
                     location: dict[str, Any] | None = None, series: int | None = None,
                     response: float | None = None, teams: str | None = None,
                     stealth: bool | None = None, table_options: str | Sequence[str] | None = None,
                     team_name: str | None = None, colour: str | None = None,
                     bank: str | Sequence[float] | None = None) -> Table:
        """A new table in the lobby, with its creator in seat 0 (``computer``: seat 0 is a computer seat
        that ``user_id`` hosts without playing, for demonstrations and tests; ``pictures`` False: its board
        shows no picture, issue 15 §3, kept in the options so a rematch keeps it).

        For a game that reads the clock (``Game.observes_clock``, issue 16 item 2): ``surroundings`` one of
        :data:`SURROUNDINGS` (default ``virtual``), stored as option ``"surroundings"``; ``location`` the
        table's own place (``games.metazoo.sky.Place.to_json()`` data, terminal play's ``--place``), stored
        as option ``"location"`` and used instead of the server's location. Raises :class:`TableError`
        for an unknown game, a seat count the game does not allow, a surroundings mode that is unknown or
        given for a game that does not read the clock (``bad_option``), a ``series`` length the game does not
        offer (``bad_option``; MetaZoo plays series of 1, 3 or 5 games, MZ-GAP-75, stored as option
        ``"series"``, :mod:`bot.series`), or a full server or channel
        (:class:`TableLimits`, code ``too_many_tables``); a refused create stores nothing.

        ``response``: seconds of a response window (``Decision.window``, MEM-GAP-28; 10–86400, stored as option
        ``"response"``; default :data:`DEFAULT_RESPONSE`). ``teams``: for a game with teams
        (``Game.has_teams``, issue 17 item 4) a format of :func:`games.core.teams.format_sizes` (``"2v2"``,
        ``"1v3"``, ``"ffa"``…), stored as option ``"team_format"``; without ``seats`` the format sets the
        seat count. A team game's seats carry their team in option ``"teams"`` (:meth:`choose_team`).
        ``bad_option`` for teams given to a game without teams or a format that does not fit the seats.

        ``stealth``: for a game with Stealth (``Game.has_stealth``, Memesis' MEM-STL-11) ``False`` plays without
        it, stored as option ``"stealth"`` (only when off, so ``new_game`` gets ``options["stealth"] = False``;
        a rematch keeps it); ``True`` or ``None`` is the game's default. ``bad_option`` when given to a game
        without Stealth.

        ``table_options``: ``key=value`` words for the game's own table options (``Game.table_options``, issue 18;
        :func:`parse_table_options`, whose refusals are ``bad_option``); the values that differ from the default
        are stored under their keys in the options (a rematch keeps them) and set the seat limit
        (``Game.seat_limit``). ``team_name`` and ``colour``: the creator's team at a game with team names
        (``Game.has_team_names``, MO-SET-09/10; defaults generated, see :meth:`join`).

        ``bank``: a chess-clock time bank per seat instead of a fixed limit per decision (issue 27 §4,
        :mod:`bot.clockbank`): words as :func:`bot.clockbank.parse_bank` reads them (``"on"``, ``"10m+20s"``) or
        ``[start, add]`` seconds; a ``bank=…`` word among ``table_options`` counts too (and wins). Stored as option
        ``"bank"`` (``[start, add]``); ``bad_option`` for a value it refuses."""
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
                await self.store.save_table(t.row())
                self.tables[t.id] = t
        else:
            await self.store.save_table(t.row())
            self.tables[t.id] = t
        await self._tell_lobby(t)
        return t

    @staticmethod
    def _bank_choice(bank: str | Sequence[float] | None, words: str | Sequence[str] | None
                     ) -> tuple[float, float] | None:
        """The time bank :meth:`create` stores (issue 27 §4): a ``bank=…`` word of the table options, else
        ``bank``; :class:`TableError` (``bad_option``) for a value :func:`bot.clockbank.parse_bank` refuses."""
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
        ``limits.per_channel``; the refusal names the tables to finish or cancel (issue 12 §3)."""
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
        so a Start that won the lock before is seen (issue 12 §2: exactly one start)."""
        if t.status == "playing":
            raise TableError(f"The game has started at table {t.id}: the lobby is closed and nothing was "
                             "changed. Follow the game on its board.", "not_lobby")
        if t.status != "lobby":
            what = "was cancelled" if t.status == "aborted" else "is over"
            raise TableError(f"Table {t.id} {what}: nothing was changed. `/table new` opens a new one.",
                             "not_lobby")

    async def _save_lobby(self, t: Table, before: list[Seat], options: dict[str, Any] | None = None) -> None:
        """Store a lobby change, then tell the listeners. When the store refuses, the seats go back to
        ``before`` (taken with :func:`_copy_seats` before the change), and the options to ``options`` when
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

    # -- teams (issue 17 item 4, MEM-GAP-03)

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
            before, old = _copy_seats(t), dict(t.options)
            self._set_team_name(t, mine.seat, team_name, colour)
            await self._save_lobby(t, before, old)
            return mine

    async def choose_team(self, table_id: str, user_id: str, team: str, seat: int | None = None) -> Seat:
        """Put the user's own seat, or with ``seat`` (0-based) a computer seat (any seated player may), in
        team ``team`` (a letter, A to the seat count's letter) at a team game's lobby (issue 17 item 4).
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
                number = tm.team_number(team, t.team_count)  # a 2v2 table has teams A and B (issue 27 §13)
            except ValueError as exc:
                raise TableError(f"{exc} Nothing was changed.", "bad_team") from None
            before, old = _copy_seats(t), dict(t.options)
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
            before, old = _copy_seats(t), dict(t.options)
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
        before, old = _copy_seats(t), dict(t.options)
        self._seat_extras(t)
        co = t.options[CO_MANAGERS]
        co[seat] = co[seat] + [[user_id, name]]
        await self._save_lobby(t, before, old)
        return target

    @staticmethod
    def _check_series_seats(t: Table) -> None:
        """MZ-GAP-75: from its second game a series keeps its Casters and decks (Archive swaps aside)."""
        info = sr.info(t.options)
        if info is not None and int(info.get("game", 1)) > 1:
            raise TableError(f"Table {t.id} plays game {info['game']} of a series: the same Casters keep the "
                             "same decks (MZ-GAP-75). Swap Pages with your Archive with `/deck swap` "
                             "(MZ-BOOK-06), or open a new table.", "series")

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
            before, old = _copy_seats(t), dict(t.options)
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
            before, old = _copy_seats(t), dict(t.options)
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
            before, old = _copy_seats(t), dict(t.options)
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
            before = _copy_seats(t)
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

        Everything runs under the table's lock, the status checked first (issue 12 §2): of several
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
            before, options = _copy_seats(t), t.options
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
            # Issue 27 §1: decisions forced at the start are taken before anything can show them (a front's
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
        info = sr.info(options)
        if info is not None and int(info.get("game", 1)) == 1:
            options[sr.SERIES] = await self._open_series(t, info)
        setups = [SeatSetup(s.name, list(s.deck)) for s in t.seats]
        try:
            state = t.game.new_game(setups, options, t.seed)
        except RulesError as exc:
            raise TableError(exc.message, "illegal_deck") from None
        t.options = options  # stored with the table: the audit's new_game gets the same inputs
        return state

    @staticmethod
    def _first_of_series(t: Table) -> bool:
        """False for the second and later games of a series, whose decks the series holds (MZ-GAP-75)."""
        info = sr.info(t.options)
        return info is None or int(info.get("game", 1)) == 1

    async def _open_series(self, t: Table, info: dict[str, Any]) -> dict[str, Any]:
        """At a series' first start (MZ-BOOK-05): freeze each seat's Spellbook and its saved deck's Archive
        (validated, MZ-BOOK-04/02) in the kv table; returns the public state with the Archive sizes."""
        books: dict[str, list[str]] = {}
        archives: dict[str, list[str]] = {}
        for s in t.seats:
            archive: list[str] = []
            if s.deck_id and s.deck_id.startswith(SAVED) and s.user_id is not None and not s.computer:
                row = await self.store.deck(s.user_id, int(s.deck_id[len(SAVED):]))
                archive = row.archive_list() if row is not None else []
                problems = t.game.validate_archive(s.deck, archive) if archive else []
                if problems:
                    detail = "; ".join(f"{p.rule}: {p.message}" for p in problems[:3])
                    raise TableError(f"Seat {s.seat + 1} ({s.name}) cannot start: the Archive of its deck is not "
                                     f"legal: {detail}", "illegal_deck")
            books[str(s.seat)], archives[str(s.seat)] = list(s.deck), archive
        await self.store.put_kv(sr.private_key(info["id"]), json.dumps(
            {"books": books, "archives": archives, "current": archives}))
        return dict(info, score={str(s.seat): 0 for s in t.seats}, draws=0,
                    sizes={k: len(v) for k, v in archives.items()})

    async def _start_options(self, t: Table) -> dict[str, Any]:
        """The options ``new_game`` gets. For a game that reads the clock (issue 16 item 2), read again at
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

    # -- play

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
        decision ``token`` (issue 13 §3; what a Discord button or menu carries).

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
        if t.status != "playing":
            raise TableError("This game is over." if t.status == "finished" else "This table is not playing.",
                             "not_playing")
        if t.paused is not None:
            raise TableError(_paused_text(t), "paused")
        if version != t.version:
            if t.last is not None and t.last[0] == version and t.last[1] == seat and choice in (None, t.last[2]):
                raise TableError("Already decided: that choice was applied.", "duplicate")
            raise TableError("This decision has passed; look at your current one.", "stale")

    async def _act(self, t: Table, seat: int, version: int, choice: str, *, by_player: bool,
                   at: float | None = None) -> list[Event]:
        """Apply and commit ``seat``'s ``choice``; ``at`` the instant to log with it (default: now), which a
        game that reads the clock observes right before the choice is applied (issue 16)."""
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
        applied: the one its log row stores, so every replay observes it again (issue 16 item 2)."""
        if t.game.observes_clock:
            t.game.observe(t.state, at)

    async def concede(self, table_id: str, user_id: str) -> None:
        t = self.get(table_id)
        seat = t.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table.", "not_seated")
        async with t.lock:
            if t.status != "playing":
                raise TableError("This table is not playing.", "not_playing")
            if t.paused is not None:
                raise TableError(_paused_text(t), "paused")
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
        refused like every lobby change (issue 12 §2), and ``/table abort`` ends the game instead."""
        t = self.get(table_id)
        if user_id != t.host_user and not admin:
            raise TableError("Only the table's host or a channel manager can abort it.", "forbidden")
        async with t.lock:
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

    # -- pause and resume (issue 12 §4: the table's place is gone)

    async def pause(self, table_id: str, reason: str) -> bool:
        """Pause a playing table because of ``reason`` (e.g. "its thread was deleted"): no reminders,
        timeouts or computer moves and every choice refused until :meth:`resume`. Returns ``False`` when
        it was paused already (nothing changes). :class:`TableError` when it is not playing;
        :class:`StoreError` when the pause could not be stored (then it is not paused)."""
        t = self.get(table_id)
        async with t.lock:
            if t.status != "playing":
                raise TableError("Only a table in play can be paused.", "not_playing")
            if t.paused is not None:
                return False
            now = self.clock.now()
            await self.store.pause_table(t.id, now, reason)
            t.paused, t.pause_reason, t.updated = now, reason, now
        for lst in self.listeners:
            await lst.paused(t, reason)
        return True

    async def resume(self, table_id: str, user_id: str, place: str, admin: bool = False) -> Table:
        """Continue a paused table at ``place`` (its host, or an admin such as Manage Channels). Every
        deadline and reminder moves on by the time spent paused, so nobody loses time; computers act
        again. :class:`TableError` when the user may not, or the table is not paused."""
        t = self.get(table_id)
        if user_id != t.host_user and not admin:
            raise TableError(f"Only the host of table {t.id} (<@{t.host_user}>) or a channel manager can "
                             "resume it.", "forbidden")
        async with t.lock:
            if t.status != "playing" or t.paused is None:
                raise TableError(f"Table {t.id} is not paused; it goes on where it is.", "not_paused")
            now = self.clock.now()
            shift = max(0.0, now - t.paused)
            await self.store.resume_table(t.id, now, place, shift)
            for dl in t.deadlines.values():
                dl.deadline += shift
                dl.remind_at += shift
            if t.round is not None:
                t.round += shift
            t.paused = t.pause_reason = None
            t.place, t.updated = place, now
        for lst in self.listeners:
            await lst.resumed(t)
        self._schedule(t)
        return t

    async def _commit(self, t: Table, seat: int, version: int, choice: str, events: list[Event],
                      timeouts: dict[int, int], at: float) -> None:
        """Store the applied choice with the seats' new consecutive-timeout counts (one transaction), then
        tell the listeners. ``at``: the epoch seconds logged with the choice, the instant the game observed
        before it was applied (issue 16). The choices the host then takes at once (:meth:`_auto`: forced
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
        # Issue 14: the log row is the durable record; a snapshot is stored with it when the game ends, when
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
        except StoreError:
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
            if sr.info(t.options) is not None:
                await self._series_end(t, result)
        else:
            self._schedule(t)

    # -- choices the host takes at once (issue 27 §1–§3)

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
        """``user_id``'s play settings (:class:`PlayPrefs`; issue 27 §2, §3), read from the store once, then
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
        """"Pass until my turn" (issue 27 §3, MTG Arena's stop), pressed on a response window offered with
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

    @staticmethod
    def _committed_state(t: Table) -> Any:
        """The state as stored: the last snapshot with the choices logged after it applied again."""
        state = t.game.from_snapshot(t.committed, t.static)
        for seat, choice, at in t.tail:
            _replay_one(t.game, state, seat, choice, at)
        return state

    async def _tell_out(self, t: Table) -> None:
        """Tell the listeners once of each human seat the game has newly put out for good."""
        fresh = sorted(s for s in t.game.out_seats(t.state) if s not in t.out)
        t.out.update(fresh)
        for s in fresh:
            if t.seats[s].computer:
                continue
            for lst in self.listeners:
                await lst.seat_out(t, s)

    # -- series (issue 16 item 4, MZ-BOOK-05/06, MZ-GAP-75)

    @staticmethod
    def _series_intro(t: Table) -> list[Event]:
        """The public line opening each game of a series: at the first, every seat's Archive size and never
        its Pages (MZ-BOOK-05); later, the score so far."""
        info = sr.info(t.options)
        if info is None:
            return []
        names = [s.name for s in t.seats]
        head = f"Series of {info['length']} games (first to {sr.majority(int(info['length']))} wins), game {info['game']}"
        if int(info["game"]) == 1:
            return [Event(f"{head}. Archive sizes (MZ-BOOK-05): {sr.sizes_text(info, names)}.")]
        return [Event(f"{head}. Score: {sr.score_text(info, names)}.")]

    async def _series_private(self, info: dict[str, Any]) -> dict[str, Any]:
        raw = await self.store.get_kv(sr.private_key(info["id"]))
        return json.loads(raw) if raw else {"books": {}, "archives": {}, "current": {}}

    async def _series_end(self, t: Table, result: Result) -> None:
        """After game ``t`` of a series: post the score; when no seat has a majority yet, open the next game
        at the same place with the same seats, each deck its frozen Spellbook again and each Archive whole
        again (MZ-BOOK-06: Pages brought in go back), then start it at once if no human plays. A failure to
        open it is posted, never raised: the finished game stands."""
        info = sr.record(t.options[sr.SERIES], result.winners, result.draw)
        names = [s.name for s in t.seats]
        done = sr.over(info)
        what = "Series over" if done else f"Series after game {info['game']}"
        await self._tell_game(t, [Event(f"{what}: {sr.score_text(info, names)}.")])
        if done:
            return
        try:
            new = await self._reseat(t)
            private = await self._series_private(info)
            async with new.lock:
                before = _copy_seats(new)
                for s in new.seats:
                    s.deck = list(private["books"].get(str(s.seat), s.deck))
                new.options[sr.SERIES] = dict(info, game=int(info["game"]) + 1)
                private["current"] = dict(private["archives"])
                await self.store.put_kv(sr.private_key(info["id"]), json.dumps(private))
                await self._save_lobby(new, before)
        except (TableError, StoreError) as exc:
            msg = exc.message if isinstance(exc, TableError) else str(exc)
            await self._tell_game(t, [Event(f"The next game of the series could not open: {msg}")])
            return
        self._rematched[t.id] = new.id
        for lst in self.listeners:
            await lst.series_next(t, new)
        if all(s.computer for s in new.seats):
            try:
                await self.start(new.id, new.host_user)
            except (TableError, StoreError):
                pass  # it waits in its lobby for /table start

    def next_of(self, table_id: str) -> Table | None:
        """The table that continues finished table ``table_id``'s series (its next game), if open here."""
        nxt = self._rematched.get(table_id)
        return self.tables.get(nxt) if nxt else None

    async def swap(self, table_id: str, user_id: str, out: list[str], into: list[str]) -> tuple[list[str], list[str]]:
        """``user_id`` swaps Pages one for one between their Spellbook (``out``) and their Archive (``into``)
        for the coming game of a series (MZ-BOOK-06), in its lobby from the second game on (MZ-BOOK-05);
        names or ids. Swaps add up until the game starts and hold for that game only. Returns the labels
        (out, in). :class:`TableError`: not in a series lobby after its first game (``series``), not seated
        (``not_seated``), an unknown Page (``unknown_card``), or a swap MZ-BOOK-06 refuses (``bad_swap``,
        naming the rule); a refused swap changes nothing."""
        t = self.get(table_id)
        async with t.lock:
            self._check_lobby(t)
            info = sr.info(t.options)
            if info is None or not t.game.has_archive:
                raise TableError(f"Table {t.id} is not a series, so it has no Archive swaps (MZ-BOOK-05: an Archive "
                                 "is used only between games of a series; open one with `/table new series:3`).",
                                 "series")
            if int(info.get("game", 1)) == 1:
                raise TableError("An Archive is never used before the first game of a series (MZ-BOOK-05): swaps "
                                 "open in the lobby of the second game.", "series")
            seat = t.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table.", "not_seated")
            ids_out, ids_in = self._page_ids(t.game, out), self._page_ids(t.game, into)
            private = await self._series_private(info)
            archive = private["current"].get(str(seat.seat), [])
            try:
                book, archive = t.game.archive_swap(seat.deck, archive, ids_out, ids_in)
            except RulesError as exc:
                raise TableError(f"{exc.rule}: {exc.message} Nothing was swapped.", "bad_swap") from None
            before = _copy_seats(t)
            private["current"][str(seat.seat)] = archive
            await self.store.put_kv(sr.private_key(info["id"]), json.dumps(private))
            seat.deck = book
            await self._save_lobby(t, before)
        catalog = t.game.card_catalog()
        return ([catalog.get(c).label for c in ids_out], [catalog.get(c).label for c in ids_in])

    @staticmethod
    def _page_ids(game: Game, names: list[str]) -> list[str]:
        """Card ids of ``names`` (ids, labels or names); :class:`TableError` ``unknown_card`` naming the first
        unknown one."""
        from games.core.catalog import CardNotFound
        catalog = game.card_catalog()
        out = []
        for name in names:
            card = catalog.get(name.strip())
            if card is None:
                try:
                    card = catalog.resolve(name)
                except CardNotFound as exc:
                    raise TableError(exc.message, "unknown_card") from None
            out.append(card.id)
        return out

    # -- rematch (issue 13 §7)

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
                              series=(sr.info(old.options) or {}).get("length"),
                              response=old.options.get("response"), teams=old.options.get(TEAM_FORMAT),
                              stealth=old.options.get("stealth"), bank=old.options.get(cb.BANK),
                              table_options=[option_word(o, v) for o in old.game.table_options
                                             for k, v in old.game_options.items() if k == o.key])
        async with t.lock:
            before, options = _copy_seats(t), dict(t.options)
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

    # -- deadlines and computers

    def _set_deadlines(self, t: Table) -> bool:
        """Keep, drop or start each human seat's decision timer; ``True`` when a human seat has a decision
        open. Lists the decisions once (tokens only for human seats: computers have no timer)."""
        now = self.clock.now()
        open_: dict[int, Decision] = {}
        if t.state is not None and t.status == "playing" and not all(s.computer for s in t.seats):
            for d in t.game.decisions(t.state):
                if not t.seats[d.seat].computer:
                    open_.setdefault(d.seat, d)  # a seat's first decision, as decision_token takes
        if not open_ and not t.deadlines:
            return False
        tokens = {seat: token_for(t, d) for seat, d in open_.items()}
        for seat in list(t.deadlines):
            # a seat's timer runs while its own decision stays the same (issue 13 §3), not per version
            if seat not in open_ or t.deadlines[seat].token != tokens[seat]:
                cb.stop_timer(t, seat, now)  # issue 27 §4: a time bank keeps what was left
                del t.deadlines[seat]
        for seat, d in open_.items():
            if seat not in t.deadlines:
                span = t.response if d.window else t.timeout  # MEM-GAP-28: a window has the shorter deadline
                t.deadlines[seat] = Deadline(t.version, now + span, now + span / 2, token=tokens[seat])
                cb.start_timer(t, seat, d.window, now)  # issue 27 §4: a time bank instead of the fixed limit
        self._round_deadlines(t, open_)  # issue 27 §2
        return bool(open_)

    @staticmethod
    def _round_deadlines(t: Table, open_: dict[int, Decision]) -> None:
        """Issue 27 §2: an open response window's timer ends with its round (:attr:`Table.round`, see
        :meth:`_auto`), and a window is never reminded (a reminder is a notifying DM; windows are quiet)."""
        for seat, d in open_.items():
            dl = t.deadlines.get(seat)
            if d.window and dl is not None:
                if t.round is not None:
                    dl.deadline = min(dl.deadline, t.round)
                dl.remind_at = dl.deadline

    def _deadline_rows(self, t: Table) -> list[tuple[int, float, float]]:
        # a reminded seat's reminder time is its deadline, so a kept timer is not reminded twice after a restart
        return [(s, d.deadline, d.deadline if d.reminded else d.remind_at) for s, d in t.deadlines.items()]

    def _schedule(self, t: Table) -> None:
        """Let a computer seat with an open decision act after ``computer_delay`` seconds."""
        if t.status != "playing" or t.state is None or t.paused is not None:
            return
        task = self._tasks.get(t.id)
        if task is not None and not task.done():
            return  # its computers are playing (a commit by them lands here): no need to list decisions
        if any(t.seats[d.seat].computer for d in t.game.decisions(t.state)):
            self._tasks[t.id] = asyncio.get_running_loop().create_task(self._computers(t))

    async def _computers(self, t: Table) -> None:
        """Play ``t``'s computer seats while one has a decision: each waits about ``computer_delay``
        seconds (times 1 ± :data:`COMPUTER_JITTER`, from a generator seeded by the table, so tables started
        together drift apart instead of acting in bursts), then for one of :data:`COMPUTER_SLOTS` turns."""
        rng = random.Random(t.seed * 1_000_003 + t.seq)
        while t.status == "playing" and t.paused is None:
            if self.computer_delay:
                await asyncio.sleep(self.computer_delay * (1 + COMPUTER_JITTER * (2 * rng.random() - 1)))
            async with self._computer_slots, t.lock:
                if t.status != "playing" or t.paused is not None:
                    return
                decs = [d for d in t.game.decisions(t.state) if t.seats[d.seat].computer]
                if not decs:
                    return
                d = decs[0]
                at = self.clock.now()
                self._observe(t, at)  # the computer decides on the clock its choice is applied with
                choice = computer_choice(t.game, t.state, d, t.seed)
                try:
                    await self._act(t, d.seat, t.version, choice, by_player=False, at=at)
                except StoreError:
                    return  # the table stays as committed; tick() schedules the computer again
            if not self.computer_delay:
                await asyncio.sleep(0)

    async def settle(self, table_id: str | None = None) -> None:
        """Wait until no computer seat has work left (tests and terminal play)."""
        while True:
            tasks = [task for tid, task in self._tasks.items() if table_id in (None, tid) and not task.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def tick(self) -> None:
        """Fire due reminders and timeouts (call every second or so; tests call it with a fake clock).

        At half time the deciding player is reminded; at the deadline the game's documented default is
        applied; a seat that times out three times in a row is conceded. A paused table is skipped: its
        clock stands still until :meth:`resume` moves its deadlines on (issue 12 §4)."""
        now = self.clock.now()
        for t in list(self.tables.values()):
            if t.status != "playing" or t.paused is not None:  # a paused table's clock stands still
                continue
            self._schedule(t)  # a computer stopped by a store fault resumes here
            if t.auto_due:  # issue 27 §1, §3: choices the host takes at once, left pending
                async with t.lock:
                    if t.status == "playing" and t.paused is None and t.auto_due:
                        try:
                            await self._commit_rows(t, [], t.version, [], {}, now, tell=False)
                        except StoreError:
                            pass  # tried again at the next tick
                if t.status != "playing":
                    continue
            for seat, dl in sorted(t.deadlines.items()):
                if dl.token != decision_token(t, seat):
                    continue
                if now >= dl.deadline:
                    await self._timeout(t, seat)
                    break
                if not dl.reminded and now >= dl.remind_at:
                    dl.reminded = True
                    try:
                        await self.store.mark_reminded(t.id, seat)
                    except StoreError:
                        pass
                    decision = t.game.decision_for(t.state, seat)
                    for lst in self.listeners:
                        await lst.reminder(t, seat, decision, dl.deadline)

    async def _timeout(self, t: Table, seat: int) -> None:
        async with t.lock:
            if (t.status != "playing" or t.paused is not None or seat not in t.deadlines
                    or t.deadlines[seat].token != decision_token(t, seat)):
                return
            decision = t.game.decision_for(t.state, seat)
            # MEM-GAP-28: a timed-out response window never counts towards conceding for absence
            count = {} if decision.window else {seat: t.seats[seat].timeouts + 1}
            t.round_over = t.round_over or decision.window  # issue 27 §2: the round's other windows pass too
            version = t.version
            at = self.clock.now()
            self._observe(t, at)
            if count.get(seat, 0) >= MAX_TIMEOUTS:
                events = t.game.concede(t.state, seat)
                events.insert(0, Event(f"{t.seats[seat].name} timed out {MAX_TIMEOUTS} times in a row."))
                await self._commit(t, seat, version, CONCEDE, events, count, at)
                return
            choice = t.game.timeout_choice(t.state, decision)
            events = t.game.apply(t.state, seat, choice)
            what = "did not respond in time" if decision.window else "ran out of time"
            events.insert(0, Event(f"{t.seats[seat].name} {what}: the default was applied."))
            await self._commit(t, seat, version, choice, events, count, at)

    # -- views

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

