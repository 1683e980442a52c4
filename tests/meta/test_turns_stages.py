"""Meta set-up, turns, the four stages, the start and end of a turn, rule values changed by cards, and
what each viewer may see, through the game contract (``GAME.new_game`` / ``position``, ``decisions``,
``apply``, ``view``, ``result``, ``timeout_choice``, ``concede``).

Rule IDs: shared/rules/checklists/meta.md — META-SET-01..07, META-TRN-01..03, META-DRS-01..05,
META-PSH-01..05, META-DIS-01..05, META-SOE-01..03, META-CBR-01..03, META-INF-01..04, and the gap
decisions META-GAP-02, 13, 17, 18, 20, 21, 24 and 25 (games/meta/gaps.py).
"""

from __future__ import annotations

import json

import pytest
from meta_rules_helpers import (
    FILLER,
    GAME,
    apply,
    board,
    decision,
    hand_ids,
    lives,
    option_ids,
    pass_all,
    play,
    play_id,
    player,
    pos,
    reject,
    seats_deciding,
    starter_table,
    table,
)

from games.core.contract import RulesError, SeatSetup

HAND14 = ["e001.1", "e002.1", "e005.1", "e006.1", "e007.1", "e008.1", "e010.1",
          "e011.1", "e012.1", "e013.1", "e015.1", "e017.1", "e019.1", "e022.1"]
"""Fourteen different Event cards (two over the hand limit of 12), in the order they were drawn."""


def new(n: int, seed: int):
    return GAME.new_game(starter_table(n), None, seed)


def discard_defaults(st) -> list[str]:
    """Every seat with a discard decision takes the documented default until the stage is over."""
    texts: list[str] = []
    while GAME.decisions(st) and GAME.decisions(st)[0].kind == "discard":
        d = GAME.decisions(st)[0]
        texts += apply(st, d.seat, GAME.timeout_choice(st, d))
    return texts


# -- before the game (META-SET-*, META-GAP-02, META-GAP-21) -------------------------------------------


def test_META_GAP_02_two_to_six_players():
    """META-GAP-02: Meta is played by 2 to 6 players; 1 or 7 seats are refused with the gap's ID."""
    assert (GAME.min_seats, GAME.max_seats) == (2, 6)
    for n in (2, 6):
        assert len(board(new(n, 0))["players"]) == n
    deck = GAME.starter_decks()["burn-rush"]
    for n in (1, 7):
        with pytest.raises(RulesError) as e:
            GAME.new_game([SeatSetup(f"P{i}", list(deck)) for i in range(n)], None, 0)
        assert e.value.rule == "META-GAP-02"


def test_META_SET_03_turn_order_is_the_d20_throws_descending():
    """META-SET-03: every player throws a D20 (from the seeded RNG, posted publicly) and the turn order is
    the throws in descending order. Seed 5, three seats: 13, 6, 19 -> Cy, Ana, Ben."""
    st = new(3, 5)
    assert board(st)["order"] == [2, 0, 1]
    intro = [e.text for e in GAME.intro(st) if e.audience is None]
    assert "Turn-order roll: Ana 13, Ben 6, Cy 19." in intro
    assert "Turn order: Cy → Ana → Ben." in intro


@pytest.mark.parametrize(("n", "seed", "rounds", "order"), [
    # Two seats tie 9-9; the roll-off 6-1 puts Ana first.
    (2, 16, [[[0, 9], [1, 9]], [[0, 6], [1, 1]]], [0, 1]),
    # Ben and Cy tie on 14 between Ana's 4 and Dee's 7: their roll-off (Cy 7 > Ben 6) takes the place of 14.
    (4, 0, [[[0, 4], [1, 14], [2, 14], [3, 7]], [[1, 6], [2, 7]]], [2, 1, 3, 0]),
    # Two separate ties (4-4 and 2-2), each resolved among its own players, in place.
    (6, 5, [[[0, 4], [1, 19], [2, 12], [3, 2], [4, 4], [5, 2]], [[0, 17], [4, 12]], [[3, 7], [5, 15]]],
     [1, 2, 0, 4, 5, 3]),
    # A tie inside a roll-off (Cy and Fay tie 15, then 6-6 again) is rolled off again, recursively.
    (6, 71, [[[0, 7], [1, 19], [2, 15], [3, 13], [4, 5], [5, 15]], [[2, 6], [5, 6]], [[2, 19], [5, 12]]],
     [1, 2, 5, 3, 0, 4]),
])
def test_META_SET_04_ties_roll_off_among_themselves(n, seed, rounds, order):
    """META-SET-04: tied players keep throwing among themselves only until their sub-order is set; the
    sub-order takes the place of their tied number; a tie inside a roll-off is resolved the same way."""
    st = new(n, seed)
    names = [s.name for s in table(n)]
    posted = [t for t in (e.text for e in GAME.intro(st) if e.audience is None)
              if t.startswith(("Turn-order roll: ", "Roll-off: "))]
    assert posted == [("Turn-order roll: " if k == 0 else "Roll-off: ") +
                      ", ".join(f"{names[seat]} {roll}" for seat, roll in rnd) + "."
                      for k, rnd in enumerate(rounds)]
    assert board(st)["order"] == order
    for rnd in rounds[1:]:
        assert len(rnd) >= 2  # only tied players throw again


