"""The Meta search computer (games.core.search with ``games.meta.ai.sample``), checked with tests/search_kit.py at
2, 4 and 6 seats: a determinization gives the seat the view it has (and redraws no card in sight), it reads
nothing hidden from the seat (a twin with other hands, memories, face-down triggers and deck lists gives the same
samples and the same choice), and the search answers with an offered option.

Hidden from a seat (META-INF-01/02, META-TRG-04): every memory (its own too), the other seats' hands and the
other seats' face-down triggers, of which the board shows only the player the tower names, if any."""

from __future__ import annotations

import random

import pytest
from hidden_twins import relabel
from search_kit import check_answers, check_blind, check_same_view

from games import get_game
from games.meta import ai
from games.meta.pool import card_pool

meta = get_game("meta")


def meta_twin(st, seat, rng):
    """A state ``seat`` cannot tell from ``st``, built from the pool (not by ``ai.sample``): its own memory
    reordered; every other seat's hand and memory drawn uniformly from the whole pool (another hand, another
    deck list); every other seat's face-down trigger another Trigger card that may name what its tower names
    (none, its owner, or another seat); the game's generator moved on."""
    pool = card_pool()
    everything = sorted(pool)

    def triggers(target, owner):
        kinds = ("none",) if target is None else ("player",) if target["seat"] == owner else ("player", "opponent")
        return sorted(c for c, d in pool.items() if d.type == "trigger" and d.target in kinds)

    names: dict[int, str] = {}
    own = list(st.players[seat].memory)
    shuffled = [st.cards[c] for c in own]
    rng.shuffle(shuffled)
    names.update(zip(own, shuffled, strict=True))
    for p, pl in enumerate(st.players):
        if p != seat:
            for c in pl.hand + pl.memory:
                names[c] = rng.choice(everything)
    for tw in st.triggers:
        if tw.owner != seat and tw.trigger >= 0:
            names[tw.trigger] = rng.choice(triggers(tw.target, tw.owner))
    out = relabel(meta, st, names)
    out.rng = rng.getrandbits(64)
    return out


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_a_meta_sample_gives_the_seat_the_view_it_has(seats):
    """``view(sample(state, seat), seat) == view(state, seat)`` for every seat at every third position of three
    seeded games of heuristic computers, at 2, 4 and 6 seats (META-INF-01/02, META-TRG-04)."""
    assert check_same_view(meta, seats=seats) > 50


@pytest.mark.parametrize(("seats", "every", "limit"), [(2, 7, 600), (4, 9, 300), (6, 13, 260)])
def test_the_meta_search_is_blind_to_hidden_cards_and_deck_lists(seats, every, limit):
    """Blindness (tests/search_kit.py): a twin with the other seats' hands, memories, face-down triggers and deck
    lists replaced and the seat's own memory reordered gives the same samples and the same search choice, at
    every ``every``-th of the first ``limit`` decisions (fewer positions at larger tables, each checked for
    every seat; searches of 20 iterations)."""
    differ, searched = check_blind(meta, meta_twin, every=every, limit=limit, budget=20, seats=seats)
    assert differ > 20 and searched >= 10


@pytest.mark.parametrize(("seats", "every"), [(2, 13), (4, 17)])
def test_the_meta_search_answers_with_an_offered_option(seats, every):
    """The search's choice is one of the deciding seat's options, after the whole budget; the state is unchanged."""
    assert check_answers(meta, every=every, seats=seats) > 3


def test_a_face_down_trigger_stays_a_trigger_card_of_its_kind():
    """META-TRG-03/04: the board shows that a trigger tower's face-down card is a Trigger card and which player
    it names, if any; every sample keeps that, whatever card it draws."""
    pool = card_pool()
    checked = 0
    for seed in range(1, 4):
        st = _position_with_trigger(seed, 2)
        if st is None:
            continue
        for tw in st.triggers:
            watcher = 1 - tw.owner
            for k in range(20):
                det = ai.sample(st, watcher, meta_rng(k))
                d = pool[det.cards[tw.trigger]]
                assert d.type == "trigger"
                assert (d.target == "none") == (tw.target is None)
                if tw.target is not None and tw.target["seat"] == tw.owner:
                    assert d.target == "player"
                checked += 1
    assert checked >= 20


