"""Meta Olympia injuries and recovery through the game contract: an injured athlete is face down
and out of play (MO-INJ-01/02), injuries carry forward (MO-INJ-03), Re-Roll and Medic right after an injury or
in the tactic turn (MO-INJ-04/05, MO-GAP-16), recovery rolls before each match (MO-INJ-06) with popularity
dice at 1 each (MO-INJ-07, MO-GAP-15). Loaded dice are consumed in order by every roll, recovery rolls
included. Seat 0 is Home, seat 1 Away (reveals first; rolls its recovery dice first)."""

from __future__ import annotations

from games.metaolympia import GAME

from .kit import (
    AWAY,
    HOME,
    athlete_ids,
    board,
    choose,
    decision,
    find_option,
    full_time_score,
    ids,
    match_spec,
    option,
    pass_tactics,
    pick,
    pop,
    position,
    reveal,
    score,
    team,
    texts,
    waiting,
)


def _tactics(st, seat: int) -> list[str]:
    return [t["card"] for t in GAME.view(st, seat).private["tactics"]]


# ---------------------------------------------------------------- MO-INJ-01/02


def test_MO_INJ_01_injured_athlete_is_face_down_and_its_earlier_actions_stand():
    """MO-INJ-01, MO-DIE-07: Amazonis Striker's Special (+1 goal, roll a die) scores, then the extra roll is
    an Injury: the goal stands, the athlete is turned face down (board and owner's view) and is out of
    play."""
    st = position(match_spec(team(), team("amazonis-striker"), dice=["special", "injury", "special"]))
    reveal(st, AWAY, "amazonis-striker")
    assert score(st) == {AWAY: 1, HOME: 0}
    assert board(st)["contest"]["mat"][0]["injured"] is True
    assert board(st)["players"][AWAY]["injured"] == 1
    assert athlete_ids(st, AWAY, injured=True) == ["amazonis-striker"]
    reveal(st, HOME, "dust-warden")
    assert find_option(st, "amazonis-striker", seat=AWAY, kind="athlete") is None
    assert score(st) == {AWAY: 1, HOME: 0}


def test_MO_INJ_02_injured_athlete_cannot_be_played():
    """MO-INJ-02: an athlete injured before the match (its recovery roll fails) is never offered for a Reveal
    & Roll; the other five are."""
    st = position(match_spec(team(), team(injured=["red-runner"]), dice=["counter"]))
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    assert find_option(st, "red-runner", seat=AWAY, kind="athlete") is None
    assert len(ids(st)) == 5


def test_MO_INJ_02_no_tactic_card_on_an_injured_athlete():
    """MO-INJ-02, MO-GAP-16, MO-INF-01: with its athlete on the mat injured (no Re-Roll or Medic held), a team
    cannot play its Low-Gravity Leap: it is asked (it holds a tactic card, MO-INF-01) but offered only to
    leave the athlete injured, then only to pass its tactic turn; the card stays in hand. With a healthy
    athlete the card is offered."""
    hurt = position(match_spec(team(), team("red-runner", tactics=["low-gravity-leap"]),
                               dice=["injury", "special"]))
    reveal(hurt, AWAY, "red-runner")
    assert waiting(hurt) == (AWAY, "react") and ids(hurt) == ["accept"]
    choose(hurt, AWAY, "accept")
    reveal(hurt, HOME, "dust-warden")
    assert waiting(hurt) == (AWAY, "tactic") and ids(hurt) == ["pass"]
    choose(hurt, AWAY, "pass")
    assert waiting(hurt) == (AWAY, "athlete")  # Home holds no tactic card: Defining Moment 2
    assert board(hurt)["contest"]["moment"] == 2
    assert _tactics(hurt, AWAY) == ["low-gravity-leap"]
    healthy = position(match_spec(team(), team("red-runner", tactics=["low-gravity-leap"]),
                                  dice=["special", "special"]))
    reveal(healthy, AWAY, "red-runner")
    reveal(healthy, HOME, "dust-warden")
    assert waiting(healthy) == (AWAY, "tactic")
    pick(healthy, AWAY, "low-gravity-leap", "tactic:")
    assert score(healthy) == {AWAY: 1, HOME: 0}