def test_META_SET_01_memories_are_shuffled_by_the_seeded_rng():
    """META-SET-01: each memory is shuffled with the game's seeded RNG: the same seed gives the same game,
    another seed another shuffle (the players' hands differ)."""
    assert GAME.to_json(new(2, 8)) == GAME.to_json(new(2, 8))
    hands = {tuple(hand_ids(new(2, seed), 0)) for seed in range(6)}
    assert len(hands) > 1
    # Even two copies of the same deck are shuffled separately.
    deck = GAME.starter_decks()["burn-rush"]
    st = GAME.new_game([SeatSetup(s.name, list(deck)) for s in table(2)], None, 1)
    assert hand_ids(st, 0) != hand_ids(st, 1)


def test_META_SET_02_META_GAP_21_nothing_persists_between_games():
    """META-SET-02, META-GAP-21: a new game starts from its seed alone: playing another game first (with
    rule-changing cards and lost life) changes nothing in the next game with the same seed."""
    fresh = GAME.to_json(new(3, 4))
    other = new(3, 9)
    while GAME.decisions(other) and other.turn < 6:
        d = GAME.decisions(other)[0]
        GAME.apply(other, d.seat, GAME.timeout_choice(other, d))
    assert GAME.to_json(new(3, 4)) == fresh
    b = board(new(3, 4))
    assert b["changes"] == [] and b["rules"]["hand_limit"] == 12 and b["rules"]["draw_count"] == 3


def test_META_SET_05_META_SET_06_nine_cards_then_the_first_turns_draw():
    """META-SET-05: after the turn order is set everyone draws nine cards; META-SET-06: the first turn
    starts with 15 life, an empty graveyard, no active trigger stack and an empty main tower. The first
    drawing stage then draws 3 more (META-DRS-02): 12 in hand, 60 − 12 = 48 in memory."""
    st = new(4, 2)
    b = board(st)
    intro = [e.text for e in GAME.intro(st) if e.audience is None]
    assert "Everyone draws 9 cards and starts with 15 life." in intro
    assert intro.index("Everyone draws 9 cards and starts with 15 life.") < intro.index(
        f"Turn 1: {b['players'][b['at_turn']]['name']} is at turn.")
    for p in b["players"]:
        assert (p["life"], p["hand"], p["memory"], p["graveyard"]) == (15, 12, 48, [])
        assert p["disabled"] is False and p["removed"] is False
    assert [t["id"] for t in b["towers"]] == ["main"]
    assert b["towers"][0]["levels"] == [[]]
    assert b["turn"] == 1 and b["stage"] == "drawing"


def test_META_SET_07_first_turn_is_the_first_in_order_and_turns_cycle():
    """META-SET-07: the first player in the turn order takes the first turn; turns then pass along the turn
    order cyclically."""
    st = new(3, 5)  # order Cy, Ana, Ben
    seen = []
    for _ in range(5):
        b = board(st)
        seen.append(b["at_turn"])
        apply(st, b["at_turn"], "go")
        pass_all(st)
        discard_defaults(st)
    assert seen == [2, 0, 1, 2, 0]


# -- turns (META-TRN-*, META-GAP-13, META-GAP-24) -----------------------------------------------------


def test_META_TRN_01_four_stages_in_order():
    """META-TRN-01: drawing stage (only the player at turn decides), pushing stage (everyone in play),
    executing stage (runs by itself), discarding stage (players over the limit), then the next turn."""
    st = pos({"stage": "drawing", "players": [
        {"hand": ["e007.1"] + HAND14[:13], "memory": FILLER}, {"memory": FILLER}]})
    assert board(st)["stage"] == "drawing" and [d.kind for d in GAME.decisions(st)] == ["drawing"]
    apply(st, 0, "go")
    assert board(st)["stage"] == "pushing" and [d.kind for d in GAME.decisions(st)] == ["push", "push"]
    play(st, 0, "e007.1", "tgt:p1")
    texts = pass_all(st)
    assert texts.index("Everyone has passed: the executing stage begins.") < texts.index(
        "Thunderclap (Ana's) executes.") < texts.index("The main tower is empty: the executing stage ends.")
    assert board(st)["stage"] == "discarding" and [d.kind for d in GAME.decisions(st)] == ["discard"]
    assert lives(st) == [15, 11]
    texts = discard_defaults(st)
    assert "Turn 2: Ben is at turn." in texts
    assert board(st)["stage"] == "drawing" and board(st)["turn"] == 2


def test_META_TRN_02_the_player_at_turn_ends_the_drawing_stage():
    """META-TRN-02: stage changes are decisions of the player at turn: only they have a decision in the
    drawing stage, with "Play!", which is also its timeout default."""
    st = new(2, 5)
    at = board(st)["at_turn"]
    assert seats_deciding(st) == [at]
    d = decision(st, at)
    assert d.kind == "drawing" and d.options[0].id == "go" and d.options[0].label == "Play!"
    assert d.default == "go" and GAME.timeout_choice(st, d) == "go"


