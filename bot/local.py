"""Terminal play through the table service and the store: one person (user ``local``) against computer
seats. Only the person's view is printed; computer seats act through the host like any other seat.

Local tables have no decision timer: nobody is timed out at their own terminal. Publicly forced decisions are
taken by the host like everywhere; under a response window ``u`` passes windows until the person's
turn (§3)."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from games import get_game
from games.core.contract import Decision, Event, RulesError, View

from .decks import DeckError, DeckService, terminal_words
from .help import plain as help_plain
from .help import quick_start
from .host import SAVED, Clock, Listener, Table, TableError, TableService
from .store import Store, StoreError, redact
from .store.address import parse
from .terminal import Screen

LOCAL_USER = "local"


def default_db() -> str:
    """Where the terminal commands' store lives when ``--db`` does not say: ``$DATABASE_URL`` (``sqlite:///PATH``,
    a path or ``postgresql://…``), else the SQLite file ``$METAHOST_DB``, else ``var/metahost.db`` under the
    current folder (git-ignored); as :attr:`bot.settings.Settings.database` reads them."""
    return os.environ.get("DATABASE_URL") or os.environ.get("METAHOST_DB", "var/metahost.db")


def program() -> str:
    """How the person started metahost, as a command that works as typed from the same folder:
    ``metahost`` when that is on PATH and is this program, the script's path otherwise (``make play``
    runs ``.venv/bin/metahost``, which is not on PATH), ``python -m bot.cli`` when run as a module."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if Path(argv0).name == "metahost":
        found = shutil.which("metahost")
        if found and Path(found).resolve() == Path(argv0).resolve():
            return "metahost"
        return shlex.quote(argv0 if os.sep in argv0 else f".{os.sep}{argv0}")
    if argv0.endswith(os.path.join("bot", "cli.py")) or argv0 in ("-m", "-c"):
        exe = Path(sys.executable)
        try:
            exe_text = str(exe.relative_to(Path.cwd()))
            exe_text = exe_text if os.sep in exe_text else f".{os.sep}{exe_text}"
        except ValueError:
            exe_text = str(exe)
        return f"{shlex.quote(exe_text)} -m bot.cli"
    return "metahost"


def _same_db(a: str | Path, b: str | Path) -> bool:
    """Whether two ``--db`` values name the same store (a path and ``sqlite:///`` the same path are one); not
    when either is no database this bot can use."""
    try:
        (kind_a, where_a), (kind_b, where_b) = parse(a), parse(b)
    except ValueError:
        return False
    if kind_a != kind_b:
        return False
    return where_a == where_b if kind_a == "postgresql" else os.path.abspath(where_a) == os.path.abspath(where_b)


def resume_command(table_id: str, db: str | Path) -> str:
    """The command that continues table ``table_id`` stored in ``db`` (a path or a ``DATABASE_URL``):
    ``--db`` only when ``db`` is not the default ("a resume command that works as typed"). A URL's password
    is never printed: it shows as ``***``, to be typed again."""
    same = _same_db(db, default_db())
    return f"{program()} resume {table_id}" + ("" if same else f" --db {shlex.quote(redact(str(db)))}")


def show_seats(screen: Screen, table: Table) -> None:
    """Tell ``screen`` the seats' names and, at a game with team names, each seat's team name and colour
    (MO-SET-09/10), so the team names the game's text uses are coloured as their seats; and the game's card
    names, which lines never break inside."""
    seats = range(len(table.seats))
    screen.seats([s.name for s in table.seats], [table.team_name(k) for k in seats],
                 [table.colour(k) for k in seats])
    try:  # and the cards' names are never split across lines
        screen.keep([c.name for c in table.game.card_catalog()])
    except NotImplementedError:
        pass


def you_are(table: Table, seat: int, name: str) -> str:
    """``"Tess"``, or at a game with team names ``"Tess, team Red Planet (red)"`` (MO-SET-09/10)."""
    team, colour = table.team_name(seat), table.colour(seat)
    return name if team is None else f"{name}, team {team}" + (f" ({colour})" if colour else "")


