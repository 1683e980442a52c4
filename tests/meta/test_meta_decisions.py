"""Meta decisions a person can make on a phone: the confirm step of a play whose target is fixed by the card
(META-TGT-01/02, META-GAP-18), option labels a person can tell apart and the decision context a private view
shows above the hand (``Game.context_text``). Everything through the game contract."""

from __future__ import annotations

import pytest
from meta_stack_helpers import FILLER, apply, board, hand, inst, kind, levels, life, pass_all, pos

from games.core.contract import SeatSetup
from games.core.players import RandomPlayer
from games.core.playout import starter_seats
from games.meta import GAME, rules

# -- §5: confirm what cannot be undone --------------------------------------------------------------


def spark_then(extra_hand: list[str], **spec) -> object:
    """Ana holds ``extra_hand``; Ben's Spark of Ruin (on Ana) is on the main stack."""
    return pos({"players": [{"hand": extra_hand}, {"hand": []}],
                "main": [[{"card": "e001.1", "player": 1, "target": {"player": 0}}]], **spec})


def test_META_TGT_02_fixed_target_meta_card_waits_for_confirmation():
    """META-TGT-01, META-TGT-02, META-MTA-03: Second Thought ("the card on top of the main
    stack") is not played on one press: the confirm step shows the card, its target with what it reads as
    now and its destination, with Play and Back; nothing moves until Play."""
    st = spark_then(["m002.1"])
    before_main = levels(st)
    apply(st, 0, f"play:{inst(st, 0, 'm002.1')}")
    d = GAME.decision_for(st, 0)
    assert d.kind == "confirm_play"
    assert [(o.id, o.label) for o in d.options] == [("confirm", "Play"), ("back", "Back")]
    assert "Second Thought" in d.prompt and "main meta stack" in d.prompt
    assert "top of the main stack" in d.prompt and "Spark of Ruin (Ben's)" in d.prompt
    assert levels(st) == before_main and hand(st, 0) == ["m002.1"]  # nothing placed yet
    apply(st, 0, "confirm")
    assert levels(st) == [["e001.1"], ["m002.1"]] and hand(st, 0) == []


def test_META_GAP_18_confirm_step_times_out_to_back_and_plays_nothing():
    """META-GAP-18: the confirm step's documented timeout default is Back: applying it
    leaves the card in hand and the board as it was, and reopens the pushing decision (default pass)."""
    st = spark_then(["m002.1"])
    apply(st, 0, f"play:{inst(st, 0, 'm002.1')}")
    d = GAME.decision_for(st, 0)
    assert d.default == "back" and GAME.timeout_choice(st, d) == "back"
    board_before = board(st)
    apply(st, 0, GAME.timeout_choice(st, d))
    assert hand(st, 0) == ["m002.1"] and board(st)["towers"] == board_before["towers"]
    assert kind(st, 0) == "push" and GAME.decision_for(st, 0).default == "pass"


def test_META_EVT_02_event_without_target_shows_destination_and_no_target():
    """META-EVT-02, META-TGT-01: an Event with no target (Wildfire) and one destination
    goes to the confirm step naming the main stack and saying it has no target; Back takes it back."""
    st = pos({"players": [{"hand": ["e013.1"]}, {}]})
    apply(st, 0, f"play:{inst(st, 0, 'e013.1')}")
    d = GAME.decision_for(st, 0)
    assert d.kind == "confirm_play" and "Wildfire onto the main stack" in d.prompt and "no target" in d.prompt
    apply(st, 0, "back")
    assert hand(st, 0) == ["e013.1"] and levels(st) == [[]] and kind(st, 0) == "push"


def test_META_TGT_04_below_target_confirm_names_the_player_below_now():
    """META-TGT-04, META-GAP-16: Will-o'-the-Wisp targets the player of the card directly
    below; the confirm step says who that is now (Ben) and that it is read at execution."""
    st = spark_then(["e016.1"])
    apply(st, 0, f"play:{inst(st, 0, 'e016.1')}")
    d = GAME.decision_for(st, 0)
    assert d.kind == "confirm_play" and "now Ben" in d.prompt and "read when it executes" in d.prompt


