"""The ``metahost`` command: terminal play, simulations and scenario files.

``metahost play meta --seats 4`` · ``metahost play metax`` · ``metahost resume TABLE`` · ``metahost tables`` · ``metahost audit`` ·
``metahost simulate meta --seats 4 --games N --seed S`` · ``metahost simulate memesis --teams 2v2 --games N`` ·
``metahost simulate metaolympia --seats 4 --option gambling=on`` · ``metahost play metaolympia --team-name NAME`` ·
``metahost play memesis --no-stealth`` · ``metahost play GAME --option key=value --team-name NAME`` ·
``metahost scenario FILE...`` ·
``metahost deck list|show|import|export|validate`` · ``metahost rules [GAME] TOPIC`` · ``metahost help [GAME]`` ·
``metahost picture GAME --seed S --after N --out FILE.png``

Exit status: 0 done (a terminal game left with q, end of input or Ctrl-C too: it prints the command that
continues it); 1 a failed check (audit, scenario, validate); 2 refused
input; 3 the database could not be used: one line names the file, what is wrong and what to do,
and nothing stored is lost.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

from bot.store import StoreError
from bot.web import add_web_command
from games import game_ids, get_game


def cmd_play(args: argparse.Namespace) -> int:
    from bot.local import default_db, play

    game = get_game(args.game)
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000
    if _team_problem(game, args.teams, args.seats) or _stealth_problem(game, args.no_stealth) \
            or _table_options(game, args.option) is None or _team_name_problem(game, args.team_name):
        return 2
    decks = None
    if (args.deck or args.computer_deck) and not game.has_decks:
        print(f"metahost: {game.name} is played without decks, so --deck and --computer-deck do not apply: leave "
              "them out.", file=sys.stderr)
        return 2
    if args.deck or args.computer_deck:
        names = sorted(game.starter_decks())
        decks = [args.deck or names[0], args.computer_deck or names[1]]
        # Your deck may also be one of your saved decks (metahost deck import …), looked up in the store.
        if decks[1] not in names:
            print(f"Unknown deck '{decks[1]}'. Computer players use a starter deck: {', '.join(names)}",
                  file=sys.stderr)
            return 2
    pictures = _picture_dir(args.pictures)
    if pictures is False:
        return 2
    location = None
    if args.surroundings == "derived" and args.place is None:
        print('metahost: --surroundings derived reads the real sky, so it needs where you play: add --place '
              '"name, latitude, longitude, timezone", e.g. --place "Oslo, 59.91, 10.75, Europe/Oslo".',
              file=sys.stderr)
        return 2
    if args.place is not None:
        from games.core.surroundings import Place  # the one place parser

        try:
            location = Place.parse(args.place).to_json()
        except ValueError as exc:
            print(f"metahost: bad --place: {exc}", file=sys.stderr)
            return 2
    return asyncio.run(play(args.game, args.db or default_db(), seed, args.name, decks, seats=args.seats,
                            pictures=pictures, surroundings=args.surroundings, location=location,
                            series=args.series, teams=args.teams, stealth=False if args.no_stealth else None,
                            table_options=args.option, team_name=args.team_name, level=args.level))


def _table_options(game, words: list[str] | None) -> dict | None:
    """The values of ``--option key=value`` (repeatable) for the game's table options (``Game.table_options``,
    :func:`bot.host.parse_table_options`): only those that differ from the default. ``None`` after
    printing what was wrong and the game's options."""
    from bot.host import TableError, parse_table_options

    try:
        return parse_table_options(game, words)
    except TableError as exc:
        print(f"metahost: {exc.message.replace('`', '')}", file=sys.stderr)
        return None


def _team_name_problem(game, team_name: str | None) -> bool:
    """``--team-name`` refused for a game without team names (``Game.has_team_names``, MO-SET-09): ``True``
    after printing one line saying so (a bad name is refused when the table opens)."""
    if team_name is not None and not game.has_team_names:
        print(f"metahost: {game.name} has no team names, so --team-name does not apply: leave it out.",
              file=sys.stderr)
        return True
    return False


