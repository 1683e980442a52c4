"""Meta Olympia Scrimmage tiles through the game contract: the solo contest against the top
scrimmage card (MO-SCR-01/02), win, tie and loss (MO-SCR-03), kept cards and sponsor goals (MO-SCR-04,
MO-GAP-13), discarded cards (MO-SCR-05), injuries (MO-SCR-06), the scrimmage details (MO-GAP-11) and the
empty scrimmage deck (MO-GAP-19). Loaded dice (``GAME.position``'s ``dice``) make every roll certain."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME
from games.metaolympia.pool import starters

from .kit import (
    FUNDRAISE,
    SCRIMMAGE_2,
    STRATEGIZE,
    TILE,
    answer_round,
    board,
    card_ids,
    choose,
    decision,
    drive,
    ids,
    landing_spec,
    pick,
    position,
    private,
)

STARTERS = starters()  # dust-warden, regolith-stopper, crater-keeper, red-runner, canal-striker, dune-winger
ROVERS = "canal-city-rovers"  # tier 2, score 2, rewards 1 credit and 1 popularity
KICKABOUT = "hab-yard-kickabout"  # tier 1, score 0, rewards 1 credit
FRIENDLY = "dust-bowl-friendly"  # tier 1, score 1, rewards 1 popularity
ROUNDS = ["red-runner", "canal-striker", "dune-winger"]


def scrim(dice: list[str], deck: list[str] | None = None, me: dict | None = None, **spec):
    """Seat 0 lands on the Scrimmage tile with ``deck`` (top last) and the loaded ``dice``."""
    others = spec.pop("players", [])
    seat0 = {"credits": 3, "popularity": 1, **(me or {})}
    return position(landing_spec("scrimmage", scrim_deck=deck or [ROVERS], dice=dice,
                                 players=[seat0, *others], **spec))


def play(st, athletes: list[str] = ROUNDS) -> list:
    ev = []
    for a in athletes:
        ev += answer_round(st, 0, a)
    return ev


def contest(st) -> dict:
    return board(st)["contest"]


def me(st) -> dict:
    return board(st)["players"][0]


# ---------------------------------------------------------------- the contest (MO-SCR-01/02)

def test_MO_SCR_01_the_scrimmage_tile_plays_solo_against_the_top_card():
    """MO-SCR-01: landing on a Scrimmage tile draws the top scrimmage card (top last) and starts a solo contest
    against it: only the lander decides, there is no Home team and the card is on the board."""
    st = scrim(["goal"] * 3, deck=[FRIENDLY, ROVERS])
    c = contest(st)
    assert c["kind"] == "scrimmage" and c["away"] == 0 and c["home"] is None
    assert c["card"]["card"] == ROVERS and c["score"] == [0]
    assert board(st)["scrim_deck"] == 1 and board(st)["scrim_next_tier"] == 1
    d = decision(st)
    assert (d.seat, d.kind) == (0, "athlete")
    assert GAME.view(st, 1).decisions == ()


def test_MO_SCR_02_three_rounds_each_reveal_an_athlete_and_roll():
    """MO-SCR-02: three rounds; in each the player reveals an athlete and its roll resolves: a Goal scores 1, a
    4-Boost uses the athlete's printed boost (Red Runner: +1 goal), a Special Ability the athlete lacks does
    nothing; the contest ends after the third round."""
    st = scrim(["boost4", "goal", "special"], deck=[ROVERS])
    answer_round(st, 0, "red-runner")
    assert contest(st)["score"] == [1] and contest(st)["moment"] == 2
    answer_round(st, 0, "canal-striker")
    assert contest(st)["score"] == [2] and contest(st)["moment"] == 3
    assert decision(st).kind == "athlete"
    ev = answer_round(st, 0, "dune-winger")
    assert board(st)["contest"] is None and board(st)["tile"] is None
    assert any("ties Canal City Rovers 2-2" in e.text for e in ev)
    d = decision(st)
    assert (d.seat, d.kind) == (1, "move")


def test_MO_SCR_02_MO_GAP_11_each_athlete_plays_at_most_one_round():
    """MO-SCR-02, MO-GAP-11: an athlete revealed in one round is not offered in a later round of the same
    scrimmage."""
    st = scrim(["goal"] * 3)
    assert len(decision(st).options) == 6
    red = next(o.id for o in decision(st).options if o.cards == ("red-runner",))
    answer_round(st, 0, "red-runner")
    offered = [o.cards[0] for o in decision(st).options]
    assert len(offered) == 5 and "red-runner" not in offered
    answer_round(st, 0, "canal-striker")
    offered = [o.cards[0] for o in decision(st).options]
    assert sorted(offered) == sorted(a for a in STARTERS if a not in ("red-runner", "canal-striker"))
    snap = GAME.to_json(st)
    with pytest.raises(RulesError):
        GAME.apply(st, 0, red)
    assert GAME.to_json(st) == snap


def test_MO_SCR_02_MO_GAP_11_a_counter_has_nothing_to_block_and_the_card_score_is_fixed():
    """MO-SCR-02, MO-GAP-11: a Counter (rolled or from a 4-Boost) acts on nothing in a scrimmage: the player's
    score and the card's printed score stay; 2 goals beat a score-1 card."""
    st = scrim(["counter", "goal", "goal"], deck=[FRIENDLY])
    ev = answer_round(st, 0, "dust-warden")
    assert contest(st)["score"] == [0]
    assert any("nothing to block" in e.text for e in ev)
    ev += play(st, ["canal-striker", "dune-winger"])
    assert any("beats Dust Bowl Friendly 2-1" in e.text for e in ev)
    assert card_ids(me(st)["scrims"]) == [FRIENDLY]


