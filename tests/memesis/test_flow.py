"""Memesis turn flow through the game contract: players and teams (MEM-GEN-01), the opening (MEM-LIFE-01/02),
the first player and turn order (MEM-GAP-03, MEM-TRN-05), the turn's steps 1 to 12 (MEM-TRN-01/02), the
first turn (MEM-TRN-06, MEM-GAP-04), damage aimed at a player (MEM-TRN-03), combat (MEM-TRN-04), the draw of
step 6 (MEM-DRW-02) and response windows (MEM-TRN-07)."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError, SeatSetup
from games.memesis import GAME

from .kit import (
    FILLER,
    act,
    board,
    dec,
    draft_options,
    end_turn,
    go,
    hand,
    hand_ref,
    ids,
    labels,
    moves,
    new_game,
    pass_windows,
    pieces,
    player,
    pos,
    public,
    refused,
    settle,
    uid,
)

# ---------------------------------------------------------------- players, teams, opening


@pytest.mark.parametrize("n", [2, 3, 4])
def test_MEM_GEN_01_two_to_four_players_each_alone(n):
    """MEM-GEN-01, MEM-GAP-03: 2, 3 and 4 players, every one a team of their own (free-for-all)."""
    st = new_game(n, seed=5)
    b = board(st)
    assert len(b["players"]) == n
    assert len({p["team"] for p in b["players"]}) == n
    assert b["teams"] is False
    assert dec(st).seat == b["active"] and dec(st).kind == "main"


@pytest.mark.parametrize("teams", [[0, 1, 0, 1], [0, 1, 1, 1], [0, 0, 1, 2]])
def test_MEM_GEN_01_allied_and_opposed_in_any_combination(teams):
    """MEM-GEN-01: 2 vs 2, 1 vs 3 and 1+1 vs 2 are all games; allies form a team."""
    st = new_game(4, seed=2, teams=teams)
    b = board(st)
    assert [p["team"] for p in b["players"]] == teams
    assert b["teams"] is True


@pytest.mark.parametrize("n,teams", [(1, None), (5, None), (2, [0, 0]), (3, [1, 1, 1]), (2, [0])])
def test_MEM_GEN_01_one_seat_five_seats_or_a_single_team_are_refused(n, teams):
    """MEM-GEN-01, MEM-GAP-03: 2 to 4 seats and at least two teams; anything else is refused with a rule."""
    decks = list(GAME.starter_decks().values())
    with pytest.raises(RulesError) as err:
        GAME.new_game([SeatSetup(f"P{i}", decks[0]) for i in range(n)], {"teams": teams} if teams else None, 1)
    assert err.value.rule == "MEM-GEN-01"


def test_MEM_LIFE_01_everyone_starts_at_20_life():
    """MEM-LIFE-01: each of four players begins with 20 Life."""
    st = new_game(4, seed=9)
    assert [p["life"] for p in board(st)["players"]] == [20, 20, 20, 20]


def test_MEM_LIFE_02_everyone_draws_seven_cards_at_the_start():
    """MEM-LIFE-02, MEM-CEL-03: seven cards each from the 40-card Brain Cell (33 left), before any turn's
    draw; the first player of a 2-player game does not draw in their first turn (MEM-GAP-03)."""
    st = new_game(2, seed=4)
    b = board(st)
    first = b["first"]
    for s, p in enumerate(b["players"]):
        assert p["hand"] == 7 and p["brain"] == 33, s
        assert len(hand(st, s)) == 7
    assert b["active"] == first


# ---------------------------------------------------------------- first player and turn order


def test_MEM_GAP_03_first_player_is_drawn_by_the_seeded_rng():
    """MEM-GAP-03, MEM-INF-04: the same seed gives the same first player and opening hands; over several
    seeds each seat goes first sometimes."""
    firsts = {board(new_game(2, seed=s))["first"] for s in range(1, 13)}
    assert firsts == {0, 1}
    a, b = new_game(3, seed=77), new_game(3, seed=77)
    assert board(a)["first"] == board(b)["first"]
    assert [hand(a, s) for s in range(3)] == [hand(b, s) for s in range(3)]


def test_MEM_GAP_03_first_player_skips_the_draw_only_in_a_two_player_game():
    """MEM-GAP-03, MEM-TRN-01 step 6: in a 2-player game the first player does not draw in their first turn;
    the second player draws in theirs; with three players the first player draws too."""
    st = new_game(2, seed=4)
    first = board(st)["first"]
    assert player(st, first)["hand"] == 7
    end_turn(st)
    second = board(st)["active"]
    assert second != first
    assert player(st, second)["hand"] == 8 and player(st, second)["brain"] == 32
    st3 = new_game(3, seed=4)
    assert player(st3, board(st3)["first"])["hand"] == 8


def test_MEM_TRN_05_play_passes_clockwise_in_seat_order():
    """MEM-TRN-05, MEM-GAP-03: after each turn the next seat in order plays; after the last seat the first
    again, and the round count goes up."""
    st = pos({}, {}, {}, active=0, first=0)
    order = [board(st)["active"]]
    rounds = [board(st)["round"]]
    for _ in range(4):
        end_turn(st)
        order.append(board(st)["active"])
        rounds.append(board(st)["round"])
    assert order == [0, 1, 2, 0, 1]
    assert rounds[3] == rounds[2] + 1


def test_MEM_TRN_05_a_player_who_is_out_is_skipped():
    """MEM-TRN-05, MEM-GAP-05: in a 3-player free-for-all a player at 0 Life is out and play passes over
    their seat, the other two playing on."""
    st = pos({"hand": ["catapult-stone"], "source": 1}, {"life": 2}, {})
    go(st, 0, hand_ref(st, 0, "catapult-stone"), "play", "s1")
    pass_windows(st)
    assert player(st, 1)["out"] and GAME.result(st) is None
    end_turn(st)
    assert board(st)["active"] == 2
    end_turn(st)
    assert board(st)["active"] == 0


# ---------------------------------------------------------------- the turn's steps


def test_MEM_TRN_01_steps_1_to_7_at_the_start_of_a_turn():
    """MEM-TRN-01 steps 1-7, MEM-REG-01, MEM-SRC-07/08, MEM-TRN-02, MEM-GAP-02: at Ben's turn his damaged
    creature regenerates (1), his sourced card is unsourced (2), his Attack and Defend creatures return to the
    Main Cell (4), his 3 unused source becomes 1 (5), his matured card hatches, he draws the top card of his
    Brain Cell (6) and only then is asked whether to take the top Ammunition card (7)."""
    st = pos({}, {
        "source": 3,
        "brain": [FILLER, FILLER, "fibonacci-hares"],
        "ammo": ["fire-arrow"],
        "pieces": [{"card": "temple-lion", "damage": 2}, {"card": "roman-legionary", "sourced": True},
                   {"card": "cro-magnon-hunter", "cell": "defend"},
                   {"card": "flint-knapper", "cell": "attack", "target": 0}],
        "incubation": {"card": "counting-rod-scribe", "elapsed": 0},
    })
    lion, legionary = uid(st, "temple-lion", 1), uid(st, "roman-legionary", 1)
    assert pieces(st, 1, "temple-lion")[0]["life"] == 2
    hand_before = player(st, 1)["hand"]
    ev = GAME.apply(st, 0, "end")
    text = public(ev)
    d = dec(st)
    assert (d.seat, d.kind) == (1, "ammo_take")  # step 7 waits on Ben
    assert text.index("hatches") < text.index("Ben draws 1 card")  # hatching at the turn's start, then step 6
    assert [e.text for e in ev if e.audience == (1,) and "draw" in e.text] == ["You draw Fibonacci Hares."]
    b = board(st)
    lion_v = next(p for p in b["pieces"] if p["uid"] == lion)
    assert lion_v["life"] == lion_v["max_life"] == 4  # step 1
    assert not next(p for p in b["pieces"] if p["uid"] == legionary)["sourced"]  # step 2
    assert {p["cell"] for p in pieces(st, 1)} == {"main"}  # step 4, and the hatched card
    assert pieces(st, 1, "counting-rod-scribe")
    assert b["players"][1]["source"] == 1  # step 5
    assert b["players"][1]["hand"] == hand_before + 1  # step 6
    GAME.apply(st, 1, "take")
    assert "fire-arrow" in hand(st, 1) and player(st, 1)["ammo"] == 0
    assert (dec(st).seat, dec(st).kind) == (1, "main")  # steps 8-12: the main decision


def test_MEM_TRN_01_step_3_ammunition_recycles_only_at_its_owners_turn():
    """MEM-TRN-01 step 3, MEM-AMM-04: Ammo Ben used stays used through Ana's turn and recycles at the start
    of his own next turn."""
    st = pos({"pieces": ["pilgrim-of-the-way"]},
             {"pieces": ["longbowman"], "ammo": [FILLER, FILLER]}, active=1)
    go(st, 1, f"p{uid(st, 'longbowman', 1)}", "use:0")
    settle(st)
    assert player(st, 1)["ammo_used"] == 1
    end_turn(st)
    assert board(st)["active"] == 0 and player(st, 1)["ammo_used"] == 1
    GAME.apply(st, 0, "end")
    assert dec(st).kind == "ammo_take" and player(st, 1)["ammo_used"] == 0


def test_MEM_TRN_01_steps_8_to_12_source_play_declare_combat_end():
    """MEM-TRN-01 steps 8-12: in the main decision Ana sources a card (8), plays a creature with that source
    (9), moves another into the Attack Cell (10); ending the turn runs combat (11) before the end of the
    turn (12) and Ben's turn."""
    st = pos({"pieces": ["roman-legionary", "cro-magnon-hunter"], "hand": [FILLER]}, {})
    go(st, 0, f"p{uid(st, 'roman-legionary', 0)}", "source")
    assert player(st, 0)["source"] == 1
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main")  # 1 source: only face up, chosen at once
    assert player(st, 0)["source"] == 0 and pieces(st, 0, FILLER)
    go(st, 0, f"p{uid(st, 'cro-magnon-hunter', 0)}", "move", "attack:s1")
    assert "Combat, then end your turn" in labels(st)
    text = public(end_turn(st))
    assert text.index("Ana attacks") < text.index("deals 3 damage to Ben") < text.index("Turn 4: Ben")
    assert player(st, 1)["life"] == 17 and board(st)["active"] == 1


