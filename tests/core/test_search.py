"""The search computer (games.core.search) on the contract, with MetaX as the game: its determinizations keep the
searching seat's view, read nothing hidden from it (blindness), and the search answers with an offered option
without changing the state it was given. Every other searchable game checks the same with tests/search_kit.py in
its own search tests (tests/meta/test_meta_search.py, tests/metazoo/test_mz_search.py, tests/memesis/test_search.py,
tests/metaolympia/test_search.py); ``test_every_searchable_game_has_its_own_search_tests`` holds them to it."""

from __future__ import annotations

from pathlib import Path

from search_kit import check_answers, check_blind, check_same_view, relabel_twin

from games import game_ids, get_game
from games.metax.pool import card_pool as metax_pool

SEARCH_TESTS = {"metax": "core/test_search.py", "meta": "meta/test_meta_search.py",
                "metazoo": "metazoo/test_mz_search.py", "memesis": "memesis/test_search.py",
                "metaolympia": "metaolympia/test_search.py"}
mx = get_game("metax")


def test_every_searchable_game_has_its_own_search_tests():
    """A game whose computer can search (its ``ai.sample`` exists) has a search test file, which uses the kit."""
    tests = Path(__file__).resolve().parents[1]
    for gid in game_ids():
        if get_game(gid).searchable:
            text = (tests / SEARCH_TESTS[gid]).read_text()
            assert "check_same_view" in text and "check_blind" in text, gid


def test_a_metax_sample_gives_the_seat_the_view_it_has():
    """``view(sample(state, seat), seat) == view(state, seat)`` for every seat at every third position along
    three seeded games, and sampling leaves the real state as it was."""
    assert check_same_view(mx) > 20


def test_the_metax_search_answers_with_an_offered_option_and_leaves_the_state_alone():
    """The search's choice is one of the deciding seat's options; the state it searched is unchanged."""
    assert check_answers(mx) > 3


def metax_twin(st, seat, rng):
    """MetaX: the seat's own deck and VP pile reordered (its deck stays while it searches it: its options list
    the deck in order), the other seat's deck, VP pile and hand drawn from the whole pool."""
    searching = st.prompt == "search" and st.prompt_seat == seat
    own = st.players[seat].vp if searching else st.players[seat].deck + st.players[seat].vp
    others = [c for p, pl in enumerate(st.players) if p != seat for c in pl.deck + pl.vp + pl.hand]
    return relabel_twin(mx, st, own, others, sorted(metax_pool()), rng)


def test_the_metax_search_is_blind_to_hidden_cards_and_deck_lists():
    """Blindness (tests/search_kit.py): a MetaX twin with the other seat's hand and deck list replaced gives the
    same samples and the same search choice."""
    differ, searched = check_blind(mx, metax_twin)
    assert differ > 5 and searched >= 3
