"""Meta targets, the executing stage and paradoxes, through the game contract (positions, decisions, apply,
view, result).

Rule IDs: META-TGT-01..10, META-EXE-01..08, META-PDX-01..05 and the gap decisions META-GAP-09, 10, 16 and
23 (games/meta/gaps.py).
"""

from __future__ import annotations

import pytest
from meta_stack_helpers import (
    apply,
    board,
    grave,
    hand,
    index,
    inst,
    kind,
    levels,
    life,
    on_tower,
    opts,
    pass_all,
    play,
    pos,
    reject,
    tower_ids,
    tower_view,
)

from games.core.contract import RulesError
from games.core.playout import starter_seats
from games.meta import GAME

SPARK_ON_ANA = {"card": "e001.1", "player": 1, "target": {"player": 0}}
"""Ben's Spark of Ruin aimed at Ana: the bottom card of many positions below."""


def executes(log) -> list[str]:
    """The "<title> (<player>'s) executes." lines, in order."""
    return [line for line in log if line.endswith(" executes.")]


# -- 11. Targeting (META-TGT-*) -------------------------------------------------------------------


def test_META_TGT_01_play_then_announce_a_target_with_back():
    """META-TGT-01: playing a card with a chosen target is two decisions (card, then target); the card is
    placed only once the target is chosen; "Back" undoes the first step; a card without any legal target
    is not offered at all."""
    st = pos({"players": [{"hand": ["m001.1", "e001.1", "m021.1"]}, {"hand": []}]})
    hush, spark, overruled = inst(st, 0, "m001.1"), inst(st, 0, "e001.1"), inst(st, 0, "m021.1")
    assert opts(st, 0) == ["pass", f"play:{spark}"]  # nothing on a stack yet: Hush and Overruled have no target
    assert reject(st, 0, f"play:{hush}") == "META-TGT-01"
    apply(st, 0, f"play:{spark}")
    assert kind(st, 0) == "target" and opts(st, 0) == ["tgt:p1", "back"]
    assert levels(st) == [[]] and "e001.1" in hand(st, 0)
    apply(st, 0, "back")
    assert kind(st, 0) == "push" and levels(st) == [[]]
    play(st, 0, "e001.1", "p1")
    assert levels(st) == [["e001.1"]] and f"play:{hush}" in opts(st, 0) and f"play:{overruled}" not in opts(st, 0)


def test_META_TGT_02_specific_and_descriptive_targets():
    """META-TGT-02: a target is a specific object (Hush names one card) or a description bound to no card
    (Second Thought: "the card on top of the main stack"; Will-o'-the-Wisp: "the player who played the card
    below"); descriptive targets need no choice and are shown as descriptions."""
    st = pos({"players": [{"hand": ["m001.1", "m002.1", "e016.1"]}, {}], "main": [[SPARK_ON_ANA]]})
    play(st, 0, "m001.1", on_tower(st, "e001.1"))
    log = play(st, 0, "m002.1")
    assert "targeting the card on top of the main stack" in log[0]
    log = play(st, 0, "e016.1")
    assert "targeting the player who played the card below it" in log[0]
    entries = [(e["title"], e["target"]) for lv in tower_view(st)["levels"] for e in lv]
    assert entries == [("Spark of Ruin", "Ana"), ("Will-o'-the-Wisp", "the player of the card below (at execution)"),
                       ("Hush", "Spark of Ruin"), ("Second Thought", "top of the main stack (at execution)")]


def test_META_TGT_03_META_GAP_16_descriptive_target_is_read_at_execution():
    """META-TGT-03, META-GAP-16: Ben's Second Thought ("counter the top card of the main stack") is played
    while Ana's Spark is the top card; Ana then plays Hearthfire on top: at execution the top card is the
    Hearthfire, and that is the card removed — the Spark executes."""
    st = pos({"players": [{"hand": ["e001.1", "e019.1"]}, {"hand": ["m002.1"]}]})
    play(st, 0, "e001.1", "p1")
    play(st, 1, "m002.1")
    play(st, 0, "e019.1")
    log = pass_all(st)
    assert "Hearthfire is removed from its stack without effect." in log
    assert [life(st, 0), life(st, 1)] == [15, 12]
    assert grave(st, 0) == ["e019.1", "e001.1"]


