"""Meta Olympia popularity through the game contract: where tokens come from (MO-POP-01), spending
2/3/4 tokens for 2/3/4 dice and keeping one (MO-POP-02), the decision offered before each roll with only the
affordable tiers (MO-POP-03), spent tokens returned to the supply (MO-POP-04) and the stacking limits of
MO-GAP-15. Seat 0 is Home, seat 1 Away (reveals first)."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME

from .kit import (
    AWAY,
    HOME,
    board,
    choose,
    decision,
    full_time_score,
    ids,
    match_spec,
    pick,
    pop,
    position,
    reveal,
    score,
    seats,
    team,
    waiting,
)

# ---------------------------------------------------------------- MO-POP-01: collecting tokens


def test_MO_POP_01_one_popularity_at_set_up():
    """MO-POP-01, MO-SET-08: every team starts with 1 popularity token, taken from the supply of 24."""
    st = GAME.new_game(seats(3), None, 5)
    b = board(st)
    assert [p["popularity"] for p in b["players"]] == [1, 1, 1]
    assert b["supply"]["popularity"] == 24 - 3


def test_MO_POP_01_popularity_from_matches():
    """MO-POP-01, MO-RES-01/02: a match winner takes 2 popularity, the loser none; a draw gives 1 to each."""
    st = position(match_spec(team(), team(), dice=["goal"] + ["special"] * 5))
    for who in ("red-runner", "dust-warden", "canal-striker"):
        reveal(st, AWAY, who)
        ev = reveal(st, HOME, who)
    assert full_time_score(ev) == (0, 1)
    assert (pop(st, AWAY), pop(st, HOME)) == (2, 0)
    draw = position(match_spec(team(), team(), dice=["special"] * 6))
    for who in ("red-runner", "dust-warden", "canal-striker"):
        reveal(draw, AWAY, who)
        ev = reveal(draw, HOME, who)
    assert full_time_score(ev) == (0, 0)
    assert (pop(draw, AWAY), pop(draw, HOME)) == (1, 1)


def test_MO_POP_01_popularity_from_a_scrimmage():
    """MO-POP-01, MO-SCR-03: beating Greenhouse Giants (score 0, reward 1 popularity) gives 1 popularity."""
    spec = {"players": [team(), team()], "scrimmage": {"seat": 0, "card": "greenhouse-giants"},
            "dice": ["goal", "special", "special"]}
    st = position(spec, seed=11)
    for who in ("red-runner", "dust-warden", "canal-striker"):
        while waiting(st) is not None and waiting(st)[1] == "tactic":
            choose(st, HOME, "pass")
        reveal(st, HOME, who)
    assert board(st)["contest"] is None
    assert pop(st, HOME) == 1
    assert [s["card"] for s in board(st)["players"][HOME]["scrims"]] == ["greenhouse-giants"]


# ---------------------------------------------------------------- MO-POP-02/04: tiers, keep one, supply


@pytest.mark.parametrize("tier", [2, 3, 4])
def test_MO_POP_02_04_spend_tokens_for_as_many_dice_keep_one(tier):
    """MO-POP-02, MO-POP-04, MO-DIE-08: spending 2, 3 or 4 popularity rolls 2, 3 or 4 dice; the player keeps
    one result (the Goal here: +1) and the tokens go back to the supply."""
    faces = ["boost8", "goal", "counter", "special"][:tier]
    st = position(match_spec(team(), team("red-runner", popularity=4), dice=faces))
    reveal(st, AWAY, "red-runner")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "dice")
    assert [o.id for o in d.options] == ["pop:0", "pop:2", "pop:3", "pop:4"]
    supply = board(st)["supply"]["popularity"]
    choose(st, AWAY, f"pop:{tier}")
    assert pop(st, AWAY) == 4 - tier
    assert board(st)["supply"]["popularity"] == supply + tier
    d = decision(st)
    assert d.kind == "keep"
    assert sorted(o.id for o in d.options) == sorted(f"face:{f}" for f in faces)
    choose(st, AWAY, "face:goal")
    assert board(st)["last_roll"]["faces"] == faces
    assert score(st) == {AWAY: 1, HOME: 0}


# ---------------------------------------------------------------- MO-POP-03: before the roll


@pytest.mark.parametrize(("have", "offered"), [(0, None), (1, None), (2, ["pop:0", "pop:2"]),
                                               (3, ["pop:0", "pop:2", "pop:3"]),
                                               (9, ["pop:0", "pop:2", "pop:3", "pop:4"])])
def test_MO_POP_03_offered_before_the_roll_with_the_affordable_tiers(have, offered):
    """MO-POP-03: before the roll the team is asked to spend popularity, listing only the tiers it can pay;
    with fewer than 2 tokens the die is rolled at once."""
    st = position(match_spec(team(), team("red-runner", popularity=have), dice=["goal"]))
    reveal(st, AWAY, "red-runner")
    if offered is None:
        assert score(st) == {AWAY: 1, HOME: 0}
        assert waiting(st) == (HOME, "athlete")
    else:
        d = decision(st)
        assert (d.seat, d.kind, d.default) == (AWAY, "dice", "pop:0")
        assert [o.id for o in d.options] == offered
        assert score(st) == {AWAY: 0, HOME: 0}
        assert board(st)["last_roll"] is None  # nothing rolled yet


def test_MO_POP_03_no_spending_after_seeing_the_result():
    """MO-POP-03: once the dice are rolled (the keep-one choice is open, or the result resolved) popularity
    can no longer be spent on that roll: the option is refused and nothing changes."""
    st = position(match_spec(team(), team("red-runner", popularity=4), dice=["injury", "goal"]))
    reveal(st, AWAY, "red-runner")
    choose(st, AWAY, "pop:2")
    assert decision(st).kind == "keep"
    before = GAME.view(st, AWAY)
    with pytest.raises(RulesError):
        GAME.apply(st, AWAY, "pop:2")
    assert GAME.view(st, AWAY) == before
    assert pop(st, AWAY) == 2
    choose(st, AWAY, "face:goal")
    assert score(st) == {AWAY: 1, HOME: 0}
    with pytest.raises(RulesError):
        GAME.apply(st, AWAY, "pop:2")
    assert pop(st, AWAY) == 2


def test_MO_POP_03_every_roll_is_preceded_by_the_decision():
    """MO-POP-03: a second roll (Kasei Flyer's 8-Boost: roll a die) gets its own popularity decision first."""
    st = position(match_spec(team(), team("kasei-flyer", popularity=4), dice=["boost8", "goal"]))
    reveal(st, AWAY, "kasei-flyer")
    choose(st, AWAY, "pop:0")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "dice")
    assert pop(st, AWAY) == 4
    choose(st, AWAY, "pop:0")
    assert score(st) == {AWAY: 1, HOME: 0}


