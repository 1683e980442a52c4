"""The Memesis gap decisions (``games/memesis/gaps.py``; issue 17). The checks every game's gap record gets
(one decision per ``MEM-GAP-NN``, in order, carried word for word in the package docstring) are in
``tests/core/test_gap_records.py``; this file holds the Memesis-only ones."""

from __future__ import annotations

import games


def test_memesis_is_not_registered_yet():
    """Issue 17: the foundation is not a playable game yet, so ``/rules memesis`` keeps "not decided yet"."""
    assert "memesis" not in games.REGISTRY
