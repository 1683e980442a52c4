"""MetaX set-up, mulligan, turn structure, winning, zones and host rules, through the game contract.

Rule IDs: shared/rules/checklists/metax.md (MX-WIN, MX-SET, MX-TRN, MX-PRP, MX-MP-01/04/06, MX-ZN,
MX-HST) and the gap decisions in games/metax/gaps.py (MX-GAP-11, 16, 20, 24).
"""

from __future__ import annotations

from collections import Counter

import pytest
from metax_helpers import FILLER, reject

from games.core.contract import RulesError, SeatSetup


def ids(mx, state, seat):
    return [o.id for o in mx.decision_for(state, seat).options]


def names(state, zone):
    return [state.cards[c] for c in zone]


def hand_of(mx, state, seat):
    return [c["card"] for c in mx.view(state, seat).private["hand"]]


def pile(mx, state, seat, viewer=None):
    return [c["card"] for c in mx.view(state, viewer).board["players"][seat]["discard"]]


@pytest.fixture
def decks(mx):
    d = mx.starter_decks()
    return d["heroes-rush"], d["villains-control"]


@pytest.fixture
def game(mx, decks):
    """``game(seed)`` -> a new game between the first two starter decks."""

    def make(seed=0):
        return mx.new_game([SeatSetup("Ana", list(decks[0])), SeatSetup("Ben", list(decks[1]))], None, seed)

    return make


def play_defaults(mx, state, steps):
    """Apply the timeout default of the open decision ``steps`` times (or until the game ends)."""
    for _ in range(steps):
        decs = mx.decisions(state)
        if not decs:
            return
        mx.apply(state, decs[0].seat, mx.timeout_choice(state, decs[0]))


# -- winning (MX-WIN-*) ----------------------------------------------------------------------------


def test_MX_WIN_01_two_players_only(mx, decks):
    """MX-WIN-01: MetaX is for exactly two players; other seat counts are refused with the rule."""
    assert (mx.min_seats, mx.max_seats) == (2, 2)
    for n in (1, 3):
        with pytest.raises(RulesError) as e:
            mx.new_game([SeatSetup(f"P{i}", list(decks[0])) for i in range(n)], None, 0)
        assert e.value.rule == "MX-WIN-01"
    st = mx.new_game([SeatSetup("A", list(decks[0])), SeatSetup("B", list(decks[1]))], None, 0)
    assert len(mx.view(st, None).board["players"]) == 2


def test_MX_WIN_01_players_alternate_turns(mx, position):
    """MX-WIN-01, MX-TRN-01: turns alternate 0, 1, 0, 1 while nobody has won."""
    st = position({"players": [{"hand": ["hercules"], "deck": FILLER},
                               {"hand": ["grendel"], "deck": FILLER}]})
    seen = []
    for _ in range(4):
        board = mx.view(st, None).board
        seen.append((board["turn"], board["active"]))
        mx.apply(st, board["active"], "battle")
    assert seen == [(1, 0), (2, 1), (3, 0), (4, 1)]
    assert mx.result(st) is None


def test_MX_WIN_02_MX_WIN_04_seventh_vp_wins_at_once(mx, position):
    """MX-WIN-02: the 7th VP wins immediately, even with another undefended attack still to count.
    MX-WIN-04: the result names the winner and the reason; no more choices are accepted."""
    st = position({
        "turn": 3,
        "players": [
            {"hand": ["b-str-3", "b-str-2"], "deck": FILLER, "vp": ["b-int-7"] * 6,
             "in_play": ["hercules", "gilgamesh"]},
            {"hand": ["grendel"], "deck": FILLER},
        ],
    })
    mx.apply(st, 0, "battle")
    herc, gil = (ch.card for ch in st.players[0].in_play)
    mx.apply(st, 0, f"attack:{herc}")
    mx.apply(st, 0, "card:b-str-3:strength")
    assert mx.result(st) is None and mx.decision_for(st, 0).kind == "attack"
    mx.apply(st, 0, f"attack:{gil}")
    # the last possible attack: declarations end, the opponent has no defender, VPs are counted
    mx.apply(st, 0, "card:b-str-2:strength")
    res = mx.result(st)
    assert res is not None
    assert res.winners == (0,) and res.losers == (1,) and res.reason == "seven_vp" and not res.draw
    assert "Ana" in res.text
    board = mx.view(st, 1).board
    assert board["players"][0]["vp"] == 7  # the second undefended attack was never counted
    assert board["players"][1]["deck"] == len(FILLER) - 1
    assert mx.decisions(st) == []
    assert mx.view(st, 0).result == res
    assert reject(mx, st, 0, "battle") == "MX-WIN-04"


