"""Meta Olympia's optional rules (checklist section 17, MO-OPT-01..06; MO-GAP-20, MO-GAP-21), each a table
option that is off by default, tested through the game contract: ``GAME.new_game`` / ``GAME.position`` with
``options``, then ``decisions``, ``apply``, ``view`` and ``result``. Trades (MO-OPT-04) are in
``test_trades.py``, mergers (MO-OPT-07/08, MO-GAP-22) in ``test_merger.py``."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME
from games.metaolympia.pool import pool

from .kit import (
    AWAY_WINS,
    DRAW,
    HOME_WINS,
    OPTIONAL_KINDS,
    board,
    decision,
    drive,
    heard,
    ids,
    position,
    random_policy,
    seats,
    stage_end_spec,
)

OPTION_KEYS = ("gambling", "wagers", "short", "trades", "mega", "teamup", "merger")


def credits(st) -> list[int]:
    return [p["credits"] for p in board(st)["players"]]


def stop_at(*kinds: str):
    return lambda st, d: d.kind in kinds


# ---------------------------------------------------------------- off by default


def test_MO_OPT_01_to_08_every_optional_rule_is_a_table_option_off_by_default():
    """MO-OPT-01..08: gambling, side wagers, fewer stages, trades, Mega League, Team Up and mergers are each a
    yes/no table option, off unless chosen, whose help names its rule."""
    by_key = {o.key: o for o in GAME.table_options}
    rules = {"gambling": "MO-OPT-01", "wagers": "MO-OPT-02", "short": "MO-OPT-03", "trades": "MO-OPT-04",
             "mega": "MO-OPT-05", "teamup": "MO-OPT-06", "merger": "MO-OPT-07"}
    for key in OPTION_KEYS:
        o = by_key[key]
        assert (o.kind, o.default) == ("bool", False), key
        assert rules[key] in o.help, (key, o.help)
    st = GAME.new_game(seats(4), None, 3)
    assert board(st)["options"] == {}  # nothing but defaults


@pytest.mark.parametrize(("n", "seed"), [(3, 11), (4, 12), (4, 13)])
def test_MO_OPT_options_off_a_whole_game_never_offers_an_optional_decision(n, seed):
    """MO-OPT-01..08 off (the default): a whole game played by a seeded random player meets no bet, wager,
    trade or merger decision, no Recruit tile offers a trade, and it runs over 4 stages of 3 tiles."""
    st = GAME.new_game(seats(n), None, seed)
    b = board(st)
    assert b["stages"] == 4 and [len(t) for t in b["tracks"]] == [3, 3, 3, 3]
    kinds: list[str] = []
    trade_offered = []

    def policy(st, d):
        kinds.append(d.kind)
        if d.kind == "recruit" and "trade" in ids(st):
            trade_offered.append(d)
        return random_policy(seed * 100 + len(kinds))(st, d)

    assert drive(st, policy=policy).open is None
    assert GAME.result(st) is not None
    assert not set(kinds) & OPTIONAL_KINDS, set(kinds) & OPTIONAL_KINDS
    assert "recruit" in kinds and not trade_offered
    assert board(st)["stage"] == 3


def test_MO_CMP_06_MO_OPT_05_two_to_four_teams_without_the_mega_league():
    """MO-CMP-06, MO-OPT-05: without ``mega`` a table seats 2 to 4 teams; 1 or 5 seats are refused with a
    message naming the Mega League option."""
    assert GAME.seat_limit({}) == 4 and GAME.seat_limit(None) == 4
    for n in (2, 3, 4):
        assert len(board(GAME.new_game(seats(n), None, n))["players"]) == n
    for n in (1, 5, 8):
        with pytest.raises(RulesError) as info:
            GAME.new_game(seats(n), None, 1)
        assert info.value.rule == "MO-CMP-06" and "2 to 4" in str(info.value) and "mega" in str(info.value)


# ---------------------------------------------------------------- gambling (MO-OPT-01, MO-GAP-20)


def test_MO_OPT_01_without_gambling_a_match_starts_with_no_bet():
    """MO-OPT-01 off: the teams not playing are not asked anything; the Away team reveals first."""
    st = position({"match": [0, 1], "dice": HOME_WINS}, n=3)
    d = decision(st)
    assert (d.kind, d.seat) == ("athlete", 1)


def test_MO_OPT_01_MO_GAP_20_each_team_not_playing_is_offered_a_bet_before_a_match():
    """MO-OPT-01, MO-GAP-20: before a match each team not playing is asked in turn for a 1-credit bet on
    either team winning, or no bet; the two playing teams are never asked."""
    st = position({"options": {"gambling": True}, "match": [0, 1], "dice": HOME_WINS}, n=4)
    d = decision(st)
    assert (d.kind, d.seat) == ("bet", 2)
    assert sorted(ids(st)) == ["bet:0", "bet:1", "none"] and d.default == "none"
    GAME.apply(st, 2, "bet:0")
    d = decision(st)
    assert (d.kind, d.seat) == ("bet", 3)
    GAME.apply(st, 3, "none")
    assert board(st)["contest"]["bets"] == [{"seat": 2, "side": "0"}]
    kinds = drive(st, until=stop_at("move")).kinds
    assert "bet" not in kinds


def test_MO_OPT_01_MO_GAP_20_a_right_bet_wins_1_credit_a_wrong_bet_pays_1():
    """MO-OPT-01, MO-GAP-20: Home wins; the team that backed Home gains 1 credit from the supply, the team
    that backed Away pays 1."""
    st = position({"options": {"gambling": True}, "match": [0, 1], "dice": HOME_WINS}, n=4)
    GAME.apply(st, 2, "bet:0")
    GAME.apply(st, 3, "bet:1")
    supply = board(st)["supply"]["credits"]
    events: list = []
    drive(st, until=stop_at("move"), events=events)
    assert credits(st)[2:] == [4, 2]
    text = heard(events, None)
    assert "wins the bet" in text and "loses the bet" in text
    # the winner's match credit (+1) and the bets (+1, -1) all come from / go to the supply
    assert board(st)["supply"]["credits"] == supply - 1


def test_MO_GAP_20_a_drawn_match_returns_every_bet():
    """MO-GAP-20: a draw has no winner: every bet is returned, nobody gains or loses a credit."""
    st = position({"options": {"gambling": True}, "match": [0, 1], "dice": DRAW}, n=4)
    GAME.apply(st, 2, "bet:0")
    GAME.apply(st, 3, "bet:1")
    events: list = []
    drive(st, until=stop_at("move"), events=events)
    assert credits(st)[2:] == [3, 3]
    assert heard(events, None).count("bet is returned") == 2


def test_MO_GAP_20_a_team_without_credits_cannot_bet():
    """MO-GAP-20: only a team holding at least 1 credit is offered a bet."""
    st = position({"options": {"gambling": True}, "match": [0, 1], "dice": HOME_WINS,
                   "players": [{}, {}, {"credits": 0}, {}]}, n=4)
    d = decision(st)
    assert (d.kind, d.seat) == ("bet", 3)
    GAME.apply(st, 3, "none")
    assert decision(st).kind == "athlete"


@pytest.mark.parametrize(("card", "dice", "right", "wrong"), [
    ("hab-yard-kickabout", ["goal", "goal", "goal"], "player", "card"),  # 3-0: the player beats the card
    ("dust-bowl-friendly", ["special"] * 3, "card", "player"),  # 0-1: the card holds
])
def test_MO_OPT_01_MO_GAP_20_bets_on_a_scrimmage_are_on_the_player_or_the_card(card, dice, right, wrong):
    """MO-OPT-01, MO-GAP-20: before a scrimmage the teams not playing may bet on the player beating the card
    or on the card holding; the right bet wins 1 credit, the wrong one pays 1."""
    st = position({"options": {"gambling": True}, "scrimmage": {"seat": 0, "card": card}, "dice": dice}, n=3)
    d = decision(st)
    assert (d.kind, d.seat) == ("bet", 1) and sorted(ids(st)) == ["bet:card", "bet:player", "none"]
    GAME.apply(st, 1, f"bet:{right}")
    assert decision(st).seat == 2
    GAME.apply(st, 2, f"bet:{wrong}")
    drive(st, until=stop_at("move"))
    assert credits(st)[1:] == [4, 2]


def test_MO_GAP_20_a_tied_scrimmage_returns_every_bet():
    """MO-GAP-20: a scrimmage tied with the card's score returns every bet."""
    st = position({"options": {"gambling": True}, "scrimmage": {"seat": 0, "card": "dust-bowl-friendly"},
                   "dice": ["goal", "special", "special"]}, n=3)
    GAME.apply(st, 1, "bet:player")
    GAME.apply(st, 2, "bet:card")
    events: list = []
    drive(st, until=stop_at("move"), events=events)
    assert "ties" in heard(events, None)
    assert credits(st)[1:] == [3, 3]


