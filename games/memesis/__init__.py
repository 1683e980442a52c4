"""Memesis — the card game of source, Stealth, Incubation, Ammunition and Fusion, for 2 to 4 players in any
alliance.

Rules: the rulebook ``shared/rules/memesis.md``, its checklist ``shared/rules/checklists/memesis.md`` (rule IDs
``MEM-*``), for players ``data/rules/memesis.md`` (``/rules``).

The package:

* ``game.py`` — :class:`~games.memesis.game.MemesisGame` (the contract), ``GAME``, the public and private
  views, the host rules.
* ``state.py`` — the state dataclasses (players, pieces, jobs, prompts).
* ``rules/`` — the rules engine. ``rules/__init__.py`` is its entry: the decisions (pick a card or piece, then
  its action step by step), applying a choice, who a response window asks, running the job queue. Below it,
  one module per rulebook chapter:
* ``rules/cells.py`` — cards, pieces and Cells (Sections 0 and 2): lookups, a piece's kind and stats as the
  truth and as the table sees them, moving cards between zones, labels, targets, prompts and response windows.
* ``rules/actions.py`` — every legal action of a hand card or a piece, as a path of components (sourcing,
  consuming, moving, Stealth, abilities); ``rules/play.py`` — carrying a chosen action out.
* ``rules/combat.py`` — damage, Armor, death, players out, the end of the game and the combat step (Section
  3).
* ``rules/effects.py`` — resolving Effect cards and abilities, Cause cards lost or saved, Rune fragments
  (Section 4).
* ``rules/runes.py`` — Rune hosts, attaching a Rune, taking it back (Section 5); ``rules/fusion.py`` — the
  ways to fuse and fusing (Section 7); ``rules/incubation.py`` — incubating and hatching; ``rules/turn.py`` —
  the start and end of a turn and the stall limit.
* ``cards.py`` — the card schema and effect vocabulary; ``pool.py`` — the card pool, the starter decks and
  deck legality; ``catalog.py`` — the searchable card catalog.
* ``gaps.py`` — the decisions on the gaps the rulebook leaves open (``MEM-GAP-NN``), the one record.
* ``ai.py`` — the computer player (``computer(seed)``).
* ``render.py`` — the text board, context, private view and end lines; ``picture.py`` — the board picture.
"""

from .game import GAME

__all__ = ["GAME"]
