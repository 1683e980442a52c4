"""Meta players, life, disabling, drawing from a short or empty memory, mutual disabling and victory,
through the game contract (``GAME.position`` / ``new_game``, ``decisions``, ``apply``, ``view``,
``result``).

Rule IDs: shared/rules/checklists/meta.md — META-PLY-01..12, META-MEM-01..06, META-MUT-01..06, and the
gap decisions META-GAP-11, META-GAP-12, META-GAP-13 and META-GAP-22 (games/meta/gaps.py).
"""

from __future__ import annotations

import pytest
from meta_rules_helpers import (
    FILLER,
    GAME,
    apply,
    board,
    hand_ids,
    lives,
    option_ids,
    pass_all,
    play,
    player,
    pos,
    reject,
    seats_deciding,
    starter_table,
)


def grave(st, seat: int) -> list[str]:
    return [c["card"] for c in player(st, seat)["graveyard"]]


# -- life (META-PLY-01/02, META-GAP-22) --------------------------------------------------------------


def test_META_PLY_01_every_player_starts_with_15_life():
    """META-PLY-01: a new game gives every player 15 life, for every table size."""
    for n in (2, 4, 6):
        st = GAME.new_game(starter_table(n), None, 3)
        assert lives(st) == [15] * n


def test_META_PLY_02_META_GAP_22_gain_is_clamped_at_25():
    """META-PLY-02, META-GAP-22: a gain that would go above 25 leaves the life at exactly 25."""
    st = pos({"players": [{"life": 23, "memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e019.1", "player": 0}]]})  # Hearthfire: you gain 4 life
    texts = pass_all(st)
    assert "Hearthfire (Ana's) executes." in texts
    assert lives(st) == [25, 15]


def test_META_PLY_02_META_PLY_09_loss_is_clamped_at_minus_15_also_for_disabled_players():
    """META-PLY-02: a loss that would go below −15 leaves the life at −15. META-PLY-09: an effect on "all
    players" (Wildfire: every player loses 2) also hits a disabled player."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER}, {"life": -14, "disabled": True, "memory": FILLER}],
              "main": [[{"card": "e013.1", "player": 0}]]})
    pass_all(st)
    assert lives(st) == [13, 13, -15]
    assert player(st, 2)["disabled"] is True


def test_META_PLY_02_META_GAP_22_set_life_is_clamped_to_the_bounds():
    """META-GAP-22: life set by a card obeys the bounds too: Phoenix Feather (your life becomes 12) under a
    life maximum lowered to 10 by a rule change leaves 10, not 12."""
    st = pos({"players": [{"life": 3, "memory": FILLER}, {"memory": FILLER}],
              "rules": [{"param": "life_max", "value": 10}],
              "main": [[{"card": "e020.1", "player": 0}]]})
    pass_all(st)
    assert lives(st)[0] == 10


def test_META_GAP_22_lowering_a_bound_clamps_lives_at_once():
    """META-GAP-22, META-PLY-02: Low Ceiling (the highest life −5 for the game) makes the maximum 20 and a
    player at 24 life drops to 20 as soon as it executes; a later gain stops at 20."""
    st = pos({"players": [{"life": 24, "memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e019.1", "player": 1}, {"card": "e036.1", "player": 0}]]})
    pass_all(st)
    # Low Ceiling (top) executes first: Ana 24 -> 20; then Ben's Hearthfire: 15 + 4 = 19.
    assert lives(st) == [20, 19]
    assert board(st)["rules"]["life_max"] == 20


# -- disabling by life (META-PLY-03..12) -------------------------------------------------------------


def three_with_thunderclap(target_life: int, hand: list[str]) -> object:
    """Three players; Ben has ``target_life`` life and ``hand``; Thunderclap (Ben loses 4) is on the main
    stack, played by Ana."""
    return pos({"players": [{"memory": FILLER}, {"life": target_life, "hand": hand, "memory": FILLER},
                            {"memory": FILLER}],
                "main": [[{"card": "e007.1", "player": 0, "target": {"player": 1}}]]})


def test_META_PLY_03_META_PLY_04_reaching_0_life_disables_and_discards_the_hand():
    """META-PLY-03: a player whose life reaches 0 is disabled at once; META-PLY-04: at that moment their
    whole hand goes to their graveyard."""
    st = three_with_thunderclap(4, ["e001.1", "e002.1", "m001.1"])
    texts = pass_all(st)
    ben = player(st, 1)
    assert ben["life"] == 0 and ben["disabled"] is True and ben["causes"] == ["life"]
    assert ben["hand"] == 0
    assert grave(st, 1) == ["e001.1", "e002.1", "m001.1"]
    assert "Ben is disabled (life 0)." in texts
    assert "Ben discards their hand (3 cards)." in texts


def test_META_PLY_04_META_GAP_12_a_memory_disabled_player_discards_on_reaching_0_life():
    """META-PLY-04, META-GAP-12: Cy, disabled for lack of memory, kept her hand; when Wildfire brings her
    life from 2 to 0 she discards it at that moment."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER},
                          {"life": 2, "disabled": True, "mem_out": True, "hand": ["e001.1", "e002.1"]}],
              "main": [[{"card": "e013.1", "player": 0}]]})
    texts = pass_all(st)
    assert texts.index("Cy loses 2 life (0).") < texts.index("Cy discards their hand (2 cards).")
    cy = player(st, 2)
    assert cy["hand"] == 0 and grave(st, 2) == ["e001.1", "e002.1"] and cy["causes"] == ["life", "memory"]


