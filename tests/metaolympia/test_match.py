"""Meta Olympia matches through the game contract: the Defining Moments and the order of the two
sets of actions (MO-MAT-01..10, MO-GAP-03), match results and rewards (MO-RES-01..03) and minor sponsors with
match goals (MO-GAP-13). Positions come from ``GAME.position`` with ``match: [home, away]``; results are steered
with loaded dice (``kit.match_dice``)."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME

from .kit import (
    AWAY_WINS,
    BLANK,
    DRAW,
    HOME_WINS,
    board,
    choose,
    decision,
    drive,
    dull,
    full_times,
    match_dice,
    option,
    position,
    texts,
)


def _tokens(st, seat):
    p = board(st)["players"][seat]
    return p["prestige"], p["credits"], p["popularity"]


def _next_stage(st, d):
    return d.kind == "move"


def test_MO_MAT_01_MO_MAT_08_three_defining_moments_then_full_time():
    """MO-MAT-01, MO-MAT-08: a match is three Defining Moments, each with one Reveal & Roll per team; after the
    third the match ends and the higher score wins."""
    st = position({"match": [0, 1], "dice": HOME_WINS})
    moments = []
    trace, events = [], []
    while decision(st).kind == "athlete":
        moments.append(board(st)["contest"]["moment"])
        d = decision(st)
        trace.append(d.seat)
        events += choose(st, d.seat, d.options[0].id)
    assert moments == [1, 1, 2, 2, 3, 3]
    assert trace == [1, 0, 1, 0, 1, 0]
    assert board(st)["contest"] is None  # the match is over: the next stage's Pre-Season has begun
    assert [t for t in texts(events, viewer=None) if t.startswith("End of Defining Moment")] == [
        "End of Defining Moment 1: Gusev Super Colliders 1, Jezero Dust Devils 0.",
        "End of Defining Moment 2: Gusev Super Colliders 1, Jezero Dust Devils 0.",
        "End of Defining Moment 3: Gusev Super Colliders 1, Jezero Dust Devils 0.",
    ]
    assert full_times(events) == ["Full time: Gusev Super Colliders 1, Jezero Dust Devils 0 — Gusev Super "
                                  "Colliders win and collect 1 prestige, 1 credit and 2 popularity."]
    players = board(st)["players"]
    assert (players[0]["wins"], players[0]["losses"]) == (1, 0)
    assert (players[1]["wins"], players[1]["losses"]) == (0, 1)


def test_MO_MAT_08_equal_scores_are_a_draw():
    """MO-MAT-08: equal scores after the third Defining Moment are a draw (1-1 here)."""
    st = position({"match": [0, 1], "dice": match_dice(("goal", "goal"), (BLANK, BLANK), (BLANK, BLANK))})
    events = drive(st, dull, until=_next_stage).events
    assert len(full_times(events)) == 1 and "a draw" in full_times(events)[0]
    assert [(p["wins"], p["draws"], p["losses"]) for p in board(st)["players"]] == [(0, 1, 0), (0, 1, 0)]


@pytest.mark.parametrize("home,away", [(0, 1), (1, 0)])
def test_MO_MAT_02_MO_MAT_04_MO_MAT_10_away_reveals_first_home_after_the_result(home, away):
    """MO-MAT-02, MO-MAT-04, MO-MAT-10, MO-GAP-03: the Away team does its Reveal & Roll first; its die is rolled
    and resolved (the score moves) before the Home team is asked; the board names Home and Away."""
    st = position({"match": [home, away], "dice": match_dice(("goal", "goal"), (BLANK, BLANK), (BLANK, BLANK))})
    c = board(st)["contest"]
    assert (c["home"], c["away"]) == (home, away)
    d = decision(st)
    assert (d.seat, d.kind) == (away, "athlete")
    assert "(Away)" in d.prompt
    events = choose(st, away, d.options[0].id)
    assert any("rolls 1 die" in t for t in texts(events, viewer=None)) and any(
        "+1 goal" in t for t in texts(events, viewer=None))
    assert board(st)["last_roll"]["seat"] == away
    assert board(st)["contest"]["score"] == [1, 0]  # [Away, Home]
    d = decision(st)
    assert (d.seat, d.kind) == (home, "athlete") and "(Home)" in d.prompt
    choose(st, home, d.options[0].id)
    assert board(st)["contest"]["score"] == [1, 1]


def test_MO_MAT_02_MO_MAT_10_away_first_in_both_sets_of_every_moment():
    """MO-MAT-02, MO-MAT-10: in every Defining Moment the Away team goes first in Reveal & Roll and in Play
    Tactic Cards (both teams hold a free tactic so each tactic turn is a real decision)."""
    st = position({"match": [0, 1], "dice": DRAW,
                   "players": [{"tactics": ["crowd-roar"] * 3}, {"tactics": ["crowd-roar"] * 3}]})
    trace = drive(st, dull, until=_next_stage).trace
    assert trace == [(1, "athlete"), (0, "athlete"), (1, "tactic"), (0, "tactic")] * 3


def test_MO_MAT_03_reveal_only_healthy_athletes_then_on_play_then_roll():
    """MO-MAT-03: only athletes that are not injured may be revealed; the athlete is face up on the mat, its On
    Play ability resolves at once, then its die is rolled and the result resolved. An injured athlete's id is
    refused without a change."""
    st = position({"match": [0, 1], "dice": DRAW,
                   "players": [{}, {"athletes": ["jezero-diver", "dust-warden", "regolith-stopper", "crater-keeper",
                                                 "red-runner", "canal-striker"], "injured": ["dust-warden"]}]})
    # Ben's recovery roll for the injured Dust Warden comes first (MO-INJ-06); a Goal leaves it injured
    st.loaded.insert(0, "goal")
    d = decision(st)
    assert d.kind == "recover_dice"
    choose(st, 1, "extra:0")
    d = decision(st)
    labels = [o.label for o in d.options]
    assert d.kind == "athlete" and not any("Dust Warden" in x for x in labels) and len(labels) == 5
    injured = next(a for a in range(len(st.cards)) if st.cards[a] == "dust-warden" and a in st.players[1].injured)
    before = GAME.to_json(st)
    with pytest.raises(RulesError):
        GAME.apply(st, 1, f"athlete:{injured}")
    assert GAME.to_json(st) == before
    credits = _tokens(st, 1)[1]
    events = texts(choose(st, 1, option(st, label="Jezero Diver")), viewer=None)
    reveal = next(i for i, t in enumerate(events) if "reveals Jezero Diver" in t)
    on_play = next(i for i, t in enumerate(events) if t.startswith("On Play: Jezero Diver"))
    gains = next(i for i, t in enumerate(events) if "gains 1 credit." in t)
    roll = next(i for i, t in enumerate(events) if "rolls 1 die for Jezero Diver" in t)
    assert reveal < on_play < gains < roll
    assert _tokens(st, 1)[1] == credits + 1
    mat = board(st)["contest"]["mat"]
    assert mat[0]["card"] == "jezero-diver" and mat[0]["injured"] is False


def test_MO_MAT_03_combo_resolves_before_the_roll():
    """MO-MAT-03: a revealed athlete's combo resolves before its die: Chryse Junior after the offensive Red
    Runner scores +1 goal, then rolls a blank."""
    st = position({"match": [0, 1], "dice": DRAW,
                   "players": [{}, {"athletes": ["red-runner", "chryse-junior", "dust-warden", "regolith-stopper",
                                                 "crater-keeper", "canal-striker"]}]})
    choose(st, 1, option(st, label="Red Runner"))
    choose(st, 0, decision(st).options[0].id)
    events = texts(choose(st, 1, option(st, label="Chryse Junior")), viewer=None)
    combo = next(i for i, t in enumerate(events) if t.startswith("Combo: Chryse Junior"))
    roll = next(i for i, t in enumerate(events) if "rolls 1 die for Chryse Junior" in t)
    assert combo < roll
    assert board(st)["contest"]["score"] == [1, 0]


def test_MO_MAT_05_tactics_alternate_resolve_at_once_and_pay_their_cost():
    """MO-MAT-05: Play Tactic Cards starts with the Away team; a played tactic resolves at once and its cost is
    paid; a tactic whose cost cannot be paid is not offered (and is refused)."""
    st = position({"match": [0, 1], "dice": DRAW, "players": [
        {"tactics": ["regolith-wall", "low-gravity-leap"], "popularity": 1},
        {"tactics": ["bicycle-over-phobos", "low-gravity-leap"], "credits": 1}]})
    choose(st, 1, decision(st).options[0].id)
    choose(st, 0, decision(st).options[0].id)
    d = decision(st)
    assert (d.seat, d.kind) == (1, "tactic")
    labels = " | ".join(o.label for o in d.options)
    assert "Low-Gravity Leap" in labels and "Bicycle over Phobos" not in labels
    bicycle = next(t for t in st.players[1].tactics if st.cards[t] == "bicycle-over-phobos")
    before = GAME.to_json(st)
    with pytest.raises(RulesError):
        GAME.apply(st, 1, f"tactic:{bicycle}")
    assert GAME.to_json(st) == before
    choose(st, 1, option(st, label="Low-Gravity Leap"))
    assert board(st)["contest"]["score"] == [1, 0]  # resolved at once
    d = decision(st)
    assert (d.seat, d.kind) == (0, "tactic")
    choose(st, 0, option(st, label="Regolith Wall"))  # counter 2, cost 1 popularity
    assert board(st)["contest"]["score"] == [0, 0]
    assert _tokens(st, 0)[2] == 0


def test_MO_MAT_06_used_tactic_goes_face_up_to_the_discard_pile():
    """MO-MAT-06: a played tactic leaves its owner's hand and lies face up on the tactics discard pile."""
    st = position({"match": [0, 1], "dice": DRAW, "players": [{}, {"tactics": ["dome-broadcast"]}]})
    choose(st, 1, decision(st).options[0].id)
    choose(st, 0, decision(st).options[0].id)
    assert board(st)["tactic_discard"] == []
    choose(st, 1, option(st, label="Dome Broadcast"))
    assert [c["card"] for c in board(st)["tactic_discard"]] == ["dome-broadcast"]
    assert GAME.view(st, 1).private["tactics"] == []
    assert board(st)["players"][1]["tactics"] == 0