def test_META_TRN_03_META_GAP_13_turns_skip_removed_players_but_not_disabled_ones():
    """META-TRN-03: the turn passes to the next player in turn order who is still in the game: a removed
    player (Ben conceded) is skipped. META-GAP-13: a disabled player's turn is played — their drawing stage
    ends at once and the others push as usual."""
    st = pos({"order": [0, 1, 2, 3], "players": [
        {"memory": FILLER}, {"memory": FILLER}, {"life": 0, "disabled": True, "memory": FILLER},
        {"memory": FILLER}]})
    GAME.concede(st, 1)
    texts = pass_all(st)
    assert "Turn 2: Cy is at turn." in texts
    assert "Cy cannot play: the drawing stage ends." in texts
    b = board(st)
    assert b["at_turn"] == 2 and b["stage"] == "pushing" and seats_deciding(st) == [0, 3]
    texts = pass_all(st)
    assert "Turn 3: Dee is at turn." in texts
    apply(st, 3, "go")
    assert "Turn 4: Ana is at turn." in pass_all(st)


def test_META_GAP_13_the_turn_cap_ends_the_game_as_a_draw():
    """META-GAP-13: a turn cap of 300 turns ends the game as a draw when turn 300 is over."""
    st = pos({"turn": 299, "players": [{"memory": FILLER}, {"memory": FILLER}]})
    pass_all(st)
    assert GAME.result(st) is None and board(st)["turn"] == 300
    apply(st, 1, "go")
    pass_all(st)
    res = GAME.result(st)
    assert res is not None and res.draw is True and res.reason == "turn_cap" and res.winners == ()
    assert GAME.decisions(st) == []


def test_META_GAP_24_reversed_turn_order_takes_effect_when_the_turn_passes():
    """META-GAP-24: Widdershins (turn order reversed for the game) played during Ana's turn 1 in the order
    Ana, Ben, Cy takes effect when the turn passes: turn 2 is Cy's, then Ben's."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e031.1", "player": 0}]]})
    texts = pass_all(st)
    assert "Turn 2: Cy is at turn." in texts
    assert board(st)["rules"]["direction"] == -1
    apply(st, 2, "go")
    assert "Turn 3: Ben is at turn." in pass_all(st)


def test_META_GAP_24_the_stage_continues_when_the_player_at_turn_is_removed():
    """META-GAP-24: if the player at turn leaves the game (here by conceding in the pushing stage), the
    stage continues with the others and the turn then passes on as usual."""
    st = pos({"players": [{"memory": FILLER}, {"hand": ["e019.1"], "memory": FILLER}, {"memory": FILLER}]})
    GAME.concede(st, 0)
    assert board(st)["stage"] == "pushing" and board(st)["at_turn"] == 0
    assert seats_deciding(st) == [1, 2]
    play(st, 1, "e019.1")
    texts = pass_all(st)
    assert "Hearthfire (Ben's) executes." in texts and "Turn 2: Ben is at turn." in texts
    assert lives(st)[1] == 19


# -- the drawing stage (META-DRS-*, META-SOE-01) ------------------------------------------------------


def test_META_DRS_01_META_SOE_01_beginning_of_turn_effects_come_before_the_draws():
    """META-DRS-01, META-SOE-01: a "beginning of your turn" trigger (Dawn Bell) holding Fallow Field (draw 2
    in the drawing stage) executes at the start of Ben's drawing stage, before anyone draws: this turn
    everyone draws 2, not 3."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER}],
              "triggers": [{"owner": 1, "trigger": "t001.1", "levels": [[{"card": "e032.1", "player": 1}]]}]})
    texts = pass_all(st)
    i_turn = texts.index("Turn 2: Ben is at turn.")
    i_fire = next(i for i, t in enumerate(texts) if t.startswith("Ben's trigger stack fires"))
    assert i_turn < i_fire < texts.index("Everyone in play draws 2.")
    assert [p["hand"] for p in board(st)["players"]] == [2, 2]


