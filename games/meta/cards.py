"""Meta cards as data: the pydantic models that validate ``data/meta/cards.yaml`` and
``data/meta/decks.yaml``, the effect vocabulary, and the description and engine reading generated from
the coded effect, so a card's text can never disagree with what it does (META-CRD-09, META-EVT-03).

A card (META-CRD-01) has an ``id`` made of a base ID and a version suffix (``e012.2`` is version 2 of
base ``e012``, META-CRD-03), a ``title``, a ``type`` (``event``, ``meta`` or ``trigger``, META-CRD-04),
a ``uniqueness`` (a positive integer or ``"*"``, META-CRD-05), an announced ``target`` kind and a list of
``steps`` (Event and Meta) or a ``condition`` (Trigger).

Announced targets (META-TGT-01..05, META-GAP-16), chosen when the card is played:

============  ===================================================================================
``none``      nothing to announce.
``player``    a player who is in the game and not disabled (you included, META-PLY-10).
``opponent``  another such player.
``graveyard`` a player's graveyard (META-GRV-02); the card goes on the main stack (META-GRV-04).
``card``      a card on a stack of an active tower, narrowed by ``filter``: ``event``, ``meta``,
              ``stack`` (Event or Meta, the default) or ``any`` (also a face-down trigger card,
              META-TGT-10).
``top``       descriptive: "the card on top of the main stack" (``level`` 0) or of the main meta
              stack (``level`` 1) *when this card executes* (META-TGT-03).
``next``      descriptive, not yet existing: "the next card played onto the main stack after this
              one" (META-TGT-04).
``stack``     one stack (a level of an active tower) that holds cards.
``below``     descriptive player: "the player who played the card directly below this one", read
              when this card executes.
============  ===================================================================================

A Meta card goes onto the level above the highest stack its target addresses (META-MTA-02..05): a card
on level *n* (``card``), the stack at level *n* (``stack``, ``top``) or the main stack (``next``). A Meta
card that addresses no stack (no target, a player, a graveyard, a face-down trigger) is placed like an
Event, on level 0 (META-GAP-07).

Step vocabulary (a step's ``do``); ``who`` is ``target`` (the announced player, or the owner of the
announced graveyard), ``self`` (the player who played the card), ``all`` (every player in the game,
disabled ones too, META-PLY-09), ``others``, ``at_turn`` or ``owner`` (the owner of the target card):

=================  ==========================================================================
``gain``           ``who`` gains ``n`` life (bounded, META-PLY-02).
``lose``           ``who`` loses ``n`` life.
``drain``          the target player loses ``n`` life and you gain ``n``.
``set_life``       ``who``'s life becomes ``n`` (bounded).
``swap_life``      you and the target player exchange life totals (bounded).
``draw``           ``who`` draws ``n`` cards (META-MEM-01..05).
``mill``           the top ``n`` cards of ``who``'s memory go to their graveyard.
``discard_random`` ``who`` discards ``n`` cards at random from their hand (seeded RNG).
``recycle``        the top ``n`` cards of ``who``'s graveyard go to the bottom of their memory.
``regrow``         the top ``n`` cards of ``who``'s graveyard go to their hand.
``shuffle_grave``  ``who`` shuffles their graveyard into their memory.
``rule``           a rule value changes (META-CBR-01/02): ``param`` to ``value`` (or by ``delta``)
                   for ``duration`` ``turn`` (until this turn ends), ``next_turn`` (until the next
                   turn ends) or ``game``.
``counter``        (Meta) the target card leaves its stack for its owner's graveyard without effect.
``bounce``         (Meta) the target card returns to its owner's hand.
``copy``           (Meta) the target card's steps are carried out as if you had played it, with its
                   announced target; the target stays where it is.
``redirect``       (Meta) the target card's player target becomes ``to``: ``self`` (you) or
                   ``player`` (whoever played the target card).
``sink``           (Meta) the target card moves to the bottom of its stack.
``swap_top``       (Meta) the top two cards of the target stack change places.
``reverse``        (Meta) the order of the target stack is reversed.
``clear``          (Meta) every card of the target stack goes to its owner's graveyard without effect.
``echo``           (Meta) the top card of your graveyard goes on top of the main stack, played by you;
                   a descriptive target (``top``, ``next``, ``below``) comes with it, any other is lost.
``defuse``         (Meta, ``filter: any``) if the target is a face-down trigger, it goes to its owner's
                   graveyard without firing and its trigger stack is deactivated; otherwise as ``counter``.
=================  ==========================================================================

Trigger conditions (``condition``: ``event``, ``who``, ``when``; META-TRG-06): ``event`` is one of
:data:`CONDITIONS`; ``who`` is ``any``, ``you`` (the trigger's owner), ``opponent`` or ``target`` (a
player announced when the trigger is activated, META-TRG-03/05); ``when`` is ``before`` or ``after``.
"""