def _stealth_problem(game, no_stealth: bool) -> bool:
    """``--no-stealth`` refused for a game without Stealth (``Game.has_stealth``; Memesis has it,
    MEM-STL-11): ``True`` after printing one line saying so."""
    if no_stealth and not game.has_stealth:
        print(f"metahost: {game.name} has no Stealth, so --no-stealth does not apply: leave it out.",
              file=sys.stderr)
        return True
    return False


def _team_problem(game, teams: str | None, seats: int | None) -> bool:
    """``--teams`` checked: refused for a game without teams, or a format that does not fit
    ``--seats``; ``True`` after printing what is wrong and what would be right."""
    if teams is None:
        return False
    from games.core.teams import format_sizes

    if not game.has_teams:
        print(f"metahost: {game.name} has no teams, so --teams does not apply: leave it out.", file=sys.stderr)
        return True
    try:
        format_sizes(teams, seats if seats is not None or teams.strip().lower() != "ffa" else game.min_seats)
    except ValueError as exc:
        print(f"metahost: bad --teams: {exc}", file=sys.stderr)
        return True
    return False


def team_options(game, teams: str | None, seats: int | None) -> tuple[int | None, dict | None]:
    """The seat count and ``new_game`` options of ``metahost simulate --teams``: the
    format's teams seated allies apart (:func:`games.core.teams.arranged`: 2v2 → ``[0, 1, 0, 1]``); without
    ``--seats`` the format sets the count (ffa: the game's minimum). ``(seats, None)`` without teams."""
    if teams is None:
        return seats, None
    from games.core.teams import arranged, format_sizes

    if seats is None:
        seats = game.min_seats if teams.strip().lower() == "ffa" else sum(format_sizes(teams, None))
    sizes = format_sizes(teams, seats)
    lobby = [team for team, size in enumerate(sizes) for _ in range(size)]
    return seats, {"teams": arranged(lobby)}


def _problems(exc) -> str:
    """A settings ``ValidationError`` in words: ``NAME: what is wrong`` (just what, when no one setting is)."""
    return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" if e["loc"] else e["msg"] for e in exc.errors())


def _game_settings() -> bool:
    """Apply the games' settings (``METAZOO_SPELLBOOK_MAX``) from the environment or ``.env``; ``False``
    after printing what is wrong with them."""
    from pydantic import ValidationError

    from bot.settings import Settings, apply_game_settings

    try:
        apply_game_settings(Settings())
    except ValidationError as exc:
        print(f"metahost: bad settings ({_problems(exc)}). See .env.example.", file=sys.stderr)
        return False
    return True


def cmd_resume(args: argparse.Namespace) -> int:
    from bot.local import default_db, play

    pictures = _picture_dir(args.pictures)
    if pictures is False:
        return 2
    return asyncio.run(play("", args.db or default_db(), 0, "", resume=args.table, pictures=pictures))


def _picture_dir(text: str | None) -> Path | None | bool:
    """``--pictures DIR`` made ready (created if missing): the directory, ``None`` when not asked, or
    ``False`` after printing why it cannot be used."""
    if text is None:
        return None
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"metahost: cannot use '{text}' for pictures ({exc.strerror or exc}); give a directory you can "
              "write to, e.g. --pictures var/pictures", file=sys.stderr)
        return False
    if not os.access(path, os.W_OK):
        print(f"metahost: cannot write pictures into '{text}'; give a directory you can write to, e.g. "
              "--pictures var/pictures", file=sys.stderr)
        return False
    return path


