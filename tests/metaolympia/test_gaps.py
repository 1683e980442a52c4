"""The Meta Olympia gap decisions (``games/metaolympia/gaps.py``). The checks every game's gap record gets (one
decision per ``MO-GAP-NN``, in order, grouped like the checklist) are in ``tests/core/test_gap_records.py``;
this file holds the Meta Olympia-only ones."""

from __future__ import annotations

import games
from games.metaolympia import gaps


def test_metaolympia_is_registered_and_playable():
    """Meta Olympia is a built game, so ``/rules metaolympia`` shows the decisions (not "not decided yet")."""
    assert "metaolympia" in games.game_ids()
    game = games.get_game("metaolympia")
    assert (game.name, game.min_seats, game.max_seats) == ("Meta Olympia", 2, 4)


def test_every_gap_is_decided_in_order():
    """MO-GAP-01..24: one decision each, in checklist order."""
    assert list(gaps.DECISIONS) == [f"MO-GAP-{n:02d}" for n in range(1, 25)]
