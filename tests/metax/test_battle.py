"""MetaX Battle Step: Battle cards, attacks, defenders, Damage, KOs and Victory Points.

Rule IDs from ``shared/rules/checklists/metax.md`` (MX-BTL, MX-ZN-08, MX-BTS, MX-ATK, MX-DEF, MX-DMG,
MX-KO, MX-VP) and the gap decisions of ``games/metax/gaps.py`` (MX-GAP-03, 06, 08, 09, 10, 23).
Everything goes through the game contract: ``position``, ``decision_for``, ``apply``, ``view``,
``result`` and ``to_json``. Team Attacks are in ``test_team_attack.py``; the rulebook's KO scenarios
and sample turn are scenario files under ``tests/scenarios/metax/``.
"""

from __future__ import annotations

import json

import pytest
from metax_helpers import board, char, go, opts, player, refuse

from games.core.contract import NotYourDecision

FILL = ["b-int-2"] * 5


def spec(p0: dict, p1: dict, *, phase: str = "attack", turn: int = 3, first: int = 0, active: int | None = None):
    """A position spec; each seat gets a 5-card filler deck unless it names its own."""
    out = {
        "first": first,
        "turn": turn,
        "phase": phase,
        "players": [{"deck": list(FILL), **p0}, {"deck": list(FILL), **p1}],
    }
    if active is not None:
        out["active"] = active
    return out


def pass_turn(mx, st, seat):
    """``seat`` plays nothing and declares no attack (its turn may already be in the Battle Step)."""
    if kind(mx, st, seat) == "planning":
        go(mx, st, seat, "battle")
    if mx.result(st) is None and st_active(mx, st) == seat and kind(mx, st, seat) == "attack":
        go(mx, st, seat, "done")


def st_active(mx, st):
    return mx.view(st, None).board["active"]


def ids(mx, st, seat):
    """Instance ids of seat's Characters in play, in play order."""
    return [c["id"] for c in player(mx, st, seat)["in_play"]]


def damage(mx, st, seat, iid):
    return [(d["card"], d["stat"]) for d in char(mx, st, seat, iid)["damage"]]


def discard(mx, st, seat):
    return sorted(c["card"] for c in player(mx, st, seat)["discard"])


def hand(mx, st, seat):
    return [c["card"] for c in mx.view(st, seat).private["hand"]]


def kind(mx, st, seat):
    return mx.decision_for(st, seat).kind


# -- Battle cards (MX-BTL) --------------------------------------------------------------------------


def test_MX_BTL_02_battle_cards_only_in_battle_step_one_per_attacker(mx, position):
    """MX-BTL-02: no Battle card can be played in the Planning Step; in the Battle Step an attacker
    plays exactly one, and cannot be given a second one."""
    st = position(spec({"hand": ["b-str-1", "b-str-2"], "in_play": ["hercules"]},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}, phase="planning"))
    assert opts(mx, st, 0) == ["battle"]
    refuse(mx, st, 0, "card:b-str-1:strength", "MX-BTL-02")
    (herc,) = ids(mx, st, 0)
    go(mx, st, 0, "battle", f"attack:{herc}")
    assert kind(mx, st, 0) == "attack_card"
    assert {"card:b-str-1:strength", "card:b-str-2:strength"} <= set(opts(mx, st, 0))
    go(mx, st, 0, "card:b-str-1:strength")
    # Hercules has attacked: the Battle Step went on to the defender; one card in the Battle Zone.
    assert kind(mx, st, 1) == "defend"
    assert [b["card"]["card"] for b in board(mx, st)["battle"]] == ["b-str-1"]
    assert hand(mx, st, 0) == ["b-str-2"]


def test_MX_BTL_03_rank_above_character_rank_refused(mx, position):
    """MX-BTL-03: Mulan (Strength 4) may use Strength Battle cards up to Rank 4 only."""
    st = position(spec({"hand": ["b-str-7", "b-str-5", "b-str-4"], "in_play": ["mulan"], "mp": 10},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}))
    (mulan,) = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{mulan}")
    listed = opts(mx, st, 0)
    assert "card:b-str-4:strength" in listed
    assert "card:b-str-7:strength" not in listed and "card:b-str-5:strength" not in listed
    err = refuse(mx, st, 0, "card:b-str-7:strength", "MX-BTL-03")
    assert "Rank 7" in err.message and "has 4" in err.message
    refuse(mx, st, 0, "card:b-str-5:strength", "MX-BTL-03")
    go(mx, st, 0, "card:b-str-4:strength")
    assert board(mx, st)["battle"][0]["card"]["card"] == "b-str-4"


BASICS = [f"b-{s}-{r}" for s in ("str", "int", "spe") for r in range(1, 8)]
STAT = {"str": "strength", "int": "intelligence", "spe": "special"}


@pytest.mark.parametrize("card, ranks", [
    ("dracula", {"str": 4, "int": 4, "spe": 5}),
    ("hercules", {"str": 7, "int": 0, "spe": 3}),
    ("captain-nemo", {"str": 3, "int": 5, "spe": 3}),
])
def test_MX_BTL_04_usable_battle_cards_follow_each_stat_rank(mx, position, card, ranks):
    """MX-BTL-04: a Character can use each Stat's Battle cards of Rank 1 up to its Rank in that Stat
    and nothing else. (The pool has no Str 7 / Int 3 / Spe 5 Character; the same check is run on
    three-Stat Dracula 4/4/5, Captain Nemo 3/5/3 and two-Stat Hercules 7/-/3.)"""
    st = position(spec({"hand": BASICS, "in_play": [card], "mp": 10}, {"in_play": ["merlin"]}))
    (iid,) = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{iid}")
    offered = {o for o in opts(mx, st, 0) if o != "back"}
    expected = {f"card:b-{s}-{r}:{STAT[s]}" for s, top in ranks.items() for r in range(1, top + 1)}
    assert offered == expected


def test_MX_BTL_05_multi_stat_card_usable_through_any_listed_stat(mx, position):
    """MX-BTL-05: Mythic Surge (Str/Int/Spe 4) counts as any listed Stat; Mulan (Str4 Int3) can use it
    only as Strength; Feint and Thrust (Str/Int 2) as either. Ali Baba (Int3 Spe2) cannot use Mythic
    Surge at all."""
    st = position(spec({"hand": ["b-mythic-surge", "b-feint-and-thrust"], "in_play": ["mulan", "ali-baba"],
                        "mp": 5}, {"in_play": ["merlin"]}))
    mulan, ali = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{mulan}")
    assert set(opts(mx, st, 0)) == {"card:b-mythic-surge:strength", "card:b-feint-and-thrust:strength",
                                    "card:b-feint-and-thrust:intelligence", "back"}
    refuse(mx, st, 0, "card:b-mythic-surge:intelligence", "MX-BTL-05")
    go(mx, st, 0, "back", f"attack:{ali}")
    assert set(opts(mx, st, 0)) == {"card:b-feint-and-thrust:intelligence", "back"}
    refuse(mx, st, 0, "card:b-mythic-surge:special", "MX-BTL-05")
    refuse(mx, st, 0, "card:b-mythic-surge:intelligence", "MX-BTL-05")


