"""Searching computers think off the event loop: a ``normal`` or ``hard`` computer seat's choice
(:meth:`games.core.contract.Game.search_choice`) runs in a process pool fed with the state's snapshot, so a
thinking computer never delays another table nor a person's click.

A :class:`Thinker` belongs to a :class:`bot.host.service.TableService`. Its pool starts at the first search (a
host whose tables have only ``easy`` computers never starts one); ``workers=0`` thinks in a thread instead
(tests and the terminal: no process start-up, and the loop still answers while it thinks). An ``easy``
computer, the game's heuristic, answers at once in the caller. May import :mod:`bot.host.tables` and
``games``.
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games import get_game
from games.core.contract import Decision, Game

from .tables import computer_choice, computer_seed

THINKERS = max(1, (os.cpu_count() or 2) - 1)
"""Default processes of a host's search pool: one core is left to the event loop."""

PACE = {"easy": 0.0, "normal": 0.6, "hard": 2.5}
"""Seconds a searching computer takes at least for each decision on a paced host (Discord), one-option
decisions included. Its search takes longer where it has a choice than where it has none, and whether it has
one can depend on its hidden cards: a floor above the level's usual thinking time (about 0.3 s and 2 s) makes
its answers come at the same pace either way. ``easy`` answers every decision at once, so it needs none."""


def think(game_id: str, snapshot: str, static: str | None, seat: int, level: str, seed: int) -> str:
    """In a pool process: ``seat``'s choice at ``level`` in the state of ``snapshot`` (and the table's
    ``static`` part), searched with ``seed``."""
    game = get_game(game_id)
    state = game.from_snapshot(snapshot, static)
    return game.search_choice(state, seat, level, seed)


class Thinker:
    """Decides computer seats' choices: ``easy`` at once, a search in a pool of ``workers`` processes
    (``0``: a thread)."""

    def __init__(self, workers: int = THINKERS):
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def searching(self, game: Game, level: str) -> bool:
        """Whether a computer at ``level`` searches in ``game`` (else it answers at once: an ``easy`` computer,
        a game that cannot search)."""
        return level != "easy" and game.searchable and game.search_budget(level) > 0

    def searches(self, game: Game, level: str, decision: Decision) -> bool:
        """Whether a computer at ``level`` searches for ``decision`` in ``game``: a searching level and more
        than one option (one option is answered without a search)."""
        return len(decision.options) > 1 and self.searching(game, level)

    @staticmethod
    def pace(level: str) -> float:
        """The least seconds a computer at ``level`` takes for each decision on a paced host (:data:`PACE`)."""
        return PACE.get(level, 0.0)

    def quick(self, game: Game, state: Any, decision: Decision, seed: int) -> str:
        """An ``easy`` computer's choice, at once (:func:`bot.host.tables.computer_choice`)."""
        return computer_choice(game, state, decision, seed)

    def job(self, game: Game, state: Any, seat: int, level: str, table_seed: int) -> tuple:
        """What a search needs, taken while the table is locked: the arguments of :func:`think`."""
        return (game.id, game.snapshot(state), game.static_json(state), seat, level,
                computer_seed(game, state, table_seed))

    async def search(self, job: tuple) -> str:
        """The choice of a :meth:`job`, computed off the event loop."""
        if self.workers <= 0:
            return await asyncio.to_thread(think, *job)
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers)
        return await asyncio.get_running_loop().run_in_executor(self._pool, think, *job)

    def close(self) -> None:
        """Stop the pool's processes (a host shutting down)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
