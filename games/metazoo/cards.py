"""MetaZoo Pages as data: the pydantic models that validate ``data/metazoo/*.yaml`` (MZ-CORE-01,
MZ-GAP-02: the schema for everything a printed Page shows as icons) and the loader.

A Page (``cards.yaml``, a list of mappings):

=================  ======================================================================================
``id``             lower-case id (``ember-imp``); ``name`` (original; folklore names are fine, MZ-GAP-01).
``type``           ``aura`` | ``beastie`` | ``spell`` | ``potion`` | ``artifact`` | ``terra`` (MZ-CORE-01).
``cost``           Aura Cost: Aura type -> count; ``neutral`` is the Neutral component (MZ-AURA-05).
                   Potions cost nothing (MZ-CORE-07); Basic Aura and Terra cost nothing (MZ-GAP-06).
``aura``           Aura Pages only: the Aura type the Page generates when Fatigued (MZ-AURA-01).
``bonus``          Terra Pages only: the Terra Bonus it provides (one of :data:`TERRA_BONUSES`,
                   MZ-TERRA-01, MZ-TERRA-09); ``special`` marks a Special Terra.
``lp``             printed maximum LP (Beasties and Artifacts, MZ-LP-01).
``attacks``        Beasties: ``[{name, damage, status, x, automatic, advantage, text}]`` (MZ-CORE-04):
                   ``status`` the Status icon beside the Damage, ``x`` its number (Frozen X, Poison count),
                   ``advantage`` the Aura Attack Advantage symbol (MZ-AAA-01).
``traits``         Trait names from :data:`TRAITS` (MZ-TRAIT-01); ``regen`` may repeat (MZ-TRAIT-02).
``tribe``          Beastie Tribe name; ``tribal_boost`` the red bar (MZ-TRIBE-01).
``terra_bonuses``  Printed Terra Bonuses: ``[{bonus, damage, lp}]`` (MZ-TERRA-02, MZ-GAP-02).
``wall``           4th Wall clauses: ``[{condition, then}]`` (MZ-WALL-01; evaluated by the sky module,
                   ``then`` one of ``no_contract``, ``no_attack``, ``to_chapter``, or a Trait name gained).
``any_time``       the Page may be Contracted while its Caster holds priority on any turn (MZ-PRIO-03).
``effects``        ``[{timing, target, steps}]``: see below.
``limit``          Spellbook Limit ("# Per Spellbook"); absent = unlimited (MZ-BOOK-02).
``set``            set symbol (text); ``flavor`` flavour text.
=================  ======================================================================================

An Effect has a ``timing`` (the keyword, MZ-KW-01..04): ``contract`` (CONTRACT; for a Spell or Potion its
whole text), ``flipped`` (FLIPPED), ``arena`` (ARENA, continuous), ``destroyed`` (DESTROYED),
``any_time`` (an Effect a face-up Page in the Arena may use while its controller holds priority, on any turn;
Chupacabra, MZ-GAP-20), ``power`` (a Power: Fatigue the Page on your turn), ``start`` / ``end`` (of every
turn). Its ``target`` says what it acts on (MZ-TGT-01):

* targeting (chosen when used): ``opposing_beastie``, ``own_beastie``, ``beastie``, ``opposing_page``
  (Beastie or Artifact), ``opposing_caster``, ``chain`` (a Spell or Effect on the chain, MZ-PRIO-05),
  ``terra`` (a Terra in a slot, any Caster's; only ``destroy``/``to_chapter``, MZ-TGT-02);
* not targeting (MZ-TGT-03): ``all_opposing_beasties``, ``all_beasties``, ``all_own_beasties``,
  ``opposing_auras`` (every face-up Aura Page of the opposing Casters), ``you`` (its controller),
  ``opponents`` (every opposing Caster), ``attacker`` (the attacking Beastie of the Combat it flipped in),
  ``this`` (the Page itself).

Steps (``do``), each acting on every target of its Effect:

===============  ======================================================================================
``damage``       deal ``amount`` Damage (MZ-LP-03; Type Advantage applies, MZ-TYPE-05).
``lose_lp``      ``amount`` LP Loss (not Damage, MZ-LP-04).
``recover``      recover ``amount`` LP (remove Damage, MZ-LP-07).
``gain_lp``      ``amount`` LP Gain (maximum LP up, MZ-LP-06).
``inflict``      inflict ``status`` (X = ``x``; ``automatic`` skips the coin flip, MZ-STATUS-04).
``destroy``      Destroy the target (MZ-ZONE-05).
``to_chapter``   return the target to its owner's Chapter.
``bookmark``     its controller Bookmarks ``amount`` Pages (MZ-INFO-01).
``stop``         the targeted chain entry does not resolve (Dampen, MZ-PRIO-05, MZ-GAP-16).
``reflect``      the targeted chain entry now targets its own controller's Caster instead (Reflection).
``search``       its controller searches their Spellbook for a Page of ``page_type``, reveals it, puts it into
                 the Chapter and shuffles (MZ-INFO-02; none found: still shuffle, MZ-GAP-72).
``attack_bonus`` (ARENA only) Attacks of the target Beasties deal ``amount`` more Damage, step (d), while this
                 Page is face-up in the Arena and not Paralyzed (MZ-KW-03, MZ-PARALYZE-02).
``look``         its controller looks at the top ``amount`` Pages of their Spellbook, privately (MZ-INFO-03).
``reveal``       its controller reveals the top ``amount`` Pages of their Spellbook to all (MZ-INFO-03).
``win``          its controller wins the game at once (an extra win condition, MZ-WIN-03).
``equip``        (an Equipment's CONTRACT Effect) the Page goes face-up under the target and gives it its
                 ``equip`` bonus (MZ-EQUIP-01..10): ``{damage, lp, traits}`` while equipped.
``fatigue``      Fatigue each target Page (Scared applies); an Aura Page Fatigued so makes no Aura (MZ-AURA-04).
``set_type``     each target's Base Aura type becomes ``aura`` while it stays in the Arena; its Aura Cost does
                 not change (MZ-TYPE-04).
``add_cost``     every Page in each target Caster's Chapter costs ``amount`` more ``aura`` (default Neutral)
                 while it stays in that Chapter: the only way a Page's Aura Cost changes (MZ-AURA-11); its
                 Base type does not change (MZ-TYPE-04).
``cannot_lose``  each target Caster cannot lose the game until the end of this turn (MZ-TRAP-07).
``unequip``      every Equipment under each target detaches and goes to its owner's zone (MZ-EQUIP-09).
``copy``         a copy token of each target Beastie or Artifact for the controller (MZ-TOKEN-05), or, with
                 target ``chain``, a copy of that Spell or Potion that resolves next (MZ-TOKEN-06).
``index``        its controller Indexes their Spellbook for a Page of ``page_type`` (MZ-INFO-04, MZ-GAP-71).
``flip_traps``   every face-down Page of each target Caster flips face-up at once (MZ-TRAP-05..09, MZ-SIM-04).
``put_under``    (Power or "any time") each target goes underneath this Page and leaves the Arena (MZ-PLACE-03).
``self_under``   (Power or "any time") this Page goes underneath the target and stays in the Arena (MZ-PLACE-04).
``take_control`` the controller gains control of each target; its stack moves with it (MZ-OWN-01, MZ-PLACE-05).
===============  ======================================================================================

``index``, ``flip_traps`` and ``copy`` may pause the chain for a prompt, so they appear only in CONTRACT,
"any time" and Power Effects; placement and these prompts live in :mod:`games.metazoo.rules.effects` and
:mod:`games.metazoo.rules.placement`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core import carddata
from games.core.carddata import CardDataError

AURA_TYPES = ("water", "flame", "forest", "frost", "lightning", "earth", "cosmic", "dark", "light", "spirit")
"""MZ-TYPE-01: the ten Aura types with Type Advantage; ``neutral`` and ``special`` have none."""
ALL_AURA = AURA_TYPES + ("neutral", "special")
PAGE_TYPES = ("aura", "beastie", "spell", "potion", "artifact", "terra")
TRAITS = ("blood_sucker", "burrow", "convert", "defender", "destroyer", "equipment", "fear", "first_strike",
          "flash", "fleet", "flight", "immortal", "infectious", "invisible", "magiproof", "regen",
          "self_destruct", "spirit", "stone_skin", "trap", "unblockable", "venomous")
"""The 22 Traits of the rulebook's Traits section (MZ-TRAIT-01), as data names."""
TERRA_BONUSES = ("city", "daytime", "desert", "dawn", "dusk", "farm", "fog", "forest", "full_moon", "ground",
                 "island", "lake", "lightning_storm", "meteor_shower", "mountain", "nighttime", "ocean",
                 "raining", "river", "snowing", "stars", "suburban", "swamp", "winter")
