"""Meta — the stack game whose cards rewrite its rules: cards pile up in stack towers, meta stacks change the
cards below them, face-down triggers fire mid-execution, and the last player in play wins.

Rules: the rulebook ``shared/rules/meta.md``, its checklist ``shared/rules/checklists/meta.md`` (rule IDs
``META-*``, gaps ``META-GAP-NN``), and for players ``data/rules/meta.md`` with the rulings in
``data/rules/meta.rulings.yaml`` (``/rules``).

The package:

* ``game`` — :class:`~games.meta.game.MetaGame` through the game contract, ``GAME``, and the host rules.
* ``state`` — the state dataclasses (players, towers, entries, rule changes).
* ``rules`` — the engine's entry the game calls (``rules/__init__.py``): decisions, choices, plays, stages and
  turns, life and draws, disabling, mutual disabling and victory, triggers.
* ``rules/execution`` — the executing stage: towers level by level, targets resolved, card steps, paradoxes.
* ``rules/queries`` — what a state reads as now: rule values in force, seats in play, towers and their names.
* ``cards`` — the card model, its step vocabulary and the generated descriptions and engine readings.
* ``pool`` — the pool and starter decks from ``data/meta/``, and deck legality.
* ``catalog`` — the searchable card catalog (``/card``).
* ``gaps`` — the decision on every gap the rulebook leaves open (``META-GAP-NN``).
* ``ai`` — the heuristic computer player, ``computer(seed)``.
* ``render`` — the text board, context and private views, and decision kinds in player words.
* ``picture`` — the board picture, ``board_layout(view)``.
"""

from .game import GAME

__all__ = ["GAME"]
