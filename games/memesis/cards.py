"""Memesis cards as data: the pydantic models that validate ``data/memesis/*.yaml`` (MEM-GEN-05, MEM-GAP-01,
MEM-GAP-25) and the shared effect vocabulary.

A card (``cards.yaml``, a list of mappings):

================  =======================================================================================
``id``            lower-case id (``clockwork-owl``); ``name`` original (folklore/history names are fine).
``kind``          ``creature`` | ``cause`` | ``effect`` | ``rune`` (MEM-GEN-05).
``predilection``  ``mathematical`` | ``spiritual`` | ``philosophical`` | ``practical``: the card front; for a
                  Rune card, the Rune it is (MEM-RUN-01).
``cost``          source cost 0..9 (MEM-SRC-01); a Rune's is 0 (MEM-GAP-27).
``attack``        creatures: Attack Power >= 0; ``life`` >= 1; ``armor`` 0..3 hits (MEM-CRE-01, MEM-ARM-01).
``markings``      marking -> :class:`Upgrade`: what a Rune of that marking gives this card (MEM-RUN-01); a
                  negative upgrade is a "degrading" one (MEM-GAP-19). Rune cards bear no markings.
``set``           ``sym`` | ``bio`` | ``tic`` for Trans Fusion (MEM-FUS-02), absent otherwise.
``partner``       the id of the card this one True-Fuses with (named both ways, MEM-GAP-25);
                  ``fusion`` the :class:`Upgrade` the fused pair gains on top of the sum (may be detrimental,
                  MEM-FUS-16).
``fragments``     Rune fragments for Partial Fusion: ``[{marking, upgrade}]`` — this card may undergo fission
                  into one of them and be fused onto a card bearing that marking, which gains the upgrade
                  (MEM-FUS-01, MEM-GAP-25).
``abilities``     creatures' inherent abilities and Cause cards' abilities: ``[Ability]`` (MEM-CRE-01,
                  MEM-CE-06); an Effect card has exactly one, its one-time effect (MEM-CE-08).
``text``          rules text shown to players (generated from the data when empty); ``flavor`` free text.
================  =======================================================================================

An :class:`Ability` has a ``name``, a ``cost`` in source and/or ``ammo`` (MEM-AMM-03), a ``target`` and
``steps``. ``any_time`` lets a creature or Cause ability be used outside its owner's turn (Effect cards are
always any-time, MEM-CE-07; Ammo-fuelled abilities never are, MEM-AMM-05). Targets:

* chosen when used: ``player`` (any player still in), ``opposing_player``, ``creature`` (any creature in
  play, face up), ``opposing_creature``, ``own_creature`` (a creature its user controls), ``ally_creature``
  (a creature of the user's team, its own included), ``cause`` (an opposing face-up Cause card);
* fixed: ``you`` (the user), ``each_opponent`` (every opposing player), ``all_opposing_creatures``,
  ``all_creatures``, ``team`` (every player of the user's team), ``this`` (the card itself).

Steps (``do``), each acting on every target:

===============  =========================================================================================
``damage``       deal ``amount`` damage: to a creature (Armor first, MEM-ARM-02) or to a player (a Defend
                 creature may intercept it, MEM-TRN-03, MEM-GAP-12).
``heal``         the target player gains ``amount`` Life (no maximum, MEM-GAP-07).
``mend``         the target creature recovers ``amount`` Life, up to its full Life.
``source``       the target player gains ``amount`` source.
``draw``         the target player draws ``amount`` cards from their Brain Cell.
``discard``      the target player discards ``amount`` cards of their choice (at random on timeout).
``pump``         the target creature gets +``amount`` Attack until the end of the turn.
``weaken``       the target creature gets -``amount`` Attack (not below 0) until the end of the turn.
``shield``       the target creature gains ``amount`` Armor (never above 3, MEM-ARM-01).
``destroy``      the target card goes to its owner's Dead Cell.
``bounce``       the target card returns to its owner's hand (a group splits: each card to its owner).
``unsource``     the target card is unsourced at once.
``exhaust``      the target creature is sourced (its controller gains nothing).
``drain``        the target player loses ``amount`` Life (not damage: it cannot be intercepted or armored).
===============  =========================================================================================
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core import carddata
from games.core.carddata import CardDataError

Kind = Literal["creature", "cause", "effect", "rune"]
Marking = Literal["mathematical", "spiritual", "philosophical", "practical"]
MARKINGS: tuple[str, ...] = ("mathematical", "spiritual", "philosophical", "practical")
"""MEM-RUN-01: the four Runes (and markings), in the rulebook's order of the card fronts."""
FusionSet = Literal["sym", "bio", "tic"]
Target = Literal["player", "opposing_player", "creature", "opposing_creature", "own_creature", "ally_creature",
                 "cause", "you", "each_opponent", "all_opposing_creatures", "all_creatures", "team", "this"]
