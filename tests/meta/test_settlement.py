"""Meta settlement of disablings, simultaneous steps and trigger order, through the
game contract (positions, decisions, apply, view, result).

Rule IDs: META-PLY-03/04/11, META-WIN-02, META-MUT-01/05, META-DIS-04, META-TRS-09, META-CBR-02 and the gap
decisions META-GAP-03, 06, 11, 12 and 23 (games/meta/gaps.py). The scenario files
``tests/scenarios/meta/settlement_*.yaml``, ``mutual_disabling_split_by_*.yaml`` and
``destination_fired_while_targeting.yaml`` cover the rest of the section.
"""

from __future__ import annotations

from meta_stack_helpers import apply, board, grave, index, life, opts, pass_all, play, pos

from games.meta import GAME


def trig(owner, trigger, cards=(), target=None):
    """A position's trigger tower owned by ``owner``: ``cards`` (card, target) on level 0, bottom first."""
    out = {"owner": owner, "trigger": trigger,
           "levels": [[{"card": c, "player": owner, **({"target": t} if t is not None else {})}
                       for c, t in cards]] if cards else []}
    if target is not None:
        out["target"] = target
    return out


def disabled(st) -> list[bool]:
    return [p["disabled"] for p in board(st)["players"]]


# -- META-DIS-04 / META-TRS-09: triggers of the simultaneous discards -------------------------------------


def test_META_DIS_04_META_TRS_09_triggers_of_several_discarders_fire_in_turn_order():
    """META-DIS-04, META-TRS-09: Ana is at turn; Ben and Cid both discard in the same discarding stage. Ben's
    and Cid's Ragpickers ("when an opponent discards") both fire, and they fire in turn order from the
    player at turn — Ben's (t1) first, then Cid's (t2) — not in the order of the discards that set them off
    (Ben's discard sets off Cid's Ragpicker, Cid's discard Ben's)."""
    st = pos({"rules": [{"param": "hand_limit", "value": 1}],
              "players": [{}, {"hand": ["e003.1", "e003.1"]}, {"hand": ["e003.1", "e003.1"]}],
              "triggers": [trig(1, "t017.1", [("e019.1", None)]), trig(2, "t017.1", [("e019.1", None)])]}, n=3)
    pass_all(st)
    assert [d.seat for d in GAME.decisions(st)] == [1, 2]
    apply(st, 1, opts(st, 1)[0])
    log = apply(st, 2, opts(st, 2)[0])
    assert index(log, "Ben discards") < index(log, "Ben's trigger stack fires") < index(
        log, "Ben gains 4") < index(log, "Cid's trigger stack fires") < index(log, "Cid gains 4")
    assert [life(st, 1), life(st, 2)] == [19, 19]


# -- META-GAP-23 (decision): the hand discard on reaching 0 life is a discard from hand ---------------------


def test_META_GAP_23_META_PLY_04_the_hand_discard_at_0_life_fires_discard_triggers():
    """META-PLY-04, META-GAP-23: discarding the whole hand on reaching 0 life is a discard from hand, so
    Ben's Ragpicker ("when an opponent discards") fires when Ana, brought to 0 by his Spark of Ruin,
    discards her hand (Ben +4)."""
    st = pos({"players": [{"life": 3, "hand": ["e002.1", "e003.1"]}, {"hand": ["e001.1"]}, {}],
              "triggers": [trig(1, "t017.1", [("e019.1", None)])]}, n=3)
    play(st, 1, "e001.1", "p0")
    log = pass_all(st)
    assert index(log, "Ana is disabled (life 0)") < index(log, "Ana discards their hand (2 cards)") < index(
        log, "Ben's trigger stack fires: Ragpicker") < index(log, "Ben gains 4 life (19)")
    assert grave(st, 0) == ["e002.1", "e003.1"]


def test_META_GAP_23_META_GAP_12_a_memory_disabled_players_hand_discard_fires_discard_triggers():
    """META-PLY-04, META-GAP-12, META-GAP-23: Cid, disabled for lack of memory, kept her hand; when
    Wildfire brings her to 0 she discards it, which is a discard from hand: Ben's Ragpicker fires."""
    st = pos({"players": [{}, {}, {"life": 2, "disabled": True, "mem_out": True, "memory": [],
                                   "hand": ["e001.1", "e002.1"]}],
              "main": [[{"card": "e013.1", "player": 0}]],
              "triggers": [trig(1, "t017.1", [("e019.1", None)])]}, n=3)
    log = pass_all(st)
    assert index(log, "Cid loses 2 life (0)") < index(log, "Cid discards their hand (2 cards)") < index(
        log, "Ben's trigger stack fires: Ragpicker")
    assert life(st, 1) == 13 + 4


# -- META-PLY-11 / META-CBR-02: a rule change that ends is settled at once ----------------------------------


