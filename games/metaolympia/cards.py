"""Meta Olympia components as data: the pydantic models that validate ``data/metaolympia/*.yaml``
(MO-CMP-01/02, MO-GAP-02, MO-GAP-04) and the shared effect vocabulary.

Files (each a list of mappings; ids are lower-case words joined by hyphens):

* ``athletes.yaml`` — :class:`Athlete`: ``tier`` (``rookie`` | ``pro`` | ``allstar``, MO-ATH-01), ``value``
  (credits, the trade value), ``type`` (``offensive`` | ``defensive`` | ``dual``, MO-ATH-02), optional
  ``boost4`` / ``boost8`` (MO-ATH-06), ``special`` (Pro and All-Star only, MO-ATH-05), ``on_play``
  (MO-ATH-04), ``combo`` (MO-CMB-01..03), ``trait`` (an individual ability, MO-ATH-03), ``copies`` (cards of
  this design in one set, default 1) and ``starter`` (one of the six starting Rookies, MO-SET-03).
* ``tactics.yaml`` — :class:`Tactic`: ``cost`` (credits and/or popularity, MO-MAT-05), ``kind``
  (``play`` | ``reroll`` | ``medic``, MO-INJ-04/05), ``do`` (the steps of a ``play`` card), ``copies``.
* ``sponsors.yaml`` — :class:`Sponsor`: ``major`` (true: public goal scored at the end, MO-FND-03, MO-GAP-12;
  false: a secret minor sponsor, MO-FND-04, MO-GAP-13), ``when`` (minor only: ``match`` | ``scrimmage`` |
  ``end``), ``goal`` and ``reward``.
* ``scrimmages.yaml`` — :class:`Scrimmage`: ``tier`` 1..4 (MO-SET-07), ``score`` to beat and ``reward``.
* ``tiles.yaml`` — :class:`Tile`: ``kind`` (``fundraise`` | ``strategize`` | ``recruit`` | ``scrimmage`` |
  ``freeday``) and ``border`` (``white`` | ``grey`` | ``black``, MO-SET-01, MO-GAP-02).

Effect steps (``do``, ``on_play``, ``boost4``, ``boost8``, ``special``, ``combo.do``): a list of
one-key mappings, resolved in order for the athlete on the mat and its team:

===============  ===========================================================================================
``goal: n``      the team's score +n (MO-DIE-02).
``counter: n``   the opponent's score -n, never below 0 (MO-DIE-03/04); nothing against a scrimmage card
                 (MO-GAP-11).
``roll: n``      roll n dice for the athlete (popularity dice may be added, at most 4 in all), keep one
                 result and resolve it (MO-DIE-08).
``heal: n``      heal up to n of the team's injured athletes (the player chooses, MO-INJ-05).
``credits: n``   gain n credits; ``popularity: n`` gain n popularity (both capped by the supply, MO-GAP-18).
``injure: 1``    the opponent's athlete on the mat is injured (a sabotage; nothing in a scrimmage).
``boost: 4|8``   activate the athlete's printed 4-Boost or 8-Boost.
===============  ===========================================================================================

A ``trait`` (individual ability) is one of: ``{goal: n}`` (each Goal result this athlete rolls scores n
more), ``{counter: n}`` (each Counter result removes n more), ``{tough: true}`` (an Injury result it rolls
counts as no result, once per match), ``{lucky: true}`` (it rolls one extra die free, keeping one, on its
Reveal & Roll).

Sponsor goals (``goal``, one key): ``scrimmages: n`` (scrimmage cards kept >= n), ``tier: t`` (kept a
scrimmage card of tier >= t), ``wins: n`` (matches won >= n), ``allstars: n`` / ``pros: n`` (All-Stars /
Pros or better in hand >= n), ``popularity: n`` / ``credits: n`` (held >= n), ``healthy: true`` (no injured
athlete), ``tactics: n`` (tactic cards in hand >= n); for ``when: match``: ``win_by: n`` (won a match by n
goals or more), ``shutout: true`` (won while the opponent scored 0), ``draw: true`` (drew a match),
``score: n`` (scored n or more in a match); for ``when: scrimmage``: ``beat: t`` (won a scrimmage of tier >= t).
A reward is ``{prestige, credits, popularity}`` counts (MO-RES-03, MO-SCO-02).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core import carddata

Tier = Literal["rookie", "pro", "allstar"]
AType = Literal["offensive", "defensive", "dual"]
TIER_NAMES = {"rookie": "Rookie", "pro": "Pro", "allstar": "All-Star"}
STEP_KEYS = frozenset({"goal", "counter", "roll", "heal", "credits", "popularity", "injure", "boost"})
GOAL_KEYS = frozenset({"scrimmages", "tier", "wins", "allstars", "pros", "popularity", "credits", "healthy",
                       "tactics", "win_by", "shutout", "draw", "score", "beat"})
MATCH_GOALS = frozenset({"win_by", "shutout", "draw", "score"})
SCRIM_GOALS = frozenset({"beat"})


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Step = dict[str, int]


def _check_steps(steps: list[Step], where: str) -> None:
    for s in steps:
        if len(s) != 1 or next(iter(s)) not in STEP_KEYS:
            raise ValueError(f"{where}: each step is one of {sorted(STEP_KEYS)} with a number, got {s!r}")
        (k, v), = s.items()
        if k == "boost" and v not in (4, 8):
            raise ValueError(f"{where}: boost is 4 or 8, got {v}")
        if not 0 < v <= 8:
            raise ValueError(f"{where}: {k} needs 1..8, got {v}")
        if k == "roll" and v > 4:
            raise ValueError(f"{where}: at most 4 dice (MO-CMP-03), got roll {v}")


class Combo(_Strict):
    """MO-CMB-01..03: ``after`` the type the same player's athlete of the previous Defining Moment must be
    (``any`` = the athlete has both combos, MO-CMB-03); ``do`` the steps."""

    after: Literal["offensive", "defensive", "any"]
    do: list[Step]


class Trait(_Strict):
    """An individual ability (MO-ATH-03); exactly one field is set."""

    goal: int = 0
    counter: int = 0
    tough: bool = False
    lucky: bool = False

    @model_validator(mode="after")
    def _one(self):
        if self.goal < 0 or self.counter < 0:
            raise ValueError("a goal or counter trait adds 1 or more")
        if sum(bool(x) for x in (self.goal, self.counter, self.tough, self.lucky)) != 1:
            raise ValueError("a trait sets exactly one of goal, counter, tough, lucky")
        return self


class Athlete(_Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str
    tier: Tier
    value: int = Field(ge=0, le=12)
    type: AType
    boost4: list[Step] = []
    boost8: list[Step] = []
    special: list[Step] = []
    on_play: list[Step] = []
    combo: Combo | None = None
    trait: Trait | None = None
    copies: int = Field(default=1, ge=1, le=8)
    starter: bool = False
    text: str = ""
    flavor: str = ""

    @model_validator(mode="after")
    def _check(self):
        for f in ("boost4", "boost8", "special", "on_play"):
            _check_steps(getattr(self, f), f)
        if self.combo is not None:
            _check_steps(self.combo.do, "combo.do")
        if self.special and self.tier == "rookie":
            raise ValueError("only Pro and All-Star athletes have a special ability (MO-ATH-05)")
        if self.starter and self.tier != "rookie":
            raise ValueError("starting athletes are Rookies (MO-SET-03)")
        return self


class Cost(_Strict):
    credits: int = Field(default=0, ge=0)
    popularity: int = Field(default=0, ge=0)


class Tactic(_Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str
    kind: Literal["play", "reroll", "medic"] = "play"
    cost: Cost = Cost()
    do: list[Step] = []
    copies: int = Field(default=1, ge=1, le=8)
    text: str = ""
    flavor: str = ""

    @model_validator(mode="after")
    def _check(self):
        _check_steps(self.do, "do")
        if self.kind == "play" and not self.do:
            raise ValueError("a play tactic has steps (do)")
        if self.kind != "play" and self.do:
            raise ValueError("Re-Roll and Medic cards have no do steps: their kind says what they do")
        return self


class Reward(_Strict):
    prestige: int = Field(default=0, ge=0)
    credits: int = Field(default=0, ge=0)
    popularity: int = Field(default=0, ge=0)


class Sponsor(_Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str
    major: bool
    when: Literal["match", "scrimmage", "end"] = "end"
    goal: dict[str, int]
    reward: Reward
    text: str = ""
    flavor: str = ""

    @model_validator(mode="after")
    def _check(self):
        if len(self.goal) != 1 or next(iter(self.goal)) not in GOAL_KEYS:
            raise ValueError(f"goal is one of {sorted(GOAL_KEYS)}, got {self.goal!r}")
        key = next(iter(self.goal))
        value = self.goal[key]
        if value < 1 or (key in ("tier", "beat") and value > 4):
            raise ValueError(f"goal {key} needs {'a tier 1..4' if key in ('tier', 'beat') else '1 or more'}, "
                             f"got {value}")
        if self.major and self.when != "end":
            raise ValueError("major sponsors are scored at the end of the game (MO-FND-03)")
        if key in MATCH_GOALS and self.when != "match":
            raise ValueError(f"goal {key} is a match goal: when: match")
        if key in SCRIM_GOALS and self.when != "scrimmage":
            raise ValueError(f"goal {key} is a scrimmage goal: when: scrimmage")
        if self.when in ("match", "scrimmage") and key not in MATCH_GOALS | SCRIM_GOALS:
            raise ValueError(f"a {self.when} sponsor needs a {self.when} goal")
        return self


class Scrimmage(_Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str
    tier: int = Field(ge=1, le=4)
    score: int = Field(ge=0, le=9)
    reward: Reward
    flavor: str = ""


class Tile(_Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str
    kind: Literal["fundraise", "strategize", "recruit", "scrimmage", "freeday"]
    border: Literal["white", "grey", "black"]
    flavor: str = ""


MODELS: dict[str, type[BaseModel]] = {"athletes": Athlete, "tactics": Tactic, "sponsors": Sponsor,
                                      "scrimmages": Scrimmage, "tiles": Tile}
"""File stem -> model (``data/metaolympia/<stem>.yaml``)."""


def parse(stem: str, raw: object, source: str) -> dict[str, BaseModel]:
    """Validate one data file; raises :class:`games.core.carddata.CardDataError` naming the item at fault."""
    return carddata.parse_models(raw, source, MODELS[stem], stem[:-1])


def steps_text(steps: list[Step]) -> str:
    """Steps as words: ``[{goal: 1}, {credits: 2}]`` -> ``"+1 goal, +2 credits"``."""
    words = []
    for s in steps:
        (k, v), = s.items()
        words.append({
            "goal": f"+{v} goal{'s' if v > 1 else ''}",
            "counter": f"counter {v}",
            "roll": f"roll {v} {'dice' if v > 1 else 'die'}, keep one",
            "heal": f"heal {v} injured athlete{'s' if v > 1 else ''}",
            "credits": f"+{v} credit{'s' if v > 1 else ''}",
            "popularity": f"+{v} popularity",
            "injure": "injure the opposing athlete",
            "boost": f"activate its {v}-Boost",
        }[k])
    return ", ".join(words)
