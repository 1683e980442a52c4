"""The game contract and the tools every game shares (DESIGN.md, games/core)."""

from .contract import (
    Choice,
    Decision,
    Event,
    Game,
    NotYourDecision,
    Option,
    Result,
    RulesError,
    SeatSetup,
    StaleChoice,
    TableOption,
    View,
)
from .rng import Rng

__all__ = [
    "Choice",
    "Decision",
    "Event",
    "Game",
    "NotYourDecision",
    "Option",
    "Result",
    "Rng",
    "RulesError",
    "SeatSetup",
    "StaleChoice",
    "TableOption",
    "View",
]
