"""Random playouts: computer against computer, for simulations, invariant tests and benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .contract import Game, SeatSetup
from .players import RandomPlayer


def playout(game: Game, state: Any, players: list[Callable]) -> int:
    """Play ``state`` to the end, asking ``players[seat](decision)``; returns the number of decisions.

    Raises ``RuntimeError`` if the game stops without a result."""
    n = 0
    decisions, apply = game.decisions, game.apply
    while True:
        open_ = decisions(state)
        if not open_:
            break
        d = open_[0]
        apply(state, d.seat, players[d.seat](d))
        n += 1
    if game.result(state) is None:
        raise RuntimeError("the game stopped without a result")
    return n


def starter_seats(game: Game, seed: int, count: int | None = None) -> list[SeatSetup]:
    """``count`` seats (default: the game's minimum) with starter decks rotated by ``seed``."""
    starters = game.starter_decks() if game.has_decks else {}
    names = sorted(starters)
    count = count or game.min_seats
    return [
        SeatSetup(f"Seat {p + 1}", list(starters[names[(seed + p) % len(names)]]) if names else [])
        for p in range(count)
    ]


def simulate(game: Game, games: int, seed: int, seats: int | None = None,
             options: dict[str, Any] | None = None) -> tuple[int, int, float]:
    """Play ``games`` random games with seeds ``seed .. seed+games-1``; ``options`` go to every ``new_game``
    (``{"teams": [0, 1, 0, 1]}`` for ``--teams 2v2``).

    Returns (games, decisions, seconds of wall time)."""
    total = 0
    t0 = time.perf_counter()
    for i in range(games):
        s = seed + i
        setups = starter_seats(game, s, seats)
        st = game.new_game(setups, None if options is None else dict(options), s)
        players = [RandomPlayer(s * 7 + p) for p in range(len(setups))]
        total += playout(game, st, players)
    return games, total, time.perf_counter() - t0