def test_MO_SCR_02_MO_GAP_11_only_tactics_with_something_to_act_on_are_offered():
    """MO-SCR-02, MO-GAP-11: tactic cards may be played in a scrimmage, but those that only counter or injure
    are not offered; playing a goal tactic scores; after it the player, still holding cards, is asked again
    (MO-INF-01) with only "pass" to offer, and that pass ends the round's tactics."""
    mine = {"tactics": ["dust-devil-screen", "hard-tackle", "low-gravity-leap"], "credits": 3, "popularity": 1}
    st = scrim(["special", "special", "special"], me=mine)
    pick(st, 0, "red-runner", "athlete:")
    d = decision(st)
    assert d.kind == "tactic"
    assert [o.cards for o in d.options if o.id != "pass"] == [("low-gravity-leap",)]
    assert "pass" in ids(st)
    pick(st, 0, "low-gravity-leap", "tactic:")
    assert contest(st)["score"] == [1]
    assert decision(st).kind == "tactic" and ids(st) == ["pass"]
    choose(st, 0, "pass")
    assert decision(st).kind == "athlete" and contest(st)["moment"] == 2
    assert card_ids(board(st)["tactic_discard"]) == ["low-gravity-leap"]
    assert sorted(card_ids(private(st, 0)["tactics"])) == ["dust-devil-screen", "hard-tackle"]


def test_MO_SCR_02_popularity_buys_extra_dice_in_a_scrimmage():
    """MO-SCR-02 (MO-POP-02, MO-GAP-15 solo): with 2 popularity the player may spend it for a second die and
    keep one result."""
    st = scrim(["counter", "goal", "goal", "goal"], me={"popularity": 2})
    pick(st, 0, "red-runner", "athlete:")
    d = decision(st)
    assert (d.kind, [o.id for o in d.options]) == ("dice", ["pop:0", "pop:2"])
    choose(st, 0, "pop:2")
    assert me(st)["popularity"] == 0
    assert decision(st).kind == "keep" and sorted(ids(st)) == ["face:counter", "face:goal"]
    choose(st, 0, "face:goal")
    assert contest(st)["score"] == [1]


def test_MO_SCR_02_combos_apply_in_a_scrimmage():
    """MO-SCR-02 (MO-CMB solo, MO-GAP-14): Chryse Junior after an offensive athlete of the previous round adds
    its combo goal; played first it would not."""
    st = scrim(["special", "special", "special"], me={"athletes": ["chryse-junior", *STARTERS[1:]]})
    answer_round(st, 0, "chryse-junior")
    assert contest(st)["score"] == [0]  # the first athlete of a contest never combos
    st = scrim(["special", "special", "special"], me={"athletes": ["chryse-junior", *STARTERS[1:]]})
    answer_round(st, 0, "red-runner")
    answer_round(st, 0, "chryse-junior")
    assert contest(st)["score"] == [1]


# ---------------------------------------------------------------- results (MO-SCR-03)