def test_META_TGT_04_target_that_does_not_exist_yet():
    """META-TGT-04: Lying in Wait names "the next card played onto the main stack", which does not exist
    when it is played (the main stack is empty): the card Ben plays afterwards is the one removed, not
    the Hearthfire Ana played before."""
    st = pos({"players": [{"hand": ["m005.1", "e019.1"]}, {"hand": ["e001.1"]}]})
    play(st, 0, "e019.1")
    play(st, 0, "m005.1")
    assert levels(st) == [["e019.1"], ["m005.1"]]
    assert tower_view(st)["levels"][1][0]["target"] == "the next card played onto the main stack"
    play(st, 1, "e001.1", "p0")
    log = pass_all(st)
    assert "Spark of Ruin is removed from its stack without effect." in log
    assert life(st, 0) == 19


def test_META_TGT_04_next_card_that_never_comes():
    """META-TGT-04, META-TGT-06: when no card is played onto the main stack after Lying in Wait, its target
    never comes into being and it is discarded without effect."""
    st = pos({"players": [{"hand": ["m005.1", "e019.1"]}, {}]})
    play(st, 0, "e019.1")
    play(st, 0, "m005.1")
    log = pass_all(st)
    assert "Lying in Wait (Ana's) is discarded without effect: no card was played onto the main stack after it " \
           "(or it has left)." in log
    assert life(st, 0) == 19


def test_META_TGT_04_META_GAP_16_next_card_is_the_one_played_next_even_after_a_reversal():
    """META-TGT-04, META-GAP-16: "the next card played" is the card played right after Lying in Wait (Ben's
    Spark), wherever it is on the main stack at execution: after Tide Turns reverses the main stack the
    Spark, not the later Hearthfire, is removed."""
    st = pos({"players": [{"hand": ["m005.1", "m012.1"]}, {"hand": ["e001.1", "e019.1"]}]})
    play(st, 0, "m005.1")
    play(st, 1, "e001.1", "p0")
    play(st, 1, "e019.1")
    play(st, 0, "m012.1", "smain.0")
    assert levels(st) == [["e001.1", "e019.1"], ["m005.1", "m012.1"]]
    log = pass_all(st)
    assert index(log, "The stack's order is reversed.") < index(log, "Spark of Ruin is removed from its stack")
    assert [life(st, 0), life(st, 1)] == [15, 19]


def test_META_TGT_04_META_TGT_06_next_card_that_left_is_not_replaced():
    """META-TGT-04, META-TGT-06: once the next card has been played it is the target for good: when Ana's
    Homing Pigeon returns that Spark to Ben's hand, Lying in Wait is discarded without effect — the
    Hearthfire Ben played later does not become its target."""
    st = pos({"players": [{"hand": ["m005.1", "m014.1"]}, {"hand": ["e001.1", "e019.1"]}]})
    play(st, 0, "m005.1")
    play(st, 1, "e001.1", "p0")
    play(st, 1, "e019.1")
    play(st, 0, "m014.1", on_tower(st, "e001.1"))
    log = pass_all(st)
    assert ("Lying in Wait (Ana's) is discarded without effect: Spark of Ruin, the next card played onto the main "
            "stack, has left it.") in log
    assert "Hearthfire (Ben's) executes." in log and life(st, 1) == 19 and "e001.1" in hand(st, 1)