"""MZ-TERRA-01: the 24 Terra Bonuses (MZ-GAP-82: the pool may not add others)."""

AuraType = Literal["water", "flame", "forest", "frost", "lightning", "earth", "cosmic", "dark", "light",
                   "spirit", "neutral", "special"]
Status = Literal["frozen", "burn", "poison", "paralyze", "sleep", "scared", "confusion"]
Trait = Literal["blood_sucker", "burrow", "convert", "defender", "destroyer", "equipment", "fear",
                "first_strike", "flash", "fleet", "flight", "immortal", "infectious", "invisible", "magiproof",
                "regen", "self_destruct", "spirit", "stone_skin", "trap", "unblockable", "venomous"]
Bonus = Literal["city", "daytime", "desert", "dawn", "dusk", "farm", "fog", "forest", "full_moon", "ground",
                "island", "lake", "lightning_storm", "meteor_shower", "mountain", "nighttime", "ocean",
                "raining", "river", "snowing", "stars", "suburban", "swamp", "winter"]
Timing = Literal["contract", "flipped", "arena", "destroyed", "any_time", "power", "start", "end"]
Target = Literal["opposing_beastie", "own_beastie", "beastie", "opposing_page", "opposing_caster", "chain", "terra",
                 "all_opposing_beasties", "all_beasties", "all_own_beasties", "opposing_auras", "you", "opponents",
                 "attacker", "this"]
