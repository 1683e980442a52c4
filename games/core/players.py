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


class GuardedPlayer:
    """Base of a computer player that must never stall a table: :meth:`__call__` asks :meth:`decide` and falls
    back to the decision's documented default (else its first option) when ``decide`` returns an id that is not
    offered or raises; with ``strict`` (tests) it raises instead, so a bot's mistakes are seen."""

    strict: bool = False

    def decide(self, decision: Decision, view: View | None) -> str | None:
        raise NotImplementedError

    def __call__(self, decision: Decision, view: View | None = None) -> str:
        ids = {o.id for o in decision.options}
        try:
            choice = self.decide(decision, view)
        except Exception:
            if self.strict:
                raise
            choice = None
        if choice not in ids:
            choice = decision.default if decision.default in ids else decision.options[0].id
        return choice