from __future__ import annotations

from typing import Literal

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

CardType = Literal["event", "meta", "trigger"]
TargetKind = Literal["none", "player", "opponent", "graveyard", "card", "top", "next", "stack", "below"]
Who = Literal["target", "self", "all", "others", "at_turn", "owner"]

PLAYER_TARGETS = ("player", "opponent", "below")
CARD_TARGETS = ("card", "top", "next")
EVENT_STEPS = ("gain", "lose", "drain", "set_life", "swap_life", "draw", "mill", "discard_random", "recycle",
               "regrow", "shuffle_grave", "rule")
META_STEPS = ("counter", "bounce", "copy", "redirect", "sink", "swap_top", "reverse", "clear", "echo", "defuse")
CARD_STEPS = ("counter", "bounce", "copy", "redirect", "sink", "defuse")
STACK_STEPS = ("swap_top", "reverse", "clear")

PARAMS: dict[str, tuple[int | str, str]] = {
    "hand_limit": (12, "the hand limit"),
    "draw_count": (3, "the number of cards drawn in the drawing stage"),
    "life_max": (25, "the highest life a player can have"),
    "life_min": (-15, "the lowest life a player can have"),
    "disable_at": (0, "the life at or below which a player is disabled"),
    "draw_penalty": (2, "the number of cards not drawn that cost 1 life"),
    "direction": (1, "the direction of the turn order (1 = as rolled, -1 = reversed)"),
    "exec_order": ("top", "where each stack of the main tower executes from (top or bottom)"),
    "trigger_access": ("owner", "who may play Event cards onto a trigger stack (owner or all)"),
    "discarding": ("on", "whether the discarding stage takes place (on or off)"),
}
"""Rule values that cards change (META-CBR-01): name -> (rulebook value, what it is)."""

CONDITIONS: dict[str, str] = {
    "turn_start": "the beginning of {whose} turn",
    "turn_end": "the end of {whose} turn",
    "gain_life": "{who} gains life",
    "lose_life": "{who} loses life",
    "life_low": "{who}'s life falls to {n} or less",
    "disabled": "{who} is disabled",
    "reenabled": "{who} is back in play",
    "draw": "{who} draws cards",
    "discard": "{who} discards a card from their hand",
    "card_main": "{who} puts a card onto the main stack",
    "meta_played": "{who} plays a Meta card",
    "countered": "a card of {whom} is removed from a stack without effect",
    "activated": "{who} activates another trigger stack",
    "exec_start": "the executing stage begins",
}
"""Trigger condition keys and their wording (META-TRG-06)."""