def test_META_DRS_02_every_player_in_play_draws_three():
    """META-DRS-02: in the drawing stage every player who is not disabled draws three (not only the player
    at turn)."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER}, {"memory": FILLER},
                          {"life": -2, "disabled": True, "memory": FILLER}]})
    texts = pass_all(st)
    assert "Everyone in play draws 3." in texts
    assert [p["hand"] for p in board(st)["players"]] == [3, 3, 3, 0]


def test_META_DRS_03_only_the_player_at_turn_plays_in_the_drawing_stage():
    """META-DRS-03: in the drawing stage the player at turn may activate a trigger stack, put cards onto
    their trigger stacks and play onto the main stack; the others have no decision and are refused."""
    st = pos({"stage": "drawing", "players": [
        {"hand": ["e019.1", "t005.1", "e001.1"], "memory": FILLER}, {"hand": ["e002.1"], "memory": FILLER}],
        "triggers": [{"owner": 0, "trigger": "t001.1"}]})
    assert seats_deciding(st) == [0]
    bens_card = GAME.view(st, 1).private["hand"][0]["id"]
    assert reject(st, 1, f"play:{bens_card}") == "META-DRS-03"
    ids = option_ids(st, 0)
    assert "go" in ids and play_id(st, 0, "t005.1").startswith("activate:")
    # Onto her own trigger stack: the drawing stage goes on.
    play(st, 0, "e019.1")
    assert option_ids(st, 0) == ["dest:main", "dest:t1", "back"]
    apply(st, 0, "dest:t1")
    apply(st, 0, "confirm")  # the confirm step shows card, target and destination
    assert board(st)["stage"] == "drawing"
    assert [e["card"] for e in board(st)["towers"][1]["levels"][0]] == ["e019.1"]
    # Activating a new trigger stack: still the drawing stage.
    play(st, 0, "t005.1")
    assert board(st)["stage"] == "drawing" and len(board(st)["towers"]) == 3
    assert seats_deciding(st) == [0]


def test_META_DRS_04_play_ends_the_drawing_stage():
    """META-DRS-04: "Play!" ends the drawing stage without playing a card; the pushing stage starts."""
    st = pos({"stage": "drawing", "players": [{"memory": FILLER}, {"memory": FILLER}]})
    texts = apply(st, 0, "go")
    assert texts == ["Ana says “Play!”: the drawing stage ends."]
    assert board(st)["stage"] == "pushing" and seats_deciding(st) == [0, 1]
    assert board(st)["towers"][0]["levels"] == [[]]


def test_META_DRS_04_META_DRS_05_the_first_card_on_the_main_stack_ends_it_and_stays():
    """META-DRS-04: the first card played onto the main stack ends the drawing stage; META-DRS-05: it stays
    on the main stack as its first entry and the pushing stage starts at once."""
    st = pos({"stage": "drawing", "players": [{"hand": ["e007.1"], "memory": FILLER},
                                              {"hand": ["e001.1"], "memory": FILLER}]})
    texts = play(st, 0, "e007.1", "tgt:p1")
    assert "A card went onto the main tower: the drawing stage ends." in texts
    b = board(st)
    assert b["stage"] == "pushing"
    assert [(e["card"], e["player"], e["target"]) for e in b["towers"][0]["levels"][0]] == [("e007.1", 0, "Ben")]
    assert seats_deciding(st) == [0, 1]
    play(st, 1, "e001.1", "tgt:p0")
    assert [e["card"] for e in board(st)["towers"][0]["levels"][0]] == ["e007.1", "e001.1"]


# -- the pushing stage (META-PSH-*, META-GAP-25) ------------------------------------------------------


def test_META_PSH_01_no_pushing_before_the_player_at_turn_ends_the_drawing_stage():
    """META-PSH-01: while the player at turn is in the drawing stage nobody else may push; a pass is not
    even an option for them."""
    st = pos({"stage": "drawing", "players": [{"memory": FILLER}, {"hand": ["e001.1"], "memory": FILLER}]})
    assert seats_deciding(st) == [0]
    assert reject(st, 1, "pass") == "META-DRS-03"
    apply(st, 0, "go")
    assert "pass" in option_ids(st, 1)


def test_META_PSH_02_everyone_in_play_may_push_any_number_of_cards():
    """META-PSH-02: in the pushing stage every player in play has a decision at once and may play any
    number of cards, at no cost, one after another; a disabled player has none."""
    st = pos({"players": [{"hand": ["e001.1"], "memory": FILLER},
                          {"hand": ["e019.1", "e022.1", "e003.1"], "memory": FILLER},
                          {"life": 0, "disabled": True, "hand": [], "memory": FILLER}]})
    assert [(d.seat, d.kind) for d in GAME.decisions(st)] == [(0, "push"), (1, "push")]
    play(st, 1, "e019.1")
    play(st, 1, "e022.1")
    play(st, 1, "e003.1")
    assert [e["card"] for e in board(st)["towers"][0]["levels"][0]] == ["e019.1", "e022.1", "e003.1"]
    assert player(st, 1)["hand"] == 0


def test_META_PSH_03_META_PSH_04_plays_are_stacked_in_the_order_accepted_and_announced():
    """META-PSH-03: plays are applied in the order the engine accepts them, and that order is final and
    shown on the board; META-PSH-04: every play is announced publicly in one line naming the card, its
    stack and its target (its text is one lookup away, /card)."""
    st = pos({"players": [{"hand": ["e019.1"], "memory": FILLER}, {"hand": ["e001.1"], "memory": FILLER}]})
    texts = play(st, 1, "e001.1", "tgt:p0")
    assert texts == ["Ben plays Spark of Ruin on the main stack, targeting Ana."]
    play(st, 0, "e019.1")
    level = board(st)["towers"][0]["levels"][0]
    assert [(e["card"], e["player"]) for e in level] == [("e001.1", 1), ("e019.1", 0)]
    texts = pass_all(st)
    # Last in, first out: Ana's Hearthfire (accepted second) executes first.
    assert texts.index("Hearthfire (Ana's) executes.") < texts.index("Spark of Ruin (Ben's) executes.")


def test_META_PSH_05_META_GAP_25_a_play_clears_every_pass():
    """META-PSH-05, META-GAP-25: each player in play has an open "play or pass" decision; a passed player
    has none; any new play clears all passes; the stage ends only when every player in play has passed
    since the last play — the player at turn passing first does not end it."""
    st = pos({"players": [{"hand": ["e019.1"], "memory": FILLER}, {"hand": ["e022.1"], "memory": FILLER},
                          {"hand": ["e003.1"], "memory": FILLER}]})
    apply(st, 0, "pass")
    apply(st, 1, "pass")
    assert seats_deciding(st) == [2]
    assert [p["passed"] for p in board(st)["players"]] == [True, True, False]
    assert reject(st, 0, "pass") == "META-PSH-05"
    play(st, 2, "e003.1")
    assert [p["passed"] for p in board(st)["players"]] == [False, False, False]
    assert seats_deciding(st) == [0, 1, 2]
    apply(st, 2, "pass")
    apply(st, 0, "pass")
    assert board(st)["stage"] == "pushing" and seats_deciding(st) == [1]
    texts = apply(st, 1, "pass")
    assert texts[1] == "Everyone has passed: the executing stage begins."
    assert board(st)["turn"] == 2


def test_META_PSH_05_META_GAP_18_timeout_is_a_pass():
    """META-PSH-05, META-GAP-18: the pushing decision's timeout default is a pass; the drawing stage's is
    "Play!"; a destination or target step's is "Back"."""
    st = pos({"stage": "drawing", "players": [{"hand": ["e001.1", "e019.1"], "memory": FILLER},
                                              {"memory": FILLER}],
              "triggers": [{"owner": 0, "trigger": "t001.1"}]})
    assert GAME.timeout_choice(st, decision(st, 0)) == "go"
    apply(st, 0, play_id(st, 0, "e019.1"))
    assert decision(st, 0).kind == "destination" and GAME.timeout_choice(st, decision(st, 0)) == "back"
    apply(st, 0, "back")
    apply(st, 0, "go")
    assert GAME.timeout_choice(st, decision(st, 1)) == "pass"
    apply(st, 0, play_id(st, 0, "e001.1"))
    apply(st, 0, "dest:main")
    assert decision(st, 0).kind == "target" and GAME.timeout_choice(st, decision(st, 0)) == "back"


