"""Meta Olympia athletes and combos through the game contract: tiers and values (MO-ATH-01), types
(MO-ATH-02), individual abilities (MO-ATH-03), On Play (MO-ATH-04), Special Abilities (MO-ATH-05), boosts
(MO-ATH-06), combos (MO-CMB-01..06) and the gap decisions MO-GAP-09 (an athlete plays once a match) and
MO-GAP-14 (combos stay within one match). Rolls are loaded dice; seat 0 is Home, seat 1 Away (reveals
first)."""

from __future__ import annotations

import pytest

from games.metaolympia import GAME
from games.metaolympia.pool import pool

from .kit import (
    AWAY,
    FUNDRAISE,
    HOME,
    RECRUIT,
    SCRIMMAGE,
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

# ---------------------------------------------------------------- MO-ATH-01: tiers and values


def test_MO_ATH_01_tiers_rise_in_value():
    """MO-ATH-01: Rookie, Pro and All-Star athletes, each tier worth more credits than the one below; the
    value and tier the owner sees are the printed ones."""
    by_tier: dict[str, list[int]] = {}
    for a in pool().athletes.values():
        by_tier.setdefault(a.tier, []).append(a.value)
    assert set(by_tier) == {"rookie", "pro", "allstar"}
    assert max(by_tier["rookie"]) < min(by_tier["pro"])
    assert max(by_tier["pro"]) < min(by_tier["allstar"])
    st = position(match_spec(team(), team("red-runner", "koroibos", "olympus-mons"), dice=[]))
    seen = {a["card"]: (a["tier"], a["value"]) for a in GAME.view(st, AWAY).private["athletes"]}
    assert seen["red-runner"] == ("rookie", 1)
    assert seen["koroibos"] == ("pro", 3)
    assert seen["olympus-mons"] == ("allstar", 7)


def _recruit_tile(credits: int):
    tracks = [[RECRUIT, FUNDRAISE, SCRIMMAGE]]
    spec = {"tracks": tracks, "market": ["koroibos", "olympus-mons", "cydonia-kid"],
            "athlete_deck": ["gale-scamp", "hesperia-wall", "jezero-diver"],
            "players": [team(credits=credits), team()], "land": {"seat": 0, "tile": 0}}
    return position(spec, seed=3)


def _market_option(st, cid: str) -> str | None:
    nm = pool().athletes[cid].name
    return next((o.id for o in decision(st).options
                 if o.id.startswith("market:") and o.label.startswith(f"Recruit {nm} ")), None)


def test_MO_ATH_01_higher_tiers_cost_more_to_recruit():
    """MO-ATH-01 (with MO-REC-02): the value is the credit value in a recruit trade: with 3 credits a Pro
    (value 3) can be had for a Rookie (value 1), an All-Star (value 7) cannot; the Pro costs the
    difference."""
    st = _recruit_tile(credits=3)
    assert decision(st).kind == "recruit"
    assert _market_option(st, "cydonia-kid") is not None
    pro = _market_option(st, "koroibos")
    assert pro is not None
    assert _market_option(st, "olympus-mons") is None
    choose(st, HOME, pro)
    pick(st, HOME, "red-runner", "return:")
    assert board(st)["players"][HOME]["credits"] == 1  # 3 - (3 - 1)
    assert "koroibos" in [a["card"] for a in GAME.view(st, HOME).private["athletes"]]
    rich = _recruit_tile(credits=6)
    assert _market_option(rich, "olympus-mons") is not None


# ---------------------------------------------------------------- MO-ATH-02: types


def test_MO_ATH_02_defensive_counters_offensive_scores_dual_does_both():
    """MO-ATH-02, MO-GAP-01: an offensive athlete's printed boost scores a goal, a defensive one's counters a
    goal of the opponent, a dual athlete (Meridiani Rover: 4-Boost +1 goal, 8-Boost counter 1) does both."""
    home = team("dust-warden", "meridiani-rover", "meridiani-rover")
    away = team("red-runner", "canal-striker")
    st = position(match_spec(home, away, dice=["boost4", "boost4", "goal", "boost8", "special", "boost4"]))
    types = {a["card"]: a["type"] for a in GAME.view(st, HOME).private["athletes"]}
    assert types["dust-warden"] == "defensive" and types["meridiani-rover"] == "dual"
    away_types = {a["card"]: a["type"] for a in GAME.view(st, AWAY).private["athletes"]}
    assert away_types["red-runner"] == "offensive"
    reveal(st, AWAY, "red-runner")  # 4-Boost: +1 goal
    assert score(st) == {AWAY: 1, HOME: 0}
    reveal(st, HOME, "dust-warden")  # 4-Boost: counter 1
    assert score(st) == {AWAY: 0, HOME: 0}
    reveal(st, AWAY, "canal-striker")  # Goal
    assert score(st) == {AWAY: 1, HOME: 0}
    reveal(st, HOME, "meridiani-rover")  # 8-Boost: counter 1 (the dual defends)
    assert score(st) == {AWAY: 0, HOME: 0}
    reveal(st, AWAY, "dune-winger")  # Special: a Rookie has none
    ev = reveal(st, HOME, "meridiani-rover")  # 4-Boost: +1 goal (the dual attacks)
    assert full_time_score(ev) == (1, 0)


# ---------------------------------------------------------------- MO-ATH-03: individual abilities


def test_MO_ATH_03_goal_and_counter_traits_add_one():
    """MO-ATH-03: Tharsis Lancer's Goal scores 1 more (2), Sirenum Stopper's Counter removes 1 more (2)."""
    st = position(match_spec(team("sirenum-stopper"), team("tharsis-lancer"), dice=["goal", "counter"]))
    reveal(st, AWAY, "tharsis-lancer")
    assert score(st) == {AWAY: 2, HOME: 0}
    reveal(st, HOME, "sirenum-stopper")
    assert score(st) == {AWAY: 0, HOME: 0}


def test_MO_ATH_03_lucky_rolls_two_dice_and_keeps_one():
    """MO-ATH-03, MO-DIE-08: a lucky athlete (Argyre Volley) rolls two dice on its Reveal & Roll and its
    player keeps one; the kept 8-Boost scores its printed +2."""
    st = position(match_spec(team(), team("argyre-volley"), dice=["goal", "boost8"]))
    reveal(st, AWAY, "argyre-volley")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "keep")
    assert sorted(o.id for o in d.options) == ["face:boost8", "face:goal"]
    choose(st, AWAY, "face:boost8")
    assert score(st) == {AWAY: 2, HOME: 0}


