"""Meta Olympia mid-game mergers (MO-OPT-07 conditions, MO-OPT-08 procedure, MO-GAP-22; the ``merger`` table
option), through the game contract: who may propose and when, the partner's acceptance and an uninvolved
team's approval, then the forfeits, the 6 athletes kept of 12, half the tactic cards kept and the rest
discarded face down, ``GAME.managed_by`` and the shared result."""

from __future__ import annotations

import pytest

from games.metaolympia import GAME

from .kit import (
    HOME_WINS,
    athlete_ids,
    board,
    decision,
    drive,
    heard,
    ids,
    name_of,
    option,
    position,
    seats,
    view_text,
)

DISSOLVING = ["koroibos", "astylos", "tharsis-lancer", "valles-racer", "amazonis-striker", "huoxing"]
STARTERS = ["dust-warden", "regolith-stopper", "crater-keeper", "red-runner", "canal-striker", "dune-winger"]


def at_stage_start(n: int, merger: bool = True, stage: int = 0, players: list[dict] | None = None):
    """``n`` teams at the end of ``stage`` play its Tournament (Home wins every match) and reach the start of
    the next stage: the state is returned at the first decision of that stage start."""
    ps = [{"pos": 3, "spot": i, "arrival": i, **((players or [])[i] if i < len(players or []) else {})}
          for i in range(n)]
    st = position({"options": {"merger": merger}, "stage": stage, "players": ps, "dice": HOME_WINS * 3}, n=n)
    drive(st, until=lambda s, d: board(st)["stage"] == stage + 1)
    return st


def rich_players() -> list[dict]:
    """Seat 0 (to dissolve) holds Pros, tokens, two tactic cards, a secret and a revealed minor sponsor and a
    kept scrimmage card; seat 1 (to buy it out) the starting Rookies, 6 credits and one tactic card."""
    return [
        {"athletes": DISSOLVING, "credits": 5, "popularity": 4, "prestige": 2, "sponsor_prestige": 1,
         "tactics": ["field-medic", "second-breath"], "minors": ["syrtis-spice-traders"],
         "shown": ["kasei-express"], "scrims": ["hab-yard-kickabout"]},
        {"credits": 6, "tactics": ["low-gravity-leap"]},
        {},
    ]


# ---------------------------------------------------------------- conditions (MO-OPT-07)


def test_MO_OPT_07_without_the_option_no_merger_is_offered():
    """MO-OPT-07 off (the default): the next stage starts with the moves."""
    st = at_stage_start(3, merger=False)
    d = decision(st)
    assert d.kind == "move" and board(st)["stage"] == 1


def test_MO_OPT_07_MO_GAP_22_no_merger_at_the_start_of_stage_1():
    """MO-OPT-07, MO-GAP-22: a merger may be proposed from the start of Stage 2 only."""
    st = GAME.new_game(seats(3), {"merger": True}, 8)
    assert decision(st).kind == "move" and board(st)["stage"] == 0


def test_MO_OPT_07_MO_GAP_22_no_merger_with_two_teams():
    """MO-OPT-07, MO-GAP-22: only in games of 3 or more teams."""
    st = at_stage_start(2)
    assert decision(st).kind == "move" and board(st)["stage"] == 1


@pytest.mark.parametrize("stage", [0, 1, 2])
def test_MO_OPT_07_MO_GAP_22_each_team_may_propose_at_the_start_of_stages_2_to_4(stage):
    """MO-OPT-07, MO-GAP-22: at the start of Stages 2, 3 and 4 (a full stage remains) each of 3 or more teams
    is asked in turn whether to dissolve into another team; "none" is the default."""
    st = at_stage_start(3, stage=stage)
    d = decision(st)
    assert (d.kind, d.seat) == ("merger", 0) and board(st)["stage"] == stage + 1
    assert ids(st) == ["none", "merge:1", "merge:2"] and d.default == "none"
    GAME.apply(st, 0, "none")
    assert (decision(st).kind, decision(st).seat) == ("merger", 1)
    GAME.apply(st, 1, "none")
    assert (decision(st).kind, decision(st).seat) == ("merger", 2)
    GAME.apply(st, 2, "none")
    assert decision(st).kind == "move"
    assert not any(p["out"] for p in board(st)["players"])


