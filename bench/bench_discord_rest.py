"""REST calls per player action on Discord (issue 4; issue 13 "Discord REST budget"): two-player MetaX games,
four-player Meta games with ``--game meta``, two-player MetaZoo games with ``--game metazoo`` (issue 16), or
Memesis games with ``--game memesis`` (two players) or ``--game memesis4`` (four, each their own team; issue 17),
or Meta Olympia games with ``--game metaolympia`` (two teams) or ``--game metaolympia4`` (four; issue 18).
Targets, turn notices included: MetaX and MetaZoo <= 1.5 calls per action, four-player Meta <= 2 (goal 1.5).

Plays whole games through the network-free harness (tests/discord_shell/harness.py): every decision is a
button click or a select pick in a DM; interaction callbacks and the reply edits of a click are free and
not counted, every other request to Discord is. Reproducible: game ``i`` is table seed ``--seed + i`` and
its clicks come from an RNG seeded the same, and time is simulated (``--pace`` seconds pass per action,
so DMs whose context alone changed are refreshed as often as ``--context`` allows in a game played at that
pace, not at the machine's speed). The same arguments give the same counts. Turn notices (a new DM or a
thread mention for a new decision, issue 13 §1) are reported separately and are included in the total.
Failed calls (requests Discord refused: they count toward its ban of a client after 10,000 invalid
requests in 10 minutes, issue 26 §5) are reported too, and are included in the total; ``--refuse CODE``
makes the table's thread refuse every call with that Discord error from the start of play (50013 Missing
Permissions, 50001 Missing Access: an admin took the bot's permission away). Needs the test extras
(pytest).

Usage: python bench/bench_discord_rest.py [--games 5] [--seed 1]
       [--game meta|metazoo|memesis|memesis4|metaolympia|metaolympia4] [--pace 10] [--context 30]
       [--refuse 50013]
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
from tests.discord_shell.test_bot import click_decision, decision_buttons, latest_dm  # noqa: E402
from tests.discord_shell.test_meta_bot import USERS  # noqa: E402
from tests.discord_shell.test_turns import open_seeded_table  # noqa: E402
from tests.discord_shell.world import PaceClock, World  # noqa: E402

FOUR = ("meta", "memesis4", "metaolympia4")
"""The choices played by four people (USERS); the others by two."""


async def play(w: World, table_id: str, users: tuple[int, ...], rng: Rng, pace: list[float], step: float) -> int:
    """Click a random option in a random deciding player's newest DM until the game ends; each click
    moves the simulated clock ``pace[0]`` on by ``step`` seconds. Returns the clicks."""
    t = w.service.get(table_id)
    clicks = 0
    while t.status == "playing" and clicks < 5000:
        open_now = [u for u in users if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        if not open_now:
            raise AssertionError("nobody has a decision to click but the game is not over")
        user = open_now[rng.below(len(open_now))]
        pace[0] += step
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        clicks += 1
    return clicks


async def one_game(seed: int, game: str = "metax", step: float = 10.0, context: float = 30.0,
                   refuse: int | None = None) -> tuple[int, int, int, int]:
    """One game at table seed ``seed``: ``(actions, REST calls, of which turn notices, of which failed)``
    after the start; ``refuse``: the Discord error code every call in the table's thread gets from then on."""
    with pytest.MonkeyPatch.context() as mp, tempfile.TemporaryDirectory() as d:
        fake = FakeDiscord(mp)
        pace = [0.0]
        w = await World(fake, Path(d) / "bench.db", clock=PaceClock(pace), DM_CONTEXT_INTERVAL=context).start()
        w.bot.front.now = lambda: pace[0]
        try:
            users = USERS if game in FOUR else USERS[:2]
            table_id = await open_seeded_table(w, game.removesuffix("4"), users, seed)
            if refuse is not None:
                thread = w.bot.front.tables[table_id].thread
                fake.inject(refuse, channel_id=thread, times=None)
            before, notices_before = len(fake.rest), getattr(w.bot.front, "notices", 0)
            clicks = await play(w, table_id, users, Rng.from_seed(seed), pace, step)
            failed = sum(1 for c in fake.rest[before:] if getattr(c, "error", None) is not None)
            return clicks, len(fake.rest) - before, getattr(w.bot.front, "notices", 0) - notices_before, failed
        finally:
            await w.stop()
            await fake.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1, help="table seed of the first game (game i: seed + i)")
    ap.add_argument("--game", choices=["metax", "meta", "metazoo", "memesis", "memesis4", "metaolympia", "metaolympia4"],
                    default="metax")
    ap.add_argument("--pace", type=float, default=10.0, help="simulated seconds between two player actions")
    ap.add_argument("--context", type=float, default=30.0, help="DM_CONTEXT_INTERVAL in seconds")
    ap.add_argument("--refuse", type=int, choices=[50013, 50001], default=None,
                    help="the table's thread refuses every call with this Discord error once play starts")
    args = ap.parse_args()
    total_clicks = total_calls = total_notices = total_failed = 0
    for i in range(args.games):
        clicks, calls, notices, failed = asyncio.run(one_game(args.seed + i, args.game, args.pace, args.context,
                                                              args.refuse))
        total_clicks += clicks
        total_calls += calls
        total_notices += notices
        total_failed += failed
        print(f"game {i + 1} (seed {args.seed + i}): {clicks} actions, {calls} REST calls "
              f"({calls / clicks:.2f} per action), of which {notices} turn notices ({notices / clicks:.2f}) "
              f"and {failed} failed ({failed / clicks:.2f})")
    target = "2 (goal 1.5)" if args.game in FOUR else "1.5"
    refused = f", the thread refusing every call ({args.refuse})" if args.refuse else ""
    print(f"{args.games} {args.game} games{refused}: {total_calls} REST calls for {total_clicks} player actions = "
          f"{total_calls / total_clicks:.2f} per action, notices included (target <= {target}); "
          f"turn notices {total_notices} = {total_notices / total_clicks:.2f} per action; "
          f"failed calls {total_failed} = {total_failed / total_clicks:.2f} per action")


if __name__ == "__main__":
    run_main(main)
