"""Random-playout speed of a game on one core: decisions per second (issue: >= 25,000 for MetaX).

Usage: python bench/bench_playouts.py [--game metax] [--games 500] [--seed 1] [--repeat 3] [--seats N]
Prints each run and the best; the figure in the README comes from this command.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from games import get_game  # noqa: E402
from games.core.playout import simulate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="metax")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seats", type=int, default=None, help="players per game (default: the game's minimum)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    game = get_game(args.game)
    simulate(game, 5, args.seed)  # warm-up: card pool load, caches
    best = 0.0
    for r in range(args.repeat):
        n, d, secs = simulate(game, args.games, args.seed, args.seats)
        rate = d / secs
        best = max(best, rate)
        print(f"run {r + 1}: {n} games, {d} decisions in {secs:.2f} s = {rate:,.0f} decisions/s")
    print(f"{args.game}: best {best:,.0f} decisions/s on one core "
          f"(Python {platform.python_version()}, {platform.machine()})")


if __name__ == "__main__":
    run_main(main)
