"""The search computer against the heuristic one: whole games, the searching seat alternating, with wins,
draws and losses, a 95% Wilson interval of the win rate over decided games, the search's iterations per second
and its mean seconds per decision.

Usage: python bench/bench_ai.py --game G [--seats K] [--teams FORMAT] [--games N] [--level easy|normal|hard]
                                [--budget ITERATIONS] [--plies N] [--seed S] [--workers W]

Game ``i`` (seeds ``S .. S+N-1``) seats the search computer at seat ``i mod K`` (with ``--teams``, at the first
seat of team ``i mod teams``); every other seat is the game's heuristic computer (``easy``). ``--level easy``
seats the heuristic itself there too (the bot that seat of game ``i`` gets from ``Game.computer``): the baseline
the search is compared with on the same seeds. ``--budget`` overrides the level's iterations, ``--plies`` the
play-out length (``ai.PLIES``). ``--workers`` plays games in that many
processes (each game on one core). Seconds are the searching process's CPU seconds (``time.process_time``), so
the iterations/s and s/decision hold on a busy machine too. The last line reads
``search L vs heuristic: W-D-L, win rate X% (95% CI A-B%), I iterations/s, S s/decision``; at more than two
seats (or teams) it also gives the fair share (1/K) the win rate is compared with.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from bot.cli import simulate_options  # noqa: E402
from games import get_game  # noqa: E402
from games.core import search  # noqa: E402
from games.core.playout import starter_seats  # noqa: E402


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``n`` trials (``(0, 1)`` for ``n == 0``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def one_game(args: tuple) -> tuple[str, int, float, int]:
    """Play game ``index``: returns (``"W"``, ``"D"`` or ``"L"`` for the searching side, search decisions,
    CPU seconds searching, iterations)."""
    game_id, index, seed, seats, teams, budget, plies = args
    game = get_game(game_id)
    seats, options = simulate_options(game, seed + index, seats, teams)
    setups = starter_seats(game, seed + index, seats)
    st = game.new_game(setups, options, seed + index)
    count = len(setups)
    team_of = list((options or {}).get("teams") or range(count))
    if teams:
        me = team_of.index(index % (max(team_of) + 1))
    else:
        me = index % count
    bots = [game.computer((seed + index) * 7 + p) for p in range(count)]
    decisions = iterations = 0
    thinking = 0.0
    k = 0
    while open_ := game.decisions(st):
        d = open_[0]
        if d.seat == me and budget:
            t0 = time.process_time()
            choice, stats = search.search(game, st, me, budget, (seed + index) * 1_000_003 + k, max_plies=plies,
                                          **game.search_options)
            thinking += time.process_time() - t0
            iterations += stats.iterations
            decisions += stats.iterations > 0
        else:
            choice = bots[d.seat](d, game.view(st, d.seat))
        game.apply(st, d.seat, choice)
        k += 1
    res = game.result(st)
    mine = {s for s in range(count) if team_of[s] == team_of[me]}
    if res.draw or not res.winners:
        outcome = "D"
    elif mine & set(res.winners):
        outcome = "W"
    else:
        outcome = "L"
    return outcome, decisions, thinking, iterations


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--seats", type=int, default=None)
    ap.add_argument("--teams", default=None, help="a team format, e.g. 2v2 (Memesis); Meta Olympia seats one team a seat: use --seats")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", choices=["easy", "normal", "hard"], default="normal")
    ap.add_argument("--budget", type=int, default=None)
    ap.add_argument("--plies", type=int, default=None, help="play-out length (default: the game's ai.PLIES)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args(argv)
    game = get_game(a.game)
    seats = a.seats or game.min_seats
    budget = 0 if a.level == "easy" else a.budget or game.search_budget(a.level)
    plies = a.plies or game.search_plies
    jobs = [(a.game, i, a.seed, seats, a.teams, budget, plies) for i in range(a.games)]
    wins = draws = losses = decisions = iterations = 0
    thinking = 0.0
    with ProcessPoolExecutor(a.workers) if a.workers > 1 else _Serial() as pool:
        for i, (outcome, d, t, it) in enumerate(pool.map(one_game, jobs)):
            wins += outcome == "W"
            draws += outcome == "D"
            losses += outcome == "L"
            decisions += d
            thinking += t
            iterations += it
            print(f"game {i + 1}: {outcome}  ({wins}-{draws}-{losses})", flush=True)
    decided = wins + losses
    lo, hi = wilson(wins, decided)
    rate = wins / decided if decided else 0.0
    _, options = simulate_options(game, a.seed, seats, a.teams)
    sides = len(set((options or {}).get("teams") or range(seats)))
    share = f", fair share {100 / sides:.0f}%" if sides > 2 else ""
    print(f"search {a.level} vs heuristic: {wins}-{draws}-{losses}, win rate {100 * rate:.0f}% "
          f"(95% CI {100 * lo:.0f}-{100 * hi:.0f}%), {iterations / thinking if thinking else 0:.0f} iterations/s, "
          f"{thinking / decisions if decisions else 0:.3f} s/decision{share}")
    return 0


class _Serial:
    """A stand-in for a process pool that plays the games in this process."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, fn, jobs):
        return map(fn, jobs)


if __name__ == "__main__":
    run_main(main)
