"""The contract's value types (DESIGN.md, "The contract every game implements"): small, frozen, like
python-chess's ``Move`` and ``Outcome``.

* :class:`Option` — one thing a player may pick (stable ``id``, readable ``label``, the card ids it
  refers to).
* :class:`Decision` — who must decide what now, with explicit options and how many may be chosen.
* :class:`Event` — something that happened, with an audience (``None`` = everyone).
* :class:`View` — what one viewer may see (``viewer=None`` = a spectator). The only way state leaves a
  game.
* :class:`Result` — winners, losers, draw, and why.
* :class:`RulesError` — an illegal or malformed choice; carries the rule ID and a readable message.

They live apart from :class:`games.core.contract.Game` so that the computer players
(:mod:`games.core.players`) can use them without importing the ``Game`` that offers those players:
imports in ``games/core`` point one way (values ← players ← contract).
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
    button shows: at most 80 characters and unlike every other label of its decision
    (:func:`games.core.labels.distinct`); ``cards`` are the card ids (definition ids) the option refers to,
    for card lookups.
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

    ``window`` marks a response window (an "any time" chance to respond to another player's action,
    MEM-GAP-28): the host gives it the table's response deadline (option ``response``,
    setting ``RESPONSE_TIMEOUT``), shorter than the turn deadline, and a timed-out window never counts
    towards conceding a seat for absence (``MAX_TIMEOUTS`` consecutive timeouts).

    ``forced`` marks a decision with one option whose being the only one follows from what every other seat
    already knows (public information: Meta Olympia's "Go to the end of the stage" on a full track, a MetaZoo
    priority with an empty hand and no Aura). The host applies it at once, logs it, and never notifies nor
    times it. A decision that has one option only because of a secret is never ``forced``: it
    is asked like any other, so that asking reveals nothing.

    ``aimed`` marks a response window opened by an attack or an effect aimed at this seat (public): a player
    who passes windows by a stop ("always stop when I am attacked or targeted") is still asked.
    """

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    default: str | None = None
    window: bool = False
    forced: bool = False
    aimed: bool = False

    def __repr__(self) -> str:
        # Without the flags, the repr the dataclass gave before these fields existed (golden records hash decision reprs).
        head = (f"{type(self).__qualname__}(seat={self.seat!r}, kind={self.kind!r}, prompt={self.prompt!r}, "
                f"options={self.options!r}, min={self.min!r}, max={self.max!r}, default={self.default!r}")
        flags = "".join(f", {k}=True" for k in ("window", "forced", "aimed") if getattr(self, k))
        return head + flags + ")"

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

    ``rule`` names the deciding rule in player words with its rule ID as a pointer ("Tie broken
    on prestige tokens, see /rules MO-END-04"); ``scores`` gives each seat's score as the rules compute it,
    one line per seat in seat order ("Ana: 14 prestige = 8 from tokens + 3 sponsors + ..."). Both are empty
    for a game that ends without a count (a concession).
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    reason: str
    text: str
    draw: bool = False
    rule: str = ""
    scores: tuple[str, ...] = ()

    def __repr__(self) -> str:
        # Without rule and scores, the repr the dataclass gave before these fields existed (golden records hash it).
        head = (f"{type(self).__qualname__}(winners={self.winners!r}, losers={self.losers!r}, "
                f"reason={self.reason!r}, text={self.text!r}, draw={self.draw!r}")
        extra = (f", rule={self.rule!r}" if self.rule else "") + (f", scores={self.scores!r}" if self.scores else "")
        return head + extra + ")"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "reason": self.reason,
            "text": self.text,
            "draw": self.draw,
        }
        if self.rule:
            d["rule"] = self.rule
        if self.scores:
            d["scores"] = list(self.scores)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        return cls(tuple(d["winners"]), tuple(d["losers"]), d["reason"], d["text"], d.get("draw", False),
                   d.get("rule", ""), tuple(d.get("scores", ())))


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

    @classmethod
    def of(cls, game: str, viewer: int | None, board: dict[str, Any], private: dict[str, Any] | None,
           decisions: Sequence[Decision], result: Result | None) -> View:
        """The view of ``viewer`` given every open decision: its own as ``decisions``, each one's seat and kind
        as ``waiting`` (a game that names some kinds publicly otherwise, as Meta, builds ``waiting`` itself)."""
        return cls(game, viewer, board, private, tuple(d for d in decisions if d.seat == viewer),
                   tuple((d.seat, d.kind) for d in decisions), result)


@dataclass(slots=True)
class SeatSetup:
    """A seat at game creation: display ``name`` and ``deck`` (list of card ids; empty if no decks)."""

    name: str
    deck: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class TableOption:
    """A table option a game declares (:attr:`games.core.contract.Game.table_options`): the host
    offers it when a table is created (Discord ``/table new options:"key=value ..."``, CLI ``--option
    key=value``), checks the value and passes it to ``new_game`` as ``options[key]`` only when it differs
    from ``default``.

    ``kind`` is ``"bool"`` (``on``/``off``, ``true``/``false``, ``yes``/``no``), ``"int"`` (one of
    ``choices``) or ``"choice"`` (one of ``choices``, strings); ``help`` says what it does, naming its rule.
    """

    key: str
    kind: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()

    def parse(self, text: str) -> Any:
        """The value ``text`` stands for. Raises ``ValueError`` with a message saying what would be right."""
        t = text.strip().lower()
        if self.kind == "bool":
            if t in ("on", "true", "yes", "1"):
                return True
            if t in ("off", "false", "no", "0"):
                return False
            raise ValueError(f"option {self.key} is on or off, not {text!r}")
        if self.kind == "int":
            try:
                v = int(t)
            except ValueError:
                v = None
            if v is None or (self.choices and v not in self.choices):
                raise ValueError(f"option {self.key} is one of {', '.join(map(str, self.choices))}, not {text!r}")
            return v
        if t not in self.choices:
            raise ValueError(f"option {self.key} is one of {', '.join(map(str, self.choices))}, not {text!r}")
        return t


Choice = str | Sequence[str]
"""A choice is one option id, or a sequence of ids for decisions with ``max > 1``."""
