"""Memesis Cells, movement, Life and the end of the game through the game contract: the seven Cells
(MEM-CEL-01..11, MEM-GAP-09/10/31), damage to players (MEM-LIFE-03/04), losing and winning (MEM-GEN-02..04,
MEM-GAP-05), no Life maximum and no hand limit (MEM-GAP-07/08)."""

from __future__ import annotations

from games.memesis import GAME

from .kit import (
    FILLER,
    board,
    dead,
    dec,
    draft_next,
    draft_options,
    end_turn,
    go,
    hand,
    hand_ref,
    ids,
    moves,
    pass_windows,
    pieces,
    player,
    pos,
    public,
    settle,
    uid,
)

# ---------------------------------------------------------------- the seven Cells


def test_MEM_CEL_01_seven_cells_on_the_board():
    """MEM-CEL-01, MEM-CEL-02: each player's Brain, Incubation, Ammunition and Dead Cells are on the board, and
    Main, Attack and Defend are the Cell of each piece in play."""
    st = pos({"brain": [FILLER] * 4, "hand": [FILLER], "dead": ["fire-arrow"], "ammo": [FILLER, FILLER],
              "incubation": {"card": "silk-road"},
              "pieces": ["roman-legionary", {"card": "cro-magnon-hunter", "cell": "attack", "target": 1},
                         {"card": "temple-lion", "cell": "defend"}]}, {})
    p = player(st, 0)
    assert (p["brain"], p["hand"], p["ammo"]) == (4, 1, 2)
    assert dead(st, 0) == ["fire-arrow"]
    assert p["incubation"]["cards"] == [{"card": "silk-road", "name": "Silk Road"}]
    assert {pc["cards"][0]["card"]: pc["cell"] for pc in pieces(st, 0)} == {
        "roman-legionary": "main", "cro-magnon-hunter": "attack", "temple-lion": "defend"}
    assert not [pc for pc in board(st)["pieces"] if pc["cell"] == "incubation"]


def test_MEM_CEL_02_main_attack_defend_are_a_state_of_the_card():
    """MEM-CEL-02: moving a creature changes only its Cell on the board (and its attacked player)."""
    st = pos({"pieces": ["roman-legionary"]}, {})
    u = uid(st, "roman-legionary", 0)
    before = pieces(st, 0)[0]
    go(st, 0, f"p{u}", "move", "attack:s1")
    after = pieces(st, 0)[0]
    assert (after["cell"], after["target"]) == ("attack", 1)
    assert {k: v for k, v in after.items() if k not in ("cell", "target")} == {
        k: v for k, v in before.items() if k not in ("cell", "target")}
    go(st, 0, f"p{u}", "move", "defend")
    assert pieces(st, 0)[0]["cell"] == "defend" and pieces(st, 0)[0]["target"] is None


def test_MEM_CEL_03_the_brain_cell_is_hidden_and_draws_take_its_top():
    """MEM-CEL-03, MEM-TRN-01 step 6: the board shows only the Brain Cell's count, no private view lists its
    cards; Ben's turn draw takes its top card (the last listed)."""
    st = pos({}, {"brain": ["silk-road", "roman-legionary", "fire-arrow"]})
    assert player(st, 1)["brain"] == 3
    for viewer in (0, 1):
        assert "brain" not in GAME.view(st, viewer).private
        assert "fire-arrow" not in str(GAME.view(st, viewer).private)
    end_turn(st)
    assert hand(st, 1) == ["fire-arrow"] and player(st, 1)["brain"] == 2


def test_MEM_CEL_04_cause_cards_go_into_the_main_cell():
    """MEM-CEL-04, MEM-CE-05: a Cause card is played into the Main Cell only (the single destination is taken
    at once); a creature may also go into the Main Cell."""
    st = pos({"hand": ["silk-road", "cro-magnon-hunter"], "source": 3}, {})
    go(st, 0, hand_ref(st, 0, "silk-road"), "play")
    assert pieces(st, 0, "silk-road")[0]["cell"] == "main" and player(st, 0)["source"] == 0
    assert "source" not in draft_options(st, 0, f"p{uid(st, 'silk-road', 0)}")  # MEM-SRC-04