def test_MO_MAT_07_a_pass_does_not_end_participation_two_passes_in_a_row_end_the_moment():
    """MO-MAT-07: after passing a team may still play on its next turn; the Defining Moment ends only when both
    pass one after the other."""
    st = position({"match": [0, 1], "dice": DRAW, "players": [
        {"tactics": ["low-gravity-leap", "crowd-roar"]}, {"tactics": ["low-gravity-leap", "dome-broadcast"]}]})
    choose(st, 1, decision(st).options[0].id)
    choose(st, 0, decision(st).options[0].id)
    choose(st, 1, "pass")  # Away passes ...
    assert (decision(st).seat, decision(st).kind) == (0, "tactic")
    choose(st, 0, option(st, label="Low-Gravity Leap"))
    d = decision(st)
    assert (d.seat, d.kind) == (1, "tactic")  # ... and may play after all
    choose(st, 1, option(st, label="Low-Gravity Leap"))
    choose(st, 0, "pass")
    assert (decision(st).seat, decision(st).kind) == (1, "tactic")  # one pass: the moment goes on
    assert board(st)["contest"]["moment"] == 1
    choose(st, 1, "pass")  # the second pass in a row
    d = decision(st)
    assert (d.seat, d.kind) == (1, "athlete") and board(st)["contest"]["moment"] == 2
    assert board(st)["contest"]["score"] == [1, 1]