TARGETING = frozenset({"opposing_beastie", "own_beastie", "beastie", "opposing_page", "opposing_caster", "chain",
                       "terra"})
"""Targets chosen when the Effect is used (MZ-TGT-01); the others do not target (MZ-TGT-03)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Step(_Model):
    """One step of an Effect (see the module docstring)."""

    do: Literal["damage", "lose_lp", "recover", "gain_lp", "inflict", "destroy", "to_chapter", "bookmark",
                "stop", "reflect", "search", "win", "equip", "look", "reveal", "attack_bonus", "fatigue", "set_type",
                "add_cost", "cannot_lose", "unequip", "copy", "index", "flip_traps", "put_under", "self_under",
                "take_control"]
    amount: int = Field(0, ge=0, le=1000)
    status: Status | None = None
    x: int = Field(0, ge=0, le=10)
    automatic: bool = False
    page_type: Literal["aura", "beastie", "spell", "potion", "artifact", "terra"] | None = None
    aura: AuraType | None = None

    @model_validator(mode="after")
    def _fits(self) -> Step:
        if self.do in ("damage", "lose_lp", "recover", "gain_lp", "bookmark", "look", "reveal",
                       "attack_bonus") and self.amount < 1:
            raise ValueError(f"'{self.do}' needs amount >= 1")
        if self.do == "inflict" and self.status is None:
            raise ValueError("'inflict' needs a status")
        if self.do == "set_type" and self.aura is None:
            raise ValueError("'set_type' needs the new 'aura' type")
        if self.do == "add_cost" and self.amount < 1:
            raise ValueError("'add_cost' needs amount >= 1")
        return self


class Effect(_Model):
    """An Effect: its keyword ``timing``, what it acts on (``target``) and its ``steps`` in order."""

    timing: Timing
    target: Target = "this"
    steps: list[Step] = Field(min_length=1)
    text: str = Field("", max_length=300)

    @model_validator(mode="after")
    def _chain_steps(self) -> Effect:
        for s in self.steps:
            if s.do in ("stop", "reflect") and self.target != "chain" or (
                    self.target == "chain" and s.do not in ("stop", "reflect", "copy")):
                raise ValueError("'stop' and 'reflect' act on a chain entry, and only they and 'copy' take target "
                                 "'chain'")
            if s.do in ("index", "flip_traps", "copy", "put_under", "self_under") and self.timing not in (
                    "contract", "any_time", "power"):
                raise ValueError(f"'{s.do}' happens only in a CONTRACT, \"any time\" or Power Effect")
            if s.do in ("put_under", "self_under") and self.timing not in ("any_time", "power"):
                raise ValueError(f"'{s.do}' is a Power or \"any time\" Effect of the Page in the Arena")
            if (s.do == "attack_bonus") != (self.timing == "arena"):
                raise ValueError("ARENA Effects are 'attack_bonus' steps, and 'attack_bonus' is ARENA only")
            if s.do == "equip" and (self.timing != "contract" or self.target not in (
                    "own_beastie", "beastie", "opposing_beastie", "opposing_page")):
                raise ValueError("'equip' is a CONTRACT step targeting a Beastie or Artifact")
            if self.target == "terra" and s.do not in ("destroy", "to_chapter"):
                raise ValueError("a Terra has no LP: only 'destroy' or 'to_chapter' may target it (MZ-TGT-02)")
        return self


class Attack(_Model):
    """MZ-CORE-04: an Attack (name, Damage, Status icon with its number, Aura Attack Advantage symbol)."""

    name: str = Field(min_length=2, max_length=40)
    damage: int = Field(ge=0, le=500)
    status: Status | None = None
    x: int = Field(0, ge=0, le=10)
    automatic: bool = False
    advantage: AuraType | None = None
    text: str = Field("", max_length=200)


class TerraBonus(_Model):
    """A printed Terra Bonus (MZ-TERRA-02, MZ-GAP-02): which bonus and how much Attack Damage / LP."""

    bonus: Bonus
    damage: int = Field(0, ge=0, le=200)
    lp: int = Field(0, ge=0, le=200)


class WallClause(_Model):
    """A 4th Wall clause (MZ-WALL-01): ``condition`` names the outside thing, ``then`` what it does.

    ``condition`` is a Terra Bonus data name (``nighttime``) or ``object: …``, ``room: …``, ``person: …``;
    ``then`` is ``no_contract``, ``no_attack``, ``to_chapter`` or a Trait name (MZ-GAP-02, MZ-GAP-82)."""

    condition: str = Field(min_length=2, max_length=60)
    then: str = Field(min_length=2, max_length=40)

    @model_validator(mode="after")
    def _known(self) -> WallClause:
        kind, sep, rest = self.condition.partition(":")
        if sep and kind.strip() in ("object", "room", "person"):
            if not rest.strip():
                raise ValueError(f"condition {self.condition!r} needs words after '{kind.strip()}:'")
        elif self.condition not in TERRA_BONUSES:
            raise ValueError(f"condition {self.condition!r} is neither a Terra Bonus ({', '.join(TERRA_BONUSES)}) "
                             "nor 'object: …', 'room: …' or 'person: …'")
        if self.then not in ("no_contract", "no_attack", "to_chapter") + TRAITS:
            raise ValueError(f"then {self.then!r} is not no_contract, no_attack, to_chapter or a Trait name")
        return self


class EquipBonus(_Model):
    """What an Equipment gives the Equipped Page while attached (MZ-EQUIP-07): Attack Damage (step d), LP, Traits."""

    damage: int = Field(0, ge=-200, le=200)
    lp: int = Field(0, ge=-500, le=500)
    traits: list[Trait] = []


class Page(_Model):
    """A MetaZoo Page definition (MZ-CORE-01). Validation errors name the field at fault."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{1,40}$")
    name: str = Field(min_length=2, max_length=60)
    type: Literal["aura", "beastie", "spell", "potion", "artifact", "terra"]
    cost: dict[AuraType, Annotated[int, Field(ge=1, le=9)]] = {}
    aura: AuraType | None = None
    bonus: Bonus | None = None
    special: bool = False
    lp: int = Field(0, ge=0, le=2000)
    attacks: list[Attack] = []
    traits: list[Trait] = []
    tribe: str | None = None
    tribal_boost: bool = False
    terra_bonuses: list[TerraBonus] = []
    wall: list[WallClause] = []
    any_time: bool = False
    effects: list[Effect] = []
    limit: int | None = Field(None, ge=1, le=99)
    set: str = "base"
    flavor: str = Field("", max_length=240)
    token: bool = False
    equip: EquipBonus | None = None

    @model_validator(mode="after")
    def _type_rules(self) -> Page:
        t = self.type
        if self.token:
            raise ValueError("tokens are made by Effects during a game, never listed in a pool (MZ-TOKEN-01)")
        equips = any(s.do == "equip" for e in self.effects for s in e.steps)
        if ("equipment" in self.traits) != (equips and self.equip is not None):
            raise ValueError("an Equipment has the equipment trait, an 'equip' bonus and a CONTRACT Effect with an "
                             "'equip' step targeting the Page to equip (MZ-EQUIP-01/03)")
        if (t == "aura") != (self.aura is not None):
            raise ValueError("an Aura Page names the 'aura' type it generates, and only Aura Pages do")
        if (t == "terra") != (self.bonus is not None):
            raise ValueError("a Terra Page names its 'bonus', and only Terra Pages do")
        if t in ("beastie", "artifact") and self.lp < 1:
            raise ValueError(f"a {t} has printed LP >= 1 (MZ-CORE-01)")
        if t not in ("beastie", "artifact") and self.lp:
            raise ValueError(f"a {t} has no LP")
        if t != "beastie" and self.attacks:
            raise ValueError("only Beasties have Attacks (MZ-CORE-06, MZ-GAP-29)")
        if t == "potion" and self.cost:
            raise ValueError("a Potion costs 0 Aura (MZ-CORE-07)")
        if t != "beastie" and (self.tribe or self.tribal_boost):
            raise ValueError("only Beasties have a Tribe or Tribal Boost")
        if self.tribal_boost and not self.tribe:
            raise ValueError("Tribal Boost needs a tribe")
        dup = {tr for tr in self.traits if self.traits.count(tr) > 1 and tr != "regen"}
        if dup:
            raise ValueError(f"trait(s) {sorted(dup)} listed twice (only regen stacks, MZ-TRAIT-02)")
        for eff in self.effects:
            if eff.timing in ("contract",) and t in ("aura", "terra"):
                raise ValueError("Aura and Terra Pages have no CONTRACT effects in this schema")
            if eff.timing == "flipped" and "trap" not in self.traits:
                raise ValueError("FLIPPED effects need the trap trait")
            if eff.timing in ("flipped", "destroyed", "arena", "start", "end") and eff.target in TARGETING:
                raise ValueError(f"a {eff.timing} Effect resolves without a Caster choosing: it cannot target")
        return self

    @property
    def base_types(self) -> tuple[str, ...]:
        """MZ-TYPE-02: the Base Aura type(s) from the cost (only Neutral or nothing: Neutral); an Aura Page
        is of the type it generates."""
        if self.aura is not None and (self.type == "aura" or self.token):
            return (self.aura,)  # a token's Aura type is its source's (MZ-GAP-11)
        typed = tuple(k for k in self.cost if k != "neutral")
        return typed or ("neutral",)

    @property
    def targeting(self) -> Effect | None:
        """The Effect whose target is chosen when the Page is Contracted (Spell/Potion CONTRACT text,
        MZ-AURA-07), or ``None``."""
        for eff in self.effects:
            if eff.timing == "contract" and eff.target in TARGETING:
                return eff
        return None


