"""The Meta Olympia component pool, loaded once from ``data/metaolympia/`` (MO-CMP-01, MO-SET-03,
MO-SET-07, MO-GAP-02, MO-GAP-04), and the one-line rules texts written from the data.

The data folder is ``<project>/data/metaolympia`` or ``$METAHOST_DATA/metaolympia``; it holds the five files
of :data:`games.metaolympia.cards.MODELS` (``athletes``, ``tactics``, ``sponsors``, ``scrimmages``,
``tiles``), validated by :mod:`games.metaolympia.cards`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property, wraps
from pathlib import Path

from games.core import carddata
from games.core.carddata import CardDataError, load_yaml

from . import cards
from .cards import Athlete, Reward, Scrimmage, Sponsor, Tactic, Tile

STARTERS = 6  # MO-SET-03: 3 defensive + 3 offensive Rookies
SCRIMMAGE_TIERS = (1, 2, 3, 4)  # MO-SET-07
SCRIMMAGES_PER_TIER = 6
TILES_PER_BORDER = 4  # MO-GAP-02: 12 tiles, 4 white, 4 grey, 4 black
BORDERS = ("white", "grey", "black")
MIN_ATHLETES = 50  # MO-CMP-01: designs
MIN_TACTICS = 30  # MO-CMP-01: cards, copies counted
MIN_SPONSORS = 24  # MO-CMP-01

KINDS = {"athletes": "athlete", "tactics": "tactic", "sponsors": "sponsor", "scrimmages": "scrimmage",
         "tiles": "tile"}
"""File stem -> the kind :func:`kind_of` names."""


@dataclass(frozen=True)
class Pool:
    """Every Meta Olympia component: id -> validated model, in file order, per file."""

    athletes: dict[str, Athlete]
    tactics: dict[str, Tactic]
    sponsors: dict[str, Sponsor]
    scrimmages: dict[str, Scrimmage]
    tiles: dict[str, Tile]

    @cached_property
    def by_id(self) -> dict[str, tuple[str, Athlete | Tactic | Sponsor | Scrimmage | Tile]]:
        """Card id -> (kind as :func:`kind_of` names it, model), over all five files."""
        return {cid: (KINDS[stem], card) for stem in cards.MODELS for cid, card in getattr(self, stem).items()}


def data_dir() -> Path:
    """The folder holding the five Meta Olympia data files."""
    return carddata.data_dir("metaolympia")


def _check(p: Pool, folder: Path) -> None:
    """The set-wide rules no single card can break; raises :class:`CardDataError` saying what is wrong and
    what would be right."""
    starters = [a for a in p.athletes.values() if a.starter]
    types = Counter(a.type for a in starters)
    if len(starters) != STARTERS or types != Counter(defensive=3, offensive=3):
        names = ", ".join(f"'{a.id}' ({a.type})" for a in starters) or "none"
        raise CardDataError(f"{folder / 'athletes.yaml'}: the set needs exactly {STARTERS} starting Rookies "
                            f"(starter: true), 3 defensive and 3 offensive (MO-SET-03); it has {names}")
    tiers = Counter(s.tier for s in p.scrimmages.values())
    if len(p.scrimmages) != len(SCRIMMAGE_TIERS) * SCRIMMAGES_PER_TIER or any(
            tiers[t] != SCRIMMAGES_PER_TIER for t in SCRIMMAGE_TIERS):
        have = ", ".join(f"tier {t}: {tiers[t]}" for t in SCRIMMAGE_TIERS)
        raise CardDataError(f"{folder / 'scrimmages.yaml'}: the set needs exactly {SCRIMMAGES_PER_TIER} "
                            f"scrimmage cards of each tier 1-4 (MO-SET-07); it has {have}")
    borders = Counter(t.border for t in p.tiles.values())
    if len(p.tiles) != len(BORDERS) * TILES_PER_BORDER or any(borders[b] != TILES_PER_BORDER for b in BORDERS):
        have = ", ".join(f"{b}: {borders[b]}" for b in BORDERS)
        raise CardDataError(f"{folder / 'tiles.yaml'}: the set needs exactly {TILES_PER_BORDER} Stage Tiles "
                            f"of each border colour (MO-GAP-02); it has {have}")
    n_tactics = sum(t.copies for t in p.tactics.values())
    for stem, have, need, what in (("athletes", len(p.athletes), MIN_ATHLETES, "athlete designs"),
                                   ("tactics", n_tactics, MIN_TACTICS, "tactic cards (copies counted)"),
                                   ("sponsors", len(p.sponsors), MIN_SPONSORS, "sponsors")):
        if have < need:
            raise CardDataError(f"{folder / (stem + '.yaml')}: the set needs at least {need} {what} "
                                f"(MO-CMP-01); it has {have}")


@cache
def pool() -> Pool:
    """The five data files of :func:`data_dir`, validated and checked; loaded once.

    Raises :class:`CardDataError` naming the file and the card at fault: an invalid card, an id used twice
    (within a file or across the five), fewer than 50 athlete designs, 30 tactic cards or 24 sponsors
    (MO-CMP-01), starters other than 3 defensive + 3 offensive Rookies (MO-SET-03), scrimmages other than
    6 of each tier 1-4 (MO-SET-07), or tiles other than 4 of each border colour (MO-GAP-02)."""
    folder = data_dir()
    parts: dict[str, dict] = {}
    seen: dict[str, str] = {}
    for stem in cards.MODELS:
        path = folder / f"{stem}.yaml"
        parsed = cards.parse(stem, load_yaml(path), str(path))
        for cid in parsed:
            if cid in seen:
                raise CardDataError(f"{path}: {KINDS[stem]} '{cid}': the id is already used in {seen[cid]}; "
                                    "ids are unique across the five files")
            seen[cid] = f"{stem}.yaml"
        parts[stem] = parsed
    p = Pool(**parts)
    _check(p, folder)
    return p


def starters() -> list[str]:
    """The ids of the six starting Rookies (MO-SET-03), in file order."""
    return [cid for cid, a in pool().athletes.items() if a.starter]


def _entry(cid: str) -> tuple[str, object]:
    try:
        return pool().by_id[cid]
    except KeyError:
        raise KeyError(f"no Meta Olympia card has the id {cid!r}") from None


def card_name(cid: str) -> str:
    """The printed name of any component (athlete, tactic, sponsor, scrimmage card, Stage Tile) by id.

    Raises ``KeyError`` for an unknown id."""
    return _entry(cid)[1].name


def kind_of(cid: str) -> str:
    """``"athlete"`` | ``"tactic"`` | ``"sponsor"`` | ``"scrimmage"`` | ``"tile"`` for a component id.

    Raises ``KeyError`` for an unknown id."""
    return _entry(cid)[0]


def _per_card(fn):
    """Memoise a rules-text function per card model (the texts are asked for on every decision and view;
    the memo keeps the model itself, so its ``id()`` is never reused for another card)."""
    memo: dict[int, tuple[object, str]] = {}

    @wraps(fn)
    def text(card):
        hit = memo.get(id(card))
        if hit is None:
            hit = memo[id(card)] = (card, fn(card))
        return hit[1]

    return text


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_TYPE_WORD = {"offensive": "an offensive", "defensive": "a defensive", "any": "any"}


def trait_text(trait: cards.Trait) -> str:
    """An individual ability (MO-ATH-03) in words, e.g. ``"each Goal scores 1 more"``."""
    if trait.goal:
        return f"each Goal scores {trait.goal} more"
    if trait.counter:
        return f"each Counter removes {trait.counter} more"
    if trait.tough:
        return "an Injury it rolls counts as no result, once per match"
    return "rolls one extra die on its Reveal & Roll and keeps one result"


@_per_card
def athlete_text(a: Athlete) -> str:
    """The athlete's rules line: its ``text`` if set, else tier, value, type and abilities from data, e.g.
    ``"Pro · 3 credits · offensive · 4-Boost: +1 goal · 8-Boost: +2 goals · Special: +2 goals · Combo after
    an offensive athlete: +1 goal · On Play: +1 popularity · Trait: each Goal scores 1 more"``."""
    if a.text:
        return a.text
    parts = [cards.TIER_NAMES[a.tier], _plural(a.value, "credit"), a.type]
    for label, steps in (("4-Boost", a.boost4), ("8-Boost", a.boost8), ("Special", a.special)):
        if steps:
            parts.append(f"{label}: {cards.steps_text(steps)}")
    if a.combo is not None:
        after = _TYPE_WORD[a.combo.after]
        parts.append(f"Combo after {after} athlete: {cards.steps_text(a.combo.do)}")
    if a.on_play:
        parts.append(f"On Play: {cards.steps_text(a.on_play)}")
    if a.trait is not None:
        parts.append(f"Trait: {trait_text(a.trait)}")
    return " · ".join(parts)


