"""A MetaX computer player that plays sensibly, not randomly: it decides only from its own decision,
its view and the public card pool (nothing hidden from its seat).

Plan: keep a hand with a Character; play the best Character, then Push effects, then Events that
leave MP for battle; attack with everything that can; block whenever it can; use the strongest
affordable Battle card; Link when it can pay; discard the weakest card.
"""

from __future__ import annotations

from games.core.contract import Decision, View

from .cards import BattleCard, CharacterCard
from .pool import card_pool


def _card_of(option_id: str) -> str:
    parts = option_id.split(":")
    return parts[1] if len(parts) > 1 else ""


def _value(card_id: str) -> int:
    card = card_pool().get(card_id)
    if isinstance(card, CharacterCard):
        return 10 + card.mp + card.max_rank
    if isinstance(card, BattleCard):
        return card.rank + card.mp
    return 5


class MetaXBot:
    """Callable ``(decision, view) -> option id``."""

    def __call__(self, decision: Decision, view: View | None = None) -> str:
        ids = [o.id for o in decision.options]
        kind = decision.kind
        me = view.viewer if view is not None else decision.seat
        if kind == "mulligan":
            hand = view.private["hand"] if view and view.private else []
            has_char = any(isinstance(card_pool()[h["card"]], CharacterCard) for h in hand)
            return "keep" if has_char or not view else "mulligan"
        if kind == "planning":
            mp = view.board["players"][me]["mp"] if view else 0
            chars = [i for i in ids if i.startswith("char:")]
            if chars:
                return max(chars, key=lambda i: _value(_card_of(i)))
            pushes = [i for i in ids if i.startswith("push:")]
            if pushes:
                return pushes[0]
            for i in ids:
                if i.startswith("event:"):
                    cost = card_pool()[_card_of(i)].cost
                    if mp - cost >= 2 or cost == 0:
                        return i
            return "battle"
        if kind in ("attack", "link"):
            return ids[0]
        if kind == "defend":
            return ids[0]
        if kind in ("attack_card", "defend_card", "attach"):
            cards = [i for i in ids if i not in ("back", "none")]
            if not cards:
                return ids[-1]
            return max(cards, key=lambda i: (card_pool()[_card_of(i)].rank, card_pool()[_card_of(i)].mp))
        if kind == "discard":
            return min(ids, key=lambda i: _value(_card_of(i)))
        if kind == "search":
            return ids[0]
        if kind == "target":
            name = view.board["players"][me]["name"] if view else ""
            harmful = decision.prompt.split(": ")[-1].startswith(("Push", "Return", "Attach"))
            mine = [o.id for o in decision.options if o.label.endswith(f"({name})")]
            theirs = [o.id for o in decision.options if o.id not in mine]
            pref = theirs if harmful else mine
            return (pref or ids)[0]
        return decision.default or ids[0]


def computer(seed: int) -> MetaXBot:
    """The MetaX computer player for one seat (found by ``Game.computer``). It plays deterministically from
    its view, so ``seed`` is not used."""
    return MetaXBot()