def test_META_PLY_03_life_above_0_is_not_disabled():
    """META-PLY-03: at 1 life a player is still in play (the threshold is 0 or less)."""
    st = three_with_thunderclap(5, ["e001.1"])
    pass_all(st)
    assert player(st, 1)["life"] == 1 and player(st, 1)["disabled"] is False
    assert player(st, 1)["hand"] == 1 + 3  # kept, and drew 3 in the next drawing stage


def test_META_PLY_05_disabled_players_get_no_play_decision_in_any_stage():
    """META-PLY-05: a disabled player is offered no decision in the pushing stage (nor in their own drawing
    stage), and a choice from them is refused under META-PLY-05."""
    st = pos({"players": [{"hand": ["e001.1"], "memory": FILLER}, {"hand": ["e002.1"], "memory": FILLER},
                          {"life": -3, "disabled": True, "hand": ["e019.1"], "memory": FILLER}]})
    assert seats_deciding(st) == [0, 1]
    assert reject(st, 2, "pass") == "META-PLY-05"
    # Cy's own turn (turn 3) is played without any decision of theirs (META-GAP-13).
    pass_all(st)
    apply(st, 1, "go")
    assert seats_deciding(st) == [0, 1]
    pass_all(st)
    assert board(st)["at_turn"] == 2 and board(st)["stage"] == "pushing"
    assert seats_deciding(st) == [0, 1]
    assert reject(st, 2, "pass") == "META-PLY-05"