def test_MEM_CEL_05_ammo_abilities_from_the_main_and_attack_cells_only():
    """MEM-CEL-05, MEM-AMM-03: Longbowman's Volley (1 Ammo) may be used from the Main and the Attack Cell,
    not from the Defend Cell."""
    st = pos({"pieces": ["longbowman"], "ammo": [FILLER, FILLER]}, {"pieces": ["temple-lion"]})
    ref = f"p{uid(st, 'longbowman', 0)}"
    assert "use:0" in draft_options(st, 0, ref)
    go(st, 0, ref, "move", "attack:s1")
    assert "use:0" in draft_options(st, 0, ref)
    go(st, 0, ref, "move", "defend")
    assert "use:0" not in draft_options(st, 0, ref) and "use:1" not in draft_options(st, 0, ref)


def test_MEM_CEL_06_a_creature_played_into_the_attack_cell_attacks():
    """MEM-CEL-06, MEM-CBT-10: from her second turn Ana plays a creature from hand straight into the Attack
    Cell, naming the opposing player; it attacks that player at the end of her turn."""
    st = pos({"hand": ["cro-magnon-hunter"], "source": 2}, {}, {})
    GAME.apply(st, 0, hand_ref(st, 0, "cro-magnon-hunter"))
    GAME.apply(st, 0, "play")
    assert {"main", "defend", "attack:s1", "attack:s2"} <= set(ids(st))
    GAME.apply(st, 0, "attack:s2")
    (pc,) = pieces(st, 0)
    assert (pc["cell"], pc["target"]) == ("attack", 2)
    end_turn(st)
    assert player(st, 2)["life"] == 17 and player(st, 1)["life"] == 20


def test_MEM_CEL_07_MEM_GAP_31_defend_from_hand_even_in_the_first_turn_creatures_only():
    """MEM-CEL-07, MEM-GAP-31, MEM-TRN-06: in her first turn Ana may play a creature into the Defend Cell
    (not the Attack Cell); a Cause card is never offered the Defend Cell."""
    st = pos({"turns": 1, "hand": ["cro-magnon-hunter", "silk-road", FILLER], "source": 6}, {}, turn=1)
    GAME.apply(st, 0, hand_ref(st, 0, "cro-magnon-hunter"))
    GAME.apply(st, 0, "play")
    assert set(ids(st)) == {"main", "defend", "back"}
    GAME.apply(st, 0, "defend")
    GAME.apply(st, 0, "up")
    assert pieces(st, 0, "cro-magnon-hunter")[0]["cell"] == "defend"
    assert draft_next(st, 0, hand_ref(st, 0, "silk-road"), "play") == ["main"]


def test_MEM_CEL_08_a_rune_upgraded_creature_moves_into_defend_at_any_time():
    """MEM-CEL-08, MEM-CBT-02: when Ben's attack is declared on Ana, her Rune-upgraded Temple Acolyte in the
    Main Cell may move into the Defend Cell in the window, and then intercepts."""
    st = pos({"pieces": [{"card": "temple-acolyte", "rune": "spiritual-rune"}]},
             {"pieces": [{"card": "flint-knapper", "cell": "attack", "target": 0}]}, active=1)
    acolyte = uid(st, "temple-acolyte", 0)
    GAME.apply(st, 1, "end")
    assert (dec(st).seat, dec(st).kind) == (0, "window")
    assert moves(st, 0, acolyte) == {"defend"}
    go(st, 0, f"p{acolyte}", "move")
    assert pieces(st, 0, "temple-acolyte")[0]["cell"] == "defend"
    pass_windows(st)
    assert (dec(st).seat, dec(st).kind) == (0, "block")
    go(st, 0, f"p{uid(st, 'flint-knapper', 1)}")
    settle(st)
    assert player(st, 0)["life"] == 20 and dead(st, 1) == ["flint-knapper"]


