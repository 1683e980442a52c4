"""The Memesis computer player (placeholder: random)."""

from __future__ import annotations

from games.core.players import RandomPlayer


class MemesisBot(RandomPlayer):
    """Random for now."""