def test_MX_BTL_06_attack_only_and_defense_only_effects(mx, position):
    """MX-BTL-06: Horn of the Charge (Attack-only: draw 1) draws for the attacker but not for a
    defender; Locked Shields (Defense-only: gain 2 MP) gives MP to a defender but not to an attacker."""
    st = position(spec(
        {"hand": ["b-horn-of-the-charge", "b-locked-shields"], "in_play": ["hercules", "gilgamesh"]},
        {"hand": ["b-locked-shields", "b-horn-of-the-charge"], "in_play": ["frankenstein-creature", "grendel"]}))
    herc, gil = ids(mx, st, 0)
    frank, gren = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-horn-of-the-charge:strength")
    assert player(mx, st, 0)["hand"] == 2  # played one, drew one
    assert player(mx, st, 0)["deck"] == 4
    go(mx, st, 0, f"attack:{gil}", "card:b-locked-shields:strength")
    assert player(mx, st, 0)["mp"] == 0  # Defense-only effect not used when attacking
    go(mx, st, 1, f"defend:0:{frank}", "card:b-locked-shields:strength")
    assert player(mx, st, 1)["mp"] == 2  # Defense-only effect used
    go(mx, st, 1, f"defend:1:{gren}", "card:b-horn-of-the-charge:strength")
    assert player(mx, st, 1)["hand"] == 0  # Attack-only effect not used when defending
    assert player(mx, st, 1)["deck"] == 5


def test_MX_BTL_07_mp_value_then_effect_before_next_declaration(mx, position):
    """MX-BTL-07: Lion's Roar (-1 MP; opponent loses 1 MP) is paid and its effect used as soon as it is
    played, before the next attack; a +2 MP card gains only up to the cap of 10."""
    st = position(spec({"hand": ["b-lions-roar", "b-str-1"], "in_play": ["hercules", "gilgamesh"], "mp": 9},
                       {"in_play": ["merlin"], "mp": 4}))
    herc, gil = ids(mx, st, 0)
    log = go(mx, st, 0, f"attack:{herc}", "card:b-lions-roar:strength")
    assert player(mx, st, 0)["mp"] == 8
    assert player(mx, st, 1)["mp"] == 3
    assert "Ben loses 1 MP (3 MP)." in log
    assert kind(mx, st, 0) == "link"  # next decision of this declaration; MP and effect already done
    go(mx, st, 0, "nolink")
    assert kind(mx, st, 0) == "attack"
    go(mx, st, 0, f"attack:{gil}", "card:b-str-1:strength")
    assert player(mx, st, 0)["mp"] == 10


def test_MX_BTL_07_attack_effect_resolves_before_defenders(mx, position):
    """MX-BTL-07 / MX-DEF-02: Fisherman's Net (Attack-only: Push an opponent's Prepped Character) is
    used at once, so the Pushed Character can no longer defend."""
    st = position(spec({"hand": ["b-fishermans-net", "b-str-1"], "in_play": ["hercules", "gilgamesh"]},
                       {"hand": ["b-int-1"], "in_play": ["merlin", "sherlock-holmes"]}))
    herc, gil = ids(mx, st, 0)
    merlin, sherlock = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-fishermans-net:strength")
    assert mx.decision_for(st, 0).kind == "target"
    go(mx, st, 0, f"target:{merlin}")
    assert char(mx, st, 1, merlin)["pushed"] is True
    go(mx, st, 0, f"attack:{gil}", "card:b-str-1:strength")
    assert set(opts(mx, st, 1)) == {f"defend:0:{sherlock}", f"defend:1:{sherlock}", "done"}
    refuse(mx, st, 1, f"defend:0:{merlin}", "MX-DEF-02")


def test_MX_BTL_08_battle_card_costing_more_than_mp_refused(mx, position):
    """MX-BTL-08: Giant's Grip (-2 MP) cannot be played with 1 MP; with 2 MP it can, leaving 0."""
    st = position(spec({"hand": ["b-str-6", "b-str-1"], "in_play": ["hercules"], "mp": 1},
                       {"in_play": ["merlin"]}))
    (herc,) = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}")
    assert "card:b-str-6:strength" not in opts(mx, st, 0)
    err = refuse(mx, st, 0, "card:b-str-6:strength", "MX-BTL-08")
    assert "1 MP" in err.message
    st = position(spec({"hand": ["b-str-6", "b-str-1"], "in_play": ["hercules"], "mp": 2},
                       {"in_play": ["merlin"]}))
    go(mx, st, 0, f"attack:{herc}", "card:b-str-6:strength")
    assert player(mx, st, 0)["mp"] == 0


# -- Battle Zone and Battle Step order (MX-ZN-08, MX-BTS-01, MX-GAP-08) -----------------------------


def two_on_two(position, p0_hand=("b-str-1", "b-str-1"), p1_hand=("b-int-1", "b-int-1"), **kw):
    return position(spec({"hand": list(p0_hand), "in_play": ["hercules", "gilgamesh"], **kw.get("p0", {})},
                         {"hand": list(p1_hand), "in_play": ["frankenstein-creature", "merlin"],
                          **kw.get("p1", {})}))


def test_MX_ZN_08_and_MX_GAP_08_battle_zone_then_back_in_play(mx, position):
    """MX-ZN-08: attacking and defending Characters are moved into the Battle Zone (the board's
    ``battle``); MX-GAP-08: after the Battle Step they are in their In Play areas again, the attackers
    still Pushed, the defenders Prepped, Damage kept."""
    st = two_on_two(position)
    herc, gil = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    zone = board(mx, st)["battle"]
    assert [(b["attacker"]["id"], b["defender"]) for b in zone] == [(herc, None), (gil, None)]
    go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence", f"defend:1:{merlin}",
       "card:b-int-1:intelligence")
    zone = board(mx, st)["battle"]
    assert [(b["attacker"]["id"], b["defender"]["id"], b["dcard"]["card"]) for b in zone] == [
        (herc, frank, "b-int-1"), (gil, merlin, "b-int-1")]
    go(mx, st, 0, "resolve:0")
    assert board(mx, st)["battle"] == []
    assert ids(mx, st, 0) == [herc, gil] and ids(mx, st, 1) == [frank, merlin]
    assert [c["pushed"] for c in player(mx, st, 0)["in_play"]] == [True, True]
    assert [c["pushed"] for c in player(mx, st, 1)["in_play"]] == [False, False]
    assert damage(mx, st, 0, herc) == [("b-int-1", "intelligence")]
    assert damage(mx, st, 1, merlin) == [("b-str-1", "strength")]


