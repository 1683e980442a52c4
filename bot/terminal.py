"""Terminal rendering with ``rich`` (issue 13, Terminal): one colour per seat, the same in the board, the
log and the prompts; the board's seats and the hand as tables where the view's structure allows; every
line wrapped at word boundaries; nothing a player should not read (option ids, ``[RULE-ID]`` tags).

Game-agnostic: it reads only a :class:`games.core.contract.View` and the game's text methods
(``board_text``, ``context_text``, ``private_text``, ``card_catalog``), plus two conventions both built
games follow and later games inherit: ``board["players"]`` is a list of dicts with a ``"name"``, and each
seat's summary line in ``board_text`` starts with its name (after an optional ``▶`` marker) and a colon.
Whatever does not fit those conventions is printed as the game's own text.

Output goes to a :class:`rich.console.Console` on the front end's stream: colours only on a terminal (a
file or a pipe gets plain text; ``NO_COLOR`` is honoured by rich), markup off so card text like
``[Battle Str 3]`` is printed as is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TextIO

from rich import box
from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from games.core.catalog import CardNotFound
from games.core.contract import Decision, Game, View
from games.core.layout import SEAT_COLOURS  # one seat palette for the terminal and pictures (issue 15 §1)
from games.core.teams import TEAM_PALETTE  # and one team palette

PILE_KEYS = ("discard", "graveyard", "trash", "exile", "limbo", "cemetery", "afterlife")  # MetaZoo's last three
"""Keys of a player's dict in ``board["players"]`` that hold a public discard pile (top = last item)."""

TEAM_COLOURS = {name: rich for name, rich, _ in TEAM_PALETTE}
"""A team colour a player may choose (``bot.tables.PALETTE``, MO-SET-10) -> the rich colour that shows it."""

# A developer tag such as "[MX-HST-02]" or "[META-TRG-03/04]": players see rule IDs only in refusals.
_TAG = re.compile(r"\s*\[[A-Z]{2,}(?:-[A-Z0-9/]+)+\]")
_MARK = "▶"

HELP_LINES = (
    ("1, 2, …", "choose that option"),
    ("?", "this help"),
    ("h", "your hand"),
    ("b", "the whole board"),
    ("l", "the log (last 30 lines)"),
    ("d", "discard piles and graveyards"),
    ("card NAME", "look a card up (a close spelling is enough)"),
    ("c", "concede (asks first)"),
    ("q", "quit; the game is saved and the resume command is shown"),
)


def clean(text: str) -> str:
    """``text`` without developer tags like ``[MX-HST-02]``."""
    return _TAG.sub("", text)


def item_name(item: Any) -> str:
    """The display name of a board item (a card dict's ``name``, ``title`` or ``line``), else its text."""
    if isinstance(item, dict):
        for key in ("name", "title", "line", "label"):
            if isinstance(item.get(key), str):
                return item[key]
        return "?"
    return str(item)


def _header(key: str) -> str:
    words = key.replace("_", " ")
    return words.upper() if len(words) <= 2 else words[:1].upper() + words[1:]


