"""Terminal play: one person against computer players, through the game contract only (views and
decisions; nothing hidden from the person's seat is printed)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from games.core.contract import Event, Game, RulesError, SeatSetup

HELP = "Type an option's number. Other commands: b = board, h = hand, l = log, c = concede, q = quit."


class TerminalGame:
    """Drives one game: seat ``human`` reads and writes the terminal; the other seats are computers."""

    def __init__(self, game: Game, state: Any, human: int, computers: dict[int, Callable],
                 out: TextIO = sys.stdout, inp: TextIO = sys.stdin):
        self.game, self.state, self.human = game, state, human
        self.computers = computers
        self.out, self.inp = out, inp
        self.log: list[str] = []

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def show_events(self, events: list[Event]) -> None:
        for e in events:
            if e.visible_to(self.human):
                self.log.append(e.text)
                self.say(f"  · {e.text}")

    def show_view(self) -> None:
        view = self.game.view(self.state, self.human)
        self.say()
        self.say(self.game.board_text(view))
        self.say(self.game.private_text(view))

    def ask(self) -> str | None:
        """Read a line; ``None`` on end of input."""
        self.out.write("> ")
        self.out.flush()
        line = self.inp.readline()
        return None if line == "" else line.strip()

    def run(self) -> int:
        """Play to the end. Returns 0 when the game ended, 1 when the person quit or input ended."""
        g = self.game
        self.show_events(g.intro(self.state))
        while True:
            res = g.result(self.state)
            if res is not None:
                self.show_view()
                self.say(f"\n*** {res.text} ***")
                return 0
            decisions = g.decisions(self.state)
            mine = [d for d in decisions if d.seat == self.human]
            if not mine:
                d = decisions[0]
                choice = self.computers[d.seat](d, g.view(self.state, d.seat))
                self.show_events(g.apply(self.state, d.seat, choice))
                continue
            d = mine[0]
            self.show_view()
            self.say(f"\n{d.prompt}")
            for i, o in enumerate(d.options, 1):
                self.say(f"  {i:>2}. {o.label}")
            while True:
                line = self.ask()
                if line is None or line.lower() in ("q", "quit"):
                    self.say("Bye: the game is left unfinished.")
                    return 1
                low = line.lower()
                if low in ("h", "hand"):
                    self.say(g.private_text(g.view(self.state, self.human)))
                elif low in ("b", "board"):
                    self.say(g.board_text(g.view(self.state, self.human)))
                elif low in ("l", "log"):
                    self.say("\n".join(self.log[-30:]))
                elif low in ("c", "concede"):
                    self.show_events(g.concede(self.state, self.human))
                    break
                elif line.isdigit() and 1 <= int(line) <= len(d.options):
                    try:
                        self.show_events(g.apply(self.state, self.human, d.options[int(line) - 1].id))
                    except RulesError as exc:  # cannot happen for listed options; shown if it does
                        self.say(f"Refused: {exc}")
                        continue
                    break
                else:
                    self.say(f"'{line}' is not an option: type a number from 1 to {len(d.options)}. {HELP}")


def new_local_game(game: Game, human_name: str, seed: int, decks: list[str] | None = None) -> Any:
    """A two-seat local game: the person in seat 0 against a computer in seat 1."""
    starters = game.starter_decks() if game.has_decks else {}
    names = list(starters)
    chosen = decks or [names[seed % len(names)], names[(seed + 1) % len(names)]] if names else []
    seats = []
    for i, nm in enumerate([human_name, "Computer"]):
        deck = starters[chosen[i]] if chosen else []
        seats.append(SeatSetup(nm, list(deck)))
    return game.new_game(seats, None, seed)
