"""MetaX cards as data: the pydantic models that validate ``data/metax/cards.yaml`` and
``data/metax/decks.yaml``, the effect vocabulary, and the card text generated from the coded effect
(so a card's text can never disagree with what it does).

Card kinds (rulebook "Card Types"):

* ``character`` — MX-CHR-01: title, +MP (0..10), Trait, 1–3 distinct Stats with Ranks 1..7 (MX-CHR-02,
  MX-STA-02), effects tagged ``on_play``, ``constant`` or ``push``.
* ``event`` — MX-EVT-01: title, MP cost (0..10), one effect (timing ``event``).
* ``battle`` — MX-BTL-01: title, 1–3 Stat types sharing one Rank 1..7 (MX-GAP-21), an MP value (+ gains,
  − costs), effects tagged ``battle`` (both attack and defense, MX-GAP-02), ``attack`` or ``defense``
  (MX-BTL-06). A battle card with no effect is a basic Battle card (MX-BTL-09).

Effect vocabulary (a step's ``do``), the small set the issue names:

=================  ==========================================================================
``draw``           ``who`` draws ``count`` cards.
``discard``        ``who`` discards ``count`` cards of their choice (MX-EFF-04).
``gain_mp``        ``who`` gains ``amount`` MP (cap 10, MX-MP-02).
``lose_mp``        ``who`` loses ``amount`` MP, stopping at 0 (MX-MP-03, MX-GAP-12).
``push``           Push a Prepped Character (``target``: opponent's / own / any).
``prep``           Prep a Pushed Character (``target``; ``other``: not this card).
``attach_damage``  Attach a Battle card from your ``source`` (hand/discard) to a ``target`` Character
                   as Damage (MX-DMG-06).
``remove_damage``  Remove the last ``count`` Damage from one of your Characters.
``search``         Search your deck for a card (``kind``/``stat``/``trait``), take it into your hand,
                   shuffle (MX-ZN-03).
``return_to_hand`` Return a ``target`` Character to its owner's hand (its Damage is discarded).
``attack_on_entry`` Constant: this Character may attack and Link the turn it comes into play.
``stat_bonus``     Constant: your other Characters with ``stat`` have +``amount`` Rank in it.
``negate``         ``what: next_event`` — the opponent's next Event card's effect is negated (until the
                   end of their next turn); ``what: opposing_card`` (attack only) — the effect of the
                   Battle card that defends this attack is negated (MX-EFF-01).
=================  ==========================================================================
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from games.core.carddata import CardDataError, where


class Stat(StrEnum):
    """MX-STA-01: the three Stat types and their colours."""

    STRENGTH = "strength"
    INTELLIGENCE = "intelligence"
    SPECIAL = "special"

    @property
    def short(self) -> str:
        return {"strength": "Str", "intelligence": "Int", "special": "Spe"}[self.value]

    @property
    def colour(self) -> str:
        return {"strength": "red", "intelligence": "blue", "special": "green"}[self.value]


STAT_ORDER = (Stat.STRENGTH, Stat.INTELLIGENCE, Stat.SPECIAL)
TRAITS = ("Hero", "Villain", "Neutral")
"""MX-GAP-22: the Traits of this pool. They have no rules meaning beyond effects that name them."""

Timing = Literal["on_play", "constant", "push", "event", "battle", "attack", "defense"]
CHARACTER_TIMINGS = {"on_play", "constant", "push"}
BATTLE_TIMINGS = {"battle", "attack", "defense"}
CONSTANT_STEPS = {"attack_on_entry", "stat_bonus"}
TARGETED_STEPS = {"push", "prep", "attach_damage", "return_to_hand"}


class Step(BaseModel):
    """One step of an effect (see the module docstring for the vocabulary)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    do: Literal[
        "draw",
        "discard",
        "gain_mp",
        "lose_mp",
        "push",
        "prep",
        "attach_damage",
        "remove_damage",
        "search",
        "return_to_hand",
        "attack_on_entry",
        "stat_bonus",
        "negate",
    ]
    count: int = Field(1, ge=1, le=5)
    amount: int = Field(0, ge=0, le=10)
    who: Literal["self", "opponent"] = "self"
    target: Literal["opponent", "own", "any"] = "opponent"
    source: Literal["hand", "discard"] = "hand"
    kind: Literal["character", "event", "battle"] | None = None
    stat: Stat | None = None
    trait: str | None = None
    other: bool = False
    what: Literal["next_event", "opposing_card"] | None = None

    @model_validator(mode="after")
    def _fields_fit_the_step(self) -> Step:
        if self.do in ("gain_mp", "lose_mp", "stat_bonus") and self.amount < 1:
            raise ValueError(f"'{self.do}' needs amount >= 1")
        if self.do == "stat_bonus" and self.stat is None:
            raise ValueError("'stat_bonus' needs a stat")
        if self.do == "negate" and self.what is None:
            raise ValueError("'negate' needs what: next_event or opposing_card")
        if self.do == "search" and self.kind is None and self.stat is None and self.trait is None:
            raise ValueError("'search' needs at least one of kind, stat, trait")
        if self.trait is not None and self.trait not in TRAITS:
            raise ValueError(f"unknown trait {self.trait!r}; traits are {', '.join(TRAITS)}")
        if self.do == "prep" and self.target == "opponent":
            raise ValueError("'prep' targets own or any Characters")
        if self.do == "remove_damage" and self.target != "own":
            raise ValueError("'remove_damage' needs target: own")
        return self