def test_MO_MAT_09_scores_start_at_zero_each_match_and_move_live():
    """MO-MAT-09: the board's score dials move as each result resolves and are back at 0 for the next match of
    a series."""
    st = position({"match": [0, 1], "series": 3, "dice": HOME_WINS + DRAW})
    seen = []
    while board(st)["bracket"][0].get("games") in (None, []):
        seen.append(tuple(board(st)["contest"]["score"]))
        d = decision(st)
        choose(st, d.seat, d.options[0].id)
    assert seen == [(0, 0), (0, 0), (0, 1), (0, 1), (0, 1), (0, 1)]
    assert board(st)["bracket"][0]["games"] == [0]
    assert board(st)["contest"]["score"] == [0, 0]
    assert board(st)["contest"]["moment"] == 1


def test_MO_RES_01_winner_collects_prestige_credit_and_two_popularity():
    """MO-RES-01: the winner takes 1 prestige, 1 credit and 2 popularity; the loser gets nothing."""
    st = position({"match": [0, 1], "dice": AWAY_WINS})
    assert _tokens(st, 0) == _tokens(st, 1) == (0, 3, 1)
    drive(st, dull, until=_next_stage)
    assert _tokens(st, 1) == (1, 4, 3)
    assert _tokens(st, 0) == (0, 3, 1)