def quick_start_text(game_id: str) -> str:
    """The game's quick start as terminal text (``data/help/<game>.md``), Discord's words swapped for the
    terminal's; empty for a game without one."""
    try:
        text = help_plain(quick_start(game_id))
    except FileNotFoundError:
        return ""
    return text


class TerminalListener(Listener):
    """Prints the events the person's seat may see (coloured by seat), and keeps them for ``l``."""

    def __init__(self, screen: Screen):
        self.screen = screen
        self.log: list[str] = []
        self.seat: int | None = None

    async def game_changed(self, table: Table, events: list[Event], views: dict[int | None, View]) -> None:
        if not self.screen.names:
            show_seats(self.screen, table)
        for e in events:
            if e.visible_to(self.seat):
                self.log.append(e.text)
                self.screen.event(e.text)


class Interrupts:
    """Ctrl-C while the person types ends the game at the prompt (saved, resume command shown, exit 0);
    pressed while the computers move it is remembered and honoured at the next prompt, so no move is cut
    in half; a second press raises at once. Installed only in the main thread, for the game's length."""

    def __init__(self) -> None:
        self.reading = False
        self.pending = False
        self._old: Any = None

    def _handler(self, signum: int, frame: Any) -> None:
        if self.reading or self.pending:
            raise KeyboardInterrupt
        self.pending = True

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():
            # Not the default handler, so asyncio.run leaves SIGINT to us instead of cancelling the game.
            self._old = signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


class Quit(Exception):
    """The person left the game (q, end of input, Ctrl-C)."""


