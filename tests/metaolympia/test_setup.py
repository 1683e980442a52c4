"""Meta Olympia components and set-up through the game contract: MO-CMP-01..06, MO-SET-01..10 and the
gaps MO-GAP-02 (tiles and the default layout), MO-GAP-18 (supply at set-up) and MO-GAP-21 (Mega League decks),
on seeded new games."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from games.core.contract import RulesError, SeatSetup
from games.metaolympia import GAME
from games.metaolympia.game import DEFAULT_TEAMS, PALETTE
from games.metaolympia.pool import pool, starters


def seats(n: int) -> list[SeatSetup]:
    return [SeatSetup(f"P{i}") for i in range(n)]


def new(n: int, seed: int = 1, options=None):
    return GAME.new_game(seats(n), options, seed)


def board(st):
    return GAME.view(st, None).board


def athlete_copies() -> int:
    return sum(a.copies for a in pool().athletes.values())


def tactic_copies() -> int:
    return sum(t.copies for t in pool().tactics.values())


# ---------------------------------------------------------------- 1. Components

@pytest.mark.parametrize(("n", "options", "sets"), [(2, None, 1), (4, None, 1), (6, {"mega": True}, 2)])
def test_MO_CMP_01_MO_GAP_21_every_card_of_the_set_is_in_the_game(n, options, sets):
    """MO-CMP-01, MO-GAP-21: the game holds every athlete, tactic, sponsor and scrimmage card of the set (two sets
    in the Mega League): hands + market + athlete deck = all athletes; the tactics deck all tactic cards; the
    two revealed majors + the sponsor deck all sponsors; the scrimmage deck all 24 scrimmage cards."""
    b = board(new(n, 2, options))
    assert 6 * n + len(b["market"]) + b["athlete_deck"] == athlete_copies() * sets
    assert b["tactic_deck"] == tactic_copies() * sets
    assert len(b["majors"]) + b["sponsor_deck"] == len(pool().sponsors) * sets
    assert b["scrim_deck"] == len(pool().scrimmages) * sets == 24 * sets
    assert b["athlete_discard"] == [] and b["tactic_discard"] == [] and b["scrim_discard"] == []
    assert b["tactic_buried"] == 0 and b["sponsor_buried"] == 0


def test_MO_CMP_02_the_board_stage_tracks_and_the_end():
    """MO-CMP-02: four stage tracks of three Stage Tiles (12 in all), the teams at the start line, no Match Up
    spot taken, no contest on the mat yet."""
    b = board(new(4))
    assert b["stages"] == 4 and [len(t) for t in b["tracks"]] == [3, 3, 3, 3]
    assert Counter(t["id"] for tr in b["tracks"] for t in tr) == Counter({tid: 1 for tid in pool().tiles})
    assert all(t["name"] and t["kind"] in ("fundraise", "strategize", "recruit", "scrimmage", "freeday")
               for tr in b["tracks"] for t in tr)
    assert [(p["pos"], p["spot"]) for p in b["players"]] == [(-1, -1)] * 4
    assert b["stage"] == 0 and b["phase"] == "preseason" and b["contest"] is None and b["bracket"] == []


def test_MO_CMP_03_every_roll_is_posted_on_the_board_and_in_the_log():
    """MO-CMP-03: a roll (here in a scrimmage, loaded dice) is posted in the log with its faces and shown as
    the board's last roll."""
    st = GAME.position({"scrimmage": {"seat": 0, "card": "hab-yard-kickabout"}, "dice": ["boost8"]}, seats(2), 3)
    d = GAME.decisions(st)[0]
    assert d.kind == "athlete"
    ev = GAME.apply(st, 0, d.options[0].id)
    assert any("rolls 1 die" in e.text and e.text.endswith("8-Boost.") and e.audience is None for e in ev)
    assert board(st)["last_roll"]["faces"] == ["boost8"] and board(st)["last_roll"]["seat"] == 0


def test_MO_CMP_04_MO_SET_08_tokens_and_supply_at_set_up():
    """MO-CMP-04, MO-SET-08, MO-GAP-18: each team starts with 3 credits, 1 popularity and no prestige; the supply
    holds the rest of 40 credits, 24 popularity and 24 prestige."""
    for n in (2, 3, 4):
        b = board(new(n))
        assert [(p["credits"], p["popularity"], p["prestige"]) for p in b["players"]] == [(3, 1, 0)] * n
        assert b["supply"] == {"credits": 40 - 3 * n, "popularity": 24 - n, "prestige": 24}


