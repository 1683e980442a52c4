"""Every registered game keeps the game contract (DESIGN.md, ``games.core.contract.Game``), checked along
seeded random games that mix random players with the game's own computer player, at the fewest and the most
seats (at most four) with the options a table gives (team names and colours, allies). A new game inherits
these checks by being registered. After every choice:

* the game is over exactly when nobody has a decision (never stuck, never played past its end);
* each decision is well formed: a seat of the table, a prompt, options with distinct ids and distinct labels
  a button can show (1..80 characters), ``min``/``max`` within the options, a default that is
  one of them;
* ``view`` gives each seat exactly its own decisions, everyone the same public board and the same seats in
  ``waiting`` (with the seat's own decision kinds; others may see a public word, Meta's "playing"); a
  spectator has no private part and no decision; the board is JSON; the text boards are text, the decision's
  context in lines of at most 40 characters;
* a choice the rules do not allow raises ``RulesError`` and changes nothing (the whole ``to_json`` and the
  version are the same): a seat with no decision, a seat outside the table, an option id never offered, an
  option of another seat's decision, a multiple choice out of its bounds (DESIGN.md: ``apply`` validates
  completely before it changes anything);
* the state round-trips through ``to_json`` and plays on the same;
* the computer player (strict: its own mistakes raise instead of falling back to the default) and the
  documented timeout default both choose a legal option, from the seat's own decision and view;
* a concession takes the seat out: it never decides again.

At the end the logged choices replayed on a new game with the same seed give the same final state (the log is
the source of truth), and the game ended.
"""

from __future__ import annotations

import json
import random

import pytest

from bot.cli import simulate_options
from games import GAME_MODULES, get_game
from games.core.playout import starter_seats
from games.core.values import RulesError

CASES = [
    (g, n)
    for g in sorted(GAME_MODULES)
    for n in sorted({get_game(g).min_seats, min(4, get_game(g).max_seats)})
]
MAX_CHOICES = 4000
"""More than any random game here takes (a two-against-two Memesis game is the longest, about 2,400)."""


def new_table(game, seats: int, seed: int):
    """A new game as a table creates it (starter decks, and the team names, colours and allies a lobby
    gives) and the ``new_game`` arguments, for the replay."""
    teams = "2v2" if game.has_teams and seats == 4 else None
    got = simulate_options(game, seed, seats, teams)
    assert got is not None
    _, options = got
    setups = starter_seats(game, seed, seats)
    return game.new_game(setups, None if options is None else dict(options), seed), (setups, options)


def check_decisions(game, st, seats: int) -> list:
    decs = game.decisions(st)
    over = game.result(st) is not None
    assert over != bool(decs), f"over={over} with {len(decs)} open decisions"
    for d in decs:
        assert 0 <= d.seat < seats and d.prompt.strip() and d.kind
        ids = [o.id for o in d.options]
        labels = [o.label for o in d.options]
        assert ids and len(set(ids)) == len(ids), f"option ids repeat: {ids}"
        assert len(set(labels)) == len(labels), f"labels repeat in {d.kind}: {labels}"
        assert all(1 <= len(lb) <= 80 for lb in labels), [lb for lb in labels if not 1 <= len(lb) <= 80]
        assert 0 <= d.min <= d.max <= len(d.options) and d.max >= 1
        assert d.default is None or d.default in ids
    return decs


def check_views(game, st, seats: int, decs: list, texts: bool) -> None:
    waiting = [d.seat for d in decs]
    spectator = game.view(st, None)
    assert spectator.private is None and not spectator.decisions
    assert [s for s, _ in spectator.waiting] == waiting
    board = json.dumps(spectator.board, sort_keys=True)
    for seat in range(seats):
        v = game.view(st, seat)
        assert v.decisions == tuple(d for d in decs if d.seat == seat)
        # others may see a public word for a step (Meta: "playing", META-INF-01); the seat sees its own kinds
        assert [s for s, _ in v.waiting] == waiting
        assert [k for s, k in v.waiting if s == seat] == [d.kind for d in decs if d.seat == seat]
        assert json.dumps(v.board, sort_keys=True) == board, "a seat's public board differs from the spectator's"
        json.dumps(v.private)
        if texts:
            for text in (game.board_text(v), game.private_text(v), game.context_text(v)):
                assert isinstance(text, str)
            # Whole lines, never hard-wrapped (Discord and the terminal wrap to their own width;
            # this asserted 40-character lines before); no blank filler line either
            blank = [line for line in game.context_text(v).splitlines() if not line.strip()]
            assert not blank, "blank context line"