class StarterDeck(_Model):
    """A starter Spellbook: id, name, its plan in one sentence, and Page id -> count."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{1,40}$")
    name: str
    plan: str
    cards: dict[str, Annotated[int, Field(ge=1, le=60)]]

    def card_list(self) -> list[str]:
        """The Spellbook as a flat list of Page ids, in file order."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]




def parse_pages(raw: object, source: str) -> dict[str, Page]:
    """Validate a list of Page mappings; returns id -> :class:`Page`.

    Raises :class:`CardDataError` naming ``source`` and the Page (by id or position) at fault."""
    return carddata.parse_models(raw, source, Page, "Page")


def parse_wheel(raw: object, source: str) -> dict[str, tuple[str, ...]]:
    """Validate the Aura wheel (MZ-TYPE-06: data, not code): Aura type -> types it is strong against.
    Only the ten typed Auras may appear (MZ-TYPE-01). Raises :class:`CardDataError`."""
    if not isinstance(raw, dict):
        raise CardDataError(f"{source}: expected a mapping of Aura type -> list of types")
    out: dict[str, tuple[str, ...]] = {}
    for k, v in raw.items():
        if k not in AURA_TYPES or not isinstance(v, list) or any(x not in AURA_TYPES for x in v):
            raise CardDataError(f"{source}: '{k}': keys and values must be among {', '.join(AURA_TYPES)}")
        out[k] = tuple(v)
    return out


