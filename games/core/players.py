"""Computer players that decide only from their own decision and view (DESIGN.md; Pokémon Showdown:
random and real players use the same requests).

A player is a callable ``(decision, view) -> option id``.
"""

from __future__ import annotations

from collections.abc import Callable

from .rng import Rng
from .values import Decision, View

Player = Callable[[Decision, View | None], str]


class RandomPlayer:
    """Picks uniformly among the options of its own decision, from its own seeded RNG.

    It never looks at the state: only the decision (and optionally the view) it is given.
    """

    def __init__(self, seed: int):
        self.rng = Rng.from_seed(seed)

    def __call__(self, decision: Decision, view: View | None = None) -> str:
        return decision.options[self.rng.below(len(decision.options))].id