def test_MX_BTS_01_declare_then_defend_then_damage_then_vp(mx, position):
    """MX-BTS-01: (A) the active player declares, (B) the opponent assigns defenders, (C) the
    attacker orders Damage, (D) VP for undefended attacks, then the turn passes."""
    st = position(spec({"hand": ["b-str-1", "b-str-1", "b-spe-1"], "in_play": ["hercules", "gilgamesh", "beowulf"]},
                       {"hand": ["b-int-1", "b-int-1"], "in_play": ["frankenstein-creature", "merlin"]}))
    herc, gil, beo = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    seen = []
    for seat, oid in [(0, f"attack:{herc}"), (0, "card:b-str-1:strength"), (0, f"attack:{gil}"),
                      (0, "card:b-str-1:strength"), (0, f"attack:{beo}"), (0, "card:b-spe-1:special"),
                      (1, f"defend:0:{frank}"), (1, "card:b-int-1:intelligence"), (1, f"defend:1:{merlin}"),
                      (1, "card:b-int-1:intelligence")]:
        seen.append((seat, kind(mx, st, seat)))
        go(mx, st, seat, oid)
    assert seen == [(0, "attack"), (0, "attack_card"), (0, "attack"), (0, "attack_card"), (0, "attack"),
                    (0, "attack_card"), (1, "defend"), (1, "defend_card"), (1, "defend"), (1, "defend_card")]
    # (C) before (D): the Damage order is asked while no VP has been gained and no Damage attached yet.
    assert kind(mx, st, 0) == "damage_order"
    assert player(mx, st, 0)["vp"] == 0
    assert damage(mx, st, 0, herc) == []
    log = go(mx, st, 0, "resolve:0")
    assert player(mx, st, 0)["vp"] == 1
    attached = [i for i, t in enumerate(log) if t.startswith("Attack ") and "Damage" in t]
    vp = [i for i, t in enumerate(log) if "gains a Victory Point" in t]
    turn = [i for i, t in enumerate(log) if t.startswith("Turn 4")]
    assert len(attached) == 2 and len(vp) == 1 and len(turn) == 1
    assert max(attached) < vp[0] < turn[0]
    assert board(mx, st)["active"] == 1 and board(mx, st)["turn"] == 4


# -- Declaring attacks (MX-ATK) --------------------------------------------------------------------


def test_MX_ATK_01_only_active_player_in_battle_step_and_MX_HST_02_wrong_player(mx, position):
    """MX-ATK-01: no attack in the Planning Step, and the opponent cannot declare attacks;
    MX-HST-02: a choice by the wrong player is refused with the state unchanged, naming the rule that
    gives the choice to the other player (MX-ATK-01 here)."""
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"hand": ["b-str-1"], "in_play": ["gilgamesh"]}, phase="planning"))
    (herc,) = ids(mx, st, 0)
    (gil,) = ids(mx, st, 1)
    assert not [o for o in opts(mx, st, 0) if o.startswith("attack")]
    refuse(mx, st, 0, f"attack:{herc}", "MX-ATK-01")
    with pytest.raises(NotYourDecision):
        mx.decision_for(st, 1)
    refuse(mx, st, 1, f"attack:{gil}", "MX-ATK-01")
    go(mx, st, 0, "battle")
    assert opts(mx, st, 0) == [f"attack:{herc}", "done"]
    refuse(mx, st, 1, f"attack:{gil}", "MX-ATK-01")
    refuse(mx, st, 1, "done", "MX-ATK-01")


def test_MX_ATK_02_MX_PLN_03_new_or_pushed_character_cannot_attack(mx, position):
    """MX-ATK-02 / MX-PLN-03: a Character that came into play this turn (without an attack-on-entry
    effect) or is Pushed cannot attack; Mr Hyde's Constant lets him attack on entry."""
    st = position(spec({"hand": ["b-str-1", "b-str-2"],
                        "in_play": [{"card": "hercules", "entered": 3}, {"card": "gilgamesh", "pushed": True},
                                    {"card": "mr-hyde", "entered": 3}]},
                       {"in_play": ["merlin"]}))
    herc, gil, hyde = ids(mx, st, 0)
    assert board(mx, st)["players"][0]["in_play"][0]["new"] is True
    assert opts(mx, st, 0) == [f"attack:{hyde}", "done"]
    err = refuse(mx, st, 0, f"attack:{herc}", "MX-PLN-03")
    assert "came into play this turn" in err.message
    refuse(mx, st, 0, f"attack:{gil}", "MX-ATK-02")
    go(mx, st, 0, f"attack:{hyde}", "card:b-str-2:strength")
    assert char(mx, st, 0, hyde)["pushed"] is True


def test_MX_PLN_03_character_played_this_turn_cannot_attack(mx, position):
    """MX-PLN-03 / MX-ATK-02: a Character played in this Planning Step is not offered as an attacker
    and an attack with it is refused."""
    st = position(spec({"hand": ["gilgamesh", "b-str-1"], "in_play": ["hercules"]}, {"in_play": ["merlin"]},
                       phase="planning"))
    (herc,) = ids(mx, st, 0)
    go(mx, st, 0, "char:gilgamesh")
    _, gil = ids(mx, st, 0)
    if kind(mx, st, 0) == "planning":
        go(mx, st, 0, "battle")
    assert opts(mx, st, 0) == [f"attack:{herc}", "done"]
    refuse(mx, st, 0, f"attack:{gil}", "MX-PLN-03")


def test_MX_ATK_03_declaring_pushes_moves_and_plays_card(mx, position):
    """MX-ATK-03: the attacker is Pushed and moved into the Battle Zone, the Battle card leaves the
    hand and lies in front of it, its MP value and its Attack-only effect are used."""
    st = position(spec({"hand": ["b-horn-of-the-charge", "b-spe-1"], "in_play": ["hercules"], "mp": 3},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}))
    (herc,) = ids(mx, st, 0)
    assert char(mx, st, 0, herc)["pushed"] is False
    log = go(mx, st, 0, f"attack:{herc}", "card:b-horn-of-the-charge:strength")
    assert char(mx, st, 0, herc)["pushed"] is True
    (atk,) = board(mx, st)["battle"]
    assert atk["attacker"]["id"] == herc and atk["card"]["card"] == "b-horn-of-the-charge"
    assert atk["stat"] == "strength"
    assert hand(mx, st, 0) == ["b-spe-1", "b-int-2"]  # Horn played, top of deck drawn
    assert any("attacks with Hercules" in t for t in log)


def test_MX_ATK_04_attack_needs_usable_affordable_card(mx, position):
    """MX-ATK-04: Merlin (Int5 Spe4) with only Strength cards, and Hercules with only a card he cannot
    pay for, cannot declare an attack."""
    st = position(spec({"hand": ["b-str-1", "b-str-7"], "in_play": ["merlin", "hercules", "gilgamesh"], "mp": 0},
                       {"in_play": ["moriarty"]}))
    merlin, herc, gil = ids(mx, st, 0)
    assert opts(mx, st, 0) == [f"attack:{herc}", f"attack:{gil}", "done"]
    refuse(mx, st, 0, f"attack:{merlin}", "MX-ATK-04")
    st = position(spec({"hand": ["b-str-7"], "in_play": ["hercules", "gilgamesh"], "mp": 2},
                       {"in_play": ["moriarty"]}))
    herc, gil = ids(mx, st, 0)
    # Nothing can attack, so the Battle Step is empty: the position's attack decision offers only done.
    assert opts(mx, st, 0) == ["done"]
    err = refuse(mx, st, 0, f"attack:{herc}", "MX-ATK-04")
    assert "no usable Battle card" in err.message