def test_META_PLY_06_META_GAP_13_disabled_players_draw_nothing():
    """META-PLY-06, META-GAP-13: in the drawing stage the disabled player draws nothing (memory and hand
    unchanged) while the others draw 3; a card-effect draw for a disabled player (Willow Bark: the named
    player gains 2 and draws 1, naming Cy, who was disabled after it was played) does not happen either."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER},
                          {"life": 0, "disabled": True, "hand": ["e001.1"], "memory": FILLER}],
              "main": [[{"card": "e021.1", "player": 0, "target": {"player": 2}}]]})
    texts = pass_all(st)
    assert any(t.startswith("Willow Bark (Ana's) is discarded without effect") for t in texts)
    b = board(st)
    assert [p["hand"] for p in b["players"]] == [3, 3, 1]
    assert [p["memory"] for p in b["players"]] == [9, 9, 12]
    assert b["players"][2]["life"] == 0


def test_META_PLY_07_a_disabled_player_keeps_seat_memory_graveyard_and_turn():
    """META-PLY-07: a disabled player stays in the game: in the turn order, with memory and graveyard;
    their turn comes round (META-GAP-13: played with no decision of theirs)."""
    st = pos({"order": [0, 1, 2], "players": [
        {"memory": FILLER}, {"memory": FILLER},
        {"life": -1, "disabled": True, "memory": FILLER[:5], "graveyard": ["e001.1", "e002.1"]}]})
    pass_all(st)            # turn 1 (Ana) ends
    apply(st, 1, "go")
    pass_all(st)            # turn 2 (Ben) ends
    b = board(st)
    assert b["order"] == [0, 1, 2] and b["turn"] == 3 and b["at_turn"] == 2
    cy = b["players"][2]
    assert cy["removed"] is False and cy["disabled"] is True and cy["at_turn"] is True
    assert cy["memory"] == 5 and grave(st, 2) == ["e001.1", "e002.1"]


def test_META_PLY_08_a_disabled_players_cards_in_play_still_apply():
    """META-PLY-08: a disabled player's card on the main tower executes normally, and their active trigger
    stack still fires: Cy (disabled, −1 life) has Hearthfire (+4) on the main stack and a Tripwire
    trigger stack (fires when an opponent puts a card onto the main stack) holding Spring Thaw."""
    st = pos({"players": [{"hand": ["e019.1"], "memory": FILLER}, {"memory": FILLER},
                          {"life": -5, "disabled": True, "memory": FILLER}],
              "main": [[{"card": "e019.1", "player": 2}]],
              "triggers": [{"owner": 2, "trigger": "t003.1", "levels": [[{"card": "e022.1", "player": 2}]]}]})
    texts = play(st, 0, "e019.1")
    assert any("Cy's trigger stack" in t and "fires" in t for t in texts)
    assert lives(st) == [17, 17, -3]      # Spring Thaw: every player gains 2, Cy included
    pass_all(st)
    # Ana's Hearthfire (top) then Cy's: Cy -3 + 4 = 1 -> back in play.
    assert lives(st) == [21, 17, 1]
    assert player(st, 2)["disabled"] is False


def test_META_PLY_10_disabled_players_are_never_offered_as_targets():
    """META-PLY-10: a specific disabled player is not among the target options (only players in play)."""
    st = pos({"players": [{"hand": ["e002.1", "e001.1"], "memory": FILLER}, {"memory": FILLER},
                          {"life": 0, "disabled": True, "memory": FILLER}]})
    play(st, 0, "e002.1")  # Mending Rain: a player you name
    assert option_ids(st, 0) == ["tgt:p0", "tgt:p1", "back"]
    apply(st, 0, "back")
    play(st, 0, "e001.1")  # Spark of Ruin: an opponent you name
    assert option_ids(st, 0) == ["tgt:p1", "back"]
    assert reject(st, 0, "tgt:p2") == "META-PLY-10"


def test_META_PLY_10_a_target_disabled_before_execution_is_discarded_without_effect():
    """META-PLY-10: Mending Rain names Ben; Thunderclap above it disables Ben first, so Mending Rain goes to
    Ana's graveyard without effect and Ben stays at 0 life."""
    st = pos({"players": [{"memory": FILLER}, {"life": 4, "memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e002.1", "player": 0, "target": {"player": 1}},
                        {"card": "e007.1", "player": 2, "target": {"player": 1}}]]})
    texts = pass_all(st)
    assert any(t.startswith("Mending Rain (Ana's) is discarded without effect") for t in texts)
    assert player(st, 1)["life"] == 0 and player(st, 1)["disabled"] is True
    assert grave(st, 0) == ["e002.1"] and grave(st, 2) == ["e007.1"]


def test_META_PLY_11_a_player_healed_above_0_is_back_in_play():
    """META-PLY-11: Spring Thaw (every player gains 2) lifts a disabled player from −1 to 1: back in play,
    offered decisions again and drawing in the next drawing stage."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER},
                          {"life": -1, "disabled": True, "memory": FILLER}],
              "main": [[{"card": "e022.1", "player": 0}]]})
    texts = pass_all(st)
    assert "Cy is back in play." in texts
    cy = player(st, 2)
    assert cy["life"] == 1 and cy["disabled"] is False and cy["causes"] == []
    assert cy["hand"] == 3  # drew in turn 2's drawing stage
    apply(st, 1, "go")
    assert seats_deciding(st) == [0, 1, 2]


def test_META_PLY_11_healed_to_exactly_0_stays_disabled():
    """META-PLY-11: "more than 0" — a disabled player gaining 2 from −2 reaches 0 and stays disabled."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER},
                          {"life": -2, "disabled": True, "memory": FILLER}],
              "main": [[{"card": "e022.1", "player": 0}]]})
    pass_all(st)
    assert player(st, 2)["life"] == 0 and player(st, 2)["disabled"] is True


