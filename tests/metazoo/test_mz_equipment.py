"""Equipment (MZ-EQUIP-01..10, MZ-EQUIPTRAIT-01) through the contract."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, go, ids, lp, names, page, pos, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ


def test_MZ_EQUIP_01_02_03_07_10_spell_equipment_stays_and_gives_its_bonus():
    """MZ-EQUIP-01, MZ-EQUIP-02, MZ-EQUIP-03, MZ-EQUIP-07, MZ-EQUIP-10, MZ-EQUIPTRAIT-01: the Girdle (a Spell)
    targets one of your Beasties when Contracted, goes face-up under it instead of the Cemetery, and gives
    +20 LP and +10 Attack Damage."""
    st = pos({"chapter": ["trollhide-girdle"], "aura": {"flame": 1}, "arena": ["kappa"]})
    k = uid_of(st, "kappa")
    go(st, 0, "play:trollhide-girdle")
    assert ids(st, 0) == [f"target:u{k}", "back"]
    go(st, 0, f"target:u{k}")
    go(st, 1, "pass")
    assert names(st, page(st, k).equipment) == ["trollhide-girdle"] and st.casters[0].cemetery == []
    assert lp(st, k) == 70
    board = [p for p in MZ.view(st, None).board["arena"] if p["uid"] == k][0]
    assert board["equipment"] == [{"card": "trollhide-girdle", "name": "Trollhide Girdle"}]
    go(st, 0, f"attack:{k}:0", "target:p1")
    go(st, 1, "pass")
    go(st, 0, "pass")
    assert caster_lp(st, 1) == 970


def test_MZ_EQUIP_04_needs_a_target_but_a_beastie_may_decline():
    """MZ-EQUIP-04, MZ-EQUIPTRAIT-01: a targeting Equipment cannot be Contracted without a valid target; a
    Beastie with the Equipment Trait may enter the Arena as a normal Beastie instead."""
    st = pos({"chapter": ["trollhide-girdle", "cu-sith"], "aura": {"forest": 1, "flame": 2}})
    with pytest.raises(RulesError) as exc:
        go(st, 0, "play:trollhide-girdle")
    assert exc.value.rule == "MZ-AURA-07"
    go(st, 0, "play:cu-sith")  # no Beastie to equip: it simply enters
    go(st, 1, "pass")
    assert uid_of(st, "cu-sith")
    st = pos({"chapter": ["cu-sith"], "aura": {"forest": 1, "flame": 1}, "arena": ["woodwose"]})
    go(st, 0, "play:cu-sith")
    assert "target:none" in ids(st, 0)
    go(st, 0, f"target:u{uid_of(st, 'woodwose')}")
    go(st, 1, "pass")
    w = uid_of(st, "woodwose")
    assert names(st, page(st, w).equipment) == ["cu-sith"]


def test_MZ_EQUIP_06_08_not_attackable_and_discarded_with_its_host():
    """MZ-EQUIP-06, MZ-EQUIP-08, MZ-EQUIP-07: Equipment is not in the Arena (no Attack target); when the Equipped
    Page is Destroyed the Equipment goes to its own discard zone (a Beastie to Limbo); its Trait (First-Strike)
    worked while attached."""
    st = pos({"arena": ["grim-hound"]}, {"arena": [{"card": "kappa", "damage": 20, "equipment": ["cu-sith"]}]})
    k = uid_of(st, "kappa")
    go(st, 0, f"attack:{uid_of(st, 'grim-hound')}:0")
    assert set(ids(st, 0)) == {"target:p1", f"target:u{k}", "back"}
    go(st, 0, f"target:u{k}")
    go(st, 1, "pass")
    ev = " ".join(e.text for e in go(st, 0, "pass"))
    assert "flips for First-Strike" in ev  # both have First-Strike: the Kappa's comes from the Cù Sìth
    assert sorted(names(st, st.casters[1].limbo)) == ["cu-sith", "kappa"]


def test_MZ_EQUIP_05_target_gone_before_it_attaches():
    """MZ-EQUIP-05, MZ-PRIO-03: Ben answers the Girdle with an "any time" Hex Bolt that Destroys its target; the
    Girdle then has nothing to equip and goes to its owner's Cemetery."""
    st = pos({"chapter": ["trollhide-girdle"], "aura": {"flame": 1}, "arena": [{"card": "ember-imp", "damage": 10}]},
             {"chapter": ["hex-bolt"], "aura": {"dark": 1}})
    imp = uid_of(st, "ember-imp")
    go(st, 0, "play:trollhide-girdle", f"target:u{imp}")
    go(st, 1, "play:hex-bolt", f"target:u{imp}")
    go(st, 0, "pass")
    assert names(st, st.casters[0].limbo) == ["ember-imp"]
    assert names(st, st.casters[0].cemetery) == ["trollhide-girdle"]
