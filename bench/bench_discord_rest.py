"""REST calls per player action on Discord: two-player MetaX games (issue 4 target: <= 2 on average), or
four-player Meta games with ``--game meta`` (every action refreshes every player's DM in the pushing stage).

Plays whole games between two users through the network-free harness (tests/discord_shell/harness.py):
every decision is a button click or a select pick in a DM; interaction callbacks are free and not
counted, every other request to Discord is. Needs the test extras (pytest).

Usage: python bench/bench_discord_rest.py [--games 5] [--seed 1] [--game meta]
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

from bench.closed_pipe import run_main  # noqa: E402
from games.core.rng import Rng  # noqa: E402
from tests.discord_shell.harness import FakeDiscord  # noqa: E402
from tests.discord_shell.test_bot import (  # noqa: E402  # noqa: E402
    click_decision,
    decision_buttons,
    latest_dm,
    open_table,
    play_to_the_end,
)
from tests.discord_shell.test_meta_bot import USERS, open_meta_table  # noqa: E402
from tests.discord_shell.world import World  # noqa: E402


async def meta_clicks(w: World, table_id: str, rng: Rng) -> int:
    """Click a random option in a random player's DM until the Meta game ends; returns the clicks."""
    t = w.service.get(table_id)
    clicks = 0
    while t.status == "playing" and clicks < 5000:
        open_now = [u for u in USERS if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        user = open_now[rng.below(len(open_now))]
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        clicks += 1
    return clicks


async def one_game(seed: int, game: str = "metax") -> tuple[int, int]:
    with pytest.MonkeyPatch.context() as mp, tempfile.TemporaryDirectory() as d:
        fake = FakeDiscord(mp)
        w = await World(fake, Path(d) / "bench.db").start()
        try:
            if game == "meta":
                table_id = await open_meta_table(w)
                before = len(fake.rest)
                clicks = await meta_clicks(w, table_id, Rng.from_seed(seed))
            else:
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
    ap.add_argument("--game", choices=["metax", "meta"], default="metax")
    args = ap.parse_args()
    total_clicks = total_calls = 0
    for i in range(args.games):
        clicks, calls = asyncio.run(one_game(args.seed + i, args.game))
        total_clicks += clicks
        total_calls += calls
        print(f"game {i + 1}: {clicks} actions, {calls} REST calls ({calls / clicks:.2f} per action)")
    print(f"{args.games} games: {total_calls} REST calls for {total_clicks} player actions = "
          f"{total_calls / total_clicks:.2f} per action (target <= 2)")


if __name__ == "__main__":
    run_main(main)