class Step(BaseModel):
    """One step of an Event or Meta card's effect (see the vocabulary in the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    do: Literal[EVENT_STEPS + META_STEPS]  # type: ignore[valid-type]
    who: Who = "target"
    n: int = Field(0, ge=0, le=60)
    param: str | None = None
    value: int | str | None = None
    delta: int | None = None
    duration: Literal["turn", "next_turn", "game"] = "turn"
    to: Literal["self", "player"] = "self"

    @model_validator(mode="after")
    def _fields_fit(self) -> Step:
        if self.do == "rule":
            if self.param not in PARAMS:
                raise ValueError(f"rule step needs a param, one of: {', '.join(PARAMS)}")
            if (self.value is None) == (self.delta is None):
                raise ValueError("rule step needs exactly one of value or delta")
            default = PARAMS[self.param][0]
            if self.delta is not None and not isinstance(default, int):
                raise ValueError(f"{self.param} takes a value, not a delta")
            if self.value is not None and type(self.value) is not type(default):
                raise ValueError(f"{self.param} takes a {type(default).__name__} value")
        elif self.param is not None or self.value is not None or self.delta is not None:
            raise ValueError("param/value/delta belong to rule steps only")
        if self.do in ("gain", "lose", "drain", "draw", "mill", "discard_random", "recycle", "regrow") and self.n < 1:
            raise ValueError(f"{self.do} needs n >= 1")
        return self


class Condition(BaseModel):
    """A Trigger card's condition (META-TRG-06): the game event, whose, and before or after it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    event: Literal[tuple(CONDITIONS)]  # type: ignore[valid-type]
    who: Literal["any", "you", "opponent", "target"] = "any"
    when: Literal["before", "after"] = "after"
    n: int = 0


class MetaCard(BaseModel):
    """One Meta card definition (META-CRD-01..08). ``base``/``version`` split the id (META-CRD-03)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9]*\.[1-9][0-9]*$")
    title: str = Field(min_length=2, max_length=60)
    type: CardType
    uniqueness: int | Literal["*"]
    target: TargetKind = "none"
    filter: Literal["event", "meta", "stack", "any"] = "stack"
    level: int = Field(0, ge=0, le=1)
    steps: tuple[Step, ...] = ()
    condition: Condition | None = None
    flavor: str = ""

    @field_validator("uniqueness")
    @classmethod
    def _positive(cls, v: int | str) -> int | str:
        if isinstance(v, int) and v < 1:
            raise ValueError("uniqueness is a positive number or '*' (META-CRD-05)")
        return v

    @model_validator(mode="after")
    def _shape(self) -> MetaCard:
        does = {s.do for s in self.steps}
        if self.type == "trigger":
            if self.steps or self.condition is None:
                raise ValueError("a Trigger card has a condition and no steps (META-CRD-04)")
            if self.target not in ("none", "player", "opponent"):
                raise ValueError("a Trigger card's target is none, player or opponent")
            if (self.condition.who == "target") != (self.target != "none"):
                raise ValueError("a Trigger card names a target exactly when its condition's who is 'target'")
            return self
        if self.condition is not None or not self.steps:
            raise ValueError("Event and Meta cards have steps and no condition")
        if self.type == "event":
            if does & set(META_STEPS):
                raise ValueError("only Meta cards address stacks (META-MTA-01)")
            if self.target in CARD_TARGETS + ("stack",):
                raise ValueError("an Event card cannot target stacks or cards on them (META-EVT-02)")
        if does & set(CARD_STEPS) and self.target not in CARD_TARGETS:
            raise ValueError(f"{sorted(does & set(CARD_STEPS))} need a card target (card, top or next)")
        if does & set(STACK_STEPS) and self.target not in ("stack", "top"):
            raise ValueError(f"{sorted(does & set(STACK_STEPS))} need a stack target (stack or top)")
        if "defuse" in does and self.filter != "any":
            raise ValueError("defuse targets any card (filter: any)")
        if self.filter == "any" and self.target != "card":
            raise ValueError("filter 'any' is for card targets")
        for s in self.steps:
            if s.who == "target" and s.do not in META_STEPS + ("rule",) and self.target not in PLAYER_TARGETS + ("graveyard",):
                raise ValueError(f"step {s.do} acts on the target player, but the card has no player target")
            if s.do in ("drain", "swap_life") and self.target not in PLAYER_TARGETS:
                raise ValueError(f"{s.do} needs a player target")
            if s.who == "owner" and self.target not in CARD_TARGETS:
                raise ValueError("who: owner needs a card target")
            if s.do == "redirect" and self.filter == "any":
                raise ValueError("redirect needs an Event or Meta card target")
        return self

    @property
    def base(self) -> str:
        """The base ID shared by every version of this card (META-CRD-03)."""
        return self.id.split(".", 1)[0]

    @property
    def version(self) -> int:
        return int(self.id.split(".", 1)[1])

    @property
    def star(self) -> bool:
        return self.uniqueness == "*"

    @property
    def limit(self) -> int:
        """Copies allowed per deck, all versions together (META-CRD-05/06)."""
        return 1 if self.uniqueness == "*" else int(self.uniqueness)


class StarterDeck(BaseModel):
    """A ready-made 60-card deck: id, name, plan, and card id -> count."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    plan: str
    cards: dict[str, int]

    def card_list(self) -> list[str]:
        return [cid for cid, n in self.cards.items() for _ in range(n)]


