"""A stand-in team game for the host and Discord tests (teams, MEM-GAP-03; response
windows, MEM-GAP-28), so they do not depend on Memesis' engine. Registered per test with :func:`register`
(``get_game("teamtest")``); it records the ``options`` its ``new_game`` received.

Rules: the active seat chooses ``poke`` (the next seat in turn order then has a response window: ``pass``,
the default, or ``react``) or ``win`` (its team wins: every member is a winner). Seats take turns in seat
order; a conceded seat is out, and when one team remains it wins."""

from __future__ import annotations

from dataclasses import dataclass, field

import games
from games.core.contract import Decision, Event, Game, Option, Result, RulesError, View

RECEIVED: list[dict] = []  # the options of every new_game, newest last


@dataclass
class TeamState:
    """``teams``: the team number per seat; ``window``: the seat whose response window is open (-1 none)."""

    names: list[str]
    teams: list[int]
    active: int = 0
    window: int = -1
    moves: int = 0
    out: list[int] = field(default_factory=list)
    winner_team: int = -1


class TeamGame(Game):
    """2–4 seats in teams (``options["teams"]``, default free-for-all); see the module docstring."""

    id = "teamtest"
    name = "Team test"
    min_seats = 2
    max_seats = 4
    has_decks = False
    has_teams = True
    has_windows = True
    state_type = TeamState

    def new_game(self, seats, options, seed):
        RECEIVED.append(dict(options or {}))
        teams = list((options or {}).get("teams") or range(len(seats)))
        return TeamState([s.name for s in seats], teams)

    def _next(self, state: TeamState, seat: int) -> int:
        n = len(state.names)
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if nxt not in state.out:
                return nxt
        return seat

    def decisions(self, state: TeamState) -> list[Decision]:
        if self.result(state) is not None:
            return []
        if state.window >= 0:
            return [Decision(state.window, "window", "Respond?", (Option("pass", "Pass"), Option("react", "React")),
                             default="pass", window=True)]
        return [Decision(state.active, "turn", "Your turn", (Option("poke", "Poke"), Option("win", "Win")),
                         default="poke")]

    def apply(self, state: TeamState, seat: int, choice) -> list[Event]:
        d = next((d for d in self.decisions(state) if d.seat == seat), None)
        if d is None or d.option(str(choice)) is None:
            raise RulesError("T-1", f"seat {seat} cannot choose {choice!r} now")
        state.moves += 1
        if d.kind == "window":
            state.window = -1
            state.active = self._next(state, state.active)
            return [Event(f"{state.names[seat]} {choice}es" if choice == "pass" else f"{state.names[seat]} reacts")]
        if choice == "win":
            state.winner_team = state.teams[seat]
            return [Event(f"{state.names[seat]} wins for team {state.winner_team}")]
        state.window = self._next(state, seat)
        return [Event(f"{state.names[seat]} pokes")]

    def concede(self, state: TeamState, seat: int) -> list[Event]:
        state.moves += 1
        state.out.append(seat)
        if state.window == seat or state.active == seat:
            state.window = -1
            state.active = self._next(state, seat)
        return [Event(f"{state.names[seat]} concedes")]

    def out_seats(self, state: TeamState) -> frozenset[int]:
        return frozenset() if self.result(state) is not None else frozenset(state.out)

    def result(self, state: TeamState) -> Result | None:
        left = {state.teams[s] for s in range(len(state.names)) if s not in state.out}
        team = state.winner_team if state.winner_team >= 0 else (next(iter(left)) if len(left) == 1 else -1)
        if team < 0:
            return None
        winners = tuple(s for s, t in enumerate(state.teams) if t == team)
        losers = tuple(s for s in range(len(state.names)) if s not in winners)
        return Result(winners, losers, "team_win", f"Team {'ABCD'[team]} wins")

    def view(self, state: TeamState, viewer: int | None) -> View:
        waiting = tuple((d.seat, d.kind) for d in self.decisions(state))
        return View(self.id, viewer, {"turn": state.moves, "teams": list(state.teams)}, None if viewer is None else {},
                    tuple(d for d in self.decisions(state) if d.seat == viewer), waiting, self.result(state))

    def version(self, state: TeamState) -> int:
        return state.moves

    def validate_deck(self, cards):
        return []

    def starter_decks(self):
        return {}


GAME = TeamGame()


def register(monkeypatch) -> None:
    """Make ``get_game("teamtest")`` return :data:`GAME` for the running test, and clear :data:`RECEIVED`."""
    monkeypatch.setitem(games.GAME_MODULES, "teamtest", __name__)
    RECEIVED.clear()