def cmd_picture(args: argparse.Namespace) -> int:
    """Play ``--after`` random decisions of a seeded game (``--computers``: the game's computer
    players' decisions, a position like a real game's; ``--option key=value``: the game's table options)
    and write the public board (the spectator's view) as a PNG to ``--out``; prints the path. Exit 2 with
    one line on bad input."""
    from bot.picture import board_png
    from games.core.players import RandomPlayer
    from games.core.playout import starter_seats

    if args.game not in game_ids():
        print(f"metahost: unknown game '{args.game}'; choose one of: {', '.join(game_ids())}.", file=sys.stderr)
        return 2
    game = get_game(args.game)
    chosen = _table_options(game, args.option)  # e.g. Meta Olympia's mega=on for 5 to 8 teams
    if chosen is None:
        return 2
    seats = args.seats if args.seats is not None else game.min_seats
    limit = game.seat_limit(chosen)
    problem = None
    if args.after < 0:
        problem = f"--after must be 0 or more decisions, not {args.after}."
    elif not game.min_seats <= seats <= limit:
        problem = f"{game.name} is played by {game.min_seats} to {limit} players, not {seats}."
    elif game.layout(game.view(game.new_game(starter_seats(game, 0, game.min_seats), None, 0), None)) is None:
        problem = f"{game.name} has no board picture yet."
    if problem:
        print(f"metahost: {problem}", file=sys.stderr)
        return 2
    out = Path(args.out)
    state = game.new_game(starter_seats(game, args.seed, seats), chosen or None, args.seed)
    players = [RandomPlayer(args.seed * 7 + p) for p in range(seats)]
    computers = [game.computer(args.seed * 7 + p) for p in range(seats)]
    played = 0
    while played < args.after:
        open_ = game.decisions(state)
        if not open_:
            break  # the game ended first: the final board is pictured
        d = open_[0]
        choice = (computers[d.seat](d, game.view(state, d.seat)) if args.computers
                  else players[d.seat](d))
        game.apply(state, d.seat, choice)
        played += 1
    data = board_png(game, game.view(state, None))
    assert data is not None
    try:
        out.write_bytes(data)
    except OSError as exc:
        print(f"metahost: cannot write '{args.out}' ({exc.strerror or exc}); give a file path in a directory "
              "you can write to, e.g. --out board.png", file=sys.stderr)
        return 2
    ended = "" if played == args.after else f" (the game ended after {played} decisions)"
    print(f"{out}{ended}")
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    from bot.local import default_db
    from bot.store import Store

    async def run() -> int:
        store = await Store.open(args.db or default_db(), check_writable=False)
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
        store = await Store.open(args.db or default_db(), check_writable=False)
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


def cmd_db(args: argparse.Namespace) -> int:
    """``metahost db copy --from SOURCE --to DESTINATION`` (:func:`bot.dbcopy.copy_command`)."""
    from bot.dbcopy import copy_command

    return asyncio.run(copy_command(args.source, args.dest))


def cmd_bot(args: argparse.Namespace) -> int:
    import logging

    from pydantic import ValidationError

    from bot.settings import Settings
    from bot.shell.app import run

    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"metahost bot: bad settings ({_problems(exc)}). See .env.example.", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(run(settings, args.shards, args.shard_count))


def cmd_selfplay(args: argparse.Namespace) -> int:
    from bot.local import selfplay

    return asyncio.run(selfplay(args.game, args.db, args.seed, table_id=args.resume))


def simulate_options(game, seed: int, seats: int | None, teams: str | None = None, no_stealth: bool = False,
                     words: list[str] | None = None) -> tuple[int | None, dict | None] | None:
    """The seat count and ``new_game`` options every game of ``metahost simulate`` (and
    ``bench/bench_playouts.py``) gets, as a table would pass them: ``--teams``, ``--no-stealth``
    (MEM-STL-11), ``--option key=value`` words and, at a game with team names, generated team names and
    colours (MO-SET-09/10, as a table's lobby gives them). ``None`` after printing what is wrong (exit 2)."""
    if _team_problem(game, teams, seats) or _stealth_problem(game, no_stealth):
        return None
    chosen = _table_options(game, words)
    if chosen is None:
        return None
    seats, options = team_options(game, teams, seats)
    if no_stealth:
        options = dict(options or {}, stealth=False)  # MEM-STL-11: no card is played face down
    if chosen:
        options = dict(options or {}, **chosen)  # as a table with these options passes them
    limit = game.seat_limit(chosen)
    if seats is not None and not game.min_seats <= seats <= limit:
        print(f"{game.name} is played by {game.min_seats} to {limit} players, not {seats}.", file=sys.stderr)
        return None
    if game.has_team_names:  # MO-SET-09/10: generated names and colours, as a table's lobby gives them
        from bot.host import PALETTE

        names: list[str] = []
        for seat in range(seats or game.min_seats):
            names.append(game.team_name(seed, seat, names))
        options = dict(options or {}, team_names=names, colours=list(PALETTE[:len(names)]))
    return seats, options


