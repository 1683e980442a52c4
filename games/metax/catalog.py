"""The MetaX card catalog (``/card`` lookups): every card of the pool as
:class:`games.core.catalog.CardInfo`, with its generated text and its copy limit (MX-DCK-02..05), whose rule
ID is a pointer ("see /rules MX-DCK-02").

Search tags: ``type`` (character, event, battle); Characters ``trait``, ``mp`` (the +MP), ``stat`` (one
per Stat) and one tag per Stat named after it with its Rank (``strength:7``); Events ``cost``; Battle
cards ``stat`` (each listed Stat), ``rank``, the Stat-named Rank tags too, ``battle`` (single or multi),
and ``mp`` for an MP gain (or 0) or ``cost`` for an MP cost (MX-BTL-01), so ``cost:2`` finds both
Events and Battle cards that cost 2 MP.
"""

from __future__ import annotations

from functools import cache

from games.core import textsearch
from games.core.catalog import CardInfo, Catalog, labels

from .cards import BattleCard, CharacterCard, EventCard, card_text
from .pool import MAX_COPIES, card_pool


def _limit(card: CharacterCard | EventCard | BattleCard) -> str:
    if isinstance(card, CharacterCard):
        # MX-GAP-14: the limit counts this card id; another version of the hero is another card.
        return f"Up to {MAX_COPIES} copies (see /rules MX-DCK-02)"
    if isinstance(card, EventCard):
        return f"Up to {MAX_COPIES} copies (see /rules MX-DCK-03)"
    if card.multi:
        return (f"Up to {MAX_COPIES} multi-Stat Battle cards of Rank {card.rank} in all, whatever their Stats; "
                "they do not count toward single-Stat limits (see /rules MX-DCK-05)")
    return (f"Up to {MAX_COPIES} single-Stat {card.stats[0].value.capitalize()} Battle cards of Rank "
            f"{card.rank} in all, whatever their names (see /rules MX-DCK-04)")


def _signed(n: int) -> str:
    return "0" if n == 0 else f"{n:+d}"


def card_info(card: CharacterCard | EventCard | BattleCard, label: str) -> CardInfo:
    """``card`` as catalog data."""
    fields: list[tuple[str, str]]
    tags: list[tuple[str, str]] = [("type", card.kind)]
    if isinstance(card, CharacterCard):
        fields = [("MP", _signed(card.mp)), ("Trait", card.trait),
                  ("Stats", " · ".join(f"{s.short.upper()} {r}" for s, r in card.stats.items()))]
        tags += [("trait", card.trait), ("mp", str(card.mp))]
        for stat, rank in card.stats.items():
            tags += [("stat", stat.value), (stat.value, str(rank))]
    elif isinstance(card, EventCard):
        fields = [("Cost", f"{card.cost} MP")]
        tags.append(("cost", str(card.cost)))
    else:
        stats = " / ".join(s.short.upper() for s in card.stats)
        fields = [("Stats", stats + (" (multi-Stat)" if card.multi else "")), ("Rank", str(card.rank)),
                  ("MP", _signed(card.mp))]
        tags += [("rank", str(card.rank)), ("battle", "multi" if card.multi else "single")]
        for stat in card.stats:
            tags += [("stat", stat.value), (stat.value, str(card.rank))]
        # normalize() would turn "-2" into "2", so a cost gets its own key rather than a sign.
        tags.append(("cost", str(-card.mp)) if card.mp < 0 else ("mp", str(card.mp)))
    return CardInfo(
        id=card.id,
        name=card.name,
        type=card.kind.capitalize(),
        label=label,
        fields=tuple(fields),
        text=card_text(card) or "No effect.",
        flavor=card.flavor,
        limit=_limit(card),
        tags=tuple((textsearch.normalize(k), textsearch.normalize(v)) for k, v in tags),
    )


@cache
def build_catalog() -> Catalog:
    """The MetaX catalog, in pool order; built once. Raises ``CardDataError`` if the pool is invalid."""
    pool = card_pool()
    names = labels((c.id, c.name) for c in pool.values())
    return Catalog("metax", "MetaX", (card_info(c, names[c.id]) for c in pool.values()))