CHOSEN: frozenset[str] = frozenset({"player", "opposing_player", "creature", "opposing_creature", "own_creature",
                                    "ally_creature", "cause"})
"""Targets chosen when the ability is used; the others are fixed by the text."""
PLAYER_TARGETS: frozenset[str] = frozenset({"player", "opposing_player", "you", "each_opponent", "team"})
CARD_TARGETS: frozenset[str] = frozenset({"creature", "opposing_creature", "own_creature", "ally_creature",
                                          "cause", "all_opposing_creatures", "all_creatures", "this"})
OPPOSING: frozenset[str] = frozenset({"opposing_player", "opposing_creature", "cause", "each_opponent",
                                      "all_opposing_creatures"})
"""Targets that make an Effect card "played at an opposing player" (MEM-CE-01, MEM-GAP-15); ``player``,
``creature`` and ``all_creatures`` count when the chosen or affected thing is an opponent's."""
Do = Literal["damage", "heal", "mend", "source", "draw", "discard", "pump", "weaken", "shield", "destroy", "bounce",
             "unsource", "exhaust", "drain"]
PLAYER_STEPS: frozenset[str] = frozenset({"damage", "heal", "source", "draw", "discard", "drain"})
CARD_STEPS: frozenset[str] = frozenset({"damage", "mend", "pump", "weaken", "shield", "destroy", "bounce",
                                        "unsource", "exhaust"})
AMOUNTED: frozenset[str] = frozenset({"damage", "heal", "mend", "source", "draw", "discard", "pump", "weaken",
                                      "shield", "drain"})


