"""REST calls per player action in a two-player MetaX game on Discord (issue 4 target: <= 2 on average).

Plays whole games between two users through the network-free harness (tests/discord_shell/harness.py):
every decision is a button click or a select pick in a DM; interaction callbacks are free and not
counted, every other request to Discord is. Needs the test extras (pytest).

Usage: python bench/bench_discord_rest.py [--games 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from games.core.rng import Rng  # noqa: E402
from tests.discord_shell.harness import FakeDiscord  # noqa: E402
from tests.discord_shell.test_bot import World, open_table, play_to_the_end  # noqa: E402


async def one_game(seed: int) -> tuple[int, int]:
    with pytest.MonkeyPatch.context() as mp, tempfile.TemporaryDirectory() as d:
        fake = FakeDiscord(mp)
        w = await World(fake, Path(d) / "bench.db").start()
        try:
            table_id, _ = await open_table(w)
            before = len(fake.rest)
            clicks = await play_to_the_end(w, table_id, Rng.from_seed(seed))
            return clicks, len(fake.rest) - before
        finally:
            await w.stop()
            await fake.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    total_clicks = total_calls = 0
    for i in range(args.games):
        clicks, calls = asyncio.run(one_game(args.seed + i))
        total_clicks += clicks
        total_calls += calls
        print(f"game {i + 1}: {clicks} actions, {calls} REST calls ({calls / clicks:.2f} per action)")
    print(f"{args.games} games: {total_calls} REST calls for {total_clicks} player actions = "
          f"{total_calls / total_clicks:.2f} per action (target <= 2)")


if __name__ == "__main__":
    main()