class PoolInfo(BaseModel):
    """The pool's header: its version and the rules version its cards are written for (META-CBR-04)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    version: str
    rules: str


class PoolFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    pool: PoolInfo
    cards: list[MetaCard]


# -- text generated from the effect -------------------------------------------------------------------

_TARGET_TEXT = {
    "none": "",
    "player": "a player you name who is not disabled",
    "opponent": "an opponent you name who is not disabled",
    "graveyard": "a graveyard you name",
    "below": "the player who played the card directly below this one (read when this card executes)",
    "next": "the next card played onto the main stack after this one (read when this card executes)",
    "stack": "a stack you name",
}
_FILTER_TEXT = {"event": "an Event card", "meta": "a Meta card", "stack": "a card", "any": "any card"}
_WHO_TEXT = {
    "target": "the target player",
    "self": "you",
    "all": "every player",
    "others": "every other player",
    "at_turn": "the player at turn",
    "owner": "the target card's owner",
}
_WHO_GRAVE = {**_WHO_TEXT, "target": "the target graveyard's owner"}


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def _top(n: int) -> str:
    return "The top card" if n == 1 else f"The top {n} cards"


def _go(n: int) -> str:
    return "goes" if n == 1 else "go"


def _zone(card: MetaCard, step: Step, zone: str) -> str:
    """"your memory", "the target graveyard", "every other player's graveyard"."""
    if step.who == "self":
        return f"your {zone}"
    if step.who == "target" and card.target == "graveyard" and zone == "graveyard":
        return "the target graveyard"
    return f"{(_WHO_GRAVE if card.target == 'graveyard' else _WHO_TEXT)[step.who]}'s {zone}"


def _their(who: str) -> str:
    return "your" if who == "self" else "their"


def param_text(param: str, value: int | str) -> str:
    """A rule value in words (``hand_limit`` 8 -> "the hand limit is 8")."""
    if param == "direction":
        return "the turn order runs " + ("as rolled" if value == 1 else "in reverse")
    if param == "exec_order":
        return "the main tower's stacks execute from the " + str(value)
    if param == "trigger_access":
        return "any player may play Event cards onto any active trigger stack" if value == "all" else (
            "only a trigger stack's owner may play Event cards onto it")
    if param == "discarding":
        return "there is a discarding stage" if value == "on" else "there is no discarding stage"
    shown = f"−{-value}" if isinstance(value, int) and value < 0 else value
    return f"{PARAMS[param][1]} is {shown}"


def step_text(step: Step, card: MetaCard) -> str:
    """One step in words. Subjects follow the ``who`` vocabulary."""
    who = (_WHO_GRAVE if card.target == "graveyard" else _WHO_TEXT)[step.who]
    n = step.n
    subject = who[0].upper() + who[1:]
    plural = step.who == "self"
    verb = {
        "gain": ("gain", "gains"), "lose": ("lose", "loses"), "draw": ("draw", "draws"),
    }
    match step.do:
        case "gain" | "lose":
            return f"{subject} {verb[step.do][0 if plural else 1]} {n} life"
        case "draw":
            return f"{subject} {verb['draw'][0 if plural else 1]} {_cards(n)}"
        case "drain":
            return f"The target player loses {n} life and you gain {n} life"
        case "set_life":
            return f"{subject} {'have' if plural else 'has'} exactly {n} life"
        case "swap_life":
            return "You and the target player exchange life totals"
        case "mill":
            return f"{_top(n)} of {_zone(card, step, 'memory')} {_go(n)} to {_their(step.who)} graveyard"
        case "discard_random":
            return f"{subject} {'discard' if plural else 'discards'} {_cards(n)} at random"
        case "recycle":
            return (f"{_top(n)} of {_zone(card, step, 'graveyard')} {_go(n)} to the bottom of "
                    f"{_their(step.who)} memory")
        case "regrow":
            return f"{_top(n)} of {_zone(card, step, 'graveyard')} {'returns' if n == 1 else 'return'} to " \
                f"{_their(step.who)} hand"
        case "shuffle_grave":
            return f"{subject} {'shuffle' if plural else 'shuffles'} {_zone(card, step, 'graveyard')} into " \
                f"{_their(step.who)} memory"
        case "rule":
            until = {"turn": "until the end of this turn", "next_turn": "until the end of the next turn",
                     "game": "for the rest of the game"}[step.duration]
            if step.delta is not None:
                sign = "+" if step.delta >= 0 else "−"
                return f"{PARAMS[step.param][1][0].upper()}{PARAMS[step.param][1][1:]} changes by {sign}{abs(step.delta)} {until}"
            text = param_text(step.param, step.value)
            return f"{text[0].upper()}{text[1:]} {until}"
        case "counter":
            return "Remove the target card from its stack to its owner's graveyard without effect"
        case "bounce":
            return "Return the target card to its owner's hand"
        case "copy":
            return "Carry out the target card's effect as if you had played it; the target stays where it is"
        case "redirect":
            return "The target card's player target becomes " + (
                "you" if step.to == "self" else "the player who played it")
        case "sink":
            return "Move the target card to the bottom of its stack"
        case "swap_top":
            return "The top two cards of the target stack change places"
        case "reverse":
            return "Reverse the order of the target stack"
        case "clear":
            return "Every card of the target stack goes to its owner's graveyard without effect"
        case "echo":
            return ("Put the top card of your graveyard on top of the main stack, played by you (it keeps a "
                    "descriptive target; any other target is lost)")
        case "defuse":
            return ("If the target is a face-down trigger, it goes to its owner's graveyard without firing and its "
                    "trigger stack is deactivated; otherwise remove the target card without effect")
    raise AssertionError(step.do)


def target_text(card: MetaCard) -> str:
    """The announced target in words ("" when the card needs none)."""
    if card.target == "card":
        return _FILTER_TEXT[card.filter] + " on a stack"
    if card.target == "top":
        where = "main stack" if card.level == 0 else "main meta stack"
        if any(s.do in STACK_STEPS for s in card.steps):
            return f"the {where} (it must hold a card when this card executes)"
        return f"the card on top of the {where} (read when this card executes)"
    return _TARGET_TEXT[card.target]


def condition_text(card: MetaCard) -> str:
    """A Trigger card's condition in words (META-CRD-08): before/after and the event."""
    c = card.condition
    assert c is not None
    who = {"any": "a player", "you": "you", "opponent": "an opponent", "target": "the named player"}[c.who]
    whose = {"any": "each", "you": "your", "opponent": "an opponent's", "target": "the named player's"}[c.who]
    whom = {"any": "any player", "you": "yours", "opponent": "an opponent", "target": "the named player"}[c.who]
    event = CONDITIONS[c.event].format(who=who, whose=whose, whom=whom, n=c.n)
    if c.who == "you":
        event = event.replace("you gains", "you gain").replace("you loses", "you lose").replace(
            "you is", "you are").replace("you draws", "you draw").replace("you discards", "you discard").replace(
            "you puts", "you put").replace("you plays", "you play").replace("you activates", "you activate").replace(
            "you's life falls", "your life falls").replace("their hand", "your hand")
    if c.event in ("turn_start", "turn_end"):
        return ("At " if c.when == "after" else "Just before ") + event
    return ("When " if c.when == "after" else "Just before ") + event