def test_MO_INJ_02_athlete_injured_by_a_tackle_plays_no_tactic():
    """MO-INJ-02: Home's Hard Tackle injures Away's athlete on the mat; Away's Low-Gravity Leap is then not
    playable: Away is asked to react and then its tactic turn with nothing but "leave injured" and "pass"
    (MO-INF-01), and the Defining Moment ends when Away passes (Home, its one card played, passes silently)."""
    home = team(tactics=["hard-tackle"], credits=3, popularity=1)
    away = team("red-runner", tactics=["low-gravity-leap"])
    st = position(match_spec(home, away, dice=["special", "special"]))
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "dust-warden")
    choose(st, AWAY, "pass")
    pick(st, HOME, "hard-tackle", "tactic:")
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    assert waiting(st) == (AWAY, "react") and ids(st) == ["accept"]
    choose(st, AWAY, "accept")
    assert waiting(st) == (AWAY, "tactic") and ids(st) == ["pass"]
    choose(st, AWAY, "pass")  # Home holds no tactic card now: it passes silently
    assert waiting(st) == (AWAY, "athlete")
    assert board(st)["contest"]["moment"] == 2
    assert _tactics(st, AWAY) == ["low-gravity-leap"]
    assert score(st) == {AWAY: 0, HOME: 0}


# ---------------------------------------------------------------- MO-INJ-03


def test_MO_INJ_03_injury_carries_into_the_next_stage_and_counts_in_the_six():
    """MO-INJ-03: an athlete injured in a match stays injured after it, into the next stage's Pre-Season, and
    still counts among the team's six athletes."""
    st = position(match_spec(team(), team(), dice=["injury", "special", "special", "special", "special",
                                                   "special"]))
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "red-runner")
    reveal(st, AWAY, "dust-warden")
    reveal(st, HOME, "dust-warden")
    reveal(st, AWAY, "canal-striker")
    ev = reveal(st, HOME, "canal-striker")
    assert full_time_score(ev) == (0, 0)
    b = board(st)
    assert b["phase"] == "preseason" and b["stage"] == 1
    assert b["players"][AWAY]["athletes"] == 6 and b["players"][AWAY]["injured"] == 1
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    assert len(GAME.view(st, AWAY).private["athletes"]) == 6


def test_MO_INJ_03_06_injury_carries_into_the_next_match_of_a_series():
    """MO-INJ-03, MO-INJ-06: an athlete injured in match 1 of a series gets a recovery roll before match 2
    (with the popularity decision first, MO-INJ-07); a Goal leaves it injured, so it is not offered in match
    2."""
    dice = ["injury", "special", "special", "special", "special", "special", "goal"]
    st = position(match_spec(team(), team(), dice=dice, series=3))
    for who in ("red-runner", "dust-warden", "canal-striker"):
        reveal(st, AWAY, who)
        ev = reveal(st, HOME, who)
    assert full_time_score(ev) == (0, 0)  # a draw: 1 popularity each, so Away may buy a recovery die
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "recover_dice")
    ev = choose(st, AWAY, "extra:0")
    assert any("rolls 1 die for Red Runner (recovery): Goal" in t for t in texts(ev))
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    assert find_option(st, "red-runner", seat=AWAY, kind="athlete") is None
    assert find_option(st, "dust-warden", seat=AWAY, kind="athlete") is not None


# ---------------------------------------------------------------- MO-INJ-04: Re-Roll


