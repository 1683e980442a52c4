"""Seeded positions for the picture tests: random games of each game stopped at many
points, so layouts are checked on mulligans, attacks, tall towers, trigger stacks and finished games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games import get_game
from games.core.contract import Game
from games.core.players import RandomPlayer
from games.core.playout import starter_seats


def positions(game_id: str, seeds: range, seats: int | None = None, every: int = 7,
              limit: int = 400) -> Iterator[tuple[Game, Any]]:
    """``(game, state)`` every ``every`` random decisions of each seeded game, up to ``limit`` decisions,
    plus its final state. The state is live: use it before advancing the iterator."""
    game = get_game(game_id)
    for seed in seeds:
        count = seats or game.min_seats
        state = game.new_game(starter_seats(game, seed, count), None, seed)
        players = [RandomPlayer(seed * 7 + p) for p in range(count)]
        n = 0
        while n < limit:
            if n % every == 0:
                yield game, state
            open_ = game.decisions(state)
            if not open_:
                break
            d = open_[0]
            game.apply(state, d.seat, players[d.seat](d))
            n += 1
        yield game, state
