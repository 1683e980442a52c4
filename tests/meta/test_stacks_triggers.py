"""Meta victory, stacks and stack towers, trigger stacks, graveyards, Trigger/Event/Meta card types, through
the game contract (positions, decisions, apply, view, result).

Rule IDs: META-WIN-01..04, META-STK-01..08, META-TRS-01..10, META-GRV-01..05, META-TRG-01..08,
META-EVT-01..03, META-MTA-01..06 and the gap decisions META-GAP-03, 04, 05, 06, 07 and 19
(games/meta/gaps.py).
"""

from __future__ import annotations

from meta_stack_helpers import (
    activate,
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

from games.core.playout import starter_seats
from games.meta import GAME


def trig(owner, trigger, cards=(), target=None, player=None):
    """A position's trigger tower: ``cards`` are (card, target) pairs on level 0, bottom first."""
    out = {"owner": owner, "trigger": trigger,
           "levels": [[{"card": c, "player": owner if player is None else player,
                        **({"target": t} if t is not None else {})} for c, t in cards]] if cards else []}
    if target is not None:
        out["target"] = target
    return out


# -- 1. Overview and victory (META-WIN-*) ---------------------------------------------------------


def test_META_WIN_01_cards_go_from_hand_to_a_stack_then_to_the_graveyard():
    """META-WIN-01: each player has a memory, a hand, a graveyard and trigger stacks; a card is played from
    the hand onto a stack, executed later, and then lies in its owner's graveyard."""
    st = pos({"players": [{"hand": ["e001.1", "t001.1"]}, {"hand": ["e002.1"]}]})
    b = board(st)
    assert [(p["hand"], p["memory"], p["graveyard"]) for p in b["players"]] == [(2, 12, []), (1, 12, [])]
    assert tower_ids(st) == ["main"]
    activate(st, 0, "t001.1")  # a trigger stack of Ana's
    assert tower_ids(st) == ["main", "t1"] and tower_view(st, "t1")["owner"] == 0
    play(st, 0, "e001.1", "p1")
    assert hand(st, 0) == [] and levels(st) == [["e001.1"]]
    assert life(st, 1) == 15  # not executed yet
    pass_all(st)
    assert life(st, 1) == 12
    assert grave(st, 0) == ["e001.1"] and levels(st) == [[]]


def test_META_WIN_02_only_player_in_play_wins_at_once_mid_stack():
    """META-WIN-02: the victory check runs after every atomic change, also in the middle of the executing
    stage: the moment Ben is disabled Ana wins, and the rest of the main stack never executes."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"life": 3, "hand": ["e002.1"]}]})
    play(st, 1, "e002.1", "p1")  # Ben heals himself: bottom of the main stack
    play(st, 0, "e001.1", "p1")  # Ana's Spark on top
    log = pass_all(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and res.losers == (1,) and res.reason == "last_active"
    assert "Ana is the only player not disabled and wins." in log
    assert not any("Mending Rain (Ben's) executes" in line for line in log)
    assert life(st, 1) == 0 and board(st)["players"][1]["disabled"]
    assert GAME.decisions(st) == []


def test_META_WIN_02_victory_inside_a_trigger_tower():
    """META-WIN-02: a disabling inside a trigger tower's execution also ends the game at once."""
    st = pos({"players": [{"hand": ["e002.1"]}, {"life": 2, "hand": []}],
              "triggers": [trig(0, "t008.1", [("e001.1", {"player": 1})])]})  # Rising Sap: Ana gains → Spark Ben
    play(st, 0, "e002.1", "p0")
    log = pass_all(st)
    assert index(log, "Ana gains 3 life") < index(log, "trigger stack fires") < index(log, "Ben loses 3 life")
    res = GAME.result(st)
    assert res is not None and res.winners == (0,)


def test_META_WIN_03_removed_player_is_no_longer_a_player():
    """META-WIN-03: a player out of the game (here by concession) is ignored by the victory check, is not
    a player for "all players" effects nor a target, and takes no turns."""
    st = pos({"players": [{"hand": ["e013.1"]}, {"hand": []}, {"hand": ["e001.1"]}]}, n=3)
    GAME.concede(st, 2)
    assert board(st)["players"][2]["removed"] and GAME.result(st) is None  # two players still in play
    assert 2 not in [d.seat for d in GAME.decisions(st)]
    apply(st, 0, f"play:{inst(st, 0, 'e013.1')}", "confirm")  # Wildfire: all players lose 2
    log = pass_all(st)
    assert [life(st, s) for s in range(3)] == [13, 13, 15]
    assert not any(line.startswith("Cid loses") for line in log)
    assert "Turn 2: Ben is at turn." in log
    apply(st, 1, "go")
    pass_all(st)
    assert board(st)["at_turn"] == 0 and board(st)["turn"] == 3  # Cid's turn is skipped


def test_META_WIN_04_victory_reads_the_card_changed_disabling_threshold():
    """META-WIN-04: the disabling threshold is a rule value cards change (Thin Ice: disabled at 2 or
    less); the victory check reads the current value: Ben at 4 loses 2 and is disabled, Ana wins."""
    st = pos({"players": [{"hand": ["e006.1"]}, {"life": 4}],
              "rules": [{"param": "disable_at", "value": 2, "until": -1}]})
    play(st, 0, "e006.1", "p1")  # Wasp Nest: Ben loses 2
    pass_all(st)
    assert life(st, 1) == 2
    res = GAME.result(st)
    assert res is not None and res.winners == (0,)
    assert board(st)["rules"]["disable_at"] == 2


# -- 2. Stacks and stack towers (META-STK-*) ------------------------------------------------------


def test_META_STK_01_last_in_first_out():
    """META-STK-01: the card played last is executed first: Ana's Spark (played second) hits Ben at 2
    before his Mending Rain (played first) could heal him, so Ben is disabled and Ana wins."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"life": 2, "hand": ["e002.1"]}]})
    play(st, 1, "e002.1", "p1")
    play(st, 0, "e001.1", "p1")
    assert levels(st) == [["e002.1", "e001.1"]]  # top last
    log = pass_all(st)
    assert index(log, "Spark of Ruin (Ana's) executes") < index(log, "Ben loses 3 life (-1)")
    assert GAME.result(st).winners == (0,)


def test_META_STK_01_order_of_execution_is_reverse_order_of_play():
    """META-STK-01: three cards on the main stack execute top first."""
    st = pos({"players": [{"hand": ["e019.1", "e002.1"]}, {"hand": ["e001.1"]}]})
    play(st, 0, "e019.1")  # Hearthfire: Ana +4
    play(st, 1, "e001.1", "p0")  # Spark: Ana -3
    play(st, 0, "e002.1", "p0")  # Mending Rain: Ana +3
    log = pass_all(st)
    assert index(log, "Ana gains 3 life (18)") < index(log, "Ana loses 3 life (15)") < index(log, "Ana gains 4 life (19)")


def test_META_STK_02_one_main_stack_shared_by_all():
    """META-STK-02: there is one main stack; every player's plays onto the main tower go onto it."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"hand": ["e002.1"]}, {"hand": ["e019.1"]}]}, n=3)
    play(st, 0, "e001.1", "p1")
    play(st, 1, "e002.1", "p1")
    play(st, 2, "e019.1")
    assert tower_ids(st) == ["main"]
    main = tower_view(st)
    assert main["name"] == "Main tower" and main["owner"] is None
    assert [(e["card"], e["player"]) for e in main["levels"][0]] == [("e001.1", 0), ("e002.1", 1), ("e019.1", 2)]


def test_META_STK_03_META_GAP_19_entry_records_card_owner_and_player():
    """META-STK-03: every entry records the card, its owner and the player who played it, and the board
    shows them; META-GAP-19: a card played by someone else goes to its owner's graveyard."""
    st = pos({"players": [{}, {}],
              "main": [[{"card": "e019.1", "player": 0, "owner": 1}, {"card": "e001.1", "player": 1,
                                                                     "target": {"player": 0}}]]})
    entries = tower_view(st)["levels"][0]
    assert [(e["card"], e["title"], e["player"], e["owner"], e["target"]) for e in entries] == [
        ("e019.1", "Hearthfire", 0, 1, None), ("e001.1", "Spark of Ruin", 1, 1, "Ana")]
    assert GAME.board_text(GAME.view(st, None))  # the rendered list per stack
    pass_all(st)
    assert life(st, 0) == 15 - 3 + 4  # Hearthfire's "you" is the player who played it: Ana
    assert grave(st, 0) == [] and grave(st, 1) == ["e001.1", "e019.1"]


def test_META_STK_04_levels_are_created_when_needed_without_limit():
    """META-STK-04: every stack has a meta stack, including meta stacks: a tower grows level by level as
    Meta cards address the level below (here five levels: main, meta, meta-meta, 3, 4)."""
    st = pos({"players": [{"hand": ["e001.1", "m021.1", "m021.1"]}, {"hand": ["m001.1", "m021.1"]}]})
    assert len(tower_view(st)["levels"]) == 1
    play(st, 0, "e001.1", "p1")
    assert len(tower_view(st)["levels"]) == 1
    play(st, 1, "m001.1", on_tower(st, "e001.1"))
    play(st, 0, "m021.1", on_tower(st, "m001.1"))
    play(st, 1, "m021.1", on_tower(st, "m021.1", 0))
    play(st, 0, "m021.1", on_tower(st, "m021.1", 1))
    assert levels(st) == [["e001.1"], ["m001.1"], ["m021.1"], ["m021.1"], ["m021.1"]]
    assert [e["player"] for lv in tower_view(st)["levels"] for e in lv] == [0, 1, 0, 1, 0]


def test_META_STK_05_META_EVT_02_event_cards_stay_on_level_zero():
    """META-STK-05, META-EVT-02: an Event card is only offered base stacks (the main stack, the player's
    own active trigger stack) as destinations, never a meta stack, even while meta stacks hold cards;
    any other destination is refused."""
    st = pos({"players": [{"hand": ["e019.1"]}, {}],
              "main": [[{"card": "e001.1", "player": 1, "target": {"player": 0}}],
                       [{"card": "m001.1", "player": 1, "target": {"card": "e001.1"}}]],
              "triggers": [trig(0, "t001.1")]})
    apply(st, 0, f"play:{inst(st, 0, 'e019.1')}")
    assert kind(st, 0) == "destination"
    assert opts(st, 0) == ["dest:main", "dest:t1", "back"]
    assert reject(st, 0, "dest:main.1") == "META-EVT-02"
    apply(st, 0, "dest:main", "confirm")
    assert levels(st) == [["e001.1", "e019.1"], ["m001.1"]]


def test_META_STK_05_meta_cards_go_above_the_base_stack():
    """META-STK-05: only Meta cards reach level 1 and above: a Meta card addressing the main stack goes on
    the meta stack, never on the main stack itself."""
    st = pos({"players": [{"hand": ["m001.1"]}, {"hand": ["e001.1"]}]})
    play(st, 1, "e001.1", "p0")
    play(st, 0, "m001.1", on_tower(st, "e001.1"))
    main = tower_view(st)["levels"]
    assert [[e["type"] for e in lv] for lv in main] == [["event"], ["meta"]]


def test_META_STK_06_main_tower_waits_for_the_executing_stage():
    """META-STK-06: cards on the main tower do nothing while players push; cards on a trigger tower do
    nothing until its trigger fires, even across the executing stage."""
    st = pos({"players": [{"hand": ["e001.1", "e019.1"]}, {"hand": ["e002.1"]}],
              "triggers": [trig(0, "t005.1")]})  # Vesper Bell: at the end of Ana's turn
    play(st, 0, "e001.1", "p1")
    play(st, 0, "e019.1", dest="t1")  # Hearthfire onto the trigger stack
    play(st, 1, "e002.1", "p1")
    assert [life(st, 0), life(st, 1)] == [15, 15]
    log = pass_all(st)
    assert index(log, "Ben gains 3 life") < index(log, "Ben loses 3 life") < index(log, "executing stage ends")
    assert index(log, "executing stage ends") < index(log, "trigger stack fires") < index(log, "Ana gains 4")


def test_META_STK_07_stacks_can_be_targeted_but_not_deactivated_ones():
    """META-STK-07: stacks are targetable: a "stack" card (Tide Turns) is offered every non-empty level of
    the main tower and of active trigger towers; graveyards are offered to graveyard cards; a trigger
    stack that has fired (deactivated) is no longer offered."""
    st = pos({"players": [{"hand": ["m012.1", "e030.1"]}, {}],
              "main": [[{"card": "e019.1", "player": 1}]],
              "triggers": [trig(0, "t001.1", [("e022.1", None)]), trig(1, "t003.1", [("e019.1", None)])]})
    apply(st, 0, f"play:{inst(st, 0, 'm012.1')}")
    assert opts(st, 0) == ["tgt:smain.0", "tgt:st1.0", "tgt:st2.0", "back"]
    apply(st, 0, "back", f"play:{inst(st, 0, 'e030.1')}")
    assert opts(st, 0) == ["tgt:g0", "tgt:g1", "back"]
    apply(st, 0, "back")
    play(st, 0, "e030.1", "g0")  # Sexton's Lantern onto the main stack: Ben's Tripwire trigger stack fires
    assert "t2" not in tower_ids(st)  # Ben's Tripwire fired on Ana's card and is deactivated
    apply(st, 0, f"play:{inst(st, 0, 'm012.1')}")
    assert opts(st, 0) == ["tgt:smain.0", "tgt:st1.0", "back"]


def test_META_STK_08_board_lists_every_level_face_up_but_hides_trigger_conditions():
    """META-STK-08: the board shows each tower with every level and every card face up (title, text, who
    played it, target); a trigger tower shows "face-down" and its announced target, never the trigger
    card itself."""
    st = pos({"players": [{}, {}],
              "main": [[{"card": "e001.1", "player": 0, "target": {"player": 1}}],
                       [{"card": "m001.1", "player": 1, "target": {"card": "e001.1"}}]],
              "triggers": [trig(0, "t002.1", [("e019.1", None)], target=1)]})
    for viewer in (None, 0, 1):
        towers = GAME.view(st, viewer).board["towers"]
        main, t1 = towers
        assert [[(e["title"], e["player"], e["target"]) for e in lv] for lv in main["levels"]] == [
            [("Spark of Ruin", 0, "Ben")], [("Hush", 1, "Spark of Ruin")]]
        assert all(e["text"] for lv in main["levels"] for e in lv)
        assert t1["trigger"] == "face-down" and t1["target"] == "Ben"
        assert [[e["card"] for e in lv] for lv in t1["levels"]] == [["e019.1"]]
        assert "t002.1" not in str(towers) and "Last Breath" not in str(towers)


# -- 3. Trigger stacks (META-TRS-*) ---------------------------------------------------------------


def test_META_TRS_01_no_trigger_stack_at_start_and_no_limit():
    """META-TRS-01: a new game starts with every trigger stack deactivated (only the main tower exists);
    a player may activate as many trigger stacks as they have Trigger cards (META-GAP-05: no limit)."""
    st = GAME.new_game(starter_seats(GAME, 3, 2), None, 3)
    assert tower_ids(st) == ["main"] and board(st)["turn"] == 1
    st = pos({"players": [{"hand": ["t001.1", "t003.1", "t005.1", "t009.1", "t013.1", "t014.1"]}, {}]})
    for card in ["t001.1", "t003.1", "t005.1", "t009.1", "t013.1", "t014.1"]:
        activate(st, 0, card)
    assert tower_ids(st) == ["main", "t1", "t2", "t3", "t4", "t5", "t6"]
    assert [t["owner"] for t in board(st)["towers"][1:]] == [0] * 6


def test_META_TRS_02_deactivated_trigger_stack_is_an_invalid_target():
    """META-TRS-02: Ana announces Ben's face-down Tripwire as the target of Candle Snuffer; putting the
    Snuffer onto the main stack springs the Tripwire, whose stack is then deactivated: it is no longer
    offered, and at execution the Snuffer's target is invalid, so it is discarded without effect."""
    st = pos({"players": [{"hand": ["m015.1", "m015.1"]}, {}],
              "triggers": [trig(1, "t003.1", [("e019.1", None)])]})
    play(st, 0, "m015.1", "ft1")
    assert tower_ids(st) == ["main"] and life(st, 1) == 19  # Tripwire fired: Ben's Hearthfire
    apply(st, 0, f"play:{inst(st, 0, 'm015.1')}")
    assert "tgt:ft1" not in opts(st, 0)
    apply(st, 0, "back")
    log = pass_all(st)
    assert ("Candle Snuffer (Ana's) is discarded without effect: the trigger stack of the face-down trigger it "
            "targets is no longer active." in log)
    assert grave(st, 0) == ["m015.1"]


def test_META_TRS_03_META_TRG_01_only_the_owner_at_turn_activates():
    """META-TRS-03, META-TRG-01: only the player at turn may play a Trigger card (to activate a trigger
    stack of their own); another player is not offered it and is refused."""
    st = pos({"players": [{"hand": ["t001.1"]}, {"hand": ["t003.1", "e019.1"]}]})
    ben_trigger = inst(st, 1, "t003.1")
    assert f"activate:{ben_trigger}" not in opts(st, 1) and opts(st, 1) == ["pass", f"play:{inst(st, 1, 'e019.1')}"]
    assert reject(st, 1, f"activate:{ben_trigger}") == "META-TRG-01"
    assert f"activate:{inst(st, 0, 't001.1')}" in opts(st, 0)
    activate(st, 0, "t001.1")
    assert tower_view(st, "t1")["owner"] == 0 and "t001.1" not in hand(st, 0)


def test_META_TRS_04_META_MTA_05_trigger_stack_is_a_base_stack_with_meta_stacks():
    """META-TRS-04: Event cards go onto an active trigger stack (level 0) and Meta cards onto its meta
    stacks; META-MTA-05: a Meta card addressing a trigger stack's card goes on that trigger tower's meta
    stack, and one addressing that meta stack on its level 2."""
    st = pos({"players": [{"hand": ["e001.1", "m021.1"]}, {"hand": ["m001.1"]}],
              "triggers": [trig(0, "t009.1")]})
    play(st, 0, "e001.1", "p1", dest="t1")
    play(st, 1, "m001.1", on_tower(st, "e001.1", tower="t1"))
    play(st, 0, "m021.1", on_tower(st, "m001.1", tower="t1"))
    assert levels(st, "t1") == [["e001.1"], ["m001.1"], ["m021.1"]]
    assert levels(st) == [[]]


def test_META_TRS_05_drawing_stage_trigger_play():
    """META-TRS-05: in the drawing stage the player at turn may put cards onto their trigger stacks and
    activate new ones; neither ends the drawing stage."""
    st = pos({"stage": "drawing", "players": [{"hand": ["e019.1", "t003.1"]}, {"hand": ["e001.1"]}],
              "triggers": [trig(0, "t005.1")]})
    assert kind(st, 0) == "drawing" and GAME.decisions(st)[0].seat == 0 and len(GAME.decisions(st)) == 1
    play(st, 0, "e019.1", dest="t1")
    activate(st, 0, "t003.1")
    assert levels(st, "t1") == [["e019.1"]] and tower_ids(st) == ["main", "t1", "t2"]
    assert board(st)["stage"] == "drawing" and kind(st, 0) == "drawing"


def test_META_TRS_06_trigger_tower_executes_like_the_main_tower():
    """META-TRS-06: when the condition is met the trigger card goes to the graveyard, then the trigger
    tower executes highest level first, each level top down: Ben's Hush (level 1) removes Ana's Spark,
    then Ana's Hearthfire (top of level 0) executes."""
    st = pos({"players": [{"hand": ["e006.1"]}, {}],
              "triggers": [{"owner": 0, "trigger": "t009.1", "levels": [
                  [{"card": "e001.1", "player": 0, "target": {"player": 1}}, {"card": "e019.1", "player": 0}],
                  [{"card": "m001.1", "player": 1, "target": {"card": "e001.1"}}]]}]})
    play(st, 0, "e006.1", "p1")  # Wasp Nest: when Ben loses life, Blood Scent fires
    log = pass_all(st)
    i = index(log, "trigger stack fires")
    assert i < index(log, "Hush (Ben's) executes") < index(log, "Spark of Ruin is removed") < index(
        log, "Hearthfire (Ana's) executes")
    assert life(st, 1) == 13 and life(st, 0) == 19
    assert grave(st, 0) == ["t009.1", "e001.1", "e019.1", "e006.1"] and grave(st, 1) == ["m001.1"]


def test_META_TRS_07_the_engine_notices_every_trigger():
    """META-TRS-07: triggers fire by themselves at the event (no decision of their owner): Ben's Tripwire
    fires inside Ana's own play, before anybody else acts."""
    st = pos({"players": [{"hand": ["e019.1"]}, {}], "triggers": [trig(1, "t003.1", [("e002.1", {"player": 1})])]})
    log = play(st, 0, "e019.1")
    assert index(log, "Ana plays Hearthfire") < index(log, "Ben's trigger stack fires") < index(log, "Ben gains 3")
    assert life(st, 1) == 18 and tower_ids(st) == ["main"]


def test_META_TRS_08_disabled_players_triggers_still_fire():
    """META-TRS-08: Ana is disabled, but her Tripwire still fires when Ben puts a card onto the main stack
    and her Hailstorm on it executes (the others lose 2)."""
    st = pos({"at_turn": 1, "players": [{"life": 0, "disabled": True}, {"hand": ["e019.1"]}, {}],
              "triggers": [trig(0, "t003.1", [("e005.1", None)])]}, n=3)
    assert [d.seat for d in GAME.decisions(st)] == [1, 2]
    log = play(st, 1, "e019.1")
    assert "Ana's trigger stack fires" in " ".join(log)
    assert [life(st, s) for s in range(3)] == [0, 13, 13]


def test_META_TRS_09_discarding_stage_triggers_fire_in_turn_order():
    """META-TRS-09: Ben (at turn) discards; Ana's and Cid's Ragpickers both fire, in turn order from the
    player at turn (Ben, Cid, Ana) — Cid's first although Ana's was activated first."""
    st = pos({"at_turn": 1, "players": [{}, {"hand": ["e003.1"] * 13}, {}],
              "triggers": [trig(0, "t017.1", [("e019.1", None)]), trig(2, "t017.1", [("e019.1", None)])]}, n=3)
    pass_all(st)
    assert kind(st, 1) == "discard"
    log = apply(st, 1, opts(st, 1)[0])
    assert index(log, "Ben discards") < index(log, "Cid's trigger stack fires") < index(
        log, "Ana's trigger stack fires")
    assert index(log, "Cid gains 4") < index(log, "Ana gains 4")


def test_META_TRS_10_a_fired_trigger_stack_is_deactivated():
    """META-TRS-10, META-GAP-05: a trigger fires once; after its tower has executed the trigger stack is
    deactivated (gone from the board), so the same condition later does nothing."""
    st = pos({"players": [{"hand": ["e019.1", "e022.1"]}, {}], "triggers": [trig(1, "t003.1", [("e002.1", {"player": 1})])]})
    log = play(st, 0, "e019.1")
    assert "Ben's trigger stack has executed and is deactivated." in log
    assert tower_ids(st) == ["main"]
    log = play(st, 0, "e022.1")
    assert not any("fires" in line for line in log) and life(st, 1) == 18


# -- 4. Graveyards (META-GRV-*) -------------------------------------------------------------------


def test_META_GRV_01_each_player_has_one_graveyard():
    """META-GRV-01: each player has exactly one graveyard (a stack, top last, public) that collects that
    player's own cards, whoever they affected."""
    st = pos({"players": [{"hand": ["e001.1", "e019.1"]}, {"hand": ["e002.1"]}]})
    play(st, 0, "e001.1", "p1")
    play(st, 1, "e002.1", "p1")
    play(st, 0, "e019.1")
    pass_all(st)
    assert grave(st, 0) == ["e019.1", "e001.1"] and grave(st, 1) == ["e002.1"]
    assert [[c["card"] for c in p["graveyard"]] for p in GAME.view(st, 1).board["players"]] == [
        ["e019.1", "e001.1"], ["e002.1"]]


def test_META_GRV_02_META_GRV_04_a_graveyard_is_targeted_from_the_main_stack():
    """META-GRV-02: a graveyard can be targeted (Sexton's Lantern puts the top 3 cards of Ben's graveyard
    under his memory); META-GRV-04: the card goes onto the main stack, with no choice of trigger stack even
    though Ana has one."""
    st = pos({"players": [{"hand": ["e030.1", "e019.1"]}, {"graveyard": ["e001.1", "e002.1", "e005.1", "e006.1"]}],
              "triggers": [trig(0, "t014.1")]})
    apply(st, 0, f"play:{inst(st, 0, 'e019.1')}")
    assert kind(st, 0) == "destination"  # an Event with no graveyard target gets the choice
    apply(st, 0, "back", f"play:{inst(st, 0, 'e030.1')}")
    assert kind(st, 0) == "target" and opts(st, 0) == ["tgt:g0", "tgt:g1", "back"]
    apply(st, 0, "tgt:g1")
    assert levels(st) == [["e030.1"]] and levels(st, "t1") == [[]]
    assert tower_view(st)["levels"][0][0]["target"] == "Ben's graveyard"
    pass_all(st)
    assert grave(st, 1) == ["e001.1"]
    assert board(st)["players"][1]["memory"] == 12 + 3 - 3  # three under the memory, three drawn next turn


def test_META_GRV_03_no_card_is_played_onto_a_graveyard():
    """META-GRV-03: a graveyard is never a destination: naming one is refused (state unchanged)."""
    st = pos({"players": [{"hand": ["e019.1"]}, {}], "triggers": [trig(0, "t014.1")]})
    apply(st, 0, f"play:{inst(st, 0, 'e019.1')}")
    assert not any(o.startswith("dest:g") for o in opts(st, 0))
    assert reject(st, 0, "dest:g0") == "META-GRV-03"
    assert reject(st, 0, "dest:g1") == "META-GRV-03"


def test_META_GRV_05_every_card_leaving_play_goes_on_top_of_its_owners_graveyard():
    """META-GRV-05: an executed card, a card removed without effect, a card discarded without effect, a
    fired trigger card and a card discarded from the hand all go on top of their owner's graveyard, in the
    order it happens."""
    st = pos({"at_turn": 1, "players": [{}, {"hand": ["e003.1"] * 13}],
              "main": [[{"card": "e001.1", "player": 1, "target": {"player": 0}}],
                       [{"card": "m001.1", "player": 0, "target": {"card": "e001.1"}},
                        {"card": "m001.1", "player": 0, "target": {"card": "e001.1"}}]],
              "triggers": [trig(1, "t020.1", [("e019.1", None)])]})  # Old Grudge: a card of Ben's countered
    log = pass_all(st)
    assert any("is discarded without effect" in line for line in log)  # the second Hush
    apply(st, 1, opts(st, 1)[0])  # Ben discards a Long Memory
    assert grave(st, 1) == ["e001.1", "t020.1", "e019.1", "e003.1"]
    assert grave(st, 0) == ["m001.1", "m001.1"]


# -- 10. Card types: Trigger (META-TRG-*) -----------------------------------------------------------


def test_META_TRG_02_trigger_cards_never_go_onto_a_stack():
    """META-TRG-02: a Trigger card is only offered as "activate", never as a play onto the main stack;
    "play" is refused; an echo that would put a Trigger card onto the main stack is refused too."""
    st = pos({"players": [{"hand": ["t001.1"]}, {}]})
    c = inst(st, 0, "t001.1")
    assert opts(st, 0) == ["pass", f"activate:{c}"]
    assert reject(st, 0, f"play:{c}") == "META-TRG-02"
    st = pos({"players": [{"hand": ["m017.1"], "graveyard": ["t001.1"]}, {}]})
    play(st, 0, "m017.1")  # Curtain Call: echo the top card of Ana's graveyard
    log = pass_all(st)
    assert "Dawn Bell is a Trigger card and cannot go onto the main stack." in log
    assert grave(st, 0) == ["t001.1", "m017.1"]


def test_META_TRG_03_META_TRG_04_face_down_with_a_public_target():
    """META-TRG-03: activating announces the target publicly but not the condition; META-TRG-04: only the
    owner's private view shows the trigger card and condition; everyone sees "face-down" and the target."""
    st = pos({"players": [{"hand": ["t002.1"]}, {}]})
    events = GAME.apply(st, 0, f"activate:{inst(st, 0, 't002.1')}")
    assert opts(st, 0) == ["tgt:p0", "tgt:p1", "back"]
    events = GAME.apply(st, 0, "tgt:p1")
    pub = [e.text for e in events if e.audience is None]
    assert pub == ["Ana activates a trigger stack with a face-down trigger, naming Ben."]
    assert all("Last Breath" not in t for t in pub)
    assert any("Last Breath" in e.text and e.audience == (0,) for e in events)
    for viewer in (None, 1):
        v = GAME.view(st, viewer)
        t1 = v.board["towers"][1]
        assert t1["trigger"] == "face-down" and t1["target"] == "Ben"
        assert "Last Breath" not in str(v.board) and (v.private is None or v.private["triggers"] == [])
    mine = GAME.view(st, 0).private["triggers"]
    assert [(t["tower"], t["card"], t["title"]) for t in mine] == [("t1", "t002.1", "Last Breath")]
    assert "disabled" in mine[0]["condition"]


def test_META_TRG_05_announced_target_never_changes():
    """META-TRG-05: the target announced at activation is fixed: Ana's Last Breath naming Ben does not
    fire when Cid is about to be disabled, only when Ben is, and the board keeps showing Ben."""
    st = pos({"players": [{"hand": ["e001.1", "e001.1"]}, {"life": 2}, {"life": 2}],
              "triggers": [trig(0, "t002.1", [("e002.1", {"player": 1})], target=1)]}, n=3)
    play(st, 0, "e001.1", "p2", dest="main")
    play(st, 0, "e001.1", "p1", dest="main")
    assert tower_view(st, "t1")["target"] == "Ben"
    log = pass_all(st)
    assert index(log, "Ben loses 3 life (-1)") < index(log, "Ana's trigger stack fires") < index(
        log, "Ben gains 3 life (2)") < index(log, "Cid loses 3 life (-1)")
    assert not board(st)["players"][1]["disabled"] and board(st)["players"][2]["disabled"]


def test_META_TRG_06_before_and_after_triggers():
    """META-TRG-06: a "before" trigger (Shield Wall) executes before the life loss is applied, an "after"
    trigger (Blood Scent) after it."""
    st = pos({"players": [{"life": 2}, {"hand": ["e001.1"]}],
              "triggers": [trig(0, "t010.1", [("e019.1", None)]), trig(1, "t009.1", [("e022.1", None)])]})
    play(st, 1, "e001.1", "p0")
    log = pass_all(st)
    assert index(log, "trigger stack fires: Shield Wall") < index(log, "Ana gains 4 life (6)") < index(
        log, "Ana loses 3 life (3)") < index(log, "trigger stack fires: Blood Scent") < index(log, "Ana gains 2 life (5)")
    assert not board(st)["players"][0]["disabled"]


def test_META_TRG_06_every_before_condition_fires():
    """META-TRG-06: the engine supports "before" for every condition of the pool: Portcullis (just before
    a card goes onto the main stack), Overture (just before the executing stage), Cornered Wolf (just
    before Ana's life falls to 4 or less) and Night Watch (just before an opponent's turn) each fire, ahead
    of their event."""
    st = pos({"players": [{"life": 6}, {"hand": ["e001.1"]}],
              "triggers": [trig(0, "t018.1", [("e019.1", None)]), trig(0, "t022.1", [("e019.1", None)]),
                           trig(0, "t012.1", [("e019.1", None)]), trig(0, "t004.1", [("e019.1", None)])]})
    log = play(st, 1, "e001.1", "p0")
    assert index(log, "Ana's trigger stack #1 fires: Portcullis") < index(log, "Ana gains 4 life (10)") < index(log, "Ben plays Spark")
    log = pass_all(st)
    assert index(log, "Ana's trigger stack #1 fires: Overture") < index(log, "Ana gains 4 life (14)") < index(
        log, "Everyone has passed: the executing stage begins") < index(log, "Ana loses 3 life (11)")
    assert not any("Cornered Wolf" in line for line in log)  # 11 is not 4 or less
    assert index(log, "Turn 2: Ben") < index(log, "Ana's trigger stack #2 fires: Night Watch") < index(log, "Ana gains 4 life (15)")
    st = pos({"players": [{"life": 6}, {"hand": ["e001.1"]}], "triggers": [trig(0, "t012.1", [("e019.1", None)])]})
    play(st, 1, "e001.1", "p0")
    log = pass_all(st)
    assert index(log, "trigger stack fires: Cornered Wolf") < index(log, "Ana gains 4 life (10)") < index(log, "Ana loses 3 life (7)")


def test_META_TRG_07_trigger_card_is_discarded_before_its_tower_executes():
    """META-TRG-07: when Ana's Tripwire fires, the Tripwire is already in her graveyard when Curtain Call
    on its stack executes: the echo finds the Tripwire on top of the graveyard (and refuses to play it)."""
    st = pos({"players": [{"graveyard": ["e019.1"]}, {"hand": ["e002.1"]}],
              "triggers": [trig(0, "t003.1", [("m017.1", None)])]})
    log = play(st, 1, "e002.1", "p1")
    assert "Tripwire is a Trigger card and cannot go onto the main stack." in log
    assert grave(st, 0) == ["e019.1", "t003.1", "m017.1"]


def test_META_TRG_08_triggers_fire_in_every_stage_and_inside_other_triggers():
    """META-TRG-08: triggers fire in the pushing stage (Tripwire), the executing stage (Blood Scent), the
    discarding stage (Ragpicker), the drawing stage (Dawn Bell at the start of a turn) and inside another
    trigger tower's execution (Tax Collector inside Blood Scent's tower)."""
    st = pos({"players": [{"hand": ["e006.1"]}, {"hand": ["e003.1"] * 13}],
              "triggers": [trig(1, "t003.1", [("e019.1", None)]),   # t1 Ben's Tripwire
                           trig(0, "t009.1", [("e002.1", {"player": 0})]),  # t2 Ana's Blood Scent
                           trig(1, "t025.1", [("e001.1", {"player": 0})], target=0),  # t3 Ben's Tax Collector
                           trig(0, "t017.1", [("e019.1", None)]),   # t4 Ana's Ragpicker
                           trig(1, "t001.1", [("e019.1", None)])]})  # t5 Ben's Dawn Bell
    log = play(st, 0, "e006.1", "p1")
    assert "Ben's trigger stack #1 fires: Tripwire." in log and board(st)["stage"] == "pushing"
    log = pass_all(st)
    assert index(log, "Everyone has passed: the executing stage begins") < index(log, "Ben loses 2 life") < index(
        log, "Ana's trigger stack #1 fires: Blood Scent") < index(log, "Ana gains 3 life (18)") < index(
        log, "Ben's trigger stack #1 fires: Tax Collector") < index(log, "Ana loses 3 life (15)") < index(
        log, "Ben's trigger stack #1 has executed") < index(log, "Ana's trigger stack #1 has executed") < index(
        log, "executing stage ends")
    log = apply(st, 1, opts(st, 1)[0])
    assert index(log, "Ben discards") < index(log, "Ana's trigger stack fires") < index(
        log, "Turn 2: Ben") < index(log, "Ben's trigger stack fires")
    assert board(st)["stage"] == "drawing" and tower_ids(st) == ["main"]


# -- 10. Card types: Event and Meta (META-EVT-*, META-MTA-*) ----------------------------------------


def test_META_EVT_01_an_event_carries_out_every_step():
    """META-EVT-01: an Event performs all its implied steps: Avalanche (target loses 5, you lose 2) and
    Sirocco (every other player loses 1, you draw 1)."""
    st = pos({"players": [{"hand": ["e011.1", "e010.1"]}, {}, {}]}, n=3)
    play(st, 0, "e011.1", "p1")
    play(st, 0, "e010.1")
    pass_all(st)
    assert [life(st, s) for s in range(3)] == [13, 9, 14]
    assert board(st)["players"][0]["hand"] == 1 + 3  # Sirocco's draw, then the next turn's draw


def test_META_EVT_03_engine_reading_is_shown_when_played():
    """META-EVT-03: the interpretation is fixed in the card's code and documented in its engine reading,
    which the card lookup (/card) shows with its text; the hand names the card and the play is announced
    in one short line (the text is not repeated in the log)."""
    st = pos({"players": [{"hand": ["e022.1"]}, {}]})
    card = GAME.view(st, 0).private["hand"][0]
    info = GAME.card_catalog().get(card["card"])
    assert info is not None
    assert info.text == "Every player gains 2 life.\nGoes on the main stack or an active trigger stack (level 0)."
    log = play(st, 0, "e022.1")
    assert log == ["Ana plays Spring Thaw on the main stack."]


def test_META_MTA_01_a_meta_card_addresses_the_stack_itself():
    """META-MTA-01: a Meta card acts on a stack, not only on players: Tide Turns reverses the main stack,
    so Ana's Hearthfire (bottom) now executes before Ben's Spark."""
    st = pos({"players": [{"hand": ["m012.1"], "life": 2}, {}],
              "main": [[{"card": "e019.1", "player": 0},
                        {"card": "e001.1", "player": 1, "target": {"player": 0}}]]})
    play(st, 0, "m012.1", "smain.0")
    assert levels(st) == [["e019.1", "e001.1"], ["m012.1"]]
    log = pass_all(st)
    assert index(log, "The stack's order is reversed") < index(log, "Ana gains 4 life (6)") < index(
        log, "Ana loses 3 life (3)")
    assert GAME.result(st) is None


def test_META_MTA_02_META_MTA_03_level_above_the_addressed_stack():
    """META-MTA-02/03: a Meta card goes onto the meta stack of the stack it addresses: Hush on a main
    stack card → level 1, Second Thought (top of the main stack) → 1, Lying in Wait (next card played onto
    the main stack) → 1, Red Tape (top of the main meta stack) → 2, Overruled on a level-2 card → 3."""
    st = pos({"players": [{"hand": ["m001.1", "m002.1", "m005.1"]}, {"hand": ["m022.1", "m021.1"]}],
              "main": [[{"card": "e001.1", "player": 1, "target": {"player": 0}}]]})
    play(st, 0, "m001.1", on_tower(st, "e001.1"))
    play(st, 0, "m002.1")
    play(st, 0, "m005.1")
    assert levels(st) == [["e001.1"], ["m001.1", "m002.1", "m005.1"]]
    play(st, 1, "m022.1")
    assert levels(st)[2] == ["m022.1"]
    play(st, 1, "m021.1", on_tower(st, "m022.1"))
    assert levels(st) == [["e001.1"], ["m001.1", "m002.1", "m005.1"], ["m022.1"], ["m021.1"]]


def test_META_MTA_04_card_addressing_two_levels_goes_above_the_highest():
    """META-MTA-04: Mirror Glass copying Ben's Hush addresses the Hush (level 1) and, through the copy, the
    Spark it counters (level 0): it goes on level 2, above both, and executes first — its copy removes the
    Spark, and the Hush is then discarded without effect."""
    st = pos({"players": [{"hand": ["m004.1"]}, {}],
              "main": [[{"card": "e001.1", "player": 1, "target": {"player": 0}}],
                       [{"card": "m001.1", "player": 1, "target": {"card": "e001.1"}}]]})
    play(st, 0, "m004.1", on_tower(st, "m001.1"))
    assert levels(st) == [["e001.1"], ["m001.1"], ["m004.1"]]
    log = pass_all(st)
    assert index(log, "Ana carries out a copy of Hush") < index(log, "Spark of Ruin is removed") < index(
        log, "Hush (Ben's) is discarded without effect")
    assert life(st, 0) == 15


def test_META_MTA_06_the_level_is_fixed_when_played():
    """META-MTA-06: the stacks a Meta card addresses, and so its level, are fixed at play: Ana's Hush stays
    on level 1 when Ben's Homing Pigeon returns its target to his hand, and at execution the Hush is
    discarded without effect instead of moving."""
    st = pos({"players": [{"hand": ["m001.1"]}, {"hand": ["m014.1"]}],
              "main": [[{"card": "e001.1", "player": 1, "target": {"player": 0}}]]})
    play(st, 0, "m001.1", on_tower(st, "e001.1"))
    play(st, 1, "m014.1", on_tower(st, "e001.1"))
    assert levels(st) == [["e001.1"], ["m001.1", "m014.1"]]
    log = pass_all(st)
    assert index(log, "Spark of Ruin returns to Ben's hand") < index(log, "Hush (Ana's) is discarded without effect")
    assert life(st, 0) == 15 and "e001.1" in hand(st, 1)


# -- gap decisions ---------------------------------------------------------------------------------


def test_META_GAP_03_pushing_stage_permissions():
    """META-GAP-03: in the pushing stage a player not at turn plays Events only onto the main stack (no
    destination choice, not even their own armed trigger stack) but Meta cards onto any tower; the player
    at turn may still activate trigger stacks and use their own; a card opening trigger stacks to all
    (trigger_access) lets others use them."""
    spec = {"players": [{"hand": ["t001.1", "e019.1"]}, {"hand": ["e019.1", "m001.1"]}],
            "triggers": [trig(0, "t014.1", [("e001.1", {"player": 1})]), trig(1, "t014.1")]}
    st = pos(spec)
    play(st, 1, "e019.1")
    assert levels(st) == [["e019.1"]] and levels(st, "t2") == [[]]  # straight onto the main stack
    apply(st, 1, f"play:{inst(st, 1, 'm001.1')}")
    assert f"tgt:c{on_tower(st, 'e001.1', tower='t1')}" in opts(st, 1)
    apply(st, 1, f"tgt:c{on_tower(st, 'e001.1', tower='t1')}")
    assert levels(st, "t1") == [["e001.1"], ["m001.1"]]
    apply(st, 0, f"play:{inst(st, 0, 'e019.1')}")
    assert opts(st, 0) == ["dest:main", "dest:t1", "back"]
    apply(st, 0, "back")
    activate(st, 0, "t001.1")
    assert tower_ids(st) == ["main", "t1", "t2", "t3"]
    st = pos({**spec, "rules": [{"param": "trigger_access", "value": "all", "until": -1}]})
    apply(st, 1, f"play:{inst(st, 1, 'e019.1')}")
    assert opts(st, 1) == ["dest:main", "dest:t1", "dest:t2", "back"]


def test_META_GAP_04_any_main_tower_card_ends_the_drawing_stage():
    """META-GAP-04: a Meta card placed on the main meta stack (Lying in Wait, addressing the next card of
    the main stack) ends the drawing stage like a main-stack card; a card onto one's trigger stack does
    not."""
    st = pos({"stage": "drawing", "players": [{"hand": ["m005.1", "e019.1"]}, {"hand": ["e001.1"]}],
              "triggers": [trig(0, "t014.1")]})
    play(st, 0, "e019.1", dest="t1")
    assert board(st)["stage"] == "drawing" and [d.seat for d in GAME.decisions(st)] == [0]
    log = play(st, 0, "m005.1")
    assert levels(st) == [[], ["m005.1"]]
    assert "A card went onto the main tower: the drawing stage ends." in log
    assert board(st)["stage"] == "pushing" and [d.kind for d in GAME.decisions(st)] == ["push", "push"]


def test_META_GAP_04_empty_main_tower_still_has_an_executing_stage():
    """META-GAP-04: with an empty main tower the executing stage still begins (Overture fires) and ends."""
    st = pos({"players": [{}, {}], "triggers": [trig(0, "t022.1", [("e019.1", None)])]})
    log = pass_all(st)
    assert index(log, "Ana's trigger stack fires: Overture") < index(log, "Everyone has passed: the executing stage begins") < index(
        log, "The main tower is empty: the executing stage ends.") < index(log, "Turn 2")
    assert life(st, 0) == 19


def test_META_GAP_05_trigger_stack_model():
    """META-GAP-05: the face-down trigger is a marker, not a stack element (an armed stack with no cards
    has one empty level); the owner may add cards to it in a later turn while it is armed; a removed
    player's trigger stacks are dismantled into the owners' graveyards."""
    st = pos({"players": [{"hand": ["t014.1"]}, {}, {}]}, n=3)
    activate(st, 0, "t014.1")  # Lazarus Hour: will not fire here
    assert levels(st, "t1") == [[]]
    pass_all(st)  # turn 2: Ben
    apply(st, 1, "go")
    pass_all(st)  # turn 3: Cid
    apply(st, 2, "go")
    pass_all(st)  # turn 4: Ana again
    assert board(st)["at_turn"] == 0 and board(st)["stage"] == "drawing"
    play(st, 0, "e003.1", dest="t1")
    assert levels(st, "t1") == [["e003.1"]]
    GAME.concede(st, 0)
    assert tower_ids(st) == ["main"]
    assert grave(st, 0)[-2:] == ["t014.1", "e003.1"]


def test_META_GAP_06_trigger_interrupts_between_two_instructions():
    """META-GAP-06: a trigger fires at once, between two instructions of a card: Ana's Avalanche makes Ben
    lose 5, her Blood Scent fires (Ana +4) and only then does Avalanche make Ana lose 2."""
    st = pos({"players": [{"hand": ["e011.1"]}, {}], "triggers": [trig(0, "t009.1", [("e019.1", None)])]})
    play(st, 0, "e011.1", "p1")
    log = pass_all(st)
    assert index(log, "Ben loses 5 life (10)") < index(log, "trigger stack fires") < index(log, "Ana gains 4 life (19)") < index(
        log, "Ana loses 2 life (17)")


def test_META_GAP_06_before_trigger_cannot_cancel_but_the_event_is_rechecked():
    """META-GAP-06: Ana's Last Breath ("just before Ana is disabled") heals her from -1 to 2: the disabling
    is re-checked and does not happen; the life loss itself was not cancelled."""
    st = pos({"players": [{"life": 2}, {"hand": ["e001.1"]}],
              "triggers": [trig(0, "t002.1", [("e002.1", {"player": 0})], target=0)]})
    play(st, 1, "e001.1", "p0")
    log = pass_all(st)
    assert index(log, "Ana loses 3 life (-1)") < index(log, "trigger stack fires: Last Breath") < index(log, "Ana gains 3 life (2)")
    assert not board(st)["players"][0]["disabled"] and GAME.result(st) is None
    assert not any("Ana is disabled" in line for line in log)


def test_META_GAP_06_several_triggers_turn_order_then_activation_order():
    """META-GAP-06: triggers of one event fire in turn order from the player at turn, then in activation
    order: at the end of Ben's turn his Vesper Bell (t2) fires before Ana's Curfews t1 and t3."""
    st = pos({"at_turn": 1, "players": [{}, {}],
              "triggers": [trig(0, "t006.1", [("e019.1", None)]), trig(1, "t005.1", [("e019.1", None)]),
                           trig(0, "t006.1", [("e022.1", None)])]})
    log = pass_all(st)
    assert index(log, "Ben's trigger stack fires: Vesper Bell") < index(log, "Ana's trigger stack #1 fires: Curfew") < index(
        log, "Ana's trigger stack fires: Curfew") < index(log, "Turn 2: Ana")
    assert [life(st, 0), life(st, 1)] == [21, 21]


def test_META_GAP_07_meta_card_without_a_stack_is_placed_like_an_event():
    """META-GAP-07: a Meta card that addresses no stack (Curtain Call) is placed like an Event on level 0,
    with the Event's choice of base stacks; one that targets a face-down trigger (Candle Snuffer) goes on
    the main stack; a Meta card addresses one tower only (Hush on a trigger-tower card stays there)."""
    st = pos({"players": [{"hand": ["m017.1", "m015.1", "m001.1"]}, {}],
              "triggers": [trig(0, "t014.1", [("e019.1", None)]), trig(1, "t014.1")]})
    apply(st, 0, f"play:{inst(st, 0, 'm017.1')}")
    assert kind(st, 0) == "destination" and opts(st, 0) == ["dest:main", "dest:t1", "back"]
    apply(st, 0, "dest:t1", "confirm")
    assert levels(st, "t1") == [["e019.1", "m017.1"]]
    play(st, 0, "m015.1", "ft2")
    assert levels(st) == [["m015.1"]] and tower_view(st)["levels"][0][0]["target"] == "face-down trigger of Ben's trigger stack"
    play(st, 0, "m001.1", on_tower(st, "e019.1", tower="t1"))
    assert levels(st, "t1") == [["e019.1", "m017.1"], ["m001.1"]] and levels(st) == [["m015.1"]]


def test_META_GAP_19_removed_and_bounced_cards_go_to_their_owner():
    """META-GAP-19: cards go to their owner's graveyard or hand whoever played them: Ben's Hearthfire
    played by Ana is bounced to Ben's hand; Ben's Wasp Nest played by Ana is countered into Ben's
    graveyard."""
    st = pos({"players": [{"hand": ["m014.1", "m001.1"]}, {}],
              "main": [[{"card": "e019.1", "player": 0, "owner": 1},
                        {"card": "e006.1", "player": 0, "owner": 1, "target": {"player": 1}}]]})
    play(st, 0, "m014.1", on_tower(st, "e019.1"))
    play(st, 0, "m001.1", on_tower(st, "e006.1"))
    pass_all(st)
    assert "e019.1" in hand(st, 1) and grave(st, 1) == ["e006.1"]
    assert grave(st, 0) == ["m001.1", "m014.1"]
    assert [life(st, 0), life(st, 1)] == [15, 15]


def test_META_GAP_06_META_TRG_06_card_on_its_way_is_out_of_reach_of_a_before_trigger():
    """META-GAP-06, META-TRG-06: Ana's Portcullis fires just before Ben's Spark lands on the main stack; the
    Magpie on it makes Ben discard at random, but the Spark is on its way (no longer in his hand, not yet
    on the stack): Ben's hand is empty, nothing is discarded, and the Spark lands and executes."""
    st = pos({"players": [{}, {"hand": ["e001.1"]}],
              "triggers": [trig(0, "t018.1", [("e025.1", {"player": 1})])]})
    log = play(st, 1, "e001.1", "p0")
    assert index(log, "Ana's trigger stack fires: Portcullis") < index(log, "Magpie (Ana's) executes.") < index(log, "Ben plays Spark")
    assert not any("discards" in line for line in log)
    assert levels(st) == [["e001.1"]] and hand(st, 1) == [] and grave(st, 1) == []
    pass_all(st)
    assert life(st, 0) == 12
