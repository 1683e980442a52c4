"""MetaX Team Attacks (MX-TEAM-01..09) and the Team Attack gaps (MX-GAP-04, MX-GAP-05, MX-GAP-07).

Through the game contract only; positions start in seat 0's Battle Step (turn 3). A defended Team
Attack that wins on a tie is also a scenario file (tests/scenarios/metax/team_attack_defended_wins.yaml).
"""

from __future__ import annotations

import metax_helpers
import pytest
from metax_helpers import board, char, go, opts, player

FILL = ["b-int-2"] * 5


def spec(p0: dict, p1: dict, *, turn: int = 3):
    return {"first": 0, "turn": turn, "phase": "attack",
            "players": [{"deck": list(FILL), **p0}, {"deck": list(FILL), **p1}]}


def ids(mx, st, seat):
    return [c["id"] for c in player(mx, st, seat)["in_play"]]


def damage(mx, st, seat, iid):
    return [d["card"] for d in char(mx, st, seat, iid)["damage"]]


def refuse(mx, st, seat, oid, rule):
    """``oid``, not among ``seat``'s options, must be refused under ``rule`` with the state unchanged."""
    assert oid not in opts(mx, st, seat)
    return metax_helpers.refuse(mx, st, seat, oid, rule)


def test_MX_TEAM_01_link_costs_five_mp_each_at_most_two(mx, position):
    """MX-TEAM-01: each Link costs 5 MP (10 for two); the Link decision defaults to "no more Links"."""
    st = position(spec({"hand": ["b-str-4"], "in_play": ["hercules", "gilgamesh", "mulan"], "mp": 10},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}))
    herc, gil, mulan = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-4:strength")
    dec = mx.decision_for(st, 0)
    assert dec.kind == "link" and dec.default == "nolink"
    assert [o.id for o in dec.options] == [f"link:{gil}", f"link:{mulan}", "nolink"]
    log = go(mx, st, 0, f"link:{gil}")
    assert player(mx, st, 0)["mp"] == 5
    assert any("links Gilgamesh" in t and "has 5 MP" in t for t in log)
    assert opts(mx, st, 0) == [f"link:{mulan}", "nolink"]
    go(mx, st, 0, f"link:{mulan}")
    assert player(mx, st, 0)["mp"] == 0
    assert [x["id"] for x in board(mx, st)["battle"][0]["links"]] == [gil, mulan]
    assert mx.decision_for(st, 1).kind == "defend"


def test_MX_TEAM_01_second_link_needs_five_more_mp(mx, position):
    """MX-TEAM-01: with 9 MP, one Link leaves 4 MP and no second Link is offered."""
    st = position(spec({"hand": ["b-str-4", "b-str-1"], "in_play": ["hercules", "gilgamesh", "mulan"], "mp": 9},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}))
    herc, gil, mulan = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-4:strength", f"link:{gil}")
    assert player(mx, st, 0)["mp"] == 4
    dec = mx.decision_for(st, 0)
    assert dec.kind == "attack" and [o.id for o in dec.options] == [f"attack:{mulan}", "done"]
    assert [x["id"] for x in board(mx, st)["battle"][0]["links"]] == [gil]


def test_MX_TEAM_02_linked_character_needs_the_cards_stat(mx, position):
    """MX-TEAM-02: Hercules leads with a Strength card; Gilgamesh (Strength) may Link, Merlin (Int/Spe)
    may not."""
    st = position(spec({"hand": ["b-str-3"], "in_play": ["hercules", "gilgamesh", "merlin"], "mp": 5},
                       {"hand": ["b-int-1"], "in_play": ["sherlock-holmes"]}))
    herc, gil, merlin = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-3:strength")
    assert opts(mx, st, 0) == [f"link:{gil}", "nolink"]
    err = refuse(mx, st, 0, f"link:{merlin}", "MX-TEAM-02")
    assert "Stat" in err.message


@pytest.mark.parametrize("played_as, ok, bad", [("strength", "hercules", "merlin"),
                                                ("intelligence", "merlin", "hercules")])
def test_MX_GAP_04_multi_stat_lead_card_links_by_the_stat_played(mx, position, played_as, ok, bad):
    """MX-GAP-04: Mulan leads with Feint and Thrust (Str/Int 2); only Characters with the Stat it was
    played as may Link (Strength: Hercules, not Merlin; Intelligence: Merlin, not Hercules)."""
    st = position(spec({"hand": ["b-feint-and-thrust"], "in_play": ["mulan", "hercules", "merlin"], "mp": 5},
                       {"hand": ["b-int-1"], "in_play": ["sherlock-holmes"]}))
    mulan, herc, merlin = ids(mx, st, 0)
    iid = {"hercules": herc, "merlin": merlin}
    go(mx, st, 0, f"attack:{mulan}", f"card:b-feint-and-thrust:{played_as}")
    assert opts(mx, st, 0) == [f"link:{iid[ok]}", "nolink"]
    refuse(mx, st, 0, f"link:{iid[bad]}", "MX-TEAM-02")
    go(mx, st, 0, f"link:{iid[ok]}")
    assert board(mx, st)["battle"][0]["stat"] == played_as


