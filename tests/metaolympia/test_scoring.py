"""Meta Olympia final scoring through the game contract: the winner (MO-SCO-01), the parts of final
prestige (MO-SCO-02), conversions (MO-SCO-03), major sponsors (MO-GAP-12), minor sponsors checked at the end
(MO-GAP-13) and ties (MO-GAP-17). Each test plays a position on the last stage as a one-match Final
Championship (``match: [home, away]`` with ``stage: 3``) and lets final scoring run."""

from __future__ import annotations

import pytest

from games.metaolympia import GAME

from .kit import (
    DRAW,
    FREEDAY,
    FUNDRAISE,
    HOME_WINS,
    RECRUIT_2,
    board,
    choose,
    decision,
    drive,
    dull,
    match_dice,
    position,
    texts,
)

LAST = 3
"""The last stage index of the default four stages: its Tournament is the Final Championship."""


def _final(players, dice=DRAW, **spec):
    st = position({"stage": LAST, "match": [0, 1], "dice": dice, "players": players, **spec})
    events = drive(st, dull).events
    assert GAME.result(st) is not None and board(st)["phase"] == "over"
    return st, events


def test_MO_SCO_01_most_prestige_wins():
    """MO-SCO-01: after the Final Championship the team with the most final prestige wins (reason
    ``prestige``); the others lose."""
    st, events = _final([{"prestige": 2}, {"prestige": 4}])
    res = GAME.result(st)
    assert (res.winners, res.losers, res.reason, res.draw) == ((1,), (0,), "prestige", False)
    assert res.text == "Jezero Dust Devils wins Meta Olympia with the most prestige."
    scores = board(st)["scores"]
    assert (scores[0]["total"], scores[1]["total"]) == (2 + 1 + 1, 4 + 1 + 1)


def test_MO_SCO_02_MO_GAP_13_final_prestige_adds_every_part():
    """MO-SCO-02, MO-GAP-13: final prestige = prestige tokens + minor sponsors' prestige (a match goal paid during
    the match, an end goal revealed at final scoring when met) + major sponsors met + conversions. An end goal
    not met stays secret."""
    two_nil = match_dice(("special", "goal"), ("special", "goal"), ("special", "special"))
    st, events = _final(
        [{"prestige": 1, "wins": 2, "credits": 4,
          "minors": ["canal-street-bookmakers", "syrtis-spice-traders"]},
         {"minors": ["acidalia-fan-club"]}],
        dice=two_nil, majors=["tharsis-power-and-light", "hellas-holovision"])
    p0, p1 = board(st)["players"]
    # the 2-0 win: 1 prestige token, 1 credit, 2 popularity; the bookmakers (win by 2) pay 1 credit, 1 prestige
    assert (p0["prestige"], p0["credits"], p0["popularity"], p0["wins"]) == (2, 6, 3, 3)
    # at the end: 6 credits meet Syrtis Spice Traders (2 prestige)
    assert [c["card"] for c in p0["shown"]] == ["canal-street-bookmakers", "syrtis-spice-traders"]
    assert p0["sponsor_prestige"] == 1 + 2
    assert any("reveals minor sponsor Syrtis Spice Traders" in t for t in texts(events, viewer=None))
    # Ben's fan club needs 5 popularity: not met, still secret
    assert p1["shown"] == [] and p1["minors"] == 1
    scores = board(st)["scores"]
    # majors: 3 wins meet Tharsis Power & Light (2); 3 popularity miss Hellas Holovision
    assert scores[0] == {"tokens": 2, "sponsors": 3, "majors": 2, "credits": 2, "popularity": 1, "total": 10}
    assert scores[1] == {"tokens": 0, "sponsors": 0, "majors": 0, "credits": 1, "popularity": 0, "total": 1}
    assert ("Gusev Super Colliders: 10 prestige (2 tokens, 3 minor sponsors, 2 major sponsors, 2 from "
            "credits, 1 from popularity).") in texts(events, viewer=None)
    assert GAME.result(st).winners == (0,)


