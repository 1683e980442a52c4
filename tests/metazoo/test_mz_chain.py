"""Aura, Contracting, priority and the resolution chain through the contract (MZ-AURA-*, MZ-PRIO-*,
MZ-KW-01)."""

from __future__ import annotations

import pytest
from mz_helpers import caster_lp, decision, go, ids, lp, names, page, pos, public, uid_of

from games.core.contract import RulesError
from games.metazoo import GAME as MZ


def golden():
    """The rulebook's resolution-chain example with stand-ins (MZ-GAP-01)."""
    return pos({"chapter": ["fire-dart", "hush"], "aura": {"flame": 1, "light": 1}},
               {"chapter": ["mirror-ward"], "aura": {"water": 1},
                "arena": [{"card": "kappa", "damage": 25}, "hearth-brownie"]})


def test_MZ_PRIO_07_golden_chain_example():
    """MZ-PRIO-07, MZ-PRIO-05, MZ-PRIO-04, MZ-PRIO-02, MZ-GAP-16, MZ-GAP-13, MZ-LP-02, MZ-LP-03, MZ-LP-07: Fire Dart at a Beastie with 25 LP
    left; Mirror Ward on it; Hush on Mirror Ward; Hearth Brownie recovers the Beastie to 40; a single pass
    resolves all last in, first out: the Beastie ends at 15 LP with Burn."""
    st = golden()
    kappa = uid_of(st, "kappa")
    brownie = uid_of(st, "hearth-brownie")
    assert lp(st, kappa) == 25
    go(st, 0, "play:fire-dart", f"target:u{kappa}")
    assert decision(st, 1).kind == "priority"  # MZ-PRIO-02: priority passed to the opposing Caster
    go(st, 1, "play:mirror-ward", "target:c0")
    assert decision(st, 0).kind == "priority"
    go(st, 0, "play:hush", "target:c1")
    go(st, 1, f"use:{brownie}:0", f"target:u{kappa}")
    assert len(st.chain) == 4
    ev = public(go(st, 0, "pass"))
    assert ev.index("recovers 15") < ev.index("Mirror Ward does not resolve") < ev.index("takes 25 Damage")
    assert lp(st, kappa) == 15
    assert [i.status for i in page(st, kappa).indicators] == ["burn"]
    assert names(st, st.casters[0].cemetery) == ["hush", "fire-dart"]
    assert names(st, st.casters[1].cemetery) == ["mirror-ward"]
    assert caster_lp(st, 0) == 1000 and not st.chain
    assert decision(st, 0).kind == "actions"  # MZ-GAP-14: the active Caster continues


def test_MZ_PRIO_05_reflect_turns_the_spell_back():
    """MZ-PRIO-05: a Spell on the chain is a legal target; unanswered, Mirror Ward turns Fire Dart back on
    its own Caster (25 Damage and Burn to Ana)."""
    st = golden()
    kappa = uid_of(st, "kappa")
    go(st, 0, "play:fire-dart", f"target:u{kappa}")
    go(st, 1, "play:mirror-ward", "target:c0")
    go(st, 0, "pass")
    assert caster_lp(st, 0) == 975 and lp(st, kappa) == 25
    assert [i.status for i in st.casters[0].indicators] == ["burn"]


def test_MZ_PRIO_04_single_pass_resolves_and_MZ_AURA_10_response_window():
    """MZ-AURA-10, MZ-PRIO-04, MZ-GAP-17: a Contracted Beastie waits on the chain; the opponent may respond;
    one pass resolves it and it enters the Arena Fatigued (MZ-CORE-03, MZ-AURA-09)."""
    st = pos({"chapter": ["ember-imp"], "aura": {"flame": 1}})
    go(st, 0, "play:ember-imp")
    assert [MZ.view(st, None).board["chain"][0]["name"]] == ["Ember Imp"]
    assert decision(st, 1).kind == "priority" and "pass" in ids(st, 1)
    ev = public(go(st, 1, "pass"))
    imp = page(st, uid_of(st, "ember-imp"))
    assert imp.fatigued and "enters the Arena Fatigued" in ev