def test_MX_WIN_03_MX_GAP_11_opponent_deck_out_by_vp(mx, position):
    """MX-WIN-03, MX-GAP-11: a VP that takes the opponent's last card wins by deck-out at once."""
    st = position({
        "turn": 3,
        "players": [
            {"hand": ["b-str-3"], "deck": FILLER, "in_play": ["hercules"]},
            {"hand": ["grendel"], "deck": ["b-spe-7"]},
        ],
    })
    mx.apply(st, 0, "battle")
    herc = st.players[0].in_play[0].card
    mx.apply(st, 0, f"attack:{herc}")
    mx.apply(st, 0, "card:b-str-3:strength")  # no more attackers, no defenders: the VP is gained
    res = mx.result(st)
    assert res is not None and res.winners == (0,) and res.losers == (1,) and res.reason == "deck_out"
    board = mx.view(st, None).board
    assert board["players"][1]["deck"] == 0 and board["players"][0]["vp"] == 1


def test_MX_GAP_11_seventh_vp_emptying_deck_is_a_seven_vp_win(mx, position):
    """MX-GAP-11: a 7th VP that also empties the opponent's deck is a 7-VP win for the same player."""
    st = position({
        "turn": 3,
        "players": [
            {"hand": ["b-str-3"], "deck": FILLER, "vp": ["b-int-7"] * 6, "in_play": ["hercules"]},
            {"hand": ["grendel"], "deck": ["b-spe-7"]},
        ],
    })
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    mx.apply(st, 0, "card:b-str-3:strength")
    res = mx.result(st)
    assert res.winners == (0,) and res.reason == "seven_vp"


def test_MX_WIN_03_MX_GAP_11_drawing_own_last_card_loses_in_prep(mx, position):
    """MX-WIN-03, MX-GAP-11: the deck-out check runs when the last card is drawn (Prep Step draw):
    the player who emptied their own deck loses at once."""
    st = position({"players": [{"hand": ["hercules"], "deck": FILLER},
                               {"hand": ["grendel"], "deck": ["b-spe-7"]}]})
    mx.apply(st, 0, "battle")
    res = mx.result(st)
    assert res is not None and res.winners == (0,) and res.losers == (1,) and res.reason == "deck_out"
    assert mx.view(st, 1).private["hand"][-1]["card"] == "b-spe-7"  # the draw happened, then the loss


