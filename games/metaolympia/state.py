"""Meta Olympia game state: plain dataclasses that serialise to JSON losslessly (:mod:`games.core.serial`).

Cards are numbered: ``State.cards[i]`` is the definition id of card ``i`` (athletes, tactics, sponsors and
scrimmage cards, copies included; Stage Tiles are ids in ``State.tracks``). Every card number is in exactly
one zone: a deck, a discard pile, the market, a player's hand zones, the revealed major sponsors or
``State.pending`` (drawn cards waiting for their player's choice). That is what the playouts check.

The flow is explicit: ``phase`` (``preseason`` | ``tournament`` | ``over``), the tile being resolved
(``tile``), the contest being played (``contest``: a match or a scrimmage), the queue of effect steps
(``queue``) and the roll in progress (``roll``). A step that needs a player's answer sets ``prompt``; the
answer continues it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


class Memo:
    """A state's cache of its open decision (:func:`games.metaolympia.rules.open_decision`): ``key`` is the
    ``(version, prompt)`` it was built for, ``value`` the decision. Never serialised; a copy of the state
    (``copy.deepcopy``, ``copy.copy``, pickling) starts with an empty one, so a twin edited by hand (the
    hidden-card checks) never reads its original's decision."""

    __slots__ = ("key", "value")

    def __init__(self) -> None:
        self.key: tuple[int, Any] | None = None
        self.value: Any = None

    def __copy__(self) -> Memo:
        return Memo()

    def __deepcopy__(self, memo: dict[int, Any]) -> Memo:
        return Memo()

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return Memo, ()


_ATOMS = frozenset({int, str, bool, float, type(None)})


