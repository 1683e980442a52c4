"""Memesis — the card game of source, Stealth, Incubation, Ammunition and Fusion, for 2 to 4 players in any
alliance.

Rules: the rulebook ``shared/rules/memesis.md``, its checklist ``shared/rules/checklists/memesis.md`` (rule IDs
``MEM-*``), for players ``data/rules/memesis.md`` (``/rules``).

The package:

* ``game.py`` — :class:`~games.memesis.game.MemesisGame` (the contract), ``GAME``, the public and private
  views, the host rules.
* ``state.py`` — the state dataclasses (players, pieces, jobs, prompts).
* ``rules.py`` — the rules engine: the decisions (pick a card or piece, then its action step by step),
  applying a choice, response windows, the job queue.
* ``cards.py`` — the card schema and effect vocabulary; ``pool.py`` — the card pool, the starter decks and
  deck legality; ``catalog.py`` — the searchable card catalog.
* ``gaps.py`` — the decisions on the gaps the rulebook leaves open (``MEM-GAP-NN``), the one record.
* ``ai.py`` — the computer player (``computer(seed)``).
* ``render.py`` — the text board, context, private view and end lines; ``picture.py`` — the board picture.
"""

from .game import GAME

__all__ = ["GAME"]