class Effect(BaseModel):
    """An effect: its timing (MX-CHR-01, MX-BTL-06, MX-GAP-02) and its steps, used in order (MX-EFF-03)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    timing: Timing
    steps: list[Step] = Field(min_length=1)

    @model_validator(mode="after")
    def _constant_steps_only_when_constant(self) -> Effect:
        for step in self.steps:
            if (step.do in CONSTANT_STEPS) != (self.timing == "constant"):
                raise ValueError(f"step '{step.do}' does not fit timing '{self.timing}'")
            if step.do == "negate" and step.what == "opposing_card" and self.timing != "attack":
                raise ValueError("'negate: opposing_card' is an attack-only effect")
        return self


class _CardBase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{1,40}$")
    name: str = Field(min_length=2, max_length=60)
    flavor: str = Field("", max_length=200)
    effects: list[Effect] = []


class CharacterCard(_CardBase):
    """MX-CHR-01/02: +MP, Trait, one to three distinct Stats with Ranks 1..7."""

    kind: Literal["character"] = "character"
    mp: int = Field(ge=0, le=10)
    trait: str
    stats: dict[Stat, Annotated[int, Field(ge=1, le=7)]]

    @field_validator("stats")
    @classmethod
    def _one_to_three_stats(cls, v: dict[Stat, int]) -> dict[Stat, int]:
        if not 1 <= len(v) <= 3:
            raise ValueError("a Character has one to three Stat types (MX-CHR-02)")
        return v

    @field_validator("trait")
    @classmethod
    def _known_trait(cls, v: str) -> str:
        if v not in TRAITS:
            raise ValueError(f"unknown trait {v!r}; traits are {', '.join(TRAITS)}")
        return v

    @model_validator(mode="after")
    def _character_timings(self) -> CharacterCard:
        for eff in self.effects:
            if eff.timing not in CHARACTER_TIMINGS:
                raise ValueError(f"a Character effect is on_play, constant or push, not {eff.timing}")
        return self

    @property
    def max_rank(self) -> int:
        """MX-CHR-10: the HP threshold."""
        return max(self.stats.values())


class EventCard(_CardBase):
    """MX-EVT-01: an MP cost and one effect."""

    kind: Literal["event"] = "event"
    cost: int = Field(ge=0, le=10)

    @model_validator(mode="after")
    def _one_event_effect(self) -> EventCard:
        if len(self.effects) != 1 or self.effects[0].timing != "event":
            raise ValueError("an Event card has exactly one effect, with timing 'event'")
        return self


class BattleCard(_CardBase):
    """MX-BTL-01: Stat types (several = multi-Stat, MX-BTL-05) sharing one Rank, and an MP value."""

    kind: Literal["battle"] = "battle"
    stats: list[Stat] = Field(min_length=1, max_length=3)
    rank: int = Field(ge=1, le=7)
    mp: int = Field(ge=-10, le=10)

    @field_validator("stats")
    @classmethod
    def _distinct_stats(cls, v: list[Stat]) -> list[Stat]:
        if len(set(v)) != len(v):
            raise ValueError("a Battle card lists each Stat type once")
        return v

    @model_validator(mode="after")
    def _battle_timings(self) -> BattleCard:
        for eff in self.effects:
            if eff.timing not in BATTLE_TIMINGS:
                raise ValueError(f"a Battle card effect is battle, attack or defense, not {eff.timing}")
        return self

    @property
    def multi(self) -> bool:
        return len(self.stats) > 1


Card = Annotated[CharacterCard | EventCard | BattleCard, Field(discriminator="kind")]
_CARD_LIST = TypeAdapter(list[Card])


class StarterDeck(BaseModel):
    """A starter deck: id, name, its plan in one sentence, and card id -> count."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{1,40}$")
    name: str
    plan: str
    cards: dict[str, Annotated[int, Field(ge=1, le=40)]]

    def card_list(self) -> list[str]:
        """The deck as a flat list of card ids, in file order."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]


# -- card text -------------------------------------------------------------------------------------

_WHO = {"self": "you", "opponent": "your opponent"}
_TARGET = {"opponent": "an opponent's", "own": "one of your", "any": "a"}


def _noun(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_step(step: Step) -> str:
    """English text for one step, e.g. ``"Your opponent discards 1 card."``."""
    who = _WHO[step.who]
    whose = "" if step.trait is None else f" {step.trait}"
    tgt = _TARGET[step.target]
    if step.do == "draw":
        verb = "draw" if step.who == "self" else "draws"
        return f"{who.capitalize()} {verb} {_noun(step.count, 'card')}."
    if step.do == "discard":
        verb = "discard" if step.who == "self" else "discards"
        return f"{who.capitalize()} {verb} {_noun(step.count, 'card')} of {'your' if step.who == 'self' else 'their'} choice."
    if step.do == "gain_mp":
        return f"{who.capitalize()} gain{'s' if step.who == 'opponent' else ''} {step.amount} MP."
    if step.do == "lose_mp":
        return f"{who.capitalize()} lose{'s' if step.who == 'opponent' else ''} {step.amount} MP."
    if step.do == "push":
        plural = "s" if step.target == "own" else ""
        return f"Push {tgt} Prepped{whose} Character{plural}."
    if step.do == "prep":
        other = " other" if step.other else ""
        if step.target == "own":
            return f"Prep one of your{other} Pushed{whose} Characters."
        return f"Prep a{other} Pushed{whose} Character."
    if step.do == "attach_damage":
        src = "your hand" if step.source == "hand" else "your discard pile"
        return f"Attach a Battle card from {src} to {tgt}{whose} Character{'s' if step.target == 'own' else ''} as Damage."
    if step.do == "remove_damage":
        last = "the last Damage card" if step.count == 1 else f"the last {step.count} Damage cards"
        return f"Remove {last} attached to one of your Characters."
    if step.do == "search":
        what = []
        if step.stat is not None:
            what.append(step.stat.value.capitalize())
        if step.trait is not None:
            what.append(step.trait)
        what.append({"character": "Character", "event": "Event", "battle": "Battle"}.get(step.kind or "", ""))
        noun = " ".join(w for w in what if w) + " card"
        article = "an" if noun[0] in "AEIOU" else "a"
        return f"Search your deck for {article} {noun}, put it into your hand, then shuffle your deck."
    if step.do == "return_to_hand":
        return f"Return {tgt}{whose} Character{'s' if step.target == 'own' else ''} to its owner's hand."
    if step.do == "attack_on_entry":
        return "This Character may attack and Link the turn it comes into play."
    if step.do == "stat_bonus":
        assert step.stat is not None
        return f"Your other Characters with {step.stat.value.capitalize()} have +{step.amount} {step.stat.value.capitalize()} Rank."
    if step.do == "negate":
        if step.what == "next_event":
            return "Negate the effect of the next Event card your opponent plays before the end of their next turn."
        return "Negate the effect of the Battle card that defends this attack."
    raise AssertionError(step.do)


_TIMING_LABEL = {
    "on_play": "On-Play",
    "constant": "Constant",
    "push": "Push",
    "event": "",
    "battle": "",
    "attack": "Attack-only",
    "defense": "Defense-only",
}


def describe_effect(effect: Effect) -> str:
    """English text for an effect, prefixed with its timing icon name (MX-CHR-01, MX-BTL-06)."""
    body = " ".join(describe_step(s) for s in effect.steps)
    label = _TIMING_LABEL[effect.timing]
    return f"{label}: {body}" if label else body


def card_text(card: CharacterCard | EventCard | BattleCard) -> str:
    """The full rules text of ``card``, generated from its effects."""
    return " ".join(describe_effect(e) for e in card.effects)


def card_line(card: CharacterCard | EventCard | BattleCard) -> str:
    """A one-line summary: name, kind, numbers (used in labels, logs and the terminal)."""
    if isinstance(card, CharacterCard):
        stats = " ".join(f"{s.short}{r}" for s, r in card.stats.items())
        return f"{card.name} [{card.trait} Character, +{card.mp} MP, {stats}]"
    if isinstance(card, EventCard):
        return f"{card.name} [Event, {'-' if card.cost else ''}{card.cost} MP]"
    stats = "/".join(s.short for s in card.stats)
    mp = f"+{card.mp}" if card.mp >= 0 else str(card.mp)
    return f"{card.name} [Battle {stats} {card.rank}, {mp} MP]"


# -- loading ---------------------------------------------------------------------------------------


def parse_cards(raw: object, source: str) -> dict[str, CharacterCard | EventCard | BattleCard]:
    """Validate a list of card mappings; returns id -> card.

    Raises :class:`CardDataError` naming ``source`` and the card (by id or position) at fault.
    """
    if not isinstance(raw, list):
        raise CardDataError(f"{source}: expected a list of cards at the top level")
    try:
        cards = _CARD_LIST.validate_python(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = err["loc"]
            idx = loc[0] if loc and isinstance(loc[0], int) else None
            who = f"card #{idx + 1}" if idx is not None else "?"
            if idx is not None and isinstance(raw[idx], dict) and "id" in raw[idx]:
                who = f"card '{raw[idx]['id']}'"
            problems.append(f"{source}: {who}: {where(loc[2:]) or 'card'}: {err['msg']}")
        raise CardDataError("\n".join(problems)) from None
    by_id: dict[str, CharacterCard | EventCard | BattleCard] = {}
    for card in cards:
        if card.id in by_id:
            raise CardDataError(f"{source}: card '{card.id}': the id is used twice")
        by_id[card.id] = card
    return by_id