def test_META_TGT_05_the_announced_target_is_stored_and_fixed():
    """META-TGT-05: the announced target is stored with the entry; later plays do not change it, and the
    player is never offered a way to change it (their decision is pass or a new play)."""
    st = pos({"players": [{"hand": ["e001.1", "e019.1"]}, {"hand": ["e002.1"]}]}, n=2)
    play(st, 0, "e001.1", "p1")
    play(st, 1, "e002.1", "p1")
    play(st, 0, "e019.1")
    assert [(e["title"], e["target"]) for e in tower_view(st)["levels"][0]] == [
        ("Spark of Ruin", "Ben"), ("Mending Rain", "Ben"), ("Hearthfire", None)]
    assert all(o == "pass" or o.startswith("play:") for o in opts(st, 0))
    pass_all(st)
    assert [life(st, 0), life(st, 1)] == [19, 15]


def test_META_TGT_06_META_TGT_08_disabled_player_target_fizzles():
    """META-TGT-06, META-TGT-08: Ana's Mending Rain names Cid; Ben's Spark (above it) disables Cid first; at
    execution the Mending Rain's specific player is disabled, so it goes to the graveyard without effect
    and Cid stays disabled. A disabled player is never offered, and naming one is refused."""
    st = pos({"players": [{"hand": ["e002.1", "e001.1"]}, {"hand": ["e001.1"]}, {"life": 2}]}, n=3)
    play(st, 0, "e002.1", "p2")
    play(st, 1, "e001.1", "p2")
    log = pass_all(st)
    assert index(log, "Cid is disabled") < index(
        log, "Mending Rain (Ana's) is discarded without effect: Cid is disabled.")
    assert life(st, 2) == -1 and board(st)["players"][2]["disabled"]
    assert grave(st, 0) == ["e002.1"]
    apply(st, 1, "go")  # turn 2: Ben
    apply(st, 0, f"play:{inst(st, 0, 'e001.1')}")
    assert opts(st, 0) == ["tgt:p1", "back"]
    assert reject(st, 0, "tgt:p2") == "META-PLY-10"


def test_META_TGT_06_card_target_that_left_its_stack():
    """META-TGT-06: a target card that is no longer on a stack is no longer valid: the second Hush aimed
    at the same Spark is discarded without effect, and execution goes on."""
    st = pos({"players": [{"hand": ["m001.1", "m001.1"]}, {}], "main": [[SPARK_ON_ANA]]})
    play(st, 0, "m001.1", on_tower(st, "e001.1"))
    play(st, 0, "m001.1", on_tower(st, "e001.1"), k=0)
    log = pass_all(st)
    assert "Hush (Ana's) is discarded without effect: Spark of Ruin is no longer on a stack." in log
    assert grave(st, 0) == ["m001.1", "m001.1"] and grave(st, 1) == ["e001.1"] and life(st, 0) == 15


def test_META_TGT_07_META_GAP_16_instructions_that_no_longer_make_sense():
    """META-TGT-07, META-GAP-16: an echo with an empty graveyard, a swap of the top two cards of a stack
    holding one card and a redirect of a card without a player target make no sense at execution: each is
    discarded without effect and the log says why."""
    st = pos({"players": [{"hand": ["m003.1", "m011.1", "m009.1"]}, {}],
              "main": [[{"card": "e019.1", "player": 1}]]})
    play(st, 0, "m009.1")  # Backdraft: Hearthfire has no player target
    play(st, 0, "m011.1")  # Changing of the Guard: only one card on the main stack
    play(st, 0, "m003.1")  # Encore (executes first): Ana's graveyard is empty
    log = pass_all(st)
    why = [line.split(": ", 1)[1] for line in log if "discarded without effect" in line]
    assert why == ["your graveyard is empty.",
                   "the target stack holds fewer than two cards.",
                   "the target card has no player target to redirect."]
    assert executes(log) == ["Hearthfire (Ben's) executes."]
    assert life(st, 1) == 19 and grave(st, 0) == ["m003.1", "m011.1", "m009.1"]