@pytest.mark.parametrize(("dice", "outcome", "credits", "popularity"), [
    (["goal", "goal", "goal"], "win", 4, 2),
    (["goal", "goal", "counter"], "tie", 4, 2),
    (["goal", "counter", "counter"], "loss", 3, 1),
])
def test_MO_SCR_03_win_tie_and_loss(dice, outcome, credits, popularity):
    """MO-SCR-03: higher wins — the rewards (1 credit, 1 popularity) and the card is kept; equal ties — the
    rewards, the card discarded face up; lower loses — no rewards, the card discarded face up."""
    st = scrim(dice, deck=[ROVERS])
    supply = board(st)["supply"]
    ev = play(st)
    b = board(st)
    assert (me(st)["credits"], me(st)["popularity"]) == (credits, popularity)
    assert b["supply"]["credits"] == supply["credits"] - (credits - 3)
    assert b["supply"]["popularity"] == supply["popularity"] - (popularity - 1)
    if outcome == "win":
        assert card_ids(me(st)["scrims"]) == [ROVERS] and b["scrim_discard"] == []
        assert any("beats Canal City Rovers 3-2" in e.text for e in ev)
    else:
        assert me(st)["scrims"] == [] and card_ids(b["scrim_discard"]) == [ROVERS]
        word = {"tie": "ties", "loss": "loses to"}[outcome]
        assert any(word in e.text for e in ev)
    assert b["scrim_deck"] == 0 and b["contest"] is None and b["tile"] is None


def test_MO_SCR_03_MO_GAP_18_scrimmage_rewards_are_capped_by_the_supply():
    """MO-SCR-03, MO-GAP-18: with the credit supply empty a win pays the popularity only, and the log says so."""
    st = scrim(["goal"] * 3, me={"credits": 20}, players=[{"credits": 20}])
    assert board(st)["supply"]["credits"] == 0
    ev = play(st)
    assert (me(st)["credits"], me(st)["popularity"]) == (20, 2)
    assert card_ids(me(st)["scrims"]) == [ROVERS]
    assert any("supply is out" in e.text for e in ev)


# ---------------------------------------------------------------- kept cards and sponsors (MO-SCR-04, MO-GAP-13)

def test_MO_SCR_04_a_kept_scrimmage_card_counts_toward_a_major_sponsor_goal():
    """MO-SCR-04, MO-GAP-12: the card kept after a win is the third scrimmage card of the team, which meets the
    major sponsor "keep 3 scrimmage cards" at final scoring (its 2 prestige); the other team holds none."""
    held = [KICKABOUT, "greenhouse-giants"]
    st = scrim(["goal"] * 3, deck=[FRIENDLY], me={"scrims": held}, majors=["valles-mining-consortium"],
               players=[{"pos": len(TILE), "spot": 0, "arrival": 0}])
    play(st)
    assert card_ids(me(st)["scrims"]) == [*held, FRIENDLY]
    drive(st)
    sc = board(st)["scores"]
    assert sc[0]["majors"] == 2 and sc[1]["majors"] == 0


def test_MO_SCR_04_without_the_win_the_goal_is_not_met():
    """MO-SCR-04 (control): the same game with the scrimmage lost leaves two cards: no major sponsor prestige."""
    held = [KICKABOUT, "greenhouse-giants"]
    st = scrim(["counter"] * 3, deck=[FRIENDLY], me={"scrims": held}, majors=["valles-mining-consortium"],
               players=[{"pos": len(TILE), "spot": 0, "arrival": 0}])
    play(st)
    assert card_ids(me(st)["scrims"]) == held
    drive(st)
    assert board(st)["scores"][0]["majors"] == 0


def test_MO_GAP_13_a_scrimmage_minor_sponsor_is_revealed_and_paid_once_after_a_winning_scrimmage():
    """MO-GAP-13, MO-FND-04: after a won tier-2 scrimmage, the "win a scrimmage of tier 2" minor sponsor is
    revealed, pays its credit from the supply and its prestige as points, and stays face up; a tier-3 goal and
    a match-time sponsor (score 3 goals) stay secret."""
    minors = ["meridiani-survey-company", "isidis-orbital-yards", "jezero-sports-drink"]
    st = scrim(["goal"] * 3, deck=[ROVERS], me={"minors": minors})
    ev = play(st)
    p = me(st)
    assert card_ids(p["shown"]) == ["meridiani-survey-company"]
    assert p["minors"] == 2 and sorted(card_ids(private(st, 0)["minors"])) == sorted(minors[1:])
    assert p["sponsor_prestige"] == 1 and p["prestige"] == 0
    assert p["credits"] == 3 + 1 + 1 and p["popularity"] == 1 + 1
    assert any(e.audience is None and "reveals minor sponsor Meridiani Survey Company" in e.text for e in ev)