def test_MEM_TRN_02_defenders_stay_through_opponents_turns():
    """MEM-TRN-02, MEM-CBT-01: a creature Ana moves into Defend stays there through Ben's turn, intercepts
    his attack there, and returns to the Main Cell at the start of Ana's next turn."""
    st = pos({"pieces": ["temple-lion"]}, {"pieces": ["flint-knapper"]})
    lion = uid(st, "temple-lion", 0)
    go(st, 0, f"p{lion}", "move", "defend")
    end_turn(st)
    assert board(st)["active"] == 1 and pieces(st, 0, "temple-lion")[0]["cell"] == "defend"
    go(st, 1, f"p{uid(st, 'flint-knapper', 1)}", "move", "attack:s0")
    GAME.apply(st, 1, "end")
    pass_windows(st)
    d = dec(st)
    assert (d.seat, d.kind) == (0, "block")
    settle(st)
    assert board(st)["active"] == 0
    assert pieces(st, 0, "temple-lion")[0]["cell"] == "main"


def test_MEM_TRN_03_effect_damage_asks_the_defender_first():
    """MEM-TRN-03, MEM-LIFE-03: when an Effect card deals damage to Ben, who has a Defend creature, Ben is
    asked how to intercept it as soon as it is played, before any damage is dealt."""
    st = pos({"hand": ["catapult-stone"], "source": 1}, {"pieces": [{"card": "pilgrim-of-the-way", "cell": "defend"}]})
    ev = go(st, 0, hand_ref(st, 0, "catapult-stone"), "play")  # the only target and face: played at once
    d = dec(st)
    assert (d.seat, d.kind) == (1, "intercept") and d.default == "absorb"
    assert "damage" not in public(ev).replace("damage 2", "")
    assert player(st, 1)["life"] == 20 and pieces(st, 1, FILLER)[0]["life"] == 2
    go(st, 1, "Intercept")
    assert player(st, 1)["life"] == 20
    assert not pieces(st, 1, FILLER)  # the 2/2 took the 2 damage and died
    assert [c["card"] for c in player(st, 1)["dead"]] == [FILLER]