def test_MX_TEAM_03_linking_needs_a_prepped_character_not_new(mx, position):
    """MX-TEAM-03: a Pushed Character and one that came into play this turn cannot Link (Mulan, whose
    Constant lets her attack and Link on entry, can); Linking Pushes the Character."""
    st = position(spec({"hand": ["b-str-3"], "mp": 5,
                        "in_play": ["hercules", {"card": "gilgamesh", "pushed": True}, {"card": "mulan", "entered": 3}]},
                       {"hand": ["b-int-1"], "in_play": ["sherlock-holmes"]}))
    herc, gil, mulan = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-3:strength")
    assert opts(mx, st, 0) == [f"link:{mulan}", "nolink"]
    err = refuse(mx, st, 0, f"link:{gil}", "MX-TEAM-03")
    assert "Pushed" in err.message
    st = position(spec({"hand": ["b-str-3"], "mp": 5,
                        "in_play": ["hercules", {"card": "frankenstein-creature", "entered": 3}, "gilgamesh"]},
                       {"hand": ["b-int-1"], "in_play": ["sherlock-holmes"]}))
    herc, frank, gil = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-3:strength")
    err = refuse(mx, st, 0, f"link:{frank}", "MX-TEAM-03")
    assert "came into play this turn" in err.message
    assert char(mx, st, 0, gil)["pushed"] is False
    go(mx, st, 0, f"link:{gil}")
    assert char(mx, st, 0, gil)["pushed"] is True


def test_MX_TEAM_04_lead_attacker_follows_normal_attack_rules(mx, position):
    """MX-TEAM-04: the lead Pushes, is the attacker in the Battle Zone and plays one Battle card it can
    use (Mulan, Strength 4, cannot lead with a Rank 5 card)."""
    st = position(spec({"hand": ["b-str-5", "b-str-4"], "in_play": ["mulan", "gilgamesh"], "mp": 6},
                       {"hand": ["b-int-1"], "in_play": ["sherlock-holmes"]}))
    mulan, gil = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{mulan}")
    refuse(mx, st, 0, "card:b-str-5:strength", "MX-BTL-03")
    go(mx, st, 0, "card:b-str-4:strength", f"link:{gil}")
    (atk,) = board(mx, st)["battle"]
    assert atk["attacker"]["id"] == mulan and atk["card"]["card"] == "b-str-4"
    assert char(mx, st, 0, mulan)["pushed"] is True
    assert player(mx, st, 0)["mp"] == 1


def team_and_single(position):
    """Hercules leads (Iron Knuckles) with Gilgamesh Linked; Mulan attacks alone (Shove)."""
    return position(spec({"hand": ["b-str-3", "b-str-1"], "in_play": ["hercules", "gilgamesh", "mulan"], "mp": 5},
                         {"hand": ["b-str-1", "b-int-1"], "in_play": ["frankenstein-creature", "merlin"]}))


def test_MX_TEAM_05_team_attack_takes_only_one_defender(mx, position):
    """MX-TEAM-05 / MX-DEF-05: once the Team Attack is blocked, a second blocker is refused."""
    st = team_and_single(position)
    herc, gil, mulan = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-3:strength", f"link:{gil}", f"attack:{mulan}", "card:b-str-1:strength")
    go(mx, st, 1, f"defend:0:{frank}", "card:b-str-1:strength")
    assert opts(mx, st, 1) == [f"defend:1:{merlin}", "done"]
    refuse(mx, st, 1, f"defend:0:{merlin}", "MX-DEF-05")


def test_MX_TEAM_06_undefended_team_attack_gains_exactly_one_vp(mx, position):
    """MX-TEAM-06: an undefended Team Attack with two Linked Characters gains 1 VP, not 3."""
    st = position(spec({"hand": ["b-str-4"], "in_play": ["hercules", "gilgamesh", "mulan"], "mp": 10},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}))
    herc, gil, mulan = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-4:strength", f"link:{gil}", f"link:{mulan}")
    log = go(mx, st, 1, "done")
    assert [t for t in log if "Victory Point" in t] == ["Ana gains a Victory Point (1 VP)."]
    assert player(mx, st, 0)["vp"] == 1
    assert player(mx, st, 1)["deck"] == 3  # 5 - 1 VP - 1 draw in seat 1's Prep Step