def test_MO_OPT_07_the_buying_team_may_decline():
    """MO-OPT-07: the proposal goes to the chosen team, which accepts or declines (the default); a declined
    buyout changes nothing and the next team is asked."""
    st = at_stage_start(3)
    before = board(st)["players"]
    GAME.apply(st, 0, "merge:1")
    d = decision(st)
    assert ((d.kind, d.seat) == ("merger_accept", 1) and ids(st) == ["accept", "decline"]
            and d.default == "decline")
    GAME.apply(st, 1, "decline")
    assert (decision(st).kind, decision(st).seat) == ("merger", 1)
    assert board(st)["players"] == before


def test_MO_OPT_07_an_uninvolved_team_must_approve():
    """MO-OPT-07: once accepted, the teams not involved are asked to approve, never the two involved; with the
    only other team rejecting, the merger is off and nothing changes."""
    st = at_stage_start(3)
    before = board(st)["players"]
    GAME.apply(st, 0, "merge:1")
    GAME.apply(st, 1, "accept")
    d = decision(st)
    assert ((d.kind, d.seat) == ("merger_approve", 2) and ids(st) == ["approve", "reject"]
            and d.default == "reject")
    events = GAME.apply(st, 2, "reject")
    assert "the merger is off" in heard(events, None)
    assert board(st)["players"] == before
    assert (decision(st).kind, decision(st).seat) == ("merger", 1)


def test_MO_OPT_07_one_approval_of_the_uninvolved_teams_is_enough():
    """MO-OPT-07: with four teams, the first uninvolved team rejects and the second approves: the merger is
    made."""
    st = at_stage_start(4)
    GAME.apply(st, 0, "merge:1")
    GAME.apply(st, 1, "accept")
    assert (decision(st).kind, decision(st).seat) == ("merger_approve", 2)
    GAME.apply(st, 2, "reject")
    assert (decision(st).kind, decision(st).seat) == ("merger_approve", 3)
    GAME.apply(st, 3, "approve")
    assert (decision(st).kind, decision(st).seat) == ("merger_keep", 1)
    assert board(st)["players"][0]["merged_into"] == 1


# ---------------------------------------------------------------- procedure (MO-OPT-08, MO-GAP-22)


def merged(log: list | None = None):
    """Seat 0 dissolves into seat 1, seat 2 approving; returns (state, board just before the approval)."""
    st = at_stage_start(3, players=rich_players())
    GAME.apply(st, 0, "merge:1")
    GAME.apply(st, 1, "accept")
    before = board(st)
    events = GAME.apply(st, 2, "approve")
    if log is not None:
        log.extend(events)
    return st, before


def test_MO_OPT_08_MO_GAP_22_forfeits_and_the_buyer_loses_its_credits():
    """MO-OPT-08, MO-GAP-22: the dissolved team forfeits its popularity, prestige, credits and minor sponsors
    (its revealed ones and kept scrimmage cards leave the game too); the buying team loses all its credits and
    keeps its seat, name, colour and tokens; the revealed major sponsors stay."""
    st, before = merged()
    b = board(st)
    gone, buyer = b["players"][0], b["players"][1]
    assert before["players"][0]["shown"] and before["players"][0]["scrims"]
    assert (gone["out"], gone["merged_into"]) == (True, 1)
    assert {k: gone[k] for k in ("credits", "popularity", "prestige", "sponsor_prestige", "athletes", "tactics",
                                 "minors", "injured")} == dict.fromkeys(
        ("credits", "popularity", "prestige", "sponsor_prestige", "athletes", "tactics", "minors", "injured"), 0)
    assert gone["shown"] == [] and gone["scrims"] == []
    assert before["players"][1]["credits"] > 0 and buyer["credits"] == 0
    for k in ("team", "colour", "popularity", "prestige", "sponsor_prestige", "minors", "shown", "scrims"):
        assert buyer[k] == before["players"][1][k], k
    assert b["sponsor_buried"] == before["sponsor_buried"] + 2  # the secret and the revealed minor sponsor
    assert [m["card"] for m in b["majors"]] == [m["card"] for m in before["majors"]]
    assert "hab-yard-kickabout" in [c["card"] for c in b["scrim_discard"]]


