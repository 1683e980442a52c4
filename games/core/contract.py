"""The contract every game implements (DESIGN.md, "The contract every game implements").

A game is a resumable state machine that asks players for decisions. A game module exposes one
:class:`Game` object; its state is a mutable object owned by the game (a dataclass tree) that
serialises to JSON losslessly through :meth:`Game.to_json` / :meth:`Game.from_json`.

Value types here are small and frozen, like python-chess's ``Move`` and ``Outcome``:

* :class:`Option` — one thing a player may pick (stable ``id``, readable ``label``, the card ids it
  refers to).
* :class:`Decision` — who must decide what now, with explicit options and how many may be chosen.
* :class:`Event` — something that happened, with an audience (``None`` = everyone).
* :class:`View` — what one viewer may see (``viewer=None`` = a spectator). The only way state leaves a
  game.
* :class:`Result` — winners, losers, draw, and why.
* :class:`RulesError` — an illegal or malformed choice; carries the rule ID and a readable message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


class RulesError(ValueError):
    """A choice the rules do not allow. The state is left unchanged.

    ``rule`` is the checklist rule ID that forbids it (e.g. ``"MX-BTL-03"``); ``message`` says what
    was wrong and what would be right, in words a player can read.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class NotYourDecision(RulesError):
    """The seat has no open decision (wrong player, or the game is over)."""


class StaleChoice(RulesError):
    """The option chosen is not among the seat's current options (stale click or illegal id)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One choosable option of a :class:`Decision`.

    ``id`` is stable for the life of the decision (e.g. ``"play:hercules"``); ``label`` is what a
    button shows; ``cards`` are the card ids (definition ids) the option refers to, for card lookups.
    """

    id: str
    label: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """An open decision of one seat.

    ``kind`` names the step (``"mulligan"``, ``"planning"``, ...); ``prompt`` is the question shown to
    the player; ``options`` the legal answers; between ``min`` and ``max`` of them are chosen (most
    decisions are ``1..1``); ``default`` is the option id applied when the decision times out
    (rule-documented per game), or ``None`` when the host must pick the first option.
    """

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    default: str | None = None

    def option(self, option_id: str) -> Option | None:
        """The option with this id, or ``None``."""
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def find(self, text: str) -> Option | None:
        """The option whose id or label equals ``text`` (labels compared case-insensitively)."""
        found = self.option(text)
        if found is not None:
            return found
        low = text.strip().lower()
        for opt in self.options:
            if opt.label.lower() == low:
                return opt
        return None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``audience`` is ``None`` for everyone, else the seats that may see it."""

    text: str
    audience: tuple[int, ...] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for a spectator) may see this event."""
        return self.audience is None or (viewer is not None and viewer in self.audience)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``winners`` and ``losers`` are seats; ``draw`` when nobody won.

    ``reason`` is a short machine key (``"seven_vp"``, ``"deck_out"``, ``"concede"``, ``"turn_cap"``);
    ``text`` says it in words.
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    reason: str
    text: str
    draw: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "reason": self.reason,
            "text": self.text,
            "draw": self.draw,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        return cls(tuple(d["winners"]), tuple(d["losers"]), d["reason"], d["text"], d.get("draw", False))


@dataclass(frozen=True, slots=True)
class View:
    """What ``viewer`` may see (``None`` = spectator).

    ``board`` is the public board (JSON-able dict); ``private`` the viewer's own hidden information
    (``None`` for spectators); ``decisions`` the viewer's own open decisions; ``waiting`` the seats
    that have an open decision (public knowledge), with the decision kind.
    """

    game: str
    viewer: int | None
    board: dict[str, Any]
    private: dict[str, Any] | None
    decisions: tuple[Decision, ...] = ()
    waiting: tuple[tuple[int, str], ...] = ()
    result: Result | None = None


@dataclass(slots=True)
class SeatSetup:
    """A seat at game creation: display ``name`` and ``deck`` (list of card ids; empty if no decks)."""

    name: str
    deck: list[str] = field(default_factory=list)


Choice = str | Sequence[str]
"""A choice is one option id, or a sequence of ids for decisions with ``max > 1``."""


class Game:
    """Base class of a game module's entry point. Subclasses implement every method.

    Methods take and mutate the game's own state object. ``apply`` validates completely before it
    changes anything, so a :class:`RulesError` leaves the state exactly as it was.
    """

    id: str = ""
    name: str = ""
    min_seats: int = 2
    max_seats: int = 2
    has_decks: bool = True
    deck_size: int = 0
    """Cards in a legal deck; also the most copies of one card a deck list may name (issue 6)."""

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> Any:
        raise NotImplementedError

    def decisions(self, state: Any) -> list[Decision]:
        raise NotImplementedError

    def apply(self, state: Any, seat: int, choice: Choice) -> list[Event]:
        raise NotImplementedError

    def view(self, state: Any, viewer: int | None) -> View:
        raise NotImplementedError

    def result(self, state: Any) -> Result | None:
        raise NotImplementedError

    def version(self, state: Any) -> int:
        """Number of choices applied so far; a choice made against another version is stale."""
        raise NotImplementedError

    def concede(self, state: Any, seat: int) -> list[Event]:
        """``seat`` leaves the game; ends it when fewer than two players remain."""
        raise NotImplementedError

    def to_json(self, state: Any) -> str:
        raise NotImplementedError

    def from_json(self, text: str) -> Any:
        raise NotImplementedError

    def validate_deck(self, cards: Sequence[str]) -> list[RulesError]:
        """Every deck-construction rule the list breaks (empty = legal)."""
        raise NotImplementedError

    def starter_decks(self) -> dict[str, list[str]]:
        """Starter deck id -> card id list."""
        raise NotImplementedError

    def starter_names(self) -> dict[str, str]:
        """Starter deck id -> its display name (the id itself unless a game names its decks)."""
        return {k: k for k in self.starter_decks()}

    def card_catalog(self) -> Any:
        """The game's cards for lookup and deck lists: a :class:`games.core.catalog.Catalog`."""
        raise NotImplementedError

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> Any:
        """A state set up from a scenario's explicit position (zone contents, counters)."""
        raise NotImplementedError

    def intro(self, state: Any) -> list[Event]:
        """Events describing a new game's set-up (first player, opening hands), for the log."""
        return []

    def computer(self, seed: int) -> Any:
        """A computer player for this game: a callable ``(decision, view) -> option id``."""
        from .players import RandomPlayer

        return RandomPlayer(seed)

    def board_text(self, view: View) -> str:
        """The public board of ``view`` as plain text."""
        return str(view.board)

    def private_text(self, view: View) -> str:
        """The viewer's private information of ``view`` as plain text."""
        return "" if view.private is None else str(view.private)

    def timeout_choice(self, state: Any, decision: Decision) -> str:
        """The documented default applied when ``decision`` times out."""
        return decision.default if decision.default is not None else decision.options[0].id

    def decision_for(self, state: Any, seat: int) -> Decision:
        """The open decision of ``seat``; :class:`NotYourDecision` if it has none."""
        for d in self.decisions(state):
            if d.seat == seat:
                return d
        res = self.result(state)
        if res is not None:
            raise NotYourDecision("GAME-OVER", f"The game is over: {res.text}")
        waiting = ", ".join(str(d.seat) for d in self.decisions(state))
        raise NotYourDecision(
            "TURN", f"Seat {seat} has no decision to make now; waiting for seat {waiting or 'nobody'}."
        )
