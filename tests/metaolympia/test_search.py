"""The Meta Olympia search computer (games.core.search with :func:`games.metaolympia.ai.sample`), checked with
tests/search_kit.py: a sample gives the seat the view it has (two and four teams, and three teams with every
optional rule), a sample is blind to the cards hidden from the seat (MO-INF-01..03, MO-OPT-04), and the search
answers with an offered option.

The blindness twin is built here by the test's own means, from the classes of cards a watcher cannot tell apart
in tests/metaolympia/test_hidden_permutation.py (``hidden``, ``permutation``): every card hidden from the seat
is swapped within its class, the other teams' roster athletes outside the contest included (the board shows
rosters as counts), and the game's generator is replaced. Meta Olympia has no deck lists: the card set follows
from the table options, so a twin keeps the multiset of hidden cards and changes where each one is."""

from __future__ import annotations

import random

import pytest
from hidden_twins import relabel
from search_kit import check_answers, check_blind, check_same_view, positions

from games.core.rng import Rng
from games.metaolympia import GAME, ai

from .test_hidden_permutation import hidden, in_play, permutation

ALL = {"gambling": True, "wagers": True, "trades": True, "merger": True, "teamup": True}


def rosters(st, seat: int) -> set[int]:
    """The other teams' roster athletes the twin may swap: every one outside the contest under way (the board
    shows other rosters as counts; a trade offer to ``seat`` names the athletes offered)."""
    trade = (st.tile or {}).get("trade")
    offered = set(trade["give"]) if trade and trade["to"] == seat else set()
    return {a for s, p in enumerate(st.players) if s != seat for a in p.athletes} - in_play(st) - offered


def olympia_twin(st, seat: int, rnd: random.Random):
    """A true state ``seat`` cannot tell from ``st``: the cards hidden from it swapped within their classes
    (card ``c`` takes the identity of the card the swap puts in its place), a new generator."""
    h = hidden(st, seat, rosters(st, seat))
    # hidden() leaves injured athletes out of the secret ones (the log names injuries); the board shows counts
    h["athlete"] = sorted(set(h["athlete"]) | rosters(st, seat))
    sigma = permutation(st, h, set(), rnd)
    out = relabel(GAME, st, {c: st.cards[d] for c, d in sigma.items()})
    out.rng = rnd.getrandbits(64)
    return out


@pytest.mark.parametrize(("seats", "options"), [(2, None), (4, None), (3, ALL)], ids=["2", "4", "3-all"])
def test_MO_INF_01_a_sample_gives_the_seat_the_view_it_has(seats, options):
    """MO-INF-01..03: ``view(sample(state, seat), seat) == view(state, seat)`` for every seat at positions of
    seeded games of two and four teams and of three teams with every optional rule; the real state is
    unchanged."""
    assert check_same_view(GAME, seeds=(1, 2), every=5, seats=seats, options=options) > 100


def test_a_sample_starts_with_an_empty_decision_cache_and_a_new_generator():
    """A sample's :class:`~games.metaolympia.state.Memo` is empty (the copy resets it; a cached decision of
    the real state would name its cards) and its generator is drawn from the search's ``rng``."""
    checked = 0
    for st, n, count in positions(GAME, 5, every=9, seats=2):
        GAME.decisions(st)  # fills the real state's cache
        assert st.memo.key is not None
        for seat in range(count):
            det = ai.sample(st, seat, Rng.from_seed(n))
            assert det.memo.key is None and det.memo.value is None
            assert det.rng != st.rng
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("seats", [2, 4])
def test_MO_INF_01_the_search_is_blind_to_cards_hidden_from_its_seat(seats):
    """MO-INF-01..03, MO-OPT-04: a twin with every card hidden from the seat swapped within its class (the
    other teams' tactics, minor sponsors and roster athletes, the decks, face-down piles and other teams'
    drawn cards) and another generator gives the same samples and the same search choice."""
    differ, searched = check_blind(GAME, olympia_twin, seeds=(3,), every=13, budget=8, seats=seats)
    assert differ > 20 and searched >= 5


