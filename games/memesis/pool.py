"""The Memesis card pool and starter decks, loaded once from ``data/memesis/``, and deck legality
(MEM-GAP-01).

The data folder is ``<project>/data/memesis`` or ``$METAHOST_DATA/memesis``; every ``*.yaml`` in it except
:data:`NOT_CARDS` holds cards (a list of mappings validated by :mod:`games.memesis.cards`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from games.core import carddata
from games.core.carddata import CardDataError, load_yaml
from games.core.contract import RulesError

from .cards import PARTNER_NAMES, Card, StarterDeck, check_partners, parse_cards

DECK_SIZE = 40  # MEM-GAP-01
MAX_COPIES = 3  # MEM-GAP-01: per card name
NOT_CARDS = frozenset({"decks.yaml"})
"""The data files of ``data/memesis`` that hold no cards: the starter decks."""


def data_dir() -> Path:
    """The folder holding the Memesis card files and ``decks.yaml``."""
    return carddata.data_dir("memesis")


@cache
def card_pool() -> dict[str, Card]:
    """Card id -> validated :class:`Card`, from every card file of :func:`data_dir` in file-name order.

    Raises ``CardDataError`` naming the file and card at fault: an invalid card (MEM-GEN-05), an id defined
    in two files, or a True Fusion partner that is missing or does not name the card back (MEM-GAP-25)."""
    out: dict[str, Card] = {}
    files = sorted(p for p in data_dir().glob("*.yaml") if p.name not in NOT_CARDS)
    for path in files:
        for cid, card in parse_cards(load_yaml(path), str(path)).items():
            if cid in out:
                raise CardDataError(f"{path}: card '{cid}' is already defined in another file")
            out[cid] = card
    check_partners(out, ", ".join(str(p) for p in files) or str(data_dir()))
    PARTNER_NAMES.update({cid: c.name for cid, c in out.items()})
    return out


@cache
def starter_decks() -> dict[str, StarterDeck]:
    """Starter deck id -> :class:`StarterDeck`, from ``decks.yaml``; each deck is checked with
    :func:`validate_deck` here. Raises ``CardDataError`` naming the file and the deck at fault."""
    return carddata.checked_decks(data_dir() / "decks.yaml", card_pool(), StarterDeck, validate_deck)


def validate_deck(card_ids: Sequence[str], pool: dict[str, Card] | None = None) -> list[RulesError]:
    """Every deck rule ``card_ids`` (a list of card ids, one per card) breaks; an empty list means legal.

    MEM-GAP-01: the ids are cards of the pool, the deck has exactly :data:`DECK_SIZE` cards and at most
    :data:`MAX_COPIES` copies of a card by name (the Rune cards included); predilections are free. Each
    :class:`RulesError` carries the rule ID ``MEM-GAP-01`` and says what is wrong and what would be right."""
    pool = card_pool() if pool is None else pool
    problems: list[RulesError] = []
    unknown = sorted({c for c in card_ids if c not in pool})
    if unknown:
        problems.append(RulesError("MEM-GAP-01", f"Unknown card ids: {', '.join(unknown)}. Use ids of the "
                                                 "Memesis card pool (see the card catalog)."))
    n = len(card_ids)
    if n != DECK_SIZE:
        fix = f"add {DECK_SIZE - n}" if n < DECK_SIZE else f"remove {n - DECK_SIZE}"
        problems.append(RulesError("MEM-GAP-01", f"A Memesis deck has exactly {DECK_SIZE} cards; this one has "
                                                 f"{n}: {fix}."))
    by_name = Counter(pool[c].name for c in card_ids if c in pool)
    for name, count in sorted(by_name.items()):
        if count > MAX_COPIES:
            problems.append(RulesError("MEM-GAP-01", f"{count} copies of {name}; a deck holds at most "
                                                     f"{MAX_COPIES} copies of a card: remove "
                                                     f"{count - MAX_COPIES}."))
    return problems