def test_MEM_CEL_09_MEM_GAP_10_free_movement_in_the_own_turn():
    """MEM-CEL-09, MEM-GAP-10: in her own turn Ana moves a creature Main -> Attack -> Defend -> Main."""
    st = pos({"pieces": ["roman-legionary"]}, {})
    u = uid(st, "roman-legionary", 0)
    assert moves(st, 0, u) == {"defend", "attack:s1"}
    go(st, 0, f"p{u}", "move", "attack:s1")
    assert moves(st, 0, u) == {"defend", "main"}
    go(st, 0, f"p{u}", "move", "defend")
    assert moves(st, 0, u) == {"main", "attack:s1"}
    go(st, 0, f"p{u}", "move", "main")
    assert pieces(st, 0)[0]["cell"] == "main"


def test_MEM_CEL_09_MEM_GAP_10_no_move_into_attack_in_another_players_turn():
    """MEM-CEL-09, MEM-GAP-10, MEM-CBT-02: in Ben's turn Ana may move her creatures into Defend or Main, never
    into Attack; once Ben's attack is declared on her, only into Defend."""
    st = pos({"hand": ["fire-arrow"], "source": 1,
              "pieces": [{"card": "temple-lion", "cell": "defend"}, "roman-legionary"]},
             {"hand": [FILLER], "source": 1, "pieces": ["cro-magnon-hunter"]}, active=1)
    lion, legionary = uid(st, "temple-lion", 0), uid(st, "roman-legionary", 0)
    go(st, 1, hand_ref(st, 1, FILLER), "play", "main")
    assert (dec(st).seat, dec(st).kind) == (0, "window")
    assert moves(st, 0, lion) == {"main"} and moves(st, 0, legionary) == {"defend"}
    GAME.apply(st, 0, "pass")
    go(st, 1, f"p{uid(st, 'cro-magnon-hunter', 1)}", "move", "attack:s0")
    GAME.apply(st, 1, "end")
    assert (dec(st).seat, dec(st).kind) == (0, "window")
    assert moves(st, 0, lion) == set() and moves(st, 0, legionary) == {"defend"}


def test_MEM_CEL_10_dead_cell_gets_destroyed_used_and_dead_cards_with_runes_and_is_public():
    """MEM-CEL-10, MEM-CE-08, MEM-RUN-06: Proof by Contradiction (used, to Ana's Dead Cell) destroys Ben's
    Rune-upgraded Temple Acolyte, which goes to his Dead Cell with its Rune; a spectator sees both Dead Cells
    card by card."""
    st = pos({"hand": ["proof-by-contradiction"], "source": 4},
             {"pieces": [{"card": "temple-acolyte", "rune": "spiritual-rune"}]})
    go(st, 0, hand_ref(st, 0, "proof-by-contradiction"), "play")
    settle(st)
    assert dead(st, 0) == ["proof-by-contradiction"]
    assert sorted(dead(st, 1)) == ["spiritual-rune", "temple-acolyte"]
    spectator = GAME.view(st, None).board["players"]
    assert [c["name"] for c in spectator[1]["dead"]] == [c["name"] for c in player(st, 1)["dead"]]
    assert "Temple Acolyte" in [c["name"] for c in spectator[1]["dead"]]


def test_MEM_CEL_11_incubating_and_ammo_cards_are_not_in_play():
    """MEM-CEL-11: an incubating Cause card (Silk Road) and Ammunition cards can be neither sourced nor
    used; a Cause card in play offers both."""
    st = pos({"incubation": {"card": "silk-road"}, "ammo": ["silk-road"], "pieces": ["silk-road"]}, {})
    (inplay,) = pieces(st, 0)
    assert [o.id for o in dec(st).options] == [f"p{inplay['uid']}", "end"]
    assert {"source", "use:0"} <= set(draft_options(st, 0, f"p{inplay['uid']}"))


# ---------------------------------------------------------------- damage to players