def test_MO_CMP_05_MO_SET_09_MO_SET_10_team_markers_names_and_colours():
    """MO-CMP-05, MO-SET-09, MO-SET-10: every team has a name and a distinct colour marker, with a position and an
    arrival record; names and colours can be chosen, else defaults are generated."""
    b = board(new(4))
    assert [p["team"] for p in b["players"]] == list(DEFAULT_TEAMS[:4])
    assert [p["colour"] for p in b["players"]] == list(PALETTE[:4]) and len(set(PALETTE[:4])) == 4
    assert [p["name"] for p in b["players"]] == ["P0", "P1", "P2", "P3"]
    assert all(p["pos"] == -1 and p["arrival"] == -1 for p in b["players"])
    st = new(3, options={"team_names": ["Ares Athletic", "", "Deimos Drifters"], "colours": ["black", None, "pink"]})
    b = board(st)
    assert [p["team"] for p in b["players"]] == ["Ares Athletic", DEFAULT_TEAMS[1], "Deimos Drifters"]
    assert [p["colour"] for p in b["players"]] == ["black", PALETTE[1], "pink"]
    assert "Ares Athletic (black, P0)" in GAME.intro(st)[0].text
    assert b["options"] == {}  # names and colours are not rules options


@pytest.mark.parametrize(("n", "options", "ok"), [
    (1, None, False), (2, None, True), (3, None, True), (4, None, True), (5, None, False),
    (5, {"mega": True}, True), (8, {"mega": True}, True), (9, {"mega": True}, False)])
def test_MO_CMP_06_two_to_four_teams_more_only_in_the_mega_league(n, options, ok):
    """MO-CMP-06 (and MO-OPT-05): 2 to 4 teams; 5 to 8 only with the Mega League; a bad count is refused with a
    message saying what is allowed."""
    assert GAME.seat_limit(options) == (8 if options else 4)
    if ok:
        assert len(board(new(n, 1, options))["players"]) == n
    else:
        with pytest.raises(RulesError) as err:
            new(n, 1, options)
        assert f"got {n} seats" in str(err.value) and "2 to" in str(err.value)


# ---------------------------------------------------------------- 2. Set-up

def test_MO_SET_01_MO_GAP_02_every_track_has_one_tile_of_each_border_at_random():
    """MO-SET-01, MO-GAP-02: in every seeded layout each of the four tracks holds one white, one grey and one
    black tile; the white tiles are Fundraise x2, Strategize, Recruit; grey Recruit, Strategize, Fundraise,
    Scrimmage; black Scrimmage x2, Recruit, Free Day; layouts differ from seed to seed."""
    layouts = set()
    kinds = {"white": Counter(), "grey": Counter(), "black": Counter()}
    for seed in range(60):
        b = board(new(2, seed))
        for tr in b["tracks"]:
            assert sorted(t["border"] for t in tr) == ["black", "grey", "white"]
        if seed == 0:
            for tr in b["tracks"]:
                for t in tr:
                    kinds[t["border"]][t["kind"]] += 1
        layouts.add(tuple(t["id"] for tr in b["tracks"] for t in tr))
    assert kinds == {"white": Counter(fundraise=2, strategize=1, recruit=1),
                     "grey": Counter(recruit=1, strategize=1, fundraise=1, scrimmage=1),
                     "black": Counter(scrimmage=2, recruit=1, freeday=1)}
    assert len(layouts) > 50
    # each border position in a track varies too (tracks are ordered at random)
    first = Counter(board(new(2, s))["tracks"][0][0]["border"] for s in range(60))
    assert set(first) == {"white", "grey", "black"}


def test_MO_SET_02_two_major_sponsors_revealed_at_random():
    """MO-SET-02: two major sponsors are revealed face up on the board (named, with their goal), different ones
    across seeds."""
    seen = set()
    for seed in range(30):
        st = new(3, seed)
        b = board(st)
        assert len(b["majors"]) == 2
        for m in b["majors"]:
            assert pool().sponsors[m["card"]].major and m["name"] and "Major sponsor" in m["text"]
        assert all(m["name"] in GAME.intro(st)[0].text for m in b["majors"])
        seen.update(m["card"] for m in b["majors"])
    assert len(seen) >= 8


def test_MO_SET_03_six_identical_starting_rookies_three_defensive_three_offensive():
    """MO-SET-03: each team's hand (its own private view) is the six starting Rookies, 3 defensive and 3
    offensive, the same for every team; none injured."""
    st = new(4, 5)
    want = sorted(starters())
    for s in range(4):
        hand = GAME.view(st, s).private["athletes"]
        assert sorted(a["card"] for a in hand) == want
        assert Counter(a["type"] for a in hand) == Counter(defensive=3, offensive=3)
        assert {a["tier"] for a in hand} == {"rookie"} and not any(a["injured"] for a in hand)
        assert board(st)["players"][s]["athletes"] == 6 and board(st)["players"][s]["injured"] == 0