def test_MX_ATK_05_one_at_a_time_any_number_including_none(mx, position):
    """MX-ATK-05: each declaration (card, MP) is complete before the next; "back" undoes only the
    choice of attacker; declaring no attack at all ends the turn without VP."""
    st = position(spec({"hand": ["b-str-1", "b-str-2"], "in_play": ["hercules", "gilgamesh"], "mp": 0},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}))
    herc, gil = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "back")
    assert char(mx, st, 0, herc)["pushed"] is False and board(mx, st)["battle"] == []
    assert opts(mx, st, 0) == [f"attack:{herc}", f"attack:{gil}", "done"]
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    assert player(mx, st, 0)["mp"] == 2 and len(board(mx, st)["battle"]) == 1
    assert opts(mx, st, 0) == [f"attack:{gil}", "done"]
    go(mx, st, 0, "done")
    assert kind(mx, st, 1) == "defend" and len(board(mx, st)["battle"]) == 1

    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]}, {"in_play": ["merlin"]}))
    log = go(mx, st, 0, "done")
    assert "Ana declares no attacks." in log
    assert player(mx, st, 0)["vp"] == 0 and board(mx, st)["active"] == 1 and board(mx, st)["turn"] == 4


def test_MX_ATK_06_attack_targets_the_opponent_who_picks_blockers(mx, position):
    """MX-ATK-06: an attack names no target; the defending player may block it with any eligible
    Character of theirs."""
    st = two_on_two(position)
    herc, _ = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    assert f"attack:{herc}" in opts(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", "done")
    assert opts(mx, st, 1) == [f"defend:0:{frank}", f"defend:0:{merlin}", "done"]
    go(mx, st, 1, f"defend:0:{merlin}", "card:b-int-1:intelligence")
    assert damage(mx, st, 1, merlin) == [("b-str-1", "strength")]
    assert damage(mx, st, 1, frank) == []


def test_MX_ATK_07_attacks_once_and_stays_pushed_until_its_prep_step(mx, position):
    """MX-ATK-07: after attacking, a Character cannot attack again this turn; it stays Pushed through
    the opponent's turn and is Prepped in its controller's next Prep Step."""
    st = position(spec({"hand": ["b-str-1", "b-str-2"], "in_play": ["hercules", "gilgamesh"]},
                       {"hand": ["b-int-1"], "in_play": ["merlin"]}))
    herc, gil = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    assert f"attack:{herc}" not in opts(mx, st, 0)
    refuse(mx, st, 0, f"attack:{herc}", "MX-ATK-07")
    go(mx, st, 0, "done")
    go(mx, st, 1, "done")  # no defender; 1 VP; turn 4 is seat 1's
    assert board(mx, st)["turn"] == 4 and char(mx, st, 0, herc)["pushed"] is True
    assert player(mx, st, 0)["vp"] == 1
    pass_turn(mx, st, 1)
    assert board(mx, st)["turn"] == 5 and board(mx, st)["active"] == 0
    assert char(mx, st, 0, herc)["pushed"] is False


# -- Defenders (MX-DEF, MX-GAP-06) -----------------------------------------------------------------


def test_MX_DEF_01_defenders_only_after_declarations(mx, position):
    """MX-DEF-01: while attacks are being declared the defending player has no decision; after "done"
    they get the defend decision."""
    st = two_on_two(position)
    herc, _ = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    with pytest.raises(NotYourDecision):
        mx.decision_for(st, 1)
    refuse(mx, st, 1, f"defend:0:{frank}", "MX-DEF-01")
    go(mx, st, 0, "done")
    assert kind(mx, st, 1) == "defend" and f"defend:0:{frank}" in opts(mx, st, 1)


def test_MX_DEF_02_pushed_character_cannot_defend(mx, position):
    """MX-DEF-02: a Pushed Character is not offered as a defender and choosing it is refused."""
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"hand": ["b-str-1"], "in_play": [{"card": "frankenstein-creature", "pushed": True},
                                                         "gilgamesh"]}))
    (herc,) = ids(mx, st, 0)
    frank, gil = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    assert opts(mx, st, 1) == [f"defend:0:{gil}", "done"]
    err = refuse(mx, st, 1, f"defend:0:{frank}", "MX-DEF-02")
    assert "Pushed" in err.message


def test_MX_DEF_03_defender_plays_usable_card_with_defense_effect(mx, position):
    """MX-DEF-03: the defender plays one Battle card it can use (Merlin, Int 5: not Rank 6, not
    Strength); the card's MP and its Defense-only effect are used (Counter-Scheme: -1, then +2)."""
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"hand": ["b-int-6", "b-str-1", "b-counter-scheme"], "in_play": ["merlin"], "mp": 2}))
    (herc,) = ids(mx, st, 0)
    (merlin,) = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    go(mx, st, 1, f"defend:0:{merlin}")
    assert opts(mx, st, 1) == ["card:b-counter-scheme:intelligence", "back"]
    refuse(mx, st, 1, "card:b-int-6:intelligence", "MX-BTL-03")
    refuse(mx, st, 1, "card:b-str-1:strength", "MX-BTL-03")
    log = go(mx, st, 1, "card:b-counter-scheme:intelligence")
    assert any("blocks Hercules — Son of Thunder with Merlin" in t and "and has 1 MP" in t for t in log)
    assert "Ben gains 2 MP (3 MP)." in log
    assert player(mx, st, 1)["mp"] == 3
    assert damage(mx, st, 0, herc) == [("b-counter-scheme", "intelligence")]


def test_MX_DEF_04_defenders_assigned_one_at_a_time(mx, position):
    """MX-DEF-04: the first defender, with its card and MP, is complete before the next is chosen."""
    st = two_on_two(position, p1_hand=("b-int-1", "b-spe-1"))
    herc, gil = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence")
    assert player(mx, st, 1)["mp"] == 2
    assert board(mx, st)["battle"][0]["defender"]["id"] == frank
    assert kind(mx, st, 1) == "defend"
    assert opts(mx, st, 1) == [f"defend:1:{merlin}", "done"]


def test_MX_DEF_05_one_defender_per_attack(mx, position):
    """MX-DEF-05: a second defender for an already defended attack is refused, state unchanged."""
    st = two_on_two(position)
    herc, gil = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence")
    assert f"defend:0:{merlin}" not in opts(mx, st, 1)
    err = refuse(mx, st, 1, f"defend:0:{merlin}", "MX-DEF-05")
    assert "already has a defender" in err.message


def test_MX_DEF_06_defender_needs_usable_affordable_card(mx, position):
    """MX-DEF-06: Merlin cannot defend with only Strength cards in hand; Frankenstein's Creature cannot
    defend with a card he cannot pay for."""
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"hand": ["b-str-5", "b-str-1"], "in_play": ["merlin", "gilgamesh"], "mp": 0}))
    (herc,) = ids(mx, st, 0)
    merlin, gil = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    assert opts(mx, st, 1) == [f"defend:0:{gil}", "done"]
    refuse(mx, st, 1, f"defend:0:{merlin}", "MX-DEF-06")
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"hand": ["b-int-5"], "in_play": ["merlin", "gilgamesh"], "mp": 0}))
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    # No defender has an affordable card, but seat 1 holds a card, which might have been one: the defend
    # decision is still offered (MX-GAP-24: who is asked follows public facts), with "Done" only.
    assert opts(mx, st, 1) == ["done"]
    refuse(mx, st, 1, f"defend:0:{merlin}", "MX-DEF-06")
    go(mx, st, 1, "done")
    assert player(mx, st, 0)["vp"] == 1 and board(mx, st)["active"] == 1


