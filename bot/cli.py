"""The ``metahost`` command: terminal play, simulations and scenario files.

``metahost play metax`` · ``metahost simulate metax --games N --seed S`` · ``metahost scenario FILE...``
"""

from __future__ import annotations

import argparse
import sys
import time

from games import game_ids, get_game


def cmd_play(args: argparse.Namespace) -> int:
    from bot.terminal import TerminalGame, new_local_game

    game = get_game(args.game)
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000
    decks = None
    if args.deck or args.computer_deck:
        names = list(game.starter_decks())
        decks = [args.deck or names[0], args.computer_deck or names[1]]
        for d in decks:
            if d not in names:
                print(f"Unknown deck '{d}'. Starter decks: {', '.join(names)}", file=sys.stderr)
                return 2
    state = new_local_game(game, args.name, seed, decks)
    print(f"{game.name} · seed {seed} · you are {args.name}. Type h for help.")
    return TerminalGame(game, state, 0, {1: game.computer(seed)}).run()


def cmd_simulate(args: argparse.Namespace) -> int:
    from games.core.playout import simulate

    n, d, secs = simulate(get_game(args.game), args.games, args.seed)
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
    p.add_argument("--deck", help="your starter deck id")
    p.add_argument("--computer-deck", help="the computer's starter deck id")
    p.set_defaults(func=cmd_play)
    s = sub.add_parser("simulate", help="computer against computer, random players")
    s.add_argument("game", choices=game_ids())
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.set_defaults(func=cmd_simulate)
    c = sub.add_parser("scenario", help="run scenario files and report pass/fail per file")
    c.add_argument("files", nargs="+")
    c.set_defaults(func=cmd_scenario)
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