def test_MEM_TRN_03_ammunition_damage_asks_the_defender_first():
    """MEM-TRN-03, MEM-LIFE-04: damage from an Ammunition origin (Parthian Shot, 1 Ammo) also asks Ben
    first; Ben absorbs it himself and loses 1 Life."""
    st = pos({"pieces": ["horse-archer"], "ammo": [FILLER]},
             {"pieces": [{"card": "temple-lion", "cell": "defend"}]})
    go(st, 0, f"p{uid(st, 'horse-archer', 0)}", "use:0")
    d = dec(st)
    assert (d.seat, d.kind) == (1, "intercept")
    assert player(st, 1)["life"] == 20
    GAME.apply(st, 1, "absorb")
    assert player(st, 1)["life"] == 19
    assert pieces(st, 1, "temple-lion")[0]["armor"] == 2


def test_MEM_TRN_04_defender_decides_interception_and_dead_creatures_go_at_once():
    """MEM-TRN-04, MEM-CBT-05: in combat Ben decides which attacker his Defend creature intercepts; the
    creatures at 0 Life go to their Dead Cells at once, before the turn ends."""
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
             {"pieces": [{"card": "pilgrim-of-the-way", "cell": "defend"}]})
    GAME.apply(st, 0, "end")
    pass_windows(st)
    d = dec(st)
    assert (d.seat, d.kind) == (1, "block")
    atk = uid(st, "cro-magnon-hunter", 0)
    ev = GAME.apply(st, 1, f"p{atk}")
    ev += pass_windows(st)  # the window before combat damage (MEM-GAP-28): Ben may consume his Pilgrim
    text = public(ev)
    assert "dies" in text and text.index("dies") < text.index("Turn 4: Ben")
    assert player(st, 1)["life"] == 20
    assert [c["card"] for c in player(st, 0)["dead"]] == ["cro-magnon-hunter"]
    assert [c["card"] for c in player(st, 1)["dead"]] == [FILLER]


