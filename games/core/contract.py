"""The contract every game implements (DESIGN.md, "The contract every game implements").

A game is a resumable state machine that asks players for decisions. A game module exposes one
:class:`Game` object; its state is a mutable object owned by the game (a dataclass tree) that
serialises to JSON losslessly through :meth:`Game.to_json` / :meth:`Game.from_json`.

The value types a game speaks in (:class:`Option`, :class:`Decision`, :class:`Event`, :class:`View`,
:class:`Result`, :class:`RulesError` and its kinds, :class:`SeatSetup`, :data:`Choice`) are defined in
:mod:`games.core.values` and re-exported here.
"""

from __future__ import annotations

import datetime as dt
import importlib
import sys
from collections.abc import Sequence
from functools import cache
from typing import Any

from .layout import Layout
from .players import RandomPlayer
from .search import MAX_PLIES, search
from .serial import SplitCodec, cloner, dumps, loads
from .surroundings import Place, Surroundings, SurveyLine
from .values import (
    Choice,
    Decision,
    Event,
    NotYourDecision,
    Option,
    Result,
    RulesError,
    SeatSetup,
    StaleChoice,
    TableOption,
    View,
)

__all__ = ["Choice", "Decision", "Event", "Game", "NotYourDecision", "Option", "Result", "RulesError",
           "SeatSetup", "StaleChoice", "TableOption", "View"]