def card_text(card: MetaCard) -> str:
    """The card's description (META-CRD-08), generated from its coded effect."""
    if card.type == "trigger":
        return condition_text(card) + ", this trigger stack executes."
    return ". ".join(step_text(s, card) for s in card.steps) + "."


def engine_reading(card: MetaCard) -> str:
    """The engine reading (META-CRD-09): what the target is, where the card goes, when it is read."""
    target = target_text(card)
    if card.type == "trigger":
        head = "Activates a trigger stack, face down; only you see the condition."
        if target:
            head += f" Announce {target} when you activate it; it never changes."
        when = "before the event happens" if card.condition and card.condition.when == "before" else \
            "after the event has happened"
        return f"{head} Fires {when}; the trigger card then goes to your graveyard and the stack executes."
    parts = []
    if target:
        parts.append(f"Target: {target}.")
    if card.type == "event":
        parts.append("Goes on the main stack or an active trigger stack (level 0).")
    elif card.target in ("card", "stack"):
        parts.append("Goes on the meta stack above the stack its target is on.")
    elif card.target == "top":
        parts.append(f"Goes on level {card.level + 1} of the main tower.")
    elif card.target == "next":
        parts.append("Goes on the main meta stack (level 1).")
    else:
        parts.append("Addresses no stack, so it goes on level 0 like an Event.")
    if target:
        parts.append("If the target is no longer valid when it executes, the card is discarded without effect.")
    return " ".join(parts)