# -- the discarding stage (META-DIS-*, META-GAP-18) ---------------------------------------------------


def test_META_DIS_01_META_DIS_03_discard_down_to_exactly_twelve():
    """META-DIS-01: a player with 14 cards discards until exactly 12 remain; META-DIS-03: a player with 12
    discards nothing and gets no decision; a disabled player over the limit discards too."""
    st = pos({"players": [{"hand": HAND14, "memory": FILLER}, {"hand": HAND14[:12], "memory": FILLER},
                          {"life": -1, "disabled": True, "hand": HAND14[:13], "memory": FILLER}]})
    texts = pass_all(st)
    assert "Discarding stage: Ana, Cy must discard down to 12 cards." in texts
    assert [(d.seat, d.kind) for d in GAME.decisions(st)] == [(0, "discard"), (2, "discard")]
    assert "discard 2 more cards (hand limit 12)" in decision(st, 0).prompt
    apply(st, 0, play_id(st, 0, "e001.1"))
    apply(st, 0, play_id(st, 0, "e002.1"))
    apply(st, 2, play_id(st, 2, "e005.1"))
    b = board(st)
    assert b["turn"] == 2
    assert [p["hand"] for p in b["players"]] == [12 + 3, 12 + 3, 12]
    assert [c["card"] for c in b["players"][0]["graveyard"]] == ["e001.1", "e002.1"]
    assert [c["card"] for c in b["players"][1]["graveyard"]] == []
    assert [c["card"] for c in b["players"][2]["graveyard"]] == ["e005.1"]


def test_META_DIS_02_discards_are_private_choices_applied_together():
    """META-DIS-02: every player over the limit chooses at the same time; each choice is private (no public
    event) and nothing leaves a hand until the last choice is in; then all discards apply together."""
    st = pos({"players": [{"hand": HAND14, "memory": FILLER}, {"hand": HAND14[:13], "memory": FILLER}]})
    pass_all(st)
    assert seats_deciding(st) == [0, 1]
    assert apply(st, 0, play_id(st, 0, "e007.1")) == []
    assert apply(st, 0, play_id(st, 0, "e008.1")) == []
    assert seats_deciding(st) == [1]
    assert player(st, 0)["hand"] == 14 and player(st, 0)["graveyard"] == []
    assert [c["card"] for c in GAME.view(st, 0).private["discards"]] == ["e007.1", "e008.1"]
    assert GAME.view(st, 1).private["discards"] == []
    texts = apply(st, 1, play_id(st, 1, "e013.1"))
    assert texts[:2] == ["Ana discards Thunderclap, Leech Tithe.", "Ben discards Wildfire."]
    assert [p["hand"] for p in board(st)["players"]] == [15, 15]


