"""The Memesis gap decisions (``games/memesis/gaps.py``; issue 17). The checks every game's gap record gets
(one decision per ``MEM-GAP-NN``, in order, carried word for word in the package docstring) are in
``tests/core/test_gap_records.py``; this file holds the Memesis-only ones."""

from __future__ import annotations

import games
from games.memesis import gaps


def test_memesis_is_registered_and_playable():
    """Issue 17: Memesis is a built game, so ``/rules memesis`` shows the decisions (not "not decided yet")."""
    assert "memesis" in games.game_ids()
    game = games.get_game("memesis")
    assert (game.name, game.min_seats, game.max_seats, game.has_teams) == ("Memesis", 2, 4, True)


def test_package_docstring_ends_with_the_gap_block():
    """The package docstring's gap block is :func:`gaps.numbered` (the one record, word for word)."""
    import games.memesis as pkg

    assert pkg.__doc__.rstrip().endswith(gaps.numbered().rstrip())