_SHORT_TARGET = {
    "player": "a player",
    "opponent": "an opponent",
    "graveyard": "a graveyard",
    "stack": "a stack",
    "below": "the player of the card below",
    "next": "the next card on the main stack",
}


def short_target(card: MetaCard) -> str:
    """The card's target kind in a few words ("an opponent", "a Meta card on a stack"); "" for none."""
    if card.target == "card":
        return _FILTER_TEXT[card.filter] + " on a stack"
    if card.target == "top":
        return "the top of the " + ("main stack" if card.level == 0 else "main meta stack")
    return _SHORT_TARGET.get(card.target, "")


def card_line(card: MetaCard) -> str:
    """A one-line summary in player words, no card text (the text is one lookup away): ``Greek Fire · Event · targets an
    opponent``; a Trigger card: ``Old Grudge · Trigger · names a player``."""
    target = short_target(card)
    if card.type == "trigger":
        return f"{card.title} · Trigger" + (" · names a player" if card.target in ("player", "opponent") else "")
    return f"{card.title} · {card.type.capitalize()}" + (f" · targets {target}" if target else "")


# -- loading ---------------------------------------------------------------------------------------

_POOL = TypeAdapter(PoolFile)


def parse_cards(raw: object, source: str) -> tuple[PoolInfo, dict[str, MetaCard]]:
    """Validate ``{pool: {version, rules}, cards: [...]}``; returns the header and id -> card.

    Raises :class:`CardDataError` naming ``source`` and the card at fault; two cards with the same id,
    or two base IDs sharing a title (META-CRD-02), are errors too."""
    if not isinstance(raw, dict) or "cards" not in raw:
        raise CardDataError(f"{source}: expected a mapping with 'pool' and 'cards'")
    try:
        pool = _POOL.validate_python(raw)
    except ValidationError as exc:
        problems = []
        cards = raw.get("cards") if isinstance(raw.get("cards"), list) else []
        for err in exc.errors():
            loc = err["loc"]
            who = where(loc[:1])
            if len(loc) > 1 and loc[0] == "cards" and isinstance(loc[1], int):
                item = cards[loc[1]] if loc[1] < len(cards) else None
                who = f"card '{item['id']}'" if isinstance(item, dict) and "id" in item else f"card #{loc[1] + 1}"
                loc = loc[2:]
            problems.append(f"{source}: {who}: {where(loc) or 'card'}: {err['msg']}")
        raise CardDataError("\n".join(problems)) from None
    by_id: dict[str, MetaCard] = {}
    titles: dict[str, str] = {}
    for card in pool.cards:
        if card.id in by_id:
            raise CardDataError(f"{source}: card '{card.id}': the id is used twice")
        other = titles.get(card.title.lower())
        if other is not None and other != card.base:
            raise CardDataError(f"{source}: card '{card.id}': title '{card.title}' is also base ID {other}'s "
                                "(META-CRD-02)")
        titles[card.title.lower()] = card.base
        by_id[card.id] = card
    return pool.pool, by_id