@pytest.mark.parametrize("dice", [["goal", "goal", "counter"], ["counter"] * 3])
def test_MO_GAP_13_a_tie_or_a_loss_pays_no_scrimmage_minor_sponsor(dice):
    """MO-GAP-13: the goal is checked after a scrimmage its owner wins only: a tie or a loss keeps it secret."""
    st = scrim(dice, deck=[ROVERS], me={"minors": ["chryse-greenhouses"]})
    play(st)
    assert me(st)["shown"] == [] and me(st)["minors"] == 1 and me(st)["sponsor_prestige"] == 0


def test_MO_GAP_13_a_lower_tier_win_does_not_meet_a_higher_tier_goal_and_a_revealed_one_pays_once():
    """MO-GAP-13: beating a tier-1 card does not meet "tier 2"; a revealed sponsor is not paid again by a
    later win (the second scrimmage is played by a new position with the sponsor already face up)."""
    st = scrim(["goal"] * 3, deck=[KICKABOUT], me={"minors": ["meridiani-survey-company"]})
    play(st)
    assert me(st)["shown"] == [] and me(st)["credits"] == 4  # the card's credit only
    st = scrim(["goal"] * 3, deck=[ROVERS], me={"shown": ["meridiani-survey-company"], "sponsor_prestige": 1})
    play(st)
    assert card_ids(me(st)["shown"]) == ["meridiani-survey-company"]
    assert me(st)["sponsor_prestige"] == 1 and me(st)["credits"] == 4


# ---------------------------------------------------------------- discarded cards (MO-SCR-05, MO-GAP-19)

def test_MO_SCR_05_a_discarded_scrimmage_card_never_comes_back():
    """MO-SCR-05: after a loss the card stays in the scrimmage discard; the next Scrimmage tile plays the next
    card of the deck, and once the deck is empty a Scrimmage tile plays nothing (MO-GAP-19) — the discarded
    card is never drawn again."""
    st = scrim(["counter"] * 3 + ["goal"] * 3, deck=[KICKABOUT, FRIENDLY])
    play(st)
    assert card_ids(board(st)["scrim_discard"]) == [FRIENDLY]
    choose(st, 1, f"tile:{TILE['scrimmage2']}")
    assert contest(st)["card"]["card"] == KICKABOUT
    for a in ROUNDS:
        answer_round(st, 1, a)
    b = board(st)
    assert card_ids(b["players"][1]["scrims"]) == [KICKABOUT]
    assert card_ids(b["scrim_discard"]) == [FRIENDLY] and b["scrim_deck"] == 0
    # seat 0 moves on to the Free Day: no scrimmage is offered, the discarded card stays out
    choose(st, 0, f"tile:{TILE['freeday']}")
    assert ids(st) == ["fundraise", "strategize", "recruit"]


def test_MO_SCR_05_MO_GAP_19_an_empty_scrimmage_deck_plays_nothing():
    """MO-SCR-05, MO-GAP-19: a tied card is discarded; the next team on a Scrimmage tile, with the deck empty,
    plays no scrimmage and gets nothing; the discarded card is still out of play."""
    st = scrim(["goal", "goal", "counter"], deck=[ROVERS])
    play(st)
    before = board(st)["players"][1]
    ev = choose(st, 1, f"tile:{TILE['scrimmage2']}")
    b = board(st)
    assert any("scrimmage deck is empty" in e.text for e in ev)
    assert b["contest"] is None and b["tile"] is None
    assert b["players"][1] == {**before, "pos": TILE["scrimmage2"]}
    assert card_ids(b["scrim_discard"]) == [ROVERS]
    assert decision(st).seat == 0 and decision(st).kind == "move"


# ---------------------------------------------------------------- injuries (MO-SCR-06, MO-GAP-11)