def test_MZ_AURA_01_02_03_generation_is_not_an_action():
    """MZ-AURA-01, MZ-AURA-02, MZ-AURA-03, MZ-PRIO-08: Fatiguing an Aura Page adds one Aura of its type and
    the same Caster keeps the decision (no priority passes), also on the opponent's turn."""
    st = pos({"arena": ["flame-aura"]}, {"arena": ["water-aura"], "chapter": ["mirror-ward"]})
    fa = uid_of(st, "flame-aura")
    go(st, 0, f"gen:{fa}")
    assert st.casters[0].aura == {"flame": 1} and page(st, fa).fatigued
    assert decision(st, 0).kind == "actions"
    assert f"gen:{fa}" not in ids(st, 0)  # MZ-CORE-02: a Fatigued Page cannot be Fatigued again
    with pytest.raises(RulesError) as exc:
        go(st, 0, f"gen:{fa}")
    assert exc.value.rule == "MZ-CORE-02"
    go(st, 0, "end")
    wa = uid_of(st, "water-aura")
    go(st, 0, "pass")
    go(st, 1, f"gen:{wa}")  # MZ-AURA-02: on any Caster's turn
    assert st.casters[1].aura == {"water": 1} and decision(st, 1).kind == "priority"


def test_MZ_AURA_05_typed_and_neutral_costs():
    """MZ-AURA-05, MZ-TURN-08, MZ-GAP-05: typed components need that type; Neutral takes any Aura."""
    st = pos({"chapter": ["salamander-whelp"], "aura": {"flame": 1, "light": 1}})
    assert "play:salamander-whelp" in ids(st, 0)
    go(st, 0, "play:salamander-whelp")
    assert st.casters[0].aura == {}
    st = pos({"chapter": ["salamander-whelp"], "aura": {"light": 2}})
    with pytest.raises(RulesError) as exc:
        go(st, 0, "play:salamander-whelp")
    assert exc.value.rule == "MZ-AURA-08"


def test_MZ_AURA_06_08_cost_must_be_in_the_pool_and_refusal_changes_nothing():
    """MZ-AURA-06, MZ-AURA-08: Aura must be generated before the Contract; an unpaid Contract is refused
    and the state is unchanged."""
    st = pos({"chapter": ["ember-imp"], "arena": ["flame-aura"]})
    before = MZ.to_json(st)
    with pytest.raises(RulesError) as exc:
        go(st, 0, "play:ember-imp")
    assert exc.value.rule == "MZ-AURA-08" and "Generate Aura first" in exc.value.message
    assert MZ.to_json(st) == before


def test_MZ_AURA_07_a_targeting_spell_needs_a_target():
    """MZ-AURA-07, MZ-TGT-01, MZ-TGT-02: Fire Dart needs an opposing Beastie (never Aura or Terra)."""
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}}, {"arena": ["water-aura", "old-forest"]})
    with pytest.raises(RulesError) as exc:
        go(st, 0, "play:fire-dart")
    assert exc.value.rule == "MZ-AURA-07"
    st = pos({"chapter": ["fire-dart"], "aura": {"flame": 1}}, {"arena": ["water-aura", "kappa"]})
    go(st, 0, "play:fire-dart")
    opts = ids(st, 0)
    assert opts == [f"target:u{uid_of(st, 'kappa')}", "back"]
    go(st, 0, "back")  # nothing was paid yet
    assert st.casters[0].aura == {"flame": 1} and names(st, st.casters[0].chapter) == ["fire-dart"]


def test_MZ_TURN_06_one_aura_page_per_turn():
    """MZ-TURN-06: one Aura Page Contract per turn; it enters Awakened (MZ-CORE-03)."""
    st = pos({"chapter": ["flame-aura", "flame-aura"]})
    go(st, 0, "play:flame-aura", )
    go(st, 1, "pass")
    assert not page(st, uid_of(st, "flame-aura")).fatigued
    with pytest.raises(RulesError) as exc:
        go(st, 0, "play:flame-aura")
    assert exc.value.rule == "MZ-TURN-06"