def test_META_TRG_03_trigger_naming_nobody_is_activated_on_confirmation():
    """META-TRG-03, META-TRS-03: activating a trigger stack with a Trigger card that names
    no player opens a confirm step ("Activate"/"Back"); the stack exists only after "Activate"."""
    st = pos({"players": [{"hand": ["t005.1"]}, {}]})
    apply(st, 0, f"activate:{inst(st, 0, 't005.1')}")
    d = GAME.decision_for(st, 0)
    assert d.kind == "confirm_play" and [o.label for o in d.options] == ["Activate", "Back"]
    assert [t["id"] for t in board(st)["towers"]] == ["main"]
    apply(st, 0, "confirm")
    assert [t["id"] for t in board(st)["towers"]] == ["main", "t1"] and hand(st, 0) == []


def test_META_TGT_01_chosen_target_still_places_on_the_target_press():
    """META-TGT-01: a card whose target is chosen from a list has no extra confirm step:
    the target press, which names the effect, places it."""
    st = pos({"players": [{"hand": ["e001.1"]}, {}]})
    apply(st, 0, f"play:{inst(st, 0, 'e001.1')}", "tgt:p1")
    assert levels(st) == [["e001.1"]] and kind(st, 0) == "push"


def test_computer_confirms_its_own_plays():
    """The computer player answers its confirm step with Play."""
    st = spark_then(["m002.1"])
    apply(st, 0, f"play:{inst(st, 0, 'm002.1')}")
    d = GAME.decision_for(st, 0)
    assert GAME.computer(3)(d, GAME.view(st, 0)) == "confirm"


# -- §6: options a person can tell apart ------------------------------------------------------------


def labels(st, seat) -> list[str]:
    return [o.label for o in GAME.decision_for(st, seat).options]


def test_two_copies_in_hand_are_labelled_by_place():
    """Two Spark of Ruin in one hand are "(1st)" and "(2nd)", in hand order; a single card
    keeps its plain label."""
    st = pos({"players": [{"hand": ["e001.1", "e019.1", "e001.1"]}, {}]})
    assert labels(st, 0) == ["Pass", "Play Spark of Ruin (1st)", "Play Hearthfire", "Play Spark of Ruin (2nd)"]


def test_two_equal_cards_on_one_stack_are_labelled_by_position_from_top():
    """META-TGT-10: Hush may target either of Ben's two Hearthfires on the main stack; they
    are told apart by their position from the top."""
    st = pos({"players": [{"hand": ["m001.1"]}, {}],
              "main": [[{"card": "e019.1", "player": 1}, {"card": "e019.1", "player": 1}]]})
    apply(st, 0, f"play:{inst(st, 0, 'm001.1')}")
    got = labels(st, 0)
    assert got[:2] == ["Hearthfire (Ben's, the main stack) (2nd from top)",
                       "Hearthfire (Ben's, the main stack) (top)"]
    assert len(set(got)) == len(got)


def test_players_with_the_same_name_are_labelled_by_seat():
    """Two players called Sam are told apart by seat in a target choice and in the
    decision context; labels stay within 80 characters even with very long names."""
    long = "A" * 70
    st = GAME.position({"players": [{"hand": ["e001.1"], "memory": FILLER}, {"memory": FILLER},
                                    {"memory": FILLER}, {"memory": FILLER}]},
                       [SeatSetup(long), SeatSetup("Sam"), SeatSetup("Sam"), SeatSetup(long + "B")], 0)
    apply(st, 0, f"play:{inst(st, 0, 'e001.1')}")
    got = labels(st, 0)
    assert got[:2] == ["Sam · 15 life (seat 2)", "Sam · 15 life (seat 3)"]
    assert len(set(got)) == len(got) and all(len(x) <= 80 for x in got)
    context = GAME.context_text(GAME.view(st, 0))
    assert "Sam #2" in context and "Sam #3" in context


# -- §2: the decision context ------------------------------------------------------------------------


def context(st, seat) -> str:
    """``seat``'s decision context with whitespace runs made one space."""
    return " ".join(GAME.context_text(GAME.view(st, seat)).split())


def busy_board():
    """Ana (at turn, pushing) holds Spark of Ruin and Hush; Ben's Spark (on Ana) and Cid's Second Thought
    are on the main tower; Ben has a trigger stack (Vesper Bell, hidden) naming nobody; Cid is disabled."""
    return pos({"players": [{"hand": ["e001.1", "m001.1"], "life": 9}, {"hand": ["e019.1"]},
                            {"life": 0, "disabled": True}],
                "main": [[{"card": "e001.1", "player": 1, "target": {"player": 0}}],
                         [{"card": "m002.1", "player": 2, "target": {"top": 0}}]],
                "triggers": [{"owner": 1, "trigger": "t005.1", "levels": [[{"card": "e019.1", "player": 1}]]}]},
               n=3)