def test_MO_RES_02_draw_gives_one_popularity_each():
    """MO-RES-02: in a draw each team gets 1 popularity and no prestige or credits."""
    st = position({"match": [0, 1], "dice": DRAW})
    events = drive(st, dull, until=_next_stage).events
    assert _tokens(st, 0) == _tokens(st, 1) == (0, 3, 2)
    assert "Each team gets 1 popularity" in full_times(events)[0]


def test_MO_RES_03_MO_GAP_13_minor_sponsors_with_match_goals_are_revealed_and_paid_once():
    """MO-RES-03, MO-GAP-13: after a match each team's minor sponsors whose match goal was met are revealed, paid
    (prestige as points, credits and popularity from the supply) and stay face up; unmet ones, and minor
    sponsors checked at another time (a scrimmage or the end), stay secret. A revealed sponsor does not pay
    again in the next match of the series."""
    two_nil = match_dice(("special", "goal"), (BLANK, "goal"), (BLANK, BLANK))
    st = position({"match": [0, 1], "series": 3, "dice": two_nil + two_nil, "players": [
        {"minors": ["canal-street-bookmakers", "neutral-ground-diplomats", "jezero-sports-drink",
                    "syrtis-spice-traders", "chryse-greenhouses"], "credits": 6},
        {"minors": ["neutral-ground-diplomats"]}]})
    events = drive(st, dull, until=lambda s, d: board(s)["bracket"][0].get("games") == [0]).events
    p0 = board(st)["players"][0]
    assert [c["card"] for c in p0["shown"]] == ["canal-street-bookmakers"]
    assert p0["sponsor_prestige"] == 1
    assert (p0["prestige"], p0["credits"], p0["popularity"]) == (1, 6 + 1 + 1, 1 + 2)
    assert [m["card"] for m in GAME.view(st, 0).private["minors"]] == [
        "neutral-ground-diplomats", "jezero-sports-drink", "syrtis-spice-traders", "chryse-greenhouses"]
    assert p0["minors"] == 4
    assert any("reveals minor sponsor Canal Street Bookmakers" in t for t in texts(events, viewer=None))
    assert board(st)["players"][1]["shown"] == []
    # match 2: the same 2-0 win; the bookmakers stay face up and do not pay again
    drive(st, dull, until=_next_stage)
    p0 = board(st)["players"][0]
    assert [c["card"] for c in p0["shown"]] == ["canal-street-bookmakers"]
    assert p0["sponsor_prestige"] == 1 and (p0["prestige"], p0["credits"]) == (2, 9)


def test_MO_RES_03_MO_GAP_13_draw_goal_pays_both_sides_that_hold_it():
    """MO-RES-03, MO-GAP-13: the goals are checked for both teams, Home and Away: a draw reveals the drawing
    sponsor of each team that holds one and pays its 1 credit and 2 popularity."""
    st = position({"match": [0, 1], "dice": DRAW, "players": [
        {"minors": ["neutral-ground-diplomats"]}, {"minors": ["neutral-ground-diplomats", "noctis-night-shift"]}]})
    drive(st, dull, until=_next_stage)
    for seat in (0, 1):
        p = board(st)["players"][seat]
        assert [c["card"] for c in p["shown"]] == ["neutral-ground-diplomats"]
        assert (p["credits"], p["popularity"], p["sponsor_prestige"]) == (4, 1 + 1 + 2, 0)
    assert board(st)["players"][1]["minors"] == 1