def test_MO_ATH_03_tough_ignores_one_injury_a_match():
    """MO-ATH-03: a tough athlete (Arcadia Sprinter) counts its first Injury result of the match as no result;
    the second injures it."""
    away = team("arcadia-sprinter", tactics=["dust-storm-tactics"])
    st = position(match_spec(team(), away, dice=["injury", "special", "injury"]))
    ev = reveal(st, AWAY, "arcadia-sprinter")
    assert athlete_ids(st, AWAY, injured=True) == []
    assert any("shrugs off" in t for t in texts(ev))
    reveal(st, HOME, "dust-warden")
    pick(st, AWAY, "dust-storm-tactics", "tactic:")  # roll 1 die again for it
    assert athlete_ids(st, AWAY, injured=True) == ["arcadia-sprinter"]


# ---------------------------------------------------------------- MO-ATH-04: On Play


def test_MO_ATH_04_on_play_resolves_on_reveal_before_the_roll():
    """MO-ATH-04: Cydonia Kid's On Play (+1 popularity) resolves when it is revealed, before its roll: with 1
    popularity the team reaches 2 and is then asked to spend popularity on that very roll (MO-POP-03)."""
    st = position(match_spec(team(), team("cydonia-kid", popularity=1), dice=["goal"]))
    ev = reveal(st, AWAY, "cydonia-kid")
    assert any(t.startswith("On Play: Cydonia Kid") for t in texts(ev))
    assert pop(st, AWAY) == 2
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "dice")
    assert score(st) == {AWAY: 0, HOME: 0}  # not rolled yet
    choose(st, AWAY, "pop:0")
    assert score(st) == {AWAY: 1, HOME: 0}
    assert pop(st, AWAY) == 2


