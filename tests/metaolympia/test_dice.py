"""Meta Olympia dice through the game contract: the face table (MO-DIE-01, MO-GAP-01) checked on
the table and on large seeded samples of real rolls, and each face's effect (MO-DIE-02..07) and the
several-dice keep-one choice (MO-DIE-08) with loaded dice. Seat 0 is Home, seat 1 Away (reveals first)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME
from games.metaolympia.gaps import DECISIONS as GAPS
from games.metaolympia.rules.base import FACE_NAMES, FACES

from .kit import (
    AWAY,
    HOME,
    athlete_ids,
    board,
    choose,
    decision,
    match_spec,
    pick,
    pop,
    position,
    reveal,
    score,
    seats,
    team,
    texts,
    waiting,
)

TABLE = {"goal": 3, "counter": 3, "boost4": 2, "boost8": 2, "special": 1, "injury": 1}
"""MO-GAP-01 as the gap record states it."""
BY_NAME = {v: k for k, v in FACE_NAMES.items()}

# ---------------------------------------------------------------- MO-DIE-01, MO-GAP-01: the faces


def test_MO_DIE_01_GAP_01_the_face_table():
    """MO-DIE-01, MO-GAP-01: one die of 12 faces carrying the six symbols, Goal on exactly 3; Counter 3,
    4-Boost 2, 8-Boost 2, Special Ability 1, Injury 1, as the gap record says."""
    assert len(FACES) == 12
    assert Counter(FACES) == TABLE
    assert set(FACE_NAMES) == set(TABLE)
    text = GAPS["MO-GAP-01"]
    assert "Goal on 3 faces, Counter on 3, 4-Boost on 2, 8-Boost on 2, Special Ability on 1" in text
    assert "Injury on 1 (12 faces)" in text


def _within(counts: Counter, n: int) -> None:
    """Every face's share of ``n`` rolls is within 5 standard deviations of its table share."""
    assert set(counts) == set(TABLE), counts
    for face, k in TABLE.items():
        p = k / 12
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(counts[face] - n * p) <= 5 * sd, (face, counts[face], n * p)


def test_MO_DIE_01_GAP_01_seeded_start_rolls_follow_the_table():
    """MO-DIE-01, MO-GAP-01, MO-ORD-01: the start rolls of 3000 seeded four-team games (over 12000 dice) show
    the six symbols in the table's proportions, and each of the four dice (seat positions) shows Goal about a
    quarter of the time: all four dice are identical."""
    names = ["T0", "T1", "T2", "T3"]
    counts: Counter = Counter()
    per_die: list[Counter] = [Counter() for _ in range(4)]
    first = 0
    for seed in range(3000):
        st = GAME.new_game(seats(4), {"team_names": names}, seed)
        for line in texts(GAME.intro(st)):
            if not line.startswith("Start roll: "):
                continue
            parts = line[len("Start roll: "):-1].split(", ")
            for part in parts:
                team_name, face = part.split(" ", 1)
                counts[BY_NAME[face]] += 1
                if len(parts) == 4:
                    per_die[int(team_name[1])][BY_NAME[face]] += 1
            first += len(parts) == 4
    n = sum(counts.values())
    assert n >= 12000
    _within(counts, n)
    for c in per_die:
        _within(c, first)


def test_MO_GAP_01_match_rolls_follow_the_table():
    """MO-GAP-01, MO-CMP-03: Reveal & Roll dice in 400 seeded matches (no loaded dice) follow the same
    table."""
    counts: Counter = Counter()
    pat = re.compile(r"rolls \d+ dic?e for .* \(.*\): (.*)\.$")
    for seed in range(400):
        st = position(match_spec(team(), team(), dice=[]), seed=seed)
        while board(st)["contest"] is not None:
            d = decision(st)
            for e in GAME.apply(st, d.seat, d.default or d.options[0].id):
                m = pat.search(e.text)
                if m:
                    counts.update(BY_NAME[f] for f in m.group(1).split(", "))
    n = sum(counts.values())
    assert n >= 2400
    _within(counts, n)


