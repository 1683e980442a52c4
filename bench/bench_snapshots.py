"""Snapshot size and speed (docs/performance.md, Snapshots; targets: bytes per action halved against the full
``to_json``, decode time <= encode time).

Usage: python bench/bench_snapshots.py [--games 10] [--seed 1] [--max-actions 400]

Plays ``--games`` seeded random games of MetaX and of Meta at 2, 4 and 6 seats and keeps the state after
every action. For those states it reports the average bytes per action of the full ``to_json`` text (what
the store wrote per action before snapshots were split) and of ``snapshot`` (what it writes now; the table's
``static_json`` is written once per table and shown apart, also spread over the game's actions), and the
median microseconds to encode and decode one state each way. The last lines give one summary per game.
The figures in docs/performance.md come from this command.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from games import get_game  # noqa: E402
from games.core.contract import SeatSetup  # noqa: E402

CONFIGS = (("metax", 2), ("meta", 2), ("meta", 4), ("meta", 6))


def play(game_id: str, seats: int, seed: int, max_actions: int) -> tuple[list[str], str | None]:
    """One seeded random game: the full ``to_json`` text after each action (at most ``max_actions``) and
    the game's ``static_json``."""
    game = get_game(game_id)
    decks = list(game.starter_decks().values())
    rng = random.Random(seed)
    st = game.new_game([SeatSetup(f"Player {i + 1}", decks[rng.randrange(len(decks))]) for i in range(seats)],
                       None, seed)
    static = game.static_json(st)
    texts = []
    while game.result(st) is None and len(texts) < max_actions:
        d = rng.choice(game.decisions(st))
        game.apply(st, d.seat, rng.choice(d.options).id)
        texts.append(game.to_json(st))
    return texts, static


def median_us(fn, items) -> float:
    """Median microseconds of ``fn(item)`` over ``items``."""
    times = []
    clock = time.perf_counter_ns
    for x in items:
        t0 = clock()
        fn(x)
        times.append(clock() - t0)
    return statistics.median(times) / 1000


def measure(game_id: str, seats: int, games: int, seed: int, max_actions: int) -> dict[str, float]:
    game = get_game(game_id)
    full: list[str] = []
    snaps: list[tuple[str, str | None]] = []
    static_bytes = 0
    for k in range(games):
        texts, static = play(game_id, seats, seed + k, max_actions)
        full += texts
        static_bytes += len(static or "")
        for t in texts:
            snaps.append((game.snapshot(game.from_json(t)), static))
    states = [game.from_json(t) for t in full]
    # the round trip is exact (a check, not a measurement)
    for st, (snap, static) in zip(states[:50], snaps[:50], strict=False):
        assert game.to_json(game.from_snapshot(snap, static)) == game.to_json(st)
    n = len(full)
    return {
        "actions": n,
        "full_bytes": sum(len(t) for t in full) / n,
        "snap_bytes": sum(len(s) for s, _ in snaps) / n,
        "static_once": static_bytes / games,
        "static_per_action": static_bytes / n,
        "full_enc": median_us(game.to_json, states),
        "full_dec": median_us(game.from_json, full),
        "snap_enc": median_us(game.snapshot, states),
        "snap_dec": median_us(lambda p: game.from_snapshot(*p), snaps),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10, help="random games per game and seat count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-actions", type=int, default=400, help="actions kept per game at most")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    print("command: python bench/bench_snapshots.py " + " ".join(sys.argv[1:]))
    print(f"Python {platform.python_version()}, {platform.machine()}; {args.games} games each, seed {args.seed}")
    summary = []
    for game_id, seats in CONFIGS:
        m = measure(game_id, seats, args.games, args.seed, args.max_actions)
        name = f"{game_id} {seats} seats"
        print(f"{name}: {m['actions']:,} actions; full to_json {m['full_bytes']:,.0f} B/action, encode "
              f"{m['full_enc']:.0f} us, decode {m['full_dec']:.0f} us; snapshot {m['snap_bytes']:,.0f} B/action "
              f"(+ static {m['static_once']:,.0f} B once per table = {m['static_per_action']:.0f} B/action), "
              f"encode {m['snap_enc']:.0f} us, decode {m['snap_dec']:.0f} us")
        per_action = m["snap_bytes"] + m["static_per_action"]
        summary.append(
            f"SUMMARY {name}: {m['full_bytes']:,.0f} -> {per_action:,.0f} B/action with the static part spread "
            f"({per_action / m['full_bytes']:.2f}x; snapshot alone {m['snap_bytes'] / m['full_bytes']:.2f}x); "
            f"snapshot encode {m['snap_enc']:.0f} us, decode {m['snap_dec']:.0f} us "
            f"(decode/encode {m['snap_dec'] / m['snap_enc']:.2f})")
    print("\n".join(summary))


if __name__ == "__main__":
    run_main(main)