def test_MX_DEF_07_defending_player_may_leave_attacks_undefended(mx, position):
    """MX-DEF-07: "done" with no defender leaves every attack undefended (2 VP); leaving one of two
    attacks undefended gives 1 VP."""
    st = two_on_two(position)
    herc, gil = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    go(mx, st, 1, "done")
    assert player(mx, st, 0)["vp"] == 2
    st = two_on_two(position)
    frank, _ = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    go(mx, st, 1, f"defend:1:{frank}", "card:b-int-1:intelligence", "done")
    assert player(mx, st, 0)["vp"] == 1


def test_MX_DEF_08_defend_decision_lists_attacks_and_eligible_defenders(mx, position):
    """MX-DEF-08: the defend decision lists every (attack, eligible defender) pair plus "done", which
    is the timeout default."""
    st = two_on_two(position)
    herc, gil = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    dec = mx.decision_for(st, 1)
    assert dec.kind == "defend" and dec.default == "done"
    assert [o.id for o in dec.options] == [f"defend:0:{frank}", f"defend:0:{merlin}", f"defend:1:{frank}",
                                           f"defend:1:{merlin}", "done"]
    assert mx.timeout_choice(st, dec) == "done"


def test_MX_GAP_06_defending_does_not_push_and_one_attack_per_defender(mx, position):
    """MX-GAP-06: a defender is not Pushed and cannot defend a second attack in the same Battle Step."""
    st = two_on_two(position)
    herc, gil = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence")
    assert char(mx, st, 1, frank)["pushed"] is False
    assert f"defend:1:{frank}" not in opts(mx, st, 1)
    err = refuse(mx, st, 1, f"defend:1:{frank}", "MX-GAP-06")
    assert "already defends" in err.message


# -- Damage (MX-DMG) -------------------------------------------------------------------------------


def test_MX_DMG_01_MX_DMG_02_both_cards_attached_for_every_defended_attack(mx, position):
    """MX-DMG-01/02: for each defended attack the attacker's card goes to the defender and the
    defender's card to the attacker; an undefended attack's card is attached to nobody."""
    st = position(spec({"hand": ["b-str-1", "b-str-2", "b-spe-1"], "in_play": ["hercules", "gilgamesh", "beowulf"]},
                       {"hand": ["b-int-1", "b-spe-2"], "in_play": ["frankenstein-creature", "merlin"]}))
    herc, gil, beo = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-2:strength",
       f"attack:{beo}", "card:b-spe-1:special")
    go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence", f"defend:2:{merlin}", "card:b-spe-2:special")
    go(mx, st, 0, "resolve:0")
    assert damage(mx, st, 1, frank) == [("b-str-1", "strength")]
    assert damage(mx, st, 0, herc) == [("b-int-1", "intelligence")]
    assert damage(mx, st, 1, merlin) == [("b-spe-1", "special")]
    assert damage(mx, st, 0, beo) == [("b-spe-2", "special")]
    assert damage(mx, st, 0, gil) == []
    assert discard(mx, st, 0) == ["b-str-2"]


def order_position(position):
    """King Arthur (+1 Strength to seat 1's other Characters) and Gilgamesh defend; see
    tests/scenarios/metax/multi_attack_damage_order.yaml for the other order."""
    return position(spec(
        {"hand": ["b-str-3", "b-spe-1"], "in_play": ["hercules", "mulan", "beowulf"], "mp": 5},
        {"hand": ["b-str-1", "b-int-1"], "in_play": [{"card": "king-arthur", "damage": ["b-str-1", "b-int-1"]},
                                                     "gilgamesh"]}))


def declare_order_battle(mx, st):
    herc, mulan, beo = ids(mx, st, 0)
    arthur, gil = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-3:strength", f"link:{mulan}", f"attack:{beo}", "card:b-spe-1:special")
    go(mx, st, 1, f"defend:0:{gil}", "card:b-str-1:strength", f"defend:1:{arthur}", "card:b-int-1:intelligence")


def test_MX_DMG_03_attacker_orders_damage_and_order_matters(mx, position):
    """MX-DMG-03: with two defended attacks the attacking player chooses the order (default: the
    declaration order). Resolving the Team Attack first compares 7 against 1 + 7 (King Arthur still
    gives Gilgamesh +1 Strength): no VP. The scenario file resolves the other order and gains it."""
    st = order_position(position)
    declare_order_battle(mx, st)
    dec = mx.decision_for(st, 0)
    assert dec.kind == "damage_order" and [o.id for o in dec.options] == ["resolve:0", "resolve:1"]
    assert dec.default == "resolve:0"
    refuse(mx, st, 1, "resolve:1", "MX-DMG-03")
    refuse(mx, st, 0, "resolve:2", "MX-HST-02")
    log = go(mx, st, 0, "resolve:0")
    assert any(t.startswith("Team Attack 1: 7 against 8 (") for t in log)
    assert player(mx, st, 0)["vp"] == 0
    assert discard(mx, st, 1) == ["king-arthur"]  # Arthur still TKO'd by attack 2


def test_MX_DMG_04_damage_stays_attached_across_turns(mx, position):
    """MX-DMG-04: Damage is not removed at the end of the turn: it is still there after the
    opponent's whole turn and at the start of the attacker's next turn."""
    st = two_on_two(position)
    herc, gil = ids(mx, st, 0)
    frank, merlin = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", "done")
    go(mx, st, 1, f"defend:0:{merlin}", "card:b-int-1:intelligence")
    assert board(mx, st)["turn"] == 4
    pass_turn(mx, st, 1)
    assert board(mx, st)["turn"] == 5
    assert damage(mx, st, 0, herc) == [("b-int-1", "intelligence")]
    assert damage(mx, st, 1, merlin) == [("b-str-1", "strength")]


@pytest.mark.parametrize("played_as, ko", [("intelligence", True), ("strength", False)])
def test_MX_DMG_05_MX_GAP_03_multi_stat_damage_counts_as_the_played_stat(mx, position, played_as, ko):
    """MX-DMG-05 / MX-GAP-03: Feint and Thrust (Str/Int 2) counts as Damage of its Rank and of the one
    colour it was played as. On Frankenstein's Creature (Str6 Int3, Strength 1 Damage already) it
    makes a second colour (TKO) only when played as Intelligence; 1 + 2 = 3 < 6, so no HP KO."""
    st = position(spec({"hand": ["b-feint-and-thrust"], "in_play": ["gilgamesh"]},
                       {"hand": ["b-int-1"], "in_play": [{"card": "frankenstein-creature", "damage": ["b-str-1"]}]}))
    (gil,) = ids(mx, st, 0)
    (frank,) = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{gil}", f"card:b-feint-and-thrust:{played_as}")
    assert board(mx, st)["battle"][0]["stat"] == played_as
    log = go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence")
    if ko:
        assert ko_said(log, "Frankenstein's Creature", "TKO (Damage in 2 colours against 2 Stats)")
        assert ids(mx, st, 1) == []
    else:
        assert not any("KO'd" in t for t in log)
        assert damage(mx, st, 1, frank) == [("b-str-1", "strength"), ("b-feint-and-thrust", "strength")]
        assert [d["rank"] for d in char(mx, st, 1, frank)["damage"]] == [1, 2]