def test_MO_SCR_06_an_athlete_injured_in_a_scrimmage_is_face_down_and_stays_injured():
    """MO-SCR-06, MO-INJ-01: a rolled Injury turns the athlete face down (no points, no tactics on it, not
    offered again) and it is still injured after the scrimmage. Holding a tactic card, the player is asked to
    react and to play its tactic turn (MO-INF-01), with nothing to play but to leave it injured and pass."""
    st = scrim(["injury", "goal", "goal"], me={"tactics": ["low-gravity-leap"]})
    ev = pick(st, 0, "red-runner", "athlete:")
    assert decision(st).kind == "react" and ids(st) == ["accept"]
    ev += choose(st, 0, "accept")
    assert decision(st).kind == "tactic" and ids(st) == ["pass"]
    ev += choose(st, 0, "pass")
    assert any("Red Runner" in e.text and "injured: turned face down" in e.text for e in ev)
    assert contest(st)["score"] == [0] and contest(st)["moment"] == 2
    assert [a["injured"] for a in private(st, 0)["athletes"] if a["card"] == "red-runner"] == [True]
    d = decision(st)  # Low-Gravity Leap was not offered: it needs a healthy athlete on the mat
    assert d.kind == "athlete" and "red-runner" not in [o.cards[0] for o in d.options]
    assert me(st)["injured"] == 1
    play(st, ["canal-striker", "dune-winger"])
    assert me(st)["injured"] == 1
    assert [a["card"] for a in private(st, 0)["athletes"] if a["injured"]] == ["red-runner"]
    assert card_ids(board(st)["scrim_discard"]) == [ROVERS]  # 0 + 1 + 1: a tie with the score-2 card


def test_MO_SCR_06_MO_GAP_11_no_recovery_roll_before_a_scrimmage():
    """MO-SCR-06, MO-GAP-11: an athlete injured before the scrimmage gets no recovery roll: the first decision
    is the athlete to reveal, the injured one is not offered, and every loaded die goes to the three rounds."""
    st = scrim(["special", "goal", "goal", "goal"], me={"injured": ["red-runner"], "popularity": 1})
    d = decision(st)
    assert d.kind == "athlete"
    assert "red-runner" not in [o.cards[0] for o in d.options] and len(d.options) == 5
    ev = play(st, ["canal-striker", "dune-winger", "dust-warden"])
    assert me(st)["injured"] == 1
    assert not any("recovery" in e.text.lower() for e in ev)
    assert any("Special Ability" in e.text and "Canal Striker" in e.text for e in ev)


def test_MO_SCR_06_a_reroll_card_may_answer_an_injury_in_a_scrimmage():
    """MO-SCR-06, MO-INJ-04 solo: holding a Re-Roll, the injured player may play it at once: the athlete is
    healed and rolls again."""
    st = scrim(["injury", "goal", "goal", "goal"], me={"tactics": ["second-breath"]})
    pick(st, 0, "red-runner", "athlete:")
    d = decision(st)
    assert d.kind == "react" and "accept" in ids(st)
    pick(st, 0, "second-breath", "tactic:")
    assert me(st)["injured"] == 0 and contest(st)["score"] == [1]


def test_MO_SCR_06_MO_GAP_09_with_no_healthy_athlete_left_the_rounds_are_skipped():
    """MO-SCR-06, MO-GAP-09: five athletes already injured: the one healthy athlete plays round 1, rounds 2 and
    3 have no Reveal & Roll, and the scrimmage is scored on what was made."""
    hurt = STARTERS[:5]
    st = scrim(["goal", "goal", "goal"], deck=[KICKABOUT], me={"injured": hurt})
    assert [o.cards[0] for o in decision(st).options] == ["dune-winger"]
    ev = answer_round(st, 0, "dune-winger")
    assert any("no healthy athlete left" in e.text for e in ev)
    assert card_ids(me(st)["scrims"]) == [KICKABOUT]
    assert board(st)["contest"] is None


def test_MO_GAP_11_MO_INJ_06_the_same_injury_before_a_match_does_get_a_recovery_roll():
    """MO-GAP-11 (control), MO-INJ-06: where a scrimmage skips it, a match starts with the recovery roll for the
    injured athlete (popularity buys extra dice), and a Special Ability heals it (regression: the queued
    recovery step once lost its athlete and no recovery was ever rolled)."""
    spec = {"tracks": [[FUNDRAISE, STRATEGIZE, SCRIMMAGE_2]],
            "match": [0, 1], "dice": ["special"],
            "players": [{"injured": ["red-runner"], "popularity": 1}, {"popularity": 0}]}
    st = position(spec, seed=5)
    d = decision(st)
    assert (d.seat, d.kind) == (0, "recover_dice") and ids(st) == ["extra:0", "extra:1"]
    ev = choose(st, 0, "extra:0")
    assert any("recovery" in e.text and "Special Ability" in e.text for e in ev)
    assert me(st)["injured"] == 0
    assert decision(st).kind == "athlete"