# ---------------------------------------------------------------- side wagers (MO-OPT-02, MO-GAP-20)


def wager_position(c2: int, c3: int, dice: list[str], gambling: bool = False):
    opts = {"wagers": True, "gambling": gambling}
    return position({"options": opts, "match": [0, 1], "dice": dice,
                     "players": [{}, {}, {"credits": c2}, {"credits": c3}]}, n=4)


def test_MO_OPT_02_without_wagers_nobody_is_offered_a_side_wager():
    """MO-OPT-02 off: with gambling on, the teams not playing get their bets and no side wager."""
    st = position({"options": {"gambling": True}, "match": [0, 1], "dice": HOME_WINS}, n=4)
    kinds = drive(st, until=stop_at("move")).kinds
    assert kinds.count("bet") == 2 and "wager" not in kinds and "wager_ok" not in kinds


def test_MO_OPT_02_MO_GAP_20_offer_accept_and_the_loser_pays_the_winner():
    """MO-OPT-02, MO-GAP-20: a team not playing offers another team not playing a side wager (a side and a
    stake in credits); the partner accepts; the loser pays the winner the stake when the match ends."""
    st = wager_position(4, 4, HOME_WINS)
    d = decision(st)
    assert (d.kind, d.seat) == ("wager", 2) and d.default == "none"
    assert all(o.startswith("wager:3:") for o in ids(st) if o != "none")  # only the other team not playing
    GAME.apply(st, 2, "wager:3:0:3")  # seat 2 backs Home (seat 0) for 3 credits
    d = decision(st)
    assert (d.kind, d.seat) == ("wager_ok", 3) and ids(st) == ["accept", "decline"]
    GAME.apply(st, 3, "accept")
    assert board(st)["contest"]["wagers"] == [{"from": 2, "to": 3, "side": "0", "stake": 3, "accepted": True}]
    kinds = drive(st, until=stop_at("move")).kinds
    assert "wager" not in kinds  # seat 3 is already in a wager: nobody left to offer one to
    assert credits(st)[2:] == [7, 1]