def refused(game, st, seat: int, choice) -> None:
    """``apply(st, seat, choice)`` raises RulesError and leaves the state as it was."""
    before, version = game.to_json(st), game.version(st)
    with pytest.raises(RulesError) as err:
        game.apply(st, seat, choice)
    assert err.value.message.strip()
    assert game.version(st) == version and game.to_json(st) == before, f"refused {choice!r} changed the state"


def check_refusals(game, st, seats: int, decs: list, rng: random.Random) -> None:
    d = rng.choice(decs)
    deciding = {x.seat for x in decs}
    idle = [s for s in range(seats) if s not in deciding]
    if idle:
        refused(game, st, rng.choice(idle), d.options[0].id)
    refused(game, st, -1, d.options[0].id)
    refused(game, st, seats, d.options[0].id)
    refused(game, st, d.seat, "no-such-option:999")
    for other in decs:
        if other.seat != d.seat:
            ids = {o.id for o in d.options}
            foreign = [o.id for o in other.options if o.id not in ids]
            if foreign:
                refused(game, st, d.seat, foreign[0])
            break
    if d.max < len(d.options):
        refused(game, st, d.seat, [o.id for o in d.options[: d.max + 1]])
    if d.min > 1:
        refused(game, st, d.seat, [d.options[0].id])


def check_round_trip(game, st) -> None:
    text = game.to_json(st)
    back = game.from_json(text)
    assert game.to_json(back) == text
    assert game.decisions(back) == game.decisions(st)


def check_chooser(game, st, d, chosen) -> None:
    """``chosen`` (an option id or ids for ``d``) is legal: applied to a copy it is accepted."""
    copy = game.from_json(game.to_json(st))
    game.apply(copy, d.seat, chosen)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_game_keeps_the_contract_along_seeded_games(game_id, seats, seed):
    game = get_game(game_id)
    st, (setups, options) = new_table(game, seats, seed)
    rng = random.Random(seed * 31 + seats)
    bot = game.computer(seed)
    bot.strict = True  # a computer player's own mistakes show (GuardedPlayer falls back silently otherwise)
    computer_seat = rng.randrange(seats)
    log: list[tuple[int, object]] = []
    for step in range(MAX_CHOICES):
        decs = check_decisions(game, st, seats)
        if not decs:
            break
        check_views(game, st, seats, decs, texts=step % 5 == 0)
        if step % 3 == 0:
            check_refusals(game, st, seats, decs, rng)
        if step % 4 == 0:
            check_round_trip(game, st)
        d = rng.choice(decs)
        view = game.view(st, d.seat)
        if step % 6 == 0:
            check_chooser(game, st, d, game.timeout_choice(st, d))
        if d.seat == computer_seat:
            choice = bot(d, view)
        else:
            k = rng.randint(max(1, d.min), d.max) if d.max > 1 else 1
            picked = rng.sample([o.id for o in d.options], k)
            choice = picked[0] if d.max == 1 else picked
        game.apply(st, d.seat, choice)
        log.append((d.seat, choice))
    assert game.result(st) is not None, f"no result after {MAX_CHOICES} choices"
    assert not game.out_seats(st)
    replay = game.new_game(setups, None if options is None else dict(options), seed)
    for seat, choice in log:
        game.apply(replay, seat, choice)
    assert game.to_json(replay) == game.to_json(st)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_conceded_seat_never_decides_again(game_id, seats):
    """``concede`` (the host's /concede and absence): the seat is out for good, and a two-seat game ends."""
    game = get_game(game_id)
    for seed in (3, 4):
        st, _ = new_table(game, seats, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            decs = game.decisions(st)
            if not decs:
                break
            d = rng.choice(decs)
            game.apply(st, d.seat, d.options[rng.randrange(len(d.options))].id)
        if game.result(st) is not None:
            continue
        gone = rng.randrange(seats)
        game.concede(st, gone)
        if seats == 2:
            assert game.result(st) is not None
        for _ in range(MAX_CHOICES):
            decs = check_decisions(game, st, seats)
            if not decs:
                break
            assert all(d.seat != gone for d in decs), f"seat {gone} conceded but decides {decs[0].kind}"
            d = rng.choice(decs)
            game.apply(st, d.seat, d.options[rng.randrange(len(d.options))].id)
        assert game.result(st) is not None
