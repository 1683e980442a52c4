"""Terminal play through the table service and the store: one person (user ``local``) against computer
seats. Only the person's view is printed; computer seats act through the host like any other seat.

Local tables have no decision timer: nobody is timed out at their own terminal."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from games import get_game
from games.core.contract import Event, RulesError, View

from .decks import DeckError, DeckService
from .store import Store, StoreError
from .tables import SAVED, Listener, Table, TableError, TableService

LOCAL_USER = "local"
HELP = "Type an option's number. Other commands: b = board, h = hand, l = log, c = concede, q = quit (resume later)."


def default_db() -> Path:
    """``$METAHOST_DB`` or ``var/metahost.db`` under the current folder (git-ignored)."""
    return Path(os.environ.get("METAHOST_DB", "var/metahost.db"))


class TerminalListener(Listener):
    """Prints the events the person's seat may see, and the result."""

    def __init__(self, out: TextIO):
        self.out = out
        self.log: list[str] = []
        self.seat: int | None = None

    async def game_changed(self, table: Table, events: list[Event], views: dict[int | None, View]) -> None:
        for e in events:
            if e.visible_to(self.seat):
                self.log.append(e.text)
                print(f"  · {e.text}", file=self.out, flush=True)


class TerminalPlay:
    """The terminal front end over a :class:`TableService`."""

    def __init__(self, svc: TableService, table: Table, listener: TerminalListener, out: TextIO, inp: TextIO):
        self.svc, self.t, self.listener, self.out, self.inp = svc, table, listener, out, inp
        seat = table.seat_of(LOCAL_USER)
        assert seat is not None
        listener.seat = seat.seat

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def show(self, view: View) -> None:
        g = self.t.game
        self.say()
        self.say(g.board_text(view))
        self.say(g.private_text(view))

    async def run(self) -> int:
        """Play to the end; 0 when the game ended, 1 when the person quit (the game stays stored).
        Raises :class:`StoreError` when a move cannot be stored (read-only, full; a lock only after
        retries): the game stays stored up to its last committed move."""
        g, t = self.t.game, self.t
        stalls = 0
        while True:
            await self.svc.settle(t.id)
            if t.status != "playing":
                res = g.result(t.state)
                self.show(g.view(t.state, self.listener.seat))
                self.say(f"\n*** {res.text if res else 'The table was closed.'} ***")
                return 0
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
            self.say(f"\n{d.prompt}")
            for i, o in enumerate(d.options, 1):
                self.say(f"  {i:>2}. {o.label}")
            while True:
                self.out.write("> ")
                self.out.flush()
                line = self.inp.readline()
                if line == "" or line.strip().lower() in ("q", "quit"):
                    self.say(f"\nThe game is saved. Continue it with: metahost resume {t.id}")
                    return 1
                low = line.strip().lower()
                if low in ("h", "hand"):
                    self.say(g.private_text(self.svc.view(t.id, LOCAL_USER)))
                elif low in ("b", "board"):
                    self.say(g.board_text(self.svc.view(t.id, LOCAL_USER)))
                elif low in ("l", "log"):
                    self.say("\n".join(self.listener.log[-30:]))
                elif low in ("c", "concede"):
                    await self.svc.concede(t.id, LOCAL_USER)
                    break
                elif low.isdigit() and 1 <= int(low) <= len(d.options):
                    try:
                        await self.svc.act(t.id, LOCAL_USER, t.version, d.options[int(low) - 1].id)
                    except (RulesError, TableError) as exc:
                        self.say(f"Refused: {getattr(exc, 'message', exc)}")
                        continue
                    except StoreError as exc:
                        if not exc.transient:
                            raise  # read-only or full: retrying cannot help; play() explains and stops
                        self.say(f"Not saved, try again: {exc}")
                        continue
                    break
                else:
                    self.say(f"'{line.strip()}' is not an option: type a number from 1 to {len(d.options)}. {HELP}")


async def play(game_id: str, db: Path, seed: int, name: str, decks: list[str] | None = None,
               resume: str | None = None, out: TextIO = sys.stdout, inp: TextIO = sys.stdin,
               computer_delay: float = 0.0, seats: int | None = None) -> int:
    """Start (or with ``resume``, continue) a terminal game stored in ``db``: the person in seat 0 and
    ``seats - 1`` computer seats (default: the game's minimum). ``decks``: the person's deck id, then
    the computers' (the last one repeats). Returns an exit code: 0 game over, 1 quit, 2 refused input,
    3 the database failed (one line on stderr says why, and how to resume when the game had started:
    it is stored up to its last committed move; issue 12 §5)."""
    try:
        store = await Store.open(db)
    except StoreError as exc:
        print(exc.line(), file=sys.stderr)
        return StoreError.exit_code
    table: Table | None = None
    try:
        svc = TableService(store, computer_delay=computer_delay)
        listener = TerminalListener(out)
        svc.listeners.append(listener)
        await svc.load()
        if resume is not None:
            table = svc.tables.get(resume)
            if table is None or table.status != "playing" or table.seat_of(LOCAL_USER) is None:
                print(f"metahost: no game in play with id '{resume}' in {db}; `metahost tables` lists them.",
                      file=sys.stderr)
                return 2
            print(f"Resuming {table.game.name} table {table.id}.", file=out)
            listener.log.append("(resumed)")
        else:
            game = get_game(game_id)
            count = seats or game.min_seats
            try:
                table = await svc.create(game_id, "local", LOCAL_USER, name, seed=seed, seats=count)
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
                    print(f"metahost: {exc.message} Starter decks: {names}.", file=sys.stderr)
                    return 2
            listener.seat = 0
            others = f" against {count - 1} computer players" if count > 2 else ""
            print(f"{game.name} · table {table.id} · seed {seed} · you are {name}{others}. Type h for help.",
                  file=out)
            await svc.start(table.id, LOCAL_USER)
        return await TerminalPlay(svc, table, listener, out, inp).run()
    except StoreError as exc:
        if table is not None and table.status == "playing":
            # The game lives in this file: the way on is to fix it, not to choose another one.
            line = (f"metahost: {exc}. The game is stored up to its last committed move: {exc.remedy or 'fix that'}, "
                    f"then continue it with: metahost resume {table.id}")
        else:
            line = exc.line()
        print(line, file=sys.stderr)
        return StoreError.exit_code
    finally:
        await svc.settle()
        await store.close()


async def selfplay(game_id: str, db: Path, seed: int, out: TextIO = sys.stdout, table_id: str | None = None) -> int:
    """Computer against computer through the table service and the store, printing ``ack <seq>`` after
    each stored choice (used by the crash-safety tests). With ``table_id`` it resumes that table. Raises
    :class:`StoreError` when the database cannot be opened or a move cannot be stored."""
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
        await store.close()
    return 0