def test_META_PLY_12_META_GAP_12_both_causes_must_clear_before_re_enabling():
    """META-PLY-12, META-GAP-12: Cy is disabled by life (−1) and by an empty memory. Spring Thaw lifts her to
    1 life but the memory cause keeps her disabled; Sexton's Lantern then puts 3 graveyard cards under her
    memory and she is back in play."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER},
                          {"life": -1, "disabled": True, "mem_out": True,
                           "graveyard": ["e001.1", "e002.1", "e006.1"]}],
              "main": [[{"card": "e030.1", "player": 1, "target": {"graveyard": 2}},
                        {"card": "e022.1", "player": 0}]]})
    assert player(st, 2)["causes"] == ["life", "memory"]
    apply(st, 0, "pass")
    texts = apply(st, 1, "pass")
    i_thaw = texts.index("Spring Thaw (Ana's) executes.")
    i_lantern = texts.index("Sexton's Lantern (Ben's) executes.")
    i_back = texts.index("Cy is back in play.")
    assert i_thaw < i_lantern < i_back
    cy = player(st, 2)
    assert cy["life"] == 1 and cy["disabled"] is False
    assert cy["hand"] == 3 and cy["memory"] == 0  # the 3 returned cards were drawn in turn 2


def test_META_GAP_12_cards_returned_to_memory_do_not_re_enable_a_player_at_0_life():
    """META-GAP-12: a player disabled for both causes whose memory is refilled while their life is still 0
    stays disabled (cause: life)."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER},
                          {"life": 0, "disabled": True, "mem_out": True, "graveyard": ["e001.1", "e002.1"]}],
              "main": [[{"card": "e030.1", "player": 0, "target": {"graveyard": 2}}]]})
    pass_all(st)
    cy = player(st, 2)
    assert cy["disabled"] is True and cy["causes"] == ["life"] and cy["memory"] == 2


# -- drawing from memory (META-MEM-01..06) -----------------------------------------------------------


def test_META_MEM_01_draws_take_the_top_cards_of_memory_in_order():
    """META-MEM-01: the drawing stage's draw of 3 takes the top three memory cards, one at a time, into the
    hand; the rest of the memory stays in order for the next draws."""
    memory = ["e001.1", "e002.1", "e005.1", "e006.1", "e007.1", "e008.1", "e010.1"]
    st = pos({"players": [{"memory": memory}, {"memory": FILLER}]})
    pass_all(st)
    assert hand_ids(st, 0) == ["e001.1", "e002.1", "e005.1"]
    assert player(st, 0)["memory"] == 4
    apply(st, 1, "go")
    pass_all(st)
    assert hand_ids(st, 0) == ["e001.1", "e002.1", "e005.1", "e006.1", "e007.1", "e008.1"]


def test_META_MEM_02_META_GAP_12_an_empty_memory_disables_without_life_loss_or_discard():
    """META-MEM-02: a player who must draw from an empty memory is disabled (cause: memory). META-GAP-12:
    they keep their hand and lose no life."""
    st = pos({"players": [{"memory": FILLER}, {"memory": [], "hand": ["e001.1", "e002.1"]},
                          {"memory": FILLER}]})
    texts = pass_all(st)
    assert "Ben must draw but their memory is empty." in texts
    ben = player(st, 1)
    assert ben["disabled"] is True and ben["causes"] == ["memory"]
    assert ben["life"] == 15 and ben["hand"] == 2 and grave(st, 1) == []


@pytest.mark.parametrize(("memory", "draw", "lost"), [(1, 3, 1), (2, 3, 0), (2, 7, 2), (1, 6, 2), (3, 3, 0)])
def test_META_MEM_03_META_GAP_12_a_short_memory_costs_floor_half_the_missing_cards(memory, draw, lost):
    """META-MEM-03, META-GAP-12: with k < N cards in memory a player draws the k cards and loses
    floor((N − k) / 2) life (the draw count N set by a rule change, META-CBR-01)."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER[:memory]}],
              "rules": [{"param": "draw_count", "value": draw}]})
    texts = pass_all(st)
    ben = player(st, 1)
    assert ben["hand"] == memory and ben["memory"] == 0
    assert ben["life"] == 15 - lost and ben["disabled"] is False
    assert (f"Ben's memory had only {memory} of {draw} cards." in texts) == (memory < draw)


def test_META_MEM_03_the_life_per_missing_cards_is_a_rule_value():
    """META-MEM-03, META-CBR-01: Famine makes every missing card cost 1 life (draw_penalty 1): drawing 3
    from a memory of 1 then costs 2 life."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER[:1]}],
              "main": [[{"card": "e038.1", "player": 0}]]})
    pass_all(st)
    assert player(st, 1)["life"] == 13 and player(st, 1)["hand"] == 1


