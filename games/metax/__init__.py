"""MetaX — the two-player crossover trading card game: Characters, Events and Battle cards, attacks with Stats
and Ranks, seven Victory Points to win.

Rules: the rulebook ``shared/rules/metax.md`` and its checklist ``shared/rules/checklists/metax.md`` (rule IDs
``MX-*``; players read it as ``data/rules/metax.md``). The package:

- ``game.py`` — ``MetaXGame``, the game contract (creation, view, concede, decks) and the host rules.
- ``state.py`` — the state dataclasses (players, Characters, attacks, effect frames).
- ``rules/__init__.py`` — the rules engine's entry: the open decisions and applying a choice (set-up, turn,
  battle, effects).
- ``rules/refusals.py`` — why a choice is refused: the rule that forbids it (MX-HST-02).
- ``cards.py`` — the card model and the effect vocabulary; ``pool.py`` — the pool, starter decks and deck
  legality (MX-DCK-*); ``catalog.py`` — the searchable catalog.
- ``gaps.py`` — the decisions on the gaps the rulebook leaves open (``MX-GAP-NN``).
- ``ai.py`` — the computer player; ``render.py`` — boards and context as text; ``picture.py`` — the board
  picture.
"""

from .game import GAME

__all__ = ["GAME"]
