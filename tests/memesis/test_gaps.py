"""The Memesis gap decisions (``games/memesis/gaps.py``). The checks every game's gap record gets (one decision
per ``MEM-GAP-NN``, in order) are in ``tests/core/test_gap_records.py``; this file holds the Memesis-only
ones."""

from __future__ import annotations

import games


def test_memesis_is_registered_and_playable():
    """Memesis is a built game, so ``/rules memesis`` shows the decisions (not "not decided yet")."""
    assert "memesis" in games.game_ids()
    game = games.get_game("memesis")
    assert (game.name, game.min_seats, game.max_seats, game.has_teams) == ("Memesis", 2, 4, True)