def test_META_TGT_08_deactivated_trigger_stack_is_never_a_target():
    """META-TGT-08: Ana announces her own face-down Tripwire (t1) as Candle Snuffer's target; Ben's play then
    springs it. From then on t1 is offered to no card (Tide Turns lists only the main stack and t2), and at
    execution the Snuffer's target is invalid: it is discarded without effect while t2 stays armed."""
    st = pos({"players": [{"hand": ["m015.1", "m012.1"]}, {"hand": ["e019.1"]}],
              "triggers": [{"owner": 0, "trigger": "t003.1", "levels": [[{"card": "e019.1", "player": 0}]]},
                           {"owner": 0, "trigger": "t014.1", "levels": [[{"card": "e022.1", "player": 0}]]}]})
    play(st, 0, "m015.1", "ft1")
    apply(st, 0, f"play:{inst(st, 0, 'm012.1')}")
    assert opts(st, 0) == ["tgt:smain.0", "tgt:st1.0", "tgt:st2.0", "back"]
    apply(st, 0, "back")
    play(st, 1, "e019.1")  # Tripwire trigger stack fires and is deactivated
    assert tower_ids(st) == ["main", "t2"]
    apply(st, 0, f"play:{inst(st, 0, 'm012.1')}")
    assert opts(st, 0) == ["tgt:smain.0", "tgt:st2.0", "back"]
    assert reject(st, 0, "tgt:st1.0") == "META-TGT-08"
    apply(st, 0, "back")
    log = pass_all(st)
    assert ("Candle Snuffer (Ana's) is discarded without effect: the trigger stack of the face-down trigger it "
            "targets is no longer active.") in log
    assert tower_ids(st) == ["main", "t2"] and grave(st, 0) == ["t003.1", "e019.1", "m015.1"]


def test_META_TGT_09_graveyards_of_all_players_in_the_game_are_targets():
    """META-TGT-09: graveyards are legal targets — a disabled player's too (only specific disabled players
    are not) — and the card goes on the main stack."""
    st = pos({"players": [{"hand": ["e030.1"]}, {}, {"life": 0, "disabled": True, "graveyard": ["e019.1"]}]}, n=3)
    apply(st, 0, f"play:{inst(st, 0, 'e030.1')}")
    assert opts(st, 0) == ["tgt:g0", "tgt:g1", "tgt:g2", "back"]
    apply(st, 0, "tgt:g2")
    assert levels(st) == [["e030.1"]]
    pass_all(st)
    assert grave(st, 2) == [] and board(st)["players"][2]["memory"] == 13


def test_META_TGT_10_trigger_cards_only_for_any_card_effects():
    """META-TGT-10: a face-down Trigger card is offered only to effects that target "any card" (Candle
    Snuffer); Hush (Event or Meta) and Cold Water (an Event card) never offer it."""
    st = pos({"players": [{"hand": ["m015.1", "m001.1", "m020.1"]}, {}], "main": [[SPARK_ON_ANA]],
              "triggers": [{"owner": 1, "trigger": "t014.1"}]})
    spark = on_tower(st, "e001.1")
    for card, want in [("m015.1", [f"tgt:c{spark}", "tgt:ft1", "back"]), ("m001.1", [f"tgt:c{spark}", "back"]),
                       ("m020.1", [f"tgt:c{spark}", "back"])]:
        apply(st, 0, f"play:{inst(st, 0, card)}")
        assert opts(st, 0) == want, card
        apply(st, 0, "back")
    apply(st, 0, f"play:{inst(st, 0, 'm001.1')}")
    assert reject(st, 0, "tgt:ft1") == "META-TGT-08"


# -- 17. The executing stage (META-EXE-*) ---------------------------------------------------------


def test_META_EXE_01_no_card_is_played_during_execution():
    """META-EXE-01: the executing stage runs inside the last pass, with no decision for anybody: nobody's
    hand changes through a play, and the next decision is the next turn's drawing stage."""
    st = pos({"players": [{"hand": ["e001.1", "m001.1"]}, {"hand": ["e002.1", "m001.1"]}]})
    play(st, 0, "e001.1", "p1")
    apply(st, 0, "pass")
    before = [len(hand(st, 0)), len(hand(st, 1))]
    log = apply(st, 1, "pass")
    i, j = index(log, "executing stage begins"), index(log, "executing stage ends")
    assert not any(" plays " in line for line in log[i:j])
    assert [len(hand(st, 0)), len(hand(st, 1))] == [before[0] + 3, before[1] + 3]  # only the next turn's draw
    assert [(d.seat, d.kind) for d in GAME.decisions(st)] == [(1, "drawing")]


