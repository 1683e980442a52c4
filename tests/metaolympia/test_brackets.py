"""Meta Olympia Tournaments through the game contract: the start of a Tournament and the Match Up
spots (MO-BRK-01, MO-GAP-03), brackets for 2, 3 and 4 teams (MO-BRK-02..04), draws and series (MO-GAP-10),
Home and Away (MO-GAP-23) and the Final Championship (MO-FIN-01..05)."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME

from .kit import (
    AWAY_WINS,
    DRAW,
    HOME_WINS,
    board,
    choose,
    decision,
    drive,
    dull,
    full_times,
    kickoffs,
    play_matches,
    position,
    seats,
    stage_end_spec,
    texts,
)

TEAM = ("Gusev Super Colliders", "Jezero Dust Devils", "Tharsis Rovers", "Olympus Comets")
"""The default team names of seats 0 to 3."""


def _v(home: int, away: int) -> str:
    return f"{TEAM[home]} (Home) v {TEAM[away]} (Away)."


def _contest(st) -> tuple[int, int]:
    """(Home, Away) of the match being played."""
    c = board(st)["contest"]
    assert c is not None and c["kind"] == "match"
    return c["home"], c["away"]


def _next_stage(st, d):
    return d.kind == "move"


def _tokens(st, seat):
    p = board(st)["players"][seat]
    return p["prestige"], p["credits"], p["popularity"]


# ---------------------------------------------------------------- the end of a stage

def test_MO_BRK_01_MO_GAP_03_tournament_starts_when_every_team_has_a_spot():
    """MO-BRK-01, MO-GAP-03: one Match Up spot per team; spots pair 1-2 into a bracket with the lower spot Home,
    an odd last spot waits (and plays Away, MO-GAP-23); the Tournament starts only once every team reached the
    end and has a spot (the last one takes the last free spot without being asked)."""
    st = position({}, n=3)
    choose(st, 0, "end")
    d = decision(st)
    assert (d.seat, d.kind) == (0, "spot")
    assert [o.id for o in d.options] == ["spot:0", "spot:1", "spot:2"]
    labels = [o.label for o in d.options]
    assert labels[0].startswith("Spot 1 (Home") and "bracket 1" in labels[0]
    assert labels[1].startswith("Spot 2 (Away") and "bracket 1" in labels[1]
    assert labels[2].startswith("Spot 3 (Away") and "loser of the first match" in labels[2]
    choose(st, 0, "spot:2")
    assert board(st)["phase"] == "preseason" and board(st)["bracket"] == []
    choose(st, 1, "end")
    assert [o.id for o in decision(st).options] == ["spot:0", "spot:1"]
    choose(st, 1, "spot:1")
    assert board(st)["phase"] == "preseason"
    events = choose(st, 2, "end")
    assert any("takes Match Up spot 1 (Home)" in t for t in texts(events, viewer=None))
    assert board(st)["phase"] == "tournament"
    assert [p["spot"] for p in board(st)["players"]] == [2, 1, 0]
    bracket = board(st)["bracket"]
    assert (bracket[0]["home"], bracket[0]["away"]) == (2, 1)
    assert (bracket[1]["home"], bracket[1]["away"]) == (-1, 0)
    assert (decision(st).seat, decision(st).kind) == (1, "athlete")  # Away opens the first match


def test_MO_FIN_02_MO_GAP_23_final_spot_labels_say_home_and_away_of_the_round_robin():
    """MO-FIN-02, MO-GAP-23: at the end of the last stage the spots are round-robin positions; the lower spot of
    each match is Home, so spot 1 is always Home, the last spot always Away, a middle spot both."""
    st = position({"stage": 3}, n=3)
    choose(st, 0, "end")
    assert [o.label for o in decision(st).options] == [
        "Spot 1 (Home, round robin)", "Spot 2 (Home or Away, round robin)", "Spot 3 (Away, round robin)"]


def test_MO_GAP_03_taken_spot_is_not_offered_again():
    """MO-GAP-03: a spot holds one team; a taken spot is refused with no change."""
    st = position({}, n=4)
    choose(st, 0, "end")
    choose(st, 0, "spot:3")
    choose(st, 1, "end")
    assert "spot:3" not in [o.id for o in decision(st).options]
    before = GAME.to_json(st)
    with pytest.raises(RulesError):
        GAME.apply(st, 1, "spot:3")
    assert GAME.to_json(st) == before


# ---------------------------------------------------------------- brackets

def test_MO_BRK_02_four_teams_two_brackets_by_spot():
    """MO-BRK-02, MO-GAP-03: with 4 teams spots 1-2 and 3-4 are two brackets; each pair plays only each other,
    the lower spot Home; then the stage's Tournament is over."""
    # spots: seat 2 on 1, seat 1 on 2, seat 3 on 3, seat 0 on 4
    st = position(stage_end_spec(0, [3, 1, 0, 2], dice=HOME_WINS + AWAY_WINS), n=4)
    bracket = board(st)["bracket"]
    assert [(b["home"], b["away"]) for b in bracket] == [(2, 1), (3, 0)]
    assert _contest(st) == (2, 1)
    events = drive(st, dull, until=_next_stage).events
    assert kickoffs(events) == ["Match: " + _v(3, 0)]
    assert len(full_times(events)) == 2
    assert [p["wins"] for p in board(st)["players"]] == [1, 0, 1, 0]
    assert [p["losses"] for p in board(st)["players"]] == [0, 1, 0, 1]
    assert board(st)["stage"] == 1