def test_MO_OPT_02_a_declined_wager_moves_no_credit():
    """MO-OPT-02: the partner may decline; then nothing is settled."""
    st = wager_position(4, 4, AWAY_WINS)
    GAME.apply(st, 2, "wager:3:0:2")
    GAME.apply(st, 3, "decline")
    drive(st, until=stop_at("move"))
    assert credits(st)[2:] == [4, 4]
    assert board(st)["contest"] is None


def test_MO_GAP_20_a_drawn_match_calls_the_wager_off():
    """MO-GAP-20: a draw calls an accepted side wager off."""
    st = wager_position(4, 4, DRAW)
    GAME.apply(st, 2, "wager:3:1:4")
    GAME.apply(st, 3, "accept")
    events: list = []
    drive(st, until=stop_at("move"), events=events)
    assert credits(st)[2:] == [4, 4] and "is off" in heard(events, None)


def test_MO_OPT_02_MO_GAP_20_stakes_are_1_to_5_and_never_above_either_teams_credits():
    """MO-OPT-02, MO-GAP-20: stakes run from 1 credit to the least of 5 and both teams' credits; a larger
    stake is refused with the options listed, and changes nothing."""
    st = wager_position(4, 2, HOME_WINS)
    stakes = {int(o.rsplit(":", 1)[1]) for o in ids(st) if o != "none"}
    assert stakes == {1, 2}
    before = (st.version, credits(st), ids(st))
    with pytest.raises(RulesError, match="not one of your options"):
        GAME.apply(st, 2, "wager:3:0:3")
    assert (st.version, credits(st), ids(st)) == before
    rich = wager_position(9, 9, HOME_WINS)
    assert {int(o.rsplit(":", 1)[1]) for o in ids(rich) if o != "none"} == {1, 2, 3, 4, 5}


def test_MO_OPT_02_a_team_without_credits_is_neither_offered_nor_offers_a_wager():
    """MO-OPT-02, MO-GAP-20: wagers are in credits, so a team with none takes no part: with only one team
    not playing holding credits there is nobody to wager with."""
    st = wager_position(4, 0, HOME_WINS)
    assert decision(st).kind == "athlete"


