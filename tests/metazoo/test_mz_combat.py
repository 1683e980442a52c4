"""Combat through the contract (MZ-COMBAT-*, MZ-TYPE-05, MZ-AAA-*, MZ-TRIBE-01, Trait checks)."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, decision, go, ids, lp, names, page, pos, public, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ


def attack(st, uid, target, k=0):
    return go(st, 0, f"attack:{uid}:{k}", f"target:{target}")


def test_MZ_COMBAT_01_attacking_fatigues_and_MZ_COMBAT_23_caster_damage():
    """MZ-COMBAT-01, MZ-TURN-12, MZ-COMBAT-16, MZ-COMBAT-10, MZ-COMBAT-23, MZ-WIN-02 (partial): an Awakened Beastie is Fatigued to declare
    an Attack on the opposing Caster, who is the Primary Defender and takes the Damage."""
    st = pos({"arena": ["ember-imp"]})
    imp = uid_of(st, "ember-imp")
    attack(st, imp, "p1")
    assert page(st, imp).fatigued
    go(st, 1, "pass")  # window A
    go(st, 0, "pass")  # no Beastie to defend with; window B
    assert caster_lp(st, 1) == 980
    assert decision(st, 0).kind == "actions"
    assert not any(o.startswith(f"attack:{imp}") for o in ids(st, 0))  # Fatigued: no second Attack


def test_MZ_COMBAT_02_fatigued_or_paralyzed_cannot_attack():
    """MZ-COMBAT-02, MZ-PARALYZE-03: Fatigued or Paralyzed Beasties do not declare Attacks (refused by rule)."""
    st = pos({"arena": [{"card": "ember-imp", "fatigued": True},
                        {"card": "kappa", "indicators": [{"status": "paralyze", "turn": 1}]}]})
    for pid in ("ember-imp", "kappa"):
        with pytest.raises(RulesError) as exc:
            go(st, 0, f"attack:{uid_of(st, pid)}:0")
        assert exc.value.rule == "MZ-COMBAT-02"


def test_MZ_COMBAT_03_MZ_BURN_03_burn_on_declaring():
    """MZ-COMBAT-03, MZ-BURN-03, MZ-LP-04: a Burned Caster and a Burned attacker each lose 20 LP on declaring."""
    st = pos({"indicators": [{"status": "burn", "counters": 3}],
              "arena": [{"card": "kappa", "indicators": [{"status": "burn", "counters": 2}]}]})
    k = uid_of(st, "kappa")
    attack(st, k, "p1")
    assert caster_lp(st, 0) == 980 and lp(st, k) == 30


def test_MZ_COMBAT_04_05_attack_targets():
    """MZ-COMBAT-04, MZ-COMBAT-05, MZ-OWN-05, MZ-FLIGHT-01, MZ-SPIRITTRAIT-01, MZ-TGT-05: the opposing Caster, Beasties,
    Artifacts and standalone face-down Pages; never Spirit Pages, and Flight only for a Flight attacker."""
    st = pos({"arena": ["ember-imp", "young-wyvern"]},
             {"arena": ["will-o-wisp", "young-wyvern", "standing-stone", "water-aura",
                        {"card": "bog-lurker", "face_down": True}]})
    imp = uid_of(st, "ember-imp", 0)
    go(st, 0, f"attack:{imp}:0")
    opts = set(ids(st, 0))
    fd = [ap.uid for ap in st.arena if ap.face_down][0]
    assert opts == {"target:p1", f"target:u{uid_of(st, 'standing-stone')}", f"target:u{fd}", "back"}
    go(st, 0, "back")
    wy = uid_of(st, "young-wyvern", 0)
    go(st, 0, f"attack:{wy}:0")
    assert f"target:u{uid_of(st, 'young-wyvern', 1)}" in ids(st, 0)


def test_MZ_COMBAT_08_09_11_22_defenders_and_primary_strikes_back():
    """MZ-COMBAT-08, MZ-COMBAT-09, MZ-COMBAT-11, MZ-COMBAT-22, MZ-COMBAT-12: the defending Caster Fatigues
    Defenders (not the original target, not Fatigued Beasties), chooses the Primary Defender, whose Attack
    alone hits the attacker."""
    st = pos({"arena": ["young-wyvern"]},
             {"arena": ["ember-imp", "woodwose", {"card": "selkie", "fatigued": True}]})
    wy = uid_of(st, "young-wyvern")
    imp, ww, sel = uid_of(st, "ember-imp"), uid_of(st, "woodwose"), uid_of(st, "selkie")
    attack(st, wy, "p1")
    go(st, 1, "pass")
    assert set(ids(st, 1)) == {f"defend:{imp}", f"defend:{ww}", "done"}
    with pytest.raises(RulesError) as exc:  # Selkie is Fatigued
        go(st, 1, f"defend:{sel}")
    assert exc.value.rule == "MZ-COMBAT-08"
    go(st, 1, f"defend:{imp}", f"defend:{ww}")
    assert page(st, imp).fatigued and page(st, ww).fatigued
    go(st, 1, "done")
    assert set(ids(st, 1)) == {f"primary:{imp}:0", f"primary:{ww}:0"}
    go(st, 1, f"primary:{ww}:0")
    assert decision(st, 0).kind == "priority"  # window B
    ev = public(go(st, 0, "pass"))
    split = decision(st, 0)  # MZ-COMBAT-20: the attacking Caster splits; the default is the automatic fill
    assert split.kind == "allocate" and split.default == "give:40"
    ev += public(go(st, 0, split.default))
    # Wyvern's 40 + 20 Type Advantage (Flame > Forest, checked on the Primary Defender, MZ-GAP-09) = 60:
    # 5 each, then Ember Imp up to its 40 LP (35 more), Woodwose the last 15 (MZ-GAP-34)
    assert lp(st, ww) == 60 and "ember-imp" in names(st, st.casters[1].limbo)
    assert lp(st, wy) == 40 and caster_lp(st, 1) == 1000  # only the Primary Defender struck back (30)
    assert "Oak Club" in ev and "Cinder Bite" not in ev


def test_MZ_COMBAT_20_21_allocation_overflow_to_original_target():
    """MZ-COMBAT-20, MZ-COMBAT-21, MZ-GAP-34: once every Defender got at least its current LP, the rest goes
    to the original target (here the Caster)."""
    st = pos({"arena": [{"card": "grim-hound"}]}, {"arena": [{"card": "ember-imp", "damage": 30}]})
    hound, imp = uid_of(st, "grim-hound"), uid_of(st, "ember-imp")
    attack(st, hound, "p1")
    go(st, 1, "pass", f"defend:{imp}", "done")
    go(st, 0, "pass")
    assert caster_lp(st, 1) == 970 and "ember-imp" in names(st, st.casters[1].limbo)


def test_MZ_COMBAT_10_undefended_beastie_strikes_back_without_fatigue():
    """MZ-COMBAT-10, MZ-GAP-36: with no Defenders the original target is the Primary Defender, is not
    Fatigued, and strikes back even though it could not declare an Attack."""
    st = pos({"arena": ["woodwose"]}, {"arena": ["selkie"]})
    ww, sel = uid_of(st, "woodwose"), uid_of(st, "selkie")
    attack(st, ww, f"u{sel}")
    go(st, 1, "pass")  # Ben has no other Beastie: no Defender step
    go(st, 0, "pass")
    assert lp(st, sel) == 30 and lp(st, ww) == 50 and not page(st, sel).fatigued


def test_MZ_COMBAT_13_15_first_strike_and_MZ_FIRSTSTRIKE_01():
    """MZ-COMBAT-13, MZ-COMBAT-15, MZ-FIRSTSTRIKE-01, MZ-COMBAT-19: a First-Strike Primary Defender strikes
    first; the attacker Destroyed by it never resolves its Attack (Combat ends)."""
    st = pos({"arena": [{"card": "ember-imp", "damage": 20}]}, {"arena": ["grim-hound"]})
    imp, hound = uid_of(st, "ember-imp"), uid_of(st, "grim-hound")
    attack(st, imp, f"u{hound}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert "Cinder Bite" not in ev.split("Destroyed")[-1]
    assert lp(st, hound) == 70 and "ember-imp" in names(st, st.casters[0].limbo)


def test_MZ_COMBAT_14_both_first_strike_attacker_flips():
    """MZ-COMBAT-14, MZ-RNG-02, MZ-RNG-03: both with First-Strike: the attacking Caster flips (a logged D6)."""
    st = pos({"arena": ["grim-hound"]}, {"arena": ["grim-hound"]})
    a, b = uid_of(st, "grim-hound", 0), uid_of(st, "grim-hound", 1)
    attack(st, a, f"u{b}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert "Ana flips for First-Strike" in ev and "D6" in ev
    first = ev.index(" strikes ")
    heads = "heads" in ev.split("First-Strike")[1][:40]
    assert ev.count("with Churchyard Howl:") == 2
    opener = ev[:first].rsplit("Grim Hound #", 1)[1]
    assert int(opener) == (a if heads else b)


def test_MZ_COMBAT_24_status_icon_inflicts_primary_defender():
    """MZ-COMBAT-24, MZ-COMBAT-17, MZ-STATUS-05, MZ-BURN-01: Singe's Burn icon (activated before the Damage) Burns
    the Primary Defender with D6 counters; then 30 + 20 Type Advantage (Flame > Forest)."""
    st = pos({"arena": ["salamander-whelp"]}, {"arena": ["woodwose"]})
    sw, ww = uid_of(st, "salamander-whelp"), uid_of(st, "woodwose")
    attack(st, sw, f"u{ww}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    (ind,) = page(st, ww).indicators
    assert ev.index("is inflicted with Burn") < ev.index("takes 50 Damage")
    assert ind.status == "burn" and 1 <= ind.counters <= 6 and f"Burn counters on Woodwose #{ww}: {ind.counters}" in ev


def test_MZ_TYPE_05_MZ_AAA_01_03_type_and_attack_advantage_add():
    """MZ-TYPE-05, MZ-AAA-01, MZ-AAA-03, MZ-GAP-10, MZ-COMBAT-22: Ember Imp (Flame) hits Kappa (Water) for a plain
    20 (Flame is not strong against Water); Kappa strikes back with Pond Slap: 20 + 20 Type Advantage + 20 for
    its Flame symbol = 60, Destroying the 40-LP Imp."""
    st = pos({"arena": ["ember-imp"]}, {"arena": ["kappa"]})
    imp, k = uid_of(st, "ember-imp"), uid_of(st, "kappa")
    attack(st, imp, f"u{k}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert lp(st, k) == 30
    assert "Ben's Kappa #2 strikes Ember Imp #1 with Pond Slap: 60 Damage (20 +20 Type Advantage +20 Aura Attack " \
           "Advantage (Flame))." in ev
    assert "ember-imp" in names(st, st.casters[0].limbo)


def test_MZ_AAA_02_MZ_TYPE_05_no_advantage_against_a_caster():
    """MZ-AAA-02, MZ-TYPE-05: Damage to a Caster never gets Type Advantage or Aura Attack Advantage."""
    st = pos({"arena": ["kappa"]})
    attack(st, uid_of(st, "kappa"), "p1")
    go(st, 1, "pass")
    go(st, 0, "pass")
    assert caster_lp(st, 1) == 980


def test_MZ_TRIBE_01_tribal_boost_counts_every_caster():
    """MZ-TRIBE-01, MZ-TRIBE-02, MZ-TRIBE-04, MZ-COMBAT-18: each other face-up Wildfolk Beastie in the Arena (any
    Caster) gives +10 LP and +10 Damage (step d); a face-down one does not count."""
    st = pos({"arena": ["woodwose", {"card": "woodwose", "face_down": True}]}, {"arena": ["woodwose"]})
    a, b = uid_of(st, "woodwose", 0), uid_of(st, "woodwose", 1)
    assert lp(st, a) == 90 and lp(st, b) == 90
    attack(st, a, "p1")
    go(st, 1, "pass", "done")
    go(st, 0, "pass")
    assert caster_lp(st, 1) == 960


def test_MZ_FLEET_01_fleet_enters_awakened():
    """MZ-FLEET-01, MZ-CORE-03: Selkie (Fleet) enters Awakened and may attack at once."""
    st = pos({"chapter": ["selkie"], "aura": {"water": 2}})
    go(st, 0, "play:selkie")
    go(st, 1, "pass")
    s = uid_of(st, "selkie")
    assert not page(st, s).fatigued and f"attack:{s}:0" in ids(st, 0)


def test_MZ_WIN_01_02_lethal_attack_ends_the_game():
    """MZ-WIN-01, MZ-WIN-02, MZ-WIN-05: the Caster brought to 0 LP loses at once, mid-Combat."""
    st = pos({"arena": ["grim-hound"]}, {"lp": 30})
    attack(st, uid_of(st, "grim-hound"), "p1")
    go(st, 1, "pass")
    go(st, 0, "pass")
    res = MZ.result(st)
    assert res is not None and res.winners == (0,) and res.losers == (1,) and MZ.decisions(st) == []


def test_MZ_CORE_04_one_attack_chosen_of_several():
    """MZ-CORE-04, MZ-COMBAT-04, MZ-COMBAT-16: a Beastie with two Attacks offers each; it uses exactly the one
    chosen, once per Combat."""
    st = pos({"arena": ["wulver"]}, {"arena": ["kappa"]})
    w, k = uid_of(st, "wulver"), uid_of(st, "kappa")
    assert {f"attack:{w}:0", f"attack:{w}:1"} <= set(ids(st, 0))
    go(st, 0, f"attack:{w}:1", f"target:u{k}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert "Warning Howl" in ev and "Maul" not in ev and lp(st, k) == 40
    assert [i.status for i in page(st, k).indicators] == ["scared"]