def test_MO_ATH_04_on_play_stands_when_the_roll_injures():
    """MO-ATH-04, MO-INJ-01: Jezero Diver's On Play (+1 credit) is already taken when its roll injures it."""
    st = position(match_spec(team(), team("jezero-diver", credits=3), dice=["injury"]))
    reveal(st, AWAY, "jezero-diver")
    assert board(st)["players"][AWAY]["credits"] == 4
    assert athlete_ids(st, AWAY, injured=True) == ["jezero-diver"]


# ---------------------------------------------------------------- MO-ATH-05: Special Abilities


def test_MO_ATH_05_special_face_activates_the_printed_special():
    """MO-ATH-05, MO-DIE-06: Huoxing's Special Ability (+3 goals) on a Special Ability face; Amazonis
    Striker's (+1 goal, roll a die) chains a second roll whose Goal adds 1 more."""
    st = position(match_spec(team(), team("huoxing", "amazonis-striker"),
                             dice=["special", "special", "special", "goal"]))
    reveal(st, AWAY, "huoxing")
    assert score(st) == {AWAY: 3, HOME: 0}
    reveal(st, HOME, "red-runner")  # Special: a Rookie has none
    assert score(st) == {AWAY: 3, HOME: 0}
    reveal(st, AWAY, "amazonis-striker")
    assert score(st) == {AWAY: 5, HOME: 0}


def test_MO_ATH_05_only_pros_and_all_stars_have_a_special():
    """MO-ATH-05: only some Pro and All-Star athletes print a Special Ability; no Rookie does."""
    specials = {a.tier for a in pool().athletes.values() if a.special}
    assert specials == {"pro", "allstar"}
    assert any(not a.special for a in pool().athletes.values() if a.tier != "rookie")


# ---------------------------------------------------------------- MO-ATH-06: boosts


def test_MO_ATH_06_four_and_eight_boost_as_printed():
    """MO-ATH-06, MO-DIE-05: Huoxing's 4-Boost scores +1 and its 8-Boost +2; Phobos Anchor's 8-Boost counters
    2."""
    st = position(match_spec(team("phobos-anchor"), team("huoxing", "huoxing"),
                             dice=["boost4", "special", "boost8", "boost8"]))
    reveal(st, AWAY, "huoxing")
    assert score(st) == {AWAY: 1, HOME: 0}
    reveal(st, HOME, "dust-warden")
    reveal(st, AWAY, "huoxing")
    assert score(st) == {AWAY: 3, HOME: 0}
    reveal(st, HOME, "phobos-anchor")
    assert score(st) == {AWAY: 1, HOME: 0}


# ---------------------------------------------------------------- MO-CMB-01..05: combos

NEUTRAL_ROLL = {"aeolis-backstop": "special", "chryse-junior": "special", "red-horus": "injury"}
"""A face that does nothing to the score for the combo athlete (no special; Red Horus is injured after its
combo)."""


def _combo(prev: str, combo: str):
    """Away plays ``prev`` in Defining Moment 1 (a face with no effect), Home scores 1, then Away reveals
    ``combo`` in Defining Moment 2 (a face with no effect on the score). Returns (state, reveal events)."""
    st = position(match_spec(team(), team(prev, combo), dice=["boost8", "goal", NEUTRAL_ROLL[combo]]))
    reveal(st, AWAY, prev)
    reveal(st, HOME, "canal-striker")
    assert score(st) == {AWAY: 0, HOME: 1}
    ev = reveal(st, AWAY, combo)
    return st, ev


def _fired(ev) -> bool:
    return any(t.startswith("Combo:") for t in texts(ev))


@pytest.mark.parametrize(("prev", "fires"), [("dust-warden", True), ("red-runner", False)])
def test_MO_CMB_01_defensive_combo_after_a_defensive_athlete(prev, fires):
    """MO-CMB-01: Aeolis Backstop's defensive combo (counter 1) fires only right after a defensive athlete of
    the same player."""
    st, ev = _combo(prev, "aeolis-backstop")
    assert _fired(ev) is fires
    assert score(st) == {AWAY: 0, HOME: 0 if fires else 1}