class Screen:
    """Everything the terminal prints, for the person in seat ``me`` (``None``: a spectator).

    ``out``: the stream; ``width``: columns (``None``: the terminal's, or 80 for a file or pipe);
    ``colour``: ``None`` detects a terminal, ``False`` never colours. Seat names are set by
    :meth:`seats` (from the first view) and coloured wherever they appear."""

    def __init__(self, out: TextIO, me: int | None = None, width: int | None = None, colour: bool | None = None):
        self.out = out
        self.me = me
        self.console = Console(file=out, width=width, markup=False, highlight=False, emoji=False,
                               force_terminal=colour, no_color=colour is False, soft_wrap=False)
        self.names: list[str] = []
        self.aliases: list[str] = []
        self.colours: list[str] = []

    # -- colours

    def seats(self, names: Sequence[str], aliases: Sequence[str | None] | None = None,
              colours: Sequence[str | None] | None = None) -> None:
        """Remember the seats' names, in seat order (their colours follow that order). ``aliases``: per seat,
        another name the game calls it by (a team name, MO-SET-09), coloured as the seat wherever it appears;
        ``colours``: per seat, the colour its player chose (MO-SET-10: a team's marker, one of
        :data:`TEAM_COLOURS`), which replaces the seat palette's; ``None`` entries keep the palette's."""
        self.names = list(names)
        self.aliases = [a or "" for a in aliases or ()]
        self.colours = [TEAM_COLOURS.get(c or "", "") for c in colours or ()]

    def style(self, seat: int) -> str:
        chosen = self.colours[seat] if seat < len(self.colours) else ""
        base = chosen or SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        return f"bold {base}" if seat == self.me else base

    def text(self, s: str, style: str = "") -> Text:
        """``s`` cleaned of tags, with every seat name (and team name) in its seat's colour."""
        t = Text(clean(s), style=style)
        words = [*enumerate(self.names), *enumerate(self.aliases)]
        # Longest names first, so "Computer 10" is not coloured as "Computer 1".
        for seat, name in sorted(words, key=lambda x: -len(x[1])):
            if name:
                t.highlight_regex(rf"(?<!\w){re.escape(name)}(?!\w)(?: \(you\))?", self.style(seat))
        return t

    # -- output primitives

    def print(self, obj: RenderableType | str = "", style: str = "") -> None:
        self.console.print(self.text(obj, style) if isinstance(obj, str) else obj)
        self.out.flush()

    def lines(self, text: str) -> None:
        """Print a game's text line by line; an indented line wraps under its own indentation."""
        for line in text.splitlines():
            body = line.lstrip(" ")
            indent = len(line) - len(body)
            self.print(Padding(self.text(body), (0, 0, 0, indent), expand=False) if indent else self.text(body))

    def bullet(self, text: str, mark: str = "·", indent: int = 2, style: str = "") -> None:
        """``mark text`` with the wrapped lines hanging under the text, not the mark."""
        grid = Table.grid(padding=(0, 1, 0, 0))
        grid.add_column(no_wrap=True, justify="right")
        grid.add_column(overflow="fold")
        grid.add_row(Text(mark, style="dim" if mark == "·" else "bold"), self.text(text, style))
        self.print(Padding(grid, (0, 0, 0, indent), expand=False))

    def command(self, intro: str, command: str) -> None:
        """``intro``, then ``command`` alone on the next line and never wrapped, so it can be copied."""
        self.print(intro)
        self.console.print(Text(f"  {command}", style="bold"), soft_wrap=True)
        self.out.flush()

    def prompt(self, text: str = "> ") -> None:
        self.console.print(Text(text, style="bold"), end="")
        self.out.flush()

    def fits(self, renderable: RenderableType) -> bool:
        """Whether ``renderable`` can be laid out at the console's width without cutting a word."""
        return self.console.measure(renderable).minimum <= self.console.width

    # -- the board

    def board(self, game: Game, view: View, text: str | None = None) -> None:
        """The board of ``view``: a seats table from ``board["players"]`` with the rest of the game's board
        text around it, or (when the structure does not allow it, or the table does not fit) the text.
        ``text`` replaces the game's ``board_text`` (used for the decision context)."""
        text = game.board_text(view) if text is None else text
        players = view.board.get("players") if isinstance(view.board, dict) else None
        table = self._seats_table(view, players) if isinstance(players, list) else None
        rest = self._without_seat_lines(text, players) if table is not None else None
        if table is None or rest is None or not self.fits(table):
            self.lines(text)
            return
        head, tail = rest
        self.lines("\n".join(head))
        self.print(table)
        self.lines("\n".join(tail))

    def _seats_table(self, view: View, players: list) -> Table | None:
        if not players or not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players):
            return None
        active = view.board.get("active")
        columns: list[str] = []
        for key, value in players[0].items():
            if key in ("name", "id", "card", "at_turn", "active") or isinstance(value, bool | str | dict):
                continue
            if isinstance(value, int) or (isinstance(value, list) and (key in PILE_KEYS or all(
                    isinstance(v, dict) for v in value))):
                columns.append(key)
        flags = [k for k, v in players[0].items() if isinstance(v, bool) and k not in ("at_turn", "active")]
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, header_style="bold")
        table.add_column("Player", overflow="fold")
        for key in columns:
            table.add_column(_header(key), justify="left" if key in PILE_KEYS else "right", overflow="fold")
        if flags:
            table.add_column("", overflow="fold")
        for seat, p in enumerate(players):
            at = p.get("at_turn") is True or p.get("active") is True or (
                isinstance(active, int) and not isinstance(active, bool) and active == seat and
                view.board.get("phase") != "over")
            name = Text(f"{_MARK} " if at else "  ")
            name.append(p["name"] + (" (you)" if seat == view.viewer else ""), style=self.style(seat))
            cells: list[RenderableType] = [name]
            for key in columns:
                v = p.get(key)
                if isinstance(v, list) and key in PILE_KEYS:
                    cells.append(Text(f"{len(v)}" + (f" · {item_name(v[-1])}" if v else "")))
                elif isinstance(v, list):
                    cells.append(Text(str(len(v))))
                else:
                    cells.append(Text("" if v is None else str(v)))
            if flags:
                cells.append(Text(", ".join(_header(k).lower() for k in flags if p.get(k) is True), style="dim"))
            table.add_row(*cells)
        return table

    def _without_seat_lines(self, text: str, players: list) -> tuple[list[str], list[str]] | None:
        """The board text before the first seat line and after it, seat summary lines removed (the table
        shows them); a seat's indented lines (its cards in play) stay under its coloured name. ``None``
        when the text does not name every seat at a line start (another layout: print it as is)."""
        names = [p["name"] for p in players if isinstance(p, dict)]
        head: list[str] = []
        tail: list[str] = []
        found: set[int] = set()
        seat_line: str | None = None
        for line in text.splitlines():
            body = line.strip().removeprefix(_MARK).strip()
            seat = next((i for i, n in sorted(enumerate(names), key=lambda x: -len(x[1]))
                         if body.startswith(f"{n}:") or body.startswith(f"{n} (you):")), None)
            if seat is not None:
                found.add(seat)
                seat_line = body.split(":", 1)[0] + ":" if ":" in body else body
                continue
            if seat_line is not None and line.startswith("   "):
                tail.append(f"  {seat_line}")  # the owner's name above its indented lines, once
                seat_line = None
            elif seat_line is not None:
                seat_line = None
            (tail if found else head).append(line)
        if len(found) != len(names):
            return None
        return head, tail

    # -- the hand

    def hand(self, game: Game, view: View) -> None:
        """The viewer's hand as a table (card, text) when ``private["hand"]`` is a list of card dicts, with
        the rest of the game's private text below; otherwise the private text."""
        text = game.private_text(view)
        private = view.private if isinstance(view.private, dict) else {}
        cards = private.get("hand")
        if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
            self.lines(text)
            return
        card_lines = [c.get("line") if isinstance(c.get("line"), str) else item_name(c) for c in cards]
        if not any(c.get("text") for c in cards):
            # One line per card and no rules-text column (Memesis: the line holds the text): each card a
            # bullet, its wrapped lines hanging under its name, so a long hand reads card by card.
            self.print(Text(f"Your hand ({len(cards)})", style="bold"))
            for label in card_lines:
                self.bullet(label, indent=1)
            self._private_rest(text, card_lines)
            return
        table = Table(title=f"Your hand ({len(cards)})", title_justify="left", title_style="bold",
                      box=None, pad_edge=False, show_edge=False, show_header=False)
        table.add_column(overflow="fold")
        table.add_column(overflow="fold", style="dim")
        for c, label in zip(cards, card_lines, strict=True):
            name = self.text(label)
            if label.startswith(item_name(c)):
                name.stylize("bold", 0, len(item_name(c)))
            table.add_row(name, self.text(c.get("text") or ""))
        if not self.fits(table):
            self.lines(text)
            return
        self.print(table)
        self._private_rest(text, card_lines)

    def _private_rest(self, text: str, card_lines: list[str]) -> None:
        """The game's private text after its hand line, without the hand's cards (shown above)."""
        extra = [ln for ln in text.splitlines()[1:] if ln.strip() and not any(cl in ln for cl in card_lines)]
        self.lines("\n".join(extra))

    # -- decisions, log, help

    def decision(self, d: Decision) -> None:
        """The prompt and the numbered options (labels only: option ids never reach the player)."""
        self.print()
        self.print(self.text(d.prompt, "bold"))
        for i, o in enumerate(d.options, 1):
            self.bullet(o.label, f"{i:>2}.", indent=1)

    def event(self, text: str) -> None:
        self.bullet(text)

    def help(self) -> None:
        grid = Table.grid(padding=(0, 2, 0, 0))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column(overflow="fold")
        for key, what in HELP_LINES:
            grid.add_row(key, what)
        self.print(Text("Keys (then Enter):", style="bold"))
        self.print(Padding(grid, (0, 0, 0, 2), expand=False))

    def piles(self, view: View) -> None:
        """Every player's public discard pile or graveyard (MetaZoo: each Caster's Limbo, Cemetery and
        Afterlife, MZ-GAP-70), then the board's shared ones (a list under a :data:`PILE_KEYS` key or a key
        ending in ``_discard``: Meta Olympia's face-up discards, MO-INF-03), top card first."""
        board = view.board if isinstance(view.board, dict) else {}
        players = board.get("players", board.get("casters"))
        shown = False
        for seat, p in enumerate(players if isinstance(players, list) else []):
            if not isinstance(p, dict):
                continue
            for key in PILE_KEYS:
                pile = p.get(key)
                if not isinstance(pile, list):
                    continue
                shown = True
                self._pile(f"{p.get('name', f'Seat {seat + 1}')}'s {key.replace('_', ' ')}", pile)
        for key, pile in board.items():  # shared piles (Meta Olympia's athlete, tactic and scrimmage discards)
            if not isinstance(pile, list) or not (key in PILE_KEYS or key.endswith("_discard")):
                continue
            shown = True
            self._pile(_header(key), pile)
        if not shown:
            self.print("This game has no public discard piles.")

    def _pile(self, what: str, pile: list) -> None:
        """One pile, ``what`` its title: "empty", or its cards top first."""
        if not pile:
            self.print(f"{what} ({len(pile)}): empty")
            return
        self.print(f"{what} ({len(pile)}), top first:")
        for item in reversed(pile):
            self.bullet(item_name(item), indent=2)

    def card(self, game: Game, query: str) -> None:
        """Look a card up in the game's catalog by a name or a close spelling (``Catalog.lookup``, as
        ``/card``): the card in full, or the closest names when several are close."""
        try:
            catalog = game.card_catalog()
        except NotImplementedError:
            self.print(f"{game.name} has no card list.")
            return
        if not query.strip():
            self.print("Type card and a card's name, e.g. card beowulf.")
            return
        try:
            best = catalog.lookup(query)  # the same forgiving lookup as /card (issue 13 §10)
        except CardNotFound as exc:
            self.print(clean(exc.message))  # no card, or "Did you mean" with the closest names
            return
        self.print(Text(best.label, style="bold"))
        facts = [best.type, *(f"{k} {v}" for k, v in best.fields)]
        self.print(" · ".join(f for f in facts if f))
        if best.text:
            self.print(best.text)
        if best.flavor:
            self.print(Text(clean(best.flavor), style="italic dim"))
        if best.limit:
            self.print(Text(clean(best.limit), style="dim"))

    def refusal(self, message: str, rule: str | None = None) -> None:
        """A refused choice: the reason, then the rule in readable form: ``(rule MX-DEF-02)``."""
        self.print(Text(clean(message) + (f" (rule {rule})" if rule else ""), style="red"))

