"""The Meta Olympia card catalog: every component of the pool (athletes, tactics, sponsors,
scrimmage cards, Stage Tiles) as :class:`games.core.catalog.CardInfo`, with its rules text written from its
data (:mod:`games.metaolympia.pool`) and the number of copies in the set (MO-CMP-01), for ``/card``.

Search tags: ``kind`` (athlete, tactic, sponsor, scrimmage, tile), ``tier`` (rookie, pro, allstar; 1-4 for
scrimmage cards), ``type`` (offensive, defensive, dual), ``value``, ``special``, ``combo`` (offensive,
defensive, any), ``trait`` (goal, counter, tough, lucky) and ``starter`` (yes) for athletes; ``tactic``
(play, reroll, medic) and ``cost`` (free, credits, popularity) for tactics; ``sponsor`` (major, minor) and
``when`` (match, scrimmage, end) for sponsors; ``score`` for scrimmage cards; ``tile`` (fundraise,
strategize, recruit, scrimmage, freeday) and ``border`` (white, grey, black) for tiles. So
``kind:athlete tier:allstar type:dual`` finds the dual All-Stars.
"""

from __future__ import annotations

from functools import cache

from games.core import textsearch
from games.core.catalog import CardInfo, Catalog, labels

from . import pool as _pool
from .cards import TIER_NAMES, Athlete, Scrimmage, Sponsor, Tactic, Tile
from .pool import pool

_TILE_KIND = {"fundraise": "Fundraise", "strategize": "Strategize", "recruit": "Recruit",
              "scrimmage": "Scrimmage", "freeday": "Free Day"}


def _copies(n: int) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'} in the set"


def _athlete(a: Athlete) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]], str]:
    fields = [("Tier", TIER_NAMES[a.tier]), ("Value", f"{a.value} credit{'s' if a.value != 1 else ''}"),
              ("Type", a.type.title())]
    if a.starter:
        fields.append(("Starter", "one of the six starting Rookies"))
    tags = [("kind", "athlete"), ("tier", a.tier), ("type", a.type), ("value", str(a.value))]
    if a.special:
        tags.append(("special", "yes"))
    if a.combo is not None:
        tags.append(("combo", a.combo.after))
    if a.trait is not None:
        tags += [("trait", k) for k in ("goal", "counter", "tough", "lucky") if getattr(a.trait, k)]
    if a.starter:
        tags.append(("starter", "yes"))
    return "Athlete", fields, tags, _copies(a.copies)


def _tactic(t: Tactic) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]], str]:
    kind = {"play": "Play", "reroll": "Re-Roll", "medic": "Medic"}[t.kind]
    fields = [("Kind", kind), ("Cost", _pool.cost_text(t.cost))]
    tags = [("kind", "tactic"), ("tactic", t.kind)]
    if t.cost.credits:
        tags.append(("cost", "credits"))
    if t.cost.popularity:
        tags.append(("cost", "popularity"))
    if not (t.cost.credits or t.cost.popularity):
        tags.append(("cost", "free"))
    return "Tactic", fields, tags, _copies(t.copies)


def _sponsor(s: Sponsor) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]], str]:
    fields = [("Sponsor", "Major" if s.major else "Minor"), ("Scored", s.when.title()),
              ("Reward", _pool.reward_text(s.reward))]
    tags = [("kind", "sponsor"), ("sponsor", "major" if s.major else "minor"), ("when", s.when)]
    return "Sponsor", fields, tags, _copies(1)


def _scrimmage(s: Scrimmage) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]], str]:
    fields = [("Tier", str(s.tier)), ("Score", str(s.score)), ("Reward", _pool.reward_text(s.reward))]
    tags = [("kind", "scrimmage"), ("tier", str(s.tier)), ("score", str(s.score))]
    return "Scrimmage", fields, tags, _copies(1)


def _tile(t: Tile) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]], str]:
    fields = [("Kind", _TILE_KIND[t.kind]), ("Border", t.border.title())]
    tags = [("kind", "tile"), ("tile", t.kind), ("border", t.border)]
    return "Stage Tile", fields, tags, ""


_TEXT = {"athletes": _pool.athlete_text, "tactics": _pool.tactic_text, "sponsors": _pool.sponsor_text,
         "scrimmages": _pool.scrimmage_text, "tiles": _pool.tile_text}
_SHAPE = {"athletes": _athlete, "tactics": _tactic, "sponsors": _sponsor, "scrimmages": _scrimmage,
          "tiles": _tile}


def card_info(stem: str, card: Athlete | Tactic | Sponsor | Scrimmage | Tile, label: str) -> CardInfo:
    """``card`` of the file ``stem`` (``"athletes"`` ...) as catalog data: display type, fields, the rules
    text of :mod:`games.metaolympia.pool`, copies in the set and search tags (module docstring)."""
    type_, fields, tags, limit = _SHAPE[stem](card)
    return CardInfo(
        id=card.id,
        name=card.name,
        type=type_,
        label=label,
        fields=tuple(fields),
        text=_TEXT[stem](card),
        flavor=card.flavor,
        limit=limit,
        tags=tuple((textsearch.normalize(k), textsearch.normalize(v)) for k, v in tags),
    )


@cache
def build_catalog() -> Catalog:
    """The Meta Olympia catalog: athletes, tactics, sponsors, scrimmage cards and Stage Tiles, each in file
    order; built once. Raises ``CardDataError`` if the pool is invalid."""
    p = pool()
    items = [(stem, card) for stem in _SHAPE for card in getattr(p, stem).values()]
    names = labels((c.id, c.name) for _, c in items)
    return Catalog("metaolympia", "Meta Olympia", (card_info(stem, c, names[c.id]) for stem, c in items))
