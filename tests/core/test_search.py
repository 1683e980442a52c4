"""The search computer (games.core.search) in every game whose package has an ``ai.sample``: determinizations
keep the searching seat's view, read nothing hidden from it, and the search answers with an offered option
without changing the state it was given.

Positions come from seeded games of the heuristic computers (``easy``), checked every few decisions for every
seat, deciding or not.
"""

from __future__ import annotations

import json
import random

import pytest
from hidden_twins import permutation, relabel

from games import game_ids, get_game
from games.core import search
from games.core.playout import starter_seats
from games.core.rng import Rng
from games.metax.pool import card_pool as metax_pool

SEARCHABLE = [get_game(g) for g in game_ids() if get_game(g).searchable]


def view_key(game, state, seat) -> str:
    """Everything ``seat`` is shown of ``state``: board, private part, decisions, waiting seats, result."""
    v = game.view(state, seat)
    return json.dumps([v.board, v.private, [repr(d) for d in v.decisions], list(v.waiting), repr(v.result)],
                      sort_keys=True, default=repr)


def positions(game, seed: int, every: int = 7, limit: int = 400):
    """``(state, decision number)`` along a seeded game of heuristic computers, every ``every`` decisions."""
    st = game.new_game(starter_seats(game, seed, None), None, seed)
    bots = [game.computer(seed * 7 + p) for p in range(8)]
    for n in range(limit):
        open_ = game.decisions(st)
        if not open_:
            return
        if n % every == 0:
            yield st, n
        d = open_[0]
        game.apply(st, d.seat, bots[d.seat](d, game.view(st, d.seat)))


def seats_of(game, state) -> range:
    return range(len(game.view(state, None).board["players"]))


@pytest.mark.parametrize("game", SEARCHABLE, ids=lambda g: g.id)
def test_a_sample_gives_the_seat_the_view_it_has(game):
    """``view(sample(state, seat), seat) == view(state, seat)`` for every seat at every third position along
    three seeded games, and sampling leaves the real state as it was."""
    checked = 0
    for seed in (1, 2, 3):
        for st, n in positions(game, seed, every=3):
            before = game.to_json(st)
            for seat in seats_of(game, st):
                det = game.sample(st, seat, Rng.from_seed(n * 10 + seat))
                assert view_key(game, det, seat) == view_key(game, st, seat), (seed, n, seat)
                checked += 1
            assert game.to_json(st) == before, "sampling changed the real state"
    assert checked > 20


def metax_hidden(st, seat: int) -> tuple[list[int], list[int]]:
    """MetaX: ``seat``'s own hidden instances (deck, VP pile) and the others' (deck, VP pile, hand)."""
    searching = st.prompt == "search" and st.prompt_seat == seat  # its options list its deck in order
    own = st.players[seat].vp if searching else st.players[seat].deck + st.players[seat].vp
    others = [c for p, pl in enumerate(st.players) if p != seat for c in pl.deck + pl.vp + pl.hand]
    return own, others


TWIN_KITS = {"metax": (metax_hidden, lambda st, c: 0, lambda: sorted(metax_pool()))}
"""Per game: ``hidden(state, seat) -> (own hidden instances, other seats' hidden instances)``, ``klass(state,
instance)``, the class a card keeps in a twin (what the seat can tell of a hidden card, e.g. a face-down card's
type; called with ``state=None`` and a card id for the pool's cards), and the pool's card ids."""


def twin_of(game, st, seat: int, rng: random.Random):
    """A true state ``seat`` cannot tell from ``st``: its own hidden cards in another order, and every card hidden
    from it in the other seats' hands and decks replaced by a card of the same class from the whole pool (so the
    other seats hold other hands and play other deck lists), and another state of the game's generator."""
    hidden, klass, pool = TWIN_KITS[game.id]
    own, others = hidden(st, seat)
    by_class: dict = {}
    for name in pool():
        by_class.setdefault(klass(None, name), []).append(name)
    names = permutation(st, own, rng, klass)
    for c in others:
        names[c] = rng.choice(by_class[klass(st, c)])
    twin = relabel(game, st, names)
    if isinstance(getattr(twin, "rng", None), int):
        twin.rng = rng.getrandbits(64)  # other future shuffles and rolls, which no seat knows
    return twin


@pytest.mark.parametrize("game", [g for g in SEARCHABLE if g.id in TWIN_KITS], ids=lambda g: g.id)
def test_the_search_is_blind_to_hidden_cards_and_deck_lists(game):
    """Blindness: two true states that give the seat the same view (the other seats' hands and deck lists
    differ, the seat's own deck is in another order) give equal samples under equal generators, and the search
    chooses the same option with the same visit counts under the same seed."""
    rng = random.Random(5)
    searched = 0
    for st, n in positions(game, 3, every=5):
        for seat in seats_of(game, st):
            twin = twin_of(game, st, seat, rng)
            assert view_key(game, twin, seat) == view_key(game, st, seat)
            assert game.to_json(twin) != game.to_json(st)
            a = game.sample(st, seat, Rng.from_seed(n))
            b = game.sample(twin, seat, Rng.from_seed(n))
            assert game.to_json(a) == game.to_json(b), (n, seat)
            if any(d.seat == seat for d in game.decisions(st)) and n % 2 == 0:
                assert search.search(game, st, seat, 30, seed=n) == search.search(game, twin, seat, 30, seed=n)
                searched += 1
    assert searched >= 3


@pytest.mark.parametrize("game", SEARCHABLE, ids=lambda g: g.id)
def test_the_search_answers_with_an_offered_option_and_leaves_the_state_alone(game):
    """The search's choice is one of the deciding seat's options; the state it searched is unchanged."""
    for st, n in positions(game, 4, every=13):
        d = game.decisions(st)[0]
        before = game.to_json(st)
        choice, stats = search.search(game, st, d.seat, 40, seed=n)
        assert d.option(choice) is not None
        assert game.to_json(st) == before
        assert stats.iterations == (40 if len(d.options) > 1 else 0)