def test_META_EXE_02_META_EXE_03_highest_level_first_then_down():
    """META-EXE-02/03: execution starts with the highest meta stack: Ana's Overruled (level 2) removes Ben's
    Hush (level 1), so Ana's Spark (level 0) executes; each executed card goes to its owner's graveyard."""
    st = pos({"players": [{"hand": ["e001.1", "m021.1"]}, {"hand": ["m001.1"]}]})
    play(st, 0, "e001.1", "p1")
    play(st, 1, "m001.1", on_tower(st, "e001.1"))
    play(st, 0, "m021.1", on_tower(st, "m001.1"))
    log = pass_all(st)
    assert executes(log) == ["Overruled (Ana's) executes.", "Spark of Ruin (Ana's) executes."]
    assert index(log, "Hush is removed from its stack without effect.") < index(log, "Spark of Ruin (Ana's) executes.")
    assert life(st, 1) == 12 and grave(st, 0) == ["m021.1", "e001.1"] and grave(st, 1) == ["m001.1"]


def test_META_EXE_03_top_card_taken_executed_then_graveyard():
    """META-EXE-03: each step takes the top card, carries it out, then puts it on its owner's graveyard
    before the next card: Curtain Call executing second finds the first card (Hearthfire) on top of Ana's
    graveyard and puts it back on the main stack, so Hearthfire executes twice."""
    st = pos({"players": [{"hand": ["m017.1", "e019.1"]}, {}]})
    play(st, 0, "m017.1")
    play(st, 0, "e019.1")
    log = pass_all(st)
    assert executes(log) == ["Hearthfire (Ana's) executes.", "Curtain Call (Ana's) executes.",
                             "Hearthfire (Ana's) executes."]
    assert life(st, 0) == 23 and grave(st, 0) == ["m017.1", "e019.1"]


def test_META_EXE_04_META_GAP_09_highest_level_redetermined_each_step():
    """META-EXE-04, META-GAP-09: the highest non-empty level is found again before every step: Encore on
    level 1 adds Hearthfire to the main stack, yet the Hush still on level 1 executes before it; then the
    main stack runs top down, the new Hearthfire first."""
    st = pos({"players": [{"hand": ["m001.1", "m003.1"], "graveyard": ["e019.1"]}, {}],
              "main": [[{"card": "e022.1", "player": 1}, SPARK_ON_ANA]]})
    play(st, 0, "m001.1", on_tower(st, "e001.1"))
    play(st, 0, "m003.1")
    assert levels(st) == [["e022.1", "e001.1"], ["m001.1", "m003.1"]]
    log = pass_all(st)
    assert executes(log) == ["Encore (Ana's) executes.", "Hush (Ana's) executes.", "Hearthfire (Ana's) executes.",
                             "Spring Thaw (Ben's) executes."]
    assert life(st, 0) == 15 + 4 + 2


def test_META_EXE_05_stage_ends_when_the_main_tower_is_empty():
    """META-EXE-05: the executing stage ends when every level of the main tower is empty; the board then
    shows an empty main tower and the turn goes on."""
    st = pos({"players": [{}, {}], "main": [[SPARK_ON_ANA], [{"card": "m002.1", "player": 0}],
                                            [{"card": "m022.1", "player": 1}]]})
    log = pass_all(st)
    assert executes(log) == ["Red Tape (Ben's) executes.", "Spark of Ruin (Ben's) executes."]
    end = log.index("The main tower is empty: the executing stage ends.")
    assert log[end - 1] == "Ana loses 3 life (12)." and log[end + 2] == "Turn 2: Ben is at turn."
    assert log[end + 1] == "End of turn 1 (Ana's): Ana 12 life, 0 in hand; Ben 15 life, 0 in hand."
    assert levels(st) == [[]] and board(st)["turn"] == 2