def test_META_PLY_11_META_CBR_02_a_player_re_enabled_by_an_ending_rule_change_draws_that_turn():
    """META-PLY-11, META-CBR-02, META-DRS-02, META-WIN-02: Thin Ice (disabled at 2 or less) lasts until the
    end of turn 1; Ben has 1 life and is disabled. When the change ends, Ben is back in play at once —
    before the next drawing stage — so he draws his 3 cards in turn 2 like everyone in play."""
    st = pos({"rules": [{"param": "disable_at", "value": 2, "until": 1, "source": "Thin Ice"}],
              "players": [{}, {"life": 1, "disabled": True}, {}]}, n=3)
    log = pass_all(st)
    assert index(log, "Thin Ice's rule change ends") < index(log, "Ben is back in play") < index(
        log, "Turn 2: Ben is at turn")
    assert disabled(st) == [False, False, False]
    assert board(st)["players"][1]["hand"] == 3


# -- META-GAP-06: a "before disabled" trigger tower of several cards -----------------------------------------


def test_META_GAP_06_a_before_disabled_tower_finishes_before_the_disabling_is_rechecked():
    """META-GAP-06, META-PLY-03: Ana's Last Breath ("just before Ana is disabled") holds Long Memory on top of
    Mending Rain (on Ana). The disabling waits for the whole trigger tower: Long Memory executes (Ana still
    at -1 but not yet judged), then Mending Rain heals her to 2, and only then is the disabling re-checked —
    Ana stays in play and keeps her hand."""
    st = pos({"players": [{"life": 2, "hand": ["e019.1"]}, {"hand": ["e001.1"]}, {}],
              "triggers": [trig(0, "t002.1", [("e002.1", {"player": 0}), ("e003.1", None)], target=0)]}, n=3)
    play(st, 1, "e001.1", "p0")
    log = pass_all(st)
    assert index(log, "Ana loses 3 life (-1)") < index(log, "Long Memory (Ana's) executes") < index(
        log, "Ana gains 3 life (2)")
    assert not any("Ana is disabled" in line for line in log)
    assert disabled(st) == [False, False, False] and GAME.result(st) is None


# -- META-MUT-05: a trigger inside one step does not split it ----------------------------------------------


def test_META_MUT_05_META_WIN_02_no_win_before_a_simultaneous_loss_reaches_everyone():
    """META-MUT-01, META-MUT-05, META-WIN-02, META-GAP-11: three players; Ben's Banshee's Wail makes the two
    others lose 3, Cid first (turn order from Cid, at turn). Cid's loss (3 -> 0) fires Ben's Blood Scent,
    whose Spark of Ruin hits Ana (3 -> 0) — a separate step, judged at once: Ana is disabled. The Wail then
    reaches Ana and ends; its own disabling (Cid) is judged only then, with Ben still in play: Cid is
    disabled and Ben wins."""
    st = pos({"at_turn": 2, "players": [{"life": 3}, {"hand": ["e017.1"]}, {"life": 3}],
              "triggers": [trig(1, "t009.1", [("e001.1", {"player": 0})])]}, n=3)
    play(st, 1, "e017.1")
    log = pass_all(st)
    assert index(log, "Cid loses 3 life (0)") < index(log, "Ben's trigger stack fires") < index(
        log, "Ana loses 3 life (0)") < index(log, "Ana is disabled") < index(log, "Ana loses 3 life (-3)") < index(
        log, "Cid is disabled") < index(log, "Ben is the only player not disabled and wins")
    res = GAME.result(st)
    assert res is not None and res.winners == (1,)


def test_META_MUT_05_META_MUT_01_a_trigger_between_two_losses_does_not_prevent_mutual_disabling():
    """META-MUT-01, META-MUT-05, META-GAP-11: Ana's Wildfire makes both players lose 2; Ben's Shield Wall
    ("just before Ben loses life") fires between the two losses and its Long Memory executes while Ana is
    already at 0. The Wildfire is still one step: both players, brought to 0 by it, continue at 1 life under
    the mutual-disabling rule (before the fix Ana was disabled by the trigger's card and Ben won)."""
    st = pos({"players": [{"life": 2, "hand": ["e013.1"], "graveyard": ["e002.1"]},
                          {"life": 2, "graveyard": ["e002.1"]}],
              "triggers": [trig(1, "t010.1", [("e003.1", None)])]})
    play(st, 0, "e013.1")
    log = pass_all(st)
    assert index(log, "Ana loses 2 life (0)") < index(log, "Ben's trigger stack fires") < index(
        log, "Ben loses 2 life (0)") < index(log, "the mutual-disabling rule applies")
    assert GAME.result(st) is None
    assert [life(st, 0), life(st, 1)] == [1, 1] and disabled(st) == [False, False]
