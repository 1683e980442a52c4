"""A stand-in game that reads the clock (``observes_clock``; MZ-WALL-04), for the host tests: its score
depends on the instants it observed and it records them, so a replay that read another clock, or none, would
rebuild another state. Registered per test with :func:`register` (``get_game("clocktest")``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import games
from games.core.contract import Decision, Event, Game, Option, Result, RulesError, View

MOVES = 12  # choices in a game of the stand-in


@dataclass
class ClockState:
    """``now``: the last instant observed; ``seen``: the instant observed before each applied choice or
    concession; ``score`` per seat grows with the observed clock's seconds."""

    names: list[str]
    now: float = 0.0
    turn: int = 0
    active: int = 0
    seen: list[float] = field(default_factory=list)
    score: list[int] = field(default_factory=list)
    conceded: list[int] = field(default_factory=list)


class ClockGame(Game):
    """Two seats take turns choosing ``a`` or ``b``; each choice scores the observed clock's seconds modulo
    10. Ends after :data:`MOVES` choices (higher score wins) or a concession."""

    id = "clocktest"
    name = "Clock test"
    has_decks = False
    observes_clock = True
    state_type = ClockState

    def new_game(self, seats, options, seed):
        return ClockState([s.name for s in seats], now=float((options or {}).get("clock", 0.0)),
                          score=[0] * len(seats))

    def observe(self, state: ClockState, at: float) -> None:
        state.now = at

    def decisions(self, state: ClockState) -> list[Decision]:
        if self.result(state) is not None:
            return []
        return [Decision(state.active, "pick", "Pick", (Option("a", "A"), Option("b", "B")), default="a")]

    def apply(self, state: ClockState, seat: int, choice: str) -> list[Event]:
        if self.result(state) is not None or seat != state.active or choice not in ("a", "b"):
            raise RulesError("T-1", f"seat {seat} cannot pick {choice!r} now")
        state.seen.append(state.now)
        state.score[seat] += int(state.now) % 10 + (choice == "a")
        state.turn += 1
        state.active = 1 - state.active
        return [Event(f"{state.names[seat]} picks {choice} at {state.now}")]

    def concede(self, state: ClockState, seat: int) -> list[Event]:
        state.seen.append(state.now)
        state.conceded.append(seat)
        state.turn += 1
        return [Event(f"{state.names[seat]} concedes")]

    def view(self, state: ClockState, viewer: int | None) -> View:
        return View(self.id, viewer, {"turn": state.turn, "score": list(state.score)}, None,
                    tuple(d for d in self.decisions(state) if d.seat == viewer), result=self.result(state))

    def result(self, state: ClockState) -> Result | None:
        if state.conceded:
            loser = state.conceded[0]
            return Result((1 - loser,), (loser,), "concession", f"{state.names[loser]} conceded")
        if state.turn < MOVES:
            return None
        a, b = state.score
        if a == b:
            return Result((), (), "score", "a draw", draw=True)
        w = 0 if a > b else 1
        return Result((w,), (1 - w,), "score", f"{state.names[w]} wins")

    def version(self, state: ClockState) -> int:
        return state.turn

    def validate_deck(self, cards):
        return []

    def starter_decks(self):
        return {}


GAME = ClockGame()


def register(monkeypatch) -> None:
    """Make ``get_game("clocktest")`` return :data:`GAME` for the running test."""
    monkeypatch.setitem(games.GAME_MODULES, "clocktest", __name__)


class TickClock:
    """A fake clock that moves on by ``step`` seconds each time it is read, so every choice has its own
    instant (no real time passes)."""

    def __init__(self, t: float = 1_700_000_000.0, step: float = 7.25):
        self.t, self.step = t, step

    def now(self) -> float:
        self.t += self.step
        return self.t
