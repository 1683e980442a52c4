"""Random-playout speed of a game on one core: decisions per second, and its ratio to python-chess
random playouts measured in the same run (targets: MetaX >= 1.5x; Meta >= 1.0x at 4 seats and
>= 0.9x at 6 seats).

Usage: python bench/bench_playouts.py [--game metax] [--games 500] [--seed 1] [--repeat 3] [--seats N]
                                      [--teams FORMAT] [--no-stealth] [--option KEY=VALUE ...]
                                      [--chess SECONDS | --no-chess] [--computers]
``--teams``, ``--no-stealth`` and ``--option`` give every game the options ``metahost simulate`` gives (Memesis:
``--teams 2v2`` seats allies apart, ``--no-stealth`` turns Stealth off; Meta Olympia: ``--option gambling=on``,
and generated team names and colours, as a table's lobby gives them).
``--computers`` plays the game's computer players instead of random ones, each deciding from its own view
as the host asks it (``game.view`` + ``game.computer(seed)(decision, view)``), and prints the computer's
microseconds per decision (its call alone) next to the decisions/s of the whole loop; no chess reference.
Prints each run and the best; with the reference (the default; needs ``pip install -e '.[bench]'``) the
chess rate is measured before and after the game's runs and the last line gives the best rate over their
mean. The figures in docs/performance.md come from this command.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from bench.reference import chess_plies  # noqa: E402
from bot.cli import simulate_options  # noqa: E402
from games import get_game  # noqa: E402
from games.core.playout import simulate, starter_seats  # noqa: E402


def computer_games(game, games: int, seed: int, seats: int | None, options: dict | None) -> tuple[int, int, float, float]:
    """``games`` games of the game's computer players, seeds ``seed ..``: each decision's seat gets its own view
    and its computer's choice, as the host asks (``bot/host/clock.py``). Returns (games, decisions, seconds of the
    whole loop, seconds inside the computers' calls)."""
    decisions = in_bots = 0
    t0 = time.perf_counter()
    for i in range(games):
        s = seed + i
        setups = starter_seats(game, s, seats)
        st = game.new_game(setups, None if options is None else dict(options), s)
        bots = [game.computer(s * 7 + p) for p in range(len(setups))]
        while open_ := game.decisions(st):
            d = open_[0]
            view = game.view(st, d.seat)
            b0 = time.perf_counter()
            choice = bots[d.seat](d, view)
            in_bots += time.perf_counter() - b0
            game.apply(st, d.seat, choice)
            decisions += 1
        if game.result(st) is None:
            raise RuntimeError(f"seed {s}: the game stopped without a result")
    return games, decisions, time.perf_counter() - t0, in_bots


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="metax")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seats", type=int, default=None, help="players per game (default: the game's minimum)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--teams", metavar="FORMAT", help="team games (Memesis): 2v2, 1v3, … as metahost simulate")
    ap.add_argument("--no-stealth", action="store_true", help="games with Stealth (Memesis): Stealth off")
    ap.add_argument("--option", action="append", metavar="KEY=VALUE",
                    help="a table option of the game for every game (repeatable), as metahost simulate")
    ap.add_argument("--computers", action="store_true",
                    help="the game's computer players instead of random ones; prints their µs per decision")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chess", type=float, default=3.0, help="seconds of python-chess reference before and after")
    ap.add_argument("--no-chess", action="store_true", help="skip the reference (no ratio printed)")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    game = get_game(args.game)
    got = simulate_options(game, args.seed, args.seats, args.teams, args.no_stealth, args.option)
    if got is None:
        sys.exit(2)
    seats, options = got
    label = args.game + (f", {seats} seats" if seats else "") + (f", teams {args.teams}" if args.teams else "") + (
        ", no Stealth" if args.no_stealth else "") + "".join(f", {w}" for w in args.option or ())
    if args.computers:
        computer_games(game, 2, args.seed, seats, options)  # warm-up
        best_us = None
        for r in range(args.repeat):
            n, d, secs, bots = computer_games(game, args.games, args.seed, seats, options)
            us = bots / d * 1e6
            best_us = us if best_us is None else min(best_us, us)
            print(f"run {r + 1}: {n} games of computer players, {d} decisions in {secs:.2f} s = {d / secs:,.0f} "
                  f"decisions/s; the computer {us:.0f} µs per decision")
        print(f"{label}, computer players: best {best_us:.0f} µs per decision on one core "
              f"(Python {platform.python_version()}, {platform.machine()})")
        return
    simulate(game, 5, args.seed, seats, options)  # warm-up: card pool load, caches
    ref = [] if args.no_chess else [chess_plies(args.chess)]
    best = 0.0
    for r in range(args.repeat):
        n, d, secs = simulate(game, args.games, args.seed, seats, options)
        rate = d / secs
        best = max(best, rate)
        print(f"run {r + 1}: {n} games, {d} decisions in {secs:.2f} s = {rate:,.0f} decisions/s")
    print(f"{label}: best {best:,.0f} decisions/s on one core "
          f"(Python {platform.python_version()}, {platform.machine()})")
    if ref:
        ref.append(chess_plies(args.chess))
        chess = sum(ref) / len(ref)
        print(f"python-chess random playouts in the same run: {ref[0]:,.0f} and {ref[1]:,.0f} plies/s; "
              f"{label}: {best / chess:.2f}x python-chess")


if __name__ == "__main__":
    run_main(main)