def cmd_simulate(args: argparse.Namespace) -> int:
    from games.core.playout import simulate

    game = get_game(args.game)
    got = simulate_options(game, args.seed, args.seats, args.teams, args.no_stealth, args.option)
    if got is None:
        return 2
    seats, options = got
    n, d, secs = simulate(game, args.games, args.seed, seats, options)
    print(f"{n} games, {d} decisions, {d / secs:.0f} decisions/s")
    return 0


def cmd_scenario(args: argparse.Namespace) -> int:
    from games.core.scenario import run_file

    failed = 0
    for path in args.files:
        rep = run_file(path, get_game)
        if rep.passed:
            print(f"PASS {path} ({rep.name}, {rep.steps} steps)")
        else:
            failed += 1
            print(f"FAIL {path} ({rep.name}): {rep.message}")
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _deck_games(game: str | None) -> list[str]:
    from games import GAME_MODULES, NO_PERSONAL_DECKS

    return [game] if game else [g for g in sorted(GAME_MODULES) if g not in NO_PERSONAL_DECKS]


def starter_deck(ref: str | None, game: str | None):
    """The starter deck ``ref`` names (its id or display name, any case) of ``game`` (any deck game when
    ``None``) as an unsaved :class:`bot.store.DeckRow` named after it, or ``None`` (Terminal:
    "starter decks can be exported"). :class:`bot.decks.DeckError` for an unknown game."""
    from collections import Counter

    from bot.decks import deck_game
    from bot.store import DeckRow

    if not ref:
        return None
    want = " ".join(ref.split()).casefold()
    for gid in _deck_games(game):
        g = deck_game(gid)
        for sid, title in g.starter_names().items():
            if want in (sid.casefold(), title.casefold()):
                return DeckRow(0, "starter", gid, title, list(Counter(g.starter_decks()[sid]).items()), 0, 0)
    return None


def starter_names(game: str | None) -> str:
    """``"heroes-rush (MetaX), …"``: every starter deck id a command accepts, with its game."""
    from bot.decks import deck_game

    return ", ".join(f"{sid} ({deck_game(gid).name})" for gid in _deck_games(game)
                     for sid in sorted(deck_game(gid).starter_decks()))