PARTNER_NAMES: dict[str, str] = {}
"""Card id -> name of the loaded pool (filled by :func:`games.memesis.pool.card_pool`), so that rules text
names a True Fusion partner by its name rather than its id."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Step(_Model):
    """One step of an ability (see the module docstring); ``amount`` is 1..20 for the steps that take one."""

    do: Do
    amount: int = Field(0, ge=0, le=20)

    @model_validator(mode="after")
    def _fits(self) -> Step:
        if (self.do in AMOUNTED) != (self.amount > 0):
            raise ValueError(f"'{self.do}' " + ("needs an amount >= 1" if self.do in AMOUNTED else "takes no amount"))
        return self


class Ability(_Model):
    """An ability: ``name``, its cost in ``cost`` source and ``ammo`` Ammo (MEM-AMM-03), what it acts on
    (``target``) and its ``steps`` in order; ``any_time`` as in the module docstring."""

    name: str = Field(min_length=2, max_length=40)
    cost: int = Field(0, ge=0, le=9)
    ammo: int = Field(0, ge=0, le=9)
    target: Target = "you"
    steps: list[Step] = Field(min_length=1, max_length=4)
    any_time: bool = False
    text: str = Field("", max_length=200)

    @model_validator(mode="after")
    def _fits(self) -> Ability:
        for s in self.steps:
            if self.target in PLAYER_TARGETS and s.do not in PLAYER_STEPS:
                raise ValueError(f"'{s.do}' acts on a card, but the target '{self.target}' is a player")
            if self.target in CARD_TARGETS and s.do not in CARD_STEPS:
                raise ValueError(f"'{s.do}' acts on a player, but the target '{self.target}' is a card")
        if self.ammo and self.any_time:
            raise ValueError("an Ammo-fuelled ability is used only in its owner's turn (MEM-AMM-05): not any_time")
        return self

    def describe(self) -> str:
        """The ability as rules text: its own ``text``, or one generated from cost, target and steps."""
        if self.text:
            return self.text
        pay = []
        if self.cost:
            pay.append(f"{self.cost} source")
        if self.ammo:
            pay.append(f"{self.ammo} Ammo")
        head = (" + ".join(pay) + ": ") if pay else ""
        what = ", then ".join(f"{s.do} {s.amount}" if s.amount else s.do for s in self.steps)
        return f"{head}{what} ({self.target.replace('_', ' ')})"


class Upgrade(_Model):
    """What a Rune, a Rune fragment or a fusion gives a card: Attack, Life and Armor changes (negative =
    degrading, MEM-GAP-19) and optionally an ability."""

    attack: int = Field(0, ge=-9, le=9)
    life: int = Field(0, ge=-9, le=9)
    armor: int = Field(0, ge=-3, le=3)
    ability: Ability | None = None
    text: str = Field("", max_length=200)

    @model_validator(mode="after")
    def _not_empty(self) -> Upgrade:
        if not (self.attack or self.life or self.armor or self.ability):
            raise ValueError("an upgrade changes Attack, Life or Armor, or grants an ability")
        return self

    def describe(self) -> str:
        """The upgrade as short text (``+2 Attack, +1 Armor, Flash: ...``)."""
        if self.text:
            return self.text
        parts = [f"{v:+d} {k}" for k, v in (("Attack", self.attack), ("Life", self.life), ("Armor", self.armor))
                 if v]
        if self.ability:
            parts.append(f"{self.ability.name}: {self.ability.describe()}")
        return ", ".join(parts)


class Fragment(_Model):
    """A Rune fragment (MEM-FUS-01, MEM-GAP-25): fused onto a card bearing ``marking``, it gives ``upgrade``."""

    marking: Marking
    upgrade: Upgrade


class Card(_Model):
    """A Memesis card definition (MEM-GEN-05). Validation errors name the field at fault."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{1,40}$")
    name: str = Field(min_length=2, max_length=60)
    kind: Kind
    predilection: Marking
    cost: int = Field(0, ge=0, le=9)
    attack: int = Field(0, ge=0, le=20)
    life: int = Field(0, ge=0, le=30)
    armor: int = Field(0, ge=0, le=3)
    markings: dict[Marking, Upgrade] = {}
    set: FusionSet | None = None
    partner: str | None = None
    fusion: Upgrade | None = None
    fragments: list[Fragment] = Field([], max_length=2)
    abilities: list[Ability] = Field([], max_length=3)
    text: str = Field("", max_length=400)
    flavor: str = Field("", max_length=240)

    @model_validator(mode="after")
    def _kind_rules(self) -> Card:
        k = self.kind
        if k == "creature" and self.life < 1:
            raise ValueError("a creature has Life >= 1 (MEM-CRE-01)")
        if k != "creature" and (self.attack or self.life or self.armor):
            raise ValueError(f"a {k} card has no Attack, Life or Armor (MEM-CRE-01)")
        if k == "rune":
            if self.cost or self.markings or self.abilities or self.set or self.partner or self.fragments:
                raise ValueError("a Rune card is only its Rune: cost 0, no markings, abilities, set, partner or "
                                 "fragments (MEM-RUN-01, MEM-GAP-27)")
        if k == "effect" and len(self.abilities) != 1:
            raise ValueError("an Effect card has exactly one ability, its one-time effect (MEM-CE-08)")
        if k == "effect" and self.abilities and (self.abilities[0].cost or self.abilities[0].ammo):
            raise ValueError("an Effect card's effect costs the card's own source cost: leave the ability's cost "
                             "and ammo at 0 (MEM-CE-07)")
        if k == "cause" and not self.abilities:
            raise ValueError("a Cause card has at least one ability (MEM-CE-06)")
        if (self.partner is None) != (self.fusion is None):
            raise ValueError("a True Fusion 'partner' and its 'fusion' result come together (MEM-GAP-25)")
        if self.partner == self.id:
            raise ValueError("a card cannot be its own True Fusion partner")
        if any(a.target == "this" and k != "creature" and any(s.do in CARD_STEPS for s in a.steps)
               for a in self.abilities):
            raise ValueError("only a creature's ability may act on the card itself ('this')")
        return self

    def rules_text(self) -> str:
        """The card's rules text: ``text`` or a line generated from its data."""
        if self.text:
            return self.text
        parts = [f"{a.name}: {a.describe()}" for a in self.abilities]
        parts += [f"[{m.title()}] {u.describe()}" for m, u in self.markings.items()]
        parts += [f"Fragment [{f.marking.title()}] {f.upgrade.describe()}" for f in self.fragments]
        if self.partner and self.fusion:
            parts.append(f"True Fusion with {PARTNER_NAMES.get(self.partner, self.partner)}: "
                         f"{self.fusion.describe()}")
        return "; ".join(parts)


