"""Board pictures: the time to build and paint the public board of one position as a PNG
(``bot.picture.board_png``: layout, Pillow drawing, palette PNG), and the PNG sizes. Targets: ≤ 50 ms per
picture (median), ≤ 300 KB per PNG.

Positions: for each game with a picture layout and each of its seat counts (MetaX and MetaZoo 2; Meta 2,
4 and 6; Memesis 2 and 4), ``--games`` seeded random games (seeds 1..N, random players), each stopped
every ``--every`` decisions (for at most 600 decisions) and at its end. The font and glyph tables are
loaded once before timing (a bot does that once at start-up; that load is printed separately).

Usage: python bench/bench_pictures.py [--games 4] [--every 15]
Last line: ``all games: N pictures, max PNG K KB, M.M ms per picture`` (median).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from bot.picture import board_png  # noqa: E402
from games import game_ids, get_game  # noqa: E402
from games.core.players import RandomPlayer  # noqa: E402
from games.core.playout import starter_seats  # noqa: E402

SEATS = {"metax": (2,), "meta": (2, 4, 6), "metazoo": (2,), "memesis": (2, 4)}


def views(game_id: str, seats: int, games: int, every: int, limit: int = 600):
    """Spectator views of seeded random games, every ``every`` decisions and at the end."""
    game = get_game(game_id)
    for seed in range(1, games + 1):
        state = game.new_game(starter_seats(game, seed, seats), None, seed)
        players = [RandomPlayer(seed * 7 + p) for p in range(seats)]
        for n in range(limit):
            if n % every == 0:
                yield game.view(state, None)
            open_ = game.decisions(state)
            if not open_:
                break
            d = open_[0]
            game.apply(state, d.seat, players[d.seat](d))
        yield game.view(state, None)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--every", type=int, default=15)
    args = ap.parse_args()
    t0 = time.perf_counter()
    board_png(get_game("metax"), next(views("metax", 2, 1, 1)))  # fonts and glyph table
    print(f"start-up (font, glyph table, first picture): {(time.perf_counter() - t0) * 1000:.0f} ms")
    every_ms: list[float] = []
    biggest = 0
    for game_id in game_ids():
        game = get_game(game_id)
        for seats in SEATS.get(game_id, (game.min_seats,)):
            positions = list(views(game_id, seats, args.games, args.every))
            if game.layout(positions[0]) is None:
                break  # no picture for this game yet
            ms, sizes = [], []
            for view in positions:
                t = time.perf_counter()
                data = board_png(game, view)
                ms.append((time.perf_counter() - t) * 1000)
                sizes.append(len(data or b""))
            every_ms += ms
            biggest = max(biggest, *sizes)
            print(f"{game_id:<6} {seats} seats: {len(ms):>3} pictures, median {statistics.median(ms):.1f} ms, "
                  f"max {max(ms):.1f} ms, PNG median {statistics.median(sizes) / 1000:.0f} KB, "
                  f"max {max(sizes) / 1000:.0f} KB")
    print(f"all games: {len(every_ms)} pictures, max PNG {biggest / 1000:.0f} KB, "
          f"{statistics.median(every_ms):.1f} ms per picture")


if __name__ == "__main__":
    run_main(main)
