"""The search computer (games.core.search) on the contract, with MetaX as the game: its determinizations keep the
searching seat's view, read nothing hidden from it (blindness), and the search answers with an offered option
without changing the state it was given. Every other searchable game checks the same with tests/search_kit.py in
its own search tests (tests/meta/test_meta_search.py, tests/metazoo/test_mz_search.py, tests/memesis/test_search.py,
tests/metaolympia/test_search.py); ``test_every_searchable_game_has_its_own_search_tests`` holds them to it."""

from __future__ import annotations

from pathlib import Path

from search_kit import check_answers, check_blind, check_same_view, positions, relabel_twin

from games import game_ids, get_game
from games.core import search
from games.core.contract import Decision, Option, Result, View
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


def metax_position(kind: str, seed: int = 1):
    """The first position of a seeded heuristic MetaX game where a seat has a ``kind`` decision with at least two
    options besides "back": ``(state, seat)``."""
    for s in range(seed, seed + 20):
        for st, _, _ in positions(mx, s, every=1):
            d = mx.decisions(st)[0]
            if d.kind == kind and sum(o.id != "back" for o in d.options) >= 2:
                return st, d.seat
    raise AssertionError(f"no {kind} decision found")


class Recorder:
    """A game that passes everything to ``game`` and records every option id the search applies in its tree."""

    def __init__(self, game):
        self.game, self.applied = game, []

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, seat, option_id):
        self.applied.append(option_id)
        return self.game.apply(state, seat, option_id)


TREE = {**mx.search_options, "paired": False}
"""MetaX's search options with the tree grown (MetaX itself searches paired): the take-back rule in the tree."""


def test_the_metax_search_never_explores_nor_chooses_back_after_declaring_an_attack():
    """MetaX opts in to the search's take-back rule (``ai.SEARCH["takeback"]``, MX-ATK-03): with an Attack
    declared and "Back" open beside Battle cards, the tree search never returns "Back" nor visits it
    (SearchStats has no visits of it), and the real state is left alone."""
    assert mx.search_options["takeback"] == ("back",)
    st, seat = metax_position("attack_card")
    before = mx.to_json(st)
    for seed in range(4):
        choice, stats = search.search(mx, st, seat, 120, seed, mx.search_plies, **TREE)
        assert choice != "back" and "back" not in stats.visits and sum(stats.visits.values()) == 120
    assert mx.to_json(st) == before


