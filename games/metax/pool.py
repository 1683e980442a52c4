"""The MetaX card pool and starter decks, loaded once from ``data/metax/`` and deck legality
(MX-DCK-01..06).

The data folder is ``<project>/data/metax`` or ``$METAHOST_DATA/metax``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from games.core import carddata
from games.core.carddata import load_yaml
from games.core.contract import RulesError

from .cards import (
    BattleCard,
    CharacterCard,
    EventCard,
    StarterDeck,
    parse_cards,
)

AnyCard = CharacterCard | EventCard | BattleCard
DECK_SIZE = 40
MAX_COPIES = 3


def data_dir() -> Path:
    """The folder holding ``cards.yaml`` and ``decks.yaml`` for MetaX."""
    return carddata.data_dir("metax")


@cache
def card_pool() -> dict[str, AnyCard]:
    """Card id -> validated card. Raises ``CardDataError`` naming the file and card at fault."""
    path = data_dir() / "cards.yaml"
    return parse_cards(load_yaml(path), str(path))


@cache
def starter_decks() -> dict[str, StarterDeck]:
    """Starter deck id -> deck; every starter deck is also checked for legality here (raises
    ``CardDataError`` naming the file and the illegal deck)."""
    return carddata.checked_decks(data_dir() / "decks.yaml", card_pool(), StarterDeck, validate_deck)


def validate_deck(card_ids: Sequence[str], pool: dict[str, AnyCard] | None = None) -> list[RulesError]:
    """Every deck-construction rule ``card_ids`` breaks, each naming the rule and the cards at fault.

    Rules: MX-DCK-01 (exactly 40), MX-DCK-02 (≤3 of a Character), MX-DCK-03 (≤3 of an Event),
    MX-DCK-04 (≤3 single-Stat Battle cards per Stat/Rank), MX-DCK-05 (≤3 multi-Stat Battle cards per
    Rank; multi-Stat cards do not count toward single-Stat limits, MX-GAP-15). "A given card" is a
    card id: versions of one hero with different subtitles are different cards (MX-GAP-14).
    Returns an empty list for a legal deck.
    """
    pool = card_pool() if pool is None else pool
    problems: list[RulesError] = []
    unknown = sorted({c for c in card_ids if c not in pool})
    if unknown:
        problems.append(RulesError("MX-DCK-06", f"Unknown card ids: {', '.join(unknown)}."))
    if len(card_ids) != DECK_SIZE:
        problems.append(
            RulesError("MX-DCK-01", f"A deck has exactly {DECK_SIZE} cards; this one has {len(card_ids)}.")
        )
    counts = Counter(c for c in card_ids if c in pool)
    single: Counter[tuple[str, int]] = Counter()
    multi: Counter[int] = Counter()
    single_names: dict[tuple[str, int], list[str]] = {}
    multi_names: dict[int, list[str]] = {}
    for cid, n in sorted(counts.items()):
        card = pool[cid]
        if isinstance(card, CharacterCard) and n > MAX_COPIES:
            problems.append(RulesError("MX-DCK-02", f"{n} copies of Character {card.name}; at most {MAX_COPIES}."))
        elif isinstance(card, EventCard) and n > MAX_COPIES:
            problems.append(RulesError("MX-DCK-03", f"{n} copies of Event {card.name}; at most {MAX_COPIES}."))
        elif isinstance(card, BattleCard):
            if card.multi:
                multi[card.rank] += n
                multi_names.setdefault(card.rank, []).append(f"{n}× {card.name}")
            else:
                key = (card.stats[0].value, card.rank)
                single[key] += n
                single_names.setdefault(key, []).append(f"{n}× {card.name}")
    for (stat, rank), n in sorted(single.items()):
        if n > MAX_COPIES:
            problems.append(
                RulesError(
                    "MX-DCK-04",
                    f"{n} Rank {rank} {stat.capitalize()} Battle cards ({', '.join(single_names[(stat, rank)])}); "
                    f"at most {MAX_COPIES} per Stat and Rank.",
                )
            )
    for rank, n in sorted(multi.items()):
        if n > MAX_COPIES:
            problems.append(
                RulesError(
                    "MX-DCK-05",
                    f"{n} Rank {rank} multi-Stat Battle cards ({', '.join(multi_names[rank])}); "
                    f"at most {MAX_COPIES} per Rank.",
                )
            )
    return problems