def test_MO_SET_04_market_of_three_face_up_athletes_over_a_shuffled_deck():
    """MO-SET-04: three athletes face up beside the deck (with their texts); the deck holds the rest (the other
    Rookies included) and is shuffled: the markets differ across seeds and include Rookies sometimes."""
    markets = set()
    tiers = Counter()
    for seed in range(40):
        b = board(new(2, seed))
        assert len(b["market"]) == 3 and all(m["line"] for m in b["market"])
        assert b["athlete_deck"] == athlete_copies() - 12 - 3
        markets.add(tuple(m["card"] for m in b["market"]))
        tiers.update(pool().athletes[m["card"]].tier for m in b["market"])
    assert len(markets) > 35 and set(tiers) == {"rookie", "pro", "allstar"}


def _strategize_first(n: int, seed: int):
    """A seeded new game where the first mover lands on the first Strategize tile of Stage 1, if any."""
    st = new(n, seed)
    b = board(st)
    track = [t["kind"] for t in b["tracks"][0]]
    if "strategize" not in track:
        return None
    d = GAME.decisions(st)[0]
    GAME.apply(st, d.seat, f"tile:{track.index('strategize')}")
    return st, d.seat


def test_MO_SET_05_the_tactics_deck_is_shuffled():
    """MO-SET-05: every tactic card is in one face-down deck (no team holds any) and the deck is shuffled: the
    first two cards drawn on a Strategize tile differ across seeds."""
    drawn = set()
    for seed in range(80):
        got = _strategize_first(2, seed)
        if got is None:
            continue
        st, seat = got
        pend = GAME.view(st, seat).private["pending"]
        assert len(pend) == 2 and all(c["kind"] == "tactic" for c in pend)
        drawn.add(tuple(c["card"] for c in pend))
        assert board(st)["tactic_deck"] == tactic_copies() - 2
    assert len(drawn) >= 10
    assert all(board(new(3, s))["players"][i]["tactics"] == 0 for s in range(3) for i in range(3))


def test_MO_SET_06_other_majors_and_all_minors_in_one_shuffled_sponsor_deck():
    """MO-SET-06: the sponsor deck holds the eight other majors and all minors, shuffled: the two sponsors drawn
    on a first Fundraise are majors or minors, and differ across seeds; neither is a revealed major."""
    kinds = Counter()
    drawn = set()
    for seed in range(120):
        st = new(2, seed)
        b = board(st)
        track = [t["kind"] for t in b["tracks"][0]]
        if "fundraise" not in track:
            continue
        assert b["sponsor_deck"] == len(pool().sponsors) - 2
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, f"tile:{track.index('fundraise')}")
        GAME.apply(st, d.seat, "sponsor")
        pend = GAME.view(st, d.seat).private["pending"]
        assert len(pend) == 2
        revealed = {m["card"] for m in b["majors"]}
        for c in pend:
            assert c["kind"] == "sponsor" and c["card"] not in revealed
            kinds["major" if pool().sponsors[c["card"]].major else "minor"] += 1
        drawn.add(tuple(c["card"] for c in pend))
    assert kinds["major"] > 0 and kinds["minor"] > kinds["major"] and len(drawn) > 20


def test_MO_SET_07_scrimmage_deck_lowest_tier_on_top():
    """MO-SET-07: the scrimmage deck is stacked by tier, lowest on top: the board shows tier 1 next, and in
    seeded games played by always landing on Scrimmage tiles the cards come in non-decreasing tier order."""
    tiers_seen = []
    for seed in range(6):
        st = new(4, seed)
        assert board(st)["scrim_next_tier"] == 1 and board(st)["scrim_deck"] == 24
        tiers = []
        while GAME.result(st) is None:
            d = GAME.decisions(st)[0]
            choice = GAME.timeout_choice(st, d)
            if d.kind == "move":
                choice = next((o.id for o in d.options if o.label.endswith(" — Scrimmage")), choice)
            elif d.kind == "freeday":
                choice = "scrimmage"
            for e in GAME.apply(st, d.seat, choice):
                m = re.search(r"plays a scrimmage against .* \(tier (\d), score", e.text)
                if m:
                    tiers.append(int(m.group(1)))
        assert tiers and tiers == sorted(tiers) and tiers[0] == 1
        tiers_seen += tiers
    assert 2 in tiers_seen


def test_MO_SET_08_starting_credits_and_popularity_in_positions_too():
    """MO-SET-08: a position's teams default to the set-up's 3 credits and 1 popularity."""
    st = GAME.position({}, seats(3), 1)
    assert [(p["credits"], p["popularity"]) for p in board(st)["players"]] == [(3, 1)] * 3
