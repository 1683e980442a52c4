"""The MetaX game state: a dataclass tree that serialises to JSON losslessly (games.core.serial).

Cards are *instances*: small ints indexing ``State.cards`` (the card definition id) and
``State.owner`` (the seat that owns the card). Every instance is in exactly one zone at all times:
a deck, a hand, a discard pile, a VP pile, in play (as a Character), attached as Damage, in the
Battle Zone (an attack's Battle card), or ``resolving`` (an Event being used). Deck index 0 is the top;
discard pile index -1 is the top.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Damage:
    """A Battle card attached as Damage (MX-DMG-02) and the Stat colour it counts as (MX-GAP-03)."""

    card: int
    stat: str


@dataclass(slots=True)
class Character:
    """A Character in play (MX-CHR-08/09): Pushed or Prepped, the turn it entered, attached Damage."""

    card: int
    pushed: bool = False
    entered: int = 0
    damage: list[Damage] = field(default_factory=list)


@dataclass(slots=True)
class Attack:
    """One declared attack in the Battle Zone (MX-ATK-03), with its Links (MX-TEAM-01) and defender.

    ``stat`` is the Stat the lead's Battle card was played as (MX-GAP-03/04); ``defender``/``dcard``
    are -1 while undefended. ``negated`` is set by an Attack-only ``negate`` (MX-EFF-01).
    """

    attacker: int
    card: int
    stat: str
    links: list[int] = field(default_factory=list)
    defender: int = -1
    dcard: int = -1
    dstat: str = ""
    negated: bool = False
    resolved: bool = False


@dataclass(slots=True)
class Frame:
    """An effect being used (MX-EFF-03): whose, from which card instance, which effect and step.

    ``attack`` is the attack index for Battle card effects (-1 otherwise); ``data`` keeps the parts of
    a multi-part step chosen so far (e.g. the target of ``attach_damage``) or a count still to do.
    """

    controller: int
    source: int
    effect: int
    step: int = 0
    attack: int = -1
    data: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Player:
    """One seat's zones and counters (MX-ZN-01, MX-MP-01)."""

    name: str
    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    in_play: list[Character] = field(default_factory=list)
    mp: int = 0
    mulligan: str = ""  # "", "kept" or "mulliganed" (MX-SET-05)
    played_character: bool = False  # this turn (MX-PLN-04)
    negate_until: int = 0  # this seat's next Event is negated while turn <= negate_until


@dataclass(slots=True)
class State:
    """A whole MetaX game.

    ``phase`` is one of: ``mulligan``, ``mulligan_order``, ``planning``, ``attack``, ``attack_card``,
    ``link``, ``defend``, ``defend_card``, ``damage_order``, ``over``. ``deciding`` is the seat whose
    phase decision is open; ``prompt`` (with ``frames``) is an effect's pending choice, which comes
    before the phase decision. ``pick``/``pick2`` hold the attacker or (attack, defender) chosen in a
    two-step declaration.
    """

    cards: list[str]
    owner: list[int]
    players: list[Player]
    rng: int
    seed: int
    first: int = 0
    turn: int = 0
    active: int = 0
    phase: str = "mulligan"
    deciding: int = 0
    pick: int = -1
    pick2: int = -1
    attacks: list[Attack] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    prompt: str = ""
    prompt_seat: int = -1
    resolving: list[int] = field(default_factory=list)
    version: int = 0
    result: dict[str, Any] | None = None
    # Caches, never serialised: the card definitions and their precomputed facts (rules.CardFacts) by
    # instance, and the decisions of this version.
    defs: list[Any] | None = field(default=None, metadata={"serialise": False}, compare=False, repr=False)
    facts: list[Any] | None = field(default=None, metadata={"serialise": False}, compare=False, repr=False)
    cached: tuple[int, list[Any]] | None = field(
        default=None, metadata={"serialise": False}, compare=False, repr=False
    )


@dataclass(slots=True)
class Static:
    """The parts of a :class:`State` that never change once the game is set up: the host stores them once
    per table and each per-action snapshot leaves them out (:class:`games.core.serial.SplitCodec`).
    ``names`` are the players' names in seat order; the rest are the :class:`State` fields of the same
    name."""

    cards: list[str]
    owner: list[int]
    names: list[str]
    seed: int
    first: int