def test_MO_OPT_02_a_lost_bet_and_a_lost_wager_never_take_more_credits_than_the_team_holds():
    """MO-OPT-01/02, MO-GAP-20: bets settle first; a wager's loser then pays at most what it still holds
    (never below 0), and the winner receives exactly what was paid."""
    st = wager_position(3, 2, AWAY_WINS, gambling=True)
    GAME.apply(st, 2, "none")
    GAME.apply(st, 3, "bet:0")  # seat 3 backs Home with the house
    GAME.apply(st, 2, "wager:3:1:2")  # seat 2 backs Away against seat 3 for 2
    GAME.apply(st, 3, "accept")
    drive(st, until=stop_at("move"))
    # seat 3: 2 credits, -1 for the lost bet, then pays its last 1 credit of the 2-credit wager
    assert credits(st)[2:] == [4, 0]


# ---------------------------------------------------------------- fewer stages (MO-OPT-03, MO-GAP-21)


def test_MO_OPT_03_MO_GAP_21_fewer_stages_two_tracks_of_six_tiles():
    """MO-OPT-03, MO-GAP-21: with ``short`` the 12 Stage Tiles build two stages of six tiles, two of each
    border colour; without it there are four stages of three, one of each colour (MO-SET-01)."""
    tiles = pool().tiles
    st = GAME.new_game(seats(3), {"short": True}, 5)
    b = board(st)
    assert b["stages"] == 2 and [len(t) for t in b["tracks"]] == [6, 6]
    for tr in b["tracks"]:
        assert Counter(t["border"] for t in tr) == {"white": 2, "grey": 2, "black": 2}
    assert sorted(t["id"] for tr in b["tracks"] for t in tr) == sorted(tiles)
    plain = board(GAME.new_game(seats(3), None, 5))
    assert plain["stages"] == 4
    for tr in plain["tracks"]:
        assert Counter(t["border"] for t in tr) == {"white": 1, "grey": 1, "black": 1}


@pytest.mark.parametrize("seed", [21, 22])
def test_MO_OPT_03_MO_GAP_21_one_regular_tournament_then_the_final_championship(seed):
    """MO-OPT-03, MO-GAP-21: with fewer stages Stage 1 ends with a regular Tournament (three teams: a bracket
    and a match for the loser of the first, MO-BRK-03) and Stage 2 with the Final Championship (a round robin,
    MO-FIN-02), after which the game is over."""
    st = GAME.new_game(seats(3), {"short": True}, seed)
    tournaments: dict[int, list[dict]] = {}

    def watch(st, d):
        b = board(st)
        if b["phase"] == "tournament" and b["stage"] not in tournaments:
            tournaments[b["stage"]] = [dict(x) for x in b["bracket"]]
        return None

    assert drive(st, policy=watch).open is None
    assert sorted(tournaments) == [0, 1]
    first, final = tournaments[0], tournaments[1]
    assert len(first) == 2 and first[1].get("waits") == "loser of the first match"
    assert len(final) == 3 and all(b["home"] >= 0 and "waits" not in b for b in final)
    assert {frozenset((b["home"], b["away"])) for b in final} == {frozenset(p) for p in ((0, 1), (1, 2), (0, 2))}
    assert GAME.result(st) is not None and board(st)["stage"] == 1


# ---------------------------------------------------------------- Mega League (MO-OPT-05, MO-GAP-21)


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_MO_OPT_05_five_to_eight_teams_only_in_the_mega_league(n):
    """MO-OPT-05: 5 to 8 teams need the ``mega`` option (else :class:`RulesError` naming it); with it they
    play, each with its own colour."""
    with pytest.raises(RulesError, match="mega"):
        GAME.new_game(seats(n), None, n)
    st = GAME.new_game(seats(n), {"mega": True}, n)
    players = board(st)["players"]
    assert len(players) == n and len({p["colour"] for p in players}) == n
    assert decision(st).kind == "move"


def test_MO_OPT_05_the_mega_league_seats_at_most_8():
    """MO-OPT-05: 8 teams at most, even with ``mega``."""
    assert GAME.seat_limit({"mega": True}) == 8
    with pytest.raises(RulesError, match="2 to 8"):
        GAME.new_game(seats(9), {"mega": True}, 1)


def _cards(b: dict) -> dict[str, int]:
    athletes = (b["athlete_deck"] + len(b["market"]) + len(b["athlete_discard"])
                + sum(p["athletes"] for p in b["players"]))
    return {"athletes": athletes, "tactics": b["tactic_deck"], "sponsors": b["sponsor_deck"] + len(b["majors"]),
            "scrimmages": b["scrim_deck"]}


