"""REST calls per player action on Discord (docs/performance.md, "Discord REST budget"): whole games of
any game through the network-free harness, ``--game G --seats K`` (``--teams 2v2`` for a team format,
``--option key=value`` for the game's table options; the old names ``memesis4`` and ``metaolympia4`` still mean
four seats). Target, turn notices included: at most 1.5 calls per action for every game and seat count, no
notice for a decision with one option (S = 0) and no failed call (F = 0).

Plays whole games through the network-free harness (tests/discord_shell/harness.py): every decision is a
button click or a select pick in a DM; interaction callbacks and the reply edits of a click are free and
not counted, every other request to Discord is. Reproducible: game ``i`` is table seed ``--seed + i`` and
its clicks come from an RNG seeded the same, and time is simulated (``--pace`` seconds pass per action,
so DMs whose context alone changed are refreshed as often as ``--context`` allows in a game played at that
pace, not at the machine's speed). The same arguments give the same counts. Turn notices (a new DM or a
thread mention for a new decision) are reported separately and are included in the total;
single-option notices (S) are notices whose decision offered one option (a publicly forced one
must be taken for the player, never notified). Failed calls (requests Discord refused: they count toward its
ban of a client after 10,000 invalid requests in 10 minutes) are reported too, and are included
in the total; ``--refuse CODE`` makes the table's thread refuse every call with that Discord error from the
start of play (50013 Missing Permissions, 50001 Missing Access: an admin took the bot's permission away).
``--kinds`` prints the calls of each game by kind (board edits, DM edits, notices...). Needs the test extras
(pytest).

Usage: python bench/bench_discord_rest.py [--games 5] [--seed 1]
       [--game metax|meta|metazoo|memesis|metaolympia] [--seats K] [--teams 2v2] [--option key=value]
       [--pace 10] [--context 30] [--hold 30] [--refuse 50013] [--kinds]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from bench.closed_pipe import run_main  # noqa: E402
from games import game_ids  # noqa: E402
from games.core.rng import Rng  # noqa: E402
from tests.discord_shell.harness import FakeDiscord  # noqa: E402
from tests.discord_shell.test_bot import click_decision, decision_buttons, latest_dm  # noqa: E402
from tests.discord_shell.test_meta_bot import USERS  # noqa: E402
from tests.discord_shell.world import PaceClock, World, open_seeded_table  # noqa: E402

ALIASES = {"memesis4": ("memesis", 4), "metaolympia4": ("metaolympia", 4)}
"""The bench's former game names: a game and its seat count."""
SEATS = {"meta": 4}
"""The seat count of a game played without ``--seats`` (else two), as the bench always played it."""


def decision_ids(call) -> list[dict]:
    """The decision components (``mh:d:`` buttons, ``mh:m:`` menus) a REST call's message carries."""
    return [comp for row in (call.json or {}).get("components") or [] for comp in row.get("components") or []
            if str(comp.get("custom_id", "")).startswith(("mh:d:", "mh:m:"))]


def single_option(call) -> bool:
    """Whether a message carries a decision with exactly one option (one button, or a menu of one)."""
    comps = decision_ids(call)
    options = sum(len(c.get("options") or []) if c["custom_id"].startswith("mh:m:") else 1 for c in comps)
    return options == 1


def kind_of(call, dms: set[int], board: int | None) -> str:
    """A REST call's kind for ``--kinds``: a DM notice (a new DM with a decision), another new DM, a DM edit, a
    board edit or post, a thread message (mentions, reminders, results), or other."""
    if call.channel_id in dms:
        if call.method == "POST":
            return "DM notice" if decision_ids(call) else "DM post"
        return "DM edit" if call.method == "PATCH" else f"DM {call.method}"
    if call.method == "PATCH" and board is not None and call.message_id == board:
        return "board edit"
    if call.method == "PATCH":
        return "other edit"
    return "thread/channel post" if call.method == "POST" else f"other {call.method}"


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


class Count(NamedTuple):
    """One game's counts: player ``actions``, REST ``calls`` (after the start), of which turn ``notices``,
    ``single`` notices of a decision with one option and ``failed`` calls; ``kinds``: calls by kind."""

    actions: int
    calls: int
    notices: int
    single: int
    failed: int
    kinds: Counter


