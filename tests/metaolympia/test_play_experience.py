"""Meta Olympia play experience through the game contract: publicly forced decisions, response windows and
results explained.

* A decision whose one option follows from public facts is ``forced`` ("Go to the end of the stage" on a
  full track, MO-MOV-05); one with one option because of what a team holds is not (MO-INF-01). The hidden-card
  permutation check (``test_hidden_permutation.asked``) also compares ``forced``, ``window`` and ``aimed``.
* The tactic exchange of a Defining Moment (MO-MAT-05) and the answer to an injury (MO-INJ-04/05) are windows
  that default to a pass, aimed at a team when the opponent's Counter or Injure card opened them.
* ``Result.rule`` names the deciding rule (MO-SCO-01, the tie-break on prestige tokens of MO-GAP-17) with a
  ``/rules`` pointer; ``Result.scores`` gives each team's prestige by part (MO-SCO-02/03).
"""

from __future__ import annotations

import pytest

from games.core.contract import StaleChoice
from games.metaolympia import GAME
from tests.player_texts import internal_hits

from .kit import (
    BLANK,
    DRAW,
    HOME_WINS,
    board,
    choose,
    decision,
    drive,
    dull,
    match_dice,
    position,
    reveal,
    seats,
    team,
)

LAST = 3
QUIET = ["tharsis-fundraiser-gala", "noctis-war-room", "valles-proving-grounds"]


# ---------------------------------------------------------------- §1 publicly forced decisions

def test_MO_MOV_05_go_to_the_end_on_a_full_track_is_forced():
    """MO-MOV-05, MO-MOV-02: with the one tile ahead full (two teams on it), the team behind can only go to
    the end of the stage: a forced decision the host applies at once; with a free tile ahead it is asked."""
    st = position({"tracks": [QUIET] * 4, "players": [{"pos": 2}, {"pos": 2, "stamp": 1}, {"pos": 1},
                                                      {"pos": 1, "stamp": 3}]}, n=4)
    d = decision(st)
    assert d.kind == "move" and [o.id for o in d.options] == ["end"]
    assert d.forced and not d.window
    choose(st, d.seat, "end")
    d = decision(st)
    assert d.kind == "spot" and len(d.options) == 4 and not d.forced
    free = position({"tracks": [QUIET] * 4, "players": [{"pos": 2}, {}, {"pos": 1}]}, n=3)
    d = decision(free)
    assert d.kind == "move" and len(d.options) > 1 and not d.forced


def test_a_tactic_turn_with_only_pass_is_asked_not_forced():
    """MO-INF-01, MO-GAP-16: a team holding a tactic it cannot pay has one option (pass), but that follows from
    its secret hand: the decision is asked (a window), never forced."""
    st = position({"match": [0, 1], "dice": match_dice((BLANK, BLANK)),
                   "players": [team(), team(tactics=["bicycle-over-phobos"], credits=0)]})
    reveal(st, 1, "dust-warden")
    reveal(st, 0, "dust-warden")
    d = decision(st)
    assert (d.seat, d.kind, [o.id for o in d.options]) == (1, "tactic", ["pass"])
    assert not d.forced and d.window and d.default == "pass"


def _forced_kinds(n: int, seed: int) -> dict[str, int]:
    st = GAME.new_game(seats(n), None, seed)
    bots = [GAME.computer(seed + p) for p in range(n)]
    seen: dict[str, int] = {}
    while ds := GAME.decisions(st):
        d = ds[0]
        if d.forced:
            assert len(d.options) == 1, d
            seen[d.kind] = seen.get(d.kind, 0) + 1
        GAME.apply(st, d.seat, bots[d.seat](d, GAME.view(st, d.seat)))
    return seen


@pytest.mark.parametrize("n", [2, 4])
def test_every_forced_decision_has_one_option_over_seeded_games(n):
    """Over seeded games every forced decision has exactly one option; a four-team game meets the
    forced move to the end of a full track."""
    seen = _forced_kinds(n, 21)
    assert set(seen) <= {"move", "spot", "keep", "dice", "recover_dice", "heal", "sponsor_pick", "tactic_pick"}
    if n == 4:
        assert seen.get("move", 0) > 0