class TerminalPlay:
    """The terminal front end over a :class:`TableService` (keys: :data:`bot.terminal.HELP_LINES`)."""

    def __init__(self, svc: TableService, table: Table, listener: TerminalListener, out: TextIO, inp: TextIO,
                 db: str | Path | None = None, interrupts: Interrupts | None = None, pictures: Path | None = None):
        self.svc, self.t, self.listener, self.out, self.inp = svc, table, listener, out, inp
        self.pictures = pictures
        self.screen = listener.screen
        self.db = db if db is not None else default_db()
        self.interrupts = interrupts or Interrupts()
        seat = table.seat_of(LOCAL_USER)
        assert seat is not None
        listener.seat = seat.seat
        self.screen.me = seat.seat
        show_seats(self.screen, table)
        self._shown: tuple | None = None  # what show() printed last, with the log length then

    def say(self, text: str = "") -> None:
        self.screen.print(text)

    def read(self, prompt: str = "> ") -> str:
        """One line of input, stripped. :class:`Quit` on q, end of input or Ctrl-C."""
        if self.interrupts.pending:
            raise Quit
        self.screen.prompt(prompt)
        self.interrupts.reading = True
        try:
            line = self.inp.readline()
        except KeyboardInterrupt:
            self.say()
            raise Quit from None
        finally:
            self.interrupts.reading = False
        if line == "":
            self.say()
            raise Quit
        if line.strip().lower() in ("q", "quit", "exit"):
            raise Quit
        return line.strip()

    def picture(self) -> None:
        """With ``--pictures DIR``: the public board (a spectator's view) written to
        ``DIR/<table>-<version>.png`` and its path printed; once per version, so a board is written when
        the game waits for the person and when it ends, after the computers' moves in between."""
        if self.pictures is None:
            return
        g, t = self.t.game, self.t
        path = self.pictures / f"{t.id}-{g.version(t.state):04d}.png"
        if path.exists():
            return
        from bot.picture import board_png

        data = board_png(g, g.view(t.state, None))
        if data is None:
            return
        try:
            path.write_bytes(data)
        except OSError as exc:
            self.say(f"Picture not written: {path}: {exc.strerror or exc}")
            return
        self.say(f"Picture: {path}")

    def show(self, view: View) -> None:
        """The decision's context (the whole board when the game gives no smaller one), then the hand.

        Not printed again when nothing in it changed and nothing happened since it was printed: a step of
        a two-step choice (pick a card, then what to do with it, or Back) shows only its prompt and options
        under the context already on the screen (``b`` and ``h`` print them again)."""
        g = self.t.game
        context = g.context_text(view) if view.decisions else ""
        board = g.board_text(view)
        shown = (context, board, g.private_text(view), len(self.listener.log))
        if shown == self._shown:
            return
        self._shown = shown
        self.say()
        if context and context.strip() != board.strip():
            self.screen.print(self.screen.text("About this choice (b shows the whole board):", "bold"))
            self.screen.lines(context)
        else:
            self.screen.board(g, view)
        self.say()
        self.screen.hand(g, view)

    async def run(self) -> int:
        """Play to the end; 0 when the game ended or the person left it (q, end of input, Ctrl-C: the game
        stays stored and the command to continue it is printed). Raises :class:`StoreError` when a move
        cannot be stored (read-only, full; a lock only after retries): the game stays stored up to its last
        committed move."""
        try:
            return await self._run()
        except Quit:
            self.screen.command("The game is saved. Continue it with:", resume_command(self.t.id, self.db))
            return 0

    async def _run(self) -> int:
        g, t = self.t.game, self.t
        stalls = 0
        while True:
            await self.svc.settle(t.id)
            if t.status != "playing":
                res = g.result(t.state)
                view = g.view(t.state, self.listener.seat)
                self.say()
                self.screen.board(g, view)
                self.say()
                self.screen.result(res)  # with the deciding rule and the scores
                if t.state is not None:
                    self.picture()
                nxt = self.svc.next_of(t.id)
                if nxt is None or nxt.status != "lobby":
                    return 0
                await self._between_games(nxt)  # a series goes on (MZ-GAP-75)
                self.t = t = nxt
                continue
            view = self.svc.view(t.id, LOCAL_USER)
            if not view.decisions:
                # Still playing, the computers settled, yet nothing for the person: a computer's move
                # could not be stored. Retry a lock held by another process a few times, then stop.
                err = self.svc.store.last_error or StoreError(
                    f"cannot continue the game in {self.svc.store.path}: a computer player's move was not "
                    "stored", self.svc.store.path)
                stalls += 1
                if not err.transient or stalls > 3:
                    raise err
                await self.svc.tick()  # schedules the stopped computer again
                continue
            stalls = 0
            d = view.decisions[0]
            self.show(view)
            self.picture()
            if d.window:  # the stop the DM offers as a button (above the prompt: options come last)
                self.say("(u: pass response windows until your turn)")
            self.screen.decision(d, self.unplayable(view))
            while not await self._command(d, self.read()):
                pass

    def unplayable(self, view: View) -> list[tuple[str, str]]:
        """The cards in the viewer's hand that cannot be played now, with why (``Game.unplayable``);
        the viewer's own secrets only."""
        if self.t.state is None or view.viewer is None or not view.decisions:
            return []
        return self.t.game.unplayable(self.t.state, view.viewer)

    def rules(self, topic: str) -> None:
        """``rules TOPIC`` (or ``/rules TOPIC``): the rules of this game on a topic or a rule ID, in player
        words with the bot's rulings, as ``metahost rules`` prints them."""
        from bot.rulebook import RuleBook, pages, plain, rule_block

        if not topic.strip():
            self.say("Type rules and a topic or a rule ID, e.g. rules turn.")
            return
        try:
            found = RuleBook.load(self.t.game.id).answer(topic, 10**9)
        except LookupError as exc:
            self.say(str(exc.args[0]) if exc.args else "No such topic.")
            return
        self.screen.print(self.screen.text(found.title, "bold"))
        if found.rule is not None:
            self.screen.lines(plain(rule_block(found.rule, found.section.built)))
        self.screen.lines(plain("\n\n".join(pages(found.section, 10**9))))

    async def _between_games(self, nxt: Table) -> None:
        """The lobby of a series' next game (MZ-BOOK-06): ``swap OUT, OUT / IN, IN`` swaps Pages one for one
        with your Archive for that game only; an empty line starts it. Refusals are printed, nothing changes."""
        info = nxt.options.get("series") or {}
        self.say(f"Game {info.get('game')} of the series is next (table {nxt.id}). Type "
                 "`swap Page, Page / Page, Page` to swap Pages out of your Spellbook for Pages of your Archive "
                 "(one for one, MZ-BOOK-06), or press Enter to start.")
        while True:
            line = self.read("series> ").strip()
            if not line:
                await self.svc.start(nxt.id, LOCAL_USER)
                return
            verb, _, rest = line.partition(" ")
            out, slash, into = rest.partition("/")
            if verb.lower() != "swap" or not slash:
                self.say("Type `swap Page, Page / Page, Page` (out of the Spellbook / in from the Archive), or Enter.")
                continue
            try:
                gone, came = await self.svc.swap(nxt.id, LOCAL_USER, [p for p in out.split(",") if p.strip()],
                                                 [p for p in into.split(",") if p.strip()])
            except TableError as exc:
                self.say(exc.message)
                continue
            self.say(f"Swapped for this game: out {', '.join(gone)}; in {', '.join(came)}.")

    async def _command(self, d: Decision, line: str) -> bool:
        """Carry out one typed line; ``True`` when the game moved on (a choice or a concession)."""
        g, t = self.t.game, self.t
        low = line.lower()
        word, _, rest = line.partition(" ")
        word = word.lower().removeprefix("/")  # "/card", "/rules": as Discord and refusals say them
        if low in ("?", "help", "/help"):
            self.screen.help(quick_start_text(g.id))
        elif low in ("h", "hand"):
            self.screen.hand(g, self.svc.view(t.id, LOCAL_USER))
        elif low in ("b", "board"):
            self.screen.board(g, self.svc.view(t.id, LOCAL_USER))
        elif low in ("l", "log"):
            for text in self.listener.log[-30:]:
                self.screen.event(text)
        elif low in ("d", "discard", "discards", "graveyard", "graveyards"):
            self.screen.piles(self.svc.view(t.id, LOCAL_USER))
        elif word == "card":
            self.screen.card(g, rest)
        elif word == "rules":
            self.rules(rest)
        elif low in ("c", "concede"):
            answer = self.read("Concede the game? It cannot be undone. (y/N) ").lower()
            if answer not in ("y", "yes"):
                self.say("Not conceded; the game goes on.")
                return False
            await self.svc.concede(t.id, LOCAL_USER)
            return True
        elif low in ("u", "until") and d.window:
            try:
                await self.svc.pass_until_turn(t.id, LOCAL_USER)
            except TableError as exc:
                self.screen.refusal(exc.message)
                return False
            self.say("Passing response windows until your turn.")
            return True
        elif low.isdecimal() and 1 <= int(low) <= len(d.options):
            try:
                await self.svc.act(t.id, LOCAL_USER, t.version, d.options[int(low) - 1].id)
            except RulesError as exc:
                self.screen.refusal(exc.message, exc.rule)
                return False
            except TableError as exc:
                self.screen.refusal(exc.message)
                return False
            except StoreError as exc:
                if not exc.transient:
                    raise  # read-only or full: retrying cannot help; play() explains and stops
                self.say(f"Not saved, try again: {exc}")
                return False
            return True
        else:
            what = f"'{line}' is not an option" if line else "Nothing typed"
            which = "1" if len(d.options) == 1 else f"a number from 1 to {len(d.options)}"
            self.say(f"{what}: type {which}, or ? for help.")
        return False