def test_META_EXE_06_discarded_card_counts_as_executed():
    """META-EXE-06: a card discarded without effect is taken off like an executed card: it goes to its
    owner's graveyard and the next card executes."""
    st = pos({"players": [{}, {}],
              "main": [[SPARK_ON_ANA, {"card": "e019.1", "player": 1}],
                       [{"card": "m001.1", "player": 0, "target": {"card": "e019.1"}},
                        {"card": "m001.1", "player": 0, "target": {"card": "e019.1"}}]]})
    log = pass_all(st)
    assert index(log, "Hush (Ana's) executes.") < index(log, "Hearthfire is removed") < index(
        log, "Hush (Ana's) is discarded without effect: Hearthfire is no longer on a stack") < index(
        log, "Spark of Ruin (Ben's) executes.")
    assert grave(st, 0) == ["m001.1", "m001.1"] and grave(st, 1) == ["e019.1", "e001.1"] and life(st, 0) == 12


def test_META_EXE_07_trigger_tower_then_main_tower_continues():
    """META-EXE-07, META-GAP-06: Ana's Spark makes Ben lose life; Ana's Blood Scent fires in the middle of
    the stage and its whole tower (Hearthfire) executes; then the main tower continues with Mending Rain."""
    st = pos({"players": [{"hand": ["e002.1", "e001.1"]}, {}],
              "triggers": [{"owner": 0, "trigger": "t009.1", "levels": [[{"card": "e019.1", "player": 0}]]}]})
    play(st, 0, "e002.1", "p0", dest="main")
    play(st, 0, "e001.1", "p1", dest="main")
    log = pass_all(st)
    assert index(log, "Ben loses 3 life (12)") < index(log, "trigger stack fires") < index(log, "Ana gains 4 life (19)") < index(
        log, "trigger stack has executed") < index(log, "Mending Rain (Ana's) executes.") < index(
        log, "Ana gains 3 life (22)")


def test_META_EXE_08_one_public_line_per_executed_card():
    """META-EXE-08: every executed card gets a public log line naming it and its player, followed by its
    result."""
    st = pos({"players": [{"hand": ["e001.1", "e019.1"]}, {"hand": ["e002.1"]}]})
    play(st, 0, "e001.1", "p1")
    play(st, 1, "e002.1", "p0")
    play(st, 0, "e019.1")
    log = pass_all(st)
    assert executes(log) == ["Hearthfire (Ana's) executes.", "Mending Rain (Ben's) executes.",
                             "Spark of Ruin (Ana's) executes."]
    for card, result in [("Hearthfire (Ana's)", "Ana gains 4 life (19)."), ("Mending Rain (Ben's)", "Ana gains 3 life (22)."),
                         ("Spark of Ruin (Ana's)", "Ben loses 3 life (12).")]:
        assert log[index(log, card) + 1] == result


# -- 18. Paradoxes (META-PDX-*) -------------------------------------------------------------------


def encore_loop(options=None, seed=0, **extra):
    """Ana's Encore on the main meta stack, a second Encore on top of her graveyard, Ben's Spark on the
    main stack: each Encore puts the other back onto the main stack, and the state repeats."""
    spec = {"players": [{"graveyard": ["m003.1"], "hand": ["m003.1"]}, {}], "main": [[SPARK_ON_ANA]], **extra}
    if options:
        spec["options"] = options
    st = pos(spec, seed=seed)
    play(st, 0, "m003.1")
    return st