# ---------------------------------------------------------------- §2 response windows

def test_MO_MAT_05_MO_INJ_04_tactic_exchange_and_injury_answer_are_windows_aimed_after_an_injure():
    """MO-MAT-05, MO-INJ-04: the tactic turn is a window defaulting to pass, not aimed while nobody has played
    against the team; Home's Hard Tackle injures Away's athlete, so Away's Re-Roll answer and its next tactic
    turn are aimed at Away. Home's own turn is not aimed."""
    st = position({"match": [0, 1], "dice": match_dice((BLANK, BLANK)),
                   "players": [team(tactics=["hard-tackle"], credits=3, popularity=1),
                               team(tactics=["second-breath", "low-gravity-leap"])]})
    reveal(st, 1, "dust-warden")
    reveal(st, 0, "dust-warden")
    d = decision(st)
    assert (d.seat, d.kind, d.window, d.aimed, d.default) == (1, "tactic", True, False, "pass")
    choose(st, 1, "pass")
    d = decision(st)
    assert (d.seat, d.kind, d.window, d.aimed) == (0, "tactic", True, False)
    choose(st, 0, next(o.id for o in d.options if "Hard Tackle" in o.label))
    d = decision(st)
    assert (d.seat, d.kind, d.window, d.aimed, d.default) == (1, "react", True, True, "accept")
    choose(st, 1, "accept")
    d = decision(st)
    assert (d.seat, d.kind, d.window, d.aimed) == (1, "tactic", True, True)
    choose(st, 1, "pass")  # Home holds no tactic now: it passes silently and Defining Moment 2 begins
    d = decision(st)
    assert (d.seat, d.kind, d.window, d.aimed) == (1, "athlete", False, False)


def test_an_injury_from_the_own_roll_opens_a_window_not_aimed():
    """MO-DIE-07, MO-INJ-04: an Injury rolled by the team itself opens the Re-Roll window, not aimed at it."""
    st = position({"match": [0, 1], "dice": match_dice(("injury", BLANK)),
                   "players": [team(), team(tactics=["second-breath"])]})
    reveal(st, 1, "dust-warden")
    d = decision(st)
    assert (d.seat, d.kind, d.window, d.aimed) == (1, "react", True, False)


def test_decisions_that_are_not_windows():
    """A move, a reveal or a popularity spend is the team's own step, never a window; nor is the tactic turn
    of a scrimmage (MO-SCR-02), where nobody else plays."""
    st = position({"match": [0, 1], "dice": DRAW, "players": [team(popularity=3), team(popularity=3)]})
    d = decision(st)
    assert d.kind == "athlete" and not d.window and not d.aimed
    reveal(st, 1, "dust-warden")
    d = decision(st)
    assert d.kind == "dice" and not d.window and not d.forced
    st = position({"scrimmage": {"seat": 0, "card": "miners-eleven"}, "dice": [BLANK],
                   "players": [team(tactics=["low-gravity-leap"]), team()]})
    reveal(st, 0, "dust-warden")
    d = decision(st)
    assert (d.kind, d.window, d.aimed, d.default) == ("tactic", False, False, "pass")


# ---------------------------------------------------------------- §8 results explained

def _final(players, dice=DRAW, **spec):
    st = position({"stage": LAST, "match": [0, 1], "dice": dice, "players": players, **spec})
    drive(st, dull)
    assert GAME.result(st) is not None
    return GAME.result(st)


def test_MO_SCO_01_result_rule_most_prestige():
    """MO-SCO-01: the rule names the winning total with a pointer; each team's line shows its prestige by part
    (MO-SCO-02/03), credits and popularity with their division."""
    res = _final([{"prestige": 2}, {"prestige": 4, "credits": 7, "popularity": 5}])  # the draw adds 1 popularity
    assert res.rule == "Most prestige wins: 9, see /rules MO-SCO-01."
    assert res.scores == (
        "Gusev Super Colliders: 4 prestige = 2 from tokens + 0 from minor sponsors + 0 from major sponsors + "
        "1 from credits (3 ÷ 3) + 1 from popularity (2 ÷ 2)",
        "Jezero Dust Devils: 9 prestige = 4 from tokens + 0 from minor sponsors + 0 from major sponsors + "
        "2 from credits (7 ÷ 3) + 3 from popularity (6 ÷ 2)")