# ---------------------------------------------------------------- MO-GAP-15


def test_MO_GAP_15_tactic_and_popularity_dice_stack_to_four():
    """MO-GAP-15: a tactic granting 2 dice (Tactical Timeout, 1 popularity) stacks with popularity dice up to
    the four dice: 2 tokens add 1 die, 3 add 2, the 4-token tier (5 dice) is not offered; 3 tokens roll 4
    dice."""
    away = team("red-runner", tactics=["tactical-timeout"], popularity=5)
    st = position(match_spec(team(), away, dice=["special", "special", "boost4", "goal", "counter",
                                                 "injury"]))
    reveal(st, AWAY, "red-runner")
    choose(st, AWAY, "pop:0")
    reveal(st, HOME, "dust-warden")
    pick(st, AWAY, "tactical-timeout", "tactic:")
    assert pop(st, AWAY) == 4
    assert ids(st) == ["pop:0", "pop:2", "pop:3"]
    choose(st, AWAY, "pop:3")
    assert pop(st, AWAY) == 1
    assert board(st)["last_roll"]["faces"] == ["boost4", "goal", "counter", "injury"]
    choose(st, AWAY, "face:goal")
    assert score(st) == {AWAY: 1, HOME: 0}


def test_MO_GAP_15_lucky_athlete_stacks_to_four():
    """MO-GAP-15, MO-ATH-03: a lucky athlete's free second die counts toward the four: only 2 and 3 tokens are
    offered."""
    st = position(match_spec(team(), team("argyre-volley", popularity=4), dice=["goal"]))
    reveal(st, AWAY, "argyre-volley")
    assert ids(st) == ["pop:0", "pop:2", "pop:3"]


def test_MO_GAP_15_holding_popularity_unlocks_nothing():
    """MO-GAP-15: popularity held but not spent gives nothing: a team with 10 tokens that spends none rolls
    one die, exactly like a team with none, and keeps its tokens."""
    rich = position(match_spec(team(), team("red-runner", popularity=10), dice=["counter", "goal"]))
    reveal(rich, AWAY, "red-runner")
    choose(rich, AWAY, "pop:0")
    assert board(rich)["last_roll"]["faces"] == ["counter"]
    assert waiting(rich) == (HOME, "athlete")
    assert pop(rich, AWAY) == 10
    assert score(rich) == {AWAY: 0, HOME: 0}
