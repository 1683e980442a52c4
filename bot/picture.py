"""Board and card pictures (issue 15): PNG bytes painted with Pillow from a game's pure layout.

Placeholder API fixed by the lead so the Discord shell can be built against it; the picture layer's
helper replaces the bodies.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Game, View


def board_png(game: Game, view: View) -> bytes | None:
    """The public board of ``view`` (a spectator's view: ``viewer`` None) as PNG bytes, or ``None`` when
    ``game`` has no picture layout. Pure function of the view: equal views give equal bytes."""
    return None


def card_png(game: Game, card: Any) -> bytes | None:
    """The face of one card of ``game``'s catalogue (the entry ``/card`` found) as PNG bytes, or ``None``
    when ``game`` has no card layout."""
    return None
