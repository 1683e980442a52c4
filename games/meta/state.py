"""The Meta game state: a dataclass tree that serialises to JSON losslessly (games.core.serial).

Cards are *instances*: small ints indexing ``State.cards`` (the card id) and ``State.owner`` (the seat
that owns the card). Every instance is in exactly one place at all times: a memory (index 0 = top), a
hand, a graveyard (index -1 = top), a stack entry of a tower, the face-down trigger of a trigger tower,
or ``limbo`` (the card being executed, only inside one ``apply``).

A tower (META-STK-04) is a base stack (level 0: the main stack, or a trigger stack) plus its meta
stacks (levels 1, 2, ...); each level is a list of :class:`Entry`, index -1 = top (META-STK-01).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Entry:
    """A card on a stack (META-STK-03): the card instance, who played it, its announced target
    (META-TGT-05; ``None`` when it has none) and its play number ``seq`` (for "the next card played")."""

    card: int
    player: int
    target: dict[str, Any] | None = None
    seq: int = 0


@dataclass(slots=True)
class Tower:
    """A stack tower: the main tower (``id`` ``main``, ``owner`` -1) or an active trigger tower, whose
    face-down ``trigger`` card and announced ``target`` (a player target or ``None``) were set when its
    owner activated it (META-TRS-03, META-TRG-03/05). ``seq`` is the activation order."""

    id: str
    owner: int = -1
    trigger: int = -1
    target: dict[str, Any] | None = None
    levels: list[list[Entry]] = field(default_factory=lambda: [[]])
    seq: int = 0


@dataclass(slots=True)
class Change:
    """A rule value changed by a card (META-CBR-02): ``param`` is ``value`` or moves by ``delta``; it
    lasts until the end of turn ``until`` (-1: the rest of the game). ``source`` is the card's title,
    kept by value: the card itself may later be hidden again (shuffled into a memory)."""

    param: str
    source: str
    seat: int
    until: int
    value: int | str | None = None
    delta: int | None = None


@dataclass(slots=True)
class Player:
    """One seat. ``disabled`` is the current status; ``mem_out`` is the memory cause (META-PLY-12, the
    life cause is ``life <= disable_at``); ``removed`` is permanent (META-MUT-02) or a concession.

    ``play``/``dest`` hold a play in progress (the card chosen, then its destination tower id);
    ``passed`` is the pushing-stage pass (META-PSH-05); ``discards`` the cards chosen in the discarding
    stage, applied together (META-DIS-02)."""

    name: str
    life: int = 15
    memory: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    disabled: bool = False
    mem_out: bool = False
    removed: bool = False
    conceded: bool = False
    passed: bool = False
    play: int = -1
    dest: str = ""
    discards: list[int] = field(default_factory=list)


@dataclass(slots=True)
class State:
    """The whole game. ``stage`` is ``drawing``, ``pushing``, ``discarding`` or ``over`` (the executing
    stage and the start/end of turn run inside one ``apply``, META-TRN-01). ``order`` is the turn order
    (seats); ``at_turn`` the seat at turn; ``rolls`` the D20 rounds of the set-up (META-SET-03/04)."""

    cards: list[str]
    owner: list[int]
    players: list[Player]
    seed: int
    rng: int
    order: list[int] = field(default_factory=list)
    rolls: list[list[list[int]]] = field(default_factory=list)
    turn: int = 0
    at_turn: int = 0
    stage: str = "drawing"
    main: Tower = field(default_factory=lambda: Tower("main"))
    triggers: list[Tower] = field(default_factory=list)
    next_tower: int = 1
    seq: int = 0
    changes: list[Change] = field(default_factory=list)
    limbo: list[int] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    version: int = 0
    result: dict[str, Any] | None = None
    paradoxes: int = 0
    opening: list[str] = field(default_factory=list)
    aimed: int = -1
    """The seat the last play or trigger activation of this turn named as its target (that
    seat's pushing window is ``aimed``), -1 for none; public like every announced target."""
    cached: tuple[int, list[Any]] | None = field(
        default=None, metadata={"serialise": False}, compare=False, repr=False
    )
    """The open decisions of version ``cached[0]`` (:func:`games.meta.rules.decisions_of`); never serialised.
    Every change of the state through the contract bumps ``version``."""
    takebacks: dict[int, int] = field(
        default_factory=dict, metadata={"serialise": False}, compare=False, repr=False
    )
    """Seat -> how many plays it took back ("Back") since this state was made, copied or loaded; never
    serialised, no rule reads it: the search charges a take-back (:func:`games.meta.ai.evaluate`), so that
    a computer does not choose a card and take it back for ever."""


@dataclass(slots=True)
class Static:
    """The parts of a :class:`State` that never change once the game is set up (snapshots, docs/performance.md):
    stored once per table, so that each per-action snapshot leaves them out. ``names`` are the
    players' names in seat order; the rest are the :class:`State` fields of the same name."""

    cards: list[str]
    owner: list[int]
    names: list[str]
    seed: int
    order: list[int]
    rolls: list[list[list[int]]]
    options: dict[str, Any]
    opening: list[str]