@pytest.mark.parametrize("dice,loser", [(HOME_WINS, 1), (AWAY_WINS, 0), (DRAW, 1)],
                         ids=["home-wins", "away-wins", "draw"])
def test_MO_BRK_03_MO_GAP_10_MO_GAP_23_three_teams_loser_plays_the_third(dice, loser):
    """MO-BRK-03, MO-GAP-10, MO-GAP-23: with 3 teams spots 1 and 2 play; the loser (after a draw: the Away team)
    then plays the team on spot 3, the lower spot Home, so spot 3 is Away and opens the match; then the
    Tournament is over (two matches)."""
    st = position(stage_end_spec(0, [0, 1, 2], dice=dice + HOME_WINS), n=3)
    assert _contest(st) == (0, 1)
    events = play_matches(st, 1)
    assert f"{TEAM[loser]} now play {TEAM[2]}." in texts(events, viewer=None)
    assert kickoffs(events) == ["Match: " + _v(loser, 2)]
    assert _contest(st) == (loser, 2)
    second = board(st)["bracket"][1]
    assert (second["home"], second["away"]) == (loser, 2)
    assert (decision(st).seat, decision(st).kind) == (2, "athlete")
    more = drive(st, dull, until=_next_stage).events
    assert kickoffs(more) == []
    assert len(full_times(more)) == 1
    assert board(st)["stage"] == 1
    assert board(st)["players"][loser]["wins"] == 1  # the loaded Home win of the second match


def test_MO_BRK_03_MO_GAP_23_third_spot_meets_a_lower_spot_and_plays_away():
    """MO-BRK-03, MO-GAP-23: spots decide, not seats: with seat 1 on spot 1, seat 2 on spot 2 and seat 0 on
    spot 3, the first match is seat 1 (Home) v seat 2; its loser, seat 2, hosts seat 0."""
    st = position(stage_end_spec(0, [2, 0, 1], dice=HOME_WINS + AWAY_WINS), n=3)
    assert _contest(st) == (1, 2)
    events = drive(st, dull, until=_next_stage).events
    assert kickoffs(events) == ["Match: " + _v(2, 0)]
    assert [p["wins"] for p in board(st)["players"]] == [1, 1, 0]


# ---------------------------------------------------------------- two teams: series

@pytest.mark.parametrize("length,wins", [(3, 2), (5, 3), (7, 4)])
def test_MO_BRK_04_MO_GAP_10_series_stops_once_decided(length, wins):
    """MO-BRK-04, MO-GAP-10: two teams play a best-of series (3 by default, 5 or 7 by the ``bestof`` table
    option); it stops as soon as a team has more than half its length in wins; every match pays
    MO-RES-01."""
    options = {} if length == 3 else {"bestof": length}
    st = position(stage_end_spec(0, [0, 1], options=options, dice=HOME_WINS * 7))
    assert board(st)["bracket"][0]["series"] == length
    events = drive(st, dull, until=_next_stage).events
    assert len(full_times(events)) == wins
    assert kickoffs(events) == [f"Match {k} of the best-of-{length}: " + _v(0, 1) for k in range(2, wins + 1)]
    assert f"The series ends {wins}-0: {TEAM[0]} take it." in texts(events, viewer=None)
    assert _tokens(st, 0) == (wins, 3 + wins, 1 + 2 * wins)
    assert _tokens(st, 1) == (0, 3, 1)


def test_MO_GAP_10_drawn_series_match_counts_for_nobody_but_pays():
    """MO-GAP-10: a drawn match of a series counts for nobody (the series goes on) and pays MO-RES-02; after
    the series length the team with more wins takes it."""
    st = position(stage_end_spec(0, [0, 1], dice=DRAW + HOME_WINS + DRAW))
    events = drive(st, dull, until=_next_stage).events
    assert len(full_times(events)) == 3
    assert f"The series ends 1-0: {TEAM[0]} take it." in texts(events, viewer=None)
    assert _tokens(st, 0) == (1, 4, 1 + 1 + 2 + 1)
    assert _tokens(st, 1) == (0, 3, 1 + 1 + 1)