def test_MX_DMG_06_MX_KO_04_damage_by_effect_kos_at_once(mx, position):
    """MX-DMG-06 / MX-KO-04: Trojan Horse attaches a Battle card as Damage in the Planning Step; the
    one-Stat Mr Hyde is KO'd immediately, and the Planning Step goes on."""
    st = position(spec({"hand": ["ev-trojan-horse", "b-str-1", "ev-golden-fleece"], "in_play": ["hercules"], "mp": 3},
                       {"in_play": ["mr-hyde"]}, phase="planning"))
    go(mx, st, 0, "event:ev-trojan-horse")
    assert kind(mx, st, 0) == "attach"
    log = go(mx, st, 0, "attach:b-str-1:strength")
    assert "Mr Hyde — The Beast Within is KO'd by TKO (Damage in 1 colour against 1 Stat)." in log
    assert ids(mx, st, 1) == []
    assert discard(mx, st, 1) == ["mr-hyde"]
    assert discard(mx, st, 0) == ["b-str-1", "ev-trojan-horse"]
    assert kind(mx, st, 0) == "planning" and "event:ev-golden-fleece" in opts(mx, st, 0)


# -- Knock-outs (MX-KO) ----------------------------------------------------------------------------


def ko_said(log, name, how):
    """Whether a line of ``log`` tells that ``name`` is KO'd ``how`` (a fight's line names Characters by
    title)."""
    return any(f"{name} is KO'd by {how}" in t for t in log)


def defend_once(mx, st, atk_card, def_card):
    (a,) = ids(mx, st, 0)
    (d,) = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{a}", atk_card)
    return go(mx, st, 1, f"defend:0:{d}", def_card)


def test_MX_KO_01_tko_needs_as_many_colours_as_stats(mx, position):
    """MX-KO-01: three-Stat Dracula with Strength, Strength and Intelligence Damage (two colours, 3 < 5
    HP) is not KO'd; a Special card then makes three colours: TKO."""
    st = position(spec({"hand": ["b-int-1"], "in_play": ["mulan"]},
                       {"hand": ["b-str-1"], "in_play": [{"card": "dracula", "damage": ["b-str-1", "b-str-1"]}]}))
    log = defend_once(mx, st, "card:b-int-1:intelligence", "card:b-str-1:strength")
    assert not any("KO'd" in t for t in log)
    (drac,) = ids(mx, st, 1)
    assert len(damage(mx, st, 1, drac)) == 3
    st = position(spec({"hand": ["b-spe-1"], "in_play": ["hercules"]},
                       {"hand": ["b-str-1"], "in_play": [{"card": "dracula", "damage": ["b-str-1", "b-int-1"]}]}))
    log = defend_once(mx, st, "card:b-spe-1:special", "card:b-str-1:strength")
    assert ko_said(log, "Count Dracula", "TKO (Damage in 3 colours against 3 Stats)")


def test_MX_KO_02_one_stat_any_hit_two_stats_need_two_colours(mx, position):
    """MX-KO-02: one-Stat Mr Hyde (Str 6) is TKO'd by a single Rank 1 card (TKO only, 1 < 6); two-Stat
    Gilgamesh with two Strength cards (one colour, 3 < 6) is not KO'd."""
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"hand": ["b-str-1"], "in_play": ["mr-hyde"]}))
    log = defend_once(mx, st, "card:b-str-1:strength", "card:b-str-1:strength")
    assert ko_said(log, "Mr Hyde", "TKO (Damage in 1 colour against 1 Stat)")
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"hand": ["b-str-1"], "in_play": [{"card": "gilgamesh", "damage": ["b-str-2"]}]}))
    log = defend_once(mx, st, "card:b-str-1:strength", "card:b-str-1:strength")
    assert not any("KO'd" in t for t in log)
    assert ids(mx, st, 1) != []


@pytest.mark.parametrize("old, ko", [("b-int-2", False), ("b-int-3", True)])
def test_MX_KO_03_hp_ko_at_highest_rank(mx, position, old, ko):
    """MX-KO-03: Merlin (Int5 Spe4) is HP KO'd when his Damage totals his highest Rank 5, not his
    lower Rank 4: Intelligence 2 + 2 = 4 survives, 3 + 2 = 5 is KO'd (one colour: no TKO)."""
    st = position(spec({"hand": ["b-int-2"], "in_play": ["sherlock-holmes"]},
                       {"hand": ["b-int-1"], "in_play": [{"card": "merlin", "damage": [old]}]}))
    log = defend_once(mx, st, "card:b-int-2:intelligence", "card:b-int-1:intelligence")
    if ko:
        assert ko_said(log, "Merlin", "HP KO (5 Damage against HP 5)")
        assert ids(mx, st, 1) == []
    else:
        assert not any("KO'd" in t for t in log)
        assert len(ids(mx, st, 1)) == 1


def test_MX_KO_04_MX_GAP_23_lost_bonus_kos_at_once(mx, position):
    """MX-KO-04 / MX-GAP-23: Gilgamesh (Str 6, +1 from King Arthur = 7) carries 6 Damage; when
    Will-o'-the-Wisp returns Arthur to hand in the opponent's Planning Step, the HP threshold drops to
    6 and Gilgamesh is KO'd at once."""
    st = position(spec({"hand": ["ev-will-o-the-wisp"], "in_play": ["hercules"], "mp": 4},
                       {"in_play": ["king-arthur", {"card": "gilgamesh", "damage": ["b-str-6"]}]},
                       phase="planning"))
    arthur, gil = ids(mx, st, 1)
    assert char(mx, st, 1, gil)["ranks"]["strength"] == 7
    go(mx, st, 0, "event:ev-will-o-the-wisp")
    assert kind(mx, st, 0) == "target"
    log = go(mx, st, 0, f"target:{arthur}")
    assert "Gilgamesh — King of Uruk is KO'd by HP KO (6 Damage against HP 6)." in log
    assert ids(mx, st, 1) == []
    assert discard(mx, st, 1) == ["gilgamesh"]
    assert discard(mx, st, 0) == ["b-str-6", "ev-will-o-the-wisp"]


