"""The Meta card catalog (``/card``): every card of the pool as :class:`games.core.catalog.CardInfo`, with
its generated text and engine reading (META-CRD-08/09) and its copy limit (META-DCK-02/03, META-CRD-05/06).

Search tags: ``type`` (event, meta, trigger), ``uniqueness`` (a number or ``*``), ``target`` (the target
kind: none, player, opponent, graveyard, card, top, next, stack, below), ``level`` (the level the card
goes on, when fixed), ``base``, ``version``; Trigger cards also ``fires`` (before, after) and
``condition`` (the condition key, e.g. ``lose_life``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

from games.core import textsearch
from games.core.catalog import CardInfo, Catalog, labels

from .cards import MetaCard, card_text, engine_reading, target_text
from .pool import MAX_STARS, card_pool

_SHORT_TARGET = {
    "none": "no target",
    "player": "a player",
    "opponent": "an opponent",
    "graveyard": "a graveyard",
    "stack": "a stack",
}


def _target(card: MetaCard) -> str:
    if card.target in _SHORT_TARGET:
        return _SHORT_TARGET[card.target]
    # The "(read when this card executes)" timing note is in the engine reading already.
    return re.sub(r" \([^()]*\)$", "", target_text(card))


def _level(card: MetaCard) -> str | None:
    """The level the card goes on (META-EVT-02, META-MTA-02..05, META-GAP-07), as engine_reading places
    it; ``None`` for Trigger cards, which activate trigger stacks instead."""
    if card.type == "trigger":
        return None
    if card.type == "event":
        return "0"
    if card.target in ("card", "stack"):
        return "one above its target's"
    if card.target == "top":
        return str(card.level + 1)
    if card.target == "next":
        return "1"
    return "0"


def _limit(card: MetaCard, versions: list[MetaCard]) -> str:
    if card.star:
        return (f"1 copy, and at most {MAX_STARS} cards of uniqueness * per deck "
                "(see /rules META-CRD-06 and /rules META-DCK-03)")
    n = card.limit
    text = f"Up to {n} {'copy' if n == 1 else 'copies'} of {card.title} in a deck"
    if len(versions) > 1:
        text += ", every printing of it counted together"
    if any(v.limit < n for v in versions):
        # validate_deck applies the strictest uniqueness among the versions a deck uses.
        return text + ("; mixed with a printing of lower uniqueness, that lower limit applies "
                       "(see /rules META-DCK-02)")
    return text + " (see /rules META-DCK-02)"


def card_info(card: MetaCard, label: str, versions: list[MetaCard]) -> CardInfo:
    """``card`` as catalog data; ``versions`` are all cards of its base ID (its own included)."""
    fields: list[tuple[str, str]] = [
        ("Uniqueness", str(card.uniqueness)),
        ("Target", _target(card)),
    ]
    tags = [("type", card.type), ("uniqueness", str(card.uniqueness)), ("target", card.target),
            ("base", card.base), ("version", str(card.version))]
    level = _level(card)
    if level is not None:
        fields.append(("Level", level))
        if level.isdigit():
            tags.append(("level", level))
    if card.condition is not None:
        fields.append(("Fires", "Before the event" if card.condition.when == "before" else "After the event"))
        tags += [("fires", card.condition.when), ("condition", card.condition.event)]
    return CardInfo(
        id=card.id,
        name=card.title,
        type=card.type.capitalize(),
        label=label,
        fields=tuple(fields),
        text=card_text(card) + "\n" + engine_reading(card),
        flavor=card.flavor,
        limit=_limit(card, versions),
        tags=tuple((textsearch.normalize(k), textsearch.normalize(v)) for k, v in tags),
    )


@cache
def build_catalog() -> Catalog:
    """The Meta catalog, in pool order; built once. Raises ``CardDataError`` if the pool is invalid."""
    pool = card_pool()
    by_base: dict[str, list[MetaCard]] = defaultdict(list)
    for card in pool.values():
        by_base[card.base].append(card)
    names = labels((c.id, c.title) for c in pool.values())
    return Catalog("meta", "Meta", (card_info(c, names[c.id], by_base[c.base]) for c in pool.values()))