def cmd_deck(args: argparse.Namespace) -> int:
    """``metahost deck …``: the same decks, formats and checks as ``/deck``, against the same store.
    Exit status 0 done (or legal), 1 illegal deck (``validate``), 2 refused input."""
    from bot.decks import (
        DeckError,
        DeckService,
        archive_lines,
        copy_cap,
        deck_game,
        export_text,
        grouped,
        parse_list,
        problem_lines,
        size_text,
        terminal_words,
    )
    from bot.local import default_db
    from bot.store import DeckRow, Store

    def read(path: str) -> str:
        if path == "-":
            return sys.stdin.read()
        try:
            return Path(path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise DeckError(f"Cannot read {path}: {exc}") from None

    def listing(deck: DeckRow, problems: list) -> None:
        game = deck_game(deck.game)
        catalog = game.card_catalog()
        have = dict(deck.cards)
        print(f"{deck.name} — {catalog.game_name} deck, {size_text(game, deck.total, of=False)}")
        for kind, cards in grouped(deck, catalog):
            print(f"  {kind} ({sum(have[c.id] for c in cards)})")
            for c in cards:
                print(f"    {have[c.id]}× {c.label}")
        if deck.archive:  # MZ-BOOK-04: MetaZoo's side-deck, used only between games of a series
            print(f"  Archive ({sum(n for _, n in deck.archive)})")
            for line in archive_lines(deck, catalog):
                print(f"    {line}")
        print("Legal." if not problems else "Not legal:\n" + "\n".join(f"  {line}" for line in problem_lines(problems)))

    async def run() -> int:
        # A list file is validated without the database; only import writes, so the other actions also
        # work on a read-only database.
        file_only = args.action == "validate" and args.deck is not None and (
            args.deck == "-" or Path(args.deck).is_file())
        store = None if file_only else await Store.open(args.db or default_db(),
                                                          check_writable=args.action == "import")
        svc = DeckService(store)  # type: ignore[arg-type]  # check() alone needs no store
        try:
            if args.action == "list":
                if args.game:
                    deck_game(args.game)
                rows = await svc.decks(args.user, args.game)
                if not rows:
                    print(f"No decks for user {args.user}. Import one: metahost deck import FILE --game G --name N")
                for d in rows:
                    ok = svc.check(d)
                    mark = "legal" if ok.legal else "not legal: " + ", ".join(sorted({p.rule for p in ok.problems}))
                    print(f"{d.name:<30} {d.game:<8} {d.total:>3} cards  {mark}")
                return 0
            if args.action == "show":
                deck = await svc.find(args.user, args.deck, args.game)
                listing(deck, svc.check(deck).problems)
                return 0
            if args.action == "import":
                if args.deck is None:
                    raise DeckError("import needs a list FILE (or - for stdin), e.g. metahost deck import list.txt "
                                    "--game meta --name 'My deck'.")
                if not args.game or not args.name:
                    raise DeckError("import needs --game and --name, e.g. metahost deck import list.txt --game meta "
                                    "--name 'My deck'.")
                deck = await svc.import_list(args.user, args.game, args.name, read(args.deck), args.replace)
                print(f"Imported {deck.name}: {deck.total} cards.")
                listing(deck, svc.check(deck).problems)
                return 0
            if args.action == "export":
                try:
                    deck, text = await svc.export(args.user, args.deck, args.game)
                except DeckError as exc:
                    # Not one of the user's decks: a starter deck exports in the same list format.
                    deck = starter_deck(args.deck, args.game) if exc.code == "no_deck" else None
                    if deck is None:
                        if exc.code == "no_deck":
                            raise DeckError(f"{exc.message} Starter decks export too: {starter_names(args.game)}.",
                                            code=exc.code) from None
                        raise
                    text = export_text(deck, deck_game(deck.game).card_catalog())
                if args.out:
                    try:
                        Path(args.out).write_text(text, encoding="utf-8")
                    except OSError as exc:
                        raise DeckError(f"Cannot write {args.out}: {exc.strerror or exc}. Choose another "
                                        "--out file, or leave --out out to print the list.") from None
                    print(f"Wrote {deck.name} to {args.out}.")
                else:
                    sys.stdout.write(text)
                return 0
            # validate: a file (or - for stdin) is checked without saving; anything else names a saved deck
            if file_only:
                if not args.game:
                    raise DeckError("validate FILE needs --game (meta, metax).")
                game = deck_game(args.game)
                cards = parse_list(read(args.deck), game.card_catalog(), copy_cap(game))
                deck = DeckRow(0, args.user, args.game, Path(args.deck).stem, cards, 0, 0)
            else:
                deck = await svc.find(args.user, args.deck, args.game)
            problems = svc.check(deck).problems
            listing(deck, problems)
            return 1 if problems else 0
        except DeckError as exc:
            print(terminal_words(exc.message), file=sys.stderr)
            return 2
        finally:
            if store is not None:
                await store.close()

    return asyncio.run(run())


def cmd_rules(args: argparse.Namespace) -> int:
    """``metahost rules [GAME] TOPIC``: the section (a rule ID marked) in player words with the bot's
    rulings; the game may be left out before a rule ID, whose prefix names it (``metahost rules
    MX-DEF-02``, as a refusal's "see /rules MX-DEF-02" says). Exit 2 with the message when
    nothing matches, a typo is ambiguous, or the game is not known."""
    from bot.help import game_of_rule
    from bot.rulebook import RuleBook, pages, plain, rule_block
    from games import GAME_NAMES

    words = list(args.topic)
    game = words.pop(0) if words[0] in GAME_NAMES else game_of_rule(words[0])
    if game is None or not words:
        print(f"metahost rules: name the game first ({', '.join(GAME_NAMES)}), then a topic; the game may be left "
              "out before a rule ID such as MX-KO-03.", file=sys.stderr)
        return 2
    try:
        found = RuleBook.load(game).answer(" ".join(words), 10**9)
    except (KeyError, LookupError) as exc:
        print(exc.args[0] if exc.args else exc, file=sys.stderr)
        return 2
    print(found.title)
    if found.rule is not None:  # the rule asked about first, then its whole section
        print(plain(rule_block(found.rule, found.section.built)) + "\n")
    print(plain("\n\n".join(pages(found.section, 10**9))))
    return 0


def cmd_help(args: argparse.Namespace) -> int:
    """``metahost help [GAME]``: the game's quick start as the terminal's ``?`` prints it;
    without a game, the games and how to ask."""
    from bot.help import plain, quick_start
    from games import GAME_NAMES

    if args.game is None:
        print(f"metahost hosts {', '.join(GAME_NAMES.values())}. metahost help GAME ({', '.join(GAME_NAMES)}) "
              "prints a game's quick start; in a game, ? prints it with the keys.")
        return 0
    print(plain(quick_start(args.game)))
    return 0


#: ``--db`` of the commands that use the store.
DB_HELP = ("the store: a database file, sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DATABASE (default: "
           "$DATABASE_URL, else the file $METAHOST_DB, else var/metahost.db)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="metahost", description="Host tabletop games on Discord or in a terminal.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play in the terminal against a computer player")
    p.add_argument("game", choices=game_ids())
    p.add_argument("--seed", type=int)
    p.add_argument("--name", default="Player")
    p.add_argument("--seats", type=int, help="number of players, you included (default: the game's minimum)")
    p.add_argument("--deck", help="your deck: a starter deck id or the name of one of your saved decks")
    p.add_argument("--computer-deck", help="the computer's starter deck id")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--surroundings", choices=["virtual", "derived", "declared"],
                   help="MetaZoo's 4th Wall effects: virtual (only Pages count; default), derived (the real sky at "
                        "--place and the real clock) or declared (you confirm each condition)")
    p.add_argument("--place", metavar='"NAME, LAT, LON, TIMEZONE"',
                   help='where you play, for derived surroundings, e.g. "Oslo, 59.91, 10.75, Europe/Oslo"')
    p.add_argument("--pictures", metavar="DIR", help="write the public board as a PNG into DIR whenever it is "
                                                     "your turn and at the end, and print its path")
    p.add_argument("--series", type=int, choices=[1, 3, 5],
                   help="MetaZoo: play a series of 1, 3 or 5 games; between games swap Pages with your deck's "
                        "Archive (MZ-BOOK-06)")
    p.add_argument("--teams", metavar="FORMAT", help="team games (Memesis): ffa, 1v1, 1v2, 2v2, 1v3 or 1v1v2; you "
                                                     "are in team A, allies are seated apart (sets --seats)")
    p.add_argument("--no-stealth", action="store_true", help="games with Stealth (Memesis): no card may be played "
                                                              "face down at this table (MEM-STL-11)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a table option of the game (repeatable), e.g. --option gambling=on; a wrong one lists "
                        "the game's options")
    p.add_argument("--team-name", metavar="NAME", help="games with team names (Meta Olympia): your team's name, "
                                                       "1 to 32 characters (default: a generated one)")
    p.add_argument("--level", choices=["easy", "normal", "hard"], default="easy",
                   help="how the computers play: easy (rules of thumb, default), normal (searches about 0.3 s a move) "
                        "or hard (about 2 s a move)")
    p.set_defaults(func=cmd_play)
    r = sub.add_parser("resume", help="continue a stored terminal game")
    r.add_argument("table")
    r.add_argument("--db", help=DB_HELP)
    r.add_argument("--pictures", metavar="DIR", help="as for play")
    r.set_defaults(func=cmd_resume)
    t = sub.add_parser("tables", help="list stored tables")
    t.add_argument("--db", help=DB_HELP)
    t.set_defaults(func=cmd_tables)
    a = sub.add_parser("audit", help="replay every stored game and report any that differs from its snapshot")
    a.add_argument("--db", help=DB_HELP)
    a.set_defaults(func=cmd_audit)
    dbp = sub.add_parser("db", help="the store: copy one database into another (SQLite to PostgreSQL, say)")
    dbp.add_argument("action", choices=["copy"])
    dbp.add_argument("--from", dest="source", required=True, metavar="URL", help="a file, sqlite:///PATH or postgresql://…")
    dbp.add_argument("--to", dest="dest", required=True, metavar="URL", help="an empty database to copy into")
    dbp.set_defaults(func=cmd_db)
    b = sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    b.add_argument("--shards", metavar="RANGE", help="shards this process runs: 0-3, 5, 0,2,4-5 (default $SHARDS, "
                                                     "or all); processes share one PostgreSQL (docs/hosting.md)")
    b.add_argument("--shard-count", type=int, metavar="N", help="the bot's shards (default $SHARD_COUNT, or 1)")
    b.set_defaults(func=cmd_bot)
    add_web_command(sub)
    sp = sub.add_parser("selfplay", help="computer vs computer through the host and a database (testing)")
    sp.add_argument("game", choices=game_ids())
    sp.add_argument("--db", required=True, help="a database file, sqlite:///PATH or postgresql://…")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--resume", help="continue this table instead of creating one")
    sp.set_defaults(func=cmd_selfplay)
    s = sub.add_parser("simulate", help="computer against computer, random players")
    s.add_argument("game", choices=game_ids())
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--seats", type=int, help="number of players (default: the game's minimum)")
    s.add_argument("--teams", metavar="FORMAT", help="team games (Memesis): ffa, 1v1, 1v2, 2v2, 1v3 or 1v1v2, "
                                                     "seated allies apart (sets --seats)")
    s.add_argument("--no-stealth", action="store_true", help="games with Stealth (Memesis): Stealth off in every "
                                                              "game (MEM-STL-11)")
    s.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a table option of the game for every game (repeatable), e.g. --option gambling=on")
    s.set_defaults(func=cmd_simulate)
    c = sub.add_parser("scenario", help="run scenario files and report pass/fail per file")
    c.add_argument("files", nargs="+")
    c.set_defaults(func=cmd_scenario)
    dk = sub.add_parser("deck", help="your saved decks: list, show, import, export, validate")
    dk.add_argument("action", choices=["list", "show", "import", "export", "validate"])
    dk.add_argument("deck", nargs="?", help="a deck name (show, export, validate) or a list file, - for stdin "
                                            "(import, validate)")
    dk.add_argument("--game", help=f"the deck's game: {', '.join(_deck_games(None))}")
    dk.add_argument("--name", help="the name to save an imported deck under")
    dk.add_argument("--replace", action="store_true", help="import over your deck of the same name")
    dk.add_argument("--out", help="export to this file instead of printing")
    dk.add_argument("--user", default="local", help="whose decks (default: local, the terminal player; a "
                                                    "Discord user id for that user's decks)")
    dk.add_argument("--db", help=DB_HELP)
    dk.set_defaults(func=cmd_deck)
    ru = sub.add_parser("rules", help="a rules section with its rule IDs")
    ru.add_argument("topic", nargs="+", metavar="[GAME] TOPIC",
                    help="the game (may be left out before a rule ID), then a section, a word or a rule ID")
    ru.set_defaults(func=cmd_rules)
    hp = sub.add_parser("help", help="a game's quick start: how a turn goes, its choices, looking things up")
    hp.add_argument("game", nargs="?", choices=sorted(__import__("games").GAME_NAMES))
    hp.set_defaults(func=cmd_help)
    pi = sub.add_parser("picture", help="play N random decisions of a seeded game and write the board as a PNG")
    pi.add_argument("game", help=f"one of: {', '.join(game_ids())}")
    pi.add_argument("--seed", type=int, default=1)
    pi.add_argument("--after", type=int, default=0, metavar="N", help="random decisions to play first")
    pi.add_argument("--seats", type=int, help="number of players (default: the game's minimum)")
    pi.add_argument("--out", required=True, metavar="FILE.png")
    pi.add_argument("--computers", action="store_true",
                    help="the decisions are the game's computer players' (default: random legal decisions)")
    pi.add_argument("--option", action="append", metavar="KEY=VALUE",
                    help="a table option of the game, as on a table (Meta Olympia: mega=on for 5 to 8 teams)")
    pi.set_defaults(func=cmd_picture)
    args = ap.parse_args(argv)
    if args.func in (cmd_play, cmd_resume, cmd_deck, cmd_selfplay) and not _game_settings():
        return 2
    try:
        code = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, where it is handled, not at interpreter exit
        return code
    except StoreError as exc:  # every command's database failure ends here: one line, never a traceback
        print(exc.line(), file=sys.stderr)
        return StoreError.exit_code
    except KeyboardInterrupt:  # a second Ctrl-C while the computers move (the first one quits at the prompt)
        print("\nmetahost: interrupted. Every stored move is kept; `metahost tables` lists the games to resume.",
              file=sys.stderr)
        return 130
    except BrokenPipeError:  # stdout closed early (metahost tables | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