def test_META_PDX_01_META_PDX_02_META_PDX_03_repeated_state_paradox():
    """META-PDX-01/02a/03: two Encores echo each other; the engine sees the state repeat, declares a
    paradox publicly, puts every involved card into its owner's graveyard without effect, and execution
    continues with the rest of the main tower (Ben's Spark)."""
    st = encore_loop()
    log = pass_all(st)
    assert executes(log) == ["Encore (Ana's) executes."] * 3 + ["Spark of Ruin (Ben's) executes."]
    assert ("Paradox: the game state repeated during execution. Every card involved — Encore, Encore "
            "— goes to its owner's graveyard without effect.") in log
    assert grave(st, 0) == ["m003.1", "m003.1"] and grave(st, 1) == ["e001.1"]
    assert life(st, 0) == 12 and board(st)["paradoxes"] == 1 and levels(st) == [[]]


def test_META_PDX_02_META_PDX_04_self_dependent_copy():
    """META-PDX-02c, META-PDX-04: Encore puts Understudy ("copy the top card of the main stack") onto the
    main stack; the other Understudy copies it, and the copy would copy itself: a contradiction. The two
    Understudies are the involved cards (each named once); the Spark below is not involved and executes."""
    st = pos({"players": [{"graveyard": ["m006.1"], "hand": ["m006.1", "m003.1"]}, {}], "main": [[SPARK_ON_ANA]]})
    play(st, 0, "m006.1")
    play(st, 0, "m003.1")
    log = pass_all(st)
    assert ("Paradox: a copy depends on itself. Every card involved — Understudy, Understudy — goes to "
            "its owner's graveyard without effect.") in log
    assert executes(log)[-1] == "Spark of Ruin (Ben's) executes." and life(st, 0) == 12
    assert grave(st, 0) == ["m003.1", "m006.1", "m006.1"] and board(st)["paradoxes"] == 1


def test_META_PDX_02_META_GAP_10_trigger_nesting_limit():
    """META-PDX-02b, META-GAP-10: triggers nested more than 12 deep are a paradox: each Eavesdropper's Long
    Memory makes its owner draw, which springs an opponent's Eavesdropper inside it; the 13th nested one is
    dismantled without effect."""
    triggers = []
    for _ in range(7):
        for owner in (1, 0):
            triggers.append({"owner": owner, "trigger": "t015.1", "levels": [[{"card": "e003.1", "player": owner}]]})
    st = pos({"players": [{"hand": ["e003.1"], "memory": ["e003.1"] * 40}, {"memory": ["e003.1"] * 40}],
              "triggers": triggers})
    play(st, 0, "e003.1")
    log = pass_all(st)
    i = index(log, "Paradox: triggers nested")
    assert log[i] == ("Paradox: triggers nested 12 deep. The cards of Ben's trigger stack #7 go to their owners' "
                      "graveyards without effect.")
    assert log[i - 1] == "Ben's trigger stack #7 fires: Eavesdropper."
    assert log[i + 1] == "Ana's trigger stack #6 has executed and is deactivated."
    assert board(st)["paradoxes"] == 1 and tower_ids(st) == ["main"]


def test_META_PDX_04_META_GAP_10_involved_cards_and_no_triggers():
    """META-PDX-04, META-GAP-10: the involved cards are exactly the looping Encores (Ben's Spark is not
    one), and the paradox resolution itself fires no trigger: Ana's Old Grudge ("when a card of yours is
    removed without effect") stays armed."""
    st = encore_loop(triggers=[{"owner": 0, "trigger": "t020.1", "levels": [[{"card": "e019.1", "player": 0}]]}])
    log = pass_all(st)
    assert "Every card involved — Encore, Encore —" in " ".join(log)
    assert not any("fires" in line for line in log)
    assert tower_ids(st) == ["main", "t1"] and life(st, 0) == 12


