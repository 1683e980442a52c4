"""The cost of one search iteration in a mid-game position, for every game: milliseconds of CPU per ISMCTS
iteration (``games.core.search.search``) with the game's own play-out length (``Game.search_plies``) and with
none (``plies=0``: the determinization, the tree descent and one expansion only, no play-out).

Usage: python bench/bench_iteration.py [--game G ...] [--decision K] [--iterations N] [--seed S] [--repeat R]

For each game (default: all five, each at its fewest seats, as ``metahost simulate`` seats them), a seeded game
of the heuristic computers (``easy``) is played until seat 0 faces its ``K``-th decision with more than one
option (default 30; the last such decision when the game ends first), and the search of seat 0 is timed
there: ``N`` iterations (default 200), the best of ``R`` runs (default 3), in CPU seconds
(``time.process_time``), so the figures hold on a busy machine. One line per game:
``G: decision K of seat 0, X ms/iteration with P plies, Y ms/iteration with 0 plies``; the target is
under 1 ms with the game's own plies.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from bot.cli import simulate_options  # noqa: E402
from games import game_ids, get_game  # noqa: E402
from games.core import search  # noqa: E402
from games.core.playout import starter_seats  # noqa: E402


def mid_game(game, seed: int, decision: int):
    """A seeded game of heuristic computers, stopped where seat 0 faces its ``decision``-th decision with a
    choice (or its last one, when the game ends first): (state, that decision's number)."""
    seats, options = simulate_options(game, seed, None, None)
    setups = starter_seats(game, seed, seats)
    st = game.new_game(setups, options, seed)
    bots = [game.computer(seed * 7 + p) for p in range(len(setups))]
    mine = 0
    last = None
    while open_ := game.decisions(st):
        d = next((x for x in open_ if x.seat == 0), open_[0])
        if d.seat == 0 and len(d.options) > 1:
            mine += 1
            last = (game.from_json(game.to_json(st)), mine)
            if mine == decision:
                return st, mine
        game.apply(st, d.seat, bots[d.seat](d, game.view(st, d.seat)))
    if last is None:
        raise RuntimeError(f"{game.id}: seat 0 never had a choice in seed {seed}")
    return last


def per_iteration(game, state, iterations: int, plies: int, seed: int, repeat: int) -> float:
    """CPU milliseconds per iteration of seat 0's search in ``state`` (best of ``repeat`` runs)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        _, stats = search.search(game, state, 0, iterations, seed, max_plies=plies, **game.search_options)
        spent = time.process_time() - t0
        if stats.iterations != iterations:
            raise RuntimeError(f"{game.id}: {stats.iterations} iterations run, not {iterations}")
        best = min(best, spent / iterations * 1000)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="a game id (repeatable; default: every game)")
    ap.add_argument("--decision", type=int, default=30, help="seat 0's decision (with a choice) to search at")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    for gid in a.game or game_ids():
        game = get_game(gid)
        state, k = mid_game(game, a.seed, a.decision)
        plies = game.search_plies
        full = per_iteration(game, state, a.iterations, plies, a.seed, a.repeat)
        bare = per_iteration(game, state, a.iterations, 0, a.seed, a.repeat)
        print(f"{gid}: decision {k} of seat 0, {full:.3f} ms/iteration with {plies} plies, "
              f"{bare:.3f} ms/iteration with 0 plies", flush=True)
    return 0


if __name__ == "__main__":
    run_main(main)