def test_push_context_names_stacks_targets_lives_and_who_is_disabled():
    """META-STK-03/08, META-TRG-04: in the pushing stage the context shows the stage, every
    player's life, hand and memory sizes and who is disabled, every tower level with whose card and its
    target, and Ben's trigger stack — never its face-down card or condition; one whole line per item (this
    asserted 40-character lines before; Discord and the terminal wrap to their own width)."""
    text = context(st := busy_board(), 0)
    assert kind(st, 0) == "push"
    raw = GAME.context_text(GAME.view(st, 0)).splitlines()
    assert "· Cid: 0 life, hand 0, mem 12, disabled" in raw and "  Second Thought (Cid) → top of main stack" in raw
    for part in ("pushing stage", "▶ Ana (you): 9 life, hand 2", "Ben: 15 life, hand 1", "Cid: 0 life",
                 "disabled", "Main tower", "meta stack", "Second Thought (Cid) → top of main stack",
                 "Spark of Ruin (Ben) → Ana", "Ben's trigger stack", "Hearthfire (Ben)"):
        assert part in text, (part, text)
    assert "Vesper Bell" not in text and "end of your turn" not in text


def test_target_context_says_what_each_target_refers_to():
    """META-TGT-10: for Hush's target choice the context lists each target option with its
    stack, player and announced target."""
    st = busy_board()
    apply(st, 0, f"play:{inst(st, 0, 'm001.1')}")
    text = context(st, 0)
    assert "Targets:" in text
    assert "· Spark of Ruin (Ben), main stack → Ana" in text
    assert "· Second Thought (Cid), main meta stack" in text
    assert "· Hearthfire (Ben), Ben's trigger stack" in text  # pushing stage: any trigger tower is reachable


def test_confirm_and_discard_contexts_and_no_decision():
    """The confirm step's context shows the main tower the fixed target reads; a discard's
    shows the hand limit; a seat with no decision gets an empty context."""
    st = spark_then(["m002.1"])
    apply(st, 0, f"play:{inst(st, 0, 'm002.1')}")
    assert "Spark of Ruin (Ben) → Ana" in context(st, 0)
    st = pos({"stage": "drawing", "players": [{"hand": ["e003.1"] * 14}, {}]})
    apply(st, 0, "go")
    pass_all(st)
    assert kind(st, 0) == "discard" and "Hand limit: 12" in context(st, 0)
    assert context(st, 1) == "" and GAME.context_text(GAME.view(st, None)) == ""
    assert life(st, 0) == 15


def test_destination_context_shows_the_stacks_the_card_can_go_onto():
    """META-EVT-02, META-GAP-03: choosing where Hearthfire goes, Ana's context shows the main
    tower and her own trigger stack (with its cards and announced target), not its face-down card."""
    st = pos({"stage": "drawing", "players": [{"hand": ["e019.1"]}, {}],
              "triggers": [{"owner": 0, "trigger": "t005.1", "target": 1,
                            "levels": [[{"card": "e001.1", "player": 0, "target": {"player": 1}}]]}]})
    apply(st, 0, f"play:{inst(st, 0, 'e019.1')}")
    assert kind(st, 0) == "destination"
    text = context(st, 0)
    assert "drawing stage" in text and "Main tower: empty" in text
    assert "Your trigger stack (names Ben)" in text and "Spark of Ruin (Ana) → Ben" in text
    assert "Vesper Bell" not in text  # the condition is in Ana's hand part, not the board context


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_the_listing_kept_after_a_choice_is_the_listing_made_afresh(seats):
    """The engine keeps the open decisions from one choice to the next where a choice changed only its seat's
    own step (a pass, a card or destination chosen, Back): along seeded random games, the decisions it lists
    after every choice equal those listed from scratch for the same state."""
    kept = 0
    for seed in range(4):
        st = GAME.new_game(starter_seats(GAME, seed, seats), None, seed)
        players = [RandomPlayer(seed * 7 + p) for p in range(seats)]
        n = 0
        while decs := GAME.decisions(st):
            d = decs[n % len(decs)]
            before = st.cached
            GAME.apply(st, d.seat, players[d.seat](d))
            kept += st.cached is not before and st.cached is not None and st.cached[0] == st.version
            assert GAME.decisions(st) == rules._decisions(st), (seed, n)
            n += 1
    assert kept > 100  # the kept listings were compared, not only fresh ones
