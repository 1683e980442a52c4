"""The Memesis search computer (games.core.search, ``games/memesis/ai.py`` ``sample``): its determinizations give
the searching seat the view it has at every table format (2 seats, 4 seats free-for-all, 2v2, 1v3, 1v1v2, Stealth
off), read nothing hidden from it (blindness against a twin this test builds with the hidden-permutation test's
own classes), and the search answers with an offered option; its play-outs end games."""

from __future__ import annotations

import random

import pytest
from search_kit import check_answers, check_blind, check_same_view, view_key

from games.core import search
from games.core.playout import starter_seats
from games.core.rng import Rng
from games.memesis import GAME, ai
from games.memesis.pool import card_pool

from .test_hidden_permutation import (
    SneakyPlayer,
    _turns,
    every_kind_of_hidden_card,
    fits,
    hidden_from,
    places,
)

POOL = card_pool()
IDS = sorted(POOL)
TABLES = {  # name: (seats, table options)
    "2p": (2, None), "2p-no-stealth": (2, {"stealth": False}), "4p": (4, None),
    "2v2": (4, {"teams": [0, 1, 0, 1]}), "1v3": (4, {"teams": [0, 1, 1, 1]}), "1v1v2": (4, {"teams": [0, 1, 2, 2]}),
}


@pytest.mark.parametrize("table", TABLES)
def test_a_sample_gives_the_seat_the_view_it_has(table):
    """``view(sample(state, seat), seat) == view(state, seat)`` for every seat along seeded games of every table
    format (MEM-INF-01, MEM-STL-03, MEM-AMM-08, MEM-GAP-24), and sampling leaves the real state as it was."""
    seats, options = TABLES[table]
    seeds = (1, 2) if seats == 2 else (1,)
    assert check_same_view(GAME, seeds=seeds, every=4 if seats == 2 else 6, seats=seats, options=options) > 40


def test_a_sample_that_redraws_a_card_in_sight_is_caught(monkeypatch):
    """Planted: a sample that also draws again the other players' face-up cards in play (in sight of everyone):
    the same-view check fails."""
    def leaky(state, seat, rng):
        det = ai.sample(state, seat, rng)
        for pc in det.pieces:
            if pc.controller != seat:
                for c in pc.cards:
                    if c not in pc.hidden:
                        det.cards[c] = IDS[rng.below(len(IDS))]
        return det

    monkeypatch.setattr(GAME, "sample", leaky)
    with pytest.raises(AssertionError):
        check_same_view(GAME, seeds=(1,), every=4)


def memesis_twin(st, seat, rng):
    """A state ``seat`` cannot tell from ``st``, built from the hidden-permutation test's ``hidden_from`` and
    ``fits`` (never from ``ai.sample``): its own Brain Cell reordered; every other player's Brain, hand and
    Ammunition cards drawn from the whole pool (another hand, another deck list); each of their face-down cards
    a pool card that ``fits`` its place (its fragment marking and incubation turns following); the generator
    moved on."""
    where = places(st)
    names = {}
    own = [c for c in st.players[seat].brain]
    shuffled = [st.cards[c] for c in own]
    rng.shuffle(shuffled)
    names.update(zip(own, shuffled, strict=True))
    for c in sorted(hidden_from(st, seat)):
        if st.owner[c] == seat:
            continue
        if isinstance(where[c], str):
            names[c] = rng.choice(IDS)
            continue
        f = fits(st, c, where[c])
        if f is not None:
            names[c] = rng.choice([i for i in IDS if f(i)])
    twin = GAME.copy_state(st)
    for c, name in names.items():
        twin.cards[c] = name
    for pc in twin.pieces:
        for i, c in enumerate(pc.partials):
            if c in names and names[c] != st.cards[c]:
                borne = POOL[twin.cards[pc.cards[0]]].markings
                pc.frags[i] = rng.choice([f.marking for f in POOL[names[c]].fragments if f.marking in borne])
        if pc.cell == "incubation" and len(pc.cards) == 1 and pc.cards[0] in names:
            pc.needed += _turns(POOL[names[pc.cards[0]]]) - _turns(POOL[st.cards[pc.cards[0]]])
    twin.rng = rng.getrandbits(64)
    return twin