def test_MO_GAP_17_result_rule_names_the_tie_break_on_prestige_tokens():
    """MO-GAP-17: equal prestige broken by prestige tokens; the rule says so (pointer to MO-SCO-01, whose text
    names the tie-break)."""
    res = _final([{"prestige": 2, "credits": 6}, {"prestige": 3, "credits": 3}])
    assert res.winners == (1,)
    assert res.rule == ("2 teams tied on 5 prestige; the tie is broken on prestige tokens won in matches (3), "
                        "see /rules MO-SCO-01.")
    res = _final([{"prestige": 1}, {"prestige": 1}])
    assert res.winners == (0, 1)
    assert "share the win" in res.rule and "/rules MO-SCO-01" in res.rule


def test_result_after_a_concession_names_the_rule_and_the_withdrawn_team():
    """MO-STR-01: the last team left wins; the scores say who withdrew."""
    st = position({"match": [0, 1], "dice": DRAW, "players": [team(), team()]}, n=3)
    GAME.concede(st, 2)
    GAME.concede(st, 1)
    res = GAME.result(st)
    assert res.rule == "Every other team withdrew: the last team left wins."
    assert res.scores[1:] == ("Jezero Dust Devils: withdrew", "Tharsis Rovers: withdrew")
    assert res.scores[0].startswith("Gusev Super Colliders: ")
    for text in (res.text, res.rule, *res.scores):
        assert internal_hits(text) == []
    assert board(st)["phase"] == "over"


# ---------------------------------------------------------------- §6 a log people can follow

def test_MO_MAT_03_the_log_gives_each_reveal_in_one_short_line_each_roll_and_the_score():
    """MO-MAT-03, MO-DIE-02: a reveal is one short line (the card's full text is a lookup away), every roll
    shows its faces and a goal shows the score."""
    st = position({"match": [0, 1], "dice": HOME_WINS, "players": [team(), team()]})
    ev = [e.text for e in reveal(st, 1, "dust-warden")]
    assert ev[0] == "Jezero Dust Devils reveals Dust Warden (Rookie, defensive) for Defining Moment 1."
    assert "Jezero Dust Devils rolls 1 die for Dust Warden (Reveal & Roll): Special Ability." in ev
    ev = [e.text for e in reveal(st, 0, "canal-striker")]
    assert "Gusev Super Colliders rolls 1 die for Canal Striker (Reveal & Roll): Goal." in ev
    assert "+1 goal for Gusev Super Colliders: Gusev Super Colliders 1, Jezero Dust Devils 0." in ev
    assert not any("Boost" in t for t in ev if "reveals" in t)


def test_MO_RST_01_a_stage_ends_with_a_one_line_summary():
    """MO-RST-01: after a stage's Tournament the log sums the stage up in one line: each team's prestige,
    credits, popularity and record, most prestige first."""
    st = position({"match": [0, 1], "dice": HOME_WINS, "players": [team(), team()], "options": {"bestof": 3}})
    events = drive(st, dull, until=lambda s, d: board(s)["stage"] == 1).events
    lines = [e.text for e in events if e.text.startswith("After Stage 1:")]
    assert len(lines) == 1
    p = board(st)["players"]
    first = 0 if p[0]["prestige"] >= p[1]["prestige"] else 1
    assert lines[0].startswith(f"After Stage 1: {p[first]['team']} {p[first]['prestige']} prestige, ")
    assert internal_hits(lines[0]) == []


# ---------------------------------------------------------------- §7 why an option is missing