def test_META_PDX_05_coin_flip_option():
    """META-PDX-05: with the table option ``paradox: coin`` a seeded coin flip between the last two
    involved cards discards the loser only; here Curtain Call loses and Encore (in the graveyard) stays."""
    spec = {"options": {"paradox": "coin"}, "players": [{"graveyard": ["m003.1"], "hand": ["m017.1"]}, {}],
            "main": [[SPARK_ON_ANA]]}
    st = pos(spec, seed=0)
    play(st, 0, "m017.1")
    log = pass_all(st)
    assert ("Paradox: the game state repeated during execution. A coin flip decides between Encore "
            "and Curtain Call: Curtain Call loses and is discarded without effect.") in log
    assert board(st)["paradoxes"] == 1 and grave(st, 0) == ["m003.1", "m017.1"] and life(st, 0) == 12


def test_META_PDX_05_META_GAP_10_second_paradox_falls_back_to_the_default():
    """META-PDX-05, META-GAP-10: when the coin's loser is not on a stack the loop goes on; the second
    paradox in the same stage uses the default resolution."""
    spec = {"options": {"paradox": "coin"}, "players": [{"graveyard": ["m003.1"], "hand": ["m017.1"]}, {}],
            "main": [[SPARK_ON_ANA]]}
    st = pos(spec, seed=1)
    play(st, 0, "m017.1")
    log = pass_all(st)
    paradoxes = [line for line in log if line.startswith("Paradox:")]
    assert len(paradoxes) == 2 and "Encore loses" in paradoxes[0] and "Every card involved" in paradoxes[1]
    assert board(st)["paradoxes"] == 2 and life(st, 0) == 12


def test_META_PDX_05_unknown_paradox_option_refused():
    """META-PDX-05: the paradox table option is ``graveyard`` (default) or ``coin``."""
    with pytest.raises(RulesError) as e:
        GAME.new_game(starter_seats(GAME, 1, 2), {"paradox": "vote"}, 1)
    assert e.value.rule == "META-PDX-05"


# -- gap decisions ---------------------------------------------------------------------------------


def test_META_GAP_16_below_is_the_player_of_the_card_below_at_execution():
    """META-GAP-16: Will-o'-the-Wisp hits "the player who played the card directly below it", read at
    execution: Ben's Hearthfire was below when it was played, but Cid's card is below by then (Ben's
    Hearthfire was bounced); with nothing below, it is discarded without effect."""
    st = pos({"players": [{"hand": ["e016.1", "m014.1"]}, {}, {}],
              "main": [[{"card": "e022.1", "player": 2}, {"card": "e019.1", "player": 1}]]}, n=3)
    play(st, 0, "e016.1")
    play(st, 0, "m014.1", on_tower(st, "e019.1"))
    pass_all(st)
    assert [life(st, 0), life(st, 1), life(st, 2)] == [17, 17, 15]  # Cid -2 +2, Ben only Spring Thaw
    st = pos({"players": [{"hand": ["e016.1"]}, {}]})
    play(st, 0, "e016.1")
    log = pass_all(st)
    assert "Will-o'-the-Wisp (Ana's) is discarded without effect: there is no card below it." in log


def test_META_GAP_23_removed_card_counts_as_countered_not_discarded():
    """META-GAP-23: a card removed from a stack without being executed goes to its owner's graveyard and
    counts as "removed without effect" — Ana's Old Grudge fires — but not as a discard from a hand — Ben's
    Ragpicker ("when an opponent discards") does not fire."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"hand": ["m001.1"]}],
              "triggers": [{"owner": 0, "trigger": "t020.1", "levels": [[{"card": "e019.1", "player": 0}]]},
                           {"owner": 1, "trigger": "t017.1", "levels": [[{"card": "e019.1", "player": 1}]]}]})
    play(st, 0, "e001.1", "p1")
    play(st, 1, "m001.1", on_tower(st, "e001.1"))
    log = pass_all(st)
    assert index(log, "Spark of Ruin is removed from its stack without effect.") < index(
        log, "Ana's trigger stack fires: Old Grudge")
    assert not any("Ben's trigger stack fires" in line for line in log)
    assert tower_ids(st) == ["main", "t2"] and grave(st, 0)[:2] == ["e001.1", "t020.1"]
    assert [life(st, 0), life(st, 1)] == [19, 15]
