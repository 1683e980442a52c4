"""The reference speed engine targets are ratios to: python-chess random playouts, plies per
second on one core, measured the way ``../shared/tools/chess_plies.py`` does (push + is_game_over, a
random legal move each ply, at most 400 plies a game, ``random.Random(1)``).

The bench scripts measure it in the same process as the game, before and after, so that a busy or slow
machine moves both figures together. Needs the ``bench`` extra (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import random
import time


def chess_plies(seconds: float = 3.0) -> float:
    """python-chess random playouts for ``seconds`` of wall time: plies per second.

    Raises ``ModuleNotFoundError`` naming the extra to install when python-chess is missing."""
    try:
        import chess
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            "python-chess is needed for the reference speed: pip install -e '.[bench]'") from None
    rng = random.Random(1)
    plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        b = chess.Board()
        while not b.is_game_over(claim_draw=False) and b.ply() < 400:
            b.push(rng.choice(list(b.legal_moves)))
            plies += 1
    return plies / (time.perf_counter() - t0)