def cost_text(cost: cards.Cost) -> str:
    """``"free"``, ``"1 credit"``, ``"2 credits, 1 popularity"``."""
    paid = [w for n, w in ((cost.credits, _plural(cost.credits, "credit")),
                           (cost.popularity, f"{cost.popularity} popularity")) if n]
    return ", ".join(paid) or "free"


@_per_card
def tactic_text(t: Tactic) -> str:
    """The tactic's rules line: its ``text`` if set, else kind, cost and effect, e.g. ``"Tactic · cost
    1 credit · +2 goals"``; Re-Roll (MO-INJ-04) and Medic (MO-INJ-05) cards say what their kind does."""
    if t.text:
        return t.text
    cost = cost_text(t.cost)
    head = f"cost {cost}" if t.cost.credits or t.cost.popularity else "free"
    if t.kind == "reroll":
        what = "right after an injury: roll again, resolve the new result, and the athlete is healed"
        return f"Re-Roll · {head} · {what}"
    if t.kind == "medic":
        what = "right after an injury, or on your tactic-card turn: heal one injured athlete"
        return f"Medic · {head} · {what}"
    return f"Tactic · {head} · {cards.steps_text(t.do)}"


def goal_text(goal: dict[str, int]) -> str:
    """A sponsor goal (one key, :mod:`games.metaolympia.cards` docstring) in words."""
    (k, n), = goal.items()
    return {
        "scrimmages": f"keep {_plural(n, 'scrimmage card')} or more",
        "tier": f"keep a scrimmage card of tier {n} or higher",
        "wins": f"win {n} match{'es' if n != 1 else ''} or more",
        "allstars": f"hold {n} All-Star{'s' if n != 1 else ''} or more",
        "pros": f"hold {n} Pro{'s' if n != 1 else ''} or better",
        "popularity": f"hold {n} popularity or more",
        "credits": f"hold {_plural(n, 'credit')} or more",
        "healthy": "have no injured athlete",
        "tactics": f"hold {_plural(n, 'tactic card')} or more",
        "win_by": f"win a match by {_plural(n, 'goal')} or more",
        "shutout": "win a match while the opponent scores 0",
        "draw": "draw a match",
        "score": f"score {_plural(n, 'goal')} or more in a match",
        "beat": f"win a scrimmage of tier {n} or higher",
    }[k]