def test_MEM_TRN_04_effect_cards_may_be_played_during_combat():
    """MEM-TRN-04, MEM-TRN-07: once Ana's attack is declared, Ben gets a window and plays Fire Arrow at the
    attacker, which dies at once; no damage reaches Ben."""
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
             {"hand": ["fire-arrow"], "source": 1})
    GAME.apply(st, 0, "end")
    d = dec(st)
    assert (d.seat, d.kind, d.window) == (1, "window", True)
    assert [a["target"] for a in board(st)["combat"]["attackers"]] == [1]
    go(st, 1, hand_ref(st, 1, "fire-arrow"), "play")  # its one target, the attacker: played at once
    assert not pieces(st, 0, "cro-magnon-hunter")
    settle(st)
    assert player(st, 1)["life"] == 20 and board(st)["active"] == 1


def test_MEM_TRN_06_MEM_GAP_04_no_attack_in_a_players_own_first_turn():
    """MEM-TRN-06, MEM-GAP-04, MEM-CEL-06: in Ana's own first turn no creature may go into the Attack Cell,
    from hand or by moving, even though Ben has had turns; from her second turn on it may."""
    st = pos({"turns": 1, "hand": [FILLER], "source": 1, "pieces": ["cro-magnon-hunter"]}, {"turns": 4},
             turn=2, first=1)
    ref = hand_ref(st, 0, FILLER)
    GAME.apply(st, 0, ref)
    GAME.apply(st, 0, "play")
    assert not [i for i in ids(st) if i.startswith("attack")] and "defend" in ids(st)
    GAME.apply(st, 0, "back")
    hunter = f"p{uid(st, 'cro-magnon-hunter', 0)}"
    GAME.apply(st, 0, hunter)
    refused(st, 0, "attack:s1")
    GAME.apply(st, 0, "move")  # Defend is its only destination: moved at once
    assert pieces(st, 0, "cro-magnon-hunter")[0]["cell"] == "defend"
    end_turn(st)
    end_turn(st)
    assert board(st)["active"] == 0 and player(st, 0)["turns"] == 2
    GAME.apply(st, 0, hunter)
    GAME.apply(st, 0, "move")
    assert "attack:s1" in ids(st)


