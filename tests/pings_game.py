"""A stand-in game for the host and Discord tests of pings (publicly forced decisions, response windows,
stops), so they do not depend on the games' own marks. Registered per test with :func:`register`
(``get_game("pingtest")``).

Rules: seats take turns in seat order. A turn opens with a publicly forced decision (``forced``: "Draw a card",
its only option; ``silent`` draws log nothing). Then the active seat chooses ``go`` (the next seat's turn), ``poke``
or ``attack`` (every other seat in turn order then gets a response window, one after another: ``pass``, the
default, or ``react``; an attack's window is ``aimed`` at the next seat), ``rush`` (like ``poke``, but after the
last window the next seat's turn begins), or ``win``. A ``react`` is a response: every other seat than the reactor
gets a window again, in turn order after it. After the last window the active seat decides again."""

from __future__ import annotations

from dataclasses import dataclass, field

import games
from games.core.contract import Decision, Event, Game, Option, Result, RulesError, TableOption, View


@dataclass
class PingState:
    names: list[str]
    active: int = 0
    phase: str = "draw"  # draw, turn or window
    queue: list[int] = field(default_factory=list)  # seats still to be asked in the windows under way
    target: int = -1  # the seat an attack aims at (-1: none)
    rush: bool = False  # the windows under way end the turn
    moves: int = 0
    drawn: int = 0
    winner: int = -1
    silent: bool = False


class PingGame(Game):
    """2–4 seats; see the module docstring. Table option ``silent``: draws log nothing, so the host writes its
    own line."""

    id = "pingtest"
    name = "Ping test"
    min_seats = 2
    max_seats = 4
    has_decks = False
    state_type = PingState
    table_options = (TableOption("silent", "bool", False, "draws log nothing"),)

    def new_game(self, seats, options, seed):
        return PingState([s.name for s in seats], silent=bool((options or {}).get("silent")))

    def _after(self, state: PingState, seat: int) -> list[int]:
        n = len(state.names)
        return [(seat + k) % n for k in range(1, n)]

    def decisions(self, state: PingState) -> list[Decision]:
        if state.winner >= 0:
            return []
        if state.phase == "draw":
            return [Decision(state.active, "draw", "Draw", (Option("draw", "Draw a card"),), forced=True)]
        if state.phase == "window":
            seat = state.queue[0]
            return [Decision(seat, "window", "Respond?", (Option("pass", "Pass"), Option("react", "React")),
                             default="pass", window=True, aimed=seat == state.target)]
        return [Decision(state.active, "turn", "Your turn", (Option("go", "Go"), Option("poke", "Poke"),
                                                             Option("attack", "Attack"), Option("rush", "Rush"),
                                                             Option("win", "Win")),
                         default="go")]

    def apply(self, state: PingState, seat: int, choice) -> list[Event]:
        d = next((d for d in self.decisions(state) if d.seat == seat), None)
        if d is None or d.option(str(choice)) is None:
            raise RulesError("P-1", f"seat {seat} cannot choose {choice!r} now")
        state.moves += 1
        name = state.names[seat]
        if d.kind == "draw":
            state.drawn += 1
            state.phase = "turn"
            return [] if state.silent else [Event(f"{name} draws a card.")]
        if d.kind == "window":
            state.queue.pop(0)
            if choice == "react":
                state.queue = self._after(state, seat)
                state.target = -1
            if not state.queue:
                state.phase, state.target = "turn", -1
                if state.rush:
                    state.active, state.phase, state.rush = (state.active + 1) % len(state.names), "draw", False
            return [Event(f"{name} passes." if choice == "pass" else f"{name} reacts.")]
        if choice == "win":
            state.winner = seat
            return [Event(f"{name} wins.")]
        if choice == "go":
            state.active, state.phase = (seat + 1) % len(state.names), "draw"
            return [Event(f"{name} ends the turn.")]
        state.phase, state.queue = "window", self._after(state, seat)
        state.target = state.queue[0] if choice == "attack" else -1
        state.rush = choice == "rush"
        return [Event(f"{name} {choice}s.")]

    def concede(self, state: PingState, seat: int) -> list[Event]:
        state.moves += 1
        state.winner = (seat + 1) % len(state.names)
        return [Event(f"{state.names[seat]} concedes.")]

    def result(self, state: PingState) -> Result | None:
        if state.winner < 0:
            return None
        losers = tuple(s for s in range(len(state.names)) if s != state.winner)
        return Result((state.winner,), losers, "win", f"{state.names[state.winner]} wins")

    def view(self, state: PingState, viewer: int | None) -> View:
        open_ = self.decisions(state)
        return View(self.id, viewer, {"turn": state.moves, "drawn": state.drawn, "active": state.active},
                    None if viewer is None else {"seat": viewer},
                    tuple(d for d in open_ if d.seat == viewer), tuple((d.seat, d.kind) for d in open_),
                    self.result(state))

    def board_text(self, view: View) -> str:
        return f"move {view.board['turn']}, seat {view.board['active'] + 1} to play"

    def version(self, state: PingState) -> int:
        return state.moves

    def validate_deck(self, cards):
        return []

    def starter_decks(self):
        return {}


GAME = PingGame()


def register(monkeypatch) -> None:
    """Make ``get_game("pingtest")`` return :data:`GAME` for the running test."""
    monkeypatch.setitem(games.GAME_MODULES, "pingtest", __name__)