def test_MO_MAT_05_a_tactic_too_dear_has_its_reason_and_its_refusal_says_it():
    """MO-MAT-05: a tactic whose cost cannot be paid is not offered; ``unplayable`` gives the reason, the
    refusal of playing it names it and what is legal, and nothing is shown to the other team."""
    st = position({"match": [0, 1], "dice": match_dice((BLANK, BLANK)),
                   "players": [team(), team(tactics=["bicycle-over-phobos", "low-gravity-leap"], credits=1)]})
    assert GAME.unplayable(st, 1) == []  # no decision of Ben's yet
    reveal(st, 1, "dust-warden")
    reveal(st, 0, "dust-warden")
    assert GAME.unplayable(st, 1) == [("Bicycle over Phobos", "costs 2 credits, you have 1")]
    assert GAME.unplayable(st, 0) == []
    legal = [o.id for o in decision(st).options]
    dear = st.cards.index("bicycle-over-phobos")  # the card's number, as the option ids name cards
    assert f"tactic:{dear}" not in legal
    with pytest.raises(StaleChoice) as err:
        GAME.apply(st, 1, f"tactic:{dear}")
    assert "(Bicycle over Phobos: costs 2 credits, you have 1)" in str(err.value)
    assert all(i in str(err.value) for i in legal)


def test_MO_MOV_02_a_full_tile_ahead_has_its_reason():
    """MO-MOV-02: a tile ahead holding two teams (3-4 teams) is not offered: "full, 2 teams per tile"."""
    st = position({"tracks": [QUIET] * 4, "players": [{"pos": 1}, {"pos": 1, "stamp": 1}, {}]}, n=3)
    d = decision(st)
    assert d.seat == 2 and [o.id for o in d.options] == ["tile:0", "tile:2", "end"]
    assert GAME.unplayable(st, 2) == [("Noctis War Room", "full, 2 teams per tile")]
    with pytest.raises(StaleChoice) as err:
        GAME.apply(st, 2, "tile:1")
    assert "(Noctis War Room: full, 2 teams per tile)" in str(err.value)


def test_MO_INJ_02_MO_GAP_09_athletes_injured_or_played_have_their_reasons():
    """MO-INJ-02, MO-GAP-09: in the second Defining Moment the athlete played in the first and an injured one
    are not offered to reveal, each with its reason."""
    dice = ["goal", *match_dice((BLANK, BLANK), (BLANK, BLANK))]  # the recovery roll first: stays injured
    st = position({"match": [0, 1], "dice": dice, "players": [team(), team(injured=["canal-striker"])]})
    reveal(st, 1, "dust-warden")
    reveal(st, 0, "dust-warden")
    d = decision(st)
    assert (d.seat, d.kind) == (1, "athlete")
    assert sorted(GAME.unplayable(st, 1)) == [("Canal Striker", "injured"),
                                             ("Dust Warden", "already played this match")]


@pytest.mark.parametrize("n", [2, 4])
def test_every_card_of_a_card_decision_is_offered_or_has_a_reason(n):
    """Over seeded games: in a tactic turn, an injury answer, a reveal or a trade-in, each tactic
    card or athlete of the deciding team is either offered or listed by ``unplayable`` with a reason; other
    teams get no list."""
    from games.metaolympia import rules

    st = GAME.new_game(seats(n), None, 5)
    bots = [GAME.computer(40 + p) for p in range(n)]
    checked = 0
    while ds := GAME.decisions(st):
        d = ds[0]
        for other in range(n):
            if other != d.seat:
                assert GAME.unplayable(st, other) == []
        if d.kind in ("tactic", "react", "athlete", "return"):
            p = st.players[d.seat]
            cards = p.tactics if d.kind in ("tactic", "react") else p.athletes
            offered = {c for o in d.options for c in o.cards}
            reasons = dict(GAME.unplayable(st, d.seat))
            for c in cards:
                nm = rules.cname(st, c)
                assert st.cards[c] in offered or reasons.get(nm), (d.kind, nm, d.options, reasons)
                checked += 1
        GAME.apply(st, d.seat, bots[d.seat](d, GAME.view(st, d.seat)))
    assert checked > 50