def test_MX_WIN_03_MX_GAP_11_effect_draw_of_last_card_loses_mid_turn(mx, position):
    """MX-WIN-03, MX-GAP-11: an effect that draws the last card ends the game in the Planning Step."""
    st = position({"players": [{"hand": ["sherlock-holmes", "hercules"], "deck": ["b-int-2"]},
                               {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "char:sherlock-holmes")
    res = mx.result(st)
    assert res is not None and res.winners == (1,) and res.reason == "deck_out"
    assert mx.decisions(st) == []


def test_MX_WIN_03_MX_GAP_11_search_taking_last_card_loses(mx, position):
    """MX-WIN-03, MX-GAP-11: a search that takes the last card of the deck also triggers the check."""
    st = position({"players": [{"hand": ["ev-open-sesame", "hercules"], "deck": ["merlin"], "mp": 1},
                               {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "event:ev-open-sesame")
    assert ids(mx, st, 0) == ["take:merlin", "none"]
    mx.apply(st, 0, "take:merlin")
    res = mx.result(st)
    assert res is not None and res.losers == (0,) and res.reason == "deck_out"


def test_MX_GAP_11_both_decks_empty_is_a_draw(mx, position):
    """MX-GAP-11: when the check finds both decks empty at once the game is a draw. In play a card
    leaves one deck at a time and is checked at once, so only a position can start with both empty
    (a position with one empty deck is already lost, see test_deck_out.py)."""
    st = position({"players": [{"hand": ["sherlock-holmes", "hercules"], "deck": []},
                               {"hand": ["grendel"], "deck": []}]})
    res = mx.result(st)
    assert res is not None and res.draw and res.winners == () and res.reason == "deck_out"
    assert res.losers == (0, 1) and mx.decisions(st) == []


def test_MX_WIN_04_concede_names_winner_and_reason(mx, game):
    """MX-WIN-04: every ending names winner, loser and reason; a finished game takes no choices."""
    st = game(0)
    mx.concede(st, 1)
    res = mx.result(st)
    assert res.winners == (0,) and res.losers == (1,) and res.reason == "concede"
    with pytest.raises(RulesError) as e:
        mx.concede(st, 0)
    assert e.value.rule == "MX-WIN-04"
    assert reject(mx, st, 0, "keep") == "MX-WIN-04"


# -- set-up and mulligan (MX-SET-*, MX-MP-01, MX-HST-01) -------------------------------------------


def test_MX_SET_01_MX_SET_03_MX_MP_01_shuffled_40_cards_five_in_hand_zero_mp(mx, game, decks):
    """MX-SET-01: each player starts with their shuffled 40-card deck and 0 MP; MX-SET-03: 5 cards each;
    MX-MP-01: MP starts at 0."""
    st = game(0)
    board = mx.view(st, None).board
    for p in (0, 1):
        pb = board["players"][p]
        zones = (pb["deck"], pb["hand"], pb["mp"], pb["vp"], pb["discard"], pb["in_play"])
        assert zones == (35, 5, 0, 0, [], [])
        pl = st.players[p]
        assert Counter(names(st, pl.hand + pl.deck)) == Counter(decks[p])
        assert len(mx.view(st, p).private["hand"]) == 5
    # shuffled: the dealt order is not the list order, and differs between seeds
    assert names(st, st.players[0].hand + st.players[0].deck) != list(decks[0])
    other = game(1)
    dealt = names(st, st.players[0].hand + st.players[0].deck)
    assert names(other, other.players[0].hand + other.players[0].deck) != dealt


def test_MX_SET_02_MX_HST_01_first_player_is_a_seeded_coin_flip(mx, game):
    """MX-SET-02, MX-HST-01: the first player comes from the seeded RNG (same seed, same result; both
    seats win the flip for some seed) and is announced publicly."""
    firsts = {mx.view(game(s), None).board["first"] for s in range(16)}
    assert firsts == {0, 1}
    for s in range(4):
        a, b = game(s), game(s)
        assert mx.to_json(a) == mx.to_json(b)
        first = mx.view(a, None).board["first"]
        intro = mx.intro(a)
        assert intro[0].audience is None and ["Ana", "Ben"][first] in intro[0].text
        assert mx.decisions(a)[0].seat == first


def test_MX_HST_01_replay_after_json_round_trip_is_identical(mx, game):
    """MX-HST-01: the RNG lives in the state, so a saved and reloaded game continues identically."""
    st = game(7)
    play_defaults(mx, st, 3)
    copy = mx.from_json(mx.to_json(st))
    play_defaults(mx, st, 40)
    play_defaults(mx, copy, 40)
    assert mx.to_json(st) == mx.to_json(copy)


def test_MX_SET_04_mulligan_puts_hand_on_bottom_unshuffled_and_draws_five(mx, game):
    """MX-SET-04: the whole hand goes to the bottom (no shuffle) and 5 new cards come from the top."""
    st = game(0)
    p = st.first
    old_hand, old_deck = list(st.players[p].hand), list(st.players[p].deck)
    mx.apply(st, p, "mulligan")
    assert mx.decision_for(st, p).kind == "mulligan_order"
    mx.apply(st, p, "rest")
    assert st.players[p].hand == old_deck[:5]
    assert st.players[p].deck == old_deck[5:] + old_hand
    pb = mx.view(st, None).board["players"][p]
    assert (pb["hand"], pb["deck"], pb["mulligan"]) == (5, 35, "mulliganed")


def test_MX_SET_07_bottom_order_chosen_card_by_card(mx, game):
    """MX-SET-07: after a mulligan the player orders the old hand on the bottom, each chosen card under
    the previous ones; 'rest' keeps hand order; a card not in the old hand is refused (MX-SET-04)."""
    st = game(3)
    p = st.first
    old_hand = list(st.players[p].hand)
    old_deck = list(st.players[p].deck)
    hand_ids = names(st, old_hand)
    mx.apply(st, p, "mulligan")
    assert ids(mx, st, p) == [f"bottom:{c}" for c in dict.fromkeys(hand_ids)] + ["rest"]
    missing = next(c for c in ("ev-ragnarok", "b-int-7", "titanomachy") if c not in hand_ids)
    assert reject(mx, st, p, f"bottom:{missing}") == "MX-SET-04"
    order = [old_hand[3], old_hand[0]]
    mx.apply(st, p, f"bottom:{st.cards[old_hand[3]]}")
    mx.apply(st, p, f"bottom:{st.cards[old_hand[0]]}")
    assert mx.decision_for(st, p).kind == "mulligan_order"
    mx.apply(st, p, "rest")
    rest = [c for c in old_hand if c not in order]
    assert names(st, st.players[p].deck[-5:]) == names(st, order + rest)
    assert st.players[p].deck[:30] == old_deck[5:]


def test_MX_SET_07_last_card_goes_without_asking(mx, game):
    """MX-SET-07: choosing four cards one by one places the fifth too and draws the new hand."""
    st = game(0)
    p = st.first
    old_hand = list(st.players[p].hand)
    mx.apply(st, p, "mulligan")
    for c in reversed(old_hand[1:]):
        mx.apply(st, p, f"bottom:{st.cards[c]}")
    assert names(st, st.players[p].deck[-5:]) == names(st, list(reversed(old_hand[1:])) + [old_hand[0]])
    assert len(st.players[p].hand) == 5
    assert mx.decisions(st)[0].seat == 1 - p and mx.decisions(st)[0].kind == "mulligan"


def test_MX_SET_06_first_player_decides_first_and_second_sees_it(mx, game):
    """MX-SET-06: only the first player decides at first (the other seat is refused); the choice is a
    public event and on the board before the second player decides; default is keep."""
    st = game(1)
    f, s = st.first, 1 - st.first
    assert [(d.seat, d.kind, d.default) for d in mx.decisions(st)] == [(f, "mulligan", "keep")]
    assert mx.view(st, s).decisions == ()
    assert reject(mx, st, s, "mulligan") == "MX-SET-06"
    events = mx.apply(st, f, "mulligan")
    assert any("mulligan" in e.text and e.audience is None for e in events)
    mx.apply(st, f, "rest")
    view = mx.view(st, s)
    assert view.board["players"][f]["mulligan"] == "mulliganed"
    assert [d.kind for d in view.decisions] == ["mulligan"]
    mx.apply(st, s, "keep")
    assert mx.view(st, None).board["players"][s]["mulligan"] == "kept"


def test_MX_SET_05_mulligan_once_per_game(mx, game):
    """MX-SET-05: each player is asked once; after both decide the game is in turn 1 and no mulligan
    option exists any more."""
    st = game(2)
    f, s = st.first, 1 - st.first
    mx.apply(st, f, "mulligan")
    mx.apply(st, f, "rest")
    mx.apply(st, s, "mulligan")
    mx.apply(st, s, "rest")
    board = mx.view(st, None).board
    assert (board["turn"], board["active"], board["phase"]) == (1, f, "planning")
    assert "mulligan" not in ids(mx, st, f)
    assert reject(mx, st, f, "mulligan") == "MX-SET-05"


# -- turn structure (MX-TRN-*, MX-PRP-01) ----------------------------------------------------------


def test_MX_TRN_02_first_player_skips_prep_on_turn_one(mx, game):
    """MX-TRN-02: the first player's first turn has no Prep Step: no draw."""
    st = game(0)
    f = st.first
    mx.apply(st, f, "keep")
    mx.apply(st, 1 - f, "keep")
    board = mx.view(st, f).board
    assert (board["turn"], board["active"], board["phase"]) == (1, f, "planning")
    assert (board["players"][f]["hand"], board["players"][f]["deck"]) == (5, 35)
    assert mx.decision_for(st, f).kind == "planning"


def test_MX_TRN_03_MX_PRP_01_second_player_and_later_turns_draw(mx, position):
    """MX-TRN-03: the second player's first turn and every later turn begin with the Prep Step draw."""
    st = position({"turn": 1, "players": [{"hand": ["hercules"], "deck": FILLER},
                                          {"hand": ["grendel"], "deck": ["b-spe-7"] + FILLER}]})
    mx.apply(st, 0, "battle")
    b = mx.view(st, 1)
    assert (b.board["turn"], b.board["active"]) == (2, 1)
    assert (b.board["players"][1]["hand"], b.board["players"][1]["deck"]) == (2, 10)
    assert [c["card"] for c in b.private["hand"]] == ["grendel", "b-spe-7"]
    mx.apply(st, 1, "battle")
    b = mx.view(st, 0)
    assert (b.board["turn"], b.board["active"]) == (3, 0)
    assert (b.board["players"][0]["hand"], b.board["players"][0]["deck"]) == (2, 9)
    assert b.private["hand"][-1]["card"] == FILLER[0]


def test_MX_PRP_01_prep_step_preps_own_pushed_characters_then_draws(mx, position):
    """MX-PRP-01: the active player's Pushed Characters are Prepped, then the top card is drawn; the
    other player's Pushed Characters stay Pushed."""
    st = position({
        "turn": 4,
        "players": [
            {"hand": ["hercules"], "deck": FILLER,
             "in_play": [{"card": "merlin", "pushed": True}, {"card": "grendel", "pushed": True}]},
            {"hand": ["mulan"], "deck": ["b-int-6"] + FILLER,
             "in_play": [{"card": "medusa", "pushed": True}, {"card": "gilgamesh", "pushed": False}]},
        ],
    })
    mx.apply(st, 0, "battle")  # nothing can attack: the turn passes to Ben
    v = mx.view(st, 1)
    assert v.board["turn"] == 5 and v.board["active"] == 1
    assert [c["pushed"] for c in v.board["players"][1]["in_play"]] == [False, False]
    assert [c["pushed"] for c in v.board["players"][0]["in_play"]] == [True, True]
    assert v.private["hand"][-1]["card"] == "b-int-6"


def test_MX_TRN_01_prep_planning_battle_then_opponent(mx, position):
    """MX-TRN-01: Planning Step decision, then the Battle Step (attack decision), then the turn ends and
    the opponent's turn starts with their Prep Step (draw) and Planning Step."""
    st = position({
        "turn": 3,
        "players": [
            {"hand": ["mulan", "b-str-3"], "deck": FILLER, "in_play": ["hercules"]},
            {"hand": ["grendel"], "deck": ["b-spe-7"] + FILLER},
        ],
    })
    assert mx.decision_for(st, 0).kind == "planning"
    mx.apply(st, 0, "battle")
    assert mx.decision_for(st, 0).kind == "attack"
    assert mx.view(st, None).board["phase"] == "attack"
    assert reject(mx, st, 0, "char:mulan") == "MX-PLN-01"  # the Planning Step is over
    events = mx.apply(st, 0, "done")
    texts = [e.text for e in events if e.audience is None]
    assert texts.index("Turn 4: Ben.") < texts.index("Ben draws 1 card.")
    board = mx.view(st, None).board
    assert (board["turn"], board["active"], board["phase"]) == (4, 1, "planning")
    assert board["players"][1]["hand"] == 2


# -- MP bookkeeping (MX-MP-04, MX-MP-06) -----------------------------------------------------------


def test_MX_MP_04_mp_carries_over_between_turns(mx, position):
    """MX-MP-04: MP is not reset at the end of a turn or at the start of the next one."""
    st = position({"players": [{"hand": ["hercules"], "deck": FILLER, "mp": 7},
                               {"hand": ["grendel"], "deck": FILLER, "mp": 3}]})
    for _ in range(3):
        active = mx.view(st, None).board["active"]
        mx.apply(st, active, "battle")
        assert [p["mp"] for p in mx.view(st, None).board["players"]] == [7, 3]


def test_MX_MP_06_mp_is_a_public_integer(mx, position):
    """MX-MP-06: each player's MP is an integer on the public board, seen by everyone."""
    st = position({"players": [{"hand": ["merlin"], "deck": FILLER, "mp": 4},
                               {"hand": ["grendel"], "deck": FILLER, "mp": 9}]})
    mx.apply(st, 0, "char:merlin")
    for viewer in (None, 0, 1):
        mps = [p["mp"] for p in mx.view(st, viewer).board["players"]]
        assert mps == [6, 9] and all(type(m) is int for m in mps)


# -- zones (MX-ZN-01/02/04/06/09, MX-GAP-16/20) ----------------------------------------------------


def test_MX_ZN_01_every_player_has_all_zones_and_a_shared_battle_zone(mx, position):
    """MX-ZN-01: Deck, Hand, In Play, Discard Pile and VP pile per player; one shared Battle Zone."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-3"], "deck": FILLER, "discard": ["b-int-5"], "vp": ["b-spe-5"],
         "in_play": ["hercules"]},
        {"hand": ["b-str-2"], "deck": FILLER, "in_play": ["mulan"]}]})
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    mx.apply(st, 0, "card:b-str-3:strength")
    assert mx.decision_for(st, 1).kind == "defend"
    board = mx.view(st, 1).board
    for pb in board["players"]:
        assert {"deck", "hand", "in_play", "discard", "vp"} <= set(pb)
    p0 = board["players"][0]
    assert (p0["deck"], p0["hand"], p0["vp"], len(p0["discard"]), len(p0["in_play"])) == (10, 0, 1, 1, 1)
    assert [(b["attacker"]["card"], b["card"]["card"]) for b in board["battle"]] == [("hercules", "b-str-3")]


def test_MX_ZN_02_draw_takes_the_top_card_and_deck_is_face_down(mx, position):
    """MX-ZN-02: a draw takes the deck's top card; the deck itself shows only its size."""
    st = position({"players": [{"hand": ["sherlock-holmes"], "deck": ["b-int-6", "b-spe-7", "b-str-7"]},
                               {"hand": ["grendel"], "deck": FILLER}]})
    mx.apply(st, 0, "char:sherlock-holmes")
    assert [c["card"] for c in mx.view(st, 0).private["hand"]] == ["b-int-6"]
    for viewer in (None, 0, 1):
        assert mx.view(st, viewer).board["players"][0]["deck"] == 2


def test_MX_ZN_04_hand_is_private_opponent_sees_its_size(mx, position):
    """MX-ZN-04: a hand is in its owner's private view only; others see the count; draws are told only
    to the drawer."""
    st = position({"players": [{"hand": ["sherlock-holmes", "ev-ragnarok", "ev-golden-fleece"],
                                "deck": ["b-int-6"] + FILLER},
                               {"hand": ["grendel", "b-spe-6"],
                                "deck": FILLER}]})
    events = mx.apply(st, 0, "char:sherlock-holmes")
    secret = [e for e in events if "Web of Schemes" in e.text]
    assert secret and all(e.audience == (0,) for e in secret)
    assert hand_of(mx, st, 0) == ["ev-ragnarok", "ev-golden-fleece", "b-int-6"]
    assert hand_of(mx, st, 1) == ["grendel", "b-spe-6"]
    assert mx.view(st, None).private is None
    for viewer in (None, 1):
        v = mx.view(st, viewer)
        assert v.board["players"][0]["hand"] == 3
        assert "ev-ragnarok" not in repr(v) and "Web of Schemes" not in repr(v)


def test_MX_ZN_06_discard_piles_public_and_arranged_by_owner_anytime(mx, position):
    """MX-ZN-06: discard piles are public to everyone; a player may rearrange their own pile at any time
    (even while the opponent decides); a wrong arrangement is refused with the state unchanged."""
    st = position({"players": [{"hand": ["hercules"], "deck": FILLER,
                                "discard": ["b-str-5", "b-int-5", "b-spe-5"]},
                               {"hand": ["grendel"], "deck": FILLER, "discard": ["b-str-6"]}]})
    for viewer in (None, 0, 1):
        board = mx.view(st, viewer).board
        assert [c["card"] for c in board["players"][0]["discard"]] == ["b-str-5", "b-int-5", "b-spe-5"]
        assert [c["card"] for c in board["players"][1]["discard"]] == ["b-str-6"]
    a, b, c = st.players[0].discard
    mx.apply(st, 0, f"arrange:{c},{a},{b}")  # seat 0's own decision is open
    assert pile(mx, st, 0, viewer=1) == ["b-spe-5", "b-str-5", "b-int-5"]
    mx.apply(st, 0, "battle")  # now it is Ben's turn; Ana may still arrange
    assert mx.view(st, 0).decisions == ()
    mx.apply(st, 0, f"arrange:{a},{b},{c}")
    assert pile(mx, st, 0) == ["b-str-5", "b-int-5", "b-spe-5"]
    other = st.players[1].discard[0]
    assert reject(mx, st, 0, f"arrange:{a},{b}") == "MX-ZN-06"  # a card missing
    assert reject(mx, st, 0, f"arrange:{a},{b},{c},{other}") == "MX-ZN-06"  # not Ana's card
    assert reject(mx, st, 0, "arrange:x,y") == "MX-ZN-06"


def test_MX_ZN_09_MX_GAP_20_vp_is_opponents_top_card_face_down(mx, position):
    """MX-ZN-09: a VP is the top card of the opponent's deck put face down into the VP pile; the VP total
    is the pile size. MX-GAP-20: nobody sees VP pile cards, only the count."""
    st = position({"turn": 3, "players": [
        {"hand": ["b-str-3"], "deck": FILLER, "in_play": ["hercules"]},
        {"hand": ["grendel"], "deck": ["ev-ragnarok"] + FILLER}]})
    top = st.players[1].deck[0]
    mx.apply(st, 0, "battle")
    mx.apply(st, 0, f"attack:{st.players[0].in_play[0].card}")
    events = mx.apply(st, 0, "card:b-str-3:strength")  # undefended: 1 VP, then Ben's turn
    assert st.players[0].vp == [top]
    assert not any("Ragnar" in e.text for e in events)
    for viewer in (None, 0, 1):
        v = mx.view(st, viewer)
        assert v.board["players"][0]["vp"] == 1
        assert v.board["players"][1]["deck"] == len(FILLER) - 1  # one card to the VP pile, one drawn
        assert "ev-ragnarok" not in repr(v) and "Ragnar" not in repr(v)


def test_MX_GAP_16_no_maximum_hand_size(mx, position):
    """MX-GAP-16: a hand may grow without limit; no discard is ever asked for at the end of a turn."""
    big = ["b-str-1", "b-int-1", "b-spe-1", "b-str-2", "b-int-2", "b-spe-2", "b-str-3", "b-int-3", "b-spe-3",
           "b-str-4", "b-int-4", "hercules"]
    st = position({"players": [{"hand": big, "deck": FILLER}, {"hand": list(big), "deck": FILLER}]})
    for _ in range(4):
        active = mx.view(st, None).board["active"]
        assert mx.decision_for(st, active).kind == "planning"
        mx.apply(st, active, "battle")
    board = mx.view(st, None).board
    assert [p["hand"] for p in board["players"]] == [14, 14]  # turns 1-5: Ana drew twice, Ben twice
    assert mx.decisions(st)[0].kind == "planning"


# -- host rules (MX-HST-02/03, MX-GAP-24) ----------------------------------------------------------


def test_MX_HST_02_illegal_choices_rejected_with_rule_and_state_unchanged(mx, position):
    """MX-HST-02: decisions list their legal options; the wrong seat, an unknown id, a malformed choice
    or a seat that does not exist is rejected with a rule ID and nothing changes. The ID is the rule
    that forbids the choice where there is one: the Planning Step is the active player's
    (MX-PLN-01), Grendel is not in Ana's hand (MX-ZN-04), there is no seat 5 (MX-WIN-01); only an id
    that means nothing, or several options at once, is the generic MX-HST-02."""
    st = position({"players": [{"hand": ["hercules"], "deck": FILLER},
                               {"hand": ["grendel"], "deck": FILLER}]})
    dec = mx.decision_for(st, 0)
    assert [o.id for o in dec.options] == ["char:hercules", "battle"] and (dec.min, dec.max) == (1, 1)
    assert reject(mx, st, 1, "battle") == "MX-PLN-01"
    assert reject(mx, st, 0, "char:grendel") == "MX-ZN-04"
    assert reject(mx, st, 0, "no-such-option") == "MX-HST-02"
    assert reject(mx, st, 0, ["battle", "char:hercules"]) == "MX-HST-02"
    assert reject(mx, st, 5, "battle") == "MX-WIN-01"
    v = mx.version(st)
    mx.apply(st, 0, ["char:hercules"])
    assert mx.version(st) == v + 1


def test_MX_HST_03_MX_GAP_24_timeout_defaults(mx, game, position):
    """MX-HST-03, MX-GAP-24: keep the hand; rest in hand order; play nothing (go to battle); no more
    attacks; back from a Battle card choice; no more Links; no more defenders; resolve attacks in
    declaration order; take nothing from a search."""
    st = game(0)
    f = st.first
    assert mx.timeout_choice(st, mx.decision_for(st, f)) == "keep"
    mx.apply(st, f, "mulligan")
    assert mx.timeout_choice(st, mx.decision_for(st, f)) == "rest"

    st = position({"turn": 3, "players": [
        {"hand": ["ev-open-sesame", "b-str-1", "b-str-3", "b-spe-3"], "deck": ["merlin"] + FILLER, "mp": 4,
         "in_play": ["hercules", "gilgamesh", "robin-hood"]},
        {"hand": ["b-str-2", "b-str-3"], "deck": FILLER, "in_play": ["mulan", "beowulf"]}]})
    assert mx.timeout_choice(st, mx.decision_for(st, 0)) == "battle"
    mx.apply(st, 0, "event:ev-open-sesame")
    assert mx.timeout_choice(st, mx.decision_for(st, 0)) == "none"
    mx.apply(st, 0, "none")
    assert mx.timeout_choice(st, mx.decision_for(st, 0)) == "battle"  # a hand is left (MX-GAP-24)
    mx.apply(st, 0, "battle")
    assert mx.timeout_choice(st, mx.decision_for(st, 0)) == "done"
    herc, gil, robin = (ch.card for ch in st.players[0].in_play)
    mx.apply(st, 0, f"attack:{herc}")
    assert mx.timeout_choice(st, mx.decision_for(st, 0)) == "back"
    mx.apply(st, 0, "card:b-str-1:strength")  # +2 MP: 5 MP, so Links are possible
    assert mx.decision_for(st, 0).kind == "link"
    assert mx.timeout_choice(st, mx.decision_for(st, 0)) == "nolink"
    mx.apply(st, 0, "nolink")
    mx.apply(st, 0, f"attack:{gil}")
    mx.apply(st, 0, "card:b-str-3:strength")
    assert ids(mx, st, 0) == [f"link:{robin}", "nolink"]  # 6 MP; Hercules already attacked
    mx.apply(st, 0, "nolink")
    mx.apply(st, 0, "done")
    dec = mx.decision_for(st, 1)
    assert dec.kind == "defend" and mx.timeout_choice(st, dec) == "done"
    mulan, beowulf = (ch.card for ch in st.players[1].in_play)
    mx.apply(st, 1, f"defend:0:{mulan}")
    assert mx.timeout_choice(st, mx.decision_for(st, 1)) == "back"
    mx.apply(st, 1, "card:b-str-2:strength")
    mx.apply(st, 1, f"defend:1:{beowulf}")
    mx.apply(st, 1, "card:b-str-3:strength")
    dec = mx.decision_for(st, 0)  # every attack is defended: Damage order next
    assert dec.kind == "damage_order"
    assert [o.id for o in dec.options] == ["resolve:0", "resolve:1"]
    assert mx.timeout_choice(st, dec) == "resolve:0"