# ---------------------------------------------------------------- MO-DIE-02..04: Goal and Counter


def test_MO_DIE_02_goal_adds_one_to_the_rollers_score():
    """MO-DIE-02: a Goal adds 1 to the roller's own score, Away and Home alike."""
    st = position(match_spec(team(), team(), dice=["goal", "goal", "goal"]))
    reveal(st, AWAY, "dust-warden")  # a defensive athlete's Goal scores too (MO-GAP-01)
    assert score(st) == {AWAY: 1, HOME: 0}
    reveal(st, HOME, "red-runner")
    assert score(st) == {AWAY: 1, HOME: 1}
    reveal(st, AWAY, "red-runner")
    assert score(st) == {AWAY: 2, HOME: 1}


def test_MO_DIE_03_counter_blocks_one_opponent_goal():
    """MO-DIE-03: a Counter subtracts 1 from the opponent's score and leaves the roller's own alone."""
    st = position(match_spec(team(), team(), dice=["goal", "goal", "goal", "counter"]))
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "red-runner")
    reveal(st, AWAY, "canal-striker")
    assert score(st) == {AWAY: 2, HOME: 1}
    reveal(st, HOME, "dust-warden")
    assert score(st) == {AWAY: 1, HOME: 1}


def test_MO_DIE_04_counter_against_zero_does_nothing():
    """MO-DIE-03/04: a Counter against a score of 0 has no effect: the score stays 0, never negative, and a
    later Goal of that team counts in full."""
    st = position(match_spec(team(), team(), dice=["counter", "goal"]))
    ev = reveal(st, AWAY, "dust-warden")
    assert score(st) == {AWAY: 0, HOME: 0}
    assert any("no goal to block" in t for t in texts(ev))
    reveal(st, HOME, "red-runner")
    assert score(st) == {AWAY: 0, HOME: 1}


# ---------------------------------------------------------------- MO-DIE-05..07


@pytest.mark.parametrize(("athlete", "face", "goals", "credits", "popularity"), [
    ("red-runner", "boost4", 1, 3, 0),     # printed 4-Boost: +1 goal
    ("red-runner", "boost8", 0, 3, 0),     # no 8-Boost printed: nothing
    ("dune-winger", "boost8", 0, 4, 0),    # 8-Boost: +1 credit
    ("crater-keeper", "boost8", 0, 3, 1),  # 8-Boost: +1 popularity
    ("canal-striker", "boost8", 1, 3, 0),  # 8-Boost: +1 goal
    ("jezero-diver", "boost4", 0, 4, 0),   # no 4-Boost printed (its On Play gives the credit)
])
def test_MO_DIE_05_boost_faces_do_what_the_card_prints(athlete, face, goals, credits, popularity):
    """MO-DIE-05, MO-ATH-06: a 4-Boost or 8-Boost face does the athlete's printed boost, nothing when the card
    prints none."""
    st = position(match_spec(team(), team(athlete), dice=[face]))
    ev = reveal(st, AWAY, athlete)
    assert score(st) == {AWAY: goals, HOME: 0}
    assert board(st)["players"][AWAY]["credits"] == credits
    assert pop(st, AWAY) == popularity
    if (face == "boost8" and athlete == "red-runner") or athlete == "jezero-diver":
        assert any("nothing happens" in t for t in texts(ev))


@pytest.mark.parametrize(("athlete", "goals"), [("huoxing", 3), ("koroibos", 0), ("canal-striker", 0),
                                                ("diagoras", 1)])
