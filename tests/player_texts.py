"""Every text a player can read from a game, and the internal patterns none of them may show.

:func:`game_texts` plays seeded games of one game to the end with its computer players and collects, at every
step and for every seat and a spectator, what the host shows from the contract: the board, context and
private texts, the open decisions' prompts and option labels, the events each viewer may see, the reasons
for unplayable cards, the picture layout's labels, the final result (text, deciding rule, scores) and the
end-of-game seat lines. :func:`internal_hits` finds internal codes in a text: card ids (``t011.1``,
``e005``), Python reprs, gap or checklist tags, the word "version", "Engine reading", and bare rule IDs
(a rule ID may appear only as a pointer, ``/rules MZ-TURN-10``).

The shell tests add the Discord and terminal texts on top of these (``tests/discord_shell``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from games.core.contract import Game, SeatSetup
from games.core.playout import starter_seats

# (pattern, what it is): matched against player texts; each hit is a defect
INTERNAL_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), what) for p, what in (
    (r"\b[a-z]{1,4}\d{2,4}(?:\.\d+)+\b", "card instance id"),
    (r"(?<![\w/#-])[a-z]{1,3}\d{3}\b", "card id"),
    (r"(?<![<\w])[a-z]+:[a-z0-9_.:-]+\b", "option id"),  # not a Discord timestamp <t:…:R>
    (r"\bversion\b", "the word version"),
    (r"Engine reading", "engine words"),
    (r"\b[A-Z]{2,5}-GAP-\d+", "gap tag"),
    (r"\b(?:Decision|Option|Event|View|Result|Seat|Card|Player)\(", "Python repr"),
    (r"[\[{(]'[^']*'[,:)\]}]", "Python repr"),
    (r"\bNone\b", "Python None"),
    (r"\b[a-z]+_[a-z_]+\b", "snake_case identifier"),
    (r"(?<!/rules )(?<![\w-])(?:META|MZ|MX|MEM|MO)-[A-Z]{2,6}-\d{2}\b", "bare rule ID"),
))


_NEEDS: tuple[tuple[str, ...] | re.Pattern[str], ...] = (
    re.compile(r"\d\.\d"), (), (":",), ("version",), (), ("-GAP-",),
    ("Decision(", "Option(", "Event(", "View(", "Result(", "Seat(", "Card(", "Player("), (), ("None",), ("_",),
    ("META-", "MZ-", "MX-", "MEM-", "MO-"),
)
"""For each pattern of :data:`INTERNAL_PATTERNS`, strings of which every match holds one (empty: none
known), or a quicker pattern every match holds: a text without them is not searched, which saves most of
the time."""


def internal_hits(text: str) -> list[str]:
    """The internal codes in ``text``: ``["card id: 't011'", ...]`` (empty when clean)."""
    return list(_hits(text))


@functools.lru_cache(maxsize=1 << 16)
def _hits(text: str) -> tuple[str, ...]:
    # Boards, prompts and labels repeat across the steps of a game: each distinct text is scanned once.
    hits = []
    for (pattern, what), needs in zip(INTERNAL_PATTERNS, _NEEDS, strict=True):
        if not _may_match(needs, text):
            continue
        for m in pattern.finditer(text):
            hits.append(f"{what}: {m.group(0)!r}")
    return tuple(hits)


def _may_match(needs: tuple[str, ...] | re.Pattern[str], text: str) -> bool:
    if isinstance(needs, re.Pattern):
        return needs.search(text) is not None
    return not needs or any(n in text for n in needs)


def _layout_texts(game: Game, view: Any) -> Iterator[str]:
    try:
        layout = game.layout(view)
    except Exception:  # noqa: BLE001 - a game without pictures for this view
        layout = None
    if layout is not None:
        yield from layout.texts()


def game_texts(game: Game, seed: int, seats: int | None = None, options: dict[str, Any] | None = None,
               pictures_every: int = 25) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every text a player can read over one seeded game of ``game`` with ``seats``
    seats (default: the game's most, at most 4) and ``options`` for ``new_game``, played by the game's
    computer players. ``where`` names the source ("board", "prompt", "event", ...) for failure messages.
    Picture layouts are collected every ``pictures_every`` steps (they are slow to build)."""
    count = seats or min(game.max_seats, 4)
    setups: list[SeatSetup] = starter_seats(game, seed, count)
    for i, s in enumerate(setups):
        s.name = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")[i]
    state = game.new_game(setups, None if options is None else dict(options), seed)
    players = [game.computer(seed * 7 + p) for p in range(count)]
    for ev in game.intro(state):
        yield "intro", ev.text
    viewers: list[int | None] = [*range(count), None]
    step = 0
    while True:
        for viewer in viewers:
            view = game.view(state, viewer)
            yield "board", game.board_text(view)
            yield "context", game.context_text(view)
            yield "private", game.private_text(view)
            for _seat, kind in view.waiting:
                yield "waiting", game.step_name(kind)
            for d in view.decisions:
                yield "prompt", d.prompt
                for o in d.options:
                    yield "label", o.label
            if viewer is not None:
                for name, why in game.unplayable(state, viewer):
                    yield "unplayable", f"{name}: {why}"
            if viewer is None and step % pictures_every == 0:
                for text in _layout_texts(game, view):
                    yield "picture", text
        open_ = game.decisions(state)
        if not open_:
            break
        d = open_[0]
        choice = players[d.seat](d, game.view(state, d.seat))
        for ev in game.apply(state, d.seat, choice):
            yield "event", ev.text
        step += 1
    result = game.result(state)
    if result is not None:
        yield "result", result.text
        if result.rule:
            yield "result rule", result.rule
        for line in result.scores:
            yield "score", line
    final = game.view(state, None)
    _turns, lines = game.end_state(final)
    for line in lines.values():
        yield "end", line
    for text in _layout_texts(game, final):
        yield "picture", text