@pytest.mark.parametrize("table", ["2p", "4p", "2v2"])
def test_the_memesis_search_is_blind_to_hidden_cards_and_deck_lists(table):
    """Blindness (tests/search_kit.py): a twin with the other players' hands, Brain and Ammunition Cells and
    face-down cards replaced (allies' included, MEM-GAP-24) and the seat's own Brain Cell reordered gives the
    same samples and the same search choice."""
    seats, options = TABLES[table]
    differ, searched = check_blind(GAME, memesis_twin, seeds=(3,), every=11, budget=2, seats=seats,
                                   options=options, limit=300)
    assert differ > 10 and searched >= 3


def test_the_sample_is_blind_to_face_down_cards_of_every_kind():
    """MEM-STL-03, MEM-STL-08, MEM-FUS-13, MEM-INC-02, MEM-GAP-20: from the hidden-permutation test's position
    with a face-down card in every place it can be (alone in play, in a Defend Cell, fused, as a fragment, as a
    Rune, incubating), along 40 choices of its sneaky players, each seat's sample keeps the seat's view, and a
    twin with the other player's face-down cards replaced by others that fit their places gives the same sample
    and the same search choice."""
    st = every_kind_of_hidden_card()
    players = [SneakyPlayer(11 + p) for p in range(2)]
    rng = random.Random(2)
    moved = searched = 0
    for k in range(40):
        decs = GAME.decisions(st)
        if not decs:
            break
        for seat in (0, 1):
            det = GAME.sample(st, seat, Rng.from_seed(k))
            assert view_key(GAME, det, seat) == view_key(GAME, st, seat), (k, seat)
            twin = memesis_twin(st, seat, rng)
            assert view_key(GAME, twin, seat) == view_key(GAME, st, seat), "the twin is not a twin"
            moved += sum(twin.cards[c] != st.cards[c] for pc in st.pieces for c in pc.hidden if st.owner[c] != seat)
            assert GAME.to_json(det) == GAME.to_json(GAME.sample(twin, seat, Rng.from_seed(k))), (k, seat)
            if decs[0].seat == seat and k % 8 == 0 and len(decs[0].options) > 1:
                assert search.search(GAME, st, seat, 6, seed=k) == search.search(GAME, twin, seat, 6, seed=k)
                searched += 1
        GAME.apply(st, decs[0].seat, players[decs[0].seat](decs[0]))
    assert moved > 40 and searched >= 2


def test_the_search_answers_with_an_offered_option_and_leaves_the_state_alone():
    """The search's choice is one of the deciding seat's options; the state it searched is unchanged."""
    assert check_answers(GAME, seed=4, every=37, budget=5) > 3
    assert check_answers(GAME, seed=5, every=53, budget=4, seats=4, options={"teams": [0, 1, 0, 1]}) > 3


@pytest.mark.parametrize("table", ["2p", "2v2"])
def test_play_outs_of_the_rollout_policy_end_games(table):
    """The play-out policy (``ai.rollout_choice``) makes progress: from the start, play-outs end the game (a win,
    or the stall limit, MEM-GEN-04) within 600 decisions, where uniform random play takes about 800."""
    seats, options = TABLES[table]
    for seed in (1, 2, 3):
        st = GAME.new_game(starter_seats(GAME, seed, seats), options, seed)
        rng = Rng.from_seed(seed)
        for _ in range(600):
            decs = GAME.decisions(st)
            if not decs:
                break
            GAME.apply(st, decs[0].seat, GAME.rollout_choice(st, decs[0], rng))
        assert GAME.result(st) is not None, (table, seed, st.turn)