def test_META_MEM_04_partial_draw_loss_disables_and_discards_the_hand():
    """META-MEM-04: the life lost by a partial draw can disable: Ben at 1 life draws 1 of 3, loses 1, is
    disabled at 0 and discards his whole hand, the card just drawn included."""
    st = pos({"players": [{"memory": FILLER}, {"life": 1, "memory": ["e006.1"], "hand": ["e001.1"]},
                          {"memory": FILLER}]})
    pass_all(st)
    ben = player(st, 1)
    assert ben["life"] == 0 and ben["disabled"] is True and ben["causes"] == ["life"]
    assert ben["hand"] == 0 and sorted(grave(st, 1)) == ["e001.1", "e006.1"]


def test_META_MEM_04_partial_draw_loss_obeys_the_life_minimum():
    """META-MEM-04, META-PLY-02: with the disabling threshold moved to −20 by a rule change, a player at −14
    who draws 1 of 7 cards would lose 3 life but stops at −15."""
    st = pos({"players": [{"memory": FILLER}, {"life": -14, "memory": FILLER[:1]}],
              "rules": [{"param": "disable_at", "value": -20}, {"param": "draw_count", "value": 7}]})
    pass_all(st)
    assert player(st, 1)["life"] == -15 and player(st, 1)["disabled"] is False


def test_META_MEM_05_card_effect_draws_follow_the_same_rules():
    """META-MEM-05: a card-effect draw from a short memory costs life (Midnight Oil: draw 3 from a memory of
    1 -> 1 life, then its own 1 life), and one from an empty memory disables (Long Memory)."""
    st = pos({"players": [{"memory": ["e001.1"]}, {"memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e023.1", "player": 0}]]})
    apply(st, 0, "pass")
    apply(st, 1, "pass")
    texts = apply(st, 2, "pass")
    assert "Ana's memory had only 1 of 3 cards." in texts
    assert player(st, 0)["life"] == 13
    # Ana's memory is now empty: the drawing stage of turn 2 disables her (cause: memory).
    assert player(st, 0)["disabled"] is True and player(st, 0)["causes"] == ["memory"]

    st = pos({"players": [{"memory": []}, {"memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e003.1", "player": 0}]]})
    texts = pass_all(st)
    i_long = texts.index("Long Memory (Ana's) executes.")
    i_empty = texts.index("Ana must draw but their memory is empty.")
    assert i_long < i_empty < texts.index("Ana is disabled (no memory left).") < texts.index(
        "The main tower is empty: the executing stage ends.")


def test_META_MEM_06_cards_put_back_into_memory_re_enable():
    """META-MEM-06: Ben, disabled for lack of memory (life 15), is back in play as soon as Sexton's Lantern
    puts cards from his graveyard under his memory, and draws again in the next drawing stage."""
    st = pos({"players": [{"memory": FILLER}, {"disabled": True, "mem_out": True, "hand": ["e001.1"],
                                              "graveyard": ["e002.1", "e005.1", "e006.1", "e007.1"]},
                          {"memory": FILLER}],
              "main": [[{"card": "e030.1", "player": 0, "target": {"graveyard": 1}}]]})
    assert seats_deciding(st) == [0, 2]
    texts = pass_all(st)
    assert "Ben is back in play." in texts
    ben = player(st, 1)
    assert ben["disabled"] is False and ben["causes"] == []
    # The top 3 graveyard cards went under the memory; turn 2's draw took all three.
    assert ben["hand"] == 4 and ben["memory"] == 0 and grave(st, 1) == ["e002.1"]


# -- mutual disabling (META-MUT-01..06, META-GAP-11) ------------------------------------------------


