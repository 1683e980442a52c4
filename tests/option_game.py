"""A stand-in game with table options, team names and co-managing for the host and Discord tests (what
Meta Olympia needs of the host, MO-SET-09/10, MO-OPT-05/06/08), so they do not depend on its engine.
Registered per test with :func:`register` (``get_game("optiontest")``); it records the ``options`` its
``new_game`` received.

Table options: ``gambling`` (on/off, default off), ``bestof`` (3, 5 or 7, default 3), ``mega`` (on/off: up to 8
seats instead of 4) and ``teamup`` (on/off: several users may manage one seat). Rules: seats take turns in seat
order; the active seat chooses ``go`` (the turn passes), ``win`` (it wins) or ``merge`` (its team merges into
the next seat's: from then on the next seat's decisions are answered by both, ``managed_by``, and the merged seat
has none and is skipped)."""

from __future__ import annotations

from dataclasses import dataclass, field

import games
from games.core.contract import Decision, Event, Game, Option, Result, RulesError, TableOption, View

RECEIVED: list[dict] = []  # the options of every new_game, newest last


@dataclass
class OptionState:
    names: list[str]
    team_names: list[str]
    active: int = 0
    moves: int = 0
    winner: int = -1
    merged: dict[str, int] = field(default_factory=dict)  # seat (text) -> the seat it merged into


class OptionGame(Game):
    """2–4 seats (8 with ``mega``); see the module docstring."""

    id = "optiontest"
    name = "Option test"
    min_seats = 2
    max_seats = 8
    has_decks = False
    has_team_names = True
    team_words = (("Gusev", "Jezero", "Tharsis"), ("Rovers", "Comets"))
    state_type = OptionState
    table_options = (
        TableOption("gambling", "bool", False, "bets on every match (MO-OPT-01)"),
        TableOption("bestof", "int", 3, "the final's best-of length (MO-FIN-01)", (3, 5, 7)),
        TableOption("mega", "bool", False, "Mega League: 5 to 8 players (MO-OPT-05)"),
        TableOption("teamup", "bool", False, "Team Up: several people manage one team (MO-OPT-06)"),
    )

    def seat_limit(self, options):
        return 8 if (options or {}).get("mega") else 4

    def managed_by(self, state: OptionState, seat: int) -> int:
        return state.merged.get(str(seat), seat)

    def new_game(self, seats, options, seed):
        RECEIVED.append(dict(options or {}))
        return OptionState([s.name for s in seats], list((options or {}).get("team_names") or []))

    def _next(self, state: OptionState, seat: int) -> int:
        n = len(state.names)
        for k in range(1, n + 1):
            if str((seat + k) % n) not in state.merged:
                return (seat + k) % n
        return seat

    def decisions(self, state: OptionState) -> list[Decision]:
        if self.result(state) is not None:
            return []
        return [Decision(state.active, "turn", "Your turn",
                         (Option("go", "Go"), Option("win", "Win"), Option("merge", "Merge")), default="go")]

    def apply(self, state: OptionState, seat: int, choice) -> list[Event]:
        d = next((d for d in self.decisions(state) if d.seat == seat), None)
        if d is None or d.option(str(choice)) is None:
            raise RulesError("O-1", f"seat {seat} cannot choose {choice!r} now")
        state.moves += 1
        if choice == "win":
            state.winner = seat
            return [Event(f"{state.names[seat]} wins")]
        nxt = self._next(state, seat)
        if choice == "merge":
            state.merged[str(seat)] = nxt
        state.active = nxt
        return [Event(f"{state.names[seat]} {choice}s")]

    def concede(self, state: OptionState, seat: int) -> list[Event]:
        state.moves += 1
        state.winner = self._next(state, seat)
        return [Event(f"{state.names[seat]} concedes")]

    def result(self, state: OptionState) -> Result | None:
        if state.winner < 0:
            return None
        losers = tuple(s for s in range(len(state.names)) if s != state.winner)
        return Result((state.winner,), losers, "win", f"{state.names[state.winner]} wins")

    def view(self, state: OptionState, viewer: int | None) -> View:
        waiting = tuple((d.seat, d.kind) for d in self.decisions(state))
        return View(self.id, viewer, {"turn": state.moves, "active": state.active},
                    None if viewer is None else {"seat": viewer},
                    tuple(d for d in self.decisions(state) if d.seat == viewer), waiting, self.result(state))

    def board_text(self, view: View) -> str:
        return f"turn {view.board['turn']}, seat {view.board['active'] + 1} to play"

    def version(self, state: OptionState) -> int:
        return state.moves

    def validate_deck(self, cards):
        return []

    def starter_decks(self):
        return {}


GAME = OptionGame()


def register(monkeypatch) -> None:
    """Make ``get_game("optiontest")`` return :data:`GAME` for the running test, and clear :data:`RECEIVED`."""
    monkeypatch.setitem(games.GAME_MODULES, "optiontest", __name__)
    RECEIVED.clear()