def test_the_search_answers_with_an_offered_option_and_leaves_the_state_alone():
    """The search's choice is one of the deciding seat's options, after the whole budget, with the state
    unchanged."""
    assert check_answers(GAME, seed=4, every=29, budget=20, seats=2) > 5


def leak_rng(monkeypatch) -> None:
    """The sample keeps the real generator (the real future shuffles and rolls)."""
    def leaky(game, st, seat, rng):
        det = ai.sample(st, seat, rng)
        det.rng = st.rng
        return det

    monkeypatch.setattr(type(GAME), "sample", leaky)  # the contract keeps the hook it found once


def leak_tactics(monkeypatch) -> None:
    """The sample copies the other teams' true tactic cards."""
    hidden_of = ai._hidden

    def leaky(st, seat):
        h = hidden_of(st, seat)
        theirs = {t for s, p in enumerate(st.players) if s != seat for t in p.tactics}
        h["tactic"] = [c for c in h["tactic"] if c not in theirs]
        return h

    monkeypatch.setattr(ai, "_hidden", leaky)


def leak_rosters(monkeypatch) -> None:
    """The sample copies the other teams' true roster athletes (as the public log would tell them, without
    trades): blind only to the view if the twin keeps them, which it does not."""
    hidden_of = ai._hidden

    def leaky(st, seat):
        h = hidden_of(st, seat)
        theirs = {a for s, p in enumerate(st.players) if s != seat for a in p.athletes}
        h["athlete"] = [c for c in h["athlete"] if c not in theirs]
        return h

    monkeypatch.setattr(ai, "_hidden", leaky)


@pytest.mark.parametrize("plant", [leak_rng, leak_tactics, leak_rosters], ids=["rng", "tactics", "rosters"])
def test_the_blindness_check_catches_a_planted_leak(monkeypatch, plant):
    """The blindness check fails on a sample that keeps the real generator, or copies the other teams' true
    tactic cards or roster athletes (without the plant the same check passes, above)."""
    plant(monkeypatch)
    with pytest.raises(AssertionError) as caught:
        check_blind(GAME, olympia_twin, seeds=(3,), every=13, budget=8, seats=2)
    assert "not a twin" not in str(caught.value)  # the samples differ, not the twin


def test_the_same_view_check_catches_a_sample_that_redraws_a_visible_card(monkeypatch):
    """A sample that also redraws the market's athletes (face up, MO-SET-04) with the hidden ones changes the
    seat's view: the same-view check fails."""
    hidden_of = ai._hidden

    def leaky(st, seat):
        h = hidden_of(st, seat)
        h["athlete"] = h["athlete"] + st.market
        return h

    monkeypatch.setattr(ai, "_hidden", leaky)
    with pytest.raises(AssertionError):
        check_same_view(GAME, seeds=(1,), every=5, seats=2)


def test_the_play_out_policy_never_buys_extra_dice_where_the_easy_computer_does():
    """MO-POP-02: the search's play-outs (:class:`ai.PlayoutBot`) keep popularity at a roll where the easy
    computer pays for extra dice; apart from its random decisions (one in ``ai.EXPLORE``) ``rollout_choice``
    answers the same."""
    from .test_ai import decide_until, seats

    st = GAME.position({"players": [{"popularity": 12}, {"popularity": 0}], "match": [0, 1]}, seats(2), 2)
    easy = ai.OlympiaBot(2, strict=True)
    d = decide_until(st, 0, "dice", easy)
    view = GAME.view(st, 0)
    assert easy(d, view) != "pop:0"
    assert ai.PlayoutBot(2, strict=True)(d, view) == "pop:0"
    choices = [ai.rollout_choice(st, d, Rng.from_seed(k)) for k in range(100)]
    assert choices.count("pop:0") >= 80
