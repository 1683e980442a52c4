"""Per-action snapshots (docs/performance.md, Snapshots): ``snapshot`` leaves out what ``static_json`` holds (stored once
per table), and ``from_snapshot`` with that static part rebuilds the state exactly; a whole ``to_json`` text
with no static part (a table stored before snapshots were split) still loads. Checked along seeded random playouts of
every registered game."""

from __future__ import annotations

import json
import random

import pytest

from games import GAME_MODULES, get_game
from games.core.contract import SeatSetup
from games.core.playout import starter_seats

ALL = [(e, n) for e in sorted(GAME_MODULES) for n in sorted({get_game(e).min_seats, get_game(e).max_seats})]
CASES = [(e, n) for e, n in ALL if get_game(e).static_type is not None]
"""Games that keep a static part apart; a game without one (MetaZoo: tokens and copies add cards during
play, so its card list is not static) stores whole states, checked by the last test."""
WHOLE = [(e, n) for e, n in ALL if get_game(e).static_type is None]


def playout(game_id: str, seats: int, seed: int, limit: int = 300):
    """A seeded random game: its state after set-up and after every choice (yielded live; ``limit`` choices)."""
    game = get_game(game_id)
    st = game.new_game(starter_seats(game, seed, seats), None, seed)
    rng = random.Random(seed)
    yield game, st
    for _ in range(limit):
        if game.result(st) is not None:
            return
        d = rng.choice(game.decisions(st))
        game.apply(st, d.seat, rng.choice(d.options).id)
        yield game, st


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_snapshot_plus_static_part_rebuilds_every_state_exactly(game_id, seats):
    """The static part never changes during a game, the snapshot repeats none of it (no card list, no
    name), and snapshot + static part give back a state equal to the live one, which plays on the same."""
    static = None
    for seed in (1, 2):
        for game, st in playout(game_id, seats, seed):
            if static is None or game.version(st) == 0:
                static = game.static_json(st)
                assert static is not None
                names = [p.name for p in st.players]
            assert game.static_json(st) == static
            snap = game.snapshot(st)
            assert '"cards"' not in snap and not any(json.dumps(n) in snap for n in names)
            back = game.from_snapshot(snap, static)
            assert game.to_json(back) == game.to_json(st)
            assert game.snapshot(back) == snap
            assert game.decisions(back) == game.decisions(st)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_snapshots_are_under_half_of_the_whole_state(game_id, seats):
    """The target: bytes per action halved against the whole ``to_json`` the store wrote before."""
    full = snap = 0
    for game, st in playout(game_id, seats, 3):
        full += len(game.to_json(st))
        snap += len(game.snapshot(st))
    assert snap * 2 < full


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_whole_state_text_without_static_part_still_loads(game_id, seats):
    """A table stored before snapshots were split has whole ``to_json`` snapshots and no static part."""
    for game, st in playout(game_id, seats, 4, limit=40):
        assert game.to_json(game.from_snapshot(game.to_json(st), None)) == game.to_json(st)


@pytest.mark.parametrize("game_id", sorted(e for e in GAME_MODULES if get_game(e).static_type is not None))
def test_from_snapshot_refuses_parts_that_do_not_fit(game_id):
    """Text that is not a snapshot is a ``TypeError``; a static part of another seat count a ``ValueError``."""
    game = get_game(game_id)
    decks = list(game.starter_decks().values())
    two = game.new_game([SeatSetup("A", decks[0]), SeatSetup("B", decks[0])], None, 5)
    with pytest.raises(TypeError):
        game.from_snapshot('{"players": "none"}', game.static_json(two))
    with pytest.raises(TypeError):
        game.from_snapshot(game.snapshot(two), '{"cards": 3}')
    if game.max_seats > 2:
        three = game.new_game([SeatSetup(n, decks[0]) for n in "ABC"], None, 5)
        with pytest.raises(ValueError, match="names"):
            game.from_snapshot(game.snapshot(three), game.static_json(two))


@pytest.mark.parametrize(("game_id", "seats"), WHOLE)
def test_a_game_without_a_static_part_stores_whole_states_that_rebuild_it(game_id, seats):
    """``static_type`` None (the contract's documented choice): no static part, each snapshot is the whole
    ``to_json`` text, and it rebuilds the live state exactly, which plays on the same."""
    for game, st in playout(game_id, seats, 6, limit=150):
        assert game.static_json(st) is None
        snap = game.snapshot(st)
        assert snap == game.to_json(st)
        back = game.from_snapshot(snap, None)
        assert game.to_json(back) == snap and game.decisions(back) == game.decisions(st)