async def play(game_id: str, db: str | Path, seed: int, name: str, decks: list[str] | None = None,
               resume: str | None = None, out: TextIO | None = None, inp: TextIO | None = None,
               computer_delay: float = 0.0, seats: int | None = None, width: int | None = None,
               colour: bool | None = None, pictures: Path | None = None, surroundings: str | None = None,
               location: dict | None = None, clock: Clock | None = None, series: int | None = None,
               teams: str | None = None, stealth: bool | None = None,
               table_options: list[str] | None = None, team_name: str | None = None, level: str | None = None) -> int:
    """Start (or with ``resume``, continue) a terminal game stored in ``db`` (a path or a ``DATABASE_URL``,
    as :meth:`bot.store.Store.open` takes it): the person in seat 0 and
    ``seats - 1`` computer seats (default: the game's minimum). ``decks``: the person's deck id, then
    the computers' (the last one repeats). ``width``/``colour``: the screen's columns and colours
    (default: detected from ``out``; a file or pipe gets 80 columns and no colour). ``pictures``: a
    directory to write the public board into as PNG whenever the person is to choose and at the end.
    ``surroundings`` and ``location``: a game that reads the clock's table option and place
    (``--surroundings``, ``--place``); ``clock``: the clock (default the real one);
    ``series``: a series of that many games (``--series``, MZ-GAP-75), with Archive swaps between games.
    ``teams``: a team game's format (``--teams 2v2``; without ``seats`` it sets the seat
    count): the person is in team A, the computers fill the teams in letter order, and the host seats
    allies apart at the start. ``stealth``: ``False`` turns Stealth off at a game with Stealth
    (``--no-stealth``, ``Game.has_stealth``, MEM-STL-11; stored as table option ``"stealth"``, which
    ``new_game`` reads). ``table_options``: ``key=value`` words for the game's table options (``--option``);
    ``team_name``: the person's team name at a game with team names (``--team-name``, MO-SET-09;
    the computers' are generated). ``level``: how the computers play (``--level``: easy, the default; normal or
    hard search, in a separate process). Returns an exit code:
    0 game over or left (q, end of input, Ctrl-C: the resume command is printed), 2 refused input,
    3 the database failed (one line on stderr says why, and how to resume when the game had started:
    it is stored up to its last committed move)."""
    out = out or sys.stdout  # looked up now, not at import: tests and callers may replace them
    inp = inp or sys.stdin
    try:
        store = await Store.open(db)
    except StoreError as exc:
        print(exc.line(), file=sys.stderr)
        return StoreError.exit_code
    table: Table | None = None
    try:
        svc = TableService(store, clock=clock, computer_delay=computer_delay)
        screen = Screen(out, width=width, colour=colour)
        listener = TerminalListener(screen)
        svc.listeners.append(listener)
        await svc.load()
        if resume is not None:
            table = svc.tables.get(resume)
            if table is None or table.status != "playing" or table.seat_of(LOCAL_USER) is None:
                print(f"metahost: no game in play with id '{resume}' in {redact(str(db))}; `metahost tables` lists them.",
                      file=sys.stderr)
                return 2
            screen.print(f"Resuming {table.game.name} table {table.id}. Type ? for help.")
            listener.log.append("(resumed)")
        else:
            game = get_game(game_id)
            count = seats or (None if teams and teams.strip().lower() != "ffa" else game.min_seats)
            try:
                table = await svc.create(game_id, "local", LOCAL_USER, name, seed=seed, seats=count,
                                         surroundings=surroundings, location=location, series=series,
                                         teams=teams, stealth=stealth if game.has_stealth else None,
                                         table_options=table_options, team_name=team_name, level=level)
                count = table.max_seats  # a team format may have set it
            except TableError as exc:
                print(f"metahost: {exc.message}", file=sys.stderr)
                return 2
            for _ in range(count - 1):
                await svc.add_computer(table.id, LOCAL_USER)
            if decks:
                for seat in range(1, count):
                    await svc.choose_deck(table.id, LOCAL_USER, decks[min(seat, len(decks) - 1)], seat=seat)
                mine = decks[0]
                try:
                    if mine not in game.starter_decks():
                        mine = f"{SAVED}{(await DeckService(store).find(LOCAL_USER, mine, game_id)).id}"
                    await svc.choose_deck(table.id, LOCAL_USER, mine)
                except (DeckError, TableError) as exc:
                    await svc.abort(table.id, LOCAL_USER)
                    names = ", ".join(sorted(game.starter_decks()))
                    print(f"metahost: {terminal_words(exc.message)} Starter decks: {names}.", file=sys.stderr)
                    return 2
            listener.seat = 0
            level = "" if table.level == "easy" else f"{table.level} "  # the default goes unsaid
            others = (f" against {count - 1} {level}computer players" if count > 2
                      else f" against a {level}computer" if level else "")
            show_seats(screen, table)
            screen.me = 0
            screen.print(f"{game.name} · table {table.id} · seed {seed} · you are {you_are(table, 0, name)}{others}. "
                         "Type ? for help.")
            try:
                await svc.start(table.id, LOCAL_USER)
            except TableError as exc:  # e.g. a derived MetaZoo table with no place
                await svc.abort(table.id, LOCAL_USER)
                print(f"metahost: {exc.message}", file=sys.stderr)
                return 2
            if table.game.has_teams:  # seated allies apart at the start: say who plays with whom
                screen.print(teams_line(table))
        with Interrupts() as interrupts:
            return await TerminalPlay(svc, table, listener, out, inp, db, interrupts, pictures).run()
    except StoreError as exc:
        if table is not None and table.status == "playing":
            # The game lives in this file: the way on is to fix it, not to choose another one.
            line = (f"metahost: {exc}. The game is stored up to its last committed move: {exc.remedy or 'fix that'}, "
                    f"then continue it with: {resume_command(table.id, db)}")
        else:
            line = exc.line()
        print(line, file=sys.stderr)
        return StoreError.exit_code
    finally:
        await svc.settle()
        svc.thinker.close()  # the searching computers' processes, if any started
        await store.close()