def test_MX_GAP_23_battle_card_played_with_a_bonus_stays_valid(mx, position):
    """MX-GAP-23: Gilgamesh plays Mountain-Splitter (Strength 7) thanks to King Arthur's +1. Arthur is
    KO'd in the first attack resolved; Gilgamesh's Rank 7 card stays valid and still hits Grendel
    (Str6 Spe2) as 7 Damage."""
    st = position(spec({"hand": ["b-str-2", "b-str-7"], "mp": 3,
                        "in_play": [{"card": "king-arthur", "damage": ["b-str-1", "b-int-1"]}, "gilgamesh"]},
                       {"hand": ["b-spe-1", "b-str-1"], "in_play": ["merlin", "grendel"]}))
    arthur, gil = ids(mx, st, 0)
    merlin, grendel = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{arthur}", "card:b-str-2:strength", f"attack:{gil}", "card:b-str-7:strength")
    assert player(mx, st, 0)["mp"] == 1
    go(mx, st, 1, f"defend:0:{merlin}", "card:b-spe-1:special", f"defend:1:{grendel}", "card:b-str-1:strength")
    log = go(mx, st, 0, "resolve:0")
    ko = [t for t in log if "KO'd" in t]
    assert len(ko) == 2 and ko[0].startswith("Attack 1, King Arthur against Merlin:")
    assert "King Arthur is KO'd by TKO (Damage in 3 colours against 3 Stats): Ben wins the fight." in ko[0]
    assert ko[1].startswith("Attack 2, Gilgamesh against Grendel:")
    assert "Grendel is KO'd by HP KO (7 Damage against HP 6)" in ko[1] and "Ana wins the fight" in ko[1]
    assert char(mx, st, 0, gil)["ranks"]["strength"] == 6
    assert damage(mx, st, 0, gil) == [("b-str-1", "strength")]
    assert "b-str-7" in discard(mx, st, 0)


def test_MX_KO_05_MX_KO_06_simultaneous_mutual_ko_to_owners_piles(mx, position):
    """MX-KO-05: both cards are attached before either Character is checked, so one-Stat Mr Hyde and
    one-Stat Moriarty KO each other. MX-KO-06 / MX-GAP-09: each Character and each Battle card goes
    to its own owner's discard pile."""
    st = position(spec({"hand": ["b-str-1"], "in_play": ["mr-hyde"]},
                       {"hand": ["b-int-1"], "in_play": ["moriarty"]}))
    log = defend_once(mx, st, "card:b-str-1:strength", "card:b-int-1:intelligence")
    assert ko_said(log, "Professor Moriarty", "TKO (Damage in 1 colour against 1 Stat)")
    assert ko_said(log, "Mr Hyde", "TKO (Damage in 1 colour against 1 Stat)")
    assert any("nobody wins the fight" in t for t in log)
    assert ids(mx, st, 0) == [] and ids(mx, st, 1) == []
    assert discard(mx, st, 0) == ["b-str-1", "mr-hyde"]
    assert discard(mx, st, 1) == ["b-int-1", "moriarty"]
    assert player(mx, st, 0)["vp"] == 0


def test_MX_KO_06_MX_GAP_09_opponent_owned_damage_goes_to_its_owner(mx, position):
    """MX-KO-06 / MX-GAP-09: Dracula (seat 1) is KO'd carrying three of seat 0's cards; they go to
    seat 0's pile, Dracula to seat 1's."""
    st = position(spec({"hand": ["b-spe-1"], "in_play": ["hercules"]},
                       {"hand": ["b-str-1"], "in_play": [{"card": "dracula", "damage": ["b-str-1", "b-int-1"]}]}))
    defend_once(mx, st, "card:b-spe-1:special", "card:b-str-1:strength")
    assert discard(mx, st, 1) == ["dracula"]
    assert discard(mx, st, 0) == ["b-int-1", "b-spe-1", "b-str-1"]
    state = json.loads(mx.to_json(st))
    assert all(state["owner"][c] == 0 for c in state["players"][0]["discard"])
    assert all(state["owner"][c] == 1 for c in state["players"][1]["discard"])


def test_MX_KO_08_kod_character_frees_its_slot_and_constant_stops(mx, position):
    """MX-KO-08: King Arthur is KO'd while defending; at once Gilgamesh loses Arthur's +1 Strength, and
    on seat 1's next turn a Character can be played again (2 of 3 slots used)."""
    st = position(spec({"hand": ["b-spe-1"], "in_play": ["hercules"]},
                       {"hand": ["b-int-1", "merlin"], "in_play": [
                           {"card": "king-arthur", "damage": ["b-str-1", "b-int-1"]}, "gilgamesh", "sherlock-holmes"]}))
    arthur, gil, _ = ids(mx, st, 1)
    assert char(mx, st, 1, gil)["ranks"]["strength"] == 7
    (herc,) = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-spe-1:special")
    go(mx, st, 1, f"defend:0:{arthur}", "card:b-int-1:intelligence")
    assert arthur not in ids(mx, st, 1) and len(ids(mx, st, 1)) == 2
    assert char(mx, st, 1, gil)["ranks"]["strength"] == 6
    assert board(mx, st)["active"] == 1 and kind(mx, st, 1) == "planning"
    assert "char:merlin" in opts(mx, st, 1)


# -- Victory Points (MX-VP) ------------------------------------------------------------------------


def test_MX_VP_01_undefended_attack_gains_one_vp_defended_none(mx, position):
    """MX-VP-01: of two attacks, the defended one gains nothing and the undefended one 1 VP."""
    st = two_on_two(position)
    herc, gil = ids(mx, st, 0)
    frank, _ = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    log = go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence", "done")
    assert [t for t in log if "Victory Point" in t] == ["Ana gains a Victory Point (1 VP)."]
    assert player(mx, st, 0)["vp"] == 1 and player(mx, st, 1)["vp"] == 0


def test_MX_VP_02_vp_is_top_card_of_opponents_deck(mx, position):
    """MX-VP-02: the VP card is the top card of the opponent's deck, moved face down to the VP pile."""
    st = position(spec({"hand": ["b-str-1"], "in_play": ["hercules"]},
                       {"deck": ["b-spe-7", "b-spe-6", "b-int-2", "b-int-2"], "hand": ["b-int-1"],
                        "in_play": ["merlin"]}))
    (herc,) = ids(mx, st, 0)
    before = json.loads(mx.to_json(st))
    top, second = before["players"][1]["deck"][:2]
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength")
    go(mx, st, 1, "done")
    after = json.loads(mx.to_json(st))
    assert after["players"][0]["vp"] == [top]
    assert after["cards"][top] == "b-spe-7"
    assert second in after["players"][1]["hand"]  # seat 1's Prep Step then drew the next card
    assert player(mx, st, 1)["deck"] == 2 and player(mx, st, 0)["vp"] == 1
    assert "vp" not in json.dumps(mx.view(st, 1).private)  # the VP card's identity is not shown


def test_MX_VP_03_undefended_battle_cards_discarded_after_vp(mx, position):
    """MX-VP-03: the undefended attack's Battle card goes to its owner's discard pile after the VP;
    the defended attack's card is attached as Damage, not discarded."""
    st = two_on_two(position, p0_hand=("b-str-1", "b-str-2"))
    herc, gil = ids(mx, st, 0)
    frank, _ = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-2:strength")
    log = go(mx, st, 1, f"defend:0:{frank}", "card:b-int-1:intelligence", "done")
    assert discard(mx, st, 0) == ["b-str-2"]
    assert damage(mx, st, 1, frank) == [("b-str-1", "strength")]
    assert board(mx, st)["battle"] == []
    assert any("Victory Point" in t for t in log)


