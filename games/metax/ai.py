"""A MetaX computer player that plays sensibly, not randomly: it decides only from its own decision,
its view and the public card pool (nothing hidden from its seat).

Plan: keep a hand with a Character; play the best Character, then Push effects, then Events that
leave MP for battle; attack with everything that can; block whenever it can; use the strongest
affordable Battle card; Link when it can pay; discard the weakest card.
"""

from __future__ import annotations

import math

from games.core.contract import Decision, View
from games.core.determinize import deck_prior, prior_deck, shuffled, unseen_cards
from games.core.rng import Rng
from games.core.serial import cloner

from .cards import BattleCard, CharacterCard
from .pool import card_pool, starter_decks
from .state import State


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


# -- search (games.core.search): the determinization, the cut-off estimate and the play-out policy

BUDGETS = {"normal": 300, "hard": 2000}
"""Search iterations per level (about 0.3 s and 2 s a decision on the development machine)."""


def sample(state: State, seat: int, rng: Rng) -> State:
    """A determinization of ``state`` for ``seat`` (games.core.search): a copy in which every card hidden
    from ``seat`` is drawn again, and the game's generator is reseeded, so the copy tells nothing of the
    real hidden cards nor of the real future shuffles.

    Hidden from ``seat`` (the view, MX-GAP-20): every deck, every VP pile and the other seat's hand. Its own
    deck and VP pile hold its own unseen cards, which it knows as a list (its deck list less the cards it
    sees) but not in order: they are shuffled among those places, except while it searches its deck, whose
    cards its options list in deck order (the deck is shuffled after the search, MX-ZN-03). The other seat's hidden cards are drawn
    from a prior (:func:`games.core.determinize.unseen_cards`): one of the starter decks at random, less
    the cards of that seat in sight, topped up from the whole pool."""
    det = cloner(State)(state)
    names = det.cards
    pool = _pool_ids()
    searching = det.prompt == "search" and det.prompt_seat == seat
    for p, pl in enumerate(det.players):
        if p == seat:
            hidden = pl.vp if searching else pl.deck + pl.vp
        else:
            hidden = pl.deck + pl.vp + pl.hand
        if p == seat:
            drawn = shuffled([names[c] for c in hidden], rng)
        else:
            seen = [names[c] for c in _in_sight(det, p)]
            drawn = unseen_cards(prior_deck(_starters(), rng), seen, len(hidden), pool, rng)
        for c, name in zip(hidden, drawn, strict=True):
            names[c] = name
    det.rng = rng.next64()
    return det


def _in_sight(st: State, seat: int) -> list[int]:
    """The card instances of ``seat`` every seat sees: discard pile, in play with their Damage, the Battle
    Zone, and Events being used."""
    pl = st.players[seat]
    out = list(pl.discard)
    for ch in pl.in_play:
        out.append(ch.card)
        out += [d.card for d in ch.damage]
    for a in st.attacks:
        out += [c for c in (a.card, a.dcard) if c >= 0]
    out += st.resolving
    return [c for c in out if st.owner[c] == seat]


EVAL_WEIGHTS = (1.07, -0.31, -0.08, 0.03, -0.18, -0.04, -0.20, 0.18, -0.28)
"""Weights of :func:`evaluate`'s features (VP, cards in deck, Characters in play, their best Ranks, their MP,
Damage on them, Pushed ones, cards in hand, Characters in hand), fitted by logistic regression on positions
from 2,500 heuristic-vs-heuristic games (10-25% random moves) to predict the winner."""


def _strength(st: State, seat: int) -> float:
    pool = card_pool()
    pl = st.players[seat]
    w_vp, w_deck, w_chars, w_rank, w_mp, w_dmg, w_pushed, w_hand, w_hchars = EVAL_WEIGHTS
    s = w_vp * len(pl.vp) + w_deck * len(pl.deck) + w_hand * len(pl.hand)
    for ch in pl.in_play:
        card = pool[st.cards[ch.card]]
        s += w_chars + w_rank * max(card.stats.values()) + w_mp * card.mp + w_dmg * len(ch.damage)
        s += w_pushed * ch.pushed
    s += w_hchars * sum(isinstance(pool[st.cards[h]], CharacterCard) for h in pl.hand)
    return s


def evaluate(state: State) -> dict[int, float]:
    """Each seat's chance to win an unfinished game (seven Victory Points win, MX-WIN-02): a logistic of the
    difference of the seats' :func:`_strength`, a weighted sum of :data:`EVAL_WEIGHTS` fitted on
    heuristic-vs-heuristic games (a lead of two VP is about 0.9)."""
    d = _strength(state, 0) - _strength(state, 1)
    a = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, d))))
    return {0: a, 1: 1.0 - a}


class _Sight:
    """The parts of a view :class:`MetaXBot` reads (the seat, every seat's MP and name, the seat's hand),
    taken from a state: the play-out policy's view of a determinization, at a fraction of a view's cost."""

    __slots__ = ("viewer", "board", "private")

    def __init__(self, st: State, seat: int):
        self.viewer = seat
        self.board = {"players": [{"mp": pl.mp, "name": pl.name} for pl in st.players]}
        self.private = {"hand": [{"card": st.cards[c]} for c in st.players[seat].hand]}


EXPLORE = 10
"""The play-out policy picks an option at random one time in this many, the heuristic's otherwise."""

_PLAYOUT_BOT = MetaXBot()


def rollout_choice(state: State, decision: Decision, rng: Rng) -> str:
    """The search's play-out policy: the heuristic player's choice (:class:`MetaXBot`, reading the deciding
    seat's part of ``state``), or one at random one time in :data:`EXPLORE`, so play-outs vary."""
    options = decision.options
    if len(options) == 1:
        return options[0].id
    if rng.below(EXPLORE) == 0:
        return options[rng.below(len(options))].id
    return _PLAYOUT_BOT(decision, _Sight(state, decision.seat))


def _pool_ids() -> tuple[str, ...]:
    return deck_prior(card_pool, starter_decks)[0]


def _starters() -> dict[str, list[str]]:
    return deck_prior(card_pool, starter_decks)[1]
