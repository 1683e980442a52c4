"""Building blocks of a game's ``ai.sample`` (games.core.search): what a seat may believe about the cards hidden
from it.

A seat knows its own deck list, so its own hidden cards are its own unseen cards in an order it cannot know
(:func:`shuffled`). It does not know an opponent's deck list: an opponent's hidden cards are drawn from a
*prior*, one of the game's starter decks chosen at random, less the cards of that opponent the seat has seen,
topped up with uniform draws from the whole pool when that deck runs short (:func:`unseen_cards`). Nothing here
reads a card the seat cannot see: the callers pass only the names of seen cards and the counts of hidden ones.

Pure; may import ``games.core`` only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from .rng import Rng


@cache
def deck_prior(card_pool: Callable[[], Mapping[str, Any]],
               starter_decks: Callable[[], Mapping[str, Any]]) -> tuple[tuple[str, ...], dict[str, list[str]]]:
    """A deck game's prior, made once per game from its ``card_pool()`` and ``starter_decks()`` (each deck with
    a ``card_list()``): (every card id of the pool, sorted; each starter deck's card list by deck id), the
    ``pool`` of :func:`unseen_cards` and the ``starters`` of :func:`prior_deck`."""
    return tuple(sorted(card_pool())), {k: d.card_list() for k, d in starter_decks().items()}


def shuffled(names: Iterable[str], rng: Rng) -> list[str]:
    """``names`` sorted, then in an order drawn with ``rng``: the result depends on the multiset of ``names``
    only, not on their order (a seat's own unseen cards are a list it knows, in an order it does not)."""
    out = sorted(names)
    rng.shuffle(out)
    return out


def prior_deck(starters: Mapping[str, Sequence[str]], rng: Rng) -> list[str]:
    """One of ``starters`` (deck name -> card ids), chosen uniformly with ``rng`` in name order; ``[]`` when
    there is none."""
    if not starters:
        return []
    names = sorted(starters)
    return list(starters[names[rng.below(len(names))]])


def likely_deck(starters: Mapping[str, Sequence[str]], counts: Mapping[str, Counter[str]], seen: Sequence[str],
                rng: Rng, miss_weight: float = 0.1) -> list[str]:
    """The card list of one of ``starters`` (deck name -> card ids; ``counts`` the same as ``Counter`` s, cached
    by the caller) for a seat whose cards in sight are ``seen``: each starter, in name order, drawn with weight
    ``miss_weight ** misses``, ``misses`` being how many of ``seen`` it cannot hold (copies counted). With
    nothing in sight every starter is as likely (one ``rng.below`` draw, as :func:`prior_deck`); otherwise one
    ``rng.next64`` draw. The search's prior for an opponent's deck list in Meta, MetaX and MetaZoo."""
    names = sorted(starters)
    if not seen:
        return list(starters[names[rng.below(len(names))]])
    need = Counter(seen)
    weights = [miss_weight ** sum(max(0, k - counts[n].get(c, 0)) for c, k in need.items()) for n in names]
    x = (rng.next64() / 2.0 ** 64) * sum(weights)
    for n, w in zip(names, weights, strict=True):
        x -= w
        if x < 0:
            return list(starters[n])
    return list(starters[names[-1]])


def unseen_cards(deck: Sequence[str], seen: Iterable[str], count: int, pool: Sequence[str], rng: Rng) -> list[str]:
    """``count`` card ids for an opponent's hidden cards: ``deck`` less one copy per card id in ``seen`` (as far
    as ``deck`` has it), shuffled with ``rng``, then, if fewer than ``count`` remain, uniform draws from
    ``pool`` (a non-empty sequence of card ids) for the rest. Raises ``ValueError`` when ``count`` is
    negative, or ``pool`` is empty and more cards are needed than ``deck`` leaves."""
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    left = Counter(deck)
    left.subtract(seen)
    rest: list[str] = []
    for c in deck:
        if left[c] > 0:
            left[c] -= 1
            rest.append(c)
    rng.shuffle(rest)
    out = rest[:count]
    if len(out) < count:
        if not pool:
            raise ValueError("the prior deck runs short and the pool is empty")
        out += [pool[rng.below(len(pool))] for _ in range(count - len(out))]
    return out