@pytest.mark.parametrize("lead_card, defender, def_card, text, vp", [
    # attack 3 + Gilgamesh 6 = 9 against Frankenstein 4 + 6 = 10: lower, no VP
    ("b-str-3", "frankenstein-creature", "card:b-str-4:strength", "Team Attack 1: 9 against 10.", 0),
    # 9 against 3 + 6 = 9: equal gains the VP
    ("b-str-3", "frankenstein-creature", "card:b-str-3:strength", "Team Attack 1: 9 against 9.", 1),
    # 9 against 2 + 6 = 8: greater gains the VP
    ("b-str-3", "frankenstein-creature", "card:b-str-2:strength", "Team Attack 1: 9 against 8.", 1),
    # MX-GAP-05: Frankenstein blocks with Intelligence 3, but his Strength counts: 8 against 3 + 6 = 9
    ("b-str-2", "frankenstein-creature", "card:b-int-3:intelligence", "Team Attack 1: 8 against 9.", 0),
    # a defender without Strength adds 0: Merlin (Int5 Spe4) with Intelligence 5: 9 against 5
    ("b-str-3", "merlin", "card:b-int-5:intelligence", "Team Attack 1: 9 against 5.", 1),
])
def test_MX_TEAM_07_MX_GAP_05_defended_team_attack_comparison(mx, position, lead_card, defender, def_card, text, vp):
    """MX-TEAM-07 / MX-GAP-05: attack value = lead card Rank + Linked Ranks in the card's Stat;
    defence value = defending card Rank + the defender's Rank in the attacking card's Stat (0 without
    it); equal or greater gains 1 VP."""
    st = position(spec({"hand": [lead_card], "in_play": ["hercules", "gilgamesh"], "mp": 5},
                       {"hand": ["b-str-4", "b-str-3", "b-str-2", "b-int-3", "b-int-5"], "in_play": [defender],
                        "mp": 1}))
    herc, gil = ids(mx, st, 0)
    (d,) = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", f"card:{lead_card}:strength", f"link:{gil}")
    log = go(mx, st, 1, f"defend:0:{d}", def_card)
    assert any(t.startswith(text.rstrip(".") + " (") for t in log)  # then the sums, then who wins
    assert player(mx, st, 0)["vp"] == vp
    assert sum("Victory Point" in t for t in log) == vp


def test_MX_TEAM_08_MX_GAP_07_damage_only_between_lead_and_defender(mx, position):
    """MX-TEAM-08: after the comparison, the lead and the defender exchange Battle cards as Damage;
    MX-GAP-07: the Linked Characters are not in the Battle Zone as attackers, stay in their In Play
    area and receive no Damage."""
    st = position(spec({"hand": ["b-str-3"], "in_play": ["hercules", "gilgamesh", "mulan"], "mp": 10},
                       {"hand": ["b-str-2"], "in_play": ["frankenstein-creature"]}))
    herc, gil, mulan = ids(mx, st, 0)
    (frank,) = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-3:strength", f"link:{gil}", f"link:{mulan}")
    (atk,) = board(mx, st)["battle"]
    assert atk["attacker"]["id"] == herc
    assert [x["id"] for x in atk["links"]] == [gil, mulan]
    assert ids(mx, st, 0) == [herc, gil, mulan]
    log = go(mx, st, 1, f"defend:0:{frank}", "card:b-str-2:strength")
    assert any(t.startswith("Team Attack 1: 13 against 8 (") for t in log)
    assert damage(mx, st, 0, herc) == ["b-str-2"]
    assert damage(mx, st, 1, frank) == ["b-str-3"]
    assert damage(mx, st, 0, gil) == [] and damage(mx, st, 0, mulan) == []
    assert player(mx, st, 0)["vp"] == 1


def test_MX_TEAM_09_linked_character_cannot_attack_or_defend_until_prepped(mx, position):
    """MX-TEAM-09: the Linked Gilgamesh is Pushed: it is not offered as an attacker later in the turn,
    and in the opponent's turn it cannot defend."""
    st = position(spec({"hand": ["b-str-3", "b-str-1", "b-str-1"], "in_play": ["hercules", "gilgamesh", "mulan"],
                        "mp": 5},
                       {"hand": ["b-str-1"], "in_play": ["frankenstein-creature"]}))
    herc, gil, mulan = ids(mx, st, 0)
    (frank,) = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-3:strength", f"link:{gil}")
    assert opts(mx, st, 0) == [f"attack:{mulan}", "done"]
    refuse(mx, st, 0, f"attack:{gil}", "MX-TEAM-09")
    go(mx, st, 0, "done")
    go(mx, st, 1, "done")
    assert player(mx, st, 0)["vp"] == 1
    # Seat 1's turn: Frankenstein attacks; the Linked Gilgamesh (and the lead) are still Pushed.
    assert board(mx, st)["active"] == 1
    go(mx, st, 1, "battle", f"attack:{frank}", "card:b-str-1:strength")
    assert char(mx, st, 0, gil)["pushed"] is True
    assert opts(mx, st, 0) == [f"defend:0:{mulan}", "done"]
    refuse(mx, st, 0, f"defend:0:{gil}", "MX-DEF-02")
