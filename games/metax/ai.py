"""A MetaX computer player that plays sensibly, not randomly: it decides only from its own decision,
its view and the public card pool (nothing hidden from its seat).

Plan: keep a hand with a Character; play the best Character, then Push effects, then Events that
leave MP for battle; attack with everything that can; block whenever it can; use the strongest
affordable Battle card; Link when it can pay; discard the weakest card.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

from games.core.contract import Decision, View
from games.core.determinize import deck_prior, shuffled, unseen_cards
from games.core.determinize import likely_deck as _likely_deck
from games.core.rng import Rng
from games.core.search import result_rewards
from games.core.serial import cloner

from .cards import BattleCard, CharacterCard
from .pool import card_pool, starter_decks
from .rules import apply_choice, decisions_of, defs_of
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

BUDGETS = {"normal": 300, "hard": 1600}
"""Options scored per decision by the paired search (:data:`SEARCH`), per level: about 0.37 s and 2 s a decision
(each is a play-on to the game's end, about 810 a CPU second over whole bench_ai games; docs/performance.md)."""

PLIES = 0
"""Play-out length in decisions of the search's own loop before :func:`evaluate` scores the position: none, since
:func:`evaluate` itself lets the heuristic play on to the game's end."""

SEARCH = {"takeback": ("back",), "paired": True}
"""The search's tuning (games.core.search): "Back" from a Battle card choice (MX-ATK-03, MX-DEF-03) is a take-back,
never explored nor chosen while a Battle card can be played. "Attack with X" then "Back" is worth exactly "Done" or
another attacker, so searched it split the root's visits among equal lines, and the real game cycled Attack, Back,
Attack... until chance picked a Battle card (seed 1000 of bench_ai cycled for minutes). Pruned, "Attack with X" is
worth its best Battle card, and "Done" is chosen when no card is worth playing.

"paired": the root's options are scored side by side on shared samples, each played on to the game's end
(games.core.search), not grown into a tree scored at the next turn: a MetaX option's worth (a Character or an
Event now, a Battle card kept for a block) shows over later turns, and the options of one decision differ by a
few hundredths of a win against the half a win one sample's result spreads. Over the 200 games of
``bench/bench_ai.py --game metax --seed 1000`` it won 133 (66.5%), the tree search 125 and the heuristic itself in
that seat 110 (docs/performance.md)."""

def sample(state: State, seat: int, rng: Rng) -> State:
    """A determinization of ``state`` for ``seat`` (games.core.search): a copy in which every card hidden
    from ``seat`` is drawn again, and the game's generator is reseeded, so the copy tells nothing of the
    real hidden cards nor of the real future shuffles.

    Hidden from ``seat`` (the view, MX-GAP-20): every deck, every VP pile and the other seat's hand. Its own
    deck and VP pile hold its own unseen cards, which it knows as a list (its deck list less the cards it
    sees) but not in order: they are shuffled among those places, except while it searches its deck, whose
    cards its options list in deck order (the deck is shuffled after the search, MX-ZN-03). The other seat's
    hidden cards are drawn from a prior (:func:`games.core.determinize.unseen_cards`): one of the starter decks,
    drawn by how well it explains that seat's cards in sight (:func:`likely_deck`), less those cards, topped up
    from the whole pool."""
    det = cloner(State)(state)
    names = det.cards
    pool = _pool_ids()
    searching = det.prompt == "search" and det.prompt_seat == seat
    for p, pl in enumerate(det.players):
        if p == seat:
            hidden = pl.vp if searching else pl.deck + pl.vp
            drawn = shuffled([names[c] for c in hidden], rng)
        else:
            hidden = pl.deck + pl.vp + pl.hand
            seen = [names[c] for c in _in_sight(det, p)]
            drawn = unseen_cards(likely_deck(seen, rng), seen, len(hidden), pool, rng)
        for c, name in zip(hidden, drawn, strict=True):
            names[c] = name
    det.rng = rng.next64()
    return det


MISS_WEIGHT = 0.1
"""In :func:`likely_deck`: how much likelier a starter deck is for each card in sight fewer that it lacks."""


def likely_deck(seen: list[str], rng: Rng) -> list[str]:
    """The card list of one starter deck for a seat whose cards in sight are ``seen``: each starter deck, in
    name order, drawn with weight ``MISS_WEIGHT ** misses``, ``misses`` being how many of ``seen`` it cannot
    hold (copies counted). With nothing in sight every starter deck is as likely (the prior of
    :func:`games.core.determinize.prior_deck`); once a seat has shown a few cards the weight is mostly on the
    starter decks nearest to them (a sampled hand then holds the Battle cards that seat may block with), and
    the cards no starter holds come from the pool."""
    return _likely_deck(_starters(), _starter_counts(), seen, rng, MISS_WEIGHT)


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


ESTIMATE_WEIGHTS = (0.82, 0.5, 0.1)
"""In :func:`estimate`: the logistic's scale per Victory Point of lead, and what a Battle card in hand and a
Character in play are worth in Victory Points. Measured by intervention, not by correlation: at 198 turn starts
of heuristic-vs-heuristic games (every third turn from the third), a copy with one VP more, one Battle card or one
Character fewer was played to the end against the unchanged position under the same shuffles (10 pairs each, 10%
random moves): a VP is worth about 0.10 of a win, a Battle card in hand 0.08 (attacks and blocks spend them), a
Character in play about 0.01, three MP, a Pushed Character or another card in hand under 0.015. The scale is the
logistic fit of that sum on 59,250 turn starts of 2,500 such games. The old weights, fitted by correlation on
the same kind of games, gave a Character in play a negative worth (a side with more Characters in play at equal
VP wins less often under the heuristic) and a Battle card a quarter of a VP, so the search declined to play
Characters and spent Battle cards freely; yet a heuristic capped at one Character in play wins only 258 of 600
games against the plain heuristic."""


def estimate(state: State) -> dict[int, float]:
    """Each seat's chance to win an unfinished game (seven Victory Points win, MX-WIN-02): a logistic of the
    difference of the seats' VP plus :data:`ESTIMATE_WEIGHTS` times their Battle cards in hand and Characters
    in play (a lead of one VP is about 0.69, of three about 0.92)."""
    scale, w_battle, w_chars = ESTIMATE_WEIGHTS
    defs = defs_of(state)
    z = 0.0
    for p, sign in ((0, 1.0), (1, -1.0)):
        pl = state.players[p]
        battle = sum(defs[h].kind == "battle" for h in pl.hand)
        z += sign * (len(pl.vp) + w_battle * battle + w_chars * len(pl.in_play))
    a = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, scale * z))))
    return {0: a, 1: 1.0 - a}


