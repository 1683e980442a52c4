"""Meta's decision kinds in player words (issue 27 §5): what the board's "Waiting for Ana (…)" says."""

from __future__ import annotations

STEP_NAMES = {
    "drawing": "playing or saying Play!",
    "push": "playing or passing",
    "destination": "choosing where a card goes",
    "target": "choosing a target",
    "confirm_play": "confirming a play",
    "playing": "playing a card",
    "discard": "discarding",
}
"""Decision kind (and ``playing``, the kind others see for a play's own steps) -> player words."""


def step_name(kind: str) -> str:
    """``kind`` in player words; an unknown kind with its underscores as spaces."""
    return STEP_NAMES.get(kind, kind.replace("_", " "))