async def one_game(seed: int, game: str = "metax", step: float = 10.0, context: float = 30.0,
                   refuse: int | None = None, seats: int | None = None, teams: str | None = None,
                   options: list[str] | None = None, hold: float = 30.0) -> Count:
    """One game at table seed ``seed`` with ``seats`` people (default :data:`SEATS`, else 2); ``refuse``: the
    Discord error code every call in the table's thread gets from then on; ``hold``: ``BOARD_HOLD`` in seconds
    (the bot's default, 30: one player's choices in a row reach the board together)."""
    game, seats = ALIASES.get(game, (game, seats))
    seats = seats or SEATS.get(game, 2)
    with pytest.MonkeyPatch.context() as mp, tempfile.TemporaryDirectory() as d:
        fake = FakeDiscord(mp)
        pace = [0.0]
        users = tuple(1000 + k for k in range(seats)) if seats > len(USERS) else USERS[:seats]
        w = await World(fake, Path(d) / "bench.db", clock=PaceClock(pace), members=tuple(sorted({*USERS, *users})),
                        DM_CONTEXT_INTERVAL=context, BOARD_HOLD=hold).start()
        w.bot.front.now = lambda: pace[0]
        try:
            table_id = await open_seeded_table(w, game, users, seed, teams, options or [])
            m = w.bot.front.tables[table_id]
            if refuse is not None:
                fake.inject(refuse, channel_id=m.thread, times=None)
            before, notices_before = len(fake.rest), getattr(w.bot.front, "notices", 0)
            writes = dict(getattr(w.bot.front, "dm_writes", {}))
            clicks = await play(w, table_id, users, Rng.from_seed(seed), pace, step)
            calls = fake.rest[before:]
            dms = set(fake.dm_channels.values())
            board = m.board[1] if m.board else None
            return Count(clicks, len(calls), getattr(w.bot.front, "notices", 0) - notices_before,
                         sum(1 for c in calls if c.channel_id in dms and c.method == "POST" and single_option(c)),
                         sum(1 for c in calls if getattr(c, "error", None) is not None),
                         Counter(kind_of(c, dms, board) for c in calls)
                         + Counter({f"DM write ({why})": n - writes.get(why, 0)
                                    for why, n in getattr(w.bot.front, "dm_writes", {}).items()}))
        finally:
            await w.stop()
            await fake.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1, help="table seed of the first game (game i: seed + i)")
    ap.add_argument("--game", choices=[*game_ids(), *ALIASES], default="metax")
    ap.add_argument("--seats", type=int, default=None, help="people at the table (default: 4 for meta, else 2)")
    ap.add_argument("--teams", default=None, help="a team format of a team game (2v2, 1v3, ffa...)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option of the game")
    ap.add_argument("--pace", type=float, default=10.0, help="simulated seconds between two player actions")
    ap.add_argument("--context", type=float, default=30.0, help="DM_CONTEXT_INTERVAL in seconds")
    ap.add_argument("--hold", type=float, default=30.0, help="BOARD_HOLD in seconds (0: a board edit per action)")
    ap.add_argument("--refuse", type=int, choices=[50013, 50001], default=None,
                    help="the table's thread refuses every call with this Discord error once play starts")
    ap.add_argument("--kinds", action="store_true", help="print each game's calls by kind")
    args = ap.parse_args()
    total = Count(0, 0, 0, 0, 0, Counter())
    for i in range(args.games):
        c = asyncio.run(one_game(args.seed + i, args.game, args.pace, args.context, args.refuse, args.seats,
                                 args.teams, args.option, args.hold))
        total = Count(total.actions + c.actions, total.calls + c.calls, total.notices + c.notices,
                      total.single + c.single, total.failed + c.failed, total.kinds + c.kinds)
        print(f"game {i + 1} (seed {args.seed + i}): {c.actions} actions, {c.calls} REST calls "
              f"({c.calls / c.actions:.2f} per action), of which {c.notices} turn notices ({c.notices / c.actions:.2f}), "
              f"{c.single} single-option notices and {c.failed} failed ({c.failed / c.actions:.2f})")
        if args.kinds:
            print("  by kind: " + ", ".join(f"{k} {n} ({n / c.actions:.2f})" for k, n in c.kinds.most_common()))
    game, seats = ALIASES.get(args.game, (args.game, args.seats))
    seats = seats or SEATS.get(game, 2)
    what = f"{game} {seats}-seat" + (f" {args.teams}" if args.teams else "") + \
        ("".join(f" {o}" for o in args.option))
    refused = f", the thread refusing every call ({args.refuse})" if args.refuse else ""
    if args.kinds:
        print("by kind: " + ", ".join(f"{k} {n} ({n / total.actions:.2f})" for k, n in total.kinds.most_common()))
    print(f"{args.games} {what} games{refused}: {total.calls} REST calls for {total.actions} player actions = "
          f"{total.calls / total.actions:.2f} per action, notices included (target <= 1.5); "
          f"turn notices {total.notices} = {total.notices / total.actions:.2f} per action; "
          f"single-option notices {total.single}; failed calls {total.failed}")


if __name__ == "__main__":
    run_main(main)
