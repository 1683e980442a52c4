"""Memesis game state: plain dataclasses that serialise to JSON losslessly (:mod:`games.core.serial`).

Cards are numbered: ``State.cards[i]`` is the definition id of card ``i`` and ``State.owner[i]`` its owner
(a seat). Everything else refers to cards by number. A :class:`Piece` is a card or a fused group in play
(the Main, Attack and Defend Cells, MEM-CEL-02) or in an Incubation Cell; the other Cells are lists of card
numbers on the :class:`Player`.

The flow of a game is a stack of :class:`Job` records (``State.jobs``): a turn's start, a card or ability
resolving, combat, a response window (MEM-TRN-07, MEM-GAP-28). A job that needs a player's answer sets
``State.prompt``; the answer continues the job. With no prompt and no job, the active player has the main
decision of their turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CELLS_IN_PLAY = ("main", "attack", "defend")
"""The Cells whose cards are in play (MEM-CEL-11): they can be sourced and their abilities function."""


@dataclass
class Piece:
    """A card or fused group in play or incubating.

    ``cards`` is the fused group, base (bottom-most) first: one card normally, two or three for True or Trans
    Fusion (MEM-FUS-10). ``partials`` are cards fused onto it by Partial Fusion, ``frags`` the marking of the
    fragment each became (MEM-FUS-13). ``hidden`` lists this piece's cards (group, partials, Rune) still face
    down (Stealth, MEM-STL-03). ``cell`` is ``main`` | ``attack`` | ``defend`` | ``incubation``.
    """

    uid: int
    cards: list[int]
    controller: int
    cell: str = "main"
    partials: list[int] = field(default_factory=list)
    frags: list[str] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)
    rune: int = -1
    """The Rune card upgrading this piece (-1: none, MEM-RUN-04)."""
    true: bool = False
    """A True Fusion group (a partner pair or a completed Sym/Bio/Tic chain): its owner may not Rune it
    (MEM-RUN-09, MEM-GAP-17)."""
    sourced: bool = False
    entered: int = 0
    """The turn number it came into play (MEM-SRC-04)."""
    hatched: int = -1
    """The turn number it matured from incubation: it may not attack that turn (MEM-GAP-02)."""
    damage: int = 0
    hits: int = 0
    """Armor points destroyed (MEM-ARM-02/04: they never come back)."""
    pump: int = 0
    """Attack change until the end of the turn (``pump`` / ``weaken`` steps)."""
    shield: int = 0
    """Armor gained from ``shield`` steps."""
    target: int = -1
    """The seat it attacks while in the Attack Cell (MEM-GAP-06)."""
    used: list[int] = field(default_factory=list)
    """Indexes (into :func:`games.memesis.rules.cells.abilities`) used this owner turn (MEM-CE-06, MEM-FUS-08)."""
    attacked: bool = False
    """It attacked in its controller's latest turn (MEM-GAP-13)."""
    hurt: bool = False
    """It took damage while attacking and has not regenerated since (MEM-REG-02/03, MEM-GAP-13)."""
    placed_by: int = -1
    """The ally who placed it in this player's Cells (-1: the controller): it may attack only after
    incubating here (MEM-ALY-04)."""
    elapsed: int = 0
    """Incubation: the owner's turns counted so far (MEM-INC-03, MEM-GAP-02)."""
    needed: int = 0
    """Incubation: the turns required (MEM-INC-02, MEM-INC-07, MEM-STL-02)."""


@dataclass
class Player:
    """One seat. ``brain`` is the deck, top last (MEM-CEL-03); ``ammo`` the Ammunition pile, bottom first
    and top last, with ``ammo_used`` aligned (MEM-AMM-02/04); ``dead`` the Dead Cell (MEM-CEL-10)."""

    name: str
    team: int
    life: int = 20
    source: int = 0
    brain: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    ammo: list[int] = field(default_factory=list)
    ammo_used: list[bool] = field(default_factory=list)
    out: bool = False
    turns: int = 0
    """Own turns begun (1 during the first: MEM-TRN-06, MEM-GAP-04)."""
    grants: list[int] = field(default_factory=list)
    """Source this player may still grant to an ally this turn, one entry per qualifying play (MEM-ALY-01,
    MEM-GAP-24)."""
    holding: bool = False
    """The player chose "Pass until my turn" in a response window: no window asks them again before their own
    next turn begins, unless an attack or damage is aimed at them (MEM-GAP-28). Public, like every pass."""


@dataclass
class Prompt:
    """A question to one seat that a job waits on: ``kind`` names it, ``data`` holds what it needs."""

    seat: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Job:
    """One step of the game's flow in progress (see the module docstring): ``kind`` and its ``data``."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class State:
    """The whole game. ``turn`` counts every player's turns from 1; ``active`` is whose turn it is."""

    cards: list[str]
    owner: list[int]
    players: list[Player]
    seed: int
    rng: int = 0
    stealth: bool = True
    """The table option (MEM-STL-11): False disables every face-down play."""
    pieces: list[Piece] = field(default_factory=list)
    next_uid: int = 1
    turn: int = 0
    round: int = 0
    active: int = 0
    first: int = 0
    phase: str = "start"
    jobs: list[Job] = field(default_factory=list)
    prompt: Prompt | None = None
    draft: dict[str, Any] | None = None
    """An action being built step by step by ``draft["seat"]``: ``ref`` (the card or piece) and ``path``
    (the components chosen so far)."""
    version: int = 0
    """Choices applied so far: every change of the state bumps it before its decisions are read again."""
    result: dict[str, Any] | None = None
    turn_choices: int = 0
    """Choices made this turn, by anyone, not counting the steps of an action being built (the board's
    ``choices``): how many steps a card's action takes depends on the card, which may be secret."""
    stall: int = -1
    """Rounds left once every Brain Cell still in play is empty (the stall limit); -1 before that."""
    turn_life: list[int] = field(default_factory=list)
    """Each player's Life when the turn began, for the one-line turn summary at its end."""
    turn_plays: int = 0
    """Cards the active player put into play (played, incubated, fused from hand or placed as a Rune) this turn,
    for the turn summary."""
    cached: tuple[int, tuple[Any, ...]] | None = field(
        default=None, metadata={"serialise": False}, compare=False, repr=False)
    """A cache, never serialised nor compared: the open decisions of ``version``
    (:func:`games.memesis.rules.decisions_of`, read several times per version by every seat's view). Copies
    start without it."""
