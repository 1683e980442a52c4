"""The values the store reads and writes: a table's setup row and seats, a saved deck, what loading a
table needs from its choice log. Plain dataclasses; imports nothing of the project.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SeatRow:
    seat: int
    user_id: str | None
    name: str
    computer: bool
    deck_id: str | None
    deck: list[str]
    timeouts: int = 0
    deck_name: str | None = None
    bank: float | None = None  # seconds in the seat's time bank (migration 11); None: full, or no bank


@dataclass(slots=True)
class DeckRow:
    """A user's saved deck: ``cards`` is ``[(card id, count)]`` in build order; times in epoch seconds."""

    id: int
    user_id: str
    game: str
    name: str
    cards: list[tuple[str, int]]
    created: float
    updated: float
    archive: list[tuple[str, int]] = field(default_factory=list)
    """MetaZoo's Archive (MZ-BOOK-04): ``[(card id, count)]``; empty for other games (migration 10)."""

    @property
    def total(self) -> int:
        return sum(n for _, n in self.cards)

    def archive_list(self) -> list[str]:
        """The Archive as a flat list of card ids."""
        return [cid for cid, n in self.archive for _ in range(n)]

    def card_list(self) -> list[str]:
        """The deck as a flat list of card ids (what a table's seat carries)."""
        return [cid for cid, n in self.cards for _ in range(n)]


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    place: str
    host_user: str
    status: str
    options: dict[str, Any]
    seed: int
    created: float
    updated: float
    seats: list[SeatRow]
    snapshot: str | None = None
    seq: int = 0
    deadlines: list[tuple[int, int, float, float, bool]] | None = None
    paused: float | None = None  # epoch seconds the table paused at; None: not paused
    pause_reason: str | None = None
    static: str | None = None  # Game.static_json of a started game; None: snapshot is whole


@dataclass(slots=True)
class LogSummary:
    """What loading a table needs from its choice log (:meth:`Store.log_summaries`): ``acts`` seat -> how
    many choices it made, ``last_choice`` seat -> its last choice, ``tail`` the rows ``(seq, seat,
    choice, at)`` logged after the snapshot, in order (``at``: the epoch seconds logged with the choice, the
    instant a game that reads the clock observed)."""

    acts: dict[int, int]
    last_choice: dict[int, str]
    tail: list[tuple[int, int, str, float]]


@dataclass(slots=True)
class Recorded:
    """One committed choice of :meth:`bot.store.tables.TableQueries.record`, as values:
    ``actions`` the log rows ``[(seq, seat, choice)]`` at ``at``; ``snapshot`` ``(seq, state)`` or ``None`` (kept);
    ``deadlines`` ``[(seat, deadline, remind_at)]`` replacing the table's, stored with sequence ``end``;
    ``timeouts`` and ``banks`` seat -> its timeout count, its time bank in seconds; ``finished``, when the game
    ended with it, ``(game, result as JSON text, [(user_id, "win" | "loss" | "draw")])``."""

    table_id: str
    actions: list[tuple[int, int, str]]
    at: float
    snapshot: tuple[int, str] | None
    deadlines: list[tuple[int, float, float]]
    end: int
    timeouts: dict[int, int]
    banks: dict[int, float]
    finished: tuple[str, str, list[tuple[str, str]]] | None = None