def test_the_metax_paired_search_scores_every_option_but_back_alike_and_never_chooses_back():
    """MetaX searches paired (``ai.SEARCH["paired"]``): with an Attack declared and "Back" open beside Battle
    cards, every Battle card and "none" is scored in the same number of rounds, "Back" in none, the choice is never
    "Back", ``iterations`` counts the options scored, and the real state is left alone."""
    assert mx.search_options["paired"] is True
    st, seat = metax_position("attack_card")
    before = mx.to_json(st)
    d = mx.decisions(st)[0]
    open_ = [o.id for o in d.options if o.id != "back"]
    for seed in range(2):
        choice, stats = search.search(mx, st, seat, 60, seed, mx.search_plies, **mx.search_options)
        assert choice in open_ and set(stats.visits) == set(open_)
        assert set(stats.visits.values()) == {60 // len(open_)}
        assert stats.iterations == 60 // len(open_) * len(open_)
    assert mx.to_json(st) == before


def test_the_metax_search_takes_no_back_anywhere_in_its_tree():
    """From the Battle Step's attack declarations (the root offers "Attack with X"), the tree reaches the Battle
    card choices of that seat (and the other seat's blocks) but never applies "Back" where a card is open."""
    st, seat = metax_position("attack")
    rec = Recorder(mx)
    search.search(rec, st, seat, 150, 3, mx.search_plies, **TREE)
    assert any(i.startswith("card:") for i in rec.applied)
    assert "back" not in rec.applied


def test_without_the_takeback_rule_the_metax_search_does_visit_back():
    """The same position without the rule: "Back" is explored, so the rule above is what keeps it out."""
    st, seat = metax_position("attack_card")
    _, stats = search.search(mx, st, seat, 120, 0, mx.search_plies)
    assert stats.visits.get("back", 0) > 0


class BackOnly:
    """A stand-in game: seat 0 picks "win", "lose" or "back"; after "win" seat 1 is offered only "back", which ends
    the game with seat 0 the winner; "lose" ends it with seat 1 the winner; "back" at the start offers the start
    again. The state is the list of choices made."""

    def view(self, state, seat):
        return View("backonly", seat, {}, {}, tuple(d for d in self.decisions(state) if d.seat == seat))

    def decisions(self, state):
        if not state:
            opts = (Option("win", "Win"), Option("lose", "Lose"), Option("back", "Back"))
            return [Decision(0, "pick", "Pick.", opts)] if len(state) < 5 else []
        if state[-1] == "win":
            return [Decision(1, "reply", "Reply.", (Option("back", "Back"),))]
        return []

    def apply(self, state, seat, option_id):
        if option_id == "back" and state == []:
            return
        state.append(option_id)

    def sample(self, state, seat, rng):
        return list(state)

    def computer(self, seed):
        return lambda d, v: d.options[-1].id

    def rollout_choice(self, state, d, rng):
        return d.options[-1].id

    def result(self, state):
        if state[-1:] == ["back"]:
            return Result((0,), (1,), "won", "Seat 0 wins.")
        if state[-1:] == ["lose"]:
            return Result((1,), (0,), "won", "Seat 1 wins.")
        return None

    def evaluate(self, state):
        return {}


def test_a_takeback_that_is_the_only_option_is_taken():
    """The take-back rule leaves a decision whose only option is a take-back alone: in the tree seat 1's lone
    "back" is applied (so "win" is scored a win), and a root offering only "back" answers it; the root's own
    "back" beside other options is never visited."""
    game = Recorder(BackOnly())
    choice, stats = search.search(game, [], 0, 30, 1, 0, takeback=("back",))
    assert choice == "win" and "back" not in stats.visits and game.applied.count("back") > 0
    assert search.search(game, ["win"], 1, 30, 1, 0, takeback=("back",))[0] == "back"


class Coin:
    """A stand-in game with a hidden coin: the state is ``[coin]`` then the choices made. Seat 0 picks "even",
    "third" or "back" ("back" ends nothing: the start is offered again); "even" wins when the coin is even, "third"
    when it is a multiple of 3. A sample draws the coin again from the generator."""

    def view(self, state, seat):
        return View("coin", seat, {}, {}, tuple(d for d in self.decisions(state) if d.seat == seat))

    def decisions(self, state):
        if len(state) == 1:
            opts = (Option("third", "Third"), Option("even", "Even"), Option("back", "Back"))
            return [Decision(0, "pick", "Pick.", opts)]
        return []

    def apply(self, state, seat, option_id):
        if option_id != "back":
            state.append(option_id)

    def copy_state(self, state):
        return list(state)

    def sample(self, state, seat, rng):
        return [rng.below(1_000_000)] + state[1:]

    def computer(self, seed):
        return lambda d, v: d.options[0].id

    def rollout_choice(self, state, d, rng):
        return d.options[0].id

    def result(self, state):
        if len(state) < 2:
            return None
        won = state[0] % 2 == 0 if state[1] == "even" else state[0] % 3 == 0
        return Result((0,), (), "won", "Seat 0 wins.") if won else Result((), (0,), "lost", "Seat 0 loses.")

    def evaluate(self, state):
        return {}


class CoinRecorder(Recorder):
    """:class:`Recorder` that records ``(coin, option id)`` for each option the search applies."""

    def apply(self, state, seat, option_id):
        self.applied.append((state[0], option_id))
        return self.game.apply(state, seat, option_id)


def test_a_paired_search_plays_every_option_on_the_same_samples_and_takes_the_best_mean():
    """``paired``: each round draws one sample and applies every open option (not the take-back) to its own copy
    of it, so the options meet the same coins; the choice is the best mean reward ("even" wins about half the
    coins, "third" a third), though the heuristic's hint is "third"; the state searched is left alone."""
    game = CoinRecorder(Coin())
    state = [1]
    choice, stats = search.search(game, state, 0, 200, 5, 0, takeback=("back",), paired=True)
    assert choice == "even" and state == [1]
    assert stats.iterations == 200 and stats.visits == {"third": 100, "even": 100}
    coins = {o: [c for c, i in game.applied if i == o] for o in ("third", "even", "back")}
    assert coins["third"] == coins["even"] and len(set(coins["even"])) > 90 and not coins["back"]