def meta_rng(k):
    from games.core.rng import Rng

    return Rng.from_seed(k)


def _position_with_trigger(seed, seats):
    """The first position of a seeded game of heuristic computers with an active trigger tower, or ``None``."""
    from search_kit import positions

    for st, _, _ in positions(meta, seed, 1, seats=seats):
        if st.triggers and all(tw.trigger >= 0 for tw in st.triggers):
            return meta.copy_state(st)
    return None


# -- the checks bite: a sample that leaks, or that redraws a card in sight, fails them


def test_a_sample_that_copies_the_real_hidden_cards_fails_the_blindness_check(monkeypatch):
    """A planted leak: a sample that keeps the other seats' real hands is caught by the blindness check."""
    real = ai.sample

    def leaky(state, seat, rng):
        det = real(state, seat, rng)
        for p, pl in enumerate(state.players):
            if p != seat:
                for c in pl.hand:
                    det.cards[c] = state.cards[c]
        return det

    monkeypatch.setattr(meta, "sample", leaky)  # the game instance: its hooks are cached
    with pytest.raises(AssertionError):
        check_blind(meta, meta_twin, seats=2)


def test_a_sample_that_keeps_the_real_generator_fails_the_blindness_check(monkeypatch):
    """A planted leak: a sample that does not reseed the game's generator (future shuffles and random discards)
    is caught by the blindness check."""
    real = ai.sample

    def leaky(state, seat, rng):
        det = real(state, seat, rng)
        det.rng = state.rng
        return det

    monkeypatch.setattr(meta, "sample", leaky)  # the game instance: its hooks are cached
    with pytest.raises(AssertionError):
        check_blind(meta, meta_twin, seats=2)


def test_a_sample_that_redraws_a_card_in_sight_fails_the_same_view_check(monkeypatch):
    """A sample that redraws a card the seat sees (the top of a graveyard) is caught by the same-view check."""
    real = ai.sample
    rng = random.Random(1)
    everything = sorted(card_pool())

    def wrong(state, seat, r):
        det = real(state, seat, r)
        for pl in det.players:
            if pl.graveyard:
                det.cards[pl.graveyard[-1]] = rng.choice([c for c in everything if c != det.cards[pl.graveyard[-1]]])
        return det

    monkeypatch.setattr(meta, "sample", wrong)  # the game instance: its hooks are cached
    with pytest.raises(AssertionError):
        check_same_view(meta, seats=2)


# -- the play-out policy and the cut-off estimate


def test_the_play_out_policy_plays_as_the_heuristic_computer_does():
    """``ai.heuristic_choice`` (the play-out policy, read from the state) makes the heuristic computer's choice
    (``MetaBot``, read from the view) with the same tie-breaks at every decision of seeded games at 2 and 4 seats:
    a generator in the same state gives the same option and is left in the same state."""
    import copy

    from games.core.playout import starter_seats

    checked = 0
    for seats, seeds in ((2, range(4)), (4, range(2))):
        for seed in seeds:
            st = meta.new_game(starter_seats(meta, seed, seats), None, seed)
            bots = [meta.computer(seed * 7 + p) for p in range(seats)]
            while open_ := meta.decisions(st):
                d = open_[0]
                twin = copy.copy(bots[d.seat].rng)
                choice = bots[d.seat](d, meta.view(st, d.seat))
                assert ai.heuristic_choice(st, d, twin) == choice, (seed, d.kind)
                assert twin.state == bots[d.seat].rng.state
                meta.apply(st, d.seat, choice)
                checked += 1
    assert checked > 500


