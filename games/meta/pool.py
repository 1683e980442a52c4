"""The Meta card pool and starter decks, loaded once from ``data/meta/``, and deck legality
(META-DCK-01..06, META-CRD-05/06).

The data folder is ``<project>/data/meta`` or ``$METAHOST_DATA/meta``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from games.core import carddata
from games.core.carddata import load_yaml
from games.core.contract import RulesError

from .cards import MetaCard, PoolInfo, StarterDeck, parse_cards

DECK_SIZE = 60
MAX_STARS = 2


def data_dir() -> Path:
    """The folder holding ``cards.yaml`` and ``decks.yaml`` for Meta."""
    return carddata.data_dir("meta")


@cache
def _load() -> tuple[PoolInfo, dict[str, MetaCard]]:
    path = data_dir() / "cards.yaml"
    return parse_cards(load_yaml(path), str(path))


def card_pool() -> dict[str, MetaCard]:
    """Card id -> validated card. Raises ``CardDataError`` naming the file and card at fault."""
    return _load()[1]


def pool_info() -> PoolInfo:
    """The pool's version and the rules version it is written for (META-CBR-04)."""
    return _load()[0]


@cache
def starter_decks() -> dict[str, StarterDeck]:
    """Starter deck id -> deck; every starter deck is also checked for legality here. Raises
    ``CardDataError`` naming the file and the first illegal deck."""
    return carddata.checked_decks(data_dir() / "decks.yaml", card_pool(), StarterDeck, validate_deck)


def validate_deck(card_ids: Sequence[str], pool: dict[str, MetaCard] | None = None) -> list[RulesError]:
    """Every deck-construction rule ``card_ids`` breaks, each naming the rule and the cards at fault.

    META-DCK-05: an id outside the table's card pool is refused by name. META-DCK-01: exactly 60 cards
    (non-standard sizes are not offered, META-GAP-14). META-DCK-02: copies of one base ID, all versions
    together, at most its uniqueness (a deck may mix versions, META-GAP-15; the strictest uniqueness among
    the versions used applies). META-DCK-03 / META-CRD-06: at most two cards of uniqueness ``*``.
    Returns an empty list for a legal deck."""
    pool = card_pool() if pool is None else pool
    key = tuple(card_ids)
    found = _CHECKED.get(key) if pool is _CHECKED_POOL[0] else None
    if found is None:
        found = [(e.rule, e.message) for e in _problems(key, pool)]
        if pool is not _CHECKED_POOL[0]:
            _CHECKED_POOL[0] = pool
            _CHECKED.clear()
        if len(_CHECKED) >= 1024:
            _CHECKED.clear()
        _CHECKED[key] = found
    return [RulesError(rule, message) for rule, message in found]


_CHECKED: dict[tuple[str, ...], list[tuple[str, str]]] = {}
"""Deck (card ids in order) -> the (rule, message) of each problem :func:`validate_deck` found in it with the
pool in :data:`_CHECKED_POOL`: every game checks its seats' decks, and tables and tests bring the same few decks."""
_CHECKED_POOL: list[object] = [None]


def _problems(card_ids: tuple[str, ...], pool: dict[str, MetaCard]) -> list[RulesError]:
    """:func:`validate_deck` worked out."""
    problems: list[RulesError] = []
    unknown = sorted({c for c in card_ids if c not in pool})
    if unknown:
        problems.append(RulesError("META-DCK-05", f"Unknown card ids (not in this card pool): {', '.join(unknown)}."))
    if len(card_ids) != DECK_SIZE:
        problems.append(RulesError("META-DCK-01", f"A deck has exactly {DECK_SIZE} cards; this one has {len(card_ids)}."))
    by_base: Counter[str] = Counter()
    limit: dict[str, int] = {}
    title: dict[str, str] = {}
    stars = 0
    star_titles: list[str] = []
    for cid in card_ids:
        card = pool.get(cid)
        if card is None:
            continue
        by_base[card.base] += 1
        limit[card.base] = min(limit.get(card.base, card.limit), card.limit)
        title[card.base] = card.title
        stars += card.star
        if card.star and card.title not in star_titles:
            star_titles.append(card.title)
    for base, n in sorted(by_base.items()):
        if n > limit[base]:
            problems.append(RulesError(
                "META-DCK-02", f"{n} copies of {title[base]} ({base}, all versions); its uniqueness allows {limit[base]}."))
    if stars > MAX_STARS:
        problems.append(RulesError("META-DCK-03", f"{stars} cards of uniqueness * ({', '.join(sorted(star_titles))}); "
                                                  f"a deck may hold at most {MAX_STARS}."))
    return problems