def mutual_by_draw(seed: int = 0):
    """Ana and Ben (in play) both have empty memories; Cy is already disabled. Everyone passes, so turn 2's
    drawing stage makes Ana and Ben draw from empty memories at the same time."""
    return pos({"players": [
        {"memory": [], "hand": ["e001.1"], "graveyard": ["e002.1", "e005.1", "e006.1", "e007.1", "e008.1"]},
        {"memory": [], "hand": ["e019.1", "e022.1"], "graveyard": ["e010.1", "e011.1", "e012.1"]},
        {"life": -2, "disabled": True, "memory": FILLER, "graveyard": ["e013.1"]}]}, seed=seed)


def test_META_MUT_01_META_MUT_02_META_MUT_03_simultaneous_empty_draws():
    """META-MUT-01: Ana and Ben, the only players in play, would both be disabled by the same drawing-stage
    draw, so the mutual-disabling rule applies instead. META-MUT-02: Cy, already disabled, is removed
    permanently. META-MUT-03: Ana and Ben shuffle their graveyards into their memories and play on,
    keeping their hands (META-GAP-11)."""
    st = mutual_by_draw()
    texts = pass_all(st)
    assert ("Every player in play would be disabled at the same time: the mutual-disabling rule applies."
            in texts)
    b = board(st)
    ana, ben, cy = b["players"]
    assert cy["removed"] is True
    assert ana["disabled"] is False and ben["disabled"] is False
    assert ana["removed"] is False and ben["removed"] is False
    assert (ana["memory"], ana["graveyard"], ana["hand"]) == (5, [], 1)
    assert (ben["memory"], ben["graveyard"], ben["hand"]) == (3, [], 2)
    assert ana["life"] == 15 and ben["life"] == 15
    assert b["turn"] == 2 and b["at_turn"] == 1 and GAME.result(st) is None
    assert seats_deciding(st) == [1]


def test_META_MUT_02_META_WIN_03_removed_players_take_no_more_turns():
    """META-MUT-02: after the mutual-disabling rule Cy is out of the game: her turn is skipped (the turn
    passes from Ben to Ana), she draws nothing and she is never a target again."""
    st = mutual_by_draw()
    pass_all(st)
    apply(st, 1, "go")
    pass_all(st)
    b = board(st)
    assert b["turn"] == 3 and b["at_turn"] == 0
    assert b["players"][2]["memory"] == 12 and b["players"][2]["removed"] is True


def test_META_MUT_03_META_GAP_11_life_disablings_continue_at_1_life():
    """META-MUT-03, META-GAP-11: Wildfire (every player loses 2) would disable Ana and Ben (2 life each) in
    one card's execution: mutual disabling — Cy (already disabled) is removed, Ana and Ben continue with 1
    life (1 above the threshold), keep their hands and shuffle their graveyards (Wildfire included, as it
    went to its graveyard after executing) into their memories."""
    st = pos({"players": [{"life": 2, "memory": ["e001.1"], "hand": ["e002.1"], "graveyard": ["e006.1"]},
                          {"life": 2, "memory": ["e005.1", "e006.1", "e007.1"], "hand": ["e008.1", "e010.1"]},
                          {"life": -1, "disabled": True, "memory": FILLER}],
              "main": [[{"card": "e013.1", "player": 0}]]})
    texts = pass_all(st)
    assert ("Every player in play would be disabled at the same time: the mutual-disabling rule applies."
            in texts)
    i_mut = texts.index("Every player in play would be disabled at the same time: the mutual-disabling rule applies.")
    assert texts.index("Turn 2: Ben is at turn.") > i_mut
    b = board(st)
    ana, ben, cy = b["players"]
    assert cy["removed"] is True
    assert (ana["life"], ana["disabled"]) == (1, False)
    assert (ben["life"], ben["disabled"]) == (1, False)
    # Ana's memory: 1 card + her graveyard (Wasp Nest, Wildfire) = 3 cards, all drawn in turn 2; Ben's: 3.
    assert ana["hand"] == 1 + 3 and ana["memory"] == 0 and ana["graveyard"] == []
    assert ben["hand"] == 2 + 3 and ben["memory"] == 0