def test_the_estimate_favours_the_seat_ahead_in_life_and_memory():
    """``ai.estimate`` (what ``ai.evaluate`` scores once it has played on) gives every seat a share in [0, 1]
    (the shares add up to 1), the leader more than ½: more life, or more cards left in memory (drawing from an
    empty memory disables, META-MEM-01..05); a big lead is near 1, a disabled seat is behind and a removed one
    scores 0."""
    from games.core.playout import starter_seats

    st = meta.new_game(starter_seats(meta, 1, 2), None, 1)
    even = ai.estimate(st)
    assert even[0] == pytest.approx(0.5) and sum(even.values()) == pytest.approx(1.0)
    st.players[1].life = 7
    assert ai.estimate(st)[0] > 0.7
    st.players[1].life = 15
    st.players[1].memory[:] = st.players[1].memory[:5]
    assert ai.estimate(st)[0] > 0.9
    st.players[1].life = 2
    assert ai.estimate(st)[0] > 0.99
    st4 = meta.new_game(starter_seats(meta, 1, 4), None, 1)
    st4.players[2].disabled = True
    st4.players[3].removed = True
    four = ai.estimate(st4)
    assert four[3] == 0.0 and four[2] < four[1] and sum(four.values()) == pytest.approx(1.0)
    assert all(0.0 <= v <= 1.0 for v in four.values())


def test_the_evaluation_plays_on_to_the_next_turn_and_scores_it_there():
    """``ai.evaluate`` lets the heuristic play a copy on to the start of the next turn (at most
    ``ai.PLAY_ON_LIMIT`` decisions) and scores that position with ``ai.estimate``, or the result when the game
    ended on the way; the state it is given is unchanged, and the same state gives the same scores."""
    from search_kit import positions

    from games.core.playout import starter_seats
    from games.core.rng import Rng
    from games.core.serial import cloner
    from games.meta.state import State

    checked = 0
    for st, _n, _ in positions(meta, 2, every=11, seats=2):
        before = meta.to_json(st)
        scores = ai.evaluate(st)
        assert meta.to_json(st) == before
        assert ai.evaluate(st) == scores
        assert sum(scores.values()) == pytest.approx(1.0) and all(0.0 <= v <= 1.0 for v in scores.values())
        # the same play-on by hand: the heuristic, seeded from the state's generator, to the next turn
        copy = cloner(State)(st)
        rng = Rng.from_seed(copy.rng)
        for _ in range(ai.PLAY_ON_LIMIT):
            open_ = meta.decisions(copy)
            if copy.turn != st.turn or not open_:
                break
            meta.apply(copy, open_[0].seat, ai.heuristic_choice(copy, open_[0], rng))
        res = meta.result(copy)
        if res is None:
            assert scores == ai.estimate(copy)
        else:
            assert all(scores[w] == 1.0 for w in res.winners) and all(scores[s] == 0.0 for s in res.losers)
        checked += 1
    assert checked > 10
    new = meta.new_game(starter_seats(meta, 5, 2), None, 5)
    assert ai.evaluate(new) != ai.estimate(new)  # the first turn was played before scoring



def test_the_evaluation_charges_a_seat_for_each_play_it_took_back():
    """A take-back ("Back") costs its seat ``ai.TAKEBACK_COST`` of its score in ``ai.evaluate``, the others
    nothing: without it a search seat chose a card, took it back and chose it again for ever (bench_ai, seed
    1017). The count is not part of the game: a state loaded from its JSON has none."""
    from search_kit import positions

    charged = 0
    for st, _n, _ in positions(meta, 1, every=1, limit=200, seats=2):
        d = meta.decisions(st)[0]
        if d.option("back") is None or len(d.options) < 2:
            continue
        after = meta.copy_state(st)
        meta.apply(after, d.seat, "back")
        plain = meta.from_json(meta.to_json(after))
        assert after.takebacks == {d.seat: 1} and plain.takebacks == {}
        with_cost, without = ai.evaluate(after), ai.evaluate(plain)
        assert with_cost[d.seat] == pytest.approx(max(0.0, without[d.seat] - ai.TAKEBACK_COST))
        assert all(with_cost[s] == without[s] for s in without if s != d.seat)
        charged += 1
        if charged >= 5:
            break
    assert charged >= 5