def test_MEM_LIFE_03_damage_with_no_creature_able_to_intercept_hits_life():
    """MEM-LIFE-03, MEM-CBT-10, MEM-CBT-03: Ben's only creature is sourced, so it can neither intercept nor
    move to defend: Catapult Stone's 2 damage and Ana's unblocked attacker's 3 reduce his Life with no
    interception asked."""
    st = pos({"hand": ["catapult-stone"], "source": 1,
              "pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]},
             {"pieces": [{"card": "temple-lion", "sourced": True}]})
    go(st, 0, hand_ref(st, 0, "catapult-stone"), "play")
    assert dec(st).kind != "intercept" and player(st, 1)["life"] == 18
    pass_windows(st)
    GAME.apply(st, 0, "end")
    kinds = []
    while dec(st).kind != "main":
        kinds.append(dec(st).kind)
        GAME.apply(st, dec(st).seat, GAME.timeout_choice(st, dec(st)))
    assert "block" not in kinds and "intercept" not in kinds
    assert player(st, 1)["life"] == 15


def test_MEM_LIFE_04_the_defender_absorbs_several_origins_himself():
    """MEM-LIFE-04, MEM-CBT-05: Ben has a Defend creature but lets two attackers through (no block) and
    absorbs their 3 + 2 damage himself; his creature is untouched."""
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1},
                         {"card": "pilgrim-of-the-way", "cell": "attack", "target": 1}]},
             {"pieces": [{"card": "temple-lion", "cell": "defend"}]})
    GAME.apply(st, 0, "end")
    pass_windows(st)
    d = dec(st)
    assert (d.seat, d.kind) == (1, "block") and "none" in [o.id for o in d.options]
    GAME.apply(st, 1, "none")
    settle(st)
    assert player(st, 1)["life"] == 15
    lion = pieces(st, 1, "temple-lion")[0]
    assert (lion["life"], lion["armor"]) == (4, 2)


# ---------------------------------------------------------------- losing and winning


def test_MEM_GEN_02_a_player_at_0_life_loses_at_once():
    """MEM-GEN-02, MEM-GEN-03: Infinite Series takes Ben from 3 to 0 Life: he has lost right after that
    change, the game is over and Ana is named the winner."""
    st = pos({"hand": ["infinite-series"], "source": 3}, {"life": 3, "hand": ["fire-arrow"], "source": 5})
    ev = go(st, 0, hand_ref(st, 0, "infinite-series"), "play")
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and res.losers == (1,) and not res.draw
    assert res.reason == "life" and "Ana" in res.text
    assert GAME.decisions(st) == [] and player(st, 1)["life"] == 0
    assert "Ana wins" in public(ev)