# ---------------------------------------------------------------- the draw of step 6


def test_MEM_DRW_02_the_turn_draw_from_an_empty_brain_cell_draws_nothing():
    """MEM-DRW-02, MEM-GEN-04, MEM-SRC-08: Ben's Brain Cell is empty: his step 6 draws nothing, he gets no
    source in step 5, and the game goes on to his main decision."""
    st = pos({}, {"brain": [], "hand": [FILLER], "source": 2})
    text = public(end_turn(st))
    assert board(st)["active"] == 1 and dec(st).kind == "main"
    assert "Ben draws" not in text
    assert player(st, 1)["hand"] == 1 and player(st, 1)["source"] == 0
    assert GAME.result(st) is None


def test_MEM_GAP_02_a_card_hatches_at_the_turn_start_and_may_not_attack_that_turn():
    """MEM-GAP-02, MEM-INC-03: a card placed in incubation this turn does not count this turn; at each of
    the owner's later turn starts it counts one; the matured card comes into the Main Cell then, and it is
    not offered the Attack Cell that turn, so it makes no attack."""
    st = pos({"hand": ["cro-magnon-hunter"]}, {})
    act(st, 0, hand_ref(st, 0, "cro-magnon-hunter"), "incubate", "s0", "up")
    assert player(st, 0)["incubation"]["elapsed"] == 0 and player(st, 0)["incubation"]["needed"] == 2
    end_turn(st)
    end_turn(st)
    assert player(st, 0)["incubation"]["elapsed"] == 1
    end_turn(st)
    end_turn(st)
    assert player(st, 0)["incubation"] is None
    hunter = uid(st, "cro-magnon-hunter", 0)
    assert pieces(st, 0, "cro-magnon-hunter")[0]["cell"] == "main"
    assert "attack:s1" not in moves(st, 0, hunter) and moves(st, 0, hunter)
    end_turn(st)
    assert player(st, 1)["life"] == 20


# ---------------------------------------------------------------- response windows


