"""Checks of a game's search computer (games.core.search; the package's ``ai.sample``), shared by every game's
search tests (tests/core/test_search.py names them). Imported as a plain module (``tests`` is on ``sys.path``).

* :func:`check_same_view`: ``view(sample(state, seat), seat) == view(state, seat)`` for every seat at positions
  along seeded games, and sampling leaves the real state as it was.
* :func:`check_blind`: two true states that give a seat the same view (a *twin*: the other seats' hidden cards
  and deck lists replaced, the seat's own hidden cards reordered, the game's generator moved on) give equal
  samples under equal generators and the same search choice, with the same visit counts, under the same seed.
  The twin comes from the game's test, built by its own means (never by ``ai.sample``: a sample that copied the
  real hidden cards would make a twin that hides the copy); :func:`relabel_twin` builds one for games whose cards
  are instances indexing ``state.cards``.
* :func:`check_answers`: the search answers with an offered option and leaves the state as it was.

Positions come from seeded games of the heuristic computers (``easy``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hidden_twins import permutation, relabel

from games.core import search
from games.core.playout import starter_seats
from games.core.rng import Rng


def view_key(game, state, seat) -> str:
    """Everything ``seat`` is shown of ``state``: board, private part, decisions, waiting seats, result."""
    v = game.view(state, seat)
    return json.dumps([v.board, v.private, [repr(d) for d in v.decisions], list(v.waiting), repr(v.result)],
                      sort_keys=True, default=repr)


def positions(game, seed: int, every: int = 7, limit: int = 600, seats: int | None = None,
              options: dict | None = None):
    """``(state, decision number, seat count)`` along a seeded game of heuristic computers, every ``every``
    decisions (the same state object, moved on between yields)."""
    setups = starter_seats(game, seed, seats)
    st = game.new_game(setups, None if options is None else dict(options), seed)
    bots = [game.computer(seed * 7 + p) for p in range(len(setups))]
    for n in range(limit):
        open_ = game.decisions(st)
        if not open_:
            return
        if n % every == 0:
            yield st, n, len(setups)
        d = open_[0]
        game.apply(st, d.seat, bots[d.seat](d, game.view(st, d.seat)))


def check_same_view(game, seeds: Iterable[int] = (1, 2, 3), every: int = 3, **table) -> int:
    """Assert the same-view property at every ``every``-th position of the seeded games, for every seat;
    ``table`` goes to :func:`positions` (``seats``, ``options``). Returns the number of samples checked."""
    checked = 0
    for seed in seeds:
        for st, n, count in positions(game, seed, every, **table):
            before = game.to_json(st)
            for seat in range(count):
                det = game.sample(st, seat, Rng.from_seed(n * 10 + seat))
                assert view_key(game, det, seat) == view_key(game, st, seat), (seed, n, seat)
                checked += 1
            assert game.to_json(st) == before, "sampling changed the real state"
    return checked


Twin = Callable[[Any, int, random.Random], Any]
"""``twin(state, seat, rng)``: a true state ``seat`` cannot tell from ``state`` (see the module docstring)."""


def check_blind(game, twin: Twin, seeds: Iterable[int] = (3,), every: int = 5, budget: int = 30,
                **table) -> tuple[int, int]:
    """Assert blindness at every ``every``-th position for every seat (the search at every second position
    where the seat decides, with the game's own search options, ``Game.search_options``: MetaX's paired root
    included). Returns ``(twins that differ from the real state, searches compared)``; the
    caller asserts both are large enough for the check to prove something."""
    rng = random.Random(5)
    differ = searched = 0
    for seed in seeds:
        for st, n, count in positions(game, seed, every, **table):
            for seat in range(count):
                other = twin(st, seat, rng)
                assert view_key(game, other, seat) == view_key(game, st, seat), "the twin is not a twin"
                differ += game.to_json(other) != game.to_json(st)
                a = game.sample(st, seat, Rng.from_seed(n))
                b = game.sample(other, seat, Rng.from_seed(n))
                assert game.to_json(a) == game.to_json(b), (seed, n, seat)
                if any(d.seat == seat for d in game.decisions(st)) and n % 2 == 0:
                    plies, options = game.search_plies, game.search_options
                    assert (search.search(game, st, seat, budget, n, plies, **options)
                            == search.search(game, other, seat, budget, n, plies, **options)), (seed, n, seat)
                    searched += 1
    return differ, searched


def relabel_twin(game, st, own: Sequence[int], others: Sequence[int], pool: Sequence[str], rng: random.Random,
                 klass: Callable[[Any, Any], Any] = lambda st, c: 0) -> Any:
    """A twin of ``st`` for a game whose cards are instances indexing ``st.cards``: ``own`` (the seat's own hidden
    instances) permuted among themselves, each of ``others`` (hidden instances of other seats) given a card of
    its class drawn from ``pool`` (so the other seats hold other hands and play other deck lists), and an int
    ``st.rng`` replaced (other future shuffles and rolls, which no seat knows). ``klass(state, instance)`` is
    what the seat can tell of a hidden card (e.g. a face-down card's type); it is asked ``klass(None, card id)``
    of the pool's cards."""
    by_class: dict = {}
    for name in pool:
        by_class.setdefault(klass(None, name), []).append(name)
    names = permutation(st, own, rng, klass)
    for c in others:
        names[c] = rng.choice(by_class[klass(st, c)])
    out = relabel(game, st, names)
    if isinstance(getattr(out, "rng", None), int):
        out.rng = rng.getrandbits(64)
    return out


def check_answers(game, seed: int = 4, every: int = 13, budget: int = 40, **table) -> int:
    """Assert that the search's choice is one of the deciding seat's options, that it ran ``budget`` iterations
    (none for a single option), and that the state it searched is unchanged. Returns the positions checked."""
    checked = 0
    for st, n, _ in positions(game, seed, every, **table):
        d = game.decisions(st)[0]
        before = game.to_json(st)
        choice, stats = search.search(game, st, d.seat, budget, n, game.search_plies)
        assert d.option(choice) is not None
        assert game.to_json(st) == before
        assert stats.iterations == (budget if len(d.options) > 1 else 0)
        checked += 1
    return checked