def token_of(source: Page) -> Page:
    """The nameless Beastie token an Infectious ``source`` makes (MZ-INFECTIOUS-02, MZ-TOKEN-02, MZ-GAP-54):
    maximum LP = the source's printed LP, one Attack per source Attack with the same name, printed Damage and
    Aura Attack Advantage (no Status icon or text), the source's first Base Aura type, no cost, Traits or Tribe."""
    attacks = [Attack.model_construct(name=a.name, damage=a.damage, status=None, x=0, automatic=False,
                                      advantage=a.advantage, text="") for a in source.attacks]
    return Page.model_construct(
        id=f"token-{source.id}", name="", type="beastie", cost={}, aura=source.base_types[0], bonus=None,
        special=False, lp=source.lp, attacks=attacks, traits=[], tribe=None, tribal_boost=False, terra_bonuses=[],
        wall=[], any_time=False, effects=[], limit=None, set="", flavor="", token=True)


def page_line(p: Page) -> str:
    """A one-line summary: name, type, cost, LP, Attacks (labels, logs and the terminal)."""
    cost = " ".join(f"{n} {t.capitalize()}" for t, n in p.cost.items()) or "0"
    bits = [f"{p.type.capitalize()}"]
    if p.type == "aura":
        bits = [f"{(p.aura or '').capitalize()} Aura"]
    elif p.type == "terra":
        bits = [f"Terra: {(p.bonus or '').replace('_', ' ').title()}"]
    else:
        bits.append(f"cost {cost}")
    if p.lp:
        bits.append(f"{p.lp} LP")
    for a in p.attacks:
        bits.append(f"{a.name} {a.damage}" + (f"+{a.status}" if a.status else ""))
    if p.traits:
        bits.append(", ".join(t.replace("_", "-") for t in p.traits))
    return f"{p.name} [{'; '.join(bits)}]"
