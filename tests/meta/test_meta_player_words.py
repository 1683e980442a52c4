"""Meta in player words: no internal codes in anything a player reads, a decision kind named
in words on the board, and a log of one short line per play with every outcome and a turn summary.

The scan plays seeded games at 2, 3, 4 and 6 seats through the contract (tests/player_texts.py) and reads
every board, context and private text, prompt, label, event, result and picture label; besides the shared
internal patterns it looks for Meta's own: a trigger stack's id (``t1``), a card's text repeated in the log
("Text:"), and a hand line that carries the card's text."""

from __future__ import annotations

import re

import pytest
from meta_stack_helpers import GAME, activate, apply, index, pass_all, play, pos

from games.meta.cards import card_text
from games.meta.pool import card_pool
from games.meta.render import STEP_NAMES
from tests.player_texts import game_texts, internal_hits

_TOWER_ID = re.compile(r"\bt\d+\b")


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_every_text_a_player_reads_is_free_of_internal_codes(seats: int):
    """Seeded games at each seat count show no card id, option id, step name, "Engine reading",
    Python repr or bare rule ID, and no trigger stack id, in any text a player can read."""
    texts = {card_text(c) for c in card_pool().values()}
    kinds = set()
    for where, text in game_texts(GAME, seats + 1, seats):
        assert not internal_hits(text), (where, text, internal_hits(text))
        assert not _TOWER_ID.search(text), (where, text)
        if where == "event":
            assert "Text:" not in text and not any(t in text for t in texts), text
        if where == "private":
            assert not any(t in text for t in texts), text
        if where == "waiting":
            kinds.add(text)
    assert kinds and not kinds & {"push", "confirm play", "confirm_play", "drawing"}


def test_every_decision_kind_has_a_step_name_in_words():
    """Every decision kind Meta opens (and ``playing``, what others see of a play's steps) has
    a name in words on the board's "Waiting for" line, never the raw kind."""
    for kind in ("drawing", "push", "destination", "target", "confirm_play", "playing", "discard"):
        assert GAME.step_name(kind) == STEP_NAMES[kind] and GAME.step_name(kind) != kind
    st = pos({"players": [{"hand": ["e001.1"]}, {}]})
    board = GAME.board_text(GAME.view(st, None))
    assert "Waiting for: Ana (playing or passing), Ben (playing or passing)" in board


def test_a_play_on_another_players_trigger_stack_is_one_short_line():
    """"Ana plays Hearthfire on Ben's trigger stack" (trigger stacks opened to all by a rule
    change, META-GAP-03): who, which card, on which stack, nothing of its text."""
    st = pos({"players": [{"hand": ["e019.1", "e001.1"]}, {}],
              "rules": [{"param": "trigger_access", "value": "all"}],
              "triggers": [{"owner": 1, "trigger": "t005.1", "levels": []}]})
    assert play(st, 0, "e019.1", dest="t1") == ["Ana plays Hearthfire on Ben's trigger stack."]
    assert play(st, 0, "e001.1", "p1") == ["Ana plays Spark of Ruin on the main stack, targeting Ben."]


def test_trigger_stacks_are_numbered_in_words_only_while_their_owner_has_several():
    """A player's only trigger stack is "Ana's trigger stack"; with two, they are "#1" and "#2"
    in activation order, on the board, in the log and in the owner's private view (no ids)."""
    st = pos({"stage": "drawing", "players": [{"hand": ["t005.1", "t005.1"]}, {}]})
    assert activate(st, 0, "t005.1") == ["Ana activates a trigger stack with a face-down trigger."]
    assert "Ana's trigger stack: face-down trigger" in GAME.board_text(GAME.view(st, None))
    events = GAME.apply(st, 0, f"activate:{[c['id'] for c in GAME.view(st, 0).private['hand']][0]}")
    events += GAME.apply(st, 0, "confirm")
    assert [e.text for e in events if e.audience is None] == [
        "Ana activates a trigger stack with a face-down trigger: Ana's trigger stack #2."]
    assert [e.text for e in events if e.audience == (0,)] == ["The face-down trigger of Ana's trigger stack #2 is "
                                                              "your Vesper Bell."]
    board = GAME.board_text(GAME.view(st, None))
    assert "Ana's trigger stack #1: face-down trigger" in board and "Ana's trigger stack #2: face-down" in board
    private = GAME.private_text(GAME.view(st, 0))
    assert "Face down on Ana's trigger stack #1: your Vesper Bell (at the end of your turn)" in private
    context = GAME.context_text(GAME.view(st, 0))
    assert "Your trigger stack #1" in context and "Your trigger stack #2" in context


def test_the_hand_shows_a_short_line_per_card():
    """Each hand line is name, type and target kind; no card id, no text."""
    st = pos({"players": [{"hand": ["e001.1", "m001.1", "t005.1", "e022.1"]}, {}]})
    lines = GAME.private_text(GAME.view(st, 0)).splitlines()
    assert lines == ["Your hand (4):", "  Spark of Ruin · Event · targets an opponent",
                     "  Hush · Meta · targets a card on a stack", "  Vesper Bell · Trigger",
                     "  Spring Thaw · Event"]


def test_every_outcome_is_a_line_and_each_turn_ends_with_a_summary():
    """The executing stage logs each card and what it did with its numbers, and the turn ends
    with one line giving every player's life and hand size in turn order."""
    st = pos({"players": [{"hand": ["e001.1", "e022.1"]}, {}, {}]}, n=3)
    play(st, 0, "e001.1", "p1")
    play(st, 0, "e022.1")
    log = pass_all(st)
    assert index(log, "Spring Thaw (Ana's) executes.") < index(log, "Ana gains 2 life (17).") < index(
        log, "Spark of Ruin (Ana's) executes.") < index(log, "Ben loses 3 life (14).")
    assert "End of turn 1 (Ana's): Ana 17 life, 0 in hand; Ben 14 life, 0 in hand; Cid 17 life, 0 in hand." in log
    assert index(log, "End of turn 1") < index(log, "Turn 2: Ben is at turn.")