def test_MO_OPT_05_MO_GAP_21_MO_GAP_18_doubled_tracks_decks_and_supply():
    """MO-OPT-05, MO-GAP-21, MO-GAP-18: the Mega League doubles every stage track (two tiles of each border
    colour; four with fewer stages), combines two sets of every deck and doubles the token supply."""
    plain = board(GAME.new_game(seats(4), None, 9))
    mega = board(GAME.new_game(seats(6), {"mega": True}, 9))
    assert mega["stages"] == 4
    for tr in mega["tracks"]:
        assert Counter(t["border"] for t in tr) == {"white": 2, "grey": 2, "black": 2}
    assert {k: 2 * v for k, v in _cards(plain).items()} == _cards(mega)
    spent = {k: sum(p[k] for p in mega["players"]) for k in ("credits", "popularity", "prestige")}
    assert mega["supply"] == {"credits": 80 - spent["credits"], "popularity": 48 - spent["popularity"],
                              "prestige": 48}
    both = board(GAME.new_game(seats(5), {"mega": True, "short": True}, 9))
    assert both["stages"] == 2
    for tr in both["tracks"]:
        assert Counter(t["border"] for t in tr) == {"white": 4, "grey": 4, "black": 4}


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_MO_GAP_21_mega_brackets_pair_spots_and_an_odd_last_spot_waits(n):
    """MO-GAP-21, MO-GAP-03: Mega League brackets pair spots 1-2, 3-4, 5-6, 7-8 (the lower spot Home); an odd
    last spot waits for the loser of bracket 1."""
    st = position(stage_end_spec(0, range(n), track_len=6, options={"mega": True}, dice=HOME_WINS), n=n)
    bracket = board(st)["bracket"]
    pairs = [(b["home"], b["away"]) for b in bracket if b["home"] >= 0]
    assert pairs == [(i, i + 1) for i in range(0, n - 1, 2)]
    waiting = [b for b in bracket if b["home"] < 0]
    assert waiting == ([{"home": -1, "away": n - 1, "score": None, "winner": None,
                         "waits": "loser of the first match"}] if n % 2 else [])


def test_MO_GAP_21_MO_BRK_03_the_odd_team_plays_the_loser_of_bracket_1():
    """MO-GAP-21, MO-BRK-03: with 5 teams, once bracket 1 is played its loser meets the team on spot 5, Home
    being the lower spot (MO-GAP-23)."""
    st = position(stage_end_spec(0, range(5), track_len=6, options={"mega": True}, dice=HOME_WINS), n=5)
    drive(st, until=lambda s, d: board(st)["bracket"][0].get("winner") is not None)
    bracket = board(st)["bracket"]
    assert bracket[0]["winner"] == 0
    assert (bracket[2]["home"], bracket[2]["away"]) == (1, 4) and "waits" not in bracket[2]


@pytest.mark.parametrize("n", [5, 6])
def test_MO_GAP_21_mega_final_round_robin_meets_every_pair_once(n):
    """MO-GAP-21, MO-GAP-23: the Final Championship of 5 or more teams is a round robin in which every team
    meets every other once, Home the lower spot."""
    st = position(stage_end_spec(3, range(n), track_len=6, options={"mega": True}), n=n)
    bracket = board(st)["bracket"]
    pairs = [(b["home"], b["away"]) for b in bracket]
    assert len(pairs) == n * (n - 1) // 2
    assert {frozenset(p) for p in pairs} == {frozenset((a, b)) for a in range(n) for b in range(a + 1, n)}
    assert all(h < a for h, a in pairs)


# ---------------------------------------------------------------- Team Up (MO-OPT-06)


def test_MO_OPT_06_team_up_is_a_table_option_the_engine_accepts():
    """MO-OPT-06: Team Up (several people on one team) is the host's business; the engine declares the
    option and plays a game with it like any other: one seat per team, each managing itself."""
    option = next(o for o in GAME.table_options if o.key == "teamup")
    assert (option.kind, option.default) == ("bool", False) and "MO-OPT-06" in option.help
    st = GAME.new_game(seats(3), {"teamup": True}, 4)
    assert board(st)["options"] == {"teamup": True}
    assert decision(st).kind == "move"
    assert [GAME.managed_by(st, s) for s in range(3)] == [0, 1, 2]
    assert drive(st).open is None and GAME.result(st) is not None