class StarterDeck(_Model):
    """A starter deck: id, name, its plan in one sentence, ``ally`` true for the decks built to play as
    allies, and card id -> count."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{1,40}$")
    name: str
    plan: str
    ally: bool = False
    cards: dict[str, Annotated[int, Field(ge=1, le=3)]]

    def card_list(self) -> list[str]:
        """The deck as a flat list of card ids, in file order."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]




def parse_cards(raw: object, source: str) -> dict[str, Card]:
    """Validate a list of card mappings; returns id -> :class:`Card`. Also checks that True Fusion partners
    name each other (MEM-GAP-25).

    Raises :class:`CardDataError` naming ``source`` and the card (by id or position) at fault."""
    return carddata.parse_models(raw, source, Card)


def check_partners(cards: dict[str, Card], source: str) -> None:
    """Every True Fusion ``partner`` exists and names this card back (MEM-GAP-25); raises
    :class:`CardDataError` otherwise."""
    for c in cards.values():
        if c.partner is None:
            continue
        other = cards.get(c.partner)
        if other is None:
            raise CardDataError(f"{source}: card '{c.id}': partner '{c.partner}' is not a card")
        if other.partner != c.id:
            raise CardDataError(f"{source}: card '{c.id}': partner '{c.partner}' does not name '{c.id}' back")


_LINES: dict[int, tuple[Card, str | None, str]] = {}
"""id(card) -> (the card, its partner's name then, its :func:`card_line`): boards and hands show the same few
cards' lines after every choice. The card is kept, so its id is not reused while it is here."""


def card_line(c: Card) -> str:
    """One line describing a card for lookups: name, kind, cost, stats and rules text."""
    partner = PARTNER_NAMES.get(c.partner) if c.partner else None
    hit = _LINES.get(id(c))
    if hit is not None and hit[0] is c and hit[1] == partner:
        return hit[2]
    line = _card_line(c)
    _LINES[id(c)] = (c, partner, line)
    return line


def _card_line(c: Card) -> str:
    head = f"{c.name} — {c.predilection.title()} {c.kind}"
    if c.kind != "rune":
        head += f", cost {c.cost}"
    if c.kind == "creature":
        head += f", {c.attack}/{c.life}" + (f", Armor {c.armor}" if c.armor else "")
    if c.set:
        head += f", {c.set.title()}"
    text = c.rules_text()
    return f"{head}. {text}" if text else head
