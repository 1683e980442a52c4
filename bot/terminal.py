"""Terminal rendering with ``rich``: one colour per seat, the same in the board, the
log and the prompts; the board's seats and the hand as tables where the view's structure allows; every
line wrapped at word boundaries; nothing a player should not read (option ids, ``[RULE-ID]`` tags).

Game-agnostic: it reads only a :class:`games.core.contract.View` and the game's text methods
(``board_text``, ``context_text``, ``private_text``, ``card_catalog``), plus two conventions both built
games follow and later games inherit: ``board["players"]`` is a list of dicts with a ``"name"``, and each
seat's summary line in ``board_text`` starts with its name (after an optional ``▶`` marker) and a colon.
Whatever does not fit those conventions is printed as the game's own text.

Output goes to a :class:`rich.console.Console` on the front end's stream: colours only on a terminal (a
file or a pipe gets plain text; ``NO_COLOR`` is honoured: rich reads it when the front end does not
turn colours off itself), markup off so card text like ``[Battle Str 3]`` is printed as is.
Lines wrap to the console's own width at word boundaries and never inside a seat's or a card's name
(:meth:`Screen.fill`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TextIO

from rich import box
from rich.cells import cell_len, chop_cells
from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from bot.help import pointer, pointers
from games.core.catalog import CardInfo, CardNotFound
from games.core.contract import Decision, Game, Result, View
from games.core.layout import SEAT_COLOURS  # one seat palette for the terminal and pictures
from games.core.teams import TEAM_PALETTE  # and one team palette
from games.core.textsearch import normalize

PILE_KEYS = ("discard", "graveyard", "trash", "exile", "limbo", "cemetery", "afterlife", "dead")
"""Keys of a player's dict in ``board["players"]`` that hold a public discard pile (top = last item): MetaZoo's
Limbo, Cemetery and Afterlife, Memesis' Dead Cell (``dead``)."""

PILE_NAMES = {"dead": "Dead Cell", "limbo": "Limbo", "cemetery": "Cemetery", "afterlife": "Afterlife",
              "athlete_discard": "Athlete discard pile", "tactic_discard": "Tactic discard pile",
              "scrim_discard": "Scrimmage discard pile"}
"""A pile key whose name in the game's own words is not the key itself (Memesis' Dead Cell, MetaZoo's zones,
Meta Olympia's discard piles)."""

TEAM_COLOURS = {name: rich for name, rich, _ in TEAM_PALETTE}
"""A team colour a player may choose (``bot.host.PALETTE``, MO-SET-10) -> the rich colour that shows it."""

# A developer tag such as "[MX-HST-02]" or "[META-TRG-03/04]": players see rule IDs only in refusals.
_TAG = re.compile(r"\s*\[[A-Z]{2,}(?:-[A-Z0-9/]+)+\]")
_MARK = "▶"
_POINTER = re.compile(r"/rules [A-Z]+(?:-[A-Z0-9/]+)+")