@pytest.mark.parametrize(("prev", "fires"), [("red-runner", True), ("dust-warden", False)])
def test_MO_CMB_02_offensive_combo_after_an_offensive_athlete(prev, fires):
    """MO-CMB-02: Chryse Junior's offensive combo (+1 goal) fires only right after an offensive athlete."""
    st, ev = _combo(prev, "chryse-junior")
    assert _fired(ev) is fires
    assert score(st) == {AWAY: 1 if fires else 0, HOME: 1}


@pytest.mark.parametrize("prev", ["dust-warden", "red-runner", "meridiani-rover"])
def test_MO_CMB_03_both_combos_fire_after_any_athlete(prev):
    """MO-CMB-03: Red Horus has both combo abilities: its combo (+1 goal) fires after any type of athlete."""
    st, ev = _combo(prev, "red-horus")
    assert _fired(ev)
    assert score(st) == {AWAY: 1, HOME: 1}


@pytest.mark.parametrize(("combo", "expect"), [("aeolis-backstop", {AWAY: 0, HOME: 0}),
                                               ("chryse-junior", {AWAY: 1, HOME: 1})])
def test_MO_CMB_04_a_dual_athlete_counts_for_either_combo(combo, expect):
    """MO-CMB-04: a dual athlete (Meridiani Rover) played before counts as defensive for a defensive combo and
    as offensive for an offensive combo."""
    st, ev = _combo("meridiani-rover", combo)
    assert _fired(ev)
    assert score(st) == expect


def test_MO_CMB_01_02_only_the_same_players_directly_previous_athlete():
    """MO-CMB-01/02: the combo looks at the same player's athlete of the directly previous Defining Moment:
    the opponent's offensive athlete does not count, nor does an offensive athlete two moments back."""
    st = position(match_spec(team(), team("red-runner", "dust-warden", "chryse-junior"),
                             dice=["special", "special", "special", "special", "special"]))
    reveal(st, AWAY, "red-runner")  # offensive, Defining Moment 1
    reveal(st, HOME, "red-runner")
    reveal(st, AWAY, "dust-warden")  # defensive, Defining Moment 2
    reveal(st, HOME, "canal-striker")
    ev = reveal(st, AWAY, "chryse-junior")  # Defining Moment 3: after a defensive one
    assert not _fired(ev)
    assert score(st) == {AWAY: 0, HOME: 0}


def test_MO_CMB_05_combo_resolves_on_reveal_and_looks_only_backwards():
    """MO-CMB-05: the combo resolves when the combo athlete is revealed, before its roll (with 2 popularity
    the roll waits on the popularity decision and the +1 is already on the board); an athlete with a combo
    played first never combos with the athlete played after it."""
    st = position(match_spec(team(), team("red-runner", "chryse-junior", popularity=2),
                             dice=["special", "goal", "boost8"]))
    reveal(st, AWAY, "red-runner")
    choose(st, AWAY, "pop:0")
    reveal(st, HOME, "canal-striker")
    ev = reveal(st, AWAY, "chryse-junior")
    assert _fired(ev)
    assert decision(st).kind == "dice"
    assert score(st) == {AWAY: 1, HOME: 1}

    later = position(match_spec(team(), team("chryse-junior", "red-runner"), dice=["special"] * 4))
    ev = reveal(later, AWAY, "chryse-junior")
    assert not _fired(ev)
    reveal(later, HOME, "dust-warden")
    ev = reveal(later, AWAY, "red-runner")
    assert not _fired(ev)
    assert score(later) == {AWAY: 0, HOME: 0}


# ---------------------------------------------------------------- MO-CMB-06: injured athletes and combos


def test_MO_CMB_06_an_injured_earlier_athlete_gives_no_combo():
    """MO-CMB-06, MO-INJ-02: the previous athlete was injured by its roll: the offensive combo does not
    fire."""
    st = position(match_spec(team(), team("red-runner", "chryse-junior"),
                             dice=["injury", "special", "special"]))
    reveal(st, AWAY, "red-runner")
    assert athlete_ids(st, AWAY, injured=True) == ["red-runner"]
    reveal(st, HOME, "dust-warden")
    ev = reveal(st, AWAY, "chryse-junior")
    assert not _fired(ev)
    assert score(st) == {AWAY: 0, HOME: 0}