def test_META_MUT_03_META_MUT_06_the_graveyard_is_shuffled_into_the_whole_memory():
    """META-MUT-03, META-MUT-06, META-GAP-11: "shuffle their graveyard into their memory" shuffles the whole
    memory: after Wildfire's mutual disabling, the three cards Ana draws next come from her old memory and
    her graveyard mixed, not always from the old memory's top, and the order depends on the seed only."""
    def drawn(seed: int) -> tuple[str, ...]:
        st = pos({"players": [{"life": 2, "memory": ["e001.1", "e002.1", "e005.1", "e006.1"],
                               "graveyard": ["e007.1", "e008.1", "e010.1"]},
                              {"life": 2, "memory": FILLER}],
                  "main": [[{"card": "e013.1", "player": 0}]]}, seed=seed)
        pass_all(st)
        assert lives(st) == [1, 1] and player(st, 0)["memory"] == 8 - 3
        return tuple(hand_ids(st, 0))

    seen = {drawn(seed) for seed in range(10)}
    assert drawn(4) == drawn(4)
    assert len(seen) > 1
    assert any(set(h) - {"e001.1", "e002.1", "e005.1", "e006.1"} for h in seen)


def test_META_MUT_04_with_one_player_in_play_the_game_is_already_over():
    """META-MUT-04: the rule needs two players in play. With only Ana in play (Ben and Cy disabled) the
    first settled step ends the game with Ana winning (META-WIN-02); nobody is removed."""
    st = pos({"players": [{"memory": FILLER}, {"life": 0, "disabled": True, "memory": FILLER},
                          {"life": -4, "disabled": True, "memory": FILLER}]})
    pass_all(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and res.reason == "last_active"
    assert [p["removed"] for p in board(st)["players"]] == [False, False, False]


def test_META_MUT_05_disablings_in_separate_steps_are_not_simultaneous():
    """META-MUT-05: only disablings produced by one atomic step count as simultaneous. Two cards that each
    bring a player to 0 are two steps: the first disables Ana, Ben is then the last player in play and wins
    before the second card executes."""
    st = pos({"players": [{"life": 3, "memory": FILLER}, {"life": 3, "memory": FILLER}],
              "main": [[{"card": "e007.1", "player": 0, "target": {"player": 1}},
                        {"card": "e007.1", "player": 1, "target": {"player": 0}}]]})
    pass_all(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (1,) and res.losers == (0,)
    assert lives(st) == [-1, 3]


def test_META_MUT_05_one_cards_execution_is_one_step():
    """META-MUT-05: Wildfire bringing both players of a two-player game to 0 is one step: the
    mutual-disabling rule applies (no winner, both continue at 1 life)."""
    st = pos({"players": [{"life": 2, "memory": FILLER}, {"life": 1, "memory": FILLER}],
              "main": [[{"card": "e013.1", "player": 0}]]})
    pass_all(st)
    assert GAME.result(st) is None
    assert lives(st) == [1, 1]
    assert [p["disabled"] for p in board(st)["players"]] == [False, False]


def test_META_MUT_06_the_graveyard_shuffle_uses_the_seeded_rng():
    """META-MUT-06: the graveyard-into-memory shuffle of the mutual-disabling rule comes from the game's
    seeded RNG: the same seed gives the same memory order, other seeds give other orders (seen through
    the three cards Ana draws from her new memory in turn 3)."""

    def drawn_after(seed: int) -> list[str]:
        st = mutual_by_draw(seed)
        pass_all(st)
        apply(st, 1, "go")
        pass_all(st)
        assert board(st)["turn"] == 3
        return hand_ids(st, 0)[1:]

    first = drawn_after(11)
    assert len(first) == 3 and set(first) <= {"e002.1", "e005.1", "e006.1", "e007.1", "e008.1"}
    assert drawn_after(11) == first
    assert len({tuple(drawn_after(s)) for s in range(12)}) > 1


# -- victory -----------------------------------------------------------------------------------------


def test_META_PLY_03_the_last_player_in_play_wins():
    """META-PLY-03 with META-WIN-02: Thunderclap disables Ben (4 -> 0) in a two-player game; Ana is the only
    player not disabled and wins at once."""
    st = pos({"players": [{"memory": FILLER}, {"life": 4, "memory": FILLER}],
              "main": [[{"card": "e007.1", "player": 0, "target": {"player": 1}}]]})
    texts = pass_all(st)
    assert "Ana is the only player not disabled and wins." in texts
    res = GAME.result(st)
    assert res.winners == (0,) and res.losers == (1,) and res.reason == "last_active"
    assert GAME.decisions(st) == []