HELP_LINES = (
    ("1, 2, …", "choose that option"),
    ("?", "this help"),
    ("h", "your hand"),
    ("b", "the whole board"),
    ("l", "the log (last 30 lines)"),
    ("d", "discard piles and graveyards"),
    ("card NAME", "look a card up (a close spelling is enough)"),
    ("rules TOPIC", "the rules on a topic or a rule ID (also /rules, as refusals say)"),
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
    if key in PILE_NAMES:
        return PILE_NAMES[key]
    words = key.replace("_", " ")
    return words.upper() if len(words) <= 2 else words[:1].upper() + words[1:]


_WORD = re.compile(r"\s*\S+\s*")  # a word with the spaces around it, as rich's own wrapping reads words


def _units(plain: str, width: int, keep: Sequence[tuple[int, int]]) -> list[list[int]]:
    """``[start, end]`` of the words of ``plain`` (with their spaces), the words of a ``keep`` span that fits in
    ``width`` cells glued into one unit."""
    inside = set()
    for s, e in keep:
        if cell_len(plain[s:e]) <= width:
            inside.update(range(s + 1, e))
    units: list[list[int]] = []
    for m in _WORD.finditer(plain):
        if units and m.start() in inside:
            units[-1][1] = m.end()
        else:
            units.append([m.start(), m.end()])
    return units


def break_points(plain: str, width: int, keep: Sequence[tuple[int, int]] = ()) -> list[int]:
    """Where to break ``plain`` into lines of at most ``width`` cells: at word starts only, never strictly
    inside a ``keep`` span (a name) that fits on one line; a word longer than a line is folded, a name longer
    than a line breaks between its words. Returns the offsets, as ``rich.text.Text.divide`` takes them."""
    units = _units(plain, width, keep)
    points: list[int] = []
    used = 0
    for start, end in units:
        word = plain[start:end]
        size = cell_len(word.rstrip())
        if used + size <= width:
            used += cell_len(word)
            continue
        if size <= width:
            if used and start:
                points.append(start)
            used = cell_len(word)
            continue
        # Longer than a line: its words (a long name), each folded if it is longer than a line itself.
        for m in _WORD.finditer(word):
            piece, at = m.group(0), start + m.start()
            psize = cell_len(piece.rstrip())
            if used + psize <= width:
                used += cell_len(piece)
                continue
            if used and at:
                points.append(at)
            if psize <= width:
                used = cell_len(piece)
                continue
            parts = chop_cells(piece, width)
            for part in parts[:-1]:
                at += len(part)
                points.append(at)
            used = cell_len(parts[-1])
    return points


class Filled:
    """A text that wraps as :meth:`Screen.fill` does wherever rich lays it out (a table cell): it measures its
    widest unbreakable unit (a word, or a whole kept name) as its minimum width, so a table that cannot give
    a name its room does not fit (:meth:`Screen.fits`) instead of breaking it."""

    def __init__(self, screen: Screen, text: Text):
        self.screen, self.text = screen, text

    def __rich_measure__(self, console: Console, options: Any) -> Measurement:
        longest = max((cell_len(line) for line in self.text.plain.split("\n")), default=0)
        return Measurement(self.screen.widest(self.text.plain, options.max_width), longest)

    def __rich_console__(self, console: Console, options: Any):
        yield self.screen.fill(self.text, options.max_width)


class Screen:
    """Everything the terminal prints, for the person in seat ``me`` (``None``: a spectator).

    ``out``: the stream; ``width``: columns (``None``: the terminal's, read again at every line so a resized
    window is followed, or 80 for a file or pipe); ``colour``: ``None`` detects a terminal, ``False`` never
    colours; with ``None`` or ``True`` a set ``NO_COLOR`` still turns colours off. Seat names
    are set by :meth:`seats` (from the first view) and coloured wherever they appear; they and the names
    given to :meth:`keep` are never split across lines."""

    def __init__(self, out: TextIO, me: int | None = None, width: int | None = None, colour: bool | None = None):
        self.out = out
        self.me = me
        # no_color=None lets rich read NO_COLOR; False would override it (https://no-color.org).
        self.console = Console(file=out, width=width, markup=False, highlight=False, emoji=False,
                               force_terminal=colour, no_color=True if colour is False else None, soft_wrap=False)
        self.names: list[str] = []
        self.aliases: list[str] = []
        self.colours: list[str] = []
        self._kept: set[str] = set()
        self._keep_re: re.Pattern[str] | None = None
        self._keep_words: frozenset[str] = frozenset()

    # -- wrapping

    def keep(self, names: Sequence[str]) -> None:
        """Never break a line inside one of ``names`` (cards' names, from the game's catalog) when it fits on
        one line."""
        self._kept |= {n for n in names if n and " " in n.strip()}

    def _spans(self, plain: str) -> list[tuple[int, int]]:
        """Where the kept names and the seats' names (with spaces) are in ``plain``."""
        words = frozenset(self._kept | {n for n in (*self.names, *self.aliases) if " " in n})
        spans = [m.span() for m in _POINTER.finditer(plain)]  # "/rules MX-KO-03" is one thing to type
        if not words:
            return spans
        if self._keep_re is None or self._keep_words != words:
            alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
            self._keep_re = re.compile(rf"(?<!\w)(?:{alternation})(?!\w)")
            self._keep_words = words
        return spans + [m.span() for m in self._keep_re.finditer(plain)]

    def widest(self, plain: str, width: int | None = None) -> int:
        """The widest unbreakable part of ``plain`` (a word, or a kept name that fits in ``width``): the
        narrowest a column showing it may be."""
        width = width or self.console.width
        return max((cell_len(line[s:e].rstrip()) for line in plain.split("\n")
                    for s, e in _units(line, width, self._spans(line))), default=0)

    def fill(self, text: Text, width: int | None = None) -> Text:
        """``text`` with line breaks where it must wrap at ``width`` cells (default the console's): at word
        boundaries, never inside a kept name (:func:`break_points`), each line's trailing spaces dropped;
        its own line breaks kept. Printed at that width, rich breaks it nowhere else."""
        width = max(1, width or self.console.width)
        if cell_len(text.plain) <= width and "\n" not in text.plain:
            return text
        out: list[Text] = []
        for line in text.split("\n", allow_blank=True):
            for piece in line.divide(break_points(line.plain, width, self._spans(line.plain))):
                piece.rstrip()
                out.append(piece)
        return Text("\n").join(out)

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
        obj = self.text(obj, style) if isinstance(obj, str) else obj
        self.console.print(self.fill(obj) if isinstance(obj, Text) else obj)
        self.out.flush()

    def lines(self, text: str) -> None:
        """Print a game's text line by line; an indented line wraps under its own indentation."""
        for line in text.splitlines():
            body = line.lstrip(" ")
            indent = len(line) - len(body)
            width = self.console.width - indent
            self.print(Padding(self.fill(self.text(body), width), (0, 0, 0, indent), expand=False)
                       if indent and width > 10 else self.text(body))

    def bullet(self, text: str, mark: str = "·", indent: int = 2, style: str = "") -> None:
        """``mark text`` with the wrapped lines hanging under the text, not the mark."""
        grid = Table.grid(padding=(0, 1, 0, 0))
        grid.add_column(no_wrap=True, justify="right")
        grid.add_column(overflow="fold")
        width = self.console.width - indent - cell_len(mark) - 1
        body = self.fill(self.text(text, style), width) if width > 10 else self.text(text, style)
        grid.add_row(Text(mark, style="dim" if mark == "·" else "bold"), body)
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
        """Whether ``renderable`` can be laid out at the console's width without cutting a word or a kept
        name. Measured without a width limit: rich clamps a measurement to the width it is given, so
        ``console.measure`` always "fits" (a 40-column seats table folded "Computer 1" into "Co/mput/er 1")."""
        wide = self.console.options.update(width=10**6)
        return Measurement.get(self.console, wide, renderable).minimum <= self.console.width

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
        # A fixed width, so that rich never squeezes a name (it shrinks the other columns).
        table.add_column("Player", width=max(cell_len(f"{_MARK} {p['name']} (you)") for p in players))
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
            cells: list[RenderableType] = [Filled(self, name)]
            for key in columns:
                v = p.get(key)
                if isinstance(v, list) and key in PILE_KEYS:
                    cells.append(Filled(self, Text(f"{len(v)}" + (f" · {item_name(v[-1])}" if v else ""))))
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
        # The card column has a fixed width, at least its widest name, so that rich shrinks only the text
        # column and a card's name is never split; the labels wrap inside it (Filled).
        longest = max(cell_len(label) for label in card_lines)
        table.add_column(width=max(max(self.widest(label) for label in card_lines),
                                   min(longest, self.console.width * 45 // 100)))
        table.add_column(overflow="fold", style="dim")
        for c, label in zip(cards, card_lines, strict=True):
            name = self.text(label)
            if label.startswith(item_name(c)):
                name.stylize("bold", 0, len(item_name(c)))
            table.add_row(Filled(self, name), self.text(c.get("text") or ""))
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

    def decision(self, d: Decision, unplayable: Sequence[tuple[str, str]] = ()) -> None:
        """The prompt and the numbered options (labels only: option ids never reach the player), then the
        cards in hand that cannot be played now with their reasons (``Game.unplayable``)."""
        self.print()
        self.print(self.text(d.prompt, "bold"))
        for i, o in enumerate(d.options, 1):
            self.bullet(o.label, f"{i:>2}.", indent=1)
        self.unplayable(unplayable)

    def unplayable(self, cards: Sequence[tuple[str, str]]) -> None:
        """"Not playable now:" and one ``Name: reason`` line per card (nothing when empty)."""
        if not cards:
            return
        self.print(Text("Not playable now:", style="dim"))
        for name, reason in cards:
            self.bullet(f"{name}: {reason}", "–", indent=2, style="dim")

    def result(self, res: Result | None) -> None:
        """The end of a game: its result, the deciding rule and each seat's score (``Result.rule`` and
        ``Result.scores``), or that the table was closed."""
        self.print(self.text(f"*** {res.text if res else 'The table was closed.'} ***", "bold"))
        if res is None:
            return
        if res.rule:
            self.print(pointers(res.rule))
        for line in res.scores:
            self.bullet(line, indent=1)

    def event(self, text: str) -> None:
        self.bullet(text)

    def help(self, quick_start: str = "") -> None:
        """The game's quick start (plain text) when given, then the keys."""
        if quick_start:
            self.lines(quick_start)
            self.print()
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
                what = PILE_NAMES.get(key, key.replace("_", " "))
                self._pile(f"{p.get('name', f'Seat {seat + 1}')}'s {what}", pile)
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
        ``/card``): the card in full; every version of a name several cards share; or the closest names,
        to type again with ``card`` (terminal words: nothing here is picked from a list)."""
        try:
            catalog = game.card_catalog()
        except NotImplementedError:
            self.print(f"{game.name} has no card list.")
            return
        if not query.strip():
            self.print("Type card and a card's name, e.g. card " + next(iter(catalog)).name.split()[0].lower() + ".")
            return
        try:
            found = [catalog.lookup(query)]  # the same forgiving lookup as /card
        except CardNotFound as exc:
            names = {normalize(c.name) for c in exc.suggestions}
            shared = len(exc.suggestions) > 1 and names == {normalize(query)}
            if not shared:
                self.print(self._not_found(catalog.game_name, query.strip(), exc.suggestions))
                return
            found = list(exc.suggestions)  # one name, several cards: show them all
            self.print(f"{len(found)} {catalog.game_name} cards are named {found[0].name}:")
        for info in found:
            self.card_text(info)

    def _not_found(self, game_name: str, query: str, near: Sequence[CardInfo]) -> str:
        if not near:
            return (f"No {game_name} card is named '{query}', and no name is close. Type card and part of a "
                    "name.")
        names = "; ".join(c.name for c in near)
        return f"No {game_name} card is named exactly '{query}'. Close: {names}. Type card and one of these."

    def card_text(self, info: CardInfo) -> None:
        """One card in full: name, type and fields, rules text, flavour, copy limit; rule IDs as pointers."""
        self.print(Text(info.name, style="bold"))
        facts = [info.type, *(f"{k} {v}" for k, v in info.fields)]
        self.print(pointers(" · ".join(f for f in facts if f)))
        if info.text:
            self.lines(pointers(info.text))
        if info.flavor:
            self.print(Text(clean(info.flavor), style="italic dim"))
        if info.limit:
            self.print(Text(pointers(clean(info.limit)), style="dim"))

    def refusal(self, message: str, rule: str | None = None) -> None:
        """A refused choice: the reason, then the rule as a pointer the player can follow: ``(see /rules
        MX-DEF-02)`` (the terminal takes ``/rules`` as ``rules``)."""
        tail = f" ({pointer(rule)})" if rule else ""
        self.print(Text(pointers(clean(message)) + tail, style="red"))