@pytest.mark.parametrize("credits,popularity,from_credits,from_popularity", [
    (2, 0, 0, 0), (3, 1, 1, 1), (5, 2, 1, 1), (6, 3, 2, 2), (8, 4, 2, 2), (9, 5, 3, 3)])
def test_MO_SCO_03_conversions_round_down(credits, popularity, from_credits, from_popularity):
    """MO-SCO-03: every 3 credits left give 1 prestige and every 2 popularity left give 1; leftovers give
    nothing. (The drawn final adds 1 popularity: ``popularity`` is before it.)"""
    st, _ = _final([{"credits": credits, "popularity": popularity}, {}])
    parts = board(st)["scores"][0]
    assert board(st)["players"][0]["popularity"] == popularity + 1
    assert (parts["credits"], parts["popularity"]) == (from_credits, from_popularity)
    assert parts["total"] == from_credits + from_popularity


def test_MO_GAP_12_every_team_meeting_a_major_sponsor_scores_it():
    """MO-GAP-12: a major sponsor is a public goal: every team meeting it at final scoring scores its prestige,
    a team meeting two scores both."""
    st, _ = _final([{"popularity": 6, "credits": 8}, {"popularity": 5, "credits": 2}],
                   majors=["hellas-holovision", "red-planet-savings-bank"])
    scores = board(st)["scores"]
    assert scores[0]["majors"] == 2 + 2
    assert scores[1]["majors"] == 2  # 6 popularity after the draw: Holovision only


def test_MO_GAP_12_a_major_revealed_later_scores_like_the_first_two():
    """MO-GAP-12, MO-FND-03: a major sponsor kept at a Fundraise during the last stage joins the revealed majors
    and is scored for every team meeting it, the keeper and the others alike."""
    fund = [FUNDRAISE, RECRUIT_2, FREEDAY]
    st = position({"stage": LAST, "tracks": [fund] * 4, "land": {"seat": 0, "tile": 0},
                   "majors": ["phobos-think-tank"], "sponsor_deck": ["kasei-express", "red-planet-savings-bank"],
                   "options": {"final": 3}, "players": [{"credits": 10}, {"credits": 10}]})
    choose(st, 0, "sponsor")
    d = decision(st)
    assert d.kind == "sponsor_pick"
    choose(st, 0, next(o.id for o in d.options if "Red Planet Savings Bank" in o.label))
    assert [m["card"] for m in board(st)["majors"]] == ["phobos-think-tank", "red-planet-savings-bank"]
    drive(st, dull)
    scores = board(st)["scores"]
    assert scores[0]["majors"] == scores[1]["majors"] == 2  # 10+ credits each; nobody holds 3 tactics


def test_MO_GAP_17_equal_prestige_broken_by_prestige_tokens():
    """MO-GAP-17: equal final prestige goes to the team with more prestige tokens won in matches."""
    st, _ = _final([{"prestige": 2, "credits": 6}, {"prestige": 3, "credits": 3}])
    scores = board(st)["scores"]
    assert scores[0]["total"] == scores[1]["total"] == 5
    res = GAME.result(st)
    assert (res.winners, res.losers) == ((1,), (0,))


def test_MO_GAP_17_still_equal_teams_share_the_win():
    """MO-GAP-17: teams equal in final prestige and in prestige tokens share the win."""
    st, events = _final([{"prestige": 1}, {"prestige": 1}])
    res = GAME.result(st)
    assert (res.winners, res.losers, res.draw) == ((0, 1), (), False)
    assert res.text.startswith("Gusev Super Colliders and Jezero Dust Devils share the win of Meta Olympia")


def test_MO_SCO_01_final_scoring_waits_for_the_whole_final():
    """MO-SCO-01: nothing is scored before the Final Championship ends: a won final match on the last stage of
    a best-of-3 does not end the game."""
    st = position({"stage": LAST, "match": [0, 1], "series": 3, "dice": HOME_WINS})
    drive(st, dull, until=lambda s, d: board(s)["bracket"][0].get("games") == [0])
    assert GAME.result(st) is None and board(st)["scores"] is None