def test_MO_GAP_10_series_with_equal_wins_is_level():
    """MO-GAP-10: equal wins after the series length leave the series level (no winner)."""
    st = position(stage_end_spec(0, [0, 1], dice=HOME_WINS + AWAY_WINS + DRAW))
    events = drive(st, dull, until=_next_stage).events
    assert "The series ends 1-1: level." in texts(events, viewer=None)
    assert len(full_times(events)) == 3
    assert [p["wins"] for p in board(st)["players"]] == [1, 1]


def test_MO_BRK_04_series_is_a_table_option_of_new_game():
    """MO-BRK-04: the series length is the ``bestof`` table option of a new game (3, 5 or 7); another value is
    refused with a message naming the allowed ones."""
    st = GAME.new_game(seats(2), {"bestof": 7}, 3)
    drive(st, dull, until=lambda s, d: d.kind == "athlete")
    assert board(st)["phase"] == "tournament"
    assert board(st)["bracket"][0]["series"] == 7
    with pytest.raises(RulesError) as err:
        GAME.new_game(seats(2), {"bestof": 4}, 3)
    assert err.value.rule == "MO-BRK-04" and "3, 5, 7" in str(err.value)


# ---------------------------------------------------------------- the Final Championship

@pytest.mark.parametrize("options,length", [({}, 5), ({"final": 3}, 3), ({"final": 7}, 7),
                                            ({"bestof": 7}, 5)])
def test_MO_FIN_01_two_team_final_series_length(options, length):
    """MO-FIN-01: with two teams the Final Championship (the last stage) is a best-of-5 series, 3 or 7 by the
    ``final`` table option; the stages' ``series`` option does not change it."""
    st = position(stage_end_spec(3, [0, 1], options=options))
    assert board(st)["bracket"][0]["series"] == length
    with pytest.raises(RulesError):
        GAME.new_game(seats(2), {"final": 6}, 0)


def test_MO_FIN_01_final_series_ends_the_game():
    """MO-FIN-01, MO-GAP-10: the best-of-5 final stops at 3 wins and the game goes to final scoring."""
    st = position(stage_end_spec(3, [0, 1], dice=HOME_WINS * 5))
    events = drive(st, dull).events
    assert len(full_times(events)) == 3
    assert GAME.result(st).winners == (0,)
    assert board(st)["phase"] == "over"


def test_MO_FIN_02_MO_FIN_04_MO_GAP_23_three_team_round_robin_by_spot():
    """MO-FIN-02, MO-FIN-04, MO-GAP-23: with 3 teams the final is a round robin over the Match Up spots: spot 1 v
    2, then 2 v 3, then 3 v 1, the lower spot Home in every match."""
    # seat 1 on spot 1, seat 2 on spot 2, seat 0 on spot 3
    st = position(stage_end_spec(3, [2, 0, 1]), n=3)
    assert [(b["home"], b["away"]) for b in board(st)["bracket"]] == [(1, 2), (2, 0), (1, 0)]
    assert _contest(st) == (1, 2)
    events = drive(st, dull).events
    assert kickoffs(events) == ["Match: " + _v(2, 0), "Match: " + _v(1, 0)]
    assert GAME.result(st) is not None


def test_MO_FIN_05_four_team_round_robin_order():
    """MO-FIN-05, MO-GAP-23: 4 teams: round 1 spot 1 v 2 and 3 v 4; round 2 4 v 1 and 2 v 3; round 3 2 v 4 and
    3 v 1; the lower spot Home."""
    # seat 2 on spot 1, seat 1 on spot 2, seat 3 on spot 3, seat 0 on spot 4
    st = position(stage_end_spec(3, [3, 1, 0, 2]), n=4)
    order = [(2, 1), (3, 0), (2, 0), (1, 3), (1, 0), (2, 3)]
    assert [(b["home"], b["away"]) for b in board(st)["bracket"]] == order
    assert _contest(st) == order[0]
    events = drive(st, dull).events
    assert kickoffs(events) == ["Match: " + _v(h, a) for h, a in order[1:]]
    assert len(full_times(events)) == 6
    assert GAME.result(st) is not None


def test_MO_FIN_03_every_round_robin_match_pays_the_regular_rewards():
    """MO-FIN-03, MO-RES-01, MO-RES-02: each round-robin match pays a regular match's rewards: spot 1 beats 2,
    3 beats 2 away, 1 and 3 draw."""
    st = position(stage_end_spec(3, [0, 1, 2], dice=HOME_WINS + AWAY_WINS + DRAW), n=3)
    events = drive(st, dull).events
    assert len(full_times(events)) == 3
    assert _tokens(st, 0) == (1, 4, 1 + 2 + 1)
    assert _tokens(st, 1) == (0, 3, 1)
    assert _tokens(st, 2) == (1, 4, 1 + 2 + 1)
    assert [(p["wins"], p["draws"], p["losses"]) for p in board(st)["players"]] == [(1, 1, 0), (0, 0, 2),
                                                                                    (1, 1, 0)]
