"""Powers, Convert, Self-Destruct, DESTROYED Effects, LP Gain, the Defender Trait and one flip or roll for
several targets (MZ-CORE-05, MZ-TURN-11, MZ-CONVERT-01, MZ-SELFDESTRUCT-01, MZ-KW-04, MZ-COMBAT-25, MZ-LP-06,
MZ-DEFENDERTRAIT-01, MZ-SIM-03)."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, decision, go, ids, lp, names, page, pos, public, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ


def test_MZ_CORE_05_MZ_TURN_11_power_fatigues_and_is_an_action():
    """MZ-CORE-05, MZ-TURN-11, MZ-PRIO-01, MZ-GAP-21: a Power needs its Page Awakened, Fatigues it, goes on the
    chain (priority passes) and resolves on a pass; it is offered only in Take Actions."""
    st = pos({"spellbook": ["kappa", "selkie"], "arena": ["tanuki", {"card": "tanuki", "fatigued": True}]})
    awake = [ap.uid for ap in st.arena if not ap.fatigued][0]
    tired = [ap.uid for ap in st.arena if ap.fatigued][0]
    assert f"power:{awake}:0" in ids(st, 0) and f"power:{tired}:0" not in ids(st, 0)
    go(st, 0, f"power:{awake}:0")
    assert page(st, awake).fatigued and decision(st, 1).kind == "priority"
    go(st, 1, "pass")
    assert names(st, st.casters[0].chapter) == ["kappa"]
    with pytest.raises(RulesError):
        go(st, 0, f"power:{tired}:0")


def test_MZ_CONVERT_01_convert_is_not_an_action():
    """MZ-CONVERT-01, MZ-GAP-55, MZ-AURA-03: Fatigue a Convert Page on your turn for 1 Aura of its type
    (Neutral for a Neutral Page); the same Caster keeps the decision; not offered on the opponent's turn."""
    st = pos({"arena": ["lodestone-idol"], "chapter": ["ember-imp"]})
    idol = uid_of(st, "lodestone-idol")
    go(st, 0, f"convert:{idol}")
    assert st.casters[0].aura == {"neutral": 1} and page(st, idol).fatigued and decision(st, 0).kind == "actions"
    st = pos({}, {"arena": ["lodestone-idol"], "chapter": ["healing-draught"]})
    go(st, 0, "end")
    go(st, 0, "pass")
    assert not any(o.startswith("convert:") for o in ids(st, 1))  # MZ-PRIO-08


def test_MZ_SELFDESTRUCT_01_MZ_KW_04_destroyed_effect():
    """MZ-SELFDESTRUCT-01, MZ-KW-04, MZ-GAP-56: Fatigue Fire Bogle to Destroy it; its DESTROYED Effect hits the
    opposing Caster; it goes to Limbo."""
    st = pos({"arena": ["fire-bogle"]})
    ev = public(go(st, 0, f"selfdestruct:{uid_of(st, 'fire-bogle')}"))
    assert "DESTROYED Effect" in ev and caster_lp(st, 1) == 970 and names(st, st.casters[0].limbo) == ["fire-bogle"]


def test_MZ_COMBAT_25_destroyed_effect_before_the_other_attack():
    """MZ-COMBAT-25, MZ-KW-04: a Fire Bogle Destroyed by the first Attack resolves its DESTROYED Effect at once,
    before anything else in the Combat; returning to the Chapter would not trigger it."""
    st = pos({"arena": ["grim-hound"]}, {"arena": ["fire-bogle"]})
    go(st, 0, f"attack:{uid_of(st, 'grim-hound')}:0", f"target:u{uid_of(st, 'fire-bogle')}")
    go(st, 1, "pass")
    ev = public(go(st, 0, "pass"))
    assert ev.index("Fire Bogle #2 is Destroyed") < ev.index("Ana takes 30 Damage")
    assert caster_lp(st, 0) == 970


def test_MZ_LP_06_lp_gain_keeps_damage():
    """MZ-LP-06: LP Gain raises maximum LP and keeps the Damage, so current LP rises by the same amount."""
    st = pos({"chapter": ["giants-broth"], "arena": [{"card": "kappa", "damage": 30}]})
    k = uid_of(st, "kappa")
    go(st, 0, "play:giants-broth", f"target:u{k}")
    go(st, 1, "pass")
    assert lp(st, k) == 40 and page(st, k).damage == 30
    board = [p for p in MZ.view(st, None).board["arena"] if p["uid"] == k][0]
    assert board["max_lp"] == 70


def test_MZ_DEFENDERTRAIT_01_doubles_on_opposing_turns():
    """MZ-DEFENDERTRAIT-01, MZ-GAP-52: at the start of the opposing Caster's turn the Standing Stone's maximum
    LP doubles (after other modifiers); at the end of that turn it loses exactly what the Trait gave."""
    st = pos({"arena": [{"card": "standing-stone", "damage": 30}]})
    s = uid_of(st, "standing-stone")
    go(st, 0, "end", "pass")
    go(st, 1, "pass")
    assert lp(st, s) == 130 and decision(st, 1).kind == "priority"
    go(st, 1, "pass")
    go(st, 0, "pass")
    go(st, 1, "end", "pass")
    go(st, 0, "pass")
    assert lp(st, s) == 50


def test_MZ_SIM_03_one_roll_for_every_target():
    """MZ-SIM-03, MZ-BURN-01, MZ-TGT-03: Ember Rain Burns every opposing Beastie with one D6 roll for all."""
    st = pos({"chapter": ["ember-rain"], "aura": {"flame": 2}}, {"arena": ["woodwose", "kappa", "selkie"]})
    go(st, 0, "play:ember-rain")
    ev = public(go(st, 1, "pass"))
    assert ev.count("rolls a D6") == 1
    counters = {ap.indicators[0].counters for ap in st.arena if ap.indicators}
    assert len(counters) == 1 and sum(1 for ap in st.arena if ap.indicators) == 3


def troll_at_ten():
    st = pos({"arena": [{"card": "bridge-troll", "damage": 80, "indicators": [{"status": "poison", "turn": 1}]}]})
    t = uid_of(st, "bridge-troll")
    go(st, 0, "end", "pass")
    go(st, 1, "pass")
    return st, t


def test_MZ_SIM_01_05_active_caster_orders_regen_and_poison():
    """MZ-SIM-01, MZ-SIM-05, MZ-GAP-79, MZ-TURN-14: Regen and Poison at the end of the turn happen at the same
    time: the active Caster gets one ordering prompt (timeout: the listed order); Regen first saves the Troll
    at 10 LP, Poison first Destroys it."""
    st, t = troll_at_ten()
    d = decision(st, 0)
    assert d.kind == "order" and ids(st, 0) == [f"next:poison:u{t}", f"next:regen:u{t}"]
    assert MZ.timeout_choice(st, d) == f"next:poison:u{t}"
    ev = public(go(st, 0, f"next:regen:u{t}"))
    assert "orders Regen" in ev and lp(st, t) == 20 and st.turn == 2
    st, t = troll_at_ten()
    go(st, 0, f"next:poison:u{t}")
    assert names(st, st.casters[0].limbo) == ["bridge-troll"] and st.turn == 2