def test_log_lines_carry_no_bare_rule_ids():
    """A log line explains in words ("the drawing stage ends"), without a rule ID."""
    st = pos({"stage": "drawing", "players": [{"hand": ["e022.1"]}, {}]})
    log = play(st, 0, "e022.1")
    assert log == ["Ana plays Spring Thaw on the main stack.", "A card went onto the main tower: the drawing stage ends."]
    assert apply(st, 1, "pass") == ["Ben passes."]


# -- results explained ------------------------------------------------------------------------


def test_META_WIN_02_the_result_names_its_rule_and_each_seats_standing():
    """META-WIN-02: the last player not disabled wins; the result names that rule as a pointer
    and gives one line per seat in seat order: in play or disabled (and why), life, hand and memory."""
    st = pos({"players": [{"hand": ["e001.1"], "memory": ["e003.1"] * 5}, {"life": 3, "memory": ["e003.1"] * 4}]})
    play(st, 0, "e001.1", "p1")
    pass_all(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and res.reason == "last_active"
    assert res.rule == "The last player in play (not disabled) wins, see /rules META-WIN-02"
    assert res.scores == ("Ana: in play · 15 life · 0 in hand · 5 in memory",
                          "Ben: disabled (life) · 0 life · 0 in hand · 4 in memory")


def test_META_WIN_03_a_game_won_by_concessions_says_so():
    """META-WIN-03: when the others concede, the last player in play wins; the rule says why."""
    st = pos({"players": [{}, {}, {}]}, n=3)
    GAME.concede(st, 1)
    assert GAME.result(st) is None
    GAME.concede(st, 2)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and res.reason == "concede"
    assert res.rule.endswith("see /rules META-WIN-03") and "conceded" in res.rule
    assert [line.split(" · ")[0] for line in res.scores] == ["Ana: in play", "Ben: conceded", "Cid: conceded"]


def test_META_GAP_13_the_turn_cap_draw_names_its_rule():
    """META-GAP-13: the 300-turn cap ends the game as a draw, and the result says so in words (a gap tag is
    no pointer a player reads)."""
    st = pos({"turn": 300, "players": [{"memory": ["e003.1"] * 5}, {"memory": ["e003.1"] * 5}]})
    pass_all(st)
    res = GAME.result(st)
    assert res is not None and res.draw and res.reason == "turn_cap"
    assert res.rule == ("A draw: more than one player was still in play when the bot's 300-turn cap was reached "
                        "(a gap the rulebook leaves open: see /rules)")
    assert not internal_hits(res.rule)
    assert res.scores == ("Ana: in play · 15 life · 0 in hand · 5 in memory",
                          "Ben: in play · 15 life · 0 in hand · 5 in memory")


# -- the picture ---------------------------------------------------------------------------------


def _bars(lay, src: str):
    from games.core.layout import Bar

    return [e for e in lay.elements if isinstance(e, Bar) and e.source == src]


def test_the_picture_scales_life_bars_to_the_start_or_current_life_and_says_steps_in_words():
    """A life bar's maximum is the higher of the starting 15 and the current life (not the
    25 cap: 20 life and 23 life differ); the footer names what each player is doing in words; a trigger
    stack's heading is its name in words."""
    st = pos({"players": [{"life": 20}, {"life": 9}, {"life": 23}],
              "triggers": [{"owner": 1, "trigger": "t005.1", "target": 0, "levels": []}]}, n=3)
    lay = GAME.layout(GAME.view(st, None))
    assert [(b.value, b.maximum) for s in range(3) for b in _bars(lay, f"p{s}.life")] == [(20, 20), (9, 15), (23, 23)]
    texts = lay.texts()
    assert "Ben's trigger stack" in texts
    waiting = " ".join(lb.text for lb in lay.labels("waiting"))
    assert "Ana (playing or passing)" in waiting and "push" not in waiting
    assert not [t for t in texts if internal_hits(t) or _TOWER_ID.search(t)]


def test_the_picture_of_a_finished_game_says_game_over():
    """No internal stage word ("over stage") once the game has ended, in the picture or the
    board text."""
    st = pos({"players": [{"hand": ["e001.1"]}, {"life": 3}]})
    play(st, 0, "e001.1", "p1")
    pass_all(st)
    lay = GAME.layout(GAME.view(st, None))
    assert [lb.text for lb in lay.labels("stage")] == ["game over"]
    assert GAME.board_text(GAME.view(st, None)).splitlines()[0] == "Meta · turn 1 · Ana at turn · game over"


def test_the_card_lookup_speaks_player_words():
    """A card's lookup (/card) shows its text and reading, its target in words ("no target",
    never a Python None), its copy limit with a rule pointer and no base id; only the label of a card whose
    printings share a name (Kindling) keeps the id that tells them apart in deck lists."""
    shared = {"Kindling", "Cold Water", "Spring Snare"}
    for card in GAME.card_catalog():
        texts = [card.name, card.type, card.text, card.flavor, card.limit, *(f"{k}: {v}" for k, v in card.fields)]
        assert not [t for t in texts if internal_hits(t)], card.id
        assert "see /rules META-" in card.limit and card.id.split(".")[0] not in card.limit
        assert card.label == card.name or card.name in shared
    assert dict(GAME.card_catalog().get("e022.1").fields)["Target"] == "no target"