def test_MO_CMB_06_an_injured_combo_athlete_cannot_be_played():
    """MO-CMB-06, MO-INJ-02: an injured combo athlete is not offered, so it cannot be the later athlete of a
    combo either (its recovery roll before the match fails)."""
    st = position(match_spec(team(), team("red-runner", "chryse-junior", injured=["chryse-junior"]),
                             dice=["goal", "special", "special"]))
    assert athlete_ids(st, AWAY, injured=True) == ["chryse-junior"]
    assert find_option(st, "chryse-junior", seat=AWAY, kind="athlete") is None
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "dust-warden")
    assert find_option(st, "chryse-junior", seat=AWAY, kind="athlete") is None


# ---------------------------------------------------------------- MO-GAP-09 and MO-GAP-14


def test_MO_GAP_14_no_combo_across_matches_of_a_series():
    """MO-GAP-14, MO-GAP-09: Chryse Junior combos after Red Runner within match 1 of a series (+1), and plays
    again in match 2, where it is the first athlete: the last athlete of match 1 gives it no combo."""
    dice = ["special", "special", "special", "special", "special", "goal", "special"]
    st = position(match_spec(team(), team("dust-warden", "red-runner", "chryse-junior"), dice=dice, series=3))
    reveal(st, AWAY, "dust-warden")
    reveal(st, HOME, "dust-warden")
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "red-runner")
    ev = reveal(st, AWAY, "chryse-junior")
    assert _fired(ev)
    assert score(st) == {AWAY: 1, HOME: 0}
    ev = reveal(st, HOME, "canal-striker")  # Goal: 1-1, the series goes on
    assert full_time_score(ev) == (1, 1)
    assert board(st)["contest"]["score"] == [0, 0]
    ev = reveal(st, AWAY, "chryse-junior")  # available again in the next match (MO-GAP-09)
    assert not _fired(ev)
    assert score(st) == {AWAY: 0, HOME: 0}


def test_MO_GAP_09_an_athlete_plays_once_a_match():
    """MO-GAP-09: an athlete revealed in one Defining Moment is not offered again in the same match."""
    st = position(match_spec(team(), team(), dice=["special"] * 4))
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "canal-striker")
    assert find_option(st, "red-runner", seat=AWAY, kind="athlete") is None
    assert len(ids(st)) == 5
    reveal(st, AWAY, "dust-warden")
    reveal(st, HOME, "dune-winger")
    assert find_option(st, "red-runner", seat=AWAY, kind="athlete") is None
    assert find_option(st, "dust-warden", seat=AWAY, kind="athlete") is None
    assert len(ids(st)) == 4


def test_MO_GAP_09_no_healthy_athlete_skips_the_reveal_and_allows_only_a_medic():
    """MO-GAP-09: with four of six athletes injured (recovery rolls fail), the team plays its two healthy ones
    in Defining Moments 1 and 2, skips its Reveal & Roll in the third, and may then play only a Medic."""
    hurt = ["regolith-stopper", "crater-keeper", "canal-striker", "dune-winger"]
    away = team(injured=hurt, tactics=["low-gravity-leap", "field-medic"])
    dice = ["goal"] * 4 + ["special"] * 5
    st = position(match_spec(team(), away, dice=dice))
    assert sorted(athlete_ids(st, AWAY, injured=True)) == sorted(hurt)
    reveal(st, AWAY, "dust-warden")
    reveal(st, HOME, "dust-warden")
    assert sorted(ids(st)) == sorted([option(st, "low-gravity-leap", prefix="tactic:", seat=AWAY),
                                      option(st, "field-medic", prefix="tactic:", seat=AWAY), "pass"])
    pass_tactics(st)
    reveal(st, AWAY, "red-runner")
    reveal(st, HOME, "red-runner")
    pass_tactics(st)
    assert waiting(st) == (HOME, "athlete")  # Away had no athlete to reveal
    assert board(st)["contest"]["mat"][0] is None
    reveal(st, HOME, "canal-striker")
    d = decision(st)
    assert (d.seat, d.kind) == (AWAY, "tactic")
    assert sorted(o.id for o in d.options) == sorted([option(st, "field-medic", prefix="tactic:", seat=AWAY),
                                                      "pass"])
    assert score(st) == {AWAY: 0, HOME: 0}
