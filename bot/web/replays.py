"""A table's public steps for the web pages: the spectator view after each choice and the public log lines
that led to it, rebuilt from the stored seed and choice log by replay (the same path as ``metahost audit``,
:func:`bot.audit.replay`), or read from an exported replay file.

Only public information is kept: each step holds the spectator view (``Game.view(state, None)``) and the log
lines whose audience is everyone. The state itself never leaves :class:`Timeline`."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from typing import Any

from games import get_game
from games.core.values import Result, View

from ..audit import replay_steps
from ..store import TableRow

FORMAT = "metahost-replay"
"""The ``format`` of an exported replay file (JSON); :data:`VERSION` its version."""
VERSION = 1

OVER = ("finished", "aborted")
"""Table statuses of a game that is over: its seed and choices are public, and its steps can be stepped through."""


@dataclass(slots=True)
class Step:
    """One step of a game as a spectator saw it: ``index`` (0 = the start, k = after the k-th choice),
    ``view`` (the spectator view), ``lines`` (the public log lines that led to it) and ``turn`` (the board's turn
    or round number, ``None`` when the game's board names none)."""

    index: int
    view: View
    lines: list[str]
    turn: int | None


@dataclass(slots=True)
class Replay:
    """What a table's pages show: ``game`` (id), ``table`` (id), ``title``, ``seats`` (``(name, deck name or "")``),
    ``status`` (``playing``, ``finished``, ``aborted``…), ``result`` (its text, or ``None``), the public
    ``steps`` so far, and, once the game is over, the ``audit`` record (seed, options, choices) an export carries."""

    game: str
    table: str
    seats: list[tuple[str, str]]
    status: str
    result: str | None
    steps: list[Step]
    audit: dict[str, Any] | None = None

    @property
    def over(self) -> bool:
        return self.status in OVER

    def turn_starts(self) -> list[tuple[int, int]]:
        """``(turn, first step of it)`` for each turn the board numbers, in order."""
        out: list[tuple[int, int]] = []
        for s in self.steps:
            if s.turn is not None and (not out or out[-1][0] != s.turn):
                out.append((s.turn, s.index))
        return out

    def to_file(self) -> str:
        """The replay file (JSON, :data:`FORMAT` version :data:`VERSION`): the seats, the result, the audit
        record (seed and choices) and every step's public board and log lines. Deck lists are not in it (as in
        ``/table replay``): the steps carry the boards instead. Only for a game that is over."""
        if not self.over:
            raise ValueError("a game still in play has no replay file: its seed and choices would tell hidden cards")
        return json.dumps({
            "format": FORMAT, "version": VERSION, "game": self.game, "table": self.table,
            "seats": [list(s) for s in self.seats], "status": self.status, "result": self.result,
            "audit": self.audit,
            "steps": [{"board": s.view.board, "waiting": [list(w) for w in s.view.waiting],
                       "result": None if s.view.result is None else s.view.result.to_dict(), "lines": s.lines}
                      for s in self.steps],
        }, ensure_ascii=False, separators=(",", ":"))


def _turn(board: dict[str, Any]) -> int | None:
    for key in ("turn", "round"):
        value = board.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _public(events) -> list[str]:
    return [e.text for e in events if e.audience is None]


@dataclass(slots=True)
class Timeline:
    """The replay of one stored table, extended as its log grows (a live page polls it): ``row`` the table,
    ``steps`` the public steps of the first ``seq`` choices. The game's state is kept here to apply the next
    choices and never leaves it."""

    row: TableRow
    steps: list[Step] = field(default_factory=list)
    seq: int = 0
    _state: Any = None

    def extend(self, log: list[tuple]) -> None:
        """Apply the choices of ``log`` (``(seq, seat, choice, at)`` rows, the whole log) after the first
        :attr:`seq`, by the audit's replay (:func:`bot.audit.replay_steps`). Raises
        ``games.core.contract.RulesError`` when a stored choice is refused on replay (the audit reports such a
        table)."""
        game = get_game(self.row.game)
        fresh = self._state is None
        for k, (state, events) in enumerate(replay_steps(self.row, log[self.seq:], self._state)):
            self._state = state
            if not (fresh and k == 0):  # the first step of a fresh replay is the start, not a choice
                self.seq += 1
            self._add(game, _public(events))

    def _add(self, game, lines: list[str]) -> None:
        view = game.view(self._state, None)
        self.steps.append(Step(len(self.steps), view, lines, _turn(view.board)))


def replay_of(row: TableRow, timeline: Timeline, log: list[tuple], result: dict | None) -> Replay:
    """The :class:`Replay` of a stored table from its (extended) ``timeline``; the audit record only once the
    game is over."""
    over = row.status in OVER
    audit = None
    if over:
        audit = {"seed": row.seed, "options": row.options,
                 "choices": [[e[0], e[1], e[2]] + ([e[3]] if len(e) > 3 else []) for e in log]}
    seats = [(s.name, s.deck_name or s.deck_id or "") for s in row.seats]
    return Replay(row.game, row.id, seats, row.status, None if result is None else result.get("text"),
                  list(timeline.steps), audit)


def read_file(content: str | bytes) -> Replay:
    """The :class:`Replay` of an exported replay file (:meth:`Replay.to_file`, as text, or as bytes, gzipped as
    the web front's download is or not). Raises ``ValueError`` naming what is wrong: not JSON, not a metahost
    replay, a newer version, an unknown game, a malformed step."""
    if isinstance(content, bytes):
        try:
            content = (gzip.decompress(content) if content[:2] == b"\x1f\x8b" else content).decode("utf-8")
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            raise ValueError(f"not a replay file: it is neither JSON nor gzipped JSON ({exc})") from None
    try:
        data = json.loads(content)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a replay file: it is not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a replay file: its \"format\" should be {FORMAT!r} (export one from a table's page)")
    if data.get("version") != VERSION:
        raise ValueError(f"replay file version {data.get('version')!r}: this metahost reads version {VERSION}")
    try:
        get_game(data["game"])
        steps = []
        for k, s in enumerate(data["steps"]):
            res = s.get("result")
            result = None if res is None else Result(tuple(res["winners"]), tuple(res["losers"]), res["reason"],
                                                     res["text"], res.get("draw", False), res.get("rule", ""),
                                                     tuple(res.get("scores", ())))
            view = View(data["game"], None, s["board"], None, (), tuple(tuple(w) for w in s["waiting"]), result)
            steps.append(Step(k, view, [str(x) for x in s["lines"]], _turn(s["board"])))
        seats = [(str(n), str(d)) for n, d in data["seats"]]
        return Replay(data["game"], str(data["table"]), seats, str(data["status"]), data.get("result"), steps,
                      data.get("audit"))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"replay file is malformed ({type(exc).__name__}: {exc})") from None