def _deep(x: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(x, memo)`` for the JSON-shaped parts of a state (lists, dicts, scalars), without its
    per-object dispatch: a list or dict met twice is copied once (as deepcopy does); anything else goes to
    ``copy.deepcopy``."""
    t = type(x)
    if t in _ATOMS:
        return x
    y = memo.get(id(x))
    if y is not None:
        return y
    if t is list:
        if _ATOMS.issuperset(map(type, x)):  # a zone of card numbers, the card ids: no element to copy
            y = memo[id(x)] = x[:]
        else:
            y = memo[id(x)] = []
            y.extend([v if type(v) in _ATOMS else _deep(v, memo) for v in x])
    elif t is dict:
        y = memo[id(x)] = {}
        for k, v in x.items():
            y[k] = v if type(v) in _ATOMS else _deep(v, memo)
    elif t is Player:
        y = memo[id(x)] = Player.__new__(Player)
        y.__dict__.update({k: v if type(v) in _ATOMS else _deep(v, memo) for k, v in x.__dict__.items()})
    else:
        y = copy.deepcopy(x, memo)
    return y


@dataclass
class Player:
    """One team (a seat). ``athletes`` is the roster of 6 (MO-REC-04), ``injured`` the subset turned face down
    (MO-INJ-01); ``tactics`` and ``minors`` are secret (MO-INF-01); ``shown`` the minor sponsors revealed and paid
    (MO-RES-03, MO-GAP-13); ``scrims`` the scrimmage cards kept after a win (MO-SCR-03/04)."""

    name: str
    team: str
    colour: str
    athletes: list[int] = field(default_factory=list)
    injured: list[int] = field(default_factory=list)
    tactics: list[int] = field(default_factory=list)
    minors: list[int] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    scrims: list[int] = field(default_factory=list)
    credits: int = 0
    popularity: int = 0
    prestige: int = 0
    """Prestige tokens (from matches, MO-RES-01)."""
    sponsor_prestige: int = 0
    """Prestige printed on revealed minor sponsors (MO-SCO-02): points, not tokens."""
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pos: int = -1
    """-1 the start line of the stage, 0..n-1 a Stage Tile of the track, n the end (MO-MOV-05)."""
    stamp: int = 0
    """When the player arrived where they stand (smaller = earlier; the start line uses the start order)."""
    spot: int = -1
    """The Match Up spot taken at the end of the stage (0-based; -1 none yet, MO-MOV-06)."""
    arrival: int = -1
    """Order of arrival at the end of the current stage (0 = first)."""
    out: bool = False
    """Conceded or dissolved by a merger: no more decisions."""
    merged_into: int = -1
    """The seat that bought this team out (MO-OPT-08), -1 otherwise."""


@dataclass
class State:
    cards: list[str]
    players: list[Player]
    seed: int
    rng: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    tracks: list[list[str]] = field(default_factory=list)
    """Stage -> its Stage Tile ids in track order (MO-SET-01)."""
    stage: int = 0
    phase: str = "preseason"
    order: list[int] = field(default_factory=list)
    """The turn order decided by the start roll (MO-ORD-04)."""
    intro: list[str] = field(default_factory=list)
    """The start roll, for the log (MO-ORD-01..03)."""
    clock: int = 0
    """Arrival counter for ``Player.stamp``."""
    arrivals: int = 0
    athlete_deck: list[int] = field(default_factory=list)
    """Top last."""
    athlete_discard: list[int] = field(default_factory=list)
    """Face up, top last (MO-REC-03)."""
    market: list[int] = field(default_factory=list)
    """The three face-up athletes (MO-SET-04)."""
    tactic_deck: list[int] = field(default_factory=list)
    tactic_discard: list[int] = field(default_factory=list)
    """Used tactic cards, face up (MO-MAT-06)."""
    tactic_buried: list[int] = field(default_factory=list)
    """Tactic cards discarded face down (MO-STG-01, MO-INF-03)."""
    sponsor_deck: list[int] = field(default_factory=list)
    sponsor_buried: list[int] = field(default_factory=list)
    """Sponsor cards discarded face down (MO-FND-02, MO-INF-03)."""
    majors: list[int] = field(default_factory=list)
    """Revealed major sponsors (MO-SET-02, MO-FND-03)."""
    scrim_deck: list[int] = field(default_factory=list)
    """Top last: lowest tier on top (MO-SET-07)."""
    scrim_discard: list[int] = field(default_factory=list)
    """Played scrimmage cards not kept: out of the game for good (MO-SCR-05)."""
    pending: list[int] = field(default_factory=list)
    """Cards drawn and waiting for a choice (two sponsors, two tactics, two athletes, a scrimmage card)."""
    tile: dict[str, Any] | None = None
    """The tile action being resolved: ``{"seat", "kind", "step", ...}``."""
    schedule: list[list[int]] = field(default_factory=list)
    """Matches still to play this Tournament: ``[home, away]`` seats."""
    bracket: list[dict[str, Any]] = field(default_factory=list)
    """This Tournament's matches, played and to come, for the board: ``{"home", "away", "score", "winner"}``."""
    contest: dict[str, Any] | None = None
    queue: list[dict[str, Any]] = field(default_factory=list)
    """Effect steps waiting to resolve: ``{"seat", "key", "n", "why"}``."""
    roll: dict[str, Any] | None = None
    """The roll in progress: ``{"seat", "athlete", "dice", "why", "stage", "faces"}``."""
    prompt: dict[str, Any] | None = None
    merger: dict[str, Any] | None = None
    """The merger proposals round at a stage start (MO-OPT-07)."""
    last_roll: dict[str, Any] | None = None
    """The latest roll, for the board (MO-CMP-03: every roll is public)."""
    loaded: list[str] = field(default_factory=list)
    """Die faces a scenario position fixes for the next rolls (tests only; empty in every real game)."""
    version: int = 0
    result: dict[str, Any] | None = None
    memo: Memo = field(default_factory=Memo, metadata={"serialise": False}, compare=False, repr=False)
    """The open decision of the current version and prompt (:class:`Memo`); never serialised. Every change of the
    state through the contract bumps ``version`` and sets a new ``prompt``."""

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """The same copy as ``copy.deepcopy``'s own (a list or dict shared inside the state stays shared in the
        copy; the :class:`Memo` starts empty), some times faster: the hidden-card checks and the computer's
        look-ahead copy states often."""
        y = memo[id(self)] = State.__new__(State)
        y.__dict__.update({k: v if type(v) in _ATOMS else _deep(v, memo) for k, v in self.__dict__.items()})
        return y