def test_META_DIS_02_META_GAP_18_default_discard_is_the_last_drawn_card():
    """META-DIS-02, META-GAP-18: at a timeout the most recently drawn card still in hand is discarded: with
    two to discard, the last card of the hand (Spring Thaw), then the one before it (Hearthfire)."""
    st = pos({"players": [{"hand": HAND14, "memory": FILLER}, {"memory": FILLER}]})
    pass_all(st)
    d = decision(st, 0)
    assert d.default == play_id(st, 0, "e022.1") == GAME.timeout_choice(st, d)
    apply(st, 0, d.default)
    d = decision(st, 0)
    assert d.default == play_id(st, 0, "e019.1")
    texts = apply(st, 0, GAME.timeout_choice(st, d))
    assert texts[0] == "Ana discards Spring Thaw, Hearthfire."


def test_META_DIS_04_triggers_during_discards_fire_in_turn_order():
    """META-DIS-04: two Ragpicker trigger stacks (an opponent discards) would fire on Ben's discard; they
    fire in turn order starting with the player at turn (Ben): Cy's first, then Ana's, although Ana's was
    activated first."""
    st = pos({"at_turn": 1, "players": [{"memory": FILLER}, {"hand": HAND14[:13], "memory": FILLER},
                                        {"memory": FILLER}],
              "triggers": [{"owner": 0, "trigger": "t017.1", "levels": [[{"card": "e019.1", "player": 0}]]},
                           {"owner": 2, "trigger": "t017.1", "levels": [[{"card": "e019.1", "player": 2}]]}]})
    pass_all(st)
    texts = apply(st, 1, decision(st, 1).default)
    fired = [t for t in texts if " fires: " in t]
    assert [t.split("'")[0] for t in fired] == ["Cy", "Ana"]
    assert texts.index("Ben discards Hearthfire.") < texts.index(fired[0])
    assert lives(st) == [19, 15, 19]


def test_META_DIS_05_META_CBR_01_META_CBR_02_a_card_changes_the_hand_limit_for_its_duration():
    """META-DIS-05, META-CBR-01: Narrow Hands makes the hand limit 6 until the end of the next turn;
    META-CBR-02: the change is recorded with its source and duration, enforced in this turn's and the next
    turn's discarding stages, and reverts to 12 afterwards."""
    st = pos({"players": [{"hand": HAND14[:8], "memory": FILLER * 2}, {"hand": HAND14[:7], "memory": FILLER * 2}],
              "main": [[{"card": "e004.1", "player": 0}]]})
    texts = pass_all(st)
    assert ("Rule change by Narrow Hands: the hand limit is 6 (until the end of the next turn)." in texts)
    b = board(st)
    assert b["rules"]["hand_limit"] == 6
    assert b["changes"] == [{"param": "hand_limit", "text": "the hand limit is 6", "source": "Narrow Hands",
                             "until": 2}]
    assert [(d.seat, d.prompt) for d in GAME.decisions(st)] == [
        (0, "Discarding stage: discard 2 more cards (hand limit 6)."),
        (1, "Discarding stage: discard 1 more card (hand limit 6).")]
    discard_defaults(st)
    assert [p["hand"] for p in board(st)["players"]] == [6 + 3, 6 + 3]       # turn 2 drew 3
    apply(st, 1, "go")
    texts = pass_all(st)                                                     # turn 2's discarding stage
    assert "Discarding stage: Ben, Ana must discard down to 6 cards." in texts
    texts = discard_defaults(st)
    assert "Narrow Hands's rule change ends: the hand limit is 12." in texts
    b = board(st)
    assert b["rules"]["hand_limit"] == 12 and b["changes"] == [] and b["turn"] == 3
    apply(st, 0, "go")
    pass_all(st)                                                             # 9 cards: nothing to discard
    assert board(st)["turn"] == 4 and [p["hand"] for p in board(st)["players"]] == [12, 12]


def test_META_DIS_05_META_CBR_01_a_card_removes_the_discarding_stage():
    """META-DIS-05, META-CBR-01: Hoarder's Moon (no discarding stage this turn; you draw 2) lets Ana keep
    16 cards through turn 1's discarding stage; the change ends with the turn and turn 2's discarding stage
    enforces 12 again."""
    st = pos({"players": [{"hand": HAND14, "memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e040.1", "player": 0}]]})
    texts = pass_all(st)
    assert "There is no discarding stage this turn (a card changed the rule)." in texts
    assert "Hoarder's Moon's rule change ends: there is a discarding stage." in texts
    b = board(st)
    assert b["turn"] == 2 and b["stage"] == "drawing" and seats_deciding(st) == [1]
    assert player(st, 0)["hand"] == 14 + 2 + 3
    assert [c["card"] for c in player(st, 0)["graveyard"]] == ["e040.1"]  # only the executed card
    apply(st, 1, "go")
    pass_all(st)
    assert [(d.seat, d.prompt) for d in GAME.decisions(st)] == [
        (0, "Discarding stage: discard 7 more cards (hand limit 12).")]


def test_META_CBR_01_META_CBR_02_draw_count_changes_and_reverts():
    """META-CBR-01/02: Harvest Moon (draw 4 in the drawing stage until the end of the next turn), executed
    in turn 1, makes everyone draw 4 in turn 2; the change ends with turn 2 and turn 3 draws 3 again."""
    st = pos({"players": [{"memory": FILLER * 2}, {"memory": FILLER * 2}],
              "main": [[{"card": "e033.1", "player": 0}]]})
    assert "Everyone in play draws 4." in pass_all(st)
    assert [p["hand"] for p in board(st)["players"]] == [4, 4]
    apply(st, 1, "go")
    texts = pass_all(st)
    assert "Harvest Moon's rule change ends: the number of cards drawn in the drawing stage is 3." in texts
    assert "Everyone in play draws 3." in texts
    assert [p["hand"] for p in board(st)["players"]] == [7, 7]