def test_MO_OPT_08_keep_6_of_the_12_athletes_the_rest_face_up_to_the_discard_pile():
    """MO-OPT-08, MO-GAP-22: the buying team chooses 6 of the combined 12 athletes, one at a time; the other 6
    go face up to the athlete discard pile."""
    st, before = merged()
    keep = DISSOLVING[:3] + STARTERS[:3]
    for k, cid in enumerate(keep):
        d = decision(st)
        assert (d.kind, d.seat) == ("merger_keep", 1) and len(d.options) == 12 - k
        GAME.apply(st, 1, option(st, cid))
    assert sorted(athlete_ids(st, 1)) == sorted(keep)
    discarded = [c["card"] for c in board(st)["athlete_discard"]]
    assert discarded[:len(before["athlete_discard"])] == [c["card"] for c in before["athlete_discard"]]
    assert sorted(discarded[len(before["athlete_discard"]):]) == sorted(DISSOLVING[3:] + STARTERS[3:])


def test_MO_OPT_08_MO_INF_03_half_the_tactic_cards_are_kept_the_rest_discarded_face_down():
    """MO-OPT-08, MO-INF-03: of the combined 3 tactic cards, 1 (half, rounded down) is kept; the other 2 are
    discarded face down: nobody else, spectators included, ever sees which."""
    log: list = []
    st, before = merged(log)
    for cid in DISSOLVING[:3] + STARTERS[:3]:
        log += GAME.apply(st, 1, option(st, cid))
    d = decision(st)
    assert (d.kind, d.seat) == ("merger_tactic", 1)
    assert sorted(o.cards[0] for o in d.options) == ["field-medic", "low-gravity-leap", "second-breath"]
    log += GAME.apply(st, 1, option(st, "field-medic"))
    assert decision(st).kind == "move"  # the merger is done; two teams left: no further proposals
    assert [t["card"] for t in GAME.view(st, 1).private["tactics"]] == ["field-medic"]
    assert board(st)["tactic_buried"] == before["tactic_buried"] + 2
    for viewer in (0, 2, None):
        text = view_text(st, viewer) + heard(log, viewer)
        for cid in ("second-breath", "low-gravity-leap"):
            assert name_of(cid) not in text and cid not in text, (viewer, cid)


def test_MO_OPT_08_one_tactic_card_in_all_keeps_none():
    """MO-OPT-08: half of 1 rounded down is 0: the only tactic card is discarded face down, no question."""
    players = rich_players()
    players[0]["tactics"] = []
    st = at_stage_start(3, players=players)
    buried = board(st)["tactic_buried"]
    for seat, choice in ((0, "merge:1"), (1, "accept"), (2, "approve")):
        GAME.apply(st, seat, choice)
    for cid in STARTERS:
        GAME.apply(st, 1, option(st, cid))
    assert decision(st).kind == "move"
    assert board(st)["players"][1]["tactics"] == 0 and board(st)["tactic_buried"] == buried + 1


def finish_keeping(st) -> None:
    for cid in STARTERS:
        GAME.apply(st, 1, option(st, cid))
    GAME.apply(st, 1, option(st, "low-gravity-leap"))


def test_MO_OPT_08_MO_GAP_22_the_dissolved_seat_co_manages_the_buyer():
    """MO-OPT-08, MO-GAP-22, MO-OPT-06: the dissolved team's player co-manages the buying team:
    ``GAME.managed_by`` maps its seat to the buyer's; it is not counted as a team that left."""
    st, _ = merged()
    finish_keeping(st)
    assert [GAME.managed_by(st, s) for s in range(3)] == [1, 1, 2]
    assert GAME.out_seats(st) == frozenset()
    assert board(st)["players"][0]["merged_into"] == 1


def test_MO_GAP_22_the_dissolved_seat_is_never_asked_and_shares_the_result():
    """MO-GAP-22: after the merger every decision is the remaining teams' (the dissolved seat answers through
    the buyer's), and the dissolved seat's player shares the buyer's result at the end."""
    st, _ = merged()
    finish_keeping(st)
    asked: set[int] = set()
    drive(st, policy=lambda st, d: asked.add(d.seat))
    assert asked == {1, 2}
    result = GAME.result(st)
    assert result is not None
    assert (0 in result.winners) == (1 in result.winners) and (0 in result.losers) == (1 in result.losers)


def test_MO_GAP_22_the_dissolved_seat_wins_with_the_buyer_when_the_last_rival_concedes():
    """MO-GAP-22: the third team concedes: the buyer wins, and the dissolved seat's player with it."""
    st, _ = merged()
    finish_keeping(st)
    GAME.concede(st, 2)
    result = GAME.result(st)
    assert result is not None and result.reason == "concede"
    assert sorted(result.winners) == [0, 1] and list(result.losers) == [2]