def test_MO_INJ_04_reroll_right_after_the_injury_heals_and_rolls_again():
    """MO-INJ-04: right after the Injury, Away is offered its Re-Roll (or to leave the athlete injured); the
    Re-Roll heals the athlete and the new roll (Goal) resolves; the card goes to the discard pile."""
    st = position(match_spec(team(), team("red-runner", tactics=["second-breath"]), dice=["injury", "goal"]))
    reveal(st, AWAY, "red-runner")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "react")
    card = option(st, "second-breath", prefix="tactic:", seat=AWAY)
    assert sorted(o.id for o in d.options) == sorted([card, "accept"])
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    choose(st, AWAY, card)
    assert athlete_ids(st, AWAY, injured=True) == []
    assert score(st) == {AWAY: 1, HOME: 0}
    assert _tactics(st, AWAY) == []
    assert [t["card"] for t in board(st)["tactic_discard"]] == ["second-breath"]


# ---------------------------------------------------------------- MO-INJ-05: Medic


def test_MO_INJ_05_medic_right_after_the_injury_heals_without_a_roll():
    """MO-INJ-05: a Medic played at once heals the athlete; no die is rolled and the score does not change."""
    st = position(match_spec(team(), team("red-runner", tactics=["field-medic"]), dice=["injury", "goal"]))
    reveal(st, AWAY, "red-runner")
    pick(st, AWAY, "field-medic", "tactic:")
    assert athlete_ids(st, AWAY, injured=True) == []
    assert score(st) == {AWAY: 0, HOME: 0}
    assert waiting(st) == (HOME, "athlete")
    assert board(st)["contest"]["mat"][0]["injured"] is False


def test_MO_INJ_05_medic_in_the_tactic_turn_heals_an_athlete_out_of_play():
    """MO-INJ-05, MO-GAP-16: Away leaves its athlete injured, then in its tactic turn plays Hab Infirmary (1
    credit) and chooses which of its two injured athletes to heal; the healed one is offered again at once."""
    away = team("red-runner", "canal-striker", injured=["canal-striker"], tactics=["hab-infirmary"],
                credits=2)
    st = position(match_spec(team(), away, dice=["goal", "injury", "special"]))
    reveal(st, AWAY, "red-runner")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "react")
    choose(st, AWAY, "accept")
    assert sorted(athlete_ids(st, AWAY, injured=True)) == ["canal-striker", "red-runner"]
    reveal(st, HOME, "dust-warden")
    pick(st, AWAY, "hab-infirmary", "tactic:")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "heal")
    assert len(d.options) == 2
    pick(st, AWAY, "canal-striker", "heal:")
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    assert board(st)["players"][AWAY]["credits"] == 1
    pass_tactics(st)
    assert find_option(st, "canal-striker", seat=AWAY, kind="athlete") is not None


# ---------------------------------------------------------------- MO-INJ-06/07: recovery rolls


def test_MO_INJ_06_recovery_roll_heals_only_on_special_ability():
    """MO-INJ-06: before the match each injured athlete gets one die, Away's first: Special Ability heals Red
    Runner, a Goal leaves Dust Warden injured, an 8-Boost leaves Home's Canal Striker injured."""
    away = team(injured=["red-runner", "dust-warden"])
    home = team(injured=["canal-striker"])
    st = position(match_spec(home, away, dice=["special", "goal", "boost8", "counter"]))
    assert athlete_ids(st, AWAY, injured=True) == ["dust-warden"]
    assert athlete_ids(st, HOME, injured=True) == ["canal-striker"]
    assert find_option(st, "red-runner", seat=AWAY, kind="athlete") is not None
    assert find_option(st, "dust-warden", seat=AWAY, kind="athlete") is None
    assert board(st)["last_roll"]["faces"] == ["boost8"]
    reveal(st, AWAY, "red-runner")  # the next die: Counter
    assert board(st)["last_roll"]["faces"] == ["counter"]


def test_MO_INJ_06_no_recovery_roll_without_an_injury():
    """MO-INJ-06: with nobody injured no recovery die is rolled: the first loaded die is the Reveal & Roll."""
    st = position(match_spec(team(), team(), dice=["goal"]))
    reveal(st, AWAY, "red-runner")
    assert score(st) == {AWAY: 1, HOME: 0}