def test_META_CBR_02_life_bounds_change_and_revert_after_their_duration():
    """META-CBR-02, META-PLY-02: a life-maximum change lasting until the end of turn 1 caps a gain at 18
    during turn 1; once it ends, the next gain may go up to 25 again."""
    st = pos({"players": [{"life": 16, "hand": ["e019.1"], "memory": FILLER * 2}, {"memory": FILLER * 2}],
              "rules": [{"param": "life_max", "value": 18, "until": 1}],
              "main": [[{"card": "e019.1", "player": 0}]]})
    texts = pass_all(st)
    assert lives(st)[0] == 18
    assert any(t.startswith("scenario's rule change ends: the highest life a player can have is 25") for t in texts)
    apply(st, 1, "go")
    play(st, 0, "e019.1")
    pass_all(st)
    assert lives(st)[0] == 22


def test_META_CBR_03_a_card_permits_a_play_the_rules_forbid():
    """META-CBR-03: by the rules only a trigger stack's owner (at turn) puts Event cards onto it
    (META-GAP-03); Open Gates lets every player do so until the end of the next turn, so Ben may play
    Hearthfire onto Ana's trigger stack."""
    st = pos({"players": [{"memory": FILLER}, {"hand": ["e019.1"], "memory": FILLER}],
              "triggers": [{"owner": 0, "trigger": "t005.1"}]})
    play(st, 1, "e019.1")
    assert [e["card"] for e in board(st)["towers"][0]["levels"][0]] == ["e019.1"]  # no choice: main stack
    st = pos({"players": [{"memory": FILLER}, {"hand": ["e019.1"], "memory": FILLER}],
              "triggers": [{"owner": 0, "trigger": "t005.1"}],
              "rules": [{"param": "trigger_access", "value": "all"}]})
    play(st, 1, "e019.1")
    assert option_ids(st, 1) == ["dest:main", "dest:t1", "back"]
    apply(st, 1, "dest:t1")
    apply(st, 1, "confirm")
    assert [e["card"] for e in board(st)["towers"][1]["levels"][0]] == ["e019.1"]


# -- start and end of turn (META-SOE-*, META-GAP-20) --------------------------------------------------


def test_META_SOE_02_end_of_turn_effects_after_the_discards():
    """META-SOE-02: after the discards, "at the end of your turn" triggers execute (Vesper Bell holding
    Hearthfire), then the turn ends and "this turn" rule changes revert."""
    st = pos({"players": [{"hand": HAND14[:13], "memory": FILLER}, {"memory": FILLER}],
              "rules": [{"param": "draw_count", "value": 1, "until": 1}],
              "triggers": [{"owner": 0, "trigger": "t005.1", "levels": [[{"card": "e019.1", "player": 0}]]}]})
    pass_all(st)
    texts = apply(st, 0, decision(st, 0).default)
    i_disc = texts.index("Ana discards Hearthfire.")
    i_fire = next(i for i, t in enumerate(texts) if t.startswith("Ana's trigger stack fires"))
    i_revert = texts.index("scenario's rule change ends: the number of cards drawn in the drawing stage is 3.")
    assert i_disc < i_fire < i_revert < texts.index("Turn 2: Ben is at turn.")
    assert lives(st) == [19, 15]


def test_META_SOE_03_turn_effects_every_turn_unless_restricted():
    """META-SOE-03: beginning- and end-of-turn conditions are checked every turn, whoever's turn it is, and
    their text restricts them: Ana's Curfew ("end of an opponent's turn") does not fire at the end of her
    own turn 1 but at the end of Ben's turn 2; Ben's Night Watch ("just before an opponent's turn begins")
    fires at the start of Ana's turn 3, not of his own turn 2."""
    st = pos({"players": [{"memory": FILLER * 2}, {"memory": FILLER * 2}],
              "triggers": [{"owner": 0, "trigger": "t006.1", "levels": [[{"card": "e019.1", "player": 0}]]},
                           {"owner": 1, "trigger": "t004.1", "levels": [[{"card": "e019.1", "player": 1}]]}]})
    texts = pass_all(st)
    assert not any(" fires: " in t for t in texts)
    apply(st, 1, "go")
    texts = pass_all(st)
    fired = [t for t in texts if " fires: " in t]
    assert [t.split(" fires")[0] for t in fired] == ["Ana's trigger stack", "Ben's trigger stack"]
    assert texts.index(fired[0]) < texts.index("Turn 3: Ana is at turn.") < texts.index(fired[1])
    assert lives(st) == [19, 19]


