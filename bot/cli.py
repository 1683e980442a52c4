"""The ``metahost`` command: terminal play, simulations and scenario files.

``metahost play meta --seats 4`` · ``metahost play metax`` · ``metahost resume TABLE`` · ``metahost tables`` · ``metahost audit`` ·
``metahost simulate meta --seats 4 --games N --seed S`` · ``metahost scenario FILE...``
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

from games import game_ids, get_game


def cmd_play(args: argparse.Namespace) -> int:
    from bot.local import default_db, play

    game = get_game(args.game)
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000
    decks = None
    if args.deck or args.computer_deck:
        names = sorted(game.starter_decks())
        decks = [args.deck or names[0], args.computer_deck or names[1]]
        for d in decks:
            if d not in names:
                print(f"Unknown deck '{d}'. Starter decks: {', '.join(names)}", file=sys.stderr)
                return 2
    return asyncio.run(play(args.game, Path(args.db or default_db()), seed, args.name, decks, seats=args.seats))


def cmd_resume(args: argparse.Namespace) -> int:
    from bot.local import default_db, play

    return asyncio.run(play("", Path(args.db or default_db()), 0, "", resume=args.table))


def cmd_tables(args: argparse.Namespace) -> int:
    from bot.local import default_db
    from bot.store import Store

    async def run() -> int:
        store = await Store.open(Path(args.db or default_db()))
        try:
            rows = await store.list_tables()
        finally:
            await store.close()
        if not rows:
            print("No stored tables.")
        for tid, game, place, status, updated in rows:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(updated))
            print(f"{tid}  {game:<8} {status:<9} {place:<20} {when}")
        return 0

    return asyncio.run(run())


def cmd_audit(args: argparse.Namespace) -> int:
    from bot.audit import audit
    from bot.local import default_db
    from bot.store import Store

    async def run() -> int:
        store = await Store.open(Path(args.db or default_db()))
        try:
            findings = await audit(store)
        finally:
            await store.close()
        bad = [f for f in findings if not f.ok]
        for f in bad:
            print(f"MISMATCH {f.table_id}: {f.message}")
        print(f"{len(findings)} tables audited, {len(bad)} differ from their snapshot")
        return 1 if bad else 0

    return asyncio.run(run())


def cmd_bot(args: argparse.Namespace) -> int:
    import logging

    from pydantic import ValidationError

    from bot.settings import Settings
    from bot.shell.app import run

    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        print(f"metahost bot: bad settings ({problems}). See .env.example.", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(run(settings))


def cmd_selfplay(args: argparse.Namespace) -> int:
    from bot.local import selfplay

    return asyncio.run(selfplay(args.game, Path(args.db), args.seed, table_id=args.resume))


def cmd_simulate(args: argparse.Namespace) -> int:
    from games.core.playout import simulate

    game = get_game(args.game)
    if args.seats is not None and not game.min_seats <= args.seats <= game.max_seats:
        print(f"{game.name} is played by {game.min_seats} to {game.max_seats} players, not {args.seats}.",
              file=sys.stderr)
        return 2
    n, d, secs = simulate(game, args.games, args.seed, args.seats)
    print(f"{n} games, {d} decisions, {d / secs:.0f} decisions/s")
    return 0


def cmd_scenario(args: argparse.Namespace) -> int:
    from games.core.scenario import run_file

    failed = 0
    for path in args.files:
        rep = run_file(path)
        if rep.passed:
            print(f"PASS {path} ({rep.name}, {rep.steps} steps)")
        else:
            failed += 1
            print(f"FAIL {path} ({rep.name}): {rep.message}")
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="metahost", description="Host tabletop games on Discord or in a terminal.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play in the terminal against a computer player")
    p.add_argument("game", choices=game_ids())
    p.add_argument("--seed", type=int)
    p.add_argument("--name", default="Player")
    p.add_argument("--seats", type=int, help="number of players, you included (default: the game's minimum)")
    p.add_argument("--deck", help="your starter deck id")
    p.add_argument("--computer-deck", help="the computer's starter deck id")
    p.add_argument("--db", help="database file (default: $METAHOST_DB or var/metahost.db)")
    p.set_defaults(func=cmd_play)
    r = sub.add_parser("resume", help="continue a stored terminal game")
    r.add_argument("table")
    r.add_argument("--db")
    r.set_defaults(func=cmd_resume)
    t = sub.add_parser("tables", help="list stored tables")
    t.add_argument("--db")
    t.set_defaults(func=cmd_tables)
    a = sub.add_parser("audit", help="replay every stored game and report any that differs from its snapshot")
    a.add_argument("--db")
    a.set_defaults(func=cmd_audit)
    b = sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    b.set_defaults(func=cmd_bot)
    sp = sub.add_parser("selfplay", help="computer vs computer through the host and a database (testing)")
    sp.add_argument("game", choices=game_ids())
    sp.add_argument("--db", required=True)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--resume", help="continue this table instead of creating one")
    sp.set_defaults(func=cmd_selfplay)
    s = sub.add_parser("simulate", help="computer against computer, random players")
    s.add_argument("game", choices=game_ids())
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--seats", type=int, help="number of players (default: the game's minimum)")
    s.set_defaults(func=cmd_simulate)
    c = sub.add_parser("scenario", help="run scenario files and report pass/fail per file")
    c.add_argument("files", nargs="+")
    c.set_defaults(func=cmd_scenario)
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