def test_MEM_TRN_07_MEM_GAP_28_a_window_asks_every_player_who_could_act_on_public_information():
    """MEM-TRN-07, MEM-GAP-28: after Ana puts a card into play, the window asks, in seat order, Ben (a plain
    creature in hand: he may at least consume it), Cid (Fire Arrow) and Dee (5 source and a Brain Cell: she may
    draw); Eve's seat does not exist, and a player with no card in hand, nothing in play and under 5 source is
    not asked (tested with Dee emptied). The window defaults to pass; after the passes Ana goes on."""
    st = pos({"hand": [FILLER], "source": 1}, {"hand": [FILLER]}, {"hand": ["fire-arrow"], "source": 1},
             {"source": 5})
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main")
    d = dec(st)
    assert (d.seat, d.kind, d.window, d.default) == (1, "window", True, "pass")
    assert board(st)["window"]["asking"] == 1 and board(st)["window"]["actor"] == 0
    assert GAME.timeout_choice(st, d) == "pass"
    refused(st, 0, "end")
    asked = []
    while dec(st).kind == "window":
        asked.append(dec(st).seat)
        GAME.apply(st, dec(st).seat, "pass")
    assert asked == [1, 2, 3]
    assert (dec(st).seat, dec(st).kind) == (0, "main")

    st = pos({"hand": [FILLER], "source": 1}, {"hand": [FILLER]}, {"hand": ["fire-arrow"], "source": 1},
             {"source": 4})
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main")
    asked = []
    while dec(st).kind == "window":
        asked.append(dec(st).seat)
        GAME.apply(st, dec(st).seat, "pass")
    assert asked == [1, 2]


def _asked(st) -> list[int]:
    """The seats asked, in order, while everyone passes the open windows."""
    out = []
    while GAME.decisions(st) and dec(st).kind == "window":
        out.append(dec(st).seat)
        GAME.apply(st, dec(st).seat, "pass")
    return out


@pytest.mark.parametrize("held", ["fire-arrow", "practical-rune", "enkidu", "roman-legionary"])
def test_MEM_GAP_28_who_is_asked_does_not_depend_on_the_cards_in_hand(held):
    """MEM-GAP-28, MEM-INF-01: two positions alike in public, Ben holding an Effect card he can
    pay (Fire Arrow) or another card (a Rune, a creature he cannot afford, a Roman Legionary that Rune could
    upgrade): the same seats are asked, in the same order, after Ana's play and after her attack, and the
    public board of each window is the same."""
    def run(card: str):
        st = pos({"hand": [FILLER], "source": 1,
                  "pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
                 {"hand": [card], "source": 1, "pieces": ["roman-legionary"]}, {"hand": [FILLER]})
        go(st, 0, hand_ref(st, 0, FILLER), "play", "main")
        boards = [board(st)["window"]]
        seats = _asked(st)
        GAME.apply(st, 0, "end")
        boards.append(board(st)["window"])
        seats += _asked(st)
        return seats, boards

    assert run(held) == run("fire-arrow")
    assert run(held)[0]  # someone is asked at all


@pytest.mark.parametrize("down", ["golden-ratio", "practical-rune", FILLER])
def test_MEM_GAP_28_who_is_asked_does_not_depend_on_a_face_down_identity(down):
    """MEM-GAP-28, MEM-STL-03: Ben's only card is face down in his Main Cell: an Effect with no
    target for him (Golden Ratio: he has no creature), a Rune with no host, or a creature. He is asked alike
    after Ana's play (he may upturn it, whatever it is), and the window's public board is the same."""
    def run(card: str):
        st = pos({"hand": [FILLER], "source": 1}, {"pieces": [{"card": card, "down": True}]})
        go(st, 0, hand_ref(st, 0, FILLER), "play", "main")
        return board(st)["window"], _asked(st)

    assert run(down) == run(FILLER) and run(down)[1] == [1]


def test_MEM_CON_01_MEM_GAP_28_a_player_holding_only_an_unaffordable_card_may_consume_before_damage():
    """MEM-CON-01, MEM-GAP-28, MEM-TRN-07: Ben, at 2 Life with 0 source, holds only Enkidu (cost 4,
    which he cannot play) while Ana's 3/2 attacks him. He is asked before combat damage, consumes Enkidu for 4
    Life (6) and survives the 3 damage at 3 Life."""
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
             {"life": 2, "hand": ["enkidu"]})
    GAME.apply(st, 0, "end")
    assert dec(st, 1).kind == "window"  # the attack is declared
    GAME.apply(st, 1, "pass")
    d = dec(st, 1)
    assert d.kind == "window" and "Combat damage is next" in d.prompt
    ev = act(st, 1, hand_ref(st, 1, "enkidu"), "consume", "life")
    assert "Ben consumes Enkidu the Wild for 4 Life (now 6)." in public(ev)
    ev += pass_windows(st)
    assert "deals 3 damage to Ben (Life 3)" in public(ev)
    assert player(st, 1)["life"] == 3 and not player(st, 1)["out"]
    assert [c["card"] for c in player(st, 1)["dead"]] == ["enkidu"]