def test_META_GAP_20_beginning_of_turn_triggers_fire_in_turn_order_then_activation_order():
    """META-GAP-20: at the start of Ben's turn (order Ana, Ben, Cy) three Night Watch triggers fire in turn
    order from the player at turn — Cy's before Ana's — and Ana's two in their activation order."""
    def nw(owner: int) -> dict:
        return {"owner": owner, "trigger": "t004.1", "levels": [[{"card": "e019.1", "player": owner}]]}

    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER}, {"memory": FILLER}],
              "triggers": [nw(0), nw(2), nw(0)]})
    texts = pass_all(st)
    fired = [t.split(" fires")[0] for t in texts if " fires: " in t]
    assert fired == ["Cy's trigger stack", "Ana's trigger stack #1", "Ana's trigger stack"]


# -- information (META-INF-*, META-GAP-17) ------------------------------------------------------------


def test_META_INF_01_hands_are_private():
    """META-INF-01: a hand's cards appear only in its owner's private view; the board (seen by everyone)
    shows only the number of cards; a spectator has no private view."""
    st = pos({"players": [{"hand": ["e001.1", "m001.1"], "memory": FILLER}, {"hand": ["e022.1"], "memory": FILLER}]})
    assert hand_ids(st, 0) == ["e001.1", "m001.1"] and hand_ids(st, 1) == ["e022.1"]
    for viewer in (None, 0, 1):
        v = GAME.view(st, viewer)
        text = json.dumps(v.board)
        assert [p["hand"] for p in v.board["players"]] == [2, 1]
        assert "e001.1" not in text and "m001.1" not in text and "e022.1" not in text
    assert GAME.view(st, None).private is None
    assert "e022.1" not in json.dumps(GAME.view(st, 0).private)
    assert all(d.seat == 0 for d in GAME.view(st, 0).decisions)


def test_META_INF_01_the_opening_log_keeps_draws_private():
    """META-INF-01: the set-up log (``intro``) shows each player's opening hand and first draws only to
    that player; no public event names the cards someone drew."""
    st = new(3, 5)
    intro = GAME.intro(st)
    for e in intro:
        if e.audience is None:
            assert not e.text.startswith(("You draw", "Your hand"))
    for seat in range(3):
        mine = [e.text for e in intro if e.audience == (seat,)]
        assert len(mine) == 1 and mine[0].startswith("Your hand: ")
        assert mine[0].removeprefix("Your hand: ").removesuffix(".").split(", ") == [
            GAME.view(st, seat).private["hand"][i]["title"] for i in range(12)]


def test_META_INF_02_memories_are_hidden_even_from_their_owner():
    """META-INF-02: memory contents and order are hidden from everyone, the owner included; the number of
    cards in each memory is public."""
    st = pos({"players": [{"memory": ["m013.1", "e014.1"]}, {"memory": ["m027.1"]}]})
    for viewer in (None, 0, 1):
        v = GAME.view(st, viewer)
        text = json.dumps([v.board, v.private])
        assert "m013.1" not in text and "e014.1" not in text and "m027.1" not in text
        assert [p["memory"] for p in v.board["players"]] == [2, 1]


def test_META_INF_03_stacks_are_public():
    """META-INF-03: every card on the main tower and on trigger stacks is face up for everyone, with its
    player and text (only the trigger condition is hidden)."""
    st = pos({"players": [{"memory": FILLER}, {"memory": FILLER}],
              "main": [[{"card": "e007.1", "player": 0, "target": {"player": 1}}]],
              "triggers": [{"owner": 1, "trigger": "t001.1", "levels": [[{"card": "e019.1", "player": 1}]]}]})
    v = GAME.view(st, None).board
    main, trig = v["towers"]
    assert [(e["card"], e["player"], e["target"], e["text"]) for e in main["levels"][0]] == [
        ("e007.1", 0, "Ben", "The target player loses 4 life.")]
    assert [e["card"] for e in trig["levels"][0]] == ["e019.1"] and trig["trigger"] == "face-down"
    assert "t001.1" not in json.dumps(v) and "t001.1" not in json.dumps(GAME.view(st, 0).private)
    assert [t["card"] for t in GAME.view(st, 1).private["triggers"]] == ["t001.1"]


def test_META_INF_04_META_GAP_17_public_counters():
    """META-INF-04: life totals, disabled and removed status and the turn order are public; META-GAP-17:
    graveyards (their cards), hand sizes, memory sizes and announced trigger targets are public too."""
    st = pos({"order": [1, 0, 2], "players": [
        {"life": 7, "hand": ["e001.1"], "memory": FILLER[:4], "graveyard": ["e006.1", "m001.1"]},
        {"life": 0, "disabled": True, "memory": FILLER}, {"memory": FILLER}],
        "triggers": [{"owner": 0, "trigger": "t002.1", "target": 2}]})
    GAME.concede(st, 2)
    b = GAME.view(st, None).board
    assert b["order"] == [1, 0, 2]
    assert [(p["life"], p["disabled"], p["removed"]) for p in b["players"]] == [
        (7, False, False), (0, True, False), (15, False, True)]
    ana = b["players"][0]
    assert (ana["hand"], ana["memory"]) == (1, 4)
    assert [c["card"] for c in ana["graveyard"]] == ["e006.1", "m001.1"]
    assert b["towers"][1]["target"] == "Cy" and b["towers"][1]["trigger"] == "face-down"