def test_MO_INJ_07_popularity_buys_recovery_dice_at_one_each():
    """MO-INJ-07, MO-GAP-15, MO-POP-04: with 3 popularity the recovery roll offers 0 to 3 extra dice at 1
    popularity each; 2 extra dice (3 in all) heal the athlete when any shows Special Ability; the 2 tokens go
    back to the supply."""
    st = position(match_spec(team(), team(injured=["red-runner"], popularity=3),
                             dice=["goal", "special", "counter"]))
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "recover_dice")
    assert [o.id for o in d.options] == ["extra:0", "extra:1", "extra:2", "extra:3"]
    supply = board(st)["supply"]["popularity"]
    choose(st, AWAY, "extra:2")
    assert pop(st, AWAY) == 1
    assert board(st)["supply"]["popularity"] == supply + 2
    assert board(st)["last_roll"]["faces"] == ["goal", "special", "counter"]
    assert athlete_ids(st, AWAY, injured=True) == []


def test_MO_INJ_07_recovery_dice_capped_at_four_and_no_special_stays_injured():
    """MO-INJ-07, MO-GAP-15: 6 popularity still buys at most 3 extra dice (4 dice); four dice without Special
    Ability leave the athlete injured; 1 popularity offers one extra die."""
    st = position(match_spec(team(), team(injured=["red-runner"], popularity=6),
                             dice=["goal", "goal", "injury", "boost8"]))
    assert [o.id for o in decision(st).options] == ["extra:0", "extra:1", "extra:2", "extra:3"]
    choose(st, AWAY, "extra:3")
    assert pop(st, AWAY) == 3
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    one = position(match_spec(team(), team(injured=["red-runner"], popularity=1), dice=["goal"]))
    assert [o.id for o in decision(one).options] == ["extra:0", "extra:1"]
    choose(one, AWAY, "extra:0")
    assert pop(one, AWAY) == 1
    assert athlete_ids(one, AWAY, injured=True) == ["red-runner"]


# ---------------------------------------------------------------- MO-GAP-16: tactic timing


def test_MO_GAP_16_one_tactic_per_turn_any_number_per_moment():
    """MO-GAP-16: tactic cards are played in the tactic turns, one per turn: after Away's first Low-Gravity
    Leap the turn goes to Home; when Home passes, Away plays its second in the same Defining Moment."""
    away = team("dust-warden", tactics=["low-gravity-leap", "low-gravity-leap"])
    st = position(match_spec(team(tactics=["dust-storm-tactics"]), away, dice=["special", "special"]))
    reveal(st, AWAY, "dust-warden")
    reveal(st, HOME, "dust-warden")
    choose(st, AWAY, decision(st).options[0].id)
    assert waiting(st) == (HOME, "tactic")
    choose(st, HOME, "pass")
    assert waiting(st) == (AWAY, "tactic")
    choose(st, AWAY, decision(st).options[0].id)
    assert score(st) == {AWAY: 2, HOME: 0}
    assert board(st)["contest"]["moment"] == 1
    choose(st, HOME, "pass")
    assert waiting(st) == (AWAY, "athlete") and board(st)["contest"]["moment"] == 2


def test_MO_GAP_16_reroll_in_the_tactic_turn_heals_the_athlete_on_the_mat():
    """MO-GAP-16, MO-INJ-04: an athlete left injured on the mat can still be Re-Rolled in its owner's tactic
    turn: it is healed and rolls again (Goal: +1)."""
    st = position(match_spec(team(), team("red-runner", tactics=["second-breath"]),
                             dice=["injury", "special", "goal"]))
    reveal(st, AWAY, "red-runner")
    choose(st, AWAY, "accept")
    reveal(st, HOME, "dust-warden")
    assert waiting(st) == (AWAY, "tactic")
    pick(st, AWAY, "second-breath", "tactic:")
    assert athlete_ids(st, AWAY, injured=True) == []
    assert score(st) == {AWAY: 1, HOME: 0}