def test_MZ_PRIO_03_only_any_time_pages_with_priority():
    """MZ-PRIO-03, MZ-GAP-15, MZ-TURN-16: holding priority on the opponent's turn, only "any time" Pages."""
    st = pos({"chapter": ["ember-imp"], "aura": {"flame": 1}},
             {"chapter": ["ember-imp", "healing-draught"], "aura": {"flame": 1}, "arena": ["kappa"]})
    go(st, 0, "play:ember-imp")
    opts = ids(st, 1)
    assert "play:healing-draught" in opts and "play:ember-imp" not in opts
    with pytest.raises(RulesError) as exc:
        go(st, 1, "play:ember-imp")
    assert exc.value.rule == "MZ-PRIO-03"


def test_MZ_PRIO_01_generating_and_placing_are_not_actions_but_moving_is():
    """MZ-PRIO-01, MZ-GAP-18: placing a face-down Page passes no priority; moving one does (MZ-PRIO-02)."""
    st = pos({"chapter": ["snare-pit"], "arena": ["ember-imp"]})
    go(st, 0, "trap:snare-pit", "alone")
    assert decision(st, 0).kind == "actions"
    fd = [ap for ap in st.arena if ap.face_down][0]
    go(st, 0, f"move:{fd.uid}:{uid_of(st, 'ember-imp')}")
    assert decision(st, 1).kind == "priority"
    go(st, 1, "pass")
    assert decision(st, 0).kind == "actions"


def test_MZ_PRIO_06_fixed_windows_and_MZ_PRIO_10_timeout_passes():
    """MZ-PRIO-06, MZ-PRIO-10, MZ-GAP-24: at the end of the turn the active Caster then the opponent get
    priority; the timeout default is a pass."""
    st = pos()
    go(st, 0, "end")
    d = decision(st, 0)
    assert d.kind == "priority" and MZ.timeout_choice(st, d) == "pass"
    go(st, 0, "pass")
    assert decision(st, 1).kind == "priority"
    go(st, 1, "pass")
    assert st.active == 1 and st.turn == 2 and decision(st, 1).kind == "priority"  # step 1b of turn 2


def test_MZ_PRIO_09_no_priority_in_combat_outside_the_windows():
    """MZ-PRIO-09, MZ-COMBAT-07, MZ-COMBAT-12: the targeted Caster gets window A, the attacker window B; in
    between the defending Caster only declares Defenders."""
    st = pos({"arena": ["ember-imp"]}, {"arena": ["kappa"], "chapter": ["healing-draught"]})
    imp = uid_of(st, "ember-imp")
    go(st, 0, f"attack:{imp}:0", "target:p1")
    d = decision(st, 1)
    assert d.kind == "priority" and "play:healing-draught" in ids(st, 1)
    go(st, 1, "pass")
    assert decision(st, 1).kind == "defend"
    go(st, 1, "done")
    assert decision(st, 0).kind == "priority"


def test_MZ_KW_01_contract_spell_goes_to_cemetery_MZ_CORE_07():
    """MZ-KW-01, MZ-CORE-07, MZ-ZONE-02, MZ-TGT-03: Tidal Surge hits every opposing Beastie without targeting,
    then goes to its owner's Cemetery."""
    st = pos({"chapter": ["tidal-surge"], "aura": {"water": 2}}, {"arena": ["ember-imp", "kappa"]})
    go(st, 0, "play:tidal-surge")
    go(st, 1, "pass")
    assert lp(st, uid_of(st, "kappa")) == 30
    # Ember Imp: 20 + 20 Type Advantage (Water is strong against Flame, MZ-TYPE-05) = its 40 LP: Destroyed
    assert "ember-imp" in names(st, st.casters[1].limbo)  # MZ-ZONE-01, MZ-LP-05
    assert names(st, st.casters[0].cemetery) == ["tidal-surge"]