def test_MEM_GEN_02_below_zero_also_loses():
    """MEM-GEN-02: 0 Life or less: an attack taking Ben from 2 to -1 ends the game in Ana's favour."""
    st = pos({"pieces": [{"card": "cro-magnon-hunter", "cell": "attack", "target": 1}]}, {"life": 2})
    GAME.apply(st, 0, "end")
    settle(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and player(st, 1)["life"] == -1


def test_MEM_GAP_05_MEM_GEN_03_two_vs_two_an_eliminated_players_team_plays_on():
    """MEM-GAP-05, MEM-GEN-03, MEM-GEN-01: in 2 vs 2 (Ana and Cid against Ben and Dee) Ben reaches 0 Life:
    he is out, his cards in every Cell (hand, Brain, Ammunition, Incubation, in play) go to his Dead Cell,
    and Dee plays on; the turn passes over Ben. When Dee is out too the game ends with Ana and Cid both winners."""
    st = pos({"hand": ["catapult-stone", "catapult-stone"], "source": 1},
             {"life": 2, "hand": ["fire-arrow"], "ammo": [FILLER], "pieces": ["roman-legionary"],
              "brain": [FILLER] * 5, "incubation": {"card": "silk-road"}},
             {"pieces": ["temple-acolyte"]},
             {"life": 2},
             teams=[0, 1, 0, 1])
    go(st, 0, hand_ref(st, 0, "catapult-stone"), "play", "s1")
    settle(st)
    assert player(st, 1)["out"] and GAME.result(st) is None
    assert GAME.out_seats(st) == frozenset({1})
    assert not pieces(st, 1)
    p1 = player(st, 1)
    assert (p1["hand"], p1["ammo"], p1["brain"], p1["incubation"], p1["source"]) == (0, 0, 0, None, 0)
    assert sorted(dead(st, 1)) == sorted([FILLER] * 6 + ["fire-arrow", "roman-legionary", "silk-road"])
    assert not player(st, 3)["out"]
    end_turn(st)
    assert board(st)["active"] == 2  # Ben's seat is skipped
    end_turn(st)
    assert board(st)["active"] == 3
    end_turn(st)
    assert board(st)["active"] == 0
    go(st, 0, hand_ref(st, 0, "catapult-stone"), "play")  # Dee is the only opposing player left
    res = GAME.result(st)
    assert res is not None and res.winners == (0, 2) and set(res.losers) == {1, 3}
    assert "Ana and Cid win" in res.text


def test_MEM_GAP_05_an_eliminated_players_runes_leave_other_cards():
    """MEM-GAP-05, MEM-RUN-06: Ben placed his Spiritual Rune on Cid's Temple Acolyte; when Ben is out the
    Rune leaves the Acolyte for Ben's Dead Cell and the Acolyte stays with Cid."""
    st = pos({"hand": ["catapult-stone"], "source": 1},
             {"hand": ["spiritual-rune"], "source": 1, "life": 2},
             {"pieces": ["temple-acolyte"]}, {}, teams=[0, 1, 0, 1], active=1)
    go(st, 1, hand_ref(st, 1, "spiritual-rune"), "rune")
    assert pieces(st, 2, "temple-acolyte")[0]["rune"]["owner"] == 1
    settle(st)
    end_turn(st)  # Ben's turn -> Cid's
    end_turn(st)  # Cid's -> Dee's
    end_turn(st)  # Dee's -> Ana's
    assert board(st)["active"] == 0
    go(st, 0, hand_ref(st, 0, "catapult-stone"), "play", "s1")
    settle(st)
    assert player(st, 1)["out"] and GAME.result(st) is None
    assert pieces(st, 2, "temple-acolyte")[0]["rune"] is None
    assert "spiritual-rune" in dead(st, 1)


def test_MEM_GEN_04_empty_brain_cells_do_not_end_the_game():
    """MEM-GEN-04, MEM-DRW-02, MEM-SRC-08: with every Brain Cell empty the players keep taking turns (no
    draw, no source) and nobody has lost."""
    st = pos({"brain": [], "hand": [FILLER]}, {"brain": [], "hand": [FILLER]})
    for _ in range(4):
        end_turn(st)
        assert GAME.result(st) is None
        assert player(st, board(st)["active"])["source"] == 0
    assert [player(st, s)["hand"] for s in (0, 1)] == [1, 1]
    assert [player(st, s)["life"] for s in (0, 1)] == [20, 20]


def test_MEM_GAP_08_no_hand_size_limit():
    """MEM-GAP-08: Ana ends her turn holding 15 cards; nothing asks her to discard, and she still holds 15."""
    st = pos({"hand": [FILLER] * 15}, {})
    kinds = []
    GAME.apply(st, 0, "end")
    while dec(st).kind != "main":
        kinds.append(dec(st).kind)
        GAME.apply(st, dec(st).seat, GAME.timeout_choice(st, dec(st)))
    assert "discard" not in kinds
    assert board(st)["active"] == 1 and player(st, 0)["hand"] == 15 and len(hand(st, 0)) == 15


def test_MEM_GEN_02_a_player_can_lose_by_their_own_card():
    """MEM-GEN-02, MEM-GEN-03: Ana at 2 Life plays Blood Offering (she loses 2 Life for 2 source): she is at 0
    and has lost at once, in her own turn; Ben wins."""
    st = pos({"life": 2, "hand": ["blood-offering"]}, {})
    go(st, 0, hand_ref(st, 0, "blood-offering"), "play")
    res = GAME.result(st)
    assert res is not None and res.winners == (1,) and res.losers == (0,)
    assert player(st, 0)["life"] == 0
