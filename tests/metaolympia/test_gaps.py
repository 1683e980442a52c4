"""The Meta Olympia gap decisions (``games/metaolympia/gaps.py``; issue 18). The checks every game's gap
record gets (one decision per ``MO-GAP-NN``, in order, carried word for word in the package docstring) are in
``tests/core/test_gap_records.py``; this file holds the Meta Olympia-only ones."""

from __future__ import annotations

import games
from games.metaolympia import gaps


def test_metaolympia_is_registered_and_playable():
    """Issue 18: Meta Olympia is a built game, so ``/rules metaolympia`` shows the decisions (not "not decided
    yet")."""
    assert "metaolympia" in games.game_ids()
    game = games.get_game("metaolympia")
    assert (game.name, game.min_seats, game.max_seats) == ("Meta Olympia", 2, 4)


def test_package_docstring_ends_with_the_gap_block():
    """The package docstring's gap block is :func:`gaps.numbered` (the one record, word for word)."""
    import games.metaolympia as pkg

    assert pkg.__doc__.rstrip().endswith(gaps.numbered().rstrip())
    head = "Decisions on the gaps the rulebook leaves open (``MO-GAP-NN``):"
    assert pkg.__doc__.split(head, 1)[1].strip("\n") == gaps.numbered()


def test_every_gap_is_decided_in_order():
    """MO-GAP-01..24: one decision each, in checklist order."""
    assert list(gaps.DECISIONS) == [f"MO-GAP-{n:02d}" for n in range(1, 25)]