class Game:
    """Base class of a game module's entry point. Subclasses implement every method.

    Methods take and mutate the game's own state object. ``apply`` validates completely before it
    changes anything, so a :class:`RulesError` leaves the state exactly as it was.
    """

    id: str = ""
    name: str = ""
    min_seats: int = 2
    max_seats: int = 2
    has_decks: bool = True
    deck_size: int = 0
    """Cards in a legal deck; also the most copies of one card a deck list may name."""
    state_type: type | None = None
    """The game's state dataclass: :meth:`to_json`/:meth:`from_json` serialise it (games.core.serial)."""
    player_type: type | None = None
    static_type: type | None = None
    """With :attr:`player_type` (the dataclass of ``state.players``): the set-up part of the state that never
    changes, stored once per table (:class:`games.core.serial.SplitCodec`); ``None`` stores whole
    states."""

    has_archive: bool = False
    """True when a saved deck may carry an Archive (a side-deck, MetaZoo's MZ-BOOK-04..06)."""
    series_lengths: tuple[int, ...] = (1,)
    """The series lengths a table may choose (games in a best-of series; MetaZoo: 1, 3 or 5, MZ-GAP-75)."""

    has_teams: bool = False
    """True when seats play in teams that win together (Memesis' allies, MEM-GAP-03): the
    lobby lets players choose their team, the host seats allies apart (A1, B1, A2, B2) and ``new_game``
    receives ``options["teams"]``, the team number of each seat in seat order (``[0, 1, 0, 1]``; numbers
    0..k-1 in letter order, :mod:`games.core.teams`). False: the host never sends ``"teams"``."""

    has_stealth: bool = False
    """True when the game has Stealth (face-down play) that a table may turn off (Memesis' MEM-STL-11): the
    host then takes the table option ``stealth`` and ``new_game`` receives ``options["stealth"] = False`` for a
    table without it. False: the host refuses the option and never sends ``"stealth"``."""

    has_windows: bool = False
    """True when some decisions are response windows (:attr:`Decision.window`: Meta's plays out of turn, MetaZoo's
    priority offers, Memesis' any-time windows, Meta Olympia's tactic exchanges): the lobby names
    the table's window timer (option ``response``)."""

    table_options: tuple[TableOption, ...] = ()
    """Options a table of this game may set at creation (Meta Olympia's series lengths and optional
    rules): the host parses ``key=value`` words with :meth:`TableOption.parse` and passes the values that
    differ from the default in ``new_game``'s ``options``. Empty: the game takes none."""

    has_team_names: bool = False
    """True when each seat is a named team with a colour chosen in the lobby (Meta Olympia's MO-SET-09/10,
    MO-SET-09/10): the host lets a joining player give ``team_name`` and ``colour`` (defaults: :meth:`team_name`
    and the first free :data:`games.core.teams.TEAM_COLOURS`) and passes ``options["team_names"]`` and
    ``options["colours"]`` (one string per seat, in seat order)."""

    team_words: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """With :attr:`has_team_names`: the places and nouns :meth:`team_name` makes default names of."""

    observes_clock: bool = False
    """True when the game reads the real clock (MetaZoo's 4th Wall Effects): the host then
    calls :meth:`observe` before every choice it applies, with the instant it records in the log."""

    reads_surroundings: bool = False
    """True when the game reads its players' real surroundings (MetaZoo's derived Terra Bonuses and 4th Wall
    Effects): the host then takes table places and ``/surroundings`` profiles
    (:mod:`games.core.surroundings`) for it, and ``/surroundings show`` asks :meth:`survey`."""

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> Any:
        raise NotImplementedError

    def observe(self, state: Any, at: float) -> None:
        """Tell the game the wall-clock instant ``at`` (seconds since the epoch, UTC) of the choice or
        concession about to be applied. The host calls it right before every :meth:`apply` and
        :meth:`concede` of a game whose :attr:`observes_clock` is true, during play with the instant it
        stores in the choice's log row (``actions.at``) and during replays with that logged instant, so a
        replay reads the same clock (the clock enters the engine as an input recorded in the log).
        It changes no rule state by itself. This default does nothing."""

    def survey(self, place: Place, profile: Surroundings | None, instant: dt.datetime,
               caster: str) -> tuple[SurveyLine, ...]:
        """What the game reads from the surroundings alone (no card in play) at ``instant`` (an aware
        ``datetime``) for the player ``caster`` (a display name) at ``place`` with ``profile`` (None: no
        profile): one :class:`games.core.surroundings.SurveyLine` per feature, what ``/surroundings show``
        tells a player before a game. Only called when :attr:`reads_surroundings` is true."""
        raise NotImplementedError

    def team_name(self, seed: int, seat: int, taken: Sequence[str]) -> str:
        """The default name of ``seat``'s team at a table with seed ``seed``, never one of ``taken``
        (:func:`games.core.teams.default_team_name` over :attr:`team_words`)."""
        from .teams import default_team_name

        return default_team_name(*self.team_words, seed, seat, taken)

    def seat_limit(self, options: dict[str, Any] | None) -> int:
        """The most seats a table with these ``options`` may have (Meta Olympia: 4, or 8 with its Mega League
        option, MO-OPT-05). This default: :attr:`max_seats`."""
        return self.max_seats

    def managed_by(self, state: Any, seat: int) -> int:
        """The seat whose decisions ``seat``'s player answers (Meta Olympia's merger, MO-OPT-08: a dissolved
        team's player co-manages the acquiring team). The host lets that player answer, and sends them the
        private view of, the returned seat. This default: ``seat`` itself."""
        return seat

    def decisions(self, state: Any) -> list[Decision]:
        raise NotImplementedError

    def apply(self, state: Any, seat: int, choice: Choice) -> list[Event]:
        raise NotImplementedError

    def view(self, state: Any, viewer: int | None) -> View:
        raise NotImplementedError

    def one_choice(self, choice: Choice, seat: int, seats: int, rules: tuple[str, str]) -> str:
        """``choice`` as the one option id every decision of a one-option game takes, checked before ``apply``
        touches the state: :class:`RulesError` with ``rules[0]`` for a sequence of other than one id, with
        ``rules[1]`` for a ``seat`` outside ``0..seats-1`` (the game's rule IDs)."""
        if not isinstance(choice, str):
            if len(choice) != 1:
                raise RulesError(rules[0], f"{self.name} decisions take exactly one option.")
            choice = choice[0]
        if not 0 <= seat < seats:
            raise RulesError(rules[1], f"There is no seat {seat}: this game has seats 0 to {seats - 1}.")
        return choice

    def result(self, state: Any) -> Result | None:
        """The result once the game is over, else ``None``. By convention the state's ``result`` field (a
        :meth:`Result.to_dict` dict, or ``None`` while the game goes on)."""
        data = state.result
        return None if data is None else Result.from_dict(data)

    def version(self, state: Any) -> int:
        """Number of choices applied so far; a choice made against another version is stale. By convention
        the state's ``version`` field."""
        return state.version

    def concede(self, state: Any, seat: int) -> list[Event]:
        """``seat`` leaves the game; ends it when fewer than two players remain."""
        raise NotImplementedError

    def to_json(self, state: Any) -> str:
        """Canonical, lossless JSON of ``state`` (:func:`games.core.serial.dumps`). Needs :attr:`state_type`."""
        if self.state_type is None:
            raise NotImplementedError
        return dumps(state)

    def copy_state(self, state: Any) -> Any:
        """A copy of ``state`` that shares nothing mutable with it, equal to ``from_json(to_json(state))``
        (:func:`games.core.serial.cloner`; caches start empty). Needs :attr:`state_type`."""
        if self.state_type is None:
            raise NotImplementedError
        return cloner(self.state_type)(state)

    def from_json(self, text: str) -> Any:
        """The state :meth:`to_json` wrote; ``TypeError`` on text that is not one. Needs :attr:`state_type`."""
        if self.state_type is None:
            raise NotImplementedError
        return loads(self.state_type, text)

    # -- snapshots for the store: what never changes in a game is stored once per table

    def static_json(self, state: Any) -> str | None:
        """JSON of the parts of ``state`` that never change during a game (:attr:`static_type`: card lists,
        owners, names…), stored once per table; ``None`` when the game keeps none apart."""
        if self.static_type is None:
            return None
        return self._split().static_json(state)

    def snapshot(self, state: Any) -> str:
        """JSON of ``state`` without what :meth:`static_json` holds and without fields at their default:
        the per-action snapshot the store writes (:meth:`to_json` when the game has no :attr:`static_type`)."""
        if self.static_type is None:
            return self.to_json(state)
        return self._split().snapshot(state)

    def from_snapshot(self, text: str, static: str | None) -> Any:
        """Rebuild a state from :meth:`snapshot` output and the table's :meth:`static_json` (``None`` for
        a table stored before snapshots were split in two, whose snapshots are whole :meth:`to_json` texts and must still
        load). Raises ``TypeError`` for text that is not such JSON and ``ValueError`` when the two parts do
        not fit together."""
        if static is None or self.static_type is None:
            return self.from_json(text)
        return self._split().from_snapshot(text, static)

    def _split(self) -> SplitCodec:
        return _split_codec(self.state_type, self.player_type, self.static_type)

    def validate_deck(self, cards: Sequence[str]) -> list[RulesError]:
        """Every deck-construction rule the list breaks (empty = legal): by convention the package's
        ``pool.validate_deck(cards)``."""
        check = self._hook("pool", "validate_deck")
        if check is None:
            raise NotImplementedError
        return check(cards)

    def validate_archive(self, cards: Sequence[str], archive: Sequence[str]) -> list[RulesError]:
        """Every rule the Archive ``archive`` of the deck ``cards`` breaks (empty = legal); only called when
        :attr:`has_archive` is true."""
        return []

    def archive_swap(self, cards: Sequence[str], archive: Sequence[str], out: Sequence[str],
                     into: Sequence[str]) -> tuple[list[str], list[str]]:
        """The (deck, Archive) after swapping ``out`` (from the deck) for ``into`` (from the Archive) between
        games of a series; :class:`RulesError` when the swap is not allowed. Only called when
        :attr:`has_archive` is true."""
        raise RulesError("MZ-BOOK-06", f"{self.name} has no Archive to swap with.")

    def starter_decks(self) -> dict[str, list[str]]:
        """Starter deck id -> card id list: by convention the decks of the package's
        ``pool.starter_decks()`` (id -> a deck with ``card_list()``)."""
        decks = self._hook("pool", "starter_decks")
        if decks is None:
            raise NotImplementedError
        return {k: d.card_list() for k, d in decks().items()}

    def starter_names(self) -> dict[str, str]:
        """Starter deck id -> its display name: the ``name`` of each deck of the package's
        ``pool.starter_decks()``, else the id itself."""
        decks = self._hook("pool", "starter_decks")
        if decks is None:
            return {k: k for k in self.starter_decks()}
        return {k: getattr(d, "name", k) for k, d in decks().items()}

    def card_catalog(self) -> Any:
        """The game's cards for lookup and deck lists, a :class:`games.core.catalog.Catalog`: by convention
        the package's ``catalog.build_catalog()``."""
        build = self._hook("catalog", "build_catalog")
        if build is None:
            raise NotImplementedError
        return build()

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> Any:
        """A state set up from a scenario's explicit position (zone contents, counters)."""
        raise NotImplementedError

    def intro(self, state: Any) -> list[Event]:
        """Events describing a new game's set-up (first player, opening hands), for the log."""
        return []

    # -- front-end hooks, found by convention in the game's own package (games/<id>/ai.py, render.py,
    # picture.py), so a game module writes only what differs

    def _hook(self, module: str, name: str) -> Any:
        """The function ``name`` of the module ``module`` of this game's package (``games.metax`` for a
        ``Game`` defined in ``games.metax.game``), or ``None`` when the package has no such module or name.
        Errors raised while that module imports propagate."""
        return _package_hook(type(self).__module__, module, name)

    def computer(self, seed: int) -> Any:
        """A computer player for this game: a callable ``(decision, view) -> option id``. By convention the
        package's ``ai.computer(seed)``; without one, a :class:`games.core.players.RandomPlayer`. This is the
        ``easy`` level; ``normal`` and ``hard`` search (:meth:`search_choice`)."""
        make = self._hook("ai", "computer")
        return make(seed) if make is not None else RandomPlayer(seed)

    # -- search (games.core.search): the package's ai.sample, ai.evaluate, ai.rollout_choice, ai.BUDGETS

    @property
    def searchable(self) -> bool:
        """Whether the computer of this game can search (its package's ``ai.sample`` exists)."""
        return self._hook("ai", "sample") is not None

    def sample(self, state: Any, seat: int, rng: Any) -> Any:
        """A determinization for ``seat``: a new full state that gives ``seat`` the same view as ``state``, with
        every card hidden from ``seat`` drawn with ``rng`` from what ``seat`` could know, never from the hidden
        cards of ``state`` (which is not changed). The package's ``ai.sample(state, seat, rng)`` documents its
        prior. Raises ``NotImplementedError`` for a game without one."""
        hook = self._hook("ai", "sample")
        if hook is None:
            raise NotImplementedError(f"{self.id} has no ai.sample: its computer cannot search")
        return hook(state, seat, rng)

    def evaluate(self, state: Any) -> dict[int, float]:
        """An estimate of each seat's chance to win an unfinished ``state``, by seat, each in [0, 1]: the
        package's ``ai.evaluate(state)``; ``{}`` without one (a search then scores a cut-off play-out ½)."""
        hook = self._hook("ai", "evaluate")
        return hook(state) if hook is not None else {}

    def rollout_choice(self, state: Any, decision: Decision, rng: Any) -> str:
        """The play-out policy of a search: the package's ``ai.rollout_choice(state, decision, rng)``, else
        one of ``decision``'s options uniformly at random."""
        hook = self._hook("ai", "rollout_choice")
        if hook is None:
            return decision.options[rng.below(len(decision.options))].id
        return hook(state, decision, rng)

    def search_budget(self, level: str) -> int:
        """The search iterations of a computer at ``level`` (``"normal"`` about 0.3 s a decision on the
        development machine, ``"hard"`` about 2 s; ``"easy"`` 0: no search). The package's
        ``ai.BUDGETS[level]`` when it has one. Raises ``ValueError`` for an unknown level."""
        budgets = {"easy": 0, "normal": 300, "hard": 2000}
        budgets.update(self._hook("ai", "BUDGETS") or {})
        if level not in budgets:
            raise ValueError(f"unknown computer level {level!r}: choose easy, normal or hard")
        return budgets[level]

    @property
    def search_plies(self) -> int:
        """How many decisions a search's play-out runs before :meth:`evaluate` scores it: the package's
        ``ai.PLIES``, else :data:`games.core.search.MAX_PLIES`."""
        plies = self._hook("ai", "PLIES")
        return MAX_PLIES if plies is None else int(plies)

    @property
    def search_options(self) -> dict[str, Any]:
        """The search's tuning for this game, keyword arguments of :func:`games.core.search.search`: UCB1's
        ``exploration`` constant, the root's ``hint_bias`` (floats) and ``takeback``, the ids of options that
        take the choice before back (e.g. ``("back",)``), which the search never explores nor chooses while
        another option is open (opt-in; none by default), and ``paired`` (score the root's options side by side
        on shared samples instead of growing a tree; off by default): the package's ``ai.SEARCH``, else ``{}``
        (the defaults)."""
        return dict(self._hook("ai", "SEARCH") or {})

    def search_choice(self, state: Any, seat: int, level: str, seed: int) -> str:
        """``seat``'s choice in ``state`` by a computer at ``level``: the heuristic player for ``easy`` (and
        for a game that cannot search), else :func:`games.core.search.search` with the level's budget. It
        reads ``state`` only through ``seat``'s view and :meth:`sample`. Raises ``ValueError`` for an
        unknown level or when ``seat`` has no open decision."""
        budget = self.search_budget(level)
        if budget == 0 or not self.searchable:
            view = self.view(state, seat)
            decision = next((d for d in view.decisions if d.seat == seat), None)
            if decision is None:
                raise ValueError(f"seat {seat} has no open decision")
            return self.computer(seed)(decision, view)
        return search(self, state, seat, budget, seed, self.search_plies, **self.search_options)[0]

    def board_text(self, view: View) -> str:
        """The public board of ``view`` as plain text: the package's ``render.board_text(view)``, else the
        board's ``str``."""
        hook = self._hook("render", "board_text")
        return hook(view) if hook is not None else str(view.board)

    def layout(self, view: View) -> Layout | None:
        """The board of ``view`` as a picture layout, built only from ``view`` (the host passes a spectator's
        view, so no hidden card reaches a picture): the package's ``picture.board_layout(view)``; ``None``
        when the game has no picture."""
        hook = self._hook("picture", "board_layout")
        return hook(view) if hook is not None else None

    def context_text(self, view: View) -> str:
        """The compact part of the public board that ``view``'s open decision depends on, as plain text built
        only from ``view`` (a private view shows it above the hand, so a player never has to switch to the
        channel to choose). Empty when the viewer has no open decision. The package's
        ``render.context_text(view)``; without one, the whole board."""
        hook = self._hook("render", "context_text")
        if hook is not None:
            return hook(view)
        return self.board_text(view) if view.decisions else ""

    def private_text(self, view: View) -> str:
        """The viewer's private information of ``view`` as plain text: the package's
        ``render.private_text(view)``, else the private part's ``str`` ("" for a spectator)."""
        hook = self._hook("render", "private_text")
        if hook is not None:
            return hook(view)
        return "" if view.private is None else str(view.private)

    def step_name(self, kind: str) -> str:
        """The decision kind ``kind`` (a :attr:`Decision.kind` or a kind in :attr:`View.waiting`) in player words,
        as the board's "Waiting for Ana (choosing an attack)" says it (no internal step names
        such as ``trap where``). This default: the kind with underscores as spaces; games override it."""
        return kind.replace("_", " ")

    def unplayable(self, state: Any, seat: int) -> list[tuple[str, str]]:
        """Why options are missing: while ``seat`` has a decision in which cards may be played
        from its hand, each card in its hand that cannot be played now, as ``(card name, reason)`` with the
        reason in a few player words ("one Character a turn", "costs 3 MP, you have 2"). Shown only to that
        seat (its DM and the terminal), so it may read the seat's own secrets but no other seat's. Empty when
        the seat has no such decision; this default."""
        return []

    def timeout_choice(self, state: Any, decision: Decision) -> str:
        """The documented default applied when ``decision`` times out."""
        return decision.default if decision.default is not None else decision.options[0].id

    def out_seats(self, state: Any) -> frozenset[int]:
        """Seats out of the game for good while it goes on (such a player is told once and
        may watch or leave): they will never have a decision again. Empty once the game is over (the
        result says who lost) and for games where nobody drops out before the end; this default."""
        return frozenset()

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        """For a final summary, from a public ``view`` only: the number of turns played
        (``None`` when the game does not count them) and a short line per seat describing where it
        ended (Meta: life and cards; MetaX: victory points). This default reads an integer
        ``view.board["turn"]`` and gives no seat lines."""
        turn = view.board.get("turn") if isinstance(view.board, dict) else None
        return (turn if isinstance(turn, int) and not isinstance(turn, bool) else None), {}

    def decision_for(self, state: Any, seat: int) -> Decision:
        """The open decision of ``seat``; :class:`NotYourDecision` if it has none."""
        for d in self.decisions(state):
            if d.seat == seat:
                return d
        res = self.result(state)
        if res is not None:
            raise NotYourDecision("GAME-OVER", f"The game is over: {res.text}")
        waiting = ", ".join(str(d.seat) for d in self.decisions(state))
        raise NotYourDecision(
            "TURN", f"Seat {seat} has no decision to make now; waiting for seat {waiting or 'nobody'}."
        )


@cache
def _package_hook(game_module: str, module: str, name: str) -> Any:
    """The attribute ``name`` of ``<package>.<module>``, where the package is ``game_module`` itself when it
    is a package (a ``Game`` defined in an ``__init__.py``) and its parent otherwise, or ``None`` when that module or
    attribute does not exist (a game without a picture, a test double defined outside ``games``)."""
    owner = sys.modules.get(game_module)
    package = game_module if hasattr(owner, "__path__") else game_module.rpartition(".")[0]
    if not package:
        return None
    target = f"{package}.{module}"
    try:
        mod = importlib.import_module(target)
    except ModuleNotFoundError as exc:
        if exc.name != target:
            raise
        return None
    return getattr(mod, name, None)


@cache
def _split_codec(state_type: type, player_type: type, static_type: type) -> SplitCodec:
    """One :class:`SplitCodec` per game (built on first use: compiling its schema takes milliseconds)."""
    return SplitCodec(state_type, player_type, static_type)