def test_MO_DIE_06_special_face_activates_a_printed_special_only(athlete, goals):
    """MO-DIE-06, MO-ATH-05: Special Ability does the printed special (Huoxing +3 goals; Diagoras +1 goal and
    +2 popularity); a Pro without one (Koroibos) or a Rookie does nothing."""
    st = position(match_spec(team(), team(athlete), dice=["special"]))
    ev = reveal(st, AWAY, athlete)
    assert score(st) == {AWAY: goals, HOME: 0}
    base = 1 if athlete == "koroibos" else 0  # Koroibos's On Play: +1 popularity
    assert pop(st, AWAY) == base + (2 if athlete == "diagoras" else 0)
    if goals == 0:
        assert any("no Special Ability: nothing happens" in t for t in texts(ev))


def test_MO_DIE_07_injury_face_injures_the_athlete():
    """MO-DIE-07, MO-INJ-01: an Injury face injures the athlete rolled for: face down on the mat, counted on
    the board, flagged in its owner's view; the score is untouched."""
    st = position(match_spec(team(), team(), dice=["injury"]))
    reveal(st, AWAY, "red-runner")
    b = board(st)
    assert b["contest"]["mat"][0]["injured"] is True
    assert b["players"][AWAY]["injured"] == 1 and b["players"][HOME]["injured"] == 0
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    assert score(st) == {AWAY: 0, HOME: 0}


# ---------------------------------------------------------------- MO-DIE-08: several dice, keep one


def test_MO_DIE_08_popularity_dice_keep_one_result():
    """MO-DIE-08, MO-POP-02: two dice bought with popularity are both rolled; the player chooses which single
    result to keep and only that one resolves (Huoxing: 8-Boost +2 kept over Goal +1 and Special +3)."""
    st = position(match_spec(team(), team("huoxing", popularity=3), dice=["goal", "boost8", "special"]))
    reveal(st, AWAY, "huoxing")
    choose(st, AWAY, "pop:3")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "keep")
    assert sorted(o.id for o in d.options) == ["face:boost8", "face:goal", "face:special"]
    assert score(st) == {AWAY: 0, HOME: 0}
    choose(st, AWAY, "face:boost8")
    assert score(st) == {AWAY: 2, HOME: 0}
    assert board(st)["last_roll"]["faces"] == ["goal", "boost8", "special"]
    assert board(st)["last_roll"]["kept"] == "boost8"


def test_MO_DIE_08_tactic_dice_keep_one_result():
    """MO-DIE-08: a tactic card granting two dice (Tactical Timeout: roll 2 dice, keep one) rolls both; the
    player keeps the Counter."""
    away = team("red-runner", tactics=["tactical-timeout"], popularity=1)
    st = position(match_spec(team(), away, dice=["special", "goal", "goal", "counter"]))
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "red-runner")
    assert score(st) == {AWAY: 0, HOME: 1}
    pick(st, AWAY, "tactical-timeout", "tactic:")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "keep")
    assert sorted(o.id for o in d.options) == ["face:counter", "face:goal"]
    choose(st, AWAY, "face:counter")
    assert score(st) == {AWAY: 0, HOME: 0}
    assert pop(st, AWAY) == 0


def test_MO_DIE_08_same_faces_need_no_choice_and_a_face_not_rolled_is_refused():
    """MO-DIE-08: when every die shows the same face there is nothing to choose; a face that was not rolled is
    refused with the options listed, and the state does not change."""
    st = position(match_spec(team(), team("red-runner", popularity=2),
                             dice=["goal", "goal", "goal", "boost4"]))
    reveal(st, AWAY, "red-runner")
    choose(st, AWAY, "pop:2")
    assert score(st) == {AWAY: 1, HOME: 0}
    assert waiting(st) == (HOME, "athlete")
    st2 = position(match_spec(team(), team("red-runner", popularity=2), dice=["goal", "boost4"]))
    reveal(st2, AWAY, "red-runner")
    choose(st2, AWAY, "pop:2")
    before = GAME.view(st2, AWAY)
    with pytest.raises(RulesError) as e:
        GAME.apply(st2, AWAY, "face:special")
    assert "face:goal" in str(e.value) and "face:boost4" in str(e.value)
    assert GAME.view(st2, AWAY) == before