def reward_text(r: Reward) -> str:
    """``"2 prestige, 1 credit, 1 popularity"`` (only the non-zero counts); ``"nothing"`` if all are 0."""
    words = [w for n, w in ((r.prestige, f"{r.prestige} prestige"), (r.credits, _plural(r.credits, "credit")),
                            (r.popularity, f"{r.popularity} popularity")) if n]
    return ", ".join(words) or "nothing"


_WHEN = {"match": "after a match", "scrimmage": "after a scrimmage", "end": "at the end of the game"}


@_per_card
def sponsor_text(s: Sponsor) -> str:
    """The sponsor's rules line: its ``text`` if set, else e.g. ``"Major sponsor · at the end of the game:
    keep 3 scrimmage cards or more · 2 prestige"`` (MO-FND-03/04)."""
    if s.text:
        return s.text
    kind = "Major sponsor" if s.major else "Minor sponsor"
    return f"{kind} · {_WHEN[s.when]}: {goal_text(s.goal)} · {reward_text(s.reward)}"


@_per_card
def scrimmage_text(s: Scrimmage) -> str:
    """The scrimmage card's rules line, e.g. ``"Tier 2 scrimmage · score 1: score more to win, equal ties ·
    reward: 2 credits"`` (MO-SCR-03)."""
    return (f"Tier {s.tier} scrimmage · score {s.score}: score more to win, equal ties · "
            f"reward: {reward_text(s.reward)}")


_TILE = {
    "fundraise": "take 3 credits or gain a sponsor",
    "strategize": "draw 2 tactic cards, keep one",
    "recruit": "recruit one athlete by trade, or decline",
    "scrimmage": "play a scrimmage against the top scrimmage card",
    "freeday": "take any one of the Fundraise, Strategize, Recruit or Scrimmage actions",
}


def tile_text(t: Tile) -> str:
    """The Stage Tile's line, e.g. ``"Fundraise tile · white border · take 3 credits or gain a sponsor"``."""
    kind = "Free Day" if t.kind == "freeday" else t.kind.title()
    return f"{kind} tile · {t.border} border · {_TILE[t.kind]}"
