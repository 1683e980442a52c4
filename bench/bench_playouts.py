"""Random-playout speed of a game on one core: decisions per second, and its ratio to python-chess
random playouts measured in the same run (issue 14 targets: MetaX >= 1.5x; Meta >= 1.0x at 4 seats and
>= 0.9x at 6 seats).

Usage: python bench/bench_playouts.py [--game metax] [--games 500] [--seed 1] [--repeat 3] [--seats N]
                                      [--teams FORMAT] [--no-stealth] [--chess SECONDS | --no-chess]
``--teams`` and ``--no-stealth`` give every game the options ``metahost simulate`` gives (Memesis: ``--teams
2v2`` seats allies apart, ``--no-stealth`` turns Stealth off).
Prints each run and the best; with the reference (the default; needs ``pip install -e '.[bench]'``) the
chess rate is measured before and after the game's runs and the last line gives the best rate over their
mean. The figures in the README come from this command.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from bench.reference import chess_plies  # noqa: E402
from bot.cli import team_options  # noqa: E402
from games import get_game  # noqa: E402
from games.core.playout import simulate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="metax")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seats", type=int, default=None, help="players per game (default: the game's minimum)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--teams", metavar="FORMAT", help="team games (Memesis): 2v2, 1v3, … as metahost simulate")
    ap.add_argument("--no-stealth", action="store_true", help="games with Stealth (Memesis): Stealth off")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chess", type=float, default=3.0, help="seconds of python-chess reference before and after")
    ap.add_argument("--no-chess", action="store_true", help="skip the reference (no ratio printed)")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    game = get_game(args.game)
    seats, options = team_options(game, args.teams, args.seats)
    if args.no_stealth:
        options = dict(options or {}, stealth=False)
    simulate(game, 5, args.seed, seats, options)  # warm-up: card pool load, caches
    ref = [] if args.no_chess else [chess_plies(args.chess)]
    best = 0.0
    for r in range(args.repeat):
        n, d, secs = simulate(game, args.games, args.seed, seats, options)
        rate = d / secs
        best = max(best, rate)
        print(f"run {r + 1}: {n} games, {d} decisions in {secs:.2f} s = {rate:,.0f} decisions/s")
    seats = (f", {seats} seats" if seats else "") + (f", teams {args.teams}" if args.teams else "") + (
        ", no Stealth" if args.no_stealth else "")
    print(f"{args.game}{seats}: best {best:,.0f} decisions/s on one core "
          f"(Python {platform.python_version()}, {platform.machine()})")
    if ref:
        ref.append(chess_plies(args.chess))
        chess = sum(ref) / len(ref)
        print(f"python-chess random playouts in the same run: {ref[0]:,.0f} and {ref[1]:,.0f} plies/s; "
              f"{args.game}{seats}: {best / chess:.2f}x python-chess")


if __name__ == "__main__":
    run_main(main)