def test_MX_VP_04_seventh_vp_ends_game_at_once(mx, position):
    """MX-VP-04 (MX-WIN-02): with 6 VP and two undefended attacks, the first VP wins: the game ends at
    7 VP, the second attack's VP is never taken."""
    st = position(spec({"hand": ["b-str-1", "b-str-1"], "in_play": ["hercules", "gilgamesh"], "vp": ["b-int-2"] * 6},
                       {"in_play": ["merlin"]}))
    herc, gil = ids(mx, st, 0)
    go(mx, st, 0, f"attack:{herc}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-1:strength")
    res = mx.result(st)
    assert res is not None and res.winners == (0,) and res.losers == (1,) and res.reason == "seven_vp"
    assert player(mx, st, 0)["vp"] == 7
    assert player(mx, st, 1)["deck"] == 4
    with pytest.raises(NotYourDecision):
        mx.decision_for(st, 1)


# -- Gap MX-GAP-10: a Character leaves play before its attack resolves ------------------------------


def test_MX_GAP_10_attacker_left_play_attack_ends(mx, position):
    """MX-GAP-10: Gilgamesh (Str 7 with King Arthur, 6 Damage) attacks alongside Arthur. Resolving
    Arthur's attack first KOs Arthur, which KOs Gilgamesh (threshold 6). Gilgamesh's attack then ends:
    no Damage to its defender, no VP, both Battle cards to their owners' discard piles."""
    st = position(spec({"hand": ["b-str-1", "b-str-2"],
                        "in_play": [{"card": "king-arthur", "damage": ["b-str-1", "b-int-1"]},
                                    {"card": "gilgamesh", "damage": ["b-str-6"]}]},
                       {"hand": ["b-spe-1", "b-int-1"], "in_play": ["merlin", "sherlock-holmes"]}))
    arthur, gil = ids(mx, st, 0)
    merlin, sherlock = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{arthur}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-2:strength")
    go(mx, st, 1, f"defend:0:{merlin}", "card:b-spe-1:special", f"defend:1:{sherlock}", "card:b-int-1:intelligence")
    log = go(mx, st, 0, "resolve:0")
    assert "Gilgamesh — King of Uruk is KO'd by HP KO (6 Damage against HP 6)." in log
    assert "Attack 2 ends: Gilgamesh — King of Uruk left play." in log
    assert ids(mx, st, 0) == []
    assert damage(mx, st, 1, sherlock) == []
    assert player(mx, st, 0)["vp"] == 0
    # Arthur's card stays on Merlin; Gilgamesh's card and Sherlock's card are discarded (each to
    # its owner); the Damage set up in the position is seat 1's.
    assert damage(mx, st, 1, merlin) == [("b-str-1", "strength")]
    assert discard(mx, st, 0) == ["b-str-2", "gilgamesh", "king-arthur"]
    assert discard(mx, st, 1) == ["b-int-1", "b-int-1", "b-spe-1", "b-str-1", "b-str-6"]


def test_MX_GAP_10_defender_left_play_attack_undefended(mx, position):
    """MX-GAP-10: seat 1's Gilgamesh (Str 7 with King Arthur, 6 Damage) defends; Arthur is KO'd
    defending the first attack resolved, so Gilgamesh is KO'd before his attack resolves: his Battle
    card is discarded and the attack counts as undefended (1 VP)."""
    st = position(spec({"hand": ["b-spe-1", "b-str-1"], "in_play": ["hercules", "mulan"]},
                       {"hand": ["b-int-1", "b-str-2"],
                        "in_play": [{"card": "king-arthur", "damage": ["b-str-1", "b-int-1"]},
                                    {"card": "gilgamesh", "damage": ["b-str-6"]}]}))
    herc, mulan = ids(mx, st, 0)
    arthur, gil = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{herc}", "card:b-spe-1:special", f"attack:{mulan}", "card:b-str-1:strength")
    go(mx, st, 1, f"defend:0:{arthur}", "card:b-int-1:intelligence", f"defend:1:{gil}", "card:b-str-2:strength")
    log = go(mx, st, 0, "resolve:0")
    assert "Attack 2 is undefended: Gilgamesh — King of Uruk left play." in log
    assert "Ana gains a Victory Point (1 VP)." in log
    assert player(mx, st, 0)["vp"] == 1
    assert damage(mx, st, 0, mulan) == []
    assert "b-str-2" in discard(mx, st, 1) and "b-str-1" in discard(mx, st, 0)


def test_MX_GAP_10_undefended_attacker_left_play_gains_no_vp(mx, position):
    """MX-GAP-10: Gilgamesh's attack is undefended, but he is KO'd (King Arthur's bonus ends when Arthur
    is TKO'd in the defended attack) before VPs are counted: no VP, his Battle card is discarded."""
    st = position(spec({"hand": ["b-str-1", "b-str-2"],
                        "in_play": [{"card": "king-arthur", "damage": ["b-str-1", "b-int-1"]},
                                    {"card": "gilgamesh", "damage": ["b-str-6"]}]},
                       {"hand": ["b-spe-1"], "in_play": ["merlin"]}))
    arthur, gil = ids(mx, st, 0)
    (merlin,) = ids(mx, st, 1)
    go(mx, st, 0, f"attack:{arthur}", "card:b-str-1:strength", f"attack:{gil}", "card:b-str-2:strength")
    log = go(mx, st, 1, f"defend:0:{merlin}", "card:b-spe-1:special")
    assert "Gilgamesh — King of Uruk is KO'd by HP KO (6 Damage against HP 6)." in log
    assert "Gilgamesh — King of Uruk left play and gains no VP." in log
    assert player(mx, st, 0)["vp"] == 0 and player(mx, st, 1)["deck"] == 4
    assert discard(mx, st, 0) == ["b-str-2", "gilgamesh", "king-arthur"]


def test_MX_BTL_04_rulebook_example_str7_int3_spe5(mx, position):
    """MX-BTL-04, exactly as in the rulebook: a Character with Strength 7, Intelligence 3 and Special 5
    (Paul Bunyan) can use Strength Battle cards of Rank 1–7, Intelligence 1–3, Special 1–5, nothing else."""
    basics = [f"b-{s}-{r}" for s in ("str", "int", "spe") for r in range(1, 8)]
    st = position({"turn": 2, "phase": "attack", "players": [
        {"hand": basics, "deck": ["b-str-1"] * 5, "mp": 10, "in_play": [{"card": "paul-bunyan", "entered": 1}]},
        {"deck": ["b-str-1"] * 5},
    ]})
    (bunyan,) = (ch.card for ch in st.players[0].in_play)
    mx.apply(st, 0, f"attack:{bunyan}")
    offered = {o.id.split(":")[1] for o in mx.decision_for(st, 0).options if o.id.startswith("card:")}
    expected = {f"b-str-{r}" for r in range(1, 8)} | {f"b-int-{r}" for r in range(1, 4)} | {
        f"b-spe-{r}" for r in range(1, 6)}
    assert offered == expected