def test_MEM_TRN_07_window_goes_in_seat_order_after_the_actor_and_restarts_after_an_action():
    """MEM-TRN-07, MEM-GAP-28: Ben (seat 1) acts; the window asks Cid, then Ana; when Cid responds with an
    Effect card the round restarts with Cid (she may go on: her Temple Lion may be consumed), then Ana, then
    Ben."""
    st = pos({"hand": ["fire-arrow"], "source": 2},
             {"hand": [FILLER, "fire-arrow"], "source": 3, "pieces": ["cro-magnon-hunter"]},
             {"hand": ["fire-arrow"], "source": 1, "pieces": ["temple-lion"]}, active=1)
    go(st, 1, hand_ref(st, 1, FILLER), "play", "main", "up")
    assert dec(st).seat == 2
    go(st, 2, hand_ref(st, 2, "fire-arrow"), "play", f"p{uid(st, 'cro-magnon-hunter', 1)}")
    assert _asked(st) == [2, 0, 1]
    assert (dec(st).seat, dec(st).kind) == (1, "main")


def test_MEM_TRN_07_a_player_not_asked_cannot_act_out_of_turn():
    """MEM-TRN-07: a choice from a seat whose decision is not open is refused, the state unchanged."""
    st = pos({"hand": [FILLER], "source": 1}, {"hand": ["fire-arrow"], "source": 1})
    refused(st, 1, "pass")
    refused(st, 1, hand_ref(st, 0, FILLER))
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main")
    assert dec(st).seat == 1
    refused(st, 0, "end")


def test_MEM_TRN_07_draft_back_restores_the_decision():
    """MEM-TRN-07: choosing a thing opens its actions; ``back`` returns to the same main decision with the
    state unchanged in substance (no source paid, no card moved)."""
    st = pos({"hand": [FILLER], "source": 1}, {})
    before = labels(st)
    ref = hand_ref(st, 0, FILLER)
    assert "play" in draft_options(st, 0, ref)
    assert labels(st) == before and player(st, 0)["source"] == 1 and player(st, 0)["hand"] == 1


def test_MEM_GAP_28_pass_until_my_turn_holds_until_the_players_turn_except_when_attacked():
    """MEM-GAP-28: "Pass until my turn" passes Ben's window and every later one of Ana's turn
    (the board says so), except the windows of an attack aimed at him; it ends when Ben's own turn begins,
    and the state round-trips with it."""
    st = pos({"hand": [FILLER, FILLER], "source": 6,
              "pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
             {"hand": ["enkidu"]})
    turns = player(st, 1)["turns"]
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main", "up")
    d = dec(st, 1)
    assert d.kind == "window" and d.option("hold") is not None
    ev = GAME.apply(st, 1, "hold")
    assert "Ben passes until their next turn (asked again if attacked or hit)." in public(ev)
    assert player(st, 1)["holding"] and "passing until their turn" in GAME.board_text(GAME.view(st, None))
    assert GAME.from_json(GAME.to_json(st)) == st
    go(st, 0, hand_ref(st, 0, FILLER), "play", "main", "up")
    assert (dec(st).seat, dec(st).kind) == (0, "main")  # Ben holds: no window for Ana's second play
    GAME.apply(st, 0, "end")
    assert dec(st, 1).kind == "window"  # the attack is aimed at him: asked all the same
    pass_windows(st)
    assert player(st, 1)["turns"] == turns + 1 and not player(st, 1)["holding"]  # his own turn began
