"""Meta Olympia — the Martian future-soccer board game of stage tracks, recruiting, sponsors and d12 matches,
for 2 to 4 teams (5 to 8 in the Mega League).

Rules: the rulebook ``shared/rules/metaolympia.md``, its checklist ``shared/rules/checklists/metaolympia.md``
(rule IDs ``MO-*``), the players' copy ``data/rules/metaolympia.md``; the gap decisions are :mod:`.gaps`.

The package:

* ``game.py`` — :class:`MetaOlympiaGame` (the contract: set-up, scenario positions, view, concede) and the
  host rules.
* ``state.py`` — the state dataclasses.
* ``rules/__init__.py`` — the rules engine's entry: the flow, movement, Stage Tiles, recruiting, contests
  (matches and scrimmages: dice, tactics, injuries, results), Tournaments, final scoring, and every decision
  built and applied.
* ``rules/base.py`` — the constants and small helpers the rules modules share: card lookups, dice, the token
  supply, drawing from decks.
* ``rules/gambling.py`` — bets and side wagers (MO-OPT-01/02).
* ``rules/trades.py`` — player-to-player athlete trades (MO-OPT-04).
* ``rules/mergers.py`` — mid-game mergers (MO-OPT-07/08).
* ``cards.py`` — the card model (athletes, tactics, sponsors, scrimmage cards, Stage Tiles).
* ``pool.py`` — loading and checking the card set in ``data/metaolympia/``; card texts.
* ``gaps.py`` — the decisions on the gaps the rulebook leaves open (``MO-GAP-NN``), the one record.
* ``ai.py`` — the heuristic computer player (``computer(seed)``).
* ``render.py`` — the board, context and private views as text, in player words.
* ``picture.py`` — the board picture layout (``board_layout(view)``).
* ``catalog.py`` — the searchable card catalog.
"""

from .game import GAME

__all__ = ["GAME"]