PLAY_ON_LIMIT = 3000
"""Decisions :func:`evaluate` plays on at most before :func:`estimate` scores the position: a whole game of the
heuristic takes about 105 (23 turns), so only a game that has not ended by then is estimated."""


def evaluate(state: State) -> dict[int, float]:
    """Each seat's chance to win, for the search (games.core.search): the heuristic computer (:class:`MetaXBot`,
    reading each deciding seat's part of the state) plays a copy of ``state`` on to the game's end, at most
    :data:`PLAY_ON_LIMIT` decisions, and the result is scored (1 the winner, 0 the loser, ½ each in a draw); a
    game still open then is scored by :func:`estimate`. ``state`` is not changed; in a determinization every card is known
    and the generator was reseeded by :func:`sample`, so nothing hidden from the searching seat is read."""
    st = cloner(State)(state)
    bot = _PLAYOUT_BOT
    for _ in range(PLAY_ON_LIMIT):
        if st.result is not None:
            break
        open_ = decisions_of(st)
        if not open_:
            break
        d = open_[0]
        opts = d.options
        apply_choice(st, d.seat, opts[0].id if len(opts) == 1 else bot(d, _Sight(st, d.seat)))
    res = st.result
    if res is not None:
        return result_rewards(res, 2)
    return estimate(st)


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
    seat's part of ``state``), or one at random one time in :data:`EXPLORE`, so play-outs vary. With
    :data:`PLIES` 0 and the paired root (:data:`SEARCH`) MetaX's own search never calls it (:func:`evaluate`
    plays on with the plain heuristic); a tree search of MetaX (``paired`` off) uses it to order expansions."""
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


@cache
def _starter_counts() -> dict[str, Counter[str]]:
    return {k: Counter(v) for k, v in _starters().items()}