def teams_line(table: Table) -> str:
    """``Teams: A: Player (seat 1), Computer 1 (seat 3) · B: …`` for a started team game."""
    groups: dict[str, list[str]] = {}
    for s in table.seats:
        groups.setdefault(table.team_of(s.seat) or "?", []).append(f"{s.name} (seat {s.seat + 1})")
    return "Teams: " + " · ".join(f"{team}: {', '.join(names)}" for team, names in sorted(groups.items()))


async def selfplay(game_id: str, db: str | Path, seed: int, out: TextIO | None = None,
                   table_id: str | None = None) -> int:
    """Computer against computer through the table service and the store at ``db`` (a path or a
    ``DATABASE_URL``), printing ``ack <seq>`` after each stored choice to ``out`` (default: ``sys.stdout`` as it
    is when called; used by the crash-safety tests). With ``table_id`` it resumes that table. Raises
    :class:`StoreError` when the database cannot be opened or a move cannot be stored."""
    out = out or sys.stdout
    store = await Store.open(db)

    class Acks(Listener):
        async def game_changed(self, table, events, views):
            print(f"ack {table.seq}", file=out, flush=True)

    svc = TableService(store, computer_delay=0.0)
    svc.listeners.append(Acks())
    try:
        await svc.load()
        if table_id is None:
            t = await svc.create(game_id, "local", "selfplay", "Computer 0", seed=seed, computer=True)
            await svc.add_computer(t.id, "selfplay")
            print(f"table {t.id}", file=out, flush=True)
            await svc.start(t.id, "selfplay")
            table_id = t.id
        await svc.settle()
        t = svc.tables.get(table_id)
        if t is not None and t.status == "playing" and store.last_error is not None:
            raise store.last_error  # a computer's move could not be stored
    finally:
        await svc.settle()
        svc.thinker.close()  # the searching computers' processes, if any started
        await store.close()
    return 0
